/*
 * engine/children/: the confined children of a check and what runs in them: their limits,
 * seccomp filter and supervisor (sandbox.c), the root and environment they see (isolate.c), the
 * build, the tests and the comparison with the reference in the child (execute.c), the bench's
 * timing loop there (benchrun.c), a child started ahead of time (standby.c), the OpenCL runtimes
 * loaded once in the parent for all of them (preload.c), and the builds they
 * make with PoCL's clang: the precompiled header (pch.c) and the reference's kept binary
 * (refbin.c). Every child is started through base/proc.h and says what it found in the lines of
 * engine/report/; the parent trusts none of it until the child ended cleanly. It includes
 * engine/report/, compute/, source/, analysis/ and seal/.
 */
#ifndef ENGINE_CHILDREN_H
#define ENGINE_CHILDREN_H

#include "base/proc.h"
#include "course/course.h"
#include "engine/report/report.h"
#include "engine/source/source.h"
#include "engine/compute/compute.h"
#include "engine/analysis/analysis.h"
#include "engine/seal/seal.h"

/* ---- the sandboxed child (sandbox.c) ---- */
struct sandbox_limits {
	long time_ms;        /* processor time (all its threads) from the child's "ready" line; then
				its group is killed (the clock's bound: sandbox_wall_ms) */
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
	const char *source_cache;   /* where course_code is false: PoCL's cache for the one source
				       the child builds (sandbox_source_cache), bound as its own;
				       NULL: an empty one in its private /tmp */
};
/* The limits of a child that runs a learner's (or a wrong) kernel for a check: the check's time,
 * memory and the build's own limits; hide is what it must not see (the course's solutions). */
struct check_spec;
struct sandbox_limits sandbox_check_limits(const struct check_spec *spec, const char *hide);
/* Runs in the child: writes its findings to fd, returns the child's exit status. */
typedef child_fn sandbox_fn;
/* Starts c's clock: the build limit until its "ready" line, then the run's processor time
 * (child_arm_processor), with sandbox_wall_ms(lim->time_ms) on the clock as a last resort. */
void sandbox_arm(struct child *c, const struct sandbox_limits *lim);
/* The clock's bound on a run whose processor-time limit is time_limit_ms. */
long sandbox_wall_ms(long time_limit_ms);
/* Sets the resource limits on the calling process (the child calls it once its device is open). */
void sandbox_apply_limits(const struct sandbox_limits *lim, bool cpu_device);
/* ---- the runtimes loaded once in the parent (preload.c) ---- */
/* Loads PoCL's and Oclgrind's libraries (never calls them), so that every child started after
 * has them mapped and relocated: for a command that runs many checks, before the first; once a
 * process; not with CLINGS_NO_PRELOAD. */
void sandbox_preload_runtimes(void);
/* In the child, once its device is open (its name, "PLATFORM / DEVICE"; NULL: none): the address
 * space of the preloaded runtimes that are not its own, which its memory limit adds
 * (sandbox_preload_slack), so that preloading takes nothing from what the kernel may use. */
void sandbox_runtime_opened(const char *device);
size_t sandbox_preload_slack(void);
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
/* In a child started here: whether it got namespaces of its own (sandbox_isolate). */
bool sandbox_child_isolated(void);
/* Confines the calling process for good, on every thread (see sandbox.c); with no_files, it may
 * no longer create, write, rename or remove files either. Called once the kernel is built. */
int sandbox_confine(bool no_files);
/* A fault of the learner's kernel (SIGSEGV, SIGBUS, SIGFPE, SIGILL) is said on the channel, fd 3,
 * as "fault SIG" before the process ends with it. */
void sandbox_catch_faults(void);
/* The build's own limits (cpu_s more processor time: BUILD_CPU_S for the learner's kernel,
 * REFERENCE_BUILD_CPU_S for the course's reference; BUILD_MEMORY_MB of address space
 * on a CPU device, whatever the course's memory_limit_mb), as soft limits;
 * sandbox_run_limits() sets the run's (the course's address space, hard). A macro that
 * expands without end is then stopped in seconds. */
void sandbox_build_limits(bool cpu_device, long cpu_s);
void sandbox_run_limits(void);
/* CPU seconds a child may use: its build and run limits, on every core at once. */
long sandbox_cpu_seconds(long time_limit_ms);
/* Reaps c and frees it; a sanitizer's report from it reaches stderr. */
void sandbox_child_release(struct child *c);

/* ---- what a checking child sees (isolate.c) ---- */
struct sandbox_limits;

/* A child's exit status when it got namespaces but could not build its root: an error of
 * clings, never the learner's (it exits before building anything of the learner's). */
#define SANDBOX_SETUP_FAILED 111
/*
 * In the child, before anything else: new user, mount, network and IPC namespaces, and a root of
 * its own holding only what the OpenCL runtimes need (read-only), a private /tmp and its own
 * /proc entries; lim->hide covered where it would show. PoCL's kernel cache is the user's only
 * where lim->course_code (only the course's own code runs there, and clings' ref/ is bound too);
 * any other child gets an empty one of its own in its private /tmp (POCL_CACHE_DIR).
 * Returns -1 (nothing changed) where namespaces are refused; a child that got namespaces but
 * could not finish its root ends (exit SANDBOX_SETUP_FAILED) rather than run with less.
 */
int sandbox_isolate(const struct sandbox_limits *lim);
/* In the child, namespaces or not: every capability dropped (effective, permitted, inheritable,
 * ambient, the bounding set where it may be emptied), SECBIT_NOROOT and its kin locked, and
 * PR_SET_NO_NEW_PRIVS; 0, or -1 when any capability is still held afterwards. */
int sandbox_drop_privileges(void);
/* In the child: an environment of only what the runtimes read, and env (NULL-terminated
 * "NAME=value", added); the bytes of the dropped variables are wiped where
 * /proc/self/environ shows them, and so is the secret sandbox_take_secret took. */
void sandbox_child_env(char *const env[]);
/* In the parent, before any child starts: the value of the variable name (NULL when unset),
 * removed from the environment and wiped from the process's memory where /proc/PID/environ
 * shows it; every child wipes the returned copy from its own memory. */
char *sandbox_take_secret(const char *name);
/* Removes the empty names PoCL reserves in its kernel cache and leaves behind at every link, and
 * those in source_cache (a sandbox_source_cache directory; NULL: none). */
void sandbox_clean_compiler_cache(const char *source_cache);
/* In the parent: the PoCL cache of the one kernel source src (allocated; NULL where it cannot
 * be had safely), made once: a directory of the user's own, named by the source's SHA-256,
 * beside PoCL's cache (compiler_kernel_cache() "-sources"). Only a child that builds those very
 * bytes is given it (lim->source_cache), so what one source's run wrote there is seen again
 * only by a run of the same source: a learner's own reruns and later checks of an unchanged
 * kernel start warm, and no other source's child, nor a course's code, ever sees it. */
char *sandbox_source_cache(const char *src, size_t len);
/* Whether children get namespaces here (tried once, in a throwaway process). */
bool sandbox_namespaces_available(void);

/* ---- the child's work (execute.c) and its bench (benchrun.c) ---- */
/* In the child: build, signature, run the tests, compare with the reference (execute.c). */
enum run_mode { RUN_EXECUTE, RUN_REFERENCE, RUN_ANALYZE };
struct seal_key;
struct run_request {
	const struct check_spec *spec;
	const char *learner_path;    /* shown in messages */
	const char *learner_src;
	const char *solution_src;
	const char *solution_shown;  /* its name in the course's messages: "solutions/NAME.cl" */
	/* Where spec and the solution were read: a standby child (standby.c) reads them again. */
	const char *check_file, *solution_file;
	const char *device;
	enum run_mode mode;
	const struct sandbox_limits *limits;
	const char *analysis_log_path; /* RUN_ANALYZE: where Oclgrind writes */
	/* Build with the compiler's optimisation: the bench does, and a check asks it for a second
	 * opinion when the unoptimised build is wrong and the analysis clean (a compiler's bug). */
	bool optimise;
	/* > 0: the CPU device runs its work-groups on this many threads (PoCL's
	 * POCL_MAX_PTHREAD_COUNT), more than the machine has processors, so that groups are
	 * interleaved and preempted mid-way: a pass of a kernel whose groups wait on each other is
	 * run again so (check-compiler.c). 0: the device's own choice. */
	int device_threads;
	bool bench;                  /* time the kernel at the bench's size (benchrun.c) */
	int64_t bench_bytes;         /* the bench's size; 0: the reference child chooses it */
	int64_t bench_bytes_max;     /* > 0: what it chooses at most (CLINGS_BENCH_MB) */
	/* The tests it runs, [cases_from, cases_to); cases_to 0: all of them. RUN_ANALYZE: by their
	 * order among the analysed ones (see analysis_parts); RUN_EXECUTE: by their index (a
	 * repair's candidate on one test, check_options's only_test). */
	int cases_from, cases_to;
	/* RUN_REFERENCE: the user's cache key (seal.h), so that the child keeps and checks the
	 * reference's binary (refbin.c); NULL: built from source, nothing kept. Given only to the
	 * reference's child, and wiped in the parent before any other child is forked. */
	struct seal_key *ref_key;
};
int run_in_child(void *req, int fd);
/* In a child, once its kernels k (one a step) are built (and the learner's confined): the
 * bench's rows, every step of every pass timed (benchrun.c). Returns the child's exit status. */
int bench_in_session(const struct run_request *rq, struct cl_session *s, struct cl_kern **k,
		     size_t max_wg, int fd);
/* The bench's size for a device: min(256 MB, memory / 8) on a GPU, min(32 MB, memory / 16) on a
 * CPU, within its largest buffer; a whole number of MB. */
int64_t bench_size_for(bool cpu, uint64_t global_memory, uint64_t max_alloc);
/* The bytes a row's kernel reads and writes by its contract (the check's buffers: a const one
 * read, an output written, any other both), in its first pass and in its whole loop. */
int bench_contract_bytes(const struct check_spec *spec, const struct vars *row, double *first,
			 double *loop, int *passes);
/* Why Oclgrind is refused as the bench's device: a catalog id, msg_adds it. */
extern const char oclgrind_refusal[];
#define BENCH_WARMUP_RUNS 2
#define BENCH_RUNS 7             /* timed runs of each row: the median is reported */
#define BENCH_TIME_LIMIT_MS 120000
/* The same, on a device session already open (a standby child's). */
int run_in_session(const struct run_request *rq, struct cl_session *s, int fd);

/*
 * standby.c: an execution child started ahead of time (watch mode), which opens the device and
 * loads the compiler while the learner edits, then takes the next check's request; and an
 * analysis child beside it, Oclgrind loaded, for the same request.
 */
struct standby {
	struct child child;
	int job_fd;          /* where its request is written; -1: no standby */
	char *device;        /* the device spec it opened */
	/* the same for the analysis on Oclgrind, one for each part of the analysed tests */
	struct child analysis[ANALYSIS_PARTS];
	int analysis_job_fd[ANALYSIS_PARTS];
	int log_fd[ANALYSIS_PARTS];   /* Oclgrind's log in each analysis child (its descriptor 4) */
};
#define STANDBY_INIT { .child = CHILD_INIT, .job_fd = -1, .analysis = { CHILD_INIT, CHILD_INIT }, \
		       .analysis_job_fd = { -1, -1 }, .log_fd = { -1, -1 } }
/* Unless one is waiting; hide as in struct sandbox_limits (the course's solutions). */
void standby_start(struct standby *sb, const char *device, const char *hide);
/* Hands rq (which names its files) to the waiting child, which becomes c. Returns -1, with no
 * standby left, when none can take it: the caller starts a cold child. */
int standby_take(struct standby *sb, const struct run_request *rq, struct child *c);
/* The same for analysis child `part` (rq->mode RUN_ANALYZE), whose log becomes *log_fd. */
int standby_take_analysis(struct standby *sb, int part, const struct run_request *rq, struct child *c,
			  int *log_fd);
void standby_release(struct standby *sb);

/* ---- the learner's kernel built through PoCL's clang with a precompiled header of what PoCL
 * pre-includes, the bitcode handed to PoCL (pch.c, whose comment tells why and when not) ---- */
struct cl_session;
struct cl_prog;
struct run_request;
struct sbuf;

/* Where the headers and what the probes read are kept: the user's cache directory (allocated;
 * NULL when there is none). */
char *pch_dir(void);
/* In the parent, before it forks the children that build with options on device: makes sure
 * PoCL's own options for them are known (a probe child, once per device, options and PoCL) and
 * the header built, and keeps the record, verified (seal.h), in this process's memory, where
 * the children forked after it find it (they never read the file). Quiet on failure: the
 * children then build with PoCL alone. */
void pch_trust(const char *device, const char *options);
/* The options of a learner's usual build (unoptimised: see execute.c's build_learner), which the
 * standby's warm-ups and compiler started ahead use too; with optimisation: PCH_OPTIMISED. */
#define PCH_LEARNER_OPTIONS "-cl-kernel-arg-info -cl-opt-disable"
#define PCH_OPTIMISED "-cl-kernel-arg-info"
/* The compiler's options (allocated): the check's own, then own (what the child needs). */
char *pch_check_options(const struct check_spec *spec, const char *own);
/* The options of the learner's build of rq (allocated), and pch_trust for them. */
char *pch_learner_options(const struct run_request *rq);
void pch_trust_request(const struct run_request *rq);
/* Builds src as PoCL would with options, through the PCH: 0 with *out, or 1 when the caller is
 * to build it with PoCL itself (nothing trusted for them, another device, a header that is not
 * the record's, any error, a build error too). clang's processor time is taken off this
 * process's build limit: the two builds share it. */
int pch_build(struct cl_session *s, const char *device, const char *src, const char *options,
	      struct cl_prog **out);

/* Starts the clang of the next pch_build with these options ahead of its source (the standby:
 * the compiler loads while the learner edits); another build's options drop it. */
void pch_prestart(struct cl_session *s, const char *device, const char *options);
/* The reference solution built as clhost_build would, from its kept binary when there is one
 * that verifies under key (refbin.c); a binary made from source is kept, sealed, for the next
 * check. Without a key (NULL, or not loaded): from source, nothing read or kept. The key is
 * wiped before it returns (seal_key_release): of no more use to the child. */
struct seal_key;
int refbin_build(struct cl_session *s, const char *src, const char *options, struct seal_key *key,
		 struct cl_prog **out, struct sbuf *log);

/* ---- the kernel read by libclang in a confined child (kernel-facts.c) ---- */
/*
 * Reads src (len bytes, NUL-terminated; named path in clang's messages) in a confined child and
 * fills kf. Returns 0; -2 (the reason in err) when libclang could not be loaded there (the
 * machine has none: CLINGS_LIBCLANG names another library than libclang-15.so.1), an absence
 * that callers state quietly; or -1 with the reason in err (English: a failure of clings, never
 * the learner's) when the child did not end cleanly, or a line it sent is not a whole fact that
 * lies inside src. Either way kf is then empty, fail closed: nothing that needs facts is said.
 */
int kernel_facts_read(const char *path, const char *src, size_t len, struct kernel_facts *kf,
		      struct sbuf *err);
/* In a child (or a test): the facts of src as lines "fact\t...", then "end-facts\tN", on fd;
 * with confine, the process is confined (sandbox_confine) once libclang is loaded, before it
 * parses. Returns 0, or -1 when libclang could not be loaded or did not parse src at all. */
int kernel_facts_emit(const char *path, const char *src, size_t len, int fd, bool confine);

#endif
