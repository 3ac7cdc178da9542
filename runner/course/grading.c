/*
 * grading.c: what a course's grading shows a student, in course.ini beside its languages:
 *
 *   [grading]
 *   repair = place          ; none (the default), place, kind or edit
 *   repair_seconds = 8      ; processor seconds the search may take for one exercise
 *
 * `repair` is how far up the repair's ladder (engine/repair.h) every grading format goes for a
 * kernel that fails: nothing, the place of the smallest change that makes every test pass, also
 * its kind, or also the edit itself. None by default: a search costs each failing exercise up
 * to repair_seconds of the grader's processor time (a class, a platform's time limit: exercism
 * allows 20 s a run), and whether a student may be shown where the mistake is in work that is
 * scored is the instructor's decision, not clings'.
 */
#include "course/course.h"

#include <ini.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define COURSE_INI "course.ini"
#define REPAIR_SECONDS_MAX 600   /* a platform's whole run is 10 minutes or less */

static const char *const shown_names[] = { "none", "place", "kind", "edit" };

const char *repair_shown_name(enum repair_shown s)
{
	return (unsigned)s < sizeof(shown_names) / sizeof(shown_names[0]) ? shown_names[s] : "none";
}

struct grading_ctx {
	struct course_grading *g;
	char err[200];
};

static int grading_key(struct grading_ctx *ctx, const char *key, const char *value)
{
	if (!strcmp(key, "repair")) {
		for (size_t k = 0; k < sizeof(shown_names) / sizeof(shown_names[0]); k++)
			if (!strcmp(value, shown_names[k])) {
				ctx->g->repair = (enum repair_shown)k;
				return 1;
			}
		snprintf(ctx->err, sizeof(ctx->err), "repair must be none, place, kind or edit");
		return 0;
	}
	if (!strcmp(key, "repair_seconds")) {
		char *end;
		double v = strtod(value, &end);
		if (end == value || *end || !isfinite(v) || v <= 0 || v > REPAIR_SECONDS_MAX) {
			snprintf(ctx->err, sizeof(ctx->err), "repair_seconds must be a number of seconds "
				 "above 0, at most %d", REPAIR_SECONDS_MAX);
			return 0;
		}
		ctx->g->repair_seconds = v;
		return 1;
	}
	snprintf(ctx->err, sizeof(ctx->err), "unknown key '%s' in [grading] (repair, repair_seconds)", key);
	return 0;
}

/* [course] is languages.c's, which checks it; only [grading] is read here. */
static int grading_handler(void *user, const char *section, const char *key, const char *value)
{
	return strcmp(section, "grading") ? 1 : grading_key(user, key, value);
}

int course_grading_load(const char *dir, struct course_grading *g, bool quiet)
{
	*g = (struct course_grading){ .repair = REPAIR_SHOWN_NONE };
	char *path = xstrfmt("%s/%s", dir, COURSE_INI), *text = NULL;
	if (read_file(path, &text, NULL) < 0) {
		free(path);
		return 0;   /* no course.ini: the defaults */
	}
	struct grading_ctx ctx = { .g = g };
	int line = ini_long_line(text);
	if (line > 0)
		snprintf(ctx.err, sizeof(ctx.err), "line too long (%d characters at most)", INI_LINE_MAX);
	else if (!(line = ini_duplicate(text, ctx.err, sizeof(ctx.err))))
		line = ini_parse_string(text, grading_handler, &ctx);
	if (line && !quiet)
		error("%s:%d: %s", path, line, ctx.err[0] ? ctx.err : "syntax error");
	free(text);
	free(path);
	if (line) {
		*g = (struct course_grading){ .repair = REPAIR_SHOWN_NONE };
		return -1;
	}
	return 0;
}
