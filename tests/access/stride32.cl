// 1d. Lane k reads in[32 * (32w + k)]: neighbouring lanes are 32 ints = 128 bytes apart, so each
// of the 32 lanes touches a sector of its own: 32 sectors per request. They asked for 32 x 4 =
// 128 bytes, which would fit in 4 sectors: the ideal is 4.
// figure: 9 load in 32.0/4.0
// figure: 9 store out 4.0/4.0
__kernel void k(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	out[i] = in[i * 32];
}
