/*
 * cmd-validate.c: `clings validate [EXERCISE...]`: everything a course promises, tried
 * (validate/validate.c, validate_course). Exit 0 only when everything holds. --migrate [--write]
 * rewrites a course of the previous format instead (course/migrate.h): exit 1 when it shows
 * changes it did not write.
 */
#include "cmd/cmd.h"

enum { OPT_QUICK = 'q', OPT_TAP = 'T', OPT_MIGRATE = 'M', OPT_WRITE = 'w' };
static const struct cmd_option validate_options[] = {
	{ { "quick", no_argument, NULL, OPT_QUICK }, NULL, N_("read the files only: run no kernel") },
	{ { "tap", no_argument, NULL, OPT_TAP }, NULL, N_("print one TAP line a step instead of the table") },
	{ { "migrate", no_argument, NULL, OPT_MIGRATE }, NULL,
	  N_("show a previous-format course's rewrite as a diff") },
	{ { "write", no_argument, NULL, OPT_WRITE }, NULL,
	  N_("with --migrate: write it (backups in .clings-backup/)") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int cmd_validate(const struct cmd_ctx *ctx)
{
	if (ctx->opt[OPT_WRITE] && !ctx->opt[OPT_MIGRATE])
		return error(tr(ctx->lang, "--write writes a migration: give --migrate too")), EXIT_ERROR;
	struct validate_options o = { .lang = ctx->lang, .device = ctx->device,
				      .quick = ctx->opt[OPT_QUICK] != NULL, .tap = ctx->opt[OPT_TAP] != NULL,
				      .migrate = ctx->opt[OPT_MIGRATE] != NULL,
				      .write = ctx->opt[OPT_WRITE] != NULL };
	if (!o.quick && !o.migrate)
		sandbox_preload_runtimes();   /* hundreds of checks: their children's runtimes loaded once */
	int problems = validate_course(ctx->course_dir, ctx->argv, ctx->argc, &o);
	return problems < 0 ? EXIT_ERROR : problems ? EXIT_FAILED : EXIT_DONE;
}

const struct cmd_entry cmd_validate_entry = {
	"validate", "[EXERCISE...]",
	N_("try a course: its files, its solutions, stubs and wrong kernels; problems as file:line"),
	validate_options, 0, 1000, cmd_validate, false,
};
