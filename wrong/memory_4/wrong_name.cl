// expect: signature_mismatch
// diagnosis: signature
// The kernel is called reduce, not reduction.
__kernel void reduce(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	if (get_global_id(0) == 0)
		out[0] = in[0] + scratch[0] + len;
}
