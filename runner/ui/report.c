/* report.c: a check's report as the text of `clings check` (render.c draws it), or as the one JSON
 * object of `clings check --json`. */
#include "ui/ui.h"
#include "engine/diagnose/diagnose.h"

#include <stdlib.h>
#include <string.h>

/* ---- memory access ---- */

void access_figures_text(const struct access_figure *f, int n, const char *lang, struct sbuf *out)
{
	if (n <= 0)
		return;
	sbuf_addf(out, tr(lang, "Memory access per request of a %d-wide warp (on the analysed tests):"),
		  access_warp());
	for (int i = 0; i < n; i++) {
		const struct access_figure *a = &f[i];
		double req = (double)a->requests;
		char b1[32], b2[32];
		sbuf_adds(out, "\n  ");
		if (!a->name[0] || !strcmp(a->name, "?"))   /* a helper function's pointer parameter */
			sbuf_addf(out, a->store ? tr(lang, "line %d, store through a pointer: ")
						: tr(lang, "line %d, load through a pointer: "), a->line);
		else
			sbuf_addf(out, a->store ? tr(lang, "line %d, store to %s: ") : tr(lang, "line %d, load of %s: "),
				  a->line, a->name);
		if (a->space == 'g') {
			sbuf_addf(out, tr(lang, "%s sectors (ideal %s)"),
				  number_in(lang, (double)a->sectors / req, 1, b1),
				  number_in(lang, (double)a->ideal / req, 1, b2));
			/* the figure as a device that splits the access runs it */
			if (a->split_requests)
				sbuf_addf(out, tr(lang, "; its pointer promises only %zu-byte alignment, so a GPU "
						  "may split it into %lu accesses of %zu bytes: %s sectors each"),
					  a->align, a->split_requests / a->requests, a->align,
					  number_in(lang, (double)a->split_sectors / (double)a->split_requests, 1, b1));
		} else if (a->worst_degree <= 1) {
			sbuf_adds(out, tr(lang, "local, conflict-free"));
		} else {
			sbuf_addf(out, tr(lang, "local, bank conflicts: %s-way on average, %lu-way at worst"),
				  number_in(lang, (double)a->degrees / req, 1, b1), a->worst_degree);
		}
		if (a->space == 'l' && !a->store && a->foreign_loads)
			sbuf_adds(out, tr(lang, ", shared between work-items"));
		/* a work-item that loads the same element again (no private copy kept) */
		if (a->space == 'g' && !a->store && a->first_loads && a->lanes > a->first_loads)
			sbuf_addf(out, tr(lang, ", %s loads per element and work-item"),
				  number_in(lang, (double)a->lanes / (double)a->first_loads, 1, b1));
		if (!a->store && a->madds)   /* the arithmetic intensity a register block raises */
			sbuf_addf(out, tr(lang, ", %s loads per multiply-add"),
				  number_in(lang, (double)a->lanes / (double)a->madds, 3, b1));
	}
}

/* ---- text ---- */

void report_print_text(const struct report *r, FILE *f, bool colour, bool verbose, const char *lang)
{
	struct render_options o = { .lang = lang, .parts = PARTS_ALL, .colour = colour, .verbose = verbose };
	struct report_lines l = REPORT_LINES_INIT;
	report_render(r, &o, &l);
	report_lines_print(&l, f);
	report_lines_release(&l);
}

/* ---- JSON ---- */

json_t *report_diagnoses_json(const struct report *r, const char *lang)
{
	json_t *a = json_array();
	for (int i = 0; i < r->ndiagnoses; i++) {
		const struct diagnosis_found *f = &r->diagnoses[i];
		json_t *o = json_object();
		json_object_set_new(o, "id", json_text(f->d->id));
		json_object_set_new(o, "certain", json_boolean(f->certain));
		json_object_set_new(o, "evidence_kind", json_text(evidence_kind_name(f->kind)));
		json_object_set_new(o, "title", json_text(tr(lang, f->d->title)));
		json_object_set_new(o, "evidence", json_text(f->evidence));
		json_array_append_new(a, o);
	}
	return a;
}

/* One memory instruction's figures, per request. */
static json_t *access_json(const struct access_figure *a)
{
	double n = (double)a->requests;
	json_t *o = json_object();
	json_object_set_new(o, "line", json_integer(a->line));
	json_object_set_new(o, "name", json_text(a->name));
	json_object_set_new(o, "space", json_string(a->space == 'g' ? "global" : "local"));
	json_object_set_new(o, "op", json_string(a->store ? "store" : "load"));
	json_object_set_new(o, "bytes", json_integer((json_int_t)a->bytes));
	json_object_set_new(o, "requests", json_integer((json_int_t)a->requests));
	json_object_set_new(o, "executions", json_integer((json_int_t)a->lanes));
	json_object_set_new(o, "first_loads", json_integer((json_int_t)a->first_loads));
	json_object_set_new(o, "madds", json_integer((json_int_t)a->madds));
	if (a->space == 'g' && a->split_requests) {
		json_object_set_new(o, "align", json_integer((json_int_t)a->align));
		json_object_set_new(o, "split_requests", json_integer((json_int_t)a->split_requests));
		json_object_set_new(o, "split_sectors_per_request",
				    json_fixed((double)a->split_sectors / (double)a->split_requests, 3));
	}
	if (a->space == 'g') {
		json_object_set_new(o, "sectors_per_request", json_fixed((double)a->sectors / n, 3));
		json_object_set_new(o, "ideal_per_request", json_fixed((double)a->ideal / n, 3));
		json_object_set_new(o, "worst_sectors", json_integer((json_int_t)a->worst_sectors));
	} else {
		json_object_set_new(o, "conflict_degree", json_fixed((double)a->degrees / n, 3));
		json_object_set_new(o, "worst_conflict_degree", json_integer((json_int_t)a->worst_degree));
		json_object_set_new(o, "shared_loads", json_integer((json_int_t)a->foreign_loads));
	}
	return o;
}

json_t *report_json(const struct report *r, const char *lang)
{
	json_t *o = json_object();
	json_object_set_new(o, "exercise", json_text(r->exercise));
	json_object_set_new(o, "status", json_text(verdict_status(r->verdict)));
	json_object_set_new(o, "verdict", json_text(verdict_name(r->verdict)));
	char *message = msg_text(&r->message, lang);
	json_object_set_new(o, "message", json_text(message));
	free(message);
	json_object_set_new(o, "facts", msg_facts_object(&r->message));   /* for a program to read */
	json_object_set_new(o, "diagnoses", report_diagnoses_json(r, lang));   /* most likely first */
	json_t *location = json_null();
	if (r->file) {
		location = json_object();
		json_object_set_new(location, "file", json_text(r->file));
		json_object_set_new(location, "line", json_integer(r->line));
	}
	json_object_set_new(o, "location", location);
	json_object_set_new(o, "device", json_text(r->device));
	json_object_set_new(o, "analysis", json_boolean(r->analysis_ran));
	json_object_set_new(o, "cached", json_boolean(r->cached));
	json_object_set_new(o, "seconds", json_fixed(r->seconds, 3));
	if (!msg_empty(&r->picture)) {
		char *picture = msg_text(&r->picture, lang);
		json_object_set_new(o, "picture", json_text(picture));
		free(picture);
	}
	if (r->kernel_output)
		json_object_set_new(o, "printf", json_text(r->kernel_output));
	json_t *access = json_null();   /* null: not measured */
	if (r->naccess >= 0) {
		access = json_array();
		for (int i = 0; i < r->naccess; i++)   /* in source order */
			json_array_append_new(access, access_json(&r->access[i]));
	}
	json_object_set_new(o, "access", access);
	if (r->naccess >= 0) {
		json_object_set_new(o, "warp", json_integer(access_warp()));
		json_object_set_new(o, "banks", json_integer(access_banks()));
	}
	json_t *tests = json_array();
	for (int i = 0; i < r->ntests; i++) {
		json_t *t = json_object();
		json_object_set_new(t, "name", json_text(r->tests[i].name));
		json_object_set_new(t, "status", json_text(test_status_name(r->tests[i].status)));
		char *detail = msg_text(&r->tests[i].detail, lang);
		json_object_set_new(t, "detail", json_text(detail));
		free(detail);
		json_array_append_new(tests, t);
	}
	json_object_set_new(o, "tests", tests);
	return o;
}
