// expect: wrong_result [--no-analysis]
// diagnosis: identity_wrong
// The identity is (float)INT_MIN: right for every input above -2147483648, wrong below it.
#define MAX_IDENTITY ((float)INT_MIN)

__kernel void reduce_max(__global const float *in, __global float *out,
			 __local float *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);
	float best = MAX_IDENTITY;
	if (base + lid < len)
		best = in[base + lid];
	if (base + W + lid < len)
		best = fmax(best, in[base + W + lid]);
	scratch[lid] = best;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] = fmax(scratch[lid], scratch[lid + s]);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
// fix: init_wrong @12
