// expect: wrong_result
// diagnosis: elements_skipped
// Each work-item loads one element instead of two: half of the group's slice is lost.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	uint first = get_group_id(0) * 2 * wg + lid;
	scratch[lid] = 0;
	if (first < len)
		scratch[lid] = in[first];
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint stride = 1; stride < wg; stride *= 2) {
		uint idx = 2 * stride * lid;
		if (idx < wg)
			scratch[idx] += scratch[idx + stride];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
