/*
 * session.c: the tutorial's rules, apart from any terminal: which exercise is open, what a
 * verdict changes, where n, N and p lead, and how progress is rebuilt after a lost or corrupt
 * state file. The watcher (watch.c) draws what these decide; tests/unit/test-session.c tests
 * them without a screen.
 */
#include "watch/watch.h"

#include <string.h>

bool session_is_done(const struct session *s, const struct exercise *e)
{
	for (int i = 0; i < s->st->n; i++)
		if (!strcmp(s->st->ex[i].name, e->name))
			return s->st->ex[i].done;
	return false;
}

int session_count_done(const struct session *s)
{
	int n = 0;
	for (int i = 0; i < s->course->n; i++)
		n += session_is_done(s, &s->course->ex[i]);
	return n;
}

int session_start(const struct session *s)
{
	return course_index(s->course, exercise_current(s->course, s->st));
}

void session_open(struct session *s, int i)
{
	s->cur = i;
	const struct exercise *e = &s->course->ex[i];
	bool first_visit = true;
	for (int j = 0; j < s->st->n; j++)
		first_visit &= strcmp(s->st->ex[j].name, e->name) != 0;
	/* A stub never seen before is the pristine one: kept, so that reset works without git. */
	if (first_visit)
		exercise_keep_original(s->course, e);
	state_mark_current(s->course, s->st, e->name);
}

void session_record(struct session *s, enum verdict v)
{
	/* done stays done: a later wrong save does not undo a pass, here or in the file */
	state_record_verdict(s->course, s->st, s->course->ex[s->cur].name, v);
}

enum session_move session_next(const struct session *s, bool skip, int *to)
{
	bool passed = session_is_done(s, &s->course->ex[s->cur]);
	if (s->cur + 1 >= s->course->n)
		return !passed ? MOVE_LAST
		       : session_count_done(s) < s->course->n ? MOVE_LAST_OPEN_LEFT : MOVE_COURSE_DONE;
	if (!passed && !skip)
		return MOVE_NOT_PASSED;
	*to = s->cur + 1;
	return MOVE_OK;
}

/* The first exercise not done, or -1. */
static int first_open(const struct session *s)
{
	for (int i = 0; i < s->course->n; i++)
		if (!session_is_done(s, &s->course->ex[i]))
			return i;
	return -1;
}

enum session_move session_prev(const struct session *s, int *to)
{
	/* The last exercise passed with others skipped: "p goes back" to the first of those. */
	bool last_passed = s->cur + 1 >= s->course->n && session_is_done(s, &s->course->ex[s->cur]);
	int open = last_passed ? first_open(s) : -1;
	if (open >= 0) {
		*to = open;
		return MOVE_OK;
	}
	if (s->cur == 0)
		return MOVE_FIRST;
	*to = s->cur - 1;
	return MOVE_OK;
}

static bool visited(const struct session *s, const struct exercise *e)
{
	for (int i = 0; i < s->st->n; i++)
		if (!strcmp(s->st->ex[i].name, e->name))
			return true;
	return false;
}

enum exercise_mark session_mark(const struct session *s, int i)
{
	if (session_is_done(s, &s->course->ex[i]))
		return MARK_PASSED;
	if (i == s->cur)
		return MARK_CURRENT;
	for (int j = i + 1; j < s->course->n; j++)
		if (j == s->cur || visited(s, &s->course->ex[j]))
			return MARK_SKIPPED;
	return MARK_OPEN;
}

int session_recover(struct session *s, enum verdict (*open_and_check)(void *ctx, int i), void *ctx)
{
	for (int i = 0; i < s->course->n; i++) {
		enum verdict v = open_and_check(ctx, i);
		if (v != VERDICT_PASS)
			return i;
	}
	return s->course->n - 1;
}
