/* cmd-hint.c: `clings hint [EXERCISE]` prints the next hint of an exercise and counts it. */
#include "clings.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>


int hint_take(const struct course *c, const struct exercise *e, const char *lang, struct state *st,
	      struct hints *h)
{
	char *md;
	if (lesson_read(c, e, lang, ".hints", &md) < 0)
		return error("%s: no hints yet", e->name);
	lesson_split_hints(md, h);
	free(md);
	if (!h->n)
		return error("%s: no hints yet (each starts with a line '## Hint')", e->name);
	struct exercise_state *es = state_for(st, e->name);
	if (es->hints < h->n)
		return es->hints++;
	return h->n - 1;
}

static int cmd_hint(const struct cmd_ctx *ctx, int argc, char **argv)
{
	if (argc > 2) {
		fprintf(stderr, "usage: clings hint %s\n", cmd_hint_entry.usage);
		return 2;
	}
	struct course c = COURSE_INIT;
	struct state st = STATE_INIT;
	struct hints h = HINTS_INIT;
	int ret = 1;
	if (course_load(ctx->course_dir, &c) < 0)
		return 2;
	state_load(&c, &st);
	const struct exercise *e = argc == 2 ? course_find(&c, argv[1]) : exercise_current(&c, &st);
	if (!e) {
		ret = 2;
		goto out;
	}
	int i = hint_take(&c, e, ctx->lang, &st, &h);
	if (i < 0)
		goto out;
	state_save(&c, &st);
	struct sbuf md = SBUF_INIT, out = SBUF_INIT;
	sbuf_adds(&md, "## ");
	sbuf_addf(&md, ui_text(ctx->lang, "Hint %d of %d: %s"), i + 1, h.n, e->name);
	sbuf_addf(&md, "\n\n%s", h.text[i]);
	lesson_render(md.buf, md.len, term_text_width(STDOUT_FILENO), term_colour(STDOUT_FILENO), &out);
	fputs(sbuf_str(&out), stdout);
	if (i + 1 < h.n) {
		printf("\n");
		printf(ui_text(ctx->lang, "(%d more: run `clings hint %s` again)"), h.n - i - 1, e->name);
		printf("\n");
	}
	sbuf_release(&md);
	sbuf_release(&out);
	ret = 0;
out:
	lesson_hints_release(&h);
	state_release(&st);
	course_release(&c);
	return ret;
}

const struct cmd_entry cmd_hint_entry = {
	"hint", "[EXERCISE]  print the next hint, counted (of the current exercise by default)", cmd_hint
};
