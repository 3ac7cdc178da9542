/* hint.c: `clings hint [EXERCISE]` prints the next hint of an exercise and counts it. */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static int cmd_hint(const struct cmd_ctx *ctx)
{
	struct course c = COURSE_INIT;
	struct state st = STATE_INIT;
	struct hints h = HINTS_INIT;
	int ret = 1;
	const struct exercise *e = cmd_exercise(ctx, &c, &st);
	if (!e)
		return EXIT_ERROR;
	int i = hint_take(&c, e, ctx->lang, &st, &h);
	if (i < 0)
		goto out;
	hint_print(e, &h, i, ctx->lang, term_colour(STDOUT_FILENO));
	printf("\n");
	if (i + 1 < h.n)
		printf(tr(ctx->lang, "(%d more: run `clings hint %s` again)"), h.n - i - 1, e->name);
	else   /* asked again, it is this one again: say so rather than repeat it silently */
		printf(tr(ctx->lang, "(that is the last hint of %s; `clings lesson %s` has the whole lesson)"),
		       e->name, e->name);
	printf("\n");
	ret = 0;
out:
	lesson_hints_release(&h);
	state_release(&st);
	course_release(&c);
	return ret;
}

const struct cmd_entry cmd_hint_entry = {
	"hint", "[EXERCISE]", N_("show the next hint (of the current exercise by default)"), NULL, 0, 1, cmd_hint, true,
};
