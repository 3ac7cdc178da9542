/*
 * check.c: one check of a learner's kernel, seen from the parent. Confined children run side by
 * side: the learner's kernel on the chosen device, the reference solution on the same device
 * (unless its results for this check are known already), and the analysis on Oclgrind (small
 * tests, races and barriers). The parent compares the results itself (judge.c), and merges the
 * findings into one verdict, in the order a learner should fix things: build, signature,
 * requirement, then what the analysis found, then what the execution found.
 */
#include "engine/diagnose.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>


static void timeout_advice(struct msg *m)
{
	msg_adds(m, N_("The usual causes: a barrier that not every work-item of a group reaches (a "
		  "barrier inside an if, or inside a loop whose number of steps differs between "
		  "work-items: the others wait there forever), or a loop whose condition never becomes "
		  "false."));
}

#define REFERENCE_CACHE 8                    /* checks whose reference results are kept */

/*
 * The reference's results for a check: the same check file, solution, device and seed give the
 * same bytes, so a watcher that checks one exercise again and again runs the reference once.
 * Kept in this process only: the parent wrote them, no child can touch them.
 */
struct reference_entry {
	uint64_t key;
	char *output;
	size_t len;
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

static const struct reference_entry *reference_lookup(uint64_t key)
{
	for (int i = 0; i < REFERENCE_CACHE; i++)
		if (reference_cache[i].output && reference_cache[i].key == key)
			return &reference_cache[i];
	return NULL;
}

static void reference_store(uint64_t key, const struct sbuf *output)
{
	struct reference_entry *e = &reference_cache[reference_next];
	reference_next = (reference_next + 1) % REFERENCE_CACHE;
	free(e->output);
	e->key = key;
	e->output = xmalloc(output->len + 1);
	memcpy(e->output, output->buf, output->len);
	e->len = output->len;
}

/*
 * What the execution child's end says when it did not report a verdict itself. where is ""
 * or a catalog text of a place with its leading space (" on the analysis device (Oclgrind)").
 */
static void explain_abnormal_end(struct sandbox_child *ch, const char *began, long limit_ms,
				 const char *where, struct report *r)
{
	struct msg msg = MSG_INIT;
	const char *test = began && *began ? began : NULL;
	if (ch->output_cut) {
		msg_addf(&msg, N_("The run%s sent far more than a check's results (over 64 MB) and "
				   "was stopped."), msg_word(&msg, where));
		report_set(r, VERDICT_CRASH, &msg);
	} else if (!ch->ready && !ch->timed_out && (ch->signal == SIGXCPU || ch->signal == SIGXFSZ ||
						   ch->signal == SIGABRT || ch->signal == SIGSEGV ||
						   ch->signal == SIGBUS || ch->signal == SIGKILL)) {
		msg_addf(&msg, N_("Building the kernel%s used more than a build may (%d s of processor "
				   "time, %d MB of memory, 64 MB of files): a macro that expands into a huge "
				   "text, or a loop unrolled by hand thousands of times, does this."),
			  msg_word(&msg, where), BUILD_CPU_S, BUILD_MEMORY_MB);
		report_set(r, VERDICT_BUILD_ERROR, &msg);
	} else if (ch->timed_out && !ch->ready) {
		msg_addf(&msg, N_("Building the kernel took longer than %d s%s: simplify it (huge loops unrolled by hand, "
				   "very long macros)."), BUILD_TIME_LIMIT_MS / 1000, msg_word(&msg, where));
		report_set(r, VERDICT_TIMEOUT, &msg);
	} else if (ch->timed_out) {
		const char *s = msg_number(&msg, (double)limit_ms / 1000.0, 1);
		if (test)
			msg_addf(&msg, N_("Test %s did not finish within %s s%s."), test, s, msg_word(&msg, where));
		else
			msg_addf(&msg, N_("The check did not finish within %s s%s."), s, msg_word(&msg, where));
		msg_raw(&msg, "\n");
		timeout_advice(&msg);
		report_set(r, VERDICT_TIMEOUT, &msg);
	} else if (ch->signal == SIGXCPU) {
		if (test)
			msg_addf(&msg, N_("Test %s used up its CPU time%s."), test, msg_word(&msg, where));
		else
			msg_addf(&msg, N_("The check used up its CPU time%s."), msg_word(&msg, where));
		msg_raw(&msg, "\n");
		timeout_advice(&msg);
		report_set(r, VERDICT_TIMEOUT, &msg);
	} else if (ch->signal == SIGSYS) {
		if (test)
			msg_addf(&msg, N_("Your kernel made a system call that no kernel may make, during "
					   "test %s%s: a kernel computes; it does not open files, start "
					   "processes or signal them. The run was stopped."), test, msg_word(&msg, where));
		else
			msg_addf(&msg, N_("Your kernel made a system call that no kernel may make%s: a "
					   "kernel computes; it does not open files, start processes or signal "
					   "them. The run was stopped."), msg_word(&msg, where));
		report_set(r, VERDICT_CRASH, &msg);
	} else if (ch->signal) {
		if (test)
			msg_addf(&msg, N_("Your kernel crashed the run%s (signal %d, %s) during test %s."),
				  msg_word(&msg, where), ch->signal, strsignal(ch->signal), test);
		else
			msg_addf(&msg, N_("Your kernel crashed the run%s (signal %d, %s)."), msg_word(&msg, where),
				  ch->signal, strsignal(ch->signal));
		msg_adds(&msg, N_("\nOn a CPU device this usually means a read or write far "
				   "outside a buffer: check every index against the size before using it. "
				   "Or an array declared inside the kernel too large for a work-item's stack "
				   "(private memory is for a few values; large data belongs in a buffer)."));
		report_set(r, VERDICT_CRASH, &msg);
	} else if (ch->exit_status == 0 && ch->ready) {
		/* it ended as if all was done, without the results: nothing a kernel does by mistake */
		if (test)
			msg_addf(&msg, N_("The results of test %s are missing or damaged: your kernel "
					   "ended the process that runs it, or wrote into its channel."), test);
		else
			msg_addf(&msg, N_("The results are missing or damaged: your kernel ended the "
					   "process that runs it, or wrote into its channel."));
		report_set(r, VERDICT_CRASH, &msg);
	} else {
		if (test)
			msg_addf(&msg, N_("The run ended without a result (exit status %d) during test "
					   "%s; it may have run out of memory."), ch->exit_status, test);
		else
			msg_addf(&msg, N_("The run ended without a result (exit status %d); it may have "
					   "run out of memory."), ch->exit_status);
		report_set(r, VERDICT_CRASH, &msg);
	}
	msg_release(&msg);
}

/* Why a right result on the device proves nothing, for each kind of finding: a trailer that
 * names the real reason (parallelism explains a race, not an out-of-bounds read), added to m;
 * device is a %s argument of m. */
static void lucky_trailer(enum verdict v, const char *device, struct msg *m)
{
	switch (v) {
	case VERDICT_DATA_RACE:
	case VERDICT_BARRIER_DIVERGENCE:
		msg_addf(m, N_("On %s your results were right, but only by chance: a GPU runs "
				   "work-items truly in parallel and would not forgive this."), device);
		return;
	case VERDICT_OUT_OF_BOUNDS:
		msg_addf(m, N_("On %s your results were right, but only by chance: the memory "
				   "past the end happened to be there and to hold nothing that mattered. "
				   "On another device, or with other sizes, the same access reads garbage "
				   "or crashes."), device);
		return;
	case VERDICT_UNINITIALIZED:
		msg_addf(m, N_("On %s your results were right, but only by chance: the memory "
				   "happened to start as zeros there. A GPU gives whatever was left in it."),
			       device);
		return;
	default:
		msg_addf(m, N_("On %s your results were right, but only by chance."), device);
		return;
	}
}

/* The device that ran the check, as a %s argument of m. */
static const char *device_of(const struct report *r, struct msg *m)
{
	return r->device ? r->device : msg_word(m, N_("this device"));
}

/* Folds the analysis into the execution's report r. */
static void merge_analysis(struct report *r, struct sandbox_child *ach, const char *log,
			   const char *learner, const char *learner_src, const struct check_spec *spec)
{
	struct report ar = REPORT_INIT;
	struct sbuf began = SBUF_INIT;
	int verdicts = proto_parse(sbuf_str(&ach->output), &ar, &began);
	struct analysis_buffer *bufs = NULL;
	int nbufs = proto_analysis_buffers(sbuf_str(&ach->output), &bufs);
	struct finding f = { .verdict = VERDICT_PASS };
	verdict_from_analysis(log ? log : "", learner, learner_src, bufs, nbufs, sbuf_str(&ach->output),
			      &f);
	free(bufs);
	r->analysis_ran = true;
	r->naccess = access_figures_parse(sbuf_str(&ach->output), spec, &r->access);
	r->analysis_log = xstrdup(log ? log : "");

	struct msg msg = MSG_INIT;
	if (f.verdict != VERDICT_PASS) {
		msg_append(&msg, &f.message);
		if (r->verdict == VERDICT_PASS) {
			msg_raw(&msg, "\n\n");
			lucky_trailer(f.verdict, device_of(r, &msg), &msg);
		} else if (r->verdict == VERDICT_TIMEOUT) {
			msg_addf(&msg, N_("\n\nOn %s the run hung, which is what this bug does."),
				 device_of(r, &msg));
		} else if (r->verdict == VERDICT_CRASH && f.verdict == VERDICT_BARRIER_DIVERGENCE) {
			/* the crash's own advice (an index far out of range) would mislead */
			msg_addf(&msg, N_("\n\nOn %s the run crashed: that device cannot run a barrier "
					  "that only part of the work-group reaches either."), device_of(r, &msg));
		} else if (!msg_empty(&r->message)) {
			const char *device = device_of(r, &msg);
			msg_addf(&msg, N_("\n\nOn %s it also failed: %s"), device, msg_sub(&msg, &r->message));
		}
		r->verdict = f.verdict;
		free(r->file);
		r->file = f.file ? xstrdup(f.file) : NULL;
		r->line = f.line;
		msg_release(&r->message);
		msg_append(&r->message, &msg);
	} else if (ach->timed_out || ach->signal || !verdicts) {
		if (r->verdict == VERDICT_PASS) {
			/* Passing on the device but hanging on Oclgrind is still a hang. */
			explain_abnormal_end(ach, sbuf_str(&began), spec->analysis_time_limit_ms,
					     N_(" on the analysis device (Oclgrind)"), r);
		}
	} else if ((ar.verdict == VERDICT_ERROR || ar.verdict == VERDICT_BUILD_ERROR) &&
		   r->verdict == VERDICT_PASS) {
		msg_addf(&msg, N_("The analysis could not run: %s"), msg_sub(&msg, &ar.message));
		report_set(r, VERDICT_ERROR, &msg);
	}
	msg_release(&msg);
	sbuf_release(&began);
	finding_release(&f);
	report_release(&ar);
}

/* A right kernel must also touch memory the way the exercise teaches ([access] rules). */
static void judge_access(const struct check_spec *spec, const char *learner, const char *lang,
			 struct report *r)
{
	struct msg msg = MSG_INIT;
	int line = 0;
	if (r->naccess < 0 && !r->analysis_ran) {
		if (!msg_empty(&r->message))
			msg_raw(&r->message, "\n\n");
		msg_adds(&r->message, N_("This exercise also requires a memory-access pattern, which only "
					 "the analysis on Oclgrind measures: it did not run, so that part "
					 "was not checked."));
		return;
	}
	if (r->naccess < 0) {
		report_set_text(r, VERDICT_ERROR, access_plugin_path()
			    ? "the memory-access analysis did not report (Oclgrind did not load "
			      "build/clings-access.so?)"
			    : "the memory-access analysis (build/clings-access.so) is missing: run make");
		return;
	}
	if (access_rules_check(spec, r->access, r->naccess, lang, &msg, &line)) {
		report_set(r, VERDICT_REQUIREMENT_UNMET, &msg);
		free(r->file);
		r->file = xstrdup(learner);
		r->line = line;
	}
	msg_release(&msg);
}

/* The reference's results, from its child (ch, run under limit_ms, then stored under key) or
 * from the cache (ch NULL), into ref; or, in r, why it could not give them. Returns 0 when ref
 * holds a whole run. */
static int reference_results(const struct sbuf *out, struct sandbox_child *ch, long limit_ms,
			     uint64_t key, struct proto_stream *ref, struct report *r)
{
	proto_split(out->buf ? out->buf : "", out->len, ref);
	struct report rr = REPORT_INIT;
	struct sbuf all = SBUF_INIT;
	sbuf_addf(&all, "%s%s", sbuf_str(&ref->before), sbuf_str(&ref->after));
	int verdicts = proto_parse(sbuf_str(&all), &rr, NULL);
	sbuf_release(&all);
	int rc = 0;
	if (verdicts) {
		/* the course's or the device's fault, in the reference's own words */
		if (msg_empty(&rr.message))
			report_set_text(r, VERDICT_ERROR, "the reference solution failed");
		else
			report_set(r, VERDICT_ERROR, &rr.message);
		rc = -1;
	} else if (proto_number(sbuf_str(&ref->after), "end", NULL) < 0) {
		struct report why = REPORT_INIT;
		if (ch)   /* (the cache holds whole runs only) */
			explain_abnormal_end(ch, NULL, limit_ms, "", &why);
		char *text = msg_text(&why.message, NULL);   /* the course's or the device's: English */
		char *msg = xstrfmt("the reference solution did not finish on this device: %s", text);
		report_set_text(r, VERDICT_ERROR, msg);
		free(text);
		free(msg);
		report_release(&why);
		rc = -1;
	} else if (ch) {
		reference_store(key, out);
	}
	report_release(&rr);
	return rc;
}

/* The learner's kernel built with optimisation, judged against the same reference results. */
static bool optimised_passes(const struct run_request *exec_rq, const struct sandbox_limits *lim,
			       const struct check_spec *spec, const struct proto_stream *ref,
			       const char *shown, struct report *tests)
{
	struct run_request rq = *exec_rq;
	rq.optimise = true;
	struct sandbox_child ch;
	if (sandbox_start(&ch, lim, NULL, run_in_child, &rq) < 0)
		return false;
	sandbox_wait_all(&ch, 1, -1);
	struct proto_stream learner = PROTO_STREAM_INIT;
	proto_split(ch.output.buf ? ch.output.buf : "", ch.output.len, &learner);
	struct report r = REPORT_INIT;
	struct sbuf began = SBUF_INIT;
	bool pass = learner.ready && !proto_parse(sbuf_str(&learner.before), &r, NULL);
	if (pass) {
		struct judge_input in = { spec, &learner, ref, shown, exec_rq->learner_src };
		pass = judge_execution(&in, &r, &began, NULL) == 0 && r.verdict == VERDICT_PASS;
	}
	if (pass) {   /* its tests, all run, replace the unoptimised run's */
		for (int i = 0; i < tests->ntests; i++) {
			free(tests->tests[i].name);
			msg_release(&tests->tests[i].detail);
		}
		free(tests->tests);
		tests->tests = r.tests;
		tests->ntests = r.ntests;
		r.tests = NULL;
		r.ntests = 0;
	}
	sbuf_release(&began);
	report_release(&r);
	proto_stream_release(&learner);
	sandbox_child_release(&ch);
	return pass;
}

/* Reads the learner's file: a regular file of a kernel's size; anything else is an error of use. */
static int read_learner_file(const char *path, char **src, const char *exercise, bool own_file,
			     struct report *r)
{
	if (read_regular_file(path, LEARNER_FILE_MAX, src, NULL) == 0)
		return 0;
	if (errno == ENOENT && own_file) {   /* the exercise's own file deleted: how to get it back */
		struct msg m = MSG_INIT;
		msg_addf(&m, N_("%s is gone: `clings reset %s` puts the exercise's stub back."), path,
			 exercise);
		report_set(r, VERDICT_ERROR, &m);
		return -1;
	}
	char *msg = errno == EFBIG ? xstrfmt("%s: larger than %zu KB: not a kernel", path, LEARNER_FILE_MAX >> 10)
		  : errno == EINVAL ? xstrfmt("%s: not a regular file", path)
		  : xstrfmt("cannot read %s: %s", path, strerror(errno));
	report_set_text(r, VERDICT_ERROR, msg);
	free(msg);
	return -1;
}

/* Each child's times from the check's start, to stderr: until it armed its clock (started, or
 * taken from the standby), said "ready" (built) and closed its channel (done). */
static void trace_children(const struct sandbox_child *ch, const int idx[3], double t0)
{
	static const char *const names[3] = { "learner", "reference", "analysis" };
	/* CLINGS_TRACE=/path appends there (the watcher keeps stderr for itself); =1: stderr */
	const char *to = getenv("CLINGS_TRACE");
	FILE *f = to && *to == '/' ? fopen(to, "a") : NULL;
	for (int i = 0; i < 3; i++) {
		if (idx[i] < 0)
			continue;
		const struct sandbox_child *c = &ch[idx[i]];
		fprintf(f ? f : stderr, "clings: trace: %-9s armed %.3f  ready %.3f  done %.3f s\n",
			names[i], c->armed_at - t0, c->ready_at > 0 ? c->ready_at - t0 : -1.0,
			c->ended_at > 0 ? c->ended_at - t0 : -1.0);
	}
	if (f)
		fclose(f);
}

int check_exercise(const struct course *c, const struct exercise *e, const struct check_options *o,
		   struct report *r)
{
	double t0 = now_seconds();
	copy_str(r->exercise, sizeof(r->exercise), e->name);
	struct check_spec *spec = xcalloc(1, sizeof(*spec));  /* about 200 KB: not on the stack */
	struct proto_stream learner = PROTO_STREAM_INIT;   /* kept for diagnose() */
	char *learner_src = NULL, *solution_src = NULL;
	size_t learner_len = 0;
	const char *path = o->file ? o->file : e->file_path;
	if (check_spec_load(e->check_path, spec) < 0) {
		report_set_text(r, VERDICT_ERROR, "the exercise's check file is broken (see the message above)");
		free(spec);
		return -1;
	}
	if (o->seed)
		spec->seed = o->seed;
	if (o->source) {
		learner_src = xmalloc(o->source_len + 1);
		memcpy(learner_src, o->source, o->source_len);
		learner_src[o->source_len] = '\0';
	} else if (read_learner_file(path, &learner_src, e->name, !o->file, r) < 0) {
		check_spec_release(spec);
		free(spec);
		return -1;
	}
	learner_len = strlen(learner_src);
	/* Windows editors start a UTF-8 file with a byte-order mark; the compiler would see it after
	 * the #line directive that names the learner's file, as a stray token. It is no text. */
	if (learner_len >= 3 && !memcmp(learner_src, "\xef\xbb\xbf", 3)) {
		memmove(learner_src, learner_src + 3, learner_len - 2);
		learner_len -= 3;
	}
	if (read_file(e->solution_path, &solution_src, NULL) < 0) {
		char *msg = xstrfmt("cannot read the reference solution %s: %s", e->solution_path,
				    strerror(errno));
		report_set_text(r, VERDICT_ERROR, msg);
		free(msg);
		free(learner_src);
		check_spec_release(spec);
		free(spec);
		return -1;
	}
	/* The name goes into a #line directive and one line of the children's protocol: a control
	 * character (a newline in a file name) would break both, so it is shown as '?'. */
	char *shown = xstrdup(path_shown(path));
	for (char *p = shown; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	int rc = 0;
	int include_line = source_find_include(learner_src, learner_len);
	if (include_line) {
		struct msg msg = MSG_INIT;
		msg_addf(&msg, N_("%s:%d: a kernel here is one file: #include (and every other way "
				  "of reading another file into it) is not allowed. Write what you need in "
				  "this file."), shown, include_line);
		msg_fact_int(&msg, "line", include_line);
		report_set(r, VERDICT_BUILD_ERROR, &msg);
		r->file = xstrdup(shown);
		r->line = include_line;
		goto out;
	}
	char caller[NAME_MAX_LEN], callee[NAME_MAX_LEN];
	int recursion_line = source_find_recursion(learner_src, learner_len, caller, callee, sizeof(caller));
	if (recursion_line) {
		/* PoCL and Oclgrind compile it without a word; the standard and GPUs do not */
		struct msg msg = MSG_INIT;
		if (!strcmp(caller, callee))
			msg_addf(&msg, N_("%s:%d: `%s` calls itself. OpenCL C does not allow "
					   "recursion (a GPU keeps no call stack for it): write it as a loop."),
				  shown, recursion_line, caller);
		else
			msg_addf(&msg, N_("%s:%d: `%s` calls `%s`, which leads back to `%s`. OpenCL "
					   "C does not allow recursion (a GPU keeps no call stack for it): write "
					   "it as a loop."), shown, recursion_line, caller, callee, caller);
		msg_fact_int(&msg, "line", recursion_line);
		msg_fact_str(&msg, "function", caller);
		report_set(r, VERDICT_BUILD_ERROR, &msg);
		r->file = xstrdup(shown);
		r->line = recursion_line;
		goto out;
	}
	bool analyze = spec->analysis != ANALYSIS_OFF && !(o->no_analysis && spec->analysis == ANALYSIS_ON);
	if (analyze && !analysis_available()) {
		if (spec->analysis == ANALYSIS_REQUIRED) {
			report_set_text(r, VERDICT_ERROR, "this check requires the analysis on Oclgrind, which is "
				    "not installed (scripts/install-deps installs it)");
			rc = -1;
			goto out;
		}
		analyze = false;
	}

	struct verdict_key cache_key;
	if (o->cache) {
		struct verdict_key_input in = { spec, solution_src, learner_src, learner_len, o->device,
						o->lang, shown, analyze };
		verdict_key_make(&cache_key, &in);
		if (verdict_cache_lookup(c->dir, e->name, &cache_key, r) == 0)
			goto out;
	}

	struct sandbox_limits exec_limits = {
		.time_ms = spec->time_limit_ms,
		.build_ms = BUILD_TIME_LIMIT_MS,
		.memory_mb = spec->memory_limit_mb,
		.cpu_s = sandbox_cpu_seconds(spec->time_limit_ms),
		.file_mb = 64,
		.open_files = 256,
		.hide = c->solutions_dir,
	};
	struct sandbox_limits ref_limits = exec_limits, an_limits = exec_limits;
	ref_limits.hide = NULL;   /* the one process that reads the solution */
	an_limits.time_ms = spec->analysis_time_limit_ms;
	an_limits.cpu_s = sandbox_cpu_seconds(spec->analysis_time_limit_ms);
	struct run_request exec_rq = {
		.spec = spec,
		.learner_path = shown,
		.learner_src = learner_src,
		.check_file = e->check_path,
		.device = o->device,
		.mode = RUN_EXECUTE,
		.limits = &exec_limits,
	};
	struct run_request ref_rq = exec_rq, an_rq = exec_rq;
	ref_rq.mode = RUN_REFERENCE;
	ref_rq.learner_src = NULL;
	ref_rq.solution_src = solution_src;
	ref_rq.solution_shown = course_relative(c, e->solution_path);
	ref_rq.limits = &ref_limits;
	an_rq.mode = RUN_ANALYZE;
	an_rq.limits = &an_limits;

	/* children: 0 the learner's kernel, 1 the reference (unless known), 2 the analysis */
	struct sandbox_child ch[3];
	int nch = 0, idx[3] = { -1, -1, -1 };
	uint64_t key = reference_key(spec, solution_src, o->device);
	const struct reference_entry *known = reference_lookup(key);
	/* Oclgrind's log: a file in memory only, so that no ending of clings leaves it behind. The
	 * analysis child keeps it as descriptor 4 and Oclgrind opens it by that name. */
	const char *log_path = "/proc/self/fd/4";
	int log_fd = -1;
	char *env[16] = { NULL };
	if (analyze) {
		log_fd = memfd_create("clings-oclgrind-log", MFD_CLOEXEC);
		if (log_fd < 0) {
			analyze = false;
		} else {
			an_rq.analysis_log_path = log_path;
			analysis_env(log_path, env, 16);
		}
	}
	if (o->progress)
		o->progress(o->progress_ctx, analyze ? N_("checking (and analysing on Oclgrind)...")
						     : N_("checking..."));
	if ((o->standby && standby_take(o->standby, &exec_rq, &ch[nch]) == 0) ||
	    sandbox_start(&ch[nch], &exec_limits, NULL, run_in_child, &exec_rq) == 0)
		idx[0] = nch++;
	if (idx[0] >= 0 && !known && sandbox_start(&ch[nch], &ref_limits, NULL, run_in_child, &ref_rq) == 0)
		idx[1] = nch++;
	int kept = log_fd;
	if (idx[0] >= 0 && analyze &&
	    sandbox_start_keeping(&ch[nch], &an_limits, env, run_in_child, &an_rq, &kept) == 0)
		idx[2] = nch++;
	else
		analyze = false;
	if (idx[0] < 0 || (!known && idx[1] < 0)) {
		report_set_text(r, VERDICT_ERROR, "cannot start the check");
		for (int i = 0; i < nch; i++)
			sandbox_child_release(&ch[i]);
		goto cleanup;
	}
	ch[idx[0]].settles_unready = true;
	r->interrupted = sandbox_wait_all(ch, nch, o->interruptible ? STDIN_FILENO : -1);

	if (r->interrupted) {
		report_set_text(r, VERDICT_ERROR, "the check was stopped before its verdict");
	} else {
		struct sandbox_child *lc = &ch[idx[0]];
		struct proto_stream ref = PROTO_STREAM_INIT;
		struct sbuf began = SBUF_INIT;
		proto_split(lc->output.buf ? lc->output.buf : "", lc->output.len, &learner);
		/* Before "ready" the learner's code has not run: the build's word is trusted. */
		int verdicts = proto_parse(sbuf_str(&learner.before), r, &began);
		struct sbuf cached = { known ? known->output : NULL, known ? known->len : 0, 0 };
		struct sandbox_child *rc_child = known ? NULL : &ch[idx[1]];
		if (verdicts) {
			/* build, signature, requirement, or the device: settled */
		} else if (!learner.ready) {
			explain_abnormal_end(lc, NULL, spec->time_limit_ms, "", r);
		} else if (reference_results(rc_child ? &rc_child->output : &cached, rc_child,
					     spec->time_limit_ms, key, &ref, r) == 0) {
			struct judge_input in = { spec, &learner, &ref, shown, learner_src };
			int failed_case = -1;
			if (judge_execution(&in, r, &began, &failed_case))
				explain_abnormal_end(lc, sbuf_str(&began), spec->time_limit_ms, "", r);
			r->kernel_output = proto_printf_text(sbuf_str(&learner.after), failed_case);
		}
		bool settled = verdict_settles(r->verdict);
		if (analyze && !settled) {
			char *log = NULL;
			read_fd(log_fd, &log);
			merge_analysis(r, &ch[idx[2]], log, shown, learner_src, spec);
			free(log);
		}
		/* Wrong on the device, yet the analysis saw nothing wrong: before blaming the learner,
		 * the same kernel built with optimisation. Right there, the compiler is at fault. */
		if (r->verdict == VERDICT_WRONG_RESULT && r->analysis_ran && ref.ready &&
		    optimised_passes(&exec_rq, &exec_limits, spec, &ref, shown, r)) {
			struct msg msg = MSG_INIT;
			const char *device = device_of(r, &msg);
			msg_addf(&msg, N_("Your kernel is right. On %s its unoptimised build gave wrong "
					   "results, but built with optimisation it passes every test, and the "
					   "analysis on Oclgrind found nothing wrong: this is a bug of the device's "
					   "compiler, not of your kernel. (What it computed first: %s)"),
				 device, msg_sub(&msg, &r->message));
			report_set(r, VERDICT_PASS, &msg);
			msg_release(&r->picture);
			free(r->file);
			r->file = NULL;
		}
		if (r->verdict == VERDICT_PASS && spec->naccess)
			judge_access(spec, shown, o->lang, r);
		sbuf_release(&began);
		proto_stream_release(&ref);
	}
	if (getenv("CLINGS_TRACE"))   /* for clings' own developers: where a check's time goes */
		trace_children(ch, idx, t0);
	for (int i = 0; i < nch; i++)
		sandbox_child_release(&ch[i]);
	sandbox_clean_compiler_cache();
cleanup:
	if (log_fd >= 0)
		close(log_fd);
	for (int i = 0; env[i]; i++)
		free(env[i]); /* analysis_env allocates each string */
	rc = r->verdict == VERDICT_ERROR ? -1 : 0;
	diagnose(c, e, spec, learner_src, &learner, o->device, r);
	const char *advice = advice_for(spec, r->verdict, r->diagnoses, r->ndiagnoses, o->lang);
	if (advice && !r->interrupted) {   /* the instructor's word for this exercise comes last */
		if (!msg_empty(&r->message))
			msg_raw(&r->message, "\n\n");
		msg_raw(&r->message, advice);
	}
	if (o->cache)
		verdict_cache_store(c->dir, &cache_key, r);
out:
	if (!r->ndiagnoses && !r->cached)   /* a verdict of the source alone (#include, recursion) */
		diagnose(c, e, spec, learner_src, NULL, o->device, r);
	proto_stream_release(&learner);
	free(shown);
	r->seconds = now_seconds() - t0;
	free(learner_src);
	free(solution_src);
	check_spec_release(spec);
	free(spec);
	return rc;
}
