/*
 * repair.c: the search for the smallest change that makes a kernel pass (repair.h).
 *
 * The candidates are the error model's rewrites of the learner's own syntax tree; each is checked
 * by the check engine as the learner's kernel is (confined children, the course's tests), so a
 * repair is proved the way a pass is: nothing is inferred from resemblance. The cheapest check
 * comes first: the build and the test the learner's kernel failed, alone (most candidates fail
 * it too, and cost one test), then every test without the analysis, then, for a candidate that
 * passes them all, the whole check with the analysis. The second build of a candidate's text
 * starts warm (its source's own compiler cache, sandbox.c).
 */
#include "engine/repair/repair.h"

#include <stdlib.h>
#include <string.h>

bool repair_automatic(void)
{
	const char *v = getenv("CLINGS_REPAIR");
	return !(v && !strcmp(v, "0"));
}

bool repair_applies(enum verdict v)
{
	switch (v) {
	case VERDICT_WRONG_RESULT: case VERDICT_TIMEOUT: case VERDICT_CRASH: case VERDICT_OUT_OF_BOUNDS:
	case VERDICT_DATA_RACE: case VERDICT_BARRIER_DIVERGENCE: case VERDICT_UNINITIALIZED:
		return true;
	default:
		return false;
	}
}

/* How far a candidate is from the evidence: lines from the verdict's line (none: 0), plus
 * REPAIR_PRIOR_LINES for each step of its rule's prior: the rules that make few candidates
 * first, the many index and bound shifts only when they are nearer by so many lines. */
#define REPAIR_PRIOR_LINES 3
struct ranked { int index; int distance; int prior; bool start; };
static int by_distance(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	if (x->start != y->start)   /* the starting value the wrong element holds: first */
		return y->start - x->start;
	int dx = x->distance + REPAIR_PRIOR_LINES * x->prior, dy = y->distance + REPAIR_PRIOR_LINES * y->prior;
	return dx != dy ? dx - dy : x->index - y->index;
}
/* Whether rule is one of the mistakes that give verdict v: what the analysis proved points at
 * its kinds of repair (an uninitialised read at an initialiser, a race at a barrier or an
 * atomic, a divergent barrier at where the barrier is, an access out of bounds at a guard). */
static bool fits_verdict(enum repair_rule_id rule, enum verdict v)
{
	switch (v) {
	case VERDICT_UNINITIALIZED: return rule == RULE_INIT_MISSING;
	case VERDICT_DATA_RACE:
		return rule == RULE_BARRIER_ADD || rule == RULE_ATOMIC_RMW || rule == RULE_FENCE_LOCAL ||
		       rule == RULE_BARRIER_HOIST;
	case VERDICT_BARRIER_DIVERGENCE: return rule == RULE_BARRIER_HOIST || rule == RULE_BARRIER_LOOP;
	case VERDICT_OUT_OF_BOUNDS:
		return rule == RULE_CMP_TIGHTEN || rule == RULE_GUARD_RESTORE || rule == RULE_MINUS_ONE;
	default: return false;
	}
}
/* A rule's prior: the many shifts by one last; a rule that fits the verdict two steps ahead. */
static int prior(enum repair_rule_id rule, enum verdict v)
{
	int p = rule == RULE_PLUS_ONE || rule == RULE_MINUS_ONE ? 2 : rule == RULE_SWAP_INDEX ? 1 : 0;
	return fits_verdict(rule, v) ? p - 2 : p;
}
static int distance(const struct repair_candidate *c, int line)
{
	int d = line > 0 ? abs(c->edit[0].line - line) : 0;
	for (int i = 1; i < c->nedits && line > 0; i++)
		if (abs(c->edit[i].line - line) < d)
			d = abs(c->edit[i].line - line);
	return d;
}

/* Where the evidence points: the verdict's line; for a wrong result, which has none, the last
 * store into the buffer that holds the first wrong element (its value was made there, or from
 * what the lines above it made); 0: nowhere. */
static int evidence_line(const struct report *r, const struct kernel_facts *kf, const char *src)
{
	if (r->line > 0)
		return r->line;
	char name[64];
	const char *buffer = msg_fact_text(&r->message, "buffer", name, sizeof(name));
	unsigned at = 0;
	bool found = false;
	for (int i = 0; buffer && i < kf->n; i++)
		if (kf->f[i].kind == KF_GSTORE && !strcmp(kf->f[i].text, buffer) && (!found || kf->f[i].range.off > at)) {
			at = kf->f[i].range.off;
			found = true;
		}
	int line = 1;
	for (unsigned i = 0; found && i < at; i++)
		line += src[i] == '\n';
	return found ? line : 0;
}

/* Whether a candidate rewrites a starting value that the first wrong element of a wrong result
 * holds as it is: an accumulator that starts from it and that no element changed (a maximum
 * that starts above every element of the data) hands it on to the output, so its initialiser is
 * where the value came from. The value is libclang's (KF_VALUE: the initialiser evaluated, a
 * macro's too), the element's the comparison's; each matched as a double and as a float (the
 * output a float buffer). A value never written, or the bytes from before the run, is none. */
static bool starts_wrong_value(const struct report *r, const struct kernel_facts *kf, const struct repair_candidate *c)
{
	char got_text[64];
	long long flag;
	if (r->verdict != VERDICT_WRONG_RESULT || !msg_fact_text(&r->message, "got", got_text, sizeof(got_text)) ||
	    msg_fact_number(&r->message, "before_run", &flag) || msg_fact_number(&r->message, "never_written", &flag))
		return false;
	char *end;
	double got = strtod(got_text, &end);
	if (*end || got != got)
		return false;
	for (int i = 0; i < kf->n; i++) {
		const struct kfact *k = &kf->f[i];
		if (k->kind != KF_VALUE || c->edit[0].off < k->range.off || c->edit[0].end > k->range.end)
			continue;
		double v = strtod(k->detail, &end);
		if (!*end && (v == got || (float)v == (float)got))
			return true;
	}
	return false;
}

struct search {
	const struct course *c;
	const struct exercise *e;
	const struct check_options *o;
	const char *src;
	size_t len;
	double cpu0, budget;
	double dearest;    /* the most processor time one candidate's check took so far */
	long run_ms;       /* a candidate's tests' time limit, from the learner's own run */
	int failed_test;   /* the learner's run's failing test (report.h's failed_test), 0: none */
	struct repair *rp;
	char **seen;       /* the texts already checked (two rewrites may give the same text) */
	int nseen;
};

/* Whether the next candidate could take the search past its budget: what is left is less than
 * the dearest candidate so far took. A candidate that would not fit is not started, as it would
 * only be stopped at the budget (proc_cpu_deadline, which bounds the whole search: its builds,
 * tests and analysis). */
static bool over_budget(const struct search *s)
{
	return proc_cpu_total() - s->cpu0 + s->dearest > s->budget;
}

/* Whether the budget has run out (a check stopped at it is no verdict on its candidate). */
static bool spent(struct search *s)
{
	if (proc_cpu_total() - s->cpu0 < s->budget)
		return false;
	if (!s->rp->exhausted && getenv("CLINGS_REPAIR_TRACE"))
		fprintf(stderr, "repair: the budget of %.2f s of processor time is spent: the search stops\n",
			s->budget);
	s->rp->exhausted = true;
	return true;
}

/* A candidate's tests' time limit: REPAIR_CANDIDATE_FACTOR times the learner's own tests' time
 * in the check that gave the verdict, at least REPAIR_CANDIDATE_MIN_MS; the check's own limit
 * when that time is not known (they did not run whole, or the cache answered); never more than
 * the budget left. A candidate that loops for ever costs that much, not the whole budget. */
static long candidate_limit(const struct search *s)
{
	long ms = s->run_ms;
	long left = (long)((s->budget - (proc_cpu_total() - s->cpu0)) * 1000);
	if (left < REPAIR_CANDIDATE_MIN_MS)
		left = REPAIR_CANDIDATE_MIN_MS;
	return ms > 0 && ms < left ? ms : left;
}

/* One check of a candidate's text, timed into s->dearest; true when it passes. */
static bool candidate_passes(struct search *s, struct check_options *o, struct report *r)
{
	double t0 = proc_cpu_total();
	check_exercise(s->c, s->e, o, r);
	if (proc_cpu_total() - t0 > s->dearest)
		s->dearest = proc_cpu_total() - t0;
	s->rp->cancelled = r->interrupted;
	bool pass = r->verdict == VERDICT_PASS && !r->interrupted;   /* whole: none stopped at the budget */
	if (!pass)
		spent(s);
	return pass;
}

static void trace_candidate(const struct search *s, const struct repair_candidate *const *cs, int n,
			    const char *what, enum verdict v, long limit_ms)
{
	if (getenv("CLINGS_REPAIR_TRACE"))   /* a developer's view of the search, on stderr */
		for (int i = 0; i < n; i++)
			fprintf(stderr, "repair: %s line %d col %d '%s' -> '%s'%s: %s (%.2f s, limit %ld ms)\n",
				repair_edit_rule(&cs[i]->edit[0]), cs[i]->edit[0].line, cs[i]->edit[0].column,
				cs[i]->edit[0].before, cs[i]->edit[0].after, what, verdict_name(v),
				proc_cpu_total() - s->cpu0, limit_ms);
}

/* Checks the text of the candidates cs; true when it passes every test and the analysis. The
 * learner's failing test first, alone: most candidates fail it, and then cost one test. */
static bool try_text(struct search *s, const struct repair_candidate *const *cs, int n)
{
	char *text;
	if (repair_apply(s->src, s->len, cs, n, &text) < 0)
		return false;
	for (int i = 0; i < s->nseen; i++)
		if (!strcmp(s->seen[i], text)) {
			free(text);
			return false;
		}
	s->seen = xrealloc(s->seen, sizeof(*s->seen) * (size_t)(s->nseen + 1));
	s->seen[s->nseen++] = text;
	struct check_options o = *s->o;
	o.source = text;
	o.source_len = strlen(text);
	o.cache = false;
	o.verbose = false;
	o.verdict_only = true;
	o.no_analysis = true;
	o.progress = NULL;
	o.standby = NULL;
	o.candidate_time_ms = candidate_limit(s);
	s->rp->tried++;
	struct report r = REPORT_INIT;
	bool pass = true;
	if (s->failed_test > 0) {
		o.only_test = s->failed_test;
		pass = candidate_passes(s, &o, &r);
		trace_candidate(s, cs, n, " on the failing test", r.verdict, o.candidate_time_ms);
		report_release(&r);
		r = (struct report)REPORT_INIT;
		o.only_test = 0;
	}
	if (pass && !s->rp->cancelled) {
		pass = candidate_passes(s, &o, &r);
		trace_candidate(s, cs, n, "", r.verdict, o.candidate_time_ms);
	}
	int ntests = r.ntests;
	report_release(&r);
	if (!pass)
		return false;
	/* Every test passes: now the analysis, as the learner's own check has it. */
	bool analysed = !s->o->no_analysis;
	if (analysed) {
		o.no_analysis = false;
		struct report a = REPORT_INIT;
		check_exercise(s->c, s->e, &o, &a);
		if (getenv("CLINGS_REPAIR_TRACE")) {
			char *why = msg_text(&a.message, "en");
			fprintf(stderr, "repair: with the analysis: %s line %d: %.200s\n", verdict_name(a.verdict), a.line, why);
			free(why);
		}
		pass = a.verdict == VERDICT_PASS && !a.interrupted;
		if (!pass)
			spent(s);
		analysed = a.analysis_ran;
		s->rp->cancelled = a.interrupted;
		ntests = a.ntests;
		report_release(&a);
		if (!pass)
			return false;
	}
	s->rp->found = true;
	s->rp->nc = n;
	for (int i = 0; i < n; i++)
		s->rp->c[i] = *cs[i];
	s->rp->ntests = s->rp->tests_passed = ntests;
	s->rp->analysis_clean = analysed;
	return true;
}

/* The pairs of one rewrite at two places a few lines apart among the first m candidates (a
 * line copied with its mistake). */
static void try_twins(struct search *s, const struct repair_candidate *cand, const struct ranked *order, int m)
{
	for (int i = 0; i < m && !s->rp->found && !s->rp->cancelled && !s->rp->exhausted; i++)
		for (int j = i + 1; j < m && !s->rp->found && !s->rp->cancelled; j++) {
			const struct repair_candidate *a = &cand[order[i].index], *b = &cand[order[j].index];
			if (a->edit[0].rule != b->edit[0].rule || a->nedits != 1 || b->nedits != 1 ||
			    abs(a->edit[0].line - b->edit[0].line) > REPAIR_TWINS_LINES ||
			    strcmp(a->edit[0].before, b->edit[0].before) || strcmp(a->edit[0].after, b->edit[0].after))
				continue;
			if (over_budget(s)) {
				s->rp->exhausted = true;
				break;
			}
			const struct repair_candidate *two[2] = { a, b };
			try_text(s, two, 2);
		}
}

/* The learner's source as the check reads it (allocated, NUL-terminated, *lenp its length up to
 * a NUL), or NULL: *rc -1 when it cannot be read (err says why), 0 when it is the stub as the
 * course ships it, which fails by design: what would change it is the exercise itself, not a
 * mistake, and a search over it would only spend the budget. */
static char *searched_source(const struct exercise *e, const struct check_options *o, size_t *lenp,
			     struct sbuf *err, int *rc)
{
	char *src = NULL;
	size_t len = 0;
	*rc = 0;
	if (o->source) {
		src = xmalloc(o->source_len + 1);
		memcpy(src, o->source, o->source_len);
		src[len = o->source_len] = '\0';
	} else if (read_file(o->file ? o->file : e->file_path, &src, &len) < 0) {
		sbuf_addf(err, "cannot read %s", o->file ? o->file : e->file_path);
		*rc = -1;
		return NULL;
	}
	len = strlen(src);   /* the check reads up to a NUL too */
	char *stub = NULL;
	size_t stub_len = 0;
	bool untouched = exercise_stub_text(e, &stub, &stub_len) == 0 && stub_len == len && !memcmp(stub, src, len);
	free(stub);
	if (untouched) {
		free(src);
		return NULL;
	}
	*lenp = len;
	return src;
}

/* The facts of the searched text into kf: 0, -1 (err says why), or -2 when this machine has no
 * libclang (the bound lifted, err empty). A read stopped at the budget is the search exhausted,
 * not an error. */
static int search_facts(struct search *s, const char *path, struct kernel_facts *kf, struct sbuf *err)
{
	int rc = kernel_facts_read(path, s->src, s->len, kf, err);
	if (rc == -2) {
		proc_cpu_deadline(0);
		sbuf_reset(err);
	} else if (rc < 0 && proc_cpu_total() - s->cpu0 >= s->budget) {
		sbuf_reset(err);
		s->rp->exhausted = true;
		rc = 0;
	}
	return rc;
}

/* A course's rule's words for the repair found, in the language of the check. */
static void course_words(struct repair *rp, const struct course_rules *cr, const char *lang)
{
	for (int i = 0; rp->found && i < rp->nc; i++)
		for (int j = 0; rp->c[i].edit[0].rule == RULE_COURSE && j < cr->n; j++)
			if (!strcmp(cr->r[j].name, rp->c[i].edit[0].course_rule)) {
				copy_str(rp->course_kind[i], sizeof(rp->course_kind[i]), course_rule_words(&cr->r[j], true, lang));
				copy_str(rp->course_place[i], sizeof(rp->course_place[i]), course_rule_words(&cr->r[j], false, lang));
			}
}

int repair_search(const struct course *c, const struct exercise *e, const struct check_options *o,
		  const struct report *r, const struct repair_options *ro, struct repair *rp, struct sbuf *err)
{
	*rp = (struct repair)REPAIR_INIT;
	if (!repair_applies(r->verdict) || r->interrupted)
		return 0;
	size_t len = 0;
	int got;
	char *src = searched_source(e, o, &len, err, &got);
	if (!src)
		return got;
	struct search s = { .c = c, .e = e, .o = o, .src = src, .len = len, .rp = rp, .cpu0 = proc_cpu_total(),
			    .budget = ro && ro->cpu_budget > 0 ? ro->cpu_budget : REPAIR_CPU_SECONDS,
			    .run_ms = (long)(r->run_seconds * 1000 * REPAIR_CANDIDATE_FACTOR),
			    .failed_test = r->failed_test };
	if (s.run_ms > 0 && s.run_ms < REPAIR_CANDIDATE_MIN_MS)
		s.run_ms = REPAIR_CANDIDATE_MIN_MS;
	/* The whole search within its budget: a check running when it is spent is stopped there. */
	proc_cpu_deadline(s.cpu0 + s.budget);
	/* The check strips a byte-order mark; the facts' places are in what it compiles. */
	if (len >= 3 && !memcmp(src, "\xef\xbb\xbf", 3)) {
		s.src += 3;
		s.len -= 3;
	}
	struct kernel_facts kf = KERNEL_FACTS_INIT;
	int rc = search_facts(&s, path_shown(o->file ? o->file : e->file_path), &kf, err);
	if (rc == -2) {   /* no libclang on this machine: no search, and nothing said of one */
		wipe_string(src);
		free(src);
		return 0;
	}
	struct repair_candidate *cand = NULL;
	int n = 0, cap = 0;
	struct course_rules cr = COURSE_RULES_INIT;
	char cr_err[320] = "";
	if (rc == 0 && course_rules_load(c->dir, &cr, cr_err, sizeof(cr_err)) < 0) {
		sbuf_adds(err, cr_err);   /* a broken course: clings' own error, no search */
		rc = -1;
	}
	if (rc == 0) {
		repair_candidates(&kf, s.src, s.len, &cand, &n, &cap);
		repair_course_candidates(&cr, s.src, s.len, &cand, &n, &cap);
	}
	int line = evidence_line(r, &kf, s.src);
	/* A store is weaker evidence than the verdict's own line: the mistake may lie anywhere
	 * upstream of it, so its distance counts a quarter (an initialiser ten lines above it
	 * still comes before the shifts by one beside it). */
	int weight = r->line > 0 ? 1 : REPAIR_STORE_WEIGHT;
	rp->searched = rc == 0;
	struct ranked *order = xcalloc((size_t)n + 1, sizeof(*order));
	for (int i = 0; i < n; i++)
		order[i] = (struct ranked){ i, distance(&cand[i], line) / weight, prior(cand[i].edit[0].rule, r->verdict),
					    starts_wrong_value(r, &kf, &cand[i]) };
	kernel_facts_release(&kf);
	qsort(order, (size_t)n, sizeof(*order), by_distance);
	int max_edits = ro && ro->max_edits ? ro->max_edits : 2;
	int m = n < REPAIR_PAIRS_FROM ? n : REPAIR_PAIRS_FROM;
	/* single edits, nearest the evidence first; after the first few, the same mistake made
	 * twice (the same rewrite at two places among the nearest: both guards of a copied line) */
	for (int i = 0; rc == 0 && i <= n && !rp->found && !rp->cancelled; i++) {
		if (i == (n < REPAIR_TWINS_AFTER ? n : REPAIR_TWINS_AFTER) && max_edits > 1)
			try_twins(&s, cand, order, m);
		if (i == n || rp->found || rp->cancelled || rp->exhausted)
			break;
		if (over_budget(&s)) {
			rp->exhausted = true;
			break;
		}
		const struct repair_candidate *one = &cand[order[i].index];
		try_text(&s, &one, 1);
	}
	/* then pairs of the nearest ones */
	for (int i = 0; rc == 0 && max_edits > 1 && i < m && !rp->found && !rp->cancelled && !rp->exhausted; i++)
		for (int j = i + 1; j < m && !rp->found && !rp->cancelled; j++) {
			if (over_budget(&s)) {
				rp->exhausted = true;
				break;
			}
			const struct repair_candidate *two[2] = { &cand[order[i].index], &cand[order[j].index] };
			try_text(&s, two, 2);
		}
	proc_cpu_deadline(0);
	rp->cpu_seconds = proc_cpu_total() - s.cpu0;
	course_words(rp, &cr, o->lang);
	course_rules_release(&cr);
	for (int i = 0; i < s.nseen; i++) {
		wipe_string(s.seen[i]);
		free(s.seen[i]);
	}
	free(s.seen);
	free(order);
	free(cand);
	wipe_string(src);
	free(src);
	return rc;
}

/* The diagnoses (course/diagnosis.c) each rule's repair stands for; NULL: none. A comparison's
 * rule stands for a guard's mistake in a guard, a reduction's steps in a loop; a work-item's
 * index swapped, for the direction the edit took. */
static const char *confirmed_by(const struct repair_edit *x)
{
	switch (x->rule) {
	case RULE_CMP_TIGHTEN: case RULE_CMP_LOOSEN:
		return x->loop ? "reduction_steps_wrong" : "guard_off_by_one";
	case RULE_PLUS_ONE: case RULE_MINUS_ONE: return "index_offset";
	case RULE_SWAP_INDEX: return "index_transposed";
	case RULE_GLOBAL_LOCAL_ID:
		return !strcmp(x->before, "get_global_id") ? "global_id_as_local_index" : "local_id_as_global_index";
	case RULE_INIT_MISSING: return "private_uninitialised";
	case RULE_INIT_WRONG: return "identity_wrong";
	case RULE_BARRIER_ADD: return "barrier_missing";
	case RULE_BARRIER_HOIST: return "barrier_divergent";
	case RULE_FENCE_LOCAL: return "fence_wrong_space";
	case RULE_ATOMIC_RMW: return "race_needs_atomic";
	case RULE_GUARD_RESTORE: return "guard_missing";
	case RULE_BARRIER_LOOP: return "barrier_divergent";
	default: return NULL;
	}
}

int repair_confirm(const struct repair *rp, struct report *r)
{
	if (!rp->found || !rp->analysis_clean || rp->tests_passed != rp->ntests)
		return 0;
	int marked = 0;
	for (int c = 0; c < rp->nc; c++) {
		const struct repair_edit *x = &rp->c[c].edit[0];
		const char *id = confirmed_by(x);
		for (int i = 0; id && i < r->ndiagnoses; i++) {
			if (strcmp(r->diagnoses[i].d->id, id) || r->diagnoses[i].certain)
				continue;
			char evidence[96];
			snprintf(evidence, sizeof(evidence), "repair:%s @%d", repair_edit_rule(x), x->line);
			diagnosis_add(&r->diagnoses, &r->ndiagnoses, r->diagnoses[i].d, EVIDENCE_REPAIR, true, evidence);
			struct diagnosis_found proved = r->diagnoses[i];   /* first: the mistake, proved */
			memmove(&r->diagnoses[1], &r->diagnoses[0], sizeof(*r->diagnoses) * (size_t)i);
			r->diagnoses[0] = proved;
			marked++;
		}
	}
	return marked;
}

/* Where the first edit is, in the learner's words: a comparison is in a guard or a loop's
 * condition. */
static const char *raw_word(struct msg *m, const char *text)
{
	struct msg sub = MSG_INIT;
	msg_raw(&sub, text);
	return msg_sub(m, &sub);
}

static const char *place_word(struct msg *m, const struct repair *rp, int i)
{
	const struct repair_edit *e = &rp->c[i].edit[0];
	if (e->rule == RULE_COURSE)   /* the course's words, in the check's language */
		return raw_word(m, rp->course_place[i]);
	if (e->rule == RULE_CMP_TIGHTEN || e->rule == RULE_CMP_LOOSEN)
		return e->loop ? msg_word(m, N_("in the loop's condition")) : msg_word(m, N_("in the guard"));
	return msg_word(m, repair_rule(e->rule)->place);
}

/* An edit's text as one line: its white space runs one space, none at its ends. */
static void one_line(const char *t, char *out, size_t cap)
{
	size_t n = 0;
	for (const char *p = t; *p && n + 1 < cap; p++) {
		bool space = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';
		if (space && (!n || out[n - 1] == ' '))
			continue;
		out[n++] = space ? ' ' : *p;
	}
	while (n && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

void repair_message(const struct repair *rp, int rung, struct msg *m)
{
	if (!rp->searched || rp->cancelled)
		return;
	if (!rp->found) {
		if (rp->exhausted)
			msg_adds(m, N_("No change of one or two edits that clings tried within its time makes every test pass."));
		else
			msg_adds(m, N_("No change of one or two edits of the kinds clings knows makes every test pass."));
		return;
	}
	const struct repair_edit *e = &rp->c[0].edit[0];
	if (rp->nc == 1)
		msg_addf(m, N_("The smallest change that makes every test pass is on line %d, %s."), e->line,
			 place_word(m, rp, 0));
	else
		msg_addf(m, N_("The smallest change that makes every test pass is two edits: the first on line %d, %s; "
			       "the second on line %d, %s."), e->line, place_word(m, rp, 0), rp->c[1].edit[0].line,
			 place_word(m, rp, 1));
	if (!rp->analysis_clean)
		msg_adds(m, N_(" (The tests pass with it; the analysis did not run.)"));
	if (rung < 2)
		return;
	for (int i = 0; i < rp->nc; i++) {
		msg_raw(m, "\n");
		msg_addf(m, N_("Its kind: %s."), rp->c[i].edit[0].rule == RULE_COURSE ? raw_word(m, rp->course_kind[i])
					     : msg_word(m, repair_rule(rp->c[i].edit[0].rule)->kind));
	}
	if (rung < 3)
		return;
	for (int i = 0; i < rp->nc; i++)
		for (int j = 0; j < rp->c[i].nedits; j++) {
			const struct repair_edit *x = &rp->c[i].edit[j];
			char before[sizeof(x->before)], after[sizeof(x->after)];
			one_line(x->before, before, sizeof(before));
			one_line(x->after, after, sizeof(after));
			msg_raw(m, "\n");
			if (!*after)
				msg_addf(m, N_("The change: on line %d, column %d, remove %s"), x->line, x->column, before);
			else if (!*before)
				msg_addf(m, N_("The change: on line %d, column %d, insert %s"), x->line, x->column, after);
			else
				msg_addf(m, N_("The change: on line %d, column %d, %s becomes %s"), x->line, x->column,
					 before, after);
		}
	msg_fact_int(m, "repair_line", e->line);
	msg_fact_str(m, "repair_rule", repair_edit_rule(e));
}
