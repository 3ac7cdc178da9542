// expect: out_of_bounds line 15
// diagnosis: index_offset
// message: `block` is the kernel's own array
// The mirror of slot 0 is BLOCK-1, not BLOCK: work-item 0 reads past the array.
#define BLOCK 64

__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	__local int block[BLOCK];
	size_t gid = get_global_id(0);
	size_t lid = get_local_id(0);

	block[lid] = in[gid];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[gid] = block[BLOCK - lid];
}
// fix: minus_one @15
