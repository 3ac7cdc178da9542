// 2d, one 16 x 16 group, the tile padded to 17 columns: word = 17 row + column.
// 16-wide warps (one row y): the load tile[x][y] uses words 17x + y, and 17x mod 32 for
// x = 0..15 is 0, 17, 2, 19, ..., 14, 31: all different, so 1x; the store tile[y][x] is 16
// consecutive words, 1x.
// 32-wide warps (rows 2k and 2k + 1): the load has lane (x=15, y=2k+1) at 255 + 2k + 1 = 256 + 2k,
// the same bank as lane (x=0, y=2k) at 2k: 2x. The store has lane (x=15, y=2k+1) at
// 17(2k+1) + 15 = 34k + 32, bank 2k, as lane (x=0, y=2k) at 34k: 2x as well.
// figure: 16 32 18 load tile 1x
// figure: 16 32 16 store tile 1x
// figure: 18 load tile 2x
// figure: 16 store tile 2x
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local int tile[16][17];
	size_t x = get_local_id(0), y = get_local_id(1);
	tile[y][x] = in[y * 16 + x];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[y * 16 + x] = tile[x][y];
}
