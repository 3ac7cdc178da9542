/*
 * render.c: a report as styled lines, drawn once: `clings check` prints them, the tutorial shows
 * them below its own headline, and grading's texts take the parts a student reads. Every text
 * that did not come from clings (the message's quotes of the learner's code, the picture, what
 * the kernel printed) is made safe here, before any style joins it, so an escape in a line is
 * always one of clings' own (unless keep_bytes: then no style joins it either).
 */
#include "ui/ui.h"
#include "engine/engine.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define DIAGNOSES_SHOWN_MAX 3   /* more would bury the likely one */

void report_lines_release(struct report_lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i].text);
	free(l->v);
	*l = (struct report_lines)REPORT_LINES_INIT;
}

/* Text from outside clings as the lines take it: made safe for a terminal, or as it is where
 * the format that takes the lines escapes it its own way (keep_bytes). */
static const char *outside(const struct render_options *o, const char *s, struct sbuf *buf)
{
	if (!o->keep_bytes)
		return text_safe(s, buf);
	sbuf_reset(buf);
	sbuf_adds(buf, s ? s : "");
	return sbuf_str(buf);
}

static void add_line(struct report_lines *l, enum report_part part, char *text)
{
	l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = (struct report_line){ part, text };
}

/* A part opens with a blank line when lines come before it. */
static void open_part(struct report_lines *l, enum report_part part)
{
	if (l->n)
		add_line(l, part, xstrdup(""));
}

static bool wanted(const struct render_options *o, enum report_part part)
{
	return o->parts & (1u << part);
}

/* One line of text (no newline) as lines of at most o->width columns, on and off around each:
 * broken at spaces, a word cut only where it is wider than a line; a continued line keeps the
 * first one's indent (a quoted line of code stays aligned) unless a word would not fit beside it. */
static void add_wrapped(struct report_lines *l, const struct render_options *o, enum report_part part,
			const char *text, enum style role)
{
	const char *on = style(role, o->colour && role != STYLE_PLAIN), *off = *on ? style_code(STYLE_RESET) : "";
	size_t n = strlen(text);
	if (o->width <= 0 || term_width(text, n) <= o->width) {
		add_line(l, part, xstrfmt("%s%s%s", on, text, off));
		return;
	}
	int indent = (int)strspn(text, " ");
	if (indent > o->width / 2)
		indent = 0;
	const char *p = text;
	for (bool first = true; *p; first = false) {
		int pad = first ? 0 : indent, room = o->width - pad;
		int word = term_width(p, strcspn(p, " "));
		if (word > room && word <= o->width)   /* the indent gives way before a word is cut */
			pad = 0, room = o->width;
		size_t take = term_wrap(p, strlen(p), room);
		if (!take)   /* nothing fits but a cut: never an empty line forever */
			take = term_offset(p, strlen(p), room > 0 ? room : 1);
		if (!take)
			take = 1;
		add_line(l, part, xstrfmt("%*s%s%.*s%s", pad, "", on, (int)take, p, off));
		p += take;
		p += strspn(p, " ");
	}
}

/* Each '\n'-ended line of text, wrapped. */
static void add_text(struct report_lines *l, const struct render_options *o, enum report_part part,
		     const char *text, enum style role)
{
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		char *line = xstrfmt("%.*s", (int)n, p);
		add_wrapped(l, o, part, line, role);
		free(line);
		p += n + (p[n] == '\n');
	}
}

/* A word of a picture's grid: only cells, '.' right and 'x' wrong ("..x.", "xx", "x", and the
 * "x" of the legend); an 'x' inside a word, or a lone one before a number ("16 x 16"), is not. */
static bool grid_word(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != '.' && s[i] != 'x')
			return false;
	if (n == 1 && s[0] == 'x')
		return !isdigit((unsigned char)s[1 + strspn(s + 1, " ")]);
	return n > 0 && memchr(s, 'x', n);
}

/* A picture's lines: wrong cells drawn red and right ones dim, with colour; a caption wider than
 * the width is set as text. */
static void add_picture(struct report_lines *l, const struct render_options *o, const char *picture)
{
	for (const char *p = picture; *p;) {
		size_t n = strcspn(p, "\n");
		char *line = xstrfmt("%.*s", (int)n, p);
		if (!o->colour || (o->width > 0 && term_width(line, n) > o->width)) {
			add_wrapped(l, o, PART_PICTURE, line, STYLE_PLAIN);
		} else {
			struct sbuf sb = SBUF_INIT;
			for (size_t i = 0; line[i];) {
				size_t w = strcspn(line + i, " ");
				if (grid_word(line + i, w))
					for (size_t k = i; k < i + w; k++)
						sbuf_addf(&sb, "%s%c%s", style_code(line[k] == 'x' ? STYLE_BAD : STYLE_DIM),
							  line[k], style_code(STYLE_RESET));
				else
					sbuf_add(&sb, line + i, w);
				i += w;
				size_t spaces = strspn(line + i, " ");
				sbuf_add(&sb, line + i, spaces);
				i += spaces;
			}
			add_line(l, PART_PICTURE, sbuf_detach(&sb));
		}
		free(line);
		p += n + (p[n] == '\n');
	}
}

/* "✗ scale: Wrong result (wrong_result)  (file:line)", or "✓ scale passes". */
static void add_headline(struct report_lines *l, const struct report *r, const struct render_options *o)
{
	const char *on = style(style_of_verdict(r->verdict), o->colour), *off = style(STYLE_RESET, o->colour);
	const char *dim = style(STYLE_DIM, o->colour);
	struct sbuf sb = SBUF_INIT, safe = SBUF_INIT;
	if (r->verdict == VERDICT_PASS) {
		sbuf_addf(&sb, "%s\xe2\x9c\x93 ", on);
		sbuf_addf(&sb, tr(o->lang, "%s passes"), r->exercise);
		sbuf_adds(&sb, off);
	} else {
		/* the label in the learner's language; the id, which graders and the docs use, beside it */
		sbuf_addf(&sb, "%s\xe2\x9c\x97 %s: %s%s %s(%s)%s", on, r->exercise, tr(o->lang, verdict_label(r->verdict)),
			  off, dim, verdict_name(r->verdict), off);
	}
	if (r->file && r->line > 0)
		sbuf_addf(&sb, "  (%s:%d)", outside(o, r->file, &safe), r->line);
	add_wrapped(l, o, PART_VERDICT, sbuf_str(&sb), STYLE_PLAIN);   /* its styles are closed in it */
	sbuf_release(&sb);
	sbuf_release(&safe);
}

/* The mistake as the diagnoses name it, most likely first: the proved ones stated; where none
 * is proved, the questions asked (at most three), but for the one the message's advice already
 * asks ("If the mistake is this one (...)": its fact advice_diagnosis), said once, there; with
 * repair_proved_only, those a repair proved alone. Nothing on a pass. */
static void add_diagnoses(struct report_lines *l, const struct report *r, const struct render_options *o)
{
	if (r->verdict == VERDICT_PASS)
		return;
	bool proved = o->repair_proved_only;
	for (int i = 0; i < r->ndiagnoses; i++)
		proved |= r->diagnoses[i].certain;
	char asked[64];
	const char *advised = msg_fact_text(&r->message, "advice_diagnosis", asked, sizeof(asked));
	for (int i = 0, said = 0; i < r->ndiagnoses && said < DIAGNOSES_SHOWN_MAX; i++) {
		if ((proved && !r->diagnoses[i].certain) ||
		    (o->repair_proved_only && r->diagnoses[i].kind != EVIDENCE_REPAIR) ||
		    (!r->diagnoses[i].certain && advised && !strcmp(advised, r->diagnoses[i].d->id)))
			continue;
		if (!said++)
			open_part(l, PART_DIAGNOSIS);
		char *line = xstrfmt(r->diagnoses[i].certain ? tr(o->lang, "The mistake, proved: %s.")
							     : tr(o->lang, "Could it be this: %s?"),
				     tr(o->lang, r->diagnoses[i].d->title));
		add_wrapped(l, o, PART_DIAGNOSIS, line, STYLE_PLAIN);
		free(line);
	}
}

/* The counts, the device, the analysis, the cache: dim lines under the rest. */
static void add_notes(struct report_lines *l, const struct report *r, const struct render_options *o)
{
	int passed = 0, skipped = 0;
	for (int i = 0; i < r->ntests; i++) {
		passed += r->tests[i].status == TEST_PASS;
		skipped += r->tests[i].status == TEST_SKIP;
	}
	struct sbuf sb = SBUF_INIT;
	sbuf_adds(&sb, "");
	if (r->verdict == VERDICT_PASS && r->ntests)
		sbuf_addf(&sb, trn(o->lang, "%d test passed; ", "%d tests passed; ", (unsigned long)passed), passed);
	if (skipped)
		sbuf_addf(&sb, tr(o->lang, "%d skipped (too large for this device); "), skipped);
	if (r->device)
		sbuf_addf(&sb, tr(o->lang, "device: %s"), r->device);
	open_part(l, PART_NOTE);
	add_text(l, o, PART_NOTE, sbuf_str(&sb), STYLE_DIM);
	if (!sb.len)   /* the line stands even empty, as the part's end */
		add_line(l, PART_NOTE, xstrfmt("%s%s", style(STYLE_DIM, o->colour), style(STYLE_RESET, o->colour)));
	if (r->analysis_ran)
		add_wrapped(l, o, PART_NOTE, tr(o->lang, "analysis on Oclgrind: done"), STYLE_DIM);
	sbuf_release(&sb);
}

/* The verbose part: the cache's note, each test, the logs. */
static void add_details(struct report_lines *l, const struct report *r, const struct render_options *o)
{
	struct sbuf safe = SBUF_INIT;
	if (r->cached)
		add_wrapped(l, o, PART_DETAIL, tr(o->lang, "from the verdict cache: this kernel was checked before "
						  "and has not changed since (--no-cache checks it again)"), STYLE_DIM);
	for (int i = 0; i < r->ntests; i++) {
		char *detail = msg_text(&r->tests[i].detail, o->lang);
		char *line = xstrfmt("  %-5s %s%s%s", test_status_name(r->tests[i].status), r->tests[i].name,
				     *detail ? ": " : "", detail);
		add_text(l, o, PART_DETAIL, outside(o, line, &safe), STYLE_PLAIN);
		free(line);
		free(detail);
	}
	const char *logs[][2] = { { N_("--- compiler log ---"), r->build_log },
				  { N_("--- Oclgrind log ---"), r->analysis_log } };
	for (size_t k = 0; k < sizeof(logs) / sizeof(logs[0]); k++) {
		if (!logs[k][1] || !*logs[k][1])
			continue;
		open_part(l, PART_DETAIL);
		add_wrapped(l, o, PART_DETAIL, tr(o->lang, logs[k][0]), STYLE_PLAIN);
		add_text(l, o, PART_DETAIL, outside(o, logs[k][1], &safe), STYLE_PLAIN);
	}
	sbuf_release(&safe);
}

void report_render(const struct report *r, const struct render_options *o, struct report_lines *out)
{
	struct sbuf safe = SBUF_INIT;
	bool pass = r->verdict == VERDICT_PASS;
	if (wanted(o, PART_VERDICT))
		add_headline(out, r, o);
	char *text = msg_text(&r->message, o->lang);
	if (wanted(o, PART_MESSAGE) && *text) {
		open_part(out, PART_MESSAGE);
		add_text(out, o, PART_MESSAGE, outside(o, text, &safe), pass ? STYLE_DIM : STYLE_PLAIN);
	}
	free(text);
	text = msg_text(&r->picture, o->lang);
	if (wanted(o, PART_PICTURE) && *text) {
		open_part(out, PART_PICTURE);
		add_picture(out, o, outside(o, text, &safe));
	}
	free(text);
	if (wanted(o, PART_DIAGNOSIS))
		add_diagnoses(out, r, o);
	if (wanted(o, PART_REPAIR) && o->repair)
		repair_render(o->repair, o->rung, o, out);
	if (wanted(o, PART_PRINTF) && r->kernel_output && *r->kernel_output) {
		open_part(out, PART_PRINTF);
		add_wrapped(out, o, PART_PRINTF, tr(o->lang, "Your kernel printed:"), STYLE_PLAIN);
		add_text(out, o, PART_PRINTF, outside(o, r->kernel_output, &safe), STYLE_DIM);
	}
	if (wanted(o, PART_NOTE))
		add_notes(out, r, o);
	/* Figures where the exercise teaches them (its check has [access] rules), else on asking. */
	if (wanted(o, PART_FIGURES) && r->naccess > 0 &&
	    (o->verbose || (r->access_taught && (pass || r->verdict == VERDICT_REQUIREMENT_UNMET)))) {
		struct sbuf acc = SBUF_INIT;
		access_figures_text(r->access, r->naccess, o->lang, &acc);
		if (!wanted(o, PART_NOTE))   /* under the notes, they close the report without a gap */
			open_part(out, PART_FIGURES);
		add_text(out, o, PART_FIGURES, outside(o, sbuf_str(&acc), &safe), STYLE_DIM);
		sbuf_release(&acc);
	}
	if (wanted(o, PART_DETAIL) && o->verbose)
		add_details(out, r, o);
	sbuf_release(&safe);
}

void repair_render(const struct repair *rp, int rung, const struct render_options *o, struct report_lines *out)
{
	struct msg m = MSG_INIT;
	repair_message(rp, rung, &m);
	if (!msg_empty(&m)) {
		struct sbuf safe = SBUF_INIT;
		char *text = msg_text(&m, o->lang);
		open_part(out, PART_REPAIR);
		add_text(out, o, PART_REPAIR, outside(o, text, &safe), STYLE_PLAIN);
		free(text);
		sbuf_release(&safe);
	}
	msg_release(&m);
}

char *report_lines_join(const struct report_lines *l)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_adds(&sb, "");
	for (int i = 0; i < l->n; i++)
		sbuf_addf(&sb, "%s%s", i ? "\n" : "", l->v[i].text);
	return sbuf_detach(&sb);
}

void report_lines_print(const struct report_lines *l, FILE *f)
{
	for (int i = 0; i < l->n; i++)
		fprintf(f, "%s\n", l->v[i].text);
}
