/*
 * prepare.c: `clings prepare [EXERCISE...]`: what a first check makes, made ahead, so that the
 * first verdict comes as fast as the tenth. Each exercise's own file is checked once, as the
 * tutorial checks it on opening (the verdict cache on, no repair search, nothing recorded in the
 * learner's progress): PoCL's probed options and the precompiled header (pch.c), the reference's
 * kept binary (refbin.c) and PoCL's compiled kernels are then there for the learner's first
 * edit, and the verdict of a file nobody has touched yet, its stub, is in the verdict cache
 * (cache.c), which answers it when the exercise opens instead of running it again. Every verdict
 * kept is one a whole check reached on this machine; a kernel that changes is checked anew.
 * The tutorial of --learner (./run.sh) runs it in the background, at a low priority, while the
 * first lesson is read (cmd-watch.c); the grading image when it is built. Order: the exercises
 * named, else the current one and those after it, then those before (--after-current: those
 * after it only). Each check's load proves its [repeat] loops end, at their lines.
 */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_AFTER_CURRENT = 'a' };
static const struct cmd_option prepare_options[] = {
	{ { "after-current", no_argument, NULL, OPT_AFTER_CURRENT }, NULL,
	  N_("only the exercises after the current one (the tutorial checks that one as it opens)") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

static int cmd_prepare(const struct cmd_ctx *ctx)
{
	struct course c = COURSE_INIT;
	struct state st = STATE_INIT;
	if (course_load(ctx->course_dir, &c) < 0)
		return EXIT_ERROR;
	sandbox_preload_runtimes();   /* a check of each exercise's stub: runtimes loaded once */
	state_load(&c, &st);
	const struct exercise *cur = exercise_current(&c, &st);
	int first = cur ? (int)(cur - c.ex) : 0, failed = 0;
	int n = ctx->argc ? ctx->argc : c.n;
	if (!ctx->argc && ctx->opt[OPT_AFTER_CURRENT]) {
		first++;
		n = c.n - first;
	}
	for (int k = 0; k < n; k++) {
		const struct exercise *e = ctx->argc ? course_find(&c, ctx->argv[k]) : &c.ex[(first + k) % c.n];
		if (!e) {   /* course_find said why */
			failed++;
			continue;
		}
		struct check_options o = { .device = ctx->device, .lang = ctx->lang, .cache = true };
		struct report r = REPORT_INIT;
		double t0 = now_seconds();
		int rc = check_exercise(&c, e, &o, &r);
		/* a check that could not run is clings' error: said, and the next one prepared */
		if (rc < 0 || r.verdict == VERDICT_ERROR) {
			char *text = msg_text(&r.message, NULL);
			error("%s: not prepared: %s", e->name, text && *text ? text : "the check could not run");
			free(text);
			failed++;
		} else {
			printf("%-22s %s%s (%.1f s)\n", e->name, tr(ctx->lang, verdict_label(r.verdict)),
			       r.cached ? tr(ctx->lang, ", known") : "", now_seconds() - t0);
			fflush(stdout);
		}
		report_release(&r);
	}
	state_release(&st);
	course_release(&c);
	return failed ? EXIT_ERROR : EXIT_DONE;
}

int cmd_prepare_ahead(const struct cmd_ctx *ctx)
{
	struct cmd_ctx ahead = *ctx;
	ahead.opt[OPT_AFTER_CURRENT] = "";
	ahead.argc = 0;
	return cmd_prepare(&ahead);
}

const struct cmd_entry cmd_prepare_entry = {
	"prepare", "[EXERCISE...]",
	N_("check each exercise's own file ahead, so that its first check is answered at once"),
	prepare_options, 0, 64, cmd_prepare, true,
};
