/*
 * screen.c: what the watcher shows. In a terminal the whole screen is built in one buffer and
 * written at once (title, lesson, verdict, status line, keys); without one, plain lines that a
 * script or a screen reader can follow.
 */
#include "watch/tui.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- text helpers ---- */

void lines_add(struct lines *l, const char *s, size_t n)
{
	l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = xstrfmt("%.*s", (int)n, s);
}

void lines_addf(struct lines *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lines_addf(struct lines *l, const char *fmt, ...)
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
void lines_split(struct lines *l, const char *text)
{
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);
		lines_add(l, text, n);
		text += n + (nl ? 1 : 0);
	}
}

void lines_release(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

void lines_wrap(struct lines *l, const char *text, int width, const char *indent, const char *sgr,
		const char *reset)
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

static const char *sgr(const struct watch *w, enum style role)
{
	return style(role, w->colour);
}

/* What a learner calls each verdict. */
static const char *verdict_label_in(const struct watch *w, enum verdict v)
{
	return T(verdict_label(v));
}

/* A path as the learner would type it: relative to where clings was started, when inside it. */

const struct exercise *watch_current(const struct watch *w)
{
	return &w->course.ex[w->ses.cur];
}

/* ---- the screen ---- */

void put_row(const struct watch *w, struct sbuf *s, int row, const char *text, enum style role,
		    bool fill)
{
	if (row < 1 || row > w->rows)
		return;
	sbuf_addf(s, "\x1b[%d;1H%s", row, sgr(w, role));
	int used = term_add_fit(s, text, strlen(text), w->cols);
	if (fill)
		sbuf_addf(s, "%*s", w->cols - used, "");
	sbuf_addf(s, "%s\x1b[K", sgr(w, STYLE_RESET));
}

/* A copy of s (NULL: "") with what would move the cursor made visible. */
static char *safe_copy(const char *s)
{
	struct sbuf b = SBUF_INIT;
	text_add_safe(&b, s);
	return b.len ? sbuf_detach(&b) : xstrdup("");
}

/* The report's own lines (ui/render.c: what `clings check` and grading show too), set for width
 * less the two columns they are indented by. In the pager, the repair's rung joins them: on the
 * main view the status line says it. */
static void report_part_lines(const struct watch *w, struct lines *l, int width, unsigned parts, bool pager)
{
	struct render_options o = {
		.lang = w->opt.lang, .parts = parts, .width = width - 2 > 10 ? width - 2 : 10, .colour = w->colour,
		.repair = pager && w->repair_rung >= 1 ? &w->repair : NULL, .rung = w->repair_rung,
	};
	struct report_lines rl = REPORT_LINES_INIT;
	report_render(&w->report, &o, &rl);
	for (int i = 0; i < rl.n; i++)
		lines_addf(l, "%s%s", *rl.v[i].text ? "  " : "", rl.v[i].text);
	report_lines_release(&rl);
}

/* The verdict of the last check, as lines for the lower part of the screen, the pager (v) or
 * print: the tutorial's headline (the check's number and time), the place, then the report's
 * lines; whole_log (the pager): the compiler's whole log under a heading, else its first lines. */
void verdict_lines(const struct watch *w, struct lines *l, int width, bool whole_log)
{
	const struct report *r = &w->report;
	const char *file = path_shown(watch_current(w)->file_path);
	if (w->bench_note) {   /* while a bench runs, what it takes comes first */
		lines_wrap(l, w->bench_note, width, "", sgr(w, STYLE_WARN), sgr(w, STYLE_RESET));
		lines_add(l, "", 0);
	}
	if (!w->have_report) {
		char *msg = xstrfmt(T("Not checked yet: save %s to check it, or press r."), file);
		lines_wrap(l, msg, width, "", sgr(w, STYLE_DIM), sgr(w, STYLE_RESET));   /* at its spaces */
		free(msg);
		return;
	}
	bool pass = r->verdict == VERDICT_PASS;
	const char *mark = w->interactive ? (pass ? "\xe2\x9c\x93 " : "\xe2\x9c\x97 ") : (pass ? "PASS " : "FAIL ");
	char secs[32];
	char *when = xstrfmt(T("check %d at %s, %s s"), w->checks, w->checked_at,
			     number_in(w->opt.lang, r->seconds, 2, secs));
	lines_addf(l, "%s%s%s%s  %s%s%s", sgr(w, pass ? STYLE_GOOD : STYLE_BAD), mark, verdict_label_in(w, r->verdict),
		   sgr(w, STYLE_RESET), sgr(w, STYLE_DIM), when, sgr(w, STYLE_RESET));
	free(when);
	if (pass) {
		bool last = w->ses.cur + 1 >= w->course.n;
		int open = w->course.n - session_count_done(&w->ses);
		if (last && open > 0) {
			char *msg = xstrfmt(trn(w->opt.lang, "Well done. That was the last exercise, but %d "
						"you skipped is still open: p goes back.", "Well done. That was "
						"the last exercise, but %d you skipped are still open: p goes back.",
						(unsigned long)open), open);
			lines_addf(l, "  %s", msg);
			free(msg);
		} else {
			lines_addf(l, "  %s", last ? T("That was the last exercise: the course is done!")
						   : T("Well done. Press n for the next exercise."));
		}
		report_part_lines(w, l, width, (1u << PART_MESSAGE) | (1u << PART_FIGURES), whole_log);
		return;
	}
	if (r->file && *r->file) {
		if (r->line > 0)
			lines_addf(l, "  %s%s:%d%s", sgr(w, STYLE_STRONG), path_shown(r->file), r->line, sgr(w, STYLE_RESET));
		else
			lines_addf(l, "  %s%s%s", sgr(w, STYLE_STRONG), path_shown(r->file), sgr(w, STYLE_RESET));
	}
	if (msg_empty(&r->message))
		lines_addf(l, "  %s", T("(no message)"));
	report_part_lines(w, l, width, (1u << PART_MESSAGE) | (1u << PART_PICTURE) | (1u << PART_DIAGNOSIS) |
				       (1u << PART_REPAIR) | (1u << PART_PRINTF) | (1u << PART_FIGURES), whole_log);
	char *build_log = safe_copy(r->build_log);
	if (*build_log) {
		lines_add(l, "", 0);
		struct lines log = { NULL, 0 };
		lines_split(&log, build_log);
		int shown = whole_log ? log.n : BUILD_LOG_LINES;
		if (whole_log)
			lines_addf(l, "  %s", T("Compiler log:"));
		for (int i = 0; i < log.n && i < shown; i++)
			lines_wrap(l, log.v[i], width, "  ", sgr(w, STYLE_WARN), sgr(w, STYLE_RESET));
		if (log.n > shown)
		{
			char *more = xstrfmt(T("(%d more lines)"), log.n - shown);
			lines_addf(l, "  %s%s%s", sgr(w, STYLE_DIM), more, sgr(w, STYLE_RESET));
			free(more);
		}
		lines_release(&log);
	}
	free(build_log);
	int failed = 0;
	for (int i = 0; i < r->ntests; i++)
		failed += r->tests[i].status == TEST_FAIL || r->tests[i].status == TEST_ERROR;
	if (r->ntests > 1 && failed)
	{
		char *msg = xstrfmt(T("%d of %d tests failed"), failed, r->ntests);
		lines_addf(l, "  %s%s%s", sgr(w, STYLE_DIM), msg, sgr(w, STYLE_RESET));
		free(msg);
	}
}

/* The width Markdown is set to: the window's, less a margin, and no wider than reads well. */
static void draw_title(const struct watch *w, struct sbuf *s)
{
	const struct exercise *e = watch_current(w);
	int done = session_count_done(&w->ses), n = w->course.n;
	struct sbuf right = SBUF_INIT, left = SBUF_INIT, safe = SBUF_INIT;
	int bw = w->cols >= 80 ? BAR_WIDTH : w->cols >= 60 ? BAR_WIDTH / 2 : 0;
	int filled = n ? done * bw / n : 0;
	if (bw) {
		sbuf_adds(&right, sgr(w, STYLE_GOOD));
		for (int i = 0; i < bw; i++) {
			if (i == filled)
				sbuf_adds(&right, sgr(w, STYLE_DIM));
			sbuf_adds(&right, i < filled ? "\xe2\x96\x88" : "\xe2\x96\x91");
		}
		sbuf_addf(&right, "%s ", sgr(w, STYLE_RESET));
	}
	sbuf_addf(&right, "%s%d/%d %s%s ", sgr(w, STYLE_STRONG), done, n, T("done"), sgr(w, STYLE_RESET));
	int rw = term_width(right.buf, right.len), room = w->cols - rw;
	/* The title whole and the exercise's name if they fit; else the title alone; else the
	 * title cut after its last whole word that fits, with an ellipsis: never a word cut. */
	const char *title = text_safe(exercise_title_in(w->opt.lang, e), &safe);
	char number[16];
	snprintf(number, sizeof(number), "%d. ", w->ses.cur + 1);
	int fixed = term_width(" clings  ", 9) + term_width(number, strlen(number));
	int tw = term_width(title, strlen(title)), namew = 2 + term_width(e->name, strlen(e->name));
	size_t keep = strlen(title);
	bool name = fixed + tw + namew < room, cut = fixed + tw >= room;
	if (cut) {   /* the ellipsis and a space before the bar take two columns */
		int avail = room - fixed - 2;
		keep = avail > 0 ? term_wrap(title, strlen(title), avail) : 0;
		if (keep < strlen(title) && title[keep] != ' ' && !memchr(title, ' ', keep))
			keep = 0;   /* one word wider than the room: no part of it */
	}
	sbuf_addf(&left, " %sclings%s  %s%s%.*s%s%s%s", sgr(w, STYLE_TITLE), sgr(w, STYLE_RESET), number,
		  sgr(w, STYLE_STRONG), (int)keep, title, cut && keep ? "\xe2\x80\xa6" : "",
		  sgr(w, STYLE_RESET), name ? "  " : "");
	if (name)
		sbuf_addf(&left, "%s%s%s", sgr(w, STYLE_DIM), e->name, sgr(w, STYLE_RESET));
	sbuf_release(&safe);
	int lw = term_width(left.buf, left.len);
	struct sbuf row = SBUF_INIT;
	if (room < 10) {
		sbuf_adds(&row, sbuf_str(&right));
	} else {
		term_add_fit(&row, left.buf, left.len, room - 1);
		sbuf_adds(&row, sgr(w, STYLE_RESET));
		sbuf_addf(&row, "%*s", lw < room ? room - lw : 1, "");
		sbuf_adds(&row, sbuf_str(&right));
	}
	put_row(w, s, 1, row.buf, STYLE_PLAIN, false);
	sbuf_release(&row);
	sbuf_release(&left);
	sbuf_release(&right);
}

/* "── Edit exercises/x.cl ─────── lesson 1-12 of 40 ↓ ──" */
static void draw_rule(const struct watch *w, struct sbuf *s, int row, int first, int shown)
{
	const char *dash = "\xe2\x94\x80";
	struct sbuf left = SBUF_INIT, right = SBUF_INIT, line = SBUF_INIT;
	sbuf_addf(&left, "%s%s%s %s %s%s%s ", sgr(w, STYLE_DIM), dash, sgr(w, STYLE_RESET), T("Edit"),
		  sgr(w, STYLE_STRONG), path_shown(watch_current(w)->file_path), sgr(w, STYLE_RESET));
	if (shown < w->lesson.n)
		sbuf_addf(&right, T(" lesson %d-%d of %d %s "), first + 1, first + shown, w->lesson.n,
			  first + shown < w->lesson.n ? "\xe2\x86\x93" : "\xe2\x86\x91");
	int lw = term_width(left.buf, left.len), rw = term_width(right.buf, right.len);
	sbuf_adds(&line, sbuf_str(&left));
	sbuf_adds(&line, sgr(w, STYLE_DIM));
	for (int i = lw + rw; i < w->cols - 2; i++)
		sbuf_adds(&line, dash);
	sbuf_adds(&line, sbuf_str(&right));
	sbuf_addf(&line, "%s%s", dash, dash);
	put_row(w, s, row, line.buf, STYLE_PLAIN, false);
	sbuf_release(&left);
	sbuf_release(&right);
	sbuf_release(&line);
}

void draw_status(const struct watch *w, struct sbuf *s, int row)
{
	static const enum style styles[] = {
		[STATUS_INFO] = STYLE_STRONG, [STATUS_BAD] = STYLE_BAD, [STATUS_BUSY] = STYLE_WARN,
		[STATUS_QUESTION] = STYLE_BAD,
	};
	enum status_kind kind = w->status_kind;
	char *text = xstrfmt(" %s", w->status);
	size_t n = strlen(text);
	/* A status wider than the row takes the row above too, broken at a space: never a word cut
	 * at the window's edge (the row above is the lowest of the view's own, drawn first). */
	if (term_width(text, n) > w->cols - 1 && row > 2) {
		size_t first = term_wrap(text, n, w->cols - 1);
		char *top = xstrfmt("%.*s", (int)first, text);
		char *rest = xstrfmt(" %s", text + first + (text[first] == ' '));
		put_row(w, s, row - 1, top, styles[kind], false);
		put_row(w, s, row, rest, styles[kind], false);
		free(top);
		free(rest);
	} else {
		put_row(w, s, row, text, styles[kind], false);
	}
	free(text);
}

/* The keys that fit the row, the most needed first: " q quit " and " ? keys " come before all
 * (? lists every key), then the others by prio; shown in the list's order. */
void draw_legend(const struct watch *w, struct sbuf *s, const struct legend_key *keys)
{
	int n = 0;
	while (keys[n].key)
		n++;
	bool shown[32] = { false };
	int left = w->cols;
	for (int prio = 0; prio <= 20; prio++)
		for (int i = 0; i < n && i < 32; i++) {
			if (keys[i].prio != prio)
				continue;
			const char *word = T(keys[i].word);
			int width = term_width(keys[i].key, strlen(keys[i].key)) + term_width(word, strlen(word)) + 3;
			if (width <= left) {
				shown[i] = true;
				left -= width;
			}
		}
	struct sbuf line = SBUF_INIT;
	for (int i = 0; i < n && i < 32; i++)
		if (shown[i])
			sbuf_addf(&line, " %s%s%s%s %s ", sgr(w, STYLE_RESET), sgr(w, STYLE_STRONG), keys[i].key,
				  sgr(w, STYLE_BAR), T(keys[i].word));
	put_row(w, s, w->rows, line.buf, STYLE_BAR, true);
	sbuf_release(&line);
}

static void draw_main(const struct watch *w, struct sbuf *s)
{
	static const struct legend_key keys[] = {
		{ "n", N_("next"), 1 }, { "N", N_("skip"), 3 }, { "p", N_("prev"), 4 },
		{ "l", N_("lesson"), 5 }, { "h", N_("hint"), 6 }, { "v", N_("verdict"), 8 },
		{ "L", N_("list"), 7 }, { "r", N_("run"), 9 }, { "x", N_("reset"), 10 },
		{ "s", N_("solution"), 11 }, { "A", N_("check all"), 12 }, { "B", N_("bench"), 13 },
		{ "\xe2\x86\x91\xe2\x86\x93", N_("scroll"), 2 }, { "?", N_("keys"), 0 },
		{ "q", N_("quit"), 0 }, { NULL, NULL, 0 } };
	struct lines verdict = { NULL, 0 };
	verdict_lines(w, &verdict, w->cols - 1, false);
	int vrows = w->verdict_rows, lrows = w->lesson_rows;   /* as watch_layout set them */

	draw_title(w, s);
	int row = 2;
	for (int i = 0; i < lrows; i++, row++) {
		int li = w->lesson_scroll + i;
		char *text = xstrfmt(" %s", li < w->lesson.n ? w->lesson.v[li] : "");
		put_row(w, s, row, text, STYLE_PLAIN, false);
		free(text);
	}
	int shown = w->lesson.n - w->lesson_scroll < lrows ? w->lesson.n - w->lesson_scroll : lrows;
	draw_rule(w, s, row++, w->lesson_scroll, shown);
	for (int i = 0; i < vrows; i++, row++) {
		if (i == vrows - 1 && vrows < verdict.n) {
			char *more = xstrfmt(T("(%d more lines: press v)"), verdict.n - i);
			char *text = xstrfmt("  %s%s%s", sgr(w, STYLE_DIM), more, sgr(w, STYLE_RESET));
			put_row(w, s, row, text, STYLE_PLAIN, false);
			free(text);
			free(more);
		} else {
			put_row(w, s, row, verdict.v[i], STYLE_PLAIN, false);
		}
	}
	for (; row < w->rows - 1; row++)
		put_row(w, s, row, "", STYLE_PLAIN, false);
	draw_status(w, s, w->rows - 1);
	draw_legend(w, s, keys);
	lines_release(&verdict);
}

static void draw_pager(const struct watch *w, struct sbuf *s)
{
	static const struct legend_key keys[] = {
		{ "\xe2\x86\x91\xe2\x86\x93 j k", N_("line"), 1 }, { "space b", N_("page"), 2 },
		{ "g G", N_("top, end"), 3 }, { "q", N_("back"), 0 }, { NULL, NULL, 0 } };
	int body = w->rows - 2 > 0 ? w->rows - 2 : 0;
	char *title = xstrfmt(" %s   %d-%d / %d", w->pager_title, w->pager.n ? w->pager_scroll + 1 : 0,
			      w->pager_scroll + body < w->pager.n ? w->pager_scroll + body : w->pager.n,
			      w->pager.n);
	put_row(w, s, 1, title, STYLE_BAR, true);
	free(title);
	for (int i = 0; i < body; i++) {
		int li = w->pager_scroll + i;
		char *text = xstrfmt(" %s", li < w->pager.n ? w->pager.v[li] : "");
		put_row(w, s, 2 + i, text, STYLE_PLAIN, false);
		free(text);
	}
	draw_legend(w, s, keys);
}

void screen_draw(const struct watch *w)
{
	if (!w->interactive)
		return;
	struct sbuf s = SBUF_INIT;
	sbuf_adds(&s, "\x1b[?25l");
	if (w->view == VIEW_PAGER)
		draw_pager(w, &s);
	else if (w->view == VIEW_LIST || (w->view == VIEW_CONFIRM_RESET && w->reset_from == VIEW_LIST))
		list_draw(w, &s);
	else
		draw_main(w, &s);
	term_write(STDOUT_FILENO, s.buf, s.len);
	sbuf_release(&s);
}

/* ---- plain output, without a terminal ---- */

void print_exercise(const struct watch *w)
{
	const struct exercise *e = watch_current(w);
	struct sbuf safe = SBUF_INIT;
	printf("\n");
	printf(T("%d/%d done. Exercise %d: %s (%s)\n"), session_count_done(&w->ses), w->course.n,
	       w->ses.cur + 1, text_safe(exercise_title_in(w->opt.lang, e), &safe), e->name);
	printf(T("Edit %s; read the lesson with `clings lesson %s`.\n"), path_shown(e->file_path), e->name);
	fflush(stdout);
	sbuf_release(&safe);
}

void print_verdict(const struct watch *w)
{
	struct lines l = { NULL, 0 };
	verdict_lines(w, &l, 80, false);
	printf("%s: ", watch_current(w)->name);
	for (int i = 0; i < l.n; i++)
		printf("%s\n", l.v[i]);
	lines_release(&l);
	fflush(stdout);
}
