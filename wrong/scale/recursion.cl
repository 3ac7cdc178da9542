// expect: build_error line 7
// diagnosis: build
// message: `sum_to` calls itself
// Recursion: PoCL and Oclgrind compile it, but OpenCL C forbids it and a GPU cannot run it.
int sum_to(int n)
{
	return n <= 0 ? 0 : n + sum_to(n - 1);
}
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	if (i < len)
		out[i] = factor * in[i] + 0 * sum_to(3);
}
