/* Unit tests of "What the check tests" (course/lesson-check.c): a check with what the bundled
 * course does not use (exact floats, sorted output, a count, sectors and conflict degrees, a
 * local-memory requirement, build options, analysis required) is described from its own file,
 * in English and in Portuguese, and every code line fits LESSON_CODE_WIDTH. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "course/course.h"

static const char check_text[] =
	"[check]\n"
	"kernel = pick_the_largest_values_of_each_block\n"
	"signature = __global const float *values, __global float *chosen, __global uint *how_many,\n"
	"  __local float *scratch_space, uint len, float threshold\n"
	"requires_local_mem = 1024\n"
	"build_options = -cl-fast-relaxed-math\n"
	"analysis = required\n"
	"[buffer values]\nsize = len\ninit = iota(3)\n"
	"[buffer chosen]\nsize = len\noutput = yes\ncompare = sorted\ncount = how_many\n"
	"[buffer how_many]\nsize = 1\ninit = const(0)\noutput = yes\n"
	"[local scratch_space]\nsize = wg\n"
	"[scalar len]\nvalue = len\n"
	"[scalar threshold]\nvalue = len / 2\n"
	"[ndrange]\nglobal = round_up(len, wg)\nlocal = wg\n"
	"[test small]\nlen = 3, 70\nwg = 32\nanalyze = yes\n"
	"[test big]\nlen = 5000\nwg = 64, 128\ninit.values = random(-2, 7)\n"
	"[access values]\nload = 2.5\n"
	"[access scratch_space]\nconflicts = 4\n";

static char *section(const char *lang)
{
	struct check_spec *spec = calloc(1, sizeof(*spec));
	assert_non_null(spec);
	assert_int_equal(check_spec_parse("t.ini", check_text, spec), 0);
	struct sbuf md = SBUF_INIT;
	lesson_check_section(spec, lang, &md);
	check_spec_release(spec);
	free(spec);
	return sbuf_detach(&md);
}

static void has(const char *text, const char *want)
{
	if (!strstr(text, want))
		fail_msg("'%s' not in:\n%s", want, text);
}

static void describes_the_check(void **state)
{
	(void)state;
	char *md = section("en");
	has(md, "## What the check tests\n");
	has(md, "__kernel void pick_the_largest_values_of_each_block(\n        __global const float *values,");
	has(md, "a global size of `round_up(len, wg)` in work-groups of `wg`");
	has(md, "`values` holds 3, then each next element one more");
	has(md, "`scratch_space` (`__local`) holds `wg` values of `float`");
	has(md, "The scalar `threshold` is `len / 2`.");
	has(md, "`chosen` is compared with the reference solution's: the same values, in ascending order.");
	has(md, "Only its first `how_many[0]` values count");
	has(md, "Every element of `how_many` starts as 0.");
	has(md, "`small` (also on Oclgrind): `len` = 3, 70; `wg` = 32\n");
	has(md, "`big`: `len` = 5000; `wg` = 64, 128; `values` holds random `float` values from -2 to 7\n");
	has(md, "This check needs Oclgrind");
	has(md, "loads of `values`: at most 2.5 32-byte sectors a request");
	has(md, "bank conflicts of `scratch_space` at most 4-way");
	has(md, "at least 1024 bytes of `__local` memory");
	has(md, "Every build uses `-cl-fast-relaxed-math`.");
	/* the signature's code block: every line fits */
	const char *code = strstr(md, "```c\n");
	assert_non_null(code);
	const char *end = strstr(code + 5, "```");
	for (const char *p = code + 5; p < end;) {
		const char *nl = strchr(p, '\n');
		if (nl - p > LESSON_CODE_WIDTH)
			fail_msg("%d columns: '%.*s'", (int)(nl - p), (int)(nl - p), p);
		p = nl + 1;
	}
	free(md);
}

static void in_portuguese(void **state)
{
	(void)state;
	char *md = section("pt-BR");
	has(md, "## O que a verificação testa\n");
	has(md, "no máximo 2,5 setores de 32 bytes");
	has(md, "os mesmos valores, em ordem crescente");
	free(md);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(describes_the_check),
		cmocka_unit_test(in_portuguese),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
