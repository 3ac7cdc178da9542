/* cmd-watch.c: `clings watch`, the tutorial (watch/), and what `clings` alone runs. */
#include "cmd/cmd.h"

#include <errno.h>
#include <unistd.h>

/* In the child: the next exercises' first checks, at a low priority (the tutorial's come first). */
static int prepare_ahead(void *arg, int channel)
{
	(void)channel;
	errno = 0;
	if (nice(10) == -1 && errno)
		return EXIT_ERROR;
	return cmd_prepare_ahead(arg);
}

static int cmd_watch(const struct cmd_ctx *ctx)
{
	struct watch_options o = { .course_dir = ctx->course_dir, .lang = ctx->lang, .device = ctx->device,
				   .notice = cmd_workspace_notices() };
	/* --learner: while the lesson is read, `clings prepare --after-current` makes the next
	 * exercises' first checks ahead; it ends with the tutorial (its group killed, or its
	 * parent's death), whatever it has done by then */
	struct child prep = CHILD_INIT;
	struct child_start how = { .own_group = true };
	if (ctx->learner && child_start(&prep, &how, prepare_ahead, (void *)ctx) < 0)
		prep.pid = -1;   /* said; the tutorial goes on without it */
	int rc = watch_run(&o);
	child_release(&prep);
	return rc;
}

const struct cmd_entry cmd_watch_entry = {
	"watch", "", N_("the tutorial: lesson, edit, save, verdict, next (the default)"), NULL, 0, 0, cmd_watch,
	true,
};
