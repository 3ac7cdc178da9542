// expect: barrier_divergence line 14
// diagnosis: barrier_divergent
// The stub's mistake: the barrier sits inside the range guard, so in a ragged
// last group the work-items past len never reach it.
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
	}
}
// fix: barrier_hoist @14
