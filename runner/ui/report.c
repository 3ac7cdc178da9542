/* report.c: a check's report as the text of `clings check` (render.c draws it), or as the one JSON
 * object of `clings check --json`. */
#include "ui/ui.h"
#include "engine/diagnose.h"

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


static void json_string(FILE *f, const char *s)
{
	struct sbuf sb = SBUF_INIT;
	json_add_string(&sb, s);
	fputs(sbuf_str(&sb), f);
	sbuf_release(&sb);
}

void report_print_json(const struct report *r, FILE *f, const char *lang)
{
	const char *status = verdict_status(r->verdict);
	fprintf(f, "{\"exercise\": ");
	json_string(f, r->exercise);
	fprintf(f, ", \"status\": \"%s\", \"verdict\": \"%s\", \"message\": ", status,
		verdict_name(r->verdict));
	char *message = msg_text(&r->message, lang);
	json_string(f, message);
	free(message);
	struct sbuf facts = SBUF_INIT;   /* what the message says, for a program to read */
	msg_facts_json(&r->message, &facts);
	fprintf(f, ", \"facts\": %s, \"diagnoses\": ", sbuf_str(&facts));
	sbuf_reset(&facts);
	diagnoses_json(r, lang, &facts);   /* the learner's mistake, most likely first */
	fprintf(f, "%s, \"location\": ", sbuf_str(&facts));
	sbuf_release(&facts);
	if (r->file) {
		fprintf(f, "{\"file\": ");
		json_string(f, r->file);
		fprintf(f, ", \"line\": %d}", r->line);
	} else {
		fprintf(f, "null");
	}
	fprintf(f, ", \"device\": ");
	json_string(f, r->device);
	fprintf(f, ", \"analysis\": %s, \"cached\": %s, \"seconds\": %.3f", r->analysis_ran ? "true" : "false",
		r->cached ? "true" : "false", r->seconds);
	if (!msg_empty(&r->picture)) {
		char *picture = msg_text(&r->picture, lang);
		fprintf(f, ", \"picture\": ");
		json_string(f, picture);
		free(picture);
	}
	if (r->kernel_output) {
		fprintf(f, ", \"printf\": ");
		json_string(f, r->kernel_output);
	}
	const struct access_figure *acc = r->access;   /* in source order */
	fprintf(f, ", \"access\": ");
	if (r->naccess < 0)
		fprintf(f, "null");
	for (int i = 0; i < r->naccess; i++) {
		const struct access_figure *a = &acc[i];
		double n = (double)a->requests;
		fprintf(f, "%s{\"line\": %d, \"name\": ", i ? ", " : "[", a->line);
		json_string(f, a->name);
		fprintf(f, ", \"space\": \"%s\", \"op\": \"%s\", \"bytes\": %zu, \"requests\": %lu",
			a->space == 'g' ? "global" : "local", a->store ? "store" : "load", a->bytes,
			a->requests);
		fprintf(f, ", \"executions\": %lu, \"first_loads\": %lu, \"madds\": %lu", a->lanes,
			a->first_loads, a->madds);
		if (a->space == 'g' && a->split_requests)
			fprintf(f, ", \"align\": %zu, \"split_requests\": %lu, \"split_sectors_per_request\": %.3f",
				a->align, a->split_requests,
				(double)a->split_sectors / (double)a->split_requests);
		if (a->space == 'g')
			fprintf(f, ", \"sectors_per_request\": %.3f, \"ideal_per_request\": %.3f, "
				"\"worst_sectors\": %lu}", (double)a->sectors / n, (double)a->ideal / n,
				a->worst_sectors);
		else
			fprintf(f, ", \"conflict_degree\": %.3f, \"worst_conflict_degree\": %lu, "
				"\"shared_loads\": %lu}", (double)a->degrees / n, a->worst_degree,
				a->foreign_loads);
	}
	if (r->naccess == 0)
		fprintf(f, "[");
	if (r->naccess >= 0)
		fprintf(f, "], \"warp\": %d, \"banks\": %d", access_warp(), access_banks());
	fprintf(f, ", \"tests\": [");
	for (int i = 0; i < r->ntests; i++) {
		fprintf(f, "%s{\"name\": ", i ? ", " : "");
		json_string(f, r->tests[i].name);
		fprintf(f, ", \"status\": \"%s\", \"detail\": ", test_status_name(r->tests[i].status));
		char *detail = msg_text(&r->tests[i].detail, lang);
		json_string(f, detail);
		free(detail);
		fprintf(f, "}");
	}
	fprintf(f, "]}\n");
}
