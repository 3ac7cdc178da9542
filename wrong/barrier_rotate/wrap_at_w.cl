// expect: uninitialized line 16
// expect: wrong_result [--no-analysis]
// diagnosis: local_slot_unwritten
// Wraps at the group size instead of the slice length: in a ragged last group
// the last element reads a slot nobody wrote.
__kernel void rotate_left(__global const int *in, __global int *out, __local int *tile, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);

	if (gid < len)
		tile[lid] = in[gid];
	barrier(CLK_LOCAL_MEM_FENCE);
	if (gid < len)
		out[gid] = tile[(lid + 1) % W];
}
