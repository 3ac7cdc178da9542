// expect: data_race here
// diagnosis: barrier_missing
// message: no barrier between the two
// message: OpenCL promises no lockstep within a warp
// The last six steps copied from a warp-synchronous CUDA kernel: `volatile` and no barriers.
// OpenCL promises no lockstep, so work-item 0 may read slot 1 before work-item 1 has added
// into it.
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

	for (uint s = W / 2; s > 32; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid < 32) {
		volatile __local int *v = scratch;
		v[lid] += v[lid + 32];
		v[lid] += v[lid + 16];
		v[lid] += v[lid + 8];
		v[lid] += v[lid + 4];
		v[lid] += v[lid + 2];
		v[lid] += v[lid + 1];   // <- here
	}

	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
