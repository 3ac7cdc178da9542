/* Unit tests of what the parent reads in a learner's source (source.c): the tokens that key the
 * verdict cache. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

static char *tokens(const char *src)
{
	struct sbuf out = SBUF_INIT;
	source_tokens(src, strlen(src), &out);
	return xstrdup(sbuf_str(&out));
}

static void same(const char *a, const char *b)
{
	char *ta = tokens(a), *tb = tokens(b);
	if (strcmp(ta, tb))
		fail_msg("'%s' and '%s' differ: '%s' vs '%s'", a, b, ta, tb);
	free(ta);
	free(tb);
}

static void differ(const char *a, const char *b)
{
	char *ta = tokens(a), *tb = tokens(b);
	if (!strcmp(ta, tb))
		fail_msg("'%s' and '%s' give the same tokens '%s'", a, b, ta);
	free(ta);
	free(tb);
}

static void comments_and_spacing_do_not_count(void **state)
{
	(void)state;
	same("int a = 1;", "int  a =\t1;   // the answer");
	same("int a = 1;", "/* lead */ int a = /* inline */ 1;\n\n\n");
	same("x = y;\n// one\n// two\nz = w;", "x = y;\nz = w;");
	same("int a;", "int \\\na;");   /* a line splice */
	same("a = b; // a comment \\\n goes on here\nc;", "a = b;\nc;");
	char *t = tokens("  int   a ;\n\n b ; ");
	assert_string_equal(t, "int a ; b ;");
	free(t);
}

static void tokens_and_literals_count(void **state)
{
	(void)state;
	differ("int a = 1;", "int a = 2;");
	differ("a + +b", "a ++b");     /* the space separates two tokens */
	differ("inta", "int a");
	differ("printf(\"a  b\");", "printf(\"a b\");");
	differ("printf(\"// x\");", "printf(\"\");");
	differ("c = '/';", "c = '*';");
	same("printf(\"/* not a comment */\"); // but this is", "printf(\"/* not a comment */\");");
}

static void directives_end_at_their_line(void **state)
{
	(void)state;
	/* "#define N 4\nint x = N;" is not "#define N 4 int x = N;" */
	differ("#define N 4\nint x = N;", "#define N 4 int x = N;");
	same("#define N 4 // four\nint x = N;", "#define  N 4\n\nint x = N;");
	char *t = tokens("#define N 4\nint x;");
	assert_string_equal(t, "#define N 4\nint x;");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(comments_and_spacing_do_not_count),
		cmocka_unit_test(tokens_and_literals_count),
		cmocka_unit_test(directives_end_at_their_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
