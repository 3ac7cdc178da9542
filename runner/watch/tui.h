/*
 * tui.h: the watcher's own parts, shared by watch.c (files, keys, the loop, the actions) and
 * screen.c (what is drawn, and the plain lines without a terminal). Not for other layers.
 */
#ifndef WATCH_TUI_H
#define WATCH_TUI_H

#include "watch/watch.h"

#define SETTLE_MS 200            /* writes without a close closer than this are one save */
#define LESSON_MAX_WIDTH 100     /* wider lines are hard to read */
#define BAR_WIDTH 20
#define VERDICT_SHARE_PCT 66     /* of the rows below the title, the verdict may take this much */
#define BUILD_LOG_LINES 12
#define STATUS_MAX 512
#define CHROME_ROWS 4            /* title, rule, status, legend */



enum view { VIEW_MAIN, VIEW_PAGER, VIEW_CONFIRM_RESET };
enum status_kind { STATUS_INFO, STATUS_BAD, STATUS_BUSY };

struct lines {
	char **v;
	int n;
};

struct watch {
	struct watch_options opt;  /* global options, copied */
	struct course course;
	struct state st;
	struct session ses;       /* the rules: course and st above, and the open exercise */
	bool interactive, colour;
	int rows, cols;
	enum view view;
	bool quit;

	char *lesson_md;
	struct lines lesson;      /* rendered for lesson_width */
	int lesson_width;
	int lesson_scroll;
	int lesson_rows;          /* rows the lesson pane has (watch_layout): the page size */
	int verdict_rows;         /* rows the verdict has below it (watch_layout) */

	struct report report;
	bool have_report;
	int checks;               /* checks run since start: shows that a save was seen */
	char checked_at[16];

	char status[STATUS_MAX];
	enum status_kind status_kind;

	char *pager_md;           /* the pager's text: lesson, hints or the whole report */
	struct lines pager;       /* pager_md rendered for pager_width */
	int pager_width;
	char pager_title[STATUS_MAX];
	int pager_scroll;

	int ino_fd, wd_dir, wd_file;
	double settle_at;         /* when the last burst of events is over; 0: none pending */
	bool settle_after_save;   /* what is pending came from the file's events (not a key) */
	uint64_t checked_hash;    /* of the bytes the last check read (file_hash), 0: unknown */
	struct standby standby;   /* the next check's execution child, warming up meanwhile */

	FILE *err_file;           /* stderr while quiet: shown in the status line */
	int saved_stderr;         /* the real stderr while quiet, else -1 */
	long err_shown;
};

#define T(english) tr(w->opt.lang, english)

/* ---- screen.c: draws the state, changes none of it ---- */
void lines_add(struct lines *l, const char *s, size_t n);
void lines_addf(struct lines *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lines_split(struct lines *l, const char *text);
void lines_release(struct lines *l);
const struct exercise *watch_current(const struct watch *w);
/* Plain text set into lines of at most width columns, each starting with indent (words are cut
 * only where one is longer than a line); sgr and reset around each line's text. */
void lines_wrap(struct lines *l, const char *text, int width, const char *indent, const char *sgr,
		const char *reset);
/* The verdict as lines of at most width columns (with whole_log, the compiler's log whole). */
void verdict_lines(const struct watch *w, struct lines *l, int width, bool whole_log);
void screen_draw(const struct watch *w);     /* the whole screen as watch_layout set it, in one write */
void print_exercise(const struct watch *w);  /* without a terminal: what is open */
void print_verdict(const struct watch *w);   /* without a terminal: the verdict as one line and more */

/* ---- layout.c: the state the screen shows ---- */
void set_status(struct watch *w, enum status_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Renders Markdown for the pane's width into l (again only when the width changed). */
void render_md(struct watch *w, const char *md, struct lines *l, int *width);
int text_width(const struct watch *w);
void watch_resize(struct watch *w);   /* after SIGWINCH: the size, and the texts set again */
/* The texts at the window's width, the rows of the lesson and the verdict, the scrolls kept
 * within their texts. */
void watch_layout(struct watch *w);
void watch_redraw(struct watch *w);   /* watch_layout, then screen_draw */

#endif
