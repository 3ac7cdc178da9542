/*
 * test-check.c: the stages of a check (engine/check/check.h), each on its own, on the bundled course's
 * scale exercise: what each reads, what finding it sets, and whether the check goes on.
 * (run from the repository's root, as tests/run-all does; the run stage starts real children)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/check/check.h"

static struct course course = COURSE_INIT;
static const struct exercise *scale;

static int load_course(void **state)
{
	(void)state;
	if (course_load(".", &course) < 0)
		return -1;
	scale = course_find(&course, "scale");
	return scale ? 0 : -1;
}

static int release_course(void **state)
{
	(void)state;
	course_release(&course);
	return 0;
}

/* A check state for scale with the kernel src (NULL: the exercise's own file), its stages from
 * check_load on run by the caller. */
static void check_for(struct check_state *st, struct check_options *o, struct report *r, const char *src)
{
	*o = (struct check_options){ .lang = "en", .source = src, .source_len = src ? strlen(src) : 0,
				     .file = src ? "kernel.cl" : NULL, .no_analysis = true };
	*r = (struct report)REPORT_INIT;
	*st = (struct check_state){ .c = &course, .e = scale, .o = o, .r = r, .t0 = now_seconds(),
				    .log_fd = { -1, -1 }, .failed_case = -1, .spec = xcalloc(1, sizeof(*st->spec)),
				    .learner = PROTO_STREAM_INIT, .reference = PROTO_STREAM_INIT,
				    .reference_output = SBUF_INIT, .began = SBUF_INIT };
}

static char *solution(void)
{
	char *text = NULL;
	assert_int_equal(read_file("solutions/scale.cl", &text, NULL), 0);
	return text;
}

static void load_reads_the_check_and_strips_a_bom(void **state)
{
	(void)state;
	struct check_state st;
	struct check_options o;
	struct report r;
	check_for(&st, &o, &r, "\xef\xbb\xbf__kernel void scale() {}\n");
	assert_int_equal(check_load(&st), STAGE_ON);
	assert_string_equal(st.learner_src, "__kernel void scale() {}\n");
	assert_true(st.spec->nargs > 0);
	assert_non_null(st.solution_src);
	check_state_release(&st);
	report_release(&r);
}

static void load_of_a_missing_file_ends_the_check(void **state)
{
	(void)state;
	struct check_state st;
	struct check_options o;
	struct report r;
	check_for(&st, &o, &r, NULL);
	o.file = "/nonexistent/kernel.cl";
	assert_int_equal(check_load(&st), STAGE_END);
	assert_int_equal(r.verdict, VERDICT_ERROR);
	check_state_release(&st);
	report_release(&r);
}

static void precheck_refuses_an_include_with_its_place(void **state)
{
	(void)state;
	struct check_state st;
	struct check_options o;
	struct report r;
	check_for(&st, &o, &r, "// a kernel\n#include \"/etc/passwd\"\n");
	assert_int_equal(check_load(&st), STAGE_ON);
	assert_int_equal(check_precheck(&st), STAGE_SETTLED);
	assert_int_equal(r.verdict, VERDICT_BUILD_ERROR);
	assert_string_equal(r.file, "kernel.cl");
	assert_int_equal(r.line, 2);
	check_state_release(&st);
	report_release(&r);
}

static void precheck_refuses_recursion(void **state)
{
	(void)state;
	struct check_state st;
	struct check_options o;
	struct report r;
	check_for(&st, &o, &r, "int f(int x) { return x ? f(x - 1) : 0; }\n"
			       "__kernel void scale(__global const float *in, __global float *out, "
			       "float factor, uint len) { out[0] = f(1); }\n");
	assert_int_equal(check_load(&st), STAGE_ON);
	assert_int_equal(check_precheck(&st), STAGE_SETTLED);
	assert_int_equal(r.verdict, VERDICT_BUILD_ERROR);
	assert_int_equal(r.line, 1);
	check_state_release(&st);
	report_release(&r);
}

/* The run and the judge: the solution passes, and a kernel that writes nothing fails with the
 * comparison's words; the learner's results stay for the later stages. */
static void run_and_judge_compare_with_the_reference(void **state)
{
	(void)state;
	char *right = solution();
	const char *none = "__kernel void scale(__global const float *in, __global float *out, "
			   "float factor, uint len) { }\n";
	const char *kernels[] = { right, none };
	const enum verdict want[] = { VERDICT_PASS, VERDICT_WRONG_RESULT };
	for (int k = 0; k < 2; k++) {
		struct check_state st;
		struct check_options o;
		struct report r;
		check_for(&st, &o, &r, kernels[k]);
		assert_int_equal(check_load(&st), STAGE_ON);
		assert_int_equal(check_precheck(&st), STAGE_ON);
		assert_int_equal(check_run(&st), STAGE_ON);
		assert_true(st.ran);
		assert_int_equal(check_judge(&st), STAGE_ON);
		assert_int_equal(r.verdict, want[k]);
		assert_true(r.ntests > 0);
		assert_true(st.learner.ready);
		check_state_release(&st);
		report_release(&r);
	}
	free(right);
}

/* The analysis's finding replaces the run's symptom of a lower rank, never a higher one. */
static void analysis_merges_by_rank(void **state)
{
	(void)state;
	struct report r = REPORT_INIT;
	r.verdict = VERDICT_WRONG_RESULT;
	assert_false(report_outranks(&r, VERDICT_DATA_RACE));
	r.verdict = VERDICT_REQUIREMENT_UNMET;
	assert_true(report_outranks(&r, VERDICT_DATA_RACE));
	report_release(&r);
}

/* The access rules ask for the analysis; without it a passing check says the part not checked. */
static void access_without_analysis_says_so(void **state)
{
	(void)state;
	const struct exercise *e = course_find(&course, "reduce_fast");
	assert_non_null(e);
	struct check_state st;
	struct check_options o;
	struct report r;
	check_for(&st, &o, &r, NULL);
	st.e = e;
	assert_int_equal(check_load(&st), STAGE_ON);
	assert_true(st.spec->naccess > 0);
	r.verdict = VERDICT_PASS;
	assert_int_equal(check_access(&st), STAGE_ON);
	assert_int_equal(r.verdict, VERDICT_PASS);
	char *text = msg_text(&r.message, "en");
	assert_non_null(strstr(text, "was not checked"));
	free(text);
	check_state_release(&st);
	report_release(&r);
}

/* The closing stages: a settled build error gets its diagnosis, and a check without a key is
 * not remembered (nothing to key it by). */
static void closing_stages_name_and_keep(void **state)
{
	(void)state;
	struct check_state st;
	struct check_options o;
	struct report r;
	check_for(&st, &o, &r, "#include <x>\n");
	assert_int_equal(check_load(&st), STAGE_ON);
	assert_int_equal(check_precheck(&st), STAGE_SETTLED);
	assert_int_equal(check_diagnose(&st), STAGE_ON);
	assert_true(r.ndiagnoses > 0);
	assert_string_equal(r.diagnoses[0].d->id, "build");
	assert_int_equal(check_advice(&st), STAGE_ON);
	assert_false(st.keyed);
	assert_int_equal(check_remember(&st), STAGE_ON);
	check_state_release(&st);
	report_release(&r);
}

/* The whole chain, as check_exercise runs it, passes the solution. */
static void the_whole_chain_passes_a_right_kernel(void **state)
{
	(void)state;
	char *right = solution();
	struct check_options o = { .lang = "en", .source = right, .source_len = strlen(right),
				   .file = "kernel.cl", .no_analysis = true };
	struct report r = REPORT_INIT;
	assert_int_equal(check_exercise(&course, scale, &o, &r), 0);
	assert_int_equal(r.verdict, VERDICT_PASS);
	report_release(&r);
	free(right);
}

/* The compiler is blamed only by the one tally that proves it: change any one fact of it (a run
 * that passed or disagreed, an optimised run that failed or disagreed, too few runs, a run cut
 * short, anything in the analysis's log, an atomic) and it is not. */
static void compiler_bug_needs_every_proof(void **state)
{
	(void)state;
	const struct compiler_tally proved = {
		.runs = COMPILER_RUNS, .wrong = COMPILER_RUNS, .same = true,
		.opt_runs = COMPILER_RUNS, .opt_wrong = 0, .opt_same = true,
		.whole = true, .analysis_clean = true, .atomics = false,
	};
	assert_true(compiler_bug_proved(&proved));
	struct compiler_tally t;
	t = proved; t.wrong = COMPILER_RUNS - 1;        /* one unoptimised run passed */
	assert_false(compiler_bug_proved(&t));
	t = proved; t.same = false;                     /* wrong, differently each time */
	assert_false(compiler_bug_proved(&t));
	t = proved; t.opt_wrong = 1;                    /* one optimised run failed */
	assert_false(compiler_bug_proved(&t));
	t = proved; t.opt_same = false;                 /* optimised runs disagree */
	assert_false(compiler_bug_proved(&t));
	t = proved; t.runs = t.wrong = 1;               /* never run again */
	assert_false(compiler_bug_proved(&t));
	t = proved; t.opt_runs = 0;                     /* optimised build never tried */
	assert_false(compiler_bug_proved(&t));
	t = proved; t.whole = false;                    /* a run cut short */
	assert_false(compiler_bug_proved(&t));
	t = proved; t.analysis_clean = false;           /* Oclgrind said something */
	assert_false(compiler_bug_proved(&t));
	t = proved; t.atomics = true;                   /* a protocol the runs could race in */
	assert_false(compiler_bug_proved(&t));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(load_reads_the_check_and_strips_a_bom),
		cmocka_unit_test(load_of_a_missing_file_ends_the_check),
		cmocka_unit_test(precheck_refuses_an_include_with_its_place),
		cmocka_unit_test(precheck_refuses_recursion),
		cmocka_unit_test(run_and_judge_compare_with_the_reference),
		cmocka_unit_test(analysis_merges_by_rank),
		cmocka_unit_test(access_without_analysis_says_so),
		cmocka_unit_test(closing_stages_name_and_keep),
		cmocka_unit_test(the_whole_chain_passes_a_right_kernel),
		cmocka_unit_test(compiler_bug_needs_every_proof),
	};
	return cmocka_run_group_tests(tests, load_course, release_course);
}
