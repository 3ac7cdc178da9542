// expect: wrong_result
// diagnosis: elements_skipped
// The loop runs only while both loads fit: a last chunk shorter than W + 1 elements is
// skipped whole, its first half too.
__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = 2 * W * get_num_groups(0);

	int sum = 0;
	for (uint i = 2 * W * get_group_id(0) + lid; i + W < len; i += step)
		sum += in[i] + in[i + W];
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
