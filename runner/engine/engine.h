/*
 * engine.h: one check of one kernel: the parent, the confined children and their protocol, the
 * OpenCL host layer (only clhost.c includes CL/cl.h: everything else sees devices, programs and
 * buffers through the opaque handles below), Oclgrind, the comparison and the verdicts.
 */
#ifndef ENGINE_ENGINE_H
#define ENGINE_ENGINE_H

#include "base/msg.h"
#include "course/course.h"

/* ---- comparing an output with the reference  ---- */
struct output_view {
	const struct arg_spec *arg;
	const void *expected, *got;
	size_t n;          /* elements */
	long cols;         /* 2-D outputs: elements per row; 0 for 1-D */
	int pass, passes;  /* 1-based pass of a multi-pass check, and how many there were */
	size_t wg;         /* work-items per work-group of a 1-D launch, for diagnoses; 0: unknown */
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
/* Elements per row of a 2-D output, 0 for a 1-D one (the shape was validated at load time). */
long output_columns(const struct arg_spec *a, const struct vars *v);

/*
 * Computes an output on the host from its oracle's source (src, n_src elements) into out (n
 * elements): segment_sum(src, K) and segment_max(src, K) reduce src[gK .. gK+K) into out[g];
 * transpose(src, R, C) transposes an R x C matrix. Returns -1 with a message in err.
 */
int host_compute(const struct arg_spec *out_arg, const void *src, size_t n_src, void *out, size_t n,
		 const struct vars *v, struct sbuf *err);

/* ---- reports: what a check found  ---- */
enum test_status { TEST_PASS, TEST_FAIL, TEST_SKIP, TEST_ERROR };
struct test_result {
	char *name;
	enum test_status status;
	struct msg detail;   /* why it failed, as data; empty on a pass */
};
/* ---- memory-access figures (access.c): what the access plugin measured on Oclgrind ---- */
struct access_figure {
	char space;                  /* 'g' global or constant memory, 'l' local */
	bool store;
	int line;                    /* in the learner's file; 0 when unknown */
	char name[NAME_MAX_LEN];     /* the check's name of the argument, a __local array's, or "?" */
	size_t bytes;                /* one work-item's access */
	unsigned long requests;      /* a warp's work-items executing the instruction together */
	unsigned long sectors, ideal, worst_sectors;    /* global: 32-byte sectors, summed */
	unsigned long degrees, worst_degree;            /* local: bank-conflict degrees, summed */
	unsigned long foreign_loads; /* local loads of a value another work-item wrote */
};
#define ACCESS_SECTOR_BYTES 32
#define ACCESS_WARP 32               /* CLINGS_WARP overrides it (64 for an AMD wavefront) */
#define ACCESS_BANKS 32              /* CLINGS_BANKS overrides it */
/* The plugin Oclgrind loads to measure accesses ($CLINGS_ACCESS_PLUGIN, or build/ beside the
 * program), or NULL when it is not there. */
const char *access_plugin_path(void);
/* Reads the analysis child's "access" lines, summed per memory instruction over every launch,
 * in source order.
 * Returns how many (*out is the caller's to free), or -1 when the plugin did not report. */
int access_figures_parse(const char *text, const struct check_spec *spec, struct access_figure **out);
/* Checks spec's [access] rules against the figures: 1 with the learner's explanation added to
 * msg (the course's own words on the rule in lang) and the instruction's line in *line when one
 * is unmet, 0 when all hold. */
int access_rules_check(const struct check_spec *spec, const struct access_figure *f, int n,
		       const char *lang, struct msg *msg, int *line);
/* One figure as the fields of a line (the plugin's, and the verdict cache's): read them into a,
 * false when they are not one; write them (no newline). */
bool access_figure_read(const char *fields, struct access_figure *a);
void access_figure_write(struct sbuf *out, const struct access_figure *a);
/* The warp width and bank count the figures assume. */
int access_warp(void);
int access_banks(void);

struct report {
	char exercise[NAME_MAX_LEN];
	enum verdict verdict;
	struct msg message;  /* the learner-facing explanation, as data (rendered when shown) */
	char *file;          /* location, when known */
	int line;
	char *device;        /* the execution device */
	struct test_result *tests;
	int ntests;
	struct msg picture;  /* plain-text picture of a wrong result ('x' marks a wrong cell), as data */
	char *analysis_log;  /* Oclgrind's raw log, shown with --verbose */
	char *build_log;     /* the compiler's log, when the build failed */
	char *kernel_output; /* what the learner's kernel printed (printf), cut at 4 KB */
	bool analysis_ran;
	struct access_figure *access; /* measured by the analysis */
	int naccess;                  /* -1: not measured (no analysis, or no plugin) */
	bool interrupted;    /* stopped by a key before a verdict: nothing to record */
	bool cached;         /* the verdict cache answered (cache.c): nothing ran */
	double seconds;
	struct diagnosis_found *diagnoses;   /* the learner's mistake, most likely first (diagnose.c) */
	int ndiagnoses;
};
#define REPORT_INIT { .verdict = VERDICT_PASS, .naccess = -1 }
void report_release(struct report *r);
/* r's verdict v with the message m (m is left empty); the _text form: words of clings' own that
 * are not for a learner (a broken course, the device), kept as they are. */
void report_set(struct report *r, enum verdict v, struct msg *m);
void report_set_text(struct report *r, enum verdict v, const char *text);
/* A test's result; its detail as words of clings' own (the _msg form: as data, detail left empty). */
void report_add_test(struct report *r, const char *name, enum test_status st, const char *detail);
void report_add_test_msg(struct report *r, const char *name, enum test_status st, struct msg *detail);
const char *test_status_name(enum test_status st);

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
};
/* Runs in the child: writes its findings to fd, returns the child's exit status. */
typedef int (*sandbox_fn)(void *arg, int fd);
struct sandbox_child {
	pid_t pid;
	int fd;
	double deadline;
	long run_ms;         /* the deadline once the child says "ready" */
	bool ready;
	struct sbuf output;  /* all the child wrote */
	bool timed_out;
	int exit_status;     /* when it exited */
	int signal;          /* when a signal ended it (not our kill) */
	bool output_cut;     /* it sent more than the parent reads: stopped */
	bool settles_unready;/* ending before its "ready" decides everything: the others are stopped */
	int err_fd;          /* sanitizer builds: the child's stderr, in memory (see release) */
	double armed_at, ready_at, ended_at;   /* its clock (now_seconds); CLINGS_TRACE prints them */
};
#define SANDBOX_CHILD_INIT { .pid = -1, .fd = -1, .err_fd = -1 }
/* Starts c's clock: the build limit until its "ready" line, then the run limit. */
void sandbox_arm(struct sandbox_child *c, const struct sandbox_limits *lim);
/* Sets the resource limits on the calling process (the child calls it once its device is open). */
void sandbox_apply_limits(const struct sandbox_limits *lim, bool cpu_device);
/* Starts fn in a child in its own process group; env is a NULL-terminated list "NAME=value" set first. */
int sandbox_start(struct sandbox_child *c, const struct sandbox_limits *lim, char *const env[],
		  sandbox_fn fn, void *arg);
/* The same, and the descriptor *keep_fd stays open in the child (as 4; *keep_fd says so there).
 * Every other descriptor but the channel (3) is closed in the child. */
int sandbox_start_keeping(struct sandbox_child *c, const struct sandbox_limits *lim,
			  char *const env[], sandbox_fn fn, void *arg, int *keep_fd);
/* Confines the calling process for good, on every thread (see sandbox.c); with no_files, it may
 * no longer create, write, rename or remove files either. Called once the kernel is built. */
int sandbox_confine(bool no_files);
/* The build's tighter limits (BUILD_CPU_S more processor time, BUILD_MEMORY_MB of address space
 * on a CPU device), as soft limits; sandbox_run_limits() gives the run's back. A macro that
 * expands without end is then stopped in seconds. */
void sandbox_build_limits(bool cpu_device);
/*
 * In the child, before anything else: new user, mount, network and IPC namespaces; every file
 * read-only but the compiler's cache; lim->hide covered by an empty directory.
 * Returns -1 (nothing changed) where namespaces are refused; a child that got namespaces but
 * could not finish hiding ends (exit 111) rather than run with less.
 */
int sandbox_isolate(const struct sandbox_limits *lim);
/* Removes the empty names PoCL reserves in its kernel cache and leaves behind at every link. */
void sandbox_clean_compiler_cache(void);
/* Whether children get namespaces here (tried once, in a throwaway process). */
bool sandbox_namespaces_available(void);
void sandbox_run_limits(void);
/* CPU seconds a child may use: its build and run limits, on every core at once. */
long sandbox_cpu_seconds(long time_limit_ms);
/*
 * Waits for all children, reading their output, until each exits or passes its deadline; a child
 * past its deadline has its whole group killed. Every child is reaped: none is left behind.
 * A child's clock restarts with time_ms when it writes a line "ready" (its build is done).
 * With interrupt_fd >= 0, input there stops the wait early: every child is killed and reaped,
 * the input is left unread, and the call returns true (false when every child finished).
 */
bool sandbox_wait_all(struct sandbox_child *c, int n, int interrupt_fd);
void sandbox_child_release(struct sandbox_child *c);

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
/* Enqueues an NDRange and waits for it. */
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

/* ---- running a check ---- */
struct check_options {
	const char *device;      /* --device */
	const char *file;        /* the learner's file; NULL: the exercise's stub */
	/* The learner's source already read by the caller (grading opens a student's file itself,
	 * link by link), with file as the name shown; NULL: the check reads file. */
	const char *source;
	size_t source_len;
	const char *lang;        /* the learner's: "en", "pt-BR", a course's "es" */
	uint64_t seed;           /* the random inputs' seed; 0: the check's own */
	bool no_analysis;
	bool verbose;
	bool interruptible;      /* a key pressed on stdin stops the check (r->interrupted) */
	bool cache;              /* answer an unchanged kernel from the verdict cache (cache.c) */
	struct standby *standby; /* a warm execution child to use, or NULL */
	/* Called (in the parent) while a slow phase runs, with a catalog text for the learner
	 * ("checking..."), which the callee translates; may be NULL. */
	void (*progress)(void *ctx, const char *what);
	void *progress_ctx;
};
/*
 * Checks a learner's kernel against the exercise: build, signature, requirements, analysis on
 * Oclgrind, then execution on the chosen device, each in a sandboxed child. Fills r; returns 0,
 * or -1 when the check could not run at all (r->verdict is then VERDICT_ERROR with a message).
 */
int check_exercise(const struct course *c, const struct exercise *e, const struct check_options *o,
		   struct report *r);

/* ---- the verdict cache (cache.c): .clings-cache/EXERCISE in the course directory ---- */
struct verdict_key_input {
	const struct check_spec *spec;   /* its text's hash and its seed (after --seed) */
	const char *solution_src;
	const char *src;                 /* the learner's source, as the check reads it */
	size_t len;
	const char *device, *lang, *shown;
	bool analyze;                    /* whether the analysis runs */
};
struct verdict_key {
	uint64_t context;   /* everything but the source, and the clings version */
	uint64_t tokens;    /* the source's tokens */
	uint64_t text;      /* the source's bytes */
	uint64_t lines;     /* its code line by line (source_code_lines) */
	bool exact;         /* the tokens alone are not enough (__LINE__): the bytes must match */
};
void verdict_key_make(struct verdict_key *k, const struct verdict_key_input *in);
/* Fills r (r->cached set) from the exercise's cache file when it holds the verdict of k: the
 * same context and tokens, and for anything but a pass the same bytes. -1: a miss. */
int verdict_cache_lookup(const char *course_dir, const char *exercise, const struct verdict_key *k,
			 struct report *r);
/* Keeps r's verdict under k, atomically, unless it depends on the machine (timeout, crash,
 * error) or was interrupted. A failure to write is a warning. */
void verdict_cache_store(const char *course_dir, const struct verdict_key *k, const struct report *r);

/* In the child: build, signature, run the tests, compare with the reference (execute.c). */
enum run_mode { RUN_EXECUTE, RUN_REFERENCE, RUN_ANALYZE };
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
	bool bench;                  /* time the kernel at the bench's size (benchrun.c) */
	int64_t bench_bytes;         /* the bench's size; 0: the reference child chooses it */
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
#define BENCH_WARMUP_RUNS 2
#define BENCH_RUNS 7             /* timed runs of each row: the median is reported */
#define BENCH_TIME_LIMIT_MS 120000
/* The same, on a device session already open (a standby child's). */
int run_in_session(const struct run_request *rq, struct cl_session *s, int fd);
/* Reports, as the child's verdict, an error that kept it from checking (the learner's code is
 * not to blame). */

/*
 * standby.c: an execution child started ahead of time (watch mode), which opens the device and
 * loads the compiler while the learner edits, then takes the next check's request.
 */
struct standby {
	struct sandbox_child child;
	int job_fd;          /* where its request is written; -1: no standby */
	char *device;        /* the device spec it opened */
};
#define STANDBY_INIT { .child = SANDBOX_CHILD_INIT, .job_fd = -1 }
/* Unless one is waiting; hide as in struct sandbox_limits (the course's solutions). */
void standby_start(struct standby *sb, const char *device, const char *hide);
/* Hands rq (which names its files) to the waiting child, which becomes c. Returns -1, with no
 * standby left, when none can take it: the caller starts a cold child. */
int standby_take(struct standby *sb, const struct run_request *rq, struct sandbox_child *c);
void standby_release(struct standby *sb);

/* ---- the bench (bench.c, the parent; benchrun.c, the children) ---- */
struct bench_options {
	const char *device, *file, *lang;   /* as for a check */
	bool interruptible;                 /* a key on stdin stops it */
	void (*progress)(void *ctx, const char *what);
	void *progress_ctx;
};
/* The learner's results at the bench's size: the reference's (exactly, or within the tolerance for
 * floats), different, right at the places sampled (a large float output computed in another
 * order), or not known. */
enum bench_agree { AGREE_YES, AGREE_NO, AGREE_SAMPLED, AGREE_UNKNOWN };
struct bench_row {
	char name[128];              /* its parameters: "len=16777216 wg=64" */
	char group[32];              /* the work-group: "64", "16x16" */
	int passes;                  /* of the [repeat] loop */
	double bytes_first, bytes_loop;   /* read and written by the contract */
	bool skipped;                /* larger than the device allows */
	double loop_s, first_s;      /* the learner's medians; 0 with a problem */
	double ref_loop_s, ref_first_s;
	enum bench_agree agree;      /* its results against the reference's, at this size */
	struct msg problem;          /* why the learner's figures are not shown; empty when they are */
};
struct bench_result {
	char exercise[NAME_MAX_LEN];
	char *device;
	bool cpu;
	int64_t bytes;               /* the size chosen for the device */
	double copy_s, copy_bytes;   /* the copy kernel: median time, bytes read and written */
	bool multipass;              /* the check has a [repeat] loop */
	struct bench_row *rows;
	int nrows;
	enum verdict check_verdict;
	bool interrupted;
	struct msg message;          /* why there are no figures; empty when there are */
	struct access_figure *access;/* the check's memory-access figures, when the analysis ran */
	int naccess;                 /* -1: none */
};
extern const char oclgrind_refusal[];   /* a catalog id: msg_adds it */
/* Checks the kernel, then benches it when it passes. Returns 0 with figures in b, 1 when the
 * kernel does not pass its check, -1 when the bench could not run (b->message says why). A row's
 * problem and the message keep their facts: "work_group", "gbps", "ratio", "bytes", ... */
int bench_exercise(const struct course *c, const struct exercise *e, const struct bench_options *o,
		   struct bench_result *b);
void bench_result_release(struct bench_result *b);

/* ---- analysis on Oclgrind (analyze.c) ---- */
bool analysis_available(void);   /* Oclgrind's OpenCL library is installed */
/*
 * Environment for the analysis child: Oclgrind as the only platform, its checks on, its log.
 * Fills env with at most max-1 allocated "NAME=value" strings and a NULL; the caller frees them.
 */
void analysis_env(const char *log_path, char **env, int max);
struct analysis_buffer {          /* what the host knows of each buffer, in creation order */
	char name[NAME_MAX_LEN];
	enum arg_kind kind;
	size_t bytes;
};
struct finding {
	enum verdict verdict;         /* VERDICT_PASS: nothing found */
	struct msg message;           /* learner-facing, names file and line */
	char *file;
	int line;
};
/* Translates Oclgrind's log into the first finding a learner should fix, with its facts;
 * learner_src is the source that was analysed (NUL-terminated), named learner_path; channel
 * (may be NULL) is the analysis child's output, whose access plugin's lines name the kernel's
 * own __local arrays and the slots read unwritten. */
int verdict_from_analysis(const char *log, const char *learner_path, const char *learner_src,
			  const struct analysis_buffer *bufs, int nbufs, const char *channel,
			  struct finding *f);
/* The same without the channel, the source read from learner_path (tests and fuzzing). */
int verdict_from_oclgrind_log(const char *log, const char *learner_path,
			      const struct analysis_buffer *bufs, int nbufs, struct finding *f);
void finding_release(struct finding *f);

/* ---- the learner's source, before any compiler (source.c) ---- */
/* The line of the first directive that would read another file (#include, #import, #embed,
 * however spelled), or 0 when there is none. */
int source_find_include(const char *src, size_t len);
/* The line of the first call that makes a function reach itself again (recursion, which OpenCL C
 * forbids), with the calling and the called function's names in caller and callee; 0 when no
 * function does. Calls through function pointers and macros are not seen. */
int source_find_recursion(const char *src, size_t len, char *caller, char *callee, size_t cap);
/* The source's tokens as the compiler sees them: comments and line splices gone, every run of
 * white space between two tokens one space, the end of each preprocessor line kept, literals
 * byte for byte. Two sources that differ only in comments and spacing give the same text. */
void source_tokens(const char *src, size_t len, struct sbuf *out);
/* Each line's code, comments gone and white space one space, lines kept, the lines after the
 * last code dropped: two sources that give the same text have the same code on the same lines
 * (what a verdict's line numbers and access figures need). */
void source_code_lines(const char *src, size_t len, struct sbuf *out);
/* The learner's source with a first line `#line 1 "path"`, so that the compiler names the
 * learner's own file in its messages. Allocated. */
char *source_with_line_directive(const char *path, const char *src);
/* The first error of a compiler's log, as "path:LINE:COL: MESSAGE" with the learner's line and a
 * caret under the column, into msg (the whole log when no line names path); its line in *line. */
void source_first_build_error(const char *log, const char *path, const char *src, int *line,
			      struct sbuf *msg);

/* ---- what the analysis's advice reads in the learner's source (source-advice.c) ---- */
/* In a NUL-terminated source (lines from 1; 0: none found). An `if` or a loop more than a few
 * hundred lines above the line is not looked for. */
int source_early_return(const char *src, int before);   /* a `return` in the kernel before it */
int source_guard_line(const char *src, int line);       /* an `if` that guards the line */
int source_global_only_barrier(const char *src);        /* a barrier with CLK_GLOBAL_MEM_FENCE only */
int source_local_barrier_between(const char *src, int a, int b);   /* a local barrier between */
int source_loop_before(const char *src, int before);   /* the innermost loop's first line */
/* The guard of the first store into an element of `name` when every store into one is guarded
 * (an `if` around it, see source_guard_line); 0 when one is not, or there is none. */
int source_stores_guarded(const char *src, const char *name);
char *source_line_text(const char *src, int line);      /* its text, allocated; "" past the end */

/* ---- the parent's verdict on the learner's run (judge.c) ---- */
struct judge_input {
	const struct check_spec *spec;
	const struct proto_stream *learner;     /* the execution child's output */
	const struct proto_stream *reference;   /* the reference child's (or the cache's) */
	const char *learner_path;               /* as shown to the learner */
	const char *learner_src;                /* the kernel's text, for advice; may be NULL */
};
/* Fills r's tests and verdict from the learner's and the reference's results; returns 0, or 1
 * when the learner's run ended before a verdict (began then names the test it was in, or is
 * empty): the caller explains how it ended. *failed_case (may be NULL) gets the index of the
 * case that decided a failure, else -1. */
int judge_execution(const struct judge_input *in, struct report *r, struct sbuf *began, int *failed_case);

/* ---- the child protocol (protocol.c): lines "key\tvalue", and frames of result bytes ---- */
void proto_send(int fd, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "verdict V FILE LINE MESSAGE": the message as data (msg_write), which the parent renders in
 * the learner's language; msg is released. The _text form: words of clings' own that are not
 * for a learner (the device's, the course's), kept as they are. */
void proto_send_verdict(int fd, enum verdict v, const char *file, int line, struct msg *msg);
void proto_send_verdict_text(int fd, enum verdict v, const char *file, int line, const char *text);
/* "KEY TEXT", escaped (escape_line), and "test NAME STATUS DETAIL", the detail as data. */
void proto_send_text(int fd, const char *key, const char *text);
void proto_send_test(int fd, const char *name, enum test_status st, const struct msg *detail);
/* "data CASE PASS ARG BYTES GUARD", then BYTES of contents (data may be NULL with 0 bytes) and
 * GUARD bytes of the buffer's guard region. */
void proto_send_data(int fd, int ci, int pass, int arg, const void *data, size_t bytes,
		     const void *guard, size_t guard_bytes);
/* "launch CASE PASS WHAT": a launch failed; WHAT keeps only letters, digits and _ : - . */
void proto_send_launch_failure(int fd, int ci, int pass, const char *what);
/* Appends the characters of s an OpenCL error and its call are made of (letters, digits,
 * "_:-. "), up to its line's end, until out holds max bytes: what both ends keep of a WHAT. */
#define PROTO_PLAIN_MAX 120
void proto_add_plain(struct sbuf *out, const char *s, size_t max);
/* Result bytes as the parent received them, copied out of the child's output (aligned for any
 * element type; bytes is the start of the one allocation, guard follows it). */
struct proto_data {
	int ci, pass, arg;
	const unsigned char *bytes, *guard;
	size_t nbytes, nguard;
};
/* A child's output cut into its text lines (before and after its "ready" line) and its data
 * frames. A record cut off by the child's end is dropped (cut is then true). */
struct proto_stream {
	struct sbuf before, after;
	bool ready, cut;
	struct proto_data *data;
	int ndata;
};
#define PROTO_STREAM_INIT { SBUF_INIT, SBUF_INIT, false, false, NULL, 0 }
void proto_split(const char *buf, size_t len, struct proto_stream *ps);
void proto_stream_release(struct proto_stream *ps);
/* The data of (ci, pass, arg), or NULL. */
const struct proto_data *proto_find(const struct proto_stream *ps, int ci, int pass, int arg);
/* The first field of the first line "key\tFIELD..." of text, as a number; -1 when absent. A
 * second call with the same key finds the next one when *from is kept. */
long proto_number(const char *text, const char *key, const char **from);
int proto_parse(const char *text, struct report *r, struct sbuf *began);
/* The "buffer NAME KIND BYTES" lines of the analysis child's text: the buffers in the order the
 * host created them, which Oclgrind numbers by. Returns how many; *out is allocated (NULL when
 * none), the caller frees it. */
int proto_analysis_buffers(const char *text, struct analysis_buffer **out);
/* The kernel's printf up to case upto (all: -1), from the learner's "printf CASE TEXT" lines of
 * text (shown, never read), at most 4 KB; NULL when there is none. Caller frees. */
char *proto_printf_text(const char *text, int upto);


#endif
