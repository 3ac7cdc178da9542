// expect: wrong_result
// diagnosis: stride_wrong
// Steps by the number of work-items, as reduce_passes did, but each round covers 2W elements
// a group: the chunks overlap and many elements are added twice.
__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = get_global_size(0);

	int sum = 0;
	for (uint i = 2 * W * get_group_id(0) + lid; i < len; i += step) {
		sum += in[i];
		if (i + W < len)
			sum += in[i + W];
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
