/*
 * cache.c: the verdict of a kernel that has not changed. A learner saves again without a change,
 * or changes only a comment, and the answer is the one clings gave before, in milliseconds.
 *
 * One file per exercise, .clings-cache/NAME in the course directory, holding the last verdict
 * (what its report shows, not the logs) and its key; written atomically by the parent only, from
 * a report it made itself: no learner process writes it. Read back, it is text from a file the
 * learner owns: anything malformed is a miss. A hit needs the same context (check file, reference
 * solution, seed, device, options, language, file name shown, clings version) and the same
 * tokens (source_tokens). A verdict other than a pass also needs the same bytes: its message
 * names lines and columns, and quotes the learner's line. A pass with access figures needs the
 * same code on the same lines (source_code_lines): the figures name lines. Verdicts that depend on the machine's
 * load or state (timeout, crash, error) are never kept.
 *
 * `clings grade` does not use it: a grade must come from running the student's kernel, and a
 * file in a directory a student can write must not decide one.
 */
#include "engine/engine.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CACHE_DIR VERDICT_CACHE_DIR
#define CACHE_MAGIC "clings-verdict-cache 3"

/* The program's identity: its version, and when this binary was built (a rebuilt clings may
 * judge differently). CLINGS_CACHE_VERSION replaces both (the tests use it). */
static uint64_t version_hash(void)
{
	const char *v = getenv("CLINGS_CACHE_VERSION");
	if (v)
		return hash_add_str(HASH_INIT, v);
	uint64_t h = hash_add_str(HASH_INIT, CLINGS_VERSION);
	struct stat st;
	if (stat("/proc/self/exe", &st) == 0) {
		h = hash_add(h, &st.st_size, sizeof(st.st_size));
		h = hash_add(h, &st.st_mtim, sizeof(st.st_mtim));
	}
	return h;
}

void verdict_key_make(struct verdict_key *k, const struct verdict_key_input *in)
{
	uint64_t h = hash_add(HASH_INIT, &in->spec->text_hash, sizeof(in->spec->text_hash));
	h = hash_add_str(h, in->solution_src);
	h = hash_add(h, &in->spec->seed, sizeof(in->spec->seed));
	h = hash_add_str(h, in->device);
	h = hash_add_str(h, getenv("CLINGS_DEVICE"));
	uint64_t version = version_hash();
	h = hash_add(h, &version, sizeof(version));
	h = hash_add_str(h, in->lang);
	h = hash_add_str(h, in->shown);
	h = hash_add(h, &in->analyze, sizeof(in->analyze));
	int warp = access_warp(), banks = access_banks();   /* what the access figures assume */
	h = hash_add(h, &warp, sizeof(warp));
	h = hash_add(h, &banks, sizeof(banks));
	k->context = h;
	struct sbuf tokens = SBUF_INIT;
	source_tokens(in->src, in->len, &tokens);
	k->tokens = hash_add_str(HASH_INIT, sbuf_str(&tokens));
	/* __LINE__ means something else once a line moves: then only the same bytes will do */
	k->exact = strstr(sbuf_str(&tokens), "__LINE__") != NULL;
	sbuf_release(&tokens);
	k->text = hash_add(HASH_INIT, in->src, in->len);
	struct sbuf lines = SBUF_INIT;
	source_code_lines(in->src, in->len, &lines);
	k->lines = hash_add_str(HASH_INIT, sbuf_str(&lines));
	sbuf_release(&lines);
}

static char *cache_path(const char *course_dir, const char *exercise)
{
	return xstrfmt("%s/%s/%s", course_dir, CACHE_DIR, exercise);
}

/* Verdicts the same kernel gets again on the same device: not those of a busy machine. */
static bool cacheable(enum verdict v)
{
	return v != VERDICT_TIMEOUT && v != VERDICT_CRASH && v != VERDICT_ERROR && v < VERDICT_COUNT;
}

static void add_field(struct sbuf *out, const char *key, const char *value)
{
	sbuf_addf(out, "%s\t", key);
	escape_line(out, value ? value : "");
	sbuf_adds(out, "\n");
}

/* A message as a field: its line (msg_write), escaped. */
static void add_msg_field(struct sbuf *out, const char *key, const struct msg *m)
{
	struct sbuf line = SBUF_INIT;
	msg_write(m, &line);
	add_field(out, key, sbuf_str(&line));
	sbuf_release(&line);
}

void verdict_cache_store(const char *course_dir, const struct verdict_key *k, const struct report *r)
{
	if (!cacheable(r->verdict) || r->interrupted)
		return;
	struct sbuf out = SBUF_INIT;
	sbuf_addf(&out, "%s\ncontext\t%016llx\ntokens\t%016llx\ntext\t%016llx\nlines\t%016llx\n",
		  CACHE_MAGIC, (unsigned long long)k->context, (unsigned long long)k->tokens,
		  (unsigned long long)k->text, (unsigned long long)k->lines);
	add_field(&out, "verdict", verdict_name(r->verdict));
	add_field(&out, "file", r->file);
	sbuf_addf(&out, "line\t%d\nanalysis\t%d\n", r->line, r->analysis_ran);
	add_field(&out, "device", r->device);
	add_msg_field(&out, "message", &r->message);   /* as data (the key keeps the language: advice is words) */
	add_msg_field(&out, "picture", &r->picture);
	for (int i = 0; i < r->ndiagnoses; i++) {   /* "diagnosis\tID CERTAIN\tEVIDENCE" */
		char *head = xstrfmt("diagnosis\t%s %d", r->diagnoses[i].d->id, r->diagnoses[i].certain);
		add_field(&out, head, r->diagnoses[i].evidence);
		free(head);
	}
	add_field(&out, "printf", r->kernel_output);
	add_field(&out, "buildlog", r->build_log);
	/* the access figures, as the plugin writes them but with the check's names */
	sbuf_addf(&out, "naccess\t%d\n", r->naccess);
	for (int i = 0; i < r->naccess; i++) {
		sbuf_adds(&out, "access\t");
		access_figure_write(&out, &r->access[i]);
		sbuf_adds(&out, "\n");
	}
	for (int i = 0; i < r->ntests; i++) {
		sbuf_addf(&out, "test\t%s\t", test_status_name(r->tests[i].status));
		escape_line(&out, r->tests[i].name);
		sbuf_adds(&out, "\t");
		struct sbuf detail = SBUF_INIT;
		msg_write(&r->tests[i].detail, &detail);
		escape_line(&out, sbuf_str(&detail));
		sbuf_release(&detail);
		sbuf_adds(&out, "\n");
	}
	char *dir = xstrfmt("%s/%s", course_dir, CACHE_DIR), *path = cache_path(course_dir, r->exercise);
	if (make_dirs(dir) == 0 && write_file_atomic(path, out.buf, out.len) < 0)
		warning("cannot keep the verdict in %s:", path);
	free(dir);
	free(path);
	sbuf_release(&out);
}

/* The value of a field line (its key and tab stripped), unescaped, allocated; NULL when empty. */
static char *field_value(const char *v)
{
	struct sbuf out = SBUF_INIT;
	unescape_line(&out, v);
	return out.len ? sbuf_detach(&out) : NULL;
}

/* A message field's value into m (emptied first); false when it is not one. */
static bool read_msg_field(const char *v, struct msg *m)
{
	char *data = field_value(v);
	msg_release(m);
	bool ok = !data || msg_read(data, m);
	free(data);
	return ok;
}

static int test_status_from(const char *s)
{
	for (int st = TEST_PASS; st <= TEST_ERROR; st++)
		if (!strcmp(s, test_status_name((enum test_status)st)))
			return st;
	return -1;
}

/* One line "key\tvalue" of a cache file into r; -1 when it does not fit the format. */
static int read_field(char *line, struct report *r)
{
	char *tab = strchr(line, '\t');
	if (!tab)
		return -1;
	*tab = '\0';
	const char *key = line, *v = tab + 1;
	char **text = !strcmp(key, "file") ? &r->file : !strcmp(key, "device") ? &r->device
		    : !strcmp(key, "printf") ? &r->kernel_output : !strcmp(key, "buildlog") ? &r->build_log
		    : NULL;
	if (text) {
		free(*text);
		*text = field_value(v);
	} else if (!strcmp(key, "message") || !strcmp(key, "picture")) {
		if (!read_msg_field(v, !strcmp(key, "message") ? &r->message : &r->picture))
			return -1;
	} else if (!strcmp(key, "verdict")) {
		int verdict = verdict_from_name(v);
		if (verdict < 0 || !cacheable((enum verdict)verdict))
			return -1;
		r->verdict = (enum verdict)verdict;
	} else if (!strcmp(key, "line")) {
		r->line = atoi(v);
	} else if (!strcmp(key, "naccess")) {
		r->naccess = atoi(v) < 0 ? -1 : 0;   /* the access lines that follow count themselves */
	} else if (!strcmp(key, "access")) {
		struct access_figure a;
		if (r->naccess < 0 || !access_figure_read(v, &a))
			return -1;
		r->access = xrealloc(r->access, sizeof(*r->access) * (size_t)(r->naccess + 1));
		r->access[r->naccess++] = a;
	} else if (!strcmp(key, "diagnosis")) {
		char id[64];
		int certain = 0, used = 0;
		const struct diagnosis *d = sscanf(v, "%63s %d\t%n", id, &certain, &used) == 2 && used
					    ? diagnosis_find(id) : NULL;
		if (!d)
			return -1;
		char *ev = field_value(v + used);
		diagnosis_add(&r->diagnoses, &r->ndiagnoses, d, certain != 0, ev ? ev : "");
		free(ev);
	} else if (!strcmp(key, "analysis")) {
		r->analysis_ran = atoi(v) != 0;
	} else if (!strcmp(key, "test")) {
		char *name = strchr(v, '\t'), *detail = name ? strchr(name + 1, '\t') : NULL;
		if (!detail)
			return -1;
		*name++ = '\0';
		*detail++ = '\0';
		int st = test_status_from(v);
		char *n = field_value(name);
		struct msg d = MSG_INIT;
		bool ok = st >= 0 && read_msg_field(detail, &d);
		if (ok)
			report_add_test_msg(r, n ? n : "", (enum test_status)st, &d);
		free(n);
		msg_release(&d);
		if (!ok)
			return -1;
	}
	return 0;   /* a key this version does not know is left alone */
}

int verdict_cache_lookup(const char *course_dir, const char *exercise, const struct verdict_key *k,
			 struct report *r)
{
	char *path = cache_path(course_dir, exercise), *text = NULL;
	int rc = read_regular_file(path, (size_t)64 << 20, &text, NULL);
	free(path);
	if (rc < 0)
		return -1;
	unsigned long long context = 0, tokens = 0, bytes = 0, lines = 0;
	char *body = NULL;
	if (sscanf(text, CACHE_MAGIC "\ncontext\t%llx\ntokens\t%llx\ntext\t%llx\nlines\t%llx\n", &context,
		   &tokens, &bytes, &lines) == 4)
		body = strstr(text, "\nlines\t");
	if (!body || context != k->context || tokens != k->tokens) {
		free(text);
		return -1;
	}
	struct report got = REPORT_INIT;
	got.verdict = VERDICT_COUNT;   /* until a verdict line says which */
	rc = 0;
	for (char *line = strchr(body + 1, '\n'); line && rc == 0;) {
		line++;
		char *eol = strchr(line, '\n');
		if (!eol)
			break;
		*eol = '\0';
		rc = read_field(line, &got);
		line = eol;
	}
	bool same_bytes = bytes == k->text, same_lines = lines == k->lines;
	/* Figures name source lines: a comment that moved them needs the check again. */
	if (rc < 0 || got.verdict == VERDICT_COUNT ||
	    (!same_bytes && (got.verdict != VERDICT_PASS || k->exact || (got.naccess > 0 && !same_lines)))) {
		report_release(&got);
		free(text);
		return -1;
	}
	copy_str(got.exercise, sizeof(got.exercise), exercise);
	got.cached = true;
	report_release(r);
	*r = got;
	free(text);
	return 0;
}
