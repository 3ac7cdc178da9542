// expect: wrong_result
// diagnosis: scan_combine_wrong
// Never swaps the halves: every step reads the loaded values again, so each slot ends with
// its element plus the one offset = W/2 to its left.
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
	}

	if (gid < len)
		out[gid] = tmp[dst + lid];
}
