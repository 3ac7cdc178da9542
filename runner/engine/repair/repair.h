/*
 * engine/repair/: the mistake, proved by its repair (after Singh, Gulwani and Solar-Lezama, PLDI 2013).
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

#include "engine/check/check.h"

/* ---- facts about a kernel (kernel-facts.c) ---- */
enum kfact_kind {
	KF_CMP,       /* a comparison: range = its operator, range2 = its right operand, outer = its
		       * left; text = the operator; detail = "guard", "loop" or "expr" (what it decides) */
	KF_SUB,       /* a subscript: range = its index, range2 = the whole a[i]; text = the array;
		       * detail = the array's type (its address space in it); flags: KF_STORE */
	KF_MADD,      /* a row-major index A * B + C inside a subscript: range = A, range2 = C */
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
	KF_KINDS
};
#define KF_STORE 1
struct srange { unsigned off, end; };   /* bytes [off, end) of the source */
struct kfact {
	enum kfact_kind kind;
	struct srange range, range2, outer;
	int flags;
	char text[48];
	char detail[64];
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
/* 0, or -1 when fields is not one fact whose ranges lie in a source of len bytes. */
int kernel_fact_read(const char *fields, size_t len, struct kfact *k);
/* In a child (or a test): the facts of src as lines "fact\t...", then "end-facts\tN", on fd;
 * with confine, the process is confined (sandbox_confine) once libclang is loaded, before it
 * parses. Returns 0, or -1 when libclang could not be loaded or did not parse src at all. */
int kernel_facts_emit(const char *path, const char *src, size_t len, int fd, bool confine);

/* ---- the error model (repair-rules.c) ---- */
enum repair_rule_id {
	RULE_CMP_TIGHTEN, RULE_CMP_LOOSEN, RULE_PLUS_ONE, RULE_MINUS_ONE, RULE_SWAP_INDEX,
	RULE_GLOBAL_LOCAL_ID, RULE_SIZE_SWAP, RULE_INIT_MISSING, RULE_INIT_WRONG, RULE_BARRIER_ADD,
	RULE_BARRIER_HOIST, RULE_FENCE_LOCAL, RULE_ATOMIC_RMW, RULE_GUARD_RESTORE,
	RULE_COUNT
};
struct repair_rule {
	enum repair_rule_id id;
	const char *name;     /* as `// fix:` lines, --json and docs/diagnoses.md name it */
	const char *kind;     /* catalogue id (N_): the kind of mistake, for the second rung */
	const char *place;    /* catalogue id (N_): where it is, "in the guard" */
};
const struct repair_rule *repair_rule(enum repair_rule_id id);
/* The rule named name, or NULL. */
const struct repair_rule *repair_rule_named(const char *name);

/* One text edit: the bytes [off, end) of the source become after. */
struct repair_edit {
	enum repair_rule_id rule;
	unsigned off, end;
	char before[96], after[96];
	int line, column;     /* of off, from 1 */
	bool loop;            /* the place is a loop's condition (for the words) */
};
/* A candidate: one rule's rewrite, one edit or two (a barrier moved is taken out and put back). */
struct repair_candidate {
	struct repair_edit edit[2];
	int nedits;
};
/*
 * Appends to *out (*n of them, *cap allocated) every candidate the rules make of kf over src:
 * each with its before text as it is in src and the line and column of its first edit.
 */
void repair_candidates(const struct kernel_facts *kf, const char *src, size_t len,
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
#define REPAIR_PAIRS_FROM 12   /* pairs are made of the first single edits only, nearest first */
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

/* What the learner is told, as data: rung 1 the place ("the smallest change that makes every
 * test pass is on line 5, in the guard"), 2 also its kind, 3 also the edit itself; a search
 * that found nothing says so, a cancelled one or none says nothing. */
void repair_message(const struct repair *rp, int rung, struct msg *m);

#endif
