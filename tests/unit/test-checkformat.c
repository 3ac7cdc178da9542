/* Unit tests of the check format's instructor keys: float scalar expressions, local = auto,
 * tolerance.abs, argument qualifiers, [derive], init = file(NAME), long host loops. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <float.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/engine.h"

/* A course directory of its own: DIR/checks/x.ini (and DIR/data/ for files). */
static char course_dir[64];

static char *write_check(const char *text)
{
	if (!course_dir[0]) {
		copy_str(course_dir, sizeof(course_dir), "/tmp/clings-fmt-XXXXXX");
		assert_non_null(mkdtemp(course_dir));
		char *checks = xstrfmt("%s/checks", course_dir), *data = xstrfmt("%s/data", course_dir);
		assert_int_equal(mkdir(checks, 0700), 0);
		assert_int_equal(mkdir(data, 0700), 0);
		free(checks);
		free(data);
	}
	char *path = xstrfmt("%s/checks/x.ini", course_dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

static void write_data(const char *name, const void *bytes, size_t n)
{
	char *path = xstrfmt("%s/data/%s", course_dir, name);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, n, f), n);
	fclose(f);
	free(path);
}

/* What is written on stderr from here on goes into a file, *saved the stderr to put back. */
static FILE *capture_begin(int *saved)
{
	FILE *cap = tmpfile();
	fflush(stderr);
	*saved = dup(2);
	dup2(fileno(cap), 2);
	return cap;
}

/* stderr put back; what was written on it since capture_begin, allocated. */
static char *capture_end(FILE *cap, int saved)
{
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	long len = ftell(cap);
	char *msg = xcalloc((size_t)len + 1, 1);
	rewind(cap);
	assert_int_equal(fread(msg, 1, (size_t)len, cap), (size_t)len);
	fclose(cap);
	return msg;
}

/* Loads text; with what NULL it must load (spec filled), else be refused at line with what. */
static int load(const char *text, struct check_spec *spec, int line, const char *what)
{
	char *path = write_check(text);
	int saved;
	FILE *cap = capture_begin(&saved);
	int rc = check_spec_load(path, spec);
	char *msg = capture_end(cap, saved);
	if (!what && rc < 0)
		fail_msg("refused: %s\n%s", msg, text);
	if (what) {
		if (rc == 0) {
			check_spec_release(spec);
			fail_msg("accepted:\n%s", text);
		}
		char *want = xstrfmt("x.ini:%d: %s", line, what);
		if (!strstr(msg, want))
			fail_msg("want '%s' in: %s", want, msg);
		free(want);
	}
	free(msg);
	free(path);
	return rc;
}

#define PI_HEAD \
	"[check]\n" \
	"kernel = pi\n" \
	"signature = __global float * restrict partial, const float step, int nsteps\n" \
	"[buffer partial]\n" \
	"size = groups\n" \
	"output = yes\n" \
	"[let]\n" \
	"groups = nsteps / 64\n" \
	"[ndrange]\n" \
	"global = nsteps\n"

static void float_scalars_take_real_expressions(void **state)
{
	(void)state;
	struct check_spec spec;
	load(PI_HEAD "local = auto\n[scalar step]\nvalue = 1.0 / nsteps\n[scalar nsteps]\nvalue = nsteps\n"
	     "[test t]\nnsteps = 1024\n", &spec, 0, NULL);
	struct vars v = { 0 };
	vars_set(&v, "nsteps", 1024);
	double x;
	char err[128];
	assert_int_equal(arg_scalar_value(&spec.args[1], &v, &x, err, sizeof(err)), 0);
	assert_true(x == 0.0009765625);
	assert_true(spec.args[0].is_restrict);
	check_spec_release(&spec);

	/* evaluated in double, rounded once to a float: 0.1 is the float nearest 0.1 */
	struct arg_spec a = { .kind = ARG_SCALAR, .type = TYPE_FLOAT, .value_expr = "1e-3 * 100" };
	assert_int_equal(arg_scalar_value(&a, &v, &x, err, sizeof(err)), 0);
	assert_true(x == (double)(float)(1e-3 * 100));
	a.type = TYPE_DOUBLE;
	a.value_expr = "(1.5 + .5) * -2 / 8";
	assert_int_equal(arg_scalar_value(&a, &v, &x, err, sizeof(err)), 0);
	assert_true(x == -0.5);
	a.value_expr = "min(2.5, nsteps) + max(1, 0.5)";
	assert_int_equal(arg_scalar_value(&a, &v, &x, err, sizeof(err)), 0);
	assert_true(x == 3.5);
	/* what cannot be a value */
	a.value_expr = "1.0 / (nsteps - 1024)";
	assert_int_equal(arg_scalar_value(&a, &v, &x, err, sizeof(err)), -1);
	assert_string_equal(err, "division by zero");
	a.value_expr = "1e300 * 1e300";
	assert_int_equal(arg_scalar_value(&a, &v, &x, err, sizeof(err)), -1);
	assert_string_equal(err, "the value is not a finite number");
	a.type = TYPE_FLOAT;
	a.value_expr = "1e39";
	assert_int_equal(arg_scalar_value(&a, &v, &x, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "does not fit in a float"));
	a.value_expr = "0x10";
	assert_int_equal(arg_scalar_value(&a, &v, &x, err, sizeof(err)), -1);
	/* an integer scalar keeps integer expressions */
	a.type = TYPE_INT;
	a.value_expr = "1.5";
	assert_int_equal(arg_scalar_value(&a, &v, &x, err, sizeof(err)), -1);

	load(PI_HEAD "local = 64\n[scalar step]\nvalue = 1.0 / nstep\n[scalar nsteps]\nvalue = nsteps\n"
	     "[test t]\nnsteps = 1024\n", &spec, 13, "value of 'step' in test 't nsteps=1024': unknown name 'nstep'");
	load(PI_HEAD "local = 64\n[scalar step]\nvalue = 1.0 / (nsteps - 1024)\n[scalar nsteps]\n"
	     "value = nsteps\n[test t]\nnsteps = 1024\n", &spec, 13, "value of 'step' in test 't nsteps=1024': division by zero");
	load(PI_HEAD "local = 64\n[scalar step]\nvalue = 1.0.0\n[scalar nsteps]\nvalue = nsteps\n"
	     "[test t]\nnsteps = 1024\n", &spec, 13, "value of 'step' in test 't nsteps=1024': unexpected '.0'");
}

/* local = auto's group for a global of g0 (x g1 in two dimensions), as "L0" or "L0xL1" */
static const char *auto_group(int64_t g0, int64_t g1, const struct group_limits *lim)
{
	static char s[32];
	int64_t g[2] = { g0, g1 }, l[2];
	local_auto_sizes(g, g1 ? 2 : 1, lim, l);
	if (g1)
		snprintf(s, sizeof(s), "%lldx%lld", (long long)l[0], (long long)l[1]);
	else
		snprintf(s, sizeof(s), "%lld", (long long)l[0]);
	return s;
}

static void local_auto(void **state)
{
	(void)state;
	assert_string_equal(auto_group(1024, 0, NULL), "64");
	assert_string_equal(auto_group(96, 0, NULL), "32");
	assert_string_equal(auto_group(7, 0, NULL), "1");
	assert_string_equal(auto_group(12, 0, NULL), "4");
	/* no device known (validate): in two dimensions a group of at most 256 work-items */
	assert_string_equal(auto_group(1024, 1024, NULL), "16x16");
	assert_string_equal(auto_group(8, 1024, NULL), "8x16");
	/* a device's limits, read when the check runs: its max_work_group_size, and its
	 * max_work_item_sizes in each dimension */
	struct group_limits small = { 128, { 0 } }, flat = { 1024, { 1024, 4 } }, tiny = { 8, { 0 } };
	assert_string_equal(auto_group(1024, 1024, &small), "8x16");
	assert_string_equal(auto_group(1024, 1024, &flat), "16x4");
	assert_string_equal(auto_group(1024, 0, &tiny), "8");
	assert_string_equal(auto_group(96, 96, &tiny), "2x4");
	struct check_spec spec;
	load(PI_HEAD "local = auto\n[scalar step]\nvalue = 1.0 / nsteps\n[scalar nsteps]\nvalue = nsteps\n"
	     "[test t]\nnsteps = 1024, 960\n", &spec, 0, NULL);
	assert_true(step_local_is_auto(&spec.steps[0]));
	struct vars v = { 0 };
	vars_set(&v, "nsteps", 960);
	int64_t l;
	assert_int_equal(step_local_eval(&spec.steps[0], 0, &v, NULL, &l, (char[64]){ 0 }, 64), 0);
	assert_int_equal(l, 64);
	assert_int_equal(check_spec_group_size(&spec, &v, NULL), 64);
	assert_int_equal(check_spec_group_size(&spec, &v, &small), 64);
	assert_int_equal(check_spec_group_size(&spec, &v, &tiny), 8);
	struct sbuf sig = SBUF_INIT;
	check_step_signature(&spec, 0, &sig);
	assert_string_equal(sbuf_str(&sig), "__kernel void pi(__global float *restrict partial, "
			    "const float step, int nsteps)");
	sbuf_release(&sig);
	check_spec_release(&spec);
	/* 2-D: one word for both dimensions */
	load("[check]\nkernel = k\nsignature = __global int *o\n[buffer o]\nsize = 64\noutput = yes\n"
	     "[ndrange]\nlocal = auto\nglobal = 8, 8\n[test t]\nn = 1\n", &spec, 0, NULL);
	assert_int_equal(spec.steps[0].dims, 2);
	assert_string_equal(spec.steps[0].local_expr[1], "auto");
	check_spec_release(&spec);
}

static void absolute_tolerance(void **state)
{
	(void)state;
	struct check_spec spec;
	const char *head = "[check]\nkernel = k\nsignature = __global float *o, __global int *n\n"
			   "tolerance.abs = 0.001\n[buffer o]\nsize = 4\noutput = yes\n"
			   "[buffer n]\nsize = 4\n";
	char *text = xstrfmt("%s[ndrange]\nglobal = 4\nlocal = 4\n[test t]\nx = 1\n", head);
	load(text, &spec, 0, NULL);
	free(text);
	assert_true(spec.abs_tolerance == 0.001);
	assert_true(output_abs_tolerance(&spec, &spec.args[0]) == 0.001);
	/* within abs, or within the relative tolerance */
	float e[3] = { 100.0f, 0.0f, 1000.0f }, g[3] = { 100.0009f, 0.0009f, 1000.0f };
	struct output_view o = { &spec.args[0], e, g, 3, 0, 1, 1, 0, 0.001 };
	struct msg m = MSG_INIT, pic = MSG_INIT;
	assert_int_equal(compare_output(&o, 0, &m, &pic), 0);
	g[1] = 0.0011f;
	assert_int_equal(compare_output(&o, 0, &m, &pic), 1);
	char *said = msg_text(&m, NULL);
	assert_non_null(strstr(said, "or an absolute error of 0.0011 where it allows 0.001"));
	free(said);
	msg_release(&m);
	msg_release(&pic);
	g[1] = 0.0011f;
	assert_int_equal(compare_output(&o, 1e-2, &m, &pic), 0);   /* relative: |e| < 1 counts as 1 */
	msg_release(&m);
	msg_release(&pic);
	check_spec_release(&spec);
	text = xstrfmt("%soutput = yes\ntolerance.abs = 1\n[ndrange]\nglobal = 4\nlocal = 4\n[test t]\nx = 1\n", head);
	load(text, &spec, 11, "tolerance.abs: 'n' holds integers");
	free(text);
	text = xstrfmt("%s[ndrange]\nglobal = 4\nlocal = 4\n[test t]\nx = 1\n", "[check]\ntolerance.abs = -1\n");
	load(text, &spec, 2, "tolerance must be a non-negative finite number");
	free(text);
}

static void argument_qualifiers(void **state)
{
	(void)state;
	struct arg_spec a;
	char err[256];
	memset(&a, 0, sizeof(a));
	assert_int_equal(spec_parse_arg("__global const volatile uchar * restrict img", &a, err, sizeof(err)), 0);
	assert_true(a.is_const && a.is_volatile && a.is_restrict && a.type == TYPE_UCHAR);
	memset(&a, 0, sizeof(a));
	assert_int_equal(spec_parse_arg("global unsigned short *s", &a, err, sizeof(err)), 0);
	assert_true(a.type == TYPE_USHORT);
	memset(&a, 0, sizeof(a));
	assert_int_equal(spec_parse_arg("const long n", &a, err, sizeof(err)), 0);
	memset(&a, 0, sizeof(a));
	assert_int_equal(spec_parse_arg("__global float4 *v", &a, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "vector types such as 'float4' are not accepted"));
	memset(&a, 0, sizeof(a));
	assert_int_equal(spec_parse_arg("__global half *h", &a, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'half' is not accepted"));
	memset(&a, 0, sizeof(a));
	assert_int_equal(spec_parse_arg("float restrict x", &a, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "restrict qualifies pointers only"));
	struct check_spec spec;
	load("[check]\nkernel = k\nsignature = __global int *o, __global int2 *p\n", &spec, 3,
	     "argument '__global int2 *p': vector types such as 'int2' are not accepted");
}

static void derived_values(void **state)
{
	(void)state;
	struct check_spec spec;
	const char *pi = PI_HEAD "local = auto\n[scalar step]\nvalue = 1.0 / nsteps\n[scalar nsteps]\n"
			 "value = nsteps\n[derive pi]\nvalue = step * sum(partial)\nexpect = 3.14159265358979\n"
			 "tolerance.abs = 1e-3\n[test t]\nnsteps = 1024\n";
	load(pi, &spec, 0, NULL);
	assert_int_equal(spec.nderive, 1);
	struct vars v = { 0 };
	vars_set(&v, "nsteps", 1024);
	vars_set(&v, "groups", 16);
	float partial[16];
	for (int i = 0; i < 16; i++)   /* the midpoint rule, 64 steps a group */
		partial[i] = 0;
	for (int i = 0; i < 1024; i++) {
		double x = (i + 0.5) / 1024;
		partial[i / 64] += (float)(4.0 / (1.0 + x * x));
	}
	const void *bytes[MAX_ARGS] = { partial };
	size_t n[MAX_ARGS] = { 16 };
	double got, want;
	char err[256];
	int k;
	assert_int_equal(derive_all(&spec, 0, &v, bytes, n, &k, &got, &want, err, sizeof(err)), 0);
	assert_true(fabs(got - 3.14159265358979) < 1e-3);
	partial[3] = 0;   /* a group that wrote nothing */
	assert_int_equal(derive_all(&spec, 0, &v, bytes, n, &k, &got, &want, err, sizeof(err)), 1);
	assert_int_equal(k, 0);
	assert_true(want == 3.14159265358979 && got < 3.0);
	check_spec_release(&spec);
	/* min, max, count over an output */
	load(PI_HEAD "local = 64\n[scalar step]\nvalue = 1.0 / nsteps\n[scalar nsteps]\nvalue = nsteps\n"
	     "[derive spread]\nvalue = max(partial) - min(partial) + count(partial)\nexpect = 0\n"
	     "[test t]\nnsteps = 1024\n", &spec, 0, NULL);
	for (int i = 0; i < 16; i++)
		partial[i] = (float)(i % 4);
	assert_int_equal(derive_eval(&spec, 0, &v, bytes, n, &got, &want, err, sizeof(err)), 1);
	assert_true(got == 3 + 12);
	check_spec_release(&spec);
	/* what cannot be derived: a name that is no output, a key missing, a name unknown */
	load(PI_HEAD "local = 64\n[scalar step]\nvalue = 1.0\n[scalar nsteps]\nvalue = nsteps\n"
	     "[derive d]\nvalue = sum(step)\nexpect = 1\n[test t]\nnsteps = 64\n", &spec, 17,
	     "[derive d] value: sum(step): 'step' is not an output buffer (output = yes)");
	load(PI_HEAD "local = 64\n[scalar step]\nvalue = 1.0\n[scalar nsteps]\nvalue = nsteps\n"
	     "[derive d]\nvalue = sum(partial)\n[test t]\nnsteps = 64\n", &spec, 16, "[derive d] needs 'expect'");
	load(PI_HEAD "local = 64\n[scalar step]\nvalue = 1.0\n[scalar nsteps]\nvalue = nsteps\n"
	     "[derive d]\nvalue = sum(partial)\nexpect = pie\n[test t]\nnsteps = 64\n", &spec, 18,
	     "[derive d] expect: unknown name 'pie'");
	load(PI_HEAD "local = 64\n[scalar step]\nvalue = 1.0\n[scalar nsteps]\nvalue = nsteps\n"
	     "[derive d]\nvalue = avg(partial)\nexpect = 1\n[test t]\nnsteps = 64\n", &spec, 17,
	     "[derive d] value: avg(partial): unknown function or buffer");
}

#define BOARD_HEAD \
	"[check]\nkernel = life\nsignature = __global const uchar *in, __global uchar *out\n" \
	"[buffer in]\nsize = 16\n"
#define BOARD_TAIL \
	"[buffer out]\nsize = 16\noutput = yes\n[ndrange]\nglobal = 16\nlocal = auto\n[test t]\nn = 1\n"

static void data_files(void **state)
{
	(void)state;
	struct check_spec spec;
	free(write_check(""));
	const char *board = "# a glider\n0 1 0 0\n0 0 1 0\n1 1 1 0\n0 0 0 0\n";
	write_data("glider.txt", board, strlen(board));
	load(BOARD_HEAD "init = file(glider.txt)\n" BOARD_TAIL, &spec, 0, NULL);
	assert_int_equal(spec.args[0].init.kind, INIT_FILE);
	assert_int_equal(spec.args[0].init.ndata, 16);
	unsigned char cells[16];
	char err[256];
	assert_int_equal(arg_fill_init(&spec.args[0], &spec.args[0].init, NULL, cells, 16, 1, err,
				       sizeof(err)), 0);
	assert_int_equal(cells[1], 1);
	assert_int_equal(cells[8] + cells[9] + cells[10], 3);
	uint64_t hash = spec.text_hash;
	check_spec_release(&spec);
	/* the file's bytes are part of the check's hash */
	write_data("glider.txt", "1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0", 31);
	load(BOARD_HEAD "init = file(glider.txt)\n" BOARD_TAIL, &spec, 0, NULL);
	assert_true(spec.text_hash != hash);
	check_spec_release(&spec);
	/* raw little-endian elements */
	unsigned char raw[16] = { 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0 };
	write_data("glider.bin", raw, 16);
	load(BOARD_HEAD "init = file(glider.bin)\n" BOARD_TAIL, &spec, 0, NULL);
	assert_true(spec.args[0].init.data[6] == 1 && spec.args[0].init.ndata == 16);
	check_spec_release(&spec);
	int16_t shorts[2] = { -2, 300 };
	write_data("s.bin", shorts, sizeof(shorts));
	load("[check]\nkernel = k\nsignature = __global short *s\n[buffer s]\nsize = 2\n"
	     "init = file(s.bin)\noutput = yes\n[ndrange]\nglobal = 2\nlocal = 2\n[test t]\nn = 1\n",
	     &spec, 0, NULL);
	assert_true(spec.args[0].init.data[0] == -2 && spec.args[0].init.data[1] == 300);
	check_spec_release(&spec);
	/* refused, at the init line: outside data/, missing, a bad number, the wrong count */
	load(BOARD_HEAD "init = file(../checks/x.ini)\n" BOARD_TAIL, &spec, 6, "init: file(../checks/x.ini): "
	     "name a file under the course's data/ directory");
	load(BOARD_HEAD "init = file(/etc/passwd)\n" BOARD_TAIL, &spec, 6, "init: file(/etc/passwd): name a file under the course's data/");
	load(BOARD_HEAD "init = file(none.txt)\n" BOARD_TAIL, &spec, 6,
	     "init: cannot read data/none.txt: No such file or directory");
	char *link = xstrfmt("%s/data/out.txt", course_dir);
	assert_int_equal(symlink("/etc/hostname", link), 0);
	free(link);
	load(BOARD_HEAD "init = file(out.txt)\n" BOARD_TAIL, &spec, 6,
	     "init: data/out.txt is outside the course's data/ directory");
	/* data/ itself a link out of the course */
	char *data = xstrfmt("%s/data", course_dir), *moved = xstrfmt("%s/elsewhere", course_dir);
	assert_int_equal(rename(data, moved), 0);
	char *outside = xstrfmt("%s-outside", course_dir);
	assert_int_equal(mkdir(outside, 0700), 0);
	char *board_out = xstrfmt("%s/glider.txt", outside);
	FILE *f = fopen(board_out, "w");
	fputs(board, f);
	fclose(f);
	assert_int_equal(symlink(outside, data), 0);
	load(BOARD_HEAD "init = file(glider.txt)\n" BOARD_TAIL, &spec, 6,
	     "init: data/glider.txt is outside the course's data/ directory");
	assert_int_equal(unlink(data), 0);
	assert_int_equal(rename(moved, data), 0);
	unlink(board_out);
	rmdir(outside);
	free(board_out);
	free(outside);
	free(moved);
	free(data);
	write_data("bad.txt", "0 1\n2 x3\n", 9);
	load(BOARD_HEAD "init = file(bad.txt)\n" BOARD_TAIL, &spec, 6,
	     "init: data/bad.txt, line 2: 'x3' is not a number for uchar");
	write_data("big.txt", "0 1 300", 7);
	load(BOARD_HEAD "init = file(big.txt)\n" BOARD_TAIL, &spec, 6,
	     "init: data/big.txt, line 1: '300' is not within the range of uchar");
	write_data("short.txt", "0 1 0", 5);
	load(BOARD_HEAD "init = file(short.txt)\n" BOARD_TAIL, &spec, 6,
	     "init of 'in' in test 't n=1': data/short.txt holds 3 values; the buffer has 16");
	write_data("odd.bin", raw, 3);
	load("[check]\nkernel = k\nsignature = __global short *s\n[buffer s]\nsize = 2\n"
	     "init = file(odd.bin)\noutput = yes\n[ndrange]\nglobal = 2\nlocal = 2\n[test t]\nn = 1\n",
	     &spec, 6, "init: data/odd.bin has 3 bytes, not a whole number of short values");
}

/* How many passes a test with values v runs: its loop followed to its end. */
static int passes_of(const struct check_spec *spec, struct vars v)
{
	struct sbuf err = SBUF_INIT;
	int passes = 1;
	while (check_spec_next_pass(spec, &v, &err) == 1)
		passes++;
	sbuf_release(&err);
	return passes;
}

/* Loads text, whose loads follow each loop to its end: with what NULL they must end, else the
 * load is refused at line with what. */
static void loops_end(const char *text, int line, const char *what)
{
	struct check_spec spec;
	if (load(text, &spec, line, what) == 0)
		check_spec_release(&spec);
}

static void long_host_loops(void **state)
{
	(void)state;
	struct check_spec spec;
	load(BOARD_HEAD "init = random(0, 1)\n[buffer out]\nsize = 16\noutput = yes\n[ndrange]\n"
	     "global = 16\nlocal = auto\n[repeat]\nin = out\ngen = gen + 1\nwhile = gen < 150\n"
	     "[test t]\ngen = 1\n", &spec, 0, NULL);
	struct vars v = { 0 };
	vars_set(&v, "gen", 1);
	assert_int_equal(passes_of(&spec, v), 150);
	check_spec_release(&spec);
	/* a loop without end: refused at its while line */
	loops_end(BOARD_HEAD "init = random(0, 1)\n[buffer out]\nsize = 16\noutput = yes\n[ndrange]\n"
		  "global = 16\nlocal = auto\n[repeat]\nin = out\ngen = gen + 1\nwhile = gen > 0\n"
		  "compare = last\n[test t]\ngen = 1\n", 16, "[repeat] while still holds after ");
	/* bounded by processor time, not by a count of passes: 300,000 generations validate when
	 * only the last is compared */
	const char *long_loop = BOARD_HEAD "init = random(0, 1)\n[buffer out]\nsize = 16\noutput = yes\n"
				"[ndrange]\nglobal = 16\nlocal = auto\n[repeat]\nin = out\ngen = gen + 1\n"
				"while = gen < 300000\ncompare = last\n[test t]\ngen = 1\n";
	loops_end(long_loop, 0, NULL);
	load(long_loop, &spec, 0, NULL);
	assert_int_equal(passes_of(&spec, v), 300000);
	check_spec_release(&spec);
	/* each one compared, they would send more than a run may */
	loops_end(BOARD_HEAD "init = random(0, 1)\n[buffer out]\nsize = 16\noutput = yes\n[ndrange]\n"
		  "global = 16\nlocal = auto\n[repeat]\nin = out\ngen = gen + 1\nwhile = gen < 300000\n"
		  "[test t]\ngen = 1\n", 16, "[repeat] compare = every: by pass ");
	/* a [let] that fails on pass 40: at its own line, the pass named */
	loops_end(BOARD_HEAD "init = random(0, 1)\n[buffer out]\nsize = 16\noutput = yes\n[ndrange]\n"
		  "global = 16\nlocal = auto\n[repeat]\nin = out\ngen = gen + 1\nwhile = gen < 50\n"
		  "[test t]\ngen = 1\n[let]\nk = 1 / (40 - gen)\n", 20,
		  "[let] k: division by zero (for pass 40 of test 't gen=1')");
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	return remove(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(float_scalars_take_real_expressions),
		cmocka_unit_test(local_auto),
		cmocka_unit_test(absolute_tolerance),
		cmocka_unit_test(argument_qualifiers),
		cmocka_unit_test(derived_values),
		cmocka_unit_test(data_files),
		cmocka_unit_test(long_host_loops),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	if (course_dir[0])
		nftw(course_dir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
	return rc;
}
