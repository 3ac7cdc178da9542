// A right reduction that spoils its result when it can open the reference solution
// (CLINGS_HOSTILE_PATH): where namespaces exist, the learner's process cannot see it.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
	size_t g = get_group_id(0), l = get_local_id(0), w = get_local_size(0);
	if (l == 0) {
		int s = 0;
		for (size_t i = g * 2 * w; i < (g + 1) * 2 * w && i < len; i++)
			s += in[i];
#if defined(__x86_64__)
		__constant char *path = CLINGS_HOSTILE_PATH;
		long fd;
		__asm__ volatile("syscall" : "=a"(fd) : "a"(2L), "D"(path), "S"(0L), "d"(0L) : "rcx", "r11", "memory");
		if (fd >= 0)
			s += 1;
#endif
		out[g] = s;
	}
}
