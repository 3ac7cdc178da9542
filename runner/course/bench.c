/*
 * bench.c: the [bench] section of a check ini, and the rows of `clings bench` it gives.
 *
 * [bench] looks like a [test] section whose values are expressions over one more variable,
 * `bytes`: the size clings chooses for the device (a few hundred MB on a GPU, tens on a CPU).
 *   [bench]
 *   len = bytes / 4
 *   wg = 64, 128, 256
 * Every combination of the values is one row, run with the check's own buffers, NDRange and
 * [repeat] loop; a list usually names the work-group sizes the exercise allows.
 *   flops = 2 * M * N * K
 * is no parameter: the floating-point operations one run of a row does (the whole [repeat]
 * loop), an expression over the row's values and lets, for FLOP/s beside GB/s.
 */
#include "course/course.h"

#include <stdlib.h>
#include <string.h>

/* Sizes the validation tries: a CPU's and a large GPU's. */
static const int64_t validate_bytes[] = { (int64_t)32 << 20, (int64_t)256 << 20 };

int check_spec_bench_key(struct check_spec *spec, const char *name, const char *value, char *err,
			 size_t errlen)
{
	if (!strcmp(name, "bytes")) {
		snprintf(err, errlen, "[bench]: 'bytes' is set by clings (the size for the device)");
		return 0;
	}
	if (!strcmp(name, "flops")) {
		if (spec->bench_flops || !*value) {
			snprintf(err, errlen, spec->bench_flops ? "[bench]: flops given twice"
				 : "[bench]: flops needs an expression");
			return 0;
		}
		spec->bench_flops = xstrdup(value);
		return 1;
	}
	if (spec->nbench >= MAX_VARS) {
		snprintf(err, errlen, "[bench]: too many parameters");
		return 0;
	}
	struct bench_param *p = &spec->bench[spec->nbench];
	int n = spec_split_list(value, p->expr, 16);
	if (n < 0 || (n == 1 && !*p->expr[0])) {
		spec_free_list(p->expr, n);
		snprintf(err, errlen, "[bench]: '%s' takes 1 to 16 values", name);
		return 0;
	}
	copy_str(p->name, sizeof(p->name), name);
	p->nvalues = n;
	spec->nbench++;
	return 1;
}

int check_spec_bench_rows(const struct check_spec *spec, int64_t bytes, struct test_case **out, int *n,
			  struct sbuf *err)
{
	int total = 1;
	for (int p = 0; p < spec->nbench; p++)
		total *= spec->bench[p].nvalues;
	struct test_case *rows = xcalloc((size_t)total, sizeof(*rows));
	for (int r = 0; r < total; r++) {
		struct test_case *tc = &rows[r];
		vars_set(&tc->vars, "bytes", bytes);
		struct sbuf name = SBUF_INIT;
		int rest = r, pick[MAX_VARS];
		/* the last parameter varies fastest, as in the tests */
		for (int p = spec->nbench - 1; p >= 0; p--) {
			pick[p] = rest % spec->bench[p].nvalues;
			rest /= spec->bench[p].nvalues;
		}
		for (int p = 0; p < spec->nbench; p++) {
			const struct bench_param *bp = &spec->bench[p];
			int64_t x;
			char e[128] = "too many parameters";
			/* over bytes and the parameters above it */
			if (expr_eval(bp->expr[pick[p]], &tc->vars, &x, e, sizeof(e)) < 0 ||
			    vars_set(&tc->vars, bp->name, x) < 0) {
				sbuf_addf(err, "%s = %s: %s", bp->name, bp->expr[pick[p]], e);
				sbuf_release(&name);
				free(rows);
				return -1;
			}
			sbuf_addf(&name, "%s%s=%lld", p ? " " : "", bp->name, (long long)x);
		}
		copy_str(tc->name, sizeof(tc->name), sbuf_str(&name));
		sbuf_release(&name);
		if (check_spec_eval_lets(spec, &tc->vars, err) < 0) {
			free(rows);
			return -1;
		}
	}
	*out = rows;
	*n = total;
	return 0;
}

/* One expression of a row's pass: it must evaluate, and to at least min. */
static int eval_at_least(const char *what, const char *expr, const struct vars *v, int64_t min,
			 int64_t *out, struct sbuf *err)
{
	char e[128];
	if (expr_eval(expr, v, out, e, sizeof(e)) < 0) {
		sbuf_addf(err, "%s: %s", what, e);
		return -1;
	}
	if (*out < min) {
		sbuf_addf(err, "%s is %lld", what, (long long)*out);
		return -1;
	}
	return 0;
}

int check_spec_bench_validate(const struct check_spec *spec, struct sbuf *err)
{
	for (size_t s = 0; s < sizeof(validate_bytes) / sizeof(validate_bytes[0]); s++) {
		struct test_case *rows;
		int n;
		if (check_spec_bench_rows(spec, validate_bytes[s], &rows, &n, err) < 0)
			return -1;
		int rc = 0;
		for (int r = 0; r < n && !rc; r++) {
			struct vars v = rows[r].vars;
			for (int pass = 0; pass < BENCH_MAX_PASSES && !rc; pass++) {
				int64_t x, g;
				for (int a = 0; a < spec->nargs && !rc; a++) {
					const struct arg_spec *arg = &spec->args[a];
					double real;
					char e[128];
					if (arg->kind == ARG_SCALAR && arg_scalar_value(arg, &v, &real, e, sizeof(e)) < 0) {
						sbuf_addf(err, "%s: %s", arg->name, e);
						rc = -1;
					} else if (arg->kind != ARG_SCALAR) {
						rc = eval_at_least(arg->name, arg->size_expr, &v, 0, &x, err);
					}
					if (!rc && arg->init.kind == INIT_FILE && arg->init.ndata != (size_t)x) {
						sbuf_addf(err, "%s: data/%s holds %zu values, the bench's size %lld",
							  arg->name, arg->init.file, arg->init.ndata, (long long)x);
						rc = -1;
					}
				}
				for (int st = 0; st < spec->nsteps && !rc; st++) {
					const struct step_spec *step = &spec->steps[st];
					for (int d = 0; d < step->dims && !rc; d++) {
						rc = eval_at_least("global", step->global_expr[d], &v, 1, &g, err);
						if (!rc)
							rc = step_local_is_auto(step)
							     ? step_local_eval(step, d, &v, NULL, &x, (char[64]){ 0 }, 64)
							     : eval_at_least("local", step->local_expr[d], &v, 1, &x, err);
						if (!rc && g % x) {
							sbuf_addf(err, "global %lld is not a multiple of local %lld",
								  (long long)g, (long long)x);
							rc = -1;
						}
					}
				}
				if (!rc && (rc = check_spec_next_pass(spec, &v, err)) == 0)
					break;
				rc = rc < 0 ? -1 : 0;
			}
			int64_t flops;
			if (!rc && spec->bench_flops)
				rc = eval_at_least("flops", spec->bench_flops, &rows[r].vars, 1, &flops, err);
			if (rc)
				sbuf_addf(err, " (row %s)", rows[r].name);
		}
		free(rows);
		if (rc)
			return -1;
	}
	return 0;
}

void check_spec_bench_release(struct check_spec *spec)
{
	for (int p = 0; p < spec->nbench; p++)
		spec_free_list(spec->bench[p].expr, spec->bench[p].nvalues);
	spec->nbench = 0;
	free(spec->bench_flops);
	spec->bench_flops = NULL;
}
