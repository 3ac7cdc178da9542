/*
 * clhost.c: the OpenCL host layer, and the only file that includes CL/cl.h.
 * Platforms, devices, builds, buffers with guard regions, and launches.
 */
#include "engine/compute/compute.h"

#include <CL/cl.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_PLATFORMS 16
#define MAX_DEVICES 16

struct cl_session {
	cl_device_id device;
	cl_context context;
	cl_command_queue queue;
	cl_device_type type;
	size_t max_wg;
	size_t max_items[3];         /* CL_DEVICE_MAX_WORK_ITEM_SIZES: every device has 3 at least */
	char name[256];
};
struct cl_prog {
	struct cl_session *s;
	cl_program program;
};
struct cl_kern {
	struct cl_prog *p;
	cl_kernel kernel;
};
struct cl_ev {
	cl_event event;
};
struct cl_buf {
	struct cl_session *s;
	cl_mem mem;
	size_t bytes, guard;
};

/* The guard's bytes: a pattern no plausible result matches byte for byte. */
unsigned char clhost_guard_byte(size_t i)
{
	return (unsigned char)(0xA5 ^ (i * 31));
}

static const char *cl_error_name(cl_int e)
{
	switch (e) {
	case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
	case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
	case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
	case CL_INVALID_WORK_GROUP_SIZE: return "CL_INVALID_WORK_GROUP_SIZE";
	case CL_INVALID_WORK_ITEM_SIZE: return "CL_INVALID_WORK_ITEM_SIZE";
	case CL_INVALID_GLOBAL_WORK_SIZE: return "CL_INVALID_GLOBAL_WORK_SIZE";
	case CL_INVALID_KERNEL_ARGS: return "CL_INVALID_KERNEL_ARGS";
	case CL_INVALID_ARG_SIZE: return "CL_INVALID_ARG_SIZE";
	case CL_INVALID_ARG_VALUE: return "CL_INVALID_ARG_VALUE";
	case CL_INVALID_KERNEL_NAME: return "CL_INVALID_KERNEL_NAME";
	case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
	case CL_INVALID_BUFFER_SIZE: return "CL_INVALID_BUFFER_SIZE";
	case CL_DEVICE_NOT_FOUND: return "CL_DEVICE_NOT_FOUND";
	case -1001: return "no OpenCL platform (is an ICD installed?)"; /* CL_PLATFORM_NOT_FOUND_KHR */
	default: return "OpenCL error";
	}
}

struct found_device {
	cl_device_id device;
	char platform_name[128], device_name[256];
	cl_device_type type;
	int p, d;
};

static int enumerate(struct found_device *out, int max, struct msg *err)
{
	cl_platform_id platforms[MAX_PLATFORMS];
	cl_uint np = 0;
	cl_int rc = clGetPlatformIDs(MAX_PLATFORMS, platforms, &np);
	if (rc != CL_SUCCESS || np == 0) {
		msg_addf(err, N_("no OpenCL platform found (%s); scripts/install-deps installs PoCL"),
			 cl_error_name(rc));
		return -1;
	}
	int n = 0;
	for (cl_uint p = 0; p < np; p++) {
		cl_device_id devs[MAX_DEVICES];
		cl_uint nd = 0;
		if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES, devs, &nd) != CL_SUCCESS)
			continue;
		for (cl_uint d = 0; d < nd && n < max; d++) {
			struct found_device *f = &out[n++];
			f->device = devs[d];
			f->p = (int)p;
			f->d = (int)d;
			clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof(f->platform_name),
					  f->platform_name, NULL);
			clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof(f->device_name), f->device_name,
					NULL);
			clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof(f->type), &f->type, NULL);
		}
	}
	if (!n)
		msg_raw(err, "no OpenCL device found");
	return n ? n : -1;
}

int clhost_list_devices(FILE *f)
{
	struct found_device devs[MAX_PLATFORMS * 2];
	struct msg err = MSG_INIT;
	int n = enumerate(devs, (int)(sizeof(devs) / sizeof(devs[0])), &err);
	if (n < 0) {
		char *text = msg_text(&err, messages_lang());
		error("%s", text);
		free(text);
		msg_release(&err);
		return -1;
	}
	for (int i = 0; i < n; i++)
		fprintf(f, "%d:%d  %-4s %s / %s\n", devs[i].p, devs[i].d,
			devs[i].type & CL_DEVICE_TYPE_GPU ? "gpu" : devs[i].type & CL_DEVICE_TYPE_CPU ? "cpu" : "",
			devs[i].platform_name, devs[i].device_name);
	return 0;
}

static bool matches(const struct found_device *f, const char *spec)
{
	int p, d;
	char tail;
	if (sscanf(spec, "%d:%d%c", &p, &d, &tail) == 2)
		return f->p == p && f->d == d;
	if (!strcasecmp(spec, "gpu"))
		return f->type & CL_DEVICE_TYPE_GPU;
	if (!strcasecmp(spec, "cpu"))
		return f->type & CL_DEVICE_TYPE_CPU;
	return strcasestr(f->platform_name, spec) || strcasestr(f->device_name, spec);
}

int clhost_open(const char *spec, struct cl_session **out, struct msg *err)
{
	/* PoCL compiles one work-group function per local size unless told otherwise; a check
	 * uses several sizes, and one generic function compiles once (about 0.3 s less a check). */
	setenv("POCL_WORK_GROUP_SPECIALIZATION", "0", 1);
	struct found_device devs[MAX_PLATFORMS * 2];
	int n = enumerate(devs, (int)(sizeof(devs) / sizeof(devs[0])), err);
	if (n < 0)
		return -1;
	if (!spec || !*spec)
		spec = getenv("CLINGS_DEVICE");
	int pick = -1;
	if (spec && *spec) {
		for (int i = 0; i < n && pick < 0; i++)
			if (matches(&devs[i], spec))
				pick = i;
		if (pick < 0) {
			msg_addf(err, N_("no OpenCL device matches '%s' (see `clings devices`)"), spec);
			return -1;
		}
	} else {
		/* The default is a real CPU device: PoCL, so everything works without a GPU. */
		for (int i = 0; i < n && pick < 0; i++)
			if ((devs[i].type & CL_DEVICE_TYPE_CPU) && !strstr(devs[i].platform_name, "Oclgrind"))
				pick = i;
		if (pick < 0)
			pick = 0;
	}
	struct cl_session *s = xcalloc(1, sizeof(*s));
	s->device = devs[pick].device;
	s->type = devs[pick].type;
	snprintf(s->name, sizeof(s->name), "%s / %s", devs[pick].platform_name, devs[pick].device_name);
	clGetDeviceInfo(s->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(s->max_wg), &s->max_wg, NULL);
	size_t items[16] = { 0 };   /* as many as the device's dimensions (3 on every one known) */
	if (clGetDeviceInfo(s->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(items), items, NULL) == CL_SUCCESS)
		memcpy(s->max_items, items, sizeof(s->max_items));
	cl_int rc;
	s->context = clCreateContext(NULL, 1, &s->device, NULL, NULL, &rc);
	if (rc == CL_SUCCESS)
		s->queue = clCreateCommandQueue(s->context, s->device, 0, &rc);
	if (rc != CL_SUCCESS) {
		msg_addf(err, N_("cannot open %s: %s (%d)"), s->name, cl_error_name(rc), rc);
		clhost_close(s);
		return -1;
	}
	*out = s;
	return 0;
}

void clhost_close(struct cl_session *s)
{
	if (!s)
		return;
	if (s->queue)
		clReleaseCommandQueue(s->queue);
	if (s->context)
		clReleaseContext(s->context);
	free(s);
}

const char *clhost_device_name(const struct cl_session *s)
{
	return s->name;
}

bool clhost_device_is_cpu(const struct cl_session *s)
{
	return s->type & CL_DEVICE_TYPE_CPU;
}

size_t clhost_max_work_group(const struct cl_session *s)
{
	return s->max_wg;
}

void clhost_max_work_items(const struct cl_session *s, size_t out[MAX_DIMS])
{
	for (int d = 0; d < MAX_DIMS; d++)
		out[d] = s->max_items[d];
}

/* A built program, as the session's. */
static int prog_made(struct cl_session *s, cl_program program, struct cl_prog **out)
{
	struct cl_prog *p = xcalloc(1, sizeof(*p));
	p->s = s;
	p->program = program;
	*out = p;
	return 0;
}

int clhost_build(struct cl_session *s, const char *src, const char *options, struct cl_prog **out,
		 struct sbuf *log)
{
	cl_int rc;
	cl_program program = clCreateProgramWithSource(s->context, 1, &src, NULL, &rc);
	if (rc != CL_SUCCESS) {
		sbuf_addf(log, "cannot create the program: %s (%d)", cl_error_name(rc), rc);
		return -2;
	}
	rc = clBuildProgram(program, 1, &s->device, options, NULL, NULL);
	if (rc != CL_SUCCESS && rc != CL_BUILD_PROGRAM_FAILURE) {
		/* out of memory or resources, options refused, no compiler: not the source's doing */
		sbuf_addf(log, "the build failed: %s (%d)", cl_error_name(rc), rc);
		clReleaseProgram(program);
		return -2;
	}
	if (rc != CL_SUCCESS) {
		size_t n = 0;
		clGetProgramBuildInfo(program, s->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
		char *text = xcalloc(n + 1, 1);
		clGetProgramBuildInfo(program, s->device, CL_PROGRAM_BUILD_LOG, n, text, NULL);
		sbuf_adds(log, text);
		if (!*text)
			sbuf_addf(log, "the build failed: %s (%d)", cl_error_name(rc), rc);
		free(text);
		clReleaseProgram(program);
		return -1;
	}
	return prog_made(s, program, out);
}

int clhost_prog_finish(struct cl_prog *p)
{
	/* Asking for the binaries makes PoCL generate and link (an exec of ld) the work-group
	 * functions now; with POCL_WORK_GROUP_SPECIALIZATION=0 no launch compiles anything later. */
	size_t size = 0;
	if (clGetProgramInfo(p->program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, NULL) != CL_SUCCESS)
		return -1;
	unsigned char *bin = xmalloc(size ? size : 1);
	cl_int rc = clGetProgramInfo(p->program, CL_PROGRAM_BINARIES, sizeof(bin), &bin, NULL);
	free(bin);
	return rc == CL_SUCCESS ? 0 : -1;
}

void clhost_prog_release(struct cl_prog *p)
{
	if (!p)
		return;
	clReleaseProgram(p->program);
	free(p);
}

void clhost_prog_kernel_names(struct cl_prog *p, struct sbuf *out)
{
	size_t n = 0;
	if (clGetProgramInfo(p->program, CL_PROGRAM_KERNEL_NAMES, 0, NULL, &n) != CL_SUCCESS || !n)
		return;
	char *names = xcalloc(n + 1, 1);
	clGetProgramInfo(p->program, CL_PROGRAM_KERNEL_NAMES, n, names, NULL);
	sbuf_adds(out, names);
	free(names);
}

int clhost_kernel(struct cl_prog *p, const char *name, struct cl_kern **out)
{
	cl_int rc;
	cl_kernel k = clCreateKernel(p->program, name, &rc);
	if (rc != CL_SUCCESS)
		return -1;
	struct cl_kern *kern = xcalloc(1, sizeof(*kern));
	kern->p = p;
	kern->kernel = k;
	*out = kern;
	return 0;
}


int clhost_kernel_args(struct cl_kern *k, struct kernel_arg_info *args, int max)
{
	cl_uint n = 0;
	if (clGetKernelInfo(k->kernel, CL_KERNEL_NUM_ARGS, sizeof(n), &n, NULL) != CL_SUCCESS)
		return -1;
	for (cl_uint i = 0; i < n && (int)i < max; i++) {
		struct kernel_arg_info *a = &args[i];
		cl_kernel_arg_address_qualifier aq = CL_KERNEL_ARG_ADDRESS_PRIVATE;
		memset(a, 0, sizeof(*a));
		if (clGetKernelArgInfo(k->kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(aq), &aq,
				       NULL) != CL_SUCCESS)
			return -1;
		clGetKernelArgInfo(k->kernel, i, CL_KERNEL_ARG_TYPE_NAME, sizeof(a->type_name),
				   a->type_name, NULL);
		clGetKernelArgInfo(k->kernel, i, CL_KERNEL_ARG_NAME, sizeof(a->name), a->name, NULL);
		a->kind = aq == CL_KERNEL_ARG_ADDRESS_GLOBAL ? ARG_GLOBAL
			  : aq == CL_KERNEL_ARG_ADDRESS_CONSTANT ? ARG_CONSTANT
			  : aq == CL_KERNEL_ARG_ADDRESS_LOCAL ? ARG_LOCAL : ARG_SCALAR;
	}
	return (int)n;
}

/* A byte count the device gives about the kernel; -1 when it cannot say. */
static long kernel_bytes(struct cl_kern *k, cl_kernel_work_group_info what)
{
	cl_ulong bytes = 0;
	if (clGetKernelWorkGroupInfo(k->kernel, k->p->s->device, what, sizeof(bytes), &bytes, NULL) !=
	    CL_SUCCESS)
		return -1;
	return (long)bytes;
}

long clhost_kernel_local_mem(struct cl_kern *k)
{
	return kernel_bytes(k, CL_KERNEL_LOCAL_MEM_SIZE);
}

long clhost_kernel_private_mem(struct cl_kern *k)
{
	return kernel_bytes(k, CL_KERNEL_PRIVATE_MEM_SIZE);
}

long clhost_device_local_mem(struct cl_kern *k)
{
	cl_ulong bytes = 0;
	if (clGetDeviceInfo(k->p->s->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(bytes), &bytes, NULL) !=
	    CL_SUCCESS)
		return -1;
	return (long)bytes;
}

size_t clhost_kernel_max_work_group(struct cl_kern *k)
{
	size_t n = 0;
	if (clGetKernelWorkGroupInfo(k->kernel, k->p->s->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(n),
				     &n, NULL) != CL_SUCCESS)
		return k->p->s->max_wg;
	return n;
}

int clhost_buffer(struct cl_session *s, size_t bytes, size_t guard, const void *init,
		  struct cl_buf **out)
{
	size_t total = bytes + guard;
	unsigned char *host = xmalloc(total ? total : 1);
	if (init)
		memcpy(host, init, bytes);
	else
		memset(host, 0, bytes);
	for (size_t i = 0; i < guard; i++)
		host[bytes + i] = clhost_guard_byte(i);
	cl_int rc;
	cl_mem mem = clCreateBuffer(s->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
				    total ? total : 1, host, &rc);
	free(host);
	if (rc != CL_SUCCESS)
		return -1;
	struct cl_buf *b = xcalloc(1, sizeof(*b));
	b->s = s;
	b->mem = mem;
	b->bytes = bytes;
	b->guard = guard;
	*out = b;
	return 0;
}

void clhost_buffer_release(struct cl_buf *b)
{
	if (!b)
		return;
	clReleaseMemObject(b->mem);
	free(b);
}

int clhost_buffer_fill(struct cl_buf *b, const void *element, size_t size)
{
	if (!b->bytes)
		return 0;
	return clEnqueueFillBuffer(b->s->queue, b->mem, element, size, 0, b->bytes - b->bytes % size, 0, NULL,
				   NULL) == CL_SUCCESS ? 0 : -1;
}

int clhost_buffer_read(struct cl_buf *b, void *dst)
{
	if (!b->bytes)
		return 0;
	return clEnqueueReadBuffer(b->s->queue, b->mem, CL_TRUE, 0, b->bytes, dst, 0, NULL, NULL) ==
		       CL_SUCCESS ? 0 : -1;
}

int clhost_buffer_read_guarded(struct cl_buf *b, void *dst)
{
	if (b->bytes + b->guard == 0)
		return 0;
	return clEnqueueReadBuffer(b->s->queue, b->mem, CL_TRUE, 0, b->bytes + b->guard, dst, 0, NULL,
				   NULL) == CL_SUCCESS ? 0 : -1;
}

int clhost_arg_buffer(struct cl_kern *k, int i, struct cl_buf *b)
{
	return clSetKernelArg(k->kernel, (cl_uint)i, sizeof(cl_mem), &b->mem) == CL_SUCCESS ? 0 : -1;
}

int clhost_arg_local(struct cl_kern *k, int i, size_t bytes)
{
	return clSetKernelArg(k->kernel, (cl_uint)i, bytes, NULL) == CL_SUCCESS ? 0 : -1;
}

int clhost_arg_scalar(struct cl_kern *k, int i, const void *value, size_t size)
{
	return clSetKernelArg(k->kernel, (cl_uint)i, size, value) == CL_SUCCESS ? 0 : -1;
}

int clhost_run(struct cl_kern *k, int dims, const size_t *global, const size_t *local,
	       struct sbuf *err)
{
	struct cl_session *s = k->p->s;
	cl_int rc = clEnqueueNDRangeKernel(s->queue, k->kernel, (cl_uint)dims, NULL, global,
					   local && local[0] ? local : NULL, 0, NULL, NULL);
	if (rc == CL_SUCCESS)
		rc = clFinish(s->queue);
	if (rc != CL_SUCCESS) {
		sbuf_addf(err, "the launch failed: %s (%d)", cl_error_name(rc), rc);
		return -1;
	}
	return 0;
}

uint64_t clhost_global_memory(const struct cl_session *s)
{
	cl_ulong n = 0;
	clGetDeviceInfo(s->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(n), &n, NULL);
	return n;
}

uint64_t clhost_max_alloc(const struct cl_session *s)
{
	cl_ulong n = 0;
	clGetDeviceInfo(s->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(n), &n, NULL);
	return n;
}

int clhost_profile(struct cl_session *s)
{
	cl_int rc;
	cl_command_queue q = clCreateCommandQueue(s->context, s->device, CL_QUEUE_PROFILING_ENABLE, &rc);
	if (rc != CL_SUCCESS)
		return -1;
	clReleaseCommandQueue(s->queue);
	s->queue = q;
	return 0;
}

int clhost_enqueue(struct cl_kern *k, int dims, const size_t *global, const size_t *local,
		   struct cl_ev **ev, struct sbuf *err)
{
	cl_event e;
	cl_int rc = clEnqueueNDRangeKernel(k->p->s->queue, k->kernel, (cl_uint)dims, NULL, global,
					   local && local[0] ? local : NULL, 0, NULL, &e);
	if (rc != CL_SUCCESS) {
		sbuf_addf(err, "the launch failed: %s (%d)", cl_error_name(rc), rc);
		return -1;
	}
	*ev = xcalloc(1, sizeof(**ev));
	(*ev)->event = e;
	return 0;
}

int clhost_finish(struct cl_session *s, struct sbuf *err)
{
	cl_int rc = clFinish(s->queue);
	if (rc != CL_SUCCESS) {
		sbuf_addf(err, "the launch failed: %s (%d)", cl_error_name(rc), rc);
		return -1;
	}
	return 0;
}

int clhost_event_times(struct cl_ev *ev, uint64_t *start, uint64_t *end)
{
	cl_ulong a = 0, b = 0;
	if (clGetEventProfilingInfo(ev->event, CL_PROFILING_COMMAND_START, sizeof(a), &a, NULL) != CL_SUCCESS ||
	    clGetEventProfilingInfo(ev->event, CL_PROFILING_COMMAND_END, sizeof(b), &b, NULL) != CL_SUCCESS)
		return -1;
	*start = a;
	*end = b;
	return 0;
}

void clhost_event_release(struct cl_ev *ev)
{
	if (!ev)
		return;
	clReleaseEvent(ev->event);
	free(ev);
}

/* ---- what the precompiled-header build (pch.c) and the reference's kept binary need ---- */

int clhost_platform_version(const struct cl_session *s, struct sbuf *out)
{
	cl_platform_id platform;
	char text[512] = "";
	if (clGetDeviceInfo(s->device, CL_DEVICE_PLATFORM, sizeof(platform), &platform, NULL) !=
		    CL_SUCCESS ||
	    clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof(text) - 1, text, NULL) != CL_SUCCESS)
		return -1;
	sbuf_adds(out, text);
	return 0;
}

int clhost_build_binary(struct cl_session *s, const void *bin, size_t len, const char *options,
			struct cl_prog **out)
{
	cl_int rc, status = CL_SUCCESS;
	const unsigned char *b = bin;
	cl_program program = clCreateProgramWithBinary(s->context, 1, &s->device, &len, &b, &status, &rc);
	if (rc != CL_SUCCESS || status != CL_SUCCESS)
		return -1;
	if (clBuildProgram(program, 1, &s->device, options, NULL, NULL) != CL_SUCCESS) {
		clReleaseProgram(program);
		return -1;
	}
	return prog_made(s, program, out);
}

int clhost_prog_binary(struct cl_prog *p, struct sbuf *out)
{
	size_t size = 0;
	if (clGetProgramInfo(p->program, CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, NULL) !=
		    CL_SUCCESS || !size)
		return -1;
	unsigned char *bin = xmalloc(size);
	cl_int rc = clGetProgramInfo(p->program, CL_PROGRAM_BINARIES, sizeof(bin), &bin, NULL);
	if (rc == CL_SUCCESS)
		sbuf_add(out, (const char *)bin, size);
	free(bin);
	return rc == CL_SUCCESS ? 0 : -1;
}
