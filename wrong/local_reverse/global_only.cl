// expect: requirement_unmet
// diagnosis: tile_not_shared
// message: no work-item reads a value another one stored there
// Correct numbers, but read straight from global memory: no local memory used.
#define BLOCK 64

__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	size_t gid = get_global_id(0);
	size_t lid = get_local_id(0);
	size_t first = get_group_id(0) * BLOCK;

	out[gid] = in[first + BLOCK - 1 - lid];
}
