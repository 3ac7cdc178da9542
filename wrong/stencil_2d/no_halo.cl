// expect: uninitialized line @read
// diagnosis: local_slot_unwritten
// message: Only a cell outside the grid is 0
// Each work-item loads only its own cell into the tile: the border of the tile, the halo,
// is never filled, and the work-items along the block's edges read it.
__kernel void stencil(__global const int *in, __global int *out, __local int *tile,
		      uint width, uint height)
{
	int WX = get_local_size(0), WY = get_local_size(1);
	int TW = WX + 2, TH = WY + 2;
	int lx = get_local_id(0), ly = get_local_id(1);
	int x0 = get_group_id(0) * WX, y0 = get_group_id(1) * WY;
	int x = x0 + lx, y = y0 + ly;
	int c = (ly + 1) * TW + lx + 1;

	tile[c] = x < (int)width && y < (int)height ? in[y * width + x] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (x < (int)width && y < (int)height)
		out[y * width + x] = 4 * tile[c] - tile[c - TW] - tile[c + TW] - tile[c - 1] - tile[c + 1];   // @read
}
