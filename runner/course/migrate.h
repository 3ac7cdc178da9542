/*
 * migrate.h: `clings validate --migrate` (migrate.c): a course written for the previous release
 * rewritten to today's format, mechanically, file by file, shown as a unified diff and written
 * only when asked. What it rewrites is what the format changed since:
 *
 *   wrong/EXERCISE/NAME.cl   a kernel without a `// diagnosis:` line gets one after its expect
 *                            lines: `none` for a kernel that passes, else the mistake its check
 *                            names first now (first_diagnosis: the author reads it in the diff).
 *                            The line inserted would move every line below, so each
 *                            `// expect: V line N` becomes `// expect: V line @V`, line N marked
 *                            with a trailing `// @V` (a name the kernel has not used), and the
 *                            `line N` of a `// message:` text and the @N of a `// fix:` line
 *                            follow their line. A kernel that has its diagnosis is left as is.
 *   lessons/LANG/NAME.md     a hand-written "What the check tests" section (in English or the
 *   (and NAME.hints.md)      lesson's language) becomes a line {{check}}, which makes it
 *   checks/NAME.ini          a plain `why` (and `why.LANG`) of an [access] section that
 *                            requires several properties becomes one PROPERTY.why each
 *
 * A file it cannot read or rewrite safely is a problem at its file:line (a NUL byte, a `line N`
 * past the end, on the leading comment or on a line a backslash continues, an expectation
 * that does not parse, a kernel whose check gets another verdict than it expects or names no
 * mistake). A migration is whole or nothing: with a problem, nothing is written. It is
 * idempotent: a course in today's format has nothing to change.
 */
#ifndef COURSE_MIGRATE_H
#define COURSE_MIGRATE_H

#include "course/course.h"

/* Runs one check of the wrong kernel file (with its options) and says the verdict it got, its
 * message on one line (appended to message), the id of the first diagnosis of its report (""
 * when it has none) and whether its evidence proves it (else clings only asks it); 0, or -1
 * when the check could not run (said). The engine's check_first_diagnosis. */
typedef int migrate_diagnose_fn(const struct course *c, const struct exercise *e, const char *device,
				const char *file, bool no_analysis, uint64_t seed, enum verdict *verdict,
				struct sbuf *message, char *id, size_t idlen, bool *proved);

struct migrate_options {
	bool write;                         /* write the files, a backup of each kept first */
	const char *device;                 /* the checks' (--device) */
	migrate_diagnose_fn *first_diagnosis;   /* NULL (--quick): a kernel that needs one is a problem */
};

/* Where --write keeps each file's text before it: COURSE/MIGRATE_BACKUP_DIR/PATH. A backup
 * that is there already is never written over: the migration refuses instead. */
#define MIGRATE_BACKUP_DIR ".clings-backup"

/*
 * Migrates the exercises of list (n of them) of c: prints to stdout a unified diff of every file
 * it changes (paths relative to the course), then what it did. Returns the number of files
 * changed (written with o->write, else only shown), or -1 when a problem stopped it (each
 * printed as file:line; nothing was written).
 */
int course_migrate(const struct course *c, const struct exercise *const *list, int n,
		   const struct migrate_options *o);

/*
 * The pure rewrites, for the unit tests: each returns a new text (caller frees) or NULL when
 * nothing changes, or sets *bad to the number of problems (printed at path:line). lang: the
 * lesson's language. diagnosis: the id to insert where a failing kernel has no `// diagnosis:`
 * line (NULL: a problem when one is needed).
 */
char *migrate_lesson_text(const char *path, const char *text, const char *lang, int *bad);
char *migrate_check_text(const char *path, const char *text, int *bad);
char *migrate_kernel_text(const char *path, const char *text, const char *diagnosis, int *bad);

/* Prints the unified diff (3 lines of context) from old to new of the file named name. */
void migrate_print_diff(FILE *f, const char *name, const char *old, const char *new);

#endif
