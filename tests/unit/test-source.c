/* Unit tests of what the parent reads in a learner's source (source.c): the tokens that key the
 * verdict cache, and the directives that would read another file. */
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

/* A megabyte of kernel: a hundred thousand lines, tens of thousands of them stores. Every line
 * is looked at a bounded number of times (each lookup from the file's start once made this take
 * hours). */
/* The line source_find_include() gives for src (a C string). */
static int include_line(const char *src)
{
	return source_find_include(src, strlen(src));
}

/* Every spelling clang reads as a directive that reads a file (each checked against clang -E
 * -x cl: it included the file), and the line its '#' is on. */
static void includes_are_found_however_spelled(void **state)
{
	(void)state;
	assert_int_equal(include_line("#include \"a.h\"\n"), 1);
	assert_int_equal(include_line("int x;\n  #  include <a.h>\n"), 2);
	assert_int_equal(include_line("#include_next \"a.h\"\n"), 1);
	assert_int_equal(include_line("#import \"a.h\"\n"), 1);
	assert_int_equal(include_line("#embed \"a.h\"\n"), 1);
	assert_int_equal(include_line("#include\"a.h\""), 1);             /* no line end at all */
	assert_int_equal(include_line("#include/**/\"a.h\"\n"), 1);
	assert_int_equal(include_line("\f#\vinclude \"a.h\"\n"), 1);
	/* comments: one space, and a line comment ends at its line's end, whatever ends it */
	assert_int_equal(include_line("/* a */ # /* b */ include \"a.h\"\n"), 1);
	assert_int_equal(include_line("/* a\n b */ #include \"a.h\"\n"), 2);
	assert_int_equal(include_line("// c\r#include \"a.h\"\n"), 2);     /* CR alone ends a line */
	assert_int_equal(include_line("// c\r\n#include \"a.h\"\r\n"), 2);
	assert_int_equal(include_line("a\r\r#include \"a.h\"\r"), 3);
	assert_int_equal(include_line("# include \"a.h\"\r"), 1);
	/* line splices, removed before anything else: LF, CR, CRLF, spaces before the line end */
	assert_int_equal(include_line("#inc\\\nlude \"a.h\"\n"), 1);
	assert_int_equal(include_line("#include\\\n \"a.h\"\n"), 1);
	assert_int_equal(include_line("#  \\\r\ninclude \"a.h\"\n"), 1);
	assert_int_equal(include_line("x;\n\\\n#include \"a.h\"\n"), 3);
	/* the digraph %: and the trigraph (??=) for '#', split by splices too */
	assert_int_equal(include_line("%:include \"a.h\"\n"), 1);
	assert_int_equal(include_line("/*x*/ %: /*y*/ include \"a.h\"\n"), 1);
	assert_int_equal(include_line("%\\\n:include \"a.h\"\n"), 1);
	assert_int_equal(include_line("%\\\r:include \"a.h\"\n"), 1);
	assert_int_equal(include_line("%\\\r\n:include \"a.h\"\n"), 1);
	assert_int_equal(include_line("%\\\n\r:include \"a.h\"\n"), 1);
	assert_int_equal(include_line("%\\  \n:include \"a.h\"\n"), 1);
	assert_int_equal(include_line("%:\\\ninc\\\nlude \"a.h\"\n"), 1);
	assert_int_equal(include_line("?\?=include \"a.h\"\n"), 1);
	assert_int_equal(include_line("%?\?/\n:include \"a.h\"\n"), 1);
	assert_int_equal(include_line("x = \"?\?/\"\";\n#include \"a.h\"\n"), 2);   /* ?\?/ escapes '"' */
	assert_int_equal(include_line("int a;\n\n %:\\\n\\\n include \"a.h\"\n"), 3);
}

/* What clang reads as no directive (or no directive that reads a file) is not one here either:
 * a kernel is never blamed for an include it does not have. */
static void what_is_no_include_is_not_one(void **state)
{
	(void)state;
	assert_int_equal(include_line(""), 0);
	assert_int_equal(include_line("int include;\n#define include x\n"), 0);
	assert_int_equal(include_line("#includes \"a.h\"\n"), 0);
	assert_int_equal(include_line("#include$x \"a.h\"\n"), 0);
	assert_int_equal(include_line("#include\\u0041 \"a.h\"\n"), 0);
	assert_int_equal(include_line("x; #include \"a.h\"\n"), 0);         /* not first on its line */
	assert_int_equal(include_line("int x; /*\n*/ #include \"a.h\"\n"), 0);
	assert_int_equal(include_line("// #include \"a.h\"\n"), 0);
	assert_int_equal(include_line("/* #include \"a.h\" */\n"), 0);
	assert_int_equal(include_line("/*\n#include \"a.h\"\n*/\n"), 0);
	assert_int_equal(include_line("int x; // c \\\n#include \"a.h\"\n"), 0);   /* the comment goes on */
	assert_int_equal(include_line("int x; // c ?\?/\n#include \"a.h\"\n"), 0);
	assert_int_equal(include_line("int x; // c \\  \r\n#include \"a.h\"\n"), 0);
	assert_int_equal(include_line("x = \"/*\";\n#include \"a.h\"\n*/\n"), 2);  /* no comment in a literal */
	assert_int_equal(include_line("x = \"\\\n#include \\\"a.h\\\"\";\n"), 0);
	/* "##" and "%:%:" are one token, which starts no directive, however spliced */
	assert_int_equal(include_line("##include \"a.h\"\n"), 0);
	assert_int_equal(include_line("#\\\n#include \"a.h\"\n"), 0);
	assert_int_equal(include_line("#?\?=include \"a.h\"\n"), 0);
	assert_int_equal(include_line("%:%:include \"a.h\"\n"), 0);
	assert_int_equal(include_line("%\\\n:%\\\n:include \"a.h\"\n"), 0);
	assert_int_equal(include_line("%:\\\n%:include \"a.h\"\n"), 0);
	assert_int_equal(include_line("%:\\\n%\\\n:include \"a.h\"\n"), 0);
	assert_int_equal(include_line("#\\\n"), 0);
	assert_int_equal(include_line("\\"), 0);
	assert_int_equal(include_line("??"), 0);
	assert_int_equal(include_line("%"), 0);
	assert_int_equal(include_line("/*"), 0);
}

static void long_sources_are_read_once(void **state)
{
	(void)state;
	struct sbuf src = SBUF_INIT;
	sbuf_adds(&src, "__kernel void k(__global int *out, int n) {\n  int i = get_global_id(0);\n"
			"  if (i < n) {\n");
	for (int l = 0; l < 30000; l++)
		sbuf_addf(&src, "    out[i] = %d;\n", l);
	for (int l = 0; l < 70000; l++)
		sbuf_addf(&src, "    int x%d = %d;\n", l, l);
	sbuf_adds(&src, "  }\n  barrier(CLK_GLOBAL_MEM_FENCE);\n}\n");
	const char *s = sbuf_str(&src);
	char *last = source_line_text(s, 100005);
	assert_string_equal(last, "  barrier(CLK_GLOBAL_MEM_FENCE);");
	free(last);
	sbuf_release(&src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(comments_and_spacing_do_not_count),
		cmocka_unit_test(tokens_and_literals_count),
		cmocka_unit_test(directives_end_at_their_line),
		cmocka_unit_test(long_sources_are_read_once),
		cmocka_unit_test(includes_are_found_however_spelled),
		cmocka_unit_test(what_is_no_include_is_not_one),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
