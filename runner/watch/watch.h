/*
 * watch.h: the tutorial: the current exercise's lesson, a check on every save, the verdict, the
 * next exercise. Runs in a terminal (raw keys, a screen of its own) or, without one, as plain
 * lines for scripts and screen readers.
 */
#ifndef WATCH_WATCH_H
#define WATCH_WATCH_H

#include "ui/ui.h"

struct watch_options {
	const char *course_dir;
	const char *lang;
	const char *device;   /* NULL: the default device */
	const char *notice;   /* lines said before the tutorial began (a workspace's newer stubs), shown
			       * in it first: the screen would hide them; NULL or "" for none */
};
/* The tutorial's keys: pairs of a key and what it does (English, translated when shown), ending
 * with NULL; and the course list's keys in one sentence. watch_print_keys prints them in lang as
 * the lines of a --help section. */
extern const char *const watch_keys[];
extern const char *const watch_list_keys;
void watch_print_keys(FILE *f, const char *lang);
/* ---- the tutorial's rules, with no terminal (session.c) ---- */
struct session {
	const struct course *course;
	struct state *st;        /* the progress as the last change left it in the file (state_update) */
	int cur;                 /* the open exercise */
};
enum session_move { MOVE_OK, MOVE_NOT_PASSED, MOVE_LAST, MOVE_LAST_OPEN_LEFT, MOVE_COURSE_DONE, MOVE_FIRST };
/* The exercise to open at the start: the state's current one, else the first not done. */
int session_start(const struct session *s);
/* Opens exercise i: current in the state (saved); its pristine stub kept on a first visit. */
void session_open(struct session *s, int i);
/* What a verdict of the open exercise changes: its last verdict, and done on a pass. Saved. */
void session_record(struct session *s, enum verdict v);
/* Where n leads (N with skip): *to on MOVE_OK; otherwise why not (not passed yet, the last
 * exercise, the last one passed with others skipped and still open, or the course done). */
enum session_move session_next(const struct session *s, bool skip, int *to);
/* Where p leads: the exercise before, or, from the last one passed while others are still open
 * (skipped), the first of those. */
enum session_move session_prev(const struct session *s, int *to);
/* What the course list shows of exercise i: passed; the open one, not passed (current); not
 * passed while a later one was opened (skipped); or not reached yet (open). */
enum exercise_mark { MARK_PASSED, MARK_CURRENT, MARK_SKIPPED, MARK_OPEN };
enum exercise_mark session_mark(const struct session *s, int i);
bool session_is_done(const struct session *s, const struct exercise *e);
int session_count_done(const struct session *s);
/* After a lost or corrupt state file: each exercise in turn is opened (through session_open)
 * and checked, its verdict recorded, by open_and_check(ctx, i), until one does not pass;
 * returns the exercise left open. */
int session_recover(struct session *s, enum verdict (*open_and_check)(void *ctx, int i), void *ctx);

/* Runs until the learner quits; returns the exit status (0, or 1 when the loop failed, 2 when
 * the course cannot be loaded or the terminal cannot be taken). */
int watch_run(const struct watch_options *o);

#endif
