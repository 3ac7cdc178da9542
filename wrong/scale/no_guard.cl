// expect: out_of_bounds line 7
// expect: out_of_bounds [--no-analysis]
// Forgets that the last work-group reaches past len.
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	out[i] = factor * in[i];
}
