// expect: data_race line 14
// diagnosis: race_needs_atomic
// message: atomic_inc(&local_counts[v])
// message: A barrier cannot help, for they all update at the same time
// A plain increment: two work-items that count the same value at once both read the old count.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		local_counts[data[i]]++;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint b = lid; b < bins; b += wg)
		if (local_counts[b])
			atomic_add(&counts[b], local_counts[b]);
}
// fix: atomic_rmw @14
