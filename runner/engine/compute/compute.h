/*
 * engine/compute/: computing and comparing outputs: the OpenCL host layer seen through opaque
 * handles (clhost.c, the only file of clings that includes CL/cl.h), the outputs a check computes
 * on the host (host-oracle.c), and the comparison of an output with the reference's, with the
 * learner's words for the first wrong place and the shape of the error (compare.c). It runs in
 * the children and in the parent alike, and includes no other folder of the engine.
 */
#ifndef ENGINE_COMPUTE_H
#define ENGINE_COMPUTE_H

#include "base/msg.h"
#include "course/course.h"

/* ---- the OpenCL host layer (clhost.c): the only file that includes CL/cl.h ---- */
struct cl_session;   /* platform, device, context, queue */
struct cl_prog;
struct cl_kern;
struct cl_buf;
struct kernel_arg_info {
	enum arg_kind kind;
	char type_name[NAME_MAX_LEN];   /* "int*", "uint", as the compiler reports it */
	char name[NAME_MAX_LEN];
};
/* Prints every platform and device, with the spec that selects it. */
int clhost_list_devices(FILE *f);
/*
 * Opens a device: spec NULL or "" takes CLINGS_DEVICE, then the first CPU device, then the first;
 * otherwise "P:D" (indices), "cpu", "gpu", or a case-insensitive substring of platform or device name.
 */
int clhost_open(const char *spec, struct cl_session **out, struct msg *err);
void clhost_close(struct cl_session *s);
const char *clhost_device_name(const struct cl_session *s);
bool clhost_device_is_cpu(const struct cl_session *s);
size_t clhost_max_work_group(const struct cl_session *s);
/* The device's max_work_item_sizes in each dimension a check has (0: it did not say). */
void clhost_max_work_items(const struct cl_session *s, size_t out[MAX_DIMS]);
/* Builds source; on failure returns -1 with the compiler's log in log when the compiler refused
 * the source (CL_BUILD_PROGRAM_FAILURE), -2 with the runtime's error when anything else failed
 * (memory, resources, options: never the source's doing). */
int clhost_build(struct cl_session *s, const char *src, const char *options, struct cl_prog **out,
		 struct sbuf *log);
void clhost_prog_release(struct cl_prog *p);
/* Compiles and links everything the device will need to run p's kernels, so that no launch
 * compiles, writes a file or starts a process (a confined child can then forbid all three). */
int clhost_prog_finish(struct cl_prog *p);
/* Lists the kernels the program defines, separated by ';'. */
void clhost_prog_kernel_names(struct cl_prog *p, struct sbuf *out);
int clhost_kernel(struct cl_prog *p, const char *name, struct cl_kern **out);
int clhost_kernel_args(struct cl_kern *k, struct kernel_arg_info *args, int max);
long clhost_kernel_local_mem(struct cl_kern *k);   /* static __local bytes */
long clhost_kernel_private_mem(struct cl_kern *k); /* bytes of private memory per work-item */
long clhost_device_local_mem(struct cl_kern *k);   /* __local bytes a work-group may have */
size_t clhost_kernel_max_work_group(struct cl_kern *k);
/* A buffer of bytes followed by guard bytes filled with a known pattern. */
int clhost_buffer(struct cl_session *s, size_t bytes, size_t guard, const void *init,
		  struct cl_buf **out);
void clhost_buffer_release(struct cl_buf *b);
int clhost_buffer_read(struct cl_buf *b, void *dst);   /* the bytes, not the guard */
/* Enqueues filling the bytes (not the guard) with one element of size bytes (1, 2, 4, ... 128,
 * as clEnqueueFillBuffer takes); it is done before anything enqueued after it starts. */
int clhost_buffer_fill(struct cl_buf *b, const void *element, size_t size);
/* Returns the offset (from the buffer's start) of the first damaged guard byte, or -1. */
/* The bytes and then the guard (dst holds both); the parent checks the guard itself. */
int clhost_buffer_read_guarded(struct cl_buf *b, void *dst);
unsigned char clhost_guard_byte(size_t i);  /* byte i of every guard region */
int clhost_arg_buffer(struct cl_kern *k, int i, struct cl_buf *b);
int clhost_arg_local(struct cl_kern *k, int i, size_t bytes);
int clhost_arg_scalar(struct cl_kern *k, int i, const void *value, size_t size);
/* Enqueues an NDRange and waits for it; local[0] == 0: the runtime chooses (local = auto). */
int clhost_run(struct cl_kern *k, int dims, const size_t *global, const size_t *local,
	       struct sbuf *err);

/* For the bench: the device's memory, its largest buffer, a queue that times launches
 * (clhost_profile replaces the session's queue), launches that return their event, and the
 * device's own clock of a finished launch (ns). */
struct cl_ev;
uint64_t clhost_global_memory(const struct cl_session *s);
uint64_t clhost_max_alloc(const struct cl_session *s);
int clhost_profile(struct cl_session *s);
int clhost_enqueue(struct cl_kern *k, int dims, const size_t *global, const size_t *local,
		   struct cl_ev **ev, struct sbuf *err);
int clhost_finish(struct cl_session *s, struct sbuf *err);
int clhost_event_times(struct cl_ev *ev, uint64_t *start, uint64_t *end);
void clhost_event_release(struct cl_ev *ev);

/* For builds from a binary (pch.c, the reference's kept binary): the platform's version
 * ("OpenCL 3.0 PoCL 3.1 ... LLVM 15.0.6 ..."), a program built from LLVM bitcode or the
 * device's own binary (-1 when the device refuses it: the caller builds from source), and a
 * built program's binary for this device. */
int clhost_platform_version(const struct cl_session *s, struct sbuf *out);
int clhost_build_binary(struct cl_session *s, const void *bin, size_t len, const char *options,
			struct cl_prog **out);
int clhost_prog_binary(struct cl_prog *p, struct sbuf *out);

/* ---- comparing an output with the reference  ---- */
struct output_view {
	const struct arg_spec *arg;
	const void *expected, *got;
	size_t n;          /* elements */
	long cols;         /* 2-D outputs: elements per row; 0 for 1-D */
	int pass, passes;  /* 1-based pass of a multi-pass check, and how many there were */
	size_t wg;         /* work-items per work-group of a 1-D launch, for diagnoses; 0: unknown */
	double abs_tol;    /* floats: a difference up to this passes too (tolerance.abs); 0: none */
};
/*
 * Returns how many elements differ (floats within the relative tolerance tol are equal); for a
 * mismatch, msg names the first wrong place in the learner's terms, then a line on the shape of
 * the error where it has a common one (work-groups that wrote nothing, the output shifted by one
 * place, blocks transposed but not their insides, one value everywhere), and pic draws the region.
 * An output compared as a multiset (or sorted) gives the values without a match, named by value
 * in msg, and no picture. Both are appended to, as data (base/msg.h): msg's facts are the
 * buffer, the first wrong index (a 2-D output's row and column too), expected and got there,
 * the wrong count of so many elements, the pass of several, and what the shape names.
 */
long compare_output(const struct output_view *o, double tol, struct msg *msg, struct msg *pic);
/* The relative tolerance an output is compared with: its own, else the check's (0: exact). */
double output_tolerance(const struct check_spec *spec, const struct arg_spec *a);
/* Its absolute tolerance (tolerance.abs): its own, else the check's; 0 for compare = exact. */
double output_abs_tolerance(const struct check_spec *spec, const struct arg_spec *a);
/* Elements per row of a 2-D output, 0 for a 1-D one (the shape was validated at load time). */
long output_columns(const struct arg_spec *a, const struct vars *v);

/*
 * Computes an output on the host from its oracle's source (src, n_src elements) into out (n
 * elements): segment_sum(src, K) and segment_max(src, K) reduce src[gK .. gK+K) into out[g];
 * transpose(src, R, C) transposes an R x C matrix. Returns -1 with a message in err.
 */
int host_compute(const struct arg_spec *out_arg, const void *src, size_t n_src, void *out, size_t n,
		 const struct vars *v, struct sbuf *err);

#endif
