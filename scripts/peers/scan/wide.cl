// The course's one-pass scan (solutions/scan_fast.cl) with switches, for scan-onepass.c:
//   -DITEMS=N   ints a work-item (tile N x W)
//   -DLBQ=Q     the look-back reads 32 x Q status words a round: each of the first 32
//               work-items Q neighbouring ones, its Q atomic reads issued together
//   -DLBW=L     only the first L work-items look back (L status words a round, L <= 32)
//   -DFIRST1    work-item 0 first reads the status word of the tile just before alone: if
//               it knows its whole prefix, no window is read
//   -DV4        the rounds read and write four ints a work-item through int4 pointers (one
//               16-byte load or store), one int at a time only in a ragged last tile
//   -DRAKE      the group's scan in two levels of 16 (three barriers) instead of Hillis-Steele
//   -DEPOCH     no clearing kernel: tickets count on across runs, the status words are tagged
//               with the run (ticket / groups); scan_pass takes `groups` as its last argument
//   -DLOCALSCAN each work-item scans its ints in place in local memory instead of into v[]
//               in registers (fewer registers a work-item, so more groups a multiprocessor);
//               the look-back's words and each work-item's offset then live in tmp (tmp needs
//               wg + 72 ints), and the offset is added as the rounds write out
//   -DNOLOOK    no look-back at all (every tile's prefix taken as 0): a WRONG scan, for timing
//               alone (scan-onepass skips its check with NOCHECK among the switches): what the
//               look-back costs beside the rest of the pass
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#ifndef ITEMS
#define ITEMS 32
#endif
#ifndef LBQ
#define LBQ 1
#endif
#ifndef LBW
#define LBW 32
#endif
#define AGGREGATE ((ulong)1 << 32)
#define PREFIX ((ulong)2 << 32)
#define AT(i) ((i) + (i) / 32)
#define P16(i) ((i) + (i) / 16)

int group_exclusive(__local int *tmp, int v, uint lid, uint wg, int *total)
{
#ifdef RAKE
	__local int *t2 = tmp + wg + wg / 16;
	tmp[P16(lid)] = v;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid < wg / 16) {
		int s = 0;
		for (uint c = 0; c < 16; c++) {
			uint k = P16(lid * 16 + c);
			int x = tmp[k];
			tmp[k] = s;
			s += x;
		}
		t2[lid] = s;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0) {
		int s = 0;
		for (uint k = 0; k < wg / 16; k++) {
			int x = t2[k];
			t2[k] = s;
			s += x;
		}
		t2[wg / 16] = s;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	int r = tmp[P16(lid)] + t2[lid / 16];
	*total = t2[wg / 16];
	barrier(CLK_LOCAL_MEM_FENCE);
	return r;
#else
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
#endif
}

__kernel void scan_clear(__global ulong *status, __global uint *ticket, uint groups)
{
	uint i = get_global_id(0);
	if (i < groups)
		status[i] = 0;
	if (i == 0)
		*ticket = 0;
}

#ifdef EPOCH
__kernel void scan_pass(__global const int *in, __global int *out, __global ulong *status,
			__global uint *ticket, __local int *tile, __local int *tmp, uint n, uint groups)
#else
__kernel void scan_pass(__global const int *in, __global int *out, __global ulong *status,
			__global uint *ticket, __local int *tile, __local int *tmp, uint n)
#endif
{
	uint lid = get_local_id(0), wg = get_local_size(0);
	if (lid == 0)
		tmp[0] = atomic_inc(ticket);
	barrier(CLK_LOCAL_MEM_FENCE);
#ifdef EPOCH
	uint t = tmp[0] % groups;
	ulong AGG = (ulong)(tmp[0] / groups * 2 + 2) << 32, PRE = AGG + ((ulong)1 << 32);
#else
	uint t = tmp[0];
	ulong AGG = AGGREGATE, PRE = PREFIX;
#endif
	uint base = t * ITEMS * wg;
	barrier(CLK_LOCAL_MEM_FENCE);
#ifdef V4
	__global const int4 *in4 = (__global const int4 *)(in + base);
	for (uint r = 0; r < ITEMS / 4; r++) {
		uint i = (r * wg + lid) * 4;
		int4 x;
		if (base + i + 4 <= n)
			x = in4[r * wg + lid];
		else
			x = (int4)(base + i < n ? in[base + i] : 0, base + i + 1 < n ? in[base + i + 1] : 0,
				   base + i + 2 < n ? in[base + i + 2] : 0, 0);
		uint a = AT(i);
		tile[a] = x.x;
		tile[a + 1] = x.y;
		tile[a + 2] = x.z;
		tile[a + 3] = x.w;
	}
#else
	for (uint r = 0; r < ITEMS; r++) {
		uint i = r * wg + lid;
		tile[AT(i)] = base + i < n ? in[base + i] : 0;
	}
#endif
	barrier(CLK_LOCAL_MEM_FENCE);
	int sum = 0;
#ifdef LOCALSCAN
	for (uint c = 0; c < ITEMS; c++) {
		uint k = AT(lid * ITEMS + c);
		sum += tile[k];
		tile[k] = sum;
	}
#else
	int v[ITEMS];
	for (uint c = 0; c < ITEMS; c++) {
		sum += tile[AT(lid * ITEMS + c)];
		v[c] = sum;
	}
#endif
	int total;
	int before = group_exclusive(tmp, sum, lid, wg, &total);

#ifdef LOCALSCAN
	__local int *seen = tmp + 4, *done = tmp + 4 + 32, *offset = tmp + 72;
#else
	__local int *seen = tile, *done = tile + 32;
#endif
	if (lid == 0) {
		atom_xchg(&status[t], (t > 0 ? AGG : PRE) | (uint)total);
		tmp[1] = 0;
		tmp[2] = t == 0;
#ifdef FIRST1
		if (t > 0) {
			ulong s = atom_add(&status[t - 1], (ulong)0);
			if (s >= PRE) {
				tmp[1] = (int)(uint)s;
				tmp[2] = 1;
			}
		}
#endif
	}
	barrier(CLK_LOCAL_MEM_FENCE);
#ifdef NOLOOK
	if (lid == 0)
		tmp[2] = 1;
	barrier(CLK_LOCAL_MEM_FENCE);
#endif
	for (int last = (int)t - 1; !tmp[2]; last -= LBW * LBQ) {
		if (lid < LBW) {
			ulong s[LBQ];
			for (int q = 0; q < LBQ; q++) {
				int j = last - (int)lid * LBQ - q;
				s[q] = j >= 0 ? atom_add(&status[j], (ulong)0) : PRE;
			}
			int part = 0, found = 0;
			for (int q = 0; q < LBQ; q++) {
				int j = last - (int)lid * LBQ - q;
				if (found)
					break;   // a nearer status word knew its whole prefix
				while (s[q] < AGG)
					s[q] = atom_add(&status[j], (ulong)0);
				part += (int)(uint)s[q];
				found = s[q] >= PRE;
			}
			seen[lid] = part;
			done[lid] = found;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid == 0) {
			int prefix = tmp[1], found = 0;
			for (uint k = 0; k < LBW && !found; k++) {
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
		atom_xchg(&status[t], PRE | (uint)(prefix + total));

#ifdef LOCALSCAN
	offset[lid] = prefix + before;
	barrier(CLK_LOCAL_MEM_FENCE);
#define OUT(i) (tile[AT(i)] + offset[(i) / ITEMS])
#else
	for (uint c = 0; c < ITEMS; c++)
		tile[AT(lid * ITEMS + c)] = v[c] + prefix + before;
	barrier(CLK_LOCAL_MEM_FENCE);
#define OUT(i) tile[AT(i)]
#endif
#ifdef V4
	__global int4 *out4 = (__global int4 *)(out + base);
	for (uint r = 0; r < ITEMS / 4; r++) {
		uint i = (r * wg + lid) * 4;
		int4 x = (int4)(OUT(i), OUT(i + 1), OUT(i + 2), OUT(i + 3));
		if (base + i + 4 <= n)
			out4[r * wg + lid] = x;
		else {
			if (base + i < n) out[base + i] = x.x;
			if (base + i + 1 < n) out[base + i + 1] = x.y;
			if (base + i + 2 < n) out[base + i + 2] = x.z;
		}
	}
#else
	for (uint r = 0; r < ITEMS; r++) {
		uint i = r * wg + lid;
		if (base + i < n)
			out[base + i] = OUT(i);
	}
#endif
}
