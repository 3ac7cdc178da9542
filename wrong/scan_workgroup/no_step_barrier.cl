// expect: data_race line 19
// diagnosis: barrier_missing
// message: no barrier between the two
// Double-buffered, but no barrier in the loop: a step reads slots of the step before that
// other work-items may not have written yet.
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
		if (lid >= offset)
			tmp[dst + lid] = tmp[src + lid] + tmp[src + lid - offset];
		else
			tmp[dst + lid] = tmp[src + lid];
		uint t = src;
		src = dst;
		dst = t;
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	if (gid < len)
		out[gid] = tmp[src + lid];
}
