// expect: wrong_result
// diagnosis: index_offset
// message: Every element of out holds the same value
// `*in` is in[0]: every work-item scales the first element.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i < len)
		out[i] = factor * *in;
}
