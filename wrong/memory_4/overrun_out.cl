// expect: out_of_bounds line 26
// expect: out_of_bounds [--no-analysis]
// diagnosis: index_offset
// message: Every store into 'out' is already guarded
// The last work-item also writes one element past the group's slot: out[groups] is past the end.
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
	for (uint stride = 1; stride < wg; stride *= 2) {
		uint idx = 2 * stride * lid;
		if (idx < wg)
			scratch[idx] += scratch[idx + stride];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
	if (lid == 1 && get_group_id(0) == get_num_groups(0) - 1)
		out[get_group_id(0) + 1] = 0;
}
