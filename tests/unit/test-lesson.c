/* Unit tests of the Markdown renderer and hint splitting (lesson.c), text widths (term.c) and
 * the figures lessons name (course/lessons.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ui/ui.h"

/* Renders md; the caller frees the result. */
static char *render(const char *md, int width, bool colour)
{
	struct sbuf out = SBUF_INIT;
	lesson_render(md, strlen(md), width, colour, &out);
	return sbuf_detach(&out);
}

/* Fails when a line is wider than width columns or (with colour) leaves a style open. */
static void assert_lines_fit(const char *text, int width, bool colour)
{
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		assert_non_null(nl);  /* every line ends in '\n' */
		int w = term_width(p, (size_t)(nl - p));
		if (w > width)
			fail_msg("%d columns, more than %d: '%.*s'", w, width, (int)(nl - p), p);
		if (colour && memchr(p, '\x1b', (size_t)(nl - p))) {
			if (nl - p < 4 || strncmp(nl - 4, "\x1b[0m", 4))
				fail_msg("a style is left open: '%.*s'", (int)(nl - p), p);
		}
		p = nl + 1;
	}
}

static void headings_and_emphasis(void **state)
{
	(void)state;
	char *out = render("# Title\n\nSome *emphasis*, **strong** and `code`.\n\n## Part\n", 60, false);
	assert_string_equal(out, "Title\n=====\n\nSome _emphasis_, *strong* and `code`.\n\nPart\n----\n");
	free(out);
	out = render("# Title\n\nSome **strong** text.\n", 60, true);
	assert_null(strstr(out, "#"));
	assert_non_null(strstr(out, "\x1b[0;1;4;36mTitle"));
	assert_non_null(strstr(out, "\x1b[0;1mstrong"));
	assert_lines_fit(out, 60, true);
	free(out);
}

static void lists(void **state)
{
	(void)state;
	char *out = render("- one\n- two\n  - inner\n\n3. three\n4. four\n", 60, false);
	assert_string_equal(out, "- one\n- two\n  - inner\n\n3. three\n4. four\n");
	free(out);
	/* A long item wraps under its text, not under its bullet. */
	out = render("- aaaa bbbb cccc dddd eeee ffff gggg\n", 20, false);
	assert_string_equal(out, "- aaaa bbbb cccc\n  dddd eeee ffff\n  gggg\n");
	free(out);
}

static void code_blocks_keep_their_lines(void **state)
{
	(void)state;
	char *out = render("Before:\n\n```c\nif (i < len)\n\tout[i] = in[i];\n```\n\nAfter.\n", 60, false);
	assert_string_equal(out, "Before:\n\n    if (i < len)\n        out[i] = in[i];\n\nAfter.\n");
	free(out);
}

/* A code line wider than the room breaks between tokens, its parts after the first indented as
 * the line is plus four; no identifier or number is cut (the solution view at 80 columns). */
static void code_lines_break_between_tokens(void **state)
{
	(void)state;
	/* 4 of indent leave 26 columns */
	char *out = render("```c\n\tacc += a_tile[ty * TILE + k] * b_tile[k * TILE + tx];\n```\n", 30, false);
	assert_string_equal(out,
		"        acc += a_tile[ty *\n"
		"            TILE + k] *\n"
		"            b_tile[k * TILE +\n"
		"            tx];\n");
	free(out);
	/* every token whole: no line ends inside a name */
	out = render("```c\nfloat4 result = vload4(0, matrix_with_a_long_name + row_index * columns);\n```\n", 40, false);
	assert_non_null(strstr(out, "matrix_with_a_long_name"));
	assert_non_null(strstr(out, "row_index"));
	for (char *line = out; *line; line = strchr(line, '\n') + 1) {
		size_t n = strcspn(line, "\n");
		assert_true(n <= 40);
	}
	free(out);
	/* a token wider than the room is cut: nothing is lost */
	out = render("```\nabcdefghijklmnopqrstuvwxyz0123456789\n```\n", 20, false);
	assert_string_equal(out, "    abcdefghijklmnop\n        qrstuvwxyz01\n        23456789\n");
	free(out);
}

static void tables(void **state)
{
	(void)state;
	char *out = render("| name | meaning |\n| --- | ---: |\n| `in` | input |\n| out | the output |\n",
			   60, false);
	assert_string_equal(out,
		"| name |    meaning |\n"
		"|------|------------|\n"
		"| `in` |      input |\n"
		"| out  | the output |\n");
	free(out);
	/* Too wide: cells are cut, the table still fits. */
	out = render("| a | b |\n| --- | --- |\n| aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa | bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb |\n",
		     30, true);
	assert_lines_fit(out, 30, true);
	free(out);
	/* Too wide: the widest column wraps at spaces; no word is lost. */
	out = render("| what | verdict |\n| --- | --- |\n"
		     "| one load per work-item: half the slice is never added | `wrong_result` |\n", 40, false);
	assert_string_equal(out,
		"| what                | verdict        |\n"
		"|---------------------|----------------|\n"
		"| one load per        | `wrong_result` |\n"
		"| work-item: half the |                |\n"
		"| slice is never      |                |\n"
		"| added               |                |\n");
	free(out);
	/* A style that spans the wrap goes on in the next line, and every line closes it. */
	out = render("| a | b |\n| --- | --- |\n| x **bold words that wrap** y | z |\n", 24, true);
	assert_lines_fit(out, 24, true);
	const char *second = strstr(out, "that");
	assert_non_null(second);
	const char *line = second;
	while (line > out && line[-1] != '\n')
		line--;
	assert_non_null(memmem(line, (size_t)(second - line), "\x1b[0;1m", 6));
	free(out);
}

static void wraps_to_the_width(void **state)
{
	(void)state;
	const char *md = "# A heading that is rather long for a narrow terminal\n\n"
			 "Uma lição em português: ação, função, memória local, **barreira** e `get_local_id(0)` "
			 "num parágrafo longo o bastante para quebrar em várias linhas.\n\n"
			 "> A quote that goes on and on, long enough to wrap at least once.\n\n"
			 "1. first item with [a link](https://example.org/a/long/address) in it\n"
			 "2. averyveryveryveryveryveryveryveryveryveryverylongwordwithoutanyspaces\n";
	for (int width = 20; width <= 100; width += 7) {
		for (int colour = 0; colour < 2; colour++) {
			char *out = render(md, width, colour);
			assert_lines_fit(out, width, colour);
			if (width >= 50)  /* narrower, the address itself is cut over lines */
				assert_non_null(strstr(out, "<https://example.org/a/long/address>"));
			free(out);
		}
	}
}

static void bad_input_never_crashes(void **state)
{
	(void)state;
	const char *inputs[] = {
		"", "\n\n\n", "#", "```", "```\nunclosed", "| a |\n|", "- - - - - - - - - - - - - - - - - - - x",
		">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>> deep", "\x01\x02\x7f\xff\xfe bytes", "&amp; &bogus; &#65;",
		"<b>html</b> <!-- c -->", "![img](x.png)", "* [ ] task\n* [x] done\n",
	};
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++)
		for (int width = 0; width <= 40; width += 40) {
			char *out = render(inputs[i], width, i % 2);
			assert_non_null(out);
			free(out);
		}
	/* A NUL inside the text: md4c gets the length, not a C string. */
	struct sbuf out = SBUF_INIT;
	lesson_render("a\0b", 3, 40, false, &out);
	sbuf_release(&out);
}

static void hints_split_at_their_headings(void **state)
{
	(void)state;
	struct hints h = HINTS_INIT;
	lesson_split_hints("# Hints for x\nignored\n## Hint\nfirst\n\n## Hint 2: title\nsecond\n## Hints are\nstill second\n## Hint\nthird", &h);
	assert_int_equal(h.n, 3);
	assert_string_equal(h.text[0], "first\n\n");
	assert_string_equal(h.text[1], "second\n## Hints are\nstill second\n");
	assert_string_equal(h.text[2], "third");
	lesson_hints_release(&h);
	assert_int_equal(h.n, 0);
	lesson_split_hints("no hints here\n", &h);
	assert_int_equal(h.n, 0);
	lesson_hints_release(&h);
	lesson_split_hints(NULL, &h);
	assert_int_equal(h.n, 0);
	lesson_split_hints("## Hint\r\nwindows line ends\r\n", &h);
	assert_int_equal(h.n, 1);
	lesson_hints_release(&h);
}

static void text_width(void **state)
{
	(void)state;
	assert_int_equal(term_width("abc", 3), 3);
	assert_int_equal(term_width("a\x1b[1;31mb\x1b[0mc", strlen("a\x1b[1;31mb\x1b[0mc")), 3);
	assert_int_equal(term_width("ação", strlen("ação")), 4);
	assert_int_equal(term_width("\xe2\x96\x88\xe2\x96\x91", 6), 2);
	assert_int_equal(term_width("\xff\xfe", 2), 2);   /* stray bytes count, and never hang */
	struct sbuf sb = SBUF_INIT;
	assert_int_equal(term_add_fit(&sb, "a\x1b[1mbcdef", strlen("a\x1b[1mbcdef"), 3), 3);
	assert_string_equal(sbuf_str(&sb), "a\x1b[1mbc");
	sbuf_reset(&sb);
	assert_int_equal(term_add_fit(&sb, "a\tb\x01", 4, 10), 4);
	assert_string_equal(sbuf_str(&sb), "a b?");
	sbuf_release(&sb);
	assert_int_equal(term_offset("ação!", strlen("ação!"), 3), strlen("açã"));
}

/* Figures: {{FILE.SECTION.KEY}} filled in from DIR/docs/measured/FILE.ini. */
static void figures_are_filled_in(void **state)
{
	(void)state;
	char dir[] = "/tmp/clings-figures-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *sub = xstrfmt("%s/docs", dir), *measured = xstrfmt("%s/docs/measured", dir);
	char *ini = xstrfmt("%s/docs/measured/m.ini", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	assert_int_equal(mkdir(measured, 0700), 0);
	FILE *f = fopen(ini, "w");
	assert_non_null(f);
	fputs("[device]\nname = Some GPU\ndriver = 1.2.3\ndate = 2026-11-24\n"
	      "[t]\nms = 2.95\ngbps = 1491\nneg = -0.5\nod = 1.2.3\nempty =\n", f);
	fclose(f);
	struct course c = COURSE_INIT;
	c.dir = dir;
	char *md = xstrdup("{{m.t.ms}} ms, {{m.t.gbps}} GB/s, {{m.t.neg}}, {{m.device.driver}}, "
			   "{{m.t.od}}; {{m.t.none}} {{n.t.ms}} {{m}} {{1, 2}} {{{m.t.gbps}}} {{m.t.empty}}\n");
	lesson_fill_figures(&c, "en", &md);
	assert_string_equal(md, "2.95 ms, 1491 GB/s, -0.5, 1.2.3, 1.2.3; {{m.t.none}} {{n.t.ms}} {{m}} "
			    "{{1, 2}} {1491} {{m.t.empty}}\n");
	free(md);
	md = xstrdup("{{m.t.ms}} ms, {{m.t.neg}}, {{m.device.driver}}\n");
	lesson_fill_figures(&c, "pt-BR", &md);
	assert_string_equal(md, "2,95 ms, -0,5, 1.2.3\n");   /* a driver's version is no number */
	free(md);
	md = xstrdup("no figure {{ here }}\n");
	lesson_fill_figures(&c, "en", &md);
	assert_string_equal(md, "no figure {{ here }}\n");
	free(md);
	unlink(ini);
	rmdir(measured);
	rmdir(sub);
	rmdir(dir);
	free(ini);
	free(measured);
	free(sub);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(headings_and_emphasis),
		cmocka_unit_test(lists),
		cmocka_unit_test(code_blocks_keep_their_lines),
		cmocka_unit_test(code_lines_break_between_tokens),
		cmocka_unit_test(tables),
		cmocka_unit_test(wraps_to_the_width),
		cmocka_unit_test(bad_input_never_crashes),
		cmocka_unit_test(hints_split_at_their_headings),
		cmocka_unit_test(text_width),
		cmocka_unit_test(figures_are_filled_in),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
