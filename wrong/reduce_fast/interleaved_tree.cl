// expect: requirement_unmet line 25
// diagnosis: bank_conflict
// message: bank conflicts
// The interleaved tree of memory_4 after a right loop: right sums, but scratch[2*s*lid] puts
// several work-items of a warp on one bank.
__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = 2 * W * get_num_groups(0);

	int sum = 0;
	for (uint i = 2 * W * get_group_id(0) + lid; i < len; i += step) {
		sum += in[i];
		if (i + W < len)
			sum += in[i + W];
	}
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = 1; s < W; s *= 2) {
		uint idx = 2 * s * lid;
		if (idx < W)
			scratch[idx] += scratch[idx + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
