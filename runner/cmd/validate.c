/* validate.c: `clings validate`: loads every file of a course and reports file:line problems. */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <unistd.h>

static int check_readable(const char *what, const char *path)
{
	if (access(path, R_OK) == 0)
		return 0;
	return error("%s: %s missing:", path, what);
}

/* A course gives every exercise HINTS_PER_EXERCISE hints of growing detail. */
static int count_hints(const char *path)
{
	char *md;
	if (read_file(path, &md, NULL) < 0)
		return 0; /* already reported as missing */
	struct hints h = HINTS_INIT;
	lesson_split_hints(md, &h);
	int n = h.n;
	lesson_hints_release(&h);
	free(md);
	if (n != HINTS_PER_EXERCISE)
		return error("%s:1: %d hints (each starting with a line \"## Hint\"); a course gives %d",
			     path, n, HINTS_PER_EXERCISE);
	return 0;
}

static int cmd_validate(const struct cmd_ctx *ctx)
{
	struct course c = COURSE_INIT;
	if (course_load(ctx->course_dir, &c) < 0)
		return 2;
	int bad = 0;
	static const char *const langs[] = { "en", "pt-BR" };
	for (int i = 0; i < c.n; i++) {
		const struct exercise *e = &c.ex[i];
		struct check_spec *spec = xcalloc(1, sizeof(*spec));  /* about 200 KB */
		if (check_spec_load(e->check_path, spec) < 0)
			bad++;
		else
			check_spec_release(spec);
		free(spec);
		bad += check_readable("stub", e->file_path) < 0;
		bad += check_readable("solution", e->solution_path) < 0;
		for (int l = 0; l < 2; l++) {
			char *lesson = course_lesson_path(&c, e, langs[l], "");
			char *hints = course_lesson_path(&c, e, langs[l], ".hints");
			bad += check_readable("lesson", lesson) < 0;
			bad += check_readable("hints", hints) < 0;
			bad += count_hints(hints) < 0;
			free(lesson);
			free(hints);
		}
	}
	printf("%d exercise%s, %d problem%s\n", c.n, c.n == 1 ? "" : "s", bad, bad == 1 ? "" : "s");
	course_release(&c);
	return bad ? 1 : 0;
}

const struct cmd_entry cmd_validate_entry = {
	"validate", "", N_("check every file of the course and report problems as file:line"), NULL, 0, 0, cmd_validate,
};
