// expect: wrong_result
// diagnosis: index_offset
// message: tile[c - TW] above
// The neighbour above is read one cell to its left, tile[c - 1 - TW]: the tile is right, the
// stencil's offset is not.
__kernel void stencil(__global const int *in, __global int *out, __local int *tile,
		      uint width, uint height)
{
	int WX = get_local_size(0), WY = get_local_size(1);
	int TW = WX + 2, TH = WY + 2;                     // the tile, halo included
	int lx = get_local_id(0), ly = get_local_id(1);
	int x0 = get_group_id(0) * WX, y0 = get_group_id(1) * WY;

	// cell (tx, ty) of the tile is cell (x0 - 1 + tx, y0 - 1 + ty) of the grid
	for (int i = ly * WX + lx; i < TW * TH; i += WX * WY) {
		int gx = x0 - 1 + i % TW, gy = y0 - 1 + i / TW;
		bool inside = gx >= 0 && gx < (int)width && gy >= 0 && gy < (int)height;
		tile[i] = inside ? in[gy * width + gx] : 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	int x = x0 + lx, y = y0 + ly;
	if (x < (int)width && y < (int)height) {
		int c = (ly + 1) * TW + lx + 1;               // this work-item's cell in the tile
		out[y * width + x] = 4 * tile[c] - tile[c - 1 - TW] - tile[c + TW] - tile[c - 1] - tile[c + 1];
	}
}
