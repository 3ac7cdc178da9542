// rotate_left: each work-group owns a slice of W consecutive elements (the last
// slice may be shorter: it ends at len). Within its slice, every element moves
// one place to the left and the first one wraps around to the end:
//
//     slice  a b c d e      ->      b c d e a
//
// The host starts round_up(len, W) work-items in work-groups of W and gives
// the kernel W ints of local memory in `tile`.
//
// THIS KERNEL IS BROKEN ON PURPOSE. It computes the right numbers when len is
// a multiple of W, and it is still wrong. Find out why (the lesson explains),
// then fix it. You should not need to change the arithmetic.

__kernel void rotate_left(__global const int *in, __global int *out, __local int *tile, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint start = get_group_id(0) * W;
	uint n = min(W, len - start);   // elements in this group's slice

	if (gid < len) {
		tile[lid] = in[gid];
		// TODO: who reaches this barrier, and who does not?
		barrier(CLK_LOCAL_MEM_FENCE);
		out[gid] = tile[(lid + 1) % n];
	}
}
