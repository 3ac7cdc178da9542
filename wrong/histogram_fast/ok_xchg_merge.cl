// expect: pass
// diagnosis: none
// Right, written differently: the merge takes each counter of the group's histogram with
// atomic_xchg(&local_counts[b], 0), reading the count the other work-items stored and
// leaving the counter cleared, and adds it into counts. An atomic's old value is a read.
__kernel void histogram(__global const uint *data, __global uint *counts, __local uint *local_counts,
			uint n, uint bins)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint gid = get_global_id(0), size = get_global_size(0);
	for (uint b = lid; b < bins; b += wg)
		local_counts[b] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);

	uint n4 = n / 4;
	for (uint i = gid; i < n4; i += size) {
		uint4 v = vload4(i, data);
		atomic_inc(&local_counts[v.x]);
		atomic_inc(&local_counts[v.y]);
		atomic_inc(&local_counts[v.z]);
		atomic_inc(&local_counts[v.w]);
	}
	if (gid < n - 4 * n4)
		atomic_inc(&local_counts[data[4 * n4 + gid]]);
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint b = lid; b < bins; b += wg) {
		uint c = atomic_xchg(&local_counts[b], 0);
		if (c)
			atomic_add(&counts[b], c);
	}
}
