// Creates a file outside the course (the path is the test's: CLINGS_HOSTILE_PATH below).
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
#if defined(__x86_64__)
	__constant char *path = CLINGS_HOSTILE_PATH;
	long fd;
	__asm__ volatile("syscall" : "=a"(fd) : "a"(2L), "D"(path), "S"(0x41L), "d"(0644L) : "rcx", "r11", "memory");
	if (fd >= 0) {
		long ret;
		__asm__ volatile("syscall" : "=a"(ret) : "a"(1L), "D"(fd), "S"(path), "d"(4L) : "rcx", "r11", "memory");
	}
#endif
	size_t g = get_group_id(0), l = get_local_id(0), w = get_local_size(0);
	if (l == 0) {
		int s = 0;
		for (size_t i = g * 2 * w; i < (g + 1) * 2 * w && i < len; i++)
			s += in[i];
		out[g] = s;
	}
}
