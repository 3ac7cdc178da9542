/*
 * watch.c: `clings` with no command. The learner stays here for the whole course: the lesson,
 * the file to edit, and the verdict of every save, checked as soon as the editor has written it.
 *
 * One loop polls the keyboard, inotify and the signal pipe (SIGWINCH). Every change of what is
 * shown builds the whole screen in one buffer and writes it at once. Checks run synchronously;
 * their progress callback redraws the status line, so a slow analysis still shows that it works.
 * A key, or a new write of the file, stops a check (busy_fd): the newest save is the one checked.
 *
 * When standard input or output is not a terminal the same loop runs without a screen: it prints
 * each exercise and each verdict as plain text, and reads single-letter commands from stdin.
 */
#include "watch/tui.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DIR_EVENTS (IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM)
#define FILE_EVENTS (IN_CLOSE_WRITE | IN_MODIFY | IN_MOVE_SELF | IN_DELETE_SELF)
#define BUSY_EVENTS (IN_CLOSE_WRITE | IN_MODIFY | IN_MOVE_SELF | IN_DELETE_SELF)

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

/* ---- watching the file ---- */

static void watch_paths(struct watch *w)
{
	if (w->ino_fd < 0)
		return;
	const char *path = watch_current(w)->file_path;
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
	if (w->busy_ino >= 0) {
		if (w->busy_wd_file >= 0)
			inotify_rm_watch(w->busy_ino, w->busy_wd_file);
		/* Only a write of the file, or its end (a new file renamed over it), stops a check: an
		 * editor's swap file beside it, or the state and the cache that clings writes, do not. */
		w->busy_wd_file = inotify_add_watch(w->busy_ino, path, BUSY_EVENTS);
	}
	free(dir);
}

/* Forgets what busy_ino saw: writes made before a check starts are in the bytes it reads. A new
 * file in the old one's place gets the watch again. */
void busy_drain(struct watch *w)
{
	if (w->busy_ino < 0)
		return;
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	while (read(w->busy_ino, buf, sizeof(buf)) > 0)
		;
	int wd = inotify_add_watch(w->busy_ino, watch_current(w)->file_path, BUSY_EVENTS);
	if (wd >= 0)
		w->busy_wd_file = wd;
}

/* busy_fd: the keyboard (in a terminal) and busy_ino, one descriptor for the engine to poll. */
static void busy_init(struct watch *w)
{
	w->busy_ino = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	w->busy_fd = epoll_create1(EPOLL_CLOEXEC);
	if (w->busy_fd < 0)
		return;
	struct epoll_event ev = { .events = EPOLLIN };
	if (w->interactive) {
		ev.data.fd = STDIN_FILENO;
		epoll_ctl(w->busy_fd, EPOLL_CTL_ADD, STDIN_FILENO, &ev);
	}
	if (w->busy_ino >= 0) {
		ev.data.fd = w->busy_ino;
		epoll_ctl(w->busy_fd, EPOLL_CTL_ADD, w->busy_ino, &ev);
	}
}

/*
 * Reads pending events: what they say of the learner's file. A save is complete once the file
 * is closed after writing (IN_CLOSE_WRITE) or a new file is renamed onto its name (IN_MOVED_TO):
 * nothing more is coming, so the check starts at once. A write without its close (IN_MODIFY,
 * IN_CREATE) may be one step of several (editors that truncate, write, then write again): the
 * caller waits for the burst to settle. So does a deletion (IN_DELETE, IN_MOVED_FROM): editors
 * that move the old file aside write the new one at once; when none comes, the check says the
 * file is gone and how to get it back. The last event of the file decides.
 */
enum file_change { CHANGE_NONE, CHANGE_PARTIAL, CHANGE_COMPLETE };
static enum file_change read_events(struct watch *w)
{
	const char *path = watch_current(w)->file_path, *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char buf[16384] __attribute__((aligned(__alignof__(struct inotify_event))));
	enum file_change change = CHANGE_NONE;
	ssize_t n;
	while ((n = read(w->ino_fd, buf, sizeof(buf))) > 0) {
		for (char *p = buf; p < buf + n;) {
			struct inotify_event *ev = (struct inotify_event *)p;
			uint32_t mine = 0;
			if (ev->mask & IN_Q_OVERFLOW)
				mine = IN_MODIFY;   /* events were lost: wait for the writer to finish */
			else if (ev->wd == w->wd_dir && ev->len && !strcmp(ev->name, base))
				mine = ev->mask & DIR_EVENTS;
			else if (ev->wd == w->wd_file)
				mine = ev->mask & (IN_CLOSE_WRITE | IN_MODIFY);
			if (mine)
				change = mine & (IN_CLOSE_WRITE | IN_MOVED_TO) ? CHANGE_COMPLETE : CHANGE_PARTIAL;
			if (ev->wd == w->wd_file && (ev->mask & IN_IGNORED))
				w->wd_file = -1;
			if (ev->wd == w->wd_dir && ev->len)
				copy_str(w->trace_event, sizeof(w->trace_event), ev->name);
			w->trace_idle_due = true;
			p += sizeof(*ev) + ev->len;
		}
	}
	/* After a rename the name holds a new file: watch that one (the old watch is gone). */
	if (change != CHANGE_NONE || w->wd_file < 0) {
		int wd = inotify_add_watch(w->ino_fd, path, FILE_EVENTS);
		if (wd >= 0)
			w->wd_file = wd;
	}
	return change;
}

/* A hash of the file's bytes, or 0 when it cannot be read (then it never matches a check's). */
static uint64_t file_hash(const char *path)
{
	char *text;
	size_t len;
	if (read_regular_file(path, LEARNER_FILE_MAX, &text, &len) < 0)
		return 0;
	uint64_t h = hash_add(HASH_INIT, text, len) | 1;
	free(text);
	return h;
}

/* A save whose bytes are those of the last check changes nothing: the editor saved twice (the
 * second while the first was being checked), or wrote the same text again. Unless that check
 * could not run, ran out of time or crashed: the machine, not the kernel, may have decided it. */
static bool save_changed_nothing(struct watch *w)
{
	enum verdict v = w->report.verdict;
	return w->have_report && v != VERDICT_ERROR && v != VERDICT_TIMEOUT && v != VERDICT_CRASH &&
	       w->checked_hash && file_hash(watch_current(w)->file_path) == w->checked_hash;
}

/* ---- actions ---- */

static void on_progress(void *ctx, const char *what)
{
	struct watch *w = ctx;
	FILE *f = trace_open(false);
	set_status(w, STATUS_BUSY, T("Checking %s: %s"), watch_current(w)->name, T(what));
	watch_redraw(w);
	if (f) {   /* what the check said while it ran, in order, and when it was on the screen
		    * (scripts/bench-watch times the staged "results match" by it) */
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		fprintf(f, "clings: trace: check %d says %s at %lld.%06ld\n", w->checks + 1, what,
			(long long)ts.tv_sec, ts.tv_nsec / 1000);
		trace_close(f);
	}
}

/* After the verdict is on the screen: the smallest change that makes the kernel pass, its first
 * rung on the status line. A key or a save stops it (the loop then handles them). */
static void find_repair(struct watch *w, const struct exercise *e, const struct check_options *o)
{
	if (w->report.verdict == VERDICT_PASS && w->repair.found && w->repair_rung < 3) {
		/* after a pass, the edit the learner did not ask for: the status line's last words */
		struct msg m = MSG_INIT;
		repair_message(&w->repair, 3, &m);
		char *text = msg_text(&m, w->opt.lang), *last = strrchr(text, '\n');
		set_status(w, STATUS_INFO, "%s", last ? last + 1 : text);
		free(text);
		msg_release(&m);
	}
	w->repair = (struct repair)REPAIR_INIT;
	w->repair_rung = 0;
	if (!repair_applies(w->report.verdict) || w->report.interrupted || !repair_automatic())
		return;
	set_status(w, STATUS_BUSY, "%s", T("Looking for the smallest change that makes your kernel pass..."));
	watch_redraw(w);
	struct check_options ro = *o;
	ro.progress = NULL;
	ro.standby = NULL;
	struct sbuf err = SBUF_INIT;
	struct repair rp;
	if (repair_search(&w->course, e, &ro, &w->report, NULL, &rp, &err) < 0) {
		set_status(w, STATUS_INFO, "no repair was looked for: %s", err.buf);   /* clings' own */
	} else if (rp.cancelled || !rp.searched) {   /* (not searched: no libclang on this machine) */
		clear_status(w);
	} else {
		w->repair = rp;
		w->repair_rung = 1;
		repair_confirm(&rp, &w->report);   /* the report's diagnoses it proves, on the next draw */
		struct msg m = MSG_INIT;
		repair_message(&rp, 1, &m);
		char *text = msg_text(&m, w->opt.lang);
		set_status(w, STATUS_INFO, "%s", text);
		if (!w->interactive) {
			printf("%s\n", text);
			fflush(stdout);
		}
		free(text);
		msg_release(&m);
	}
	sbuf_release(&err);
	watch_redraw(w);
}

bool run_check(struct watch *w)
{
	const struct exercise *e = watch_current(w);
	w->settle_at = 0;
	/* A file that is gone gets a verdict of its own (how to get it back), not the old one. */
	if (access(e->file_path, R_OK) < 0 && errno != ENOENT) {
		set_status(w, STATUS_BAD, T("%s: cannot read: %s"), path_shown(e->file_path), strerror(errno));
		watch_redraw(w);
		return false;
	}
	busy_drain(w);
	w->checked_hash = file_hash(e->file_path);
	set_status(w, STATUS_BUSY, T("Checking %s..."), e->name);
	watch_redraw(w);
	struct check_options o = {
		.device = w->opt.device,
		.file = NULL,
		.lang = w->opt.lang,
		.progress = on_progress,
		.progress_ctx = w,
		/* A key (q above all) need not wait for a hang; a newer save makes this check's verdict
		 * one of bytes that are gone. */
		.interruptible = w->busy_fd >= 0 || w->interactive,
		.interrupt_fd = w->busy_fd >= 0 ? w->busy_fd : STDIN_FILENO,
		.standby = &w->standby,
		.cache = true,
	};
	struct report r = REPORT_INIT;
	if (check_exercise(&w->course, e, &o, &r) < 0 && r.verdict == VERDICT_PASS)
		r.verdict = VERDICT_ERROR;  /* a failed run never counts as a pass */
	if (r.interrupted) {
		standby_start(&w->standby, w->opt.device, w->course.solutions_dir);  /* for the next save */
		/* The key or the save is still unread: the loop handles it, then the file is checked
		 * again. No verdict was had of the bytes hashed. */
		report_release(&r);
		w->checked_hash = 0;
		w->settle_at = now_seconds() + SETTLE_MS / 1000.0;
		struct pollfd key = { w->interactive ? STDIN_FILENO : -1, POLLIN, 0 };
		if (poll(&key, 1, 0) > 0 && (key.revents & POLLIN))
			set_status(w, STATUS_BUSY, "%s", T("Check stopped by a key; it runs again in a moment."));
		else
			set_status(w, STATUS_BUSY, T("%s was saved again: checking the newest version."),
				   path_shown(e->file_path));
		watch_redraw(w);
		return false;
	}
	report_release(&w->report);
	w->report = r;
	w->have_report = true;
	w->checks++;
	time_t t = time(NULL);
	strftime(w->checked_at, sizeof(w->checked_at), "%H:%M:%S", localtime(&t));
	session_record(&w->ses, r.verdict);
	clear_status(w);
	if (!w->interactive)
		print_verdict(w);
	/* The next save's children first, then the repair's checks: a learner who saves during the
	 * search (which the save stops at once) finds them warm. Warming up they take a few tenths
	 * of a second from the search, which the learner is not waiting on. */
	standby_start(&w->standby, w->opt.device, w->course.solutions_dir);  /* for the next save */
	find_repair(w, e, &o);
	return true;
}

void open_exercise(struct watch *w, int i)
{
	session_open(&w->ses, i);
	const struct exercise *e = watch_current(w);

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
	w->repair = (struct repair)REPAIR_INIT;   /* another kernel's */
	w->repair_rung = 0;
	w->view = VIEW_MAIN;
	question_end(w);   /* another exercise: a question about this one is asked no more */
	clear_status(w);
	watch_paths(w);
	if (w->ino_fd < 0)
		set_status(w, STATUS_INFO, "%s", T("Files cannot be watched here: press r to check after saving."));
	w->settle_at = now_seconds();   /* checked once the screen is drawn */
	if (!w->interactive)
		print_exercise(w);
}


/* The progress as the file has it now: `clings check` in another shell may have recorded a
 * pass since our last change. A copy with a change the file lacks stays as it is. */
void refresh_progress(struct watch *w)
{
	struct state now = STATE_INIT;
	state_load(&w->course, &now);
	if (!now.recovered && !w->st.unsaved) {
		state_release(&w->st);
		w->st = now;
	} else {
		state_release(&now);
	}
}


/* With no state to trust, passes are learnt again: check from the first exercise on, and stop
 * at the first that fails. A new learner's first stub fails at once. */
static enum verdict open_and_check(void *ctx, int i)
{
	struct watch *w = ctx;
	open_exercise(w, i);
	/* A check a key or a save stopped has no verdict: recovery stops at this exercise (the
	 * report left from before is no pass of it, and the key is still unread). */
	return run_check(w) ? w->report.verdict : VERDICT_ERROR;
}

/* After a lost or corrupt state file: every exercise checked again until one fails. */
static void recover_progress(struct watch *w)
{
	session_recover(&w->ses, open_and_check, w);
}

/* ---- the loop ---- */

/* With CLINGS_TRACE=/path, when a check's verdict is on the screen: the wall clock then, against
 * which scripts/bench-watch times a save to its verdict exactly (polling the screen adds up to
 * its period). Only to a file: the terminal is the watcher's. */
static void trace_drawn(const struct watch *w)
{
	FILE *f = trace_open(false);
	if (!f)
		return;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	fprintf(f, "clings: trace: check %d drawn at %lld.%06ld\n", w->checks, (long long)ts.tv_sec,
		ts.tv_nsec / 1000);
	trace_close(f);
}

/* With CLINGS_TRACE=/path, once the screen is drawn at a new size: tests that resize the
 * terminal wait for it. */
static void trace_resized(const struct watch *w)
{
	FILE *f = trace_open(false);
	if (!f)
		return;
	fprintf(f, "clings: trace: drawn at %dx%d\n", w->cols, w->rows);
	trace_close(f);
}

/* With CLINGS_TRACE=/path, once the events read so far are all handled: nothing is queued, no
 * save is settling, and any check they called for has its verdict on the screen. A test that
 * touches a file beside the exercise's and waits for this line with that file's name knows that
 * whatever its saves before it caused has happened: "no second check" becomes an event. */
static void trace_idle(struct watch *w)
{
	int queued = 0;
	if (ioctl(w->ino_fd, FIONREAD, &queued) < 0 || queued > 0)
		return;   /* read on the next turn of the loop, then idle again */
	w->trace_idle_due = false;
	FILE *f = trace_open(false);
	if (!f)
		return;
	fprintf(f, "clings: trace: idle after check %d, last event %s\n", w->checks, w->trace_event);
	trace_close(f);
}

static int loop(struct watch *w)
{
	int sig_fd = w->interactive ? term_signal_fd() : -1;
	bool stdin_open = true;
	while (!w->quit) {
		int timeout = -1;
		if (w->settle_at > 0) {
			double left = w->settle_at - now_seconds();
			timeout = left > 0 ? (int)(left * 1000) + 1 : 0;
		} else if (w->trace_idle_due) {
			trace_idle(w);
		}
		struct pollfd p[3] = {
			{ stdin_open ? STDIN_FILENO : -1, POLLIN, 0 },
			{ w->ino_fd, POLLIN, 0 },
			{ sig_fd, POLLIN, 0 },
		};
		if (poll(p, 3, timeout) < 0 && errno != EINTR)
			return error("poll:");
		bool redraw = false, checked = false, resized = false;
		quiet_begin(w);
		if (p[2].revents & POLLIN) {
			term_signal_drain();
			watch_resize(w);
			redraw = resized = true;
		}
		if (p[1].revents & POLLIN) {
			enum file_change change = read_events(w);
			if (change == CHANGE_COMPLETE)
				w->settle_at = now_seconds();
			else if (change == CHANGE_PARTIAL)
				w->settle_at = now_seconds() + SETTLE_MS / 1000.0;
			w->settle_after_save = w->settle_after_save || change != CHANGE_NONE;
		}
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
			if (w->settle_after_save && save_changed_nothing(w))
				w->settle_at = 0;
			else
				checked = run_check(w);
			w->settle_after_save = false;
			redraw = true;
		}
		quiet_end(w);
		if (redraw)
			watch_redraw(w);
		if (checked)
			trace_drawn(w);
		if (resized)
			trace_resized(w);
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
	if (w->busy_ino >= 0)
		close(w->busy_ino);
	if (w->busy_fd >= 0)
		close(w->busy_fd);
	free(w->lesson_md);
	free(w->bench_note);
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
	w.busy_ino = w.busy_fd = w.busy_wd_file = -1;
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
	w.ses = (struct session){ &w.course, &w.st, 0 };
	w.ino_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	busy_init(&w);
	if (w.interactive) {
		term_signal_fd();   /* SIGWINCH caught before the size is read: no resize is lost */
		if (term_raw_enter(STDIN_FILENO, STDOUT_FILENO) < 0) {
			term_raw_leave();   /* it may have failed half way in */
			watch_release(&w);
			return 2;
		}
		watch_resize(&w);
	}
	quiet_begin(&w);
	if (w.st.recovered) {
		recover_progress(&w);
	} else {
		open_exercise(&w, session_start(&w.ses));
	}
	if (w.interactive && o->notice && *o->notice) {   /* said on stderr too, now behind the screen */
		struct sbuf md = SBUF_INIT;
		struct lines said = { NULL, 0 };
		lines_split(&said, o->notice);
		for (int i = 0; i < said.n; i++)
			if (*said.v[i])
				sbuf_addf(&md, "- %s\n", said.v[i]);
		lines_release(&said);
		open_pager(&w, tr(w.opt.lang, "Since you last worked here"), md.buf, 0);
		sbuf_release(&md);
	}
	quiet_end(&w);
	watch_redraw(&w);
	int ret = loop(&w) < 0 ? 1 : 0;
	standby_release(&w.standby);
	if (w.interactive)
		term_raw_leave();
	/* Nothing to save: every change was saved as it was made (and may have been followed by
	 * another process's, which a copy written now would undo). */
	watch_release(&w);
	return ret;
}
