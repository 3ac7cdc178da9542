// expect: data_race line 19
// diagnosis: barrier_missing
// message: On `sums` (local memory)
// Its own __local array instead of the argument, and no barrier between the loads and the tree's
// first step: a work-item adds a neighbour's slot the neighbour may not have written yet.
__kernel void reduce_seq(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	__local int sums[256];
	uint lid = get_local_id(0), wg = get_local_size(0), g = get_group_id(0);
	uint first = g * 2 * wg + lid;
	int v = 0;
	if (first < len)
		v = in[first];
	if (first + wg < len)
		v += in[first + wg];
	sums[lid] = v;
	for (uint s = wg / 2; s > 0; s >>= 1) {
		if (lid < s)
			sums[lid] += sums[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[g] = sums[0];
}
