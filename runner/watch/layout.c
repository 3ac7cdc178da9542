/*
 * layout.c: the tutorial's state that the screen shows, set here and only here: the status
 * line, the lesson and the pager's text rendered for the window's width, the size of the window,
 * the rows the lesson and the verdict share, and the scroll positions kept within their texts.
 * screen.c draws that state and changes none of it.
 */
#include "watch/tui.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void set_status(struct watch *w, enum status_kind kind, const char *fmt, ...)
{
	char text[STATUS_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (!w->interactive && text[0] && kind != STATUS_BUSY) {
		printf("%s\n", text);
		fflush(stdout);
	}
	if (w->status_kind == STATUS_QUESTION && kind != STATUS_QUESTION)
		return;   /* the question waits for its answer */
	copy_str(w->status, sizeof(w->status), text);
	w->status_kind = kind;
}

void clear_status(struct watch *w)
{
	if (w->status_kind != STATUS_QUESTION)
		w->status[0] = '\0';
}

void question_end(struct watch *w)
{
	if (w->status_kind == STATUS_QUESTION) {
		w->status[0] = '\0';
		w->status_kind = STATUS_INFO;
	}
}

int text_width(const struct watch *w)
{
	return w->cols - 2 < LESSON_MAX_WIDTH ? w->cols - 2 : LESSON_MAX_WIDTH;
}

/* Sets md into l at the window's width, unless l already holds it at that width. */
void render_md(struct watch *w, const char *md, struct lines *l, int *width)
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

void watch_resize(struct watch *w)
{
	if (!w->interactive)
		return;
	term_size(STDOUT_FILENO, &w->rows, &w->cols);
	render_texts(w);
}

static int clamp(int v, int hi)
{
	return v > hi ? (hi > 0 ? hi : 0) : v < 0 ? 0 : v;
}

void watch_layout(struct watch *w)
{
	render_texts(w);
	struct lines verdict = { NULL, 0 };
	verdict_lines(w, &verdict, w->cols - 1, false);
	int avail = w->rows - CHROME_ROWS;
	int vmax = avail * VERDICT_SHARE_PCT / 100;
	int vrows = verdict.n < vmax ? verdict.n : vmax;
	w->verdict_rows = vrows < 0 ? 0 : vrows;
	w->lesson_rows = avail - w->verdict_rows > 0 ? avail - w->verdict_rows : 0;
	w->lesson_scroll = clamp(w->lesson_scroll, w->lesson.n - w->lesson_rows);
	int body = w->rows - 2 > 0 ? w->rows - 2 : 0;
	w->pager_scroll = clamp(w->pager_scroll, w->pager.n - body);
	lines_release(&verdict);
}

void watch_redraw(struct watch *w)
{
	if (!w->interactive)
		return;
	watch_layout(w);
	screen_draw(w);
}
