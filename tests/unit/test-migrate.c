/* Unit tests of the previous format's rewrites (course/migrate.c): a wrong kernel's diagnosis
 * line with its line expectations marked, a hand-written lesson section, an [access] rule's
 * plain why, and the unified diff they are shown as. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "course/migrate.h"

static void same(const char *got, const char *want)
{
	if (!want && got)
		fail_msg("a change where none was wanted:\n%s", got);
	if (want && (!got || strcmp(got, want)))
		fail_msg("got:\n%s\nwanted:\n%s", got ? got : "(no change)", want);
}

static void kernel_marked(void **state)
{
	(void)state;
	int bad;
	const char *old = "// expect: out_of_bounds line 6\n"
			  "// expect: out_of_bounds line 6 [--no-analysis]\n"
			  "// message: guarded at line 5, and line 6 reads past\n"
			  "__kernel void k(__global int *o, uint n)\n"
			  "{\n"
			  "\tif (get_global_id(0) <= n)   \n"
			  "\t\to[get_global_id(0)] = 1;\n"
			  "}\n"
			  "// fix: cmp_tighten @6\n";
	char *got = migrate_kernel_text("k.cl", old, "guard_off_by_one", &bad);
	assert_int_equal(bad, 0);
	same(got, "// expect: out_of_bounds line @out_of_bounds\n"
		  "// expect: out_of_bounds line @out_of_bounds [--no-analysis]\n"
		  "// diagnosis: guard_off_by_one\n"
		  "// message: guarded at line 6, and line 7 reads past\n"
		  "__kernel void k(__global int *o, uint n)\n"
		  "{\n"
		  "\tif (get_global_id(0) <= n) // @out_of_bounds\n"
		  "\t\to[get_global_id(0)] = 1;\n"
		  "}\n"
		  "// fix: cmp_tighten @7\n");
	/* a second run: it has its diagnosis, nothing changes */
	same(migrate_kernel_text("k.cl", got, "guard_off_by_one", &bad), NULL);
	assert_int_equal(bad, 0);
	free(got);
}

static void kernel_names(void **state)
{
	(void)state;
	int bad;
	/* the verdict's name is taken by a marker of the author's: the next number */
	const char *old = "// expect: data_race line 3\n"
			  "// expect: wrong_result [--no-analysis]\n"
			  "x = 1; // @data_race\n"
			  "y = 2;\n";
	char *got = migrate_kernel_text("k.cl", old, "barrier_missing", &bad);
	same(got, "// expect: data_race line @data_race_2\n"
		  "// expect: wrong_result [--no-analysis]\n"
		  "// diagnosis: barrier_missing\n"
		  "x = 1; // @data_race // @data_race_2\n"
		  "y = 2;\n");
	free(got);
	/* a kernel that passes says none, without a check */
	got = migrate_kernel_text("k.cl", "// expect: pass\nx = 1;", NULL, &bad);
	same(got, "// expect: pass\n// diagnosis: none\nx = 1;");
	free(got);
}

static void kernel_refused(void **state)
{
	(void)state;
	int bad;
	/* a line a backslash continues: a comment would end the macro */
	assert_null(migrate_kernel_text("k.cl", "// expect: build_error line 2\n#define A \\\n  1\n", "build", &bad));
	assert_int_equal(bad, 1);
	assert_null(migrate_kernel_text("k.cl", "// expect: wrong_result line 9\nx = 1;\n", "index_offset", &bad));
	assert_int_equal(bad, 1);
	/* a failing kernel and no mistake to name */
	assert_null(migrate_kernel_text("k.cl", "// expect: wrong_result\nx = 1;\n", NULL, &bad));
	assert_int_equal(bad, 1);
}

static void lesson_section(void **state)
{
	(void)state;
	int bad;
	/* the section ends at the next heading of its level; a heading in a code block is code */
	const char *old = "# Scale\n\nText.\n\n## What the check tests\n\n- By hand.\n```\n## not a heading\n```\n\n"
			  "## Next\n\nMore.\n";
	char *got = migrate_lesson_text("l.md", old, "en", &bad);
	same(got, "# Scale\n\nText.\n\n{{check}}\n\n## Next\n\nMore.\n");
	same(migrate_lesson_text("l.md", got, "en", &bad), NULL);
	free(got);
	/* in the lesson's language; a lesson that has its {{check}} loses the section only */
	got = migrate_lesson_text("l.md", "{{check}}\n\n### O que a verificação testa\n\n- À mão.\n", "pt-BR", &bad);
	same(got, "{{check}}\n\n");
	free(got);
	/* the marker after the section: the section goes, no second marker */
	got = migrate_lesson_text("l.md", "## What the check tests\n\n- By hand.\n\n## End\n\n{{check}}\n", "en", &bad);
	same(got, "## End\n\n{{check}}\n");
	free(got);
	same(migrate_lesson_text("l.md", "## What the check tests, by hand\n", "en", &bad), NULL);
}

static void check_why(void **state)
{
	(void)state;
	int bad;
	const char *old = "[check]\nwhy = not a rule's\n[access local]\nconflicts = none\nshared = yes\n"
			  "why = Both,\n  on two lines.\nwhy.pt-BR = Ambos.\n[access out]\nstore = coalesced\n"
			  "why = One property: as it is.\n[access tile]\nshared = no\nconflicts = 2\nwhy = One.\n";
	char *got = migrate_check_text("c.ini", old, &bad);
	assert_int_equal(bad, 0);
	same(got, "[check]\nwhy = not a rule's\n[access local]\nconflicts = none\nshared = yes\n"
		  "conflicts.why = Both,\n  on two lines.\nshared.why = Both,\n  on two lines.\n"
		  "conflicts.why.pt-BR = Ambos.\nshared.why.pt-BR = Ambos.\n[access out]\nstore = coalesced\n"
		  "why = One property: as it is.\n[access tile]\nshared = no\nconflicts = 2\nwhy = One.\n");
	same(migrate_check_text("c.ini", got, &bad), NULL);
	free(got);
	/* a rule in two sections counts the properties of both; a why of its own stays */
	got = migrate_check_text("c.ini", "[access A]\nload = coalesced\nwhy = W\nload.why.pt-BR = P\n"
				 "[access A]\nloads_per_item = 1\n", &bad);
	same(got, "[access A]\nload = coalesced\nload.why = W\nloads_per_item.why = W\nload.why.pt-BR = P\n"
		  "[access A]\nloads_per_item = 1\n");
	free(got);
	assert_null(migrate_check_text("c.ini", "[access A\nload = coalesced\n", &bad));
	assert_int_equal(bad, 1);
}

static void diff(void **state)
{
	(void)state;
	char *buf;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	migrate_print_diff(f, "x.cl", "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n", "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n");
	fclose(f);
	same(buf, "--- a/x.cl\n+++ b/x.cl\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n"
		  "@@ -9,3 +9,4 @@\n i\n j\n k\n+l\n");
	free(buf);
	f = open_memstream(&buf, &len);
	migrate_print_diff(f, "y", "", "new\n");
	fclose(f);
	same(buf, "--- a/y\n+++ b/y\n@@ -0,0 +1,1 @@\n+new\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kernel_marked),
		cmocka_unit_test(kernel_names),
		cmocka_unit_test(kernel_refused),
		cmocka_unit_test(lesson_section),
		cmocka_unit_test(check_why),
		cmocka_unit_test(diff),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
