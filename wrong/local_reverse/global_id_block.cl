// expect: out_of_bounds line 14
// diagnosis: global_id_as_local_index
// message: The index is this work-item's global id, 64 (its local id is 0)
// message: not by one
// The block indexed by the global id: from the second work-group on, past the block's end.
#define BLOCK 64

__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	__local int block[BLOCK];
	size_t gid = get_global_id(0);
	size_t lid = get_local_id(0);

	block[gid] = in[gid];

	// The slot read below was written by another work-item of the group.
	barrier(CLK_LOCAL_MEM_FENCE);

	out[gid] = block[BLOCK - 1 - lid];
}
