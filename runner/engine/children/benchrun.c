/*
 * benchrun.c: the bench in a confined child, once its kernel is built (execute.c calls it after
 * "ready"). For each row of the check's [bench] it sets up every pass of the [repeat] loop on the
 * device at once (a pass reads the buffer the one before wrote, as the host loop does), runs the
 * whole loop BENCH_WARMUP_RUNS times untimed and BENCH_RUNS times timed with profiling events,
 * and sends what the device's clock says. The reference's child also times a copy kernel of the
 * same bytes: the practical limit of the device's memory.
 *
 * In the learner's child the kernel may have written anything by now: every line is data the
 * parent checks (bench-exercise.c), never a figure it prints as it came.
 *   benchsize TYPE MEMORY BYTES | row R | skip R | launch R PASS WHAT
 *   time R RUN FIRST_NS LOOP_NS | data R 0 ARG BYTES 0 (a small output, whole)
 *   hash R ARG HEX, data R 1 ARG BYTES 0 (a large output: its hash, and a sample)
 *   copy RUN NS BYTES (reference) | peak RUN NS FLOPS (reference, a check with flops) | end ROWS
 *   verdict error (a message as data: the parent renders it in the report's language)
 */
#include "engine/children/children.h"

#include <stdlib.h>
#include <string.h>

const char oclgrind_refusal[] = N_("Oclgrind is the analysis device: it interprets kernels to find "
				   "their bugs, so its times say nothing about speed. Choose another "
				   "device (see `clings devices`).");

#define BENCH_DATA_MAX ((size_t)1 << 20)   /* outputs up to this are sent whole, else hashed */
#define MB ((int64_t)1 << 20)

static const char copy_source[] =
	"__kernel void clings_copy(__global const uint4 *src, __global uint4 *dst)\n"
	"{\n\tdst[get_global_id(0)] = src[get_global_id(0)];\n}\n";

/* The device's floating-point peak, as near as a kernel gets: independent chains of
 * multiply-adds in registers (one fma is 2 operations), the sum written so none is dropped. */
#define PEAK_CHAINS 8
#define PEAK_STEPS 512
static const char peak_source[] =
	"__kernel void clings_peak(__global float *out, float m)\n"
	"{\n\tfloat a0 = get_global_id(0), a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3,\n"
	"\t      a4 = a0 + 4, a5 = a0 + 5, a6 = a0 + 6, a7 = a0 + 7;\n"
	"\tfor (int i = 0; i < 512; i++) {\n"
	"\t\ta0 = fma(a0, m, 1.0f); a1 = fma(a1, m, 1.0f); a2 = fma(a2, m, 1.0f); a3 = fma(a3, m, 1.0f);\n"
	"\t\ta4 = fma(a4, m, 1.0f); a5 = fma(a5, m, 1.0f); a6 = fma(a6, m, 1.0f); a7 = fma(a7, m, 1.0f);\n"
	"\t}\n\tout[get_global_id(0)] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;\n}\n";

int64_t bench_size_for(bool cpu, uint64_t global_memory, uint64_t max_alloc)
{
	int64_t size = cpu ? 32 * MB : 256 * MB, share = (int64_t)(global_memory / (cpu ? 16 : 8));
	if (share < size)
		size = share;
	if (max_alloc && (int64_t)max_alloc < size)
		size = (int64_t)max_alloc;
	size -= size % MB;
	return size > MB ? size : MB;
}

int bench_contract_bytes(const struct check_spec *spec, const struct vars *row, double *first,
			 double *loop, int *passes)
{
	struct vars v = *row;
	struct sbuf err = SBUF_INIT;
	*first = *loop = 0;
	*passes = 0;
	int more = 1;
	while (more == 1 && *passes < BENCH_MAX_PASSES) {
		double bytes = 0;
		for (int i = 0; i < spec->nargs; i++) {
			const struct arg_spec *a = &spec->args[i];
			int64_t n;
			char e[128];
			if (a->kind != ARG_GLOBAL && a->kind != ARG_CONSTANT)
				continue;
			if (expr_eval(a->size_expr, &v, &n, e, sizeof(e)) < 0)
				return -1;
			/* read once (const), written once (an output), or both */
			int times = a->is_const || a->kind == ARG_CONSTANT || a->output ? 1 : 2;
			bytes += (double)n * (double)type_info(a->type)->size * times;
		}
		if (!*passes)
			*first = bytes;
		*loop += bytes;
		(*passes)++;
		more = check_spec_next_pass(spec, &v, &err);
	}
	sbuf_release(&err);
	return more < 0 ? -1 : 0;
}

/* One pass of a row, set up on the device before anything is timed. */
struct bench_pass {
	struct cl_buf *own[MAX_ARGS];     /* buffers this pass created */
	struct cl_buf *use[MAX_ARGS];     /* what each argument gets (own, or an earlier pass's) */
	size_t n[MAX_ARGS];
	/* A buffer the kernels may write whose init is const(v): one element of v, filled in again
	 * before every run (refill[i] its size; 0: none), so that each run starts as the check's
	 * does. A counter of places or a ticket that went on counting would send the second run's
	 * writes past the buffers' ends. */
	size_t refill[MAX_ARGS];
	unsigned char element[MAX_ARGS][128];
	unsigned char scalar[MAX_ARGS][8];
	size_t local_bytes[MAX_ARGS];
	size_t global[MAX_STEPS][MAX_DIMS], local[MAX_STEPS][MAX_DIMS];   /* each step's NDRange */
};

static void passes_release(struct bench_pass *p, int n)
{
	for (int i = 0; i < n; i++)
		for (int a = 0; a < MAX_ARGS; a++)
			clhost_buffer_release(p[i].own[a]);
	free(p);
}

static int eval_or_say(int fd, const struct check_spec *spec, const char *expr, const struct vars *v,
		       int64_t *out)
{
	char e[128];
	if (expr_eval(expr, v, out, e, sizeof(e)) == 0)
		return 0;
	struct msg m = MSG_INIT;   /* the course's error: its author reads English */
	msg_rawf(&m, "%s: [bench]: '%s': %s", spec->path, expr, e);
	msg_fact_str(&m, "file", spec->path);
	proto_send_verdict(fd, VERDICT_ERROR, NULL, 0, &m);
	return -1;
}

/* Every pass of row r: buffers with their inputs, arguments, NDRange. NULL after an error. */
static struct bench_pass *setup_row(const struct run_request *rq, struct cl_session *s, int r,
				    const struct vars *row, int *npasses, int fd)
{
	const struct check_spec *spec = rq->spec;
	struct bench_pass *p = xcalloc(BENCH_MAX_PASSES, sizeof(*p));
	struct vars v = *row;
	uint64_t seed = spec->seed * 1000003u + (uint64_t)r * 7919u;
	int n = 0, more = 1;
	struct sbuf err = SBUF_INIT;
	for (; more == 1 && n < BENCH_MAX_PASSES; n++) {
		struct bench_pass *cur = &p[n];
		for (int i = 0; i < spec->nargs; i++) {
			const struct arg_spec *a = &spec->args[i];
			size_t esize = type_info(a->type)->size;
			int64_t x = 0;
			if (a->kind == ARG_SCALAR) {
				double real;
				char e[128];
				if (arg_scalar_value(a, &v, &real, e, sizeof(e)) < 0) {
					char *m = xstrfmt("%s: value of '%s': %s", spec->path, a->name, e);
					proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, m);
					free(m);
					goto fail;
				}
				elem_set(a->type, cur->scalar[i], 0, real);
				continue;
			}
			if (eval_or_say(fd, spec, a->size_expr, &v, &x) < 0)
				goto fail;
			if (a->kind == ARG_LOCAL) {
				cur->local_bytes[i] = (size_t)x * esize;
			} else if (n > 0 && a->from_arg >= 0) {
				cur->use[i] = p[n - 1].use[a->from_arg];
				cur->n[i] = (size_t)x;
			} else {
				size_t bytes = (size_t)x * esize;
				void *init = xmalloc(bytes + 1);
				char why[160];
				if (arg_fill_init(a, &a->init, &v, init, (size_t)x,
						  (seed + (uint64_t)n + 1) ^ (0x1000193u * (uint64_t)(i + 1)), why,
						  sizeof(why)) < 0) {
					struct msg m = MSG_INIT;
					msg_rawf(&m, "%s: init of '%s': %s", spec->path, a->name, why);
					msg_fact_str(&m, "file", spec->path);
					msg_fact_str(&m, "buffer", a->name);
					proto_send_verdict(fd, VERDICT_ERROR, NULL, 0, &m);
					free(init);
					goto fail;
				}
				if (a->init.kind == INIT_CONST && !a->is_const && a->kind == ARG_GLOBAL && x > 0 &&
				    esize <= sizeof(cur->element[i])) {
					cur->refill[i] = esize;
					memcpy(cur->element[i], init, esize);
				}
				int rc = clhost_buffer(s, bytes, 0, init, &cur->own[i]);
				free(init);
				if (rc < 0) {
					struct msg m = MSG_INIT;
					msg_rawf(&m, "cannot make a buffer of %zu MB for '%s' on %s", bytes >> 20, a->name,
						 clhost_device_name(s));
					msg_fact_str(&m, "buffer", a->name);
					msg_fact_int(&m, "bytes", (long long)bytes);
					proto_send_verdict(fd, VERDICT_ERROR, NULL, 0, &m);
					goto fail;
				}
				cur->use[i] = cur->own[i];
				cur->n[i] = (size_t)x;
			}
		}
		for (int st = 0; st < spec->nsteps; st++)
			for (int d = 0; d < spec->steps[st].dims; d++) {
				int64_t g, l;
				if (eval_or_say(fd, spec, spec->steps[st].global_expr[d], &v, &g) < 0 ||
				    (!step_local_is_auto(&spec->steps[st]) &&
				     eval_or_say(fd, spec, spec->steps[st].local_expr[d], &v, &l) < 0))
					goto fail;
				if (step_local_is_auto(&spec->steps[st]))
					l = 0;   /* the runtime chooses */
				cur->global[st][d] = (size_t)g;
				cur->local[st][d] = (size_t)l;
			}
		if ((more = check_spec_next_pass(spec, &v, &err)) < 0) {
			proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, sbuf_str(&err));
			goto fail;
		}
	}
	sbuf_release(&err);
	*npasses = n;
	return p;
fail:
	sbuf_release(&err);
	passes_release(p, n + 1);
	return NULL;
}

/* Of a large output: its first and last SAMPLE_EDGE elements, and evenly spaced ones between,
 * SAMPLE_MAX in all; both children take the same places. */
#define SAMPLE_EDGE 4096
#define SAMPLE_MAX (BENCH_DATA_MAX / 8)
static size_t sample_output(const unsigned char *buf, size_t n, size_t esize, unsigned char *out)
{
	size_t k = 0, stride = (n - 2 * SAMPLE_EDGE) / (SAMPLE_MAX - 2 * SAMPLE_EDGE) + 1;
	for (size_t i = 0; i < n && k < SAMPLE_MAX; i += i < SAMPLE_EDGE || i >= n - SAMPLE_EDGE ? 1 : stride) {
		if (i > SAMPLE_EDGE && i < n - SAMPLE_EDGE && i + stride >= n - SAMPLE_EDGE)
			i = n - SAMPLE_EDGE;   /* the tail whole */
		memcpy(out + k++ * esize, buf + i * esize, esize);
	}
	return k * esize;
}

static int cmp_bytes(const void *x, const void *y, void *size)
{
	return memcmp(x, y, *(const size_t *)size);
}

/* An output compared as a multiset ("its values in any order"), in one order both children
 * agree on: its counted values (all of them without `count`) sorted by their bytes, so that the
 * places an atomic counter handed out in whatever order compare equal, as in a check. */
static int canonical_order(const struct check_spec *spec, const struct arg_spec *a, const struct bench_pass *last,
			   unsigned char *buf, size_t n)
{
	size_t esize = type_info(a->type)->size, count = n;
	if (a->count_arg >= 0) {
		const struct arg_spec *c = &spec->args[a->count_arg];
		size_t cbytes = last->n[a->count_arg] * type_info(c->type)->size;
		unsigned char *cbuf = xmalloc(cbytes + 1);
		double v = 0;
		int rc = last->use[a->count_arg] && cbytes ? clhost_buffer_read(last->use[a->count_arg], cbuf) : -1;
		if (!rc)
			v = elem_get_double(c->type, cbuf, 0);
		free(cbuf);
		if (rc < 0)
			return -1;
		count = v < 0 ? 0 : v < (double)n ? (size_t)v : n;
	}
	qsort_r(buf, count, esize, cmp_bytes, &esize);
	return 0;
}

/* The outputs of the last pass after the first run: whole when small, else their hash and a
 * sample ("data R 1 ARG"). */
static void send_outputs(const struct check_spec *spec, int r, const struct bench_pass *last, int fd)
{
	for (int i = 0; i < spec->nargs; i++) {
		const struct arg_spec *a = &spec->args[i];
		if (!a->output || !last->use[i])
			continue;
		size_t bytes = last->n[i] * type_info(a->type)->size;
		unsigned char *buf = xmalloc(bytes + 1);
		if (clhost_buffer_read(last->use[i], buf) == 0 &&
		    (a->compare != COMPARE_MULTISET || canonical_order(spec, a, last, buf, last->n[i]) == 0)) {
			if (bytes <= BENCH_DATA_MAX)
				proto_send_data(fd, r, 0, i, buf, bytes, NULL, 0);
			else {
				size_t esize = type_info(a->type)->size;
				unsigned char *sample = xmalloc(SAMPLE_MAX * esize);
				proto_send_data(fd, r, 1, i, sample, sample_output(buf, last->n[i], esize, sample),
						NULL, 0);
				free(sample);
				proto_send(fd, "hash", "%d\t%d\t%016llx", r, i,
					   (unsigned long long)hash_add(HASH_INIT, buf, bytes));
			}
		}
		free(buf);
	}
}

/* Launches pass n's steps, each kernel with its arguments; ev[st] gets each launch's event. */
static int launch_pass(const struct check_spec *spec, struct cl_kern **k, const struct bench_pass *p,
		       struct cl_ev **ev, struct sbuf *why)
{
	int rc = 0;
	for (int st = 0; st < spec->nsteps && !rc; st++) {
		const struct step_spec *step = &spec->steps[st];
		if (step->check_only)   /* bench = no: for checks only */
			continue;
		for (int j = 0; j < step->nparams && !rc; j++) {
			int i = step->param[j].arg;
			const struct arg_spec *a = &spec->args[i];
			rc = a->kind == ARG_SCALAR ? clhost_arg_scalar(k[st], j, p->scalar[i], type_info(a->type)->size)
			     : a->kind == ARG_LOCAL ? clhost_arg_local(k[st], j, p->local_bytes[i])
			     : clhost_arg_buffer(k[st], j, p->use[i]);
		}
		if (rc)
			sbuf_adds(why, "cannot set the arguments");
		else
			rc = clhost_enqueue(k[st], step->dims, p->global[st], p->local[st], &ev[st], why);
	}
	return rc;
}

/* Runs the row's loop, every step of every pass; 0, or -1 after a "launch" line (the kernel's
 * failure, for the parent). */
static int time_row(const struct run_request *rq, struct cl_session *s, struct cl_kern **k, int r,
		    struct bench_pass *p, int np, int fd)
{
	const struct check_spec *spec = rq->spec;
	struct cl_ev *ev[BENCH_MAX_PASSES][MAX_STEPS] = { { 0 } };
	int first = 0, last = spec->nsteps - 1;   /* the steps timed (bench = no are not run) */
	while (first < last && spec->steps[first].check_only)
		first++;
	while (last > first && spec->steps[last].check_only)
		last--;
	struct sbuf why = SBUF_INIT;
	int rc = 0;
	for (int run = 0; run < BENCH_WARMUP_RUNS + BENCH_RUNS && !rc; run++) {
		int failed_pass = 0;
		/* before the first launch, so not timed: the queue runs in order */
		for (int n = 0; n < np && !rc; n++)
			for (int i = 0; i < spec->nargs && !rc; i++)
				if (p[n].refill[i] && clhost_buffer_fill(p[n].own[i], p[n].element[i], p[n].refill[i]) < 0) {
					sbuf_adds(&why, "cannot fill a buffer in again");
					rc = -1;
				}
		for (int n = 0; n < np && !rc; n++) {
			rc = launch_pass(spec, k, &p[n], ev[n], &why);
			failed_pass = n + 1;
		}
		if (!rc)
			rc = clhost_finish(s, &why);
		/* the first pass: its first launch's start to its last's end; the loop: to the end of
		 * the last pass's last launch */
		uint64_t s0 = 0, e0 = 0, sl = 0, el = 0, unused = 0;
		if (!rc && (clhost_event_times(ev[0][first], &s0, &unused) < 0 ||
			    clhost_event_times(ev[0][last], &unused, &e0) < 0 ||
			    clhost_event_times(ev[np - 1][last], &sl, &el) < 0)) {
			sbuf_adds(&why, "no profiling times");
			rc = -1;
		}
		if (rc) {
			proto_send_launch_failure(fd, r, failed_pass, sbuf_str(&why));
		} else {
			if (run == 0)
				send_outputs(spec, r, &p[np - 1], fd);
			if (run >= BENCH_WARMUP_RUNS)
				proto_send(fd, "time", "%d\t%d\t%llu\t%llu", r, run - BENCH_WARMUP_RUNS,
					   (unsigned long long)(e0 - s0), (unsigned long long)(el - s0));
		}
		for (int n = 0; n < np; n++)
			for (int st = 0; st < spec->nsteps; st++) {
				clhost_event_release(ev[n][st]);
				ev[n][st] = NULL;
			}
	}
	sbuf_release(&why);
	return rc ? -1 : 0;
}

#define COPY_GROUP 256   /* work-items per work-group of the copy kernel: every device runs 256 */

/* A kernel of the reference's child (the copy, the peak) launched as the rows are: warm-up runs,
 * then "WHAT RUN NS AMOUNT" for each timed run; a failed launch is a verdict error. */
static void time_runs(struct cl_session *s, struct cl_kern *k, size_t count, int fd, const char *what,
		      double amount, struct sbuf *log)
{
	size_t group = COPY_GROUP;
	for (int run = 0; run < BENCH_WARMUP_RUNS + BENCH_RUNS; run++) {
		struct cl_ev *ev = NULL;
		uint64_t a, b;
		if (clhost_enqueue(k, 1, &count, &group, &ev, log) < 0 || clhost_finish(s, log) < 0 ||
		    clhost_event_times(ev, &a, &b) < 0) {
			clhost_event_release(ev);
			proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, what[0] == 'c' ? "the copy kernel failed"
						: "the peak kernel failed");
			return;
		}
		clhost_event_release(ev);
		if (run >= BENCH_WARMUP_RUNS)
			proto_send(fd, what, "%d\t%llu\t%.0f", run - BENCH_WARMUP_RUNS,
				   (unsigned long long)(b - a), amount);
	}
}

/* The reference's child: a copy kernel that reads half of bytes and writes the other half. */
static void time_copy(struct cl_session *s, double bytes, int fd)
{
	/* A whole number of work-groups of COPY_GROUP: with an odd count the driver would pick a
	 * work-group of one work-item, and time that instead of the memory. */
	size_t count = (size_t)(bytes / 2) / 16 / COPY_GROUP * COPY_GROUP, half = count * 16;
	struct cl_prog *prog = NULL;
	struct cl_kern *k = NULL;
	struct cl_buf *src = NULL, *dst = NULL;
	struct sbuf log = SBUF_INIT;
	if (!count || clhost_build(s, copy_source, "", &prog, &log) < 0 || clhost_kernel(prog, "clings_copy", &k) < 0 ||
	    clhost_buffer(s, half, 0, NULL, &src) < 0 || clhost_buffer(s, half, 0, NULL, &dst) < 0 ||
	    clhost_arg_buffer(k, 0, src) < 0 || clhost_arg_buffer(k, 1, dst) < 0) {
		proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, "cannot set up the copy kernel");
	} else {
		time_runs(s, k, count, fd, "copy", 2.0 * (double)half, &log);
	}
	sbuf_release(&log);
	clhost_buffer_release(src);
	clhost_buffer_release(dst);
	/* the kernel and its program end with the child, as the checked kernel's do */
}

/* The reference's child, for a check that counts flops: the peak kernel, timed as the copy is. */
static void time_peak(struct cl_session *s, bool cpu, int fd)
{
	size_t count = cpu ? (size_t)1 << 14 : (size_t)1 << 22;
	double flops = 2.0 * PEAK_CHAINS * PEAK_STEPS * (double)count;
	float m = 0.999f;
	struct cl_prog *prog = NULL;
	struct cl_kern *k = NULL;
	struct cl_buf *out = NULL;
	struct sbuf log = SBUF_INIT;
	if (clhost_build(s, peak_source, "", &prog, &log) < 0 || clhost_kernel(prog, "clings_peak", &k) < 0 ||
	    clhost_buffer(s, count * sizeof(float), 0, NULL, &out) < 0 || clhost_arg_buffer(k, 0, out) < 0 ||
	    clhost_arg_scalar(k, 1, &m, sizeof(m)) < 0) {
		proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, "cannot set up the peak kernel");
	} else {
		time_runs(s, k, count, fd, "peak", flops, &log);
	}
	sbuf_release(&log);
	clhost_buffer_release(out);
}

int bench_in_session(const struct run_request *rq, struct cl_session *s, struct cl_kern **k,
		     size_t max_wg, int fd)
{
	const struct check_spec *spec = rq->spec;
	if (strstr(clhost_device_name(s), "Oclgrind")) {
		struct msg m = MSG_INIT;
		msg_adds(&m, oclgrind_refusal);
		msg_fact_str(&m, "device", clhost_device_name(s));
		proto_send_verdict(fd, VERDICT_ERROR, NULL, 0, &m);
		return 0;
	}
	if (clhost_profile(s) < 0) {
		proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, "cannot make a queue that times launches on this device");
		return 0;
	}
	bool cpu = clhost_device_is_cpu(s);
	int64_t bytes = rq->bench_bytes ? rq->bench_bytes
			: bench_size_for(cpu, clhost_global_memory(s), clhost_max_alloc(s));
	if (!rq->bench_bytes && rq->bench_bytes_max > 0 && bytes > rq->bench_bytes_max)
		bytes = rq->bench_bytes_max;
	proto_send(fd, "benchsize", "%s\t%llu\t%lld", cpu ? "cpu" : "gpu",
		   (unsigned long long)clhost_global_memory(s), (long long)bytes);
	struct test_case *rows;
	int nrows;
	struct sbuf err = SBUF_INIT;
	if (check_spec_bench_rows(spec, bytes, &rows, &nrows, &err) < 0) {
		proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, sbuf_str(&err));
		sbuf_release(&err);
		return 0;
	}
	sbuf_release(&err);
	struct group_limits lim = { max_wg, { 0 } };   /* local = auto: the runtime's, within them */
	clhost_max_work_items(s, lim.dim);
	for (int r = 0; r < nrows; r++) {
		if (check_spec_group_size(spec, &rows[r].vars, &lim) > max_wg) {   /* its widest step's */
			proto_send(fd, "skip", "%d", r);
			continue;
		}
		proto_send(fd, "row", "%d", r);
		int np = 0;
		struct bench_pass *p = setup_row(rq, s, r, &rows[r].vars, &np, fd);
		if (!p)
			break;
		time_row(rq, s, k, r, p, np, fd);
		passes_release(p, np);
	}
	if (rq->mode == RUN_REFERENCE && nrows) {
		double first, loop;
		int passes;
		if (bench_contract_bytes(spec, &rows[0].vars, &first, &loop, &passes) == 0)
			time_copy(s, first, fd);
		if (spec->bench_flops)
			time_peak(s, cpu, fd);
	}
	free(rows);
	proto_send(fd, "end", "%d", nrows);
	return 0;
}
