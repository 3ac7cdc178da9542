/*
 * test-fast.c: what the fast exercises rely on: [bench] flops (an expression of a row's sizes),
 * the access figures a register block and a private copy change (loads per element of a
 * work-item, loads per multiply-add) and their rules, and a chain's arguments named by the
 * signature of the kernel each launch ran.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "course/course.h"
#include "engine/engine.h"

#define assert_has(haystack, needle) \
	do { \
		if (!strstr((haystack), (needle))) \
			fail_msg("missing \"%s\" in:\n%s", (needle), (haystack)); \
	} while (0)

static const char *const matmul_ini =
	"[check]\n"
	"kernel = matmul\n"
	"signature = __global const float *A, __global const float *B, __global float *C, "
	"__local float *As, uint M, uint N, uint K\n"
	"[buffer A]\nsize = M * K\ninit = random(-1, 1)\n"
	"[buffer B]\nsize = K * N\ninit = random(-1, 1)\n"
	"[buffer C]\nsize = M * N\noutput = yes\n"
	"[local As]\nsize = 64\n"
	"[scalar M]\nvalue = M\n[scalar N]\nvalue = N\n[scalar K]\nvalue = K\n"
	"[ndrange]\nglobal = N, M\nlocal = 8, 8\n"
	"[test t]\nM = 8\nN = 8\nK = 8\n";

static char *write_temp(const char *text)
{
	char *path = xstrdup("/tmp/clings-test-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

/* The check text loaded: 0, or -1 (its message on stderr). */
static int load(const char *text, struct check_spec *spec)
{
	char *path = write_temp(text);
	memset(spec, 0, sizeof(*spec));
	int rc = check_spec_load(path, spec);
	unlink(path);
	free(path);
	return rc;
}

/* flops is no parameter of the rows: it is evaluated over each row's sizes */
static void bench_counts_flops(void **state)
{
	(void)state;
	struct check_spec spec;
	char *text = xstrfmt("%s[bench]\nM = bytes / 1024, bytes / 512\nN = 64\nK = 32\n"
			     "flops = 2 * M * N * K\n", matmul_ini);
	assert_int_equal(load(text, &spec), 0);
	free(text);
	assert_int_equal(spec.nbench, 3);
	assert_string_equal(spec.bench_flops, "2 * M * N * K");
	struct test_case *rows;
	int n;
	struct sbuf err = SBUF_INIT;
	assert_int_equal(check_spec_bench_rows(&spec, 1 << 20, &rows, &n, &err), 0);
	assert_int_equal(n, 2);
	int64_t flops;
	char e[64];
	assert_int_equal(expr_eval(spec.bench_flops, &rows[1].vars, &flops, e, sizeof(e)), 0);
	assert_int_equal(flops, 2 * 2048 * 64 * 32);
	free(rows);
	sbuf_release(&err);
	check_spec_release(&spec);
}

/* a flops expression that names no size of the row, a second flops, and flops alone: refused */
static void bench_refuses_bad_flops(void **state)
{
	(void)state;
	struct check_spec spec;
	const char *bad[] = { "[bench]\nM = 64\nN = 64\nK = 64\nflops = 2 * M * N * Q\n",
			      "[bench]\nM = 64\nN = 64\nK = 64\nflops = 1\nflops = 2\n",
			      "[bench]\nflops = 2\n" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *text = xstrfmt("%s%s", matmul_ini, bad[i]);
		fflush(stderr);
		assert_int_equal(load(text, &spec), -1);
		free(text);
	}
}

static void rule(struct check_spec *spec, const char *name, const char *key, const char *value)
{
	char err[256];
	if (access_rule_key(spec, name, key, value, err, sizeof(err)) < 0)
		fail_msg("%s", err);
}

/* The rules judged on the plugin's lines: the message's text (NULL when every rule holds). */
static char *judge(const struct check_spec *spec, const char *lines)
{
	struct access_figure *f = NULL;
	int n = access_figures_parse(lines, spec, &f);
	assert_true(n >= 0);
	struct msg m = MSG_INIT;
	int line = -1;
	char *text = access_rules_check(spec, f, n, NULL, &m, &line) ? msg_text(&m, NULL) : NULL;
	msg_release(&m);
	free(f);
	return text;
}

/* A row of A loaded again for every output (no private copy): 8 loads of each element */
static void loads_per_item_rule(void **state)
{
	(void)state;
	struct check_spec spec;
	assert_int_equal(load(matmul_ini, &spec), 0);
	rule(&spec, "A", "loads_per_item", "1");
	/* fields: space op line name bytes requests sectors ideal worst degrees worst foreign lanes
	 * first-loads */
	char *text = judge(&spec, "accessed\tmatmul\n"
			   "access\tg\tload\t12\t#0\t4\t16\t32\t32\t2\t0\t0\t0\t512\t64\n");
	assert_non_null(text);
	assert_has(text, "Each work-item loads every element of `A` it uses 8.0 times on average (line 12");
	free(text);
	assert_null(judge(&spec, "accessed\tmatmul\n"
			  "access\tg\tload\t12\t#0\t4\t16\t32\t32\t2\t0\t0\t0\t64\t64\n"));
	char err[256];
	assert_int_equal(access_rule_key(&spec, "As", "loads_per_item", "0.5", err, sizeof(err)), -1);
	check_spec_release(&spec);
	/* a __local array has no loads per item: its slots are reloaded every round by design */
	assert_int_equal(load(matmul_ini, &spec), 0);
	rule(&spec, "As", "loads_per_item", "1");
	int bad = -1;
	assert_int_equal(access_rules_validate(&spec, err, sizeof(err), &bad), -1);
	assert_has(err, "loads_per_item measures global memory");
	check_spec_release(&spec);
}

/* Loads per multiply-add: the launches' multiply-adds summed, each memory's loads over them */
static void loads_per_madd_rule(void **state)
{
	(void)state;
	struct check_spec spec;
	assert_int_equal(load(matmul_ini, &spec), 0);
	rule(&spec, "As", "loads_per_madd", "0.2");
	const char *direct = "accessed\tmatmul\nmadds\t512\n"
			     "access\tl\tload\t20\t#3\t4\t16\t0\t0\t0\t16\t1\t9\t512\t0\n";
	char *text = judge(&spec, direct);
	assert_non_null(text);
	assert_has(text, "Your kernel loads `As` 1.000 times per multiply-add (line 20 loads it most), where "
			 "this exercise allows at most 0.200");
	free(text);
	/* two launches: 1024 multiply-adds, 128 loads */
	assert_null(judge(&spec, "accessed\tmatmul\nmadds\t512\n"
			  "access\tl\tload\t20\t#3\t4\t2\t0\t0\t0\t2\t1\t9\t64\t0\n"
			  "accessed\tmatmul\nmadds\t512\n"
			  "access\tl\tload\t20\t#3\t4\t2\t0\t0\t0\t2\t1\t9\t64\t0\n"));
	/* loads and no multiply-add at all: the rule cannot be met */
	text = judge(&spec, "accessed\tmatmul\nmadds\t0\n"
		     "access\tl\tload\t20\t#3\t4\t2\t0\t0\t0\t2\t1\t9\t64\t0\n");
	assert_has(text, "does no floating-point multiply-add");
	free(text);
	/* the figure is carried by the report's codec */
	struct access_figure *f = NULL;
	assert_int_equal(access_figures_parse(direct, &spec, &f), 1);
	assert_int_equal(f[0].madds, 512);
	struct sbuf line = SBUF_INIT;
	access_figure_write(&line, &f[0]);
	struct access_figure back;
	assert_true(access_figure_read(sbuf_str(&line), &back));
	assert_int_equal(back.lanes, 512);
	assert_int_equal(back.madds, 512);
	sbuf_release(&line);
	free(f);
	check_spec_release(&spec);
}

/* In a chain, "#0" is the first parameter of the kernel the launch ran */
static void chain_names_by_its_kernel(void **state)
{
	(void)state;
	struct check_spec spec;
	assert_int_equal(load("[step one]\nkernel = first\n"
			      "signature = __global const int *in, __global int *sums, uint n\n"
			      "global = 64\nlocal = 64\n"
			      "[step two]\nkernel = second\n"
			      "signature = __global int *sums, uint n\n"
			      "global = 64\nlocal = 64\n"
			      "[buffer in]\nsize = n\ninit = random(0, 9)\n"
			      "[buffer sums]\nsize = n\noutput = yes\n"
			      "[scalar n]\nvalue = n\n[test t]\nn = 64\n", &spec), 0);
	struct access_figure *f = NULL;
	int n = access_figures_parse("accessed\tfirst\n"
				     "access\tg\tload\t3\t#0\t4\t2\t8\t8\t4\t0\t0\t0\t64\t64\n"
				     "accessed\tsecond\n"
				     "access\tg\tload\t9\t#0\t4\t2\t8\t8\t4\t0\t0\t0\t64\t64\n", &spec, &f);
	assert_int_equal(n, 2);
	assert_string_equal(f[0].name, "in");
	assert_string_equal(f[1].name, "sums");
	free(f);
	check_spec_release(&spec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bench_counts_flops),
		cmocka_unit_test(bench_refuses_bad_flops),
		cmocka_unit_test(loads_per_item_rule),
		cmocka_unit_test(loads_per_madd_rule),
		cmocka_unit_test(chain_names_by_its_kernel),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
