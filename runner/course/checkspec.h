/*
 * checkspec.h: a check file read (checkspec.c, access.c, advice.c, fill.c, steps.c, bench.c):
 * its arguments and tests, its memory-access rules, the instructor's advice, the inputs, the
 * steps of a kernel chain and the bench's rows. Included by course.h, whose verdicts, types,
 * expressions and texts it uses.
 */
#ifndef COURSE_CHECKSPEC_H
#define COURSE_CHECKSPEC_H

#include "base/base.h"

/* ---- check specifications (checkspec.c) ---- */
enum arg_kind { ARG_GLOBAL, ARG_CONSTANT, ARG_LOCAL, ARG_SCALAR };
enum init_kind { INIT_POISON, INIT_RANDOM, INIT_IOTA, INIT_CONST, INIT_FILE };
/* A buffer's input: random(lo, hi), iota(start), const(v) or poison. Each number is a literal
 * (a float's bounds can be one) or an integer expression over the test's values. */
struct init_spec {
	enum init_kind kind;
	double a, b;                 /* the literals */
	char *expr[2];               /* NULL: the literal; else the expression of a, b */
	char *file;                  /* file(NAME): NAME under the course's data/ */
	double *data;                /* its values, read when the check loads */
	size_t ndata;
};
/* How an output is compared with the reference's (compare = ...). */
enum compare_mode {
	COMPARE_DEFAULT,             /* exact for integers, within the tolerance for floats */
	COMPARE_EXACT,               /* every value the same, floats bit for bit (NaN equals NaN) */
	COMPARE_TOLERANCE,           /* floats within the relative tolerance */
	COMPARE_MULTISET,            /* the same values in any order */
	COMPARE_SORTED,              /* the same values, in ascending order */
};
/* Host computations of an output, which the reference solution must agree with. */
enum host_oracle { HOST_NONE, HOST_SEGMENT_SUM, HOST_SEGMENT_MAX, HOST_TRANSPOSE };
struct arg_spec {
	char name[NAME_MAX_LEN];
	enum arg_kind kind;
	enum elem_type type;
	bool is_const, is_pointer;
	bool is_restrict, is_volatile;   /* shown in the signature; the learner's need not have them */
	int line;                    /* line of its [buffer|local|scalar] section, 0 if none */
	char *size_expr;             /* buffers and local memory: elements */
	char *value_expr;            /* scalars */
	struct init_spec init;
	bool output;                 /* compared with the reference after each pass */
	enum compare_mode compare;   /* outputs */
	double tolerance;            /* outputs: relative; < 0: the check's */
	double abs_tolerance;        /* outputs: absolute (tolerance.abs); < 0: the check's */
	char *count;                 /* outputs: the buffer whose element 0 is how many values count */
	int count_arg;               /* its index; -1: the whole buffer is compared */
	char *shape_expr[MAX_DIMS];  /* outputs: rows, columns (2-D) or one dimension */
	char *label[MAX_DIMS];       /* how the learner names an index: "work-group"; "row", "column" */
	int from_arg;                /* [repeat]: the output whose contents the next pass takes; -1 */
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
/* A test's own input for a buffer: `init.BUFFER = random(0, 3)` in its section. */
struct init_override {
	int arg;
	struct init_spec init;
};
struct test_spec {
	char name[NAME_MAX_LEN];
	struct param_spec params[MAX_VARS];
	int nparams;
	bool analyze;                /* also run on the analysis device */
	bool optimised;              /* analyze = optimised: Oclgrind runs its optimised build */
	bool figures_off;            /* access = no: its access figures meet no [access] rule */
	struct init_override inits[MAX_ARGS];
	int ninits;
	uint32_t name_hidden;        /* bit p: params[p] is read only by [derive] and left out of the
				      * names of its cases (derive_finish) */
};
/* One kernel launch of a pass. A check of one kernel has one step, made from [check] kernel,
 * signature and [ndrange] (its name is ""); [step NAME] sections make several, which run in
 * file order on the same buffers. */
#define MAX_STEPS 8
struct step_param {
	int arg;                     /* the check's argument this parameter is */
	bool is_const;
};
struct step_spec {
	char name[NAME_MAX_LEN];
	char kernel[NAME_MAX_LEN];
	struct step_param param[MAX_ARGS];
	int nparams;
	int dims;
	char *global_expr[MAX_DIMS], *local_expr[MAX_DIMS];
	char *signature_head;        /* a signature ending in ',' goes on over the next line */
	bool check_only;             /* bench = no: checks run it, `clings bench` neither runs nor times it */
};
/* [bench]: the parameters of `clings bench`, each a list of expressions over `bytes`, the size
 * clings chooses for the device; one row of the bench for each combination. */
struct bench_param {
	char name[NAME_MAX_LEN];
	char *expr[16];
	int nvalues;
};
#define REPEAT_LAST (-1)
enum analysis_mode { ANALYSIS_ON, ANALYSIS_REQUIRED, ANALYSIS_OFF };

#include "course/derive.h"

/* ---- memory-access requirements (access.c): the [access NAME] sections of a check ---- */
#define MAX_ACCESS_RULES 8
/* "coalesced": a memory instruction's requests touch at most this many times the sectors
 * their bytes need, over every request of the analysed tests (ragged edges and rows that do not
 * start on a sector cost a little; a stride of two elements already costs twice). */
#define ACCESS_COALESCED_RATIO 1.5
/* The properties a section can require, each with its own `why` (load.why, conflicts.why, ...). */
enum access_prop {
	ACCESS_LOAD, ACCESS_STORE, ACCESS_CONFLICTS, ACCESS_SHARED, ACCESS_LOADS_PER_ITEM, ACCESS_LOADS_PER_MADD,
	ACCESS_PROPS
};
extern const char *const access_prop_name[ACCESS_PROPS];   /* "load", "store", ... */
struct access_rule {
	char name[NAME_MAX_LEN];     /* an argument of the signature, or "local": every __local access */
	int line;                    /* of its section, for messages */
	double max_sectors[2];       /* loads, stores: mean sectors per request at most; 0: no rule */
	bool coalesced[2];           /* loads, stores: at most ACCESS_COALESCED_RATIO x the ideal */
	int max_conflict;            /* worst bank-conflict degree at most; 0: no rule */
	bool shared;                 /* some value read by a work-item other than the one that wrote it */
	double loads_per_item;       /* global: times a work-item loads one element, at most; 0: no rule */
	double loads_per_madd;       /* loads of the memory per multiply-add, at most; 0: no rule */
	struct lang_texts why;       /* what the property buys in this exercise, shown when unmet: a
				      * section that requires one property only */
	struct lang_texts prop_why[ACCESS_PROPS];   /* PROP.why: each property's own, shown with
						     * its own failure */
};
/* Reads one key of [access NAME] into spec (the section's rule is made on its first key).
 * Returns 0, or -1 with the reason in err. */
struct check_spec;
int access_rule_key(struct check_spec *spec, const char *name, const char *key, const char *value,
		    char *err, size_t errlen);
/* Checks what only the whole file tells (names, analysis on); -1 with the reason in err. */
int access_rules_validate(const struct check_spec *spec, char *err, size_t errlen, int *bad_rule);
void access_rules_release(struct check_spec *spec);

/* ---- instructors' advice per verdict (advice.c): the [advice] section of a check ---- */
#define MAX_ADVICE 16
struct check_advice {
	enum verdict verdict;
	const struct diagnosis *diagnosis;   /* keyed by a diagnosis id; NULL: by the verdict */
	struct lang_texts text;
};
/* Reads one key of [advice]; -1 with the reason in err. */
int advice_key(struct check_spec *spec, const char *key, const char *value, char *err, size_t errlen);
/* The one advice for verdict v in lang (else in no language given): the one keyed by the first
 * of the diagnoses d (most likely first), else the verdict's; NULL when there is none. */
struct diagnosis_found;
/* Whether that advice is keyed by a first diagnosis that is only asked: the answer to a
 * question, to be said as one (check_advice), never as a fact. */
bool advice_answers_question(const struct check_spec *spec, const struct diagnosis_found *d, int nd);
const char *advice_for(const struct check_spec *spec, enum verdict v, const struct diagnosis_found *d,
		       int nd, const char *lang);
void advice_release(struct check_spec *spec);

struct check_spec {
	char *path;
	uint64_t text_hash;          /* of the file's text: what results computed from it depend on */
	struct arg_spec args[MAX_ARGS];
	int nargs;
	struct let_spec lets[MAX_LETS];
	int nlets;
	char *repeat_while;          /* NULL: one pass */
	struct let_spec repeat_set[MAX_LETS];
	int nrepeat_set;
	/* [repeat] compare: the passes whose outputs leave the child and are compared. 0 (`every`,
	 * the default): each one; N: passes N, 2N, 3N... and the last (`every N`); REPEAT_LAST
	 * (`last`): the last only. Every pass of a long loop would pass a run's cap on what it
	 * sends (CHILD_OUTPUT_MAX). */
	int repeat_every;
	struct test_spec tests[MAX_TESTS];
	int ntests;
	long time_limit_ms, analysis_time_limit_ms;
	long memory_limit_mb;
	uint64_t seed;
	double tolerance;            /* relative, for float and double outputs */
	double abs_tolerance;        /* absolute (tolerance.abs), beside it; 0: none */
	enum analysis_mode analysis;
	int max_work_group;          /* work-items a group of its tests may have; 0: COMMON_WORK_GROUP */
	long requires_local_mem;     /* bytes of __local memory the kernel must declare; 0: none */
	char *requirement_why;
	struct access_rule access[MAX_ACCESS_RULES];
	int naccess;
	struct check_advice advice[MAX_ADVICE];
	int nadvice;
	struct bench_param bench[MAX_VARS];
	int nbench;                  /* 0: the check has no [bench] */
	char *bench_flops;           /* [bench] flops: operations a row does, over its sizes; NULL: none */
	struct step_spec steps[MAX_STEPS];
	int nsteps;                  /* at least 1 once loaded */
	struct derive_spec derive[MAX_DERIVE];
	int nderive;
	char *build_options;         /* allowed options for every build of the check, or NULL */
};
#define CHECK_SPEC_INIT { 0 }
/* ---- a buffer's input (fill.c) ---- */
/* Parses "random(lo, hi)", "iota(start)", "const(v)" or "poison" into in (its expressions
 * allocated); -1 with why in err. */
int init_parse(const char *v, struct init_spec *in, char *err, size_t errlen);
void init_release(struct init_spec *in);
/* The numbers of in for a test's values v, checked to fit a t; -1 with why in err. */
int init_bounds(const struct init_spec *in, enum elem_type t, const struct vars *v, double *a,
		double *b, char *err, size_t errlen);
/* What fills argument arg in test t: the test's own init.ARG, else the argument's. */
const struct init_spec *check_spec_init_for(const struct check_spec *spec, int test, int arg);
/* Fills buf (n elements of a's type) as in says, for the values v, from seed; -1 with why in
 * err when a bound cannot be evaluated (a loaded check evaluated every one). */
int arg_fill_init(const struct arg_spec *a, const struct init_spec *in, const struct vars *v,
		  void *buf, size_t n, uint64_t seed, char *err, size_t errlen);
/* Loads and validates a check ini; errors are printed as "path:line: message". */
int check_spec_load(const char *path, struct check_spec *spec);
/* The same, from the file's text (path names it in errors). */
int check_spec_parse(const char *path, const char *text, struct check_spec *spec);
void check_spec_release(struct check_spec *spec);
/* Renders a step's expected signature as C: "__kernel void NAME(__global const int *in, ...)". */
void check_step_signature(const struct check_spec *spec, int step, struct sbuf *out);
/* One argument of a signature, "__global const int *in", into a; -1 with why in err. */
int spec_parse_arg(const char *text, struct arg_spec *a, char *err, size_t errlen);
/* A list that goes on over indented lines (inih gives each line as the key again): the whole
 * text, allocated, once value completes it; NULL while it ends with a comma (kept in *head). */
char *spec_continued_list(char **head, const char *value);
/* A C identifier shorter than max. */
bool spec_identifier(const char *s, size_t max);

/* ---- steps and build options (steps.c) ---- */
/* One key of [step NAME]; -1 with why in err. */
int check_step_key(struct check_spec *spec, const char *step, const char *key, const char *value,
		   char *err, size_t errlen);
/* After the whole file: the one step of a check without [step] sections (implied: [check]'s
 * kernel and [ndrange], whose expressions move into it), or the checks of each step. Returns
 * the line to blame (why in err), or 0. */
int check_steps_finish(struct check_spec *spec, const char *text, struct step_spec *implied,
		       char *err, size_t errlen);
void check_steps_release(struct check_spec *spec);
/* The step that writes argument arg last (its highest step whose parameter is not const), or 0. */
int check_step_last_writer(const struct check_spec *spec, int arg);
/* The largest work-group of any step with the values v (1 when none evaluates); a step with
 * local = auto takes what fits lim (NULL: no device known, step_local_set_auto). */
size_t check_spec_group_size(const struct check_spec *spec, const struct vars *v, const struct group_limits *lim);
/* build_options = ...: the options a check may give the compiler (-cl-std=, -D NAME[=VALUE],
 * the math flags), normalised into an allocated string; NULL with why in err. */
char *build_options_parse(const char *v, char *err, size_t errlen);

/* One test instance: a test section with one value of each parameter. */
struct test_case {
	char name[128];              /* "ragged len=7 wg=64" */
	struct vars vars;            /* parameters, then [let] values */
	int test;                    /* its [test] section's index */
	bool analyze;
	bool optimised;              /* its analysis runs the kernel's optimised build */
};
/* Expands every test section into cases (the product of its value lists). Caller frees *out. */
int check_spec_expand(const struct check_spec *spec, struct test_case **out, int *n);
/* The same for validation: on a failing [let], -1 with its index in *bad_let (-1 when a test
 * has too many parameters) and why in e. */
int check_spec_expand_checked(const struct check_spec *spec, struct test_case **out, int *n,
			      char *e, size_t elen, int *bad_let);
/* Evaluates [let] into tc->vars again (after [repeat] changed a parameter). */
int check_spec_eval_lets(const struct check_spec *spec, struct vars *v, struct sbuf *err);
/*
 * The host loop of [repeat]: after a pass with values v, returns 1 and updates v when another
 * pass follows, 0 when the loop is over, -1 with a message in err when an expression fails.
 */
int check_spec_next_pass(const struct check_spec *spec, struct vars *v, struct sbuf *err);
/*
 * For check_spec_load: evaluates everything a run will evaluate, for every case and every pass
 * of [repeat] to the loop's end, and makes sure it gives a launch (sizes in range, local
 * dividing global), that each loop ends (its while fails within HOST_LOOP_CPU_MS of processor
 * time) and that a run sends at most CHILD_OUTPUT_MAX of results, so mistakes show at load time.
 * text is the file's. On an error, -1 with why in err and the line to blame in *line (0: none
 * known; -2: the [repeat] section).
 */
int check_spec_validate_cases(const struct check_spec *spec, const char *text, struct sbuf *err,
			      int *line);
/* Whether the outputs of pass (from 1) of a test leave the child and are compared, as
 * [repeat] compare says; last: it is the test's last pass (always compared). */
bool check_spec_pass_compared(const struct check_spec *spec, int pass, bool last);
/* Splits "a, b" at the commas outside parentheses into at most max trimmed, allocated pieces;
 * returns how many, or -1 (nothing allocated) when there are more. */
int spec_split_list(const char *v, char **out, int max);
void spec_free_list(char **list, int n);

/* ---- the bench's rows (bench.c) ---- */
/* One key of [bench]: 1, or 0 with the message in err (inih's convention). */
int check_spec_bench_key(struct check_spec *spec, const char *name, const char *value, char *err,
			 size_t errlen);
/* The rows at size bytes (in the variable `bytes`), [let] evaluated; -1 with why in err. */
int check_spec_bench_rows(const struct check_spec *spec, int64_t bytes, struct test_case **out, int *n,
			  struct sbuf *err);
/* Every expression a bench evaluates, at a few sizes: -1 with why in err. */
int check_spec_bench_validate(const struct check_spec *spec, struct sbuf *err);
void check_spec_bench_release(struct check_spec *spec);


#endif
