// expect: signature_mismatch
// diagnosis: signature
// out is a float buffer: the host hands it ints.
__kernel void reduction(__global const int *in, __global float *out, __local int *scratch, uint len)
{
	if (get_global_id(0) == 0)
		out[0] = in[0] + scratch[0] + len;
}
