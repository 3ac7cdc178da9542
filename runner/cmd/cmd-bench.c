/* cmd-bench.c: `clings bench EXERCISE`: how fast a kernel that passes is, beside the reference and a
 * copy of the same bytes, as a table or JSON. */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { OPT_FILE = 'F', OPT_JSON = 'J' };
static const struct cmd_option bench_options[] = {
	{ { "file", required_argument, NULL, OPT_FILE }, "PATH", N_("bench PATH instead of the exercise's own file") },
	{ { "json", no_argument, NULL, OPT_JSON }, NULL, N_("print the figures as one JSON object") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int cmd_bench(const struct cmd_ctx *ctx)
{
	struct course c = COURSE_INIT;
	if (course_load(ctx->course_dir, &c) < 0)
		return EXIT_ERROR;
	const struct exercise *e = course_find(&c, ctx->argv[0]);
	if (!e) {
		course_release(&c);
		return EXIT_ERROR;
	}
	struct bench_options o = { .device = ctx->device, .file = ctx->opt[OPT_FILE], .lang = ctx->lang };
	struct bench_result b;
	int rc = bench_exercise(&c, e, &o, &b);
	if (ctx->opt[OPT_JSON]) {
		if (bench_report_json(&b, stdout, ctx->lang) < 0 && !rc)
			rc = -1;
	} else {
		/* lines at the terminal's width (COLUMNS', 80 in a file or a pipe); COLUMNS=0: as long as
		 * they come, for tools, as validate's */
		struct sbuf out = SBUF_INIT;
		const char *columns = getenv("COLUMNS");
		int rows, cols = 0;
		if (!columns || strcmp(columns, "0"))
			term_size(STDOUT_FILENO, &rows, &cols);
		bench_report_text(&b, &out, ctx->lang, cols);
		fputs(sbuf_str(&out), rc ? stderr : stdout);
		sbuf_release(&out);
	}
	bench_result_release(&b);
	course_release(&c);
	return rc < 0 ? EXIT_ERROR : rc;
}

const struct cmd_entry cmd_bench_entry = {
	"bench", "EXERCISE", N_("time a kernel that passes, beside the reference and a copy of the same bytes"),
	bench_options, 1, 1, cmd_bench, true,
};
