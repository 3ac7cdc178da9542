// expect: wrong_result [--no-analysis]
// diagnosis: contract_ignored
// Multiplies by 3, the factor of the first tests, instead of the argument.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i < len)
		out[i] = 3.0f * in[i];
}
