// expect: out_of_bounds line 13
// diagnosis: guard_wrong_bound
// Guards the first load only: the second one reads past the end of `in`.
__kernel void reduce_seq(__global const int *in, __global int *out,
			 __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	int sum = 0;
	if (base + lid < len)
		sum = in[base + lid] + in[base + W + lid];
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
