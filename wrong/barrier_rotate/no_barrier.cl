// expect: data_race
// diagnosis: barrier_missing
// No barrier at all: a work-item reads its neighbour's slot with nothing that
// orders the neighbour's write before the read.
__kernel void rotate_left(__global const int *in, __global int *out, __local int *tile, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint n = min(W, len - (uint)get_group_id(0) * W);

	if (gid < len) {
		tile[lid] = in[gid];
		out[gid] = tile[(lid + 1) % n];
	}
}
