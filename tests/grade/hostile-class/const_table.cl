// A 60 MB __constant table: compiled, cached and loaded for every submission.
__constant float table[15000000] = { 1.0f };
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i < len)
		out[i] = factor * in[i] * table[0];
}
