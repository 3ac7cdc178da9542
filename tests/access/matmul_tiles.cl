// 2d, one 16 x 16 group: the loads and products of matmul_tiled's round, with A in rows of 64
// ints (in[0 ..]) and B in rows of 16 (in[4096 ..]). A 32-wide warp holds rows y = 2k, 2k + 1.
// Load of A, in[64y + x]: two runs of 16 ints (64 bytes) at row starts 256 bytes apart, each in
// 2 sectors: 4, and the 128 bytes asked fill 4: 4/4. Load of B, in[4096 + 16y + x]: 32
// consecutive ints: 4/4. Stores As[y][x], Bs[y][x]: 32 consecutive words, 1x.
// Products: As[y][k] is word 16y + k, one word per row y, banks k and 16 + k: 1x; Bs[k][x] is
// word 16k + x, the same 16 words for both rows: 1x. Both tiles are shared.
// The swapped load As2[x][y] = in[64x + y]: 16 rows, 2 ints each (one sector): 16 sectors for
// the 4 that 128 bytes fill, 16/4; its store, word 16x + y, uses banks y and 16 + y for the
// two values of y: 4 banks, 8 words each, 8x.
// figure: 25 load in 4/4
// figure: 25 store As 1x
// figure: 26 load in 4/4
// figure: 26 store Bs 1x
// figure: 30 load As 1x
// figure: 30 load Bs 1x
// figure: 30 load As shared
// figure: 30 load Bs shared
// figure: 31 load in 16/4
// figure: 31 store As2 8x
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local int As[16][16], Bs[16][16], As2[16][16];
	size_t x = get_local_id(0), y = get_local_id(1);
	As[y][x] = in[y * 64 + x];
	Bs[y][x] = in[4096 + y * 16 + x];
	barrier(CLK_LOCAL_MEM_FENCE);
	int acc = 0;
	for (int k = 0; k < 16; k++)
		acc += As[y][k] * Bs[k][x];
	As2[x][y] = in[x * 64 + y];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[y * 16 + x] = acc + As2[y][x];
}
