/*
 * watch.c: `clings` with no command. The learner stays here for the whole course: the lesson,
 * the file to edit, and the verdict of every save, checked as soon as the editor has written it.
 *
 * One loop polls the keyboard, inotify and the signal pipe (SIGWINCH). Every change of what is
 * shown builds the whole screen in one buffer and writes it at once. Checks run synchronously;
 * their progress callback redraws the status line, so a slow analysis still shows that it works.
 *
 * When standard input or output is not a terminal the same loop runs without a screen: it prints
 * each exercise and each verdict as plain text, and reads single-letter commands from stdin.
 */
#include "watch/watch.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SETTLE_MS 200            /* a burst of editor events closer than this is one save */
#define LESSON_MAX_WIDTH 100     /* wider lines are hard to read */
#define BAR_WIDTH 20
#define VERDICT_SHARE_PCT 66     /* of the rows below the title, the verdict may take this much */
#define BUILD_LOG_LINES 12
#define STATUS_MAX 512
#define CHROME_ROWS 4            /* title, rule, status, legend */

#define C_RESET "\x1b[0m"
#define C_BOLD "\x1b[1m"
#define C_DIM "\x1b[2m"
#define C_RED "\x1b[1;31m"
#define C_GREEN "\x1b[1;32m"
#define C_YELLOW "\x1b[1;33m"
#define C_CYAN "\x1b[36m"
#define C_BAR "\x1b[7m"

#define DIR_EVENTS (IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY)
#define FILE_EVENTS (IN_CLOSE_WRITE | IN_MODIFY | IN_MOVE_SELF | IN_DELETE_SELF)

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
	int cur;
	bool interactive, colour;
	int rows, cols;
	enum view view;
	bool quit;

	char *lesson_md;
	struct lines lesson;      /* rendered for lesson_width */
	int lesson_width;
	int lesson_scroll;
	int lesson_rows;          /* rows the pane had at the last draw: the page size */

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
	struct standby standby;   /* the next check's execution child, warming up meanwhile */

	FILE *err_file;           /* stderr while quiet: shown in the status line */
	int saved_stderr;         /* the real stderr while quiet, else -1 */
	long err_shown;
};

/* ---- text helpers ---- */

static void lines_add(struct lines *l, const char *s, size_t n)
{
	l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = xstrfmt("%.*s", (int)n, s);
}

static void lines_addf(struct lines *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void lines_addf(struct lines *l, const char *fmt, ...)
{
	struct sbuf sb = SBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = sbuf_detach(&sb);
}

/* Each '\n'-ended piece of text becomes a line. */
static void lines_split(struct lines *l, const char *text)
{
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);
		lines_add(l, text, n);
		text += n + (nl ? 1 : 0);
	}
}

static void lines_release(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* Plain text set into lines of at most width columns, each starting with indent. */
static void lines_wrap(struct lines *l, const char *text, int width, const char *indent,
		       const char *sgr, const char *reset)
{
	int iw = term_width(indent, strlen(indent));
	int avail = width - iw > 10 ? width - iw : 10;
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);
		struct sbuf line = SBUF_INIT;
		int col = 0;
		size_t i = 0;
		sbuf_addf(&line, "%s%s", indent, sgr);
		while (i < n) {
			size_t j = i;
			while (j < n && text[j] != ' ')
				j++;
			int ww = term_width(text + i, j - i);
			if (col && col + 1 + ww > avail) {
				sbuf_adds(&line, reset);
				lines_add(l, line.buf, line.len);
				sbuf_reset(&line);
				sbuf_addf(&line, "%s%s", indent, sgr);
				col = 0;
			}
			if (col) {
				sbuf_adds(&line, " ");
				col++;
			}
			/* A word longer than the line is cut over several. */
			while (ww > avail - col) {
				size_t cut = term_offset(text + i, j - i, avail - col);
				sbuf_add(&line, text + i, cut);
				sbuf_adds(&line, reset);
				lines_add(l, line.buf, line.len);
				sbuf_reset(&line);
				sbuf_addf(&line, "%s%s", indent, sgr);
				col = 0;
				i += cut;
				ww = term_width(text + i, j - i);
			}
			sbuf_add(&line, text + i, j - i);
			col += ww;
			i = j;
			while (i < n && text[i] == ' ')
				i++;
		}
		sbuf_adds(&line, reset);
		lines_add(l, line.buf, line.len);
		sbuf_release(&line);
		text += n + (nl ? 1 : 0);
	}
}

/* The runner's words in the learner's language. */
#define T(english) ui_text(w->opt.lang, english)

static const char *sgr(const struct watch *w, const char *code)
{
	return w->colour ? code : "";
}

/* What a learner calls each verdict. */
static const char *verdict_label(const struct watch *w, enum verdict v)
{
	static const char *const labels[VERDICT_COUNT] = {
		[VERDICT_PASS] = "Passed",
		[VERDICT_BUILD_ERROR] = "Does not compile",
		[VERDICT_SIGNATURE_MISMATCH] = "Wrong kernel signature",
		[VERDICT_WRONG_RESULT] = "Wrong result",
		[VERDICT_TIMEOUT] = "Timed out",
		[VERDICT_CRASH] = "Crashed",
		[VERDICT_OUT_OF_BOUNDS] = "Out-of-bounds access",
		[VERDICT_DATA_RACE] = "Data race",
		[VERDICT_BARRIER_DIVERGENCE] = "Barrier divergence",
		[VERDICT_UNINITIALIZED] = "Uninitialized value used",
		[VERDICT_REQUIREMENT_UNMET] = "Requirement not met",
		[VERDICT_ERROR] = "The check could not run",
	};
	return (unsigned)v < VERDICT_COUNT && labels[v] ? T(labels[v]) : T("Unknown verdict");
}

/* A path as the learner would type it: relative to where clings was started, when inside it. */

static const struct exercise *current(const struct watch *w)
{
	return &w->course.ex[w->cur];
}


static bool is_done(struct watch *w, const struct exercise *e)
{
	for (int i = 0; i < w->st.n; i++)
		if (!strcmp(w->st.ex[i].name, e->name))
			return w->st.ex[i].done;
	return false;
}

static int count_done(struct watch *w)
{
	int n = 0;
	for (int i = 0; i < w->course.n; i++)
		n += is_done(w, &w->course.ex[i]);
	return n;
}

static void set_status(struct watch *w, enum status_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * ---- stderr: while the screen is ours, what the engine prints goes to the status line ----
 * Only around the work that may print (checks, files, state): a sanitizer's report or a crash
 * elsewhere still reaches the terminal.
 */

static void quiet_begin(struct watch *w)
{
	if (!w->interactive)
		return;
	if (!w->err_file) {
		w->err_file = tmpfile();
		if (!w->err_file)
			return;
		w->err_shown = 0;
	}
	fflush(stderr);
	if (w->saved_stderr < 0)
		w->saved_stderr = dup(STDERR_FILENO);
	if (w->saved_stderr >= 0)
		dup2(fileno(w->err_file), STDERR_FILENO);
}

/* Gives stderr back; the last line printed meanwhile becomes the status. */
static void quiet_end(struct watch *w)
{
	if (w->saved_stderr < 0)
		return;
	fflush(stderr);
	dup2(w->saved_stderr, STDERR_FILENO);
	close(w->saved_stderr);
	w->saved_stderr = -1;
	struct stat sb;
	int fd = fileno(w->err_file);
	if (fstat(fd, &sb) < 0 || sb.st_size <= w->err_shown)
		return;
	size_t n = (size_t)(sb.st_size - w->err_shown);
	char *text = xmalloc(n + 1);
	ssize_t got = pread(fd, text, n, w->err_shown);
	if (got > 0) {
		text[got] = '\0';
		w->err_shown += got;
		while (got && (text[got - 1] == '\n' || text[got - 1] == ' '))
			text[--got] = '\0';
		char *last = strrchr(text, '\n');
		set_status(w, STATUS_BAD, "%s", last ? last + 1 : text);
	}
	free(text);
}

/* ---- the screen ---- */

static void set_status(struct watch *w, enum status_kind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->status, sizeof(w->status), fmt, ap);
	va_end(ap);
	w->status_kind = kind;
	if (!w->interactive && w->status[0] && kind != STATUS_BUSY) {
		printf("%s\n", w->status);
		fflush(stdout);
	}
}

/* One row: cut to the width, then cleared to its end; fill pads with spaces (for bars). */
static void put_row(struct watch *w, struct sbuf *s, int row, const char *text, const char *style,
		    bool fill)
{
	if (row < 1 || row > w->rows)
		return;
	sbuf_addf(s, "\x1b[%d;1H%s", row, style ? sgr(w, style) : "");
	int used = term_add_fit(s, text, strlen(text), w->cols);
	if (fill)
		sbuf_addf(s, "%*s", w->cols - used, "");
	sbuf_addf(s, "%s\x1b[K", sgr(w, C_RESET));
}

/* A word of a picture's grid: only cells, '.' right and 'x' wrong ("..x.", "xx", "x", and the
 * "x" of the legend); an 'x' inside a word, or a lone one before a number ("16 x 16"), is not. */
static bool grid_word(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != '.' && s[i] != 'x')
			return false;
	if (n == 1 && s[0] == 'x')
		return !isdigit((unsigned char)s[1 + strspn(s + 1, " ")]);
	return n > 0 && memchr(s, 'x', n);
}

/* Draws wrong cells red and right ones dim, when there is colour. */
static void add_picture_line(struct watch *w, struct lines *l, const char *line)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_adds(&sb, "  ");
	for (size_t i = 0; line[i];) {
		size_t n = strcspn(line + i, " ");
		if (w->colour && grid_word(line + i, n)) {
			for (size_t k = i; k < i + n; k++)
				sbuf_addf(&sb, "%s%c%s", line[k] == 'x' ? C_RED : C_DIM, line[k], C_RESET);
		} else {
			sbuf_add(&sb, line + i, n);
		}
		i += n;
		size_t spaces = strspn(line + i, " ");
		sbuf_add(&sb, line + i, spaces);
		i += spaces;
	}
	lines_add(l, sbuf_str(&sb), sb.len);
	sbuf_release(&sb);
}

/* The verdict of the last check, as lines for the lower part of the screen (or for print);
 * whole_log: the compiler's whole log under a heading, else its first lines. */
static void verdict_lines(struct watch *w, struct lines *l, int width, bool whole_log)
{
	const struct report *r = &w->report;
	const char *file = path_shown(current(w)->file_path);
	if (!w->have_report) {
		char *msg = xstrfmt(T("Not checked yet: save %s to check it, or press r."), file);
		lines_addf(l, "%s%s%s", sgr(w, C_DIM), msg, sgr(w, C_RESET));
		free(msg);
		return;
	}
	bool pass = r->verdict == VERDICT_PASS;
	const char *mark = w->interactive ? (pass ? "\xe2\x9c\x93 " : "\xe2\x9c\x97 ") : (pass ? "PASS " : "FAIL ");
	char *when = xstrfmt(T("check %d at %s, %.2f s"), w->checks, w->checked_at, r->seconds);
	lines_addf(l, "%s%s%s%s  %s%s%s", sgr(w, pass ? C_GREEN : C_RED), mark, verdict_label(w, r->verdict),
		   sgr(w, C_RESET), sgr(w, C_DIM), when, sgr(w, C_RESET));
	free(when);
	if (pass) {
		bool last = w->cur + 1 >= w->course.n;
		lines_addf(l, "  %s", last ? T("That was the last exercise: the course is done!")
					   : T("Well done. Press n for the next exercise."));
		if (r->message && *r->message)
			lines_wrap(l, r->message, width, "  ", sgr(w, C_DIM), sgr(w, C_RESET));
		return;
	}
	if (r->file && *r->file) {
		if (r->line > 0)
			lines_addf(l, "  %s%s:%d%s", sgr(w, C_BOLD), path_shown(r->file), r->line, sgr(w, C_RESET));
		else
			lines_addf(l, "  %s%s%s", sgr(w, C_BOLD), path_shown(r->file), sgr(w, C_RESET));
	}
	lines_wrap(l, r->message && *r->message ? r->message : T("(no message)"), width, "  ", "", "");
	if (r->picture && *r->picture) {
		lines_add(l, "", 0);
		const char *p = r->picture;
		while (*p) {
			const char *nl = strchr(p, '\n');
			char *line = xstrfmt("%.*s", (int)(nl ? nl - p : (long)strlen(p)), p);
			add_picture_line(w, l, line);
			free(line);
			p = nl ? nl + 1 : p + strlen(p);
		}
	}
	if (r->build_log && *r->build_log) {
		lines_add(l, "", 0);
		struct lines log = { NULL, 0 };
		lines_split(&log, r->build_log);
		int shown = whole_log ? log.n : BUILD_LOG_LINES;
		if (whole_log)
			lines_addf(l, "  %s", T("Compiler log:"));
		for (int i = 0; i < log.n && i < shown; i++)
			lines_addf(l, "  %s%s%s", sgr(w, C_YELLOW), log.v[i], sgr(w, C_RESET));
		if (log.n > shown)
		{
			char *more = xstrfmt(T("(%d more lines)"), log.n - shown);
			lines_addf(l, "  %s%s%s", sgr(w, C_DIM), more, sgr(w, C_RESET));
			free(more);
		}
		lines_release(&log);
	}
	int failed = 0;
	for (int i = 0; i < r->ntests; i++)
		failed += r->tests[i].status == TEST_FAIL || r->tests[i].status == TEST_ERROR;
	if (r->ntests > 1 && failed)
	{
		char *msg = xstrfmt(T("%d of %d tests failed"), failed, r->ntests);
		lines_addf(l, "  %s%s%s", sgr(w, C_DIM), msg, sgr(w, C_RESET));
		free(msg);
	}
}

/* The width Markdown is set to: the window's, less a margin, and no wider than reads well. */
static int text_width(const struct watch *w)
{
	return w->cols - 2 < LESSON_MAX_WIDTH ? w->cols - 2 : LESSON_MAX_WIDTH;
}

/* Sets md into l at the window's width, unless l already holds it at that width. */
static void render_md(struct watch *w, const char *md, struct lines *l, int *width)
{
	int want = text_width(w);
	if (!md || (want == *width && l->n))
		return;
	lines_release(l);
	struct sbuf out = SBUF_INIT;
	lesson_render(md, strlen(md), want, w->colour, &out);
	lines_split(l, sbuf_str(&out));
	sbuf_release(&out);
	*width = want;
}

/* The lesson and the open pager's text, at the window's width. */
static void render_texts(struct watch *w)
{
	render_md(w, w->lesson_md, &w->lesson, &w->lesson_width);
	if (w->view == VIEW_PAGER)
		render_md(w, w->pager_md, &w->pager, &w->pager_width);
}

static void draw_title(struct watch *w, struct sbuf *s)
{
	const struct exercise *e = current(w);
	int done = count_done(w), n = w->course.n;
	struct sbuf right = SBUF_INIT, left = SBUF_INIT;
	int bw = w->cols >= 80 ? BAR_WIDTH : w->cols >= 60 ? BAR_WIDTH / 2 : 0;
	int filled = n ? done * bw / n : 0;
	if (bw) {
		sbuf_adds(&right, sgr(w, C_GREEN));
		for (int i = 0; i < bw; i++) {
			if (i == filled)
				sbuf_adds(&right, sgr(w, C_DIM));
			sbuf_adds(&right, i < filled ? "\xe2\x96\x88" : "\xe2\x96\x91");
		}
		sbuf_addf(&right, "%s ", sgr(w, C_RESET));
	}
	sbuf_addf(&right, "%s%d/%d %s%s ", sgr(w, C_BOLD), done, n, T("done"), sgr(w, C_RESET));
	sbuf_addf(&left, " %sclings%s  %d. %s%s%s  %s%s%s", sgr(w, C_CYAN), sgr(w, C_RESET), w->cur + 1,
		  sgr(w, C_BOLD), exercise_title_in(w->opt.lang, e), sgr(w, C_RESET), sgr(w, C_DIM), e->name,
		  sgr(w, C_RESET));
	int rw = term_width(right.buf, right.len), lw = term_width(left.buf, left.len);
	struct sbuf row = SBUF_INIT;
	int room = w->cols - rw;
	if (room < 10) {
		sbuf_adds(&row, sbuf_str(&right));
	} else {
		term_add_fit(&row, left.buf, left.len, room - 1);
		sbuf_adds(&row, sgr(w, C_RESET));
		sbuf_addf(&row, "%*s", lw < room ? room - lw : 1, "");
		sbuf_adds(&row, sbuf_str(&right));
	}
	put_row(w, s, 1, row.buf, NULL, false);
	sbuf_release(&row);
	sbuf_release(&left);
	sbuf_release(&right);
}

/* "── Edit exercises/x.cl ─────── lesson 1-12 of 40 ↓ ──" */
static void draw_rule(struct watch *w, struct sbuf *s, int row, int first, int shown)
{
	const char *dash = "\xe2\x94\x80";
	struct sbuf left = SBUF_INIT, right = SBUF_INIT, line = SBUF_INIT;
	sbuf_addf(&left, "%s%s%s %s %s%s%s ", sgr(w, C_DIM), dash, sgr(w, C_RESET), T("Edit"),
		  sgr(w, C_BOLD), path_shown(current(w)->file_path), sgr(w, C_RESET));
	if (shown < w->lesson.n)
		sbuf_addf(&right, T(" lesson %d-%d of %d %s "), first + 1, first + shown, w->lesson.n,
			  first + shown < w->lesson.n ? "\xe2\x86\x93" : "\xe2\x86\x91");
	int lw = term_width(left.buf, left.len), rw = term_width(right.buf, right.len);
	sbuf_adds(&line, sbuf_str(&left));
	sbuf_adds(&line, sgr(w, C_DIM));
	for (int i = lw + rw; i < w->cols - 2; i++)
		sbuf_adds(&line, dash);
	sbuf_adds(&line, sbuf_str(&right));
	sbuf_addf(&line, "%s%s", dash, dash);
	put_row(w, s, row, line.buf, NULL, false);
	sbuf_release(&left);
	sbuf_release(&right);
	sbuf_release(&line);
}

static void draw_status(struct watch *w, struct sbuf *s, int row)
{
	static const char *const styles[] = {
		[STATUS_INFO] = C_BOLD, [STATUS_BAD] = C_RED, [STATUS_BUSY] = C_YELLOW,
	};
	char *text = xstrfmt(" %s", w->status);
	put_row(w, s, row, text, styles[w->status_kind], false);
	free(text);
}

static void draw_legend(struct watch *w, struct sbuf *s, const char *const *keys)
{
	struct sbuf line = SBUF_INIT;
	for (int i = 0; keys[i]; i += 2)
		sbuf_addf(&line, " %s%s%s%s %s ", sgr(w, C_RESET), sgr(w, C_BOLD), keys[i], sgr(w, C_BAR),
			  T(keys[i + 1]));
	put_row(w, s, w->rows, line.buf, C_BAR, true);
	sbuf_release(&line);
}

static void draw_main(struct watch *w, struct sbuf *s)
{
	static const char *const keys[] = { "n", "next", "p", "prev", "l", "lesson", "h", "hint", "r", "run",
		"x", "reset", "v", "verdict", "\xe2\x86\x91\xe2\x86\x93", "scroll", "q", "quit", NULL };
	render_md(w, w->lesson_md, &w->lesson, &w->lesson_width);
	struct lines verdict = { NULL, 0 };
	verdict_lines(w, &verdict, w->cols - 1, false);
	int avail = w->rows - CHROME_ROWS;
	int vmax = avail * VERDICT_SHARE_PCT / 100;
	int vrows = verdict.n < vmax ? verdict.n : vmax;
	if (vrows < 0)
		vrows = 0;
	int lrows = avail - vrows > 0 ? avail - vrows : 0;
	w->lesson_rows = lrows;
	if (w->lesson_scroll > w->lesson.n - lrows)
		w->lesson_scroll = w->lesson.n - lrows;
	if (w->lesson_scroll < 0)
		w->lesson_scroll = 0;

	draw_title(w, s);
	int row = 2;
	for (int i = 0; i < lrows; i++, row++) {
		int li = w->lesson_scroll + i;
		char *text = xstrfmt(" %s", li < w->lesson.n ? w->lesson.v[li] : "");
		put_row(w, s, row, text, NULL, false);
		free(text);
	}
	int shown = w->lesson.n - w->lesson_scroll < lrows ? w->lesson.n - w->lesson_scroll : lrows;
	draw_rule(w, s, row++, w->lesson_scroll, shown);
	for (int i = 0; i < vrows; i++, row++) {
		if (i == vrows - 1 && vrows < verdict.n) {
			char *more = xstrfmt(T("(%d more lines: press v)"), verdict.n - i);
			char *text = xstrfmt("  %s%s%s", sgr(w, C_DIM), more, sgr(w, C_RESET));
			put_row(w, s, row, text, NULL, false);
			free(text);
			free(more);
		} else {
			put_row(w, s, row, verdict.v[i], NULL, false);
		}
	}
	for (; row < w->rows - 1; row++)
		put_row(w, s, row, "", NULL, false);
	draw_status(w, s, w->rows - 1);
	draw_legend(w, s, keys);
	lines_release(&verdict);
}

static void draw_pager(struct watch *w, struct sbuf *s)
{
	static const char *const keys[] = { "\xe2\x86\x91\xe2\x86\x93 j k", "line", "space b", "page",
		"g G", "top, end", "q", "back", NULL };
	int body = w->rows - 2 > 0 ? w->rows - 2 : 0;
	if (w->pager_scroll > w->pager.n - body)
		w->pager_scroll = w->pager.n - body;
	if (w->pager_scroll < 0)
		w->pager_scroll = 0;
	char *title = xstrfmt(" %s   %d-%d / %d", w->pager_title, w->pager.n ? w->pager_scroll + 1 : 0,
			      w->pager_scroll + body < w->pager.n ? w->pager_scroll + body : w->pager.n,
			      w->pager.n);
	put_row(w, s, 1, title, C_BAR, true);
	free(title);
	for (int i = 0; i < body; i++) {
		int li = w->pager_scroll + i;
		char *text = xstrfmt(" %s", li < w->pager.n ? w->pager.v[li] : "");
		put_row(w, s, 2 + i, text, NULL, false);
		free(text);
	}
	draw_legend(w, s, keys);
}

static void draw(struct watch *w)
{
	if (!w->interactive)
		return;
	struct sbuf s = SBUF_INIT;
	sbuf_adds(&s, "\x1b[?25l");
	if (w->view == VIEW_PAGER)
		draw_pager(w, &s);
	else
		draw_main(w, &s);
	term_write(STDOUT_FILENO, s.buf, s.len);
	sbuf_release(&s);
}

static void resize(struct watch *w)
{
	if (!w->interactive)
		return;
	term_size(STDOUT_FILENO, &w->rows, &w->cols);
	render_texts(w);
}

/* ---- plain output, without a terminal ---- */

static void print_exercise(struct watch *w)
{
	const struct exercise *e = current(w);
	printf("\n");
	printf(T("%d/%d done. Exercise %d: %s (%s)\n"), count_done(w), w->course.n, w->cur + 1,
	       exercise_title_in(w->opt.lang, e), e->name);
	printf(T("Edit %s; read the lesson with `clings lesson %s`.\n"), path_shown(e->file_path), e->name);
	fflush(stdout);
}

static void print_verdict(struct watch *w)
{
	struct lines l = { NULL, 0 };
	verdict_lines(w, &l, 80, false);
	printf("%s: ", current(w)->name);
	for (int i = 0; i < l.n; i++)
		printf("%s\n", l.v[i]);
	lines_release(&l);
	fflush(stdout);
}

/* ---- watching the file ---- */

static void watch_paths(struct watch *w)
{
	if (w->ino_fd < 0)
		return;
	const char *path = current(w)->file_path;
	if (w->wd_dir >= 0)
		inotify_rm_watch(w->ino_fd, w->wd_dir);
	if (w->wd_file >= 0)
		inotify_rm_watch(w->ino_fd, w->wd_file);
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	/* The directory sees editors that write a new file and rename it over the old one. */
	w->wd_dir = inotify_add_watch(w->ino_fd, slash ? dir : ".", DIR_EVENTS);
	w->wd_file = inotify_add_watch(w->ino_fd, path, FILE_EVENTS);
	free(dir);
}

/* Reads pending events; true when one of them may have changed the learner's file. */
static bool read_events(struct watch *w)
{
	const char *path = current(w)->file_path, *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char buf[16384] __attribute__((aligned(__alignof__(struct inotify_event))));
	bool changed = false;
	ssize_t n;
	while ((n = read(w->ino_fd, buf, sizeof(buf))) > 0) {
		for (char *p = buf; p < buf + n;) {
			struct inotify_event *ev = (struct inotify_event *)p;
			if (ev->mask & IN_Q_OVERFLOW)
				changed = true;
			else if (ev->wd == w->wd_dir && ev->len && !strcmp(ev->name, base) &&
				 (ev->mask & DIR_EVENTS))
				changed = true;
			else if (ev->wd == w->wd_file && (ev->mask & (IN_CLOSE_WRITE | IN_MODIFY)))
				changed = true;
			if (ev->wd == w->wd_file && (ev->mask & IN_IGNORED))
				w->wd_file = -1;
			p += sizeof(*ev) + ev->len;
		}
	}
	/* After a rename the name holds a new file: watch that one (the old watch is gone). */
	if (changed || w->wd_file < 0) {
		int wd = inotify_add_watch(w->ino_fd, path, FILE_EVENTS);
		if (wd >= 0)
			w->wd_file = wd;
	}
	return changed;
}

/* ---- actions ---- */

static void on_progress(void *ctx, const char *what)
{
	struct watch *w = ctx;
	set_status(w, STATUS_BUSY, T("Checking %s: %s"), current(w)->name, what);
	draw(w);
}

static void run_check(struct watch *w)
{
	const struct exercise *e = current(w);
	w->settle_at = 0;
	if (access(e->file_path, R_OK) < 0) {
		set_status(w, STATUS_BAD, T("%s: cannot read: %s"), path_shown(e->file_path), strerror(errno));
		draw(w);
		return;
	}
	set_status(w, STATUS_BUSY, T("Checking %s\xe2\x80\xa6"), e->name);
	draw(w);
	struct check_options o = {
		.device = w->opt.device,
		.file = NULL,
		.lang = w->opt.lang,
		.progress = on_progress,
		.progress_ctx = w,
		.interruptible = w->interactive, /* a key (q above all) need not wait for a hang */
		.standby = &w->standby,
	};
	struct report r = REPORT_INIT;
	if (check_exercise(&w->course, e, &o, &r) < 0 && r.verdict == VERDICT_PASS)
		r.verdict = VERDICT_ERROR;  /* a failed run never counts as a pass */
	standby_start(&w->standby, w->opt.device, w->course.solutions_dir);  /* for the next save */
	if (r.interrupted) {
		/* The key is still unread: the loop handles it, then the file is checked again. */
		report_release(&r);
		w->settle_at = now_seconds() + SETTLE_MS / 1000.0;
		set_status(w, STATUS_BUSY, T("Check stopped by a key; it runs again in a moment."));
		draw(w);
		return;
	}
	report_release(&w->report);
	w->report = r;
	w->have_report = true;
	w->checks++;
	time_t t = time(NULL);
	strftime(w->checked_at, sizeof(w->checked_at), "%H:%M:%S", localtime(&t));
	struct exercise_state *es = state_for(&w->st, e->name);
	copy_str(es->last_verdict, sizeof(es->last_verdict), verdict_name(r.verdict));
	if (r.verdict == VERDICT_PASS)
		es->done = true;
	w->status[0] = '\0';
	state_save(&w->course, &w->st);
	if (!w->interactive)
		print_verdict(w);
}

/* Opens exercise i: its lesson, its file watched, a check of its file soon. */
static void open_exercise(struct watch *w, int i)
{
	w->cur = i;
	const struct exercise *e = current(w);
	bool first_visit = true;
	for (int j = 0; j < w->st.n; j++)
		first_visit &= strcmp(w->st.ex[j].name, e->name) != 0;
	state_for(&w->st, e->name);
	if (first_visit)
		exercise_keep_original(&w->course, e);
	copy_str(w->st.current, sizeof(w->st.current), e->name);
	state_save(&w->course, &w->st);

	free(w->lesson_md);
	w->lesson_md = NULL;
	if (lesson_read(&w->course, e, w->opt.lang, "", &w->lesson_md) < 0)
		w->lesson_md = xstrfmt("# %s\n\n*%s*\n", exercise_title_in(w->opt.lang, e),
				       T("No lesson for this exercise yet."));
	lines_release(&w->lesson);
	w->lesson_width = 0;
	w->lesson_scroll = 0;
	render_md(w, w->lesson_md, &w->lesson, &w->lesson_width);

	report_release(&w->report);
	w->have_report = false;
	w->view = VIEW_MAIN;
	w->status[0] = '\0';
	watch_paths(w);
	if (w->ino_fd < 0)
		set_status(w, STATUS_INFO, "%s", T("Files cannot be watched here: press r to check after saving."));
	w->settle_at = now_seconds();   /* checked once the screen is drawn */
	if (!w->interactive)
		print_exercise(w);
}

/* Shows Markdown in the pager; without a screen, prints it and stays in the main view. */
static void open_pager(struct watch *w, const char *title, const char *md, int scroll_to)
{
	if (!w->interactive) {
		struct sbuf out = SBUF_INIT;
		lesson_render(md, strlen(md), text_width(w), false, &out);
		printf("%s\n\n%s\n", title, sbuf_str(&out));
		fflush(stdout);
		sbuf_release(&out);
		return;
	}
	char *copy = xstrdup(md);   /* md may be the lesson, which a new exercise frees */
	free(w->pager_md);
	w->pager_md = copy;
	lines_release(&w->pager);
	w->pager_width = 0;
	render_md(w, w->pager_md, &w->pager, &w->pager_width);
	copy_str(w->pager_title, sizeof(w->pager_title), title);
	w->pager_scroll = scroll_to;
	w->view = VIEW_PAGER;
}

static int rendered_rows(struct watch *w, const char *md)
{
	struct sbuf out = SBUF_INIT;
	lesson_render(md, strlen(md), text_width(w), w->colour, &out);
	int n = 0;
	for (size_t i = 0; i < out.len; i++)
		n += out.buf[i] == '\n';
	sbuf_release(&out);
	return n;
}

/* The next hint, with the ones before it above: the pager opens at the new one. */
static void show_hint(struct watch *w)
{
	const struct exercise *e = current(w);
	struct hints h = HINTS_INIT;
	int i = hint_take(&w->course, e, w->opt.lang, &w->st, &h);
	if (i < 0) {
		lesson_hints_release(&h);
		return;
	}
	state_save(&w->course, &w->st);
	if (!w->interactive) {
		hint_print(e, &h, i, w->opt.lang, false);
		printf("\n");
		fflush(stdout);
		lesson_hints_release(&h);
		return;
	}
	struct sbuf md = SBUF_INIT;
	int scroll = 0;
	for (int k = 0; k <= i; k++) {
		if (k == i)
			scroll = k ? rendered_rows(w, md.buf) + 1 : 0;
		sbuf_addf(&md, "%s## ", k ? "\n---\n\n" : "");
		sbuf_addf(&md, T("Hint %d of %d"), k + 1, h.n);
		sbuf_addf(&md, "\n\n%s\n", h.text[k]);
	}
	char *title = xstrfmt(T("Hints for %s: %d of %d seen%s"), e->name, i + 1, h.n,
			      i + 1 == h.n ? T(" (that is all of them)") : T("; h shows the next"));
	open_pager(w, title, md.buf, scroll);
	free(title);
	sbuf_release(&md);
	lesson_hints_release(&h);
}

static void show_report(struct watch *w)
{
	if (!w->have_report) {
		set_status(w, STATUS_INFO, "%s", T("No verdict yet: save the file or press r."));
		return;
	}
	struct lines l = { NULL, 0 };
	bool colour = w->colour;
	w->colour = false;  /* the pager renders Markdown; the report goes in as a code block */
	verdict_lines(w, &l, w->cols - 6, true);
	w->colour = colour;
	struct sbuf md = SBUF_INIT;
	sbuf_adds(&md, "```\n");
	for (int i = 0; i < l.n; i++)
		sbuf_addf(&md, "%s\n", l.v[i]);
	for (int i = 0; i < w->report.ntests; i++)
		sbuf_addf(&md, "%s %s%s%s\n", test_status_name(w->report.tests[i].status),
			  w->report.tests[i].name, w->report.tests[i].detail ? ": " : "",
			  w->report.tests[i].detail ? w->report.tests[i].detail : "");
	sbuf_adds(&md, "```\n");
	char *title = xstrfmt(T("Last verdict for %s"), current(w)->name);
	open_pager(w, title, md.buf, 0);
	free(title);
	sbuf_release(&md);
	lines_release(&l);
}

static void go_next(struct watch *w, bool skip)
{
	const struct exercise *e = current(w);
	bool passed = is_done(w, e);  /* a pass of this exercise has marked it done */
	if (w->cur + 1 >= w->course.n) {
		set_status(w, STATUS_INFO, "%s", passed ? T("That was the last exercise: the course is done! q quits.")
						       : T("This is the last exercise."));
		return;
	}
	if (!passed && !skip) {
		set_status(w, STATUS_BAD, T("%s has not passed yet: make it pass first (or press N to skip it)."),
			   e->name);
		return;
	}
	open_exercise(w, w->cur + 1);
}

static void do_reset(struct watch *w)
{
	char *backup = NULL;
	const struct exercise *e = current(w);
	if (exercise_reset(&w->course, e, &backup) < 0)
		return;   /* the error reaches the status line */
	if (backup)
		set_status(w, STATUS_INFO, T("Back to the stub. Your version is kept in %s."), path_shown(backup));
	else
		set_status(w, STATUS_INFO, T("%s is the stub already."), path_shown(e->file_path));
	free(backup);
	/* Our own write raises inotify events; without inotify, check here. */
	if (w->ino_fd < 0)
		run_check(w);
}

static void on_key_pager(struct watch *w, int key)
{
	int page = w->rows - 3 > 1 ? w->rows - 3 : 1;
	switch (key) {
	case 'q': case KEY_ESC: case 'l': case KEY_LEFT: case 3:
		w->view = VIEW_MAIN;
		break;
	case 'h':
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
	case 'p':
		if (w->cur > 0)
			open_exercise(w, w->cur - 1);
		else
			set_status(w, STATUS_INFO, "%s", T("This is the first exercise."));
		break;
	case 'l': {
		char *title = xstrfmt(T("Lesson: %s"), exercise_title_in(w->opt.lang, current(w)));
		open_pager(w, title, w->lesson_md, w->lesson_scroll);
		free(title);
		break;
	}
	case 'h': show_hint(w); break;
	case 'r': run_check(w); break;
	case 'v': show_report(w); break;
	case 'x':
		w->view = VIEW_CONFIRM_RESET;
		set_status(w, STATUS_BAD, T("Reset %s to the stub? Your version is kept as a .bak file. (y/N)"),
			   path_shown(current(w)->file_path));
		break;
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
		resize(w);
		break;
	}
}

static void on_key(struct watch *w, int key)
{
	if (w->view == VIEW_CONFIRM_RESET) {
		w->view = VIEW_MAIN;
		if (key == 'y' || key == 'Y')
			do_reset(w);
		else
			set_status(w, STATUS_INFO, "%s", T("Not reset."));
	} else if (w->view == VIEW_PAGER) {
		on_key_pager(w, key);
	} else {
		on_key_main(w, key);
	}
}

/* With no state to trust, passes are learnt again: check from the first exercise on, and stop
 * at the first that fails. A new learner's first stub fails at once. */
static void recover_progress(struct watch *w)
{
	for (int i = 0; i < w->course.n; i++) {
		open_exercise(w, i);
		run_check(w);
		if (w->report.verdict != VERDICT_PASS)
			return;
	}
}

/* ---- the loop ---- */

static int loop(struct watch *w)
{
	int sig_fd = w->interactive ? term_signal_fd() : -1;
	bool stdin_open = true;
	while (!w->quit) {
		int timeout = -1;
		if (w->settle_at > 0) {
			double left = w->settle_at - now_seconds();
			timeout = left > 0 ? (int)(left * 1000) + 1 : 0;
		}
		struct pollfd p[3] = {
			{ stdin_open ? STDIN_FILENO : -1, POLLIN, 0 },
			{ w->ino_fd, POLLIN, 0 },
			{ sig_fd, POLLIN, 0 },
		};
		if (poll(p, 3, timeout) < 0 && errno != EINTR)
			return error("poll:");
		bool redraw = false;
		quiet_begin(w);
		if (p[2].revents & POLLIN) {
			term_signal_drain();
			resize(w);
			redraw = true;
		}
		if (p[1].revents & POLLIN && read_events(w))
			w->settle_at = now_seconds() + SETTLE_MS / 1000.0;
		if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (w->interactive) {
				int key;
				while (!w->quit && (key = term_read_key(STDIN_FILENO)) != KEY_NONE)
					on_key(w, key);
			} else {
				char c;
				ssize_t n = read(STDIN_FILENO, &c, 1);
				if (n <= 0)
					stdin_open = false;  /* keep watching until a signal ends us */
				else if (!isspace((unsigned char)c))
					on_key(w, (unsigned char)c);
			}
			redraw = true;
		}
		if (w->settle_at > 0 && now_seconds() >= w->settle_at) {
			run_check(w);
			redraw = true;
		}
		quiet_end(w);
		if (redraw)
			draw(w);
	}
	return 0;
}

/* Everything the watcher holds; the terminal and the standby are given back before. */
static void watch_release(struct watch *w)
{
	if (w->err_file)
		fclose(w->err_file);
	if (w->ino_fd >= 0)
		close(w->ino_fd);
	free(w->lesson_md);
	lines_release(&w->lesson);
	lines_release(&w->pager);
	free(w->pager_md);
	report_release(&w->report);
	state_release(&w->st);
	course_release(&w->course);
}

int watch_run(const struct watch_options *o)
{
	struct watch w;
	memset(&w, 0, sizeof(w));
	w.opt = *o;
	w.ino_fd = w.wd_dir = w.wd_file = w.saved_stderr = -1;
	w.report = (struct report)REPORT_INIT;
	w.standby = (struct standby)STANDBY_INIT;
	w.interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	w.colour = w.interactive && term_colour(STDOUT_FILENO);
	w.rows = 24;
	w.cols = 80;
	if (course_load(o->course_dir, &w.course) < 0)
		return 2;
	if (!w.course.n) {
		error("%s: the course has no exercises", o->course_dir);
		course_release(&w.course);
		return 2;
	}
	state_load(&w.course, &w.st);
	w.ino_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (w.interactive) {
		if (term_raw_enter(STDIN_FILENO, STDOUT_FILENO) < 0) {
			term_raw_leave();   /* it may have failed half way in */
			watch_release(&w);
			return 2;
		}
		resize(&w);
	}
	quiet_begin(&w);
	if (w.st.recovered) {
		recover_progress(&w);
	} else {
		const struct exercise *e = exercise_current(&w.course, &w.st);
		open_exercise(&w, course_index(&w.course, e));
	}
	quiet_end(&w);
	draw(&w);
	int ret = loop(&w) < 0 ? 1 : 0;
	standby_release(&w.standby);
	if (w.interactive)
		term_raw_leave();
	state_save(&w.course, &w.st);
	watch_release(&w);
	return ret;
}
