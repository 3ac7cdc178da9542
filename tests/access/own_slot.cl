// 1d. Each work-item stores to its own slot and reads back that same slot: nothing is shared,
// whatever the barrier says. Both are 32 consecutive words: 1x.
// figure: 10 store buf 1x
// figure: 12 load buf 1x
// figure: 12 load buf private
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local int buf[32];
	size_t l = get_local_id(0), i = get_global_id(0);
	buf[l] = in[i];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[i] = buf[l];
}
