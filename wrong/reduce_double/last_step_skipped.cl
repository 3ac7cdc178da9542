// expect: wrong_result
// diagnosis: reduction_steps_wrong
// The loop stops at s > 1: slot 1 is never added into slot 0.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void reduce_double(__global const double *in, __global double *out,
			    __local double *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	double sum = 0.0;
	if (base + lid < len)
		sum = in[base + lid];
	if (base + W + lid < len)
		sum += in[base + W + lid];
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 1; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
// fix: cmp_loosen @21
