// expect: pass
// diagnosis: none
// Right: the reference with its four values read by vload4(i, data) from the uint * argument.
// A vload4 is promised only the alignment of its element, 4 bytes, so NVIDIA's compiler makes
// four 4-byte loads of it where the reference, through a uint4 pointer, makes one of 16.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0), size = get_global_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);                   // every counter is 0

	uint n4 = n / 4;                                // whole groups of four values
	for (uint i = gid; i < n4; i += size) {
		uint4 v = vload4(i, data);
		atomic_inc(&local_counts[v.x]);
		atomic_inc(&local_counts[v.y]);
		atomic_inc(&local_counts[v.z]);
		atomic_inc(&local_counts[v.w]);
	}
	if (gid < n - 4 * n4)                           // the last n % 4 values, one each
		atomic_inc(&local_counts[data[4 * n4 + gid]]);
	barrier(CLK_LOCAL_MEM_FENCE);                   // every count of the group is in

	for (uint b = lid; b < bins; b += wg)
		if (local_counts[b])
			atomic_add(&counts[b], local_counts[b]);
}
