/*
 * test-access.c: the access plugin's lines become figures under the check's names, and the
 * check's [access] rules are judged against them, with words that say only what the figures show.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "course/course.h"
#include "engine/engine.h"
#include "ui/ui.h"
#include "msg-asserts.h"

#define assert_has(haystack, needle) \
	do { \
		if (!strstr((haystack), (needle))) \
			fail_msg("missing \"%s\" in:\n%s", (needle), (haystack)); \
	} while (0)
#define assert_lacks(haystack, needle) \
	do { \
		if (strstr((haystack), (needle))) \
			fail_msg("\"%s\" should not be in:\n%s", (needle), (haystack)); \
	} while (0)

/* matmul_tiled's signature: A, B, C, Asub, Bsub, M, N, K */
static void matmul_spec(struct check_spec *spec)
{
	static const struct { const char *name; enum arg_kind kind; } args[] = {
		{ "A", ARG_GLOBAL }, { "B", ARG_GLOBAL }, { "C", ARG_GLOBAL },
		{ "Asub", ARG_LOCAL }, { "Bsub", ARG_LOCAL },
		{ "M", ARG_SCALAR }, { "N", ARG_SCALAR }, { "K", ARG_SCALAR },
	};
	memset(spec, 0, sizeof(*spec));
	for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		copy_str(spec->args[i].name, sizeof(spec->args[i].name), args[i].name);
		spec->args[i].kind = args[i].kind;
	}
	spec->nargs = (int)(sizeof(args) / sizeof(args[0]));
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
	int broken = access_rules_check(spec, f, n, NULL, &m, &line);
	char *text = broken ? msg_text(&m, NULL) : NULL;
	msg_release(&m);
	free(f);
	return text;
}

/* "#4" is the fifth argument, Bsub, whatever the learner called it */
static void test_arguments_by_place(void **state)
{
	(void)state;
	struct check_spec spec;
	matmul_spec(&spec);
	struct access_figure *f = NULL;
	int n = access_figures_parse("accessed\tmatmul\naccess\tl\tload\t22\t#4\t4\t8\t0\t0\t0\t8\t1\t5\n"
				     "access\tl\tload\t23\t#9\t4\t8\t0\t0\t0\t8\t1\t5\n", &spec, &f);
	assert_int_equal(n, 2);
	assert_string_equal(f[0].name, "Bsub");
	assert_string_equal(f[1].name, "?");
	free(f);
}

/* The figures of a test that says `access = no` (after its "begin" line) are left out: only the
 * block's load of A counts, not the ragged edge's scalar loads rows apart. */
static void test_ragged_test_left_out(void **state)
{
	(void)state;
	struct check_spec spec;
	matmul_spec(&spec);
	spec.ntests = 2;
	copy_str(spec.tests[0].name, sizeof(spec.tests[0].name), "block");
	copy_str(spec.tests[1].name, sizeof(spec.tests[1].name), "ragged_block");
	spec.tests[1].figures_off = true;
	rule(&spec, "A", "load", "coalesced");
	const char *lines = "begin\tblock M=128 N=128 K=16\n"
			    "accessed\tmatmul\naccess\tg\tload\t65\t#0\t16\t8\t128\t128\t16\t0\t0\t0\t256\t256\n"
			    "madds\t100\n"
			    "begin\tragged_block M=20 N=38 K=30\n"
			    "accessed\tmatmul\naccess\tg\tload\t69\t#0\t4\t8\t64\t32\t8\t0\t0\t0\t64\t64\n"
			    "madds\t100\n";
	struct access_figure *f = NULL;
	int n = access_figures_parse(lines, &spec, &f);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].line, 65);
	assert_int_equal((int)f[0].madds, 100);
	free(f);
	char *text = judge(&spec, lines);
	assert_null(text);
	/* counted, the ragged edge's loads break the rule */
	spec.tests[1].figures_off = false;
	text = judge(&spec, lines);
	assert_non_null(text);
	assert_has(text, "At line 69");
	free(text);
}

/* Both tiles required: one shared tile does not meet the other's rule, and the words name the
 * tile and what its figures show. */
static void test_sharing_per_array(void **state)
{
	(void)state;
	struct check_spec spec;
	matmul_spec(&spec);
	rule(&spec, "Asub", "shared", "yes");
	rule(&spec, "Bsub", "shared", "yes");
	const char *a_shared = "accessed\tmatmul\n"
			       "access\tl\tstore\t17\t#3\t4\t8\t0\t0\t0\t8\t1\t0\n"
			       "access\tl\tload\t22\t#3\t4\t8\t0\t0\t0\t8\t1\t5\n";
	/* B read straight from global memory: no Bsub at all */
	char *text = judge(&spec, a_shared);
	assert_non_null(text);
	assert_has(text, "Your kernel does not use `Bsub` while it runs");
	assert_lacks(text, "__local memory");
	assert_lacks(text, "reads back only what it stored itself");
	free(text);
	/* Bsub stored, never read */
	char *lines = xstrfmt("%saccess\tl\tstore\t18\t#4\t4\t8\t0\t0\t0\t8\t1\t0\n", a_shared);
	text = judge(&spec, lines);
	assert_has(text, "Values are stored into `Bsub`, but no work-item reads them back");
	assert_lacks(text, "reads back only what it stored itself");
	free(text);
	free(lines);
	/* Bsub read, never stored into (nothing the kernel stores itself) */
	lines = xstrfmt("%saccess\tl\tload\t22\t#4\t4\t8\t0\t0\t0\t8\t1\t0\n", a_shared);
	text = judge(&spec, lines);
	assert_has(text, "nothing is stored into it while the kernel runs");
	assert_lacks(text, "reads back only what it stored itself");
	free(text);
	free(lines);
	/* each work-item reads back its own slot of Bsub: that, and only that, is said */
	lines = xstrfmt("%saccess\tl\tstore\t18\t#4\t4\t8\t0\t0\t0\t8\t1\t0\n"
			"access\tl\tload\t22\t#4\t4\t8\t0\t0\t0\t8\t1\t0\n", a_shared);
	text = judge(&spec, lines);
	assert_has(text, "No work-item reads a value of `Bsub` that another work-item wrote: each one "
			 "reads back only what it stored itself");
	free(text);
	free(lines);
	/* both shared: met */
	lines = xstrfmt("%saccess\tl\tstore\t18\t#4\t4\t8\t0\t0\t0\t8\t1\t0\n"
			"access\tl\tload\t22\t#4\t4\t8\t0\t0\t0\t8\t1\t3\n", a_shared);
	assert_null(judge(&spec, lines));
	free(lines);
	access_rules_release(&spec);

	/* [access local] is met by either tile */
	matmul_spec(&spec);
	rule(&spec, "local", "shared", "yes");
	assert_null(judge(&spec, a_shared));
	text = judge(&spec, "accessed\tmatmul\n");
	assert_has(text, "Your kernel does not use __local memory while it runs");
	free(text);
	access_rules_release(&spec);
}

/* 8-byte values: the conflict the plugin measured within a phase, and how a phase is made */
static void test_wide_values_conflict_by_phase(void **state)
{
	(void)state;
	struct check_spec spec;
	matmul_spec(&spec);
	rule(&spec, "local", "conflicts", "none");
	assert_null(judge(&spec, "accessed\tk\naccess\tl\tload\t15\twide\t8\t8\t0\t0\t0\t8\t1\t0\n"));
	char *text = judge(&spec, "accessed\tk\naccess\tl\tload\t16\twide\t8\t8\t0\t0\t0\t16\t2\t0\n");
	assert_has(text, "At line 16 the work-items of a warp read local memory (`wide`) with bank conflicts: up to 2");
	assert_has(text, "Values of 8 bytes are served in phases of 16 work-items, and banks conflict only "
			 "within a phase.");
	free(text);
	text = judge(&spec, "accessed\tk\naccess\tl\tload\t16\tint32\t4\t8\t0\t0\t0\t16\t2\t0\n");
	assert_lacks(text, "phases");
	free(text);
	access_rules_release(&spec);
}

/* Figures of plugin lines, with the text a learner reads of them (English). */
static int figures(const char *lines, struct access_figure **f, struct sbuf *text)
{
	struct check_spec spec;
	matmul_spec(&spec);
	int n = access_figures_parse(lines, &spec, f);
	assert_int_equal(n, 1);
	access_figures_text(*f, n, NULL, text);
	return n;
}

/* A vload4 from a float *: 16 bytes a work-item, but its pointer promises 4, and the plugin
 * counted the four 4-byte pieces a device may issue (tests/access/vload4_element.cl measures
 * them): both figures are kept, the whole one for the rules, the split one beside it, and both
 * survive the report's codec. */
static void test_vload4_from_float_pointer_is_split(void **state)
{
	(void)state;
	struct access_figure *f = NULL, back;
	struct sbuf text = SBUF_INIT, line = SBUF_INIT;
	figures("accessed\tk\naccess\tg\tload\t65\t#0\t16\t2\t32\t32\t16\t0\t0\t0\t64\t64"
		"\t0\t4\t8\t128\n", &f, &text);
	assert_int_equal(f[0].bytes, 16);
	assert_int_equal(f[0].align, 4);
	assert_int_equal(f[0].split_requests, 8);
	assert_int_equal(f[0].split_sectors, 128);
	assert_has(text.buf, "line 65, load of A: 16.0 sectors (ideal 16.0); its pointer promises only "
			     "4-byte alignment, so a GPU may split it into 4 accesses of 4 bytes: 16.0 "
			     "sectors each");
	access_figure_write(&line, &f[0]);
	assert_true(access_figure_read(line.buf, &back));
	assert_int_equal(back.align, 4);
	assert_int_equal(back.split_requests, 8);
	assert_int_equal(back.split_sectors, 128);
	/* pieces of an access no wider than its alignment are no figure the plugin makes */
	assert_false(access_figure_read("g\tload\t65\tA\t16\t2\t32\t32\t16\t0\t0\t0\t64\t64\t0\t16\t8\t128",
					&back));
	sbuf_release(&text);
	sbuf_release(&line);
	free(f);
}

/* The same 16 bytes through a float4 *: aligned as wide as the access, one load, nothing told. */
static void test_float4_pointer_is_whole(void **state)
{
	(void)state;
	struct access_figure *f = NULL;
	struct sbuf text = SBUF_INIT;
	figures("accessed\tk\naccess\tg\tload\t65\t#0\t16\t2\t32\t32\t16\t0\t0\t0\t64\t64"
		"\t0\t16\t0\t0\n", &f, &text);
	assert_int_equal(f[0].align, 16);
	assert_int_equal(f[0].split_requests, 0);
	assert_has(text.buf, "line 65, load of A: 16.0 sectors (ideal 16.0)");
	assert_lacks(text.buf, "split");
	sbuf_release(&text);
	free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arguments_by_place),
		cmocka_unit_test(test_ragged_test_left_out),
		cmocka_unit_test(test_sharing_per_array),
		cmocka_unit_test(test_wide_values_conflict_by_phase),
		cmocka_unit_test(test_vload4_from_float_pointer_is_split),
		cmocka_unit_test(test_float4_pointer_is_whole),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
