/*
 * clhost.h: the OpenCL host layer (clhost.c), seen through opaque handles
 */
#ifndef ENGINE_CLHOST_H
#define ENGINE_CLHOST_H

#include "course/course.h"
#include "base/msg.h"

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
/* Builds source; on failure returns -1 with the compiler's log in log. */
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

#endif
