/*
 * merge.c: the records of a class's shards joined into class.json, gradebook.csv and class.html
 * (class.h). Records that were not graded alike are refused whole; a student no record holds,
 * or two do, is named and gets no grade; a student clings could not grade (its own error, or
 * the time budget) gets no grade either, and is named: never a 0 that is the grader's fault. So
 * is a student whose result record.c doubts (it contradicts itself or its clings.json), and
 * two whose names show alike. Students are joined by their keys (their names' bytes).
 */
#include "grade/class.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOP_DIAGNOSES 5
#define TOP_SLOWEST 5
#define ROSTER_MAX ((size_t)64 << 20)

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

static void not_graded(json_t *cls, const char *name, const char *reason)
{
	json_array_append_new(json_object_get(cls, "not_graded"),
			      json_pack("{s:s, s:s}", "name", name, "reason", reason));
}

/* A graded student's line of class.json, from its result in rec; NULL (reason set) when the
 * result is in doubt (class_result_doubt) or clings could not grade one of its exercises. */
static json_t *student(const struct class_record *rec, const char *name, const char *bytes, json_t *result,
		       char **reason)
{
	if ((*reason = class_result_doubt(rec, bytes, result)))
		return NULL;
	json_t *exs = json_object_get(result, "exercises");
	json_t *out = json_array(), *e;
	size_t i;
	json_array_foreach(exs, i, e) {
		const char *v = str(e, "verdict");
		if (!strcmp(v, "error") || !strcmp(v, "not_reached")) {
			*reason = xstrfmt("clings could not grade %s (%s): regrade it", str(e, "name"), v);
			json_decref(out);
			return NULL;
		}
		json_t *ids = json_array(), *d;
		size_t k;
		json_array_foreach(json_object_get(e, "diagnoses"), k, d)
			json_array_append_new(ids, json_pack("{s:s, s:s}", "id", str(d, "id"), "title", str(d, "title")));
		json_array_append_new(out, json_pack("{s:s, s:s, s:s, s:I, s:I, s:f, s:o}", "name", str(e, "name"),
						     "verdict", v, "status", str(e, "status"),
						     "points", json_integer_value(json_object_get(e, "points")),
						     "max_points", json_integer_value(json_object_get(e, "max_points")),
						     "seconds", json_real_value(json_object_get(e, "seconds")) +
						     (double)json_integer_value(json_object_get(e, "seconds")),
						     "diagnoses", ids));
	}
	return json_pack("{s:s, s:b, s:I, s:I, s:s, s:o}", "name", name, "graded", 1,
			 "score", json_integer_value(json_object_get(result, "score")),
			 "max_score", json_integer_value(json_object_get(result, "max_score")),
			 "seed", str(result, "seed"), "exercises", out);
}

/* Whether the listing's entry i is shown by the same text as another entry: two names that
 * differ only in bytes that are no text, or a name spelling another's \xHH. */
static bool looks_like_another(json_t *listing, size_t i)
{
	json_t *other;
	size_t k;
	json_array_foreach(listing, k, other)
		if (k != i && json_equal(other, json_array_get(listing, i)))
			return true;
	return false;
}

/* The students: each name of the listing found in exactly one record, else named. The records
 * were checked (class_records_load): every field read here has its type, every student's key
 * is one of the listing's. */
static void join_students(json_t *cls, const struct class_record *recs, int n, int *incomplete)
{
	json_t *listing = json_object_get(recs[0].root, "class"), *keys = json_object_get(recs[0].root, "keys"), *name;
	int shards = (int)json_integer_value(json_object_get(recs[0].root, "shards"));
	json_t *students = json_object_get(cls, "students");
	size_t i;
	json_array_foreach(listing, i, name) {
		const char *nm = json_string_value(name), *key = json_string_value(json_array_get(keys, i));
		json_t *found = NULL;
		const struct class_record *where = NULL;
		const char *twice = NULL;
		for (int r = 0; r < n; r++) {
			json_t *s;
			size_t k;
			json_array_foreach(json_object_get(recs[r].root, "students"), k, s) {
				if (strcmp(str(s, "key"), key))
					continue;
				if (found)
					twice = recs[r].path;
				else
					found = s, where = &recs[r];
			}
		}
		char *reason = NULL, *bytes = class_name_bytes(key);
		json_t *line = NULL;
		if (looks_like_another(listing, i)) {
			reason = xstrdup("its name is shown as another's is (they differ in bytes that are no text): "
					 "rename one of them");
			fprintf(stderr, "%s: %s\n", nm, reason);
			++*incomplete;
		} else if (twice) {
			reason = xstrfmt("graded twice, in %s and %s: give each shard once", where->path, twice);
			fprintf(stderr, "%s: %s\n", nm, reason);
			++*incomplete;
		} else if (!found) {
			reason = xstrfmt("missing: no record of shard %zu/%d, which grades it (not given, or it "
					 "did not finish)", i % (size_t)shards, shards);
			fprintf(stderr, "%s: %s\n", nm, reason);
			++*incomplete;
		} else if (!json_is_true(json_object_get(found, "graded"))) {
			reason = xstrdup(str(found, "reason"));
		} else {
			line = student(where, nm, bytes, json_object_get(found, "result"), &reason);
			if (!line) {
				fprintf(stderr, "%s: %s\n", nm, reason);
				++*incomplete;
			}
		}
		if (!line) {
			not_graded(cls, nm, reason);
			line = json_pack("{s:s, s:b, s:s}", "name", nm, "graded", 0, "reason", reason);
		}
		json_array_append_new(students, line);
		free(reason);
		free(bytes);
	}
}

static int by_count(const void *a, const void *b)
{
	json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
	json_int_t cx = json_integer_value(json_object_get(x, "count")), cy = json_integer_value(json_object_get(y, "count"));
	if (cx != cy)
		return cx < cy ? 1 : -1;
	int c = strcmp(str(x, "id"), str(y, "id"));
	return c ? c : strcmp(str(x, "verdict"), str(y, "verdict"));
}

static int by_seconds(const void *a, const void *b)
{
	json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
	double sx = json_real_value(json_object_get(x, "seconds")), sy = json_real_value(json_object_get(y, "seconds"));
	if (sx != sy)
		return sx < sy ? 1 : -1;
	return strcmp(str(x, "student"), str(y, "student"));
}

/* counts: an array of {key: name, count}; one more of name. */
static void count(json_t *counts, const char *key, const char *name, const char *title)
{
	json_t *c;
	size_t i;
	json_array_foreach(counts, i, c)
		if (!strcmp(str(c, key), name)) {
			json_object_set_new(c, "count", json_integer(json_integer_value(json_object_get(c, "count")) + 1));
			return;
		}
	c = json_pack("{s:s, s:i}", key, name, "count", 1);
	if (title)
		json_object_set_new(c, "title", json_string(title));
	json_array_append_new(counts, c);
}

/* counts sorted (most first), the first keep of them. */
static json_t *top(json_t *counts, int (*cmp)(const void *, const void *), int keep)
{
	size_t n = json_array_size(counts);
	json_t **v = xcalloc(n ? n : 1, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = json_array_get(counts, i);
	qsort(v, n, sizeof(*v), cmp);
	json_t *out = json_array();
	for (size_t i = 0; i < n && (keep < 0 || (int)i < keep); i++)
		json_array_append(out, v[i]);
	free(v);
	json_decref(counts);
	return out;
}

static void summarize(json_t *cls)
{
	json_t *summary = json_array(), *ex;
	size_t i;
	json_array_foreach(json_object_get(cls, "exercises"), i, ex) {
		const char *name = str(ex, "name");
		json_t *verdicts = json_array(), *diags = json_array(), *times = json_array(), *st;
		int graded = 0, passed = 0;
		size_t k;
		json_array_foreach(json_object_get(cls, "students"), k, st) {
			json_t *e;
			size_t m;
			json_array_foreach(json_object_get(st, "exercises"), m, e) {
				if (strcmp(str(e, "name"), name))
					continue;
				graded++;
				passed += !strcmp(str(e, "verdict"), "pass");
				count(verdicts, "verdict", str(e, "verdict"), NULL);
				json_t *d;
				size_t q;
				json_array_foreach(json_object_get(e, "diagnoses"), q, d)
					count(diags, "id", str(d, "id"), str(d, "title"));
				if (strcmp(str(e, "verdict"), "not_submitted"))
					json_array_append_new(times, json_pack("{s:s, s:O, s:s}", "student", str(st, "name"),
									       "seconds", json_object_get(e, "seconds"),
									       "verdict", str(e, "verdict")));
			}
		}
		json_array_append_new(summary, json_pack(
			"{s:s, s:i, s:i, s:f, s:o, s:o, s:o}", "name", name, "graded", graded, "passed", passed,
			"pass_rate", graded ? (double)passed / graded : 0.0, "verdicts", top(verdicts, by_count, -1),
			"diagnoses", top(diags, by_count, TOP_DIAGNOSES), "slowest", top(times, by_seconds, TOP_SLOWEST)));
	}
	json_object_set_new(cls, "summary", summary);
}

/* A roster is the instructor's file, but read as strictly as a record: a regular file, no NUL
 * byte, and no submission claimed by two rows (both would get its grade). */
static int roster_check(json_t *cls, const char *path, struct csv_rows *roster)
{
	char *text = NULL;
	size_t len = 0;
	if (read_regular_file(path, ROSTER_MAX, &text, &len) < 0)
		return error("%s: cannot read:", path);
	int rc = csv_parse(text, len, path, roster);
	free(text);
	if (rc < 0)
		return -1;
	int col = -1;
	for (int f = 0; roster->n && f < roster->nfields[0]; f++)
		if (!strcmp(roster->rows[0][f], "submission"))
			col = f;
	if (col < 0)
		return error("%s:1: the roster has no `submission` column (the directory of each student)", path);
	if (roster->nfields[0] < 2)
		return error("%s:1: the roster has no column besides `submission` to name the students by "
			     "(Canvas: Student, ID, SIS User ID, SIS Login ID, Section; Moodle: a username or "
			     "an email address)", path);
	for (int r = 1; r < roster->n; r++)
		for (int q = 1; q < r && col < roster->nfields[r] && *roster->rows[r][col]; q++)
			if (col < roster->nfields[q] && !strcmp(roster->rows[q][col], roster->rows[r][col]))
				return error("%s:%d: the submission '%s' is claimed by line %d too: each submission "
					     "is one student's", path, roster->lines[r], roster->rows[r][col], roster->lines[q]);
	json_t *students = json_object_get(cls, "students");
	for (int r = 1; r < roster->n; r++) {
		const char *sub = col < roster->nfields[r] ? roster->rows[r][col] : "";
		bool in = false;
		json_t *st;
		size_t i;
		json_array_foreach(students, i, st)
			in |= !strcmp(str(st, "name"), sub);
		if (!in && *sub)
			not_graded(cls, sub, "on the roster, with no submission in the class");
	}
	json_t *st;
	size_t i;
	json_array_foreach(students, i, st) {
		bool on = false;
		for (int r = 1; r < roster->n && !on; r++)
			on = col < roster->nfields[r] && !strcmp(roster->rows[r][col], str(st, "name"));
		if (!on)
			fprintf(stderr, "%s: not on the roster %s (its gradebook row has only the directory's name)\n",
				str(st, "name"), path);
	}
	return 0;
}

int class_merge(char *const *dirs, int n, const struct class_merge_options *o)
{
	struct class_record *recs = NULL;
	int nrec = 0, rc = 0, incomplete = 0;
	for (int i = 0; i < n && !rc; i++)
		rc = class_records_load(dirs[i], &recs, &nrec);
	if (!rc)
		rc = class_records_alike(recs, nrec);
	json_t *cls = NULL;
	struct csv_rows roster = CSV_ROWS_INIT;
	if (!rc) {
		json_t *r0 = recs[0].root;
		cls = json_pack("{s:O, s:O, s:O, s:O, s:O, s:O, s:O, s:I, s:[], s:[]}", "clings",
				json_object_get(r0, "clings"), "course", json_object_get(r0, "course"), "seed",
				json_object_get(r0, "seed"), "device", json_object_get(r0, "device"), "analysis",
				json_object_get(r0, "analysis"), "shards", json_object_get(r0, "shards"), "exercises",
				json_object_get(r0, "exercises"), "submissions",
				(json_int_t)json_array_size(json_object_get(r0, "class")), "students", "not_graded");
		join_students(cls, recs, nrec, &incomplete);
		summarize(cls);
		json_object_set_new(cls, "incomplete", json_boolean(incomplete));
		if (o->roster)
			rc = roster_check(cls, o->roster, &roster);
	}
	if (!rc)
		rc = make_dirs(o->out_dir);
	if (!rc) {
		char *path = xstrfmt("%s/class.json", o->out_dir);
		char *text = json_dumps(cls, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
		if (!text || write_file_atomic(path, text, strlen(text)) < 0)
			rc = error("%s: cannot write:", path);
		free(text);
		free(path);
	}
	if (!rc) {
		char *path = xstrfmt("%s/gradebook.csv", o->out_dir);
		rc = class_gradebook_write(cls, o->roster ? &roster : NULL, path);
		free(path);
	}
	if (!rc) {
		char *path = xstrfmt("%s/class.html", o->out_dir);
		rc = class_page_write(cls, o->lang, path);
		free(path);
	}
	if (!rc)
		fprintf(stderr, "%s: the class of %d submission%s%s\n", o->out_dir,
			(int)json_integer_value(json_object_get(cls, "submissions")),
			json_integer_value(json_object_get(cls, "submissions")) == 1 ? "" : "s",
			incomplete ? ", incomplete (named above)" : "");
	csv_release(&roster);
	json_decref(cls);
	class_records_release(recs, nrec);
	return rc < 0 ? -1 : incomplete ? 1 : 0;
}
