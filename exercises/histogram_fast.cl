// histogram_fast: count n values (each below bins) into counts, with at most a few
// work-groups: a histogram per group in local memory, then one merge per group.
//
// counts starts at 0. local_counts holds bins counters for the group. The groups are few
// (the check caps them), so each work-item counts many values: four a round, read with one
// vload4, rounds a whole grid apart. n is any size. Read lessons/en/histogram_fast.md first.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0), size = get_global_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);                   // every counter is 0

	uint n4 = n / 4;                                // whole groups of four values
	// TODO 1: for i = gid, gid + size, ... below n4: read the four values vload4(i, data)
	//         and count each with atomic_inc(&local_counts[...]).

	// TODO 2: the last n % 4 values (from 4 * n4 on): work-item gid counts the one at
	//         4 * n4 + gid, if there is one.

	// TODO 3: wait until every count of the group is in, then add each counter that is not
	//         0 into counts with atomic_add (the work-items share the bins as in the
	//         clearing loop above).
}
