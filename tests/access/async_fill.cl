// 1d. The block is filled by async_work_group_copy, the whole group's copy: each work-item then
// reads a value it did not store itself, shared.
// figure: 10 load buf shared
__kernel void k(__global const int *in, __global int *out, uint len)
{
	__local int buf[32];
	size_t l = get_local_id(0), i = get_global_id(0);
	event_t e = async_work_group_copy(buf, in + get_group_id(0) * 32, 32, 0);
	wait_group_events(1, &e);
	out[i] = buf[l];
}
