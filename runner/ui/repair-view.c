/*
 * repair-view.c: the repair a search proved (engine/repair.h), shown after the verdict: the
 * rungs of its ladder as text, and the `repair` object of `check --json`.
 */
#include "ui/ui.h"
#include "engine/repair/repair.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

void repair_print_text(const struct repair *rp, FILE *f, int rung, const char *lang)
{
	struct msg m = MSG_INIT;
	repair_message(rp, rung, &m);
	if (!msg_empty(&m)) {
		char *text = msg_text(&m, lang);
		fprintf(f, "\n%s\n", text);
		free(text);
	}
	msg_release(&m);
}

/* One edit as an object: where, the rule, the text before and after. */
static json_t *edit_json(const struct repair_edit *x)
{
	return json_pack("{s:i, s:i, s:s, s:s, s:s}", "line", x->line, "column", x->column, "rule",
			 repair_rule(x->rule)->name, "before", x->before, "after", x->after);
}

/* The report's JSON text with "repair" added: null when no search ran, else what it found. */
int report_json_with_repair(const char *report_json, const struct repair *rp, const char *lang, FILE *f)
{
	json_error_t jerr;
	json_t *root = json_loads(report_json, 0, &jerr);
	if (!root)
		return error("the report's JSON could not be read back: %s", jerr.text);
	json_t *o = json_null();
	if (rp->searched && !rp->cancelled) {
		o = json_pack("{s:b, s:b, s:i, s:f}", "found", rp->found, "exhausted", rp->exhausted, "tried", rp->tried,
			      "cpu_seconds", rp->cpu_seconds);
		if (rp->found) {
			const struct repair_edit *e = &rp->c[0].edit[0];
			json_t *edits = json_array();
			for (int i = 0; i < rp->nc; i++)
				for (int j = 0; j < rp->c[i].nedits; j++)
					json_array_append_new(edits, edit_json(&rp->c[i].edit[j]));
			struct msg m = MSG_INIT;
			repair_message(rp, 1, &m);
			char *place = msg_text(&m, lang);
			msg_release(&m);
			const char *kind = tr(lang, repair_rule(e->rule)->kind);
			json_object_update_new(o, json_pack("{s:i, s:i, s:i, s:s, s:s, s:s, s:i, s:i, s:b, s:o, s:s, s:s}",
				"rewrites", rp->nc, "line", e->line, "column", e->column, "rule", repair_rule(e->rule)->name,
				"before", e->before, "after", e->after, "tests", rp->ntests, "tests_passed", rp->tests_passed,
				"analysis_clean", rp->analysis_clean, "edits", edits, "place", place, "kind", kind));
			free(place);
		}
	}
	json_object_set_new(root, "repair", o);
	int rc = json_dumpf(root, f, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9)) < 0 ? -1 : 0;
	fputc('\n', f);
	json_decref(root);
	return rc;
}
