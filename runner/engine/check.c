/*
 * check.c: one check of a learner's kernel, seen from the parent. Two sandboxed children run
 * side by side: the execution on the chosen device (full-size tests beside the reference) and
 * the analysis on Oclgrind (small tests, races and barriers). Their findings are merged into
 * one verdict, in the order a learner should fix things: build, signature, requirement, then
 * what the analysis found, then what the execution found.
 */
#include "engine/engine.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static const char *timeout_advice(const char *lang)
{
	return tr(lang, "The usual causes: a barrier that not every work-item of a group reaches (a "
		  "barrier inside an if, or inside a loop whose number of steps differs between "
		  "work-items: the others wait there forever), or a loop whose condition never becomes "
		  "false.");
}

/* The learner's path as they would type it: relative to the current directory when inside it. */

static void fail_report(struct report *r, enum verdict v, const char *msg)
{
	r->verdict = v;
	free(r->message);
	r->message = xstrdup(msg);
}

/*
 * What the execution child's end says when it did not report a verdict itself. where is ""
 * or a place with its leading space (" on the analysis device (Oclgrind)"), already in lang.
 */
static void explain_abnormal_end(struct sandbox_child *ch, const char *began, long limit_ms,
				 const char *where, const char *lang, struct report *r)
{
	struct sbuf msg = SBUF_INIT;
	const char *test = began && *began ? began : NULL;
	if (ch->timed_out && !ch->ready) {
		sbuf_addf(&msg, tr(lang, "Building the kernel took longer than %.0f s%s: simplify it (huge loops unrolled by hand, "
				   "very long macros)."), BUILD_TIME_LIMIT_MS / 1000.0, where);
		fail_report(r, VERDICT_TIMEOUT, sbuf_str(&msg));
	} else if (ch->timed_out) {
		double s = (double)limit_ms / 1000.0;
		if (test)
			sbuf_addf(&msg, tr(lang, "Test %s did not finish within %.1f s%s."), test, s, where);
		else
			sbuf_addf(&msg, tr(lang, "The check did not finish within %.1f s%s."), s, where);
		sbuf_addf(&msg, "\n%s", timeout_advice(lang));
		fail_report(r, VERDICT_TIMEOUT, sbuf_str(&msg));
	} else if (ch->signal == SIGXCPU) {
		if (test)
			sbuf_addf(&msg, tr(lang, "Test %s used up its CPU time%s."), test, where);
		else
			sbuf_addf(&msg, tr(lang, "The check used up its CPU time%s."), where);
		sbuf_addf(&msg, "\n%s", timeout_advice(lang));
		fail_report(r, VERDICT_TIMEOUT, sbuf_str(&msg));
	} else if (ch->signal) {
		if (test)
			sbuf_addf(&msg, tr(lang, "Your kernel crashed the run%s (signal %d, %s) during test %s."),
				  where, ch->signal, strsignal(ch->signal), test);
		else
			sbuf_addf(&msg, tr(lang, "Your kernel crashed the run%s (signal %d, %s)."), where,
				  ch->signal, strsignal(ch->signal));
		sbuf_adds(&msg, tr(lang, "\nOn a CPU device this usually means a read or write far "
				   "outside a buffer: check every index against the size before using it."));
		fail_report(r, VERDICT_CRASH, sbuf_str(&msg));
	} else {
		if (test)
			sbuf_addf(&msg, tr(lang, "The run ended without a result (exit status %d) during test "
					   "%s; it may have run out of memory."), ch->exit_status, test);
		else
			sbuf_addf(&msg, tr(lang, "The run ended without a result (exit status %d); it may have "
					   "run out of memory."), ch->exit_status);
		fail_report(r, VERDICT_CRASH, sbuf_str(&msg));
	}
	sbuf_release(&msg);
}

/* Reads the "buffer" lines of the analysis child: the creation order Oclgrind numbers by. */
static int analysis_buffers(const char *text, struct analysis_buffer **out)
{
	int n = 0, cap = 0;
	struct analysis_buffer *b = NULL;
	for (const char *p = text; p && *p;) {
		const char *eol = strchr(p, '\n');
		if (!strncmp(p, "buffer\t", 7)) {
			char name[NAME_MAX_LEN];
			int kind;
			size_t bytes;
			if (sscanf(p + 7, "%63[^\t]\t%d\t%zu", name, &kind, &bytes) == 3) {
				if (n == cap)
					b = xrealloc(b, sizeof(*b) * (size_t)(cap = cap ? cap * 2 : 16));
				copy_str(b[n].name, sizeof(b[n].name), name);
				b[n].kind = (enum arg_kind)kind;
				b[n].bytes = bytes;
				n++;
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	*out = b;
	return n;
}

/* Folds the analysis into the execution's report r. */
static void merge_analysis(struct report *r, struct sandbox_child *ach, const char *log,
			   const char *learner, long limit_ms, const char *lang)
{
	struct report ar = REPORT_INIT;
	struct sbuf began = SBUF_INIT;
	int verdicts = proto_parse(sbuf_str(&ach->output), &ar, &began);
	struct analysis_buffer *bufs = NULL;
	int nbufs = analysis_buffers(sbuf_str(&ach->output), &bufs);
	struct finding f = { VERDICT_PASS, NULL, NULL, 0 };
	verdict_from_oclgrind_log(log ? log : "", learner, bufs, nbufs, lang, &f);
	free(bufs);
	r->analysis_ran = true;
	r->analysis_log = xstrdup(log ? log : "");

	struct sbuf msg = SBUF_INIT;
	const char *device = r->device ? r->device : tr(lang, "this device");
	if (f.verdict != VERDICT_PASS) {
		sbuf_adds(&msg, f.message ? f.message : "");
		if (r->verdict == VERDICT_PASS)
			sbuf_addf(&msg, tr(lang, "\n\nOn %s your results were right, but only by chance: a "
					   "GPU runs work-items truly in parallel and would not forgive this."),
				  device);
		else if (r->verdict == VERDICT_TIMEOUT)
			sbuf_addf(&msg, tr(lang, "\n\nOn %s the run hung, which is what this bug does."),
				  device);
		else if (r->message)
			sbuf_addf(&msg, tr(lang, "\n\nOn %s it also failed: %s"), device, r->message);
		r->verdict = f.verdict;
		free(r->file);
		r->file = f.file ? xstrdup(f.file) : NULL;
		r->line = f.line;
		free(r->message);
		r->message = sbuf_detach(&msg);
	} else if (ach->timed_out || ach->signal || !verdicts) {
		if (r->verdict == VERDICT_PASS) {
			/* Passing on the device but hanging on Oclgrind is still a hang. */
			explain_abnormal_end(ach, sbuf_str(&began), limit_ms,
					     tr(lang, " on the analysis device (Oclgrind)"), lang, r);
		}
	} else if ((ar.verdict == VERDICT_ERROR || ar.verdict == VERDICT_BUILD_ERROR) &&
		   r->verdict == VERDICT_PASS) {
		sbuf_addf(&msg, tr(lang, "The analysis could not run: %s"), ar.message ? ar.message : "");
		fail_report(r, VERDICT_ERROR, sbuf_str(&msg));
	}
	sbuf_release(&msg);
	sbuf_release(&began);
	finding_release(&f);
	report_release(&ar);
}

/* CPU seconds a child may use: its build and run limits, on every core at once. */
static long cpu_seconds(long time_limit_ms)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	return (BUILD_TIME_LIMIT_MS + time_limit_ms) / 1000 * (ncpu > 0 ? ncpu : 1);
}

int check_exercise(const struct course *c, const struct exercise *e, const struct check_options *o,
		   struct report *r)
{
	double t0 = now_seconds();
	copy_str(r->exercise, sizeof(r->exercise), e->name);
	struct check_spec spec;
	char *learner_src = NULL, *solution_src = NULL;
	const char *path = o->file ? o->file : e->file_path;
	(void)c;
	if (check_spec_load(e->check_path, &spec) < 0) {
		fail_report(r, VERDICT_ERROR, "the exercise's check file is broken (see the message above)");
		return -1;
	}
	if (read_file(path, &learner_src, NULL) < 0) {
		char *msg = xstrfmt("cannot read %s: %s", path, strerror(errno));
		fail_report(r, VERDICT_ERROR, msg);
		free(msg);
		check_spec_release(&spec);
		return -1;
	}
	if (read_file(e->solution_path, &solution_src, NULL) < 0) {
		char *msg = xstrfmt("cannot read the reference solution %s: %s", e->solution_path,
				    strerror(errno));
		fail_report(r, VERDICT_ERROR, msg);
		free(msg);
		free(learner_src);
		check_spec_release(&spec);
		return -1;
	}
	bool analyze = spec.analysis != ANALYSIS_OFF && !(o->no_analysis && spec.analysis == ANALYSIS_ON);
	int rc = 0;
	if (analyze && !analysis_available()) {
		if (spec.analysis == ANALYSIS_REQUIRED) {
			fail_report(r, VERDICT_ERROR, "this check requires the analysis on Oclgrind, which is "
				    "not installed (scripts/install-deps installs it)");
			rc = -1;
			goto out;
		}
		analyze = false;
	}

	char *shown = xstrdup(path_shown(path));
	struct sandbox_limits exec_limits = {
		.time_ms = spec.time_limit_ms,
		.build_ms = BUILD_TIME_LIMIT_MS,
		.memory_mb = spec.memory_limit_mb,
		.cpu_s = cpu_seconds(spec.time_limit_ms),
		.file_mb = 64,
		.open_files = 256,
	};
	struct sandbox_limits an_limits = exec_limits;
	an_limits.time_ms = spec.analysis_time_limit_ms;
	an_limits.cpu_s = cpu_seconds(spec.analysis_time_limit_ms);
	struct run_request exec_rq = {
		.spec = &spec,
		.learner_path = shown,
		.learner_src = learner_src,
		.solution_src = solution_src,
		.check_file = e->check_path,
		.solution_file = e->solution_path,
		.device = o->device,
		.mode = RUN_EXECUTE,
		.limits = &exec_limits,
		.lang = o->lang,
	};
	struct run_request an_rq = exec_rq;
	an_rq.mode = RUN_ANALYZE;
	an_rq.limits = &an_limits;

	struct sandbox_child ch[2];
	int nch = 0;
	char log_path[] = "/tmp/clings-oclgrind-XXXXXX";
	char *env[16] = { NULL };
	if (analyze) {
		int fd = mkstemp(log_path);
		if (fd < 0) {
			analyze = false;
		} else {
			close(fd);
			an_rq.analysis_log_path = log_path;
			analysis_env(log_path, env, 16);
		}
	}
	if (o->progress)
		o->progress(o->progress_ctx, analyze ? tr(o->lang, "checking (and analysing on Oclgrind)...")
						     : tr(o->lang, "checking..."));
	if ((o->standby && standby_take(o->standby, &exec_rq, &ch[nch]) == 0) ||
	    sandbox_start(&ch[nch], &exec_limits, NULL, run_in_child, &exec_rq) == 0)
		nch++;
	else
		fail_report(r, VERDICT_ERROR, "cannot start the check");
	if (nch && analyze && sandbox_start(&ch[nch], &an_limits, env, run_in_child, &an_rq) == 0)
		nch++;
	else
		analyze = false;
	r->interrupted = sandbox_wait_all(ch, nch, o->interruptible ? STDIN_FILENO : -1);

	if (r->interrupted) {
		fail_report(r, VERDICT_ERROR, "the check was stopped before its verdict");
	} else if (nch) {
		struct sbuf began = SBUF_INIT;
		int verdicts = proto_parse(sbuf_str(&ch[0].output), r, &began);
		if (ch[0].timed_out || ch[0].signal || !verdicts)
			explain_abnormal_end(&ch[0], sbuf_str(&began), spec.time_limit_ms, "", o->lang, r);
		sbuf_release(&began);
		bool settled = r->verdict == VERDICT_BUILD_ERROR || r->verdict == VERDICT_SIGNATURE_MISMATCH ||
			       r->verdict == VERDICT_REQUIREMENT_UNMET || r->verdict == VERDICT_ERROR;
		if (analyze && !settled) {
			char *log = NULL;
			read_file(log_path, &log, NULL);
			merge_analysis(r, &ch[1], log, shown, spec.analysis_time_limit_ms, o->lang);
			free(log);
		}
	}
	if (an_rq.analysis_log_path)
		unlink(log_path);  /* made even when the analysis then could not start */
	for (int i = 0; env[i]; i++)
		free(env[i]); /* analysis_env allocates each string */
	for (int i = 0; i < nch; i++)
		sandbox_child_release(&ch[i]);
	free(shown);
	rc = r->verdict == VERDICT_ERROR ? -1 : 0;
out:
	r->seconds = now_seconds() - t0;
	free(learner_src);
	free(solution_src);
	check_spec_release(&spec);
	return rc;
}
