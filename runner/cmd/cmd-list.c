/* list.c: `clings list`: the exercises in course order with each one's state; `--names`: their
 * names alone, one a line, and `--languages`: the course's languages, one a line (for shell
 * completion). */
#include "cmd/cmd.h"

#include <string.h>
#include <stdlib.h>
#include <unistd.h>

enum { OPT_NAMES = 'n', OPT_LANGS = 'G' };
static const struct cmd_option list_options[] = {
	{ { "names", no_argument, NULL, OPT_NAMES }, NULL, N_("the exercises' names alone, one a line") },
	{ { "languages", no_argument, NULL, OPT_LANGS }, NULL, N_("the course's languages alone, one a line") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int cmd_list(const struct cmd_ctx *ctx)
{
	if (ctx->opt[OPT_LANGS]) {
		struct course_langs l;
		if (course_langs_load(ctx->course_dir, &l, false) < 0)
			return EXIT_ERROR;
		for (int i = 0; i < l.n; i++)
			printf("%s\n", l.name[i]);
		course_langs_release(&l);
		return 0;
	}
	struct course c = COURSE_INIT;
	if (course_load(ctx->course_dir, &c) < 0)
		return EXIT_ERROR;
	if (ctx->opt[OPT_NAMES]) {
		for (int i = 0; i < c.n; i++)
			printf("%s\n", c.ex[i].name);
		course_release(&c);
		return 0;
	}
	struct state st = STATE_INIT;
	state_load(&c, &st);
	bool colour = term_colour(STDOUT_FILENO);
	struct sbuf safe = SBUF_INIT;
	int done = 0;
	for (int i = 0; i < c.n; i++) {
		const struct exercise *e = &c.ex[i];
		struct exercise_state *es = state_for(&st, e->name);
		/* TRANSLATORS: the state of an exercise in `clings list`, five columns at most */
		const char *mark = es->done ? tr_ctx(ctx->lang, "list state", "done")
			: es->last_verdict[0] ? tr_ctx(ctx->lang, "list state", "todo")
					      : tr_ctx(ctx->lang, "list state", "new");
		const char *title = text_safe(exercise_title_in(ctx->lang, e), &safe);   /* the course's text */
		const char *on = style(es->done ? STYLE_DONE : es->last_verdict[0] ? STYLE_STARTED : STYLE_PLAIN, colour);
		done += es->done;
		printf("%2d  %s%-5s%s %-22s %s%s%s%s\n", i + 1, on, mark, style(STYLE_RESET, colour), e->name,
		       title, strcmp(st.current, e->name) ? "" : tr(ctx->lang, "  <- current"),
		       es->last_verdict[0] && !es->done ? tr(ctx->lang, "  last: ") : "",
		       es->last_verdict[0] && !es->done
			       ? tr(ctx->lang, verdict_label((enum verdict)verdict_from_name(es->last_verdict))) : "");
	}
	printf(tr(ctx->lang, "\n%d/%d done\n"), done, c.n);
	sbuf_release(&safe);
	state_release(&st);
	course_release(&c);
	return 0;
}

const struct cmd_entry cmd_list_entry = {
	"list", "", N_("the exercises in course order and their state"), list_options, 0, 0, cmd_list, true,
};
