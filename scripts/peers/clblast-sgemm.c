/*
 * clblast-sgemm.c: CLBlast's SGEMM (C = A x B, row-major floats, n x n) on the first OpenCL GPU,
 * the peer scripts/device-bench puts beside matmul_register. Two warm-up calls (CLBlast builds
 * its kernels on the first), then the median of seven, each timed from the call to clFinish on
 * the host's monotonic clock (CLBlast may run more than one kernel a call). Prints
 * "clblast_sgemm N SECONDS GFLOPS DEVICE".
 * Build: cc -O2 -I<clblast include> scripts/peers/clblast-sgemm.c -lclblast -lOpenCL
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <clblast_c.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define RUNS 7
#define WARMUP 2

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? (size_t)atol(argv[1]) : 4096;
	cl_platform_id platforms[8];
	cl_uint np = 0;
	cl_device_id dev = NULL;
	clGetPlatformIDs(8, platforms, &np);
	for (cl_uint p = 0; p < np && !dev; p++)
		if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS)
			dev = NULL;
	if (!dev) {
		fprintf(stderr, "clblast-sgemm: no OpenCL GPU\n");
		return 1;
	}
	char name[256] = "?";
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(name), name, NULL);
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
	size_t bytes = n * n * sizeof(float);
	float *host = malloc(bytes);
	for (size_t i = 0; i < n * n; i++)
		host[i] = (float)rand() / RAND_MAX - 0.5f;
	cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
	cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
	if (err != CL_SUCCESS) {
		fprintf(stderr, "clblast-sgemm: buffers: %d\n", err);
		return 1;
	}
	double t[RUNS];
	for (int run = 0; run < WARMUP + RUNS; run++) {
		double start = now();
		CLBlastStatusCode s = CLBlastSgemm(CLBlastLayoutRowMajor, CLBlastTransposeNo, CLBlastTransposeNo,
						   n, n, n, 1.0f, a, 0, n, b, 0, n, 0.0f, c, 0, n, &q, NULL);
		clFinish(q);
		if (s != CLBlastSuccess) {
			fprintf(stderr, "clblast-sgemm: CLBlastSgemm: %d\n", (int)s);
			return 1;
		}
		if (run >= WARMUP)
			t[run - WARMUP] = now() - start;
	}
	qsort(t, RUNS, sizeof(t[0]), by_value);
	double s = t[RUNS / 2];
	printf("clblast_sgemm %zu %.6f %.1f %s\n", n, s, 2.0 * n * n * n / s / 1e9, name);
	return 0;
}
