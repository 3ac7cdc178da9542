/*
 * realexpr.c: the floating-point expressions of check files: a float or double scalar's value
 * ("1.0 / nsteps") and the derived values of [derive] ("step * sum(partial)"). Evaluated in
 * double as they are parsed (no tree, no allocation); the caller rounds the result once to the
 * argument's type. A division by zero, or a result that is not a finite number, is an error with
 * its reason.
 */
#include "course/course.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rparser {
	const char *p;
	const struct vars *vars;
	const struct real_lookup *lk;
	char *err;
	size_t errlen;
	int failed;
};

static double parse_sum(struct rparser *ps);

static double rfail(struct rparser *ps, const char *fmt, const char *what)
{
	if (!ps->failed)
		snprintf(ps->err, ps->errlen, fmt, what);
	ps->failed = 1;
	return 0;
}

static void rskip(struct rparser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static int raccept(struct rparser *ps, char c)
{
	rskip(ps);
	if (*ps->p != c)
		return 0;
	ps->p++;
	return 1;
}

static void rexpect(struct rparser *ps, char c)
{
	if (!raccept(ps, c)) {
		char t[2] = { c, 0 };
		rfail(ps, "expected '%s'", t);
	}
}

/* A literal: digits with an optional fraction and exponent (1, 1.0, .5, 1e-3); no hex, no inf. */
static double parse_number(struct rparser *ps)
{
	const char *s = ps->p;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return rfail(ps, "unexpected '%s' (write numbers in decimal)", s);
	char *end;
	double v = strtod(s, &end);
	if (end == s)
		return rfail(ps, "unexpected '%s'", s);
	ps->p = end;
	if (!isfinite(v))
		return rfail(ps, "%s", "a number too large for a double");
	return v;
}

static double call(struct rparser *ps, const char *name)
{
	rskip(ps);
	/* a buffer's reduction: sum(B), min(B), max(B), count(B), when B names a buffer */
	const char *save = ps->p;
	char word[NAME_MAX_LEN];
	size_t n = 0;
	while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n + 1 < sizeof(word))
		word[n++] = *ps->p++;
	word[n] = '\0';
	if (n && raccept(ps, ')') && ps->lk && ps->lk->reduce) {
		double v;
		int rc = ps->lk->reduce(ps->lk->ctx, name, word, &v);
		if (rc == 0)
			return v;
		if (rc < 0) {
			char what[2 * NAME_MAX_LEN + 4];
			snprintf(what, sizeof(what), "%s(%s)", name, word);
			return rfail(ps, "%s: unknown function or buffer", what);
		}
	}
	ps->p = save;
	double a = parse_sum(ps);
	if (raccept(ps, ')')) {
		if (!strcmp(name, "sqrt") && !ps->failed) {
			if (a < 0)
				return rfail(ps, "%s", "sqrt of a negative number");
			return sqrt(a);
		}
		if (!strcmp(name, "abs"))
			return fabs(a);
		return rfail(ps, "unknown function '%s' with one value", name);
	}
	rexpect(ps, ',');
	double b = parse_sum(ps);
	rexpect(ps, ')');
	if (ps->failed)
		return 0;
	if (!strcmp(name, "min"))
		return a < b ? a : b;
	if (!strcmp(name, "max"))
		return a > b ? a : b;
	return rfail(ps, "unknown function '%s'", name);
}

static double parse_primary(struct rparser *ps)
{
	rskip(ps);
	if (raccept(ps, '(')) {
		double v = parse_sum(ps);
		rexpect(ps, ')');
		return v;
	}
	if (raccept(ps, '-'))
		return -parse_primary(ps);
	if (raccept(ps, '+'))
		return parse_primary(ps);
	if (isdigit((unsigned char)*ps->p) || (*ps->p == '.' && isdigit((unsigned char)ps->p[1])))
		return parse_number(ps);
	if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
		char name[NAME_MAX_LEN];
		size_t n = 0;
		while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n + 1 < sizeof(name))
			name[n++] = *ps->p++;
		name[n] = '\0';
		if (raccept(ps, '('))
			return call(ps, name);
		const int64_t *v = vars_get(ps->vars, name);
		if (v)
			return (double)*v;
		double x;
		if (ps->lk && ps->lk->value && ps->lk->value(ps->lk->ctx, name, &x) == 0)
			return x;
		return rfail(ps, "unknown name '%s'", name);
	}
	return rfail(ps, "unexpected '%s'", *ps->p ? ps->p : "end of expression");
}

static double parse_product(struct rparser *ps)
{
	double v = parse_primary(ps);
	for (;;) {
		if (raccept(ps, '*')) {
			v *= parse_primary(ps);
		} else if (raccept(ps, '/')) {
			double d = parse_primary(ps);
			if (d == 0 && !ps->failed)
				return rfail(ps, "%s", "division by zero");
			v /= d;
		} else {
			return v;
		}
	}
}

static double parse_sum(struct rparser *ps)
{
	double v = parse_product(ps);
	for (;;) {
		if (raccept(ps, '+'))
			v += parse_product(ps);
		else if (raccept(ps, '-'))
			v -= parse_product(ps);
		else
			return v;
	}
}

int expr_eval_real(const char *src, const struct vars *v, const struct real_lookup *lk, double *out,
		   char *err, size_t errlen)
{
	struct rparser ps = { src, v, lk, err, errlen, 0 };
	double value = parse_sum(&ps);
	rskip(&ps);
	if (!ps.failed && *ps.p)
		rfail(&ps, "unexpected '%s'", ps.p);
	if (!ps.failed && !isfinite(value))
		rfail(&ps, "%s", "the value is not a finite number");
	if (ps.failed)
		return -1;
	*out = value;
	return 0;
}

int arg_scalar_value(const struct arg_spec *a, const struct vars *v, double *out, char *err,
		     size_t errlen)
{
	if (!type_info(a->type)->is_float) {
		int64_t x;
		if (expr_eval(a->value_expr, v, &x, err, errlen) < 0)
			return -1;
		*out = (double)x;
		return 0;
	}
	double x;
	if (expr_eval_real(a->value_expr, v, NULL, &x, err, errlen) < 0)
		return -1;
	if (!elem_holds(a->type, x)) {
		snprintf(err, errlen, "%g does not fit in a %s", x, type_info(a->type)->name);
		return -1;
	}
	/* rounded once, to the argument's type */
	*out = a->type == TYPE_FLOAT ? (double)(float)x : x;
	return 0;
}
