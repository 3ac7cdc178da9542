/* lesson.c: `clings lesson [EXERCISE]` prints an exercise's lesson, rendered for the terminal. */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static int cmd_lesson(const struct cmd_ctx *ctx)
{
	struct course c = COURSE_INIT;
	struct state st = STATE_INIT;
	int ret = 1;
	char *md = NULL;
	const struct exercise *e = cmd_exercise(ctx, &c, &st);
	if (!e)
		return EXIT_ERROR;
	if (lesson_read(&c, e, ctx->lang, "", &md) < 0) {
		char *path = course_lesson_path(&c, e, ctx->lang, "");
		error("%s: no lesson yet:", path);
		free(path);
		goto out;
	}
	struct sbuf out = SBUF_INIT;
	lesson_render(md, strlen(md), term_text_width(STDOUT_FILENO), term_colour(STDOUT_FILENO), &out);
	fputs(sbuf_str(&out), stdout);
	sbuf_release(&out);
	ret = 0;
out:
	free(md);
	state_release(&st);
	course_release(&c);
	return ret;
}

const struct cmd_entry cmd_lesson_entry = {
	"lesson", "[EXERCISE]", N_("print the lesson (of the current exercise by default)"), NULL, 0, 1, cmd_lesson, true,
};
