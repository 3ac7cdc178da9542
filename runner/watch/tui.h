/*
 * tui.h: the watcher's own parts, shared by watch.c (the files, the check, the loop), keys.c (what
 * each key does), views.c and bench-view.c (what opens over the main view), course-list.c (L and
 * A), layout.c (the state the screen shows) and screen.c (what is drawn, and the plain lines
 * without a terminal). Not for other layers.
 */
#ifndef WATCH_TUI_H
#define WATCH_TUI_H

#include "watch/watch.h"
#include "engine/repair/repair.h"

#define SETTLE_MS 200            /* writes without a close closer than this are one save */
#define LESSON_MAX_WIDTH 100     /* wider lines are hard to read */
#define BAR_WIDTH 20
#define VERDICT_SHARE_PCT 50     /* of the rows below the title, the verdict may take this much */
#define BUILD_LOG_LINES 12
#define STATUS_MAX 512
#define CHROME_ROWS 4            /* title, rule, status, legend */



enum view { VIEW_MAIN, VIEW_PAGER, VIEW_CONFIRM_RESET, VIEW_LIST };
/* A question (the reset's) stays on the status row until it is answered (question_end): what
 * set_status or clear_status would put there meanwhile (a check's progress, its end) is not
 * shown. */
enum status_kind { STATUS_INFO, STATUS_BAD, STATUS_BUSY, STATUS_QUESTION };

struct lines {
	char **v;
	int n;
};

/* A key of the legend: shown while the row has room, the lowest prio first, in the list's order. */
struct legend_key {
	const char *key, *word;   /* word: a catalog id */
	int prio;
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
	/* The repair of the report's kernel (engine/repair.h) and the rung of its ladder shown: 1
	 * the place (after the verdict), 2 its kind, 3 the edit, one more a press of h; the edit
	 * too once the next check passes. */
	struct repair repair;
	int repair_rung;
	int checks;               /* checks run since start: shows that a save was seen */
	char checked_at[16];

	char status[STATUS_MAX];
	enum status_kind status_kind;

	char *pager_md;           /* the pager's text: lesson, hints or the whole report */
	struct lines pager;       /* pager_md rendered for pager_width */
	int pager_width;
	char pager_title[STATUS_MAX];
	int pager_scroll;
	enum view pager_from;     /* the view q goes back to */

	int ino_fd, wd_dir, wd_file;
	double settle_at;         /* when the last burst of events is over; 0: none pending */
	bool settle_after_save;   /* what is pending came from the file's events (not a key) */
	/* The last name the folder's events named, and whether the watcher has read events since it
	 * last said it was idle (CLINGS_TRACE, for tests that wait on it: trace_idle). */
	char trace_event[256];   /* a file name: NAME_MAX bytes at most */
	bool trace_idle_due;
	uint64_t checked_hash;    /* of the bytes the last check read (file_hash), 0: unknown */
	struct standby standby;   /* the next check's execution child, warming up meanwhile */

	int list_sel;             /* the course list (L): the exercise under the cursor */
	int all_at;               /* the exercise that A checks now */
	int reset_target;         /* the exercise x asks about */
	enum view reset_from;     /* and the view that asked, to go back to */

	/* A check stops when the learner's file is written meanwhile (or a key is pressed): busy_ino
	 * watches the file alone, busy_fd (epoll) is readable when it or the keyboard is. */
	int busy_ino, busy_fd, busy_wd_file;

	double bench_seconds;     /* how long the last bench took; 0: not known */
	bool bench_cpu;           /* and whether its device was a CPU */
	char bench_exercise[NAME_MAX_LEN];   /* and what it benched */
	double bench_started;
	char *bench_note;         /* while a bench runs: its time and what its figures are worth */

	FILE *err_file;           /* stderr while quiet: shown in the status line */
	int saved_stderr;         /* the real stderr while quiet, else -1 */
	long err_shown;
};

#define T(english) tr(w->opt.lang, english)

/* ---- watch.c: the files, the check, the loop ---- */
bool run_check(struct watch *w);   /* false: no verdict (stopped by a key or a save, or unreadable) */
void open_exercise(struct watch *w, int i);   /* its lesson, its file watched, a check soon */
void refresh_progress(struct watch *w);      /* the progress as the file has it now */
void busy_drain(struct watch *w);            /* before a check: the writes it will read are no news */

/* ---- views.c: what opens over the main view ---- */
/* Markdown in the pager; without a screen, printed (the main view stays). */
void open_pager(struct watch *w, const char *title, const char *md, int scroll_to);
void show_hint(struct watch *w);
/* The repair's next rung, while it has one: true when shown (h shows the hints after the last). */
bool show_repair(struct watch *w);
void show_report(struct watch *w);
void show_solution(struct watch *w);   /* refused until the exercise has passed */
void show_keys(struct watch *w);       /* ?: every key of every view */

/* ---- bench-view.c ---- */
void run_bench(struct watch *w);       /* B: refused until the kernel passes */

/* ---- keys.c ---- */
void on_key(struct watch *w, int key);
void ask_reset(struct watch *w, int i);   /* the prompt; the answer is the next key */

/* ---- course-list.c: the course list (L) and the check of every exercise (A) ---- */
void list_open(struct watch *w);
void on_key_list(struct watch *w, int key);
void check_all(struct watch *w);
void list_draw(const struct watch *w, struct sbuf *s);

/* ---- screen.c: draws the state, changes none of it ---- */
/* One row: cut to the width, then cleared to its end; fill pads with spaces (for bars). */
void put_row(const struct watch *w, struct sbuf *s, int row, const char *text, enum style role, bool fill);
void draw_status(const struct watch *w, struct sbuf *s, int row);
void draw_legend(const struct watch *w, struct sbuf *s, const struct legend_key *keys);
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
/* The status row's text (without a terminal, printed as a line, but a busy one). While a
 * question is on the row, only question_end takes it off: set_status and clear_status leave it. */
void set_status(struct watch *w, enum status_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void clear_status(struct watch *w);
/* The question answered (or no longer asked): the row is empty, set_status's again. */
void question_end(struct watch *w);
/* Renders Markdown for the pane's width into l (again only when the width changed). */
void render_md(struct watch *w, const char *md, struct lines *l, int *width);
int text_width(const struct watch *w);
void watch_resize(struct watch *w);   /* after SIGWINCH: the size, and the texts set again */
/* The texts at the window's width, the rows of the lesson and the verdict, the scrolls kept
 * within their texts. */
void watch_layout(struct watch *w);
void watch_redraw(struct watch *w);   /* watch_layout, then screen_draw */

#endif
