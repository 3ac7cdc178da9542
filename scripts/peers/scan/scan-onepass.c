/*
 * scan-onepass.c: times a one-pass scan (its kernels scan_clear and scan_pass, the signatures of
 * checks/scan_fast.ini) at any tile size, beside a copy of the same bytes, on the first OpenCL GPU
 * (else the first device). The variants docs/performance.md compares: solutions/scan_fast.cl,
 * wrong/scan_fast/ok_serial_lookback.cl, variants.cl and wide.cl (the reference with switches
 * for the look-back's window, 16-byte loads and no clearing) with their -D switches. Each run clears
 * with scan_clear (except with -DEPOCH, which needs no clearing), the output is checked against
 * the host's scan after the first and the last run, and the median of 22 runs after 3 is printed
 * with the copy's, both timed by profiling events from the first launch's start to the last's end.
 * With NOCHECK among the switches the output is not checked (wide.cl's -DNOLOOK, timing alone);
 * with BUILDLOG set in the environment the build log is printed (NVIDIA's -cl-nv-verbose: registers).
 * Build: cc -O2 scripts/peers/scan/scan-onepass.c -lOpenCL
 * Usage: scan-onepass KERNELS.cl ITEMS WG N ['-DWINDOW -DATOMIC_LOOK ...']
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define CK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s:%d: %d\n", __FILE__, __LINE__, e_); exit(1); } } while (0)
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); if (!f) { perror(p); exit(1); } fseek(f, 0, 2); long n = ftell(f); rewind(f); char *s = malloc(n + 1); fread(s, 1, n, f); s[n] = 0; fclose(f); return s; }
static double evt(cl_event a, cl_event b) { cl_ulong s, e; clGetEventProfilingInfo(a, CL_PROFILING_COMMAND_START, 8, &s, 0); clGetEventProfilingInfo(b, CL_PROFILING_COMMAND_END, 8, &e, 0); return (e - s) * 1e-9; }
static int cmpd(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv)
{
	const char *file = argv[1]; int items = atoi(argv[2]); size_t wg = atoi(argv[3]); size_t n = strtoull(argv[4], 0, 0);
	const char *extra = argc > 5 ? argv[5] : ""; int epoch = strstr(extra, "EPOCH") != NULL, nocheck = strstr(extra, "NOCHECK") != NULL;
	cl_platform_id pl[4]; cl_uint np; CK(clGetPlatformIDs(4, pl, &np));
	cl_device_id dev = 0; for (cl_uint i = 0; i < np && !dev; i++) if (clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_GPU, 1, &dev, 0)) dev = 0;
	if (!dev) CK(clGetDeviceIDs(pl[0], CL_DEVICE_TYPE_ALL, 1, &dev, 0));
	cl_int e; cl_context cx = clCreateContext(0, 1, &dev, 0, 0, &e); CK(e);
	cl_command_queue q = clCreateCommandQueue(cx, dev, CL_QUEUE_PROFILING_ENABLE, &e); CK(e);
	char *src = slurp(file); char opts[256]; snprintf(opts, sizeof opts, "-DITEMS=%d %s", items, extra);
	const char *copy = "__kernel void copy(__global const uint4 *a, __global uint4 *b) { b[get_global_id(0)] = a[get_global_id(0)]; }";
	cl_program p = clCreateProgramWithSource(cx, 1, (const char **)&src, 0, &e); CK(e);
	if (clBuildProgram(p, 1, &dev, opts, 0, 0)) { char log[20000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); fprintf(stderr, "%s\n", log); return 1; }
	if (getenv("BUILDLOG")) { char log[20000] = ""; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); fprintf(stderr, "%s\n", log); }
	cl_program pc = clCreateProgramWithSource(cx, 1, &copy, 0, &e); CK(e); CK(clBuildProgram(pc, 1, &dev, "", 0, 0));
	cl_kernel kc = clCreateKernel(p, "scan_clear", &e); CK(e); cl_kernel kp = clCreateKernel(p, "scan_pass", &e); CK(e); cl_kernel kcp = clCreateKernel(pc, "copy", &e); CK(e);
	size_t tile = items * wg; cl_uint groups = (n + tile - 1) / tile; cl_uint nn = n;
	int *h = malloc(n * 4), *o = malloc(n * 4); srand(1); for (size_t i = 0; i < n; i++) h[i] = rand() % 2001 - 1000;
	cl_mem in = clCreateBuffer(cx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, h, &e); CK(e);
	cl_mem out = clCreateBuffer(cx, CL_MEM_READ_WRITE, n * 4, 0, &e); CK(e);
	cl_mem st = clCreateBuffer(cx, CL_MEM_READ_WRITE, groups * 8, 0, &e); CK(e);
	cl_mem tk = clCreateBuffer(cx, CL_MEM_READ_WRITE, 4, 0, &e); CK(e);
	CK(clSetKernelArg(kc, 0, sizeof st, &st)); CK(clSetKernelArg(kc, 1, sizeof tk, &tk)); CK(clSetKernelArg(kc, 2, 4, &groups));
	CK(clSetKernelArg(kp, 0, sizeof in, &in)); CK(clSetKernelArg(kp, 1, sizeof out, &out)); CK(clSetKernelArg(kp, 2, sizeof st, &st)); CK(clSetKernelArg(kp, 3, sizeof tk, &tk));
	CK(clSetKernelArg(kp, 4, (tile + tile / 32 + 64) * 4, 0)); CK(clSetKernelArg(kp, 5, (2 * wg + 128) * 4, 0)); CK(clSetKernelArg(kp, 6, 4, &nn)); if (epoch) CK(clSetKernelArg(kp, 7, 4, &groups));
	{ cl_ulong z = 0; CK(clEnqueueFillBuffer(q, st, &z, 8, 0, groups * 8, 0, 0, 0)); cl_uint z4 = 0; CK(clEnqueueFillBuffer(q, tk, &z4, 4, 0, 4, 0, 0, 0)); CK(clFinish(q)); }
	CK(clSetKernelArg(kcp, 0, sizeof in, &in)); CK(clSetKernelArg(kcp, 1, sizeof out, &out));
	size_t gc = (groups + 255) / 256 * 256, gp = groups * wg, gcopy = n / 4, l256 = 256;
	double ts[30], tcs[30];
	for (int r = 0; r < 25; r++) {
		cl_event a, b, c;
		if (!epoch) CK(clEnqueueNDRangeKernel(q, kc, 1, 0, &gc, &l256, 0, 0, &a));
		CK(clEnqueueNDRangeKernel(q, kp, 1, 0, &gp, &wg, 0, 0, &b));
		CK(clFinish(q));
		if (!nocheck && (r == 0 || r == 24)) {
			CK(clEnqueueReadBuffer(q, out, 1, 0, n * 4, o, 0, 0, 0));
			int s = 0; size_t bad = 0; for (size_t i = 0; i < n; i++) { s += h[i]; if (o[i] != s && bad++ < 3) fprintf(stderr, "bad at %zu: %d vs %d\n", i, o[i], s); }
			if (bad) { printf("%s items=%d wg=%zu: WRONG (%zu bad)\n", file, items, wg, bad); return 1; }
		}
		ts[r] = epoch ? evt(b, b) : evt(a, b);
		CK(clEnqueueNDRangeKernel(q, kcp, 1, 0, &gcopy, gcopy % 256 ? NULL : &l256, 0, 0, &c)); CK(clFinish(q)); tcs[r] = evt(c, c);
	}
	qsort(ts + 3, 22, 8, cmpd); qsort(tcs + 3, 22, 8, cmpd);
	double t = ts[3 + 11], tc = tcs[3 + 11];
	printf("%-4s %-24s items=%2d wg=%3zu n=%zu: scan %.1f us %.0f GB/s, copy %.1f us %.0f GB/s, %.1f%%\n", "", extra, items, wg, n, t * 1e6, 8.0 * n / t / 1e9, tc * 1e6, 8.0 * n / tc / 1e9, 100 * tc / t);
	return 0;
}
