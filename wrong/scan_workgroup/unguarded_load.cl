// expect: out_of_bounds line 12
// diagnosis: guard_missing
// Loads in[gid] for every work-item: the ragged last group reads past the end of `in`.
__kernel void scan_workgroup(__global const int *in, __global int *out,
			     __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint gid = get_global_id(0);
	uint src = 0, dst = W;

	tmp[src + lid] = in[gid];
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint offset = 1; offset < W; offset *= 2) {
		if (lid >= offset)
			tmp[dst + lid] = tmp[src + lid] + tmp[src + lid - offset];
		else
			tmp[dst + lid] = tmp[src + lid];
		barrier(CLK_LOCAL_MEM_FENCE);
		uint t = src;
		src = dst;
		dst = t;
	}

	if (gid < len)
		out[gid] = tmp[src + lid];
}
