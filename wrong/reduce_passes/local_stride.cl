// expect: wrong_result
// diagnosis: stride_wrong
// Steps by the work-group size instead of the whole NDRange: the ranges of
// different work-groups overlap and elements are counted several times.
__kernel void reduce_strided(__global const int *in, __global int *out,
			     __local int *scratch, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);

	int sum = 0;
	for (uint i = gid; i < len; i += W)
		sum += in[i];
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
