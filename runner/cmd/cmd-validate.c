/*
 * cmd-validate.c: `clings validate [EXERCISE...]`: everything a course promises, tried
 * (validate/validate.c, validate_course). Exit 0 only when everything holds.
 */
#include "cmd/cmd.h"

enum { OPT_QUICK = 'q', OPT_TAP = 'T' };
static const struct cmd_option validate_options[] = {
	{ { "quick", no_argument, NULL, OPT_QUICK }, NULL, N_("read the files only: run no kernel") },
	{ { "tap", no_argument, NULL, OPT_TAP }, NULL, N_("print one TAP line a step instead of the table") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int cmd_validate(const struct cmd_ctx *ctx)
{
	struct validate_options o = { .lang = ctx->lang, .device = ctx->device,
				      .quick = ctx->opt[OPT_QUICK] != NULL, .tap = ctx->opt[OPT_TAP] != NULL };
	int problems = validate_course(ctx->course_dir, ctx->argv, ctx->argc, &o);
	return problems < 0 ? EXIT_ERROR : problems ? EXIT_FAILED : EXIT_DONE;
}

const struct cmd_entry cmd_validate_entry = {
	"validate", "[EXERCISE...]",
	N_("try a course: its files, its solutions, stubs and wrong kernels; problems as file:line"),
	validate_options, 0, 1000, cmd_validate, false,
};
