// expect: pass
// diagnosis: none
// Right: the block copied into local memory with async_work_group_copy, a fill the whole
// group shares, then each work-item reads the mirrored element from it.
#define BLOCK 64

__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	__local int block[BLOCK];
	size_t gid = get_global_id(0);
	size_t lid = get_local_id(0);

	event_t e = async_work_group_copy(block, in + get_group_id(0) * BLOCK, BLOCK, 0);
	wait_group_events(1, &e);

	out[gid] = block[BLOCK - 1 - lid];
}
