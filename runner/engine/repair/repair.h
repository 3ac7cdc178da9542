/*
 * engine/repair/: the mistake, proved by its repair (after Singh, Gulwani and Solar-Lezama, PLDI 2013).
 *
 * Three parts, one a file (and repair-codec.c, a repair as data between processes):
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
#include "course/repairs.h"

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

/* ---- the repair as data (repair-codec.c): a grading worker's answer to its parent ---- */
/* rp as one line of JSON appended to out; 0, or -1 (printed) when it cannot be made. */
int repair_encode(const struct repair *rp, struct sbuf *out);
/* Reads what repair_encode wrote into rp: 0, or -1 with rp REPAIR_INIT (no search, nothing to
 * say) when text is not one whole repair, every field present, of its type and in range. */
int repair_decode(const char *text, size_t len, struct repair *rp);

/* What the learner is told, as data: rung 1 the place ("the smallest change that makes every
 * test pass is on line 5, in the guard"), 2 also its kind, 3 also the edit itself; a search
 * that found nothing says so, a cancelled one or none says nothing. */
void repair_message(const struct repair *rp, int rung, struct msg *m);

#endif
