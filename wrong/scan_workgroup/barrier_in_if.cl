// expect: barrier_divergence line 18
// diagnosis: barrier_divergent
// The barrier moved into `if (lid >= offset)`: the first offset work-items never reach it.
__kernel void scan_workgroup(__global const int *in, __global int *out,
			     __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint gid = get_global_id(0);
	uint src = 0, dst = W;

	tmp[src + lid] = gid < len ? in[gid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint offset = 1; offset < W; offset *= 2) {
		if (lid >= offset) {
			tmp[dst + lid] = tmp[src + lid] + tmp[src + lid - offset];
			barrier(CLK_LOCAL_MEM_FENCE);
		} else {
			tmp[dst + lid] = tmp[src + lid];
		}
		uint t = src;
		src = dst;
		dst = t;
	}

	if (gid < len)
		out[gid] = tmp[src + lid];
}
