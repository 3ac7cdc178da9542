// expect: out_of_bounds line 22
// diagnosis: stride_wrong
// message: The access is already guarded (line 21)
// Starts the stride at W, as a kernel with 2W slots would: scratch has only W.
__kernel void reduce_seq(__global const int *in, __global int *out,
			 __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	int sum = 0;
	if (base + lid < len)
		sum = in[base + lid];
	if (base + W + lid < len)
		sum += in[base + W + lid];
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
