// expect: requirement_unmet
// diagnosis: tile_not_shared
// message: local_counts
// Right results, but every value is counted straight into counts with a global atomic: no
// histogram per group, and one global atomic per value instead of one per bin and group.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0), size = get_global_size(0);

	uint n4 = n / 4;                                // whole groups of four values
	for (uint i = gid; i < n4; i += size) {
		uint4 v = vload4(i, data);
		atomic_inc(&counts[v.x]);
		atomic_inc(&counts[v.y]);
		atomic_inc(&counts[v.z]);
		atomic_inc(&counts[v.w]);
	}
	if (gid < n - 4 * n4)                           // the last n % 4 values, one each
		atomic_inc(&counts[data[4 * n4 + gid]]);
}
