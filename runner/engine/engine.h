/*
 * engine.h: one check of one kernel: the comparison, the access figures, running a check, the
 * verdict cache, the analysis on Oclgrind, the learner's source and the judge. The engine's
 * other modules have headers of their own, included here: report.h (what a check found, its
 * codec), sandbox.h (the confined children), clhost.h (the OpenCL host layer: only clhost.c
 * includes CL/cl.h), protocol.h (the children's lines) and bench-run.h (the bench).
 */
#ifndef ENGINE_ENGINE_H
#define ENGINE_ENGINE_H

#include "base/msg.h"
#include "base/proc.h"
#include "engine/report/report.h"
#include "engine/children/children.h"
#include "engine/compute/compute.h"
#include "engine/report/protocol.h"
#include "course/course.h"

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

/* ---- memory-access figures (access.c): what the access plugin measured on Oclgrind ---- */
#define ACCESS_SECTOR_BYTES 32
#define ACCESS_WARP 32               /* CLINGS_WARP overrides it (64 for an AMD wavefront) */
#define ACCESS_BANKS 32              /* CLINGS_BANKS overrides it */
/* The plugin Oclgrind loads to measure accesses ($CLINGS_ACCESS_PLUGIN, else build/ beside the
 * program, else PREFIX/lib/clings/ when installed), or NULL when it is not there. */
const char *access_plugin_path(void);
/* Reads the analysis child's "access" lines, summed per memory instruction over every launch,
 * in source order; those of a test that says `access = no` (after its "begin" line) are left out.
 * Returns how many (*out is the caller's to free), or -1 when the plugin did not report. */
int access_figures_parse(const char *text, const struct check_spec *spec, struct access_figure **out);
/* Checks spec's [access] rules against the figures: 1 with the learner's explanation added to
 * msg (the course's own words on the rule in lang) and the instruction's line in *line when one
 * is unmet, 0 when all hold. */
int access_rules_check(const struct check_spec *spec, const struct access_figure *f, int n,
		       const char *lang, struct msg *msg, int *line);
/* The warp width and bank count the figures assume. */
int access_warp(void);
int access_banks(void);


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
	bool verdict_only;       /* the verdict and the tests, no diagnosis (a repair's candidates) */
	bool verbose;
	bool interruptible;      /* a key pressed on stdin stops the check (r->interrupted) */
	int interrupt_fd;        /* with interruptible: the descriptor whose input stops it; 0 is stdin */
	bool cache;              /* answer an unchanged kernel from the verdict cache (cache.c) */
	struct standby *standby; /* a warm execution child to use, or NULL */
	/* Analysis children side by side at most (analysis_parts); 0: analysis_children(). A
	 * grader running several checks at once gives 1: its processors are shared already. */
	int analysis_parts;
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

/* ---- the verdict cache (cache.c): EXERCISE in course_cache_dir() ---- */
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
int verdict_cache_lookup(const struct course *c, const char *exercise, const struct verdict_key *k,
			 struct report *r);
/* Keeps r's verdict under k, atomically, unless it depends on the machine (timeout, crash,
 * error) or was interrupted; sealed (seal.h). Quiet: a verdict not kept costs only time. */
void verdict_cache_store(const struct course *c, const struct verdict_key *k, const struct report *r);

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
	bool bench;                  /* time the kernel at the bench's size (benchrun.c) */
	int64_t bench_bytes;         /* the bench's size; 0: the reference child chooses it */
	/* RUN_ANALYZE: the analysed tests it runs, by their order among the analysed ones:
	 * [cases_from, cases_to); cases_to 0: all of them (see analysis_parts). */
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
#define BENCH_WARMUP_RUNS 2
#define BENCH_RUNS 7             /* timed runs of each row: the median is reported */
#define BENCH_TIME_LIMIT_MS 120000
/* The same, on a device session already open (a standby child's). */
int run_in_session(const struct run_request *rq, struct cl_session *s, int fd);
/* Reports, as the child's verdict, an error that kept it from checking (the learner's code is
 * not to blame). */

/*
 * standby.c: an execution child started ahead of time (watch mode), which opens the device and
 * loads the compiler while the learner edits, then takes the next check's request; and an
 * analysis child beside it, Oclgrind loaded, for the same request.
 */
#define ANALYSIS_PARTS 2   /* analysis children of one check at most (analysis_parts) */
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

/* ---- analysis on Oclgrind (analyze.c) ---- */
/* Oclgrind's log in the analysis child: its descriptor 4, a file in memory the parent keeps. */
#define ANALYSIS_LOG "/proc/self/fd/4"
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

#include "engine/bench/bench.h"   /* (it names the run requests above) */

#endif
