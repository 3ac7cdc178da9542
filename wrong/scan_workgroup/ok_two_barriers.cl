// expect: pass
// diagnosis: none
// A right alternative: one buffer, but each step reads into a register, waits, then writes,
// and waits again. Two barriers a step instead of a second buffer.
__kernel void scan_workgroup(__global const int *in, __global int *out,
			     __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint gid = get_global_id(0);

	tmp[lid] = gid < len ? in[gid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint offset = 1; offset < W; offset *= 2) {
		int left = lid >= offset ? tmp[lid - offset] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		tmp[lid] += left;
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (gid < len)
		out[gid] = tmp[lid];
}
