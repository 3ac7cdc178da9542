/*
 * expr.c: the integer expressions of check files ("ceil_div(len, 2*wg)").
 * A recursive-descent parser that evaluates as it parses; no tree, no allocation. Every step is
 * checked: a result that does not fit in 64 bits, or a division by zero, is an error with its
 * reason, never undefined behaviour or a signal.
 */
#include "course/course.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct parser {
	const char *p;
	const struct vars *vars;
	char *err;
	size_t errlen;
	int failed;
};

static int64_t parse_or(struct parser *ps);

static int fail(struct parser *ps, const char *fmt, const char *what)
{
	if (!ps->failed)
		snprintf(ps->err, ps->errlen, fmt, what);
	ps->failed = 1;
	return 0;
}

static int64_t overflow(struct parser *ps)
{
	return fail(ps, "%s", "the value does not fit in 64 bits");
}

static void skip_space(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static int accept(struct parser *ps, const char *tok)
{
	skip_space(ps);
	size_t n = strlen(tok);
	if (strncmp(ps->p, tok, n))
		return 0;
	/* "<" must not swallow the first half of "<=" */
	if (n == 1 && strchr("<>=!", tok[0]) && ps->p[1] == '=')
		return 0;
	if (n == 1 && (tok[0] == '&' || tok[0] == '|') && ps->p[1] == tok[0])
		return 0;
	ps->p += n;
	return 1;
}

static void expect(struct parser *ps, const char *tok)
{
	if (!accept(ps, tok))
		fail(ps, "expected '%s'", tok);
}

static int64_t call(struct parser *ps, const char *name)
{
	int64_t a = parse_or(ps);
	expect(ps, ",");
	int64_t b = parse_or(ps);
	expect(ps, ")");
	if (ps->failed)
		return 0;
	if (!strcmp(name, "min"))
		return a < b ? a : b;
	if (!strcmp(name, "max"))
		return a > b ? a : b;
	bool ceil_div = !strcmp(name, "ceil_div");
	if (!ceil_div && strcmp(name, "round_up"))
		return fail(ps, "unknown function '%s'", name);
	if (b == 0)
		return fail(ps, "%s: division by zero", name);
	if (b < 0)
		return fail(ps, "%s: the divisor must be positive", name);
	int64_t top, q, r;
	if (__builtin_add_overflow(a, b - 1, &top))
		return overflow(ps);
	q = top / b;
	if (ceil_div)
		return q;
	return __builtin_mul_overflow(q, b, &r) ? overflow(ps) : r;
}

static int64_t parse_primary(struct parser *ps)
{
	skip_space(ps);
	if (accept(ps, "(")) {
		int64_t v = parse_or(ps);
		expect(ps, ")");
		return v;
	}
	if (accept(ps, "-")) {
		int64_t v = parse_primary(ps), r;
		return __builtin_sub_overflow((int64_t)0, v, &r) ? overflow(ps) : r;
	}
	if (accept(ps, "!"))
		return !parse_primary(ps);
	if (isdigit((unsigned char)*ps->p)) {
		int64_t v = 0;
		while (isdigit((unsigned char)*ps->p))
			if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, *ps->p++ - '0', &v))
				return overflow(ps);
		return v;
	}
	if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
		char name[NAME_MAX_LEN];
		size_t n = 0;
		while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n + 1 < sizeof(name))
			name[n++] = *ps->p++;
		name[n] = '\0';
		if (accept(ps, "("))
			return call(ps, name);
		const int64_t *v = vars_get(ps->vars, name);
		if (!v)
			return fail(ps, "unknown name '%s'", name);
		return *v;
	}
	return fail(ps, "unexpected '%s'", *ps->p ? ps->p : "end of expression");
}

static int64_t parse_mul(struct parser *ps)
{
	int64_t v = parse_primary(ps);
	for (;;) {
		if (accept(ps, "*")) {
			if (__builtin_mul_overflow(v, parse_primary(ps), &v))
				return overflow(ps);
		} else if (accept(ps, "/") || accept(ps, "%")) {
			char op = ps->p[-1];
			int64_t d = parse_primary(ps);
			if (d == 0)
				return fail(ps, "%s", "division by zero");
			if (d == -1 && v == INT64_MIN)   /* the one quotient that does not fit */
				return overflow(ps);
			v = op == '/' ? v / d : v % d;
		} else
			return v;
	}
}

static int64_t parse_add(struct parser *ps)
{
	int64_t v = parse_mul(ps);
	for (;;) {
		if (accept(ps, "+")) {
			if (__builtin_add_overflow(v, parse_mul(ps), &v))
				return overflow(ps);
		} else if (accept(ps, "-")) {
			if (__builtin_sub_overflow(v, parse_mul(ps), &v))
				return overflow(ps);
		} else {
			return v;
		}
	}
}

static int64_t parse_cmp(struct parser *ps)
{
	int64_t v = parse_add(ps);
	for (;;) {
		if (accept(ps, "<="))
			v = v <= parse_add(ps);
		else if (accept(ps, ">="))
			v = v >= parse_add(ps);
		else if (accept(ps, "=="))
			v = v == parse_add(ps);
		else if (accept(ps, "!="))
			v = v != parse_add(ps);
		else if (accept(ps, "<"))
			v = v < parse_add(ps);
		else if (accept(ps, ">"))
			v = v > parse_add(ps);
		else
			return v;
	}
}

static int64_t parse_and(struct parser *ps)
{
	int64_t v = parse_cmp(ps);
	while (accept(ps, "&&")) {
		int64_t r = parse_cmp(ps);
		v = v && r;
	}
	return v;
}

static int64_t parse_or(struct parser *ps)
{
	int64_t v = parse_and(ps);
	while (accept(ps, "||")) {
		int64_t r = parse_and(ps);
		v = v || r;
	}
	return v;
}

int expr_eval(const char *src, const struct vars *v, int64_t *out, char *err, size_t errlen)
{
	struct parser ps = { src, v, err, errlen, 0 };
	int64_t value = parse_or(&ps);
	skip_space(&ps);
	if (!ps.failed && *ps.p)
		fail(&ps, "unexpected '%s'", ps.p);
	if (ps.failed)
		return -1;
	*out = value;
	return 0;
}

int expr_names(const char *src, struct vars *names)
{
	for (const char *p = src; p && *p;) {
		if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
			/* a number, with the letters of a real one's exponent (1e-3, 2.5E4) */
			while (isalnum((unsigned char)*p) || *p == '.')
				p++;
			continue;
		}
		if (!isalpha((unsigned char)*p) && *p != '_') {
			p++;
			continue;
		}
		char name[NAME_MAX_LEN];
		size_t n = 0;
		for (; isalnum((unsigned char)*p) || *p == '_'; p++)   /* cut as the parsers cut it */
			if (n + 1 < sizeof(name))
				name[n++] = *p;
		name[n] = '\0';
		const char *q = p;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '(' && !vars_get(names, name) && vars_set(names, name, 0) < 0)
			return -1;
	}
	return names->n;
}

int vars_set(struct vars *v, const char *name, int64_t value)
{
	for (int i = 0; i < v->n; i++) {
		if (!strcmp(v->name[i], name)) {
			v->value[i] = value;
			return 0;
		}
	}
	if (v->n >= MAX_VARS)
		return -1;
	copy_str(v->name[v->n], NAME_MAX_LEN, name);
	v->value[v->n++] = value;
	return 0;
}

const int64_t *vars_get(const struct vars *v, const char *name)
{
	for (int i = 0; v && i < v->n; i++)
		if (!strcmp(v->name[i], name))
			return &v->value[i];
	return NULL;
}
