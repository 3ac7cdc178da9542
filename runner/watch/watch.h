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
};
/* Runs until the learner quits; returns the exit status (0, or 1 when the loop failed, 2 when
 * the course cannot be loaded or the terminal cannot be taken). */
int watch_run(const struct watch_options *o);

#endif
