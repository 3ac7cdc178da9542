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

/*
 * "What the check tests" (lesson-check.c): a line holding only {{check}} (LESSON_CHECK_MARKER) in
 * a lesson becomes a section of that title made from the exercise's check file when the lesson
 * is read, in its language: the signatures, the launch, the inputs, how each output is compared,
 * the host loop, each test's values, what the analysis looks for and the [access] rules. A lesson
 * cannot contradict its check there; `clings validate` refuses a hand-written section of that
 * title.
 */
#define LESSON_CHECK_MARKER "{{check}}"
extern const char lesson_check_title[];   /* N_("What the check tests") */
/* Lines of a lesson's code blocks and diagrams fit this many columns: with the renderer's
 * indent of four, an 80-column terminal. `clings validate` warns about a wider one. */
#define LESSON_CODE_WIDTH 76
/* A fence line (``` or ~~~, indented at most three spaces): its character, else 0. */
char lesson_fence(const char *p);
/* A heading among the linelen bytes at p: its title (after its #s and space, trailing #s and
 * spaces cut), length in *n, its level (its #s) in *level when not NULL; NULL when none. */
const char *lesson_heading(const char *p, size_t linelen, size_t *n, int *level);
struct check_spec;
struct sbuf;
/* Appends the section for spec, its heading included, as Markdown in lang. */
void lesson_check_section(const struct check_spec *spec, const char *lang, struct sbuf *md);
/* Replaces the marker line of *md with e's section (or, when its check does not load, a line
 * that says so). */
void lesson_fill_check(const struct exercise *e, const char *lang, char **md);
/* e's lessons in every language of the course: a hand-written "What the check tests" section
 * (in English or the file's language) is a problem, printed as file:line; a code block line
 * wider than LESSON_CODE_WIDTH a warning. Returns the problems. */
int lesson_check_audit(const struct course *c, const struct exercise *e);

/* A kernel source as a learner in lang reads it (the reference solution, s): each comment in
 * lang where the course wrote it in lang too (`// [LANG] ...` under it), else as written in the
 * course's own language; lang NULL gives the own language's. The code is copied unchanged
 * (comment-lang.c has the rules). */
void source_comments_in(const char *code, const char *lang, struct sbuf *out);

#endif
