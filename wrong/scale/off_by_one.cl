// expect: out_of_bounds line 9
// diagnosis: guard_off_by_one
// message: The access is already guarded (line 8), yet this index got through
// The guard lets one work-item too many through: index len is past the end.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i <= len)
		out[i] = factor * in[i];
}
// fix: cmp_tighten @8
