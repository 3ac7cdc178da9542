// expect: uninitialized
// diagnosis: output_not_cleared
// The local counters are never cleared: local memory starts with whatever was there.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	for (uint i = get_global_id(0); i < n; i += get_global_size(0))
		atomic_inc(&local_counts[data[i]]);
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint b = lid; b < bins; b += wg)
		if (local_counts[b])
			atomic_add(&counts[b], local_counts[b]);
}
