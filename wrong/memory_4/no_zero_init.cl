// expect: uninitialized
// diagnosis: local_slot_unwritten
// message: the identity of +
// Slots of work-items past the end of the data are never written, then read by the tree.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	uint first = get_group_id(0) * 2 * wg + lid;
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
