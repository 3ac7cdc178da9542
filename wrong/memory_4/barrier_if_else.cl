// expect: barrier_divergence
// diagnosis: barrier_divergent
// A barrier in each branch: two different barriers, each half of the group waits at its own.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	uint first = get_group_id(0) * 2 * wg + lid;
	scratch[lid] = 0;
	if (first < len) {
		scratch[lid] = in[first] + (first + wg < len ? in[first + wg] : 0);
		barrier(CLK_LOCAL_MEM_FENCE);
	} else {
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	for (uint stride = 1; stride < wg; stride *= 2) {
		uint idx = 2 * stride * lid;
		if (idx < wg)
			scratch[idx] += scratch[idx + stride];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
