// expect: data_race
// diagnosis: race_needs_atomic
// message: No barrier can help
// The group's counters are added into counts without an atomic: other groups add into
// the same counters at the same time.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		atomic_inc(&local_counts[data[i]]);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint b = lid; b < bins; b += wg)
		if (local_counts[b])
			counts[b] += local_counts[b];
}
// fix: atomic_rmw @18
