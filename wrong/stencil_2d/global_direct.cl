// expect: requirement_unmet
// diagnosis: tile_not_shared
// message: does not use __local memory
// Right results without the tile: each work-item reads its five cells from global memory,
// so every cell of in is read five times and nothing is shared through local memory.
__kernel void stencil(__global const int *in, __global int *out, __local int *tile,
		      uint width, uint height)
{
	int x = get_global_id(0), y = get_global_id(1);
	if (x < (int)width && y < (int)height) {
		int up = y > 0 ? in[(y - 1) * width + x] : 0;
		int down = y + 1 < (int)height ? in[(y + 1) * width + x] : 0;
		int left = x > 0 ? in[y * width + x - 1] : 0;
		int right = x + 1 < (int)width ? in[y * width + x + 1] : 0;
		out[y * width + x] = 4 * in[y * width + x] - up - down - left - right;
	}
}
