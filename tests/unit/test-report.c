/*
 * test-report.c: one report, one codec (engine/report/report-codec.c). A report with tests, a picture, access
 * figures, printf and facts goes through the codec, the children's protocol lines and the
 * verdict cache and comes out byte-identical; a report cut anywhere is no report (never a pass);
 * findings merge by the verdicts' rank.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/engine.h"
#include "msg-asserts.h"

/* A report with every field a report encodes. */
static void full_report(struct report *r)
{
	*r = (struct report)REPORT_INIT;
	copy_str(r->exercise, sizeof(r->exercise), "memory_4");
	r->isolated = true;   /* reached in namespaces: the cache answers it anywhere */
	struct msg m = MSG_INIT;
	msg_addf(&m, N_("Test %s: %s"), "small len=200 wg=64", "out[3]");
	msg_fact_int(&m, "index", 3);
	msg_fact_str(&m, "buffer", "out");
	msg_raw(&m, "\n\tline two with a tab \\ and a backslash");
	report_set(r, VERDICT_WRONG_RESULT, &m, "exercises/memory_4.cl", 17);
	struct msg d = MSG_INIT;
	msg_addf(&d, N_("Test %s: %s"), "tiny", "x");
	msg_fact_int(&d, "expected", -5321);
	report_add_test_msg(r, "small len=200 wg=64", TEST_FAIL, &d);
	report_add_test(r, "tiny\twith a tab", TEST_PASS, "");
	msg_raw(&r->picture, "  x.\n  ..\n");
	r->device = xstrdup("Portable Computing Language / pthread");
	r->kernel_output = xstrdup("gid 0: 17\ngid 1: \\n18\n");
	r->build_log = xstrdup("warning: unused variable 'x'\n");
	r->analysis_ran = true;
	r->naccess = 2;
	r->access = xcalloc(2, sizeof(*r->access));
	r->access[0] = (struct access_figure){ .space = 'g', .line = 12, .name = "in", .bytes = 4,
					       .requests = 10, .sectors = 69, .ideal = 36, .worst_sectors = 8 };
	r->access[1] = (struct access_figure){ .space = 'l', .store = true, .line = 20, .name = "scratch",
					       .bytes = 4, .requests = 10, .degrees = 30, .worst_degree = 8,
					       .foreign_loads = 3 };
	diagnosis_add(&r->diagnoses, &r->ndiagnoses, diagnosis_find("local_slot_unwritten"), EVIDENCE_ANALYSIS,
		      true, "analysis:uninitialized __local scratch[3]\tread at line 20");
	diagnosis_add(&r->diagnoses, &r->ndiagnoses, diagnosis_find("reduction_steps_wrong"),
		      EVIDENCE_RESEMBLANCE, false, "output matches wrong/memory_4/one_load.cl");
	r->seconds = 0.25;
}

static void encode(const struct report *r, struct sbuf *out)
{
	sbuf_reset(out);
	report_encode(r, out);
}

static void a_report_round_trips_byte_for_byte(void **state)
{
	(void)state;
	struct report r, back = REPORT_INIT;
	full_report(&r);
	struct sbuf one = SBUF_INIT, two = SBUF_INIT;
	encode(&r, &one);
	assert_int_equal(report_decode(one.buf, one.len, &back), 0);
	encode(&back, &two);
	assert_string_equal(sbuf_str(&one), sbuf_str(&two));
	assert_int_equal(back.verdict, VERDICT_WRONG_RESULT);
	assert_string_equal(back.file, "exercises/memory_4.cl");
	assert_int_equal(back.line, 17);
	assert_int_equal(back.ntests, 2);
	assert_string_equal(back.tests[1].name, "tiny\twith a tab");
	assert_int_equal(back.naccess, 2);
	assert_int_equal(back.access[1].foreign_loads, 3);
	assert_string_equal(back.kernel_output, r.kernel_output);
	assert_int_equal(back.ndiagnoses, 2);
	assert_int_equal(back.diagnoses[0].kind, EVIDENCE_ANALYSIS);
	assert_true(back.diagnoses[0].certain);
	assert_string_equal(back.diagnoses[0].evidence, r.diagnoses[0].evidence);
	assert_int_equal(back.diagnoses[1].kind, EVIDENCE_RESEMBLANCE);
	assert_false(back.diagnoses[1].certain);
	assert_facts(&back.message, "{\"index\": 3, \"buffer\": \"out\"}");
	char *a = msg_text(&r.message, "pt-BR"), *b = msg_text(&back.message, "pt-BR");
	assert_string_equal(a, b);
	free(a);
	free(b);
	report_release(&r);
	report_release(&back);
	sbuf_release(&one);
	sbuf_release(&two);
}

/* Every cut of a whole report, at every byte, is refused: the reader fails closed. */
static void a_cut_report_is_no_report(void **state)
{
	(void)state;
	struct report r;
	full_report(&r);
	r.verdict = VERDICT_PASS;   /* the cut must not leave a pass behind */
	struct sbuf out = SBUF_INIT;
	encode(&r, &out);
	for (size_t cut = 0; cut < out.len; cut++) {
		struct report back = REPORT_INIT;
		assert_int_equal(report_decode(out.buf, cut, &back), -1);
		assert_int_equal(back.verdict, VERDICT_ERROR);
		report_release(&back);
	}
	/* and so is a whole report with a line added, or one missing in the middle */
	struct sbuf bad = SBUF_INIT;
	sbuf_addf(&bad, "%sdevice\tmore\n", sbuf_str(&out));
	struct report back = REPORT_INIT;
	assert_int_equal(report_decode(bad.buf, bad.len, &back), -1);
	const char *second = strchr(out.buf, '\n') + 1;
	sbuf_reset(&bad);
	sbuf_add(&bad, out.buf, (size_t)(second - out.buf));
	sbuf_adds(&bad, strchr(second, '\n') + 1);
	assert_int_equal(report_decode(bad.buf, bad.len, &back), -1);
	report_release(&back);
	report_release(&r);
	sbuf_release(&out);
	sbuf_release(&bad);
}

/* A diagnosis line names its evidence kind: one without (as clings wrote it before kinds) or with
 * an unknown kind is no report, and a likeness written as proved is read back as a question. */
static void a_diagnosis_line_names_its_evidence(void **state)
{
	(void)state;
	struct report r, back = REPORT_INIT;
	full_report(&r);
	struct sbuf out = SBUF_INIT, bad = SBUF_INIT;
	encode(&r, &out);
	const char *line = strstr(out.buf, "diagnosis\treduction_steps_wrong\tresemblance\t0\t");
	assert_non_null(line);
	const char *kinds[] = { "\t", "\tlikeness\t", "\tresemblance\t" };
	const char *certain[] = { "", "0\t", "1\t" };
	for (int k = 0; k < 3; k++) {
		sbuf_reset(&bad);
		sbuf_add(&bad, out.buf, (size_t)(line - out.buf));
		sbuf_addf(&bad, "diagnosis\treduction_steps_wrong%s%s%s", kinds[k], certain[k],
			  strstr(line, "output matches"));
		report_release(&back);
		back = (struct report)REPORT_INIT;
		assert_int_equal(report_decode(bad.buf, bad.len, &back), k < 2 ? -1 : 0);
	}
	assert_int_equal(back.ndiagnoses, 2);
	assert_false(back.diagnoses[1].certain);
	report_release(&back);
	report_release(&r);
	sbuf_release(&out);
	sbuf_release(&bad);
}

/* The children's lines (protocol.c) are the codec's: a test and a verdict sent by a child read
 * back as the same fields. */
static void the_protocol_speaks_the_codec(void **state)
{
	(void)state;
	int fds[2];
	fds[0] = fds[1] = memfd_create("test-report", 0);
	assert_true(fds[0] >= 0);
	struct report r;
	full_report(&r);
	proto_send_test(fds[1], r.tests[0].name, r.tests[0].status, &r.tests[0].detail);
	struct msg m = MSG_INIT;
	msg_copy(&m, &r.message);
	proto_send_verdict(fds[1], r.verdict, r.file, r.line, &m);
	char *text = NULL;
	assert_true(read_fd(fds[0], &text) >= 0);
	close(fds[0]);
	struct report back = REPORT_INIT;
	assert_int_equal(proto_parse(text, &back, NULL), 1);
	struct sbuf a = SBUF_INIT, b = SBUF_INIT;
	report_write_test(&a, r.tests[0].name, r.tests[0].status, &r.tests[0].detail);
	report_write_verdict(&a, r.verdict, r.file, r.line, &r.message);
	report_write_test(&b, back.tests[0].name, back.tests[0].status, &back.tests[0].detail);
	report_write_verdict(&b, back.verdict, back.file, back.line, &back.message);
	assert_string_equal(sbuf_str(&a), sbuf_str(&b));
	assert_string_equal(sbuf_str(&a), text);
	free(text);
	sbuf_release(&a);
	sbuf_release(&b);
	report_release(&r);
	report_release(&back);
}

/* The verdict cache keeps the same report, byte for byte, and a damaged cache file is a miss. */
static void the_cache_keeps_the_codec(void **state)
{
	(void)state;
	char dir[] = "/tmp/clings-test-report-XXXXXX";
	assert_non_null(mkdtemp(dir));
	setenv("CLINGS_CACHE_VERSION", "test", 1);
	setenv("XDG_CACHE_HOME", dir, 1);   /* the cache goes under the test's folder */
	struct course c = COURSE_INIT;
	c.dir = "/srv/course";
	char *cache = course_cache_dir(&c);
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	struct verdict_key_input in = { spec, "solution", "kernel", 6, "cpu", "en", "x.cl", true };
	struct verdict_key k;
	verdict_key_make(&k, &in);
	struct report r, back = REPORT_INIT;
	full_report(&r);
	verdict_cache_store(&c, &k, &r);
	assert_int_equal(verdict_cache_lookup(&c, "memory_4", &k, &back), 0);
	assert_true(back.cached);
	struct sbuf one = SBUF_INIT, two = SBUF_INIT;
	r.seconds = back.seconds = 0;
	encode(&r, &one);
	encode(&back, &two);
	assert_string_equal(sbuf_str(&one), sbuf_str(&two));
	/* cut the file: a miss, never a verdict */
	char *path = xstrfmt("%s/memory_4", cache), *text = NULL;
	size_t len = 0;
	assert_int_equal(read_regular_file(path, 1 << 20, &text, &len), 0);
	assert_int_equal(write_file_atomic(path, text, len - 3), 0);
	struct report miss = REPORT_INIT;
	assert_int_equal(verdict_cache_lookup(&c, "memory_4", &k, &miss), -1);
	report_release(&miss);
	unlink(path);
	rmdir(cache);
	char *sub = xstrfmt("%s/clings", dir);
	rmdir(sub);
	rmdir(dir);
	free(sub);
	free(cache);
	free(path);
	free(text);
	free(spec);
	sbuf_release(&one);
	sbuf_release(&two);
	report_release(&r);
	report_release(&back);
}

/* The analysis's cause replaces the run's symptom of the same or lower rank, never a higher one. */
static void findings_merge_by_rank(void **state)
{
	(void)state;
	struct report r = REPORT_INIT;
	assert_false(report_outranks(&r, VERDICT_DATA_RACE));
	r.verdict = VERDICT_WRONG_RESULT;
	assert_false(report_outranks(&r, VERDICT_DATA_RACE));
	r.verdict = VERDICT_OUT_OF_BOUNDS;
	assert_false(report_outranks(&r, VERDICT_OUT_OF_BOUNDS));
	r.verdict = VERDICT_BUILD_ERROR;
	assert_true(report_outranks(&r, VERDICT_DATA_RACE));
	r.verdict = VERDICT_ERROR;
	assert_true(report_outranks(&r, VERDICT_BUILD_ERROR));
	assert_true(verdict_rank(VERDICT_TIMEOUT) > verdict_rank(VERDICT_WRONG_RESULT));
	assert_true(verdict_rank(VERDICT_REQUIREMENT_UNMET) > verdict_rank(VERDICT_DATA_RACE));
	report_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_report_round_trips_byte_for_byte),
		cmocka_unit_test(a_cut_report_is_no_report),
		cmocka_unit_test(a_diagnosis_line_names_its_evidence),
		cmocka_unit_test(the_protocol_speaks_the_codec),
		cmocka_unit_test(the_cache_keeps_the_codec),
		cmocka_unit_test(findings_merge_by_rank),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
