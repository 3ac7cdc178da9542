/*
 * wrong.h: the wrong kernels a course tests itself with (wrong.c), wrong/EXERCISE/NAME.cl: what
 * `clings validate` expects of each, and the library of mistakes a check's output matching
 * proves a wrong result with (engine/diagnose-match.c).
 */
#ifndef COURSE_WRONG_H
#define COURSE_WRONG_H

#define WRONG_DIR "wrong"          /* COURSE/wrong/EXERCISE/KERNEL.cl */
struct wrong_expect {
	enum verdict verdict;
	int line;                  /* the line its message must name; 0: any */
	char anchor[32];           /* "line @NAME": the line marked // @NAME; "here": // <- here */
	bool no_analysis;
	uint64_t seed;             /* 0: the check's own */
	char options[64];          /* as written between the brackets */
	int at;                    /* the line of this `// expect:` in the kernel's file */
};
struct wrong_kernel {
	char *path, *name;         /* COURSE/wrong/EXERCISE/NAME.cl, NAME */
	struct wrong_expect *expect;
	int nexpect;
	char **messages;           /* texts every message of its checks must hold */
	int nmessages;
	/* Its `// diagnosis: ID` line: the catalogue's entry, first of every failing verdict's
	 * diagnoses; NULL with diagnosis_none for a kernel that passes ("none"). */
	const struct diagnosis *diagnosis;
	bool diagnosis_none;
	int diagnosis_at;          /* its line */
	/* Its `// fix: RULE[+RULE] @LINE` line: the repair that makes it pass (engine/repair.h's
	 * rules, one or two), the first edit's line; nfix 0: none declared. */
	char fix_rules[2][32];
	int nfix;
	int fix_line;
	int fix_at;                /* the line of the `// fix:` comment */
};
/* The wrong kernels of e, by name, with their expectations; returns how many problems were
 * found (printed as file:line). */
int wrong_kernels_load(const struct course *c, const struct exercise *e, struct wrong_kernel **out,
		       int *n);
/* The same, printing nothing (a check reads them to match a wrong output). */
int wrong_kernels_read(const struct course *c, const struct exercise *e, struct wrong_kernel **out,
		       int *n);
void wrong_kernels_release(struct wrong_kernel *k, int n);
/* Folders of wrong/ that name no exercise: each a problem (printed); returns how many. */
int wrong_dirs_unknown(const struct course *c);

#endif
