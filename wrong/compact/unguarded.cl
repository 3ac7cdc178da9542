// expect: out_of_bounds line 8
// diagnosis: guard_missing
// No guard: the work-items of the last group past n read past the end of in.
__kernel void compact(__global const int *in, __global int *out, __global uint *count, uint n)
{
	size_t i = get_global_id(0);
	(void)n;
	if (in[i] > 0)
		out[atomic_inc(count)] = in[i];
}
