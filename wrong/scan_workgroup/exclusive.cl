// expect: wrong_result
// diagnosis: scan_inclusive_exclusive
// Writes the slot to the left: the exclusive scan (the sum before the element, not up to it).
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
		barrier(CLK_LOCAL_MEM_FENCE);
		uint t = src;
		src = dst;
		dst = t;
	}

	if (gid < len)
		out[gid] = lid > 0 ? tmp[src + lid - 1] : 0;
}
