/*
 * repair.h: the mistake, proved by its repair (after Singh, Gulwani and Solar-Lezama, PLDI 2013).
 *
 * Three parts, one a file:
 * - kernel-facts.c reads the learner's kernel with libclang, as OpenCL C 1.2 with clang's
 *   builtins, in a confined child (the source is untrusted: a parser's crash or a source that
 *   makes it run away costs that child only), and sends what the rules need as "fact" lines:
 *   the comparisons of guards and loops with their operator's place, subscripts and where their
 *   terms come from, the calls of the work-item functions, declarations with their address space
 *   and initialiser, barriers with their flags and the branch or loop around them, the
 *   read-modify-writes of memory, and the statements that read a __local array. Every fact holds
 *   byte ranges of the source it was read from; the parent checks each one against it.
 * - repair-rules.c is the error model, as data: a table of rules (id, the catalogue's words for
 *   the kind of mistake), each a function that turns facts into candidate edits. An edit is text
 *   replaced at a range of the source (its line and column, the text before and after).
 * - repair.c is the search: single edits first, then pairs, nearest the evidence first (the
 *   verdict's line), each candidate checked by the check engine itself, without the analysis
 *   first, and a candidate that passes every test checked again with the analysis. A repair
 *   counts only when every test passes and the analysis is clean. A budget in processor seconds
 *   (REPAIR_CPU_SECONDS) bounds it; a key pressed (interruptible) cancels it.
 */
#ifndef ENGINE_REPAIR_H
#define ENGINE_REPAIR_H

#include "engine/engine.h"
#include "course/repairs.h"

/* ---- facts about a kernel (kernel-facts.c) ---- */
enum kfact_kind {
	KF_CMP,       /* a comparison: range = its operator, range2 = its right operand, outer = its
		       * left; text = the operator; detail = "guard", "loop" or "expr" (what it decides) */
	KF_SUB,       /* a subscript: range = its index, range2 = the whole a[i]; text = the array;
		       * detail = the array's type (its address space in it); flags: KF_STORE */
	KF_MADD,      /* a row-major index A * B + C inside a subscript: range = A, range2 = C,
		       * outer = B */
	KF_CALL,      /* a call of a work-item function: range = its name; text = the name */
	KF_DECL,      /* a private scalar declared in a kernel: range = its name (range2 = its
		       * initialiser, empty at the name's end when it has none); text = the name;
		       * detail = its type */
	KF_BARRIER,   /* a barrier: range = its flags, range2 = the whole statement (with its ';');
		       * outer = the innermost branch or loop around it; detail = "if", "loop" or "" */
	KF_RMW,       /* a read-modify-write of memory: range = the whole expression, range2 = its
		       * target; text = the operator ("+=", "++"...); detail = the target's type */
	KF_LREAD,     /* a statement that reads a __local array: range = the statement; text = the
		       * array */
	KF_LSTORE,    /* a statement that stores into a __local array: as KF_LREAD */
	KF_GSTORE,    /* a statement that stores into a __global array: range = the statement,
		       * range2 = the index, outer = the innermost branch or loop around it */
	KF_PARAM,     /* a kernel's scalar integer parameter: text = its name, detail = its type */
	KF_GUARD,     /* a condition a subscript lies under, one fact a comparison of it: range = the
		       * compared operand, range2 = the bound, outer = the subscript's index (its
		       * KF_SUB's range); text = the operator, turned so that the compared operand is
		       * on its left (`==` and `!=` too); detail = "if" (the subscript in its
		       * branch), "return" (an
		       * earlier `if (...) return;`), "loop" (its condition) or "ternary" (`c ? a[i]`);
		       * flags: KF_BOUNDS when the compared operand is free of subscripts and calls
		       * other than the work-item functions and shares a variable with the index,
		       * or tests which work-item it is (`i < n` bounds out[i], so does `lid == 0`
		       * out[get_group_id(0)]; `in[i] > 0` bounds nothing), KF_EXACT too when
		       * the compared operand is the index itself (`i < n` and out[i], not
		       * out[i + W]) */
	KF_ATOMIC,    /* a call of an atomic function: range = the call, range2 = its first argument;
		       * text = the function; detail = the array or pointer the argument names */
	KF_ARRAY,     /* an array a kernel declares: range = its name, range2 = a macro of the
		       * kernel's own in its declaration (`[BLOCK]`; empty at the name's end when its
		       * size is written as a number); text = the name, detail = its type (its
		       * address space in it); flags = its elements, all dimensions */
	KF_BUFFER,    /* a kernel's pointer parameter: text = its name, detail = its type; flags =
		       * how many times the kernel's code names it */
	KF_UNSET,     /* a use of a private scalar declared without a value: range = the name there;
		       * text = the name */
	KF_RETURN,    /* a return statement: range = it, outer = the function it returns from */
	KF_VLOAD,     /* a vloadN or vstoreN: range = its offset and pointer arguments, range2 = the
		       * call; text = the pointer's array, detail = its type; flags as KF_SUB's (the
		       * diagnoses read it as a subscript; the rules leave it alone) */
	KF_LNAME,     /* a private scalar named in the index of a __local subscript: range = the
		       * name; text = the name; outer = the innermost branch or loop around it */
	KF_ASSIGN,    /* a private scalar assigned another one inside a loop (a double buffer's
		       * halves change places so): range = the assignment; text = the left name,
		       * detail = the right */
	KF_KINDS
};
/* KF_SUB's flags: stored into, and where the terms of its index come from (through a private
 * variable given its value from it, too). */
#define KF_STORE 1
#define KF_T_GID 2       /* get_global_id */
#define KF_T_LID 4       /* get_local_id */
#define KF_T_LOOP 8      /* a variable a loop's condition tests */
#define KF_T_STRIDE 16   /* a variable halved or doubled (`s >>= 1`, `d *= 2`) */
#define KF_T_MACRO 32    /* a macro of the kernel's own (a constant size) */
#define KF_T_ONE 64      /* adds or takes a literal 1 at its top (`i + 1`, `g - 1`) */
#define KF_SUB_FLAGS 127
#define KF_BOUNDS 1      /* KF_GUARD's */
#define KF_EXACT 2
struct srange { unsigned off, end; };   /* bytes [off, end) of the source */
struct kfact {
	enum kfact_kind kind;
	struct srange range, range2, outer;
	int flags;
	char text[48];
	char detail[64];
	/* the lines (from 1) of range.off, outer.off and outer.end: numbered by the parent
	 * (kernel_facts_parse) from the source, never sent by the child */
	int line, outer_line, outer_end_line;
};
struct kernel_facts {
	struct kfact *f;
	int n;
};
#define KERNEL_FACTS_INIT { NULL, 0 }
void kernel_facts_release(struct kernel_facts *kf);
/*
 * Reads src (len bytes, NUL-terminated; named path in clang's messages) in a confined child and
 * fills kf. Returns 0, or -1 with the reason in err (English: a failure of clings, never the
 * learner's) when libclang is missing, the child did not end cleanly, or a line it sent is not
 * a whole fact that lies inside src: then kf is empty, fail closed.
 */
int kernel_facts_read(const char *path, const char *src, size_t len, struct kernel_facts *kf,
		      struct sbuf *err);
/* The codec of one fact, as the child sends it and the parent reads it (fields after the key). */
void kernel_fact_write(struct sbuf *out, const struct kfact *k);
/* 0, or -1 when fields is not one fact whose ranges lie in a source of len bytes, with flags its
 * kind has, names that are identifiers and operators that are comparisons where its kind says. */
int kernel_fact_read(const char *fields, size_t len, struct kfact *k);
/* A child's whole answer (text: "fact" lines, then "end-facts\tN" counting them) read into kf
 * for src, a source of len bytes, each fact's lines numbered; 0, or -1 (kf empty) when any line is not a fact of it, the count
 * is missing or wrong, or a guard is not one of the subscript sent last before it. */
int kernel_facts_parse(const char *text, const char *src, size_t len, struct kernel_facts *kf);
/* In a child (or a test): the facts of src as lines "fact\t...", then "end-facts\tN", on fd;
 * with confine, the process is confined (sandbox_confine) once libclang is loaded, before it
 * parses. Returns 0, or -1 when libclang could not be loaded or did not parse src at all. */
int kernel_facts_emit(const char *path, const char *src, size_t len, int fd, bool confine);

/* ---- the error model (repair-rules.c) ---- */
enum repair_rule_id {
	RULE_CMP_TIGHTEN, RULE_CMP_LOOSEN, RULE_PLUS_ONE, RULE_MINUS_ONE, RULE_SWAP_INDEX,
	RULE_GLOBAL_LOCAL_ID, RULE_SIZE_SWAP, RULE_INIT_MISSING, RULE_INIT_WRONG, RULE_BARRIER_ADD,
	RULE_BARRIER_HOIST, RULE_FENCE_LOCAL, RULE_ATOMIC_RMW, RULE_GUARD_RESTORE, RULE_BUFFER_HALF,
	RULE_BARRIER_LOOP,
	RULE_COUNT
};
struct repair_rule {
	enum repair_rule_id id;
	const char *name;     /* as `// fix:` lines, --json and docs/diagnoses.md name it */
	const char *kind;     /* catalogue id (N_): the kind of mistake, for the second rung */
	const char *place;    /* catalogue id (N_): where it is, "in the guard" */
};
const struct repair_rule *repair_rule(enum repair_rule_id id);
/* A rule of the course's own (course.h's course_rules, repairs.ini): an edit's rule is then
 * RULE_COURSE and its course_rule names it. */
#define RULE_COURSE RULE_COUNT
/* The rule named name, or NULL. */
const struct repair_rule *repair_rule_named(const char *name);

/* One text edit: the bytes [off, end) of the source become after. */
struct repair_edit {
	enum repair_rule_id rule;
	unsigned off, end;
	char before[96], after[96];
	int line, column;     /* of off, from 1 */
	bool loop;            /* the place is a loop's condition (for the words) */
	char course_rule[COURSE_RULE_NAME_MAX];   /* rule RULE_COURSE: the course's rule's name */
};
/* The name of an edit's rule, the error model's or the course's. */
const char *repair_edit_rule(const struct repair_edit *x);
/* A candidate: one rule's rewrite, of one edit to three (a barrier moved is taken out and put
 * back; a loop's condition made the same for every work-item guards its body, opened and closed). */
#define REPAIR_MAX_EDITS 3
struct repair_candidate {
	struct repair_edit edit[REPAIR_MAX_EDITS];
	int nedits;
};
/*
 * Appends to *out (*n of them, *cap allocated) every candidate the rules make of kf over src:
 * each with its before text as it is in src and the line and column of its first edit.
 */
void repair_candidates(const struct kernel_facts *kf, const char *src, size_t len,
		       struct repair_candidate **out, int *n, int *cap);
/* The same for the course's rules: each place src holds a rule's find is one candidate. */
void repair_course_candidates(const struct course_rules *cr, const char *src, size_t len,
			      struct repair_candidate **out, int *n, int *cap);
/* src with the candidates' edits applied (they must not overlap; -1 when they do). Allocated. */
int repair_apply(const char *src, size_t len, const struct repair_candidate *const *cands, int ncands,
		 char **out);

/* ---- the search (repair.c) ---- */
/* The processor seconds (this process and its children) one search may take, by default. */
#define REPAIR_CPU_SECONDS 8.0
/* For validate's `// fix:` rows: the course proving its own words may take longer than a learner
 * waits (each candidate is built cold, in a child of its own). */
#define REPAIR_VALIDATE_CPU_SECONDS 60.0
/* A candidate's tests may take this many times the learner's own tests' time, and at least
 * REPAIR_CANDIDATE_MIN_MS (a loaded machine); one that takes longer is not a repair. */
#define REPAIR_CANDIDATE_FACTOR 10
#define REPAIR_CANDIDATE_MIN_MS 1000
#define REPAIR_PAIRS_FROM 12   /* pairs are made of the first single edits only, nearest first */
#define REPAIR_STORE_WEIGHT 4  /* a wrong result's store: its lines of distance count a quarter */
#define REPAIR_TWINS_AFTER 6   /* after so many single edits, one rewrite at two places */
#define REPAIR_TWINS_LINES 3   /* ... at most so many lines apart */
struct repair {
	bool searched;        /* a search ran (a kernel that fails, facts read) */
	bool found;
	bool exhausted;       /* the budget ran out before every candidate was tried */
	bool cancelled;       /* a key stopped it */
	struct repair_candidate c[2];
	int nc;               /* rewrites applied: 1 or 2 */
	int tried;            /* candidates checked */
	int ntests, tests_passed;
	bool analysis_clean;
	double cpu_seconds;   /* the search's processor time, its children's included */
	/* a course's rule's words for c[i], in the language of the check (the course's texts are
	 * chosen when the search runs, as its advice is) */
	char course_kind[2][COURSE_RULE_TEXT_MAX * 2], course_place[2][COURSE_RULE_TEXT_MAX * 2];
};
#define REPAIR_INIT { .searched = false }
struct repair_options {
	double cpu_budget;    /* 0: REPAIR_CPU_SECONDS */
	int max_edits;        /* 1 or 2; 0: 2 */
};
/* Whether a repair is looked for after verdict v: the kernel built and ran, and did the wrong
 * thing (not a pass, a build or signature error, a requirement unmet, an error of clings). */
bool repair_applies(enum verdict v);
/* Whether the search runs by itself after a verdict (clings check, the tutorial): yes, unless
 * CLINGS_REPAIR=0 (scripts and tests that want the verdict alone; validate's `// fix:` rows search
 * whatever it says). */
bool repair_automatic(void);
/*
 * Looks for the smallest change to the learner's kernel that makes it pass: r is the verdict of
 * the check o already made (nothing is searched for a pass, a build failure or clings' own
 * error). o is the check's options; the search checks its candidates with them, without the
 * cache. Returns 0 (rp->found says whether a repair was proved), -1 when it could not search.
 */
int repair_search(const struct course *c, const struct exercise *e, const struct check_options *o,
		  const struct report *r, const struct repair_options *ro, struct repair *rp, struct sbuf *err);

/*
 * A repair as evidence (diagnosis.h's EVIDENCE_REPAIR): a repair found with every test passing
 * and the analysis clean proves the diagnoses its rules stand for (cmp_tighten in a guard,
 * guard_off_by_one; init_missing, private_uninitialised; ...). Each of them that r lists as a
 * question becomes proved on it ("repair:RULE @LINE") and comes first. Nothing is added to the
 * list: a kind of mistake the learner was not asked about is the ladder's second rung, told only
 * when asked. Nothing is marked for a repair whose analysis did not run. Returns how many it
 * marked.
 */
int repair_confirm(const struct repair *rp, struct report *r);

/* What the learner is told, as data: rung 1 the place ("the smallest change that makes every
 * test pass is on line 5, in the guard"), 2 also its kind, 3 also the edit itself; a search
 * that found nothing says so, a cancelled one or none says nothing. */
void repair_message(const struct repair *rp, int rung, struct msg *m);

#endif
