// expect: requirement_unmet line 15
// diagnosis: uncoalesced_access
// message: touches 7.1 different 32-byte sectors on average, where 3.6
// Each work-item loads and stores the neighbouring pair 2*lid, 2*lid + 1, as many printed
// versions do: right sums, but each load and store of a warp touches twice the sectors.
__kernel void scan_blelloch(__global const int *in, __global int *out,
			    __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint n = 2 * W;
	uint base = n * get_group_id(0);

	// Two coalesced loads; 0, the identity of +, past the end.
	tmp[2 * lid] = base + 2 * lid < len ? in[base + 2 * lid] : 0;
	tmp[2 * lid + 1] = base + 2 * lid + 1 < len ? in[base + 2 * lid + 1] : 0;

	// Up-sweep: d pairs at distance offset; the right one gets the sum.
	uint offset = 1;
	for (uint d = W; d > 0; d >>= 1) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint left = offset * (2 * lid + 1) - 1;
			uint right = offset * (2 * lid + 2) - 1;
			tmp[right] += tmp[left];
		}
		offset *= 2;
	}

	// The root holds the total; the exclusive scan starts from 0.
	if (lid == 0)
		tmp[n - 1] = 0;

	// Down-sweep: the left child gets the parent's value, the right one adds
	// the left child's old sum.
	for (uint d = 1; d < n; d *= 2) {
		offset >>= 1;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint left = offset * (2 * lid + 1) - 1;
			uint right = offset * (2 * lid + 2) - 1;
			int t = tmp[left];
			tmp[left] = tmp[right];
			tmp[right] += t;
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	if (base + 2 * lid < len)
		out[base + 2 * lid] = tmp[2 * lid];
	if (base + 2 * lid + 1 < len)
		out[base + 2 * lid + 1] = tmp[2 * lid + 1];
}
