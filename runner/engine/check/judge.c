/*
 * judge.c: the parent's verdict on the learner's run. The execution child sends the buffers of
 * each pass [repeat] compare names (and of any other whose guard it found damaged), guard
 * regions included, and the reference child the expected outputs of the same passes; here they
 * are compared, case by case in the check's order, and the first failure becomes the verdict
 * with its message. Nothing the learner's process says decides anything: a missing, short or
 * misplaced frame is a run that did not finish, never a pass.
 */
#include "engine/check/check.h"
#include "engine/source/source.h"

#include <stdlib.h>
#include <string.h>

/* Whether the text (lines after "ready") has the line "key\tCASE". */
/* The guard of every store into name, as libclang read the kernel (kv_stores_guarded), or 0
 * when no facts could be had: stores already guarded need a right index or bound, not another
 * guard. */
static int stores_guarded(const struct judge_input *in, const char *name)
{
	const struct kernel_facts *kf = in->facts && in->learner_src ? in->facts(in->facts_arg) : NULL;
	struct kview kv = { kf, in->learner_src, in->learner_src ? strlen(in->learner_src) : 0 };
	return kv_stores_guarded(&kv, name);
}

static bool has_case_line(const char *text, const char *key, int ci)
{
	const char *from = NULL;
	long v;
	while ((v = proto_number(text, key, &from)) >= 0 || from)
		if (v == ci)
			return true;
	return false;
}

/* The pass of case ci whose launch failed, by the "launch CASE PASS WHAT" line the learner's run
 * sent (a failed launch ends its case), WHAT into what; 0 when there is none. */
static int launch_failed(const char *text, int ci, struct sbuf *what)
{
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		int c, ps, used = 0;
		if (strncmp(p, "launch\t", 7) || sscanf(p + 7, "%d\t%d\t%n", &c, &ps, &used) < 2 || !used ||
		    c != ci || ps < 1)
			continue;
		proto_add_plain(what, p + 7 + used, PROTO_PLAIN_MAX);   /* the child's word: filtered again */
		return ps;
	}
	return 0;
}

/* The last pass of case ci the reference sent results for: its loop's last, which is always
 * compared; 0 when it sent none. */
static int reference_last_pass(const struct proto_stream *ref, int ci)
{
	int last = 0;
	for (int i = 0; i < ref->ndata; i++)
		if (ref->data[i].ci == ci && ref->data[i].pass > last)
			last = ref->data[i].pass;
	return last;
}

static int ascending(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The passes of case ci the learner's run sent results for, ascending, into an allocated *out
 * (its compared ones, and any other whose guard it found damaged); returns how many. */
static int learner_passes(const struct proto_stream *ps, int ci, int **out)
{
	int n = 0;
	*out = xcalloc((size_t)ps->ndata + 1, sizeof(**out));
	for (int i = 0; i < ps->ndata; i++)
		if (ps->data[i].ci == ci)
			(*out)[n++] = ps->data[i].pass;
	qsort(*out, (size_t)n, sizeof(**out), ascending);
	return n;
}

/* Element counts of every global buffer on this pass; -1 when an expression fails. */
static int buffer_sizes(const struct check_spec *spec, const struct vars *v, size_t n[])
{
	for (int i = 0; i < spec->nargs; i++) {
		const struct arg_spec *a = &spec->args[i];
		n[i] = 0;
		if (a->kind != ARG_GLOBAL && a->kind != ARG_CONSTANT)
			continue;
		int64_t x;
		char err[128];
		if (expr_eval(a->size_expr, v, &x, err, sizeof(err)) < 0 || x < 0)
			return -1;
		n[i] = (size_t)x;
	}
	return 0;
}

/* What the learner's run holds of (ci, pass): every global buffer's frame, of the right sizes
 * (else PASS_MISSING); then the first damaged guard byte, its argument and element. */
enum pass_state { PASS_INTACT, PASS_MISSING, PASS_OUT_OF_BOUNDS };
static enum pass_state learner_pass(const struct judge_input *in, int ci, int pass, const size_t n[],
				    int *arg, long *index)
{
	const struct check_spec *spec = in->spec;
	enum pass_state st = PASS_INTACT;
	for (int i = 0; i < spec->nargs; i++) {
		const struct arg_spec *a = &spec->args[i];
		if (a->kind != ARG_GLOBAL && a->kind != ARG_CONSTANT)
			continue;
		const struct proto_data *d = proto_find(in->learner, ci, pass, i);
		size_t esize = type_info(a->type)->size;
		if (!d || d->nbytes != (a->output ? n[i] * esize : 0) || d->nguard != GUARD_BYTES)
			return PASS_MISSING;
		for (size_t k = 0; k < d->nguard && st == PASS_INTACT; k++)
			if (d->guard[k] != clhost_guard_byte(k)) {
				*arg = i;
				*index = (long)((n[i] * esize + k) / esize);
				st = PASS_OUT_OF_BOUNDS;
			}
	}
	return st;
}

/*
 * The order outputs are compared in: by the last step that writes each (what an earlier step
 * left wrong is named before what it spoiled later), a count before the outputs it counts, then
 * in argument order. Returns how many outputs there are.
 */
static int comparison_order(const struct check_spec *spec, int order[MAX_ARGS])
{
	int n = 0;
	for (int i = 0; i < spec->nargs; i++)
		if (spec->args[i].output)
			order[n++] = i;
	for (int k = 1; k < n; k++)   /* insertion sort: stable, a few elements */
		for (int j = k; j > 0; j--) {
			const struct arg_spec *a = &spec->args[order[j - 1]], *b = &spec->args[order[j]];
			int wa = check_step_last_writer(spec, order[j - 1]), wb = check_step_last_writer(spec, order[j]);
			bool b_first = wb < wa || (wb == wa && !b->count && a->count);
			if (!b_first)
				break;
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	return n;
}

/* "\n'sums' is written by the steps scan_blocks, scan_sums." for a check of several steps. */
static void add_writers(struct msg *out, const struct check_spec *spec, int arg)
{
	struct sbuf names = SBUF_INIT;
	unsigned long n = 0;
	for (int s = 0; s < spec->nsteps && spec->nsteps > 1; s++)
		for (int p = 0; p < spec->steps[s].nparams; p++)
			if (spec->steps[s].param[p].arg == arg && !spec->steps[s].param[p].is_const) {
				sbuf_addf(&names, "%s%s", n++ ? ", " : "", spec->steps[s].name);
				if (strcmp(spec->steps[s].name, spec->steps[s].kernel))
					sbuf_addf(&names, " (%s)", spec->steps[s].kernel);
			}
	if (n)
		msg_addf(out, msg_plural(out, "\n'%s' is written by the step %s.",
					 "\n'%s' is written by the steps %s.", n),
			 spec->args[arg].name, sbuf_str(&names));
	sbuf_release(&names);
}

/* How many values of output i count: the whole buffer, or the prefix its count buffer's element
 * 0 holds in the reference's result (compared first: the learner's is the same). */
static size_t compared_length(const struct judge_input *in, int ci, int pass, int i, const size_t n[])
{
	const struct arg_spec *a = &in->spec->args[i];
	if (a->count_arg < 0)
		return n[i];
	const struct proto_data *c = proto_find(in->reference, ci, pass, a->count_arg);
	enum elem_type t = in->spec->args[a->count_arg].type;
	if (!c || c->nbytes < type_info(t)->size)
		return n[i];
	int64_t k = elem_get_int(t, c->bytes, 0);
	return k < 0 ? 0 : (size_t)k > n[i] ? n[i] : (size_t)k;
}

/* Test NAME failed: m is both its detail and the report's message (m is left empty). */
static void fail_test(struct report *r, const char *test, enum test_status st, enum verdict v,
		      const char *file, struct msg *m)
{
	struct msg detail = MSG_INIT;
	msg_copy(&detail, m);
	report_add_test_msg(r, test, st, &detail);
	report_set(r, v, m, file, 0);
}

/* Compares one pass's outputs; 1 (r filled) at the first mismatch, -1 (r filled) when the
 * reference's result is missing. */
static int compare_pass(const struct judge_input *in, const struct test_case *tc, int ci, int pass,
			int passes, const struct vars *v, const size_t n[], struct report *r)
{
	const struct check_spec *spec = in->spec;
	int order[MAX_ARGS], nout = comparison_order(spec, order);
	for (int k = 0; k < nout; k++) {
		int i = order[k];
		const struct arg_spec *a = &spec->args[i];
		const struct proto_data *got = proto_find(in->learner, ci, pass, i);
		const struct proto_data *exp = proto_find(in->reference, ci, pass, i);
		if (!exp || exp->nbytes != n[i] * type_info(a->type)->size) {
			char *msg = xstrfmt("the reference solution gave no result for test %s", tc->name);
			report_set_text(r, VERDICT_ERROR, msg);
			free(msg);
			return -1;
		}
		/* the work-group of the step that wrote the output last, for the diagnoses of 1-D ones */
		const struct step_spec *st = &spec->steps[check_step_last_writer(spec, i)];
		int64_t wg = 0;
		if (st->dims != 1 || step_local_is_auto(st) ||   /* auto: the device's choice, unknown here */
		    expr_eval(st->local_expr[0], v, &wg, (char[64]){ 0 }, 64) < 0 || wg < 0)
			wg = 0;
		size_t len = compared_length(in, ci, pass, i, n);
		struct output_view o = { a, exp->bytes, got->bytes, len, output_columns(a, v), pass,
					 passes, (size_t)wg, output_abs_tolerance(spec, a) };
		struct msg msg = MSG_INIT, pic = MSG_INIT;
		long wrong = compare_output(&o, output_tolerance(spec, a), &msg, &pic);
		if (wrong) {
			struct msg full = MSG_INIT;
			msg_fact_str(&full, "test", tc->name);
			msg_addf(&full, N_("Test %s: %s"), tc->name, msg_sub(&full, &msg));
			if (a->count_arg >= 0)
				msg_addf(&full, N_("\nOnly the first %zu values of '%s' count: as many as "
						   "%s[0] says."), len, a->name, spec->args[a->count_arg].name);
			add_writers(&full, spec, i);
			fail_test(r, tc->name, TEST_FAIL, VERDICT_WRONG_RESULT, in->learner_path, &full);
			msg_release(&r->picture);
			msg_append(&r->picture, &pic);
		}
		msg_release(&msg);
		msg_release(&pic);
		if (wrong)
			return 1;
	}
	return 0;
}

/* The [derive] values from the learner's outputs after the last pass; 0, or 1 (r filled). The
 * values v are the last pass's: a [repeat] loop leaves them as they were for it. */
static int judge_derived(const struct judge_input *in, const struct test_case *tc, int ci, int pass,
			 const struct vars *v, const size_t n[], struct report *r)
{
	const struct check_spec *spec = in->spec;
	const void *bytes[MAX_ARGS] = { 0 };
	for (int i = 0; i < spec->nargs; i++) {
		const struct proto_data *d = spec->args[i].output ? proto_find(in->learner, ci, pass, i) : NULL;
		bytes[i] = d ? d->bytes : NULL;
	}
	double got, want;
	char err[256];
	int k, rc = derive_all(spec, tc->test, v, bytes, n, &k, &got, &want, err, sizeof(err));
	if (rc < 0)
		report_set_text(r, VERDICT_ERROR, err);
	if (rc > 0) {
		const struct derive_spec *d = &spec->derive[k];
		char g[32], w[32];
		snprintf(g, sizeof(g), "%.9g", got);
		snprintf(w, sizeof(w), "%.9g", want);
		struct msg msg = MSG_INIT;
		msg_fact_str(&msg, "test", tc->name);
		msg_fact_str(&msg, "derived", d->name);
		msg_fact_str(&msg, "expected", w);
		msg_fact_str(&msg, "got", g);
		msg_addf(&msg, N_("Test %s: %s = %s, computed from your outputs, is %s; expected %s."),
			 tc->name, d->name, d->value, g, w);
		fail_test(r, tc->name, TEST_FAIL, VERDICT_WRONG_RESULT, in->learner_path, &msg);
	}
	return rc ? 1 : 0;
}

/* Test NAME wrote past the end of argument arg (element index of n[arg]), on pass of passes. */
static void out_of_bounds(const struct judge_input *in, const struct test_case *tc, int arg, long index,
			  const size_t n[], int pass, int passes, struct report *r)
{
	const char *name = in->spec->args[arg].name;
	struct msg msg = MSG_INIT;
	msg_fact_str(&msg, "test", tc->name);
	msg_fact_str(&msg, "buffer", name);
	msg_fact_int(&msg, "index", index);
	msg_fact_int(&msg, "elements", (long long)n[arg]);
	if (passes > 1)
		msg_fact_int(&msg, "pass", pass);
	msg_addf(&msg, N_("Test %s: your kernel wrote past the end of '%s': "
			  "'%s' has %zu elements (indices 0 to %zu), and element %ld was "
			  "overwritten."),
		 tc->name, name, name, n[arg], n[arg] ? n[arg] - 1 : 0, index);
	/* stores already under a guard need a right index or bound, not another guard */
	int guard = stores_guarded(in, name);
	if (guard) {
		msg_fact_int(&msg, "guard_line", guard);
		msg_addf(&msg, N_("\nEvery store into '%s' is already guarded (line %d), "
				  "yet one got through: the index a work-item writes at, or the "
				  "bound its guard tests, is wrong. Work the index out for the "
				  "last work-items, term by term, and compare it with the size."),
			 name, guard);
	} else {
		msg_adds(&msg, N_("\nA work-item whose index falls outside the data "
				  "must not write: guard every store with a bounds check."));
	}
	fail_test(r, tc->name, TEST_FAIL, VERDICT_OUT_OF_BOUNDS, in->learner_path, &msg);
}

/* One pass of case ci: its launch, its guards and, when [repeat] compare names it, its outputs;
 * 0 on, 1 failed (r filled), 2 the learner's run ended before it. */
static int judge_pass(const struct judge_input *in, const struct test_case *tc, int ci, int pass,
		      int passes, bool sent, const struct vars *v, const size_t n[], struct report *r)
{
	bool compared = check_spec_pass_compared(in->spec, pass, pass == passes);
	int arg = 0;
	long index = 0;
	/* a pass not compared leaves the learner's run only when it damaged a guard */
	enum pass_state held = compared || sent ? learner_pass(in, ci, pass, n, &arg, &index) : PASS_INTACT;
	if (held == PASS_MISSING)
		return 2;
	if (held == PASS_OUT_OF_BOUNDS) {
		out_of_bounds(in, tc, arg, index, n, pass, passes, r);
		return 1;
	}
	return compared && compare_pass(in, tc, ci, pass, passes, v, n, r) ? 1 : 0;
}

/* The reference's run and the check's loop disagree on where a test's loop ends: the course's
 * error (its while reads what the reference's run cannot change), never a pass. */
static void loop_disagrees(const struct test_case *tc, int passes, struct report *r)
{
	char *msg = passes ? xstrfmt("the reference solution's run of test %s ended after %d passes, "
				     "where the check's [repeat] loop does not", tc->name, passes)
			   : xstrfmt("the reference solution gave no result for test %s", tc->name);
	report_set_text(r, VERDICT_ERROR, msg);
	free(msg);
}

/* Judges one case; 0 passed, 1 failed (r filled), 2 the learner's run ended inside it. The
 * loop's passes are walked up to the reference's last, which its run reached within its time
 * limit: a loop without end stops the reference, never the parent. */
static int judge_case(const struct judge_input *in, const struct test_case *tc, int ci, struct report *r)
{
	const struct check_spec *spec = in->spec;
	struct vars v = tc->vars;
	int passes = reference_last_pass(in->reference, ci), *sent, k = 0;
	int nsent = learner_passes(in->learner, ci, &sent);
	struct sbuf why = SBUF_INIT, launch = SBUF_INIT;
	int failed = launch_failed(sbuf_str(&in->learner->after), ci, &launch);
	int rc = 0, more = 1, last = 0;
	size_t n[MAX_ARGS];
	for (int pass = 1; more == 1 && !rc; pass++) {
		last = pass;
		if (pass > passes) {
			loop_disagrees(tc, passes, r);
			rc = 1;
		} else if (buffer_sizes(spec, &v, n) < 0) {
			report_set_text(r, VERDICT_ERROR, "the check's buffer sizes cannot be evaluated");
			rc = 1;
		} else if (pass == failed) {
			struct msg msg = MSG_INIT;
			msg_fact_str(&msg, "test", tc->name);
			if (passes > 1)
				msg_fact_int(&msg, "pass", pass);
			msg_addf(&msg, N_("Test %s: %s"), tc->name, sbuf_str(&launch));
			fail_test(r, tc->name, TEST_ERROR, VERDICT_CRASH, in->learner_path, &msg);
			rc = 1;
		} else {
			while (k < nsent && sent[k] < pass)
				k++;
			rc = judge_pass(in, tc, ci, pass, passes, k < nsent && sent[k] == pass, &v, n, r);
		}
		if (!rc && (more = check_spec_next_pass(spec, &v, &why)) < 0) {
			report_set_text(r, VERDICT_ERROR, sbuf_str(&why));
			rc = 1;
		}
	}
	if (!rc && last != passes) {
		loop_disagrees(tc, passes, r);
		rc = 1;
	}
	free(sent);
	sbuf_release(&why);
	sbuf_release(&launch);
	if (!rc && spec->nderive)
		rc = judge_derived(in, tc, ci, last, &v, n, r);
	return rc;
}

/* With several steps, " (kernel NAME)": the kernel the learner's run started last, by its last
 * "step" line. Its own word, which can only change which kernel its message names. */
static void add_running_kernel(const struct check_spec *spec, const char *after, struct sbuf *began)
{
	const char *from = NULL;
	long v, last = -1;
	while ((v = proto_number(after, "step", &from)) >= 0 || from)
		if (v >= 0)
			last = v;
	if (spec->nsteps > 1 && last >= 0 && last < spec->nsteps)
		sbuf_addf(began, " (kernel %s)", spec->steps[last].kernel);
}

int judge_execution(const struct judge_input *in, struct report *r, struct sbuf *began, int *failed_case)
{
	if (failed_case)
		*failed_case = -1;
	const struct check_spec *spec = in->spec;
	struct test_case *cases;
	int n;
	if (check_spec_expand(spec, &cases, &n) < 0) {
		report_set_text(r, VERDICT_ERROR, "cannot expand the tests");
		return 0;
	}
	long max_wg = proto_number(sbuf_str(&in->learner->before), "maxwg", NULL);
	const char *after = sbuf_str(&in->learner->after);
	int ran = 0, rc = 0;
	for (int ci = 0; ci < n && !rc; ci++) {
		const struct test_case *tc = &cases[ci];
		if (in->only_test > 0 && ci != in->only_test - 1)
			continue;   /* not run: the learner's child ran that one alone */
		if (has_case_line(after, "skip", ci)) {
			struct msg why = MSG_INIT;
			struct group_limits lim = { (size_t)(max_wg > 0 ? max_wg : 0), { 0 } };
			size_t wg = check_spec_group_size(spec, &tc->vars, &lim);
			msg_addf(&why, N_("work-groups of %zu work-items are more than this device "
					  "allows (%zu)"), wg, (size_t)(max_wg > 0 ? max_wg : 0));
			report_add_test_msg(r, tc->name, TEST_SKIP, &why);
			continue;
		}
		if (has_case_line(sbuf_str(&in->reference->after), "skip", ci)) {
			report_add_test(r, tc->name, TEST_SKIP,
					"the reference solution cannot run this test on this device");
			continue;
		}
		rc = judge_case(in, tc, ci, r);
		if (rc && failed_case)
			*failed_case = ci;
		if (rc == 2) {
			/* The run stopped inside this case: the caller explains how it ended. */
			sbuf_reset(began);
			sbuf_adds(began, tc->name);
			add_running_kernel(spec, after, began);
		} else if (rc == 0) {
			report_add_test(r, tc->name, TEST_PASS, "");
			ran++;
		}
	}
	free(cases);
	if (rc == 2)
		return 1;
	if (!rc) {
		if (ran) {
			report_set_text(r, VERDICT_PASS, "");
		} else {
			struct msg m = MSG_INIT;
			msg_adds(&m, N_("no test could run on this device"));
			report_set(r, VERDICT_ERROR, &m, NULL, 0);
		}
	}
	return 0;
}
