// expect: requirement_unmet line 15
// diagnosis: uncoalesced_access
// message: touches 7.5 different 32-byte sectors on average, where 3.8
// Each work-item takes a neighbouring pair of its chunk, 2*lid and 2*lid + 1: the right
// elements, but each load of a warp touches twice the sectors it needs.
__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = 2 * W * get_num_groups(0);

	int sum = 0;
	for (uint i = 2 * W * get_group_id(0) + 2 * lid; i < len; i += step) {
		sum += in[i];
		if (i + 1 < len)
			sum += in[i + 1];
	}
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
