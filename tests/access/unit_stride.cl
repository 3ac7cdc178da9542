// 1d. Lane k of a warp reads in[32w + k]: 32 lanes x 4 bytes = 128 consecutive bytes, starting on
// a multiple of 128, so exactly 4 sectors of 32 bytes; the ideal is 128 / 32 = 4. The store is
// the same pattern.
// figure: 9 load in 4.0/4.0
// figure: 9 store out 4.0/4.0
__kernel void k(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	out[i] = in[i];
}
