/* list.c: `clings list`: the exercises in course order with each one's state. */
#include "cmd/cmd.h"

#include <string.h>
#include <stdlib.h>
#include <unistd.h>

static int cmd_list(const struct cmd_ctx *ctx)
{
	struct course c = COURSE_INIT;
	if (course_load(ctx->course_dir, &c) < 0)
		return 2;
	struct state st = STATE_INIT;
	state_load(&c, &st);
	bool colour = term_colour(STDOUT_FILENO);
	int done = 0;
	for (int i = 0; i < c.n; i++) {
		const struct exercise *e = &c.ex[i];
		struct exercise_state *es = state_for(&st, e->name);
		const char *mark = ui_text_ctx(ctx->lang, "list state", es->done ? "done" : es->last_verdict[0] ? "todo" : "new");
		const char *title = exercise_title_in(ctx->lang, e);
		const char *on = !colour ? "" : es->done ? "\033[32m" : es->last_verdict[0] ? "\033[33m" : "";
		done += es->done;
		printf("%2d  %s%-5s%s %-22s %s%s%s%s\n", i + 1, on, mark, colour ? "\033[0m" : "", e->name,
		       title, strcmp(st.current, e->name) ? "" : ui_text(ctx->lang, "  <- current"),
		       es->last_verdict[0] && !es->done ? ui_text(ctx->lang, "  last: ") : "",
		       es->last_verdict[0] && !es->done ? es->last_verdict : "");
	}
	printf(ui_text(ctx->lang, "\n%d/%d done\n"), done, c.n);
	state_release(&st);
	course_release(&c);
	return 0;
}

const struct cmd_entry cmd_list_entry = {
	"list", "", "the exercises in course order and their state", NULL, 0, 0, cmd_list,
};
