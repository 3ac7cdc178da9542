// expect: wrong_result
// diagnosis: elements_skipped
// Loads only the first of its two elements: the second half of every group's
// range is never added.
__kernel void reduce_seq(__global const int *in, __global int *out,
			 __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint base = 2 * W * get_group_id(0);

	scratch[lid] = base + lid < len ? in[base + lid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
