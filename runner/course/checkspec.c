/*
 * checkspec.c: loads a check ini (checks/NAME.ini, format in docs/authoring.md) into a
 * struct check_spec: its sections, keys and the checks only the whole file allows.
 *
 * inih calls the handler once per key; a handler that returns 0 makes ini_parse() return that
 * line, which is how every error below gets its "file:line:". Problems found only after the
 * whole file is read (a missing section) are placed on the line of the section they concern.
 */
#include "course/course.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct load_ctx {
	struct check_spec *spec;
	const char *text;       /* the whole file, to find the line of a section later */
	bool check_signature;   /* [check] gave one: no [step] sections then */
	char *signature_head;   /* its first lines, ending in ',': more follow */
	struct step_spec implied; /* [check] kernel and [ndrange]: the one step of a check without
				   * [step] sections (check_steps_finish makes it steps[0]) */
	char err[256];
};

static int section_line(const char *text, const char *kind, const char *name)
{
	char needle[160];
	snprintf(needle, sizeof(needle), "[%s %s]", kind, name);
	int line = ini_find_line(text, needle);
	if (!line) {
		snprintf(needle, sizeof(needle), "[%s", kind);
		line = ini_find_line(text, needle);
	}
	return line;
}

static int bad(struct load_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(struct load_ctx *ctx, const char *fmt, ...)
{
	if (!ctx->err[0]) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(ctx->err, sizeof(ctx->err), fmt, ap);
		va_end(ap);
	}
	return 0;
}

static bool parse_long(const char *v, long *out)
{
	char *end;
	errno = 0;
	long n = strtol(v, &end, 10);
	if (errno || end == v || *end || n < 0)
		return false;
	*out = n;
	return true;
}

static int parse_signature(struct load_ctx *ctx, const char *v)
{
	struct check_spec *spec = ctx->spec;
	char *parts[MAX_ARGS];
	int n = spec_split_list(v, parts, MAX_ARGS);
	if (n < 0)
		return bad(ctx, "more than %d arguments", MAX_ARGS);
	int ok = 1;
	for (int i = 0; i < n && ok; i++) {
		struct arg_spec *a = &spec->args[i];
		if (spec_parse_arg(parts[i], a, ctx->err, sizeof(ctx->err)) < 0)
			ok = 0;
		for (int j = 0; ok && j < i; j++)
			if (!strcmp(spec->args[j].name, a->name))
				ok = bad(ctx, "two arguments are named '%s'", a->name);
	}
	spec->nargs = ok ? n : 0;
	spec_free_list(parts, n);
	return ok;
}

static struct arg_spec *find_arg(struct check_spec *spec, const char *name)
{
	for (int i = 0; i < spec->nargs; i++)
		if (!strcmp(spec->args[i].name, name))
			return &spec->args[i];
	return NULL;
}

/* init = ... of a buffer, or init.BUFFER = ... of a test: literal numbers must fit its type
 * now; expressions are evaluated for every test when the file is validated. */
static int parse_init_of(struct load_ctx *ctx, const struct arg_spec *a, const char *v,
			 struct init_spec *in)
{
	if (init_parse(v, in, ctx->err, sizeof(ctx->err)) < 0)
		return 0;
	if (in->kind == INIT_FILE)
		return init_load_file(in, ctx->spec->path, a->type, &ctx->spec->text_hash, ctx->err,
				      sizeof(ctx->err)) == 0;
	double lo, hi;
	if (!in->expr[0] && !in->expr[1] &&
	    init_bounds(in, a->type, NULL, &lo, &hi, ctx->err, sizeof(ctx->err)) < 0) {
		ctx->err[0] = '\0';
		return bad(ctx, "init: %s does not fit in a %s", v, type_info(a->type)->name);
	}
	return 1;
}

static int parse_tolerance(struct load_ctx *ctx, const char *v, double *out)
{
	char *end;
	*out = strtod(v, &end);
	if (*end || end == v || !isfinite(*out) || *out < 0)
		return bad(ctx, "tolerance must be a non-negative finite number");
	return 1;
}

static int handle_check(struct load_ctx *ctx, const char *name, const char *v)
{
	struct check_spec *spec = ctx->spec;
	if (!strcmp(name, "kernel")) {
		if (spec->nsteps)
			return bad(ctx, "a check with [step] sections names its kernels there, not in [check]");
		/* a name no kernel can have would blame every learner's kernel for a mismatch */
		if (!spec_identifier(v, sizeof(ctx->implied.kernel)))
			return bad(ctx, "kernel must be a C identifier (letters, digits and '_', not "
				   "starting with a digit, under %zu characters)", sizeof(ctx->implied.kernel));
		copy_str(ctx->implied.kernel, sizeof(ctx->implied.kernel), v);
	} else if (!strcmp(name, "signature")) {
		if (spec->nsteps)
			return bad(ctx, "a check with [step] sections gives each step its signature");
		char *text = spec_continued_list(&ctx->signature_head, v);
		if (!text)
			return 1;
		if (ctx->check_signature) {
			free(text);
			return bad(ctx, "[check] has its signature already (a long one goes on over indented "
				   "lines after a comma)");
		}
		ctx->check_signature = true;
		int ok = parse_signature(ctx, text);
		free(text);
		return ok;
	} else if (!strcmp(name, "build_options")) {
		free(spec->build_options);
		if (!(spec->build_options = build_options_parse(v, ctx->err, sizeof(ctx->err))))
			return 0;
	}
	else if (!strcmp(name, "time_limit_ms") || !strcmp(name, "analysis_time_limit_ms")) {
		long *ms = name[0] == 't' ? &spec->time_limit_ms : &spec->analysis_time_limit_ms;
		if (!parse_long(v, ms) || *ms <= 0 || *ms > MAX_TIME_LIMIT_MS)
			return bad(ctx, "%s must be a number of milliseconds from 1 to %d", name,
				   MAX_TIME_LIMIT_MS);
	} else if (!strcmp(name, "memory_limit_mb")) {
		if (!parse_long(v, &spec->memory_limit_mb) || spec->memory_limit_mb < 0 ||
		    (spec->memory_limit_mb > 0 && spec->memory_limit_mb < MIN_MEMORY_LIMIT_MB) ||
		    spec->memory_limit_mb > MAX_MEMORY_LIMIT_MB)
			return bad(ctx, "memory_limit_mb must be 0 (no limit) or from %d to %d",
				   MIN_MEMORY_LIMIT_MB, MAX_MEMORY_LIMIT_MB);
	} else if (!strcmp(name, "seed")) {
		long s;
		if (!parse_long(v, &s))
			return bad(ctx, "seed must be a non-negative number");
		spec->seed = (uint64_t)s;
	} else if (!strcmp(name, "tolerance")) {
		return parse_tolerance(ctx, v, &spec->tolerance);
	} else if (!strcmp(name, "tolerance.abs")) {
		return parse_tolerance(ctx, v, &spec->abs_tolerance);
	} else if (!strcmp(name, "analysis")) {
		if (!strcmp(v, "on"))
			spec->analysis = ANALYSIS_ON;
		else if (!strcmp(v, "required"))
			spec->analysis = ANALYSIS_REQUIRED;
		else if (!strcmp(v, "off"))
			spec->analysis = ANALYSIS_OFF;
		else
			return bad(ctx, "analysis must be on, required or off");
	} else if (!strcmp(name, "max_work_group_size")) {
		long wg;
		if (!parse_long(v, &wg) || wg < 1 || wg > MAX_WORK_GROUP_LIMIT)
			return bad(ctx, "max_work_group_size must be a number of work-items from 1 to %d",
				   MAX_WORK_GROUP_LIMIT);
		spec->max_work_group = (int)wg;
	} else if (!strcmp(name, "requires_local_mem")) {
		if (!parse_long(v, &spec->requires_local_mem))
			return bad(ctx, "requires_local_mem must be a number of bytes");
	} else if (!strcmp(name, "requirement_why")) {
		/* indented continuation lines arrive as the same key again: join them */
		char *joined = spec->requirement_why ? xstrfmt("%s %s", spec->requirement_why, v) : xstrdup(v);
		free(spec->requirement_why);
		spec->requirement_why = joined;
	} else
		return bad(ctx, "unknown key '%s' in [check]", name);
	return 1;
}

static int add_let(struct load_ctx *ctx, struct let_spec *lets, int *n, const char *name,
		   const char *v)
{
	if (*n >= MAX_LETS)
		return bad(ctx, "more than %d values", MAX_LETS);
	struct let_spec *l = &lets[(*n)++];
	copy_str(l->name, sizeof(l->name), name);
	l->expr = xstrdup(v);
	return 1;
}

/* [repeat] compare = every | last | every N */
static int repeat_compare(struct load_ctx *ctx, const char *v)
{
	char *end;
	if (!strcmp(v, "every") || !strcmp(v, "last")) {
		ctx->spec->repeat_every = v[0] == 'e' ? 0 : REPEAT_LAST;
		return 1;
	}
	if (!strncmp(v, "every", 5) && (v[5] == ' ' || v[5] == '\t')) {
		errno = 0;
		long n = strtol(v + 6, &end, 10);
		if (end > v + 6 && !*end && !errno && n >= 1 && n <= INT_MAX && !strchr(v + 6, '-')) {
			ctx->spec->repeat_every = (int)n;
			return 1;
		}
	}
	return bad(ctx, "[repeat] compare: '%s' is not every, last or every N (N a whole number of "
		   "passes from 1)", v);
}

/* "segment_sum(in, 2*wg)", "segment_max(in, 2*wg)", "transpose(a, rows, cols)" */
static int parse_host(struct load_ctx *ctx, struct arg_spec *a, const char *v)
{
	static const struct { const char *name; enum host_oracle kind; int nexpr; } oracles[] = {
		{ "segment_sum", HOST_SEGMENT_SUM, 1 },
		{ "segment_max", HOST_SEGMENT_MAX, 1 },
		{ "transpose", HOST_TRANSPOSE, 2 },
	};
	const char *open = strchr(v, '(');
	size_t len = strlen(v);
	for (size_t k = 0; open && k < sizeof(oracles) / sizeof(oracles[0]); k++) {
		if ((size_t)(open - v) != strlen(oracles[k].name) || strncmp(v, oracles[k].name, (size_t)(open - v)))
			continue;
		if (v[len - 1] != ')')
			break;
		char *inner = xstrdup(open + 1);
		inner[strlen(inner) - 1] = '\0';
		char *parts[3];         /* the buffer, then at most two expressions */
		int n = spec_split_list(inner, parts, 3);
		free(inner);
		struct arg_spec *src = n > 0 ? find_arg(ctx->spec, parts[0]) : NULL;
		int ok = n == oracles[k].nexpr + 1 && src && src->kind != ARG_LOCAL && src->kind != ARG_SCALAR &&
			 src->type == a->type;
		if (ok) {
			a->host = oracles[k].kind;
			a->host_src = (int)(src - ctx->spec->args);
			for (int i = 0; i < 2; i++) {
				free(a->host_expr[i]);
				a->host_expr[i] = i < oracles[k].nexpr ? xstrdup(parts[i + 1]) : NULL;
			}
		}
		spec_free_list(parts, n);
		if (!ok)
			return bad(ctx, "%s: the first argument must be a buffer of the same type, then %d "
				   "expression%s", oracles[k].name, oracles[k].nexpr, oracles[k].nexpr > 1 ? "s" : ""), -1;
		return 0;
	}
	return bad(ctx, "host must be segment_sum(BUFFER, K), segment_max(BUFFER, K) or "
		   "transpose(BUFFER, ROWS, COLUMNS)"), -1;
}

static int handle_arg_section(struct load_ctx *ctx, const char *kind, const char *argname,
			      const char *name, const char *v)
{
	struct arg_spec *a = find_arg(ctx->spec, argname);
	if (!a)
		return bad(ctx, "[%s %s]: the signature has no argument '%s'", kind, argname, argname);
	bool want_buffer = !strcmp(kind, "buffer"), want_local = !strcmp(kind, "local");
	if ((want_buffer && a->kind != ARG_GLOBAL && a->kind != ARG_CONSTANT) ||
	    (want_local && a->kind != ARG_LOCAL) ||
	    (!want_buffer && !want_local && a->kind != ARG_SCALAR))
		return bad(ctx, "[%s %s] does not match the argument's kind in the signature", kind,
			   argname);
	if (!strcmp(name, "size") && a->kind != ARG_SCALAR)
		a->size_expr = (free(a->size_expr), xstrdup(v));
	else if (!strcmp(name, "value") && a->kind == ARG_SCALAR)
		a->value_expr = (free(a->value_expr), xstrdup(v));
	else if (!strcmp(name, "init") && want_buffer) {
		return parse_init_of(ctx, a, v, &a->init);
	} else if (!strcmp(name, "compare") && want_buffer) {
		static const char *const modes[] = { "exact", "tolerance", "multiset", "sorted" };
		a->compare = COMPARE_DEFAULT;
		for (int m = 0; m < 4; m++)
			if (!strcmp(v, modes[m]))
				a->compare = (enum compare_mode)(COMPARE_EXACT + m);
		if (a->compare == COMPARE_DEFAULT)
			return bad(ctx, "compare must be exact, tolerance, multiset or sorted");
	} else if (!strcmp(name, "tolerance") && want_buffer) {
		return parse_tolerance(ctx, v, &a->tolerance);
	} else if (!strcmp(name, "tolerance.abs") && want_buffer) {
		return parse_tolerance(ctx, v, &a->abs_tolerance);
	} else if (!strcmp(name, "count") && want_buffer) {
		a->count = (free(a->count), xstrdup(v));
	} else if (!strcmp(name, "host") && want_buffer) {
		if (parse_host(ctx, a, v) < 0)
			return 0;
	} else if (!strcmp(name, "output") && want_buffer) {
		if (!parse_yes_no(v, &a->output))
			return bad(ctx, "output must be yes or no");
	} else if ((!strcmp(name, "shape") || !strcmp(name, "label")) && want_buffer) {
		char *parts[MAX_DIMS];
		int n = spec_split_list(v, parts, MAX_DIMS);
		if (n < 0)
			return bad(ctx, "%s takes one or two values", name);
		char **dst = !strcmp(name, "shape") ? a->shape_expr : a->label;
		for (int i = 0; i < MAX_DIMS; i++) {
			free(dst[i]);
			dst[i] = i < n ? parts[i] : NULL;
		}
	} else
		return bad(ctx, "unknown key '%s' in [%s %s]", name, kind, argname);
	return 1;
}

static int handle_test(struct load_ctx *ctx, const char *testname, const char *name, const char *v)
{
	struct check_spec *spec = ctx->spec;
	struct test_spec *t = NULL;
	for (int i = 0; i < spec->ntests; i++)
		if (!strcmp(spec->tests[i].name, testname))
			t = &spec->tests[i];
	if (!t) {
		if (spec->ntests >= MAX_TESTS)
			return bad(ctx, "more than %d tests", MAX_TESTS);
		t = &spec->tests[spec->ntests++];
		copy_str(t->name, sizeof(t->name), testname);
	}
	if (!strcmp(name, "analyze")) {
		t->optimised = !strcmp(v, "optimised");
		if (!t->optimised && !parse_yes_no(v, &t->analyze))
			return bad(ctx, "analyze must be yes, optimised or no");
		t->analyze = t->analyze || t->optimised;
		return 1;
	}
	if (!strcmp(name, "access")) {
		bool counts;
		if (!parse_yes_no(v, &counts))
			return bad(ctx, "access must be yes or no");
		t->figures_off = !counts;
		return 1;
	}
	if (!strncmp(name, "init.", 5)) {
		struct arg_spec *a = find_arg(spec, name + 5);
		if (!a || (a->kind != ARG_GLOBAL && a->kind != ARG_CONSTANT))
			return bad(ctx, "%s: the signature has no buffer '%s' (the signature must come "
				   "before the tests)", name, name + 5);
		struct init_override *o = &t->inits[t->ninits++];   /* one key each: at most MAX_ARGS */
		o->arg = (int)(a - spec->args);
		return parse_init_of(ctx, a, v, &o->init);
	}
	if (t->nparams >= MAX_VARS)
		return bad(ctx, "too many parameters");
	struct param_spec *p = &t->params[t->nparams++];
	copy_str(p->name, sizeof(p->name), name);
	char *parts[16];
	int n = spec_split_list(v, parts, 16);
	if (n < 0)
		return bad(ctx, "'%s' takes 1 to 16 values", name);
	int ok = 1;
	for (int i = 0; i < n && ok; i++) {
		char err[128];
		if (expr_eval(parts[i], NULL, &p->values[i], err, sizeof(err)) < 0)
			ok = bad(ctx, "'%s': %s", name, err);
	}
	p->nvalues = n;
	spec_free_list(parts, n);
	return ok;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
	struct load_ctx *ctx = user;
	struct check_spec *spec = ctx->spec;
	char kind[32] = "", rest[NAME_MAX_LEN] = "";
	sscanf(section, "%31s %63s", kind, rest);

	if (ctx->err[0])
		return 0;
	if (!strcmp(section, "check"))
		return handle_check(ctx, name, value);
	if (!strcmp(section, "let"))
		return add_let(ctx, spec->lets, &spec->nlets, name, value);
	if (!strcmp(section, "ndrange")) {
		struct step_spec *st = &ctx->implied;
		char **dst = !strcmp(name, "global") ? st->global_expr
			     : !strcmp(name, "local") ? st->local_expr : NULL;
		if (!dst)
			return bad(ctx, "unknown key '%s' in [ndrange]", name);
		if (dst == st->local_expr && step_local_set_auto(st, value))
			return 1;
		char *parts[MAX_DIMS];
		int n = spec_split_list(value, parts, MAX_DIMS);
		if (n < 0)
			return bad(ctx, "%s takes one or two dimensions", name);
		if (st->dims && st->dims != n) {
			spec_free_list(parts, n);
			return bad(ctx, "global and local must have the same number of dimensions");
		}
		st->dims = n;
		for (int i = 0; i < n; i++) {
			free(dst[i]);
			dst[i] = parts[i];
		}
		return 1;
	}
	if (!strcmp(section, "repeat")) {
		if (!strcmp(name, "while")) {
			free(spec->repeat_while);
			spec->repeat_while = xstrdup(value);
			return 1;
		}
		if (!strcmp(name, "compare"))
			return repeat_compare(ctx, value);
		struct arg_spec *a = find_arg(spec, name);
		/* a buffer's name takes a buffer ("in = out"); any other name is a parameter */
		if (a && (a->kind == ARG_GLOBAL || a->kind == ARG_CONSTANT)) {
			struct arg_spec *from = find_arg(spec, value);
			if (!from || (from->kind != ARG_GLOBAL))
				return bad(ctx, "[repeat]: '%s' is not a buffer of the signature", value);
			a->from_arg = (int)(from - spec->args);
			return 1;
		}
		return add_let(ctx, spec->repeat_set, &spec->nrepeat_set, name, value);
	}
	if (!strcmp(kind, "step")) {
		if (!rest[0])
			return bad(ctx, "[step] needs a name: [step NAME]");
		if (ctx->check_signature || ctx->implied.kernel[0])
			return bad(ctx, "a check has either [check] kernel and signature with [ndrange], or "
				   "[step NAME] sections, not both");
		return check_step_key(spec, rest, name, value, ctx->err, sizeof(ctx->err)) == 0;
	}
	if (!strcmp(kind, "buffer") || !strcmp(kind, "local") || !strcmp(kind, "scalar")) {
		if (!rest[0])
			return bad(ctx, "[%s] needs an argument name: [%s NAME]", kind, kind);
		if (!spec->nargs)
			return bad(ctx, "[check] with its signature (or the [step] sections) must come "
				   "before [%s %s]", kind, rest);
		return handle_arg_section(ctx, kind, rest, name, value);
	}
	if (!strcmp(section, "advice"))
		return advice_key(spec, name, value, ctx->err, sizeof(ctx->err)) == 0;
	if (!strcmp(kind, "access")) {
		if (!rest[0])
			return bad(ctx, "[access] needs a buffer's name, or local: [access NAME]");
		return access_rule_key(spec, rest, name, value, ctx->err, sizeof(ctx->err)) == 0;
	}
	if (!strcmp(section, "bench"))
		return check_spec_bench_key(spec, name, value, ctx->err, sizeof(ctx->err));
	if (!strcmp(kind, "derive")) {
		if (!rest[0])
			return bad(ctx, "[derive] needs a name: [derive NAME]");
		if (!spec->nargs)
			return bad(ctx, "[check] with its signature (or the [step] sections) must come "
				   "before [derive %s]", rest);
		return derive_key(spec, rest, name, value, ctx->err, sizeof(ctx->err)) == 0;
	}
	if (!strcmp(kind, "test")) {
		if (!rest[0])
			return bad(ctx, "[test] needs a name: [test NAME]");
		return handle_test(ctx, rest, name, value);
	}
	return bad(ctx, "unknown section [%s]", section);
}

/* The keys of an output's comparison: what they ask must be possible; the line to blame, or 0. */
static int output_keys_line(struct load_ctx *ctx, struct arg_spec *a)
{
	struct check_spec *spec = ctx->spec;
	char header[NAME_MAX_LEN + 16];
	snprintf(header, sizeof(header), "[buffer %s]", a->name);
	const char *key = a->count ? "count" : a->tolerance >= 0 ? "tolerance"
			  : a->abs_tolerance >= 0 ? "tolerance.abs" : "compare";
	int line = ini_key_line(ctx->text, header, key);
	bool fl = type_info(a->type)->is_float;
	if ((a->compare || a->tolerance >= 0 || a->abs_tolerance >= 0 || a->count) && !a->output)
		return bad(ctx, "%s: compare, tolerance and count are for outputs (output = yes)", key), line;
	if ((a->tolerance >= 0 || a->abs_tolerance >= 0) && !fl)
		return bad(ctx, "%s: '%s' holds integers, which are compared exactly",
			   a->tolerance >= 0 ? "tolerance" : "tolerance.abs", a->name),
		       ini_key_line(ctx->text, header, a->tolerance >= 0 ? "tolerance" : "tolerance.abs");
	line = ini_key_line(ctx->text, header, "compare");
	if (a->compare == COMPARE_TOLERANCE && !fl)
		return bad(ctx, "compare = tolerance: '%s' holds integers, which are compared exactly",
			   a->name), line;
	if (a->compare == COMPARE_EXACT && (a->tolerance >= 0 || a->abs_tolerance >= 0))
		return bad(ctx, "compare = exact takes no tolerance"), line;
	if (!a->count)
		return 0;
	line = ini_key_line(ctx->text, header, "count");
	struct arg_spec *c = find_arg(spec, a->count);
	if (!c || c == a || !c->output || c->count || c->kind != ARG_GLOBAL || type_info(c->type)->is_float)
		return bad(ctx, "count = %s: it must name another output buffer of integers, compared "
			   "whole (its element 0 says how many values of '%s' count)", a->count, a->name),
		       line;
	a->count_arg = (int)(c - spec->args);
	return 0;
}

/* Each [derive] in every case of the tests it is checked in: the line to blame, or 0. */
static int derived_line(struct load_ctx *ctx)
{
	struct test_case *tc;
	int ntc, line = 0;
	if (!ctx->spec->nderive || check_spec_expand(ctx->spec, &tc, &ntc) < 0)
		return 0;
	for (int i = 0; i < ntc && !line; i++)
		line = derive_validate(ctx->spec, ctx->text, tc[i].test, &tc[i].vars, ctx->err,
				       sizeof(ctx->err));
	free(tc);
	return line;
}

/* The [access] rules and the tests that measure figures for them: the line of the first
 * problem (its message in ctx), or 0. */
static int access_tests_check(struct load_ctx *ctx, struct check_spec *spec, const char *text)
{
	int bad_rule;
	for (int i = 0; i < spec->naccess; i++)
		spec->access[i].line = section_line(text, "access", spec->access[i].name);
	if (access_rules_validate(spec, ctx->err, sizeof(ctx->err), &bad_rule) < 0)
		return section_line(text, "access", spec->access[bad_rule].name);
	/* the rules need figures: some analysed test must count them (access = no leaves its out) */
	int counted = -1, off = -1;
	for (int t = 0; t < spec->ntests; t++)
		if (spec->tests[t].analyze && !spec->tests[t].figures_off)
			counted = t;
		else if (spec->tests[t].figures_off && off < 0)
			off = t;
	if (spec->naccess && counted < 0 && off >= 0)
		return bad(ctx, "every analysed test says access = no: the [access] rules would have no "
			   "figures to meet"), section_line(text, "test", spec->tests[off].name);
	/* an optimised build's loads and stores are the compiler's, not the kernel's as written */
	for (int t = 0; t < spec->ntests; t++)
		if (spec->tests[t].optimised && !spec->tests[t].figures_off)
			return bad(ctx, "a test with analyze = optimised needs access = no: the figures "
				   "count the loads and stores as written, which the optimiser merges"),
			       section_line(text, "test", spec->tests[t].name);
	return 0;
}

/* Checks what only the whole file can tell; returns the line to blame, or 0 when all is well. */
static int validate(struct load_ctx *ctx)
{
	struct check_spec *spec = ctx->spec;
	const char *text = ctx->text;
	const struct step_spec *implied = &ctx->implied;
	if (!spec->nsteps && !implied->kernel[0])
		return bad(ctx, "[check] needs 'kernel', the kernel's name (or the check [step NAME] "
			   "sections)"), ini_find_line(text, "[check]");
	if (!spec->nsteps && !spec->nargs)
		return bad(ctx, "[check] needs 'signature'"), ini_find_line(text, "[check]");
	for (int i = 0; i < spec->nlets; i++)
		spec->lets[i].line = ini_key_line(text, "[let]", spec->lets[i].name);
	for (int i = 0; i < spec->nargs; i++) {
		struct arg_spec *a = &spec->args[i];
		static const char *const kinds[] = { "buffer", "buffer", "local", "scalar" };
		a->line = section_line(text, kinds[a->kind], a->name);
		if (a->kind == ARG_SCALAR ? !a->value_expr : !a->size_expr)
			return bad(ctx, "argument '%s' needs a [%s %s] section with '%s'", a->name,
				   kinds[a->kind], a->name, a->kind == ARG_SCALAR ? "value" : "size"),
			       ini_find_line(text, "[check]");
		if (a->kind == ARG_GLOBAL && !a->output && a->init.kind == INIT_POISON && a->from_arg < 0)
			a->init.kind = INIT_RANDOM, a->init.a = -100, a->init.b = 100;
		int l = output_keys_line(ctx, a);
		if (l)
			return l;
	}
	if (spec->nsteps && (implied->dims || ini_find_line(text, "[ndrange]")))
		return bad(ctx, "a check with [step] sections gives each step its own global and local: "
			   "no [ndrange]"), ini_find_line(text, "[ndrange]");
	if (!spec->nsteps && (!implied->dims || !implied->global_expr[0] || !implied->local_expr[0]))
		return bad(ctx, "[ndrange] needs both 'global' and 'local'"),
		       ini_find_line(text, "[ndrange]") ? ini_find_line(text, "[ndrange]") : 1;
	int step_line = check_steps_finish(spec, text, &ctx->implied, ctx->err, sizeof(ctx->err));
	if (step_line)
		return step_line;
	if (!spec->ntests)
		return bad(ctx, "the check needs at least one [test NAME] section"), 1;
	/* Each value of a parameter multiplies its test's cases: a few short lines could ask for
	 * more cases than memory holds, and more than an int counts. */
	long cases = 0;
	for (int t = 0; t < spec->ntests; t++) {
		long count = 1;
		for (int p = 0; p < spec->tests[t].nparams && count <= MAX_CASES; p++)
			count *= spec->tests[t].params[p].nvalues;
		if ((cases += count) > MAX_CASES)
			return bad(ctx, "the tests make more than %d cases (each test runs every combination "
				   "of its values)", MAX_CASES), section_line(text, "test", spec->tests[t].name);
	}
	if ((spec->nrepeat_set || spec->repeat_every) && !spec->repeat_while)
		return bad(ctx, "[repeat] needs 'while'"), ini_find_line(text, "[repeat]");
	int line = access_tests_check(ctx, spec, text);
	if (line)
		return line;
	/* before the cases are made: their names leave out what only [derive] reads */
	line = derive_finish(spec, text, ctx->err, sizeof(ctx->err));
	if (line)
		return line;
	struct sbuf err = SBUF_INIT;
	if (check_spec_validate_cases(spec, text, &err, &line) < 0) {
		bad(ctx, "%s", sbuf_str(&err));
		sbuf_release(&err);
		return line > 0 ? line : 1;
	}
	bool compared = false;
	for (int i = 0; i < spec->nargs; i++)
		compared |= spec->args[i].output;
	if (!compared)
		return bad(ctx, "the check compares no output: mark a [buffer NAME] 'output = yes'"),
		       ini_find_line(text, "[check]");
	if (spec->bench_flops && !spec->nbench)
		return bad(ctx, "[bench]: flops counts the operations of rows, and there are none"),
		       ini_find_line(text, "[bench]");
	line = derived_line(ctx);
	if (line)
		return line;
	if (spec->nbench && check_spec_bench_validate(spec, &err) < 0) {
		bad(ctx, "[bench]: %s", sbuf_str(&err));
		sbuf_release(&err);
		return ini_find_line(text, "[bench]");
	}
	return 0;
}

int check_spec_load(const char *path, struct check_spec *spec)
{
	char *text;
	if (read_file(path, &text, NULL) < 0)
		return error("%s: cannot read check file:", path);
	int rc = check_spec_parse(path, text, spec);
	free(text);
	return rc;
}

int check_spec_parse(const char *path, const char *text, struct check_spec *spec)
{
	memset(spec, 0, sizeof(*spec));   /* CHECK_SPEC_INIT, without a copy of its size on the stack */
	spec->path = xstrdup(path);
	spec->text_hash = hash_add_str(HASH_INIT, text);
	spec->time_limit_ms = DEFAULT_TIME_LIMIT_MS;
	spec->memory_limit_mb = DEFAULT_MEMORY_LIMIT_MB;
	spec->seed = DEFAULT_SEED;
	spec->tolerance = DEFAULT_TOLERANCE;
	struct load_ctx ctx = { .spec = spec, .text = text };
	/* inih would cut a long line and read its tail as a key of its own */
	int line = ini_long_line(text);
	if (line)
		snprintf(ctx.err, sizeof(ctx.err), "line too long (%d characters at most): continue a long "
			 "value on indented lines", INI_LINE_MAX);
	else if (!(line = ini_duplicate(text, ctx.err, sizeof(ctx.err))))
		line = ini_parse_string(text, handler, &ctx);
	if (!line && ctx.signature_head) {
		line = ini_key_line(text, "[check]", "signature");
		snprintf(ctx.err, sizeof(ctx.err), "[check]: the signature ends with a comma");
	}
	free(ctx.signature_head);
	if (!line)
		line = validate(&ctx);
	for (int d = 0; d < MAX_DIMS; d++) {   /* what a failed load left of [ndrange] */
		free(ctx.implied.global_expr[d]);
		free(ctx.implied.local_expr[d]);
	}
	if (!line && ctx.err[0])
		line = 1;   /* a problem with no line of its own (an empty file): the file's start */
	/* Both phases run side by side: the analysis gets the same limit unless told otherwise. */
	if (!spec->analysis_time_limit_ms)
		spec->analysis_time_limit_ms = spec->time_limit_ms;
	if (line) {
		if (!ctx.err[0])
			snprintf(ctx.err, sizeof(ctx.err), "%s",
				 "syntax error (expected [section] or key = value)");
		error("%s:%d: %s", path, line, ctx.err);
		check_spec_release(spec);
		return -1;
	}
	return 0;
}

void check_spec_release(struct check_spec *spec)
{
	free(spec->path);
	for (int i = 0; i < MAX_ARGS; i++) {
		struct arg_spec *a = &spec->args[i];
		free(a->size_expr);
		free(a->value_expr);
		free(a->count);
		init_release(&a->init);
		free(a->host_expr[0]);
		free(a->host_expr[1]);
		for (int d = 0; d < MAX_DIMS; d++) {
			free(a->shape_expr[d]);
			free(a->label[d]);
		}
	}
	for (int i = 0; i < spec->nlets; i++)
		free(spec->lets[i].expr);
	for (int i = 0; i < spec->nrepeat_set; i++)
		free(spec->repeat_set[i].expr);
	free(spec->repeat_while);
	free(spec->requirement_why);
	for (int t = 0; t < spec->ntests; t++)
		for (int i = 0; i < spec->tests[t].ninits; i++)
			init_release(&spec->tests[t].inits[i].init);
	free(spec->build_options);
	check_steps_release(spec);
	access_rules_release(spec);
	advice_release(spec);
	check_spec_bench_release(spec);
	derive_release(spec);
	memset(spec, 0, sizeof(*spec));   /* CHECK_SPEC_INIT, without a copy of its size on the stack */
}
