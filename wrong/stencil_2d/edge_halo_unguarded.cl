// expect: out_of_bounds line 18
// diagnosis: guard_wrong_bound
// The work-items on the block's edges load the halo, but without testing whether the
// neighbour lies inside the grid: at the grid's left edge, in[y * width - 1] is read.
__kernel void stencil(__global const int *in, __global int *out, __local int *tile,
		      uint width, uint height)
{
	int WX = get_local_size(0), WY = get_local_size(1);
	int TW = WX + 2, TH = WY + 2;
	int lx = get_local_id(0), ly = get_local_id(1);
	int x0 = get_group_id(0) * WX, y0 = get_group_id(1) * WY;
	int x = x0 + lx, y = y0 + ly;
	int c = (ly + 1) * TW + lx + 1;

	bool inside = x < (int)width && y < (int)height;
	tile[c] = inside ? in[y * width + x] : 0;
	if (inside && lx == 0)
		tile[c - 1] = in[y * width + x - 1];
	if (inside && (lx == WX - 1 || x == (int)width - 1))
		tile[c + 1] = x + 1 < (int)width ? in[y * width + x + 1] : 0;
	if (inside && ly == 0)
		tile[c - TW] = y > 0 ? in[(y - 1) * width + x] : 0;
	if (inside && (ly == WY - 1 || y == (int)height - 1))
		tile[c + TW] = y + 1 < (int)height ? in[(y + 1) * width + x] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (x < (int)width && y < (int)height)
		out[y * width + x] = 4 * tile[c] - tile[c - TW] - tile[c + TW] - tile[c - 1] - tile[c + 1];
}
