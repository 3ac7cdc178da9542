/*
 * cmd-grade.c: `clings grade SUBMISSION` and `clings grade --class DIR`: every exercise of a
 * submission checked and scored, the results written in the formats graders read. Reads the
 * options and calls grade_command (grade/grade-class.c), or class_merge for --merge.
 * The exit status says whether grading worked, not what it found: 0 once results are written.
 */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_EXERCISES = 'E', OPT_OUT = 'o', OPT_FORMAT = 'f', OPT_JOBS = 'j', OPT_SEED = 'S',
       OPT_CLASS = 'K', OPT_BUDGET = 'B', OPT_NO_ANALYSIS = 'N', OPT_SHARD = 'H', OPT_MERGE = 'M',
       OPT_ROSTER = 'R' };
static const struct cmd_option grade_options[] = {
	{ { "exercises", required_argument, NULL, OPT_EXERCISES }, "LIST", N_("grade only these exercises (a,b,c)") },
	{ { "out", required_argument, NULL, OPT_OUT }, "DIR", N_("where the results go (default: results)") },
	{ { "format", required_argument, NULL, OPT_FORMAT }, "LIST",
	  N_("exercism, gradescope, prairielearn, classroom, junit, tap, summary or all (the default)") },
	{ { "jobs", required_argument, NULL, OPT_JOBS }, "N", N_("run N checks at once") },
	{ { "seed", required_argument, NULL, OPT_SEED }, "N", N_("the random inputs' seed (to repeat a grading)") },
	{ { "class", required_argument, NULL, OPT_CLASS }, "DIR", N_("grade every directory in DIR as one submission") },
	{ { "shard", required_argument, NULL, OPT_SHARD }, "I/N", N_("with --class: only submissions I, I+N, I+2N, ...") },
	{ { "merge", no_argument, NULL, OPT_MERGE }, NULL,
	  N_("join the results of a class's shards (the operands: their --out directories)") },
	{ { "roster", required_argument, NULL, OPT_ROSTER }, "CSV",
	  N_("with --class or --merge: the students' identities for the gradebook") },
	{ { "time-budget", required_argument, NULL, OPT_BUDGET }, "SECONDS", N_("the most one submission may take") },
	{ { "no-analysis", no_argument, NULL, OPT_NO_ANALYSIS }, NULL, N_("skip the analysis on Oclgrind") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int cmd_grade(const struct cmd_ctx *ctx)
{
	struct grade_options o = { .course_dir = ctx->course_dir, .lang = ctx->lang, .device = ctx->device,
				   .exercises = ctx->opt[OPT_EXERCISES], .jobs = 1,
				   .no_analysis = ctx->opt[OPT_NO_ANALYSIS] != NULL, .shards = 1,
				   .out_dir = ctx->opt[OPT_OUT] ? ctx->opt[OPT_OUT] : "results" };
	const char *class_dir = ctx->opt[OPT_CLASS];
	char *end;
	if (ctx->opt[OPT_MERGE]) {
		if (class_dir || !ctx->argc) {
			error("grade --merge: give the --out directories of a class's shards, and no --class");
			return EXIT_ERROR;
		}
		struct class_merge_options m = { o.out_dir, ctx->opt[OPT_ROSTER], ctx->lang };
		int rc = class_merge(ctx->argv, ctx->argc, &m);
		return rc < 0 ? EXIT_ERROR : rc ? EXIT_FAILED : EXIT_DONE;
	}
	if ((class_dir != NULL) == (ctx->argc == 1) || ctx->argc > 1) {
		error("grade: give one SUBMISSION directory, or --class DIR");
		return EXIT_ERROR;
	}
	if (grade_formats_parse(ctx->opt[OPT_FORMAT], &o.formats) < 0)
		return EXIT_ERROR;
	if (ctx->opt[OPT_JOBS]) {
		long j = strtol(ctx->opt[OPT_JOBS], &end, 10);
		if (*end || j < 1 || j > 64) {
			error("--jobs: '%s' is not a number from 1 to 64", ctx->opt[OPT_JOBS]);
			return EXIT_ERROR;
		}
		o.jobs = (int)j;
	}
	if (ctx->opt[OPT_SEED] && parse_seed(ctx->opt[OPT_SEED], &o.seed) < 0) {
		error("--seed: '%s' is not a number from 1 to 2^64-1", ctx->opt[OPT_SEED]);
		return EXIT_ERROR;
	}
	if (ctx->opt[OPT_BUDGET]) {
		o.time_budget = strtod(ctx->opt[OPT_BUDGET], &end);
		if (*end || !(o.time_budget > 0)) {
			error("--time-budget: '%s' is not a number of seconds", ctx->opt[OPT_BUDGET]);
			return EXIT_ERROR;
		}
	}
	if (ctx->opt[OPT_SHARD]) {
		long i = strtol(ctx->opt[OPT_SHARD], &end, 10), k = -1;
		if (*end == '/' && end > ctx->opt[OPT_SHARD])
			k = strtol(end + 1, &end, 10);
		if (*end || k < 1 || k > CLASS_SHARDS_MAX || i < 0 || i >= k) {
			error("--shard: '%s' is not I/N with 0 <= I < N <= %d", ctx->opt[OPT_SHARD], CLASS_SHARDS_MAX);
			return EXIT_ERROR;
		}
		o.shard = (int)i;
		o.shards = (int)k;
	}
	sandbox_preload_runtimes();   /* a check an exercise, a class's many: runtimes loaded once */
	int rc = grade_command(&o, ctx->argc ? ctx->argv[0] : NULL, class_dir, ctx->opt[OPT_ROSTER]);
	return rc < 0 ? EXIT_ERROR : EXIT_DONE;
}

const struct cmd_entry cmd_grade_entry = {
	"grade", "[SUBMISSION | --merge DIR...]", N_("grade a submission (or a class) for a course's grader"),
	grade_options, 0, 64,
	cmd_grade, false,
};
