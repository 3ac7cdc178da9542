/* cmd-list.c: `clings list`: the exercises in course order with each one's state. */
#include "clings.h"

#include <string.h>
#include <stdlib.h>
#include <unistd.h>

static int cmd_list(const struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "usage: clings list\n");
		return 2;
	}
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
		const char *mark = es->done ? "done" : es->last_verdict[0] ? "todo" : "new";
		const char *title = !strcmp(ctx->lang, "pt-BR") && e->title_pt ? e->title_pt : e->title;
		const char *on = !colour ? "" : es->done ? "\033[32m" : es->last_verdict[0] ? "\033[33m" : "";
		done += es->done;
		printf("%2d  %s%-5s%s %-22s %s%s%s%s\n", i + 1, on, mark, colour ? "\033[0m" : "", e->name,
		       title, strcmp(st.current, e->name) ? "" : "  <- current",
		       es->last_verdict[0] && !es->done ? "  last: " : "",
		       es->last_verdict[0] && !es->done ? es->last_verdict : "");
	}
	printf("\n%d/%d done\n", done, c.n);
	state_release(&st);
	course_release(&c);
	return 0;
}

const struct cmd_entry cmd_list_entry = { "list", "the exercises in course order and their state", cmd_list };
