// expect: wrong_result
// diagnosis: identity_wrong
// 0 is the identity of +, not of max: with negative data a missing element wins.
__kernel void reduce_max(__global const float *in, __global float *out,
			 __local float *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	float best = 0.0f;
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
// fix: init_wrong @11
