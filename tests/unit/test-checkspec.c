/* Unit tests of the check ini loader (checkspec.c) and the output comparison (verdict.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "msg-asserts.h"

static char *write_temp(const char *text)
{
	char *path = xstrdup("/tmp/clings-test-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

/* Loads text as a check file that must be rejected; returns what it printed (caller frees). */
static char *load_error(const char *text)
{
	char *path = write_temp(text);
	FILE *cap = tmpfile();
	assert_non_null(cap);
	fflush(stderr);
	int saved = dup(2);
	assert_true(saved >= 0);
	assert_true(dup2(fileno(cap), 2) >= 0);
	struct check_spec spec;
	int rc = check_spec_load(path, &spec);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	if (rc == 0) {
		check_spec_release(&spec);
		fail_msg("accepted:\n%s", text);
	}
	long len = ftell(cap);
	char *msg = xcalloc((size_t)len + 1, 1);
	rewind(cap);
	assert_int_equal(fread(msg, 1, (size_t)len, cap), (size_t)len);
	fclose(cap);
	unlink(path);
	free(path);
	return msg;
}

/* The message of a rejected check file must name this line and say this. */
static void assert_rejected_at(const char *text, int line, const char *what)
{
	char *msg = load_error(text);
	char *want = xstrfmt(":%d: %s", line, what);
	if (!strstr(msg, want))
		fail_msg("want '%s' in: %s", want, msg);
	free(want);
	free(msg);
}

static const char *const reduction_ini =
	"[check]\n"
	"kernel = reduction\n"
	"signature = __global const int *in, __global int *out, __local int *scratch, unsigned int len\n"
	"[let]\n"
	"groups = ceil_div(len, 2*wg)\n"
	"[buffer in]\n"
	"size = len\n"
	"init = random(-5, 5)\n"
	"[buffer out]\n"
	"size = groups\n"
	"output = yes\n"
	"label = work-group\n"
	"[local scratch]\n"
	"size = wg\n"
	"[scalar len]\n"
	"value = len\n"
	"[ndrange]\n"
	"global = groups*wg\n"
	"local = wg\n"
	"[repeat]\n"
	"while = groups > 1\n"
	"in = out\n"
	"len = groups\n"
	"[test t]\n"
	"len = 7, 1000\n"
	"wg = 64, 128\n"
	"analyze = yes\n";

static void loads_a_reduction(void **state)
{
	(void)state;
	char *path = write_temp(reduction_ini);
	struct check_spec spec;
	assert_int_equal(check_spec_load(path, &spec), 0);
	assert_string_equal(spec.steps[0].kernel, "reduction");
	assert_int_equal(spec.nargs, 4);
	assert_int_equal(spec.args[0].kind, ARG_GLOBAL);
	assert_true(spec.args[0].is_const);
	assert_int_equal(spec.args[0].init.kind, INIT_RANDOM);
	assert_int_equal(spec.args[1].output, true);
	assert_int_equal(spec.args[2].kind, ARG_LOCAL);
	assert_int_equal(spec.args[3].kind, ARG_SCALAR);
	assert_int_equal(spec.args[3].type, TYPE_UINT);
	assert_int_equal(spec.args[0].from_arg, 1);   /* resolved at load: in = out */
	assert_int_equal(spec.args[1].from_arg, -1);
	assert_non_null(spec.repeat_while);
	assert_int_equal(spec.analysis_time_limit_ms, spec.time_limit_ms);

	struct test_case *cases;
	int n;
	assert_int_equal(check_spec_expand(&spec, &cases, &n), 0);
	assert_int_equal(n, 4);
	assert_string_equal(cases[0].name, "t len=7 wg=64");
	assert_string_equal(cases[3].name, "t len=1000 wg=128");
	assert_int_equal(*vars_get(&cases[3].vars, "groups"), 4);
	assert_true(cases[0].analyze);

	/* The host loop: len 1000 with W 64 leaves 8 partial sums, then 1. */
	struct vars v = cases[2].vars;
	struct sbuf err = SBUF_INIT;
	assert_int_equal(*vars_get(&v, "len"), 1000);
	assert_int_equal(check_spec_next_pass(&spec, &v, &err), 1);
	assert_int_equal(*vars_get(&v, "len"), 8);
	assert_int_equal(*vars_get(&v, "groups"), 1);
	assert_int_equal(check_spec_next_pass(&spec, &v, &err), 0);
	v = cases[0].vars;
	assert_int_equal(check_spec_next_pass(&spec, &v, &err), 0);   /* len 7: one pass */
	sbuf_release(&err);
	free(cases);

	struct sbuf sig = SBUF_INIT;
	check_step_signature(&spec, 0, &sig);
	assert_string_equal(sbuf_str(&sig), "__kernel void reduction(__global const int *in, "
			    "__global int *out, __local int *scratch, uint len)");
	sbuf_release(&sig);
	check_spec_release(&spec);
	unlink(path);
	free(path);
}

/* [repeat] compare: every pass (the default), the last only, or every Nth and the last. */
static void chooses_the_passes_compared(void **state)
{
	(void)state;
	static const struct { const char *value; int every; } ok[] = {
		{ NULL, 0 }, { "every", 0 }, { "last", REPEAT_LAST }, { "every 100", 100 }, { "every 1", 1 },
	};
	const char *at = strstr(reduction_ini, "[test t]");   /* the key goes into [repeat] */
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		char *text = ok[i].value ? xstrfmt("%.*scompare = %s\n%s", (int)(at - reduction_ini),
						   reduction_ini, ok[i].value, at)
					 : xstrdup(reduction_ini);
		char *path = write_temp(text);
		struct check_spec spec;
		assert_int_equal(check_spec_load(path, &spec), 0);
		assert_int_equal(spec.repeat_every, ok[i].every);
		check_spec_release(&spec);
		unlink(path);
		free(path);
		free(text);
	}
	struct check_spec spec = CHECK_SPEC_INIT;
	spec.repeat_every = REPEAT_LAST;
	assert_false(check_spec_pass_compared(&spec, 3, false));
	assert_true(check_spec_pass_compared(&spec, 3, true));
	spec.repeat_every = 100;
	assert_true(check_spec_pass_compared(&spec, 200, false));
	assert_false(check_spec_pass_compared(&spec, 201, false));
	assert_true(check_spec_pass_compared(&spec, 201, true));
	spec.repeat_every = 0;
	assert_true(check_spec_pass_compared(&spec, 201, false));
	static const char *const bad[] = { "sometimes", "every 0", "every -3", "every 5x", "last 2" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *text = xstrfmt("%.*scompare = %s\n%s", (int)(at - reduction_ini), reduction_ini, bad[i], at);
		assert_rejected_at(text, 24, "[repeat] compare: ");
		free(text);
	}
}

static void rejects_what_it_cannot_run(void **state)
{
	(void)state;
	static const char *const broken[] = {
		"[check]\nkernel = k\nsignature = __global int *a\n[buffer a]\nsize = n\n[ndrange]\nglobal = 1\nlocal = 1\n[test t]\nm = 1\n",
		"[check]\nkernel = k\nsignature = float *a\n",
		"[check]\nkernel = k\nsignature = __global int *a, int a\n",
		"[check]\nkernel = k\nsignature = __global int *a\n[buffer a]\nsize = 4\n[ndrange]\nglobal = 4, 4\nlocal = 4\n",
		"[check]\nkernel = k\nsignature = __global int *a\n[buffer a]\nsize = 4\n[ndrange]\nglobal = 4\nlocal = 4\n",
		"[check]\nkernel = k\nsignature = __global int *a\n[buffer a]\nsize = 4\ninit = gaussian\n",
		"[check]\ncolour = blue\n",
		"[nonsense]\nx = 1\n",
	};
	for (size_t i = 0; i < sizeof(broken) / sizeof(broken[0]); i++) {
		char *path = write_temp(broken[i]);
		struct check_spec spec;
		if (check_spec_load(path, &spec) == 0)
			fail_msg("case %zu was accepted:\n%s", i, broken[i]);
		unlink(path);
		free(path);
	}
}

/* A host expression that fails is blamed on its own line, not on the first [buffer]. */
static void blames_the_host_line(void **state)
{
	(void)state;
	assert_rejected_at("[check]\n"                                  /* 1 */
			   "kernel = k\n"
			   "signature = __global const int *in, __global int *out\n"
			   "[buffer in]\n"                              /* 4 */
			   "size = 8\n"
			   "init = iota(0)\n"
			   "[buffer out]\n"                             /* 7 */
			   "size = 2\n"
			   "output = yes\n"
			   "host = segment_sum(in, 2*nope)\n"           /* 10 */
			   "[ndrange]\n"
			   "global = 2\n"
			   "local = 1\n"
			   "[test t]\n"
			   "n = 1\n",
			   10, "host of 'out': unknown name 'nope'");
}

static size_t heap_in_use(void)
{
	return mallinfo2().uordblks;
}

/* Lists with one piece too many, and a section twice, are refused without leaking. */
static void refuses_long_lists_without_leaking(void **state)
{
	(void)state;
	static const char *const head =
		"[check]\nkernel = k\nsignature = __global int *a\n[buffer a]\nsize = 4\n";
	/* no [ndrange] here: the middle's would be one written twice, an error of its own */
	static const char *const tail = "[test t]\nn = 1\n";
	static const char *const middle[] = {
		"[buffer a]\nsize = 5\n",    /* a section twice: refused, without leaking either */
		"[ndrange]\nglobal = 1, 2, 3\n",
		"[ndrange]\nglobal = 1, 2, 3, 4\n",
		"[ndrange]\nlocal = 4, 4, 4, 4, 4\n",
		"shape = 1, 2, 3, 4\n",
		"label = a, b, c, d\n",
		"output = yes\nhost = segment_sum(a, 1, 2, 3)\n",
		"output = yes\nhost = segment_sum(a, 1, 2, 3, 4)\n",
		"[test many]\nn = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17\n",
		"[test many]\nn = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18\n",
	};
	static const char *const too_many_args =
		"[check]\nkernel = k\nsignature = int a0, int a1, int a2, int a3, int a4, int a5, "
		"int a6, int a7, int a8, int a9, int a10, int a11, int a12, int a13, int a14, "
		"int a15, int a16\n";
	int quiet = open("/dev/null", O_WRONLY), saved = dup(2);
	assert_true(quiet >= 0 && saved >= 0);
	fflush(stderr);
	dup2(quiet, 2);
	for (size_t i = 0; i <= sizeof(middle) / sizeof(middle[0]); i++) {
		char *text = i < sizeof(middle) / sizeof(middle[0])
			     ? xstrfmt("%s%s%s", head, middle[i], tail) : xstrdup(too_many_args);
		char *path = write_temp(text);
		struct check_spec spec;
		/* the first loads fill malloc's caches; after them, a load leaves the heap as it was */
		for (int k = 0; k < 10; k++)
			assert_int_equal(check_spec_load(path, &spec), -1);
		size_t before = heap_in_use();
		for (int k = 0; k < 20; k++)
			assert_int_equal(check_spec_load(path, &spec), -1);
		size_t after = heap_in_use();
		unlink(path);
		free(path);
		if (after != before) {
			dup2(saved, 2);
			fail_msg("%zu bytes leaked by 20 loads of:\n%s", after - before, text);
		}
		free(text);
	}
	dup2(saved, 2);
	close(saved);
	close(quiet);
}

/* A [let] that fails is blamed on its own line, with its name. */
static void blames_the_let_line(void **state)
{
	(void)state;
	assert_rejected_at("[check]\nkernel = k\nsignature = __global int *a\n"
			   "[let]\n"                                    /* 4 */
			   "fine = n + 1\n"
			   "broken = fine / (n - 1)\n"                  /* 6 */
			   "[buffer a]\nsize = broken\n"
			   "[ndrange]\nglobal = 4\nlocal = 4\n"
			   "[test t]\nn = 2, 1\n",
			   6, "broken: division by zero");
}

/* A 2-D output's shape must cover exactly its size, in every test. */
static void shape_must_match_size(void **state)
{
	(void)state;
	static const char *const fmt =
		"[check]\nkernel = k\nsignature = __global const int *a, __global int *t\n"
		"[buffer a]\nsize = rows*cols\n"
		"[buffer t]\n"                                          /* 6 */
		"size = rows*cols\n"
		"output = yes\n"
		"shape = %s\n"                                          /* 9 */
		"[ndrange]\nglobal = rows, cols\nlocal = 1, 1\n"
		"[test square]\nrows = 4\ncols = 4\n"
		"[test thin]\nrows = 1, 3\ncols = 5\n";
	char *good = xstrfmt(fmt, "cols, rows");
	char *path = write_temp(good);
	struct check_spec spec;
	assert_int_equal(check_spec_load(path, &spec), 0);
	check_spec_release(&spec);
	unlink(path);
	free(path);
	free(good);

	char *text = xstrfmt(fmt, "cols, cols");     /* right for square, wrong for thin */
	assert_rejected_at(text, 9, "shape of 't' in test 'thin rows=1 cols=5' is 5 x 5, "
			   "but its size is 5 values");
	free(text);
	text = xstrfmt(fmt, "rows*cols + 1");        /* one dimension */
	assert_rejected_at(text, 9, "shape of 't' in test 'square rows=4 cols=4' is 17, "
			   "but its size is 16 values");
	free(text);
	text = xstrfmt(fmt, "-cols, -rows");         /* the product is right, the dimensions are not */
	assert_rejected_at(text, 9, "shape of 't' in test 'square rows=4 cols=4' is -4 x -4, "
			   "but its size is 16 values");
	free(text);
}

/* A [let] that cannot be stored (the test's parameters fill every slot) is blamed on its line. */
static void blames_a_let_that_does_not_fit(void **state)
{
	(void)state;
	struct sbuf text = SBUF_INIT;
	sbuf_adds(&text, "[check]\nkernel = k\nsignature = __global int *a\n"
		  "[let]\n"
		  "g = p0 + 1\n"                                        /* 5 */
		  "[buffer a]\nsize = g\n"
		  "[ndrange]\nglobal = 4\nlocal = 4\n"
		  "[test t]\n");
	for (int i = 0; i < MAX_VARS; i++)
		sbuf_addf(&text, "p%d = 1\n", i);
	assert_rejected_at(sbuf_str(&text), 5, "g: too many values");
	sbuf_release(&text);
}

/* A key or a section written twice is an error at the second one; a value continued on indented
 * lines is one key. What no launch can run is refused at its line. */
static void refuses_duplicates_and_impossible_launches(void **state)
{
	(void)state;
	const char *head = "[check]\nkernel = k\nsignature = __global int *a\n"
			   "requirement_why = one\n  two\n";            /* 4, 5: one key */
	const char *tail = "[ndrange]\nglobal = 4\nlocal = 4\n[test t]\nn = 1\n";
	char *t = xstrfmt("%s[buffer a]\nsize = 4\nsize = 5\noutput = yes\n%s", head, tail);
	assert_rejected_at(t, 8, "'size' is given twice in [buffer a] (first at line 7)");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\n[buffer  a ]\nsize = 4\n%s", head, tail);
	assert_rejected_at(t, 9, "[buffer a] appears twice (first at line 6)");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 0\noutput = yes\n%s", head, tail);
	assert_rejected_at(t, 7, "size of 'a' in test 't n=1' is 0 elements");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\n[ndrange]\nglobal = 6\nlocal = 4\n[test t]\nn = 1\n", head);
	assert_rejected_at(t, 10, "[ndrange] in test 't n=1': global 6 is not a positive multiple of local 4");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = no\n%s", head, tail);
	assert_rejected_at(t, 1, "the check compares no output");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\ninit = random(0, 3e9)\n%s", head, tail);
	assert_rejected_at(t, 9, "init: random(0, 3e9) does not fit in a int");
	free(t);
}

/* Validation sees the [let] values a run uses: evaluated once, not again over themselves. */
static void validates_the_values_a_run_uses(void **state)
{
	(void)state;
	char *path = write_temp("[check]\nkernel = k\nsignature = __global int *a, int n\n"
			       "[let]\nlen = len - 1\n"
			       "[buffer a]\nsize = 4\noutput = yes\n"
			       "[scalar n]\nvalue = 10 / (len + 1)\n"  /* a run: len 0 */
			       "[ndrange]\nglobal = 4\nlocal = 4\n"
			       "[test t]\nlen = 1\n");
	struct check_spec spec;
	assert_int_equal(check_spec_load(path, &spec), 0);
	struct test_case *cases;
	int n;
	assert_int_equal(check_spec_expand(&spec, &cases, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(*vars_get(&cases[0].vars, "len"), 0);
	free(cases);
	check_spec_release(&spec);
	unlink(path);
	free(path);
}

/* analyze = optimised: an analysed test on the optimised build, which must say access = no. */
static void reads_an_optimised_analysis(void **state)
{
	(void)state;
	static const char *const head = "[check]\nkernel = k\nsignature = __global int *a\n"
					"[buffer a]\nsize = 4\noutput = yes\n"
					"[ndrange]\nglobal = 4\nlocal = 4\n";
	char *text = xstrfmt("%s[test plain]\nanalyze = yes\n[test quick]\nanalyze = optimised\n"
			     "access = no\n[test run]\nanalyze = no\n", head);
	char *path = write_temp(text);
	struct check_spec spec;
	assert_int_equal(check_spec_load(path, &spec), 0);
	struct test_case *cases;
	int n;
	assert_int_equal(check_spec_expand(&spec, &cases, &n), 0);
	assert_int_equal(n, 3);
	assert_true(cases[0].analyze && !cases[0].optimised);
	assert_true(cases[1].analyze && cases[1].optimised);
	assert_true(!cases[2].analyze && !cases[2].optimised);
	free(cases);
	check_spec_release(&spec);
	unlink(path);
	free(path);
	free(text);
	/* its figures would count the optimiser's loads: refused at its section */
	text = xstrfmt("%s[test plain]\nanalyze = yes\n[test quick]\nanalyze = optimised\n", head);
	assert_rejected_at(text, 12, "a test with analyze = optimised needs access = no");
	free(text);
	text = xstrfmt("%s[test quick]\nanalyze = -O2\n", head);
	assert_rejected_at(text, 11, "analyze must be yes, optimised or no");
	free(text);
}

/* m in lang must read want; m is emptied for the next comparison. */
/* A 2-D picture whose last row is short (a later pass can shrink a shaped output) shows it. */
static void draws_a_ragged_last_row(void **state)
{
	(void)state;
	struct arg_spec a = { .name = "m", .type = TYPE_INT, .output = true };
	int expected[5] = { 1, 2, 3, 4, 5 }, got[5] = { 1, 2, 3, 4, 0 };
	struct output_view o = { &a, expected, got, 5, 3, 1, 1, 0, 0 };
	struct msg msg = MSG_INIT, pic = MSG_INIT;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	assert_rendered(&pic, "en", "m (2 x 3), rows 0-1, columns 0-2 (. right, x wrong):\n"
			"     0 ...\n"
			"     1 .x\n");
	msg_release(&msg);

	o.n = 2;                                     /* less than one row */
	got[1] = 0;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	assert_rendered(&pic, "en", "m (1 x 3), row 0, columns 0-2 (. right, x wrong):\n"
			"     0 .x\n");
	msg_release(&msg);
}

/* A 1-D output of one element draws no range of one: "work-group 0", in either language. */
static void draws_one_element_without_a_range(void **state)
{
	(void)state;
	struct arg_spec a = { .name = "out", .type = TYPE_INT, .output = true };
	a.label[0] = "work-group";
	int expected[1] = { 867 }, got[1] = { 5 };
	struct output_view o = { &a, expected, got, 1, 0, 1, 1, 0, 0 };
	struct msg msg = MSG_INIT, pic = MSG_INIT;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	char *pt = msg_text(&pic, "pt-BR");
	assert_non_null(strstr(pt, "out, grupo de trabalho 0 (. certo, x errado):\n  x\n"));
	free(pt);
	assert_rendered(&pic, "en", "out, work-group 0 (. right, x wrong):\n  x\n"
			"  work-group 0: expected 867, got 5\n");
	msg_release(&msg);
	a.label[0] = NULL;   /* no label: an index */
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	char *en = msg_text(&pic, "en");
	assert_non_null(strstr(en, "out, index 0 (. right, x wrong):\n  x\n"));
	free(en);
	msg_release(&pic);
	msg_release(&msg);
}

static void names_the_first_wrong_place(void **state)
{
	(void)state;
	struct arg_spec a = { .name = "trA", .type = TYPE_INT, .output = true };
	a.label[0] = "row";
	a.label[1] = "column";
	int expected[6] = { 1, 2, 3, 4, 5, 6 }, got[6] = { 1, 2, 3, 4, 0, 6 };
	struct output_view o = { &a, expected, got, 6, 3, 1, 1, 0, 0 };
	struct msg msg = MSG_INIT, pic = MSG_INIT;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	assert_facts(&msg, "{\"buffer\": \"trA\", \"index\": 4, \"row\": 1, \"column\": 1, "
			    "\"expected\": \"5\", \"got\": \"0\", \"wrong\": 1, \"elements\": 6}");
	assert_rendered(&msg, "en", "trA at (row 1, column 1): expected 5, got 0 (1 of 6 values wrong)");
	char *p = msg_text(&pic, NULL);
	assert_non_null(strstr(p, "     1 .x."));
	free(p);
	msg_release(&pic);

	struct arg_spec r = { .name = "out", .type = TYPE_INT, .output = true };
	r.label[0] = "work-group";
	int e2[3] = { 10, 20, 30 }, g2[3] = { 10, 21, 30 };
	struct output_view o2 = { &r, e2, g2, 3, 0, 2, 3, 0, 0 };
	assert_int_equal(compare_output(&o2, 0, &msg, &pic), 1);
	assert_facts(&msg, "{\"pass\": 2, \"buffer\": \"out\", \"index\": 1, \"work_group\": 1, "
			   "\"expected\": \"20\", \"got\": \"21\", \"wrong\": 1, \"elements\": 3}");
	assert_rendered(&msg, "en", "pass 2 of 3: out[1] (work-group 1): expected 20, got 21 (1 of 3 values wrong)");
	msg_release(&pic);
}

static void floats_within_tolerance(void **state)
{
	(void)state;
	struct arg_spec a = { .name = "out", .type = TYPE_DOUBLE, .output = true };
	double e[2] = { 1000.0, 1.0 }, g[2] = { 1000.0000001, 1.0 }, bad[2] = { 1001.0, 1.0 };
	struct output_view o = { &a, e, g, 2, 0, 1, 1, 0, 0 };
	struct msg msg = MSG_INIT, pic = MSG_INIT;
	assert_int_equal(compare_output(&o, 1e-6, &msg, &pic), 0);
	assert_true(msg_empty(&msg) && msg_empty(&pic));
	o.got = bad;
	assert_int_equal(compare_output(&o, 1e-6, &msg, &pic), 1);
	msg_release(&msg);
	msg_release(&pic);
}

static struct check_spec *load_ok(const char *text)
{
	char *path = write_temp(text);
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	assert_int_equal(check_spec_load(path, spec), 0);
	unlink(path);
	free(path);
	return spec;
}

static void release_spec(struct check_spec *spec)
{
	check_spec_release(spec);
	free(spec);
}

static const char *const scan_steps_ini =
	"[step blocks]\n"
	"kernel = scan_blocks\n"
	"signature = __global const int *in, __global int *out, __global int *sums,\n"
	"  __local int *tmp, uint n\n"
	"global = groups * wg\n"
	"local = wg\n"
	"[step offsets]\n"
	"kernel = add_offsets\n"
	"signature = __global int *out, __global const int *sums, uint n\n"
	"global = groups * wg\n"
	"local = wg\n"
	"[let]\n"
	"groups = ceil_div(n, wg)\n"
	"[buffer in]\nsize = n\ninit = random(-lim, lim)\n"
	"[buffer out]\nsize = n\noutput = yes\n"
	"[buffer sums]\nsize = groups\n"
	"[local tmp]\nsize = wg\n"
	"[scalar n]\nvalue = n\n"
	"[test t]\nn = 100\nwg = 32\nlim = 7\n"
	"init.sums = const(lim)\n";

/* Steps: the check's arguments are every step's, each step's parameters point at them. */
static void loads_steps(void **state)
{
	(void)state;
	struct check_spec *spec = load_ok(scan_steps_ini);
	assert_int_equal(spec->nsteps, 2);
	assert_int_equal(spec->nargs, 5);
	assert_string_equal(spec->steps[1].kernel, "add_offsets");
	assert_int_equal(spec->steps[1].nparams, 3);
	assert_int_equal(spec->steps[1].param[0].arg, 1);     /* out */
	assert_int_equal(spec->steps[1].param[1].arg, 2);     /* sums */
	assert_true(spec->steps[1].param[1].is_const);
	assert_false(spec->args[2].is_const);                 /* written by the first step */
	assert_true(spec->args[0].is_const);
	assert_int_equal(check_step_last_writer(spec, 1), 1);
	assert_int_equal(check_step_last_writer(spec, 2), 0);
	struct sbuf sig = SBUF_INIT;
	check_step_signature(spec, 1, &sig);
	assert_string_equal(sbuf_str(&sig), "__kernel void add_offsets(__global int *out, __global const int *sums, uint n)");
	sbuf_release(&sig);
	/* random(-lim, lim) for this test's lim; the test's own input for sums */
	struct test_case *cases;
	int n;
	assert_int_equal(check_spec_expand(spec, &cases, &n), 0);
	double lo, hi;
	char err[128];
	assert_int_equal(init_bounds(&spec->args[0].init, TYPE_INT, &cases[0].vars, &lo, &hi, err, sizeof(err)), 0);
	assert_true(lo == -7 && hi == 7);
	const struct init_spec *sums = check_spec_init_for(spec, cases[0].test, 2);
	assert_int_equal(sums->kind, INIT_CONST);
	int buf[4];
	assert_int_equal(arg_fill_init(&spec->args[2], sums, &cases[0].vars, buf, 4, 1, err, sizeof(err)), 0);
	assert_int_equal(buf[3], 7);
	assert_int_equal(check_spec_group_size(spec, &cases[0].vars, NULL), 32);
	free(cases);
	release_spec(spec);

	/* a check of one kernel has one step, its own */
	spec = load_ok(reduction_ini);
	assert_int_equal(spec->nsteps, 1);
	assert_string_equal(spec->steps[0].kernel, "reduction");
	assert_int_equal(spec->steps[0].nparams, 4);
	assert_string_equal(spec->steps[0].local_expr[0], "wg");
	assert_false(spec->steps[0].check_only);
	assert_false(spec->tests[0].figures_off);
	release_spec(spec);

	/* a step for checks only (bench = no), a test whose figures meet no [access] rule */
	char *t = xstrfmt("%s", scan_steps_ini);
	char *at = strstr(t, "[step offsets]\n");
	char *with = xstrfmt("%.*s[step offsets]\nbench = no\n%s", (int)(at - t), t,
			     at + strlen("[step offsets]\n"));
	char *both = xstrfmt("%saccess = no\n", with);
	spec = load_ok(both);
	assert_false(spec->steps[0].check_only);
	assert_true(spec->steps[1].check_only);
	assert_true(spec->tests[0].figures_off);
	release_spec(spec);
	free(both);
	free(with);
	free(t);
}

/* Each mistake of the new keys is named at its line. */
static void refuses_bad_steps_and_outputs(void **state)
{
	(void)state;
	char *t = xstrfmt("%s[ndrange]\nglobal = 4\nlocal = 4\n", scan_steps_ini);
	assert_rejected_at(t, 31, "a check with [step] sections gives each step its own global and local");
	free(t);
	assert_rejected_at("[step a]\nkernel = k\nsignature = __global int *x\nglobal = 4\n"
			   "[buffer x]\nsize = 4\noutput = yes\n[test t]\nn = 1\n", 1, "[step a] needs 'local'");
	assert_rejected_at("[step a]\nkernel = k\nsignature = __global int *x\nglobal = 4\nlocal = 4\n"
			   "[step b]\nkernel = j\nsignature = __global float *x\n", 8,
			   "argument 'x' is declared otherwise by an earlier step");
	assert_rejected_at("[step a]\nkernel = k\nsignature = __global int *x\nglobal = 4\nlocal = 4\n"
			   "[step b]\nkernel = k\nsignature = __global int *x, uint n\nglobal = 4\nlocal = 4\n"
			   "[buffer x]\nsize = 4\noutput = yes\n[scalar n]\nvalue = 1\n[test t]\nn = 1\n", 8,
			   "kernel k has another signature in [step a]");
	assert_rejected_at("[step a]\nkernel = k\nsignature = __global int *x\nglobal = 4\nlocal = 4\n"
			   "bench = sometimes\n", 6, "bench must be yes or no");
	assert_rejected_at("[step a]\nkernel = k\nsignature = __global int *x\nglobal = 4\nlocal = 4\n"
			   "bench = no\n[buffer x]\nsize = 4\noutput = yes\n[test t]\nn = 1\n", 6,
			   "every step says bench = no: `clings bench` would time nothing");
	assert_rejected_at("[step a]\nkernel = k\nsignature = __global int *x\nglobal = 4\nlocal = 4\n"
			   "[buffer x]\nsize = 4\noutput = yes\n[test t]\nn = 1\naccess = maybe\n", 11,
			   "access must be yes or no");
	assert_rejected_at("[step a]\nkernel = k\nsignature = __global int *x\nglobal = 4\nlocal = 4\n"
			   "[buffer x]\nsize = 4\noutput = yes\n[access x]\nload = coalesced\n"
			   "[test t]\nn = 1\nanalyze = yes\naccess = no\n", 11,
			   "every analysed test says access = no");
	const char *head = "[check]\nkernel = k\nsignature = __global int *a, __global uint *c, __global float *f\n";
	const char *tail = "[buffer c]\nsize = 1\noutput = yes\n[buffer f]\nsize = 4\n"
			   "[ndrange]\nglobal = 4\nlocal = 4\n[test t]\nn = 1, 2\n";
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\ncompare = loose\n%s", head, tail);
	assert_rejected_at(t, 7, "compare must be exact, tolerance, multiset or sorted");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\ncompare = tolerance\n%s", head, tail);
	assert_rejected_at(t, 7, "compare = tolerance: 'a' holds integers");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\ncount = f\n%s", head, tail);
	assert_rejected_at(t, 7, "count = f: it must name another output buffer of integers");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\ncompare = multiset\n%s", head, tail);
	assert_rejected_at(t, 6, "compare: compare, tolerance and count are for outputs");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\ninit = random(n, n - 1)\n%s", head, tail);
	assert_rejected_at(t, 7, "init of 'a' in test 't n=1': random(1, 0): lo must not be above hi");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\ninit = random(0 n)\n%s", head, tail);
	assert_rejected_at(t, 7, "init must be random(lo, hi), iota(start), const(v), file(NAME) or poison");
	free(t);
	t = xstrfmt("%s[buffer a]\nsize = 4\noutput = yes\n%sinit.a = const(1 +)\n", head, tail);
	assert_rejected_at(t, 17, "init of 'a' in test 't n=1': '1 +'");
	free(t);
	t = xstrfmt("%sbuild_options = -cl-std=CL2.0 -DN=4 -o /tmp/x\n[buffer a]\nsize = 4\noutput = yes\n%s",
		    head, tail);
	assert_rejected_at(t, 4, "build_options: '-o' is not allowed");
	free(t);
	t = xstrfmt("%sbuild_options = -D 'X=1'\n[buffer a]\nsize = 4\noutput = yes\n%s", head, tail);
	assert_rejected_at(t, 4, "build_options: ''X=1'' is not allowed");
	free(t);
}

static void normalises_build_options(void **state)
{
	(void)state;
	char err[256];
	char *o = build_options_parse("-cl-std=CL2.0  -DN=4 -D  M -cl-mad-enable", err, sizeof(err));
	assert_non_null(o);
	assert_string_equal(o, "-cl-std=CL2.0 -D N=4 -D M -cl-mad-enable");
	free(o);
	assert_null(build_options_parse("-cl-std=CL9.9", err, sizeof(err)));
	assert_null(build_options_parse("-DX=\"a b\"", err, sizeof(err)));
	assert_null(build_options_parse("-I/etc", err, sizeof(err)));
	assert_null(build_options_parse("-D", err, sizeof(err)));
	assert_null(build_options_parse("   ", err, sizeof(err)));
}

/* An output compared in any order names its values: missing, too many, never written. */
static void compares_as_a_multiset(void **state)
{
	(void)state;
	struct arg_spec a = { .name = "out", .type = TYPE_INT, .output = true, .compare = COMPARE_MULTISET };
	int e[5] = { 3, 1, 4, 1, 5 }, same[5] = { 5, 4, 1, 3, 1 }, g[5] = { 5, 4, 1, 3, 3 };
	struct output_view o = { &a, e, same, 5, 0, 1, 1, 0, 0 };
	struct msg msg = MSG_INIT, pic = MSG_INIT;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 0);
	o.got = g;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	assert_rendered(&msg, "en", "out, its values in any order: 1 appears once instead of 2 times; "
			"3 appears 2 times instead of once (1 of 5 values without a match)");
	assert_true(msg_empty(&pic));
	memset(&g[3], POISON_BYTE, 2 * sizeof(int));
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 2);
	assert_facts(&msg, "{\"buffer\": \"out\", \"wrong\": 2, \"elements\": 5, "
			    "\"never_written\": 2}");
	assert_rendered(&msg, "en", "out, its values in any order: 1 appears once instead of 2 times; "
			"3 is missing; 2 places were never written (2 of 5 values without a match)");

	a.compare = COMPARE_SORTED;
	int s[5] = { 1, 1, 3, 4, 5 }, u[5] = { 1, 3, 1, 4, 5 };
	o.got = s;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 0);
	o.got = u;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	assert_rendered(&msg, "en", "out holds the right values, but not in ascending order: "
			"out[2] is 1, after out[1] = 3");
	msg_release(&msg);
	msg_release(&pic);

	struct arg_spec f = { .name = "x", .type = TYPE_FLOAT, .output = true, .compare = COMPARE_MULTISET };
	float fe[3] = { 1.0f, 2.0f, 3.0f }, fg[3] = { 3.0000001f, 1.0f, 2.0f }, fb[3] = { 3.5f, 1.0f, 2.0f };
	struct output_view fo = { &f, fe, fg, 3, 0, 1, 1, 0, 0 };
	assert_int_equal(compare_output(&fo, 1e-6, &msg, &pic), 0);
	fo.got = fb;
	assert_int_equal(compare_output(&fo, 1e-6, &msg, &pic), 1);
	assert_rendered(&msg, "en", "x, its values in any order: 3 is missing; 3.5 should not be there "
			"(1 of 3 values without a match)");
	msg_release(&msg);
	msg_release(&pic);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(loads_a_reduction),
		cmocka_unit_test(rejects_what_it_cannot_run),
		cmocka_unit_test(blames_the_host_line),
		cmocka_unit_test(refuses_long_lists_without_leaking),
		cmocka_unit_test(blames_the_let_line),
		cmocka_unit_test(shape_must_match_size),
		cmocka_unit_test(blames_a_let_that_does_not_fit),
		cmocka_unit_test(validates_the_values_a_run_uses),
		cmocka_unit_test(refuses_duplicates_and_impossible_launches),
		cmocka_unit_test(names_the_first_wrong_place),
		cmocka_unit_test(draws_a_ragged_last_row),
		cmocka_unit_test(draws_one_element_without_a_range),
		cmocka_unit_test(floats_within_tolerance),
		cmocka_unit_test(loads_steps),
		cmocka_unit_test(refuses_bad_steps_and_outputs),
		cmocka_unit_test(normalises_build_options),
		cmocka_unit_test(chooses_the_passes_compared),
		cmocka_unit_test(compares_as_a_multiset),
		cmocka_unit_test(reads_an_optimised_analysis),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
