// histogram: counts[b] = how many of the n values of data equal b, for every bin b below bins.
//
// The host starts a few work-groups of W work-items each, far fewer work-items than values:
// each work-item takes every (global size)-th value. Read lessons/en/histogram.md first.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);

	// TODO 1: set every one of the bins counters of local_counts to 0. There may be more bins
	//         than work-items: each work-item clears bins lid, lid + wg, lid + 2*wg, ...

	// TODO 2: no work-item may count before every counter is cleared.

	// TODO 3: for i = get_global_id(0), then i + get_global_size(0), ... below n, count data[i]
	//         in local_counts. Other work-items of the group count into the same counters at
	//         the same moment.

	// TODO 4: once the whole group has counted, add the group's counters into counts. Other
	//         work-groups add into the same counters of counts.
}
