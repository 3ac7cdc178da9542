/*
 * compare.c: the comparison of a learner's output with the reference, which names the first wrong
 * place in the learner's terms and draws a small picture, or, for an output compared in any
 * order, names the values missing and the values too many; and the host oracles.
 */
#include "engine/engine.h"

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

static void format_got(struct sbuf *out, enum elem_type t, const void *got, size_t i,
		       const char *lang)
{
	if (never_written(t, got, i))
		sbuf_adds(out, tr(lang, "nothing (never written)"));
	else
		elem_format(out, t, got, i);
}

/* ": expected 5, got 0" for element i, in the message and in the picture's lines. */
static void add_expected_got(struct sbuf *out, const struct output_view *o, size_t i)
{
	struct sbuf e = SBUF_INIT, g = SBUF_INIT;
	elem_format(&e, o->arg->type, o->expected, i);
	format_got(&g, o->arg->type, o->got, i, o->lang);
	sbuf_addf(out, tr(o->lang, ": expected %s, got %s"), sbuf_str(&e), sbuf_str(&g));
	sbuf_release(&e);
	sbuf_release(&g);
}

/*
 * Labels come from the check ini, in English ("work-group", "row"); the table knows the course's
 * labels and their plurals, and any other label is shown as the course wrote it.
 */
/* The labels the course's checks use, and their plurals: listed here for the catalog. */
static const char *const course_labels[] __attribute__((unused)) = {
	N_("element"), N_("elements"), N_("row"), N_("rows"), N_("column"), N_("columns"),
	N_("work-group"), N_("work-groups"),
};

static const char *label_word(const struct output_view *o, const char *label)
{
	return tr(o->lang, label);
}

static void add_label_plural(struct sbuf *out, const struct output_view *o, const char *label)
{
	char *plural = xstrfmt("%ss", label);
	sbuf_adds(out, tr(o->lang, plural));
	free(plural);
}

static bool elem_equal(enum elem_type t, const void *e, const void *g, size_t i, double tol)
{
	if (!type_info(t)->is_float)
		return !memcmp((const char *)e + i * type_info(t)->size, (const char *)g + i * type_info(t)->size,
			       type_info(t)->size);
	double a = elem_get_double(t, e, i), b = elem_get_double(t, g, i);
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return fabs(a - b) <= tol * fmax(1.0, fabs(a));
}

/* The address of element i of an output's values (got or expected). */
static const void *elem_at(const struct output_view *o, const void *base, size_t i)
{
	return (const char *)base + i * type_info(o->arg->type)->size;
}

/* "work-group 3", "(row 2, column 5)", "out[17]" */
static void name_place(struct sbuf *out, const struct output_view *o, size_t i)
{
	const struct arg_spec *a = o->arg;
	if (o->cols > 0) {
		size_t r = i / (size_t)o->cols, c = i % (size_t)o->cols;
		if (a->label[0] && a->label[1])
			sbuf_addf(out, tr(o->lang, "%s at (%s %zu, %s %zu)"), a->name,
				  label_word(o, a->label[0]), r, label_word(o, a->label[1]), c);
		else
			sbuf_addf(out, "%s[%zu][%zu]", a->name, r, c);
	} else if (a->label[0]) {
		sbuf_addf(out, "%s[%zu] (%s %zu)", a->name, i, label_word(o, a->label[0]), i);
	} else {
		sbuf_addf(out, "%s[%zu]", a->name, i);
	}
}

static void picture_1d(struct sbuf *pic, const struct output_view *o, const bool *wrong, size_t first)
{
	enum { WIDTH = 32 };
	size_t start = first / WIDTH * WIDTH, end = start + WIDTH < o->n ? start + WIDTH : o->n;
	const char *label = o->arg->label[0];
	struct sbuf what = SBUF_INIT;
	if (label)
		add_label_plural(&what, o, label);
	else
		sbuf_adds(&what, tr(o->lang, "indices"));
	sbuf_addf(pic, tr(o->lang, "%s, %s %zu-%zu (. right, x wrong):\n  "), o->arg->name,
		  sbuf_str(&what), start, end - 1);
	sbuf_release(&what);
	for (size_t i = start; i < end; i++)
		sbuf_adds(pic, wrong[i] ? "x" : ".");
	sbuf_adds(pic, "\n");
	int shown = 0;
	for (size_t i = start; i < end && shown < 4; i++) {
		if (!wrong[i])
			continue;
		sbuf_addf(pic, "  %s %zu", label ? label_word(o, label) : tr(o->lang, "index"), i);
		add_expected_got(pic, o, i);
		sbuf_adds(pic, "\n");
		shown++;
	}
}

static void picture_2d(struct sbuf *pic, const struct output_view *o, const bool *wrong, size_t first)
{
	enum { H = 12, W = 48 };
	/* validation makes n rows x cols in a first pass; a later one may end in a short row */
	size_t cols = (size_t)o->cols, rows = (o->n + cols - 1) / cols;
	size_t fr = first / cols, fc = first % cols;
	size_t r0 = fr / H * H, c0 = fc / W * W;
	size_t r1 = r0 + H < rows ? r0 + H : rows, c1 = c0 + W < cols ? c0 + W : cols;
	struct sbuf rl = SBUF_INIT, cl = SBUF_INIT;
	add_label_plural(&rl, o, o->arg->label[0] ? o->arg->label[0] : "row");
	add_label_plural(&cl, o, o->arg->label[1] ? o->arg->label[1] : "column");
	sbuf_addf(pic, tr(o->lang, "%s (%zu x %zu), %s %zu-%zu, %s %zu-%zu (. right, x wrong):\n"),
		  o->arg->name, rows, cols, sbuf_str(&rl), r0, r1 - 1, sbuf_str(&cl), c0, c1 - 1);
	sbuf_release(&rl);
	sbuf_release(&cl);
	for (size_t r = r0; r < r1; r++) {
		sbuf_addf(pic, "%6zu ", r);
		for (size_t c = c0; c < c1 && r * cols + c < o->n; c++)
			sbuf_adds(pic, wrong[r * cols + c] ? "x" : ".");
		sbuf_adds(pic, "\n");
	}
}

/*
 * For a float that was written but is not close enough: how far off, against what the check
 * allows, so that "expected 25104.2075, got 25104.2076" explains itself. A double off by about
 * a float's precision was most likely computed in float somewhere.
 */
static void add_relative_error(struct sbuf *out, const struct output_view *o, size_t i, double tol)
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
	sbuf_addf(out, tr(o->lang, ", a relative error of %s where the check allows %s"), r, l);
	if (t == TYPE_DOUBLE && rel > 1e-12 && rel < 1e-4)   /* double order: 1e-16; float: 1e-7 */
		sbuf_adds(out, tr(o->lang, " (about a float's precision: is something computed in float?)"));
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

/* Whether the wrong elements hold what belongs d places away, got[i] == expected[i + d]: all but
 * a few of those that can (written, i + d inside), and those most of the wrong ones. */
static bool shifted_by(const struct output_view *o, const bool *wrong, long count, long d, double tol)
{
	long fits = 0, can = 0;
	for (size_t i = 0; i < o->n; i++) {
		long j = (long)i + d;
		if (!wrong[i] || j < 0 || (size_t)j >= o->n || never_written(o->arg->type, o->got, i))
			continue;
		can++;
		fits += elem_equal(o->arg->type, elem_at(o, o->got, i), elem_at(o, o->expected, (size_t)j), 0, tol);
	}
	return can >= SHAPE_MIN_ELEMENTS && 2 * can >= count && fits >= SHAPE_SHARE * (double)can;
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
			elem_equal(o->arg->type, elem_at(o, o->got, k), elem_at(o, o->expected, mr * cols + mc), 0, tol);
	}
	return count >= SHAPE_MIN_ELEMENTS && fits >= SHAPE_SHARE * (double)count;
}

static void add_shape(struct sbuf *msg, const struct output_view *o, const bool *wrong, long count,
		      double tol)
{
	const char *name = o->arg->name;
	struct sbuf groups = SBUF_INIT;
	int silent = o->cols == 0 ? silent_groups(o, &groups) : 0;
	size_t all = o->wg ? (o->n + o->wg - 1) / o->wg : 0;
	if (silent && (size_t)silent == all) {   /* a stub, or a kernel that stores elsewhere, too */
		sbuf_addf(msg, tr(o->lang, "\nNo work-group stored anything into %s. Does the kernel store "
				  "into %s at all? If it does: does it return before its stores, or does a "
				  "guard test the group's id instead of the element's index?"), name, name);
		sbuf_release(&groups);
		return;
	}
	if (silent) {
		sbuf_addf(msg, trn(o->lang, "\nWork-group %s wrote nothing into %s: every element of its "
				   "range is still as it was before the run. Does it return before its "
				   "stores, or does a guard test the group's id instead of the element's "
				   "index?",
				   "\nWork-groups %s wrote nothing into %s: every element of their "
				   "ranges is still as it was before the run. Do they return before their "
				   "stores, or does a guard test the group's id instead of the element's "
				   "index?", (unsigned long)silent), sbuf_str(&groups), name);
		sbuf_release(&groups);
		return;
	}
	sbuf_release(&groups);
	if (o->cols == 0 && shifted_by(o, wrong, count, 1, tol)) {
		sbuf_addf(msg, tr(o->lang, "\nYour output is the right one shifted by one place: %s[i] "
				  "holds what belongs in %s[i + 1]. An index off by one, where the "
				  "work-item reads or where it writes?"), name, name);
		return;
	}
	if (o->cols == 0 && shifted_by(o, wrong, count, -1, tol)) {
		sbuf_addf(msg, tr(o->lang, "\nYour output is the right one shifted by one place: %s[i] "
				  "holds what belongs in %s[i - 1]. An index off by one, where the "
				  "work-item reads or where it writes?"), name, name);
		return;
	}
	static const size_t tiles[] = { 32, 16, 8 };
	for (size_t k = 0; o->cols > 0 && k < sizeof(tiles) / sizeof(tiles[0]); k++)
		if ((size_t)o->cols >= tiles[k] && o->n / (size_t)o->cols >= tiles[k] &&
		    blocks_not_transposed_inside(o, wrong, count, tiles[k], tol)) {
			sbuf_addf(msg, tr(o->lang, "\nEach %zu x %zu block of %s holds the right values, "
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
	if (one && varied) {
		struct sbuf v = SBUF_INIT;
		elem_format(&v, o->arg->type, o->got, 0);
		sbuf_addf(msg, tr(o->lang, "\nEvery element of %s holds the same value, %s: do all the "
				  "work-items write one place, or read one place (an index without the "
				  "work-item's id)?"), name, sbuf_str(&v));
		sbuf_release(&v);
	}
}

double output_tolerance(const struct check_spec *spec, const struct arg_spec *a)
{
	if (a->compare == COMPARE_EXACT)
		return 0;
	return a->tolerance >= 0 ? a->tolerance : spec->tolerance;
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
static void add_multiset_note(struct sbuf *msg, const struct output_view *o, const void *base, size_t i,
			      long want, long have)
{
	struct sbuf v = SBUF_INIT;
	elem_format(&v, o->arg->type, base, i);
	if (have == 0 && want == 1)
		sbuf_addf(msg, tr(o->lang, "%s is missing"), sbuf_str(&v));
	else if (have == 0)
		sbuf_addf(msg, tr(o->lang, "%s is missing (expected %ld times)"), sbuf_str(&v), want);
	else if (want == 0 && have == 1)
		sbuf_addf(msg, tr(o->lang, "%s should not be there"), sbuf_str(&v));
	else if (want == 0)
		sbuf_addf(msg, tr(o->lang, "%s should not be there (found %ld times)"), sbuf_str(&v), have);
	else if (have == 1)
		sbuf_addf(msg, tr(o->lang, "%s appears once instead of %ld times"), sbuf_str(&v), want);
	else if (want == 1)
		sbuf_addf(msg, tr(o->lang, "%s appears %ld times instead of once"), sbuf_str(&v), have);
	else
		sbuf_addf(msg, tr(o->lang, "%s appears %ld times instead of %ld"), sbuf_str(&v), have, want);
	sbuf_release(&v);
}

/* The same values in any order; sorted: in ascending order too. The count of values without a
 * partner, or for a wrong order 1; msg names them by value. */
static long compare_unordered(const struct output_view *o, double tol, struct sbuf *msg)
{
	enum { NOTES = 4 };
	enum elem_type t = o->arg->type;
	size_t es = type_info(t)->size, ne, ng, none, poison;
	char *e = sorted_copy(t, o->expected, o->n, false, &ne, &none);
	char *g = sorted_copy(t, o->got, o->n, true, &ng, &poison);
	struct sbuf notes = SBUF_INIT;
	long unmatched = 0, shown = 0;   /* expected values without a partner */
	size_t i = 0, j = 0;
	while (i < ne || j < ng) {
		/* one distinct value: how many times each side has it */
		const char *v = i < ne && (j >= ng || compare_values(e + i * es, g + j * es) <= 0 ||
					   elem_equal(t, e + i * es, g + j * es, 0, tol)) ? e + i * es : g + j * es;
		long want = 0, have = 0;
		while (i < ne && elem_equal(t, v, e + i * es, 0, tol))
			i++, want++;
		while (j < ng && elem_equal(t, v, g + j * es, 0, tol))
			j++, have++;
		if (want == have)
			continue;
		if (want > have)
			unmatched += want - have;
		if (shown++ < NOTES) {
			sbuf_adds(&notes, shown > 1 ? "; " : "");
			add_multiset_note(&notes, o, v, 0, want, have);
		}
	}
	if (poison) {
		sbuf_adds(&notes, notes.len ? "; " : "");
		sbuf_addf(&notes, trn(o->lang, "%zu place was never written", "%zu places were never written",
				      (unsigned long)poison), poison);
	}
	long wrong = 0;
	if (unmatched || notes.len) {
		sbuf_addf(msg, tr(o->lang, "%s, its values in any order: %s"), o->arg->name, sbuf_str(&notes));
		if (shown > NOTES)
			sbuf_addf(msg, tr(o->lang, "; and %ld other values"), shown - NOTES);
		sbuf_addf(msg, tr(o->lang, " (%ld of %zu values without a match)"), unmatched ? unmatched : 1,
			  o->n);
		wrong = unmatched ? unmatched : 1;
	} else if (o->arg->compare == COMPARE_SORTED) {
		for (size_t k = 1; k < o->n && !wrong; k++) {
			if (compare_values((const char *)o->got + (k - 1) * es, (const char *)o->got + k * es) <= 0)
				continue;
			struct sbuf a = SBUF_INIT, b = SBUF_INIT;
			elem_format(&a, t, o->got, k - 1);
			elem_format(&b, t, o->got, k);
			sbuf_addf(msg, tr(o->lang, "%s holds the right values, but not in ascending order: "
					  "%s[%zu] is %s, after %s[%zu] = %s"), o->arg->name, o->arg->name, k,
				  sbuf_str(&b), o->arg->name, k - 1, sbuf_str(&a));
			sbuf_release(&a);
			sbuf_release(&b);
			wrong = 1;
		}
	}
	sbuf_release(&notes);
	free(e);
	free(g);
	return wrong;
}

long compare_output(const struct output_view *o, double tol, struct sbuf *msg, struct sbuf *pic)
{
	if (o->arg->compare == COMPARE_MULTISET || o->arg->compare == COMPARE_SORTED) {
		long wrong = compare_unordered(o, tol, msg);
		if (wrong && o->passes > 1) {
			struct sbuf m = SBUF_INIT;
			sbuf_addf(&m, tr(o->lang, "pass %d of %d: "), o->pass, o->passes);
			sbuf_adds(&m, sbuf_str(msg));
			sbuf_reset(msg);
			sbuf_adds(msg, sbuf_str(&m));
			sbuf_release(&m);
		}
		return wrong;
	}
	bool *wrong = xcalloc(o->n ? o->n : 1, sizeof(bool));
	long count = 0;
	size_t first = 0;
	for (size_t i = 0; i < o->n; i++) {
		if (!elem_equal(o->arg->type, o->expected, o->got, i, tol)) {
			if (!count)
				first = i;
			wrong[i] = true;
			count++;
		}
	}
	if (count) {
		if (o->passes > 1)
			sbuf_addf(msg, tr(o->lang, "pass %d of %d: "), o->pass, o->passes);
		name_place(msg, o, first);
		add_expected_got(msg, o, first);
		add_relative_error(msg, o, first, tol);
		sbuf_addf(msg, tr(o->lang, " (%ld of %zu values wrong)"), count, o->n);
		add_shape(msg, o, wrong, count, tol);
		if (o->passes > 1)
			sbuf_addf(pic, tr(o->lang, "pass %d of %d, "), o->pass, o->passes);
		if (o->cols > 0)
			picture_2d(pic, o, wrong, first);
		else
			picture_1d(pic, o, wrong, first);
	}
	free(wrong);
	return count;
}

int host_compute(const struct arg_spec *out_arg, const void *src, size_t n_src, void *out, size_t n,
		 const struct vars *v, struct sbuf *err)
{
	int64_t p[2] = { 0, 0 };
	char e[128];
	for (int i = 0; i < 2 && out_arg->host_expr[i]; i++)
		if (expr_eval(out_arg->host_expr[i], v, &p[i], e, sizeof(e)) < 0) {
			sbuf_addf(err, "host of '%s': %s", out_arg->name, e);
			return -1;
		}
	enum elem_type t = out_arg->type;
	bool fl = type_info(t)->is_float;
	if (out_arg->host == HOST_TRANSPOSE) {
		size_t rows = (size_t)p[0], cols = (size_t)p[1];
		if (rows * cols > n_src || rows * cols > n) {
			sbuf_addf(err, "host of '%s': a %zu x %zu matrix does not fit", out_arg->name, rows, cols);
			return -1;
		}
		size_t es = type_info(t)->size;
		for (size_t r = 0; r < rows; r++)
			for (size_t c = 0; c < cols; c++)
				memcpy((char *)out + (c * rows + r) * es, (const char *)src + (r * cols + c) * es, es);
		return 0;
	}
	if (p[0] <= 0) {
		sbuf_addf(err, "host of '%s': segments of %lld elements", out_arg->name, (long long)p[0]);
		return -1;
	}
	size_t k = (size_t)p[0];
	for (size_t g = 0; g < n; g++) {
		double dacc = out_arg->host == HOST_SEGMENT_MAX ? -INFINITY : 0;
		int64_t iacc = out_arg->host == HOST_SEGMENT_MAX ? INT64_MIN : 0;
		for (size_t i = g * k; i < (g + 1) * k && i < n_src; i++) {
			if (out_arg->host == HOST_SEGMENT_MAX) {
				dacc = fmax(dacc, elem_get_double(t, src, i));
				int64_t x = elem_get_int(t, src, i);
				iacc = x > iacc ? x : iacc;
			} else {
				dacc += elem_get_double(t, src, i);
				iacc += elem_get_int(t, src, i);
			}
		}
		if (g * k >= n_src && !fl)
			iacc = 0; /* an empty segment: no identity fits every integer type */
		elem_set(t, out, g, fl ? dacc : (double)iacc);
	}
	return 0;
}

long output_columns(const struct arg_spec *a, const struct vars *v)
{
	int64_t cols = 0;
	char err[128];
	if (a->shape_expr[1] && expr_eval(a->shape_expr[1], v, &cols, err, sizeof(err)) < 0)
		cols = 0;
	return (long)cols;
}
