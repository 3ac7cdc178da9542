/*
 * check-stages.c: the stages of a check around its run (check.h lists them in order): reading
 * what is checked, what is refused before any compiler, the verdict cache, the analysis merged
 * by the verdicts' rank, the access rules, the advice (the compiler's second opinion:
 * check-compiler.c).
 */
#include "engine/check/check.h"
#include "engine/diagnose/diagnose.h"
#include "engine/source/source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
		report_set(r, VERDICT_ERROR, &m, NULL, 0);
		return -1;
	}
	char *msg = errno == EFBIG ? xstrfmt("%s: larger than %zu KB: not a kernel", path, LEARNER_FILE_MAX >> 10)
		  : errno == EINVAL ? xstrfmt("%s: not a regular file", path)
		  : xstrfmt("cannot read %s: %s", path, strerror(errno));
	report_set_text(r, VERDICT_ERROR, msg);
	free(msg);
	return -1;
}

enum stage_next check_load(struct check_state *st)
{
	const struct check_options *o = st->o;
	struct report *r = st->r;
	const char *path = o->file ? o->file : st->e->file_path;
	if (check_spec_load(st->e->check_path, st->spec) < 0) {
		report_set_text(r, VERDICT_ERROR, "the exercise's check file is broken (see the message above)");
		return STAGE_END;
	}
	if (o->seed)
		st->spec->seed = o->seed;
	if (o->source) {
		st->learner_src = xmalloc(o->source_len + 1);
		memcpy(st->learner_src, o->source, o->source_len);
		st->learner_src[o->source_len] = '\0';
	} else if (read_learner_file(path, &st->learner_src, st->e->name, !o->file, r) < 0) {
		return STAGE_END;
	}
	st->learner_len = strlen(st->learner_src);
	/* Windows editors start a UTF-8 file with a byte-order mark; the compiler would see it after
	 * the #line directive that names the learner's file, as a stray token. It is no text. */
	if (st->learner_len >= 3 && !memcmp(st->learner_src, "\xef\xbb\xbf", 3)) {
		memmove(st->learner_src, st->learner_src + 3, st->learner_len - 2);
		st->learner_len -= 3;
	}
	if (read_file(st->e->solution_path, &st->solution_src, NULL) < 0) {
		char *msg = xstrfmt("cannot read the reference solution %s: %s", st->e->solution_path,
				    strerror(errno));
		report_set_text(r, VERDICT_ERROR, msg);
		free(msg);
		return STAGE_END;
	}
	/* The name goes into a #line directive and one line of the children's protocol: a control
	 * character (a newline in a file name) would break both, so it is shown as '?'. */
	st->shown = xstrdup(path_shown(path));
	for (char *p = st->shown; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return STAGE_ON;
}

enum stage_next check_precheck(struct check_state *st)
{
	struct report *r = st->r;
	struct msg msg = MSG_INIT;
	int include_line = source_find_include(st->learner_src, st->learner_len);
	char caller[NAME_MAX_LEN], callee[NAME_MAX_LEN];
	int recursion_line = include_line ? 0 : source_find_recursion(st->learner_src, st->learner_len,
								       caller, callee, sizeof(caller));
	if (include_line) {
		msg_addf(&msg, N_("%s:%d: a kernel here is one file: #include (and every other way "
				  "of reading another file into it) is not allowed. Write what you need in "
				  "this file."), st->shown, include_line);
		msg_fact_int(&msg, "line", include_line);
		report_set(r, VERDICT_BUILD_ERROR, &msg, st->shown, include_line);
		return STAGE_SETTLED;
	}
	if (recursion_line) {
		/* PoCL and Oclgrind compile it without a word; the standard and GPUs do not */
		if (!strcmp(caller, callee))
			msg_addf(&msg, N_("%s:%d: `%s` calls itself. OpenCL C does not allow "
					   "recursion (a GPU keeps no call stack for it): write it as a loop."),
				  st->shown, recursion_line, caller);
		else
			msg_addf(&msg, N_("%s:%d: `%s` calls `%s`, which leads back to `%s`. OpenCL "
					   "C does not allow recursion (a GPU keeps no call stack for it): write "
					   "it as a loop."), st->shown, recursion_line, caller, callee, caller);
		msg_fact_int(&msg, "line", recursion_line);
		msg_fact_str(&msg, "function", caller);
		report_set(r, VERDICT_BUILD_ERROR, &msg, st->shown, recursion_line);
		return STAGE_SETTLED;
	}
	enum analysis_mode mode = st->spec->analysis;
	st->analyze = mode != ANALYSIS_OFF && !(st->o->no_analysis && mode == ANALYSIS_ON);
	if (st->analyze && !analysis_available()) {
		if (mode == ANALYSIS_REQUIRED) {
			report_set_text(r, VERDICT_ERROR, "this check requires the analysis on Oclgrind, which is "
				    "not installed (scripts/install-deps installs it)");
			return STAGE_SETTLED;
		}
		st->analyze = false;
	}
	return STAGE_ON;
}

enum stage_next check_cache(struct check_state *st)
{
	if (!st->o->cache || st->o->only_test > 0)   /* one test's verdict is not the kernel's */
		return STAGE_ON;
	struct verdict_key_input in = { st->spec, st->solution_src, st->learner_src, st->learner_len,
					st->o->device, st->o->lang, st->shown, st->analyze };
	verdict_key_make(&st->cache_key, &in);
	st->keyed = true;
	return verdict_cache_lookup(st->c, st->e->name, &st->cache_key, st->r) == 0 ? STAGE_END
											     : STAGE_ON;
}

/* Why a right result on the device proves nothing, for each kind of finding: a trailer that
 * names the real reason (parallelism explains a race, not an out-of-bounds read), added to m;
 * device is a %s argument of m. */
static void lucky_trailer(enum verdict v, const char *device, struct msg *m)
{
	switch (v) {
	case VERDICT_DATA_RACE:
	case VERDICT_BARRIER_DIVERGENCE:
		msg_addf(m, N_("On %s your results were right, but only by chance: OpenCL leaves "
				   "this undefined, and a GPU, which runs work-items truly in parallel, may "
				   "give wrong results or hang."), device);
		return;
	case VERDICT_OUT_OF_BOUNDS:
		msg_addf(m, N_("On %s your results were right, but only by chance: the memory "
				   "past the end happened to be there and to hold nothing that mattered. "
				   "On another device, or with other sizes, the same access reads garbage "
				   "or crashes."), device);
		return;
	case VERDICT_UNINITIALIZED:
		msg_addf(m, N_("On %s your results were right, but only by chance: the memory "
				   "happened to start as zeros there. Another device may hold whatever was "
				   "left in it."), device);
		return;
	default:
		msg_addf(m, N_("On %s your results were right, but only by chance."), device);
		return;
	}
}

/* The analysis's finding f, with what the device did, as r's finding. */
static void take_finding(struct report *r, struct finding *f)
{
	struct msg msg = MSG_INIT;
	msg_append(&msg, &f->message);
	if (r->verdict == VERDICT_PASS) {
		msg_raw(&msg, "\n\n");
		lucky_trailer(f->verdict, check_device_of(r, &msg), &msg);
	} else if (r->verdict == VERDICT_TIMEOUT) {
		msg_addf(&msg, N_("\n\nOn %s the run hung, which is what this bug does."),
			 check_device_of(r, &msg));
	} else if (r->verdict == VERDICT_CRASH && f->verdict == VERDICT_BARRIER_DIVERGENCE) {
		/* the crash's own advice (an index far out of range) would mislead */
		msg_addf(&msg, N_("\n\nOn %s the run crashed: that device cannot run a barrier "
				  "that only part of the work-group reaches either."), check_device_of(r, &msg));
	} else if (!msg_empty(&r->message)) {
		const char *device = check_device_of(r, &msg);
		msg_addf(&msg, N_("\n\nOn %s it also failed: %s"), device, msg_sub(&msg, &r->message));
	}
	report_set(r, f->verdict, &msg, f->file, f->line);
	msg_release(&msg);
}

enum stage_next check_analysis(struct check_state *st)
{
	struct report *r = st->r;
	if (!st->analyze || !st->ran || verdict_settles(r->verdict))
		return STAGE_ON;
	/* The parts in the tests' order: the first with something to say speaks for the analysis,
	 * as one child running every analysed test would have (it stops after the first test that
	 * gave Oclgrind something to say); the parts before it passed, and their access figures
	 * count with its own; the parts after it ran tests that one child would not have reached. */
	char *logs[ANALYSIS_PARTS] = { NULL };
	int speaker = -1;
	for (int k = 0; k < st->parts; k++)
		read_fd(st->log_fd[k], &logs[k]);
	for (int k = 0; k < st->parts && speaker < 0; k++)
		if (check_part_speaks(st, k))
			speaker = k;
	bool quiet = speaker < 0;   /* no part had anything to say: the last speaks for them all */
	if (quiet)
		speaker = st->parts - 1;
	struct child *ach = &st->ch[CHECK_ANALYSIS + speaker];
	const char *log = logs[speaker];
	struct sbuf outputs = SBUF_INIT;
	for (int k = 0; k <= speaker; k++)
		sbuf_add(&outputs, st->ch[CHECK_ANALYSIS + k].output.buf, st->ch[CHECK_ANALYSIS + k].output.len);
	struct report ar = REPORT_INIT;
	struct sbuf began = SBUF_INIT;
	const char *out = sbuf_str(&ach->output);
	int verdicts = proto_parse(out, &ar, &began);
	struct analysis_buffer *bufs = NULL;
	int nbufs = proto_analysis_buffers(out, &bufs);
	struct finding f = { .verdict = VERDICT_PASS };
	/* the kernel's facts only when Oclgrind said something (a clean log needs no words) */
	verdict_from_analysis(log ? log : "", st->shown, st->learner_src, log && *log ? check_kernel_facts(st) : NULL,
			      bufs, nbufs, out, &f);
	free(bufs);
	r->analysis_ran = true;
	r->naccess = access_figures_parse(sbuf_str(&outputs), st->spec, &r->access);
	sbuf_release(&outputs);
	r->analysis_log = xstrdup(log ? log : "");
	long cpu_s = st->limits[CHECK_ANALYSIS + speaker].cpu_s;
	/* A whole analysis that found nothing, of a kernel that passed on the device (a stub's
	 * would say little of the exercise's): what its tests took, for the next check's sharing. */
	if (quiet && r->verdict == VERDICT_PASS)
		analysis_times_keep(st->spec->text_hash, &st->ch[CHECK_ANALYSIS], st->parts);
	/* Clean: every part ran to a pass with nothing in its log (check_compiler's proof). */
	st->analysis_clean = quiet && f.verdict == VERDICT_PASS && child_ended_cleanly(ach) && verdicts &&
			     ar.verdict == VERDICT_PASS;
	if (f.verdict != VERDICT_PASS && !report_outranks(r, f.verdict)) {
		take_finding(r, &f);
	} else if (f.verdict == VERDICT_PASS && (!child_ended_cleanly(ach) || !verdicts)) {
		/* Passing on the device but hanging on Oclgrind is still a hang; an analysis killed
		 * from outside is clings' failure, whatever the device said: its word was missing. */
		if (r->verdict == VERDICT_PASS || check_killed_outside(ach, cpu_s))
			check_abnormal_end(ach, sbuf_str(&began), st->limits[CHECK_ANALYSIS + speaker].time_ms,
					   cpu_s, BUILD_CPU_S, N_(" on the analysis device (Oclgrind)"), r);
	} else if ((ar.verdict == VERDICT_ERROR || ar.verdict == VERDICT_BUILD_ERROR) &&
		   r->verdict == VERDICT_PASS) {
		struct msg msg = MSG_INIT;
		msg_addf(&msg, N_("The analysis could not run: %s"), msg_sub(&msg, &ar.message));
		report_set(r, VERDICT_ERROR, &msg, NULL, 0);
		msg_release(&msg);
	}
	for (int k = 0; k < st->parts; k++)
		free(logs[k]);
	sbuf_release(&began);
	finding_release(&f);
	report_release(&ar);
	return STAGE_ON;
}

enum stage_next check_access(struct check_state *st)
{
	/* A right kernel must also touch memory the way the exercise teaches ([access] rules). */
	struct report *r = st->r;
	r->access_taught = st->spec->naccess > 0;   /* figures of an exercise that teaches them */
	if (r->verdict != VERDICT_PASS || !st->spec->naccess)
		return STAGE_ON;
	if (r->naccess < 0 && !r->analysis_ran) {
		if (!msg_empty(&r->message))
			msg_raw(&r->message, "\n\n");
		msg_adds(&r->message, N_("This exercise also requires a memory-access pattern, which only "
					 "the analysis on Oclgrind measures: it did not run, so that part "
					 "was not checked."));
		return STAGE_ON;
	}
	if (r->naccess < 0) {
		report_set_text(r, VERDICT_ERROR, access_plugin_path()
			    ? "the memory-access analysis did not report (Oclgrind did not load "
			      "build/clings-access.so?)"
			    : "the memory-access analysis (build/clings-access.so) is missing: run make");
		return STAGE_ON;
	}
	struct msg msg = MSG_INIT;
	int line = 0;
	if (access_rules_check(st->spec, r->access, r->naccess, st->o->lang, &msg, &line))
		report_set(r, VERDICT_REQUIREMENT_UNMET, &msg, st->shown, line);
	msg_release(&msg);
	return STAGE_ON;
}

const struct kernel_facts *check_kernel_facts(struct check_state *st)
{
	/* A build stopped for its limits (a macro that expands into a huge text): libclang would
	 * spend as much on the same text, and the verdict already says what there is to say. */
	if (st->facts_state == 0 && st->build_stopped)
		st->facts_state = -1;
	if (st->facts_state == 0 && st->learner_src) {
		struct sbuf err = SBUF_INIT;
		double t = now_seconds();
		int rc = kernel_facts_read(st->shown, st->learner_src, st->learner_len, &st->facts, &err);
		st->facts_state = rc < 0 ? -1 : 1;
		if (rc == -1)   /* (-2: no libclang here, a stated absence: nothing needs saying) */
			error("reading the kernel's facts: %s", err.buf);
		FILE *f = trace_open(true);   /* a child of its own: where a check's time goes */
		if (f && rc == -2)
			fprintf(f, "clings: trace: facts      unavailable: %s\n", err.buf);
		else if (f)
			fprintf(f, "clings: trace: facts      read by libclang at %.3f s in %.3f s\n",
				t - st->t0, now_seconds() - t);
		sbuf_release(&err);
		trace_close(f);
	}
	return st->facts_state > 0 ? &st->facts : NULL;
}

const struct kernel_facts *check_facts_of(void *st)
{
	return check_kernel_facts(st);
}

enum stage_next check_diagnose(struct check_state *st)
{
	/* The learner's results are read only when the children ran to their ends; the kernel's
	 * facts only for a verdict that has a mistake to name. */
	enum verdict v = st->r->verdict;
	if (!st->r->interrupted && !st->o->verdict_only)
		diagnose(st->c, st->e, st->spec, st->learner_src,
			 diagnose_reads_facts(v) ? check_kernel_facts(st) : NULL,
			 st->ran ? &st->learner : NULL, st->o->device, st->r);
	return STAGE_ON;
}

enum stage_next check_advice(struct check_state *st)
{
	struct report *r = st->r;
	const char *advice = advice_for(st->spec, r->verdict, r->diagnoses, r->ndiagnoses, st->o->lang);
	if (advice && !r->interrupted) {   /* the instructor's word for this exercise comes last */
		if (!msg_empty(&r->message))
			msg_raw(&r->message, "\n\n");
		if (advice_answers_question(st->spec, r->diagnoses, r->ndiagnoses)) {   /* nothing proved it */
			msg_addf(&r->message, N_("If the mistake is this one (%s): "),
				 msg_word(&r->message, r->diagnoses[0].d->title));
			/* the question it answers is asked here: the renderer does not ask it again */
			msg_fact_str(&r->message, "advice_diagnosis", r->diagnoses[0].d->id);
		}
		msg_raw(&r->message, advice);
	}
	return STAGE_ON;
}

enum stage_next check_remember(struct check_state *st)
{
	if (st->keyed)
		verdict_cache_store(st->c, &st->cache_key, st->r);
	return STAGE_ON;
}
