/*
 * views.c: what opens over the main view: the pager with the lesson, the hints, the whole verdict,
 * the reference solution once the exercise passed, and the keys (?). Without a terminal each is
 * printed instead.
 */
#include "watch/tui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void open_pager(struct watch *w, const char *title, const char *md, int scroll_to)
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
	if (w->view != VIEW_PAGER)
		w->pager_from = w->view == VIEW_LIST ? VIEW_LIST : VIEW_MAIN;
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
bool show_repair(struct watch *w)
{
	if (!w->repair.found || w->repair_rung < 1 || w->repair_rung >= 3)
		return false;
	w->repair_rung++;
	struct msg m = MSG_INIT;
	repair_message(&w->repair, w->repair_rung, &m);
	char *text = msg_text(&m, w->opt.lang);
	msg_release(&m);
	if (!w->interactive) {
		printf("%s\n", text);
		fflush(stdout);
	} else {
		/* the edit's text is code: kept as it is, not read as Markdown */
		struct sbuf md = SBUF_INIT;
		sbuf_adds(&md, "```\n");
		sbuf_adds(&md, text);
		sbuf_adds(&md, "\n```\n");
		open_pager(w, w->repair_rung < 3 ? T("The smallest change: its kind (h again shows the edit)")
						 : T("The smallest change: the edit"), md.buf, 0);
		sbuf_release(&md);
	}
	free(text);
	return true;
}

void show_hint(struct watch *w)
{
	const struct exercise *e = watch_current(w);
	struct hints h = HINTS_INIT;
	int i = hint_take(&w->course, e, w->opt.lang, &w->st, &h);
	if (i < 0) {
		lesson_hints_release(&h);
		return;
	}
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

/* A test's state in the pager, in the learner's language. */
static const char *status_word(const struct watch *w, enum test_status st)
{
	/* TRANSLATORS: a test's state before its name in the verdict pager (v), one short word */
	switch (st) {
	case TEST_PASS: return tr_ctx(w->opt.lang, "test state", "pass");
	case TEST_FAIL: return tr_ctx(w->opt.lang, "test state", "fail");
	case TEST_SKIP: return tr_ctx(w->opt.lang, "test state", "skip");
	default: return tr_ctx(w->opt.lang, "test state", "error");
	}
}

void show_report(struct watch *w)
{
	if (!w->have_report) {
		set_status(w, STATUS_INFO, "%s", T("No verdict yet: save the file or press r."));
		return;
	}
	/* The pager sets it as a code block, indented, at the text's width: wrapped here to fit,
	 * no word is cut there. */
	int width = text_width(w) - (int)strlen(CODE_INDENT);
	struct lines l = { NULL, 0 };
	bool colour = w->colour;
	w->colour = false;  /* the pager renders Markdown; the report goes in as a code block */
	verdict_lines(w, &l, width, true);
	w->colour = colour;
	for (int i = 0; i < w->report.ntests; i++) {
		const struct test_result *t = &w->report.tests[i];
		char *detail = msg_text(&t->detail, w->opt.lang);
		char *line = xstrfmt("%s %s%s%s", status_word(w, t->status), t->name,
				     *detail ? ": " : "", detail);
		free(detail);
		lines_wrap(&l, line, width, "", "", "");
		free(line);
	}
	struct sbuf md = SBUF_INIT;
	sbuf_adds(&md, "```\n");
	for (int i = 0; i < l.n; i++)
		sbuf_addf(&md, "%s\n", l.v[i]);
	sbuf_adds(&md, "```\n");
	char *title = xstrfmt(T("Last verdict for %s"), watch_current(w)->name);
	open_pager(w, title, md.buf, 0);
	free(title);
	sbuf_release(&md);
	lines_release(&l);
}

/* s: the reference solution (and its notes, lessons/LANG/NAME.solution.md when the course has
 * them), only once the exercise has passed: before, it would answer what the learner is to find.
 * Its comments are in the learner's language where the course has them in it. */
void show_solution(struct watch *w)
{
	const struct exercise *e = watch_current(w);
	refresh_progress(w);
	if (!session_is_done(&w->ses, e)) {
		set_status(w, STATUS_BAD, T("The solution of %s opens once your kernel passes: make it pass first."),
			   e->name);
		return;
	}
	char *code = NULL, *notes = NULL;
	if (read_file(e->solution_path, &code, NULL) < 0) {
		free(code);
		return;   /* the error reaches the status line */
	}
	char *notes_path = course_lesson_path(&w->course, e, w->opt.lang, ".solution");
	if (notes_path && access(notes_path, R_OK) == 0 && read_file(notes_path, &notes, NULL) < 0) {
		free(notes);
		notes = NULL;
	}
	free(notes_path);
	struct sbuf md = SBUF_INIT;
	if (notes)
		sbuf_addf(&md, "%s\n\n", notes);
	sbuf_addf(&md, "## %s\n\n", T("The reference solution"));
	/* Its comments in the learner's language where the course wrote them in it too. */
	const char *own = w->course.langs.n ? w->course.langs.name[0] : "en";
	struct sbuf shown = SBUF_INIT;
	source_comments_in(code, strcmp(w->opt.lang, own) ? w->opt.lang : NULL, &shown);
	/* A fence longer than any run of backticks in the code: the code cannot close it. */
	sbuf_addf(&md, "~~~~~~~~c\n%s~~~~~~~~\n", shown.buf);
	wipe_string(shown.buf);
	sbuf_release(&shown);
	char *title = xstrfmt(T("Solution of %s (yours passed; compare them)"), e->name);
	open_pager(w, title, md.buf, 0);
	free(title);
	/* Only the solution of an exercise that passed is read; no copy of it but the pager's (until
	 * another text replaces it) stays in the memory that the checks' children are forked from. */
	wipe_string(md.buf);
	sbuf_release(&md);
	wipe_string(code);
	free(code);
	free(notes);
}

/* Every key of the tutorial: what `?` shows, `clings watch --help` prints and the man page lists. */
const char *const watch_keys[] = {
	"n", N_("the next exercise, once this one passes"),
	"N", N_("skip to the next exercise without passing this one"),
	"p", N_("the exercise before (after a skip at the end: the one skipped)"),
	"l", N_("the lesson in a pager"),
	"h", N_("the next hint"),
	"v", N_("the whole verdict of the last check"),
	"L", N_("the course list: each exercise's state; open or reset one"),
	"r", N_("check the file again now"),
	"x", N_("reset the file to the stub (your version is kept as a .bak file)"),
	"s", N_("the reference solution, once your kernel passes"),
	"A", N_("check every exercise and show the list"),
	"B", N_("time a kernel that passes (bench)"),
	"\xe2\x86\x91 \xe2\x86\x93 j k, space b, g G", N_("scroll the lesson"),
	"?", N_("these keys"),
	"q", N_("quit (your progress is saved as you go)"),
	NULL,
};
const char *const watch_list_keys = N_("In the course list (L): the arrows (or j, k) choose, Enter opens, x resets, "
				       "A checks every exercise, q goes back.");

void watch_print_keys(FILE *f, const char *lang)
{
	for (int i = 0; watch_keys[i]; i += 2) {
		int pad = 24 - term_width(watch_keys[i], strlen(watch_keys[i]));
		fprintf(f, "  %s%*s %s\n", watch_keys[i], pad > 0 ? pad : 0, "", tr(lang, watch_keys[i + 1]));
	}
	fprintf(f, "\n%s\n", tr(lang, watch_list_keys));
}

/* ?: every key, in every view: the legend shows those that fit the window's width. */
void show_keys(struct watch *w)
{
	struct sbuf md = SBUF_INIT;
	for (int i = 0; watch_keys[i]; i += 2)
		sbuf_addf(&md, "- **%s**: %s\n", watch_keys[i], T(watch_keys[i + 1]));
	sbuf_addf(&md, "\n%s\n", T(watch_list_keys));
	open_pager(w, T("Keys"), md.buf, 0);
	sbuf_release(&md);
}
