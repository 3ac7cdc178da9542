/* bench-report.c: the figures of `clings bench` as a table for a learner, or as one JSON object. */
#include "ui/ui.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double gbps(double bytes, double s)
{
	return s > 0 ? bytes / s / 1e9 : 0;
}

/* "  12.30    5.46    56%": time in ms, GB/s, and the share of the copy's rate. */
static void add_figures(struct sbuf *out, const struct bench_result *b, double bytes, double s,
			const char *lang)
{
	char ms[32], rate[32];
	number_in(lang, s * 1e3, 2, ms);
	number_in(lang, gbps(bytes, s), 2, rate);
	sbuf_addf(out, " %10s %8s", ms, rate);
	if (b->copy_s > 0)
		sbuf_addf(out, " %7.0f%%", 100 * gbps(bytes, s) / gbps(b->copy_bytes, b->copy_s));
	else
		sbuf_addf(out, " %8s", "-");
}

/* Whether a row counts its operations: the table then shows FLOP/s too. */
static bool counts_flops(const struct bench_result *b)
{
	for (int i = 0; i < b->nrows; i++)
		if (b->rows[i].flops > 0)
			return true;
	return false;
}

/* "  5432.10    81%": GFLOP/s of the whole loop, and the share of the peak kernel's rate. */
static void add_flops(struct sbuf *out, const struct bench_result *b, double flops, double s, const char *lang)
{
	char rate[32];
	number_in(lang, s > 0 ? flops / s / 1e9 : 0, 1, rate);
	sbuf_addf(out, " %10s", rate);
	if (b->peak_s > 0)
		sbuf_addf(out, " %7.0f%%", 100 * (flops / s) / (b->peak_flops / b->peak_s));
	else
		sbuf_addf(out, " %8s", "-");
}

static void add_row(struct sbuf *out, const struct bench_result *b, const char *label, double loop_s,
		    double first_s, const struct bench_row *row, const char *lang)
{
	sbuf_addf(out, "  %-18s", label);
	add_figures(out, b, row->bytes_loop, loop_s, lang);
	if (row->flops > 0)
		add_flops(out, b, row->flops, loop_s, lang);
	if (b->multipass) {
		sbuf_adds(out, "   ");
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
 * than the size and the work-group): "64 cap=2048" where one bench tries several caps. */
static void row_label(const struct bench_result *b, int i, char *label, size_t cap)
{
	size_t at = (size_t)snprintf(label, cap, "%s", b->rows[i].group);
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
		if (!everywhere && at < cap)
			at += (size_t)snprintf(label + at, cap - at, " %s", tok);
	}
}

void bench_report_text(const struct bench_result *b, struct sbuf *out, const char *lang)
{
	struct sbuf safe = SBUF_INIT, said = SBUF_INIT;
	if (!msg_empty(&b->message)) {
		msg_render(&b->message, lang, &said);
		sbuf_addf(out, "%s: %s\n", b->exercise, text_safe(sbuf_str(&said), &safe));
		sbuf_release(&said);
		sbuf_release(&safe);
		return;
	}
	/* the device's size, or less where the check caps it (a scan of at most W*W values) */
	double input = b->nrows && b->rows[0].bytes_first > 0 && b->rows[0].bytes_first < (double)b->bytes
		     ? b->rows[0].bytes_first : (double)b->bytes;
	char size[48];
	sbuf_addf(out, tr(lang, "%s: your kernel and the reference solution, %s of input,\non %s\n"), b->exercise,
		  size_text(lang, input, size), text_safe(b->device ? b->device : "?", &safe));
	sbuf_addf(out, tr(lang, "Median of %d timed runs after %d warm-up runs, timed by the device (OpenCL\n"
			  "profiling events); GB/s: the bytes the kernel's contract reads and writes.\n"),
		  BENCH_RUNS, BENCH_WARMUP_RUNS);
	if (b->copy_s > 0) {
		char rate[32], copy_size[48];
		number_in(lang, gbps(b->copy_bytes, b->copy_s), 2, rate);
		sbuf_addf(out, tr(lang, "A copy of the same bytes (%s read and written) reaches %s GB/s:\n"
				  "the practical limit (\"of copy\" below).\n"),
			  size_text(lang, b->copy_bytes, copy_size), rate);
	}
	if (b->peak_s > 0) {
		char rate[32];
		number_in(lang, b->peak_flops / b->peak_s / 1e9, 1, rate);
		sbuf_addf(out, tr(lang, "Independent multiply-adds in registers reach %s GFLOP/s: the device's\n"
				  "peak as measured here (\"of peak\" below; a multiply-add counts as 2).\n"), rate);
	}
	sbuf_adds(out, "\n");
	const char *of_copy = tr(lang, "of copy");
	bool flops = counts_flops(b);
	if (b->multipass) {
		int passes = b->nrows ? b->rows[0].passes : 0;
		char loop[64];
		snprintf(loop, sizeof(loop), trn(lang, "whole loop (%d pass)", "whole loop (%d passes)",
						 (unsigned long)passes), passes);
		sbuf_addf(out, "  %-18s %-28s   %s\n", "", loop, tr(lang, "first pass"));
		sbuf_addf(out, "  %-18s %10s %8s %8s   %10s %8s %8s\n", tr(lang, "work-group"), "ms", "GB/s",
			  of_copy, "ms", "GB/s", of_copy);
	} else if (flops) {
		sbuf_addf(out, "  %-18s %10s %8s %8s %10s %8s\n", tr(lang, "work-group"), "ms", "GB/s", of_copy,
			  "GFLOP/s", tr(lang, "of peak"));
	} else {
		sbuf_addf(out, "  %-18s %10s %8s %8s\n", tr(lang, "work-group"), "ms", "GB/s", of_copy);
	}
	bool unknown = false;
	for (int i = 0; i < b->nrows; i++) {
		const struct bench_row *row = &b->rows[i];
		char label[64];
		row_label(b, i, label, sizeof(label));
		if (row->skipped) {
			sbuf_addf(out, "  %-18s %s\n", label, tr(lang, "skipped: larger than this device allows"));
			continue;
		}
		if (!msg_empty(&row->problem)) {
			msg_render(&row->problem, lang, &said);
			sbuf_addf(out, "  %-18s %s\n", label, sbuf_str(&said));
			sbuf_reset(&said);
		} else {
			add_row(out, b, label, row->loop_s, row->first_s, row, lang);
		}
		if (row->ref_loop_s > 0) {
			snprintf(label, sizeof(label), "  %s", tr(lang, "reference"));
			add_row(out, b, label, row->ref_loop_s, row->ref_first_s, row, lang);
		}
		unknown = unknown || (msg_empty(&row->problem) && row->agree >= AGREE_SAMPLED);
	}
	if (unknown)
		sbuf_adds(out, tr(lang, "\nYour floating-point results at this size were compared with the reference's\n"
				  "at sampled places only (computed in another order, they differ in their\n"
				  "last bits).\n"));
	if (b->cpu)
		sbuf_adds(out, tr(lang, "\nThis is a CPU device: its figures do not predict a GPU's. A GPU has far\n"
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
