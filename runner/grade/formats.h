/*
 * formats.h: what the writers of formats.c (the platforms' JSON) and formats-ci.c (JUnit, TAP,
 * GitHub Classroom) share: a grading as a student is shown it, paths relative to the submission.
 */
#ifndef GRADE_FORMATS_H
#define GRADE_FORMATS_H

#include "grade/grade.h"

#define MESSAGE_MAX 4000         /* characters of one test's message: a verdict says it in less */

struct shown {
	const struct grade_run *run;
	const char *lang;
	char *prefix[6];         /* "DIR/" of the submission, the course and clings, shown relative */
	int nprefix;
};

/* text with every path under the submission relative to it (a path of the course's or of
 * clings' own relative to theirs): a student never sees where the grader keeps its files. */
char *shown_text(const struct shown *s, const char *text);
/* The item's message as a student reads it, cut at max bytes with a note; a failure of clings'
 * own says so first. A graded failure's is the report's message, picture and diagnoses as
 * ui/render.c draws them (PARTS_GRADING), else grade_item_message; shown_text either way.
 * Allocated. */
char *shown_message(const struct shown *s, const struct grade_item *it, size_t max);
/* What the learner's kernel printed, cut at max bytes with a note; NULL when nothing. */
char *shown_output(const struct shown *s, const struct grade_item *it, size_t max);
/* The submitted file relative to the submission ("exercises/scale.cl"), else NAME.cl. */
char *shown_file(const struct shown *s, const struct grade_item *it);
/* The command that repeats one test, with the file relative to the submission. */
char *shown_test_code(const struct shown *s, const struct grade_item *it);

/* "pass", "wrong_result", "not_submitted", "not_reached", ... */
const char *item_verdict(const struct grade_item *it);
/* Not the student's doing: clings failed, or the time budget ran out before the exercise. */
bool item_grader_failed(const struct grade_item *it);
bool run_grader_failed(const struct grade_run *run);


/* formats-ci.c */
void junit(struct sbuf *x, const struct shown *s);
void tap(struct sbuf *t, const struct shown *s);
/* The runner's result (the caller's), and the one-test runner result of item i (its max_score
 * the exercise's points), not encoded. */
json_t *classroom(const struct shown *s);
json_t *classroom_one(const struct shown *s, int i);
/* Markdown for the job's summary page: each exercise's explanation, which the reporter omits. */
void classroom_markdown(struct sbuf *m, const struct shown *s);
void base64(struct sbuf *out, const char *s, size_t n);

#endif
