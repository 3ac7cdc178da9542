/*
 * lesson-check.c: a lesson's "What the check tests" section, made from the exercise's check file
 * each time the lesson is shown (lessons.h): the signatures, the launch, the inputs, how each
 * output is compared, the host loop, every test's values, what the analysis looks for and the
 * memory-access rules. Nothing here is written by hand for one exercise, so a lesson cannot say
 * other than its check.
 */
#include "course/course.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char lesson_check_title[] = N_("What the check tests");

/* A number as a check writes it: an integer in full, else the shortest form ("1e-6", "-1.5"),
 * with lang's decimal separator. */
static void add_number(struct sbuf *md, const char *lang, double v)
{
	char buf[64];
	if (v == floor(v) && fabs(v) < 1e15) {
		sbuf_addf(md, "%.0f", v);
		return;
	}
	if (v != 0 && fabs(v) < 1e-3) {
		/* 0.0001 as 1e-4: a mantissa without trailing zeros */
		snprintf(buf, sizeof(buf), "%.6e", v);
		char *e = strchr(buf, 'e'), *m = e;
		while (m[-1] == '0')
			m--;
		m -= m[-1] == '.';
		memmove(m, e, strlen(e) + 1);
	} else {
		snprintf(buf, sizeof(buf), "%g", v);
	}
	const char *sep = tr_ctx(lang, "decimal separator", ".");
	for (const char *p = buf; *p; p++) {
		if (*p == '.' && *sep && !sep[1]) {
			sbuf_adds(md, sep);
		} else if (*p == 'e') {
			/* 1e-06 as 1e-6, 1e+10 as 1e10 */
			sbuf_adds(md, "e");
			if (p[1] == '-')
				sbuf_adds(md, "-");
			p += p[1] == '-' || p[1] == '+';
			while (p[1] == '0' && p[2])
				p++;
		} else {
			sbuf_add(md, p, 1);
		}
	}
}

/* One bound of an init: its expression in code, or its literal. */
static void add_bound(struct sbuf *md, const char *lang, const struct init_spec *in, int i)
{
	if (in->expr[i])
		sbuf_addf(md, "`%s`", in->expr[i]);
	else
		add_number(md, lang, i ? in->b : in->a);
}

/* What fills a buffer, after "`NAME` holds " in effect: a clause without a final stop. */
static void add_init(struct sbuf *md, const char *lang, const struct arg_spec *a, const struct init_spec *in)
{
	struct sbuf lo = SBUF_INIT, hi = SBUF_INIT;
	add_bound(&lo, lang, in, 0);
	add_bound(&hi, lang, in, 1);
	const char *type = type_info(a->type)->name;
	switch (in->kind) {
	case INIT_RANDOM:
		sbuf_addf(md, tr(lang, N_("`%s` holds random `%s` values from %s to %s")), a->name, type,
			  sbuf_str(&lo), sbuf_str(&hi));
		break;
	case INIT_IOTA:
		sbuf_addf(md, tr(lang, N_("`%s` holds %s, then each next element one more, in memory order")),
			  a->name, sbuf_str(&lo));
		break;
	case INIT_CONST:
		sbuf_addf(md, tr(lang, N_("every element of `%s` starts as %s")), a->name, sbuf_str(&lo));
		break;
	case INIT_POISON:
		sbuf_addf(md, tr(lang, N_("`%s` starts as garbage (a poison pattern)")), a->name);
		break;
	case INIT_FILE:
		sbuf_addf(md, tr(lang, N_("`%s` holds the values of the course's file `data/%s`")), a->name,
			  in->file);
		break;
	}
	sbuf_release(&lo);
	sbuf_release(&hi);
}

/* Appends clause as a sentence: its first letter capital (ASCII; a code span stays as it is). */
static void add_sentence_start(struct sbuf *md, const char *clause)
{
	size_t at = md->len;
	sbuf_adds(md, clause);
	if (md->buf[at] >= 'a' && md->buf[at] <= 'z')
		md->buf[at] = (char)(md->buf[at] - 'a' + 'A');
}

/* One or two dimensions of a launch: `e` or `(e1, e2)`; "?" for one a check leaves unset. */
static void add_dims(struct sbuf *md, char *const *expr, int dims)
{
	for (int d = 0; d < dims; d++)
		if (!expr[d]) {
			sbuf_adds(md, "?");
			return;
		}
	sbuf_adds(md, dims > 1 ? "`(" : "`");
	for (int d = 0; d < dims; d++)
		sbuf_addf(md, "%s%s", d ? ", " : "", expr[d]);
	sbuf_adds(md, dims > 1 ? ")`" : "`");
}

/* A step's signature as a C code block, one line while it fits CODE_WIDTH, else broken after
 * its commas. */
static void add_signature(struct sbuf *md, const struct check_spec *spec, int step)
{
	struct sbuf sig = SBUF_INIT;
	check_step_signature(spec, step, &sig);
	sbuf_adds(md, "```c\n");
	if (sig.len <= LESSON_CODE_WIDTH) {
		sbuf_addf(md, "%s\n", sig.buf);
	} else {
		/* the parameters after "(", aligned under the first while the name is short */
		const char *open = strchr(sig.buf, '(');
		size_t head = (size_t)(open - sig.buf) + 1;
		size_t indent = head <= 32 ? head : 8, col = head;
		bool fresh = true;   /* nothing yet after the head or the indent on this line */
		sbuf_add(md, sig.buf, head);
		for (const char *p = open + 1; *p;) {
			while (*p == ' ')
				p++;
			const char *comma = strchr(p, ',');
			size_t n = comma ? (size_t)(comma - p) + 1 : strlen(p);
			if (col + n + !fresh > LESSON_CODE_WIDTH && (!fresh || col > indent)) {
				sbuf_addf(md, "\n%*s", (int)indent, "");
				col = indent;
				fresh = true;
			}
			if (!fresh)
				sbuf_adds(md, " ");
			sbuf_add(md, p, n);
			col += n + !fresh;
			fresh = false;
			p += n;
		}
		sbuf_adds(md, "\n");
	}
	sbuf_adds(md, "```\n\n");
	sbuf_release(&sig);
}

static void add_launch(struct sbuf *md, const char *lang, const struct step_spec *st)
{
	struct sbuf g = SBUF_INIT, l = SBUF_INIT;
	add_dims(&g, st->global_expr, st->dims);
	if (step_local_is_auto(st)) {
		sbuf_addf(md, tr(lang, N_("a global size of %s in work-groups of the size the device "
					  "chooses")), g.buf);
		sbuf_release(&g);
		return;
	}
	add_dims(&l, st->local_expr, st->dims);
	sbuf_addf(md, tr(lang, N_("a global size of %s in work-groups of %s")), g.buf, l.buf);
	sbuf_release(&g);
	sbuf_release(&l);
}

/* What an output's comparison is, as a clause. */
static void add_compare(struct sbuf *md, const char *lang, const struct check_spec *spec,
			const struct arg_spec *a)
{
	bool fl = type_info(a->type)->is_float;
	double tol = a->tolerance >= 0 ? a->tolerance : spec->tolerance;
	double abs_tol = a->abs_tolerance >= 0 ? a->abs_tolerance : spec->abs_tolerance;
	switch (a->compare) {
	case COMPARE_MULTISET:
		sbuf_adds(md, tr(lang, N_("the same values in any order")));
		break;
	case COMPARE_SORTED:
		sbuf_adds(md, tr(lang, N_("the same values, in ascending order")));
		break;
	case COMPARE_EXACT:
		sbuf_adds(md, fl ? tr(lang, N_("exactly, bit for bit")) : tr(lang, N_("exactly")));
		break;
	case COMPARE_DEFAULT:
	case COMPARE_TOLERANCE:
		if (!fl) {
			sbuf_adds(md, tr(lang, N_("exactly")));
		} else if (tol == 0) {
			sbuf_adds(md, tr(lang, N_("exactly (a relative tolerance of 0)")));
		} else {
			struct sbuf t = SBUF_INIT;
			add_number(&t, lang, tol);
			sbuf_addf(md, tr(lang, N_("within a relative tolerance of %s")), t.buf);
			sbuf_release(&t);
		}
		if (fl && abs_tol > 0) {
			struct sbuf t = SBUF_INIT;
			add_number(&t, lang, abs_tol);
			sbuf_addf(md, tr(lang, N_(", or an absolute difference of at most %s")), t.buf);
			sbuf_release(&t);
		}
		break;
	}
}

/* Each [derive NAME]: what the host computes from the outputs and what it must be. */
static void add_derived(struct sbuf *md, const char *lang, const struct check_spec *spec)
{
	for (int i = 0; i < spec->nderive; i++) {
		const struct derive_spec *d = &spec->derive[i];
		/* the absolute tolerance is named when it is the one given (or the only one) */
		bool abs = d->tolerance[1] || (!d->tolerance[0] && spec->abs_tolerance > 0);
		const char *expr = d->tolerance[abs];
		struct sbuf t = SBUF_INIT;
		if (expr)
			sbuf_addf(&t, "`%s`", expr);
		else
			add_number(&t, lang, abs ? spec->abs_tolerance : spec->tolerance);
		sbuf_adds(md, "- ");
		sbuf_addf(md, abs ? tr(lang, N_("From your outputs the host computes `%s = %s`, which "
						"must be `%s` within an absolute difference of %s."))
				  : tr(lang, N_("From your outputs the host computes `%s = %s`, which "
						"must be `%s` within a relative tolerance of %s.")),
			  d->name, d->value, d->expect, t.buf);
		if (d->tests)
			sbuf_addf(md, tr(lang, N_(" Only in the tests %s.")), d->tests);
		sbuf_adds(md, "\n");
		sbuf_release(&t);
	}
}

static void add_outputs(struct sbuf *md, const char *lang, const struct check_spec *spec)
{
	for (int i = 0; i < spec->nargs; i++) {
		const struct arg_spec *a = &spec->args[i];
		if (!a->output)
			continue;
		sbuf_adds(md, "- ");
		sbuf_addf(md, tr(lang, N_("`%s` is compared with the reference solution's: ")), a->name);
		add_compare(md, lang, spec, a);
		sbuf_adds(md, ".");
		if (a->count && a->count_arg >= 0)
			sbuf_addf(md, tr(lang, N_(" Only its first `%s[0]` values count, and `%s` is compared "
						   "first.")), a->count, a->count);
		if (a->shape_expr[0] && a->shape_expr[1])
			sbuf_addf(md, tr(lang, N_(" It is a matrix of `%s` rows by `%s` columns.")),
				  a->shape_expr[0], a->shape_expr[1]);
		if (a->kind == ARG_GLOBAL && a->init.kind != INIT_POISON) {
			struct sbuf s = SBUF_INIT;
			add_init(&s, lang, a, &a->init);
			sbuf_adds(md, " ");
			add_sentence_start(md, s.buf);
			sbuf_adds(md, ".");
			sbuf_release(&s);
		}
		sbuf_adds(md, "\n");
	}
}

static void add_repeat(struct sbuf *md, const char *lang, const struct check_spec *spec)
{
	if (!spec->repeat_while)
		return;
	struct sbuf with = SBUF_INIT;
	for (int i = 0; i < spec->nargs; i++)
		if (spec->args[i].from_arg >= 0) {
			sbuf_adds(&with, with.len ? ", " : "");
			sbuf_addf(&with, tr(lang, N_("`%s` holding the last pass's `%s`")), spec->args[i].name,
				  spec->args[spec->args[i].from_arg].name);
		}
	for (int i = 0; i < spec->nrepeat_set; i++) {
		sbuf_adds(&with, with.len ? ", " : "");
		sbuf_addf(&with, "`%s = %s`", spec->repeat_set[i].name, spec->repeat_set[i].expr);
	}
	sbuf_adds(md, "- ");
	const char *w = with.len ? with.buf : "-";
	int n = spec->repeat_every;
	/* which passes [repeat] compare names */
	if (n == REPEAT_LAST)
		sbuf_addf(md, tr(lang, N_("After each pass the host launches again while `%s`, with %s, "
					  "within the time limit. Only the last pass is compared: the loop's "
					  "result.")), spec->repeat_while, w);
	else if (n > 1)
		sbuf_addf(md, tr(lang, N_("After each pass the host launches again while `%s`, with %s, "
					  "within the time limit. Passes %lld, %lld, %lld... and the last are "
					  "compared.")), spec->repeat_while, w, (long long)n, 2LL * n, 3LL * n);
	else
		sbuf_addf(md, tr(lang, N_("After each pass the host launches again while `%s`, with %s, "
					  "within the time limit. Every pass is compared, not only the last.")),
			  spec->repeat_while, w);
	sbuf_adds(md, "\n");
	sbuf_release(&with);
}

/* One test: "`tiny` (also on Oclgrind): `len` = 5, 130; `wg` = 64". */
static void add_test(struct sbuf *md, const char *lang, const struct check_spec *spec, int t)
{
	const struct test_spec *ts = &spec->tests[t];
	sbuf_addf(md, "  - `%s`", ts->name);
	if (ts->analyze && spec->analysis != ANALYSIS_OFF)
		sbuf_addf(md, " (%s)", tr(lang, N_("also on Oclgrind")));
	sbuf_adds(md, ":");
	for (int p = 0; p < ts->nparams; p++) {
		const struct param_spec *ps = &ts->params[p];
		sbuf_addf(md, "%s `%s` = ", p ? ";" : "", ps->name);
		for (int v = 0; v < ps->nvalues; v++)
			sbuf_addf(md, "%s%lld", v ? ", " : "", (long long)ps->values[v]);
	}
	for (int i = 0; i < ts->ninits; i++) {
		sbuf_adds(md, "; ");
		add_init(md, lang, &spec->args[ts->inits[i].arg], &ts->inits[i].init);
	}
	sbuf_adds(md, "\n");
}

/* What an [access] rule requires, as list items. */
static void add_access_rule(struct sbuf *md, const char *lang, const struct access_rule *r)
{
	bool all = !strcmp(r->name, "local");
	char ratio[32];
	snprintf(ratio, sizeof(ratio), "%g", ACCESS_COALESCED_RATIO);
	const char *sep = tr_ctx(lang, "decimal separator", ".");
	char *dot = strchr(ratio, '.');
	if (dot && *sep && !sep[1])
		*dot = *sep;
	for (int op = 0; op < 2; op++) {
		if (r->coalesced[op])
			sbuf_addf(md, op ? tr(lang, N_("  - stores to `%s` coalesced: each store instruction "
						       "touches at most %s times the 32-byte sectors its "
						       "bytes need\n"))
					 : tr(lang, N_("  - loads of `%s` coalesced: each load instruction "
						       "touches at most %s times the 32-byte sectors its "
						       "bytes need\n")),
				  r->name, ratio);
		if (r->max_sectors[op] > 0) {
			struct sbuf n = SBUF_INIT;
			add_number(&n, lang, r->max_sectors[op]);
			sbuf_addf(md, op ? tr(lang, N_("  - stores to `%s`: at most %s 32-byte sectors a request, "
						       "on average\n"))
					 : tr(lang, N_("  - loads of `%s`: at most %s 32-byte sectors a request, "
						       "on average\n")),
				  r->name, n.buf);
			sbuf_release(&n);
		}
	}
	if (r->max_conflict == 1)
		sbuf_addf(md, all ? tr(lang, N_("  - every access to `__local` memory free of bank conflicts\n"))
				  : tr(lang, N_("  - every access to `%s` free of bank conflicts\n")), r->name);
	else if (r->max_conflict > 1 && all)
		sbuf_addf(md, tr(lang, N_("  - bank conflicts of `__local` memory at most %d-way\n")),
			  r->max_conflict);
	else if (r->max_conflict > 1)
		sbuf_addf(md, tr(lang, N_("  - bank conflicts of `%s` at most %d-way\n")), r->name,
			  r->max_conflict);
	if (r->shared)
		sbuf_addf(md, all ? tr(lang, N_("  - some value of `__local` memory read by a work-item other "
						"than the one that stored it\n"))
				  : tr(lang, N_("  - some value of `%s` read by a work-item other than the one "
						"that stored it\n")), r->name);
	if (r->loads_per_item > 0) {
		struct sbuf n = SBUF_INIT;
		add_number(&n, lang, r->loads_per_item);
		sbuf_addf(md, tr(lang, N_("  - each work-item loads each element of `%s` it uses at most %s "
					  "times, on average\n")), r->name, n.buf);
		sbuf_release(&n);
	}
	if (r->loads_per_madd > 0) {
		struct sbuf n = SBUF_INIT;
		add_number(&n, lang, r->loads_per_madd);
		sbuf_addf(md, tr(lang, N_("  - at most %s loads of `%s` per multiply-add of the kernel\n")),
			  n.buf, r->name);
		sbuf_release(&n);
	}
}

/* The kernel, or the steps in their order, each with its signature and launch. */
static void add_kernels(struct sbuf *md, const char *lang, const struct check_spec *spec)
{
	if (spec->nsteps == 1) {
		struct sbuf launch = SBUF_INIT;
		add_signature(md, spec, 0);
		add_launch(&launch, lang, &spec->steps[0]);
		sbuf_adds(md, "- ");
		sbuf_addf(md, tr(lang, N_("The kernel runs with %s.")), launch.buf);
		sbuf_adds(md, "\n");
		sbuf_release(&launch);
	} else {
		sbuf_addf(md, "%s\n\n", tr(lang, N_("Its kernels run one after another on the same buffers, "
						    "in this order:")));
		for (int s = 0; s < spec->nsteps; s++) {
			struct sbuf launch = SBUF_INIT;
			add_launch(&launch, lang, &spec->steps[s]);
			sbuf_addf(md, "%d. ", s + 1);
			sbuf_addf(md, tr(lang, N_("Step `%s`, with %s:")), spec->steps[s].name, launch.buf);
			sbuf_adds(md, "\n\n");
			add_signature(md, spec, s);
			sbuf_release(&launch);
		}
	}
}

/* What the arguments hold: the values computed from each test's, __local sizes, scalars, inputs. */
static void add_arguments(struct sbuf *md, const char *lang, const struct check_spec *spec)
{
	if (spec->nlets) {
		struct sbuf l = SBUF_INIT;
		for (int i = 0; i < spec->nlets; i++)
			sbuf_addf(&l, "%s`%s = %s`", i ? ", " : "", spec->lets[i].name, spec->lets[i].expr);
		sbuf_adds(md, "- ");
		sbuf_addf(md, tr(lang, N_("Computed from each test's values: %s.")), l.buf);
		sbuf_adds(md, "\n");
		sbuf_release(&l);
	}
	for (int i = 0; i < spec->nargs; i++) {
		const struct arg_spec *a = &spec->args[i];
		if (a->kind == ARG_LOCAL) {
			sbuf_adds(md, "- ");
			sbuf_addf(md, tr(lang, N_("`%s` (`__local`) holds `%s` values of `%s`.")), a->name,
				  a->size_expr, type_info(a->type)->name);
			sbuf_adds(md, "\n");
		} else if (a->kind == ARG_SCALAR && strcmp(a->value_expr, a->name)) {
			sbuf_adds(md, "- ");
			sbuf_addf(md, tr(lang, N_("The scalar `%s` is `%s`.")), a->name, a->value_expr);
			sbuf_adds(md, "\n");
		} else if (a->kind != ARG_LOCAL && a->kind != ARG_SCALAR && !a->output) {
			struct sbuf s = SBUF_INIT;
			add_init(&s, lang, a, &a->init);
			sbuf_adds(md, "- ");
			add_sentence_start(md, s.buf);
			sbuf_addf(md, a->from_arg < 0 ? tr(lang, N_(" (`%s` elements).")) :
				  tr(lang, N_(" in the first pass (`%s` elements).")), a->size_expr);
			sbuf_adds(md, "\n");
			sbuf_release(&s);
		}
	}
}

/* The analysis on Oclgrind with its access rules, the time limits, guards and the build. */
static void add_analysis_and_limits(struct sbuf *md, const char *lang, const struct check_spec *spec)
{
	bool analysed = false;
	for (int t = 0; t < spec->ntests; t++)
		analysed |= spec->tests[t].analyze;
	if (analysed && spec->analysis != ANALYSIS_OFF) {
		sbuf_adds(md, "- ");
		sbuf_adds(md, tr(lang, N_("On Oclgrind, the tests marked so are searched for out-of-bounds "
					  "accesses, data races, divergent barriers and reads of "
					  "uninitialised memory.")));
		sbuf_addf(md, " %s", spec->analysis == ANALYSIS_REQUIRED ?
			  tr(lang, N_("This check needs Oclgrind: `--no-analysis` is refused.")) :
			  tr(lang, N_("Without Oclgrind, or with `--no-analysis`, this part is not done.")));
		if (spec->naccess)
			sbuf_addf(md, " %s", tr(lang, N_("There, over every request of those tests:")));
		sbuf_adds(md, "\n");
		for (int i = 0; i < spec->naccess; i++)
			add_access_rule(md, lang, &spec->access[i]);
	}
	char secs[32];
	sbuf_adds(md, "- ");
	sbuf_addf(md, tr(lang, N_("The tests have %s s in all to run on the execution device")),
		  number_in(lang, (double)spec->time_limit_ms / 1000, 1, secs));
	if (analysed && spec->analysis != ANALYSIS_OFF &&
	    spec->analysis_time_limit_ms != spec->time_limit_ms)
		sbuf_addf(md, tr(lang, N_(" and %s s on Oclgrind")),
			  number_in(lang, (double)spec->analysis_time_limit_ms / 1000, 1, secs));
	sbuf_adds(md, tr(lang, N_(" (building does not count); a test whose work-groups are larger than "
				  "the device allows is skipped.")));
	sbuf_adds(md, "\n- ");
	sbuf_adds(md, tr(lang, N_("Every `__global` buffer is followed by a guard region that must be "
				  "intact after the run.")));
	sbuf_adds(md, "\n");
	if (spec->requires_local_mem) {
		sbuf_adds(md, "- ");
		sbuf_addf(md, tr(lang, N_("The kernel must declare at least %ld bytes of `__local` memory "
					  "itself.")), spec->requires_local_mem);
		sbuf_adds(md, "\n");
	}
	if (spec->build_options) {
		sbuf_adds(md, "- ");
		sbuf_addf(md, tr(lang, N_("Every build uses `%s`.")), spec->build_options);
		sbuf_adds(md, "\n");
	}
}

void lesson_check_section(const struct check_spec *spec, const char *lang, struct sbuf *md)
{
	sbuf_addf(md, "## %s\n\n", tr(lang, lesson_check_title));
	sbuf_addf(md, "%s\n\n", tr(lang, N_("*Made from the exercise's check file each time this lesson "
					    "is shown.*")));
	add_kernels(md, lang, spec);
	add_arguments(md, lang, spec);
	add_outputs(md, lang, spec);
	add_derived(md, lang, spec);
	add_repeat(md, lang, spec);
	sbuf_adds(md, "- ");
	sbuf_adds(md, tr(lang, N_("The tests, one run for each combination of the values listed:")));
	sbuf_adds(md, "\n");
	for (int t = 0; t < spec->ntests; t++)
		add_test(md, lang, spec, t);
	add_analysis_and_limits(md, lang, spec);
}

/* The marker line of md: its start, its length with the newline in *len; NULL when none. */
static const char *find_marker(const char *md, size_t *len)
{
	size_t m = strlen(LESSON_CHECK_MARKER);
	for (const char *p = md; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		size_t t = n;
		while (t && (p[t - 1] == '\r' || p[t - 1] == ' ' || p[t - 1] == '\t'))
			t--;
		if (t == m && !memcmp(p, LESSON_CHECK_MARKER, m)) {
			*len = n + (nl != NULL);
			return p;
		}
		p = nl ? nl + 1 : NULL;
	}
	return NULL;
}

void lesson_fill_check(const struct exercise *e, const char *lang, char **md)
{
	size_t len;
	const char *at = find_marker(*md, &len);
	if (!at)
		return;
	struct sbuf out = SBUF_INIT;
	sbuf_add(&out, *md, (size_t)(at - *md));
	struct check_spec *spec = xcalloc(1, sizeof(*spec));   /* about 200 KB */
	if (check_spec_load(e->check_path, spec) == 0) {
		lesson_check_section(spec, lang, &out);
		check_spec_release(spec);
	} else {
		sbuf_addf(&out, "## %s\n\n%s\n", tr(lang, lesson_check_title),
			  tr(lang, N_("The exercise's check file has a problem, so this section cannot be "
				      "shown: `clings validate` names it.")));
	}
	free(spec);
	sbuf_adds(&out, at + len);
	free(*md);
	*md = sbuf_detach(&out);
}

/* Columns a code line takes on screen: a UTF-8 character one, a tab to the next stop of four. */
static int code_columns(const char *s, size_t n)
{
	int col = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\t')
			col += 4 - col % 4;
		else if (((unsigned char)s[i] & 0xc0) != 0x80 && s[i] != '\r')
			col++;
	}
	return col;
}

char lesson_fence(const char *p)
{
	int sp = 0;
	while (p[sp] == ' ' && sp < 3)
		sp++;
	p += sp;
	return (!strncmp(p, "```", 3) || !strncmp(p, "~~~", 3)) ? *p : 0;
}

const char *lesson_heading(const char *p, size_t linelen, size_t *n, int *level)
{
	size_t h = 0;
	while (h < linelen && p[h] == '#')
		h++;
	if (!h || h > 6 || h >= linelen || (p[h] != ' ' && p[h] != '\t'))
		return NULL;
	if (level)
		*level = (int)h;
	const char *t = p + h;
	size_t len = linelen - h;
	while (len && (*t == ' ' || *t == '\t'))
		t++, len--;
	while (len && (t[len - 1] == ' ' || t[len - 1] == '\r' || t[len - 1] == '#'))
		len--;
	*n = len;
	return t;
}

static bool title_is(const char *t, size_t n, const char *title)
{
	return strlen(title) == n && !strncasecmp(t, title, n);
}

static int audit_lesson_file(const char *path, const char *lang)
{
	char *text;
	if (read_file(path, &text, NULL) < 0)
		return 0;   /* its absence is said by exercise_audit() */
	const char *ml = messages_lang();
	int bad = 0, line = 0, markers = 0;
	char in_code = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		line++;
		char f = lesson_fence(p);
		size_t tn;
		const char *t;
		if (in_code) {
			if (f == in_code)
				in_code = 0;
			else if (code_columns(p, n) > LESSON_CODE_WIDTH)
				warning(tr(ml, "%s:%d: a line of a code block is %d columns wide, more than %d: "
					   "a narrow terminal would wrap it"),
					path_shown(path), line, code_columns(p, n), LESSON_CODE_WIDTH);
		} else if (f) {
			in_code = f;
		} else if ((t = lesson_heading(p, n, &tn, NULL)) &&
			   (title_is(t, tn, lesson_check_title) || title_is(t, tn, tr(lang, lesson_check_title)))) {
			bad++;
			error(tr(ml, "%s:%d: a hand-written '%.*s' section: write a line %s instead, and clings "
				 "makes the section from the check file"),
			      path_shown(path), line, (int)tn, t, LESSON_CHECK_MARKER);
		} else if ((t = memmem(p, n, LESSON_CHECK_MARKER, strlen(LESSON_CHECK_MARKER)))) {
			size_t ml_len;
			if (find_marker(p, &ml_len) != p) {
				bad++;
				error(tr(ml, "%s:%d: %s stands on a line of its own"), path_shown(path), line,
				      LESSON_CHECK_MARKER);
			} else if (++markers > 1) {
				bad++;
				error(tr(ml, "%s:%d: a second %s: the section is made once"), path_shown(path),
				      line, LESSON_CHECK_MARKER);
			}
		}
		p = nl ? nl + 1 : p + n;
	}
	free(text);
	return bad;
}

int lesson_check_audit(const struct course *c, const struct exercise *e)
{
	int bad = 0;
	for (int i = 0; i < c->langs.n; i++)
		for (int s = 0; s < 2; s++) {
			char *path = course_lesson_path(c, e, c->langs.name[i], s ? ".hints" : "");
			bad += audit_lesson_file(path, c->langs.name[i]);
			free(path);
		}
	return bad;
}
