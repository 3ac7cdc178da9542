// expect: data_race
// diagnosis: barrier_missing
// The group's scan reads its left neighbour's slot and adds into its own without a barrier
// in between: a neighbour may have added to its slot already, or not.
#define ITEMS 8

// The exclusive scan of one value per work-item: the sum of the values of the work-items
// before lid, and the group's total in *total. tmp is free again when it returns.
int group_exclusive(__local int *tmp, int v, uint lid, uint wg, int *total)
{
	tmp[lid] = v;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint d = 1; d < wg; d *= 2) {
		int left = lid >= d ? tmp[lid - d] : 0;
		tmp[lid] += left;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	int inclusive = tmp[lid];
	*total = tmp[wg - 1];
	barrier(CLK_LOCAL_MEM_FENCE);
	return inclusive - v;
}

__kernel void scan_reduce(__global const int *in, __global int *sums, __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint i = get_global_id(0) * ITEMS;
	int8 v;
	if (i + ITEMS <= n) {
		v = vload8(0, in + i);
	} else {                                // the last, cut short: 0 past n
		int t[ITEMS];
		for (uint c = 0; c < ITEMS; c++)
			t[c] = i + c < n ? in[i + c] : 0;
		v = vload8(0, t);
	}
	int4 s4 = v.lo + v.hi;
	tmp[lid] = s4.x + s4.y + s4.z + s4.w;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint s = wg / 2; s > 0; s /= 2) {
		if (lid < s)
			tmp[lid] += tmp[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		sums[get_group_id(0)] = tmp[0];
}

__kernel void scan_offsets(__global int *sums, __local int *tmp, uint groups)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	// each work-item a run of neighbouring tiles: its run's sum, the runs before it, then the
	// run again from that offset (one group scan, however many tiles there are)
	uint per = (groups + wg - 1) / wg, first = lid * per;
	uint last = min(first + per, groups);
	int run = 0, total;
	for (uint j = first; j < last; j++)
		run += sums[j];
	int offset = group_exclusive(tmp, run, lid, wg, &total);
	for (uint j = first; j < last; j++) {
		int v = sums[j];
		sums[j] = offset;
		offset += v;
	}
}

__kernel void scan_tiles(__global const int *in, __global int *out, __global const int *sums,
			 __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint i = get_global_id(0) * ITEMS;
	int8 v;
	if (i + ITEMS <= n) {
		v = vload8(0, in + i);
	} else {                                // the last, cut short: 0 past n
		int t[ITEMS];
		for (uint c = 0; c < ITEMS; c++)
			t[c] = i + c < n ? in[i + c] : 0;
		v = vload8(0, t);
	}
	// this work-item's 8 values scanned in registers, then the group's scan of the totals
	v.s1 += v.s0; v.s2 += v.s1; v.s3 += v.s2; v.s4 += v.s3;
	v.s5 += v.s4; v.s6 += v.s5; v.s7 += v.s6;
	int total;
	int before = group_exclusive(tmp, v.s7, lid, wg, &total);
	v += (int8)(sums[get_group_id(0)] + before);
	if (i + ITEMS <= n) {
		vstore8(v, 0, out + i);
	} else {
		int t[ITEMS];
		vstore8(v, 0, t);
		for (uint c = 0; i + c < n; c++)
			out[i + c] = t[c];
	}
}
