// Writes a gigabyte into the channel to the parent.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
#if defined(__x86_64__)
	if (get_global_id(0) == 0) {
		char buf[4096];
		for (int i = 0; i < 4096; i++)
			buf[i] = 'x';
		long r;
		for (int i = 0; i < 262144; i++)
			__asm__ volatile("syscall" : "=a"(r) : "a"(1L), "D"(3L), "S"(buf), "d"(4096L) : "rcx", "r11", "memory");
	}
#endif
}
