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
 * A name is kept byte for byte: the record holds each name's bytes in hexadecimal ("keys", a
 * student's "key"), which the merge joins by and opens OUT/NAME with, and the name as text
 * ("class", a student's "name": a byte that is no UTF-8 text, or a control character, as \xHH).
 *
 * class_merge() reads the records of one or more output directories (`clings grade --merge`, or
 * `--class` alone after its one shard), refuses records of different clings versions, courses,
 * exercises, seeds, devices or analyses, or of different listings of the class, and refuses
 * (exit 2, nothing written) any record that is not a regular file (a FIFO, a link), is not
 * named by its own shard fields, or holds a field out of range. A student whose record
 * contradicts itself (points the verdict does not give, an unknown verdict, a score that is not
 * the sum) or differs from the student's own OUT/NAME/clings.json (a shard graded again that
 * did not finish) is named and gets no grade. It writes:
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
#define CLASS_SHARDS_MAX 100000   /* the most shards a class is graded in */

/* `clings grade` once its options are read: takes CLINGS_GRADE_SECRET out of the environment
 * (refused, -1, where kernels cannot be isolated and o->seed is 0), loads the course of
 * o->course_dir, and grades the submission directory submission, or with class_dir every entry
 * of the class (each directory a submission, anything else named on stdout with why it is not
 * graded; o->shard of o->shards only), into o->out_dir (a class's students into OUT/NAME/,
 * then the shard's record, then the merge with roster when there is one shard). Each graded
 * submission's line goes to stderr, the Classroom reporter's to stdout. 0 once the results are
 * written, whatever they say; -1 (printed) when grading failed. */
int grade_command(struct grade_options *o, const char *submission, const char *class_dir, const char *roster);

/* One shard's record, as it is graded. */
struct class_shard {
	json_t *record;     /* the whole document */
	json_t *students;   /* its "students", one entry a submission */
};
#define CLASS_SHARD_INIT { NULL, NULL }
/* Starts the record: identity, then the class's listing (names, n of them, sorted). */
void class_shard_begin(struct class_shard *s, const struct course *c, const struct grade_options *o,
		       char *const *names, int n);
void class_shard_graded(struct class_shard *s, const char *name, const struct grade_run *run,
			const char *lang);
void class_shard_not_graded(struct class_shard *s, const char *name, const char *why);
/* Ends the record and writes it into out_dir atomically; 0 or -1 (printed). Releases s. */
int class_shard_write(struct class_shard *s, const char *out_dir, const struct grade_options *o);
/* Drops the record unwritten (a shard that did not finish); s is CLASS_SHARD_INIT again. */
void class_shard_release(struct class_shard *s);
/* Removes the shard's record from out_dir before it grades again, so that a run that does not
 * finish leaves none (never the older run's beside newer results); 0 or -1 (printed). */
int class_shard_discard(const char *out_dir, const struct grade_options *o);
/* A name as text: a byte that is no UTF-8 text, a control character or DEL as \xHH. Two names
 * may look alike (a literal "\xff"); the merge names both rather than join them. Free it. */
char *class_name_text(const char *name);
/* A name's bytes in hexadecimal, the merge's key for it; class_name_bytes() undoes it (NULL:
 * not the key of a name of a directory's entry). Free either. */
char *class_name_key(const char *name);
char *class_name_bytes(const char *key);
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

/* ---- a shard's record, read and checked (record.c) ---- */
struct class_record {
	char *path;   /* DIR/clings-shard-I-of-N.json */
	char *dir;    /* where its students' OUT/NAME/clings.json are */
	json_t *root;
};
/* Every record of dir, in name order, appended to *recs (grown); each only a regular file, its
 * fields checked (types, 1 <= shards <= CLASS_SHARDS_MAX, 0 <= shard < shards, the file's name
 * its own shard's, every student its shard's); -1 (printed) at the first that is not. */
int class_records_load(const char *dir, struct class_record **recs, int *n);
/* -1 (printed) when two records were not graded alike. */
int class_records_alike(const struct class_record *recs, int n);
void class_records_release(struct class_record *recs, int n);
/* Why a graded student's result cannot be merged, or NULL: its exercises are not the class's,
 * a verdict unknown, points the verdict does not give, a score not their sum, or the result
 * differs from DIR/NAME/clings.json (name: the student's bytes). Free it. */
char *class_result_doubt(const struct class_record *rec, const char *name, json_t *result);

/* ---- CSV (gradebook.c) ---- */
/* RFC 4180 CSV text of len bytes into rows of fields, each row's first line in lines; -1 with
 * path:line printed on a malformed one, or one holding a NUL byte. */
struct csv_rows {
	char ***rows;
	int *nfields;
	int *lines;
	int n;
};
#define CSV_ROWS_INIT { NULL, NULL, NULL, 0 }
int csv_parse(const char *text, size_t len, const char *path, struct csv_rows *out);
void csv_release(struct csv_rows *rows);

/* ---- the outputs (gradebook.c, classpage.c), from class.json's object; 0 or -1 ---- */
/* roster: its first row names the columns, one of them `submission`; NULL: none. */
int class_gradebook_write(json_t *cls, const struct csv_rows *roster, const char *path);
int class_page_write(json_t *cls, const char *lang, const char *path);

#endif
