// expect: uninitialized
// expect: wrong_result [--no-analysis]
// diagnosis: output_not_cleared
// message: counts
// One bin per work-item: with more bins than work-items, the bins past the work-group are
// never cleared nor added.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	if (lid < bins) for (uint b = lid; b < lid + 1; b++)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		atomic_inc(&local_counts[data[i]]);
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid < bins) for (uint b = lid; b < lid + 1; b++)
		if (local_counts[b])
			atomic_add(&counts[b], local_counts[b]);
}
