// 2d, one 16 x 16 group: stencil_2d's tile, 18 x 18 ints (the block and a one-cell halo) of a
// grid with rows of 64 ints, filled by the group's 256 work-items in two turns (i = 16y + x).
// Store tile[i]: 32 consecutive words, 1x.
// The centre read tile[18(y + 1) + x + 1]: a 32-wide warp holds rows y = 2k, 2k + 1, that is
// words w .. w + 15 and w + 18 .. w + 33 with w = 36k + 19; w + 32 and w + 33 share the banks
// of w and w + 1: 2x. A 16-wide warp (one row, 16 banks) reads 16 consecutive words: 1x.
// Each centre is another work-item's load: shared.
// figure: 17 store tile 1x
// figure: 19 load tile 2x
// figure: 16 16 19 load tile 1x
// figure: 19 load tile shared
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local int tile[18 * 18];
	int x = get_local_id(0), y = get_local_id(1);
	for (int i = y * 16 + x; i < 18 * 18; i += 256)
		tile[i] = in[(i / 18) * 64 + i % 18];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[y * 16 + x] = tile[18 * (y + 1) + x + 1];
}
