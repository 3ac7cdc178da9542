/*
 * check-run.c: the children of a check, seen from the parent. Confined children run side by
 * side: the learner's kernel on the chosen device, the reference solution on the same device
 * (unless its results for this check are known already), and the analysis on Oclgrind. The
 * parent compares the results itself (judge.c).
 *
 * It fails closed: a child ended by something outside the check (a kill clings did not send,
 * the machine out of memory) is run again once, alone, and a second such ending is clings' own
 * error, never the learner's verdict. A child is timed by the processor time it gets
 * (sandbox_arm), so one that ran out of it did so whatever else ran: its timeout counts at once;
 * one the machine stopped or starved to the clock's end is clings' error.
 */
#include "engine/check/check.h"
#include "engine/children/children.h"
#include "engine/seal/seal.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define REFERENCE_TIME_FACTOR 10            /* the reference's time limit, in the check's */
#define REFERENCE_CACHE 8                    /* checks whose reference results are kept */

/*
 * The reference's results for a check: the same check file, solution, device and seed give the
 * same bytes, so a watcher that checks one exercise again and again runs the reference once.
 * Kept in this process only: the parent wrote them, no child can touch them.
 */
struct reference_entry {
	uint64_t key;
	struct sbuf output;
};
static struct reference_entry reference_cache[REFERENCE_CACHE];
static int reference_next;

static uint64_t reference_key(const struct check_spec *spec, const char *solution_src,
			      const char *device)
{
	uint64_t h = hash_add(HASH_INIT, &spec->text_hash, sizeof(spec->text_hash));
	h = hash_add_str(h, solution_src);
	h = hash_add(h, &spec->seed, sizeof(spec->seed));
	h = hash_add_str(h, device);
	return hash_add_str(h, getenv("CLINGS_DEVICE"));
}

static bool reference_lookup(uint64_t key, struct sbuf *out)
{
	for (int i = 0; i < REFERENCE_CACHE; i++)
		if (reference_cache[i].output.len && reference_cache[i].key == key) {
			sbuf_add(out, reference_cache[i].output.buf, reference_cache[i].output.len);
			return true;
		}
	return false;
}

static void reference_store(uint64_t key, const struct sbuf *output)
{
	struct reference_entry *e = &reference_cache[reference_next];
	reference_next = (reference_next + 1) % REFERENCE_CACHE;
	sbuf_reset(&e->output);
	e->key = key;
	sbuf_add(&e->output, output->buf, output->len);
}

static void timeout_advice(struct msg *m)
{
	msg_adds(m, N_("Is there a barrier that not every work-item of a group reaches (a barrier "
		  "inside an if, or inside a loop whose number of steps differs between work-items: "
		  "undefined, and a common hang), or a loop whose condition never becomes false?"));
}

bool check_killed_outside(const struct child *ch, long cpu_s)
{
	if (ch->timed_out || ch->output_cut)
		return false;
	/* The processor limit ends a child with SIGXCPU, and SIGKILL past it: its own doing. */
	if (ch->signal == SIGKILL)
		return cpu_s <= 0 || ch->cpu_seconds < (double)cpu_s - 0.5;
	/* SIGXCPU is the child's own limit only once it has used it: the build's (at least
	 * BUILD_CPU_S, sandbox_build_limits) before "ready", the run's after. Earlier, a limit that
	 * is not the check's ended it (a shell's ulimit, anything outside): nothing the kernel did. */
	if (ch->signal == SIGXCPU)
		return ch->cpu_seconds < (ch->ready ? (double)cpu_s - 0.5 : (double)BUILD_CPU_S - 1.0);
	/* A child that could not confine itself (sandbox_isolate) does not run: clings' failure. */
	return ch->exited && ch->exit_status == SANDBOX_SETUP_FAILED && !ch->ready;
}

/* The sentence for a run that did not finish, with the usual causes: the processor time it
 * used up, or (a run that mostly waited, on a GPU say) the time on the clock. */
static void explain_time(const struct child *ch, const char *test, long limit_ms, const char *where,
			 struct msg *msg)
{
	double had = (double)limit_ms / 1000.0;
	if (!ch->cpu_out && ch->run_ms > 0 && ch->ended_at - ch->ready_at >= (double)ch->run_ms / 1000.0)
		had = (double)ch->run_ms / 1000.0;   /* the clock's bound */
	const char *s = msg_number(msg, had, 1);
	if (ch->cpu_out && test)
		msg_addf(msg, N_("Test %s did not finish within %s s of processor time%s."), test, s,
			 msg_word(msg, where));
	else if (ch->cpu_out)
		msg_addf(msg, N_("The check did not finish within %s s of processor time%s."), s,
			 msg_word(msg, where));
	else if (test)
		msg_addf(msg, N_("Test %s did not finish within %s s%s."), test, s, msg_word(msg, where));
	else
		msg_addf(msg, N_("The check did not finish within %s s%s."), s, msg_word(msg, where));
	msg_fact_int(msg, "limit_ms", (long long)(had * 1000.0 + 0.5));
	msg_fact_str(msg, "limit_of", ch->cpu_out ? "processor" : "clock");
	msg_raw(msg, "\n");
	timeout_advice(msg);
}

/* An ending that nothing the kernel does explains, as clings' own error in msg (English: a
 * checking process's failure); false when the ending may be the kernel's. */
static bool ended_by_clings(const struct child *ch, long cpu_s, const char *where, struct msg *msg)
{
	const char *part = where && *where ? " (the analysis)" : "";
	if (ch->exited && ch->exit_status == SANDBOX_SETUP_FAILED && !ch->ready) {
		/* Nothing of the learner's has run before "ready": the child could not be confined. */
		msg_raw(msg, "the checking process could not set up its sandbox (its own root: see "
			"`clings devices`)");
	} else if (check_killed_outside(ch, cpu_s)) {
		struct sbuf how = SBUF_INIT;
		child_describe_end(ch, &how);
		msg_rawf(msg, "a checking process %s%s before its verdict, twice: something outside the "
			 "check stopped it (%s); nothing your kernel did", sbuf_str(&how), part,
			 ch->signal == SIGXCPU ? "a processor limit that is not the check's, a shell's ulimit?"
					       : "the machine's memory?");
		sbuf_release(&how);
	} else if (ch->timed_out && !ch->ready) {
		/* The build is bounded by its processor time (sandbox_build_limits), which ends a
		 * kernel that makes it work too long well before the clock's BUILD_TIME_LIMIT_MS: at
		 * the clock, the machine did not let it build, or it waited on something outside. */
		msg_rawf(msg, "a checking process%s was still building the kernel after %.0f s on the "
			 "clock, having had %.1f s of processor time: the machine did not let it build; "
			 "nothing your kernel did (check again when the machine is quieter)", part,
			 ch->ended_at - ch->armed_at, ch->cpu_seconds > 0 ? ch->cpu_seconds : 0);
	} else if (ch->timed_out && ch->starved) {
		/* Stopped, or waiting for a processor most of the time: the machine's doing, whatever
		 * the kernel does; the processor time it got says nothing yet. */
		msg_rawf(msg, "a checking process%s got %.1f s of processor time in %.0f s on the clock, "
			 "stopped or waiting for a processor most of it: the machine did not let it run; "
			 "nothing your kernel did (check again when the machine is quieter)", part,
			 ch->cpu_run > 0 ? ch->cpu_run : 0, ch->ended_at - (ch->ready ? ch->ready_at : ch->armed_at));
	} else {
		return false;
	}
	return true;
}

bool check_abnormal_end(const struct child *ch, const char *began, long limit_ms, long cpu_s,
			int build_cpu_s, const char *where, struct report *r)
{
	bool build_stopped = false;
	struct msg msg = MSG_INIT;
	const char *test = began && *began ? began : NULL;
	enum verdict v = VERDICT_CRASH;
	int fault = (int)proto_number(sbuf_str(&ch->output), "fault", NULL);
	if (ended_by_clings(ch, cpu_s, where, &msg)) {
		v = VERDICT_ERROR;
	} else if (ch->output_cut) {
		msg_addf(&msg, N_("The run%s sent far more than a check's results (over 64 MB) and "
				   "was stopped."), msg_word(&msg, where));
	} else if (!ch->ready && !ch->timed_out && (ch->signal == SIGXCPU || ch->signal == SIGXFSZ ||
						   ch->signal == SIGABRT || ch->signal == SIGSEGV ||
						   ch->signal == SIGBUS || ch->signal == SIGKILL)) {
		msg_addf(&msg, N_("Building the kernel%s used more than a build may (%d s of processor "
				   "time, %d MB of memory, 64 MB of files): a macro that expands into a huge "
				   "text, or a loop unrolled by hand thousands of times, does this."),
			  msg_word(&msg, where), build_cpu_s, BUILD_MEMORY_MB);
		v = VERDICT_BUILD_ERROR;
		build_stopped = true;
	} else if (ch->timed_out) {
		explain_time(ch, test, limit_ms, where, &msg);
		v = VERDICT_TIMEOUT;
	} else if (ch->signal == SIGXCPU) {
		if (test)
			msg_addf(&msg, N_("Test %s used up its CPU time%s."), test, msg_word(&msg, where));
		else
			msg_addf(&msg, N_("The check used up its CPU time%s."), msg_word(&msg, where));
		msg_raw(&msg, "\n");
		timeout_advice(&msg);
		v = VERDICT_TIMEOUT;
	} else if (ch->signal == SIGSYS && fault <= 0) {
		if (test)
			msg_addf(&msg, N_("Your kernel made a system call that no kernel may make, during "
					   "test %s%s: a kernel computes; it does not open files, start "
					   "processes or signal them. The run was stopped."), test, msg_word(&msg, where));
		else
			msg_addf(&msg, N_("Your kernel made a system call that no kernel may make%s: a "
					   "kernel computes; it does not open files, start processes or signal "
					   "them. The run was stopped."), msg_word(&msg, where));
	} else if (ch->signal || fault > 0) {
		/* the fault the child saw itself ("fault SIGNAL"), before any crash handler's calls */
		int sig = fault > 0 ? fault : ch->signal;
		if (test)
			msg_addf(&msg, N_("Your kernel crashed the run%s (signal %d, %s) during test %s."),
				  msg_word(&msg, where), sig, strsignal(sig), test);
		else
			msg_addf(&msg, N_("Your kernel crashed the run%s (signal %d, %s)."), msg_word(&msg, where),
				  sig, strsignal(sig));
		msg_adds(&msg, N_("\nOn a CPU device this usually means a read or write far "
				   "outside a buffer: check every index against the size before using it. "
				   "Or an array declared inside the kernel too large for a work-item's stack "
				   "(private memory is for a few values; large data belongs in a buffer)."));
	} else if (ch->exit_status == 0 && ch->ready) {
		/* it ended as if all was done, without the results: nothing a kernel does by mistake */
		if (test)
			msg_addf(&msg, N_("The results of test %s are missing or damaged: your kernel "
					   "ended the process that runs it, or wrote into its channel."), test);
		else
			msg_addf(&msg, N_("The results are missing or damaged: your kernel ended the "
					   "process that runs it, or wrote into its channel."));
	} else {
		if (test)
			msg_addf(&msg, N_("The run ended without a result (exit status %d) during test "
					   "%s; it may have run out of memory."), ch->exit_status, test);
		else
			msg_addf(&msg, N_("The run ended without a result (exit status %d); it may have "
					   "run out of memory."), ch->exit_status);
	}
	report_set(r, v, &msg, NULL, 0);
	msg_release(&msg);
	return build_stopped;
}

const char *check_device_of(const struct report *r, struct msg *m)
{
	return r->device ? r->device : msg_word(m, N_("this device"));
}

/* The three requests and their limits, from the check. */
static void prepare_children(struct check_state *st)
{
	const struct check_spec *spec = st->spec;
	struct sandbox_limits exec = sandbox_check_limits(spec, st->c->solutions_dir);
	for (int i = 0; i < CHECK_CHILDREN; i++)
		st->limits[i] = exec;
	st->limits[CHECK_REFERENCE].hide = NULL;   /* the one process that reads the solution */
	st->limits[CHECK_REFERENCE].course_code = true;   /* the course's code: it may see the caches */
	/* The learner's runs (and their reruns) build into the cache of their own source. */
	st->source_cache = sandbox_source_cache(st->learner_src, st->learner_len);
	st->limits[CHECK_LEARNER].source_cache = st->source_cache;
	/* The course's own code: its limit only catches a broken course or a hung device, and a
	 * loaded machine must not make it one. */
	st->limits[CHECK_REFERENCE].time_ms = REFERENCE_TIME_FACTOR * spec->time_limit_ms;
	if (st->limits[CHECK_REFERENCE].time_ms > MAX_TIME_LIMIT_MS)
		st->limits[CHECK_REFERENCE].time_ms = MAX_TIME_LIMIT_MS;
	st->limits[CHECK_REFERENCE].cpu_s = sandbox_cpu_seconds(st->limits[CHECK_REFERENCE].time_ms);
	for (int k = 0; k < ANALYSIS_PARTS; k++) {
		st->limits[CHECK_ANALYSIS + k].time_ms = spec->analysis_time_limit_ms;
		st->limits[CHECK_ANALYSIS + k].cpu_s = sandbox_cpu_seconds(spec->analysis_time_limit_ms);
	}
	long cand = st->o->candidate_time_ms;
	if (cand > 0 && cand < st->limits[CHECK_LEARNER].time_ms) {
		st->limits[CHECK_LEARNER].time_ms = cand;
		st->limits[CHECK_LEARNER].cpu_s = sandbox_cpu_seconds(cand);
	}
	struct run_request *rq = st->rq;
	rq[CHECK_LEARNER] = (struct run_request){
		.spec = spec,
		.learner_path = st->shown,
		.learner_src = st->learner_src,
		.check_file = st->e->check_path,
		.device = st->o->device,
		.mode = RUN_EXECUTE,
		.limits = &st->limits[CHECK_LEARNER],
	};
	if (st->o->only_test > 0) {   /* the execution's one test; the reference runs them all */
		rq[CHECK_LEARNER].cases_from = st->o->only_test - 1;
		rq[CHECK_LEARNER].cases_to = st->o->only_test;
	}
	rq[CHECK_REFERENCE] = rq[CHECK_LEARNER];
	rq[CHECK_REFERENCE].cases_from = rq[CHECK_REFERENCE].cases_to = 0;   /* its cached run is whole */
	rq[CHECK_REFERENCE].mode = RUN_REFERENCE;
	rq[CHECK_REFERENCE].learner_src = NULL;
	rq[CHECK_REFERENCE].solution_src = st->solution_src;
	rq[CHECK_REFERENCE].solution_shown = course_relative(st->c, st->e->solution_path);
	rq[CHECK_REFERENCE].limits = &st->limits[CHECK_REFERENCE];
	/* The analysed tests shared among children side by side (analysis_plan). */
	int from[ANALYSIS_PARTS], to[ANALYSIS_PARTS];
	st->parts = analysis_plan(spec, st->o->analysis_parts, from, to);
	for (int k = 0; k < ANALYSIS_PARTS; k++) {
		struct run_request *a = &rq[CHECK_ANALYSIS + k];
		*a = rq[CHECK_LEARNER];
		a->mode = RUN_ANALYZE;
		a->limits = &st->limits[CHECK_ANALYSIS + k];
		a->analysis_log_path = ANALYSIS_LOG;
		a->cases_from = k < st->parts ? from[k] : 0;
		a->cases_to = k < st->parts ? to[k] : 0;
	}
}

/* The processor time process pid has used so far, 0 when unknown. For the trace only: what a
 * standby spent before its request is not the check's. */
static double cpu_so_far(pid_t pid)
{
	double cpu = proc_cpu_seconds(pid);
	return cpu > 0 ? cpu : 0;
}

/* Starts child i (the learner's and the analysis from the standby when they wait). */
static int start_child(struct check_state *st, int i, bool standby)
{
	st->warm[i] = false;
	st->cpu_before[i] = 0;
	if (i == CHECK_LEARNER && standby && st->o->standby &&
	    standby_take(st->o->standby, &st->rq[i], &st->ch[i]) == 0) {
		st->warm[i] = true;
		st->cpu_before[i] = getenv("CLINGS_TRACE") ? cpu_so_far(st->ch[i].pid) : 0;
		return 0;
	}
	if (i == CHECK_LEARNER)   /* the header its build takes, verified here (pch.c) */
		pch_trust_request(&st->rq[i]);
	if (i < CHECK_ANALYSIS)
		return sandbox_start(&st->ch[i], &st->limits[i], NULL, run_in_child, &st->rq[i]);
	/* Oclgrind's log: a file in memory only, so that no ending of clings leaves it behind. The
	 * analysis child keeps it as descriptor 4 and Oclgrind opens it by that name. */
	int part = i - CHECK_ANALYSIS;
	int *log_fd = &st->log_fd[part];
	if (*log_fd >= 0)
		close(*log_fd);
	*log_fd = -1;
	if (standby && st->o->standby &&
	    standby_take_analysis(st->o->standby, part, &st->rq[i], &st->ch[i], log_fd) == 0) {
		st->warm[i] = true;
		st->cpu_before[i] = getenv("CLINGS_TRACE") ? cpu_so_far(st->ch[i].pid) : 0;
		return 0;
	}
	*log_fd = memfd_create("clings-oclgrind-log", MFD_CLOEXEC);
	if (*log_fd < 0)
		return -1;
	int kept = *log_fd;
	return sandbox_start_keeping(&st->ch[i], &st->limits[i], st->env, run_in_child, &st->rq[i], &kept);
}

/* The reference's child, given the user's cache key for its kept binary (refbin.c): the key is
 * in this process's memory only while that child is forked, as the solution's text is. */
static int start_reference(struct check_state *st)
{
	struct seal_key key = SEAL_KEY_INIT;
	if (seal_key_load(&key) == 0)
		st->rq[CHECK_REFERENCE].ref_key = &key;
	int rc = start_child(st, CHECK_REFERENCE, false);
	st->rq[CHECK_REFERENCE].ref_key = NULL;
	seal_key_release(&key);
	return rc;
}

bool check_part_speaks(const struct check_state *st, int k)
{
	const struct child *c = &st->ch[CHECK_ANALYSIS + k];
	struct stat log;
	if (!st->started[CHECK_ANALYSIS + k] || c->pid > 0 || c->fd >= 0)
		return false;
	if (!child_ended_cleanly(c) || (fstat(st->log_fd[k], &log) == 0 && log.st_size > 0))
		return true;
	struct report ar = REPORT_INIT;
	bool passed = proto_parse(sbuf_str(&c->output), &ar, NULL) > 0 && ar.verdict == VERDICT_PASS;
	report_release(&ar);
	return !passed;
}

/* Whether an analysis part before child i has spoken (i is then moot). */
static bool moot(const struct check_state *st, int i)
{
	for (int k = 0; k < i - CHECK_ANALYSIS; k++)
		if (check_part_speaks(st, k))
			return true;
	return false;
}

/* Once the learner's run has timed out at its limit, the verdict is a timeout unless Oclgrind
 * has found something, and Oclgrind only runs the same hang again: each analysis part still
 * running gets a last TIMEOUT_GRACE_MS of processor time (to write what it is finding), never
 * more than the learner's own limit, and then ends with what its log holds. Without this, an
 * analysis of its own limit (up to 60 s on the largest exercises) kept the verdict waiting past
 * the learner's limit plus a second. A finding Oclgrind would make only later is missed, and the
 * timeout then stands: the kernel did not finish either way. Given once: the cap is processor
 * time, so a loaded machine slows the parts but does not change where they stop. */
#define TIMEOUT_GRACE_MS 500
static void share_timeout(struct check_state *st)
{
	const struct child *lc = &st->ch[CHECK_LEARNER];
	if (st->timeout_shared || !st->started[CHECK_LEARNER] || !lc->timed_out || !lc->ready ||
	    lc->starved)
		return;
	st->timeout_shared = true;
	for (int k = 0; k < st->parts; k++) {
		struct child *a = &st->ch[CHECK_ANALYSIS + k];
		if (!st->started[CHECK_ANALYSIS + k] || (a->pid <= 0 && a->fd < 0))
			continue;
		long cap = (long)(a->cpu_run * 1000.0) + TIMEOUT_GRACE_MS;
		if (!a->ready || a->cpu_run < 0 || cap > st->limits[CHECK_LEARNER].time_ms)
			cap = st->limits[CHECK_LEARNER].time_ms;
		if (cap < st->limits[CHECK_ANALYSIS + k].time_ms) {
			child_cap_processor(a, cap);
			st->limits[CHECK_ANALYSIS + k].time_ms = cap;
		}
	}
}

/* While the learner's run goes, the analysis of the same kernel on Oclgrind competes with it for
 * the processors, and beside other programs (an editor, a browser) the run then gets a smaller
 * share: its verdict (processor time) stays, but its wait on the clock grows. The analysis parts
 * run ANALYSIS_NICE steps below it until it ends, then as it does (where the restore is allowed:
 * child_lower_priority). */
#define ANALYSIS_NICE 10
static void analysis_behind(struct check_state *st)
{
	for (int k = 0; k < st->parts; k++)
		if (st->started[CHECK_ANALYSIS + k])
			child_lower_priority(&st->ch[CHECK_ANALYSIS + k], ANALYSIS_NICE);
}

static void analysis_level(struct check_state *st)
{
	const struct child *lc = &st->ch[CHECK_LEARNER];
	if (lc->pid > 0 || lc->fd >= 0)
		return;
	for (int k = 0; k < st->parts; k++)
		child_restore_priority(&st->ch[CHECK_ANALYSIS + k]);
}

/* Waits for every child; an analysis part made moot by an earlier one is stopped at once, its
 * processor given back to the others. True when interrupted. */
static bool wait_children(struct check_state *st, int interrupt)
{
	for (;;) {
		analysis_level(st);
		share_timeout(st);
		int ended = children_wait_next(st->ch, CHECK_CHILDREN, interrupt);
		if (ended < 0)
			return ended == -2;
		for (int i = CHECK_ANALYSIS + 1; i < CHECK_ANALYSIS + st->parts; i++)
			if ((st->ch[i].pid > 0 || st->ch[i].fd >= 0) && moot(st, i))
				child_finish(&st->ch[i]);
	}
}

/* Whether child i must run again before its ending counts: ended from outside. A child timed
 * out is not run again: it is timed by the processor time it got (sandbox_arm), which a loaded
 * machine does not shorten, and one the machine starved past the clock's bound is clings'
 * error (check_abnormal_end), never a verdict. */
static bool run_again(const struct check_state *st, int i)
{
	const struct child *ch = &st->ch[i];
	return st->started[i] && check_killed_outside(ch, st->limits[i].cpu_s);
}

static void trace_children(const struct check_state *st)
{
	static const char *const names[] = { "learner", "reference", "analysis", "analysis 2" };
	_Static_assert(sizeof(names) / sizeof(names[0]) == CHECK_CHILDREN, "a name for each child");
	FILE *f = trace_open(true);   /* the watcher, keeping stderr for itself, gives a path */
	for (int i = 0; i < CHECK_CHILDREN && f; i++) {
		if (!st->started[i])
			continue;
		const struct child *c = &st->ch[i];
		fprintf(f, "clings: trace: %-10s armed %.3f  ready %.3f  done %.3f s  cpu %.3f s  limit %.3f s%s\n",
			names[i], c->armed_at - st->t0, c->ready_at > 0 ? c->ready_at - st->t0 : -1.0,
			c->ended_at > 0 ? c->ended_at - st->t0 : -1.0, c->cpu_seconds - st->cpu_before[i],
			(double)st->limits[i].time_ms / 1000.0,
			st->warm[i] ? "  (standby; cpu since its request)" : "");
	}
	trace_close(f);
}

enum stage_next check_run(struct check_state *st)
{
	struct report *r = st->r;
	prepare_children(st);
	st->reference_key = reference_key(st->spec, st->solution_src, st->o->device);
	st->reference_known = reference_lookup(st->reference_key, &st->reference_output);
	if (st->analyze)
		analysis_env(ANALYSIS_LOG, st->env, 16);
	for (int i = 0; i < CHECK_CHILDREN; i++)
		st->ch[i] = (struct child)CHILD_INIT;
	if (st->o->progress)
		st->o->progress(st->o->progress_ctx, st->analyze ? N_("checking (and analysing on Oclgrind)...")
							 : N_("checking..."));
	/* The reference first: then the solution's text leaves this process's memory before any
	 * child that runs the learner's code is forked from it (a kernel on a CPU device can read
	 * its own process's memory). */
	st->started[CHECK_REFERENCE] = !st->reference_known && start_reference(st) == 0;
	wipe_string(st->solution_src);
	st->started[CHECK_LEARNER] = start_child(st, CHECK_LEARNER, true) == 0;
	bool all = st->analyze && st->started[CHECK_LEARNER];
	for (int k = 0; k < st->parts; k++)
		all = (st->started[CHECK_ANALYSIS + k] = all && start_child(st, CHECK_ANALYSIS + k, true) == 0);
	/* Every part of the analysis, or clings' own error: a check never passes on a part of it. */
	if (!st->started[CHECK_LEARNER] || (!st->reference_known && !st->started[CHECK_REFERENCE]) ||
	    (st->analyze && !all)) {
		report_set_text(r, VERDICT_ERROR, "cannot start the check");
		return STAGE_SETTLED;
	}
	st->ch[CHECK_LEARNER].settles_unready = true;
	analysis_behind(st);
	int interrupt = st->o->interruptible ? st->o->interrupt_fd : -1;
	/* The analysis is most often the last to end: the learner hears that the kernel ran while
	 * it goes on (a stage, never a verdict: none is shown before the analysis has spoken). */
	if (st->analyze && st->o->progress) {
		r->interrupted = children_wait_first(st->ch, CHECK_CHILDREN, CHECK_ANALYSIS, interrupt);
		bool analysing = false;
		for (int k = 0; k < st->parts; k++)
			analysing |= st->ch[CHECK_ANALYSIS + k].pid > 0 || st->ch[CHECK_ANALYSIS + k].fd >= 0;
		/* Both runs whole: the judge's word on them now (check_judge does not judge again, and
		 * nothing runs them again), and what is known of it: the results match on every test,
		 * or only that the kernel ran. */
		bool whole = child_ended_cleanly(&st->ch[CHECK_LEARNER]) &&
			     (st->reference_known || child_ended_cleanly(&st->ch[CHECK_REFERENCE]));
		if (!r->interrupted && analysing && whole) {
			check_judge(st);
			st->judged = true;
		}
		if (st->judged && r->verdict == VERDICT_PASS)
			st->o->progress(st->o->progress_ctx, N_("your kernel's results match on every test; "
								"the analysis on Oclgrind is still looking "
								"for races and out-of-bounds accesses..."));
		else if (st->judged)
			st->o->progress(st->o->progress_ctx, N_("your kernel ran its tests; the analysis on "
								"Oclgrind is still looking for races and "
								"out-of-bounds accesses..."));
	}
	if (!r->interrupted)
		r->interrupted = wait_children(st, interrupt);
	/* Fail closed: each ending that is not the check's to judge is tried once more, alone. */
	for (int i = 0; i < CHECK_CHILDREN && !r->interrupted; i++) {
		if (!run_again(st, i) || (i > CHECK_ANALYSIS && moot(st, i)) ||
		    (i == CHECK_LEARNER && st->o->candidate_time_ms > 0))   /* a candidate: never again */
			continue;
		sandbox_child_release(&st->ch[i]);
		if (i == CHECK_REFERENCE) {   /* its text again, for this child only */
			free(st->solution_src);
			st->solution_src = NULL;
			if (read_file(st->e->solution_path, &st->solution_src, NULL) < 0)
				st->solution_src = xstrdup("");
			st->rq[i].solution_src = st->solution_src;
		}
		st->started[i] = (i == CHECK_REFERENCE ? start_reference(st) : start_child(st, i, false)) == 0;
		wipe_string(st->solution_src);
		if (st->started[i]) {
			share_timeout(st);
			r->interrupted = children_wait(&st->ch[i], 1, interrupt);
		}
	}
	const struct child *lc = &st->ch[CHECK_LEARNER];
	if (!r->interrupted && child_ended_cleanly(lc) && lc->ready_at > 0 && lc->ended_at > lc->ready_at)
		r->run_seconds = lc->ended_at - lc->ready_at;
	if (getenv("CLINGS_TRACE"))   /* for clings' own developers: where a check's time goes */
		trace_children(st);
	seal_prune_cache(st->source_cache);   /* what this check's children kept, within the caches' bound */
	bool budget_out = false;
	for (int i = 0; i < CHECK_CHILDREN; i++)
		budget_out |= st->started[i] && st->ch[i].budget_out;
	if (budget_out && !r->interrupted) {   /* the caller's bound (a repair's search), not a verdict */
		report_set_text(r, VERDICT_ERROR, "the check was stopped at the processor budget of its caller");
		return STAGE_SETTLED;
	}
	if (r->interrupted) {
		report_set_text(r, VERDICT_ERROR, "the check was stopped before its verdict");
		return STAGE_SETTLED;
	}
	st->ran = true;
	return STAGE_ON;
}

/* The reference ran out of time: the course's limit, not a learner's barrier. Names the test it
 * was in and the key to raise. */
static void reference_too_slow(struct check_state *st, struct report *r)
{
	const char *from = NULL;
	long v, last = -1;
	while ((v = proto_number(sbuf_str(&st->reference.after), "begin", &from)) >= 0 || from)
		if (v >= 0)
			last = v;
	struct test_case *cases;
	int n;
	char test[160] = "";
	if (last >= 0 && check_spec_expand(st->spec, &cases, &n) == 0) {
		if (last < n)
			snprintf(test, sizeof(test), " test %s", cases[last].name);
		free(cases);
	}
	char *msg = xstrfmt("the reference solution did not finish%s within %ld ms (at least %d x the "
			    "check's time_limit_ms of %ld): the course's tests are too large for this device, "
			    "or the solution is slow; raise time_limit_ms in [check] of %s, or make the test "
			    "smaller", test, st->limits[CHECK_REFERENCE].time_ms, REFERENCE_TIME_FACTOR,
			    st->spec->time_limit_ms, course_relative(st->c, st->spec->path));
	report_set_text(r, VERDICT_ERROR, msg);
	free(msg);
}

/* Why the reference's child (NULL: its kept results) ended without a whole run, for the course's
 * author: in the words of a process's end, never a learner's kernel's. */
static char *reference_end(const struct check_state *st, const struct child *ch)
{
	if (!ch)
		return xstrdup("its kept results are incomplete");
	struct msg m = MSG_INIT;
	if (ended_by_clings(ch, st->limits[CHECK_REFERENCE].cpu_s, "", &m)) {
		char *text = msg_text(&m, NULL);
		msg_release(&m);
		return text;
	}
	msg_release(&m);
	struct sbuf text = SBUF_INIT;
	sbuf_adds(&text, "its process ");
	child_describe_end(ch, &text);
	sbuf_adds(&text, ch->ready ? " while running the tests" : " while building");
	long mb = st->spec->memory_limit_mb;
	if ((ch->signal || (ch->exited && ch->exit_status)) && mb > 0 && mb < DEFAULT_MEMORY_LIMIT_MB)
		sbuf_addf(&text, "; is the check's memory_limit_mb of %ld MB enough for this device's "
			  "runtime and the test's buffers (`clings validate` tries it)?", mb);
	return sbuf_detach(&text);
}

/* The reference's results into st->reference; or, in r, why it could not give them. Returns 0
 * when it holds a whole run. */
static int reference_results(struct check_state *st)
{
	struct report *r = st->r;
	const struct child *ch = st->reference_known ? NULL : &st->ch[CHECK_REFERENCE];
	if (ch)
		sbuf_add(&st->reference_output, ch->output.buf, ch->output.len);
	proto_split(st->reference_output.buf, st->reference_output.len, &st->reference);
	struct report rr = REPORT_INIT;
	struct sbuf all = SBUF_INIT;
	sbuf_addf(&all, "%s%s", sbuf_str(&st->reference.before), sbuf_str(&st->reference.after));
	int verdicts = proto_parse(sbuf_str(&all), &rr, NULL);
	sbuf_release(&all);
	int rc = 0;
	if (verdicts) {
		/* the course's or the device's fault, in the reference's own words */
		if (msg_empty(&rr.message))
			report_set_text(r, VERDICT_ERROR, "the reference solution failed");
		else
			report_set(r, VERDICT_ERROR, &rr.message, NULL, 0);
		rc = -1;
	} else if (ch && ch->timed_out && ch->ready && !ch->starved) {
		reference_too_slow(st, r);
		rc = -1;
	} else if (proto_number(sbuf_str(&st->reference.after), "end", NULL) < 0 ||
		   (ch && !child_ended_cleanly(ch))) {
		char *text = reference_end(st, ch);   /* the course's or the device's: English */
		char *msg = xstrfmt("the reference solution did not finish on this device: %s", text);
		report_set_text(r, VERDICT_ERROR, msg);
		free(text);
		free(msg);
		rc = -1;
	} else if (ch) {
		reference_store(st->reference_key, &st->reference_output);
	}
	report_release(&rr);
	return rc;
}

enum stage_next check_judge(struct check_state *st)
{
	if (st->judged)   /* while the analysis ran (check_run) */
		return STAGE_ON;
	struct report *r = st->r;
	struct child *lc = &st->ch[CHECK_LEARNER];
	long cpu_s = st->limits[CHECK_LEARNER].cpu_s;
	proto_split(lc->output.buf, lc->output.len, &st->learner);
	/* Before "ready" the learner's code has not run: the build's word is trusted, and so is
	 * its word on its namespaces (the verdict cache keeps it). */
	int verdicts = proto_parse(sbuf_str(&st->learner.before), r, &st->began);
	r->isolated = proto_number(sbuf_str(&st->learner.before), "isolated", NULL) == 1;
	if (verdicts)
		return STAGE_ON;   /* build, signature, requirement, or the device: settled */
	/* A reference that did not give its results is the course's problem, whatever the learner's
	 * run did: a learner is not told of a time limit the solution itself does not meet. */
	if (reference_results(st) < 0)
		return STAGE_ON;
	if (!st->learner.ready || check_killed_outside(lc, cpu_s)) {
		st->build_stopped = check_abnormal_end(lc, NULL, st->limits[CHECK_LEARNER].time_ms, cpu_s,
						       BUILD_CPU_S, "", r);
		return STAGE_ON;
	}
	/* a repair's candidate is judged by its verdict alone: no words, so no parse of it */
	struct judge_input in = { st->spec, &st->learner, &st->reference, st->shown, st->learner_src,
				  st->o->verdict_only ? NULL : check_facts_of, st, st->o->only_test };
	if (judge_execution(&in, r, &st->began, &st->failed_case) ||
	    (r->verdict == VERDICT_PASS && !child_ended_cleanly(lc)))
		check_abnormal_end(lc, sbuf_str(&st->began), st->limits[CHECK_LEARNER].time_ms, cpu_s,
				   BUILD_CPU_S, "", r);
	r->kernel_output = proto_printf_text(sbuf_str(&st->learner.after), st->failed_case);
	r->failed_test = r->verdict != VERDICT_PASS && st->failed_case >= 0 ? st->failed_case + 1 : 0;
	return STAGE_ON;
}
