// expect: barrier_divergence line 29
// diagnosis: barrier_divergent
// The unrolled tail under `if (lid < 32)`, a barrier after each step: the other work-items
// never reach those barriers.
__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = 2 * W * get_num_groups(0);

	int sum = 0;
	for (uint i = 2 * W * get_group_id(0) + lid; i < len; i += step) {
		sum += in[i];
		if (i + W < len)
			sum += in[i + W];
	}
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 32; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid < 32) {
		for (uint s = 32; s > 0; s >>= 1) {
			scratch[lid] += scratch[lid + s];
			barrier(CLK_LOCAL_MEM_FENCE);
		}
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
