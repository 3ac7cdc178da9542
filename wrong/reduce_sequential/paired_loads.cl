// expect: requirement_unmet line 14
// diagnosis: uncoalesced_access
// message: read `in` together
// message: touches 6.6 different 32-byte sectors on average, where 3.4
// Each work-item loads the pair in[2i], in[2i + 1]: right sums, but neighbouring work-items
// read elements two apart, so each load of a warp touches twice the sectors it needs.
__kernel void reduce_seq(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint i = 2 * get_global_id(0);
	int sum = 0;
	if (i < len)
		sum = in[i];
	if (i + 1 < len)
		sum += in[i + 1];
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
