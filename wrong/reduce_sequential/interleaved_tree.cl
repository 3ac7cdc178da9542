// expect: requirement_unmet line 22
// diagnosis: bank_conflict
// message: local memory (`scratch`) with bank conflicts: up to 8 of them
// The interleaved tree of memory_4: right, but scratch[2*stride*lid] puts several work-items of
// a warp on one bank (2 at W = 64, up to 8 at W = 256, both analysed).
__kernel void reduce_seq(__global const int *in, __global int *out, __local int *scratch, uint len)
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
}
