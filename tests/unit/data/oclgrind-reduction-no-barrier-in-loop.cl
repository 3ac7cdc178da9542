__kernel void reduction(__global const int *in, __global int *out,
			__local int *scratch, uint len)
{
	size_t lid = get_local_id(0);
	size_t W = get_local_size(0);
	size_t i = 2 * get_global_id(0);

	scratch[lid] = 0;
	if (i < len)
		scratch[lid] = in[i];
	if (i + 1 < len)
		scratch[lid] += in[i + 1];
	barrier(CLK_LOCAL_MEM_FENCE);

	for (size_t stride = 1; stride < W; stride *= 2) {
		size_t idx = 2 * stride * lid;
		if (idx < W)
			scratch[idx] += scratch[idx + stride];
		// (no barrier here)
	}
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
