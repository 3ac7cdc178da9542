// reduce_double: sequential addressing on doubles.
// [pt-BR] reduce_double: endereçamento sequencial sobre doubles.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void reduce_double(__global const double *in, __global double *out,
			    __local double *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	// 0.0 is the identity of +: a missing element adds nothing.
	// [pt-BR] 0.0 é o elemento neutro de +: um elemento que falta não soma nada.
	double sum = 0.0;
	if (base + lid < len)
		sum = in[base + lid];
	if (base + W + lid < len)
		sum += in[base + W + lid];
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
