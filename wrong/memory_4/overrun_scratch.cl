// expect: out_of_bounds line 10
// diagnosis: index_offset
// message: the memory past the end happened to be there
// Each work-item clears its own slot and the next one: the last work-item writes scratch[wg].
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	uint first = get_group_id(0) * 2 * wg + lid;
	scratch[lid + 1] = 0;
	scratch[lid] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (first < len)
		scratch[lid] = in[first];
	if (first + wg < len)
		scratch[lid] += in[first + wg];
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
