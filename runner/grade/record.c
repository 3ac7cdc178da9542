/*
 * record.c: a shard's record read back and checked before the merge uses it (class.h). A record
 * is a file found on disk like any other: only a regular file is opened (a FIFO would hang the
 * merge, a link would read what it names), every field the merge reads is checked for its type
 * and range first (a shard count of 0 divides by zero), and a student's result is merged only
 * when it agrees with itself and with the clings.json its run wrote beside it.
 */
#include "grade/class.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RECORD_MAX ((off_t)1 << 30)        /* a record's bytes: a class of thousands is far less */
#define SUMMARY_MAX ((off_t)64 << 20)      /* a student's clings.json */
#define POINTS_MAX 1000000                 /* an exercise's points */

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The JSON of the regular file name beneath the directory dfd, read without following a link
 * or waiting on a FIFO; NULL with *why set (errno's words when why is NULL). */
static json_t *load_beneath(int dfd, const char *name, off_t max, const char **why, json_error_t *err)
{
	*why = NULL;
	err->line = 0;
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ELOOP)
			*why = "a symbolic link, not a file clings wrote: refusing to read it";
		return NULL;
	}
	struct stat st;
	json_t *root = NULL;
	if (fstat(fd, &st) < 0)
		*why = NULL;
	else if (!S_ISREG(st.st_mode))
		*why = "not a regular file (a FIFO, a device or a directory): refusing to read it";
	else if (st.st_size > max)
		*why = "larger than clings writes one: refusing to read it";
	else if (!(root = json_loadfd(fd, 0, err)))
		*why = err->text;
	int saved = errno;
	close(fd);
	errno = saved;
	return root;
}

static bool is_int(json_t *o, const char *key, json_int_t lo, json_int_t hi)
{
	json_t *v = json_object_get(o, key);
	return json_is_integer(v) && json_integer_value(v) >= lo && json_integer_value(v) <= hi;
}

static bool is_str(json_t *o, const char *key)
{
	return json_is_string(json_object_get(o, key));
}

/* The position of key in the sorted keys (each {key, index}), or -1. */
struct keyed { const char *key; int index; };

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct keyed *)a)->key, ((const struct keyed *)b)->key);
}

/* What is wrong with a record's students, into why; false when nothing is. */
static bool students_wrong(json_t *root, char *why, size_t size)
{
	json_t *names = json_object_get(root, "class"), *keys = json_object_get(root, "keys");
	json_int_t shard = json_integer_value(json_object_get(root, "shard"));
	json_int_t shards = json_integer_value(json_object_get(root, "shards"));
	size_t n = json_array_size(keys);
	if (!json_is_array(names) || !json_is_array(keys) || json_array_size(names) != n) {
		snprintf(why, size, "its listing of the class (class, keys) is not a list of names");
		return true;
	}
	struct keyed *sorted = xcalloc(n ? n : 1, sizeof(*sorted));
	bool *seen = xcalloc(n ? n : 1, sizeof(*seen)), wrong = false;
	for (size_t i = 0; i < n && !wrong; i++) {
		char *bytes = NULL, *text = NULL;
		sorted[i] = (struct keyed){ json_string_value(json_array_get(keys, i)), (int)i };
		if (!sorted[i].key || !(bytes = class_name_bytes(sorted[i].key)) ||
		    strcmp(text = class_name_text(bytes), json_string_value(json_array_get(names, i)) ?
			   json_string_value(json_array_get(names, i)) : ""))
			wrong = snprintf(why, size, "its listing's entry %zu is no name of a directory's entry", i) > 0;
		free(bytes);
		free(text);
	}
	if (!wrong && n)
		qsort(sorted, n, sizeof(*sorted), by_key);
	for (size_t i = 1; i < n && !wrong; i++)
		if (!strcmp(sorted[i - 1].key, sorted[i].key))
			wrong = snprintf(why, size, "its listing holds one name twice (entries %d and %d)",
					 sorted[i - 1].index, sorted[i].index) > 0;
	json_t *st;
	size_t k;
	json_array_foreach(json_object_get(root, "students"), k, st) {
		if (wrong)
			break;
		struct keyed want = { json_string_value(json_object_get(st, "key")), -1 };
		struct keyed *at = want.key && n ? bsearch(&want, sorted, n, sizeof(*sorted), by_key) : NULL;
		json_t *graded = json_object_get(st, "graded");
		if (!json_is_object(st) || !at || !json_is_boolean(graded) ||
		    (json_is_true(graded) ? !json_is_object(json_object_get(st, "result")) : !is_str(st, "reason")))
			wrong = snprintf(why, size, "its student %zu is not one of its listing, or not whole", k) > 0;
		else if (!json_equal(json_object_get(st, "name"), json_array_get(names, (size_t)at->index)))
			wrong = snprintf(why, size, "its student %zu is not named as its listing names it", k) > 0;
		else if (at->index % shards != shard)
			wrong = snprintf(why, size, "its student %zu (entry %d of the listing) is not one shard %lld/%lld "
					 "grades", k, at->index, (long long)shard, (long long)shards) > 0;
		else if (seen[at->index])
			wrong = snprintf(why, size, "its student %zu is in it twice", k) > 0;
		else
			seen[at->index] = true;
	}
	free(sorted);
	free(seen);
	return wrong;
}

/* What is wrong with a record read from a file named fname, into why; false when nothing is. */
static bool record_wrong(json_t *root, const char *fname, char *why, size_t size)
{
	if (!json_is_object(root) || !is_str(root, "clings") || !is_str(root, "course") || !is_str(root, "seed") ||
	    !is_str(root, "device") || !json_is_boolean(json_object_get(root, "analysis")) ||
	    !json_is_array(json_object_get(root, "students")) || !json_is_array(json_object_get(root, "exercises")))
		return snprintf(why, size, "not a shard's record of `clings grade --class`") > 0;
	if (!is_int(root, "shards", 1, CLASS_SHARDS_MAX))
		return snprintf(why, size, "its number of shards is not one from 1 to %d", CLASS_SHARDS_MAX) > 0;
	json_int_t shards = json_integer_value(json_object_get(root, "shards"));
	if (!is_int(root, "shard", 0, shards - 1))
		return snprintf(why, size, "its shard is not one from 0 to %lld, below its number of shards",
				(long long)shards - 1) > 0;
	char *own = xstrfmt(CLASS_SHARD_PREFIX "%lld-of-%lld.json", (long long)json_integer_value(json_object_get(root, "shard")),
			    (long long)shards);
	bool renamed = strcmp(own, fname) != 0;
	if (renamed)
		snprintf(why, size, "its shard fields name another file (%s)", own);
	free(own);
	if (renamed)
		return true;
	json_t *ex, *other;
	size_t i, k;
	json_array_foreach(json_object_get(root, "exercises"), i, ex) {
		if (!json_is_object(ex) || !is_str(ex, "name") || !is_int(ex, "max_points", 0, POINTS_MAX))
			return snprintf(why, size, "its exercise %zu has no name or no points from 0 to %d", i, POINTS_MAX) > 0;
		json_array_foreach(json_object_get(root, "exercises"), k, other)
			if (k < i && json_equal(json_object_get(ex, "name"), json_object_get(other, "name")))
				return snprintf(why, size, "its exercise %zu is its exercise %zu again", i, k) > 0;
	}
	return students_wrong(root, why, size);
}

int class_records_load(const char *dir, struct class_record **recs, int *n)
{
	DIR *d = opendir(dir);
	if (!d)
		return error("%s: cannot read:", dir);
	char **names = NULL;
	int k = 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (!strncmp(e->d_name, CLASS_SHARD_PREFIX, strlen(CLASS_SHARD_PREFIX)) && len > 5 &&
		    !strcmp(e->d_name + len - 5, ".json")) {
			names = xrealloc(names, sizeof(*names) * (size_t)(k + 1));
			names[k++] = xstrdup(e->d_name);
		}
	}
	int rc = 0;
	if (!k)
		rc = error("%s: no %s*.json: not the output of `clings grade --class`", dir, CLASS_SHARD_PREFIX);
	if (k)
		qsort(names, (size_t)k, sizeof(*names), by_string);
	for (int i = 0; i < k; i++) {
		char *path = xstrfmt("%s/%s", dir, names[i]), *shown = class_name_text(path), why[300];
		const char *cause;
		json_error_t err;
		json_t *root = rc ? NULL : load_beneath(dirfd(d), names[i], RECORD_MAX, &cause, &err);
		if (!rc && !root)
			rc = err.line > 0 ? error("%s:%d: %s", shown, err.line, cause)
			     : cause ? error("%s: %s", shown, cause) : error("%s: cannot read:", shown);
		if (root && record_wrong(root, names[i], why, sizeof(why))) {
			rc = error("%s: %s: refusing to merge it", shown, why);
			json_decref(root);
			root = NULL;
		}
		if (root) {
			*recs = xrealloc(*recs, sizeof(**recs) * (size_t)(*n + 1));
			(*recs)[(*n)++] = (struct class_record){ path, xstrdup(dir), root };
		} else {
			free(path);
		}
		free(shown);
		free(names[i]);
	}
	closedir(d);
	free(names);
	return rc;
}

/* What every record must share, and how a refusal names it. */
static const struct { const char *key, *what; } same[] = {
	{ "clings", "clings versions" }, { "course", "courses (checks, solutions or points)" },
	{ "exercises", "exercises" }, { "seed", "seeds (--seed, or CLINGS_GRADE_SECRET)" },
	{ "device", "devices" }, { "analysis", "analyses (--no-analysis)" },
	{ "shards", "numbers of shards" }, { "class", "listings of the class directory" },
	{ "keys", "listings of the class directory" },
};

int class_records_alike(const struct class_record *recs, int n)
{
	for (int i = 1; i < n; i++)
		for (size_t k = 0; k < sizeof(same) / sizeof(same[0]); k++)
			if (!json_equal(json_object_get(recs[0].root, same[k].key),
					json_object_get(recs[i].root, same[k].key)))
				return error("%s and %s were graded with different %s: refusing to join them",
					     recs[0].path, recs[i].path, same[k].what);
	return 0;
}

void class_records_release(struct class_record *recs, int n)
{
	for (int i = 0; i < n; i++) {
		free(recs[i].path);
		free(recs[i].dir);
		json_decref(recs[i].root);
	}
	free(recs);
}

/* Whether one exercise's result is what the grader writes: a known verdict, the points that
 * verdict gives (all of the exercise's on a pass, none otherwise); NULL, or why not. */
static char *exercise_doubt(json_t *e, json_t *want)
{
	char *name = class_name_text(json_string_value(json_object_get(want, "name")));
	json_int_t max = json_integer_value(json_object_get(want, "max_points"));
	const char *v = json_string_value(json_object_get(e, "verdict"));
	char *why = NULL;
	if (!json_is_object(e) || !json_equal(json_object_get(e, "name"), json_object_get(want, "name")))
		why = xstrfmt("its exercises are not the class's (%s expected)", name);
	else if (!v || (verdict_from_name(v) < 0 && strcmp(v, "not_submitted") && strcmp(v, "not_reached")))
		why = xstrfmt("%s has a verdict clings does not give", name);
	else if (!is_int(e, "max_points", max, max))
		why = xstrfmt("%s is worth other points than the class's %lld", name, (long long)max);
	else if (!is_int(e, "points", 0, max))
		why = xstrfmt("%s has %lld of %lld points", name, (long long)json_integer_value(json_object_get(e, "points")),
			      (long long)max);
	else if (json_integer_value(json_object_get(e, "points")) != (strcmp(v, "pass") ? 0 : max))
		why = xstrfmt("%s has %lld points with the verdict %s", name,
			      (long long)json_integer_value(json_object_get(e, "points")), v);
	else if (!is_str(e, "status") || !json_is_number(json_object_get(e, "seconds")) ||
		 json_number_value(json_object_get(e, "seconds")) < 0 || !json_is_array(json_object_get(e, "diagnoses")))
		why = xstrfmt("%s lacks its status, seconds or diagnoses", name);
	free(name);
	return why;
}

/* Whether result agrees with itself and with the record's exercises; NULL, or why not. */
static char *self_doubt(json_t *exercises, json_t *result)
{
	json_t *exs = json_object_get(result, "exercises"), *e;
	if (!json_is_array(exs) || json_array_size(exs) != json_array_size(exercises) || !is_str(result, "seed"))
		return xstrdup("its exercises are not the class's");
	json_int_t score = 0, max = 0;
	size_t i;
	json_array_foreach(exs, i, e) {
		char *why = exercise_doubt(e, json_array_get(exercises, i));
		if (why)
			return why;
		score += json_integer_value(json_object_get(e, "points"));
		max += json_integer_value(json_object_get(e, "max_points"));
	}
	if (!is_int(result, "score", score, score) || !is_int(result, "max_score", max, max))
		return xstrfmt("its score is not its exercises' points (%lld of %lld)", (long long)score, (long long)max);
	return NULL;
}

char *class_result_doubt(const struct class_record *rec, const char *name, json_t *result)
{
	char *why = self_doubt(json_object_get(rec->root, "exercises"), result);
	if (why) {
		char *all = xstrfmt("its record contradicts itself: %s; regrade it", why);
		free(why);
		return all;
	}
	/* The clings.json its run wrote: a run graded later that did not finish wrote a newer one
	 * beside this older record. */
	char *text = class_name_text(name);
	int dfd = open(rec->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int sfd = dfd < 0 ? -1 : openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	const char *cause = "no directory of its own (or a link to one)";
	json_error_t err;
	json_t *summary = sfd < 0 ? NULL : load_beneath(sfd, "clings.json", SUMMARY_MAX, &cause, &err);
	if (sfd >= 0 && !summary && !cause)
		cause = strerror(errno);
	if (!summary)
		why = xstrfmt("its results %s/%s/clings.json cannot be read (%s): regrade it", rec->dir, text, cause);
	else if (!json_equal(summary, result))
		why = xstrfmt("its record %s and its %s/%s/clings.json differ (a later grading of it did not finish, "
			      "or one was changed): regrade its shard", rec->path, rec->dir, text);
	json_decref(summary);
	if (sfd >= 0)
		close(sfd);
	if (dfd >= 0)
		close(dfd);
	free(text);
	return why;
}
