/*
 * engine/check/: one check of one kernel, as a list of stages (check.c runs them in order;
 * check-run.c starts and judges the children; check-stages.c and check-compiler.c hold the
 * others), the parent's verdict on the learner's run (judge.c) and the verdict cache (cache.c).
 * Each stage takes the check's state, may set the report's finding, and says whether the check
 * goes on; a check that could not run is clings' own error, never a pass. It includes every
 * folder below it; engine/repair/ and engine/bench/ are built on it.
 */
#ifndef ENGINE_CHECK_H
#define ENGINE_CHECK_H

#include "base/msg.h"
#include "course/course.h"
#include "engine/report/report.h"
#include "engine/children/children.h"
#include "engine/analysis/analysis.h"
#include "engine/source/source.h"

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
	/* > 0: the learner's tests may run this long at most, below the check's own limit, and a
	 * run that ends otherwise than cleanly is never run again (a repair's candidate: one that
	 * hangs or is starved is only not a repair, and must not take the search's budget). */
	long candidate_time_ms;
	/* > 0: the learner's run is this test case alone (1 + its index), its verdict that test's
	 * (a repair's candidate, on the test the learner's kernel failed first: one that fails it
	 * costs one test, not all); never kept in the verdict cache. 0: every test. */
	int only_test;
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
/* One check of file (in English, as validate's), for `clings validate --migrate`
 * (course/migrate.h's migrate_diagnose_fn): its verdict, its message on one line (appended to
 * message), the id of the first of its report's diagnoses into id ("" when there is none) and
 * whether it is proved (certain); 0, or -1 when the check could not run (its message said).
 * check-first.c. */
int check_first_diagnosis(const struct course *c, const struct exercise *e, const char *device,
			  const char *file, bool no_analysis, uint64_t seed, enum verdict *verdict,
			  struct sbuf *message, char *id, size_t idlen, bool *proved);

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

/* ---- the parent's verdict on the learner's run (judge.c) ---- */
struct judge_input {
	const struct check_spec *spec;
	const struct proto_stream *learner;     /* the execution child's output */
	const struct proto_stream *reference;   /* the reference child's (or the cache's) */
	const char *learner_path;               /* as shown to the learner */
	const char *learner_src;                /* the kernel's text, for advice; may be NULL */
	/* libclang's facts of it, asked only when a failure's words need them (may be NULL, or
	 * return NULL: then no guard is named) */
	const struct kernel_facts *(*facts)(void *arg);
	void *facts_arg;
	int only_test;                          /* check_options's: 0, every test */
};
/* Fills r's tests and verdict from the learner's and the reference's results (of the test
 * only_test alone, when it is set); returns 0, or 1 when the learner's run ended before a
 * verdict (began then names the test it was in, or is empty): the caller explains how it
 * ended. *failed_case (may be NULL) gets the index of the case that decided a failure, else -1. */
int judge_execution(const struct judge_input *in, struct report *r, struct sbuf *began, int *failed_case);

/* ---- the stages of one check (check.c runs them in order; check-run.c starts and judges the
 * children; check-stages.c holds the others) ---- */
/* The children: the analysis is ANALYSIS_PARTS children at most, each with a part of the
 * analysed tests (analysis_parts), from CHECK_ANALYSIS on. */
enum { CHECK_LEARNER, CHECK_REFERENCE, CHECK_ANALYSIS, CHECK_CHILDREN = CHECK_ANALYSIS + ANALYSIS_PARTS };

struct check_state {
	const struct course *c;
	const struct exercise *e;
	const struct check_options *o;
	struct report *r;
	double t0;
	struct check_spec *spec;
	char *learner_src, *solution_src;
	size_t learner_len;
	char *shown;                  /* the learner's file as the messages name it */
	char *source_cache;           /* PoCL's cache of the learner's source (sandbox_source_cache) */
	bool analyze;                 /* the analysis on Oclgrind runs */
	struct verdict_key cache_key;
	bool keyed;                   /* cache_key made: the verdict may be kept */
	/* the run: limits and requests of the three children, and what they sent */
	struct sandbox_limits limits[CHECK_CHILDREN];
	struct run_request rq[CHECK_CHILDREN];
	struct child ch[CHECK_CHILDREN];
	bool started[CHECK_CHILDREN];
	bool warm[CHECK_CHILDREN];    /* taken from the watcher's standby */
	double cpu_before[CHECK_CHILDREN];   /* a standby's processor time before its request */
	uint64_t reference_key;
	struct sbuf reference_output; /* the reference's whole run, from its child or the memory */
	bool reference_known;         /* from the memory of earlier checks: no child ran it */
	int parts;                    /* analysis children: CHECK_ANALYSIS .. + parts - 1 */
	int log_fd[ANALYSIS_PARTS];   /* Oclgrind's log of each, in memory */
	char *env[16];                /* the analysis child's environment */
	struct proto_stream learner, reference;
	struct sbuf began;            /* the test the learner's run was in when it ended */
	int failed_case;
	bool ran;                     /* the children ran to their ends (not interrupted) */
	bool judged;                  /* check_judge ran already, while the analysis went on */
	/* every analysis part passed, its log empty: nothing at all for Oclgrind to say */
	bool analysis_clean;
	/* libclang's reading of the learner's kernel (check_kernel_facts): 0 not read yet, 1 read,
	 * -1 it could not be (then nothing is concluded from the kernel's code) */
	struct kernel_facts facts;
	int facts_state;
	/* the learner's build was stopped for its limits (check_abnormal_end said so): libclang
	 * would spend as much on the same text, so its facts are not read */
	bool build_stopped;
	/* the learner's run timed out and the analysis still running was given its last share */
	bool timeout_shared;
};

/* What a stage says: go on to the next stage, go to the closing stages (advice, the cache), or
 * end the check here (nothing to add or keep). */
enum stage_next { STAGE_ON, STAGE_SETTLED, STAGE_END };
typedef enum stage_next (*check_stage)(struct check_state *st);

/* check-stages.c */
enum stage_next check_load(struct check_state *st);        /* the check file and the sources */
enum stage_next check_precheck(struct check_state *st);    /* #include, recursion, Oclgrind */
enum stage_next check_cache(struct check_state *st);       /* an unchanged kernel's verdict */
enum stage_next check_analysis(struct check_state *st);    /* the analysis merged in */
enum stage_next check_access(struct check_state *st);      /* the [access] rules */
enum stage_next check_diagnose(struct check_state *st);    /* the learner's mistake named */
/* The learner's kernel read by libclang in a confined child, once a check, when a stage first
 * asks; NULL when it could not be read (clings' own failure, said on stderr): a stage then
 * concludes nothing from the kernel's code. */
const struct kernel_facts *check_kernel_facts(struct check_state *st);
const struct kernel_facts *check_facts_of(void *st);   /* the same, as judge_input's facts */
enum stage_next check_advice(struct check_state *st);      /* the instructor's word */
enum stage_next check_remember(struct check_state *st);    /* into the verdict cache */
/* check-compiler.c: a wrong result the analysis found nothing in, run again (its header says
 * how): a race when the runs disagree, a bug of the device's compiler only when proved. */
enum stage_next check_compiler(struct check_state *st);
#define COMPILER_RUNS 3              /* runs of each build before anything is said of them */
struct compiler_tally {
	int runs, wrong;             /* unoptimised build: its runs (the check's first one too), wrong */
	bool same;                   /* ... each wrong with the same results as the first */
	int opt_runs, opt_wrong;     /* optimised build; 0 runs: not tried */
	bool opt_same;               /* ... each with the same results */
	bool whole;                  /* every run ended cleanly */
	bool analysis_clean;         /* check_state's */
	bool atomics;                /* the kernel uses an atomic_ or atom_ function */
};
/* Whether t proves a bug of the compiler: COMPILER_RUNS runs of each build, whole, every
 * unoptimised one wrong with the same results, every optimised one right with the same results,
 * the analysis clean and no atomics. */
bool compiler_bug_proved(const struct compiler_tally *t);
/* check-run.c */
enum stage_next check_run(struct check_state *st);         /* the children, to their ends */
enum stage_next check_judge(struct check_state *st);       /* the learner's results compared */
/* Why a child ended without its verdict, as r's finding (where: "" or a place in the catalog's
 * words with its leading space; build_cpu_s: the build's processor-time limit it had); the
 * learner's, or clings' own error where nothing the kernel does explains it (a build at the
 * clock's bound before "ready": its processor limit comes first for a kernel that makes it work).
 * Returns whether it was the build that its own limits stopped. */
bool check_abnormal_end(const struct child *ch, const char *began, long limit_ms, long cpu_s,
			int build_cpu_s, const char *where, struct report *r);
/* Whether ch was ended by something outside the check (a kill clings did not send, a machine
 * out of memory, a processor limit it had not used up), not by its own doing or its limits:
 * clings' failure, never the learner's. */
bool check_killed_outside(const struct child *ch, long cpu_s);
/* Whether analysis child k has ended with something to say: a finding in its log, a verdict
 * other than a pass, or an ending that is not its own clean one. The parts after the first that
 * does are moot: one child running every analysed test would have stopped there. */
bool check_part_speaks(const struct check_state *st, int k);
/* The device that ran the check, as a %s argument of m. */
const char *check_device_of(const struct report *r, struct msg *m);

void check_state_release(struct check_state *st);

#endif
