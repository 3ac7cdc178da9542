/*
 * check-compiler.c: a wrong result in which the analysis on Oclgrind found nothing. Oclgrind
 * runs work-items and work-groups in one order only, so a race between them can pass there and
 * still decide the device's results; and a device's compiler can be wrong. Before either is
 * said, the learner's kernel runs again:
 * - its unoptimised build, COMPILER_RUNS times in all (the runs again side by side): results that change from run to run are
 *   a race, said with how many runs gave wrong results, and the wrong result stands; not run
 *   when Oclgrind's own run of the failed test, clean, computed the device's very results and
 *   the kernel has no atomics (the wrong result is then the kernel's, in any order);
 * - only where every one of those runs gave the same wrong results, the analysis was clean in
 *   every part (not one message in Oclgrind's log), and the kernel has no atomics (a protocol
 *   between work-groups, such as a look-back, whose order the runs could have raced in), so
 *   where Oclgrind's run of the failed test gave other bytes than the device's: its
 *   optimised build, once, and when that run is right twice more. Right every time with the same
 *   results, the device's compiler is at fault and the kernel passes; anything else leaves the
 *   wrong result standing.
 * A run that does not end cleanly proves nothing either way: the wrong result stands, untold.
 *
 * A pass is a claim too. A kernel whose work-groups wait on or read each other through atomics
 * (a look-back, a ticket) can pass whenever the device happens to run its groups one after
 * another, as a CPU device does on a loaded machine. Such a kernel (or one clings could not
 * read) that passed runs again, COMPILER_RUNS - 1 more times with the CPU device's groups spread
 * over more threads than the machine has processors (interleaved and preempted mid-way): a run
 * with wrong results makes the verdict that run's wrong result, told as a race with how many
 * runs were wrong. Runs that all pass leave the pass; one that does not end cleanly says nothing.
 */
#include "engine/check/check.h"
#include "engine/diagnose/diagnose.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One more run of the learner's kernel, judged against the same reference results. */
struct rerun {
	bool whole;                   /* ended cleanly, its results all there */
	bool pass;
	struct proto_stream out;      /* its results, to compare with other runs' */
	struct report r;              /* its tests */
};

static void rerun_release(struct rerun *x)
{
	proto_stream_release(&x->out);
	report_release(&x->r);
}

/* n more runs of one build, side by side (each a confined child, as the first run was); x[i]
 * whole only when its child ended cleanly with every result there. */
static void run_again(struct check_state *st, bool optimise, int threads, struct rerun *x, int n)
{
	struct run_request rq = st->rq[CHECK_LEARNER];
	rq.optimise = optimise;
	rq.device_threads = threads;
	struct child ch[COMPILER_RUNS];
	bool started[COMPILER_RUNS] = { false };
	double t0 = now_seconds();
	for (int i = 0; i < n; i++) {
		x[i] = (struct rerun){ .out = PROTO_STREAM_INIT, .r = REPORT_INIT };
		started[i] = sandbox_start(&ch[i], &st->limits[CHECK_LEARNER], NULL, run_in_child, &rq) == 0;
		if (!started[i])
			ch[i] = (struct child)CHILD_INIT;   /* waited on as one that already ended */
	}
	children_wait(ch, n, -1);
	FILE *f = trace_open(true);   /* where a check's time goes */
	if (f)
		fprintf(f, "clings: trace: compiler  %d runs of the %s build at %.3f s in %.3f s\n", n,
			optimise ? "optimised" : "unoptimised", t0 - st->t0, now_seconds() - t0);
	trace_close(f);
	for (int i = 0; i < n; i++) {
		if (!started[i])
			continue;
		proto_split(ch[i].output.buf, ch[i].output.len, &x[i].out);
		x[i].whole = x[i].out.ready && !x[i].out.cut && child_ended_cleanly(&ch[i]) &&
			     !proto_parse(sbuf_str(&x[i].out.before), &x[i].r, NULL);
		if (x[i].whole) {
			struct sbuf began = SBUF_INIT;
			struct judge_input in = { st->spec, &x[i].out, &st->reference, st->shown, st->learner_src,
						  check_facts_of, st, st->o->only_test };
			x[i].whole = judge_execution(&in, &x[i].r, &began, NULL) == 0 &&
				     (x[i].r.verdict == VERDICT_PASS || x[i].r.verdict == VERDICT_WRONG_RESULT);
			x[i].pass = x[i].r.verdict == VERDICT_PASS;
			sbuf_release(&began);
		}
		sandbox_child_release(&ch[i]);
	}
}

/* Whether Oclgrind, another compiler and no device, computed the device's very results for the
 * test that failed: every output of its compared passes, digest for digest, with at least one
 * there. Its own run of the kernel then gives the wrong result too, and the device's compiler
 * is not what made it. Nothing found (the test not analysed, a float's last bit apart) proves
 * nothing: the optimised build is then asked, as before. */
static bool oclgrind_computed_the_same(const struct check_state *st)
{
	int ci = st->r->failed_test - 1, same = 0, device = 0;
	if (ci < 0)
		return false;
	for (int i = 0; i < st->learner.ndata; i++)
		device += st->learner.data[i].ci == ci && st->learner.data[i].nbytes > 0;
	for (int k = 0; k < st->parts; k++) {
		const char *p = st->started[CHECK_ANALYSIS + k] ? sbuf_str(&st->ch[CHECK_ANALYSIS + k].output) : NULL;
		struct proto_digest g;
		while (proto_next_digest(&p, &g)) {
			if (g.ci != ci)
				continue;
			const struct proto_data *d = proto_find(&st->learner, ci, g.pass, g.arg);
			if (!d || d->nbytes != g.bytes || !g.bytes || hash_add(HASH_INIT, d->bytes, g.bytes) != g.hash)
				return false;
			same++;
		}
	}
	return same > 0 && same == device;
}

bool compiler_bug_proved(const struct compiler_tally *t)
{
	return t->whole && t->analysis_clean && !t->atomics && t->runs >= COMPILER_RUNS &&
	       t->wrong == t->runs && t->same && t->opt_runs >= COMPILER_RUNS && !t->opt_wrong &&
	       t->opt_same;
}

/* The optimised build's runs into t; the last one's tests, when they all passed, into *tests.
 * One runs first, alone: wrong (a learner's mistake nearly always is), the compiler is cleared
 * and the others are not needed; right, the others follow, its build now in the compiler's
 * cache (three cold builds side by side cost three times the processor time). */
static void run_optimised(struct check_state *st, struct compiler_tally *t, struct report *tests)
{
	struct rerun x[COMPILER_RUNS];
	run_again(st, true, 0, x, 1);
	int n = 1;
	if (x[0].whole && x[0].pass) {
		run_again(st, true, 0, x + 1, COMPILER_RUNS - 1);
		n = COMPILER_RUNS;
	}
	t->opt_same = true;
	for (int i = 0; i < n; i++) {
		t->whole = t->whole && x[i].whole;
		t->opt_runs += x[i].whole;
		t->opt_wrong += x[i].whole && !x[i].pass;
		t->opt_same = t->opt_same && x[i].whole && diagnose_same_results(&x[0].out, &x[i].out);
	}
	if (t->whole && !t->opt_wrong) {
		*tests = x[n - 1].r;
		x[n - 1].r = (struct report)REPORT_INIT;
	}
	for (int i = 0; i < n; i++)
		rerun_release(&x[i]);
}

/* The tests of the optimised build's last run replace the unoptimised run's in r. */
static void take_tests(struct report *r, struct report *from)
{
	for (int i = 0; i < r->ntests; i++) {
		free(r->tests[i].name);
		msg_release(&r->tests[i].detail);
	}
	free(r->tests);
	r->tests = from->tests;
	r->ntests = from->ntests;
	from->tests = NULL;
	from->ntests = 0;
}

/* "3 of 5 runs gave wrong results: a race", after r's message. */
static void say_race(struct report *r, int wrong, int runs, bool optimised)
{
	msg_fact_int(&r->message, "runs", runs);   /* the diagnosis reads them (diagnose.c) */
	msg_fact_int(&r->message, "runs_wrong", wrong);
	msg_raw(&r->message, "\n\n");
	if (wrong < runs)
		msg_addf(&r->message, optimised ? N_("Built with optimisation, %d of %d runs gave wrong "
						    "results: a race.")
						 : N_("%d of %d runs gave wrong results: a race."),
			 wrong, runs);
	else
		msg_addf(&r->message, N_("Each of %d runs gave wrong results, not the same ones each time: "
					 "a race."), runs);
	msg_raw(&r->message, " ");
	msg_adds(&r->message, N_("What your kernel computes depends on the order in which its "
				 "work-items or work-groups happen to run. The analysis on Oclgrind "
				 "runs them in one order only, so it could not show the race itself: "
				 "look for values one work-item writes and another reads without a "
				 "barrier between them, or a wait on another work-group that does not "
				 "wait for the whole value."));
}

/* The CPU device's threads for a pass's runs again: four a processor, 8 to 32. */
static int interleaving_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN) * 4;
	return n < 8 ? 8 : n > 32 ? 32 : (int)n;
}

/* A pass of a kernel whose groups may wait on each other, run again (the header says why). */
static enum stage_next confirm_pass(struct check_state *st)
{
	struct report *r = st->r;
	/* A pass reads no facts otherwise (libclang's child costs more than this scan): the text
	 * without "atom" anywhere, comments and macros included, calls no atomic function. */
	if (!st->learner_src || !memmem(st->learner_src, st->learner_len, "atom", 4))
		return STAGE_ON;
	const struct kernel_facts *kf = check_kernel_facts(st);
	if (kf && !kv_has_atomic(&(struct kview){ kf, st->learner_src, st->learner_len }))
		return STAGE_ON;
	struct rerun x[COMPILER_RUNS - 1];
	run_again(st, false, interleaving_threads(), x, COMPILER_RUNS - 1);
	int runs = 1, wrong = 0, first = -1;
	for (int i = 0; i < COMPILER_RUNS - 1; i++) {
		runs += x[i].whole;
		if (x[i].whole && !x[i].pass) {
			wrong++;
			first = first < 0 ? i : first;
		}
	}
	if (first >= 0) {   /* that run's wrong result, its results the ones diagnosed */
		struct report *w = &x[first].r;
		report_set(r, w->verdict, &w->message, w->file, w->line);
		take_tests(r, w);
		msg_release(&r->picture);
		r->picture = w->picture;
		w->picture = (struct msg)MSG_INIT;
		r->failed_test = w->failed_test;
		struct proto_stream keep = st->learner;
		st->learner = x[first].out;
		x[first].out = keep;
		say_race(r, wrong, runs, false);
	}
	for (int i = 0; i < COMPILER_RUNS - 1; i++)
		rerun_release(&x[i]);
	return STAGE_ON;
}

enum stage_next check_compiler(struct check_state *st)
{
	struct report *r = st->r;
	if (r->verdict == VERDICT_PASS && st->reference.ready && st->learner.ready && !r->cached)
		return confirm_pass(st);
	if (r->verdict != VERDICT_WRONG_RESULT || !r->analysis_ran || !st->reference.ready ||
	    !st->learner.ready)
		return STAGE_ON;
	struct compiler_tally t = {
		.runs = 1, .wrong = 1, .same = true, .whole = true,
		.analysis_clean = st->analysis_clean,
		/* a kernel clings could not read may hold atomics: the compiler is then never blamed */
		.atomics = !check_kernel_facts(st) ||
			   kv_has_atomic(&(struct kview){ check_kernel_facts(st), st->learner_src, st->learner_len }),
	};
	/* Oclgrind ran the failed test with its race detector, found nothing, and computed the
	 * device's very results: two compilers and two orders of the work-items gave the same wrong
	 * bytes, and no atomics could have raced unseen. Runs again would only repeat it. */
	if (t.analysis_clean && !t.atomics && oclgrind_computed_the_same(st))
		return STAGE_ON;
	struct rerun x[COMPILER_RUNS - 1];
	run_again(st, false, 0, x, COMPILER_RUNS - 1);
	for (int i = 0; i < COMPILER_RUNS - 1; i++) {
		t.whole = t.whole && x[i].whole;
		t.runs += x[i].whole;
		t.wrong += x[i].whole && !x[i].pass;
		t.same = t.same && x[i].whole && !x[i].pass && diagnose_same_results(&st->learner, &x[i].out);
		rerun_release(&x[i]);
	}
	if (!t.whole)
		return STAGE_ON;
	if (!t.same) {
		say_race(r, t.wrong, t.runs, false);
		return STAGE_ON;
	}
	if (!t.analysis_clean || t.atomics)   /* (clean without atomics: Oclgrind differed above) */
		return STAGE_ON;
	struct report tests = REPORT_INIT;
	run_optimised(st, &t, &tests);
	if (t.whole && t.opt_wrong && t.opt_wrong < t.opt_runs) {
		say_race(r, t.opt_wrong, t.opt_runs, true);
	} else if (compiler_bug_proved(&t)) {
		take_tests(r, &tests);
		struct msg msg = MSG_INIT;
		const char *device = check_device_of(r, &msg);
		msg_addf(&msg, N_("Your kernel is right. On %s its unoptimised build gave the same wrong "
				   "results in each of %d runs, but built with optimisation it passes "
				   "every test in each of %d runs; the analysis on Oclgrind found nothing "
				   "wrong, and your kernel has no atomics whose order could change its "
				   "results: this is a bug of the device's compiler, not of your kernel. "
				   "(What it computed first: %s)"),
			 device, t.runs, t.opt_runs, msg_sub(&msg, &r->message));
		report_set(r, VERDICT_PASS, &msg, NULL, 0);
		msg_release(&msg);
		msg_release(&r->picture);
	}
	report_release(&tests);
	return STAGE_ON;
}
