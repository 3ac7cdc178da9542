// expect: barrier_divergence
// diagnosis: barrier_divergent
// A barrier in each branch of an if/else: they are two different barriers, and
// the two halves of a ragged group each wait at their own.
__kernel void rotate_left(__global const int *in, __global int *out, __local int *tile, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint n = min(W, len - (uint)get_group_id(0) * W);

	if (gid < len) {
		tile[lid] = in[gid];
		barrier(CLK_LOCAL_MEM_FENCE);
		out[gid] = tile[(lid + 1) % n];
	} else {
		barrier(CLK_LOCAL_MEM_FENCE);
	}
}
