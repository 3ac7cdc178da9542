/*
 * state.c: the learner's progress in COURSE/.clings-state, an ini file:
 *
 *     [clings]
 *     version = 1
 *     current = memory_4
 *
 *     [exercise]
 *     name = memory_4
 *     done = no
 *     hints = 1
 *     last = wrong_result
 *
 * (The name is a key, not part of the section header: inih cuts long section names short.)
 * The file is only ever replaced whole (write_file_atomic), so a crash leaves the old one or the
 * new one. Anything we cannot trust (missing, unreadable, not ini, another version, bad values)
 * is dropped: the state starts empty with `recovered` set, and the caller re-checks exercises to
 * learn again what passed. Progress is cheap to recompute; a crash over a bad file is not.
 */
#include "course/course.h"

#include <errno.h>
#include <ini.h>
#include <stdlib.h>
#include <string.h>

#define STATE_FILE ".clings-state"
#define STATE_VERSION 1
#define MAX_HINTS_COUNTED 1000  /* more than any exercise has; larger counts are corruption */

struct load_ctx {
	struct state *st;
	bool bad;
	bool seen_version;
	struct exercise_state *es;  /* the [exercise] section being read, once it named itself */
};

static bool parse_count(const char *v, int *out)
{
	char *end;
	errno = 0;
	long n = strtol(v, &end, 10);
	if (errno || end == v || *end || n < 0 || n > MAX_HINTS_COUNTED)
		return false;
	*out = (int)n;
	return true;
}

/* inih's callback: 1 keeps it going; problems only mark the file as untrustworthy. */
static int on_entry(void *user, const char *section, const char *key, const char *value)
{
	struct load_ctx *ctx = user;
	if (!strcmp(section, "clings")) {
		if (!strcmp(key, "version")) {
			int v;
			ctx->seen_version = true;
			if (!parse_count(value, &v) || v != STATE_VERSION)
				ctx->bad = true;
		} else if (!strcmp(key, "current")) {
			if (*value && !exercise_name_valid(value))
				ctx->bad = true;
			else
				copy_str(ctx->st->current, sizeof(ctx->st->current), value);
		}
		return 1;
	}
	if (strcmp(section, "exercise"))
		return 1;   /* a later version's section: not ours to judge */
	if (!strcmp(key, "name")) {
		if (!exercise_name_valid(value)) {
			ctx->bad = true;
			ctx->es = NULL;
		} else {
			ctx->es = state_for(ctx->st, value);
		}
		return 1;
	}
	struct exercise_state *es = ctx->es;
	if (!es) {
		ctx->bad = true;    /* a value before the name: whose is it? */
		return 1;
	}
	if (!strcmp(key, "done")) {
		if (!parse_yes_no(value, &es->done))
			ctx->bad = true;
	} else if (!strcmp(key, "hints")) {
		if (!parse_count(value, &es->hints))
			ctx->bad = true;
	} else if (!strcmp(key, "last")) {
		if (*value && verdict_from_name(value) < 0)
			ctx->bad = true;
		else
			copy_str(es->last_verdict, sizeof(es->last_verdict), value);
	}
	return 1;
}

char *state_path(const struct course *c)
{
	return xstrfmt("%s/%s", c->dir, STATE_FILE);
}

int state_load(const struct course *c, struct state *st)
{
	state_release(st);
	char *path = state_path(c);
	FILE *f = fopen(path, "r");
	if (!f) {
		if (errno != ENOENT)
			warning("%s: cannot read, starting afresh:", path);
		st->recovered = true;
		free(path);
		return 0;
	}
	struct load_ctx ctx = { st, false, false, NULL };
	int line = ini_parse_file(f, on_entry, &ctx);
	fclose(f);
	if (line || ctx.bad || !ctx.seen_version) {
		state_release(st);
		st->recovered = true;
	}
	free(path);
	return 0;
}

int state_save(const struct course *c, const struct state *st)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_adds(&sb, "# clings: your progress. Deleting this file is safe: clings then re-checks.\n");
	sbuf_addf(&sb, "[clings]\nversion = %d\ncurrent = %s\n", STATE_VERSION,
		  exercise_name_valid(st->current) ? st->current : "");
	for (int i = 0; i < st->n; i++) {
		const struct exercise_state *es = &st->ex[i];
		if (!exercise_name_valid(es->name))
			continue;
		sbuf_addf(&sb, "\n[exercise]\nname = %s\ndone = %s\nhints = %d\n", es->name,
			  es->done ? "yes" : "no", es->hints);
		if (es->last_verdict[0] && verdict_from_name(es->last_verdict) >= 0)
			sbuf_addf(&sb, "last = %s\n", es->last_verdict);
	}
	char *path = state_path(c);
	int ret = 0;
	if (write_file_atomic(path, sb.buf, sb.len) < 0)
		ret = error("%s: cannot save progress:", path);
	free(path);
	sbuf_release(&sb);
	return ret;
}

struct exercise_state *state_for(struct state *st, const char *name)
{
	for (int i = 0; i < st->n; i++)
		if (!strcmp(st->ex[i].name, name))
			return &st->ex[i];
	st->ex = xrealloc(st->ex, (size_t)(st->n + 1) * sizeof(*st->ex));
	struct exercise_state *es = &st->ex[st->n++];
	memset(es, 0, sizeof(*es));
	copy_str(es->name, sizeof(es->name), name);
	return es;
}

void state_release(struct state *st)
{
	free(st->ex);
	st->ex = NULL;
	st->n = 0;
	st->current[0] = '\0';
	st->recovered = false;
}
