// expect: out_of_bounds
// diagnosis: contract_ignored
// message: wrote `buf[64]`, one past the end: buf (local memory) holds 64 elements
// Declares its own scratch of 64 ints instead of using the argument: right for W = 64, and a
// write past its end for every larger work-group.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	__local int buf[64];
	size_t lid = get_local_id(0), W = get_local_size(0), g = get_group_id(0);
	size_t base = 2 * W * g;
	int v = 0;
	if (base + lid < len)
		v += in[base + lid];
	if (base + W + lid < len)
		v += in[base + W + lid];
	buf[lid] = v;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (size_t s = W / 2; s > 0; s >>= 1) {
		if (lid < s)
			buf[lid] += buf[lid + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (lid == 0)
		out[g] = buf[0];
}
