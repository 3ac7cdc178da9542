// Reference: each work-group sums 2*W elements into out[group].
// [pt-BR] Referência: cada grupo de trabalho soma 2*W elementos em out[group].
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	uint gid = get_global_id(0);

	/* the lesson's pairing: work-item i takes elements 2i and 2i + 1 (reduce_sequential
	 * shows the faster one) */
	scratch[lid] = 0;
	if (2 * gid < len)
		scratch[lid] = in[2 * gid];
	if (2 * gid + 1 < len)
		scratch[lid] += in[2 * gid + 1];
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
