/*
 * grade.c: one submission, graded. Each exercise's file is looked up in the submission, checked
 * like `clings check --file` (its own confined processes, the parent's judgement), and scored
 * with the exercise's points. With jobs > 1, checks run in worker processes, each returning its
 * report over a pipe in the children's protocol.
 *
 * The seed of the random inputs comes from the submission's contents and the course's secret
 * (CLINGS_GRADE_SECRET), so outputs learned by heart for the published seed fail, and the same
 * submission always gets the same grade; it is recorded in the results (`--seed` repeats it).
 */
#include "grade/grade.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define SUBMITTED_FILE_MAX ((size_t)1 << 20)

static const char *basename_of(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* The submitted file of e: DIR/exercises/NAME.cl, else DIR/NAME.cl; NULL when neither exists. */
static char *submitted_file(const char *dir, const struct exercise *e)
{
	const char *name = basename_of(e->file_path);
	char *paths[2] = { xstrfmt("%s/exercises/%s", dir, name), xstrfmt("%s/%s", dir, name) };
	char *found = NULL;
	for (int i = 0; i < 2 && !found; i++) {
		struct stat st;
		if (lstat(paths[i], &st) == 0)
			found = xstrdup(paths[i]);
	}
	free(paths[0]);
	free(paths[1]);
	return found;
}

/* From the submitted files (in course order) and the course's secret; never 0. */
static uint64_t submission_seed(const struct grade_run *run)
{
	uint64_t h = hash_add_str(HASH_INIT, getenv("CLINGS_GRADE_SECRET"));
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		h = hash_add_str(h, it->e->name);
		char *text = NULL;
		size_t len = 0;
		if (it->file && read_regular_file(it->file, SUBMITTED_FILE_MAX, &text, &len) == 0)
			h = hash_add(h, text, len);
		free(text);
	}
	return h ? h : 1;
}

/* A file that is no kernel (a link, a FIFO, a directory, too large) fails its own exercise. */
static bool refuse_file(struct grade_item *it)
{
	struct stat st;
	const char *why = NULL;
	if (lstat(it->file, &st) < 0)
		why = N_("%s cannot be read");
	else if (!S_ISREG(st.st_mode))
		why = N_("%s is not a regular file (a link, a directory or a device): submit the "
			 "kernel's file itself");
	else if ((size_t)st.st_size > SUBMITTED_FILE_MAX)
		why = N_("%s is larger than 1 MB: no kernel is");
	if (!why)
		return false;
	it->r.verdict = VERDICT_BUILD_ERROR;
	msg_release(&it->r.message);
	msg_addf(&it->r.message, why, basename_of(it->file));
	return true;
}

static void check_item(const struct course *c, struct grade_item *it, const struct grade_options *o,
		       uint64_t seed)
{
	struct check_options co = { .device = o->device, .file = it->file, .lang = o->lang,
				    .seed = seed, .no_analysis = o->no_analysis };
	if (!refuse_file(it))
		check_exercise(c, it->e, &co, &it->r);
}

/* The report's facts as protocol lines, read back by proto_parse(). */
static void report_send(int fd, const struct report *r)
{
	for (int i = 0; i < r->ntests; i++)
		proto_send_test(fd, r->tests[i].name, r->tests[i].status, &r->tests[i].detail);
	if (r->device)
		proto_send_text(fd, "device", r->device);
	if (!msg_empty(&r->picture)) {
		struct sbuf line = SBUF_INIT;
		msg_write(&r->picture, &line);
		proto_send_text(fd, "picture", sbuf_str(&line));
		sbuf_release(&line);
	}
	if (r->build_log)
		proto_send_text(fd, "buildlog", r->build_log);
	for (int i = 0; i < r->ndiagnoses; i++) {
		struct sbuf ev = SBUF_INIT;
		escape_line(&ev, r->diagnoses[i].evidence);
		proto_send(fd, "diagnosis", "%s\t%d\t%s", r->diagnoses[i].d->id, r->diagnoses[i].certain,
			   sbuf_str(&ev));
		sbuf_release(&ev);
	}
	proto_send(fd, "seconds", "%.3f\t%d", r->seconds, r->analysis_ran);
	struct msg message = MSG_INIT;
	msg_copy(&message, &r->message);
	proto_send_verdict(fd, r->verdict, r->file, r->line, &message);
}

static void report_receive(const char *text, struct report *r)
{
	proto_parse(text, r, NULL);
	const char *s = strstr(text, "seconds\t");
	if (s && (s == text || s[-1] == '\n')) {
		int analysis = 0;
		sscanf(s + 8, "%lf\t%d", &r->seconds, &analysis);
		r->analysis_ran = analysis;
	}
}

struct worker {
	pid_t pid;
	int fd;
	int item;
	struct sbuf out;
};

/* Reads what every running worker wrote; reaps those that are done. Returns how many run. */
static int collect(struct worker *w, int n, struct grade_run *run, bool block)
{
	struct pollfd pfd[64];
	int map[64], np = 0;
	for (int i = 0; i < n; i++)
		if (w[i].pid > 0) {
			pfd[np].fd = w[i].fd;
			pfd[np].events = POLLIN;
			map[np++] = i;
		}
	if (!np)
		return 0;
	if (poll(pfd, (nfds_t)np, block ? -1 : 0) < 0 && errno != EINTR)
		return np;
	for (int k = 0; k < np; k++) {
		if (!(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		struct worker *wk = &w[map[k]];
		char buf[16384];
		ssize_t got = read(wk->fd, buf, sizeof(buf));
		if (got > 0) {
			sbuf_add(&wk->out, buf, (size_t)got);
			continue;
		}
		if (got < 0 && errno == EINTR)
			continue;
		close(wk->fd);
		int status;
		while (waitpid(wk->pid, &status, 0) < 0 && errno == EINTR)
			;
		struct report *r = &run->items[wk->item].r;
		report_receive(sbuf_str(&wk->out), r);
		if (!wk->out.len) {
			r->verdict = VERDICT_ERROR;
			msg_release(&r->message);
			msg_raw(&r->message, "the grading process of this exercise ended without a report");
		}
		sbuf_release(&wk->out);
		wk->pid = -1;
		np--;
	}
	return np;
}

static int start_worker(struct worker *wk, const struct course *c, struct grade_run *run, int i,
			const struct grade_options *o)
{
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) < 0)
		return error("cannot create a pipe:");
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return error("cannot start a grading process:");
	}
	if (pid == 0) {
		close(fds[0]);
		signal(SIGPIPE, SIG_IGN);
		struct grade_item *it = &run->items[i];
		check_item(c, it, o, run->seed);
		report_send(fds[1], &it->r);
		_exit(0);
	}
	close(fds[1]);
	*wk = (struct worker){ pid, fds[0], i, SBUF_INIT };
	return 0;
}

int grade_submission(const struct course *c, const char *dir, const struct grade_options *o,
		     struct grade_run *run)
{
	double t0 = now_seconds();
	memset(run, 0, sizeof(*run));
	run->submission = xstrdup(dir);
	struct stat st;
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
		return error("%s: not a directory of kernels:", dir);
	run->items = xcalloc((size_t)c->n, sizeof(*run->items));
	for (int i = 0; i < c->n; i++) {
		const struct exercise *e = &c->ex[i];
		if (o->exercises) {
			/* "a,b,c": only those, by exact name */
			size_t k = strlen(e->name);
			const char *p = o->exercises;
			bool listed = false;
			while (p && *p && !listed) {
				listed = !strncmp(p, e->name, k) && (p[k] == ',' || !p[k]);
				p = strchr(p, ',');
				p = p ? p + 1 : NULL;
			}
			if (!listed)
				continue;
		}
		struct grade_item *it = &run->items[run->n++];
		it->e = e;
		it->r = (struct report)REPORT_INIT;
		copy_str(it->r.exercise, sizeof(it->r.exercise), e->name);
		it->file = submitted_file(dir, e);
		it->state = it->file ? GRADED : NOT_SUBMITTED;
		run->anything_submitted |= it->file != NULL;
		run->max_score += e->points;
	}
	run->seed = o->seed ? o->seed : submission_seed(run);

	int jobs = o->jobs > 0 ? o->jobs : 1;
	if (jobs > 64)
		jobs = 64;
	struct worker *w = xcalloc((size_t)jobs, sizeof(*w));
	for (int k = 0; k < jobs; k++)
		w[k].pid = -1;
	for (int i = 0; i < run->n; i++) {
		struct grade_item *it = &run->items[i];
		if (it->state != GRADED)
			continue;
		if (o->time_budget > 0 && now_seconds() - t0 > o->time_budget) {
			it->state = NOT_REACHED;
			continue;
		}
		if (jobs == 1) {
			check_item(c, it, o, run->seed);
			continue;
		}
		int free_slot = -1;
		while (free_slot < 0) {
			for (int k = 0; k < jobs && free_slot < 0; k++)
				if (w[k].pid <= 0)
					free_slot = k;
			if (free_slot < 0)
				collect(w, jobs, run, true);
		}
		if (start_worker(&w[free_slot], c, run, i, o) < 0)
			check_item(c, it, o, run->seed);   /* no process to spare: here, then */
	}
	while (collect(w, jobs, run, true) > 0)
		;
	free(w);
	for (int i = 0; i < run->n; i++) {
		struct grade_item *it = &run->items[i];
		if (it->state == GRADED && it->r.verdict == VERDICT_PASS)
			it->points = it->e->points;
		run->score += it->points;
		if (it->state == GRADED)   /* the finding in the learner's words, once */
			it->text = msg_text(&it->r.message, o->lang);
	}
	run->seconds = now_seconds() - t0;
	return 0;
}

void grade_run_release(struct grade_run *run)
{
	for (int i = 0; i < run->n; i++) {
		free(run->items[i].file);
		report_release(&run->items[i].r);
		free(run->items[i].text);
	}
	free(run->items);
	free(run->submission);
	memset(run, 0, sizeof(*run));
}

const char *grade_item_message(const struct grade_item *it, const char *lang)
{
	switch (it->state) {
	case NOT_SUBMITTED:
		return tr(lang, "Not submitted: the submission has no file for this exercise.");
	case NOT_REACHED:
		return tr(lang, "Not graded: the submission's time budget ran out before this exercise.");
	case GRADED:
		break;
	}
	return it->r.verdict == VERDICT_PASS || !it->text ? "" : it->text;
}

const char *grade_item_status(const struct grade_item *it)
{
	if (it->state == NOT_REACHED)
		return "error";
	if (it->state == NOT_SUBMITTED)
		return "fail";
	switch (it->r.verdict) {
	case VERDICT_PASS:
		return "pass";
	case VERDICT_BUILD_ERROR:
	case VERDICT_SIGNATURE_MISMATCH:
	case VERDICT_ERROR:
		return "error";
	default:
		return "fail";
	}
}
