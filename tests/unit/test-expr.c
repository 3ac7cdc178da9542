/* Unit tests of the check-file expressions (expr.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "course/course.h"

static int64_t eval_ok(const char *src, const struct vars *v)
{
	char err[128] = "";
	int64_t out = -12345;
	int rc = expr_eval(src, v, &out, err, sizeof(err));
	if (rc != 0)
		fail_msg("'%s': %s", src, err);
	return out;
}

static void arithmetic_and_precedence(void **state)
{
	(void)state;
	assert_int_equal(eval_ok("1 + 2 * 3", NULL), 7);
	assert_int_equal(eval_ok("(1 + 2) * 3", NULL), 9);
	assert_int_equal(eval_ok("17 / 5 + 17 % 5", NULL), 5);
	assert_int_equal(eval_ok("-4 + 10", NULL), 6);
	assert_int_equal(eval_ok("2 < 3 && 3 <= 3 && !(1 > 2) && 4 >= 4 && 1 != 2 && 2 == 2", NULL), 1);
	assert_int_equal(eval_ok("0 || 0", NULL), 0);
}

static void functions(void **state)
{
	(void)state;
	assert_int_equal(eval_ok("ceil_div(1000, 128)", NULL), 8);
	assert_int_equal(eval_ok("ceil_div(1024, 128)", NULL), 8);
	assert_int_equal(eval_ok("round_up(17, 16)", NULL), 32);
	assert_int_equal(eval_ok("round_up(16, 16)", NULL), 16);
	assert_int_equal(eval_ok("min(3, max(1, 2))", NULL), 2);
}

static void variables(void **state)
{
	(void)state;
	struct vars v = { 0 };
	assert_int_equal(vars_set(&v, "len", 1001), 0);
	assert_int_equal(vars_set(&v, "wg", 64), 0);
	assert_int_equal(eval_ok("ceil_div(len, 2*wg)*wg", &v), 8 * 64);
	assert_int_equal(vars_set(&v, "len", 8), 0);
	assert_int_equal(eval_ok("len", &v), 8);
	assert_int_equal(v.n, 2);
}

static void errors(void **state)
{
	(void)state;
	struct vars v = { 0 };
	char err[128];
	int64_t out;
	assert_int_equal(expr_eval("len + 1", &v, &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown name 'len'"));
	assert_int_equal(expr_eval("4 / 0", &v, &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "division by zero"));
	assert_int_equal(expr_eval("ceil_div(4, 0)", &v, &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "ceil_div: division by zero"));
	assert_int_equal(expr_eval("round_up(4, 0)", &v, &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "round_up: division by zero"));
	assert_int_equal(expr_eval("(1 + 2", &v, &out, err, sizeof(err)), -1);
	assert_int_equal(expr_eval("1 2", &v, &out, err, sizeof(err)), -1);
	assert_int_equal(expr_eval("sqrt(4, 2)", &v, &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown function 'sqrt'"));
	/* the name is checked before the divisor: foo is unknown, whatever its arguments */
	assert_int_equal(expr_eval("foo(1, 0)", &v, &out, err, sizeof(err)), -1);
	if (!strstr(err, "unknown function 'foo'"))
		fail_msg("foo(1, 0): %s", err);
	assert_int_equal(expr_eval("", &v, &out, err, sizeof(err)), -1);
}

/* What would be undefined behaviour, or SIGFPE, in C is an error with its reason here. */
static void overflow_is_an_error(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"(0-9223372036854775807-1)/(0-1)",   /* INT64_MIN / -1 */
		"(0-9223372036854775807-1)%(0-1)",
		"9223372036854775808",               /* a literal too large */
		"99999999999999999999999",
		"9223372036854775807 + 1",
		"0 - 9223372036854775807 - 2",
		"4294967296 * 4294967296",
		"-(0-9223372036854775807-1)",
		"ceil_div(9223372036854775807, 2)",
		"round_up(9223372036854775800, 16)",
		"ceil_div(5, 0-1)",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char err[128] = "";
		int64_t out = 0;
		if (expr_eval(bad[i], NULL, &out, err, sizeof(err)) == 0)
			fail_msg("'%s' gave %lld", bad[i], (long long)out);
		assert_true(err[0] != '\0');
	}
	assert_int_equal(eval_ok("9223372036854775807", NULL), INT64_MAX);
	assert_int_equal(eval_ok("0-9223372036854775807-1", NULL), INT64_MIN);
	assert_int_equal(eval_ok("(0-9223372036854775807-1) / 1", NULL), INT64_MIN);
}

/* The names an expression reads: no function's, no number's exponent, each once. */
static void names_read(void **state)
{
	(void)state;
	struct vars names = { 0 };
	assert_int_equal(expr_names("ceil_div(len, 2*wg) + len + step_size * sum (partial) + 1e-3 + 2.5E4", &names), 4);
	assert_string_equal(names.name[0], "len");
	assert_string_equal(names.name[1], "wg");
	assert_string_equal(names.name[2], "step_size");
	assert_string_equal(names.name[3], "partial");
	assert_null(vars_get(&names, "ceil_div"));
	assert_null(vars_get(&names, "e"));
	assert_int_equal(expr_names("cellsize / 8", &names), 5);   /* added to those before */
	assert_null(vars_get(&names, "cells"));
	struct vars full = { 0 };
	for (int i = 0; i < MAX_VARS; i++) {
		char name[16];
		snprintf(name, sizeof(name), "v%d", i);
		vars_set(&full, name, 0);
	}
	assert_int_equal(expr_names("v0 + another", &full), -1);
	assert_int_equal(expr_names("", &names), 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(arithmetic_and_precedence),
		cmocka_unit_test(functions),
		cmocka_unit_test(variables),
		cmocka_unit_test(errors),
		cmocka_unit_test(overflow_is_an_error),
		cmocka_unit_test(names_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
