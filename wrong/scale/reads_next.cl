// expect: wrong_result
// diagnosis: index_offset
// message: shifted by one place: out[i] holds what belongs in out[i + 1]
// Reads the next element (in[i + 1]), guarded so that it never reads past the end.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i + 1 < len)
		out[i] = factor * in[i + 1];
}
// fix: cmp_loosen+minus_one @8
