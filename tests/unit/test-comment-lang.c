/* Unit tests of a kernel source's comments in one language (course/comment-lang.c), as the
 * reference solution is shown (s). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "course/course.h"

static void expect(const char *code, const char *lang, const char *want)
{
	struct sbuf out = SBUF_INIT;
	source_comments_in(code, lang, &out);
	if (strcmp(out.buf, want))
		fail_msg("in %s:\n%s\nwanted:\n%s", lang ? lang : "the own language", out.buf, want);
	sbuf_release(&out);
}

/* A heading comment in two languages, the Portuguese after an empty comment line. */
static void heading(void **state)
{
	(void)state;
	const char *code = "// scale: out[i] = factor * in[i].\n"
			   "//\n"
			   "// The last group may be ragged.\n"
			   "//\n"
			   "// [pt-BR] scale: out[i] = factor * in[i].\n"
			   "//\n"
			   "// O último grupo pode ser incompleto.\n"
			   "__kernel void scale(void)\n";
	expect(code, NULL, "// scale: out[i] = factor * in[i].\n//\n// The last group may be ragged.\n"
	       "__kernel void scale(void)\n");
	expect(code, "pt-BR", "// scale: out[i] = factor * in[i].\n//\n// O último grupo pode ser incompleto.\n"
	       "__kernel void scale(void)\n");
	/* a language the course did not write this comment in: the own language's */
	expect(code, "es", "// scale: out[i] = factor * in[i].\n//\n// The last group may be ragged.\n"
	       "__kernel void scale(void)\n");
}

/* A trailing comment and its translation under it, at its column; the code stays. */
static void trailing(void **state)
{
	(void)state;
	const char *code = "#define BM 128   // rows of C\n"
			   "                 // [pt-BR] linhas de C\n"
			   "\tuint n = 4;   // four\n"
			   "\t              // [es] cuatro\n"
			   "\t              // [pt-BR] quatro\n"
			   "\tx = n; // alone\n";
	expect(code, NULL, "#define BM 128   // rows of C\n\tuint n = 4;   // four\n\tx = n; // alone\n");
	expect(code, "pt-BR", "#define BM 128   // linhas de C\n\tuint n = 4;   // quatro\n\tx = n; // alone\n");
	expect(code, "es", "#define BM 128   // rows of C\n\tuint n = 4;   // cuatro\n\tx = n; // alone\n");
}

/* Several comments in one block: a line indented less than the marker starts the next. */
static void several(void **state)
{
	(void)state;
	const char *code = "\t// TODO 1: find the index\n"
			   "\t//         of the element.\n"
			   "\t//         [pt-BR] ache o índice\n"
			   "\t//         do elemento.\n"
			   "\t// TODO 2: guard it.\n"
			   "\t// TODO 3: no translation.\n"
			   "\t//         [pt-BR] proteja-o.\n"
			   "}\n";
	expect(code, "pt-BR", "\t//         ache o índice\n\t//         do elemento.\n"
	       "\t//         proteja-o.\n}\n");
	expect(code, NULL, "\t// TODO 1: find the index\n\t//         of the element.\n"
	       "\t// TODO 2: guard it.\n\t// TODO 3: no translation.\n}\n");
}

/* What is no marker: an index in brackets, a comment at another column, a last line without
 * its newline. */
static void not_markers(void **state)
{
	(void)state;
	const char *code = "// a[0] is first\n"
			   "// [0] stays\n"
			   "x = 1;   // one\n"
			   "// [pt-BR] at another column: a comment of its own\n"
			   "y = 2;";
	expect(code, NULL, "// a[0] is first\n// [0] stays\nx = 1;   // one\n"
	       "// [pt-BR] at another column: a comment of its own\ny = 2;\n");
	expect(code, "pt-BR", "// a[0] is first\n// [0] stays\nx = 1;   // one\n"
	       "// at another column: a comment of its own\ny = 2;\n");
	expect("", "pt-BR", "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(heading),
		cmocka_unit_test(trailing),
		cmocka_unit_test(several),
		cmocka_unit_test(not_markers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
