/*
 * cases.c: what a loaded check runs: its test cases (each test section times its parameters'
 * values), the [let] values of each, the host loop of [repeat], and the kernel's signature as C.
 */
#include "course/course.h"

#include <stdlib.h>
#include <string.h>

void check_spec_signature(const struct check_spec *spec, struct sbuf *out)
{
	static const char *const space[] = { "__global ", "__constant ", "__local ", "" };
	sbuf_addf(out, "__kernel void %s(", spec->kernel);
	for (int i = 0; i < spec->nargs; i++) {
		const struct arg_spec *a = &spec->args[i];
		sbuf_addf(out, "%s%s%s%s %s%s", i ? ", " : "", space[a->kind], a->is_const ? "const " : "",
			  type_info(a->type)->name, a->is_pointer ? "*" : "", a->name);
	}
	sbuf_adds(out, ")");
}

/* Evaluates [let] in order into v; returns -1 with the failing one in *bad_let and why in e. */
static int eval_lets(const struct check_spec *spec, struct vars *v, char *e, size_t elen, int *bad_let)
{
	for (int i = 0; i < spec->nlets; i++) {
		int64_t x;
		*bad_let = i;
		if (expr_eval(spec->lets[i].expr, v, &x, e, elen) < 0)
			return -1;
		if (vars_set(v, spec->lets[i].name, x) < 0) {
			snprintf(e, elen, "too many values");
			return -1;
		}
	}
	return 0;
}

int check_spec_eval_lets(const struct check_spec *spec, struct vars *v, struct sbuf *err)
{
	char e[128];
	int bad_let;
	if (eval_lets(spec, v, e, sizeof(e), &bad_let) < 0) {
		sbuf_addf(err, "[let] %s: %s", spec->lets[bad_let].name, e);
		return -1;
	}
	return 0;
}

int check_spec_next_pass(const struct check_spec *spec, struct vars *v, struct sbuf *err)
{
	char e[128];
	int64_t again = 0, x;
	if (!spec->repeat_while)
		return 0;
	if (expr_eval(spec->repeat_while, v, &again, e, sizeof(e)) < 0) {
		sbuf_addf(err, "[repeat] while: %s", e);
		return -1;
	}
	if (!again)
		return 0;
	/* All assignments see the values before the pass: "len = groups" uses this pass's groups. */
	struct vars before = *v;
	for (int r = 0; r < spec->nrepeat_set; r++) {
		if (expr_eval(spec->repeat_set[r].expr, &before, &x, e, sizeof(e)) < 0) {
			sbuf_addf(err, "[repeat] %s: %s", spec->repeat_set[r].name, e);
			return -1;
		}
		vars_set(v, spec->repeat_set[r].name, x);
	}
	return check_spec_eval_lets(spec, v, err) < 0 ? -1 : 1;
}

int check_spec_count_passes(const struct check_spec *spec, const struct vars *v)
{
	struct vars w = *v;
	struct sbuf err = SBUF_INIT;
	int passes = 1;
	while (passes < MAX_PASSES && check_spec_next_pass(spec, &w, &err) == 1)
		passes++;
	sbuf_release(&err);
	return passes;
}

/*
 * check_spec_expand; with bad_let, a [let] that fails is an error too: -1 with it in *bad_let and
 * why in e (*bad_let is -1 when a test has too many parameters).
 */
int check_spec_expand_checked(const struct check_spec *spec, struct test_case **out, int *n,
			      char *e, size_t elen, int *bad_let)
{
	if (bad_let)
		*bad_let = -1;
	int total = 0;
	for (int t = 0; t < spec->ntests; t++) {
		int count = 1;
		for (int p = 0; p < spec->tests[t].nparams; p++)
			count *= spec->tests[t].params[p].nvalues;
		total += count;
	}
	struct test_case *cases = xcalloc((size_t)total, sizeof(*cases));
	int k = 0;
	for (int t = 0; t < spec->ntests; t++) {
		const struct test_spec *ts = &spec->tests[t];
		int count = 1;
		for (int p = 0; p < ts->nparams; p++)
			count *= ts->params[p].nvalues;
		for (int c = 0; c < count; c++) {
			struct test_case *tc = &cases[k++];
			struct sbuf name = SBUF_INIT;
			sbuf_adds(&name, ts->name);
			int rest = c;
			/* The last parameter varies fastest: "len=7 wg=64", "len=7 wg=128", ... */
			int64_t chosen[MAX_VARS];
			for (int p = ts->nparams - 1; p >= 0; p--) {
				chosen[p] = ts->params[p].values[rest % ts->params[p].nvalues];
				rest /= ts->params[p].nvalues;
			}
			for (int p = 0; p < ts->nparams; p++) {
				if (vars_set(&tc->vars, ts->params[p].name, chosen[p]) < 0) {
					free(cases);
					sbuf_release(&name);
					return -1;
				}
				sbuf_addf(&name, " %s=%lld", ts->params[p].name, (long long)chosen[p]);
			}
			copy_str(tc->name, sizeof(tc->name), sbuf_str(&name));
			sbuf_release(&name);
			tc->analyze = ts->analyze;
			char why[128];
			int l;
			if (eval_lets(spec, &tc->vars, why, sizeof(why), &l) < 0 && bad_let) {
				copy_str(e, elen, why);
				*bad_let = l;
				free(cases);
				return -1;
			}
		}
	}
	*out = cases;
	*n = total;
	return 0;
}

int check_spec_expand(const struct check_spec *spec, struct test_case **out, int *n)
{
	/* [let] cannot fail on a loaded check: validation expanded the same cases with bad_let */
	return check_spec_expand_checked(spec, out, n, NULL, 0, NULL);
}
