/*
 * sandbox.h: the confined children of a check (sandbox.c): limits, seccomp, namespaces, started
 * through the supervisor (base/proc.h)
 */
#ifndef ENGINE_SANDBOX_H
#define ENGINE_SANDBOX_H

#include "base/proc.h"

/* ---- the sandboxed child (sandbox.c: the confined children) ---- */
struct sandbox_limits {
	long time_ms;        /* wall clock from the child's "ready" line; then its group is killed */
	long build_ms;       /* wall clock before "ready": compiling is not the learner's time */
	long memory_mb;      /* RLIMIT_AS; 0: none (GPU drivers reserve huge address ranges) */
	long cpu_s;          /* RLIMIT_CPU */
	long file_mb;        /* RLIMIT_FSIZE */
	long open_files;     /* RLIMIT_NOFILE */
	/* What the child sees, where namespaces can be had (sandbox_isolate): */
	const char *hide;    /* a directory it must not see (the course's solutions), or NULL */
	bool course_code;    /* runs only the course's own code (its reference, its wrong kernels):
				sees the user's PoCL cache and clings' kept reference binaries
				(refbin.c), which a child that may run a learner's kernel never does */
};
/* The limits of a child that runs a learner's (or a wrong) kernel for a check: the check's time,
 * memory and the build's own limits; hide is what it must not see (the course's solutions). */
struct check_spec;
struct sandbox_limits sandbox_check_limits(const struct check_spec *spec, const char *hide);
/* Runs in the child: writes its findings to fd, returns the child's exit status. */
typedef child_fn sandbox_fn;
/* Starts c's clock: the build limit until its "ready" line, then the run limit. */
void sandbox_arm(struct child *c, const struct sandbox_limits *lim);
/* Sets the resource limits on the calling process (the child calls it once its device is open). */
void sandbox_apply_limits(const struct sandbox_limits *lim, bool cpu_device);
/* Starts fn in a child in its own process group; env is a NULL-terminated list "NAME=value" set first. */
int sandbox_start(struct child *c, const struct sandbox_limits *lim, char *const env[],
		  sandbox_fn fn, void *arg);
/* The same, and the descriptor *keep_fd stays open in the child (as 4; *keep_fd says so there).
 * Every other descriptor but the channel (3) is closed in the child. */
int sandbox_start_keeping(struct child *c, const struct sandbox_limits *lim,
			  char *const env[], sandbox_fn fn, void *arg, int *keep_fd);
/* The same, with in_fd (> 0) as the child's stdin: where a child started ahead reads its request. */
int sandbox_start_fed(struct child *c, const struct sandbox_limits *lim, char *const env[],
		      sandbox_fn fn, void *arg, int *keep_fd, int in_fd);
/* Confines the calling process for good, on every thread (see sandbox.c); with no_files, it may
 * no longer create, write, rename or remove files either. Called once the kernel is built. */
int sandbox_confine(bool no_files);
/* A fault of the learner's kernel (SIGSEGV, SIGBUS, SIGFPE, SIGILL) is said on the channel, fd 3,
 * as "fault SIG" before the process ends with it. */
void sandbox_catch_faults(void);
/* The build's tighter limits (cpu_s more processor time: BUILD_CPU_S for the learner's kernel,
 * REFERENCE_BUILD_CPU_S for the course's reference; BUILD_MEMORY_MB of address space
 * on a CPU device), as soft limits; sandbox_run_limits() gives the run's back. A macro that
 * expands without end is then stopped in seconds. */
void sandbox_build_limits(bool cpu_device, long cpu_s);
#include "engine/children/isolate.h"   /* what a child sees: its root, its environment */
void sandbox_run_limits(void);
/* CPU seconds a child may use: its build and run limits, on every core at once. */
long sandbox_cpu_seconds(long time_limit_ms);
/* Reaps c and frees it; a sanitizer's report from it reaches stderr. */
void sandbox_child_release(struct child *c);

#endif
