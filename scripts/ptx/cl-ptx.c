/*
 * cl-ptx: build one OpenCL C file for the first GPU the ICD loader offers and write the program's
 * binary, which NVIDIA's OpenCL gives as PTX text: the instructions its compiler chose, the
 * evidence behind the lessons' claims about loads and atomics (scripts/device-ptx).
 * Usage: cl-ptx OPTIONS FILE.cl OUT      (OPTIONS as clBuildProgram takes them, "" for none)
 * Prints the device's name on standard output; exits 1 with the build log on a failed build,
 * 2 when no GPU is found or an OpenCL call fails.
 * Build: cc -O2 -o cl-ptx scripts/ptx/cl-ptx.c -lOpenCL
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		return NULL;
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

int main(int argc, char **argv)
{
	cl_platform_id plats[16];
	cl_uint nplat = 0, i;
	cl_device_id dev = NULL;
	cl_int err;
	size_t len, binlen = 0, loglen = 0;
	char name[256], *src, *bin, *log;
	cl_context ctx;
	cl_program prog;
	FILE *out;

	if (argc != 4) {
		fprintf(stderr, "usage: cl-ptx OPTIONS FILE.cl OUT\n");
		return 2;
	}
	if (clGetPlatformIDs(16, plats, &nplat) != CL_SUCCESS)
		return fprintf(stderr, "cl-ptx: no OpenCL platform\n"), 2;
	for (i = 0; i < nplat && !dev; i++)
		if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS)
			dev = NULL;
	if (!dev)
		return fprintf(stderr, "cl-ptx: no GPU\n"), 2;
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(name), name, NULL);
	if (!(src = read_file(argv[2], &len)))
		return fprintf(stderr, "cl-ptx: %s: cannot read\n", argv[2]), 2;
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (err != CL_SUCCESS)
		return fprintf(stderr, "cl-ptx: clCreateContext: %d\n", err), 2;
	prog = clCreateProgramWithSource(ctx, 1, (const char **)&src, &len, &err);
	if (err != CL_SUCCESS)
		return fprintf(stderr, "cl-ptx: clCreateProgramWithSource: %d\n", err), 2;
	if (clBuildProgram(prog, 1, &dev, argv[1], NULL, NULL) != CL_SUCCESS) {
		clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &loglen);
		log = malloc(loglen + 1);
		if (log && clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, loglen, log, NULL) == CL_SUCCESS)
			fprintf(stderr, "cl-ptx: %s: build failed:\n%s\n", argv[2], log);
		return 1;
	}
	if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof(binlen), &binlen, NULL) != CL_SUCCESS ||
	    !binlen || !(bin = malloc(binlen)))
		return fprintf(stderr, "cl-ptx: %s: no binary\n", argv[2]), 2;
	if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof(bin), &bin, NULL) != CL_SUCCESS)
		return fprintf(stderr, "cl-ptx: %s: clGetProgramInfo\n", argv[2]), 2;
	/* the PTX ends with a NUL the text does not need */
	while (binlen && bin[binlen - 1] == '\0')
		binlen--;
	if (!(out = fopen(argv[3], "wb")) || fwrite(bin, 1, binlen, out) != binlen || fclose(out))
		return fprintf(stderr, "cl-ptx: %s: cannot write\n", argv[3]), 2;
	printf("%s\n", name);
	return 0;
}
