/*
 * course.h: the course on disk: exercises, check ini files, expressions, lessons and hints,
 * progress, stubs and reset. No OpenCL and no terminal: an instructor's tool could use it alone.
 */
#ifndef COURSE_COURSE_H
#define COURSE_COURSE_H

#include "base/base.h"

/* Where check verdicts are kept for an unchanged kernel (engine/cache.c), in the course. */
#define VERDICT_CACHE_DIR ".clings-cache"

/* ---- verdicts (verdict.c): the names every layer stores and prints ---- */
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
const char *verdict_label(enum verdict v);          /* "Wrong result", English: tr() it */
enum verdict_tone { TONE_GOOD, TONE_BAD, TONE_NEUTRAL };
enum verdict_tone verdict_tone(enum verdict v);     /* a pass, a failure, or neither */
/* Whether it settles a check before the analysis is read: build, signature, requirement, or
 * the check could not run. */
bool verdict_settles(enum verdict v);
const char *verdict_status(enum verdict v);         /* "pass", "fail" or "error" (JSON) */
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
/* Whether v can be stored as a t without overflow (elem_set converts, and an integer conversion
 * out of range is undefined): finite, in range, and for 64-bit integers at most 2^53. */
bool elem_holds(enum elem_type t, double v);
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

/* ---- texts an instructor writes in several languages (advice.c) ---- */
/* `key` and `key.LANG` of an ini section: one text per language; continuation lines arrive as
 * the same key again and are joined. */
#define LANG_TEXTS_MAX 8
struct lang_texts {
	struct {
		char lang[16];       /* "" for the key alone */
		char *text;
	} t[LANG_TEXTS_MAX];
};
/* Adds value to the text in lang (the part of key after its first '.', or ""); -1 with the
 * reason in err when there are too many languages or the name is too long. */
int lang_texts_add(struct lang_texts *l, const char *key, const char *value, char *err, size_t errlen);
/* The text in lang, else the one without a language, else NULL. */
const char *lang_texts_get(const struct lang_texts *l, const char *lang);
void lang_texts_release(struct lang_texts *l);

/* ---- the languages of a course (languages.c) ---- */
#define COURSE_LANGS_MAX 8
struct course_langs {
	char name[COURSE_LANGS_MAX][LANG_NAME_MAX];   /* the course's own language first */
	int n;
	char *path;         /* course.ini when it declares them; NULL: found from lessons/LANG/ */
	int line;           /* of its languages key */
};
/* Reads dir/course.ini, else the folders of dir/lessons/ ("en" when there are none). Returns 0,
 * or -1 (printed as file:line unless quiet) when course.ini is wrong. */
int course_langs_load(const char *dir, struct course_langs *l, bool quiet);
void course_langs_release(struct course_langs *l);
/* The course's language for the asked one: the same tag, else one of its family; or NULL. */
const char *course_lang_match(const struct course_langs *l, const char *lang);
bool lang_name_valid(const char *s);

/* ---- the course and its exercises (exercise.c, lessons.c, stub.c) ---- */
struct exercise {
	char name[NAME_MAX_LEN];
	char *title;        /* in the course's own language */
	struct lang_texts titles;   /* title.LANG: in the others */
	int order;          /* course order; ties broken by name */
	int points;         /* what passing it is worth when graded (points =, default 1) */
	char *ini_path;     /* exercises/NAME.ini */
	char *file_path;    /* the stub the learner edits: exercises/NAME.cl */
	char *solution_path;
	char *check_path;
	char *lesson_name;  /* lessons/LANG/LESSON.md and LESSON.hints.md */
};
struct course {
	char *dir;                 /* absolute path of the course directory */
	char *solutions_dir;       /* dir/solutions: what no learner's process may see */
	struct exercise *ex;       /* sorted in course order */
	int n;
	struct course_langs langs;
};
#define COURSE_INIT { NULL, NULL, NULL, 0, { .n = 0 } }
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

/* A file of the course as its author names it: "solutions/scale.cl". */
const char *course_relative(const struct course *c, const char *path);

/* ---- ini texts (inifile.c): what inih's handler is not told ---- */
/* The line of the first line that starts (after blanks) with needle, or 0. */
int ini_find_line(const char *text, const char *needle);
/* The line of "key =" in the section whose header line starts with header (the last such key:
 * it wins), else the header's line, else 0. */
int ini_key_line(const char *text, const char *header, const char *key);
/* The line of the first section header or key written a second time (a key twice in one
 * section; continuation lines of a multi-line value are no keys), with why in err; 0 when
 * there is none. */
int ini_duplicate(const char *text, char *err, size_t errlen);

/* ---- check specifications (checkspec.c) ---- */
enum arg_kind { ARG_GLOBAL, ARG_CONSTANT, ARG_LOCAL, ARG_SCALAR };
enum init_kind { INIT_POISON, INIT_RANDOM, INIT_IOTA, INIT_CONST };
/* A buffer's input: random(lo, hi), iota(start), const(v) or poison. Each number is a literal
 * (a float's bounds can be one) or an integer expression over the test's values. */
struct init_spec {
	enum init_kind kind;
	double a, b;                 /* the literals */
	char *expr[2];               /* NULL: the literal; else the expression of a, b */
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
	int line;                    /* line of its [buffer|local|scalar] section, 0 if none */
	char *size_expr;             /* buffers and local memory: elements */
	char *value_expr;            /* scalars */
	struct init_spec init;
	bool output;                 /* compared with the reference after each pass */
	enum compare_mode compare;   /* outputs */
	double tolerance;            /* outputs: relative; < 0: the check's */
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
	struct init_override inits[MAX_ARGS];
	int ninits;
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
};
/* [bench]: the parameters of `clings bench`, each a list of expressions over `bytes`, the size
 * clings chooses for the device; one row of the bench for each combination. */
struct bench_param {
	char name[NAME_MAX_LEN];
	char *expr[16];
	int nvalues;
};
enum analysis_mode { ANALYSIS_ON, ANALYSIS_REQUIRED, ANALYSIS_OFF };

/* ---- memory-access requirements (access.c): the [access NAME] sections of a check ---- */
#define MAX_ACCESS_RULES 8
/* "coalesced": a memory instruction's requests touch at most this many times the sectors
 * their bytes need, over every request of the analysed tests (ragged edges and rows that do not
 * start on a sector cost a little; a stride of two elements already costs twice). */
#define ACCESS_COALESCED_RATIO 1.5
struct access_rule {
	char name[NAME_MAX_LEN];     /* an argument of the signature, or "local": every __local access */
	int line;                    /* of its section, for messages */
	double max_sectors[2];       /* loads, stores: mean sectors per request at most; 0: no rule */
	bool coalesced[2];           /* loads, stores: at most ACCESS_COALESCED_RATIO x the ideal */
	int max_conflict;            /* worst bank-conflict degree at most; 0: no rule */
	bool shared;                 /* some value read by a work-item other than the one that wrote it */
	struct lang_texts why;       /* what the property buys in this exercise, shown when unmet */
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
 * of the diagnoses d (most likely first) when that one is proved, else the verdict's; NULL when
 * there is none. */
struct diagnosis_found;
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
	struct test_spec tests[MAX_TESTS];
	int ntests;
	long time_limit_ms, analysis_time_limit_ms;
	long memory_limit_mb;
	uint64_t seed;
	double tolerance;            /* relative, for float and double outputs */
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
	struct step_spec steps[MAX_STEPS];
	int nsteps;                  /* at least 1 once loaded */
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
/* The largest work-group of any step with the values v (1 when none evaluates). */
size_t check_spec_group_size(const struct check_spec *spec, const struct vars *v);
/* build_options = ...: the options a check may give the compiler (-cl-std=, -D NAME[=VALUE],
 * the math flags), normalised into an allocated string; NULL with why in err. */
char *build_options_parse(const char *v, char *err, size_t errlen);

/* One test instance: a test section with one value of each parameter. */
struct test_case {
	char name[128];              /* "ragged len=7 wg=64" */
	struct vars vars;            /* parameters, then [let] values */
	int test;                    /* its [test] section's index */
	bool analyze;
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
 * of [repeat], and makes sure it gives a launch (sizes in range, local dividing global, a loop
 * that ends), so mistakes show at load time. text is the file's. On an error, -1 with why in
 * err and the line to blame in *line (0: none known; -2: the [repeat] section).
 */
int check_spec_validate_cases(const struct check_spec *spec, const char *text, struct sbuf *err,
			      int *line);
/* How many passes a test with starting values v runs (at most MAX_PASSES). */
int check_spec_count_passes(const struct check_spec *spec, const struct vars *v);
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
	bool unsaved;     /* holds a change that is not in the file yet (its save failed) */
};
#define STATE_INIT { "", NULL, 0, false, false }
char *state_path(const struct course *c);
/* Reads the file as it is now, without the lock: for showing progress. Never fails: anything
 * untrustworthy gives an empty state with recovered set. */
int state_load(const struct course *c, struct state *st);
/* Replaces the file whole, atomically and without the lock: state_update's last step. */
int state_save(const struct course *c, const struct state *st);
struct exercise_state *state_for(struct state *st, const char *name); /* adds when missing */
void state_release(struct state *st);
/* The merge rule: each exercise of from into into: done when either is done (a pass is never
 * lost; only state_reset_exercise undoes one), hints the larger count, the last verdict into's
 * unless it has none; into's current exercise unless it has none. */
void state_merge(struct state *into, const struct state *from);
/* Takes the lock of c's progress (an flock on COURSE/.clings-state.lock), waiting at most wait_ms
 * for another process to give it up. Returns the descriptor to give to state_unlock, or -1
 * (printed) when it cannot be had. */
int state_lock(const struct course *c, long wait_ms);
void state_unlock(int fd);
/*
 * One change of the progress, whole or not at all: under the lock, reads the file afresh, merges
 * in what *st holds that the file lost (when the file was missing or corrupt, or st->unsaved),
 * applies change(state, arg), saves atomically and unlocks. *st (NULL: none) becomes the result.
 * Returns 0, or -1 (printed) when the lock or the save failed: then the change is applied to
 * *st alone, marked unsaved, for a later update to save.
 */
typedef void state_change_fn(struct state *st, void *arg);
int state_update(const struct course *c, struct state *st, state_change_fn *change, void *arg);
/* The changes commands make, each one state_update: a verdict of exercise name (done on a pass,
 * and done stays done); name made the current exercise; name reset (not done, no verdict: what
 * putting its stub back means). */
int state_record_verdict(const struct course *c, struct state *st, const char *name, enum verdict v);
int state_mark_current(const struct course *c, struct state *st, const char *name);
int state_reset_exercise(const struct course *c, struct state *st, const char *name);


/* ---- lessons and hints (lessons.c) ---- */
/* Splits a hints file at its "## Hint" lines; each hint is the Markdown after its heading line.
 * Text before the first "## Hint" is ignored. Caller frees with lesson_hints_release(). */
struct hints {
	char **text;
	int n;
};
#define HINTS_INIT { NULL, 0 }
void lesson_split_hints(const char *md, struct hints *h);
void lesson_hints_release(struct hints *h);
/* Reads lessons/LANG/NAME{suffix}.md, falling back to the course's own language (with one
 * warning when lang is one the course declares); -1 (quietly) when neither exists. */
int lesson_read(const struct course *c, const struct exercise *e, const char *lang,
		const char *suffix, char **text);

/* ---- what validate reads of an exercise (audit.c; its wrong kernels: course/wrong.h) ---- */
extern const char fill_marker[];   /* "FILL IN": what `clings new` leaves for the author */
/* Every file of e as the course needs it (check, stub, solution; title, lesson and hints in
 * each language of the course, none a copy of another language's; work-groups of at most
 * max_work_group_size, else COMMON_WORK_GROUP; no fill_marker left). Each problem is printed
 * as file:line; returns how many. *blocking gets how many of them keep its kernels from
 * running (the check, the stub or the solution). */
int exercise_audit(const struct course *c, const struct exercise *e, int *blocking);

/* stub.c: puts the stub back, keeping the learner's file as a backup. The stub comes from
 * exercises/NAME.cl.orig when present, else from git (HEAD) when the course is a git work tree.
 * *backup gets the backup's path (NULL when the file was already the stub); caller frees. */
int exercise_reset(const struct course *c, const struct exercise *e, char **backup);
/* Saves a pristine copy exercises/NAME.cl.orig of an untouched stub, once, so reset works
 * without git. Quiet: returns -1 without printing. */
int exercise_keep_original(const struct course *c, const struct exercise *e);
/* lessons.c: loads e's hints into h and counts one more as seen in the progress (a
 * state_update: *st, NULL for none, becomes the result). Returns the index of the hint to show
 * now (the last one again once all were seen), or -1 (printed) when there are none. */
int hint_take(const struct course *c, const struct exercise *e, const char *lang, struct state *st,
	      struct hints *h);
/* The exercise to open when none is named: the state's current one, else the first not done. */
const struct exercise *exercise_current(const struct course *c, const struct state *st);
/* An exercise name: letters, digits, '_' and '-', shorter than NAME_MAX_LEN (it goes into file
 * names, section headers of the state file, and commands the learner types). */
bool exercise_name_valid(const char *s);
/* The exercise's title in lang, else in the course's own language, else its name. */
const char *exercise_title_in(const char *lang, const struct exercise *e);

#include "course/diagnosis.h"
#include "course/wrong.h"

#endif
