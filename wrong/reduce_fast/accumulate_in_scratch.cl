// expect: uninitialized line 12
// diagnosis: output_not_cleared
// Accumulates straight into scratch[lid], which starts with whatever was there.
__kernel void reduce_fast(__global const int *in, __global int *out,
			  __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint step = 2 * W * get_num_groups(0);

	for (uint i = 2 * W * get_group_id(0) + lid; i < len; i += step) {
		scratch[lid] += in[i];
		if (i + W < len)
			scratch[lid] += in[i + W];
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
