// Variants of the one-pass scan for scan-onepass.c (docs/performance.md), tile ITEMS x W:
//   (none)        work-item 0 looks back one status word at a time, with volatile reads
//   -DATOMIC_LOOK reads status words with atom_add(p, 0) instead of volatile loads
//   -DWINDOW      the first 32 work-items read 32 status words at once (the course's reference)
//   -DEPOCH       no clearing kernel: tickets count on across runs, the status words are tagged
//                 with the run (ticket / groups), and scan_pass takes `groups` as its last argument
//   -DVEC4        the rounds read and write four ints a work-item with vload4 / vstore4
//   -DRAKE        the group's scan in two levels of 16 (three barriers) instead of Hillis-Steele
// A volatile read of a word another group writes with atom_xchg is a data race for OpenCL 1.2
// and for Oclgrind: these variants are for timing only, never for the course.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#ifndef ITEMS
#define ITEMS 16
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
#ifdef VEC4
	for (uint r = 0; r < ITEMS / 4; r++) {
		uint i = (r * wg + lid) * 4;
		int4 x;
		if (base + i + 4 <= n)
			x = vload4(0, in + base + i);
		else
			x = (int4)(base + i < n ? in[base + i] : 0, base + i + 1 < n ? in[base + i + 1] : 0,
				   base + i + 2 < n ? in[base + i + 2] : 0, base + i + 3 < n ? in[base + i + 3] : 0);
		vstore4(x, 0, tile + AT(i));
	}
#else
	for (uint r = 0; r < ITEMS; r++) {
		uint i = r * wg + lid;
		tile[AT(i)] = base + i < n ? in[base + i] : 0;
	}
#endif
	barrier(CLK_LOCAL_MEM_FENCE);
	int v[ITEMS];
	int sum = 0;
	for (uint c = 0; c < ITEMS; c++) {
		sum += tile[AT(lid * ITEMS + c)];
		v[c] = sum;
	}
	int total;
	int before = group_exclusive(tmp, sum, lid, wg, &total);
#ifdef WINDOW
	__local int *win = tile;   // the tile's values are in v[] now
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0) {
		atom_xchg(&status[t], (t > 0 ? AGG : PRE) | (uint)total);
		tmp[1] = 0;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	int prefix = 0;
	if (t > 0) {
		for (int end = (int)t - 1;; end -= 32) {
			if (lid < 32) {
				int j = end - (int)lid;
				ulong s = PRE;
				if (j >= 0)
					do
#ifdef ATOMIC_LOOK
						s = atom_add(&status[j], (ulong)0);
#else
						s = *(volatile __global ulong *)&status[j];
#endif
					while (s < AGG);
				win[2 * lid] = (int)(uint)s;
				win[2 * lid + 1] = s >= PRE;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			if (lid == 0) {
				int done = 0, p = tmp[1];
				for (uint k = 0; k < 32 && !done; k++) {
					p += win[2 * k];
					done = win[2 * k + 1];
				}
				tmp[1] = p;
				tmp[2] = done;
			}
			barrier(CLK_LOCAL_MEM_FENCE);
			prefix = tmp[1];
			if (tmp[2])
				break;
		}
		if (lid == 0)
			atom_xchg(&status[t], PRE | (uint)(prefix + total));
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0)
		tmp[0] = prefix;
#else
	if (lid == 0) {
		int prefix = 0;
		if (t > 0) {
			atom_xchg(&status[t], AGG | (uint)total);
			for (uint j = t - 1;; j--) {
				ulong s;
#ifdef ATOMIC_LOOK
				do
					s = atom_add(&status[j], (ulong)0);
				while (s < AGG);
#else
				do
					s = *(volatile __global ulong *)&status[j];
				while (s < AGG);
#endif
				prefix += (int)(uint)s;
				if (s >= PRE)
					break;
			}
		}
		atom_xchg(&status[t], PRE | (uint)(prefix + total));
		tmp[0] = prefix;
	}
#endif
	barrier(CLK_LOCAL_MEM_FENCE);
	int add = tmp[0] + before;
	for (uint c = 0; c < ITEMS; c++)
		tile[AT(lid * ITEMS + c)] = v[c] + add;
	barrier(CLK_LOCAL_MEM_FENCE);
#ifdef VEC4
	for (uint r = 0; r < ITEMS / 4; r++) {
		uint i = (r * wg + lid) * 4;
		int4 x = vload4(0, tile + AT(i));
		if (base + i + 4 <= n)
			vstore4(x, 0, out + base + i);
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
			out[base + i] = tile[AT(i)];
	}
#endif
}
