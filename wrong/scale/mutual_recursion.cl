// expect: build_error line 6
// diagnosis: build
// message: `even` calls `odd`, which leads back to `even`
// Two functions that call each other: recursion as well.
int odd(int n);
int even(int n) { if (n == 0) return 1; return odd(n - 1); }
int odd(int n) { if (n == 0) return 0; return even(n - 1); }
__kernel void scale(__global const float *in, __global float *out, float factor, uint len)
{
	size_t i = get_global_id(0);
	/* recurse(i) in a comment is no call; "f(" in a string neither */
	if (i < len)
		out[i] = factor * in[i] * even(2);
}
