/* bench-report.c: the figures of `clings bench` as a table for a learner, or as one JSON object. */
#include "ui/ui.h"

#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double gbps(double bytes, double s)
{
	return s > 0 ? bytes / s / 1e9 : 0;
}

/* The table's columns: a row's label, then numbers right-aligned in these widths. */
#define MS_COL 8
#define RATE_COL 8
#define SHARE_COL 8
#define GFLOPS_COL 10

/* s, then spaces to width columns (columns, not bytes: "referência" has an accent). */
static void add_padded(struct sbuf *out, const char *s, int width)
{
	sbuf_adds(out, s);
	for (int w = term_width(s, strlen(s)); w < width; w++)
		sbuf_adds(out, " ");
}

/* "   12.30     5.46      56%": time in ms, GB/s, and the share of the copy's rate. */
static void add_figures(struct sbuf *out, const struct bench_result *b, double bytes, double s,
			const char *lang)
{
	char ms[32], rate[32];
	number_in(lang, s * 1e3, 2, ms);
	number_in(lang, gbps(bytes, s), 2, rate);
	sbuf_addf(out, " %*s %*s", MS_COL, ms, RATE_COL, rate);
	if (b->copy_s > 0)
		sbuf_addf(out, " %*.0f%%", SHARE_COL - 1, 100 * gbps(bytes, s) / gbps(b->copy_bytes, b->copy_s));
	else
		sbuf_addf(out, " %*s", SHARE_COL, "-");
}

/* Whether a row counts its operations: the table then shows GFLOP/s and the share of the peak
 * beside GB/s and the share of the copy (a multiply's few bytes say little of its speed, a
 * stencil's operations little of its; each figure is read against its own limit). */
static bool counts_flops(const struct bench_result *b)
{
	for (int i = 0; i < b->nrows; i++)
		if (b->rows[i].flops > 0)
			return true;
	return false;
}

/* "    5432.1      81%": GFLOP/s of the whole loop, and the share of the peak kernel's rate
 * (after add_figures' time, GB/s and share of the copy). */
static void add_flops(struct sbuf *out, const struct bench_result *b, double flops, double s, const char *lang)
{
	char rate[32];
	number_in(lang, s > 0 ? flops / s / 1e9 : 0, 1, rate);
	sbuf_addf(out, " %*s", GFLOPS_COL, rate);
	if (b->peak_s > 0)
		sbuf_addf(out, " %*.0f%%", SHARE_COL - 1, 100 * (flops / s) / (b->peak_flops / b->peak_s));
	else
		sbuf_addf(out, " %*s", SHARE_COL, "-");
}

static void add_row(struct sbuf *out, const struct bench_result *b, const char *label, int label_width,
		    double loop_s, double first_s, const struct bench_row *row, const char *lang)
{
	sbuf_adds(out, "  ");
	add_padded(out, label, label_width);
	add_figures(out, b, row->bytes_loop, loop_s, lang);
	if (counts_flops(b))
		add_flops(out, b, row->flops, loop_s, lang);
	if (b->multipass) {
		sbuf_adds(out, "  ");
		add_figures(out, b, row->bytes_first, first_s, lang);
	}
	sbuf_adds(out, "\n");
}

/* bytes as a learner reads a size: "32 MB", "33 KB", in buf. */
static const char *size_text(const char *lang, double bytes, char buf[48])
{
	char n[32];
	bool mb = bytes >= (1 << 20);
	number_in(lang, bytes / (mb ? 1 << 20 : 1 << 10), 0, n);
	snprintf(buf, 48, "%s %s", n, mb ? "MB" : "KB");
	return buf;
}

/* A row's label: its work-group, and the parameters that tell it from the other rows (other
 * than the size and the work-group): "64 cap=2048" where one bench tries several caps. A
 * work-group the device's runtime chose (`local = auto`: OpenCL does not say which) is named
 * so. */
static void row_label(const struct bench_result *b, int i, char *label, size_t cap, const char *lang)
{
	const char *group = b->rows[i].group;
	size_t at = (size_t)snprintf(label, cap, "%s",
				     !strcmp(group, BENCH_GROUP_AUTO) ? tr(lang, "the device's") : group);
	at = at < cap ? at : cap - 1;
	char name[sizeof(b->rows[i].name)];
	snprintf(name, sizeof(name), "%s", b->rows[i].name);
	for (char *save = NULL, *tok = strtok_r(name, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (!strncmp(tok, "len=", 4) || !strncmp(tok, "wg=", 3))
			continue;
		bool everywhere = true;   /* the same in every row: says nothing of this one */
		for (int j = 0; j < b->nrows && everywhere; j++) {
			const char *other = b->rows[j].name, *hit = strstr(other, tok);
			size_t n = strlen(tok);
			everywhere = hit && (hit == other || hit[-1] == ' ') && (hit[n] == ' ' || !hit[n]);
		}
		if (!everywhere && at < cap - 1)
			at += (size_t)snprintf(label + at, cap - at, " %s", tok);
		at = at < cap ? at : cap - 1;
	}
}

/* Each line of text at most width columns (as they come when width <= 0): a wider one goes on at
 * its spaces, indented as far as it is (two more for an indented one: a table's row, a figure);
 * a word wider than a line alone is cut. */
static void wrap_lines(const char *text, int width, struct sbuf *out)
{
	if (width <= 0) {
		sbuf_adds(out, text);
		return;
	}
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *next = p + n + (nl != NULL);
		int indent = 0;
		while ((size_t)indent < n && p[indent] == ' ')
			indent++;
		int more = indent > 0 && indent + 2 < width / 2 ? indent + 2 : 0;
		for (int first = 1; n > 0 || first; first = 0) {
			int room = first ? width : width - more;
			size_t take = term_width(p, n) > room ? term_wrap(p, n, room) : n;
			if (!first)
				sbuf_addf(out, "%*s", more, "");
			sbuf_add(out, p, take);
			sbuf_adds(out, "\n");
			p += take;
			n -= take;
			while (n > 0 && *p == ' ')
				p++, n--;
		}
		p = next;
	}
}

/* A paragraph of the catalog, its lines broken for 80 columns: one line to be wrapped at the
 * reader's width instead (as written when width <= 0); its empty lines before and after stay. */
static void add_prose(struct sbuf *out, int width, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add_prose(struct sbuf *out, int width, const char *fmt, ...)
{
	struct sbuf text = SBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&text, fmt, ap);
	va_end(ap);
	for (size_t i = 0; width > 0 && i < text.len; i++)
		if (text.buf[i] == '\n' && i > 0 && text.buf[i - 1] != '\n' && i + 1 < text.len &&
		    text.buf[i + 1] != '\n')
			text.buf[i] = ' ';
	sbuf_add(out, text.buf, text.len);
	sbuf_release(&text);
}

/* What the table measures: the sizes and the device, how it is timed, and the copy and the peak
 * it is measured against. */
static void bench_intro(const struct bench_result *b, bool flops, struct sbuf *out, const char *lang, int width)
{
	struct sbuf safe = SBUF_INIT;
	/* the device's size, or less where the check caps it (a scan of at most W*W values) */
	double input = b->nrows && b->rows[0].bytes_first > 0 && b->rows[0].bytes_first < (double)b->bytes
		     ? b->rows[0].bytes_first : (double)b->bytes;
	char size[48];
	add_prose(out, width, tr(lang, "%s: your kernel and the reference solution, %s of input,\non %s\n"), b->exercise,
		  size_text(lang, input, size), text_safe(b->device ? b->device : "?", &safe));
	add_prose(out, width, tr(lang, "Median of %d timed runs after %d warm-up runs, timed by the device (OpenCL\n"
			  "profiling events); GB/s: the bytes the kernel's contract reads and writes.\n"),
		  BENCH_RUNS, BENCH_WARMUP_RUNS);
	if (flops)
		add_prose(out, width, "%s", tr(lang, "GFLOP/s: the operations the check's [bench] counts, in billions a second.\n"));
	if (b->copy_s > 0) {
		char rate[32], copy_size[48];
		number_in(lang, gbps(b->copy_bytes, b->copy_s), 2, rate);
		add_prose(out, width, tr(lang, "A copy of the same bytes (%s read and written) reaches %s GB/s:\n"
				  "the practical limit (\"of copy\" below).\n"),
			  size_text(lang, b->copy_bytes, copy_size), rate);
	}
	if (b->peak_s > 0) {
		char rate[32];
		number_in(lang, b->peak_flops / b->peak_s / 1e9, 1, rate);
		add_prose(out, width, tr(lang, "Independent multiply-adds in registers reach %s GFLOP/s: the device's\n"
				  "peak as measured here (\"of peak\" below; a multiply-add counts as 2).\n"), rate);
	}
	sbuf_release(&safe);
}

static void bench_report_lines(const struct bench_result *b, struct sbuf *out, const char *lang, int width)
{
	struct sbuf safe = SBUF_INIT, said = SBUF_INIT;
	if (!msg_empty(&b->message)) {
		msg_render(&b->message, lang, &said);
		sbuf_addf(out, "%s: %s\n", b->exercise, text_safe(sbuf_str(&said), &safe));
		sbuf_release(&said);
		sbuf_release(&safe);
		return;
	}
	bool flops = counts_flops(b);
	bench_intro(b, flops, out, lang, width);
	sbuf_adds(out, "\n");
	const char *of_copy = tr(lang, "of copy"), *group = tr(lang, "work-group");
	/* the labels' column: as wide as the widest label, the heading's included */
	int label_width = term_width(group, strlen(group));
	for (int i = 0; i < b->nrows; i++) {
		char label[64];
		row_label(b, i, label, sizeof(label), lang);
		int lw = term_width(label, strlen(label));
		label_width = lw > label_width ? lw : label_width;
	}
	const char *ref = tr(lang, "reference");
	int rw = 2 + term_width(ref, strlen(ref));
	label_width = rw > label_width ? rw : label_width;
	int figures = MS_COL + RATE_COL + SHARE_COL + 2;   /* " ms GB/s share" less its first space */
	if (b->multipass) {
		int passes = b->nrows ? b->rows[0].passes : 0;
		char loop[64];
		snprintf(loop, sizeof(loop), trn(lang, "whole loop (%d pass)", "whole loop (%d passes)",
						 (unsigned long)passes), passes);
		sbuf_adds(out, "  ");
		add_padded(out, "", label_width + 1);
		add_padded(out, loop, figures + (flops ? GFLOPS_COL + SHARE_COL + 2 : 0) + 2);
		sbuf_addf(out, " %s\n", tr(lang, "first pass"));
	}
	sbuf_adds(out, "  ");
	add_padded(out, group, label_width);
	sbuf_addf(out, " %*s %*s %*s", MS_COL, "ms", RATE_COL, "GB/s", SHARE_COL, of_copy);
	if (flops)
		sbuf_addf(out, " %*s %*s", GFLOPS_COL, "GFLOP/s", SHARE_COL, tr(lang, "of peak"));
	if (b->multipass)
		sbuf_addf(out, "   %*s %*s %*s", MS_COL, "ms", RATE_COL, "GB/s", SHARE_COL, of_copy);
	sbuf_adds(out, "\n");
	bool unknown = false;
	for (int i = 0; i < b->nrows; i++) {
		const struct bench_row *row = &b->rows[i];
		char label[64];
		row_label(b, i, label, sizeof(label), lang);
		if (row->skipped) {
			sbuf_adds(out, "  ");
			add_padded(out, label, label_width);
			sbuf_addf(out, " %s\n", tr(lang, "skipped: larger than this device allows"));
			continue;
		}
		if (!msg_empty(&row->problem)) {
			msg_render(&row->problem, lang, &said);
			sbuf_adds(out, "  ");
			add_padded(out, label, label_width);
			sbuf_addf(out, " %s\n", sbuf_str(&said));
			sbuf_reset(&said);
		} else {
			add_row(out, b, label, label_width, row->loop_s, row->first_s, row, lang);
		}
		if (row->ref_loop_s > 0) {
			snprintf(label, sizeof(label), "  %s", ref);
			add_row(out, b, label, label_width, row->ref_loop_s, row->ref_first_s, row, lang);
		}
		unknown = unknown || (msg_empty(&row->problem) && row->agree >= AGREE_SAMPLED);
	}
	if (unknown)
		add_prose(out, width, "%s", tr(lang, "\nYour floating-point results at this size were compared with the reference's\n"
				  "at sampled places only (computed in another order, they differ in their\n"
				  "last bits).\n"));
	if (b->cpu)
		add_prose(out, width, "%s", tr(lang, "\nThis is a CPU device: its figures do not predict a GPU's. A GPU has far\n"
				  "more bandwidth and runs work-groups very differently: bench there\n"
				  "(--device gpu) to learn how fast your kernel really is.\n"));
	if (b->naccess > 0) {   /* what predicts a GPU from here: how the kernel touches memory */
		struct sbuf acc = SBUF_INIT;
		access_figures_text(b->access, b->naccess, lang, &acc);
		sbuf_addf(out, "\n%s\n", text_safe(sbuf_str(&acc), &safe));
		sbuf_release(&acc);
	}
	sbuf_release(&said);
	sbuf_release(&safe);
}

void bench_report_text(const struct bench_result *b, struct sbuf *out, const char *lang, int width)
{
	struct sbuf lines = SBUF_INIT;
	bench_report_lines(b, &lines, lang, width);
	wrap_lines(lines.buf, width, out);
	sbuf_release(&lines);
}

/* {seconds, gbps, of_copy}, and gflops, of_peak where flops counts the operations */
static json_t *json_figures(const struct bench_result *b, double bytes, double s, double flops)
{
	json_t *o = json_object();
	json_object_set_new(o, "seconds", json_fixed(s, 9));
	json_object_set_new(o, "gbps", json_fixed(gbps(bytes, s), 3));
	json_object_set_new(o, "of_copy", b->copy_s > 0 ? json_fixed(gbps(bytes, s) / gbps(b->copy_bytes, b->copy_s), 4)
							 : json_null());
	if (flops > 0) {
		json_object_set_new(o, "gflops", json_fixed(flops / s / 1e9, 3));
		json_object_set_new(o, "of_peak", b->peak_s > 0 ? json_fixed((flops / s) / (b->peak_flops / b->peak_s), 4)
								: json_null());
	}
	return o;
}

/* One side's figures: its loop and its first pass, or null when it did not run. */
static json_t *json_side(const struct bench_result *b, const struct bench_row *row, double loop_s, double first_s)
{
	if (loop_s <= 0)
		return json_null();
	json_t *o = json_object();
	json_object_set_new(o, "loop", json_figures(b, row->bytes_loop, loop_s, row->flops));
	json_object_set_new(o, "first_pass", json_figures(b, row->bytes_first, first_s, 0));
	return o;
}

/* A whole number the bench counts in a double (bytes, operations). */
static json_t *json_count(double v)
{
	return json_integer((json_int_t)llround(v));
}

/* key: m in lang (null when empty), then facts_key: its facts, as a check's JSON gives them. */
static void json_msg(json_t *o, const char *key, const char *facts_key, const struct msg *m, const char *lang)
{
	char *text = msg_empty(m) ? NULL : msg_text(m, lang);
	json_object_set_new(o, key, json_text_or_null(text));
	free(text);
	json_object_set_new(o, facts_key, msg_facts_object(m));
}

static json_t *json_row(const struct bench_result *b, const struct bench_row *row, const char *lang)
{
	static const char *const agree[] = { "same", "different", "same_where_sampled", "not_compared" };
	json_t *o = json_object();
	json_object_set_new(o, "name", json_text(row->name));
	json_object_set_new(o, "work_group", json_text(row->group));
	json_object_set_new(o, "flops", json_count(row->flops));
	json_object_set_new(o, "passes", json_integer(row->passes));
	json_object_set_new(o, "bytes", json_count(row->bytes_loop));
	json_object_set_new(o, "first_pass_bytes", json_count(row->bytes_first));
	json_object_set_new(o, "skipped", json_boolean(row->skipped));
	json_object_set_new(o, "results", json_string(agree[row->agree]));
	json_msg(o, "problem", "problem_facts", &row->problem, lang);
	json_object_set_new(o, "kernel", json_side(b, row, row->loop_s, row->first_s));
	json_object_set_new(o, "reference", json_side(b, row, row->ref_loop_s, row->ref_first_s));
	return o;
}

int bench_report_json(const struct bench_result *b, FILE *f, const char *lang)
{
	json_t *o = json_object();
	json_object_set_new(o, "exercise", json_text(b->exercise));
	bool failed = b->check_verdict != VERDICT_PASS && b->check_verdict != VERDICT_ERROR;
	json_object_set_new(o, "status", json_string(msg_empty(&b->message) ? "ok" : failed ? "fail" : "error"));
	json_msg(o, "message", "facts", &b->message, lang);
	json_object_set_new(o, "device", json_text(b->device));
	json_object_set_new(o, "device_type", json_string(b->cpu ? "cpu" : "gpu"));
	json_object_set_new(o, "bytes", json_integer((json_int_t)b->bytes));
	json_object_set_new(o, "runs", json_integer(BENCH_RUNS));
	json_object_set_new(o, "warmup_runs", json_integer(BENCH_WARMUP_RUNS));
	json_object_set_new(o, "multipass", json_boolean(b->multipass));
	json_t *copy = json_null(), *peak = json_null();
	if (b->copy_s > 0)
		copy = json_pack("{s:o, s:o, s:o}", "bytes", json_count(b->copy_bytes), "seconds",
				 json_fixed(b->copy_s, 9), "gbps", json_fixed(gbps(b->copy_bytes, b->copy_s), 3));
	if (b->peak_s > 0)
		peak = json_pack("{s:o, s:o, s:o}", "flops", json_count(b->peak_flops), "seconds",
				 json_fixed(b->peak_s, 9), "gflops", json_fixed(b->peak_flops / b->peak_s / 1e9, 3));
	json_object_set_new(o, "copy", copy);
	json_object_set_new(o, "peak", peak);
	json_t *rows = json_array();
	for (int i = 0; i < b->nrows; i++)
		json_array_append_new(rows, json_row(b, &b->rows[i], lang));
	json_object_set_new(o, "rows", rows);
	return json_doc_print(f, o);
}
