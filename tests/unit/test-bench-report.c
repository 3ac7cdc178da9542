/* Unit tests of the bench's table (ui/bench-report.c): its columns fit the exercise, a
 * work-group the runtime chose is named so, and every line fits the width asked for. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/engine.h"
#include "ui/ui.h"

/* A bench of two rows, with the reference beside each, on a CPU, with or without flops. */
static void fill(struct bench_result *b, struct bench_row rows[2], bool flops, const char *group)
{
	memset(b, 0, sizeof(*b));
	memset(rows, 0, 2 * sizeof(*rows));
	snprintf(b->exercise, sizeof(b->exercise), "matmul");
	b->device = "Portable Computing Language / pthread-skylake-avx512-AMD EPYC 9654 96-Core Processor";
	b->cpu = true;
	b->bytes = 786432;
	b->copy_s = 1e-5;
	b->copy_bytes = 786432;
	b->naccess = -1;
	if (flops) {
		b->peak_s = 0.01;
		b->peak_flops = 4e10;
	}
	for (int i = 0; i < 2; i++) {
		snprintf(rows[i].name, sizeof(rows[i].name), "M=256 ts=%d", 8 << i);
		snprintf(rows[i].group, sizeof(rows[i].group), "%s", group);
		rows[i].passes = 1;
		rows[i].bytes_first = rows[i].bytes_loop = 786432;
		rows[i].flops = flops ? 2.0 * 256 * 256 * 256 : 0;
		rows[i].loop_s = rows[i].first_s = 0.1;
		rows[i].ref_loop_s = rows[i].ref_first_s = 0.08;
	}
	b->rows = rows;
	b->nrows = 2;
}

static char *text(const struct bench_result *b, const char *lang, int width)
{
	struct sbuf out = SBUF_INIT;
	bench_report_text(b, &out, lang, width);
	return sbuf_detach(&out);
}

/* The heading row of the table: the line that starts with the work-group's column. */
static const char *heading(const char *t, const char *group)
{
	char *want = xstrfmt("\n  %s ", group);
	const char *h = strstr(t, want);
	free(want);
	assert_non_null(h);
	return h + 1;
}

static void flops_columns(void **state)
{
	(void)state;
	struct bench_result b;
	struct bench_row rows[2];
	fill(&b, rows, true, "8x8");
	char *t = text(&b, "en", 0);
	const char *h = heading(t, "work-group");
	size_t n = strcspn(h, "\n");
	/* both rates, each with its share: GFLOP/s of the peak, GB/s of the copy */
	if (!memmem(h, n, "GFLOP/s", 7) || !memmem(h, n, "of peak", 7) || !memmem(h, n, "GB/s", 4) ||
	    !memmem(h, n, "of copy", 7))
		fail_msg("a multiply's table: %.*s", (int)n, h);
	assert_non_null(strstr(t, "A copy of the same bytes"));
	assert_non_null(strstr(t, "GFLOP/s: the operations"));
	assert_non_null(strstr(t, "GB/s: the bytes"));
	free(t);
	fill(&b, rows, false, "64");
	t = text(&b, "en", 0);
	h = heading(t, "work-group");
	n = strcspn(h, "\n");
	if (!memmem(h, n, "GB/s", 4) || memmem(h, n, "GFLOP/s", 7))
		fail_msg("a copy's table: %.*s", (int)n, h);
	free(t);
}

static void auto_group(void **state)
{
	(void)state;
	struct bench_result b;
	struct bench_row rows[2];
	fill(&b, rows, false, BENCH_GROUP_AUTO);
	char *t = text(&b, "en", 0);
	assert_null(strstr(t, "auto"));
	assert_non_null(strstr(t, "\n  the device's ts=8 "));
	free(t);
}

/* Every line within the width, in both languages; the table's rows keep their columns. */
static void fits(void **state)
{
	(void)state;
	const char *langs[] = { "en", "pt-BR" };
	for (int flops = 0; flops < 2; flops++)
		for (int l = 0; l < 2; l++) {
			struct bench_result b;
			struct bench_row rows[2];
			fill(&b, rows, flops, "16x16");
			b.multipass = !flops;
			char *t = text(&b, langs[l], 74);
			for (const char *p = t; *p;) {
				size_t n = strcspn(p, "\n");
				if (term_width(p, n) > 74)
					fail_msg("%s: %d columns: '%.*s'", langs[l], term_width(p, n), (int)n, p);
				p += n + (p[n] == '\n');
			}
			/* the catalog's prose filled again, not cut: its last words end a line whole */
			const char *end = l ? "conta como 2).\n" : "counts as 2).\n";
			if (flops && !strstr(t, end))
				fail_msg("%s: no line ends in '%s': %s", langs[l], end, t);
			free(t);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flops_columns),
		cmocka_unit_test(auto_group),
		cmocka_unit_test(fits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
