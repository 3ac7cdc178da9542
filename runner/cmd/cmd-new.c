/*
 * cmd-new.c: `clings new NAME [--from EXERCISE]`: the files of a new exercise, from a template or
 * another exercise (course/scaffold.c, course_scaffold), then what the author does next.
 */
#include "cmd/cmd.h"

enum { OPT_FROM = 'f' };
static const struct cmd_option new_options[] = {
	{ { "from", required_argument, NULL, OPT_FROM }, "EXERCISE", N_("copy this exercise instead of the template") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int cmd_new(const struct cmd_ctx *ctx)
{
	const char *name = ctx->argv[0];
	if (course_scaffold(ctx->course_dir, name, ctx->opt[OPT_FROM]) < 0)
		return EXIT_ERROR;
	printf(tr(ctx->lang, "Fill in what says FILL IN; `clings validate %s` tells what is left.\n"), name);
	return EXIT_DONE;
}

const struct cmd_entry cmd_new_entry = {
	"new", "NAME", N_("write the files of a new exercise, from a template or another exercise"),
	new_options, 1, 1, cmd_new, false,
};
