// expect: out_of_bounds line 8
// expect: out_of_bounds [--no-analysis]
// diagnosis: guard_missing
// Forgets that the last work-group reaches past len.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	out[i] = factor * in[i];
}
// fix: guard_restore @8
