/*
 * steps.c: the launches of one pass. A check of one kernel has one step, made from [check]
 * kernel, signature and [ndrange]; [step NAME] sections make several, each with its kernel,
 * signature and NDRange, run in file order on the same buffers (a device-wide scan: scan the
 * blocks, scan their sums, add the offsets). The check's arguments are those of every step,
 * bound by name to its [buffer], [local] and [scalar] sections. A step with `bench = no` runs
 * in checks only: a second scan on the same buffers, which catches a clear that forgets, is no
 * part of what `clings bench` times. And build_options, which every build of the check gets.
 */
#include "course/course.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static struct step_spec *step_named(struct check_spec *spec, const char *name, char *err, size_t errlen)
{
	for (int i = 0; i < spec->nsteps; i++)
		if (!strcmp(spec->steps[i].name, name))
			return &spec->steps[i];
	if (spec->nsteps >= MAX_STEPS) {
		snprintf(err, errlen, "more than %d steps", MAX_STEPS);
		return NULL;
	}
	if (!spec_identifier(name, NAME_MAX_LEN)) {
		snprintf(err, errlen, "a step's name is a C identifier: [step %s]", name);
		return NULL;
	}
	struct step_spec *st = &spec->steps[spec->nsteps++];
	copy_str(st->name, sizeof(st->name), name);
	return st;
}

/* A step's signature: each argument is the check's argument of that name, made on its first
 * use; a later step must give it the same kind and type (it may read as const what an earlier
 * one wrote). */
static int step_signature(struct check_spec *spec, struct step_spec *st, const char *v, char *err,
			  size_t errlen)
{
	char *parts[MAX_ARGS];
	int n = spec_split_list(v, parts, MAX_ARGS);
	if (n < 0) {
		snprintf(err, errlen, "more than %d arguments", MAX_ARGS);
		return -1;
	}
	int rc = 0;
	for (int i = 0; i < n && !rc; i++) {
		struct arg_spec a = { 0 };
		if (spec_parse_arg(parts[i], &a, err, errlen) < 0) {
			rc = -1;
			break;
		}
		int k = 0;
		while (k < spec->nargs && strcmp(spec->args[k].name, a.name))
			k++;
		for (int j = 0; j < i; j++)
			if (st->param[j].arg == k && k < spec->nargs) {
				snprintf(err, errlen, "two arguments are named '%s'", a.name);
				rc = -1;
			}
		if (rc)
			break;
		if (k == spec->nargs) {
			if (k == MAX_ARGS) {
				snprintf(err, errlen, "the steps have more than %d arguments in all", MAX_ARGS);
				rc = -1;
				break;
			}
			spec->args[spec->nargs++] = a;
		} else {
			struct arg_spec *had = &spec->args[k];
			if (had->kind != a.kind || had->type != a.type || had->is_pointer != a.is_pointer) {
				snprintf(err, errlen, "argument '%s' is declared otherwise by an earlier step "
					 "(its kind and type must be the same in every step)", a.name);
				rc = -1;
				break;
			}
			had->is_const = had->is_const && a.is_const;
		}
		st->param[i].arg = k;
		st->param[i].is_const = a.is_const;
		st->nparams = i + 1;
	}
	spec_free_list(parts, n);
	return rc;
}

int check_step_key(struct check_spec *spec, const char *step, const char *key, const char *value,
		   char *err, size_t errlen)
{
	struct step_spec *st = step_named(spec, step, err, errlen);
	if (!st)
		return -1;
	if (!strcmp(key, "kernel")) {
		if (!spec_identifier(value, sizeof(st->kernel))) {
			snprintf(err, errlen, "kernel must be a C identifier (letters, digits and '_', not "
				 "starting with a digit, under %zu characters)", sizeof(st->kernel));
			return -1;
		}
		copy_str(st->kernel, sizeof(st->kernel), value);
		return 0;
	}
	if (!strcmp(key, "signature")) {
		char *text = spec_continued_list(&st->signature_head, value);
		if (!text)
			return 0;
		if (st->nparams) {
			snprintf(err, errlen, "[step %s] has its signature already (a long one goes on over "
				 "indented lines after a comma)", st->name);
			free(text);
			return -1;
		}
		int rc = step_signature(spec, st, text, err, errlen);
		free(text);
		return rc;
	}
	if (!strcmp(key, "bench")) {
		bool timed;
		if (!parse_yes_no(value, &timed)) {
			snprintf(err, errlen, "bench must be yes or no");
			return -1;
		}
		st->check_only = !timed;
		return 0;
	}
	char **dst = !strcmp(key, "global") ? st->global_expr : !strcmp(key, "local") ? st->local_expr : NULL;
	if (!dst) {
		snprintf(err, errlen, "unknown key '%s' in [step %s] (kernel, signature, global, local, "
			 "bench)", key, step);
		return -1;
	}
	if (dst == st->local_expr && step_local_set_auto(st, value))
		return 0;
	char *parts[MAX_DIMS];
	int n = spec_split_list(value, parts, MAX_DIMS);
	if (n < 0) {
		snprintf(err, errlen, "%s takes one or two dimensions", key);
		return -1;
	}
	if (st->dims && st->dims != n) {
		spec_free_list(parts, n);
		snprintf(err, errlen, "global and local must have the same number of dimensions");
		return -1;
	}
	st->dims = n;
	for (int i = 0; i < n; i++) {
		free(dst[i]);
		dst[i] = parts[i];
	}
	return 0;
}

bool step_local_set_auto(struct step_spec *st, const char *value)
{
	if (strcmp(value, "auto"))
		return false;
	for (int d = 0; d < MAX_DIMS; d++) {
		free(st->local_expr[d]);
		st->local_expr[d] = NULL;
	}
	st->local_expr[0] = xstrdup("auto");
	return true;
}

bool step_local_is_auto(const struct step_spec *st)
{
	return st->local_expr[0] && !strcmp(st->local_expr[0], "auto");
}

/* local = auto is one word for every dimension of global */
static void auto_every_dim(struct step_spec *st)
{
	for (int d = 1; d < st->dims && step_local_is_auto(st); d++)
		if (!st->local_expr[d])
			st->local_expr[d] = xstrdup("auto");
}

void local_auto_sizes(const int64_t *global, int dims, const struct group_limits *lim, int64_t *out)
{
	const struct group_limits common = { COMMON_WORK_GROUP, { 0 } };
	lim = lim ? lim : &common;
	int64_t items = 1;
	for (int d = 0; d < dims; d++) {
		int64_t l = dims <= 1 ? LOCAL_AUTO_MAX : 16;   /* 64, or 16 x 16 */
		while (l > 1 && (global[d] <= 0 || global[d] % l || (lim->dim[d] && (size_t)l > lim->dim[d])))
			l /= 2;
		out[d] = l;
		items *= l;
	}
	/* the largest dimension halved first, keeping the group as square as it was */
	while (lim->items && (size_t)items > lim->items) {
		int big = 0;
		for (int d = 1; d < dims; d++)
			if (out[d] > out[big])
				big = d;
		if (out[big] == 1)
			break;
		out[big] /= 2;
		items /= 2;
	}
}

int step_local_eval(const struct step_spec *st, int d, const struct vars *v, const struct group_limits *lim,
		    int64_t *out, char *err, size_t errlen)
{
	if (!step_local_is_auto(st))
		return expr_eval(st->local_expr[d], v, out, err, errlen);
	int64_t g[MAX_DIMS], l[MAX_DIMS];
	for (int k = 0; k < st->dims; k++)
		if (expr_eval(st->global_expr[k], v, &g[k], err, errlen) < 0)
			return -1;
	local_auto_sizes(g, st->dims, lim, l);
	*out = l[d];
	return 0;
}

/* The one step of a check without [step] sections: its kernel, every argument, its [ndrange]
 * (taken from implied, whose expressions move). */
static void implied_step(struct check_spec *spec, struct step_spec *implied)
{
	struct step_spec *st = &spec->steps[0];
	spec->nsteps = 1;
	copy_str(st->kernel, sizeof(st->kernel), implied->kernel);
	st->nparams = spec->nargs;
	for (int i = 0; i < spec->nargs; i++) {
		st->param[i].arg = i;
		st->param[i].is_const = spec->args[i].is_const;
	}
	st->dims = implied->dims;
	for (int d = 0; d < MAX_DIMS; d++) {
		st->global_expr[d] = implied->global_expr[d];
		st->local_expr[d] = implied->local_expr[d];
		implied->global_expr[d] = implied->local_expr[d] = NULL;
	}
	auto_every_dim(st);
}

int check_steps_finish(struct check_spec *spec, const char *text, struct step_spec *implied,
		       char *err, size_t errlen)
{
	if (!spec->nsteps) {
		implied_step(spec, implied);
		return 0;
	}
	for (int i = 0; i < spec->nsteps; i++) {
		struct step_spec *st = &spec->steps[i];
		char header[NAME_MAX_LEN + 8];
		snprintf(header, sizeof(header), "[step %s]", st->name);
		if (st->signature_head) {
			snprintf(err, errlen, "[step %s]: the signature ends with a comma", st->name);
			return ini_key_line(text, header, "signature");
		}
		const char *missing = !st->kernel[0] ? "kernel" : !st->nparams ? "signature"
				      : !st->global_expr[0] ? "global" : !st->local_expr[0] ? "local" : NULL;
		if (missing) {
			snprintf(err, errlen, "[step %s] needs '%s'", st->name, missing);
			int line = ini_find_line(text, header);
			return line ? line : 1;
		}
		/* one kernel launched by two steps must be declared alike: it has one signature */
		for (int j = 0; j < i; j++) {
			const struct step_spec *o = &spec->steps[j];
			bool same = o->nparams == st->nparams;
			for (int p = 0; same && p < st->nparams; p++) {
				const struct arg_spec *a = &spec->args[o->param[p].arg], *b = &spec->args[st->param[p].arg];
				same = a->kind == b->kind && a->type == b->type && a->is_pointer == b->is_pointer;
			}
			if (!strcmp(o->kernel, st->kernel) && !same) {
				snprintf(err, errlen, "kernel %s has another signature in [step %s]", st->kernel,
					 o->name);
				return ini_key_line(text, header, "signature");
			}
		}
		auto_every_dim(st);
	}
	int timed = 0;
	while (timed < spec->nsteps && spec->steps[timed].check_only)
		timed++;
	if (timed == spec->nsteps) {
		char header[NAME_MAX_LEN + 8];
		snprintf(header, sizeof(header), "[step %s]", spec->steps[0].name);
		snprintf(err, errlen, "every step says bench = no: `clings bench` would time nothing");
		return ini_key_line(text, header, "bench");
	}
	return 0;
}

void check_steps_release(struct check_spec *spec)
{
	for (int i = 0; i < MAX_STEPS; i++) {
		for (int d = 0; d < MAX_DIMS; d++) {
			free(spec->steps[i].global_expr[d]);
			free(spec->steps[i].local_expr[d]);
		}
		free(spec->steps[i].signature_head);
	}
}

int check_step_last_writer(const struct check_spec *spec, int arg)
{
	int last = 0;
	for (int s = 0; s < spec->nsteps; s++)
		for (int p = 0; p < spec->steps[s].nparams; p++)
			if (spec->steps[s].param[p].arg == arg && !spec->steps[s].param[p].is_const)
				last = s;
	return last;
}

size_t check_spec_group_size(const struct check_spec *spec, const struct vars *v, const struct group_limits *lim)
{
	size_t largest = 1;
	for (int s = 0; s < spec->nsteps; s++) {
		size_t total = 1;
		for (int d = 0; d < spec->steps[s].dims; d++) {
			int64_t l = 1;
			if (step_local_eval(&spec->steps[s], d, v, lim, &l, (char[64]){ 0 }, 64) == 0 && l > 0)
				total *= (size_t)l;
		}
		if (total > largest)
			largest = total;
	}
	return largest;
}

/* ---- build_options ---- */

/* The value of -D NAME=VALUE: a number or a word, nothing the compiler's command line or the
 * preprocessor would read as more (no quotes, spaces or slashes). */
static bool define_value_ok(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_.+-()", *s))
			return false;
	return true;
}

char *build_options_parse(const char *v, char *err, size_t errlen)
{
	/* what changes only how the kernel is compiled: no file is read or written by any of them */
	static const char *const flags[] = {
		"-cl-fast-relaxed-math", "-cl-mad-enable", "-cl-no-signed-zeros",
		"-cl-unsafe-math-optimizations", "-cl-finite-math-only", "-cl-denorms-are-zero",
		"-cl-single-precision-constant", "-cl-fp32-correctly-rounded-divide-sqrt", "-w", "-Werror",
	};
	static const char *const standards[] = { "CL1.1", "CL1.2", "CL2.0", "CL3.0" };
	struct sbuf out = SBUF_INIT;
	char *copy = xstrdup(v), *save = NULL;
	const char *bad_word = NULL;
	for (char *w = strtok_r(copy, " \t", &save); w && !bad_word; w = strtok_r(NULL, " \t", &save)) {
		bool ok = false;
		for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
			ok |= !strcmp(w, flags[i]);
		if (!strncmp(w, "-cl-std=", 8))
			for (size_t i = 0; i < sizeof(standards) / sizeof(standards[0]); i++)
				ok |= !strcmp(w + 8, standards[i]);
		if (!strncmp(w, "-D", 2)) {
			char *def = w[2] ? w + 2 : strtok_r(NULL, " \t", &save);
			char *eq = def ? strchr(def, '=') : NULL;
			if (eq)
				*eq = '\0';
			ok = def && spec_identifier(def, NAME_MAX_LEN) && (!eq || (eq[1] && define_value_ok(eq + 1)));
			if (ok) {
				sbuf_addf(&out, "%s-D %s", out.len ? " " : "", def);
				if (eq)
					sbuf_addf(&out, "=%s", eq + 1);
				continue;
			}
			if (eq)
				*eq = '=';
			if (!def)
				def = w;
			w = def;
		}
		if (!ok)
			bad_word = w;
		else
			sbuf_addf(&out, "%s%s", out.len ? " " : "", w);
	}
	if (bad_word) {
		snprintf(err, errlen, "build_options: '%s' is not allowed (allowed: -cl-std=CL1.1|CL1.2|CL2.0|"
			 "CL3.0, -D NAME[=VALUE], -cl-fast-relaxed-math, -cl-mad-enable and the other "
			 "-cl- math flags, -w, -Werror)", bad_word);
		free(copy);
		sbuf_release(&out);
		return NULL;
	}
	free(copy);
	if (!out.len) {
		snprintf(err, errlen, "build_options is empty");
		sbuf_release(&out);
		return NULL;
	}
	return sbuf_detach(&out);
}
