// expect: pass
// diagnosis: none
// A correct alternative: sequential addressing (the stride halves each step).
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	uint lid = get_local_id(0);
	uint wg = get_local_size(0);
	uint first = get_group_id(0) * 2 * wg + lid;
	int sum = 0;
	if (first < len)
		sum = in[first];
	if (first + wg < len)
		sum += in[first + wg];
	scratch[lid] = sum;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (uint s = wg / 2; s > 0; s >>= 1) {
		if (lid < s)
			scratch[lid] += scratch[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[get_group_id(0)] = scratch[0];
}
