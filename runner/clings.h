/*
 * clings.h: the types shared by the runner's files and the functions between them.
 *
 * The runner never includes CL/cl.h here: only clhost.c talks to OpenCL. Everything else sees
 * devices, programs and buffers through the opaque handles declared below.
 *
 * Conventions (see STYLE.md): functions return 0 or a negative value on error; error() prints
 * "clings: message" and returns -1 so callers write `return error(...)`. Types that own memory
 * have a FOO_INIT initialiser and a foo_release() that frees what they own.
 */
#ifndef CLINGS_H
#define CLINGS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* ---- limits and defaults: the one place where they live ---- */
#define NAME_MAX_LEN 64          /* exercise, kernel, argument and parameter names */
#define TEXT_MAX_WIDTH 100       /* lessons and hints: wider lines are hard to read */
#define PIPE_WIDTH 80            /* text going to a file or a pipe: what its reader expects */
#define MAX_ARGS 16              /* kernel arguments in a check */
#define MAX_VARS 32              /* parameters plus derived values of one test */
#define MAX_LETS 16
#define MAX_TESTS 32             /* [test ...] sections in a check */
#define MAX_DIMS 2
#define HINTS_PER_EXERCISE 3     /* of growing detail, in every language */
#define MAX_PASSES 64            /* a [repeat] loop that runs longer is a broken check */
#define DEFAULT_TIME_LIMIT_MS 4000
#define BUILD_TIME_LIMIT_MS 60000 /* a cold compiler cache on a busy machine is slow, not hung */
#define DEFAULT_MEMORY_LIMIT_MB 8192 /* address space of a CPU-device child */
#define DEFAULT_SEED 20261123u
#define DEFAULT_TOLERANCE 1e-6
#define GUARD_BYTES 1024         /* guard region after every global buffer */
#define POISON_BYTE 0xCD         /* fills outputs before a run: "never written" */

/* ---- strings: a growable buffer (git's strbuf, smaller) ---- */
struct sbuf {
	char *buf;  /* always NUL-terminated once anything was added */
	size_t len, cap;
};
#define SBUF_INIT { NULL, 0, 0 }
void sbuf_add(struct sbuf *sb, const char *s, size_t n);
void sbuf_adds(struct sbuf *sb, const char *s);
void sbuf_addf(struct sbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sbuf_vaddf(struct sbuf *sb, const char *fmt, va_list ap);
void sbuf_reset(struct sbuf *sb);
const char *sbuf_str(const struct sbuf *sb); /* "" when empty, never NULL */
char *sbuf_detach(struct sbuf *sb);          /* caller owns the result; sb is empty again */
void sbuf_release(struct sbuf *sb);

/* ---- errors and small helpers (util.c) ---- */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));   /* prints, returns -1 */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Copies at most cap-1 bytes and always terminates. */
void copy_str(char *dst, size_t cap, const char *src);
/* Reads a whole file; returns 0 or -1 with errno set. *out is NUL-terminated, caller frees. */
int read_file(const char *path, char **out, size_t *len);
/* Writes a file atomically: temp file beside it, fsync, rename, fsync of the directory. */
int write_file_atomic(const char *path, const void *data, size_t len);
double now_seconds(void); /* monotonic clock */
/* Escapes tabs, newlines and backslashes so a value fits on one line of the child protocol. */
void escape_line(struct sbuf *out, const char *s);
void unescape_line(struct sbuf *out, const char *s);

/* ---- verdicts (verdict.c) ---- */
enum verdict {
	VERDICT_PASS,
	VERDICT_BUILD_ERROR,
	VERDICT_SIGNATURE_MISMATCH,
	VERDICT_WRONG_RESULT,
	VERDICT_TIMEOUT,
	VERDICT_CRASH,
	VERDICT_OUT_OF_BOUNDS,
	VERDICT_DATA_RACE,
	VERDICT_BARRIER_DIVERGENCE,
	VERDICT_UNINITIALIZED,
	VERDICT_REQUIREMENT_UNMET,
	VERDICT_ERROR, /* the check itself could not run: configuration, device, internal */
	VERDICT_COUNT
};
const char *verdict_name(enum verdict v);           /* "wrong_result" */
int verdict_from_name(const char *name);            /* -1 when unknown */

/* ---- element types of buffers and scalars ---- */
enum elem_type {
	TYPE_CHAR, TYPE_UCHAR, TYPE_SHORT, TYPE_USHORT, TYPE_INT, TYPE_UINT,
	TYPE_LONG, TYPE_ULONG, TYPE_FLOAT, TYPE_DOUBLE, TYPE_COUNT
};
struct type_info {
	const char *name;
	size_t size;
	bool is_float;
};
const struct type_info *type_info(enum elem_type t);
int type_from_name(const char *name);               /* -1 when unknown */
/* Reads element i of a typed array as a double or an integer. */
double elem_get_double(enum elem_type t, const void *base, size_t i);
int64_t elem_get_int(enum elem_type t, const void *base, size_t i);
void elem_set(enum elem_type t, void *base, size_t i, double v);
/* Formats element i as the learner would write it. */
void elem_format(struct sbuf *out, enum elem_type t, const void *base, size_t i);

/* ---- expressions over test parameters (expr.c) ---- */
struct vars {
	int n;
	char name[MAX_VARS][NAME_MAX_LEN];
	int64_t value[MAX_VARS];
};
int vars_set(struct vars *v, const char *name, int64_t value); /* -1 when full */
const int64_t *vars_get(const struct vars *v, const char *name);
/*
 * Evaluates an integer expression: numbers, variables, + - * / % ( ), comparisons, && || !,
 * and the functions ceil_div(a,b), round_up(a,b), min(a,b), max(a,b). Returns 0, or -1 with a
 * message in err (without file or line: the caller knows those).
 */
int expr_eval(const char *src, const struct vars *v, int64_t *out, char *err, size_t errlen);

/* ---- the course and its exercises (exercise.c) ---- */
struct exercise {
	char name[NAME_MAX_LEN];
	char *title;        /* English */
	char *title_pt;     /* Brazilian Portuguese; NULL falls back to title */
	int order;          /* course order; ties broken by name */
	char *ini_path;     /* exercises/NAME.ini */
	char *file_path;    /* the stub the learner edits: exercises/NAME.cl */
	char *solution_path;
	char *check_path;
	char *lesson_name;  /* lessons/LANG/LESSON.md and LESSON.hints.md */
};
struct course {
	char *dir;                 /* absolute path of the course directory */
	struct exercise *ex;       /* sorted in course order */
	int n;
};
#define COURSE_INIT { NULL, NULL, 0 }
/* The course directory: --course, then CLINGS_COURSE, then the bundled one. */
const char *course_default_dir(void);
int course_load(const char *dir, struct course *c);
void course_release(struct course *c);
/* Finds by exact name, then by unique prefix; prints an error listing candidates otherwise. */
const struct exercise *course_find(const struct course *c, const char *name);
int course_index(const struct course *c, const struct exercise *e);
/* lessons/LANG/NAME.md (suffix "" ) or lessons/LANG/NAME.hints.md (suffix ".hints"); caller frees. */
char *course_lesson_path(const struct course *c, const struct exercise *e, const char *lang,
			 const char *suffix);

/* ---- check specifications (checkspec.c) ---- */
enum arg_kind { ARG_GLOBAL, ARG_CONSTANT, ARG_LOCAL, ARG_SCALAR };
enum init_kind { INIT_POISON, INIT_RANDOM, INIT_IOTA, INIT_CONST };
/* Host computations of an output, which the reference solution must agree with. */
enum host_oracle { HOST_NONE, HOST_SEGMENT_SUM, HOST_SEGMENT_MAX, HOST_TRANSPOSE };
struct arg_spec {
	char name[NAME_MAX_LEN];
	enum arg_kind kind;
	enum elem_type type;
	bool is_const, is_pointer;
	int line;                    /* line of its [buffer|local|scalar] section, 0 if none */
	char *size_expr;             /* buffers and local memory: elements */
	char *value_expr;            /* scalars */
	enum init_kind init;
	double init_a, init_b;       /* random(lo, hi), iota(start), const(v) */
	bool output;                 /* compared with the reference after each pass */
	char *shape_expr[MAX_DIMS];  /* outputs: rows, columns (2-D) or one dimension */
	char *label[MAX_DIMS];       /* how the learner names an index: "work-group"; "row", "column" */
	char *from;                  /* [repeat]: next pass's contents come from this output */
	enum host_oracle host;       /* outputs: what the host computes to verify the reference */
	int host_src;                /* the argument the oracle reads */
	char *host_expr[2];          /* segment length; or rows, columns of a transpose */
};
struct let_spec {
	char name[NAME_MAX_LEN];
	char *expr;
	int line;
};
struct param_spec {
	char name[NAME_MAX_LEN];
	int64_t values[16];
	int nvalues;
};
struct test_spec {
	char name[NAME_MAX_LEN];
	struct param_spec params[MAX_VARS];
	int nparams;
	bool analyze;                /* also run on the analysis device */
};
enum analysis_mode { ANALYSIS_ON, ANALYSIS_REQUIRED, ANALYSIS_OFF };
struct check_spec {
	char *path;
	char kernel[NAME_MAX_LEN];
	struct arg_spec args[MAX_ARGS];
	int nargs;
	struct let_spec lets[MAX_LETS];
	int nlets;
	int dims;
	char *global_expr[MAX_DIMS], *local_expr[MAX_DIMS];
	char *repeat_while;          /* NULL: one pass */
	struct let_spec repeat_set[MAX_LETS];
	int nrepeat_set;
	struct test_spec tests[MAX_TESTS];
	int ntests;
	long time_limit_ms, analysis_time_limit_ms;
	long memory_limit_mb;
	uint64_t seed;
	double tolerance;            /* relative, for float and double outputs */
	enum analysis_mode analysis;
	long requires_local_mem;     /* bytes of __local memory the kernel must declare; 0: none */
	char *requirement_why;
};
#define CHECK_SPEC_INIT { 0 }
/* Loads and validates a check ini; errors are printed as "path:line: message". */
int check_spec_load(const char *path, struct check_spec *spec);
void check_spec_release(struct check_spec *spec);
/* Renders the expected signature as C: "__kernel void NAME(__global const int *in, ...)". */
void check_spec_signature(const struct check_spec *spec, struct sbuf *out);

/* One test instance: a test section with one value of each parameter. */
struct test_case {
	char name[128];              /* "ragged len=7 wg=64" */
	struct vars vars;            /* parameters, then [let] values */
	bool analyze;
};
/* Expands every test section into cases (the product of its value lists). Caller frees *out. */
int check_spec_expand(const struct check_spec *spec, struct test_case **out, int *n);
/* Evaluates [let] into tc->vars again (after [repeat] changed a parameter). */
int check_spec_eval_lets(const struct check_spec *spec, struct vars *v, struct sbuf *err);
/*
 * The host loop of [repeat]: after a pass with values v, returns 1 and updates v when another
 * pass follows, 0 when the loop is over, -1 with a message in err when an expression fails.
 */
int check_spec_next_pass(const struct check_spec *spec, struct vars *v, struct sbuf *err);
/* How many passes a test with starting values v runs (at most MAX_PASSES). */
int check_spec_count_passes(const struct check_spec *spec, const struct vars *v);

/* ---- comparing an output with the reference (verdict.c) ---- */
struct output_view {
	const struct arg_spec *arg;
	const void *expected, *got;
	size_t n;          /* elements */
	long cols;         /* 2-D outputs: elements per row; 0 for 1-D */
	int pass, passes;  /* 1-based pass of a multi-pass check, and how many there were */
	const char *lang;  /* of msg and pic: "pt-BR", else (NULL too) English */
};
/*
 * Returns how many elements differ (floats within the relative tolerance are equal); for a
 * mismatch, msg names the first wrong place in the learner's terms and pic draws the region.
 */
long compare_output(const struct output_view *o, double tol, struct sbuf *msg, struct sbuf *pic);

/*
 * Computes an output on the host from its oracle's source (src, n_src elements) into out (n
 * elements): segment_sum(src, K) and segment_max(src, K) reduce src[gK .. gK+K) into out[g];
 * transpose(src, R, C) transposes an R x C matrix. Returns -1 with a message in err.
 */
int host_compute(const struct arg_spec *out_arg, const void *src, size_t n_src, void *out, size_t n,
		 const struct vars *v, struct sbuf *err);

/* ---- reports: what a check found (report.c) ---- */
enum test_status { TEST_PASS, TEST_FAIL, TEST_SKIP, TEST_ERROR };
struct test_result {
	char *name;
	enum test_status status;
	char *detail;
};
struct report {
	char exercise[NAME_MAX_LEN];
	enum verdict verdict;
	char *message;       /* the learner-facing explanation */
	char *file;          /* location, when known */
	int line;
	char *device;        /* the execution device */
	struct test_result *tests;
	int ntests;
	char *picture;       /* plain-text picture of a wrong result; 'x' marks a wrong cell */
	char *analysis_log;  /* Oclgrind's raw log, shown with --verbose */
	char *build_log;     /* the compiler's log, when the build failed */
	bool analysis_ran;
	bool interrupted;    /* stopped by a key before a verdict: nothing to record */
	double seconds;
};
#define REPORT_INIT { .verdict = VERDICT_PASS }
void report_release(struct report *r);
void report_add_test(struct report *r, const char *name, enum test_status st, const char *detail);
const char *test_status_name(enum test_status st);
/* Plain or coloured text for a terminal, and the one JSON object of `check --json`. */
void report_print_text(const struct report *r, FILE *f, bool colour, bool verbose, const char *lang);
void report_print_json(const struct report *r, FILE *f);

/* ---- the sandboxed child (sandbox.c) ---- */
struct sandbox_limits {
	long time_ms;        /* wall clock from the child's "ready" line; then its group is killed */
	long build_ms;       /* wall clock before "ready": compiling is not the learner's time */
	long memory_mb;      /* RLIMIT_AS; 0: none (GPU drivers reserve huge address ranges) */
	long cpu_s;          /* RLIMIT_CPU */
	long file_mb;        /* RLIMIT_FSIZE */
	long open_files;     /* RLIMIT_NOFILE */
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
};
#define SANDBOX_CHILD_INIT { .pid = -1, .fd = -1 }
/* Starts c's clock: the build limit until its "ready" line, then the run limit. */
void sandbox_arm(struct sandbox_child *c, const struct sandbox_limits *lim);
/* Sets the resource limits on the calling process (the child calls it once its device is open). */
void sandbox_apply_limits(const struct sandbox_limits *lim, bool cpu_device);
/* Starts fn in a child in its own process group; env is a NULL-terminated list "NAME=value" set first. */
int sandbox_start(struct sandbox_child *c, const struct sandbox_limits *lim, char *const env[],
		  sandbox_fn fn, void *arg);
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
int clhost_open(const char *spec, struct cl_session **out, struct sbuf *err);
void clhost_close(struct cl_session *s);
const char *clhost_device_name(const struct cl_session *s);
bool clhost_device_is_cpu(const struct cl_session *s);
size_t clhost_max_work_group(const struct cl_session *s);
/* Builds source; on failure returns -1 with the compiler's log in log. */
int clhost_build(struct cl_session *s, const char *src, const char *options, struct cl_prog **out,
		 struct sbuf *log);
void clhost_prog_release(struct cl_prog *p);
/* Lists the kernels the program defines, separated by ';'. */
void clhost_prog_kernel_names(struct cl_prog *p, struct sbuf *out);
int clhost_kernel(struct cl_prog *p, const char *name, struct cl_kern **out);
int clhost_kernel_args(struct cl_kern *k, struct kernel_arg_info *args, int max);
long clhost_kernel_local_mem(struct cl_kern *k);   /* static __local bytes */
size_t clhost_kernel_max_work_group(struct cl_kern *k);
/* A buffer of bytes followed by guard bytes filled with a known pattern. */
int clhost_buffer(struct cl_session *s, size_t bytes, size_t guard, const void *init,
		  struct cl_buf **out);
void clhost_buffer_release(struct cl_buf *b);
int clhost_buffer_read(struct cl_buf *b, void *dst);   /* the bytes, not the guard */
/* Returns the offset (from the buffer's start) of the first damaged guard byte, or -1. */
long clhost_buffer_guard_damage(struct cl_buf *b);
int clhost_arg_buffer(struct cl_kern *k, int i, struct cl_buf *b);
int clhost_arg_local(struct cl_kern *k, int i, size_t bytes);
int clhost_arg_scalar(struct cl_kern *k, int i, const void *value, size_t size);
/* Enqueues an NDRange and waits for it. */
int clhost_run(struct cl_kern *k, int dims, const size_t *global, const size_t *local,
	       struct sbuf *err);

/* ---- running a check ---- */
struct check_options {
	const char *device;      /* --device */
	const char *file;        /* the learner's file; NULL: the exercise's stub */
	const char *lang;        /* "en" or "pt-BR" */
	bool no_analysis;
	bool verbose;
	bool interruptible;      /* a key pressed on stdin stops the check (r->interrupted) */
	struct standby *standby; /* a warm execution child to use, or NULL */
	/* Called (in the parent) with a short line while a slow phase runs; may be NULL. */
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

/* In the child: build, signature, run the tests, compare with the reference (execute.c). */
enum run_mode { RUN_EXECUTE, RUN_ANALYZE };
struct run_request {
	const struct check_spec *spec;
	const char *learner_path;    /* shown in messages */
	const char *learner_src;
	const char *solution_src;
	/* Where spec and the solution were read: a standby child (standby.c) reads them again. */
	const char *check_file, *solution_file;
	const char *device;
	enum run_mode mode;
	const struct sandbox_limits *limits;
	const char *analysis_log_path; /* RUN_ANALYZE: where Oclgrind writes */
	const char *lang;            /* of the messages the child writes */
};
int run_in_child(void *req, int fd);
/* The same, on a device session already open (a standby child's). */
int run_in_session(const struct run_request *rq, struct cl_session *s, int fd);
/* Reports, as the child's verdict, an error that kept it from checking (the learner's code is
 * not to blame). */
void run_send_error(int fd, const char *msg);

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
void standby_start(struct standby *sb, const char *device);  /* unless one is waiting */
/* Hands rq (which names its files) to the waiting child, which becomes c. Returns -1, with no
 * standby left, when none can take it: the caller starts a cold child. */
int standby_take(struct standby *sb, const struct run_request *rq, struct sandbox_child *c);
void standby_release(struct standby *sb);

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
	char *message;                /* learner-facing, names file and line */
	char *file;
	int line;
};
/* Translates Oclgrind's log into the first finding a learner should fix, explained in lang. */
int verdict_from_oclgrind_log(const char *log, const char *learner_path,
			      const struct analysis_buffer *bufs, int nbufs, const char *lang,
			      struct finding *f);
void finding_release(struct finding *f);

/* ---- the child protocol (report.c): lines "key\tvalue" the parent turns into a report ---- */
void proto_send(int fd, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int proto_parse(const char *text, struct report *r, struct sbuf *began);

/* ---- progress (state.c): which exercise, what passed, hints used ---- */
struct exercise_state {
	char name[NAME_MAX_LEN];
	bool done;
	int hints;
	char last_verdict[32];
};
struct state {
	char current[NAME_MAX_LEN];
	struct exercise_state *ex;
	int n;
	bool recovered;   /* the file was missing or corrupt: the caller re-checks */
};
#define STATE_INIT { "", NULL, 0, false }
char *state_path(const struct course *c);
int state_load(const struct course *c, struct state *st);
int state_save(const struct course *c, const struct state *st);
struct exercise_state *state_for(struct state *st, const char *name); /* adds when missing */
void state_release(struct state *st);

/* ---- language ---- */
/* --lang, then CLINGS_LANG, then LC_ALL/LANG (pt_BR* -> "pt-BR"), else "en". */
const char *lang_choose(const char *flag);
/* Takes "--opt VALUE" or "--opt=VALUE" at argv[*i]: returns the value and advances *i, or NULL
 * when argv[*i] is another option; a missing value ends the program with a message (exit 2). */
const char *option_value(int argc, char **argv, int *i, const char *opt);
/* The language of error(), warning() and die() (main sets it; English until then). */
void messages_lang_set(const char *lang);
const char *messages_lang(void);
/*
 * The learner-facing text of an English message (i18n.c): its Brazilian Portuguese translation
 * when lang is "pt-BR" and the table has one, else english itself (lang may be NULL). A format
 * string keeps its conversions, in the same order, so format_arg lets the compiler check the
 * arguments against the English literal. The result lives as long as the program.
 */
const char *tr(const char *lang, const char *english) __attribute__((format_arg(2)));
/* The table behind tr(), for its tests: pairs of English and Portuguese, ending with NULLs. */
struct translation {
	const char *english, *portuguese;
};
extern const struct translation translations[];
/* tr() over another table (the watcher's own words, ui-text.c). */
const char *tr_from(const struct translation *table, const char *lang, const char *english)
	__attribute__((format_arg(3)));

/* ---- commands (cmd-*.c) ---- */
struct cmd_ctx {
	const char *course_dir;
	const char *lang;
	const char *device;
};
struct cmd_entry {
	const char *name;
	const char *usage;
	int (*exec)(const struct cmd_ctx *ctx, int argc, char **argv);
};
extern const struct cmd_entry cmd_check_entry, cmd_list_entry, cmd_devices_entry,
	cmd_hint_entry, cmd_lesson_entry, cmd_reset_entry, cmd_watch_entry, cmd_validate_entry;

/* ==== the terminal, lessons and the interactive runner (tui branch: term.c, lesson.c, cmd-*.c) ==== */
/* term.c */
bool term_colour(int fd);  /* fd is a terminal, NO_COLOR is unset or empty, TERM is not "dumb" */
/* Raw keys, the alternate screen, no cursor; given back by term_raw_leave(), at exit, and on
 * SIGINT, SIGTERM and SIGHUP (the process then dies of that signal). */
int term_raw_enter(int fd_in, int fd_out);
void term_raw_leave(void);
void term_suspend(void);   /* ^Z: gives the terminal back, stops, takes it again on SIGCONT */
void term_size(int fd, int *rows, int *cols);  /* 24x80 (or LINES, COLUMNS) when unknown */
/* Columns to set lessons and hints for on fd: the terminal's, at most TEXT_MAX_WIDTH; PIPE_WIDTH
 * when fd is not a terminal. */
int term_text_width(int fd);
/* A descriptor that becomes readable after SIGWINCH or SIGCONT; term_signal_drain() empties it. */
int term_signal_fd(void);
void term_signal_drain(void);
int term_write(int fd, const char *s, size_t n);  /* all of it, or -1 */
enum term_key { KEY_NONE = -1, KEY_ESC = 0x1b, KEY_UP = 0x100, KEY_DOWN, KEY_LEFT, KEY_RIGHT,
		KEY_PGUP, KEY_PGDN, KEY_HOME, KEY_END };
int term_read_key(int fd);  /* a byte or a KEY_*; KEY_NONE when nothing is waiting */
/* Columns that text takes on screen: escape sequences take none, a UTF-8 character one. */
int term_width(const char *s, size_t n);
/* Appends at most width columns of s (escapes kept, control characters made visible, a newline
 * ends it); returns the columns used. */
int term_add_fit(struct sbuf *out, const char *s, size_t n, int width);
/* Bytes of s that the first cols columns take (escapes before the cut included). */
size_t term_offset(const char *s, size_t n, int cols);
/* Bytes of s for one line of at most width columns: up to the last space that fits (the space
 * left out), or a cut when one word is wider than the line. */
size_t term_wrap(const char *s, size_t n, int width);
/* Appends only the escape sequences of s: the styles in effect where s ends. */
void term_add_escapes(struct sbuf *out, const char *s, size_t n);

/* lesson.c: Markdown (md4c) as terminal text. */
/* Renders md as lines of at most width columns, each ending in '\n'; with colour, styles are
 * closed at every line end and opened again on the next, so any line can be shown on its own. */
void lesson_render(const char *md, size_t len, int width, bool colour, struct sbuf *out);
/* Splits a hints file at its "## Hint" lines; each hint is the Markdown after its heading line.
 * Text before the first "## Hint" is ignored. Caller frees with lesson_hints_release(). */
struct hints {
	char **text;
	int n;
};
#define HINTS_INIT { NULL, 0 }
void lesson_split_hints(const char *md, struct hints *h);
void lesson_hints_release(struct hints *h);
/* Reads lessons/LANG/NAME{suffix}.md, falling back to English; -1 (quietly) when neither exists. */
int lesson_read(const struct course *c, const struct exercise *e, const char *lang,
		const char *suffix, char **text);

/* cmd-reset.c: puts the stub back, keeping the learner's file as a backup. The stub comes from
 * exercises/NAME.cl.orig when present, else from git (HEAD) when the course is a git work tree.
 * *backup gets the backup's path (NULL when the file was already the stub); caller frees. */
int exercise_reset(const struct course *c, const struct exercise *e, char **backup);
/* Saves a pristine copy exercises/NAME.cl.orig of an untouched stub, once, so reset works
 * without git. Quiet: returns -1 without printing. */
int exercise_keep_original(const struct course *c, const struct exercise *e);
/* cmd-hint.c: loads e's hints into h and counts one more as seen in st (the caller saves st).
 * Returns the index of the hint to show now (the last one again once all were seen), or -1
 * (printed) when there are none. */
int hint_take(const struct course *c, const struct exercise *e, const char *lang, struct state *st,
	      struct hints *h);
/* The exercise to open when none is named: the state's current one, else the first not done. */
const struct exercise *exercise_current(const struct course *c, const struct state *st);
/* An exercise name: letters, digits, '_' and '-', shorter than NAME_MAX_LEN (it goes into file
 * names, section headers of the state file, and commands the learner types). */
bool exercise_name_valid(const char *s);
/* ui-text.c: the runner's own words in lang, as tr() does for the engine's messages. */
const char *ui_text(const char *lang, const char *english) __attribute__((format_arg(2)));
extern const struct translation ui_translations[];

#endif
