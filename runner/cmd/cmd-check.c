/* cmd-check.c: `clings check [EXERCISE]`: one check (of the current exercise when none is named), its
 * verdict as text or JSON, the exit status. */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { OPT_FILE = 'F', OPT_JSON = 'J', OPT_NO_ANALYSIS = 'N', OPT_NO_CACHE = 'K', OPT_NO_REPAIR = 'R',
       OPT_SEED = 'S', OPT_VERBOSE = 'v' };
static const struct cmd_option check_options[] = {
	{ { "file", required_argument, NULL, OPT_FILE }, "PATH", N_("check PATH instead of the exercise's own file") },
	{ { "json", no_argument, NULL, OPT_JSON }, NULL, N_("print the report as one JSON object") },
	{ { "no-analysis", no_argument, NULL, OPT_NO_ANALYSIS }, NULL, N_("skip the analysis on Oclgrind") },
	{ { "no-cache", no_argument, NULL, OPT_NO_CACHE }, NULL, N_("check again even if the kernel has not changed") },
	{ { "no-repair", no_argument, NULL, OPT_NO_REPAIR }, NULL, N_("do not look for the smallest change that makes the kernel pass") },
	{ { "seed", required_argument, NULL, OPT_SEED }, "N", N_("the random inputs' seed (as a grade recorded it)") },
	{ { "verbose", no_argument, NULL, OPT_VERBOSE }, NULL, N_("show the compiler's and the analysis's logs") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int cmd_check(const struct cmd_ctx *ctx)
{
	struct check_options o = { .device = ctx->device, .lang = ctx->lang, .file = ctx->opt[OPT_FILE],
				   .no_analysis = ctx->opt[OPT_NO_ANALYSIS], .verbose = ctx->opt[OPT_VERBOSE],
				   .cache = !ctx->opt[OPT_NO_CACHE] };
	if (ctx->opt[OPT_SEED] && parse_seed(ctx->opt[OPT_SEED], &o.seed) < 0) {
		error("--seed: '%s' is not a number from 1 to 2^64-1", ctx->opt[OPT_SEED]);
		return EXIT_ERROR;
	}
	bool json = ctx->opt[OPT_JSON];
	struct course c = COURSE_INIT;
	struct state st = STATE_INIT;
	const struct exercise *e = cmd_exercise(ctx, &c, &st);   /* none named: the current one */
	if (!e)
		return EXIT_ERROR;
	state_release(&st);
	struct report r = REPORT_INIT;
	int rc = check_exercise(&c, e, &o, &r);
	struct repair rp = REPAIR_INIT;
	struct sbuf err = SBUF_INIT;
	if (json) {
		/* one object: the search runs first, and its result is the object's "repair" */
		if (rc == 0 && !ctx->opt[OPT_NO_REPAIR] && repair_automatic() &&
		    repair_search(&c, e, &o, &r, NULL, &rp, &err) < 0)
			error("no repair was looked for: %s", err.buf);
		repair_confirm(&rp, &r);   /* the diagnoses it proves, in the report's own list */
		json_t *doc = report_json(&r, ctx->lang);
		report_json_set_repair(doc, &rp, ctx->lang);
		if (json_doc_print(stdout, doc) < 0)
			rc = -1;
	} else {
		/* the verdict first, on the screen while the search runs */
		report_print_text(&r, stdout, term_colour(STDOUT_FILENO), o.verbose, ctx->lang);
		fflush(stdout);
		if (rc == 0 && !ctx->opt[OPT_NO_REPAIR] && repair_automatic()) {
			if (repair_search(&c, e, &o, &r, NULL, &rp, &err) < 0)
				error("no repair was looked for: %s", err.buf);
			struct render_options ro = { .lang = ctx->lang, .parts = 1u << PART_REPAIR,
						     .colour = term_colour(STDOUT_FILENO) };
			struct report_lines l = REPORT_LINES_INIT;
			repair_render(&rp, 1, &ro, &l);
			if (l.n)   /* a part of its own, after the verdict's */
				fputc('\n', stdout);
			report_lines_print(&l, stdout);
			report_lines_release(&l);
			if (repair_confirm(&rp, &r) > 0) {   /* what it proved, under the rung */
				struct render_options po = { .lang = ctx->lang, .parts = 1u << PART_DIAGNOSIS,
							     .colour = ro.colour, .repair_proved_only = true };
				struct report_lines p = REPORT_LINES_INIT;
				report_render(&r, &po, &p);
				report_lines_print(&p, stdout);
				report_lines_release(&p);
			}
		}
	}
	sbuf_release(&err);
	/* The verdict of the learner's own file, so `list` and the watcher know what passed. */
	if (rc == 0 && !o.file)
		state_record_verdict(&c, NULL, e->name, r.verdict);   /* it says so itself when it cannot */
	int status = rc < 0 ? EXIT_ERROR : r.verdict == VERDICT_PASS ? EXIT_DONE : EXIT_FAILED;
	report_release(&r);
	course_release(&c);
	return status;
}

const struct cmd_entry cmd_check_entry = {
	"check", "[EXERCISE]", N_("check an exercise once (the current one by default) and print the verdict"),
	check_options, 0, 1, cmd_check, true,
};
