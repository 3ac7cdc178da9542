// expect: pass
// diagnosis: none
// A right alternative: the lesson's padding, one spare slot every 32, which spreads the
// sweeps' strided slots over more banks.
#define PAD(i) ((i) + ((i) >> 5))

__kernel void scan_blelloch(__global const int *in, __global int *out,
			    __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint n = 2 * W;
	uint base = n * get_group_id(0);

	tmp[PAD(lid)] = base + lid < len ? in[base + lid] : 0;
	tmp[PAD(lid + W)] = base + lid + W < len ? in[base + lid + W] : 0;

	uint offset = 1;
	for (uint d = W; d > 0; d >>= 1) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint left = offset * (2 * lid + 1) - 1;
			uint right = offset * (2 * lid + 2) - 1;
			tmp[PAD(right)] += tmp[PAD(left)];
		}
		offset *= 2;
	}

	if (lid == 0)
		tmp[PAD(n - 1)] = 0;

	for (uint d = 1; d < n; d *= 2) {
		offset >>= 1;
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < d) {
			uint left = offset * (2 * lid + 1) - 1;
			uint right = offset * (2 * lid + 2) - 1;
			int t = tmp[PAD(left)];
			tmp[PAD(left)] = tmp[PAD(right)];
			tmp[PAD(right)] += t;
		}
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	if (base + lid < len)
		out[base + lid] = tmp[PAD(lid)];
	if (base + lid + W < len)
		out[base + lid + W] = tmp[PAD(lid + W)];
}
