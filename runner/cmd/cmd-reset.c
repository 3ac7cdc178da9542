/* reset.c: `clings reset EXERCISE` puts the exercise's stub back (course/stub.c). */
#include "cmd/cmd.h"

#include <stdlib.h>

static int cmd_reset(const struct cmd_ctx *ctx)
{
	struct course c = COURSE_INIT;
	if (course_load(ctx->course_dir, &c) < 0)
		return EXIT_ERROR;
	const struct exercise *e = course_find(&c, ctx->argv[0]);
	int ret = e ? EXIT_FAILED : EXIT_ERROR;
	char *backup = NULL;
	if (e && exercise_reset(&c, e, &backup) == 0) {
		if (backup)
			printf(tr(ctx->lang, "%s: back to the stub; your version is kept in %s\n"),
			       e->file_path, backup);
		else
			printf(tr(ctx->lang, "%s: already the stub\n"), e->file_path);
		/* The stub is back: what passed before is no longer the file's. */
		ret = state_reset_exercise(&c, NULL, e->name) < 0 ? EXIT_FAILED : EXIT_DONE;
	}
	free(backup);
	course_release(&c);
	return ret;
}

const struct cmd_entry cmd_reset_entry = {
	"reset", "EXERCISE", N_("put the stub back; your version is kept as NAME.cl.bak"), NULL, 1, 1, cmd_reset, true,
};
