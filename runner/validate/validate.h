/*
 * validate.h: a course tried as a whole, for its author (`clings validate`). It sits above the
 * engine and ui, a peer of watch/ and grade/: it reads the course's files (course/audit.c), then
 * checks its kernels as a learner's would be checked (the engine's check_exercise and repair
 * search) and prints each step as a row of a table, or a TAP line.
 */
#ifndef VALIDATE_VALIDATE_H
#define VALIDATE_VALIDATE_H

#include "ui/ui.h"

struct validate_options {
	const char *lang;     /* the table's and the problems' language */
	const char *device;   /* the OpenCL device the kernels run on; NULL: the default */
	bool quick;           /* read the files only: run no kernel */
	bool tap;             /* one TAP line a step instead of the table */
	bool migrate;         /* rewrite a course of the previous format instead (course/migrate.h):
				 shown as a diff, written only with write */
	bool write;
};

/* Validates the exercises named (names, count of them), or every exercise of the course of
 * course_dir when count is 0: each step a row on stdout (line-buffered, so that problems and
 * rows interleave as they come), each problem on stderr as file:line, wrapped at the terminal's
 * width (COLUMNS=0: one line a problem), then a line counting exercises, steps and problems.
 * Returns how many problems it found, or -1 (printed) when the course cannot be loaded or a
 * name is no exercise of it. With migrate: 1 when it showed changes it did not write, else 0
 * (-1 on a problem). */
int validate_course(const char *course_dir, char *const *names, int count, const struct validate_options *o);

#endif
