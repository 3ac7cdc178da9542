/*
 * repair-codec.c: a repair (repair.h) as one line of JSON and back: how a grading worker hands
 * its search's result to the parent, beside the report's own codec. The reader takes nothing on
 * trust: every field present, of its type and in range, each text fitting its field, or no
 * repair at all (a repair half read would be a claim nobody proved).
 */
#include "engine/repair/repair.h"

#include <math.h>
#include <string.h>

static json_t *edit_object(const struct repair_edit *x)
{
	return json_pack("{s:i, s:I, s:I, s:o, s:o, s:i, s:i, s:b, s:o}", "rule", (int)x->rule,
			 "off", (json_int_t)x->off, "end", (json_int_t)x->end, "before", json_text(x->before),
			 "after", json_text(x->after), "line", x->line, "column", x->column, "loop", x->loop,
			 "course_rule", json_text(x->course_rule));
}

int repair_encode(const struct repair *rp, struct sbuf *out)
{
	json_t *cands = json_array(), *words = json_array();
	for (int i = 0; i < rp->nc && i < 2; i++) {
		json_t *edits = json_array();
		for (int j = 0; j < rp->c[i].nedits && j < REPAIR_MAX_EDITS; j++)
			json_array_append_new(edits, edit_object(&rp->c[i].edit[j]));
		json_array_append_new(cands, edits);
		json_array_append_new(words, json_pack("[o, o]", json_text(rp->course_kind[i]),
						       json_text(rp->course_place[i])));
	}
	json_t *doc = json_pack("{s:b, s:b, s:b, s:b, s:i, s:i, s:i, s:b, s:o, s:o, s:o}", "searched",
				rp->searched, "found", rp->found, "exhausted", rp->exhausted, "cancelled",
				rp->cancelled, "tried", rp->tried, "tests", rp->ntests, "tests_passed",
				rp->tests_passed, "analysis_clean", rp->analysis_clean, "cpu_seconds",
				json_fixed(rp->cpu_seconds, 3), "rewrites", cands, "words", words);
	return json_doc_add(out, doc);
}

/* s into a field of cap bytes: false when it does not fit (the writer's never exceed it). */
static bool fits(char *field, size_t cap, const char *s)
{
	if (strlen(s) >= cap)
		return false;
	memcpy(field, s, strlen(s) + 1);
	return true;
}

static bool edit_read(json_t *o, struct repair_edit *x)
{
	int rule, line, column, loop;
	json_int_t off, end;
	const char *before, *after, *course_rule;
	if (json_unpack(o, "{s:i, s:I, s:I, s:s, s:s, s:i, s:i, s:b, s:s !}", "rule", &rule, "off", &off,
			"end", &end, "before", &before, "after", &after, "line", &line, "column", &column,
			"loop", &loop, "course_rule", &course_rule) < 0)
		return false;
	if (rule < 0 || rule > RULE_COURSE || off < 0 || end < off || end > UINT32_MAX || line < 1 || column < 1)
		return false;
	x->rule = (enum repair_rule_id)rule;
	x->off = (unsigned)off;
	x->end = (unsigned)end;
	x->line = line;
	x->column = column;
	x->loop = loop;
	return fits(x->before, sizeof(x->before), before) && fits(x->after, sizeof(x->after), after) &&
	       fits(x->course_rule, sizeof(x->course_rule), course_rule) &&
	       (rule != RULE_COURSE || *course_rule);
}

/* The rewrites and a course rule's words for each: one or two when found, none otherwise. */
static bool rewrites_read(json_t *cands, json_t *words, struct repair *rp)
{
	size_t n = json_array_size(cands);
	if (n != json_array_size(words) || n > 2 || (rp->found ? n < 1 : n != 0))
		return false;
	rp->nc = (int)n;
	for (size_t i = 0; i < n; i++) {
		json_t *edits = json_array_get(cands, i);
		const char *kind, *place;
		size_t ne = json_array_size(edits);
		if (!json_is_array(edits) || ne < 1 || ne > REPAIR_MAX_EDITS ||
		    json_unpack(json_array_get(words, i), "[s, s !]", &kind, &place) < 0 ||
		    !fits(rp->course_kind[i], sizeof(rp->course_kind[i]), kind) ||
		    !fits(rp->course_place[i], sizeof(rp->course_place[i]), place))
			return false;
		rp->c[i].nedits = (int)ne;
		for (size_t j = 0; j < ne; j++)
			if (!edit_read(json_array_get(edits, j), &rp->c[i].edit[j]))
				return false;
	}
	return true;
}

int repair_decode(const char *text, size_t len, struct repair *rp)
{
	*rp = (struct repair)REPAIR_INIT;
	json_t *doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, NULL), *cands, *words;
	int searched, found, exhausted, cancelled, clean;
	double cpu;
	bool ok = doc && json_unpack(doc, "{s:b, s:b, s:b, s:b, s:i, s:i, s:i, s:b, s:F, s:o, s:o !}", "searched",
				     &searched, "found", &found, "exhausted", &exhausted, "cancelled", &cancelled,
				     "tried", &rp->tried, "tests", &rp->ntests, "tests_passed", &rp->tests_passed,
				     "analysis_clean", &clean, "cpu_seconds", &cpu, "rewrites", &cands, "words",
				     &words) == 0;
	if (ok) {
		rp->searched = searched;
		rp->found = found;
		rp->exhausted = exhausted;
		rp->cancelled = cancelled;
		rp->analysis_clean = clean;
		rp->cpu_seconds = cpu;
		ok = json_is_array(cands) && json_is_array(words) && rewrites_read(cands, words, rp) &&
		     rp->tried >= 0 && rp->ntests >= 0 && rp->tests_passed >= 0 && rp->tests_passed <= rp->ntests &&
		     isfinite(cpu) && cpu >= 0 && (rp->searched || !rp->found);
	}
	json_decref(doc);
	if (!ok)
		*rp = (struct repair)REPAIR_INIT;
	return ok ? 0 : -1;
}
