/*
 * repair.c: the search for the smallest change that makes a kernel pass (repair.h).
 *
 * The candidates are the error model's rewrites of the learner's own syntax tree; each is checked
 * by the check engine as the learner's kernel is (confined children, the course's tests), so a
 * repair is proved the way a pass is: nothing is inferred from resemblance. The cheapest check
 * comes first: the build and the tests without the analysis (which stop at the first failing
 * test), then, for a candidate that passes them all, the whole check with the analysis.
 */
#include "engine/repair/repair.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* This process's processor time and its reaped children's: the candidates' checks. */
static double cpu_with_children(void)
{
	struct rusage ru;
	double t = process_cpu_seconds();
	if (getrusage(RUSAGE_CHILDREN, &ru) == 0)
		t += (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
		     ru.ru_stime.tv_usec / 1e6;
	return t;
}

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
struct ranked { int index; int distance; int prior; };
static int by_distance(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	int dx = x->distance + REPAIR_PRIOR_LINES * x->prior, dy = y->distance + REPAIR_PRIOR_LINES * y->prior;
	return dx != dy ? dx - dy : x->index - y->index;
}
static int prior(enum repair_rule_id rule)
{
	return rule == RULE_PLUS_ONE || rule == RULE_MINUS_ONE ? 2 : rule == RULE_SWAP_INDEX ? 1 : 0;
}
static int distance(const struct repair_candidate *c, int line)
{
	int d = line > 0 ? abs(c->edit[0].line - line) : 0;
	for (int i = 1; i < c->nedits && line > 0; i++)
		if (abs(c->edit[i].line - line) < d)
			d = abs(c->edit[i].line - line);
	return d;
}

struct search {
	const struct course *c;
	const struct exercise *e;
	const struct check_options *o;
	const char *src;
	size_t len;
	double cpu0, budget;
	struct repair *rp;
	char **seen;       /* the texts already checked (two rewrites may give the same text) */
	int nseen;
};

static bool over_budget(const struct search *s)
{
	return cpu_with_children() - s->cpu0 > s->budget;
}

/* Checks the text of the candidates cs; true when it passes every test and the analysis. */
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
	struct report r = REPORT_INIT;
	s->rp->tried++;
	check_exercise(s->c, s->e, &o, &r);
	if (getenv("CLINGS_REPAIR_TRACE"))   /* a developer's view of the search, on stderr */
		for (int i = 0; i < n; i++)
			fprintf(stderr, "repair: %s line %d col %d '%s' -> '%s': %s (%.2f s)\n",
				repair_rule(cs[i]->edit[0].rule)->name, cs[i]->edit[0].line, cs[i]->edit[0].column,
				cs[i]->edit[0].before, cs[i]->edit[0].after, verdict_name(r.verdict),
				cpu_with_children() - s->cpu0);
	bool pass = r.verdict == VERDICT_PASS && !r.interrupted;
	s->rp->cancelled = r.interrupted;
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

int repair_search(const struct course *c, const struct exercise *e, const struct check_options *o,
		  const struct report *r, const struct repair_options *ro, struct repair *rp, struct sbuf *err)
{
	*rp = (struct repair)REPAIR_INIT;
	if (!repair_applies(r->verdict) || r->interrupted)
		return 0;
	char *src = NULL;
	size_t len = 0;
	if (o->source) {
		src = xmalloc(o->source_len + 1);
		memcpy(src, o->source, o->source_len);
		src[len = o->source_len] = '\0';
	} else if (read_file(o->file ? o->file : e->file_path, &src, &len) < 0) {
		sbuf_addf(err, "cannot read %s", o->file ? o->file : e->file_path);
		return -1;
	}
	len = strlen(src);   /* the check reads up to a NUL too */
	struct search s = { .c = c, .e = e, .o = o, .src = src, .len = len, .rp = rp, .cpu0 = cpu_with_children(),
			    .budget = ro && ro->cpu_budget > 0 ? ro->cpu_budget : REPAIR_CPU_SECONDS };
	/* The check strips a byte-order mark; the facts' places are in what it compiles. */
	if (len >= 3 && !memcmp(src, "\xef\xbb\xbf", 3)) {
		s.src += 3;
		s.len -= 3;
	}
	struct kernel_facts kf = KERNEL_FACTS_INIT;
	int rc = kernel_facts_read(path_shown(o->file ? o->file : e->file_path), s.src, s.len, &kf, err);
	struct repair_candidate *cand = NULL;
	int n = 0, cap = 0;
	if (rc == 0)
		repair_candidates(&kf, s.src, s.len, &cand, &n, &cap);
	kernel_facts_release(&kf);
	rp->searched = rc == 0;
	struct ranked *order = xcalloc((size_t)n + 1, sizeof(*order));
	for (int i = 0; i < n; i++)
		order[i] = (struct ranked){ i, distance(&cand[i], r->line), prior(cand[i].edit[0].rule) };
	qsort(order, (size_t)n, sizeof(*order), by_distance);
	int max_edits = ro && ro->max_edits ? ro->max_edits : 2;
	/* single edits, nearest the evidence first */
	for (int i = 0; rc == 0 && i < n && !rp->found && !rp->cancelled; i++) {
		if (over_budget(&s)) {
			rp->exhausted = true;
			break;
		}
		const struct repair_candidate *one = &cand[order[i].index];
		try_text(&s, &one, 1);
	}
	/* then pairs of the nearest ones */
	int m = n < REPAIR_PAIRS_FROM ? n : REPAIR_PAIRS_FROM;
	for (int i = 0; rc == 0 && max_edits > 1 && i < m && !rp->found && !rp->cancelled && !rp->exhausted; i++)
		for (int j = i + 1; j < m && !rp->found && !rp->cancelled; j++) {
			if (over_budget(&s)) {
				rp->exhausted = true;
				break;
			}
			const struct repair_candidate *two[2] = { &cand[order[i].index], &cand[order[j].index] };
			try_text(&s, two, 2);
		}
	rp->cpu_seconds = cpu_with_children() - s.cpu0;
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

/* Where the first edit is, in the learner's words: a comparison is in a guard or a loop's
 * condition. */
static const char *place_word(struct msg *m, const struct repair_edit *e)
{
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
			 place_word(m, e));
	else
		msg_addf(m, N_("The smallest change that makes every test pass is two edits: the first on line %d, %s; "
			       "the second on line %d, %s."), e->line, place_word(m, e), rp->c[1].edit[0].line,
			 place_word(m, &rp->c[1].edit[0]));
	if (!rp->analysis_clean)
		msg_adds(m, N_(" (The tests pass with it; the analysis did not run.)"));
	if (rung < 2)
		return;
	for (int i = 0; i < rp->nc; i++) {
		msg_raw(m, "\n");
		msg_addf(m, N_("Its kind: %s."), msg_word(m, repair_rule(rp->c[i].edit[0].rule)->kind));
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
	msg_fact_str(m, "repair_rule", repair_rule(e->rule)->name);
}
