// expect: data_race line 19
// diagnosis: barrier_missing
// message: no barrier between the two
// message: write into the other half of tmp
// One buffer, one barrier a step: work-item lid reads slot lid - offset while the work-item
// that owns it may already have added into it.
__kernel void scan_workgroup(__global const int *in, __global int *out,
			     __local int *tmp, uint len)
{
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint gid = get_global_id(0);

	tmp[lid] = gid < len ? in[gid] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);

	for (uint offset = 1; offset < W; offset *= 2) {
		if (lid >= offset)
			tmp[lid] += tmp[lid - offset];
		barrier(CLK_LOCAL_MEM_FENCE);
	}

	if (gid < len)
		out[gid] = tmp[lid];
}
