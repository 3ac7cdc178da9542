// 2d, one 16 x 16 group; lane = x + 16 y, so a 32-wide warp holds rows y = 2k and 2k + 1.
// Store tile[y][x]: words 16y + x, the 32 consecutive words 32k .. 32k + 31: 32 banks, 1x.
// Load tile[x][y] (a column): word 16x + y, bank (16x + y) mod 32 = 16 (x mod 2) + y, so the
// 16 lanes of row y = 2k use two banks, 8 words each: 8x per 32-wide warp.
// With 16 banks and 16-wide warps (older GPUs): bank (16x + y) mod 16 = y, the same bank for all
// 16 lanes: 16x. The tile is shared: each work-item reads a slot another one wrote.
// figure: 15 store tile 1x
// figure: 17 load tile 8x
// figure: 16 16 17 load tile 16x
// figure: 17 load tile shared
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local int tile[16][16];
	size_t x = get_local_id(0), y = get_local_id(1);
	tile[y][x] = in[y * 16 + x];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[y * 16 + x] = tile[x][y];
}
