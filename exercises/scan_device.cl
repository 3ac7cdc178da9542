// scan_device: the inclusive prefix sum of n ints, out[i] = in[0] + ... + in[i], in three kernels
// that the host launches one after the other on the same buffers.
//
// Read lessons/en/scan_device.md first (clings shows it), then fill in the TODOs.

// Scans the W values of tmp in place (W = the work-group size, a power of two): afterwards
// tmp[lid] holds tmp[0] + ... + tmp[lid]. Every work-item of the group must call it.
void scan_local(__local int *tmp, uint lid, uint wg)
{
	// TODO 1: at distance d = 1, 2, 4, ... below wg, each work-item adds the value d places to
	//         its left (when there is one) into its own slot. Read first, wait for everyone,
	//         then write, then wait again: a slot read at one distance is written at the same one.
}

// Step 1: each work-group scans its block of W elements of in into out, and writes the block's
// total to sums[group].
__kernel void scan_blocks(__global const int *in, __global int *out, __global int *sums,
			  __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0);

	// TODO 2: load this work-item's element into tmp (0 past n: it changes no sum), wait for
	//         the whole block, and scan it with scan_local.

	// TODO 3: write the scanned value to out (only below n), and let the last work-item of
	//         the group write the block's total to sums[get_group_id(0)].
}

// Step 2: one work-group scans the block totals in place: sums[g] becomes the total of blocks
// 0 .. g.
__kernel void scan_sums(__global int *sums, __local int *tmp, uint groups)
{
	uint lid = get_local_id(0), wg = get_local_size(0);

	// TODO 4: the same as a block: load (0 past groups), wait, scan, write back below groups.
}

// Step 3: every block but the first adds the total of the blocks before it.
__kernel void add_offsets(__global int *out, __global const int *sums, uint n)
{
	// TODO 5: which entry of sums holds the total of the blocks before this one?
}
