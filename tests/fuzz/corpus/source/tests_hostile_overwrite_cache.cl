// Opens a file of the compiler's cache for writing (CLINGS_HOSTILE_PATH), as if to replace
// another kernel's code.
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
#if defined(__x86_64__)
	__constant char *path = CLINGS_HOSTILE_PATH;
	long fd;
	__asm__ volatile("syscall" : "=a"(fd) : "a"(257L), "D"(-100L), "S"(path), "d"(0x201L) : "rcx", "r11", "memory");
#endif
}
