/*
 * test-render.c: a report drawn once (ui/render.c). The diagnoses as `clings check`, the tutorial
 * and grading all show them (the proved ones stated, else three questions at most, none on a
 * pass), in English and in Portuguese; lines set at a width break at spaces and keep every word
 * whole, a quoted line of code keeps its indent; text from outside is made safe for a terminal,
 * or kept as it is for a grading format; grading's parts start with the message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ui/ui.h"

static void wrong_report(struct report *r, const char *message)
{
	*r = (struct report)REPORT_INIT;
	copy_str(r->exercise, sizeof(r->exercise), "scale");
	struct msg m = MSG_INIT;
	msg_raw(&m, message);
	report_set(r, VERDICT_WRONG_RESULT, &m, "exercises/scale.cl", 5);
}

static void ask(struct report *r, const char *id, bool certain)
{
	diagnosis_add(&r->diagnoses, &r->ndiagnoses, diagnosis_find(id),
		      certain ? EVIDENCE_ANALYSIS : EVIDENCE_RESEMBLANCE, certain, "evidence");
}

/* The lines of part p, one text (each line ended by '\n'). */
static char *part_text(const struct report_lines *l, enum report_part p)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_adds(&sb, "");
	for (int i = 0; i < l->n; i++)
		if (l->v[i].part == p && *l->v[i].text)
			sbuf_addf(&sb, "%s\n", l->v[i].text);
	return sbuf_detach(&sb);
}

static char *render(const struct report *r, const char *lang, unsigned parts, int width)
{
	struct render_options o = { .lang = lang, .parts = parts, .width = width };
	struct report_lines l = REPORT_LINES_INIT;
	report_render(r, &o, &l);
	char *text = part_text(&l, PART_DIAGNOSIS);
	report_lines_release(&l);
	return text;
}

static void test_proved_stated_alone(void **state)
{
	(void)state;
	struct report r;
	wrong_report(&r, "wrong");
	ask(&r, "elements_skipped", false);
	ask(&r, "local_slot_unwritten", true);
	char *text = render(&r, "en", PARTS_ALL, 0);
	char *want = xstrfmt("The mistake, proved: %s.\n", diagnosis_find("local_slot_unwritten")->title);
	assert_string_equal(text, want);
	free(text);
	free(want);
	text = render(&r, "pt-BR", PARTS_GRADING, 0);
	want = xstrfmt("O erro, comprovado: %s.\n", tr("pt-BR", diagnosis_find("local_slot_unwritten")->title));
	assert_string_equal(text, want);
	free(text);
	free(want);
	report_release(&r);
}

static void test_three_questions_at_most(void **state)
{
	(void)state;
	struct report r;
	wrong_report(&r, "wrong");
	const char *ids[] = { "elements_skipped", "contract_ignored", "local_id_as_global_index", "nothing_stored" };
	for (int i = 0; i < 4; i++)
		ask(&r, ids[i], false);
	char *text = render(&r, "pt-BR", PARTS_ALL, 0);
	struct sbuf want = SBUF_INIT;
	for (int i = 0; i < 3; i++)
		sbuf_addf(&want, "Seria isto: %s?\n", tr("pt-BR", diagnosis_find(ids[i])->title));
	assert_string_equal(text, want.buf);
	free(text);
	sbuf_release(&want);
	r.verdict = VERDICT_PASS;   /* a pass names no mistake */
	text = render(&r, "en", PARTS_ALL, 0);
	assert_string_equal(text, "");
	free(text);
	report_release(&r);
}

/* At a width: no line wider, every word whole and in order, a quoted line's indent kept. */
static void test_width_keeps_words(void **state)
{
	(void)state;
	const char *message = "A GPU does not check indices: the read returns whatever lies after the data\n"
			      "       9 | out[i] = factor * in[i] + offset * scale_of_the_element;";
	struct report r;
	wrong_report(&r, message);
	ask(&r, "elements_skipped", false);
	struct render_options o = { .lang = "en", .parts = PARTS_ALL, .width = 24 };
	struct report_lines l = REPORT_LINES_INIT;
	report_render(&r, &o, &l);
	struct sbuf words = SBUF_INIT, line1 = SBUF_INIT;
	sbuf_adds(&words, "");
	bool code = false;
	for (int i = 0; i < l.n; i++) {
		const char *t = l.v[i].text;
		assert_true(term_width(t, strlen(t)) <= 24);
		if (l.v[i].part != PART_MESSAGE)
			continue;
		if (strstr(t, "9 |"))
			code = true;
		else if (code && strcmp(t, "scale_of_the_element;"))   /* the quoted line, continued under
									  * its own indent where the word fits */
			assert_true(!strncmp(t, "       ", 7) && t[7] != ' ');
		sbuf_addf(&words, "%s%s", words.len ? " " : "", t + strspn(t, " "));
	}
	sbuf_adds(&line1, message);
	for (char *p = line1.buf; *p; p++)
		*p = *p == '\n' ? ' ' : *p;
	char *flat = xstrdup(line1.buf), *w = flat;
	for (char *p = flat; *p; p++)   /* runs of spaces as one */
		if (*p != ' ' || (w > flat && w[-1] != ' '))
			*w++ = *p;
	*w = '\0';
	assert_string_equal(words.buf, flat);
	free(flat);
	sbuf_release(&words);
	sbuf_release(&line1);
	report_lines_release(&l);
	report_release(&r);
}

/* A word wider than the line is cut, into pieces that fit: never a line wider, never a loop. */
static void test_word_wider_than_line(void **state)
{
	(void)state;
	struct report r;
	wrong_report(&r, "x abcdefghijklmnopqrstuvwxyz0123456789 y");
	struct render_options o = { .lang = "en", .parts = 1u << PART_MESSAGE, .width = 10 };
	struct report_lines l = REPORT_LINES_INIT;
	report_render(&r, &o, &l);
	struct sbuf all = SBUF_INIT;
	sbuf_adds(&all, "");
	for (int i = 0; i < l.n; i++) {
		assert_true(term_width(l.v[i].text, strlen(l.v[i].text)) <= 10);
		sbuf_addf(&all, "%s|", l.v[i].text);
	}
	assert_string_equal(all.buf, "x|abcdefghij|klmnopqrst|uvwxyz0123|456789 y|");
	sbuf_release(&all);
	report_lines_release(&l);
	report_release(&r);
}

/* Escapes from outside: shown as ^[ for a terminal, kept for a format that escapes them; with
 * colour, the only escapes in a line are the styles'. Grading's text starts with the message. */
static void test_outside_text(void **state)
{
	(void)state;
	struct report r;
	wrong_report(&r, "read \x1b]0;owned\x07 here");
	r.kernel_output = xstrdup("\x1b[2Jcleared\n");
	struct render_options o = { .lang = "en", .parts = PARTS_GRADING | (1u << PART_PRINTF), .colour = true };
	struct report_lines l = REPORT_LINES_INIT;
	report_render(&r, &o, &l);
	assert_true(l.n > 0 && l.v[0].part == PART_MESSAGE);
	char *all = report_lines_join(&l);
	assert_non_null(strstr(all, "read ^[]0;owned^G here"));
	assert_non_null(strstr(all, "^[[2Jcleared"));
	assert_null(strstr(all, "\x1b]"));
	assert_null(strstr(all, "\x1b[2J"));
	free(all);
	report_lines_release(&l);
	o.keep_bytes = true;
	o.colour = false;
	report_render(&r, &o, &l);
	all = report_lines_join(&l);
	assert_non_null(strstr(all, "read \x1b]0;owned\x07 here"));
	free(all);
	report_lines_release(&l);
	report_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_proved_stated_alone),
		cmocka_unit_test(test_three_questions_at_most),
		cmocka_unit_test(test_width_keeps_words),
		cmocka_unit_test(test_word_wider_than_line),
		cmocka_unit_test(test_outside_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
