/*
 * test-grade-formats.c: the pieces of grade/formats.c and formats-ci.c a platform's rule rests
 * on, on gradings built by hand: paths shown relative to the submission (and only at a path's
 * start), a kernel's printing cut within a byte budget on a character's boundary, JUnit's counts
 * with nothing skipped and no properties in a testcase, TAP's not reached a plain not ok.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "grade/formats.h"

static struct exercise ex[3];
static struct grade_item items[3];
static struct grade_run run;

/* scale passed, memory_4 was not submitted, reduce_passes was not reached */
static void make_run(void)
{
	const char *names[3] = { "scale", "memory_4", "reduce_passes" };
	memset(ex, 0, sizeof(ex));
	memset(items, 0, sizeof(items));
	for (int i = 0; i < 3; i++) {
		copy_str(ex[i].name, sizeof(ex[i].name), names[i]);
		ex[i].points = i + 1;
		items[i].e = &ex[i];
		items[i].r = (struct report)REPORT_INIT;
	}
	items[0].state = GRADED;
	items[0].points = 1;
	items[0].file = "/srv/sub/exercises/scale.cl";
	items[1].state = NOT_SUBMITTED;
	items[2].state = NOT_REACHED;
	run = (struct grade_run){ .submission = "/srv/sub", .seed = 7, .items = items, .n = 3,
				  .score = 1, .max_score = 6, .anything_submitted = true };
}

static struct shown shown_of(void)
{
	struct shown s = { .run = &run, .lang = "en" };
	s.prefix[s.nprefix++] = "/srv/sub/";
	s.prefix[s.nprefix++] = "/opt/clings/";
	return s;
}

static void paths_are_relative_only_where_a_path_starts(void **state)
{
	(void)state;
	make_run();
	struct shown s = shown_of();
	char *t = shown_text(&s, "/srv/sub/exercises/scale.cl:3:1: error\n(/opt/clings/checks/scale.ini) "
				 "/x/srv/sub/a.cl /srv/subway/b.cl");
	assert_string_equal(t, "exercises/scale.cl:3:1: error\n(checks/scale.ini) /x/srv/sub/a.cl "
			       "/srv/subway/b.cl");
	free(t);
	char *f = shown_file(&s, &items[0]), *g = shown_file(&s, &items[1]);
	assert_string_equal(f, "exercises/scale.cl");
	assert_string_equal(g, "memory_4.cl");   /* not submitted: the name it should have had */
	free(f);
	free(g);
	char *code = shown_test_code(&s, &items[0]);
	assert_string_equal(code, "clings check scale --file exercises/scale.cl --seed 7");
	free(code);
}

static void printing_is_cut_within_its_budget_on_a_character(void **state)
{
	(void)state;
	make_run();
	struct shown s = shown_of();
	char big[700];
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	memcpy(big + 470, "\xc3\xa7\xc3\xa7\xc3\xa7", 6);   /* "ççç" around where the cut falls */
	items[0].r.kernel_output = big;
	char *out = shown_output(&s, &items[0], 500);
	assert_true(strlen(out) <= 500);
	assert_non_null(strstr(out, "(output cut: print less)"));
	for (const unsigned char *p = (const unsigned char *)out; *p;) {   /* no character cut in two */
		int n = utf8_sequence_len(p);
		assert_true(n > 0);
		p += n;
	}
	free(out);
	items[0].r.kernel_output = "short\n";
	out = shown_output(&s, &items[0], 500);
	assert_string_equal(out, "short\n");
	free(out);
	items[0].r.kernel_output = NULL;
	assert_null(shown_output(&s, &items[0], 500));
	assert_null(shown_output(&s, &items[1], 500));   /* nothing ran: nothing printed */
}

static void junit_counts_not_reached_as_an_error_and_skips_nothing(void **state)
{
	(void)state;
	make_run();
	struct shown s = shown_of();
	struct sbuf x = SBUF_INIT;
	junit(&x, &s);
	const char *xml = sbuf_str(&x);
	assert_non_null(strstr(xml, " tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\""));
	assert_non_null(strstr(xml, "<failure message=\"not_submitted\" type=\"not_submitted\">"));
	assert_non_null(strstr(xml, "<error message=\"not_reached\" type=\"not_reached\">"));
	assert_null(strstr(xml, "<skipped"));
	assert_non_null(strstr(xml, "<property name=\"points.memory_4\" value=\"0/2\"/>"));
	/* properties only once, in the suite: never inside a testcase */
	const char *props = strstr(xml, "<properties>");
	assert_non_null(props);
	assert_null(strstr(props + 1, "<properties>"));
	assert_true(props < strstr(xml, "<testcase"));
	sbuf_release(&x);
}

static void tap_not_reached_is_a_plain_not_ok(void **state)
{
	(void)state;
	make_run();
	struct shown s = shown_of();
	struct sbuf t = SBUF_INIT;
	tap(&t, &s);
	const char *text = sbuf_str(&t);
	assert_non_null(strstr(text, "\nok 1 - scale\n"));
	assert_non_null(strstr(text, "\nnot ok 2 - memory_4\n"));
	assert_non_null(strstr(text, "\nnot ok 3 - reduce_passes\n  ---\n  verdict: not_reached\n"));
	assert_null(strstr(text, "SKIP"));
	assert_null(strstr(text, "TODO"));
	sbuf_release(&t);
}

static void classroom_status_is_error_when_the_grader_failed(void **state)
{
	(void)state;
	make_run();
	struct shown s = shown_of();
	struct sbuf j = SBUF_INIT;
	assert_int_equal(json_doc_add(&j, classroom(&s)), 0);
	assert_non_null(strstr(sbuf_str(&j), "{\"version\": 1, \"status\": \"error\", \"max_score\": 6,"));
	sbuf_release(&j);
	assert_int_equal(json_doc_add(&j, classroom_one(&s, 1)), 0);   /* memory_4 alone: a failure of the student's, worth 2 */
	assert_non_null(strstr(sbuf_str(&j), "{\"version\": 1, \"status\": \"fail\", \"max_score\": 2,"));
	sbuf_release(&j);
	assert_int_equal(json_doc_add(&j, classroom_one(&s, 0)), 0);
	assert_non_null(strstr(sbuf_str(&j), "\"status\": \"pass\", \"max_score\": 1,"));
	assert_non_null(strstr(sbuf_str(&j), "\"filename\": \"exercises/scale.cl\""));
	sbuf_release(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(paths_are_relative_only_where_a_path_starts),
		cmocka_unit_test(printing_is_cut_within_its_budget_on_a_character),
		cmocka_unit_test(junit_counts_not_reached_as_an_error_and_skips_nothing),
		cmocka_unit_test(tap_not_reached_is_a_plain_not_ok),
		cmocka_unit_test(classroom_status_is_error_when_the_grader_failed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
