// 1d. Each work-item reads the slot of its mirror, 31 - l: shared. Still 32 different
// consecutive words: 1x.
// figure: 11 load buf shared
// figure: 11 load buf 1x
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local int buf[32];
	size_t l = get_local_id(0), i = get_global_id(0);
	buf[l] = in[i];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[i] = buf[31 - l];
}
