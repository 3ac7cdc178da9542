/*
 * bench-view.c: B in the tutorial. Before the bench runs, a note says how long it takes (the last
 * bench's time on this device, kept in the course's cache directory, else what a first one does)
 * and what a CPU's figures are worth; while it runs, the status line says its phase and the
 * seconds so far; at its end its table opens in the pager.
 */
#include "watch/tui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define BENCH_TIME_FILE ".bench-time"   /* not an exercise's name: those have no '.' */

/* .bench-time in the learner's cache directory (course_cache_dir): "SECONDS cpu|gpu EXERCISE
 * DEVICE-SPEC", the course's last bench. */
static char *bench_time_path(const struct watch *w)
{
	char *dir = course_cache_dir(&w->course);
	char *path = xstrfmt("%s/%s", dir, BENCH_TIME_FILE);
	free(dir);
	return path;
}

/* The last bench's seconds, device type and exercise, when it ran on the device asked now. */
static void bench_time_load(struct watch *w)
{
	char *path = bench_time_path(w), *text = NULL, type[8] = "", name[NAME_MAX_LEN] = "", spec[128] = "";
	double s = 0;
	if (read_regular_file(path, 4096, &text, NULL) == 0 &&
	    sscanf(text, "%lf %7s %63s %127[^\n]", &s, type, name, spec) >= 3 && s > 0 && s < 3600 &&
	    !strcmp(spec, w->opt.device ? w->opt.device : "")) {
		w->bench_seconds = s;
		w->bench_cpu = !strcmp(type, "cpu");
		copy_str(w->bench_exercise, sizeof(w->bench_exercise), name);
	}
	free(text);
	free(path);
}

static void bench_time_save(const struct watch *w)
{
	char *dir = course_cache_dir(&w->course), *path = bench_time_path(w);
	char *line = xstrfmt("%.1f %s %s %s\n", w->bench_seconds, w->bench_cpu ? "cpu" : "gpu", w->bench_exercise,
			     w->opt.device ? w->opt.device : "");
	make_dirs(dir);   /* a failure only costs the next bench its estimate */
	write_file_atomic(path, line, strlen(line));
	free(line);
	free(path);
	free(dir);
}

/* "Benching scale: timing your kernel... (12 s of about 25 s)": about as long as the same
 * exercise's last bench took. */
static void on_bench_progress(void *ctx, const char *what)
{
	struct watch *w = ctx;
	double so_far = now_seconds() - w->bench_started;
	bool same = w->bench_seconds > 0 && !strcmp(w->bench_exercise, watch_current(w)->name);
	char *took = same ? xstrfmt(T("%.0f s of about %.0f s"), so_far, w->bench_seconds)
			  : xstrfmt(T("%.0f s"), so_far);
	set_status(w, STATUS_BUSY, T("Benching %s: %s (%s)"), watch_current(w)->name, T(what), took);
	free(took);
	watch_redraw(w);
}

/* What the learner reads before the bench runs: how long the last one took (of this exercise,
 * else of another: a first bench of an exercise builds its kernels too), and a CPU's figures'
 * worth. */
static char *bench_note(const struct watch *w)
{
	const char *name = watch_current(w)->name;
	const char *cpu = w->bench_cpu ? T(" This device is a CPU: its figures do not predict a GPU's.") : "";
	if (w->bench_seconds > 0 && !strcmp(w->bench_exercise, name))
		return xstrfmt(T("Benching %s: about %.0f s, as last time.%s"), name, w->bench_seconds, cpu);
	if (w->bench_seconds > 0)
		return xstrfmt(T("Benching %s: the last bench, of %s, took %.0f s.%s"), name, w->bench_exercise,
			       w->bench_seconds, cpu);
	return xstrfmt(T("Benching %s: the reference, a copy and your kernel are each timed at a large size, "
			 "which takes tens of seconds on a CPU. A CPU's figures do not predict a GPU's."), name);
}

void run_bench(struct watch *w)
{
	const struct exercise *e = watch_current(w);
	if (!w->have_report || w->report.verdict != VERDICT_PASS) {
		set_status(w, STATUS_INFO, "%s", T("B times a kernel that passes: make it pass first."));
		return;
	}
	if (w->bench_seconds <= 0)
		bench_time_load(w);
	free(w->bench_note);
	w->bench_note = bench_note(w);
	if (!w->interactive)
		set_status(w, STATUS_INFO, "%s", w->bench_note);   /* printed: a line of its own */
	w->bench_started = now_seconds();
	on_bench_progress(w, N_("starting..."));
	struct bench_options o = { .device = w->opt.device, .lang = w->opt.lang,
				   .interruptible = w->interactive, .progress = on_bench_progress,
				   .progress_ctx = w };
	struct bench_result b;
	bench_exercise(&w->course, e, &o, &b);
	free(w->bench_note);
	w->bench_note = NULL;
	clear_status(w);
	if (!b.interrupted && b.nrows > 0) {
		w->bench_seconds = now_seconds() - w->bench_started;
		w->bench_cpu = b.cpu;
		copy_str(w->bench_exercise, sizeof(w->bench_exercise), e->name);
		bench_time_save(w);
	}
	if (b.interrupted) {
		set_status(w, STATUS_INFO, "%s", T("Bench stopped by a key."));
		bench_result_release(&b);
		return;
	}
	struct sbuf text = SBUF_INIT, md = SBUF_INIT;
	/* within the pager's width, less the indent of its code blocks: no line goes past the screen */
	bench_report_text(&b, &text, w->opt.lang, text_width(w) - (int)strlen(CODE_INDENT));
	sbuf_addf(&md, "```\n%s```\n", sbuf_str(&text));
	char *title = xstrfmt(T("Bench of %s"), e->name);
	open_pager(w, title, md.buf, 0);
	free(title);
	sbuf_release(&text);
	sbuf_release(&md);
	bench_result_release(&b);
}
