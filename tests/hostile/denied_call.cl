// Makes one system call a kernel has no use for (CLINGS_HOSTILE_NR, arguments CLINGS_HOSTILE_A0
// to A5; z is a zeroed buffer for those that take a structure) and, if the call comes back, puts
// what it returned into its output: the sandbox must end the run on the call instead.
#ifndef CLINGS_HOSTILE_A0
#define CLINGS_HOSTILE_A0 0L
#endif
#ifndef CLINGS_HOSTILE_A1
#define CLINGS_HOSTILE_A1 0L
#endif
#ifndef CLINGS_HOSTILE_A2
#define CLINGS_HOSTILE_A2 0L
#endif
#ifndef CLINGS_HOSTILE_A3
#define CLINGS_HOSTILE_A3 0L
#endif
#ifndef CLINGS_HOSTILE_A4
#define CLINGS_HOSTILE_A4 0L
#endif
__kernel void reduction(__global const int *in, __global int *out, __local int *scratch, uint len)
{
#if defined(__x86_64__)
	if (get_global_id(0) == 0) {
		char z[256];
		for (int i = 0; i < 256; i++)
			z[i] = 0;
		long ret;
		long a3 = (long)(CLINGS_HOSTILE_A3), a4 = (long)(CLINGS_HOSTILE_A4);
		__asm__ volatile("mov %[a3], %%r10\n\tmov %[a4], %%r8\n\tsyscall"
				 : "=a"(ret)
				 : "a"((long)(CLINGS_HOSTILE_NR)), "D"((long)(CLINGS_HOSTILE_A0)),
				   "S"((long)(CLINGS_HOSTILE_A1)), "d"((long)(CLINGS_HOSTILE_A2)),
				   [a3] "r"(a3), [a4] "r"(a4)
				 : "rcx", "r11", "r10", "r8", "memory");
		out[0] = 0x5ec0de00 + (int)ret;   /* the call came back: its result, where a check shows it */
	}
#endif
}
