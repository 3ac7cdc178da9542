/*
 * test-msg.c: messages kept as data (base/msg.c): rendered in either language from the same
 * facts, nested messages, plural forms, the line the protocol and the cache carry, and lines
 * that are not one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "msg-asserts.h"

static void one_message_two_languages(void **state)
{
	(void)state;
	struct msg m = MSG_INIT;
	msg_addf(&m, N_("Test %s: %s"), "small", "ok");
	msg_raw(&m, " [50%]");
	assert_msg_text(&m, "en", "Test small: ok [50%]");
	assert_msg_text(&m, "pt-BR", "Teste small: ok [50%]");
	msg_release(&m);
	assert_true(msg_empty(&m));
}

static void nested_words_follow_the_language(void **state)
{
	(void)state;
	struct msg m = MSG_INIT, who = MSG_INIT;
	msg_addf(&who, N_("Test %s: %s"), "inner", "x");
	msg_addf(&m, N_("Test %s: %s"), msg_sub(&m, &who), msg_word(&m, N_("Test %s: %s")));
	assert_true(msg_empty(&who));   /* handed over */
	assert_msg_text(&m, "en", "Test Test inner: x: Test %s: %s");
	assert_msg_text(&m, "pt-BR", "Teste Teste inner: x: Teste %s: %s");
	msg_release(&m);
}

static void plural_forms_by_language(void **state)
{
	(void)state;
	const char *one = "%d test passed; ", *many = "%d tests passed; ";
	for (unsigned long n = 0; n < 3; n++) {
		struct msg m = MSG_INIT;
		msg_addf(&m, msg_plural(&m, one, many, n), (int)n);
		char want[64];
		snprintf(want, sizeof(want), n == 1 ? "%lu test passed; " : "%lu tests passed; ", n);
		assert_msg_text(&m, "en", want);
		snprintf(want, sizeof(want), n > 1 ? "%lu testes passaram; " : "%lu teste passou; ", n);
		assert_msg_text(&m, "pt-BR", want);
		msg_release(&m);
	}
}

static void conversions_keep_their_flags(void **state)
{
	(void)state;
	struct msg m = MSG_INIT;
	msg_addf(&m, "[%5d|%-4s|%.2f|%zu|%lld|%lu|%x|%c|%%]", -42, "ab", 3.14159, (size_t)7,
		 -5LL, 9UL, 255u, 'q');
	assert_msg_text(&m, NULL, "[  -42|ab  |3.14|7|-5|9|ff|q|%]");
	msg_release(&m);
}

static void a_line_carries_everything(void **state)
{
	(void)state;
	struct msg m = MSG_INIT, sub = MSG_INIT;
	msg_addf(&sub, N_("Test %s: %s"), "a\tb\nc", "12:3;");
	msg_fact_str(&sub, "buffer", "out");
	msg_addf(&m, msg_plural(&m, "%d test passed; ", "%d tests passed; ", 2), 2);
	msg_addf(&m, "%s / %.3f / %zu", msg_sub(&m, &sub), 0.1, (size_t)-1);
	msg_raw(&m, "raw 5:x");
	msg_addf(&m, " %s s", msg_number(&m, 0.125, 2));
	msg_fact_int(&m, "line", -3);
	struct sbuf line = SBUF_INIT, json = SBUF_INIT;
	msg_write(&m, &line);
	struct msg back = MSG_INIT;
	assert_true(msg_read(sbuf_str(&line), &back));
	char *a = msg_text(&m, "pt-BR"), *b = msg_text(&back, "pt-BR");
	assert_string_equal(a, b);
	assert_non_null(strstr(a, "2 testes passaram; Teste a\tb\nc: 12:3; / 0.100 / 18446744073709551615raw 5:x 0,12 s"));
	msg_facts_json(&back, &json);
	assert_string_equal(sbuf_str(&json), "{\"buffer\": \"out\", \"line\": -3}");
	free(a);
	free(b);
	msg_release(&m);
	msg_release(&back);
	sbuf_release(&line);
	sbuf_release(&json);
}

/* A document's parts (base/json.h): facts keep their order and types, a byte that is no text
 * is marked, not refused (jansson's json_string takes only UTF-8), and a figure is rounded once
 * and reads back as the decimal it was rounded to. */
static void facts_and_figures_as_json(void **state)
{
	(void)state;
	struct msg m = MSG_INIT;
	msg_fact_str(&m, "got", "a\xff\"b\n");
	msg_fact_int(&m, "line", 12);
	msg_fact_int(&m, "line", 13);   /* the first one stays */
	json_t *o = msg_facts_object(&m);
	char *text = json_dumps(o, JSON_DOC);
	assert_string_equal(text, "{\"got\": \"a\xef\xbf\xbd\\\"b\\n\", \"line\": 12}");
	free(text);
	json_decref(o);
	struct sbuf same = SBUF_INIT;
	msg_facts_json(&m, &same);
	assert_string_equal(sbuf_str(&same), "{\"got\": \"a\xef\xbf\xbd\\\"b\\n\", \"line\": 12}");
	sbuf_release(&same);
	msg_release(&m);

	json_t *doc = json_object();
	json_object_set_new(doc, "none", json_text(NULL));
	json_object_set_new(doc, "seconds", json_fixed(1.23456, 3));
	json_object_set_new(doc, "whole", json_fixed(2.0004, 3));
	json_object_set_new(doc, "tiny", json_fixed(0.000000123456, 9));
	json_object_set_new(doc, "nan", json_fixed(NAN, 3));
	json_object_set_new(doc, "inf", json_fixed(INFINITY, 3));
	struct sbuf out = SBUF_INIT;
	assert_int_equal(json_doc_add(&out, doc), 0);
	assert_string_equal(sbuf_str(&out), "{\"none\": \"\", \"seconds\": 1.235, \"whole\": 2.0, "
					    "\"tiny\": 1.23e-7, \"nan\": null, \"inf\": null}\n");
	sbuf_release(&out);
	assert_int_equal(json_doc_add(&out, NULL), -1);   /* a value jansson could not make */
	sbuf_release(&out);
}

static void broken_lines_are_refused(void **state)
{
	(void)state;
	const char *bad[] = { "", "M", "M1;", "M1;f0;99:short-S0;F0;", "M1;f1;2:%s-m5;S0;F0;",
			      "M0;S1;3:abcF0;", "M0;S0;F1;4:name", "M0;S0;F0;trailing", "M1;q0;1:x-S0;F0;",
			      "M1;f1;2:%d-i12S0;F0;" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		struct msg m = MSG_INIT;
		assert_false(msg_read(bad[i], &m));
		assert_true(msg_empty(&m));
	}
	/* nested without end: refused, not a stack overflow */
	char *deep = xstrdup("M0;S0;F0;");
	for (int i = 0; i < 40; i++) {
		char *next = xstrfmt("M0;S1;%zu:%sF0;", strlen(deep), deep);
		free(deep);
		deep = next;
	}
	struct msg d = MSG_INIT;
	assert_false(msg_read(deep, &d));
	free(deep);
	/* a learner's text that looks like a sub-message's mark stays text */
	struct msg m = MSG_INIT;
	msg_addf(&m, "%s", "\0010");
	assert_msg_text(&m, NULL, "\0010");
	msg_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_message_two_languages),
		cmocka_unit_test(nested_words_follow_the_language),
		cmocka_unit_test(plural_forms_by_language),
		cmocka_unit_test(conversions_keep_their_flags),
		cmocka_unit_test(a_line_carries_everything),
		cmocka_unit_test(broken_lines_are_refused),
		cmocka_unit_test(facts_and_figures_as_json),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
