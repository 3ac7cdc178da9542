/* fill.c: a buffer's input as its check says (random, iota, const, or the poison of an output),
 * the same from the same seed on every machine. Bounds are literals or expressions over the
 * test's values; a [test] may give a buffer an input of its own. */
#include "course/course.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* A literal number (a float's bound: "-1.5"), or else an expression kept for each test. */
static void parse_bound(const char *text, double *literal, char **expr)
{
	char *end;
	double x = strtod(text, &end);
	while (isspace((unsigned char)*end))
		end++;
	if (end != text && !*end && isfinite(x)) {
		*literal = x;
		*expr = NULL;
	} else {
		*literal = 0;
		*expr = xstrdup(text);
	}
}

int init_parse(const char *v, struct init_spec *in, char *err, size_t errlen)
{
	static const struct { const char *name; enum init_kind kind; int nargs; } kinds[] = {
		{ "random", INIT_RANDOM, 2 }, { "iota", INIT_IOTA, 1 }, { "const", INIT_CONST, 1 },
		{ "poison", INIT_POISON, 0 },
	};
	const char *open = strchr(v, '(');
	size_t name_len = open ? (size_t)(open - v) : strlen(v);
	while (name_len && isspace((unsigned char)v[name_len - 1]))
		name_len--;
	size_t len = strlen(v);
	while (len && isspace((unsigned char)v[len - 1]))
		len--;
	init_release(in);
	if (name_len == 4 && !strncmp(v, "file", 4) && open && v[len - 1] == ')') {
		const char *a = open + 1, *b = v + len - 1;
		while (a < b && isspace((unsigned char)*a))
			a++;
		while (b > a && isspace((unsigned char)b[-1]))
			b--;
		in->kind = INIT_FILE;
		in->file = xmalloc((size_t)(b - a) + 1);
		memcpy(in->file, a, (size_t)(b - a));
		in->file[b - a] = '\0';
		return 0;
	}
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (name_len != strlen(kinds[k].name) || strncmp(v, kinds[k].name, name_len))
			continue;
		in->kind = kinds[k].kind;
		if (!open) {   /* "iota" is iota(0); "poison" takes nothing */
			if (kinds[k].nargs == 0 || kinds[k].kind == INIT_IOTA)
				return 0;
			break;
		}
		if (kinds[k].nargs == 0 || v[len - 1] != ')')
			break;
		char *inner = xmalloc(len - (size_t)(open - v));
		memcpy(inner, open + 1, len - (size_t)(open - v) - 2);
		inner[len - (size_t)(open - v) - 2] = '\0';
		char *parts[2];
		int n = spec_split_list(inner, parts, 2);
		free(inner);
		bool ok = n == kinds[k].nargs;
		for (int i = 0; ok && i < n; i++)
			ok = parts[i][0] != '\0';
		for (int i = 0; ok && i < n; i++)
			parse_bound(parts[i], i ? &in->b : &in->a, &in->expr[i]);
		spec_free_list(parts, n);
		if (!ok)
			break;
		if (in->kind == INIT_RANDOM && !in->expr[0] && !in->expr[1] && in->a > in->b) {
			snprintf(err, errlen, "random(lo, hi) needs lo <= hi");
			init_release(in);
			return -1;
		}
		return 0;
	}
	init_release(in);
	snprintf(err, errlen, "init must be random(lo, hi), iota(start), const(v), file(NAME) or poison "
		 "(each number a literal or an expression over the test's values)");
	return -1;
}

void init_release(struct init_spec *in)
{
	free(in->expr[0]);
	free(in->expr[1]);
	free(in->file);
	free(in->data);
	memset(in, 0, sizeof(*in));
}

int init_bounds(const struct init_spec *in, enum elem_type t, const struct vars *v, double *a,
		double *b, char *err, size_t errlen)
{
	double x[2] = { in->a, in->b };
	for (int i = 0; i < 2; i++) {
		if (!in->expr[i])
			continue;
		int64_t n;
		char e[128];
		if (expr_eval(in->expr[i], v, &n, e, sizeof(e)) < 0) {
			snprintf(err, errlen, "'%s': %s", in->expr[i], e);
			return -1;
		}
		x[i] = (double)n;
	}
	int used = in->kind == INIT_RANDOM ? 2 : in->kind == INIT_POISON || in->kind == INIT_FILE ? 0 : 1;
	for (int i = 0; i < used; i++)
		if (!elem_holds(t, x[i])) {
			snprintf(err, errlen, "%g does not fit in a %s", x[i], type_info(t)->name);
			return -1;
		}
	if (in->kind == INIT_RANDOM && x[0] > x[1]) {
		snprintf(err, errlen, "random(%g, %g): lo must not be above hi", x[0], x[1]);
		return -1;
	}
	*a = x[0];
	*b = x[1];
	return 0;
}

const struct init_spec *check_spec_init_for(const struct check_spec *spec, int test, int arg)
{
	if (test >= 0 && test < spec->ntests)
		for (int i = 0; i < spec->tests[test].ninits; i++)
			if (spec->tests[test].inits[i].arg == arg)
				return &spec->tests[test].inits[i].init;
	return &spec->args[arg].init;
}

int arg_fill_init(const struct arg_spec *a, const struct init_spec *in, const struct vars *v,
		  void *buf, size_t n, uint64_t seed, char *err, size_t errlen)
{
	const struct type_info *t = type_info(a->type);
	double lo = 0, hi = 0;
	if (init_bounds(in, a->type, v, &lo, &hi, err, errlen) < 0)
		return -1;
	switch (in->kind) {
	case INIT_POISON:
		memset(buf, POISON_BYTE, n * t->size);
		break;
	case INIT_CONST:
		for (size_t i = 0; i < n; i++)
			elem_set(a->type, buf, i, lo);
		break;
	case INIT_FILE:   /* its values were checked to fit when it was read */
		if (in->ndata != n) {
			snprintf(err, errlen, "data/%s holds %zu values; '%s' has %zu elements", in->file,
				 in->ndata, a->name, n);
			return -1;
		}
		for (size_t i = 0; i < n; i++)
			elem_set(a->type, buf, i, in->data[i]);
		break;
	case INIT_IOTA:
		for (size_t i = 0; i < n; i++)
			elem_set(a->type, buf, i, lo + (double)i);
		break;
	case INIT_RANDOM:
		for (size_t i = 0; i < n; i++) {
			uint64_t r = splitmix64(&seed);
			double x;
			if (t->is_float)
				x = lo + (hi - lo) * ((double)(r >> 11) / 9007199254740992.0);
			else
				x = lo + (double)(r % (uint64_t)(hi - lo + 1));
			elem_set(a->type, buf, i, x);
		}
		break;
	}
	return 0;
}
