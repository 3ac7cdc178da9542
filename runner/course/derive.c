/*
 * derive.c: the [derive NAME] sections of a check: a value the host derives from the outputs
 * after a test's last pass ("value = step * sum(partial)"), compared with what it should be
 * ("expect = 3.14159265358979") within a tolerance. The reference solution must meet it too (a
 * miss is the course's error); the learner's kernel fails the test when it misses.
 */
#include "course/course.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find_arg(const struct check_spec *spec, const char *name)
{
	for (int i = 0; i < spec->nargs; i++)
		if (!strcmp(spec->args[i].name, name))
			return i;
	return -1;
}

int derive_key(struct check_spec *spec, const char *name, const char *key, const char *value,
	       char *err, size_t errlen)
{
	struct derive_spec *d = NULL;
	for (int i = 0; i < spec->nderive; i++)
		if (!strcmp(spec->derive[i].name, name))
			d = &spec->derive[i];
	if (!d) {
		if (spec->nderive >= MAX_DERIVE) {
			snprintf(err, errlen, "more than %d [derive] sections", MAX_DERIVE);
			return -1;
		}
		if (!spec_identifier(name, NAME_MAX_LEN)) {
			snprintf(err, errlen, "a derived value's name is a C identifier: [derive %s]", name);
			return -1;
		}
		d = &spec->derive[spec->nderive++];
		copy_str(d->name, sizeof(d->name), name);
	}
	if (!strcmp(key, "value") || !strcmp(key, "expect") || !strcmp(key, "test")) {
		char **dst = key[0] == 'v' ? &d->value : key[0] == 'e' ? &d->expect : &d->tests;
		free(*dst);
		*dst = xstrdup(value);
		return 0;
	}
	int tol = !strcmp(key, "tolerance") ? 0 : !strcmp(key, "tolerance.abs") ? 1 : -1;
	if (tol < 0) {
		snprintf(err, errlen, "unknown key '%s' in [derive %s] (value, expect, tolerance, "
			 "tolerance.abs, test)", key, name);
		return -1;
	}
	/* a real expression, evaluated for each test (derive_validate): "1e-4 * niters" */
	free(d->tolerance[tol]);
	d->tolerance[tol] = xstrdup(value);
	return 0;
}

_Static_assert(MAX_TESTS <= 32, "test_mask has a bit for each [test] section");
_Static_assert(MAX_VARS <= 32, "name_hidden has a bit for each parameter of a test");

bool derive_applies(const struct check_spec *spec, int k, int t)
{
	uint32_t mask = spec->derive[k].test_mask;
	return !mask || (t >= 0 && t < 32 && (mask >> t & 1));
}

/* What a derived value's expression reads: the test's values, the scalars, the outputs. */
struct derive_ctx {
	const struct check_spec *spec;
	const struct vars *v;
	const void *const *bytes;    /* each argument's contents, NULL: none */
	const size_t *n;
	char why[160];               /* a reduction of a buffer that is no output */
};

static int scalar_value(void *user, const char *name, double *out)
{
	struct derive_ctx *c = user;
	int i = find_arg(c->spec, name);
	if (i < 0 || c->spec->args[i].kind != ARG_SCALAR)
		return -1;
	char e[128];
	return arg_scalar_value(&c->spec->args[i], c->v, out, e, sizeof(e));
}

static int reduce(void *user, const char *fn, const char *buffer, double *out)
{
	struct derive_ctx *c = user;
	int i = find_arg(c->spec, buffer);
	bool sum = !strcmp(fn, "sum"), min = !strcmp(fn, "min"), max = !strcmp(fn, "max"),
	     count = !strcmp(fn, "count");
	if (!sum && !min && !max && !count)
		return i < 0 ? 1 : -1;
	if (i < 0 || c->spec->args[i].kind == ARG_SCALAR || c->spec->args[i].kind == ARG_LOCAL ||
	    !c->spec->args[i].output) {
		snprintf(c->why, sizeof(c->why), "%s(%s): '%s' is not an output buffer (output = yes)",
			 fn, buffer, buffer);
		return -1;
	}
	if (!c->bytes) {   /* validation: the names are right */
		*out = 1;
		return 0;
	}
	enum elem_type t = c->spec->args[i].type;
	size_t n = c->n[i];
	double acc = sum || count ? 0 : n ? elem_get_double(t, c->bytes[i], 0) : 0;
	for (size_t k = 0; k < n && c->bytes[i]; k++) {
		double x = elem_get_double(t, c->bytes[i], k);
		if (sum)
			acc += x;
		else if (count)
			acc += x != 0;
		else if (min ? x < acc : x > acc)
			acc = x;
	}
	*out = acc;
	return 0;
}

static int eval(struct derive_ctx *c, const char *expr, double *out, char *err, size_t errlen)
{
	struct real_lookup lk = { scalar_value, reduce, c };
	c->why[0] = '\0';
	if (expr_eval_real(expr, c->v, &lk, out, err, errlen) == 0)
		return 0;
	if (c->why[0])
		copy_str(err, errlen, c->why);
	return -1;
}

static const char *const tolerance_key[2] = { "tolerance", "tolerance.abs" };

/* The relative and absolute tolerances of d for the values v: its own expressions, else the
 * check's. -1 with why (a negative one too), the failing key's index in *bad. */
static int tolerances(struct derive_ctx *c, const struct derive_spec *d, double tol[2], int *bad,
		      char *err, size_t errlen)
{
	tol[0] = c->spec->tolerance;
	tol[1] = c->spec->abs_tolerance;
	for (int i = 0; i < 2; i++) {
		if (!d->tolerance[i])
			continue;
		char e[160];
		*bad = i;
		if (eval(c, d->tolerance[i], &tol[i], e, sizeof(e)) < 0) {
			snprintf(err, errlen, "[derive %s] %s: %s", d->name, tolerance_key[i], e);
			return -1;
		}
		if (tol[i] < 0) {
			snprintf(err, errlen, "[derive %s] %s: %s is %g; a tolerance is not negative",
				 d->name, tolerance_key[i], d->tolerance[i], tol[i]);
			return -1;
		}
	}
	return 0;
}

int derive_eval(const struct check_spec *spec, int k, const struct vars *v, const void *const *bytes,
		const size_t *n, double *got, double *want, char *err, size_t errlen)
{
	const struct derive_spec *d = &spec->derive[k];
	struct derive_ctx c = { spec, v, bytes, n, "" };
	char e[160];
	if (eval(&c, d->value, got, e, sizeof(e)) < 0) {
		snprintf(err, errlen, "[derive %s] value: %s", d->name, e);
		return -1;
	}
	if (eval(&c, d->expect, want, e, sizeof(e)) < 0) {
		snprintf(err, errlen, "[derive %s] expect: %s", d->name, e);
		return -1;
	}
	double tol[2];
	int bad;
	if (tolerances(&c, d, tol, &bad, err, errlen) < 0)
		return -1;
	double diff = fabs(*got - *want);
	return diff <= tol[1] || diff <= tol[0] * fmax(1.0, fabs(*want)) ? 0 : 1;
}

int derive_all(const struct check_spec *spec, int t, const struct vars *v, const void *const *bytes,
	       const size_t *n, int *k, double *got, double *want, char *err, size_t errlen)
{
	for (*k = 0; *k < spec->nderive; (*k)++) {
		if (!derive_applies(spec, *k, t))
			continue;
		int rc = derive_eval(spec, *k, v, bytes, n, got, want, err, errlen);
		if (rc)
			return rc;
	}
	return 0;
}

/* Resolves d's `test = NAME, ...` into its mask; the line to blame, or 0. */
static int resolve_tests(struct check_spec *spec, struct derive_spec *d, const char *text, char *err,
			 size_t errlen)
{
	char header[NAME_MAX_LEN + 16];
	snprintf(header, sizeof(header), "[derive %s]", d->name);
	char *names[MAX_TESTS];
	int n = d->tests ? spec_split_list(d->tests, names, MAX_TESTS) : 0;
	if (d->tests && n <= 0) {
		snprintf(err, errlen, "[derive %s] test: name one [test] section or more", d->name);
		return ini_key_line(text, header, "test");
	}
	int line = 0;
	for (int i = 0; i < n && !line; i++) {
		int t = 0;
		while (t < spec->ntests && strcmp(spec->tests[t].name, names[i]))
			t++;
		if (t == spec->ntests) {
			snprintf(err, errlen, "[derive %s] test: no [test %s] section", d->name, names[i]);
			line = ini_key_line(text, header, "test");
		} else {
			d->test_mask |= (uint32_t)1 << t;
		}
	}
	spec_free_list(names, n > 0 ? n : 0);
	return line;
}

/* Whether name appears as a whole identifier in s. */
/* Whether expression src reads name (a name it cannot list counts as read: the name stays). */
static bool reads(const char *src, const char *name)
{
	struct vars names = { 0 };
	return src && (expr_names(src, &names) < 0 || vars_get(&names, name));
}

/* Whether an expression a run evaluates outside [derive] reads name: a size, a scalar's value,
 * an input's bounds (a test's own too), an output's shape and host oracle, a [let], the loop's,
 * a step's NDRange, the bench's. */
static bool read_beyond_derive(const struct check_spec *spec, const char *name)
{
	bool r = false;
	for (int i = 0; i < spec->nargs && !r; i++) {
		const struct arg_spec *a = &spec->args[i];
		r = reads(a->size_expr, name) || reads(a->value_expr, name) ||
		    reads(a->init.expr[0], name) || reads(a->init.expr[1], name) ||
		    reads(a->host_expr[0], name) || reads(a->host_expr[1], name);
		for (int d = 0; d < MAX_DIMS && !r; d++)
			r = reads(a->shape_expr[d], name);
	}
	for (int t = 0; t < spec->ntests && !r; t++)
		for (int i = 0; i < spec->tests[t].ninits && !r; i++)
			r = reads(spec->tests[t].inits[i].init.expr[0], name) ||
			    reads(spec->tests[t].inits[i].init.expr[1], name);
	for (int i = 0; i < spec->nlets && !r; i++)
		r = reads(spec->lets[i].expr, name);
	for (int i = 0; i < spec->nrepeat_set && !r; i++)
		r = reads(spec->repeat_set[i].expr, name);
	r = r || reads(spec->repeat_while, name) || reads(spec->bench_flops, name);
	for (int s = 0; s < spec->nsteps && !r; s++)
		for (int d = 0; d < spec->steps[s].dims && !r; d++)
			r = reads(spec->steps[s].global_expr[d], name) || reads(spec->steps[s].local_expr[d], name);
	for (int p = 0; p < spec->nbench && !r; p++)
		for (int i = 0; i < spec->bench[p].nvalues && !r; i++)
			r = reads(spec->bench[p].expr[i], name);
	return r;
}

static bool derive_reads(const struct check_spec *spec, const char *name)
{
	for (int k = 0; k < spec->nderive; k++) {
		const struct derive_spec *d = &spec->derive[k];
		if (reads(d->value, name) || reads(d->expect, name) || reads(d->tolerance[0], name) ||
		    reads(d->tolerance[1], name))
			return true;
	}
	return false;
}

int derive_finish(struct check_spec *spec, const char *text, char *err, size_t errlen)
{
	for (int k = 0; k < spec->nderive; k++) {
		int line = resolve_tests(spec, &spec->derive[k], text, err, errlen);
		if (line)
			return line;
	}
	for (int t = 0; t < spec->ntests; t++) {
		struct test_spec *ts = &spec->tests[t];
		for (int p = 0; p < ts->nparams; p++)
			if (ts->params[p].nvalues == 1 && derive_reads(spec, ts->params[p].name) &&
			    !read_beyond_derive(spec, ts->params[p].name))
				ts->name_hidden |= (uint32_t)1 << p;
	}
	return 0;
}

int derive_validate(const struct check_spec *spec, const char *text, int t, const struct vars *v,
		    char *err, size_t errlen)
{
	for (int k = 0; k < spec->nderive; k++) {
		const struct derive_spec *d = &spec->derive[k];
		char header[NAME_MAX_LEN + 16];
		snprintf(header, sizeof(header), "[derive %s]", d->name);
		if (!d->value || !d->expect) {
			snprintf(err, errlen, "[derive %s] needs '%s'", d->name, d->value ? "expect" : "value");
			return ini_find_line(text, header);
		}
		if (!derive_applies(spec, k, t))
			continue;
		struct derive_ctx c = { spec, v, NULL, NULL, "" };
		double x, tol[2];
		char e[160];
		const char *keys[2] = { "value", "expect" };
		for (int i = 0; i < 2; i++)
			if (eval(&c, i ? d->expect : d->value, &x, e, sizeof(e)) < 0) {
				snprintf(err, errlen, "[derive %s] %s: %s", d->name, keys[i], e);
				return ini_key_line(text, header, keys[i]);
			}
		int bad;
		if (tolerances(&c, d, tol, &bad, err, errlen) < 0)
			return ini_key_line(text, header, tolerance_key[bad]);
	}
	return 0;
}

void derive_release(struct check_spec *spec)
{
	for (int k = 0; k < spec->nderive; k++) {
		free(spec->derive[k].value);
		free(spec->derive[k].expect);
		free(spec->derive[k].tolerance[0]);
		free(spec->derive[k].tolerance[1]);
		free(spec->derive[k].tests);
	}
}
