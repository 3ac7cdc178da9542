// expect: uninitialized line 23
// diagnosis: local_slot_unwritten
// message: work-items 0-31 had written slots 0-31 of `scratch`
// message: read `scratch[32]`
// Only the first half of the work-items load (four elements each), yet the tree starts at stride
// W/2: its first step reads the upper half of scratch, which no work-item wrote.
__kernel void reduce_seq(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0), wg = get_local_size(0), g = get_group_id(0);
	uint base = g * 2 * wg;
	if (lid < wg / 2) {
		int v = 0;
		for (uint k = 0; k < 4; k++) {
			uint i = base + lid + k * (wg / 2);
			if (i < len)
				v += in[i];
		}
		scratch[lid] = v;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint s = wg / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[g] = scratch[0];
}
