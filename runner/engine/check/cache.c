/*
 * cache.c: the verdict of a kernel that has not changed. A learner saves again without a change,
 * or changes only a comment, and the answer is the one clings gave before, in milliseconds.
 *
 * One file per exercise, NAME in course_cache_dir() (the learner's, not the course's), holding the last verdict
 * (what its report shows, not the logs) and its key; written atomically by the parent only, from
 * a report it made itself: no learner process writes it, and it is sealed (seal.h) with the
 * exercise's name and the context. Read back, it is a file anyone with the user's rights may
 * have written: one that does not verify, or anything malformed, is a miss and the check runs.
 * A hit needs the same context (check file, its data files, reference solution, seed, device,
 * options, language, file name shown, clings version, the access plugin's bytes) and the same
 * tokens (source_tokens). A verdict other than a pass also needs the same bytes: its message
 * names lines and columns, and quotes the learner's line. A pass with access figures needs the
 * same code on the same lines (source_code_lines): the figures name lines. Verdicts that depend on the machine's
 * load or state (timeout, crash, error) are never kept.
 *
 * `clings grade` does not use it: a grade must come from running the student's kernel, and a
 * file in a directory a student can write must not decide one.
 */
#include "engine/check/check.h"
#include "engine/seal/seal.h"
#include "engine/source/source.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CACHE_MAGIC "clings-verdict-cache 5"

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

/* The access plugin's identity: its bytes' digest, worked out again when the file is another
 * (a rebuilt plugin may refuse what the old one passed). "" without a plugin. */
static const char *plugin_identity(void)
{
	static struct stat seen;
	static char digest[65];
	const char *path = access_plugin_path();
	struct stat st;
	if (!path || stat(path, &st) < 0)
		return "";
	if (st.st_ino != seen.st_ino || st.st_dev != seen.st_dev || st.st_size != seen.st_size ||
	    st.st_mtim.tv_sec != seen.st_mtim.tv_sec || st.st_mtim.tv_nsec != seen.st_mtim.tv_nsec ||
	    !digest[0]) {
		if (seal_digest_file(path, digest) < 0)
			snprintf(digest, sizeof(digest), "unreadable");
		seen = st;
	}
	return digest;
}

/* The course's data files, as the check read them: a changed file is another check. */
static uint64_t add_data(uint64_t h, const struct init_spec *in)
{
	if (in->file) {
		h = hash_add_str(h, in->file);
		h = hash_add(h, &in->ndata, sizeof(in->ndata));
		if (in->ndata)
			h = hash_add(h, in->data, in->ndata * sizeof(*in->data));
	}
	return h;
}

void verdict_key_make(struct verdict_key *k, const struct verdict_key_input *in)
{
	const struct check_spec *spec = in->spec;
	uint64_t h = hash_add(HASH_INIT, &spec->text_hash, sizeof(spec->text_hash));
	for (int a = 0; a < spec->nargs; a++)
		h = add_data(h, &spec->args[a].init);
	for (int t = 0; t < spec->ntests; t++)
		for (int i = 0; i < spec->tests[t].ninits; i++)
			h = add_data(h, &spec->tests[t].inits[i].init);
	h = hash_add_str(h, plugin_identity());
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

static char *cache_path(const struct course *c, const char *exercise)
{
	char *dir = course_cache_dir(c), *path = xstrfmt("%s/%s", dir, exercise);
	free(dir);
	return path;
}

/* Verdicts the same kernel gets again on the same device: not those of a busy machine. */
static bool cacheable(enum verdict v)
{
	return v != VERDICT_TIMEOUT && v != VERDICT_CRASH && v != VERDICT_ERROR && v < VERDICT_COUNT;
}

void verdict_cache_store(const struct course *c, const struct verdict_key *k, const struct report *r)
{
	if (!cacheable(r->verdict) || r->interrupted)
		return;
	struct sbuf out = SBUF_INIT;
	sbuf_addf(&out, "%s\ncontext\t%016llx\ntokens\t%016llx\ntext\t%016llx\nlines\t%016llx\n",
		  CACHE_MAGIC, (unsigned long long)k->context, (unsigned long long)k->tokens,
		  (unsigned long long)k->text, (unsigned long long)k->lines);
	/* the report as data (the key keeps the language: advice is words) */
	report_encode(r, &out);
	char *path = cache_path(c, r->exercise), *binding = xstrfmt("%s\n%016llx", r->exercise,
								     (unsigned long long)k->context);
	/* quiet on failure: a verdict not kept only costs the next check its time */
	seal_write_file(path, "verdict", binding, out.buf, out.len);
	free(binding);
	free(path);
	sbuf_release(&out);
}

int verdict_cache_lookup(const struct course *c, const char *exercise, const struct verdict_key *k,
			 struct report *r)
{
	char *path = cache_path(c, exercise), *text = NULL;
	char *binding = xstrfmt("%s\n%016llx", exercise, (unsigned long long)k->context);
	size_t len = 0;
	int rc = seal_read_file(path, "verdict", binding, &text, &len);
	free(binding);
	free(path);
	if (rc < 0)
		return -1;
	unsigned long long context = 0, tokens = 0, bytes = 0, lines = 0;
	const char *body = NULL;
	if (sscanf(text, CACHE_MAGIC "\ncontext\t%llx\ntokens\t%llx\ntext\t%llx\nlines\t%llx\n", &context,
		   &tokens, &bytes, &lines) == 4)
		body = strstr(text, "\nlines\t");
	body = body ? strchr(body + 1, '\n') : NULL;
	if (!body || context != k->context || tokens != k->tokens) {
		free(text);
		return -1;
	}
	body++;
	struct report got = REPORT_INIT;
	rc = report_decode(body, len - (size_t)(body - text), &got);
	bool same_bytes = bytes == k->text, same_lines = lines == k->lines;
	/* A file the learner owns: anything but a whole report of a verdict worth keeping is a
	 * miss. Figures name source lines: a comment that moved them needs the check again. */
	/* A verdict reached where a kernel could read the course (no namespaces: the report says
	 * so) is no verdict of the same source checked in isolation: it answers only where there
	 * is none to be had (a probe, then, and only then). */
	if (rc < 0 || !cacheable(got.verdict) ||
	    (!same_bytes && (got.verdict != VERDICT_PASS || k->exact || (got.naccess > 0 && !same_lines))) ||
	    (!got.isolated && sandbox_namespaces_available())) {
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
