/*
 * diagnose-match.c: a wrong result likened to the course's wrong kernels. Each of the course's
 * wrong kernels of the exercise that gives a wrong result (wrong/EXERCISE/NAME.cl, `// expect:
 * wrong_result`) runs as the learner's kernel ran: the same check, inputs and seed, confined the
 * same way. When the learner's result buffers are the same bytes as one of theirs, in every test
 * and pass, that kernel's `// diagnosis:` is asked as a question (EVIDENCE_RESEMBLANCE): the
 * same output can come of another mistake (a double buffer's wrong half gives the bytes of a
 * reduction that stops too early), so a likeness proves nothing. Their outputs are kept in
 * wrong/EXERCISE/ of course_cache_dir(), keyed by the check's text, the kernel's text, the seed and the
 * device, so a kernel runs once; sealed (seal.h) with the exercise and that key, so that an
 * output put there by anyone else is run again, never compared.
 */
#include "engine/diagnose/diagnose.h"
#include "engine/seal/seal.h"
#include "engine/source/source.h"

#include <stdlib.h>
#include <string.h>

/* A cache file: this line, "digest\tHEX\n" (results_digest of the run), then the run's output. */
#define MATCH_MAGIC "clings-wrong-output 2\n"

/* A hash of a run's result buffers, in the order sent: two runs with the same bytes have the
 * same; a candidate whose digest differs is not compared (the proof is still the bytes). */
static uint64_t results_digest(const struct proto_stream *ps)
{
	uint64_t h = HASH_INIT;
	for (int i = 0; i < ps->ndata; i++) {
		const struct proto_data *d = &ps->data[i];
		int key[3] = { d->ci, d->pass, d->arg };
		h = hash_add(h, key, sizeof(key));
		h = hash_add(h, &d->nbytes, sizeof(d->nbytes));
		h = hash_add(h, d->bytes, d->nbytes);
	}
	return h;
}

/* A cache file's digest and run (into *output); false when it is none, or does not verify. */
static bool cached_run(const char *path, const char *binding, uint64_t *digest, struct sbuf *output)
{
	char *text = NULL, *body = NULL;
	size_t len = 0;
	unsigned long long v = 0;
	bool ok = seal_read_file(path, "wrong-output", binding, &text, &len) == 0 &&
		  !strncmp(text, MATCH_MAGIC, strlen(MATCH_MAGIC)) &&
		  sscanf(text + strlen(MATCH_MAGIC), "digest\t%llx", &v) == 1 &&
		  (body = strchr(text + strlen(MATCH_MAGIC), '\n'));
	if (ok)
		sbuf_add(output, body + 1, len - (size_t)(body + 1 - text));
	free(text);
	*digest = v;
	return ok;
}

/* The cache file of a wrong kernel's run, and what its seal binds (*binding, allocated). */
static char *cache_file(const struct course *c, const struct exercise *e, const struct check_spec *spec,
			const char *text, const char *device, char **binding)
{
	uint64_t h = hash_add_str(HASH_INIT, CLINGS_VERSION);
	h = hash_add(h, &spec->text_hash, sizeof(spec->text_hash));
	h = hash_add_str(h, text);
	h = hash_add(h, &spec->seed, sizeof(spec->seed));
	h = hash_add_str(h, device);
	h = hash_add_str(h, getenv("CLINGS_DEVICE"));
	char *dir = course_cache_dir(c), *path = xstrfmt("%s/wrong/%s/%016llx", dir, e->name, (unsigned long long)h);
	*binding = xstrfmt("%s\n%016llx", e->name, (unsigned long long)h);
	free(dir);
	return path;
}

/* Whether two runs' result buffers hold the same bytes: the same (test, pass, argument)s, each
 * of the same length and contents. */
bool diagnose_same_results(const struct proto_stream *a, const struct proto_stream *b)
{
	if (a->ndata != b->ndata || !a->ndata)
		return false;
	for (int i = 0; i < a->ndata; i++) {
		const struct proto_data *x = &a->data[i];
		const struct proto_data *y = proto_find(b, x->ci, x->pass, x->arg);
		if (!y || x->nbytes != y->nbytes || (x->nbytes && memcmp(x->bytes, y->bytes, x->nbytes)))
			return false;
	}
	return true;
}

struct candidate {
	const struct wrong_kernel *k;
	char *text, *cache;
	char *binding;          /* what the cache file's seal binds */
	struct sbuf output;     /* a whole run's, from its child or from the cache */
	bool have;              /* a whole run is known: its digest, and output when read */
	uint64_t digest;
};

/* Runs the candidates missing from the cache, side by side, and keeps what ended whole. */
static void run_missing(const struct course *c, const struct check_spec *spec, const struct exercise *e,
			const char *device, struct candidate *cand, int n)
{
	struct sandbox_limits lim = sandbox_check_limits(spec, c->solutions_dir);
	lim.course_code = true;   /* the course's wrong kernels: compiled once into PoCL's cache */
	struct run_request *rq = xcalloc((size_t)n, sizeof(*rq));
	struct child *ch = xcalloc((size_t)n, sizeof(*ch));
	int *which = xcalloc((size_t)n, sizeof(*which));
	int nch = 0;
	for (int i = 0; i < n; i++) {
		if (cand[i].have)
			continue;
		rq[i] = (struct run_request){ .spec = spec, .learner_path = path_shown(cand[i].k->path),
					      .learner_src = cand[i].text, .check_file = e->check_path,
					      .device = device, .mode = RUN_EXECUTE, .limits = &lim };
		if (sandbox_start(&ch[nch], &lim, NULL, run_in_child, &rq[i]) == 0)
			which[nch++] = i;
	}
	if (nch)
		children_wait(ch, nch, -1);
	for (int j = 0; j < nch; j++) {
		struct candidate *k = &cand[which[j]];
		struct proto_stream ps = PROTO_STREAM_INIT;
		const struct sbuf *out = &ch[j].output;
		proto_split(out->buf ? out->buf : "", out->len, &ps);
		bool whole = ps.ready && !ch[j].timed_out && !ch[j].signal && !ch[j].output_cut &&
			     proto_number(sbuf_str(&ps.after), "end", NULL) >= 0;
		k->digest = results_digest(&ps);
		proto_stream_release(&ps);
		if (whole) {
			sbuf_add(&k->output, out->buf, out->len);
			k->have = true;
			struct sbuf file = SBUF_INIT;
			sbuf_adds(&file, MATCH_MAGIC);
			sbuf_addf(&file, "digest\t%016llx\n", (unsigned long long)k->digest);
			sbuf_add(&file, out->buf, out->len);
			/* quiet: an output not kept only costs the next diagnosis a run */
			seal_write_file(k->cache, "wrong-output", k->binding, file.buf, file.len);
			sbuf_release(&file);
		}
		sandbox_child_release(&ch[j]);
	}
	sandbox_clean_compiler_cache(NULL);
	free(rq);
	free(ch);
	free(which);
}

/* How alike two sources are: the length of their common token prefix and suffix, to order
 * kernels whose outputs are the same. */
static size_t likeness(const char *a, const char *b)
{
	struct sbuf ta = SBUF_INIT, tb = SBUF_INIT;
	source_tokens(a, strlen(a), &ta);
	source_tokens(b, strlen(b), &tb);
	size_t p = 0, s = 0;
	while (p < ta.len && p < tb.len && ta.buf[p] == tb.buf[p])
		p++;
	while (s < ta.len - p && s < tb.len - p && ta.buf[ta.len - 1 - s] == tb.buf[tb.len - 1 - s])
		s++;
	sbuf_release(&ta);
	sbuf_release(&tb);
	return p + s;
}

void diagnose_by_output(const struct course *c, const struct exercise *e, const struct check_spec *spec,
			const char *learner_src, const struct proto_stream *learner, const char *device,
			struct report *r)
{
	struct wrong_kernel *k = NULL;
	int nk = 0;
	wrong_kernels_read(c, e, &k, &nk);
	struct candidate *cand = xcalloc((size_t)(nk ? nk : 1), sizeof(*cand));
	int n = 0;
	for (int i = 0; i < nk; i++) {
		bool wrong_result = false;
		for (int j = 0; j < k[i].nexpect; j++)
			wrong_result = wrong_result || k[i].expect[j].verdict == VERDICT_WRONG_RESULT;
		char *text = NULL;
		if (!wrong_result || !k[i].diagnosis || read_file(k[i].path, &text, NULL) < 0)
			continue;
		struct candidate *cd = &cand[n++];
		cd->k = &k[i];
		cd->text = text;
		cd->cache = cache_file(c, e, spec, text, device, &cd->binding);
		cd->have = cached_run(cd->cache, cd->binding, &cd->digest, &cd->output);
	}
	/* The very code of a wrong kernel (comments and spacing aside): its mistake asked first,
	 * whatever its output (a kernel whose output varies from run to run matches no bytes). */
	struct sbuf mine = SBUF_INIT, theirs = SBUF_INIT;
	if (learner_src)
		source_tokens(learner_src, strlen(learner_src), &mine);
	for (int i = 0; learner_src && i < n; i++) {
		sbuf_reset(&theirs);
		source_tokens(cand[i].text, strlen(cand[i].text), &theirs);
		if (theirs.len == mine.len && !memcmp(sbuf_str(&theirs), sbuf_str(&mine), mine.len)) {
			char *ev = xstrfmt("source: the code of %s/%s/%s.cl", WRONG_DIR, e->name, cand[i].k->name);
			diagnosis_add(&r->diagnoses, &r->ndiagnoses, cand[i].k->diagnosis, EVIDENCE_RESEMBLANCE,
				      false, ev);
			free(ev);
		}
	}
	sbuf_release(&mine);
	sbuf_release(&theirs);
	run_missing(c, spec, e, device, cand, n);
	/* the matches, the kernel most like the learner's first */
	int best = -1, matches = 0;
	size_t best_like = 0;
	bool *match = xcalloc((size_t)(n ? n : 1), sizeof(*match));
	uint64_t mine_digest = results_digest(learner);
	for (int i = 0; i < n; i++) {
		if (!cand[i].have || cand[i].digest != mine_digest)
			continue;
		struct proto_stream ps = PROTO_STREAM_INIT;
		proto_split(cand[i].output.buf ? cand[i].output.buf : "", cand[i].output.len, &ps);
		match[i] = diagnose_same_results(learner, &ps);
		proto_stream_release(&ps);
		if (!match[i])
			continue;
		matches++;
		size_t like = learner_src ? likeness(learner_src, cand[i].text) : 0;
		if (best < 0 || like > best_like) {
			best = i;
			best_like = like;
		}
	}
	/* each a question, the kernel most like the learner's first */
	for (int pass = 0; best >= 0 && pass < 2; pass++)
		for (int i = 0; i < n; i++) {
			if (!match[i] || (pass == 0) != (i == best))
				continue;
			char *ev = xstrfmt("output matches %s/%s/%s.cl", WRONG_DIR, e->name, cand[i].k->name);
			diagnosis_add(&r->diagnoses, &r->ndiagnoses, cand[i].k->diagnosis, EVIDENCE_RESEMBLANCE,
				      false, ev);
			free(ev);
		}
	(void)matches;
	for (int i = 0; i < n; i++) {
		free(cand[i].text);
		free(cand[i].cache);
		free(cand[i].binding);
		sbuf_release(&cand[i].output);
	}
	free(match);
	free(cand);
	wrong_kernels_release(k, nk);
}
