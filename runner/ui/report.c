/* report.c: a check's report as text for a learner, or as the one JSON object of `clings check --json`. */
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
	const char *on = style(style_of_verdict(r->verdict), colour), *off = style(STYLE_RESET, colour);
	const char *dim = style(STYLE_DIM, colour);
	struct sbuf safe = SBUF_INIT;   /* every text that did not come from clings goes through it */
	if (r->verdict == VERDICT_PASS) {
		fprintf(f, "%s\xe2\x9c\x93 ", on);
		fprintf(f, tr(lang, "%s passes"), r->exercise);
		fputs(off, f);
	} else
		/* the label in the learner's language; the id, which graders and the docs use, beside it */
		fprintf(f, "%s✗ %s: %s%s %s(%s)%s", on, r->exercise, tr(lang, verdict_label(r->verdict)), off, dim,
			verdict_name(r->verdict), off);
	if (r->file && r->line > 0)
		fprintf(f, "  (%s:%d)", text_safe(r->file, &safe), r->line);
	fprintf(f, "\n");
	char *message = msg_text(&r->message, lang);
	if (*message)
		fprintf(f, "\n%s\n", text_safe(message, &safe));
	free(message);
	char *picture = msg_text(&r->picture, lang);
	if (*picture) {
		fprintf(f, "\n");
		const char *pic = text_safe(picture, &safe);
		for (const char *p = pic; *p; p++) {
			if (*p == 'x' && colour && (p > pic && (p[-1] == '.' || p[-1] == 'x' || p[-1] == ' ')) &&
			    (p[1] == '.' || p[1] == 'x' || p[1] == '\n'))
				fprintf(f, "%sx%s", style_code(STYLE_BAD), style_code(STYLE_RESET));
			else
				fputc(*p, f);
		}
	}
	free(picture);
	/* the mistake, as the diagnoses name it, most likely first: the proved ones stated; where
	 * none is proved, the questions asked (at most three) */
	bool proved = false;
	for (int i = 0; i < r->ndiagnoses; i++)
		proved |= r->diagnoses[i].certain;
	for (int i = 0, said = 0; r->verdict != VERDICT_PASS && i < r->ndiagnoses && said < 3; i++) {
		if (proved && !r->diagnoses[i].certain)
			continue;
		const char *title = tr(lang, r->diagnoses[i].d->title);
		fputs(said++ ? "" : "\n", f);
		fprintf(f, r->diagnoses[i].certain ? tr(lang, "The mistake, proved: %s.\n")
						   : tr(lang, "Could it be this: %s?\n"), title);
	}
	if (r->kernel_output && *r->kernel_output)
		fprintf(f, tr(lang, "\nYour kernel printed:\n%s%s"), text_safe(r->kernel_output, &safe),
			r->kernel_output[strlen(r->kernel_output) - 1] == '\n' ? "" : "\n");
	int passed = 0, skipped = 0;
	for (int i = 0; i < r->ntests; i++) {
		passed += r->tests[i].status == TEST_PASS;
		skipped += r->tests[i].status == TEST_SKIP;
	}
	bool counted = r->verdict == VERDICT_PASS && r->ntests;
	fprintf(f, "\n%s", dim);
	if (counted)
		fprintf(f, trn(lang, "%d test passed; ", "%d tests passed; ", (unsigned long)passed), passed);
	if (skipped)
		fprintf(f, tr(lang, "%d skipped (too large for this device); "), skipped);
	if (r->device)
		fprintf(f, tr(lang, "device: %s"), r->device);
	fprintf(f, "%s\n", off);
	if (r->analysis_ran)
		fprintf(f, "%s%s%s\n", dim, tr(lang, "analysis on Oclgrind: done"), off);
	/* Figures where the exercise teaches them (its check has [access] rules), else on asking. */
	if (r->naccess > 0 && (verbose || (r->access_taught && (r->verdict == VERDICT_PASS ||
							       r->verdict == VERDICT_REQUIREMENT_UNMET)))) {
		struct sbuf acc = SBUF_INIT;
		access_figures_text(r->access, r->naccess, lang, &acc);
		fprintf(f, "%s%s%s\n", dim, text_safe(sbuf_str(&acc), &safe), off);
		sbuf_release(&acc);
	}
	if (verbose && r->cached)
		fprintf(f, "%s%s%s\n", dim, tr(lang, "from the verdict cache: this kernel was checked before "
					      "and has not changed since (--no-cache checks it again)"), off);
	if (verbose) {
		for (int i = 0; i < r->ntests; i++) {
			char *detail = msg_text(&r->tests[i].detail, lang);
			fprintf(f, "  %-5s %s%s%s\n", test_status_name(r->tests[i].status), r->tests[i].name,
				*detail ? ": " : "", text_safe(detail, &safe));
			free(detail);
		}
		if (r->build_log && *r->build_log)
			fprintf(f, tr(lang, "\n--- compiler log ---\n%s\n"), text_safe(r->build_log, &safe));
		if (r->analysis_log && *r->analysis_log)
			fprintf(f, tr(lang, "\n--- Oclgrind log ---\n%s\n"), text_safe(r->analysis_log, &safe));
	}
	sbuf_release(&safe);
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
