/*
 * class.h: a class graded in shards, then joined into one gradebook and one picture.
 *
 * `clings grade --class DIR [--shard I/N] --out OUT` grades its submissions into OUT/NAME/ and
 * writes the shard's record, OUT/clings-shard-I-of-N.json (class_shard_*): which clings, course
 * (a hash of every exercise's check, solution and points), exercises, seed (--seed N, or a hash
 * of CLINGS_GRADE_SECRET, never the secret) and device graded it, the class's whole listing, and
 * each of its submissions' clings.json (or why it is not graded). A shard that did not finish
 * writes no record, so its students are missing from the merge, never passed.
 *
 * class_merge() reads the records of one or more output directories (`clings grade --merge`, or
 * `--class` alone after its one shard), refuses records of different clings versions, courses,
 * exercises, seeds, devices or analyses, or of different listings of the class, and writes:
 *   class.json     every student's verdicts, and per exercise the pass rate, the verdicts, the
 *                  diagnoses hit most, the slowest kernels; the students not graded and why
 *   gradebook.csv  a row per student, a column per exercise and the total (Canvas' and
 *                  Moodle's grade import), identified by the directory's name or a roster
 *   class.html     the same as a page of inline SVG charts: no script, nothing fetched
 * A student no record has, or that two records have, is named (stderr, class.json) and gets no
 * grade: an empty cell, never a 0 or a pass.
 */
#ifndef GRADE_CLASS_H
#define GRADE_CLASS_H

#include "grade/grade.h"

#include <jansson.h>

#define CLASS_SHARD_PREFIX "clings-shard-"

/* One shard's record, as it is graded. */
struct class_shard {
	struct sbuf j;
	int students;
};
#define CLASS_SHARD_INIT { SBUF_INIT, 0 }
/* Starts the record: identity, then the class's listing (names, n of them, sorted). */
void class_shard_begin(struct class_shard *s, const struct course *c, const struct grade_options *o,
		       char *const *names, int n);
void class_shard_graded(struct class_shard *s, const char *name, const struct grade_run *run,
			const char *lang);
void class_shard_not_graded(struct class_shard *s, const char *name, const char *why);
/* Ends the record and writes it into out_dir atomically; 0 or -1 (printed). Releases s. */
int class_shard_write(struct class_shard *s, const char *out_dir, const struct grade_options *o);
/* Whether a class's entry has a name the class's outputs take (class.json, clings-shard-*...). */
bool class_name_reserved(const char *name);

/* On a terminal (stderr), one line rewritten: submissions done, left, the rate; nothing else. */
void class_progress(int done, int total, double started);

struct class_merge_options {
	const char *out_dir;
	const char *roster;      /* CSV with a `submission` column; NULL: directory names */
	const char *lang;
};
/* 0: the class whole; 1: written, with students missing or graded twice (named); -1: refused
 * or failed (printed), nothing written. */
int class_merge(char *const *dirs, int n, const struct class_merge_options *o);

/* ---- CSV (gradebook.c) ---- */
/* RFC 4180 CSV text into rows of fields; -1 with path:line printed on a malformed one. */
struct csv_rows {
	char ***rows;
	int *nfields;
	int n;
};
int csv_parse(const char *text, const char *path, struct csv_rows *out);
void csv_release(struct csv_rows *rows);

/* ---- the outputs (gradebook.c, classpage.c), from class.json's object; 0 or -1 ---- */
/* roster: its first row names the columns, one of them `submission`; NULL: none. */
int class_gradebook_write(json_t *cls, const struct csv_rows *roster, const char *path);
int class_page_write(json_t *cls, const char *lang, const char *path);

#endif
