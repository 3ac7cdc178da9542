// expect: pass
// diagnosis: none
// A right alternative: the last six steps unrolled, each with its barrier, outside any `if`.
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
#define STEP(S)                                              \
	if (lid < (S))                                       \
		scratch[lid] += scratch[lid + (S)];          \
	barrier(CLK_LOCAL_MEM_FENCE);
	STEP(32) STEP(16) STEP(8) STEP(4) STEP(2) STEP(1)

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
