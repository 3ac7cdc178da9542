// 1d. 8-byte values in local memory. A warp's 64-bit access is served in two phases of 16 lanes
// (banks are 4 bytes wide): wide[l] gives each phase 16 lanes x 2 consecutive words = 32
// different banks, no conflict (1x, not 2x for the 64 words of the whole warp). wide[2l] spreads
// a phase over 64 words: words w and w + 32 share a bank, 2x.
// figure: 13 store wide 1x
// figure: 15 load wide 1x
// figure: 15 load wide shared
// figure: 16 load wide 2x
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local long wide[64];
	size_t l = get_local_id(0), i = get_global_id(0);
	wide[l] = in[i]; wide[l + 32] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	long a = wide[31 - l];
	long b = wide[2 * l];
	out[i] = (int)(a + b);
}
