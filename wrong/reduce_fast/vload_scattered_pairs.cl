// expect: requirement_unmet line 18
// diagnosis: uncoalesced_access
// message: At line 18 the 32 work-items of a warp read `in` together
// Pairs read with vload2, but neighbouring work-items take pairs 17 apart: each load of a
// warp touches twice the sectors it needs, as its scalar twin would.
__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = 2 * W * get_num_groups(0);

	// each work-item takes a pair of the chunk, neighbours 17 pairs apart
	int sum = 0;
	for (uint c = 2 * W * get_group_id(0); c < len; c += step) {
		uint i = c + 2 * (lid * 17 % W);
		if (i + 1 < len) {
			int2 v = vload2(0, in + i);
			sum += v.x + v.y;
		} else if (i < len) {
			sum += in[i];
		}
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
