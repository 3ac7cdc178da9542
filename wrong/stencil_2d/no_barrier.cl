// expect: data_race line 21
// diagnosis: barrier_missing
// No barrier between filling the tile and reading it: a work-item reads its neighbours'
// cells before the work-items that load them have done so.
__kernel void stencil(__global const int *in, __global int *out, __local int *tile,
		      uint width, uint height)
{
	int WX = get_local_size(0), WY = get_local_size(1);
	int TW = WX + 2, TH = WY + 2;
	int lx = get_local_id(0), ly = get_local_id(1);
	int x0 = get_group_id(0) * WX, y0 = get_group_id(1) * WY;
	int x = x0 + lx, y = y0 + ly;
	int c = (ly + 1) * TW + lx + 1;

	for (int i = ly * WX + lx; i < TW * TH; i += WX * WY) {
		int gx = x0 - 1 + i % TW, gy = y0 - 1 + i / TW;
		bool inside = gx >= 0 && gx < (int)width && gy >= 0 && gy < (int)height;
		tile[i] = inside ? in[gy * width + gx] : 0;
	}
	if (x < (int)width && y < (int)height)
		out[y * width + x] = 4 * tile[c] - tile[c - TW] - tile[c + TW] - tile[c - 1] - tile[c + 1];
}
