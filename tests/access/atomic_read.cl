// 1d. Each work-item counts into its neighbour's counter with atomic_inc (the old value dropped:
// only a write), then, after a barrier, takes its own counter with atomic_xchg: the old value it
// keeps is a read of what another work-item stored, so the counters are shared.
// figure: 13 load counts shared
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local uint counts[32];
	size_t l = get_local_id(0), i = get_global_id(0);
	counts[l] = 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_inc(&counts[(l + 1) % 32]);
	barrier(CLK_LOCAL_MEM_FENCE);
	out[i] = (int)atomic_xchg(&counts[l], 0u);
}
