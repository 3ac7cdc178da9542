// expect: barrier_divergence
// diagnosis: barrier_divergent
// The loop stops early for work-items that have nothing left to add: they skip barriers the
// others still wait at.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	uint first = get_group_id(0) * 2 * wg + lid;
	scratch[lid] = 0;
	if (first < len)
		scratch[lid] = in[first];
	if (first + wg < len)
		scratch[lid] += in[first + wg];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint stride = 1; 2 * stride * lid < wg && stride < wg; stride *= 2) {
		uint idx = 2 * stride * lid;
		scratch[idx] += scratch[idx + stride];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
// fix: barrier_loop @16
