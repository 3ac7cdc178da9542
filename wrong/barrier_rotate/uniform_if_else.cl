// expect: pass
// diagnosis: none
// A barrier in both arms of an if/else whose condition is the same for the whole group: legal.
// PoCL 3.1 miscompiles it (the ragged group stores nothing); built without optimisation it is
// right, and so is the analysis: clings must not blame the learner.
__kernel void rotate_left(__global const int *in, __global int *out, __local int *tile, uint len)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint W = get_local_size(0);
	uint start = get_group_id(0) * W;
	if (start + W <= len) {
		tile[lid] = in[gid];
		barrier(CLK_LOCAL_MEM_FENCE);
		out[gid] = tile[(lid + 1) % W];
	} else {
		uint n = len - start;
		if (lid < n)
			tile[lid] = in[gid];
		barrier(CLK_LOCAL_MEM_FENCE);
		if (lid < n)
			out[gid] = tile[(lid + 1) % n];
	}
}
