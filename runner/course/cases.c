/*
 * cases.c: what a loaded check runs: its test cases (each test section times its parameters'
 * values), the [let] values of each, and the host loop of [repeat].
 */
#include "course/course.h"
#include "base/proc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

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

/* eval_lets with the failing one said in err ("[let] NAME: why"); *bad_let is -1 when none failed. */
static int say_lets(const struct check_spec *spec, struct vars *v, struct sbuf *err, int *bad_let)
{
	char e[128];
	if (eval_lets(spec, v, e, sizeof(e), bad_let) < 0) {
		sbuf_addf(err, "[let] %s: %s", spec->lets[*bad_let].name, e);
		return -1;
	}
	*bad_let = -1;
	return 0;
}

int check_spec_eval_lets(const struct check_spec *spec, struct vars *v, struct sbuf *err)
{
	int bad_let;
	return say_lets(spec, v, err, &bad_let);
}

/* check_spec_next_pass; when it fails, *bad_set is the [repeat] assignment that failed, else
 * *bad_let the [let], else (both -1) it was the while. */
static int next_pass(const struct check_spec *spec, struct vars *v, struct sbuf *err, int *bad_set,
		     int *bad_let)
{
	char e[128];
	int64_t again = 0, x;
	*bad_set = *bad_let = -1;
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
			*bad_set = r;
			return -1;
		}
		vars_set(v, spec->repeat_set[r].name, x);
	}
	return say_lets(spec, v, err, bad_let) < 0 ? -1 : 1;
}

int check_spec_next_pass(const struct check_spec *spec, struct vars *v, struct sbuf *err)
{
	int bad_set, bad_let;
	return next_pass(spec, v, err, &bad_set, &bad_let);
}

bool check_spec_pass_compared(const struct check_spec *spec, int pass, bool last)
{
	if (last || spec->repeat_every == 0)
		return true;
	return spec->repeat_every > 0 && pass % spec->repeat_every == 0;
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
				if (!(ts->name_hidden >> p & 1))
					sbuf_addf(&name, " %s=%lld", ts->params[p].name, (long long)chosen[p]);
			}
			copy_str(tc->name, sizeof(tc->name), sbuf_str(&name));
			sbuf_release(&name);
			tc->analyze = ts->analyze;
			tc->optimised = ts->optimised;
			tc->test = t;
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

/* Sizes a device can be given: a buffer or __local argument of at least one element and at most
 * its limit in bytes; false with why in err. */
static bool size_fits(const struct arg_spec *arg, int64_t n, const char *test, struct sbuf *err)
{
	int64_t limit = arg->kind == ARG_LOCAL ? MAX_LOCAL_BYTES : MAX_BUFFER_BYTES;
	int64_t esize = (int64_t)type_info(arg->type)->size;
	if (n >= 1 && n <= limit / esize)
		return true;
	sbuf_addf(err, "size of '%s' in test '%s' is %lld elements; it must be from 1 to %lld (%lld bytes)",
		  arg->name, test, (long long)n, (long long)(limit / esize), (long long)limit);
	return false;
}

/* A step's NDRange with values v: a launch a device can be given. The lines to blame are looked
 * up only for a failure: a check loads on every check, and finding them costs more than the rest. */
static int validate_ndrange(const struct step_spec *st, const char *text, const char *test,
			    const struct vars *v, struct sbuf *err, int *line)
{
	char e[128], section[NAME_MAX_LEN + 16];
	int64_t items = 1;
	if (st->name[0])
		snprintf(section, sizeof(section), "[step %s]", st->name);
	else
		copy_str(section, sizeof(section), "[ndrange]");
	for (int d = 0; d < st->dims; d++) {
		int64_t g, l;
		if (expr_eval(st->global_expr[d], v, &g, e, sizeof(e)) < 0 ||
		    step_local_eval(st, d, v, NULL, &l, e, sizeof(e)) < 0) {
			sbuf_addf(err, "%s in test '%s': %s", section, test, e);
			*line = ini_key_line(text, section, "global");
			return -1;
		}
		if (l < 1 || g < 1 || g % l) {
			sbuf_addf(err, "%s in test '%s': global %lld is not a positive multiple of local %lld",
				  section, test, (long long)g, (long long)l);
			*line = ini_key_line(text, section, l < 1 ? "local" : "global");
			return -1;
		}
		if (__builtin_mul_overflow(items, g, &items) || items > MAX_WORK_ITEMS) {
			sbuf_addf(err, "%s in test '%s': more than %lld work-items", section, test,
				  (long long)MAX_WORK_ITEMS);
			*line = ini_key_line(text, section, "global");
			return -1;
		}
	}
	return 0;
}

/* One pass of a test with values v: every expression a run evaluates, and what it gives must
 * make a launch (sizes in range, local dividing global). *line as check_spec_validate_cases says. */
static int validate_pass(const struct check_spec *spec, const char *text, const char *test,
			 int test_index, const struct vars *v, struct sbuf *err, int *line)
{
	char e[128];
	int64_t x;
	for (int a = 0; a < spec->nargs; a++) {
		const struct arg_spec *arg = &spec->args[a];
		const char *ex = arg->kind == ARG_SCALAR ? arg->value_expr : arg->size_expr;
		const char *key = arg->kind == ARG_SCALAR ? "value" : "size";
		char header[NAME_MAX_LEN + 16];
		snprintf(header, sizeof(header), "[%s %s]",
			 arg->kind == ARG_SCALAR ? "scalar" : arg->kind == ARG_LOCAL ? "local" : "buffer",
			 arg->name);
		int64_t size = 0;
		double real;
		if (arg->kind == ARG_SCALAR ? arg_scalar_value(arg, v, &real, e, sizeof(e)) < 0
					    : expr_eval(ex, v, &size, e, sizeof(e)) < 0) {
			sbuf_addf(err, "%s of '%s' in test '%s': %s", key, arg->name, test, e);
			*line = ini_key_line(text, header, key);
			return -1;
		}
		if (arg->kind != ARG_SCALAR && !size_fits(arg, size, test, err)) {
			*line = ini_key_line(text, header, key);
			return -1;
		}
		if (arg->kind == ARG_GLOBAL || arg->kind == ARG_CONSTANT) {
			const struct init_spec *in = check_spec_init_for(spec, test_index, a);
			double lo, hi;
			if (in->kind == INIT_FILE && in->ndata != (size_t)size)
				snprintf(e, sizeof(e), "data/%s holds %zu values; the buffer has %lld", in->file,
					 in->ndata, (long long)size);
			if ((in->kind == INIT_FILE && in->ndata != (size_t)size) ||
			    init_bounds(in, arg->type, v, &lo, &hi, e, sizeof(e)) < 0) {
				sbuf_addf(err, "init of '%s' in test '%s': %s", arg->name, test, e);
				if (in == &arg->init) {
					*line = ini_key_line(text, header, "init");
				} else {
					char theader[NAME_MAX_LEN + 16], ikey[NAME_MAX_LEN + 8];
					snprintf(theader, sizeof(theader), "[test %s]", spec->tests[test_index].name);
					snprintf(ikey, sizeof(ikey), "init.%s", arg->name);
					*line = ini_key_line(text, theader, ikey);
				}
				return -1;
			}
		}
		for (int d = 0; d < 2 && arg->host_expr[d]; d++)
			if (expr_eval(arg->host_expr[d], v, &x, e, sizeof(e)) < 0) {
				sbuf_addf(err, "host of '%s': %s", arg->name, e);
				*line = ini_key_line(text, header, "host");
				return -1;
			}
		/* an output's shape, rows x columns, is its size exactly: its picture relies on it */
		int64_t dim[MAX_DIMS], cells = 1;
		bool fits = true;
		for (int d = 0; d < MAX_DIMS && arg->shape_expr[d]; d++) {
			if (expr_eval(arg->shape_expr[d], v, &dim[d], e, sizeof(e)) < 0) {
				sbuf_addf(err, "shape of '%s': %s", arg->name, e);
				*line = arg->line;
				return -1;
			} else if (dim[d] < 0 || __builtin_mul_overflow(cells, dim[d], &cells))
				fits = false;
		}
		if (arg->output && arg->shape_expr[0] && (!fits || cells != size)) {
			sbuf_addf(err, "shape of '%s' in test '%s' is %lld", arg->name, test, (long long)dim[0]);
			if (arg->shape_expr[1])
				sbuf_addf(err, " x %lld", (long long)dim[1]);
			sbuf_addf(err, ", but its size is %lld values", (long long)size);
			*line = ini_key_line(text, header, "shape");
			return -1;
		}
	}
	for (int s = 0; s < spec->nsteps; s++)
		if (validate_ndrange(&spec->steps[s], text, test, v, err, line) < 0)
			return -1;
	return 0;
}

/* Bytes a frame's head takes at most ("data CASE PASS ARG BYTES GUARD"). */
#define FRAME_HEAD_BYTES 64

/* What a run sends of a pass with values v: when compared, each global buffer's frame (an
 * output's bytes, and on the learner's run its guard region); and a line for each step of
 * several. */
static int64_t pass_sends(const struct check_spec *spec, const struct vars *v, bool compared)
{
	int64_t bytes = spec->nsteps > 1 ? 16 * spec->nsteps : 0, n;
	char e[128];
	for (int a = 0; a < spec->nargs && compared; a++) {
		const struct arg_spec *arg = &spec->args[a];
		if (arg->kind != ARG_GLOBAL && arg->kind != ARG_CONSTANT)
			continue;
		/* (validate_pass found the size evaluates and fits) */
		if (arg->output && expr_eval(arg->size_expr, v, &n, e, sizeof(e)) == 0)
			bytes += n * (int64_t)type_info(arg->type)->size;
		bytes += GUARD_BYTES + FRAME_HEAD_BYTES;
	}
	return bytes;
}

/* "compare = every", "compare = every 100", "compare = last" */
static void compare_said(const struct check_spec *spec, struct sbuf *out)
{
	if (spec->repeat_every == REPEAT_LAST)
		sbuf_adds(out, "compare = last");
	else if (spec->repeat_every > 1)
		sbuf_addf(out, "compare = every %d", spec->repeat_every);
	else
		sbuf_adds(out, "compare = every");
}

/* The results a run sends, *sent for the cases before, reach CHILD_OUTPUT_MAX on pass of test
 * tc: -1 with why in err and the line of [repeat] compare (else while) in *line. */
static int loop_sends_too_much(const struct check_spec *spec, const char *text, const struct test_case *tc,
			       int pass, int64_t sent, struct sbuf *err, int *line)
{
	sbuf_adds(err, "[repeat] ");
	compare_said(spec, err);
	sbuf_addf(err, ": by pass %d of test '%s', the run sends %lld MB of results with the tests "
		  "before it, more than a run may send (%zu MB); compare = last or compare = every N "
		  "compares fewer passes", pass, tc->name, (long long)(sent >> 20), CHILD_OUTPUT_MAX >> 20);
	*line = ini_key_line(text, "[repeat]", "compare");
	if (*line == ini_find_line(text, "[repeat]"))   /* no compare key: the section's line */
		*line = ini_key_line(text, "[repeat]", "while");
	return -1;
}

/* Follows test tc pass by pass to the end of its loop, adding what the run sends to *sent
 * (refused past what a run may send); -1 with why in err and the line in *line as
 * check_spec_validate_cases says. */
static int follow_case(const struct check_spec *spec, const char *text, const struct test_case *tc,
		       int64_t *sent, struct sbuf *err, int *line)
{
	struct vars v = tc->vars;
	double start = process_cpu_seconds();
	for (int pass = 1;; pass++) {
		char test[sizeof(tc->name) + 16];
		snprintf(test, sizeof(test), pass > 1 ? "%s, pass %d" : "%s", tc->name, pass);
		if (validate_pass(spec, text, test, tc->test, &v, err, line) < 0)
			return -1;
		/* a pass compared whatever follows; else compared only as the last, whose values a
		 * loop that ends leaves as they are */
		bool every = check_spec_pass_compared(spec, pass, false);
		int64_t bytes = every ? pass_sends(spec, &v, true) : 0;
		int bad_set, bad_let;
		int more = next_pass(spec, &v, err, &bad_set, &bad_let);
		if (more < 0) {   /* at the line of the expression that failed, on this later pass */
			*line = bad_let >= 0 ? spec->lets[bad_let].line
			      : ini_key_line(text, "[repeat]", bad_set >= 0 ? spec->repeat_set[bad_set].name : "while");
			sbuf_addf(err, " (for pass %d of test '%s')", pass + 1, tc->name);
			return -1;
		}
		*sent += every ? bytes : pass_sends(spec, &v, !more);
		if (*sent > (int64_t)CHILD_OUTPUT_MAX && spec->repeat_while)
			return loop_sends_too_much(spec, text, tc, pass, *sent, err, line);
		if (!more)
			return 0;
		if (pass % 1024 == 0 && process_cpu_seconds() - start > HOST_LOOP_CPU_MS / 1000.0) {
			sbuf_addf(err, "[repeat] while still holds after %d passes of test '%s' (%d ms of "
				  "processor time following them): a loop that runs longer is taken for "
				  "one without end", pass, tc->name, HOST_LOOP_CPU_MS);
			*line = ini_key_line(text, "[repeat]", "while");
			return -1;
		}
	}
	return 0;
}

/* A load (every save) follows every loop to its end: the walk's processor time is a small share
 * of the run of the same loop, which launches the kernel once a pass, and a loop without end is
 * then the check file's error at its line at once, not the reference's timeout after ten times
 * the check's limit. */
int check_spec_validate_cases(const struct check_spec *spec, const char *text, struct sbuf *err, int *line)
{
	struct test_case *cases;
	int n, bad_let;
	char e[128];
	/* the cases come with [let] evaluated, as a run gets them: a [let] that fails stops here */
	if (check_spec_expand_checked(spec, &cases, &n, e, sizeof(e), &bad_let) < 0) {
		if (bad_let < 0) {
			sbuf_adds(err, "a test has too many parameters");
		} else {
			sbuf_addf(err, "%s: %s", spec->lets[bad_let].name, e);
			*line = spec->lets[bad_let].line;
		}
		return -1;
	}
	int rc = 0;
	int64_t sent = 0;   /* by a run of every case */
	for (int i = 0; i < n && !rc; i++)
		rc = follow_case(spec, text, &cases[i], &sent, err, line);
	free(cases);
	return rc;
}
