/*
 * course.h: the course on disk: exercises, check ini files, expressions, lessons and hints,
 * progress, stubs and reset. No OpenCL and no terminal: an instructor's tool could use it alone.
 */
#ifndef COURSE_COURSE_H
#define COURSE_COURSE_H

#include "base/base.h"
#include "course/lessons.h"

/* Where an older clings kept check verdicts, in the course; now course_cache_dir(). */
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
/* Which of two findings is reported: the higher (verdict.c's table says why). */
int verdict_rank(enum verdict v);
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
/*
 * The names an expression reads, integer or real (expr_eval_real's): each name that is not a
 * function's, once, added to names (their values 0), with what names held before. A name
 * within a reduction, sum(B), is B's. Returns how many names there are, or -1 when names is
 * full (MAX_VARS) before the last.
 */
int expr_names(const char *src, struct vars *names);
/*
 * The floating-point expressions (realexpr.c) of float and double scalars and of [derive]:
 * decimal literals (1, 1.0, .5, 1e-3), names (the test's values; else lk->value), + - * / ( ),
 * min(a,b), max(a,b), abs(a), sqrt(a), and with lk->reduce a buffer's sum(B), min(B), max(B),
 * count(B). Evaluated in double; a division by zero or a result that is not finite is an error.
 */
struct real_lookup {
	int (*value)(void *ctx, const char *name, double *out);   /* 0, or -1: unknown */
	/* 0; 1 when B names no buffer; -1 when fn is no reduction */
	int (*reduce)(void *ctx, const char *fn, const char *buffer, double *out);
	void *ctx;
};
int expr_eval_real(const char *src, const struct vars *v, const struct real_lookup *lk, double *out,
		   char *err, size_t errlen);

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
	char visibility[16]; /* visibility = (Gradescope: hidden, after_due_date, ...); "" unset */
	char *ini_path;     /* exercises/NAME.ini */
	char *file_path;    /* the stub the learner edits: exercises/NAME.cl */
	char *solution_path;
	char *check_path;
	char *lesson_name;  /* lessons/LANG/LESSON.md and LESSON.hints.md */
	char *stub_path;    /* in a workspace: the course's stub (file_path is the learner's copy);
			     * else NULL */
};
/* ---- what grading shows (grading.c): course.ini's [grading] ---- */
/* How far up the repair's ladder (engine/repair.h's rungs 1 to 3) grading's formats go. */
enum repair_shown { REPAIR_SHOWN_NONE, REPAIR_SHOWN_PLACE, REPAIR_SHOWN_KIND, REPAIR_SHOWN_EDIT };
struct course_grading {
	enum repair_shown repair;   /* repair = none (the default) | place | kind | edit */
	double repair_seconds;      /* repair_seconds = N: one exercise's search; 0: the engine's own */
};
/* "none", "place", "kind", "edit". */
const char *repair_shown_name(enum repair_shown s);
/* Reads dir/course.ini's [grading] into g (no file, no section: the defaults). Returns 0, or -1
 * (printed as file:line unless quiet) when a key or value is wrong. */
int course_grading_load(const char *dir, struct course_grading *g, bool quiet);

struct course {
	char *dir;                 /* absolute path of the course directory */
	char *solutions_dir;       /* dir/solutions: what no learner's process may see */
	struct exercise *ex;       /* sorted in course order */
	int n;
	struct course_langs langs;
	char *work;                /* the learner's directory: a workspace, else dir */
	struct course_grading grading;
};
#define COURSE_INIT { NULL, NULL, NULL, 0, { .n = 0 }, NULL, { REPAIR_SHOWN_NONE, 0 } }
/* No course named, no workspace found: CLINGS_COURSE, the bundled one, else "." (a bare binary). */
const char *course_default_dir(void);
/* The course that comes with clings: beside the binary (a clone), else PREFIX/share/clings/course
 * (installed, the binary in PREFIX/bin); NULL when there is none. */
const char *course_bundled_dir(void);
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

/* ---- the learner's side (workspace.c): progress, cache, workspaces ---- */
/* $XDG_STATE_HOME/clings/KEY and $XDG_CACHE_HOME/clings/KEY (~/.local/state, ~/.cache by
 * default), KEY the base name of c->work and a hash of its real path. Caller frees. */
char *course_state_dir(const struct course *c);
char *course_cache_dir(const struct course *c);
/* NAME in clings' own part of the user's cache ($XDG_CACHE_HOME/clings/NAME, else ~/.cache/...) or
 * state, for every course: headers, reference binaries, the cache key. Allocated. */
char *user_cache_path(const char *name), *user_state_path(const char *name);
/* From now on course_load places the learner's files in the workspace dir (NULL: in the course). */
void course_use_workspace(const char *dir);
/* course_load's last step: c->work, the exercises' files in the workspace, the files an older
 * clings kept in the course moved to the state and cache directories (once). */
void course_place_learner(struct course *c);
/* Ownership before trust (git's safe.directory): 1 with the owner when path (or a link's target)
 * is not the user's nor root's, nor in a folder of CLINGS_SAFE_DIRECTORY (':' between; "*"). */
int path_untrusted(const char *path, unsigned long *owner);
/* The first of a course's folder, exercises/, solutions/, checks/ not trusted (valid until the
 * next call), with its owner; NULL when all are. */
const char *course_untrusted_part(const char *dir, unsigned long *owner);
/* The workspace the current folder is in (a clings.ini here or above, not trusted: skipped). */
char *workspace_find(void);
/* The learner's own workspace when none is found or named (./run.sh): $CLINGS_WORKSPACE, else
 * ~/clings-exercises; NULL (printed) when HOME is not set either. Free it. */
char *workspace_default(void);
/* Whether dir holds a workspace's clings.ini (a regular file). */
bool workspace_at(const char *dir);
/* The course a workspace names (absolute), or NULL (printed as file:line; also one not trusted). */
char *workspace_course(const char *work);
/* Writes work/clings.ini naming course_dir; -1 (printed) when it exists or cannot be written. */
int workspace_create(const char *work, const char *course_dir);
/* Brings a workspace's stubs up to the course's: a missing file gets its stub, an untouched stub
 * the newer one; an edited (or linked) file is never written: the newer stub goes beside it, as
 * NAME.cl.new or the first free NAME.cl.N.new. note (may be NULL) hears of each. 0, or -1
 * (printed). workspace_forget_offers: removes those that hold stub (reset put it back). */
void workspace_forget_offers(const struct exercise *e, const char *stub, size_t len);
enum workspace_note { WORKSPACE_STUB_ADDED, WORKSPACE_STUB_UPDATED, WORKSPACE_STUB_OFFERED };
typedef void workspace_note_fn(void *arg, enum workspace_note what, const struct exercise *e,
			       const char *path);
int workspace_sync(const struct course *c, workspace_note_fn *note, void *arg);

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

#include "course/checkspec.h"   /* a check file: its tests, steps, rules and advice */

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
/* The stub as the course ships it, as reset finds it: the workspace's course stub, else
 * NAME.cl.orig, else git's HEAD; -1 (quiet) when there is none. Allocated into *text. */
int exercise_stub_text(const struct exercise *e, char **text, size_t *len);
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

/* scaffold.c: `clings new`: the files of a new exercise name in the course of course_dir, from
 * the exercise from_name (its name replaced, its titles and lessons marked fill_marker), else
 * from the template (templates/new/ of the course, else the bundled course's). A folder with no
 * exercise yet first becomes a course (course.ini, its folders, the template). Each file written
 * is printed on stdout, relative to the course. Nothing is written when any file is already
 * there: -1 (printed), as when a name is not valid or a file cannot be read or written. */
int course_scaffold(const char *course_dir, const char *name, const char *from_name);

#include "course/diagnosis.h"
#include "course/wrong.h"

#endif
