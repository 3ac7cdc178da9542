/*
 * class.c: one shard's record of a class (class.h), and the progress line of a class's grading.
 */
#include "grade/class.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The course as graded: each exercise's name, points, check and solution. Two machines with
 * the same course get the same hash; a changed check or solution gets another. */
static uint64_t course_hash(const struct course *c)
{
	uint64_t h = hash_add_str(HASH_INIT, "clings course");
	for (int i = 0; i < c->n; i++) {
		const struct exercise *e = &c->ex[i];
		char *text = NULL, *sol = NULL;
		size_t tl = 0, sl = 0;
		h = hash_add_str(h, e->name);
		h = hash_add(h, &e->points, sizeof(e->points));
		if (read_file(e->check_path, &text, &tl) == 0)
			h = hash_add(h, text, tl);
		if (read_file(e->solution_path, &sol, &sl) == 0)
			h = hash_add(h, sol, sl);
		free(text);
		free(sol);
	}
	return h;
}

/* Which seed graded: --seed's, the secret's (a hash of it: the record is not secret), none. */
static char *seed_id(const struct grade_options *o)
{
	if (o->seed)
		return xstrfmt("seed %llu", (unsigned long long)o->seed);
	if (o->secret)
		return xstrfmt("secret %016llx", (unsigned long long)hash_add_str(
				       hash_add_str(HASH_INIT, "clings grade secret"), o->secret));
	return xstrdup("none");
}

static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; p && *p;) {
		size_t len = strcspn(p, ",");
		if (len == n && !strncmp(p, name, n))
			return true;
		p += len + (p[len] == ',');
	}
	return false;
}

char *class_name_text(const char *name)
{
	struct sbuf t = SBUF_INIT;
	for (const unsigned char *p = (const unsigned char *)name; *p;) {
		int n = utf8_sequence_len(p);
		if (!n || *p < 0x20 || *p == 0x7f) {
			sbuf_addf(&t, "\\x%02x", *p++);
			continue;
		}
		sbuf_add(&t, (const char *)p, (size_t)n);
		p += n;
	}
	return sbuf_detach(&t);
}

char *class_name_key(const char *name)
{
	size_t n = strlen(name);
	char *key = xmalloc(2 * n + 1);
	hex_encode(name, n, key);
	return key;
}

char *class_name_bytes(const char *key)
{
	size_t n = strlen(key);
	if (!n || n % 2 || n / 2 > NAME_MAX)
		return NULL;
	char *name = xmalloc(n / 2 + 1);
	if (hex_decode(key, name, n / 2) != (long)(n / 2) || memchr(name, 0, n / 2) || memchr(name, '/', n / 2)) {
		free(name);
		return NULL;
	}
	name[n / 2] = 0;
	if (!strcmp(name, ".") || !strcmp(name, "..")) {
		free(name);
		return NULL;
	}
	return name;
}

/* A student's entry, its first fields its name as text and its key, added to the record. */
static json_t *student_add(struct class_shard *s, const char *name)
{
	json_t *st = json_object();
	json_object_set_new(st, "name", json_text_free(class_name_text(name)));
	json_object_set_new(st, "key", json_text_free(class_name_key(name)));
	json_array_append_new(s->students, st);
	return st;
}

void class_shard_begin(struct class_shard *s, const struct course *c, const struct grade_options *o,
		       char *const *names, int n)
{
	class_shard_release(s);
	json_t *j = s->record = json_object();
	json_object_set_new(j, "clings", json_string(CLINGS_VERSION));
	json_object_set_new(j, "course", json_text_free(xstrfmt("%016llx", (unsigned long long)course_hash(c))));
	json_object_set_new(j, "seed", json_text_free(seed_id(o)));
	json_object_set_new(j, "device", json_text(o->device));
	json_object_set_new(j, "analysis", json_boolean(!o->no_analysis));
	json_object_set_new(j, "shard", json_integer(o->shard));
	json_object_set_new(j, "shards", json_integer(o->shards));
	json_t *exercises = json_array();
	for (int i = 0; i < c->n; i++)
		if (!o->exercises || listed(o->exercises, c->ex[i].name))
			json_array_append_new(exercises, json_pack("{s:o, s:i}", "name", json_text(c->ex[i].name),
								   "max_points", c->ex[i].points));
	json_object_set_new(j, "exercises", exercises);
	json_t *class = json_array(), *keys = json_array();
	for (int i = 0; i < n; i++) {
		json_array_append_new(class, json_text_free(class_name_text(names[i])));
		json_array_append_new(keys, json_text_free(class_name_key(names[i])));
	}
	json_object_set_new(j, "class", class);
	json_object_set_new(j, "keys", keys);
	s->students = json_array();
	json_object_set(j, "students", s->students);
}

void class_shard_graded(struct class_shard *s, const char *name, const struct grade_run *run,
			const char *lang)
{
	json_t *st = student_add(s, name);
	json_object_set_new(st, "graded", json_true());
	json_object_set_new(st, "result", grade_summary_json(run, lang));
}

void class_shard_not_graded(struct class_shard *s, const char *name, const char *why)
{
	json_t *st = student_add(s, name);
	json_object_set_new(st, "graded", json_false());
	json_object_set_new(st, "reason", json_text(why));
}

int class_shard_write(struct class_shard *s, const char *out_dir, const struct grade_options *o)
{
	struct sbuf j = SBUF_INIT;
	char *path = xstrfmt("%s/" CLASS_SHARD_PREFIX "%d-of-%d.json", out_dir, o->shard, o->shards);
	int rc = json_doc_add(&j, json_incref(s->record));
	if (!rc)
		rc = make_dirs(out_dir);
	if (!rc && write_file_atomic(path, j.buf, j.len) < 0)
		rc = error("%s: cannot write:", path);
	free(path);
	sbuf_release(&j);
	class_shard_release(s);
	return rc;
}

void class_shard_release(struct class_shard *s)
{
	json_decref(s->students);
	json_decref(s->record);
	s->record = s->students = NULL;
}

int class_shard_discard(const char *out_dir, const struct grade_options *o)
{
	char *path = xstrfmt("%s/" CLASS_SHARD_PREFIX "%d-of-%d.json", out_dir, o->shard, o->shards);
	int rc = unlink(path) < 0 && errno != ENOENT ? error("%s: cannot remove the older run's record:", path) : 0;
	free(path);
	return rc;
}

bool class_name_reserved(const char *name)
{
	return !strcmp(name, "class.json") || !strcmp(name, "class.html") ||
	       !strcmp(name, "gradebook.csv") || !strncmp(name, CLASS_SHARD_PREFIX, strlen(CLASS_SHARD_PREFIX));
}

void class_progress(int done, int total, double started)
{
	if (!isatty(STDERR_FILENO))
		return;
	double minutes = (now_seconds() - started) / 60;
	if (done < total && minutes > 0 && done > 0)
		fprintf(stderr, "\r\033[K%d done, %d left, %.1f per minute", done, total - done, done / minutes);
	else if (done < total)
		fprintf(stderr, "\r\033[K%d done, %d left", done, total - done);
	else
		fprintf(stderr, "\r\033[K");
	fflush(stderr);
}
