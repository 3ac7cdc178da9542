/* cmd-watch.c: `clings watch`, the tutorial (watch/), and what `clings` alone runs. */
#include "cmd/cmd.h"

static int cmd_watch(const struct cmd_ctx *ctx)
{
	struct watch_options o = { .course_dir = ctx->course_dir, .lang = ctx->lang, .device = ctx->device,
				   .notice = cmd_workspace_notices() };
	return watch_run(&o);
}

const struct cmd_entry cmd_watch_entry = {
	"watch", "", N_("the tutorial: lesson, edit, save, verdict, next (the default)"), NULL, 0, 0, cmd_watch,
};
