/*
 * repair-view.c: the repair a search proved (engine/repair.h) as the `repair` object of
 * `check --json` (its text is drawn by render.c).
 */
#include "ui/ui.h"
#include "engine/repair/repair.h"

#include <stdlib.h>
#include <string.h>

/* One edit as an object: where, the rule, the text before and after. */
static json_t *edit_json(const struct repair_edit *x)
{
	json_t *o = json_object();
	json_object_set_new(o, "line", json_integer(x->line));
	json_object_set_new(o, "column", json_integer(x->column));
	json_object_set_new(o, "rule", json_text(repair_edit_rule(x)));
	json_object_set_new(o, "before", json_text(x->before));
	json_object_set_new(o, "after", json_text(x->after));
	return o;
}

void report_json_set_repair(json_t *report, const struct repair *rp, const char *lang)
{
	json_t *o = json_null();
	if (rp->searched && !rp->cancelled) {
		o = json_object();
		json_object_set_new(o, "found", json_boolean(rp->found));
		json_object_set_new(o, "exhausted", json_boolean(rp->exhausted));
		json_object_set_new(o, "tried", json_integer(rp->tried));
		json_object_set_new(o, "cpu_seconds", json_fixed(rp->cpu_seconds, 3));
	}
	if (rp->searched && !rp->cancelled && rp->found) {
		const struct repair_edit *e = &rp->c[0].edit[0];
		json_t *edits = json_array();
		for (int i = 0; i < rp->nc; i++)
			for (int j = 0; j < rp->c[i].nedits; j++)
				json_array_append_new(edits, edit_json(&rp->c[i].edit[j]));
		struct msg m = MSG_INIT;
		repair_message(rp, 1, &m);
		char *place = msg_text(&m, lang);
		msg_release(&m);
		json_object_set_new(o, "rewrites", json_integer(rp->nc));
		json_object_set_new(o, "line", json_integer(e->line));
		json_object_set_new(o, "column", json_integer(e->column));
		json_object_set_new(o, "rule", json_text(repair_edit_rule(e)));
		json_object_set_new(o, "before", json_text(e->before));
		json_object_set_new(o, "after", json_text(e->after));
		json_object_set_new(o, "tests", json_integer(rp->ntests));
		json_object_set_new(o, "tests_passed", json_integer(rp->tests_passed));
		json_object_set_new(o, "analysis_clean", json_boolean(rp->analysis_clean));
		json_object_set_new(o, "edits", edits);
		json_object_set_new(o, "place", json_text(place));
		json_object_set_new(o, "kind", json_text(e->rule == RULE_COURSE ? rp->course_kind[0]
									  : tr(lang, repair_rule(e->rule)->kind)));
		free(place);
	}
	json_object_set_new(report, "repair", o);
}
