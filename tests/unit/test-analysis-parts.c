/*
 * test-analysis-parts.c: how a check's analysed tests are shared among analysis children
 * (engine/analysis/analysis-parts.c), on memory_4's kernel with three analysed tests of its own
 * (tests/unit/data/analysis-parts.ini: at 64, 128 and 256; 256, 512 and 768 work-items over their
 * passes) after one that is not analysed, and the record of what each test took, read back whole
 * or not at all.
 * (run from the repository's root, as tests/run-all does)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/analysis/analysis.h"

static struct check_spec spec;
static char cache[] = "/tmp/clings-test-parts-XXXXXX";

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(cache) || setenv("XDG_CACHE_HOME", cache, 1) < 0)
		return -1;
	unsetenv("CLINGS_DEBUG");
	return check_spec_load("tests/unit/data/analysis-parts.ini", &spec);
}

static int teardown(void **state)
{
	(void)state;
	check_spec_release(&spec);
	char *cmd = xstrfmt("rm -rf '%s'", cache);
	int rc = system(cmd);
	free(cmd);
	return rc == 0 ? 0 : -1;
}

/* One child: every analysed test (to[0] 0). Two: the cut where the larger share is smallest,
 * by work-items before any time is known (256 + 512 against 768), by the times when every test
 * has one, and by work-items again when the times do not cover every test. */
static void cuts_where_the_shares_are_even(void **state)
{
	(void)state;
	int from[ANALYSIS_PARTS], to[ANALYSIS_PARTS];
	assert_int_equal(analysis_parts(&spec, 1, NULL, 0, from, to), 1);
	assert_int_equal(to[0], 0);
	assert_int_equal(analysis_parts(&spec, 2, NULL, 0, from, to), 2);
	assert_int_equal(from[0], 0);
	assert_int_equal(to[0], 2);
	assert_int_equal(from[1], 2);
	assert_int_equal(to[1], 3);
	const double first_heavy[] = { 1.0, 0.1, 0.1 };
	assert_int_equal(analysis_parts(&spec, 2, first_heavy, 3, from, to), 2);
	assert_int_equal(to[0], 1);
	assert_int_equal(from[1], 1);
	assert_int_equal(to[1], 3);
	assert_int_equal(analysis_parts(&spec, 2, first_heavy, 2, from, to), 2);
	assert_int_equal(to[0], 2);
}

/* A record kept is read back as it was written; one that is damaged in any way is no record. */
static void keeps_times_whole_or_not_at_all(void **state)
{
	(void)state;
	double s[8];
	uint64_t key = 0x1234;
	assert_int_equal(analysis_time_recall(key, s, 8), -1);
	const double kept[] = { 0.5, 0.25, 0.125 };
	analysis_time_keep(key, kept, 3);
	assert_int_equal(analysis_time_recall(key, s, 8), 3);
	assert_true(s[0] == 0.5 && s[1] == 0.25 && s[2] == 0.125);
	assert_int_equal(analysis_time_recall(key, s, 2), -1);   /* more than the caller holds */
	char *path = xstrfmt("%s/clings/analysis/%016llx.time", cache, (unsigned long long)key);
	const char *damaged[] = { "", "garbage\n", "3 0.1 0.2\n", "2 -1 0.5\n", "0\n", "-2 0.1\n" };
	for (size_t i = 0; i < sizeof(damaged) / sizeof(damaged[0]); i++) {
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs(damaged[i], f);
		fclose(f);
		assert_int_equal(analysis_time_recall(key, s, 8), -1);
	}
	free(path);
}

/* The children's "took TEST SECONDS" lines, among the others, by test. */
static void reads_the_childrens_times(void **state)
{
	(void)state;
	double s[4] = { -1, -1, -1, -1 };
	const char *text = "device\tOclgrind\nbegin\twide len=600 wg=256\ntook\t2\t0.1600\n"
			   "took\t1\t0.0800\ntook\t9\t1.0\ntook\tx\t1\n";
	assert_int_equal(analysis_took_parse(text, s, 4), 3);
	assert_true(s[0] == -1 && s[1] == 0.08 && s[2] == 0.16 && s[3] == -1);
	assert_int_equal(analysis_took_parse("", s, 4), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cuts_where_the_shares_are_even),
		cmocka_unit_test(keeps_times_whole_or_not_at_all),
		cmocka_unit_test(reads_the_childrens_times),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
