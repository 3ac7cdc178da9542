/*
 * grade.c: one submission, graded. Each exercise's file is read from the submission, beneath its
 * root with no link followed (submission.c), checked like `clings check --file` on those bytes
 * (its own confined processes, the parent's judgement), and scored with the exercise's points. With jobs > 1, checks run in worker processes, each returning its
 * report over a pipe in the children's protocol.
 *
 * The seed of the random inputs comes from the submission's contents and the course's secret
 * (CLINGS_GRADE_SECRET, which cmd/grade.c takes out of the environment before any child starts),
 * so outputs learned by heart for the published seed fail, and the same submission always gets
 * the same grade; it is recorded in the results (`--seed` repeats it).
 */
#include "grade/grade.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The submitted file of e, read from the submission's root: exercises/NAME.cl, else NAME.cl.
 * A path that exists in any form (a link on it, a directory, a FIFO) is the submitted one and
 * refused; an item whose exercise has neither file is left unsubmitted. */
static void submitted_file(int root, struct grade_item *it)
{
	const char *name = strrchr(it->e->file_path, '/');
	name = name ? name + 1 : it->e->file_path;
	char *paths[2] = { xstrfmt("exercises/%s", name), xstrdup(name) };
	for (int i = 0; i < 2 && !it->file; i++) {
		char *text;
		size_t len;
		int rc = submission_read(root, paths[i], &text, &len, &it->refusal);
		if (rc < 0)
			continue;
		it->file = xstrdup(paths[i]);
		it->source = text;
		it->source_len = len;
	}
	free(paths[0]);
	free(paths[1]);
}

/* From the submitted files' bytes, as read (in course order), and the course's secret; never 0. */
static uint64_t submission_seed(const struct grade_run *run, const char *secret)
{
	uint64_t h = hash_add_str(HASH_INIT, secret);
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		h = hash_add_str(h, it->e->name);
		if (it->source)
			h = hash_add(h, it->source, it->source_len);
	}
	return h ? h : 1;
}

/* A file that is not read (a link on its path, a FIFO, a directory, too large) fails its own
 * exercise, with the reason. */
static bool refuse_file(struct grade_item *it)
{
	if (it->source)
		return false;
	it->r.verdict = VERDICT_BUILD_ERROR;
	msg_release(&it->r.message);
	msg_copy(&it->r.message, &it->refusal);
	return true;
}

static struct check_options item_options(const struct grade_item *it, const struct grade_options *o,
					 uint64_t seed)
{
	/* the bytes read from the submission; the check opens no student's path */
	return (struct check_options){ .device = o->device, .file = it->file, .source = it->source,
				       .source_len = it->source_len, .lang = o->lang, .seed = seed,
				       .no_analysis = o->no_analysis,
				       /* checks run side by side: one analysis child each */
				       .analysis_parts = o->jobs > 1 ? 1 : 0 };
}

static void check_item(const struct course *c, struct grade_item *it, const struct grade_options *o,
		       uint64_t seed)
{
	struct check_options co = item_options(it, o, seed);
	if (!refuse_file(it))
		check_exercise(c, it->e, &co, &it->r);
}

/* The repair of a graded failure, when the course's grading shows one, as repair_encode writes
 * it (REPAIR_INIT's when none is looked for). Its checks are the grading's own: the same bytes,
 * seed and options. A search that cannot run says why on the grader's stderr, and nothing else. */
static void search_item(const struct course *c, struct grade_item *it, const struct grade_options *o,
			uint64_t seed, struct sbuf *out)
{
	struct repair rp = REPAIR_INIT;
	if (c->grading.repair != REPAIR_SHOWN_NONE && it->source && repair_applies(it->r.verdict)) {
		struct check_options co = item_options(it, o, seed);
		struct repair_options ro = { .cpu_budget = c->grading.repair_seconds };
		struct sbuf err = SBUF_INIT;
		if (repair_search(c, it->e, &co, &it->r, &ro, &rp, &err) < 0) {
			error("%s: no repair was looked for: %s", it->e->name, sbuf_str(&err));
			rp = (struct repair)REPAIR_INIT;
		}
		sbuf_release(&err);
	}
	repair_encode(&rp, out);
}

/*
 * The grading workers. Each exercise is checked in a worker process of its own (its checking
 * children below it), which returns one line of its repair (repair_encode: none unless the
 * course shows one) and the whole report (report_encode), and exits. The parent trusts a report
 * only when it arrived whole and the worker then ended cleanly; anything else (a worker killed,
 * cut off, out of time) is tried once more, without a search, then scored as clings' own error:
 * never a pass, never the student's failure.
 */
#define WORKER_LIMIT_MS (10 * 60 * 1000)   /* a check ends long before: past it, clings hangs */

struct worker_job {
	const struct course *c;
	struct grade_item *it;
	const struct grade_options *o;
	uint64_t seed;
	bool search;         /* look for the repair too (not on the second try) */
};

static int worker_main(void *arg, int channel)
{
	const struct worker_job *job = arg;
	proc_set_role("worker");
	report_release(&job->it->r);   /* a check starts from an empty report */
	copy_str(job->it->r.exercise, sizeof(job->it->r.exercise), job->it->e->name);
	check_item(job->c, job->it, job->o, job->seed);
	/* the repair's line first, then the whole report, which ends the answer; a search's line is
	 * a reply of its own (CLINGS_TEST_KILL=worker:repair:WHEN kills the worker there) */
	struct sbuf rep = SBUF_INIT, out = SBUF_INIT;
	int rc = 0;
	if (job->search) {
		search_item(job->c, job->it, job->o, job->seed, &rep);
		rc = proc_write_reply(channel, "repair", rep.buf, rep.len) < 0;
	} else {
		repair_encode(&(struct repair)REPAIR_INIT, &out);
	}
	report_encode(&job->it->r, &out);
	rc |= proc_write_reply(channel, "report", out.buf, out.len) < 0;
	sbuf_release(&rep);
	sbuf_release(&out);
	return rc;
}

static int start_worker(struct child *w, const struct worker_job *job)
{
	struct child_start how = { .own_group = true, .keep_stdio = true, .first_ms = WORKER_LIMIT_MS };
	return child_start(w, &how, worker_main, (void *)job);
}

/* What worker w returned for its item: 0 with the report in it->r (and the repair, proving the
 * diagnoses it proves, in it->repair), -1 when it is no report. A repair's line that does not
 * read whole is no repair: nothing is said of it, and the report stands. */
static int finish_worker(struct child *w, struct grade_item *it)
{
	struct report r = REPORT_INIT;
	const char *nl = memchr(w->output.buf, '\n', w->output.len);
	size_t first = nl ? (size_t)(nl - w->output.buf) + 1 : 0;
	bool whole = first && report_decode(w->output.buf + first, w->output.len - first, &r) == 0;
	int rc = whole && child_ended_cleanly(w) ? 0 : -1;
	if (rc == 0) {
		report_release(&it->r);
		it->r = r;
		copy_str(it->r.exercise, sizeof(it->r.exercise), it->e->name);
		if (repair_decode(w->output.buf, first, &it->repair) == 0 && it->r.verdict != VERDICT_PASS)
			repair_confirm(&it->repair, &it->r);
		else
			it->repair = (struct repair)REPAIR_INIT;
		return 0;
	}
	report_release(&r);
	struct sbuf why = SBUF_INIT;
	sbuf_adds(&why, "clings' grading process for this exercise ");
	child_describe_end(w, &why);
	sbuf_adds(&why, whole ? " after its report" : w->output.len ? " in the middle of its report"
									    : " before its report");
	sbuf_adds(&why, ", twice: this is an error of the grader, not of the submission");
	report_release(&it->r);
	it->r = (struct report)REPORT_INIT;
	copy_str(it->r.exercise, sizeof(it->r.exercise), it->e->name);
	report_set_text(&it->r, VERDICT_ERROR, sbuf_str(&why));
	sbuf_release(&why);
	return -1;
}

/* Checks every item to be graded, jobs at a time, each in a worker. Every worker started is
 * finished (busy says which): several may end at once. */
static void run_workers(const struct course *c, struct grade_run *run, const struct grade_options *o,
			int jobs, double t0)
{
	struct child *w = xcalloc((size_t)jobs, sizeof(*w));
	struct worker_job *job = xcalloc((size_t)jobs, sizeof(*job));
	int *tries = xcalloc((size_t)jobs, sizeof(*tries)), running = 0, next = 0;
	bool *busy = xcalloc((size_t)jobs, sizeof(*busy));
	for (int k = 0; k < jobs; k++)
		w[k] = (struct child)CHILD_INIT;
	for (;;) {
		for (int k = 0; k < jobs && next < run->n; k++) {
			if (busy[k])
				continue;
			struct grade_item *it = &run->items[next++];
			if (it->state != GRADED) {
				k--;
				continue;
			}
			if (o->time_budget > 0 && now_seconds() - t0 > o->time_budget) {
				it->state = NOT_REACHED;
				k--;
				continue;
			}
			job[k] = (struct worker_job){ c, it, o, run->seed, true };
			tries[k] = 1;
			busy[k] = start_worker(&w[k], &job[k]) == 0;
			running += busy[k];
		}
		if (!running)
			break;
		children_wait_any(w, jobs);
		for (int k = 0; k < jobs; k++) {
			if (!busy[k] || w[k].pid > 0 || w[k].fd >= 0)
				continue;
			busy[k] = false;
			running--;
			int rc = finish_worker(&w[k], job[k].it);
			child_release(&w[k]);
			job[k].search = false;   /* a search that took the worker down is not tried again */
			if (rc < 0 && tries[k]++ < 2 && start_worker(&w[k], &job[k]) == 0) {
				busy[k] = true;   /* once more: the worker's end was not the student's doing */
				running++;
			}
		}
	}
	free(busy);
	free(tries);
	free(job);
	free(w);
}

int grade_submission(const struct course *c, const char *dir, const struct grade_options *o,
		     struct grade_run *run)
{
	/* the grader's own path: a link to the submission is the grader's choice */
	int root = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (root < 0) {
		memset(run, 0, sizeof(*run));
		return error("%s: not a directory of kernels:", dir);
	}
	int rc = grade_submission_at(c, root, dir, o, run);
	close(root);
	return rc;
}

int grade_submission_at(const struct course *c, int root, const char *dir,
			const struct grade_options *o, struct grade_run *run)
{
	double t0 = now_seconds();
	memset(run, 0, sizeof(*run));
	run->submission = xstrdup(dir);
	run->repair_shown = c->grading.repair;
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
		/* Fail closed by construction: an item is an error of the grader until a whole report
		 * of its check arrives (finish_worker) or the submission says why not (refuse_file). */
		it->r = (struct report)REPORT_INIT;
		it->repair = (struct repair)REPAIR_INIT;
		report_set_text(&it->r, VERDICT_ERROR, "the grader gave no report for this exercise");
		copy_str(it->r.exercise, sizeof(it->r.exercise), e->name);
		submitted_file(root, it);
		it->state = it->file ? GRADED : NOT_SUBMITTED;
		run->anything_submitted |= it->file != NULL;
		run->max_score += e->points;
	}
	run->seed = o->seed ? o->seed : submission_seed(run, o->secret);

	int jobs = o->jobs > 0 ? o->jobs : 1;
	run_workers(c, run, o, jobs > 64 ? 64 : jobs, t0);
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
		if (run->items[i].source)   /* no later student's kernel may find it in memory */
			explicit_bzero(run->items[i].source, run->items[i].source_len);
		free(run->items[i].source);
		msg_release(&run->items[i].refusal);
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
		return tr(lang, "Not graded: the grader's time budget for this submission ran out before "
			  "this exercise (no fault of your kernel).");
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
