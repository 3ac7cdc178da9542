/*
 * compare.c: the comparison of a learner's output with the reference, which names the first wrong
 * place in the learner's terms and draws a small picture, or, for an output compared in any
 * order, names the values missing and the values too many (the host oracles: host-oracle.c).
 */
#include "engine/compute/compute.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool never_written(enum elem_type t, const void *base, size_t i)
{
	const unsigned char *p = (const unsigned char *)base + i * type_info(t)->size;
	for (size_t k = 0; k < type_info(t)->size; k++)
		if (p[k] != POISON_BYTE)
			return false;
	return true;
}

/* The value of the bytes outputs are filled with before a run (POISON_BYTE), as t. */
static double poison(enum elem_type t, int64_t *as_int)
{
	unsigned char b[16];
	*as_int = elem_get_int(t, memset(b, POISON_BYTE, sizeof(b)), 0);
	return elem_get_double(t, b, 0);
}

/* Whether element i is its expected value added onto its bytes from before the run (`c[i] +=`
 * into a place never set): integers exactly, modulo their width; floats within four steps of it
 * (the rounding of a few additions). With absorbed: whether that adding leaves the bytes as they
 * were (a float of 4.3e8 moves in steps of 32: a small value is lost in the rounding). */
static bool added_onto_poison(const struct output_view *o, size_t i, bool absorbed)
{
	enum elem_type t = o->arg->type;
	int64_t pi;
	double p = poison(t, &pi), e = elem_get_double(t, o->expected, i);
	if (type_info(t)->is_float && absorbed)
		return type_info(t)->size == 4 ? (float)((float)p + (float)e) == (float)p : p + e == p;
	if (type_info(t)->is_float) {
		double g = elem_get_double(t, o->got, i);
		double ulp = type_info(t)->size == 4 ? fabs(nextafterf((float)p, 0) - (float)p) : fabs(nextafter(p, 0) - p);
		return isfinite(g) && fabs(g - (p + e)) <= 4 * ulp;
	}
	size_t bits = type_info(t)->size * 8;
	uint64_t d = (uint64_t)elem_get_int(t, o->got, i) - (uint64_t)pi - (uint64_t)elem_get_int(t, o->expected, i);
	return !absorbed && (bits >= 64 ? d == 0 : (d & ((1ull << bits) - 1)) == 0);
}

/* Whether every wrong element is its expected value added onto its bytes from before the run, one
 * changed at least (else nothing tells it from a place never written). */
static bool accumulated_uncleared(const struct output_view *o, const bool *wrong, long count)
{
	long changed = 0;
	for (size_t i = 0; i < o->n; i++) {
		if (!wrong[i])
			continue;
		if (!added_onto_poison(o, i, false))
			return false;
		changed += !never_written(o->arg->type, o->got, i);
	}
	return count > 0 && changed > 0;
}

/* ": expected 5, got 0" for element i, in the message and in the picture's lines; the first
 * one into a message is its facts "expected" and "got" (no "got" for a place never written, nor
 * "never written" where adding the expected value would have left the bytes as they were). */
static void add_expected_got(struct msg *m, const struct output_view *o, size_t i)
{
	struct sbuf e = SBUF_INIT, g = SBUF_INIT;
	elem_format(&e, o->arg->type, o->expected, i);
	msg_fact_str(m, "expected", sbuf_str(&e));
	if (never_written(o->arg->type, o->got, i) && added_onto_poison(o, i, true)) {
		elem_format(&g, o->arg->type, o->got, i);
		msg_fact_str(m, "got", sbuf_str(&g));
		msg_fact_int(m, "before_run", 1);
		msg_addf(m, N_(": expected %s, got %s, the bytes it held before the run (never written, "
			       "or only added onto: adding %s to it leaves it as it was)"),
			 sbuf_str(&e), sbuf_str(&g), sbuf_str(&e));
	} else if (never_written(o->arg->type, o->got, i)) {
		msg_addf(m, N_(": expected %s, got %s"), sbuf_str(&e), msg_word(m, N_("nothing (never written)")));
		msg_fact_int(m, "never_written", 1);
	} else {
		elem_format(&g, o->arg->type, o->got, i);
		msg_fact_str(m, "got", sbuf_str(&g));
		msg_addf(m, N_(": expected %s, got %s"), sbuf_str(&e), sbuf_str(&g));
	}
	sbuf_release(&e);
	sbuf_release(&g);
}

/*
 * Labels come from the check ini, in English ("work-group", "row"); the table knows the course's
 * labels and their plurals, and any other label is shown as the course wrote it (a text not in
 * the catalog renders as itself).
 */
/* The labels the course's checks use, and their plurals: listed here for the catalog. */
static const char *const course_labels[] __attribute__((unused)) = {
	N_("element"), N_("elements"), N_("row"), N_("rows"), N_("column"), N_("columns"),
	N_("work-group"), N_("work-groups"),
};

static const char *label_plural(struct msg *m, const char *label)
{
	char *plural = xstrfmt("%ss", label);
	const char *w = msg_word(m, plural);
	free(plural);
	return w;
}

/* "work-group 3" or "work-groups 0-31" (label NULL: "index", "indices"), as a %s argument. */
static const char *range_words(struct msg *m, const char *label, size_t lo, size_t hi)
{
	struct msg r = MSG_INIT;
	if (lo == hi)
		/* TRANSLATORS: a place of an output: "work-group 3" */
		msg_addf(&r, N_("%s %zu"), msg_word(&r, label ? label : N_("index")), lo);
	else
		/* TRANSLATORS: places of an output: "work-groups 0-31" */
		msg_addf(&r, N_("%s %zu-%zu"), label ? label_plural(&r, label) : msg_word(&r, N_("indices")),
			 lo, hi);
	return msg_sub(m, &r);
}

/* Floats: within the absolute tolerance, or within tol relative to the expected value's
 * magnitude, at least 1 (near zero the relative tolerance is an absolute one). */
static bool elem_equal(enum elem_type t, const void *e, const void *g, size_t i, double tol, double absolute)
{
	if (!type_info(t)->is_float)
		return !memcmp((const char *)e + i * type_info(t)->size, (const char *)g + i * type_info(t)->size,
			       type_info(t)->size);
	double a = elem_get_double(t, e, i), b = elem_get_double(t, g, i);
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return fabs(a - b) <= absolute || fabs(a - b) <= tol * fmax(1.0, fabs(a));
}

/* The address of element i of an output's values (got or expected). */
static const void *elem_at(const struct output_view *o, const void *base, size_t i)
{
	return (const char *)base + i * type_info(o->arg->type)->size;
}

/* "work-group 3", "(row 2, column 5)", "out[17]"; its facts: the buffer, the index, for a 2-D
 * output the row and column, and the work-group where the label says the index is one. */
static void name_place(struct msg *m, const struct output_view *o, size_t i)
{
	const struct arg_spec *a = o->arg;
	msg_fact_str(m, "buffer", a->name);
	msg_fact_int(m, "index", (long long)i);
	if (o->cols > 0) {
		size_t r = i / (size_t)o->cols, c = i % (size_t)o->cols;
		msg_fact_int(m, "row", (long long)r);
		msg_fact_int(m, "column", (long long)c);
		if (a->label[0] && a->label[1])
			msg_addf(m, N_("%s at (%s %zu, %s %zu)"), a->name, msg_word(m, a->label[0]), r,
				 msg_word(m, a->label[1]), c);
		else
			msg_rawf(m, "%s[%zu][%zu]", a->name, r, c);
	} else if (a->label[0]) {
		if (!strcmp(a->label[0], "work-group"))
			msg_fact_int(m, "work_group", (long long)i);
		msg_addf(m, "%s[%zu] (%s %zu)", a->name, i, msg_word(m, a->label[0]), i);
	} else {
		msg_rawf(m, "%s[%zu]", a->name, i);
	}
}

static void picture_1d(struct msg *pic, const struct output_view *o, const bool *wrong, size_t first)
{
	enum { WIDTH = 32 };
	size_t start = first / WIDTH * WIDTH, end = start + WIDTH < o->n ? start + WIDTH : o->n;
	const char *label = o->arg->label[0];
	msg_addf(pic, N_("%s, %s (. right, x wrong):\n  "), o->arg->name,
		 range_words(pic, label, start, end - 1));
	struct sbuf row = SBUF_INIT;
	for (size_t i = start; i < end; i++)
		sbuf_adds(&row, wrong[i] ? "x" : ".");
	sbuf_adds(&row, "\n");
	msg_raw(pic, sbuf_str(&row));
	sbuf_release(&row);
	int shown = 0;
	for (size_t i = start; i < end && shown < 4; i++) {
		if (!wrong[i])
			continue;
		msg_addf(pic, "  %s %zu", label ? msg_word(pic, label) : msg_word(pic, N_("index")), i);
		add_expected_got(pic, o, i);
		msg_raw(pic, "\n");
		shown++;
	}
}

static void picture_2d(struct msg *pic, const struct output_view *o, const bool *wrong, size_t first)
{
	enum { H = 12, W = 48 };
	/* validation makes n rows x cols in a first pass; a later one may end in a short row */
	size_t cols = (size_t)o->cols, rows = (o->n + cols - 1) / cols;
	size_t fr = first / cols, fc = first % cols;
	size_t r0 = fr / H * H, c0 = fc / W * W;
	size_t r1 = r0 + H < rows ? r0 + H : rows, c1 = c0 + W < cols ? c0 + W : cols;
	const char *rl = range_words(pic, o->arg->label[0] ? o->arg->label[0] : "row", r0, r1 - 1);
	const char *cl = range_words(pic, o->arg->label[1] ? o->arg->label[1] : "column", c0, c1 - 1);
	msg_addf(pic, N_("%s (%zu x %zu), %s, %s (. right, x wrong):\n"), o->arg->name, rows, cols, rl, cl);
	struct sbuf grid = SBUF_INIT;
	for (size_t r = r0; r < r1; r++) {
		sbuf_addf(&grid, "%6zu ", r);
		for (size_t c = c0; c < c1 && r * cols + c < o->n; c++)
			sbuf_adds(&grid, wrong[r * cols + c] ? "x" : ".");
		sbuf_adds(&grid, "\n");
	}
	msg_raw(pic, sbuf_str(&grid));
	sbuf_release(&grid);
}

/*
 * For a float that was written but is not close enough: how far off, against what the check
 * allows, so that "expected 25104.2075, got 25104.2076" explains itself. A double off by about
 * a float's precision was most likely computed in float somewhere.
 */
static void add_relative_error(struct msg *m, const struct output_view *o, size_t i, double tol)
{
	enum elem_type t = o->arg->type;
	if (!type_info(t)->is_float || never_written(t, o->got, i))
		return;
	double a = elem_get_double(t, o->expected, i), b = elem_get_double(t, o->got, i);
	if (isnan(a) || isnan(b) || isinf(a) || isinf(b))
		return;
	double rel = fabs(a - b) / fmax(1.0, fabs(a));
	char r[32], l[32];
	snprintf(r, sizeof(r), "%.2g", rel);
	snprintf(l, sizeof(l), "%.2g", tol);
	msg_fact_str(m, "relative_error", r);
	msg_fact_str(m, "tolerance", l);
	msg_addf(m, N_(", a relative error of %s where the check allows %s"), r, l);
	if (o->abs_tol > 0) {
		snprintf(r, sizeof(r), "%.2g", fabs(a - b));
		snprintf(l, sizeof(l), "%.2g", o->abs_tol);
		msg_fact_str(m, "absolute_error", r);
		msg_addf(m, N_(" or an absolute error of %s where it allows %s"), r, l);
	}
	if (t == TYPE_DOUBLE && rel > 1e-12 && rel < 1e-4)   /* double order: 1e-16; float: 1e-7 */
		msg_adds(m, N_(" (about a float's precision: is something computed in float?)"));
}
/* ---- the shape of a wrong output: what a learner's common mistakes leave behind ---- */

#define SHAPE_SHARE 0.9           /* share of the places a shape must explain */
#define SHAPE_MIN_ELEMENTS 4      /* fewer say nothing about a shape */

/* Whether no element of work-group g's range of a 1-D output (clipped to its end) was written. */
static bool group_silent(const struct output_view *o, size_t g)
{
	for (size_t i = g * o->wg; i < (g + 1) * o->wg && i < o->n; i++)
		if (!never_written(o->arg->type, o->got, i))
			return false;
	return true;
}

/* Work-groups whose whole range of a 1-D output was never written: "2, 5-6" into out. */
static int silent_groups(const struct output_view *o, struct sbuf *out)
{
	size_t groups = o->wg ? (o->n + o->wg - 1) / o->wg : 0;
	int count = 0;
	for (size_t g = 0; g < groups; g++) {
		if (!group_silent(o, g))
			continue;
		size_t last = g;
		while (last + 1 < groups && group_silent(o, last + 1))
			last++;
		sbuf_adds(out, count ? ", " : "");
		if (last > g)
			sbuf_addf(out, "%zu-%zu", g, last);
		else
			sbuf_addf(out, "%zu", g);
		count += (int)(last - g + 1);
		g = last;
	}
	return count;
}

/* Whether the output is exactly the right one moved d places: got[i] == expected[i + d] for every
 * i with i + d inside (most of the wrong ones fitting proves nothing: missing bins fit too). */
static bool shifted_by(const struct output_view *o, long count, long d, double tol)
{
	long can = 0;
	for (size_t i = 0; i < o->n; i++) {
		long j = (long)i + d;
		if (j < 0 || (size_t)j >= o->n)
			continue;
		if (never_written(o->arg->type, o->got, i) ||
		    !elem_equal(o->arg->type, elem_at(o, o->got, i), elem_at(o, o->expected, (size_t)j), 0, tol, o->abs_tol))
			return false;
		can++;
	}
	return can >= SHAPE_MIN_ELEMENTS && count >= SHAPE_MIN_ELEMENTS;
}

/* A 2-D output whose T x T blocks hold the right values each, but not transposed inside:
 * got[R + i][C + j] == expected[R + j][C + i] within the block. */
static bool blocks_not_transposed_inside(const struct output_view *o, const bool *wrong, long count,
					 size_t t, double tol)
{
	size_t cols = (size_t)o->cols, rows = o->n / cols;
	long fits = 0;
	for (size_t k = 0; k < rows * cols; k++) {
		size_t r = k / cols, c = k % cols;
		size_t mr = r / t * t + c % t, mc = c / t * t + r % t;   /* the mirror inside the block */
		fits += wrong[k] && mr < rows && mc < cols &&
			elem_equal(o->arg->type, elem_at(o, o->got, k), elem_at(o, o->expected, mr * cols + mc), 0, tol, o->abs_tol);
	}
	return count >= SHAPE_MIN_ELEMENTS && fits >= SHAPE_SHARE * (double)count;
}

/* Whether every element still holds the constant the check fills the buffer with before the
 * run (`init = const(v)`): nothing the kernel stored, if anything, changed it. */
static bool output_unchanged(const struct output_view *o)
{
	const struct init_spec *in = &o->arg->init;
	if (in->kind != INIT_CONST || in->expr[0] || !o->n)
		return false;
	for (size_t i = 0; i < o->n; i++)
		if (elem_get_double(o->arg->type, o->got, i) != in->a)
			return false;
	return true;
}

/* Every element of a varied output holds one value: said as the fact it is, with what else the
 * output proves (the value the buffer held before the run, or the one element it belongs to), never
 * a cause it does not (a stub, a swap that lost a value and a merge adding 1 per bin all give it). */
static void add_one_value(struct msg *m, const struct output_view *o, double tol)
{
	struct sbuf v = SBUF_INIT;
	elem_format(&v, o->arg->type, o->got, 0);
	msg_fact_str(m, "same_value", sbuf_str(&v));
	if (output_unchanged(o)) {
		msg_addf(m, N_("\nEvery element of %s still holds %s, the value it was given before the "
			       "run: nothing the kernel stored changed it. Does the kernel store into %s?"),
			 o->arg->name, sbuf_str(&v), o->arg->name);
		sbuf_release(&v);
		return;
	}
	size_t k = 0;
	while (k < o->n && !elem_equal(o->arg->type, o->got, elem_at(o, o->expected, k), 0, tol, o->abs_tol))
		k++;
	if (k < o->n) {
		msg_fact_int(m, "same_as", (long long)k);
		msg_addf(m, N_("\nEvery element of %s holds the same value, %s, the one that belongs in "
			       "%s[%zu]."), o->arg->name, sbuf_str(&v), o->arg->name, k);
	} else {
		msg_addf(m, N_("\nEvery element of %s holds the same value, %s."), o->arg->name, sbuf_str(&v));
	}
	sbuf_release(&v);
}

/* Elements the kernel never set: added onto what the buffer held, or whole work-groups that
 * stored nothing. 1 when one of those explains the output (said in m). */
static int add_unset_shape(struct msg *m, const struct output_view *o, const bool *wrong, long count)
{
	const char *name = o->arg->name;
	struct sbuf groups = SBUF_INIT;
	/* floats whose old bytes an adding may have left as they were: no group "stored nothing" */
	bool masked = type_info(o->arg->type)->is_float;
	for (size_t i = 0; masked && i < o->n; i++)
		masked = !wrong[i] || !never_written(o->arg->type, o->got, i) || added_onto_poison(o, i, true);
	int silent = o->cols == 0 && !masked ? silent_groups(o, &groups) : 0;
	size_t all = o->wg ? (o->n + o->wg - 1) / o->wg : 0;
	if (accumulated_uncleared(o, wrong, count)) {
		struct sbuf p = SBUF_INIT;
		unsigned char bytes[16];
		elem_format(&p, o->arg->type, memset(bytes, POISON_BYTE, sizeof(bytes)), 0);
		msg_fact_int(m, "not_cleared", 1);
		msg_addf(m, N_("\nEvery wrong element of %s is its right value added onto %s, what the "
			       "buffer held before the run: the kernel adds into %s (+=, ++) where "
			       "nothing set it first. Sum into a private variable from 0 and store it, or "
			       "store 0 before adding."), name, sbuf_str(&p), name);
		sbuf_release(&p);
		sbuf_release(&groups);
		return 1;
	}
	if (silent)
		msg_fact_int(m, "silent_groups", silent);
	if (silent && (size_t)silent == all) {   /* a stub, or a kernel that stores elsewhere, too */
		msg_addf(m, N_("\nNo work-group stored anything into %s. Does the kernel store "
			       "into %s at all? If it does: does it return before its stores, or does a "
			       "guard test the group's id instead of the element's index?"), name, name);
		sbuf_release(&groups);
		return 1;
	}
	/* every work-group but the first silent, and the first one's range right: each group
	 * wrote that same range, as an index from get_local_id would (or only group 0 stored) */
	bool first_right = silent && (size_t)silent + 1 == all && !group_silent(o, 0);
	for (size_t i = 0; first_right && i < o->wg && i < o->n; i++)
		first_right = !wrong[i];
	if (first_right) {
		msg_fact_int(m, "work_group", atol(sbuf_str(&groups)));
		msg_addf(m, msg_plural(m, "\nOnly the range of work-group 0 holds values, the right ones; "
				       "work-group %s wrote nothing into %s. Did every work-group write "
				       "that same range? get_local_id(0) starts again from 0 in every "
				       "work-group: the element's index is get_global_id(0).",
				       "\nOnly the range of work-group 0 holds values, the right ones; "
				       "work-groups %s wrote nothing into %s. Did every work-group write "
				       "that same range? get_local_id(0) starts again from 0 in every "
				       "work-group: the element's index is get_global_id(0).",
				       (unsigned long)silent), sbuf_str(&groups), name);
		sbuf_release(&groups);
		return 1;
	}
	if (silent) {
		msg_fact_int(m, "work_group", atol(sbuf_str(&groups)));   /* the first silent one */
		msg_addf(m, msg_plural(m, "\nWork-group %s wrote nothing into %s: every element of its "
				       "range is still as it was before the run. Does it return before its "
				       "stores, or does a guard test the group's id instead of the element's "
				       "index?",
				       "\nWork-groups %s wrote nothing into %s: every element of their "
				       "ranges is still as it was before the run. Do they return before their "
				       "stores, or does a guard test the group's id instead of the element's "
				       "index?", (unsigned long)silent), sbuf_str(&groups), name);
		sbuf_release(&groups);
		return 1;
	}
	sbuf_release(&groups);
	return 0;
}

static void add_shape(struct msg *m, const struct output_view *o, const bool *wrong, long count,
		      double tol)
{
	const char *name = o->arg->name;
	if (add_unset_shape(m, o, wrong, count))
		return;
	if (o->cols == 0 && shifted_by(o, count, 1, tol)) {
		msg_fact_int(m, "shift", 1);
		msg_addf(m, N_("\nYour output is the right one shifted by one place: %s[i] "
			       "holds what belongs in %s[i + 1]. An index off by one, where the "
			       "work-item reads or where it writes?"), name, name);
		return;
	}
	if (o->cols == 0 && shifted_by(o, count, -1, tol)) {
		msg_fact_int(m, "shift", -1);
		msg_addf(m, N_("\nYour output is the right one shifted by one place: %s[i] "
			       "holds what belongs in %s[i - 1]. An index off by one, where the "
			       "work-item reads or where it writes?"), name, name);
		return;
	}
	static const size_t tiles[] = { 32, 16, 8 };
	for (size_t k = 0; o->cols > 0 && k < sizeof(tiles) / sizeof(tiles[0]); k++)
		if ((size_t)o->cols >= tiles[k] && o->n / (size_t)o->cols >= tiles[k] &&
		    blocks_not_transposed_inside(o, wrong, count, tiles[k], tol)) {
			msg_fact_int(m, "block", (long long)tiles[k]);
			msg_addf(m, N_("\nEach %zu x %zu block of %s holds the right values, "
				       "but its inside is not transposed: the element at (r, c) of a "
				       "block holds the one that belongs at (c, r). Inside a block the "
				       "roles of the two local ids must swap too (with a tile in local "
				       "memory: read it back the other way round)."),
				 tiles[k], tiles[k], name);
			return;
		}
	size_t es = type_info(o->arg->type)->size;
	bool one = o->n >= SHAPE_MIN_ELEMENTS && !never_written(o->arg->type, o->got, 0), varied = false;
	for (size_t i = 1; i < o->n && one; i++) {
		one = !memcmp((const char *)o->got + i * es, o->got, es);
		varied |= memcmp((const char *)o->expected + i * es, o->expected, es) != 0;
	}
	if (one && varied)
		add_one_value(m, o, tol);
}

double output_tolerance(const struct check_spec *spec, const struct arg_spec *a)
{
	if (a->compare == COMPARE_EXACT)
		return 0;
	return a->tolerance >= 0 ? a->tolerance : spec->tolerance;
}

double output_abs_tolerance(const struct check_spec *spec, const struct arg_spec *a)
{
	if (a->compare == COMPARE_EXACT)
		return 0;
	return a->abs_tolerance >= 0 ? a->abs_tolerance : spec->abs_tolerance;
}

/* ---- outputs compared in any order: compare = multiset | sorted ---- */

static enum elem_type sort_type;   /* what qsort's comparison reads: set just before it runs */

static int compare_values(const void *x, const void *y)
{
	enum elem_type t = sort_type;
	if (type_info(t)->is_float) {
		double a = elem_get_double(t, x, 0), b = elem_get_double(t, y, 0);
		if (isnan(a) || isnan(b))
			return isnan(a) - isnan(b);   /* NaNs last */
		return (a > b) - (a < b);
	}
	if (t == TYPE_ULONG) {
		uint64_t a = (uint64_t)elem_get_int(t, x, 0), b = (uint64_t)elem_get_int(t, y, 0);
		return (a > b) - (a < b);
	}
	int64_t a = elem_get_int(t, x, 0), b = elem_get_int(t, y, 0);
	return (a > b) - (a < b);
}

/* The n values of base sorted, the learner's never-written ones left out (how many: *poison). */
static void *sorted_copy(enum elem_type t, const void *base, size_t n, bool drop_poison, size_t *kept,
			 size_t *poison)
{
	size_t es = type_info(t)->size;
	char *out = xmalloc(n * es + 1);
	*kept = *poison = 0;
	for (size_t i = 0; i < n; i++) {
		if (drop_poison && never_written(t, base, i)) {
			++*poison;
			continue;
		}
		memcpy(out + *kept * es, (const char *)base + i * es, es);
		++*kept;
	}
	sort_type = t;
	qsort(out, *kept, es, compare_values);
	return out;
}

/* "17 is missing", "5 appears 2 times instead of once", "9 should not be there" */
static void add_multiset_note(struct msg *m, const struct output_view *o, const void *base, size_t i,
			      long want, long have)
{
	struct sbuf v = SBUF_INIT;
	elem_format(&v, o->arg->type, base, i);
	const char *s = sbuf_str(&v);
	if (have == 0 && want == 1)
		msg_addf(m, N_("%s is missing"), s);
	else if (have == 0)
		msg_addf(m, N_("%s is missing (expected %ld times)"), s, want);
	else if (want == 0 && have == 1)
		msg_addf(m, N_("%s should not be there"), s);
	else if (want == 0)
		msg_addf(m, N_("%s should not be there (found %ld times)"), s, have);
	else if (have == 1)
		msg_addf(m, N_("%s appears once instead of %ld times"), s, want);
	else if (want == 1)
		msg_addf(m, N_("%s appears %ld times instead of once"), s, have);
	else
		msg_addf(m, N_("%s appears %ld times instead of %ld"), s, have, want);
	sbuf_release(&v);
}

/* The same values in any order; sorted: in ascending order too. The count of values without a
 * partner, or for a wrong order 1; m names them by value. */
static long compare_unordered(const struct output_view *o, double tol, struct msg *m)
{
	enum { NOTES = 4 };
	enum elem_type t = o->arg->type;
	size_t es = type_info(t)->size, ne, ng, none, poison;
	char *e = sorted_copy(t, o->expected, o->n, false, &ne, &none);
	char *g = sorted_copy(t, o->got, o->n, true, &ng, &poison);
	struct msg notes = MSG_INIT;
	long unmatched = 0, shown = 0;   /* expected values without a partner */
	size_t i = 0, j = 0;
	while (i < ne || j < ng) {
		/* one distinct value: how many times each side has it */
		const char *v = i < ne && (j >= ng || compare_values(e + i * es, g + j * es) <= 0 ||
					   elem_equal(t, e + i * es, g + j * es, 0, tol, o->abs_tol)) ? e + i * es : g + j * es;
		long want = 0, have = 0;
		while (i < ne && elem_equal(t, v, e + i * es, 0, tol, o->abs_tol))
			i++, want++;
		while (j < ng && elem_equal(t, v, g + j * es, 0, tol, o->abs_tol))
			j++, have++;
		if (want == have)
			continue;
		if (want > have)
			unmatched += want - have;
		if (shown++ < NOTES) {
			if (shown > 1)
				msg_raw(&notes, "; ");
			add_multiset_note(&notes, o, v, 0, want, have);
		}
	}
	if (poison) {
		if (!msg_empty(&notes))
			msg_raw(&notes, "; ");
		msg_addf(&notes, msg_plural(&notes, "%zu place was never written",
					    "%zu places were never written", (unsigned long)poison), poison);
	}
	long wrong = 0;
	msg_fact_str(m, "buffer", o->arg->name);
	if (unmatched || !msg_empty(&notes)) {
		wrong = unmatched ? unmatched : 1;
		msg_fact_int(m, "wrong", wrong);
		msg_fact_int(m, "elements", (long long)o->n);
		if (poison)
			msg_fact_int(m, "never_written", (long long)poison);
		msg_addf(m, N_("%s, its values in any order: %s"), o->arg->name, msg_sub(m, &notes));
		if (shown > NOTES)
			msg_addf(m, N_("; and %ld other values"), shown - NOTES);
		msg_addf(m, N_(" (%ld of %zu values without a match)"), wrong, o->n);
	} else if (o->arg->compare == COMPARE_SORTED) {
		for (size_t k = 1; k < o->n && !wrong; k++) {
			if (compare_values((const char *)o->got + (k - 1) * es, (const char *)o->got + k * es) <= 0)
				continue;
			struct sbuf a = SBUF_INIT, b = SBUF_INIT;
			elem_format(&a, t, o->got, k - 1);
			elem_format(&b, t, o->got, k);
			msg_fact_int(m, "index", (long long)k);
			msg_fact_str(m, "got", sbuf_str(&b));
			msg_fact_str(m, "before", sbuf_str(&a));
			msg_addf(m, N_("%s holds the right values, but not in ascending order: "
				       "%s[%zu] is %s, after %s[%zu] = %s"), o->arg->name, o->arg->name, k,
				 sbuf_str(&b), o->arg->name, k - 1, sbuf_str(&a));
			sbuf_release(&a);
			sbuf_release(&b);
			wrong = 1;
		}
	}
	msg_release(&notes);
	free(e);
	free(g);
	return wrong;
}

long compare_output(const struct output_view *o, double tol, struct msg *msg, struct msg *pic)
{
	if (o->arg->compare == COMPARE_MULTISET || o->arg->compare == COMPARE_SORTED) {
		struct msg body = MSG_INIT;
		long wrong = compare_unordered(o, tol, &body);
		if (wrong && o->passes > 1) {
			msg_fact_int(msg, "pass", o->pass);
			msg_addf(msg, N_("pass %d of %d: "), o->pass, o->passes);
		}
		if (wrong)
			msg_append(msg, &body);
		msg_release(&body);
		return wrong;
	}
	bool *wrong = xcalloc(o->n ? o->n : 1, sizeof(bool));
	long count = 0;
	size_t first = 0;
	for (size_t i = 0; i < o->n; i++) {
		if (!elem_equal(o->arg->type, o->expected, o->got, i, tol, o->abs_tol)) {
			if (!count)
				first = i;
			wrong[i] = true;
			count++;
		}
	}
	if (count) {
		if (o->passes > 1) {
			msg_fact_int(msg, "pass", o->pass);
			msg_addf(msg, N_("pass %d of %d: "), o->pass, o->passes);
		}
		name_place(msg, o, first);
		add_expected_got(msg, o, first);
		add_relative_error(msg, o, first, tol);
		msg_fact_int(msg, "wrong", count);
		msg_fact_int(msg, "elements", (long long)o->n);
		if (output_unchanged(o))
			msg_fact_int(msg, "unchanged", 1);
		/* the total picks the form: "1 of 1 value", "3 of 5 values" */
		msg_addf(msg, msg_plural(msg, " (%ld of %zu value wrong)", " (%ld of %zu values wrong)",
					 (unsigned long)o->n), count, o->n);
		add_shape(msg, o, wrong, count, tol);
		if (o->passes > 1)
			msg_addf(pic, N_("pass %d of %d, "), o->pass, o->passes);
		if (o->cols > 0)
			picture_2d(pic, o, wrong, first);
		else
			picture_1d(pic, o, wrong, first);
	}
	free(wrong);
	return count;
}
