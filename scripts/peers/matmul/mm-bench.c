/*
 * mm-bench.c: checks and times a matmul kernel of matmul_register's signature (variants.cl with
 * its -D switches, or any solution) on the first OpenCL GPU (else the first device). A and B
 * random in [-1, 1]; C filled with NaN first; the result is checked in double on the host (every
 * element up to 2^27 multiply-adds, else 4096 sampled ones), then 3 warm-up runs and the median
 * of 7 timed by profiling events, as GFLOP/s (2 M N K).
 * With BUILDLOG=1 it prints the build log's lines on registers and spills (-cl-nv-verbose).
 * With PTX=FILE it writes the program's binary (NVIDIA: its PTX) there.
 * Build: cc -O2 scripts/peers/matmul/mm-bench.c -lOpenCL -lm
 * Usage: mm-bench KERNEL.cl BN M N K ['-DDB -DVEC ...']
 * The work-group is 16 x 16 and computes 128 rows unless the environment says otherwise: BM
 * (rows of C a work-group computes), LX and LY (its size), for general.cl's -DBM, -DLX, -DWR...
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define CK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s:%d: %d\n", __FILE__, __LINE__, e_); exit(1); } } while (0)
static char *slurp(const char *p) { FILE *f = fopen(p, "rb"); if (!f) { perror(p); exit(1); } fseek(f, 0, 2); long n = ftell(f); rewind(f); char *s = malloc(n + 1); if (fread(s, 1, n, f) != (size_t)n) exit(1); s[n] = 0; fclose(f); return s; }
static int cmpd(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv)
{
	if (argc < 6) { fprintf(stderr, "usage: mm-bench KERNEL.cl BN M N K [OPTS]\n"); return 2; }
	const char *file = argv[1]; size_t bn = atoi(argv[2]); cl_uint M = atoi(argv[3]), N = atoi(argv[4]), K = atoi(argv[5]);
	const char *extra = argc > 6 ? argv[6] : "";
	cl_platform_id pl[4]; cl_uint np; CK(clGetPlatformIDs(4, pl, &np));
	cl_device_id dev = 0; for (cl_uint i = 0; i < np && !dev; i++) if (clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_GPU, 1, &dev, 0)) dev = 0;
	if (!dev) CK(clGetDeviceIDs(pl[0], CL_DEVICE_TYPE_ALL, 1, &dev, 0));
	cl_int e; cl_context cx = clCreateContext(0, 1, &dev, 0, 0, &e); CK(e);
	cl_command_queue q = clCreateCommandQueue(cx, dev, CL_QUEUE_PROFILING_ENABLE, &e); CK(e);
	char *src = slurp(file); char opts[512]; snprintf(opts, sizeof opts, "-cl-kernel-arg-info %s", extra);
	cl_program p = clCreateProgramWithSource(cx, 1, (const char **)&src, 0, &e); CK(e);
	if (clBuildProgram(p, 1, &dev, opts, 0, 0)) { static char log[200000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); fprintf(stderr, "%s\n", log); return 1; }
	if (getenv("BUILDLOG")) {   /* e.g. with -cl-nv-verbose: ptxas's registers and spills */
		static char log[200000]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0);
		for (char *l = strtok(log, "\n"); l; l = strtok(0, "\n")) if (strstr(l, "registers") || strstr(l, "spill")) printf("  %s\n", l);
	}
	if (getenv("PTX")) {
		size_t sz; CK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sz, &sz, 0));
		unsigned char *bin = malloc(sz + 1); CK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, 0));
		FILE *f = fopen(getenv("PTX"), "wb"); if (f) { fwrite(bin, 1, sz, f); fclose(f); }
	}
	cl_kernel k = clCreateKernel(p, "matmul", &e); CK(e);
	float *a = malloc((size_t)M * K * 4 + 4), *b = malloc((size_t)K * N * 4 + 4), *c = malloc((size_t)M * N * 4 + 4);
	srand(M * 7 + N * 13 + K);
	for (size_t i = 0; i < (size_t)M * K; i++) a[i] = rand() / (RAND_MAX / 2.0f) - 1;
	for (size_t i = 0; i < (size_t)K * N; i++) b[i] = rand() / (RAND_MAX / 2.0f) - 1;
	for (size_t i = 0; i < (size_t)M * N; i++) c[i] = NAN;
	cl_mem da = clCreateBuffer(cx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)M * K * 4 + 4, a, &e); CK(e);
	cl_mem db = clCreateBuffer(cx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (size_t)K * N * 4 + 4, b, &e); CK(e);
	cl_mem dc = clCreateBuffer(cx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (size_t)M * N * 4 + 4, c, &e); CK(e);
	CK(clSetKernelArg(k, 0, sizeof da, &da)); CK(clSetKernelArg(k, 1, sizeof db, &db)); CK(clSetKernelArg(k, 2, sizeof dc, &dc));
	CK(clSetKernelArg(k, 3, 4, &M)); CK(clSetKernelArg(k, 4, 4, &N)); CK(clSetKernelArg(k, 5, 4, &K));
	size_t bm = getenv("BM") ? atoi(getenv("BM")) : 128;
	size_t l[2] = { getenv("LX") ? atoi(getenv("LX")) : 16, getenv("LY") ? atoi(getenv("LY")) : 16 };
	size_t g[2] = { (N + bn - 1) / bn * l[0], (M + bm - 1) / bm * l[1] };
	cl_event ev;
	CK(clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &ev)); CK(clFinish(q));
	CK(clEnqueueReadBuffer(q, dc, 1, 0, (size_t)M * N * 4, c, 0, 0, 0));
	size_t all = (size_t)M * N, checks = (double)M * N * K <= (1 << 27) ? all : 4096, bad = 0;
	double worst = 0;
	for (size_t s = 0; s < checks; s++) {
		size_t idx = checks == all ? s : (size_t)(((unsigned long long)rand() << 16 ^ rand()) % all);
		size_t i = idx / N, j = idx % N; double r = 0, mag = 0;
		for (size_t t = 0; t < K; t++) { r += (double)a[i * K + t] * b[t * N + j]; mag += fabs((double)a[i * K + t] * b[t * N + j]); }
		double err = fabs(c[idx] - r);
		if (!(err <= 1e-5 * mag + 1e-6)) { if (bad++ < 3) fprintf(stderr, "C[%zu][%zu] = %g, want %g\n", i, j, c[idx], r); }
		if (mag > 0 && err / mag > worst) worst = err / mag;
	}
	if (bad) { printf("%s [%s] %ux%ux%u: WRONG (%zu of %zu checked)\n", file, extra, M, N, K, bad, checks); return 1; }
	double ts[10];
	for (int r = 0; r < 10; r++) {
		CK(clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &ev)); CK(clFinish(q));
		cl_ulong s0, s1; CK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &s0, 0)); CK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &s1, 0));
		ts[r] = (s1 - s0) * 1e-9; clReleaseEvent(ev);
	}
	qsort(ts + 3, 7, 8, cmpd);
	double t = ts[3 + 3];
	printf("mm %-40s BN=%-3zu %ux%ux%u: %.1f us %.0f GFLOP/s (checked %zu, worst rel %.1e)\n", extra, bn, M, N, K, t * 1e6, 2.0 * M * N * K / t / 1e9, checks, worst);
	return 0;
}
