/*
 * state.c: the learner's progress, progress.ini in course_state_dir(), an ini file:
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
 *
 * Several clings may run on one course at once (the watcher in one shell, `clings check` in
 * another). Every change is therefore one state_update(): under an flock on progress.lock
 * it reads the file afresh, applies the change and replaces the file, so no process writes back
 * a copy that misses another's pass. The same exercise named twice (a hand-edited file) is
 * merged by the rule of state_merge().
 */
#include "course/course.h"

#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#define STATE_FILE "progress.ini"
#define LOCK_FILE "progress.lock"
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

/* The merge rule for one exercise: a pass is never lost, the hints seen are the most either saw,
 * and a verdict is kept where there is one. */
static void merge_one(struct exercise_state *into, const struct exercise_state *from)
{
	into->done = into->done || from->done;
	if (from->hints > into->hints)
		into->hints = from->hints;
	if (!into->last_verdict[0])
		copy_str(into->last_verdict, sizeof(into->last_verdict), from->last_verdict);
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
			/* Read into an entry of its own: a name written twice is merged, not overwritten. */
			ctx->st->ex = xrealloc(ctx->st->ex, (size_t)(ctx->st->n + 1) * sizeof(*ctx->st->ex));
			ctx->es = &ctx->st->ex[ctx->st->n++];
			memset(ctx->es, 0, sizeof(*ctx->es));
			copy_str(ctx->es->name, sizeof(ctx->es->name), value);
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

/* Folds every later entry of a name into its first one (state_merge's rule), in place. */
static void merge_duplicates(struct state *st)
{
	int kept = 0;
	for (int i = 0; i < st->n; i++) {
		int j = 0;
		while (j < kept && strcmp(st->ex[j].name, st->ex[i].name))
			j++;
		if (j < kept)
			merge_one(&st->ex[j], &st->ex[i]);
		else
			st->ex[kept++] = st->ex[i];
	}
	st->n = kept;
}

/* A file of the state directory, the directory made when make is set (to write: reading
 * a progress that is not there needs none). */
static char *state_file(const struct course *c, const char *name, bool make)
{
	char *dir = course_state_dir(c), *path = xstrfmt("%s/%s", dir, name);
	if (make)
		make_dirs(dir);
	free(dir);
	return path;
}

char *state_path(const struct course *c)
{
	return state_file(c, STATE_FILE, false);
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
	} else {
		merge_duplicates(st);
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
	char *path = state_file(c, STATE_FILE, true);
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
	st->unsaved = false;
}

void state_merge(struct state *into, const struct state *from)
{
	for (int i = 0; i < from->n; i++)
		merge_one(state_for(into, from->ex[i].name), &from->ex[i]);
	if (!into->current[0])
		copy_str(into->current, sizeof(into->current), from->current);
}

int state_lock(const struct course *c, long wait_ms)
{
	char *path = state_file(c, LOCK_FILE, true);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd < 0) {
		error("%s: cannot open the lock of your progress, not saved:", path);
		free(path);
		return -1;
	}
	double until = now_seconds() + (double)wait_ms / 1000.0;
	bool locked;
	while (!(locked = flock(fd, LOCK_EX | LOCK_NB) == 0)) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			error("%s: cannot lock your progress, not saved:", path);
			break;
		}
		if (now_seconds() >= until) {
			error("%s: another clings kept your progress locked for %ld ms; not saved", path, wait_ms);
			break;
		}
		nanosleep(&(struct timespec){ 0, 5 * 1000 * 1000 }, NULL);
	}
	if (!locked) {
		close(fd);
		fd = -1;
	}
	free(path);
	return fd;
}

void state_unlock(int fd)
{
	if (fd >= 0)
		close(fd);   /* the flock goes with the last descriptor of the open file */
}

int state_update(const struct course *c, struct state *st, state_change_fn *change, void *arg)
{
	int fd = state_lock(c, STATE_LOCK_WAIT_MS);
	if (fd < 0) {
		if (st) {
			change(st, arg);   /* the session goes on with it; a later update saves it */
			st->unsaved = true;
		}
		return -1;
	}
	struct state fresh = STATE_INIT;
	state_load(c, &fresh);
	/* What only the caller still knows (a file removed or spoilt meanwhile, a change whose save
	 * failed) is merged in, not dropped. */
	if (st && (fresh.recovered || st->unsaved))
		state_merge(&fresh, st);
	change(&fresh, arg);
	int rc = state_save(c, &fresh);
	state_unlock(fd);
	fresh.recovered = false;
	fresh.unsaved = rc < 0;
	if (st) {
		state_release(st);
		*st = fresh;
	} else {
		state_release(&fresh);
	}
	return rc;
}

/* ---- the changes every command makes ---- */

struct verdict_change {
	const char *name;
	enum verdict v;
};

static void record_verdict(struct state *st, void *arg)
{
	const struct verdict_change *vc = arg;
	struct exercise_state *es = state_for(st, vc->name);
	es->done = es->done || vc->v == VERDICT_PASS;   /* done stays done: a later failure keeps it */
	copy_str(es->last_verdict, sizeof(es->last_verdict), verdict_name(vc->v));
}

int state_record_verdict(const struct course *c, struct state *st, const char *name, enum verdict v)
{
	struct verdict_change vc = { name, v };
	return state_update(c, st, record_verdict, &vc);
}

static void mark_current(struct state *st, void *arg)
{
	state_for(st, arg);
	copy_str(st->current, sizeof(st->current), arg);
}

int state_mark_current(const struct course *c, struct state *st, const char *name)
{
	return state_update(c, st, mark_current, (void *)name);
}

static void forget(struct state *st, void *arg)
{
	struct exercise_state *es = state_for(st, arg);
	es->done = false;
	es->last_verdict[0] = '\0';
}

int state_reset_exercise(const struct course *c, struct state *st, const char *name)
{
	return state_update(c, st, forget, (void *)name);
}
