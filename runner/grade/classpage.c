/*
 * classpage.c: class.html, the class at a glance (class.h). One file: the charts are inline SVG,
 * the style inline CSS; no script, nothing fetched, so it opens from a mail or a shared drive.
 * Every bar carries its numbers as data-* attributes and a <title> (the tooltip), the same
 * numbers class.json holds: a program (tests/t084) reads them back. Every text drawn from the
 * class (names, verdicts, diagnoses, reasons) goes through esc(), also where the merge has
 * checked it: the page never trusts that it was.
 */
#include "grade/class.h"

#include <stdlib.h>
#include <string.h>

#define BAR_W 360        /* a full bar, in pixels */
#define ROW_H 26
#define LABEL_W 170

static void esc(struct sbuf *o, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': sbuf_adds(o, "&amp;"); break;
		case '<': sbuf_adds(o, "&lt;"); break;
		case '>': sbuf_adds(o, "&gt;"); break;
		case '"': sbuf_adds(o, "&quot;"); break;
		case '\'': sbuf_adds(o, "&#39;"); break;
		default: sbuf_add(o, s, 1);
		}
	}
}

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

static long long num(json_t *o, const char *key)
{
	return (long long)json_integer_value(json_object_get(o, key));
}

/* A colour per verdict: a pass green, a failure of clings' own grey, the student's failures
 * warm. */
static const char *colour(const char *verdict)
{
	static const struct { const char *v, *c; } map[] = {
		{ "pass", "#2e7d32" }, { "wrong_result", "#c62828" }, { "build_error", "#6a1b9a" },
		{ "timeout", "#ef6c00" }, { "crash", "#ad1457" }, { "out_of_bounds", "#00897b" },
		{ "race", "#f9a825" }, { "not_submitted", "#90a4ae" }, { "error", "#455a64" },
		{ "not_reached", "#455a64" },
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i].v, verdict))
			return map[i].c;
	return "#8d6e63";
}

static void pass_rates(struct sbuf *o, json_t *summary, const char *lang)
{
	size_t n = json_array_size(summary), i;
	json_t *ex;
	sbuf_addf(o, "<h2>%s</h2>\n<svg class=\"chart\" width=\"%d\" height=\"%zu\" role=\"img\">\n",
		  tr(lang, N_("Pass rate per exercise")), LABEL_W + BAR_W + 70, n * ROW_H + 4);
	json_array_foreach(summary, i, ex) {
		long long passed = num(ex, "passed"), graded = num(ex, "graded");
		double rate = json_real_value(json_object_get(ex, "pass_rate"));
		int y = (int)i * ROW_H + 2;
		sbuf_addf(o, "<g class=\"pass-rate\" data-exercise=\"");
		esc(o, str(ex, "name"));
		sbuf_addf(o, "\" data-passed=\"%lld\" data-graded=\"%lld\" data-pass-rate=\"%.3f\"><title>", passed,
			  graded, rate);
		esc(o, str(ex, "name"));
		sbuf_addf(o, ": %lld / %lld</title>", passed, graded);
		sbuf_addf(o, "<text x=\"0\" y=\"%d\">", y + 17);
		esc(o, str(ex, "name"));
		sbuf_addf(o, "</text><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"20\" fill=\"#eceff1\"/>"
			     "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"20\" fill=\"#2e7d32\"/>"
			     "<text x=\"%d\" y=\"%d\">%.0f%%</text></g>\n", LABEL_W, y, BAR_W, LABEL_W, y,
			  rate * BAR_W, LABEL_W + BAR_W + 8, y + 17, rate * 100);
	}
	sbuf_adds(o, "</svg>\n");
}

static void verdicts(struct sbuf *o, json_t *summary, const char *lang)
{
	size_t n = json_array_size(summary), i;
	json_t *ex;
	sbuf_addf(o, "<h2>%s</h2>\n<svg class=\"chart\" width=\"%d\" height=\"%zu\" role=\"img\">\n",
		  tr(lang, N_("Verdicts per exercise")), LABEL_W + BAR_W + 10, n * ROW_H + 4);
	json_array_foreach(summary, i, ex) {
		long long graded = num(ex, "graded");
		int y = (int)i * ROW_H + 2;
		double x = LABEL_W;
		sbuf_addf(o, "<text x=\"0\" y=\"%d\">", y + 17);
		esc(o, str(ex, "name"));
		sbuf_adds(o, "</text>\n");
		json_t *v;
		size_t k;
		json_array_foreach(json_object_get(ex, "verdicts"), k, v) {
			double w = graded ? (double)num(v, "count") / graded * BAR_W : 0;
			sbuf_adds(o, "<rect class=\"verdict\" data-exercise=\"");
			esc(o, str(ex, "name"));
			sbuf_adds(o, "\" data-verdict=\"");
			esc(o, str(v, "verdict"));
			sbuf_addf(o, "\" data-count=\"%lld\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"20\" fill=\"%s\">"
				     "<title>", num(v, "count"), x, y, w, colour(str(v, "verdict")));
			esc(o, str(ex, "name"));
			sbuf_adds(o, ": ");
			esc(o, str(v, "verdict"));
			sbuf_addf(o, " %lld</title></rect>\n", num(v, "count"));
			x += w;
		}
	}
	sbuf_adds(o, "</svg>\n<p class=\"legend\">");
	const char *names[] = { "pass", "wrong_result", "build_error", "timeout", "crash", "out_of_bounds",
				"race", "not_submitted" };
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		sbuf_addf(o, "<span style=\"color:%s\">&#9632;</span> %s ", colour(names[k]), names[k]);
	sbuf_adds(o, "</p>\n");
}

static void diagnoses(struct sbuf *o, json_t *summary, const char *lang)
{
	json_t *ex;
	size_t i;
	sbuf_addf(o, "<h2>%s</h2>\n", tr(lang, N_("The diagnoses the class hit most")));
	json_array_foreach(summary, i, ex) {
		json_t *ds = json_object_get(ex, "diagnoses"), *d;
		size_t n = json_array_size(ds), k;
		if (!n)
			continue;
		long long most = num(json_array_get(ds, 0), "count");
		sbuf_adds(o, "<h3>");
		esc(o, str(ex, "name"));
		sbuf_addf(o, "</h3>\n<svg class=\"chart\" width=\"%d\" height=\"%zu\" role=\"img\">\n",
			  LABEL_W + BAR_W + 60, n * ROW_H + 4);
		json_array_foreach(ds, k, d) {
			int y = (int)k * ROW_H + 2;
			sbuf_adds(o, "<g class=\"diagnosis\" data-exercise=\"");
			esc(o, str(ex, "name"));
			sbuf_adds(o, "\" data-diagnosis=\"");
			esc(o, str(d, "id"));
			sbuf_addf(o, "\" data-count=\"%lld\"><title>", num(d, "count"));
			esc(o, str(d, "title"));
			sbuf_addf(o, "</title><text x=\"0\" y=\"%d\">", y + 17);
			esc(o, str(d, "id"));
			sbuf_addf(o, "</text><rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"20\" fill=\"#1565c0\"/>"
				     "<text x=\"%.1f\" y=\"%d\">%lld</text></g>\n", LABEL_W, y,
				  most ? (double)num(d, "count") / most * BAR_W : 0, LABEL_W +
				  (most ? (double)num(d, "count") / most * BAR_W : 0) + 6, y + 17, num(d, "count"));
		}
		sbuf_adds(o, "</svg>\n<ul>");
		json_array_foreach(ds, k, d) {
			sbuf_adds(o, "<li><code>");
			esc(o, str(d, "id"));
			sbuf_adds(o, "</code>: ");
			esc(o, str(d, "title"));
			sbuf_adds(o, "</li>");
		}
		sbuf_adds(o, "</ul>\n");
	}
}

static void slowest(struct sbuf *o, json_t *summary, const char *lang)
{
	json_t *ex;
	size_t i;
	sbuf_addf(o, "<h2>%s</h2>\n<table><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n",
		  tr(lang, N_("The slowest kernels")), tr(lang, N_("Exercise")), tr(lang, N_("Student")),
		  tr(lang, N_("Seconds")), tr(lang, N_("Verdict")));
	json_array_foreach(summary, i, ex) {
		json_t *s;
		size_t k;
		json_array_foreach(json_object_get(ex, "slowest"), k, s) {
			sbuf_adds(o, "<tr class=\"slow\" data-exercise=\"");
			esc(o, str(ex, "name"));
			sbuf_adds(o, "\" data-student=\"");
			esc(o, str(s, "student"));
			sbuf_addf(o, "\" data-seconds=\"%.3f\"><td>", json_real_value(json_object_get(s, "seconds")));
			esc(o, str(ex, "name"));
			sbuf_adds(o, "</td><td>");
			esc(o, str(s, "student"));
			sbuf_addf(o, "</td><td>%.2f</td><td>", json_real_value(json_object_get(s, "seconds")));
			esc(o, str(s, "verdict"));
			sbuf_adds(o, "</td></tr>\n");
		}
	}
	sbuf_adds(o, "</table>\n");
}

static void not_graded(struct sbuf *o, json_t *cls, const char *lang)
{
	json_t *list = json_object_get(cls, "not_graded"), *s;
	size_t i;
	sbuf_addf(o, "<h2>%s</h2>\n", tr(lang, N_("Students not graded")));
	if (!json_array_size(list)) {
		sbuf_addf(o, "<p>%s</p>\n", tr(lang, N_("None: every student has a grade.")));
		return;
	}
	sbuf_addf(o, "<table><tr><th>%s</th><th>%s</th></tr>\n", tr(lang, N_("Student")), tr(lang, N_("Why")));
	json_array_foreach(list, i, s) {
		sbuf_adds(o, "<tr class=\"not-graded\" data-student=\"");
		esc(o, str(s, "name"));
		sbuf_adds(o, "\"><td>");
		esc(o, str(s, "name"));
		sbuf_adds(o, "</td><td>");
		esc(o, str(s, "reason"));
		sbuf_adds(o, "</td></tr>\n");
	}
	sbuf_adds(o, "</table>\n");
}

int class_page_write(json_t *cls, const char *lang, const char *path)
{
	struct sbuf o = SBUF_INIT;
	json_t *summary = json_object_get(cls, "summary");
	long long subs = num(cls, "submissions"), ng = (long long)json_array_size(json_object_get(cls, "not_graded"));
	sbuf_adds(&o, "<!DOCTYPE html>\n<html lang=\"");
	esc(&o, lang && *lang ? lang : "en");
	sbuf_addf(&o, "\"><head><meta charset=\"utf-8\">\n<title>%s</title>\n"
		      "<style>body{font-family:sans-serif;margin:2em;color:#212121;max-width:60em}"
		      "svg.chart text{font-size:13px;fill:#212121}table{border-collapse:collapse}"
		      "td,th{border:1px solid #cfd8dc;padding:.2em .6em;text-align:left}"
		      ".legend span{font-size:1.2em}</style></head><body>\n<h1>%s</h1>\n",
		  tr(lang, N_("The class")), tr(lang, N_("The class")));
	sbuf_addf(&o, "<p class=\"totals\" data-submissions=\"%lld\" data-not-graded=\"%lld\">", subs, ng);
	sbuf_addf(&o, tr(lang, N_("%lld submissions, %lld students without a grade.")), subs, ng);
	sbuf_adds(&o, " clings ");
	esc(&o, str(cls, "clings"));
	sbuf_adds(&o, ", course ");
	esc(&o, str(cls, "course"));
	sbuf_adds(&o, ", ");
	esc(&o, str(cls, "seed"));
	sbuf_adds(&o, "</p>\n");
	if (json_is_true(json_object_get(cls, "incomplete")))
		sbuf_addf(&o, "<p><strong>%s</strong></p>\n",
			  tr(lang, N_("Incomplete: some students are missing from the results, or were graded twice, "
				      "or clings could not grade them (below).")));
	pass_rates(&o, summary, lang);
	verdicts(&o, summary, lang);
	diagnoses(&o, summary, lang);
	slowest(&o, summary, lang);
	not_graded(&o, cls, lang);
	sbuf_adds(&o, "</body></html>\n");
	int rc = write_file_atomic(path, o.buf, o.len) < 0 ? error("%s: cannot write:", path) : 0;
	sbuf_release(&o);
	return rc;
}
