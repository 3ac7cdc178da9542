/*
 * derive.c: the [derive NAME] sections of a check: a value the host derives from the outputs
 * after a test's last pass ("value = step * sum(partial)"), compared with what it should be
 * ("expect = 3.14159265358979") within a tolerance. The reference solution must meet it too (a
 * miss is the course's error); the learner's kernel fails the test when it misses.
 */
#include "course/course.h"

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
		d->tolerance = d->abs_tolerance = -1;
	}
	if (!strcmp(key, "value") || !strcmp(key, "expect")) {
		char **dst = key[0] == 'v' ? &d->value : &d->expect;
		free(*dst);
		*dst = xstrdup(value);
		return 0;
	}
	double *tol = !strcmp(key, "tolerance") ? &d->tolerance
		      : !strcmp(key, "tolerance.abs") ? &d->abs_tolerance : NULL;
	if (!tol) {
		snprintf(err, errlen, "unknown key '%s' in [derive %s] (value, expect, tolerance, "
			 "tolerance.abs)", key, name);
		return -1;
	}
	char *end;
	*tol = strtod(value, &end);
	if (*end || end == value || !isfinite(*tol) || *tol < 0) {
		snprintf(err, errlen, "tolerance must be a non-negative finite number");
		return -1;
	}
	return 0;
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
	double rel = d->tolerance >= 0 ? d->tolerance : spec->tolerance;
	double abs_tol = d->abs_tolerance >= 0 ? d->abs_tolerance : spec->abs_tolerance;
	double diff = fabs(*got - *want);
	return diff <= abs_tol || diff <= rel * fmax(1.0, fabs(*want)) ? 0 : 1;
}

int derive_all(const struct check_spec *spec, const struct vars *v, const void *const *bytes,
	       const size_t *n, int *k, double *got, double *want, char *err, size_t errlen)
{
	for (*k = 0; *k < spec->nderive; (*k)++) {
		int rc = derive_eval(spec, *k, v, bytes, n, got, want, err, errlen);
		if (rc)
			return rc;
	}
	return 0;
}

int derive_validate(const struct check_spec *spec, const char *text, const struct vars *v, char *err,
		    size_t errlen)
{
	for (int k = 0; k < spec->nderive; k++) {
		const struct derive_spec *d = &spec->derive[k];
		char header[NAME_MAX_LEN + 16];
		snprintf(header, sizeof(header), "[derive %s]", d->name);
		if (!d->value || !d->expect) {
			snprintf(err, errlen, "[derive %s] needs '%s'", d->name, d->value ? "expect" : "value");
			return ini_find_line(text, header);
		}
		struct derive_ctx c = { spec, v, NULL, NULL, "" };
		double x;
		char e[160];
		const char *keys[2] = { "value", "expect" };
		for (int i = 0; i < 2; i++)
			if (eval(&c, i ? d->expect : d->value, &x, e, sizeof(e)) < 0) {
				snprintf(err, errlen, "[derive %s] %s: %s", d->name, keys[i], e);
				return ini_key_line(text, header, keys[i]);
			}
	}
	return 0;
}

void derive_release(struct check_spec *spec)
{
	for (int k = 0; k < spec->nderive; k++) {
		free(spec->derive[k].value);
		free(spec->derive[k].expect);
	}
}
