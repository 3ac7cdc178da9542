/*
 * course-list.c: the course inside the tutorial (L): every exercise with its state (passed, the
 * open one, skipped, not reached yet) and its last verdict; Enter opens the one under the cursor,
 * x resets it after asking. A checks every exercise, records each verdict and shows the list.
 * Without a terminal the list is printed.
 */
#include "watch/tui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIST_MARK_WIDTH 10   /* the state's column, padded to this many columns */

static const char *mark_word(const struct watch *w, enum exercise_mark m)
{
	/* TRANSLATORS: an exercise's state in the tutorial's course list (L), ten columns at most */
	switch (m) {
	case MARK_PASSED: return tr_ctx(w->opt.lang, "course list", "passed");
	case MARK_SKIPPED: return tr_ctx(w->opt.lang, "course list", "skipped");
	default: return tr_ctx(w->opt.lang, "course list", "open");
	}
}

static enum style mark_style(enum exercise_mark m)
{
	return m == MARK_PASSED ? STYLE_DONE : m == MARK_CURRENT ? STYLE_STRONG : m == MARK_SKIPPED ? STYLE_STARTED
													: STYLE_PLAIN;
}

/* "  3  skipped    Scale a buffer  scale  (last: wrong result)", the open one marked "<- current".
 * With a width (the window's, less the cursor's column), the title alone gives way: cut after its
 * last whole word that fits, with an ellipsis, so that the name, the marker and the last verdict
 * are never cut. 0: no limit (the printed list). */
static char *list_line(const struct watch *w, int i, bool colour, int width)
{
	const struct exercise *e = &w->course.ex[i];
	enum exercise_mark m = session_mark(&w->ses, i);
	const char *word = mark_word(w, m);
	int pad = LIST_MARK_WIDTH - term_width(word, strlen(word));
	struct sbuf safe = SBUF_INIT, line = SBUF_INIT, tail = SBUF_INIT;
	const char *title = text_safe(exercise_title_in(w->opt.lang, e), &safe);   /* the course's text */
	/* what follows the title, and its columns without the styles */
	int tail_w = 2 + term_width(e->name, strlen(e->name));
	sbuf_addf(&tail, "  %s%s%s", style(STYLE_DIM, colour), e->name, style(STYLE_RESET, colour));
	if (i == w->ses.cur) {
		const char *cur = T("  <- current");
		sbuf_addf(&tail, "%s%s%s", style(STYLE_STRONG, colour), cur, style(STYLE_RESET, colour));
		tail_w += term_width(cur, strlen(cur));
	}
	const char *last = NULL;
	for (int k = 0; k < w->st.n; k++)
		if (!strcmp(w->st.ex[k].name, e->name) && w->st.ex[k].last_verdict[0])
			last = w->st.ex[k].last_verdict;
	if (last && m != MARK_PASSED) {
		int v = verdict_from_name(last);
		if (v >= 0) {
			char *said = xstrfmt(T("(last: %s)"), T(verdict_label((enum verdict)v)));
			sbuf_addf(&tail, "  %s%s%s", style(STYLE_DIM, colour), said, style(STYLE_RESET, colour));
			tail_w += 2 + term_width(said, strlen(said));
			free(said);
		}
	}
	int head_w = 5 + LIST_MARK_WIDTH + 1;   /* "%3d  " and the state's padded column, a space */
	size_t keep = strlen(title);
	bool cut = false;
	int room = width - head_w - tail_w;
	if (width > 0 && term_width(title, keep) > room) {
		cut = true;   /* the ellipsis takes a column */
		keep = room > 1 ? term_wrap(title, strlen(title), room - 1) : 0;
		if (keep < strlen(title) && title[keep] != ' ' && !memchr(title, ' ', keep))
			keep = 0;   /* one word wider than the room: no part of it */
		while (keep > 0 && title[keep - 1] == ' ')
			keep--;
	}
	sbuf_addf(&line, "%3d  %s%s%s%*s %.*s%s%s", i + 1, style(mark_style(m), colour), word,
		  style(STYLE_RESET, colour), pad > 0 ? pad : 0, "", (int)keep, title,
		  cut ? "\xe2\x80\xa6" : "", sbuf_str(&tail));
	sbuf_release(&tail);
	sbuf_release(&safe);
	return sbuf_detach(&line);
}

static void list_print(const struct watch *w)
{
	printf("\n%s\n", T("The course:"));
	for (int i = 0; i < w->course.n; i++) {
		char *line = list_line(w, i, false, 0);
		printf("%s\n", line);
		free(line);
	}
	fflush(stdout);
}

void list_open(struct watch *w)
{
	refresh_progress(w);
	w->list_sel = w->ses.cur;
	if (!w->interactive) {
		list_print(w);
		return;
	}
	w->view = VIEW_LIST;
}

void on_key_list(struct watch *w, int key)
{
	int page = w->rows - 4 > 1 ? w->rows - 4 : 1;
	switch (key) {
	case 'q': case KEY_ESC: case 'L': case KEY_LEFT: case 3:
		w->view = VIEW_MAIN;
		break;
	case '\r': case '\n': case 'o': case KEY_RIGHT:
		if (w->list_sel != w->ses.cur)
			open_exercise(w, w->list_sel);
		w->view = VIEW_MAIN;
		break;
	case 'x': ask_reset(w, w->list_sel); break;
	case 'A': check_all(w); break;
	case '?': show_keys(w); break;
	case KEY_UP: case 'k': w->list_sel--; break;
	case KEY_DOWN: case 'j': w->list_sel++; break;
	case KEY_PGUP: case 'b': w->list_sel -= page; break;
	case KEY_PGDN: case ' ': w->list_sel += page; break;
	case KEY_HOME: case 'g': w->list_sel = 0; break;
	case KEY_END: case 'G': w->list_sel = w->course.n - 1; break;
	}
	if (w->list_sel >= w->course.n)
		w->list_sel = w->course.n - 1;
	if (w->list_sel < 0)
		w->list_sel = 0;
}

void list_draw(const struct watch *w, struct sbuf *s)
{
	static const struct legend_key keys[] = {
		{ "\xe2\x86\x91\xe2\x86\x93", N_("choose"), 1 }, { "Enter", N_("open"), 0 },
		{ "x", N_("reset"), 2 }, { "A", N_("check all"), 3 }, { "q", N_("back"), 0 },
		{ NULL, NULL, 0 } };
	char *title = xstrfmt(T(" The course: %d of %d passed"), session_count_done(&w->ses), w->course.n);
	put_row(w, s, 1, title, STYLE_BAR, true);
	free(title);
	int body = w->rows - 3 > 0 ? w->rows - 3 : 0, n = w->course.n;
	int first = w->list_sel - body / 2;
	if (first > n - body)
		first = n - body;
	if (first < 0)
		first = 0;
	for (int r = 0; r < body; r++) {
		int i = first + r;
		if (i >= n) {
			put_row(w, s, 2 + r, "", STYLE_PLAIN, false);
			continue;
		}
		char *line = list_line(w, i, w->colour, w->cols - 2);   /* the cursor's column, and the last one left empty */
		/* The cursor: the row in the bar's colours, or a marker where there is no colour. */
		char *text = xstrfmt("%s%s", i == w->list_sel && !w->colour ? "\xe2\x96\xb6" : " ", line);
		put_row(w, s, 2 + r, text, i == w->list_sel && w->colour ? STYLE_BAR : STYLE_PLAIN,
			i == w->list_sel && w->colour);
		free(text);
		free(line);
	}
	draw_status(w, s, w->rows - 1);
	draw_legend(w, s, keys);
}

static void on_all_progress(void *ctx, const char *what)
{
	struct watch *w = ctx;
	set_status(w, STATUS_BUSY, T("Checking every exercise, %d of %d (%s): %s"), w->all_at + 1, w->course.n,
		   w->course.ex[w->all_at].name, T(what));
	watch_redraw(w);
}

/* A: every exercise checked (the unchanged ones answer from the cache), each verdict recorded as
 * `clings check` records it; then the list. A key or a save of the open file stops it. */
void check_all(struct watch *w)
{
	int passed = 0, i;
	for (i = 0; i < w->course.n; i++) {
		const struct exercise *e = &w->course.ex[i];
		w->all_at = i;
		on_all_progress(w, N_("checking..."));
		if (i == w->ses.cur) {   /* its verdict on its screen as well */
			if (!run_check(w))
				break;
			passed += w->report.verdict == VERDICT_PASS;
			continue;
		}
		busy_drain(w);
		struct check_options o = {
			.device = w->opt.device,
			.lang = w->opt.lang,
			.progress = on_all_progress,
			.progress_ctx = w,
			.interruptible = w->busy_fd >= 0 || w->interactive,
			.interrupt_fd = w->busy_fd >= 0 ? w->busy_fd : 0,
			.standby = &w->standby,
			.cache = true,
		};
		struct report r = REPORT_INIT;
		if (check_exercise(&w->course, e, &o, &r) < 0 && r.verdict == VERDICT_PASS)
			r.verdict = VERDICT_ERROR;   /* a failed run never counts as a pass */
		standby_start(&w->standby, w->opt.device, w->course.solutions_dir);
		bool stopped = r.interrupted;
		if (!stopped) {
			state_record_verdict(&w->course, &w->st, e->name, r.verdict);
			passed += r.verdict == VERDICT_PASS;
		}
		report_release(&r);
		if (stopped)
			break;
	}
	if (i < w->course.n)
		set_status(w, STATUS_INFO, T("Stopped at %s: the exercises before it were checked."),
			   w->course.ex[i].name);
	else
		set_status(w, STATUS_INFO, T("Every exercise checked: %d of %d pass."), passed, w->course.n);
	list_open(w);
}
