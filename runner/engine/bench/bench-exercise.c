/*
 * bench-exercise.c: `clings bench`, seen from the parent. A kernel is timed only once it passes its check.
 * Two confined children then run one after the other, never side by side (each would slow the
 * other): the reference solution's, which also chooses the size from the device and times a copy
 * kernel of the same bytes, and the learner's, at that size. Each sends the device's profiling
 * times (benchrun.c); the parent keeps only well-formed, plausible ones, takes their medians,
 * computes the bytes of the kernel's contract and the figures, and compares the results of the
 * first run with the reference's.
 */
#include "engine/bench/bench.h"
#include "engine/children/children.h"
#include "engine/seal/seal.h"
#include "engine/check/check.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_MAX_OVER_COPY 4.0   /* faster than this many copies of the same bytes: not believed */

void bench_result_release(struct bench_result *b)
{
	for (int i = 0; i < b->nrows; i++)
		msg_release(&b->rows[i].problem);
	free(b->rows);
	free(b->device);
	msg_release(&b->message);
	free(b->access);
	memset(b, 0, sizeof(*b));
	b->naccess = -1;
}

/* dst becomes src, which is left empty. */
/* b's message becomes m (m is left empty); returns rc. */
static int say(struct bench_result *b, int rc, struct msg *m)
{
	msg_release(&b->message);
	msg_append(&b->message, m);
	return rc;
}

/* The same with words no catalog has (the course's error). */
static int say_raw(struct bench_result *b, int rc, const char *text)
{
	struct msg m = MSG_INIT;
	msg_raw(&m, text);
	return say(b, rc, &m);
}

/* A catalog text for the progress line; the callee translates it. */
static void progress(const struct bench_options *o, const char *what)
{
	if (o->progress)
		o->progress(o->progress_ctx, what);
}

static double median(double *v, int n)
{
	for (int i = 1; i < n; i++)   /* a handful of values: insertion sort */
		for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The lines "KEY\t..." of text, each handed to fn with its fields after the key. */
static void each_line(const char *text, const char *key, void (*fn)(void *ctx, const char *fields), void *ctx)
{
	size_t klen = strlen(key);
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, key, klen) && p[klen] == '\t') {
			const char *fields = p + klen + 1, *e = strchr(fields, '\n');
			char *line = xstrfmt("%.*s", (int)(e ? (size_t)(e - fields) : strlen(fields)), fields);
			fn(ctx, line);
			free(line);
		}
}

/* One child's times: [row][run] loop and first-pass seconds; 0 where none (or not believed). */
struct times {
	int nrows;
	double limit_s;
	double (*loop)[BENCH_RUNS], (*first)[BENCH_RUNS];
	bool *failed;
	char **why;
};

static void take_time(void *ctx, const char *fields)
{
	struct times *t = ctx;
	int r, run, used = 0;
	unsigned long long first, loop;
	if (sscanf(fields, "%d\t%d\t%llu\t%llu%n", &r, &run, &first, &loop, &used) != 4 || fields[used] ||
	    r < 0 || r >= t->nrows || run < 0 || run >= BENCH_RUNS || t->loop[r][run] > 0)
		return;
	/* a launch takes time, the loop at least its first pass, and all of it less than the limit */
	if (!first || loop < first || loop / 1e9 > t->limit_s)
		return;
	t->first[r][run] = first / 1e9;
	t->loop[r][run] = loop / 1e9;
}

static void take_launch(void *ctx, const char *fields)
{
	struct times *t = ctx;
	int r, pass, used = 0;
	if (sscanf(fields, "%d\t%d\t%n", &r, &pass, &used) != 2 || !used || r < 0 || r >= t->nrows || t->failed[r])
		return;
	struct sbuf what = SBUF_INIT;
	proto_add_plain(&what, fields + used, PROTO_PLAIN_MAX);   /* the child's word: filtered again */
	t->failed[r] = true;
	t->why[r] = sbuf_detach(&what);
}

static void times_init(struct times *t, int nrows, double limit_s)
{
	t->nrows = nrows;
	t->limit_s = limit_s;
	t->loop = xcalloc((size_t)nrows + 1, sizeof(*t->loop));
	t->first = xcalloc((size_t)nrows + 1, sizeof(*t->first));
	t->failed = xcalloc((size_t)nrows + 1, sizeof(*t->failed));
	t->why = xcalloc((size_t)nrows + 1, sizeof(*t->why));
}

static void times_release(struct times *t)
{
	for (int i = 0; i < t->nrows; i++)
		free(t->why[i]);
	free(t->why);
	free(t->loop);
	free(t->first);
	free(t->failed);
}

/* The medians of row r, when every run of it came: true. */
static bool row_medians(const struct times *t, int r, double *loop, double *first)
{
	double l[BENCH_RUNS], f[BENCH_RUNS];
	for (int i = 0; i < BENCH_RUNS; i++) {
		if (t->loop[r][i] <= 0)
			return false;
		l[i] = t->loop[r][i];
		f[i] = t->first[r][i];
	}
	*loop = median(l, BENCH_RUNS);
	*first = median(f, BENCH_RUNS);
	return true;
}

struct copy_times {
	double s[BENCH_RUNS];
	double bytes;
};

static void take_copy(void *ctx, const char *fields)
{
	struct copy_times *c = ctx;
	int run;
	unsigned long long ns, bytes;
	if (sscanf(fields, "%d\t%llu\t%llu", &run, &ns, &bytes) == 3 && run >= 0 && run < BENCH_RUNS && ns) {
		c->s[run] = ns / 1e9;
		c->bytes = (double)bytes;
	}
}

/* Whether the learner's outputs of row r agree with the reference's, from both children's data
 * frames (small outputs) and "hash" lines (large ones). */
static enum bench_agree agreement(const struct check_spec *spec, int r, const struct proto_stream *mine,
				  const struct proto_stream *ref)
{
	enum bench_agree agree = AGREE_YES;
	for (int i = 0; i < spec->nargs && agree != AGREE_NO; i++) {
		const struct arg_spec *a = &spec->args[i];
		if (!a->output)
			continue;
		const struct proto_data *got = proto_find(mine, r, 0, i), *want = proto_find(ref, r, 0, i);
		const struct proto_data *got_sample = proto_find(mine, r, 1, i), *sample = proto_find(ref, r, 1, i);
		if (!want && sample) {   /* large: the sample within the tolerance, then the hash */
			want = sample;
			got = got_sample;
		}
		if (want) {
			size_t esize = type_info(a->type)->size;
			if (!got || got->nbytes != want->nbytes) {
				agree = AGREE_NO;
				continue;
			}
			/* A multiset's values come in one order from both children (benchrun.c sorts
			 * them), its unwritten tail included: compared place by place. */
			struct arg_spec in_order = *a;
			if (a->compare == COMPARE_MULTISET)
				in_order.compare = COMPARE_DEFAULT;
			struct output_view o = { &in_order, want->bytes, got->bytes, want->nbytes / esize, 0, 1, 1, 0,
						 output_abs_tolerance(spec, a) };
			struct msg msg = MSG_INIT, pic = MSG_INIT;
			if (compare_output(&o, spec->tolerance, &msg, &pic))
				agree = AGREE_NO;
			msg_release(&msg);
			msg_release(&pic);
			if (want != sample || agree == AGREE_NO)
				continue;
		}
		char key[32];
		snprintf(key, sizeof(key), "%d\t%d\t", r, i);
		const char *h1 = strstr(sbuf_str(&mine->after), "\nhash\t"), *h2 = strstr(sbuf_str(&ref->after), "\nhash\t");
		unsigned long long x = 0, y = 0;
		bool have_x = false, have_y = false;
		for (; h1; h1 = strstr(h1 + 1, "\nhash\t"))
			if (!strncmp(h1 + 6, key, strlen(key)) && sscanf(h1 + 6 + strlen(key), "%llx", &x) == 1)
				have_x = true;
		for (; h2; h2 = strstr(h2 + 1, "\nhash\t"))
			if (!strncmp(h2 + 6, key, strlen(key)) && sscanf(h2 + 6 + strlen(key), "%llx", &y) == 1)
				have_y = true;
		if (!have_y)
			agree = AGREE_UNKNOWN;
		else if (!have_x)
			agree = AGREE_NO;
		else if (x != y)   /* floats computed in another order differ in their last bits */
			agree = type_info(a->type)->is_float && sample ? AGREE_SAMPLED : AGREE_NO;
	}
	return agree;
}

/* Why a child gave no figures, when it did not, into the empty why. */
static void child_failure(const struct child *ch, const struct proto_stream *ps, struct msg *why)
{
	struct report r = REPORT_INIT;
	/* before "ready" the child's word is its own; after it, the learner's kernel may speak */
	int verdicts = proto_parse(sbuf_str(&ps->before), &r, NULL);
	if (verdicts) {
		if (msg_empty(&r.message))
			msg_raw(why, verdict_name(r.verdict));
		else
			msg_append(why, &r.message);
	} else if (ch->timed_out) {
		msg_addf(why, N_("The bench did not finish within %d s."), BENCH_TIME_LIMIT_MS / 1000);
		msg_fact_int(why, "seconds", BENCH_TIME_LIMIT_MS / 1000);
	} else if (ch->signal) {
		msg_addf(why, N_("The bench's process ended with signal %d (%s)."), ch->signal, strsignal(ch->signal));
		msg_fact_int(why, "signal", ch->signal);
	} else if (proto_number(sbuf_str(&ps->after), "end", NULL) < 0) {
		msg_adds(why, N_("The bench's process ended before its figures were all sent."));
	}
	report_release(&r);
}

/* Runs one bench child to its end; its output split into ps, why it gave no figures into the
 * empty failure. True when a key stopped it. */
static bool run_child(struct run_request *rq, const struct sandbox_limits *lim, bool interruptible,
		      struct proto_stream *ps, struct msg *failure)
{
	struct child ch;
	if (sandbox_start(&ch, lim, NULL, run_in_child, rq) < 0) {
		msg_raw(failure, "cannot start the bench's process");
		return false;
	}
	bool stopped = children_wait(&ch, 1, interruptible ? 0 : -1);
	proto_split(ch.output.buf ? ch.output.buf : "", ch.output.len, ps);
	if (!stopped)
		child_failure(&ch, ps, failure);
	/* an error the child reported after "ready" (a buffer too large, the Oclgrind refusal) */
	if (!stopped && msg_empty(failure) && rq->mode == RUN_REFERENCE) {
		struct report r = REPORT_INIT;
		if (proto_parse(sbuf_str(&ps->after), &r, NULL)) {
			if (msg_empty(&r.message))
				msg_raw(failure, "the reference's bench failed");
			else
				msg_append(failure, &r.message);
		}
		report_release(&r);
	}
	sandbox_child_release(&ch);
	sandbox_clean_compiler_cache(NULL);
	return stopped;
}

/* The work-group of a row as the learner writes it: "64", "16x16": that of the first step
 * that names one (a step with `local = auto`, such as a scan's clearing kernel, names none). */
static void group_label(const struct check_spec *spec, const struct vars *v, char *out, size_t cap)
{
	const struct step_spec *st = &spec->steps[0];
	for (int i = 0; i < spec->nsteps; i++)
		if (!step_local_is_auto(&spec->steps[i])) {
			st = &spec->steps[i];
			break;
		}
	out[0] = '\0';
	if (step_local_is_auto(st)) {   /* one word for every dimension: the runtime chose them all */
		snprintf(out, cap, "%s", BENCH_GROUP_AUTO);
		return;
	}
	for (int d = 0; d < st->dims; d++) {
		int64_t l = 0;
		size_t len = strlen(out);
		expr_eval(st->local_expr[d], v, &l, (char[64]){ 0 }, 64);
		snprintf(out + len, cap - len, "%s%lld", d ? "x" : "", (long long)l);
	}
}

/* Row's problem, begun with the facts that name the row; filled at once by the caller. */
static struct msg *row_problem(struct bench_row *row)
{
	msg_fact_str(&row->problem, "work_group", row->group);
	msg_fact_int(&row->problem, "bytes", (long long)row->bytes_loop);
	return &row->problem;
}

/* A figure with decimals as a fact (a fact is an integer or a string): "5.430". */
static void fact_figure(struct msg *m, const char *name, double v, int decimals)
{
	char buf[64];
	snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	msg_fact_str(m, name, buf);
}

/* Fills b's rows from both children's output. */
static void figures(struct bench_result *b, const struct check_spec *spec, const struct test_case *rows,
		    const struct proto_stream *mine, const struct proto_stream *ref)
{
	struct times tm, tr_ref;
	times_init(&tm, b->nrows, BENCH_TIME_LIMIT_MS / 1000.0);
	times_init(&tr_ref, b->nrows, BENCH_TIME_LIMIT_MS / 1000.0);
	each_line(sbuf_str(&mine->after), "time", take_time, &tm);
	each_line(sbuf_str(&mine->after), "launch", take_launch, &tm);
	each_line(sbuf_str(&ref->after), "time", take_time, &tr_ref);
	struct copy_times copy = { { 0 }, 0 };
	each_line(sbuf_str(&ref->after), "copy", take_copy, &copy);
	bool copy_whole = copy.bytes > 0;
	for (int i = 0; i < BENCH_RUNS; i++)
		copy_whole = copy_whole && copy.s[i] > 0;
	if (copy_whole) {
		b->copy_s = median(copy.s, BENCH_RUNS);
		b->copy_bytes = copy.bytes;
	}
	double copy_rate = b->copy_s > 0 ? b->copy_bytes / b->copy_s : 0;
	struct copy_times peak = { { 0 }, 0 };
	each_line(sbuf_str(&ref->after), "peak", take_copy, &peak);   /* the same form: RUN NS COUNT */
	bool peak_whole = spec->bench_flops && peak.bytes > 0;
	for (int i = 0; i < BENCH_RUNS; i++)
		peak_whole = peak_whole && peak.s[i] > 0;
	if (peak_whole) {
		b->peak_s = median(peak.s, BENCH_RUNS);
		b->peak_flops = peak.bytes;
	}
	for (int r = 0; r < b->nrows; r++) {
		struct bench_row *row = &b->rows[r];
		copy_str(row->name, sizeof(row->name), rows[r].name);
		group_label(spec, &rows[r].vars, row->group, sizeof(row->group));
		bench_contract_bytes(spec, &rows[r].vars, &row->bytes_first, &row->bytes_loop, &row->passes);
		int64_t flops;
		if (spec->bench_flops &&
		    expr_eval(spec->bench_flops, &rows[r].vars, &flops, (char[64]){ 0 }, 64) == 0 && flops > 0)
			row->flops = (double)flops;
		for (const char *from = NULL; !row->skipped;) {
			long skipped = proto_number(sbuf_str(&ref->after), "skip", &from);
			if (skipped < 0)
				break;
			row->skipped = skipped == r;
		}
		if (row->skipped)
			continue;
		if (!row_medians(&tr_ref, r, &row->ref_loop_s, &row->ref_first_s)) {
			msg_adds(row_problem(row), N_("the reference gave no figures for this row"));
			continue;
		}
		if (tm.failed[r]) {
			msg_addf(row_problem(row), N_("the launch failed: %s"), tm.why[r]);
			continue;
		}
		if (!row_medians(&tm, r, &row->loop_s, &row->first_s)) {
			msg_adds(row_problem(row), N_("no figures came back for this row"));
			continue;
		}
		row->agree = agreement(spec, r, mine, ref);
		double rate = row->bytes_loop / row->loop_s;
		if (row->agree == AGREE_NO) {
			msg_adds(row_problem(row), N_("at this size your results differ from the reference's"));
		} else if (copy_rate > 0 && rate > BENCH_MAX_OVER_COPY * copy_rate) {
			struct msg *why = row_problem(row);
			msg_addf(why, N_("faster than %g copies of the same bytes: not believable"), BENCH_MAX_OVER_COPY);
			fact_figure(why, "gbps", rate / 1e9, 3);
			fact_figure(why, "copy_gbps", copy_rate / 1e9, 3);
			fact_figure(why, "ratio", rate / copy_rate, 2);
		}
		if (!msg_empty(&row->problem))
			row->loop_s = row->first_s = 0;
	}
	times_release(&tm);
	times_release(&tr_ref);
}

/* The kernel benched is one that passes its check, on a device that can time it, unchanged
 * since: 0 with the learner's source in *srcp (the caller's to free), else say()'s code. */
static int bench_gate(const struct course *c, const struct exercise *e, const struct bench_options *o,
		      const char *path, struct bench_result *b, char **srcp)
{
	char *src = NULL, *again = NULL;
	struct msg m = MSG_INIT;
	if (read_regular_file(path, LEARNER_FILE_MAX, &src, NULL) < 0) {
		msg_addf(&m, N_("cannot read %s: %s"), path, strerror(errno));
		msg_fact_str(&m, "file", path);
		return say(b, -1, &m);
	}
	/* The bench times a kernel that passes: its check first (the verdict cache answers at once
	 * for a kernel the watcher has just checked). */
	progress(o, N_("checking it first..."));
	struct check_options co = { .device = o->device, .file = o->file, .lang = o->lang, .cache = true,
				    .interruptible = o->interruptible };
	struct report r = REPORT_INIT;
	check_exercise(c, e, &co, &r);
	b->check_verdict = r.verdict;
	b->access = r.access;   /* shown beside the times: what the analysis saw of the same kernel */
	b->naccess = r.naccess;
	r.access = NULL;
	r.naccess = -1;
	b->interrupted = r.interrupted;
	int rc = 0;
	if (r.interrupted) {
		msg_adds(&m, N_("The bench was stopped by a key."));
		rc = say(b, -1, &m);
	} else if (r.device && strstr(r.device, "Oclgrind")) {
		msg_adds(&m, oclgrind_refusal);
		msg_fact_str(&m, "device", r.device);
		rc = say(b, -1, &m);
	} else if (r.verdict != VERDICT_PASS) {
		msg_addf(&m, N_("%s does not pass its check yet (%s): only a kernel that passes is timed. "
				"`clings check %s` says what is wrong."), e->name, verdict_name(r.verdict), e->name);
		msg_fact_str(&m, "verdict", verdict_name(r.verdict));
		rc = say(b, 1, &m);
		if (r.verdict == VERDICT_ERROR && !msg_empty(&r.message))
			rc = say(b, -1, &r.message);   /* the check's own message, as data */
	}
	report_release(&r);
	if (rc) {
		free(src);
		return rc;
	}
	/* the kernel timed is the one checked: a save in between is a new kernel, not checked yet */
	if (read_regular_file(path, LEARNER_FILE_MAX, &again, NULL) < 0 || strcmp(src, again)) {
		free(src);
		free(again);
		msg_addf(&m, N_("%s changed while it was checked: bench it again."), path_shown(path));
		msg_fact_str(&m, "file", path_shown(path));
		return say(b, -1, &m);
	}
	free(again);
	*srcp = src;
	return 0;
}

/* CLINGS_BENCH_MB: at most that many MB for the bench's size (a small machine, the tests) into
 * *cap, 0 when unset; -1 with the reason in why when it is no such size. */
static int bench_size_cap(int64_t *cap, struct msg *why)
{
	long n = 0;
	int rc = env_number("CLINGS_BENCH_MB", 1, 65536, &n);
	if (rc < 0) {
		msg_addf(why, N_("CLINGS_BENCH_MB=%s: not a whole number of MB from 1 to 65536"),
			 getenv("CLINGS_BENCH_MB"));
		return -1;
	}
	*cap = rc > 0 ? (int64_t)n << 20 : 0;
	return 0;
}

/* The reference's child, which chooses the size and times a copy, then the learner's at that
 * size; b gets the figures, or say()'s message. */
static int bench_children(const struct course *c, const struct exercise *e, const struct bench_options *o,
			  const char *path, const char *src, struct check_spec *spec, const char *solution,
			  struct bench_result *b)
{
	struct msg m = MSG_INIT;
	int rc = 0;
	struct sandbox_limits lim = {
		.time_ms = BENCH_TIME_LIMIT_MS,
		.build_ms = BUILD_TIME_LIMIT_MS,
		.memory_mb = spec->memory_limit_mb,
		.cpu_s = sandbox_cpu_seconds(BENCH_TIME_LIMIT_MS),
		.file_mb = 64,
		.open_files = 256,
		.hide = c->solutions_dir,
	};
	struct sandbox_limits ref_lim = lim;
	ref_lim.hide = NULL;   /* the one process that reads the solution */
	ref_lim.course_code = true;   /* the course's code: it may see the caches */
	char *shown = xstrdup(path_shown(path));
	struct run_request ref_rq = { .spec = spec, .learner_path = shown, .solution_src = solution,
				      .solution_shown = course_relative(c, e->solution_path),
				      .check_file = e->check_path, .device = o->device, .mode = RUN_REFERENCE,
				      .limits = &ref_lim, .bench = true };
	struct run_request rq = ref_rq;
	rq.mode = RUN_EXECUTE;
	rq.solution_src = NULL;
	rq.learner_src = src;
	rq.limits = &lim;
	struct proto_stream ref = PROTO_STREAM_INIT, mine = PROTO_STREAM_INIT;
	struct msg failure = MSG_INIT;
	if (bench_size_cap(&ref_rq.bench_bytes_max, &failure) == 0) {
		progress(o, N_("timing the reference solution and a copy..."));
		/* the cache's key for the reference's kept binary, in memory only while its child
		 * is forked (see check-run.c's start_reference) */
		struct seal_key key = SEAL_KEY_INIT;
		if (seal_key_load(&key) == 0)
			ref_rq.ref_key = &key;
		b->interrupted = run_child(&ref_rq, &ref_lim, o->interruptible, &ref, &failure);
		ref_rq.ref_key = NULL;
		seal_key_release(&key);
	}
	char type[8] = "";
	unsigned long long memory = 0;
	long long bytes = 0;
	const char *size = strstr(sbuf_str(&ref.after), "benchsize\t");
	if (!b->interrupted && msg_empty(&failure) &&
	    (!size || sscanf(size, "benchsize\t%7[a-z]\t%llu\t%lld", type, &memory, &bytes) != 3 || bytes <= 0))
		msg_raw(&failure, "the reference's bench did not say its size");
	struct report dev = REPORT_INIT;
	proto_parse(sbuf_str(&ref.before), &dev, NULL);
	b->device = dev.device ? xstrdup(dev.device) : NULL;
	report_release(&dev);
	if (!b->interrupted && msg_empty(&failure)) {
		b->cpu = !strcmp(type, "cpu");
		b->bytes = bytes;
		rq.bench_bytes = bytes;
		progress(o, N_("timing your kernel..."));
		pch_trust_request(&rq);   /* the header its build takes (pch.c) */
		b->interrupted = run_child(&rq, &lim, o->interruptible, &mine, &failure);
	}
	if (b->interrupted) {
		msg_adds(&m, N_("The bench was stopped by a key."));
		rc = say(b, -1, &m);
	} else if (!msg_empty(&failure)) {
		rc = say(b, -1, &failure);
	} else {
		struct test_case *rows;
		struct sbuf err = SBUF_INIT;
		if (check_spec_bench_rows(spec, bytes, &rows, &b->nrows, &err) < 0) {
			rc = say_raw(b, -1, sbuf_str(&err));
		} else {
			b->rows = xcalloc((size_t)b->nrows + 1, sizeof(*b->rows));
			b->multipass = spec->repeat_while != NULL;
			figures(b, spec, rows, &mine, &ref);
			free(rows);
		}
		sbuf_release(&err);
	}
	msg_release(&failure);
	free(shown);
	proto_stream_release(&ref);
	proto_stream_release(&mine);
	return rc;
}

int bench_exercise(const struct course *c, const struct exercise *e, const struct bench_options *o,
		   struct bench_result *b)
{
	memset(b, 0, sizeof(*b));
	copy_str(b->exercise, sizeof(b->exercise), e->name);
	const char *path = o->file ? o->file : e->file_path;
	char *src = NULL, *solution = NULL;
	struct msg m = MSG_INIT;
	int rc = bench_gate(c, e, o, path, b, &src);
	if (rc)
		return rc;
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	if (check_spec_load(e->check_path, spec) < 0 || read_file(e->solution_path, &solution, NULL) < 0) {
		free(src);
		free(spec);
		msg_rawf(&m, "cannot read the check or the solution of %s", e->name);
		return say(b, -1, &m);
	}
	if (!spec->nbench) {
		msg_addf(&m, N_("%s: the check has no [bench] section: this exercise is not benched."), e->check_path);
		rc = say(b, -1, &m);
		goto out;
	}
	rc = bench_children(c, e, o, path, src, spec, solution, b);
out:
	free(src);
	free(solution);
	check_spec_release(spec);
	free(spec);
	return rc;
}
