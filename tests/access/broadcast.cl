// 1d. Every lane reads in[0]: one 4-byte word, one sector, and the ideal is one sector too.
// A __local broadcast is conflict-free: lanes reading the same word share it.
// figure: 12 load in 1.0/1.0
// figure: 13 load one 1x
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local int one[1];
	size_t i = get_global_id(0);
	if (get_local_id(0) == 0)
		one[0] = 1;
	barrier(CLK_LOCAL_MEM_FENCE);
	int v = in[0];
	v += one[0];
	out[i] = v;
}
