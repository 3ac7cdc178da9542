/*
 * grade.h: grading submissions in bulk, for courses. A submission is a directory holding the
 * learner's kernels, laid out as the course's exercises/ or flat (NAME.cl); each exercise of
 * the course is checked against the submitted file, never the course's own stub. The results
 * are written in the formats graders read (formats.c): exercism, Gradescope, PrairieLearn,
 * GitHub Classroom, JUnit XML, TAP, and clings' own summary.
 *
 * With course.ini's [grading] repair above none, each failing exercise is also searched for the
 * smallest change that makes it pass, within repair_seconds of processor time, in its worker:
 * students read the repair's ladder up to that rung, clings.json holds the whole repair. The
 * search never touches the score (a pass is never searched; a verdict is never changed), and
 * it fails closed: a search over its budget, or a worker that ended badly while it ran (tried
 * again without it), says nothing.
 */
#ifndef GRADE_GRADE_H
#define GRADE_GRADE_H

#include "ui/ui.h"

enum grade_format {
	FORMAT_EXERCISM = 1 << 0, FORMAT_GRADESCOPE = 1 << 1, FORMAT_PRAIRIELEARN = 1 << 2,
	FORMAT_CLASSROOM = 1 << 3, FORMAT_JUNIT = 1 << 4, FORMAT_TAP = 1 << 5, FORMAT_SUMMARY = 1 << 6,
	FORMAT_ALL = (1 << 7) - 1
};
/* "exercism,junit" into a set of formats; -1 (printed) for an unknown name. */
int grade_formats_parse(const char *list, unsigned *out);

struct grade_options {
	const char *course_dir, *lang, *device;
	const char *exercises;   /* comma-separated names; NULL: the whole course */
	const char *out_dir;     /* where the results go */
	unsigned formats;
	int jobs;                /* checks run at once */
	uint64_t seed;           /* 0: from the submission's contents and CLINGS_GRADE_SECRET */
	const char *secret;      /* CLINGS_GRADE_SECRET, taken out of the environment; NULL: none */
	double time_budget;      /* seconds for one submission; 0: none */
	bool no_analysis;
	int shard, shards;       /* --class: grade only submissions i of every N (0 of 1: all) */
};

enum grade_state { GRADED, NOT_SUBMITTED, NOT_REACHED };
struct grade_item {
	const struct exercise *e;
	/* the submitted file, relative to the submission ("exercises/scale.cl"); NULL: none */
	char *file;
	char *source;            /* its bytes, read by submission_read(); NULL when refused */
	size_t source_len;
	struct msg refusal;      /* why the file is not read (a link on its path, ...), else empty */
	enum grade_state state;
	struct report r;         /* when GRADED */
	/* The search for the smallest change that makes the kernel pass (engine/repair.h), when the
	 * course's grading shows it (course.ini's [grading] repair) and r failed; REPAIR_INIT: none
	 * ran, or its answer was lost (then nothing is said of it). Its proved diagnoses are in r. */
	struct repair repair;
	int points;              /* earned: e->points on a pass, else 0 */
	char *text;              /* r's message in the grade's language, once graded */
};
struct grade_run {
	char *submission;        /* its directory, as given */
	uint64_t seed;
	enum repair_shown repair_shown;   /* the course's: how far up the repair's ladder students see */
	struct grade_item *items;
	int n;
	int score, max_score;
	double seconds;
	bool anything_submitted;
};

/* Grades one submission into run; 0, or -1 when grading itself failed (printed). */
int grade_submission(const struct course *c, const char *dir, const struct grade_options *o,
		     struct grade_run *run);
/* The same for the submission whose root directory is open as root (dir: its name, as shown to
 * the grader). */
int grade_submission_at(const struct course *c, int root, const char *dir,
			const struct grade_options *o, struct grade_run *run);
void grade_run_release(struct grade_run *run);

/* The learner's words for an item: what went wrong, or "" on a pass (lives as long as it). */
const char *grade_item_message(const struct grade_item *it, const char *lang);
/* pass, fail or error, as exercism and GitHub Classroom spell a test's status. */
const char *grade_item_status(const struct grade_item *it);

/* ---- a student's files (submission.c) ---- */
#define SUBMITTED_FILE_MAX ((size_t)1 << 20)
/* Opens rel (a relative path of names, no "." or "..") beneath the directory root, following no
 * symbolic link on the way, read-only and without blocking; -1 and errno when it cannot, with
 * *link_len the length of rel's first part that is a link (0 when none is). open_beneath_walk
 * opens one component at a time, where the kernel has no openat2(). */
int open_beneath(int root, const char *rel, size_t *link_len);
int open_beneath_walk(int root, const char *rel, size_t *link_len);
/* Reads the submitted file rel beneath root into *text (NUL-terminated) and *len: 1 when read;
 * 0 when it is refused (a link on its path, not a regular file, over SUBMITTED_FILE_MAX,
 * unreadable), why saying so in the learner's words; -1 when there is no such file. */
int submission_read(int root, const char *rel, char **text, size_t *len, struct msg *why);

/* clings.json's object for run (the summary format); the caller's. */
json_t *grade_summary_json(const struct grade_run *run, const char *lang);

/* Writes every format of o->formats for run into out_dir, each file atomically; 0 or -1. */
int grade_write(const struct grade_run *run, const struct grade_options *o,
		const char *out_dir);

#endif
