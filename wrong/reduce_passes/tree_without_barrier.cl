// expect: data_race
// diagnosis: barrier_missing
// The tree has no barrier between its steps: a step reads slots the previous
// step may not have finished writing.
__kernel void reduce_strided(__global const int *in, __global int *out,
			     __local int *scratch, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);

	int sum = 0;
	for (uint i = gid; i < len; i += get_global_size(0))
		sum += in[i];
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
