/*
 * keys.c: what each key does in the main view and the pager, where n, N and p lead (the rules are
 * session.c's), and the reset that asks first.
 */
#include "watch/tui.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void go_next(struct watch *w, bool skip)
{
	int to = 0;
	refresh_progress(w);
	switch (session_next(&w->ses, skip, &to)) {
	case MOVE_OK:
		open_exercise(w, to);
		break;
	case MOVE_COURSE_DONE:
		set_status(w, STATUS_INFO, "%s", T("That was the last exercise: the course is done! q quits."));
		break;
	case MOVE_LAST_OPEN_LEFT: {
		int open = w->course.n - session_count_done(&w->ses);
		set_status(w, STATUS_INFO, trn(w->opt.lang, "That was the last exercise, but %d you skipped is "
					       "still open: p goes back.", "That was the last exercise, but %d "
					       "you skipped are still open: p goes back.", (unsigned long)open), open);
		break;
	}
	case MOVE_LAST:
		set_status(w, STATUS_INFO, "%s", T("This is the last exercise."));
		break;
	default:
		set_status(w, STATUS_BAD, T("%s has not passed yet: make it pass first (or press N to skip it)."),
			   watch_current(w)->name);
	}
}

void ask_reset(struct watch *w, int i)
{
	w->reset_target = i;
	w->reset_from = w->view == VIEW_LIST ? VIEW_LIST : VIEW_MAIN;
	w->view = VIEW_CONFIRM_RESET;
	/* TRANSLATORS: y is the answer that resets; it must be the key named by "yes key" */
	set_status(w, STATUS_QUESTION, T("Reset %s to the stub? (y/N) Your version is kept as a .bak file."),
		   path_shown(w->course.ex[i].file_path));
}

/* The answer to ask_reset: the learner's language's yes ("y", "s" in Portuguese) resets. */
static bool is_yes(const struct watch *w, int key)
{
	/* TRANSLATORS: the one letter that answers yes to "(y/N)", as written in its translation */
	const char *yes = tr_ctx(w->opt.lang, "yes key", "y");
	return key < 128 && key > 0 && yes[0] && !yes[1] && tolower(key) == tolower((unsigned char)yes[0]);
}

static void do_reset(struct watch *w, int i)
{
	char *backup = NULL;
	const struct exercise *e = &w->course.ex[i];
	if (exercise_reset(&w->course, e, &backup) < 0)
		return;   /* the error reaches the status line */
	state_reset_exercise(&w->course, &w->st, e->name);
	/* Checked now, so that what the reset says stays on the status line after the verdict; the
	 * events of our own write then find the bytes just checked, and check nothing again. */
	if (i == w->ses.cur)
		run_check(w);
	if (backup)
		set_status(w, STATUS_INFO, T("Back to the stub. Your version is kept in %s."), path_shown(backup));
	else
		set_status(w, STATUS_INFO, T("%s is the stub already."), path_shown(e->file_path));
	free(backup);
}

static void on_key_pager(struct watch *w, int key)
{
	int page = w->rows - 3 > 1 ? w->rows - 3 : 1;
	switch (key) {
	case 'q': case KEY_ESC: case 'l': case KEY_LEFT: case 3:
		w->view = w->pager_from;
		break;
	case 'h':
		if (w->pager_from == VIEW_MAIN && !show_repair(w))
			show_hint(w);
		break;
	case KEY_UP: case 'k': w->pager_scroll--; break;
	case KEY_DOWN: case 'j': case '\r': w->pager_scroll++; break;
	case KEY_PGUP: case 'b': w->pager_scroll -= page; break;
	case KEY_PGDN: case ' ': case 'f': w->pager_scroll += page; break;
	case KEY_HOME: case 'g': w->pager_scroll = 0; break;
	case KEY_END: case 'G': w->pager_scroll = w->pager.n; break;
	}
}

static void on_key_main(struct watch *w, int key)
{
	int page = w->lesson_rows > 1 ? w->lesson_rows - 1 : 1;
	switch (key) {
	case 'q': case 3: case 4:
		w->quit = true;
		break;
	case 'n': go_next(w, false); break;
	case 'N': go_next(w, true); break;
	case 'p': {
		int to = 0;
		refresh_progress(w);
		if (session_prev(&w->ses, &to) == MOVE_OK)
			open_exercise(w, to);
		else
			set_status(w, STATUS_INFO, "%s", T("This is the first exercise."));
		break;
	}
	case 'l': {
		char *title = xstrfmt(T("Lesson: %s"), exercise_title_in(w->opt.lang, watch_current(w)));
		open_pager(w, title, w->lesson_md, w->lesson_scroll);
		free(title);
		break;
	}
	case 'h':
		if (!show_repair(w))
			show_hint(w);
		break;
	case 'r': run_check(w); break;
	case 'v': show_report(w); break;
	case 's': show_solution(w); break;
	case 'L': list_open(w); break;
	case 'A': check_all(w); break;
	case '?': show_keys(w); break;
	case 'B': run_bench(w); break;   /* (b pages up, as in less) */
	case 'x': ask_reset(w, w->ses.cur); break;
	case KEY_UP: case 'k': w->lesson_scroll--; break;
	case KEY_DOWN: case 'j': w->lesson_scroll++; break;
	case KEY_PGUP: case 'b': w->lesson_scroll -= page; break;
	case KEY_PGDN: case ' ': w->lesson_scroll += page; break;
	case KEY_HOME: case 'g': w->lesson_scroll = 0; break;
	case KEY_END: case 'G': w->lesson_scroll = w->lesson.n; break;
	case 12:  /* ^L: the screen may have been scribbled on */
		if (w->interactive)
			term_write(STDOUT_FILENO, "\x1b[2J", 4);
		break;
	case 26:  /* ^Z */
		term_suspend();
		watch_resize(w);
		break;
	}
}

void on_key(struct watch *w, int key)
{
	if (w->view == VIEW_CONFIRM_RESET) {
		w->view = w->reset_from;
		question_end(w);
		if (is_yes(w, key))
			do_reset(w, w->reset_target);
		else
			set_status(w, STATUS_INFO, "%s", T("Not reset."));
	} else if (w->view == VIEW_PAGER) {
		on_key_pager(w, key);
	} else if (w->view == VIEW_LIST) {
		on_key_list(w, key);
	} else {
		on_key_main(w, key);
	}
}
