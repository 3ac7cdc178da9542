/* cmd-check.c: `clings check EXERCISE [--file PATH] [--device SPEC] [--json] [--no-analysis]`. */
#include "clings.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Records the verdict of the learner's own file, so `list` and the watcher know what passed. */
static void remember(const struct course *c, const struct exercise *e, const struct report *r)
{
	struct state st = STATE_INIT;
	state_load(c, &st);
	struct exercise_state *es = state_for(&st, e->name);
	es->done = es->done || r->verdict == VERDICT_PASS;
	copy_str(es->last_verdict, sizeof(es->last_verdict), verdict_name(r->verdict));
	state_save(c, &st);  /* it says so itself when it cannot */
	state_release(&st);
}

static int cmd_check(const struct cmd_ctx *ctx, int argc, char **argv)
{
	struct check_options o = { .device = ctx->device, .lang = ctx->lang };
	const char *name = NULL;
	bool json = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		if ((v = option_value(argc, argv, &i, "--file"))) {
			o.file = v;
		} else if ((v = option_value(argc, argv, &i, "--device"))) {
			o.device = v;
		} else if (!strcmp(a, "--json")) {
			json = true;
		} else if (!strcmp(a, "--no-analysis")) {
			o.no_analysis = true;
		} else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
			o.verbose = true;
		} else if (a[0] != '-' && !name) {
			name = a;
		} else {
			error("check: unexpected '%s'", a);
			fprintf(stderr, "usage: clings check %s\n", cmd_check_entry.usage);
			return 2;
		}
	}
	if (!name) {
		fprintf(stderr, "usage: clings check %s\n", cmd_check_entry.usage);
		return 2;
	}
	struct course c = COURSE_INIT;
	if (course_load(ctx->course_dir, &c) < 0)
		return 2;
	const struct exercise *e = course_find(&c, name);
	if (!e) {
		course_release(&c);
		return 2;
	}
	struct report r = REPORT_INIT;
	int rc = check_exercise(&c, e, &o, &r);
	if (json)
		report_print_json(&r, stdout);
	else
		report_print_text(&r, stdout, term_colour(STDOUT_FILENO), o.verbose, ctx->lang);
	if (rc == 0 && !o.file)
		remember(&c, e, &r);
	int status = rc < 0 ? 2 : r.verdict == VERDICT_PASS ? 0 : 1;
	report_release(&r);
	course_release(&c);
	return status;
}

const struct cmd_entry cmd_check_entry = {
	"check", "EXERCISE [--file PATH] [--device SPEC] [--json] [--no-analysis] [--verbose]", cmd_check,
};
