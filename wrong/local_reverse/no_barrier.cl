// expect: data_race
// diagnosis: barrier_missing
// Reads a slot of the local array before its owner is known to have written it.
#define BLOCK 64

__kernel void reverse_blocks(__global const int *in, __global int *out)
{
	__local int block[BLOCK];
	size_t gid = get_global_id(0);
	size_t lid = get_local_id(0);

	block[lid] = in[gid];
	out[gid] = block[BLOCK - 1 - lid];
}
// fix: barrier_add @13
