// expect: build_error line 8
// diagnosis: build
// A missing semicolon.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	scratch[lid] = 0
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0)
		out[get_group_id(0)] = scratch[0] + wg + len + in[0];
}
