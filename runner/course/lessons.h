/*
 * lessons.h: lessons and hints (lessons.c): their files in the learner's language, hints split
 * at their headings, and the figures measured on a device that a lesson names instead of
 * writing them down, so that it always shows the last measurement.
 */
#ifndef COURSE_LESSONS_H
#define COURSE_LESSONS_H

struct course;
struct exercise;

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
 * warning when lang is one the course declares); -1 (quietly) when neither exists. Its figures
 * are filled in (lesson_fill_figures) in the language of the file read. */
int lesson_read(const struct course *c, const struct exercise *e, const char *lang,
		const char *suffix, char **text);

/*
 * A figure: "{{FILE.SECTION.KEY}}" in a lesson or hints file stands for the value of KEY in
 * [SECTION] of COURSE/docs/measured/FILE.ini (FIGURES_DIR), a file that also says in its
 * [device] section on what (name), with which driver (driver) and when (date) it was measured.
 * A value that is a plain decimal number ("2.95") is shown with lang's decimal separator; any
 * other value as written.
 */
#define FIGURES_DIR "docs/measured"
/* Fills in every figure of *md (which it may replace; caller frees). A figure whose file or key
 * is missing stays as written: `clings validate` names it. */
void lesson_fill_figures(const struct course *c, const char *lang, char **md);
/* Every figure of e's lessons and hints, in every language of the course, that names no value
 * (or whose file has no [device] name, driver and date, or does not parse): each a problem
 * printed as file:line. Returns how many. */
int lesson_figures_audit(const struct course *c, const struct exercise *e);

#endif
