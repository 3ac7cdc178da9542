// expect: wrong_result
// diagnosis: contract_ignored
// message: ticket
// The tile comes from get_group_id(0), and no group takes a ticket. Groups run in any order:
// group 5 may wait for tile 4's sum while group 4 has not started and never will while 5 holds
// the place it needs. The check cannot make a device start the groups out of order, so it
// sees the ticket instead: after a scan every group has taken one, and here none did.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define ITEMS 32
#define AGGREGATE ((ulong)1 << 32)   // status: the tile's own sum is known
#define PREFIX ((ulong)2 << 32)      // status: the sum of every tile up to this one is known

// Where int i of the tile lives in local memory: one spare word after every 32, so that the
// 32 work-items of a warp reading their own 32 neighbouring ints (lid * 32 + c) are in 32
// different banks, and a round of W neighbouring ints is too.
#define AT(i) ((i) + (i) / 32)

// The exclusive scan of one value per work-item: the sum of the values of the work-items
// before lid, and the group's total in *total. tmp is free again when it returns.
int group_exclusive(__local int *tmp, int v, uint lid, uint wg, int *total)
{
	tmp[lid] = v;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint d = 1; d < wg; d *= 2) {
		int left = lid >= d ? tmp[lid - d] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] += left;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	int inclusive = tmp[lid];
	*total = tmp[wg - 1];
	barrier(CLK_LOCAL_MEM_FENCE);
	return inclusive - v;
}

// Runs before every scan: no tile is known yet, and the first ticket is 0.
__kernel void scan_clear(__global ulong *status, __global uint *ticket, uint groups)
{
	uint i = get_global_id(0);
	if (i < groups)
		status[i] = 0;
	if (i == 0)
		*ticket = 0;
}

__kernel void scan_pass(__global const int *in, __global int *out, __global ulong *status,
			__global uint *ticket, __local int *tile, __local int *tmp, uint n)
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	uint t = get_group_id(0), base = t * ITEMS * wg;   // no ticket

	// Rounds of W neighbouring ints into local memory (a warp reads 128 neighbouring bytes),
	// then each work-item scans its own 32 neighbours in registers.
	for (uint r = 0; r < ITEMS; r++) {
		uint i = r * wg + lid;
		tile[AT(i)] = base + i < n ? in[base + i] : 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	int v[ITEMS], sum = 0;
	for (uint c = 0; c < ITEMS; c++) {
		sum += tile[AT(lid * ITEMS + c)];
		v[c] = sum;
	}
	int total;
	int before = group_exclusive(tmp, sum, lid, wg, &total);

	// Publish the tile's sum at once, then look back: the first 32 work-items read the status
	// of the 32 tiles before this one together, and work-item 0 adds them from the nearest
	// on, stopping at the first that knows its whole prefix. A status still 0 is waited on.
	__local int *seen = tile, *done = tile + 32;   // the tile is in v[] now
	if (lid == 0) {
		atom_xchg(&status[t], (t > 0 ? AGGREGATE : PREFIX) | (uint)total);
		tmp[1] = 0;
		tmp[2] = t == 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int last = (int)t - 1; !tmp[2]; last -= 32) {
		if (lid < 32) {
			int j = last - (int)lid;
			ulong s = PREFIX;   // before tile 0: nothing, and nothing more to look at
			if (j >= 0)
				do
					s = atom_add(&status[j], (ulong)0);   // an atomic read
				while (s < AGGREGATE);
			seen[lid] = (int)(uint)s;
			done[lid] = s >= PREFIX;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid == 0) {
			int prefix = tmp[1], found = 0;
			for (uint k = 0; k < 32 && !found; k++) {
				prefix += seen[k];
				found = done[k];
			}
			tmp[1] = prefix;
			tmp[2] = found;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	int prefix = tmp[1];
	if (lid == 0 && t > 0)
		atom_xchg(&status[t], PREFIX | (uint)(prefix + total));

	// Each work-item's 32 results back into the tile, then out in rounds as they came in.
	for (uint c = 0; c < ITEMS; c++)
		tile[AT(lid * ITEMS + c)] = v[c] + prefix + before;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint r = 0; r < ITEMS; r++) {
		uint i = r * wg + lid;
		if (base + i < n)
			out[base + i] = tile[AT(i)];
	}
}
