/*
 * execute.c: what a confined child does. Three kinds, one per run_mode:
 *   RUN_EXECUTE: the learner's kernel on the chosen device. It builds it, checks its signature
 *     and requirements, then confines itself (sandbox_confine) and says "ready"; from then on
 *     the learner's code may run in this process, so nothing it sends decides anything: it runs
 *     every test and sends only data (the buffers of each pass [repeat] compare names, with
 *     their guard regions, and of any pass that damaged a guard), and the parent compares them
 *     with the reference's (judge.c).
 *   RUN_REFERENCE: the course's solution, in a process of its own, so the learner's never
 *     holds the reference's source or results. It checks them against the host oracles and
 *     sends them the same way.
 *   RUN_ANALYZE: the learner's kernel on Oclgrind, which interprets it (no learner code runs
 *     natively); only the tests marked `analyze`, each on the build it names (`analyze =
 *     optimised`: Oclgrind's optimised one, else the unoptimised one); the parent reads
 *     Oclgrind's log afterwards.
 * Everything before "ready" is the child's word on the build; the protocol is in protocol.c.
 */
#include "engine/children/children.h"
#include "engine/source/source.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define PRINTF_MAX 4096          /* of a kernel's printf: enough to debug, too little to flood */

struct exec_child {
	const struct run_request *rq;
	const struct check_spec *spec;
	int fd;
	struct cl_session *s;
	struct cl_prog *prog;        /* the learner's program, alive as long as the child */
	struct cl_kern *learner[MAX_STEPS], *reference[MAX_STEPS];   /* one for each step */
	/* The analysis of tests marked `analyze = optimised` beside others: the optimised build
	 * (learner[] is then the unoptimised one); NULL when one build serves every test. */
	struct cl_prog *prog_opt;
	struct cl_kern *learner_opt[MAX_STEPS];
	bool optimised_only;         /* learner[] is the optimised build */
	size_t max_wg;
	struct group_limits limits;  /* the device's and the kernels': what local = auto fits */
	enum run_mode mode;
	bool analyze;
	int printf_fd;               /* the kernel's printf, in memory; -1: not kept */
	off_t printf_sent;           /* how much of it the parent has */
};

/* Per pass: host copies of every global buffer and their sizes in elements. */
struct pass_data {
	void *input[MAX_ARGS];      /* contents before the run */
	void *expected[MAX_ARGS];   /* the reference's result */
	void *got[MAX_ARGS];        /* the learner's result */
	size_t n[MAX_ARGS];
};

static void pass_data_release(struct pass_data *d)
{
	for (int i = 0; i < MAX_ARGS; i++) {
		free(d->input[i]);
		free(d->expected[i]);
		free(d->got[i]);
	}
	memset(d, 0, sizeof(*d));
}

/* Step st's kernel in the learner's program, declared as the check says: 0, or -1 after the
 * verdict was sent. */
static int learner_kernel(struct exec_child *c, struct cl_prog *prog, int step, struct cl_kern **out)
{
	const struct run_request *rq = c->rq;
	const struct check_spec *spec = c->spec;
	const struct step_spec *st = &spec->steps[step];
	struct sbuf sig = SBUF_INIT;
	struct msg msg = MSG_INIT;
	check_step_signature(spec, step, &sig);
	if (clhost_kernel(prog, st->kernel, out) < 0) {
		struct sbuf names = SBUF_INIT;
		clhost_prog_kernel_names(prog, &names);
		msg_addf(&msg, N_("There is no kernel named '%s' in your file. Expected:\n  %s\n"),
			  st->kernel, sbuf_str(&sig));
		if (names.len)
			msg_addf(&msg, N_("Your file defines: %s"), sbuf_str(&names));
		else
			msg_adds(&msg, N_("Your file defines no __kernel function."));
		sbuf_release(&names);
	} else {
		struct kernel_arg_info got[MAX_ARGS + 4];
		int n = clhost_kernel_args(*out, got, MAX_ARGS + 4);
		if (n != st->nparams && n >= 0)
			msg_addf(&msg, msg_plural(&msg, "'%s' takes %d argument; it should take %d.",
						  "'%s' takes %d arguments; it should take %d.", (unsigned long)n),
				  st->kernel, n, st->nparams);
		const char *const space[] = { "__global", "__constant", "__local", N_("(private)") };
		for (int i = 0; i < n && i < st->nparams && msg_empty(&msg); i++) {
			const struct arg_spec *a = &spec->args[st->param[i].arg];
			char want[NAME_MAX_LEN];
			snprintf(want, sizeof(want), "%s%s", type_info(a->type)->name, a->is_pointer ? "*" : "");
			if (got[i].kind != a->kind)
				msg_addf(&msg, N_("Argument %d ('%s') is %s; it should be %s."), i + 1,
					  got[i].name, msg_word(&msg, space[got[i].kind]), msg_word(&msg, space[a->kind]));
			else if (strcmp(got[i].type_name, want))
				msg_addf(&msg, N_("Argument %d ('%s') has type %s; it should be %s."), i + 1,
					  got[i].name, got[i].type_name, want);
		}
		if (!msg_empty(&msg))
			msg_addf(&msg, N_("\nThe kernel must be declared exactly as:\n  %s"), sbuf_str(&sig));
	}
	int bad = msg_empty(&msg) ? 0 : -1;
	if (bad)
		msg_fact_str(&msg, "kernel", st->kernel);
	if (bad)
		proto_send_verdict(c->fd, VERDICT_SIGNATURE_MISMATCH, rq->learner_path, 0, &msg);
	msg_release(&msg);
	sbuf_release(&sig);
	return bad;
}

/* Which builds the analysis child's tests run: *plain for those marked `analyze = yes`,
 * *optimised for `analyze = optimised`, among the tests of its part. */
static void analysis_builds(const struct exec_child *c, bool *plain, bool *optimised)
{
	struct test_case *cases;
	int n, ordinal = 0;
	*plain = *optimised = false;
	if (check_spec_expand(c->spec, &cases, &n) < 0)
		n = 0, cases = NULL;   /* the run itself reports it */
	for (int i = 0; i < n; i++) {
		if (!cases[i].analyze)
			continue;
		int o = ordinal++;
		if (c->rq->cases_to > 0 && (o < c->rq->cases_from || o >= c->rq->cases_to))
			continue;
		*(cases[i].optimised ? optimised : plain) = true;
	}
	free(cases);
	if (!*optimised)
		*plain = true;
}

/* The learner's program built with options: 0, or -1 after the verdict was sent. */
static int compile_learner(struct exec_child *c, const char *options, struct cl_prog **out)
{
	const struct run_request *rq = c->rq;
	char *src = source_with_line_directive(rq->learner_path, rq->learner_src);
	struct sbuf log = SBUF_INIT;
	struct cl_prog *prog = NULL;
	/* Through PoCL's clang and a precompiled header where it can (pch.c), else PoCL itself. */
	int rc = c->analyze ? 1 : pch_build(c->s, rq->device, src, options, &prog);
	if (rc != 0)
		rc = clhost_build(c->s, src, options, &prog, &log);
	free(src);
	if (rc == -2) {   /* the runtime's failure, not the learner's source: clings' error */
		char *why = xstrfmt("the OpenCL runtime could not build the kernel: %s", sbuf_str(&log));
		proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, why);
		free(why);
		sbuf_release(&log);
		return -1;
	}
	if (rc < 0) {
		struct sbuf where = SBUF_INIT;
		struct msg msg = MSG_INIT;
		int line = 0;
		msg_adds(&msg, N_("The kernel does not compile:\n"));
		source_first_build_error(sbuf_str(&log), rq->learner_path, rq->learner_src, &line, &where);
		msg_raw(&msg, sbuf_str(&where));   /* the compiler's words, at the learner's line */
		msg_fact_int(&msg, "line", line);
		proto_send_text(c->fd, "buildlog", sbuf_str(&log));
		proto_send_verdict(c->fd, VERDICT_BUILD_ERROR, rq->learner_path, line, &msg);
		sbuf_release(&where);
		sbuf_release(&log);
		return -1;
	}
	sbuf_release(&log);
	*out = prog;
	return 0;
}

static int build_learner(struct exec_child *c)
{
	/* No optimisation but for the bench: on Oclgrind, branches and lines stay as the learner
	 * wrote them; on the device, building a new kernel is quicker, which after a save is most
	 * of the wait (memory_4 in the watcher: 0.40 s save to verdict against 0.54 s optimised),
	 * while the matrix exercises' tests run up to three times as long. A right kernel gives the
	 * same results either way; a kernel wrong only this way is built again with optimisation
	 * before anyone is blamed (check.c). A test marked `analyze = optimised` runs on Oclgrind's
	 * optimised build: where a kernel keeps its sums in private arrays (matmul_register's 8 x 8
	 * block), unoptimised every multiply-add is loads and stores of private memory that
	 * Oclgrind interprets and tracks, four times the processor time (docs/authoring.md). */
	bool plain = true, optimised = false;
	if (c->analyze)
		analysis_builds(c, &plain, &optimised);
	char *options = plain ? pch_learner_options(c->rq) : pch_check_options(c->spec, PCH_OPTIMISED);
	int rc = compile_learner(c, options, &c->prog);
	free(options);
	/* The programs stay alive as long as their kernels: all are freed when the child exits. */
	for (int step = 0; step < c->spec->nsteps && rc == 0; step++)
		rc = learner_kernel(c, c->prog, step, &c->learner[step]);
	if (rc == 0 && plain && optimised) {
		options = pch_check_options(c->spec, PCH_OPTIMISED);
		rc = compile_learner(c, options, &c->prog_opt);
		free(options);
		for (int step = 0; step < c->spec->nsteps && rc == 0; step++)
			rc = learner_kernel(c, c->prog_opt, step, &c->learner_opt[step]);
	}
	c->optimised_only = !plain;
	return rc;
}

/* The solution is the course's: its errors name the course's file and line, in English, for
 * the author (the learner sees them only when the course itself is broken). */
static int build_reference(struct exec_child *c)
{
	const char *shown = c->rq->solution_shown ? c->rq->solution_shown : "solution.cl";
	char *src = source_with_line_directive(shown, c->rq->solution_src);
	struct sbuf log = SBUF_INIT, msg = SBUF_INIT;
	struct cl_prog *prog = NULL;
	int line = 0;
	char *options = pch_check_options(c->spec, PCH_OPTIMISED);
	int rc = refbin_build(c->s, src, options, c->rq->ref_key, &prog, &log);   /* its kept binary, if any */
	free(options);
	if (rc < 0) {
		sbuf_addf(&msg, "the reference solution does not build on %s:\n", clhost_device_name(c->s));
		source_first_build_error(sbuf_str(&log), shown, c->rq->solution_src, &line, &msg);
	}
	for (int step = 0; step < c->spec->nsteps && rc == 0; step++) {
		if ((rc = clhost_kernel(prog, c->spec->steps[step].kernel, &c->reference[step])) < 0) {
			struct sbuf names = SBUF_INIT;
			clhost_prog_kernel_names(prog, &names);
			sbuf_addf(&msg, "%s:1: the reference solution has no kernel named '%s' (the check's "
				  "kernel); it defines: %s", shown, c->spec->steps[step].kernel,
				  names.len ? sbuf_str(&names) : "none");
			sbuf_release(&names);
			line = 1;
		}
	}
	free(src);
	sbuf_release(&log);
	if (!msg.len)
		return 0;
	proto_send_verdict_text(c->fd, VERDICT_ERROR, shown, line, sbuf_str(&msg));
	sbuf_release(&msg);
	return -1;
}

/* Evaluates one of the check's expressions; on failure says why (the check file's fault). */
static int eval_into(const struct check_spec *spec, const char *expr, const struct vars *v,
		     int64_t *out, struct sbuf *why)
{
	char err[128];
	if (expr_eval(expr, v, out, err, sizeof(err)) == 0)
		return 0;
	sbuf_addf(why, "%s: '%s': %s", spec->path, expr, err);
	return -1;
}

static int eval(struct exec_child *c, const char *expr, const struct vars *v, int64_t *out)
{
	struct sbuf why = SBUF_INIT;
	int rc = eval_into(c->spec, expr, v, out, &why);
	if (rc < 0)
		proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, sbuf_str(&why));
	sbuf_release(&why);
	return rc;
}

#define LAUNCH_BAD_CHECK (-2)  /* an expression of the check file failed: nobody ran */

/* Sets step's arguments on k (bufs: the pass's buffers) and launches it; 0, -1 when the launch
 * failed, or LAUNCH_BAD_CHECK; why says what. */
static int launch_step(struct exec_child *c, struct cl_kern *k, int step, const struct vars *v,
		       const struct pass_data *d, struct cl_buf **bufs, struct sbuf *why)
{
	const struct check_spec *spec = c->spec;
	const struct step_spec *st = &spec->steps[step];
	int rc = 0;
	/* What the analysis names Oclgrind's buffers by: one launch's buffers in the order the host
	 * created them (every global buffer of the pass), then its __local arguments in order. */
	for (int i = 0; i < spec->nargs && c->analyze; i++)
		if (bufs[i])
			proto_send(c->fd, "buffer", "%s\t%d\t%zu", spec->args[i].name, (int)spec->args[i].kind,
				   d->n[i] * type_info(spec->args[i].type)->size);
	for (int p = 0; p < st->nparams && !rc; p++) {
		const struct arg_spec *a = &spec->args[st->param[p].arg];
		size_t esize = type_info(a->type)->size;
		int64_t x;
		if (a->kind == ARG_SCALAR) {
			unsigned char value[8];
			double real;
			char e[128];
			if (arg_scalar_value(a, v, &real, e, sizeof(e)) < 0) {
				sbuf_addf(why, "%s: '%s': %s", spec->path, a->value_expr, e);
				return LAUNCH_BAD_CHECK;
			}
			elem_set(a->type, value, 0, real);
			rc = clhost_arg_scalar(k, p, value, esize);
		} else if (a->kind == ARG_LOCAL) {
			if (eval_into(spec, a->size_expr, v, &x, why) < 0)
				return LAUNCH_BAD_CHECK;
			rc = clhost_arg_local(k, p, (size_t)x * esize);
			if (!rc && c->analyze)
				proto_send(c->fd, "buffer", "%s\t%d\t%lld", a->name, ARG_LOCAL,
					   (long long)x * (long long)esize);
		} else {
			rc = clhost_arg_buffer(k, p, bufs[st->param[p].arg]);
		}
		if (rc)
			sbuf_addf(why, "cannot set argument '%s'", a->name);
	}
	size_t global[MAX_DIMS], local[MAX_DIMS];
	for (int dim = 0; dim < st->dims && !rc; dim++) {
		int64_t g, l;
		if (eval_into(spec, st->global_expr[dim], v, &g, why) < 0)
			return LAUNCH_BAD_CHECK;
		if (step_local_is_auto(st)) {   /* the device's runtime chooses; the analysis needs one */
			l = 0;
			if (c->analyze && step_local_eval(st, dim, v, &c->limits, &l, (char[64]){ 0 }, 64) < 0)
				l = -1;
		} else if (eval_into(spec, st->local_expr[dim], v, &l, why) < 0)
			return LAUNCH_BAD_CHECK;
		if (l == 0 && g > 0 && !c->analyze && step_local_is_auto(st)) {
			global[dim] = (size_t)g;
			local[dim] = 0;
			continue;
		}
		if (l <= 0 || g <= 0 || g % l) {
			sbuf_addf(why, "%s: global %lld is not a positive multiple of local %lld",
				  spec->path, (long long)g, (long long)l);
			return LAUNCH_BAD_CHECK;
		}
		global[dim] = (size_t)g;
		local[dim] = (size_t)l;
	}
	if (rc)
		return -1;
	/* which kernel a run that hangs or crashes from here on was in (judge.c says it) */
	if (c->mode == RUN_EXECUTE && spec->nsteps > 1)
		proto_send(c->fd, "step", "%d", step);
	struct sbuf err = SBUF_INIT;
	if (clhost_run(k, st->dims, global, local, &err) < 0) {
		if (spec->nsteps > 1)   /* which of the learner's kernels failed */
			sbuf_addf(why, "kernel %s: ", st->kernel);
		sbuf_adds(why, sbuf_str(&err));
		rc = -1;
	}
	sbuf_release(&err);
	return rc;
}

/*
 * Runs one pass: its buffers are created from d->input, every step runs on them in order, and
 * the results land in results[] (each buffer's bytes, then with guard its guard region as the
 * kernels left it). Returns 0; -1 when a launch failed, or LAUNCH_BAD_CHECK when the check file
 * is at fault, with why in why.
 */
static int launch(struct exec_child *c, struct cl_kern **k, const struct vars *v, struct pass_data *d,
		  void **results, bool guard, struct sbuf *why)
{
	const struct check_spec *spec = c->spec;
	struct cl_buf *bufs[MAX_ARGS] = { 0 };
	int rc = 0;
	for (int i = 0; i < spec->nargs && !rc; i++) {
		const struct arg_spec *a = &spec->args[i];
		if (a->kind != ARG_GLOBAL && a->kind != ARG_CONSTANT)
			continue;
		rc = clhost_buffer(c->s, d->n[i] * type_info(a->type)->size, guard ? GUARD_BYTES : 0,
				   d->input[i], &bufs[i]);
		if (rc)
			sbuf_addf(why, "cannot make buffer '%s'", a->name);
	}
	for (int step = 0; step < spec->nsteps && !rc; step++)
		rc = launch_step(c, k[step], step, v, d, bufs, why);
	for (int i = 0; i < spec->nargs && !rc; i++) {
		if (!bufs[i])
			continue;
		size_t bytes = d->n[i] * type_info(spec->args[i].type)->size;
		results[i] = xmalloc(bytes + (guard ? GUARD_BYTES : 0) + 1);
		if ((guard ? clhost_buffer_read_guarded(bufs[i], results[i])
			   : clhost_buffer_read(bufs[i], results[i])) < 0) {
			sbuf_addf(why, "cannot read back '%s'", spec->args[i].name);
			rc = -1;
		}
	}
	for (int i = 0; i < spec->nargs; i++)
		clhost_buffer_release(bufs[i]);
	return rc;
}

/* Sizes and contents of every global buffer for this pass. */
static int prepare_pass(struct exec_child *c, int test, const struct vars *v, struct pass_data *d,
			const struct pass_data *prev, uint64_t seed)
{
	const struct check_spec *spec = c->spec;
	for (int i = 0; i < spec->nargs; i++) {
		const struct arg_spec *a = &spec->args[i];
		if (a->kind != ARG_GLOBAL && a->kind != ARG_CONSTANT)
			continue;
		int64_t n;
		if (eval(c, a->size_expr, v, &n) < 0)
			return -1;
		size_t esize = type_info(a->type)->size;
		if (n < 0 || (size_t)n * esize > (size_t)MAX_BUFFER_BYTES) {
			struct sbuf msg = SBUF_INIT;
			sbuf_addf(&msg, "%s: buffer '%s' would have %lld elements", spec->path, a->name,
				  (long long)n);
			proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, sbuf_str(&msg));
			sbuf_release(&msg);
			return -1;
		}
		d->n[i] = (size_t)n;
		d->input[i] = xmalloc((size_t)n * esize + 1);
		char why[160];
		if (arg_fill_init(a, check_spec_init_for(spec, test, i), v, d->input[i], (size_t)n,
				  seed ^ (0x1000193u * (uint64_t)(i + 1)), why, sizeof(why)) < 0) {
			char *msg = xstrfmt("%s: init of '%s': %s", spec->path, a->name, why);
			proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, msg);
			free(msg);
			return -1;
		}
		if (prev && a->from_arg >= 0) {
			int from = a->from_arg;
			const void *src = prev->expected[from] ? prev->expected[from] : prev->got[from];
			size_t m = prev->n[from] < (size_t)n ? prev->n[from] : (size_t)n;
			if (src)
				memcpy(d->input[i], src, m * esize);
		}
	}
	return 0;
}

/*
 * The reference must agree with what the host computes where the check names a host oracle:
 * a disagreement means a broken course or a device that miscomputes, never the learner's fault.
 */
static int verify_reference(struct exec_child *c, const struct test_case *tc, const struct vars *v,
			    const struct pass_data *cur, int pass)
{
	const struct check_spec *spec = c->spec;
	int rc = 0;
	for (int i = 0; i < spec->nargs && !rc; i++) {
		const struct arg_spec *a = &spec->args[i];
		if (!a->output || a->host == HOST_NONE)
			continue;
		void *host = xcalloc(cur->n[i] + 1, type_info(a->type)->size);
		struct sbuf msg = SBUF_INIT;
		if (host_compute(a, cur->input[a->host_src], cur->n[a->host_src], host, cur->n[i], v,
				 &msg) < 0) {
			rc = -1;
		} else {
			struct output_view o = { a, host, cur->expected[i], cur->n[i], output_columns(a, v),
						 pass, 1, 0, output_abs_tolerance(spec, a) };
			struct msg diff = MSG_INIT, pic = MSG_INIT;
			if (compare_output(&o, output_tolerance(spec, a), &diff, &pic)) {
				/* the course's fault: for its author, in English */
				char *text = msg_text(&diff, NULL);
				sbuf_addf(&msg, "the reference solution disagrees with the host on test %s "
					  "(host: expected, reference: got): %s", tc->name, text);
				free(text);
				rc = -1;
			}
			msg_release(&diff);
			msg_release(&pic);
		}
		if (rc)
			proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, sbuf_str(&msg));
		sbuf_release(&msg);
		free(host);
	}
	return rc;
}

/* The [derive] values from the reference's outputs after the last pass must be what the check
 * expects: a miss is the course's error (in English, for its author). */
static int reference_derived(struct exec_child *c, const struct test_case *tc, const struct vars *v,
			     const struct pass_data *cur)
{
	double got, want;
	char err[256];
	int k, rc = derive_all(c->spec, tc->test, v, (const void *const *)cur->expected, cur->n, &k,
			       &got, &want, err, sizeof(err));
	char *msg = rc < 0 ? xstrfmt("%s: %s", c->spec->path, err)
		    : xstrfmt("%s: the reference solution misses [derive %s] on test %s: %s is %.9g, "
			      "expected %.9g", c->spec->path, c->spec->derive[k].name, tc->name,
			      c->spec->derive[k].value, got, want);
	if (rc)
		proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, msg);
	free(msg);
	return rc ? -1 : 0;
}

/* Sends this pass's results: every global buffer's guard, and the outputs' contents. */
static void send_results(struct exec_child *c, int ci, int pass, const struct pass_data *d, void **res,
			 bool guard)
{
	for (int i = 0; i < c->spec->nargs; i++) {
		const struct arg_spec *a = &c->spec->args[i];
		if (!res[i] || (!a->output && !guard))
			continue;
		size_t bytes = d->n[i] * type_info(a->type)->size;
		size_t g = guard ? GUARD_BYTES : 0;
		/* a buffer that is not an output sends only its guard */
		const unsigned char *base = res[i];
		proto_send_data(c->fd, ci, pass, i, a->output ? base : NULL, a->output ? bytes : 0,
				base + bytes, g);
	}
}

/* The analysis child's results of a compared pass, as one digest a buffer ("digest CASE PASS ARG
 * BYTES HASH"): a wrong result's check asks whether Oclgrind computed the device's very bytes
 * (check-compiler.c). Text, so that the analysis child's output stays lines. */
static void send_digests(struct exec_child *c, int ci, int pass, const struct pass_data *d, void **res)
{
	for (int i = 0; i < c->spec->nargs; i++) {
		const struct arg_spec *a = &c->spec->args[i];
		if (!res[i] || !a->output)
			continue;
		size_t bytes = d->n[i] * type_info(a->type)->size;
		proto_send_digest(c->fd, &(struct proto_digest){ ci, pass, i, bytes,
								 hash_add(HASH_INIT, res[i], bytes) });
	}
}

/* Whether a pass's results (each buffer's bytes, then its guard region) show a damaged guard. */
static bool guard_damaged(const struct check_spec *spec, const struct pass_data *d, void **res)
{
	for (int i = 0; i < spec->nargs; i++) {
		const unsigned char *guard = res[i];
		if (!guard)
			continue;
		guard += d->n[i] * type_info(spec->args[i].type)->size;
		for (size_t k = 0; k < GUARD_BYTES; k++)
			if (guard[k] != clhost_guard_byte(k))
				return true;
	}
	return false;
}

/* Runs every pass of case ci; returns 0 done, 1 a launch failed (the learner's), -1 error reported. */
static int run_case(struct exec_child *c, const struct test_case *tc, int ci, uint64_t seed)
{
	const struct check_spec *spec = c->spec;
	struct vars v = tc->vars;
	struct pass_data prev = { 0 }, cur = { 0 };
	int rc = 0, more = 1;
	struct sbuf why = SBUF_INIT;
	bool reference = c->mode == RUN_REFERENCE, guard = c->mode == RUN_EXECUTE;
	struct cl_kern **k = reference ? c->reference : tc->optimised && c->prog_opt ? c->learner_opt : c->learner;
	for (int pass = 1; more == 1 && !rc; pass++) {
		if (prepare_pass(c, tc->test, &v, &cur, pass > 1 ? &prev : NULL, seed + (uint64_t)pass) < 0) {
			rc = -1;
			break;
		}
		/* Each chains its own results: the reference its own, the learner's kernel its own. */
		void **res = reference ? cur.expected : cur.got;
		sbuf_reset(&why);
		rc = launch(c, k, &v, &cur, res, guard, &why);
		if (rc == LAUNCH_BAD_CHECK) {
			proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, sbuf_str(&why));
			rc = -1;
		} else if (rc < 0 && reference) {
			struct sbuf msg = SBUF_INIT;
			sbuf_addf(&msg, "the reference solution failed on %s: %s", tc->name, sbuf_str(&why));
			proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, sbuf_str(&msg));
			sbuf_release(&msg);
		} else if (rc < 0 && c->analyze) {
			struct msg msg = MSG_INIT;
			msg_addf(&msg, N_("Test %s: %s"), tc->name, sbuf_str(&why));
			proto_send_test(c->fd, tc->name, TEST_ERROR, &msg);
			proto_send_verdict(c->fd, VERDICT_CRASH, c->rq->learner_path, 0, &msg);
			rc = 1;
		} else if (rc < 0) {
			/* Only what failed, in words the parent knows; it writes the message. */
			proto_send_launch_failure(c->fd, ci, pass, sbuf_str(&why));
			rc = 1;
		}
		if (!rc && reference && verify_reference(c, tc, &v, &cur, pass) < 0)
			rc = -1;
		if (!rc && (more = check_spec_next_pass(spec, &v, &why)) < 0) {
			/* a pass past those a load follows: the check file's error, named */
			char *msg = xstrfmt("%s: %s (test %s, after pass %d)", spec->path, sbuf_str(&why),
					    tc->name, pass);
			proto_send_verdict_text(c->fd, VERDICT_ERROR, NULL, 0, msg);
			free(msg);
			rc = -1;
		}
		/* Only the passes [repeat] compare names leave the child, and a pass of the learner's
		 * that damaged a guard, which the parent then names: a long loop's every pass would
		 * pass the cap on what a run may send. */
		if (!rc && !c->analyze && (check_spec_pass_compared(spec, pass, !more) ||
					   (guard && guard_damaged(spec, &cur, res))))
			send_results(c, ci, pass, &cur, res, guard);
		else if (!rc && c->analyze && check_spec_pass_compared(spec, pass, !more))
			send_digests(c, ci, pass, &cur, res);
		if (!rc && !more && reference && reference_derived(c, tc, &v, &cur) < 0)
			rc = -1;
		/* The next pass reads this one's results: keep them, drop the older ones. */
		pass_data_release(&prev);
		prev = cur;
		memset(&cur, 0, sizeof(cur));
	}
	pass_data_release(&prev);
	pass_data_release(&cur);
	sbuf_release(&why);
	return rc;
}

/* What the kernel printed since the last call, at most PRINTF_MAX bytes in all: "printf CASE TEXT". */
static void send_printf(struct exec_child *c, int ci)
{
	fflush(stdout);
	char buf[1024];
	while (c->printf_sent < PRINTF_MAX) {
		size_t left = (size_t)(PRINTF_MAX - c->printf_sent);
		size_t want = left < sizeof(buf) - 1 ? left : sizeof(buf) - 1;
		ssize_t n = pread(c->printf_fd, buf, want, c->printf_sent);
		if (n <= 0)
			break;
		buf[n] = '\0';
		struct sbuf e = SBUF_INIT;
		escape_line(&e, buf);
		proto_send(c->fd, "printf", "%d\t%s", ci, sbuf_str(&e));
		sbuf_release(&e);
		c->printf_sent += n;
	}
}

int run_in_child(void *arg, int fd)
{
	const struct run_request *rq = arg;
	struct cl_session *s;
	struct msg err = MSG_INIT;
	proc_set_role(rq->mode == RUN_ANALYZE ? "analysis" : rq->mode == RUN_REFERENCE ? "reference"
										 : "learner");
	char threads[16];
	if (rq->device_threads > 0 && snprintf(threads, sizeof(threads), "%d", rq->device_threads) > 0)
		setenv("POCL_MAX_PTHREAD_COUNT", threads, 1);   /* before the device is opened */
	if (clhost_open(rq->mode == RUN_ANALYZE ? NULL : rq->device, &s, &err) < 0) {
		proto_send_verdict(fd, VERDICT_ERROR, NULL, 0, &err);
		return 0;
	}
	return run_in_session(rq, s, fd);
}

/*
 * Memory the kernel declares that no work-group can have: __local arrays over the device's local
 * memory, or private arrays over what a work-item may keep. Devices do not agree on what they
 * make of it (PoCL overruns its stack and crashes, a GPU may refuse the launch or spill it all
 * to slow memory), so it is said here, before any launch, as a build error. 0, or -1 after the
 * verdict was sent.
 */
static int memory_too_large(struct exec_child *c)
{
	const struct run_request *rq = c->rq;
	long local = 0, limit = 0, priv = 0;
	for (int s = 0; s < c->spec->nsteps; s++) {   /* each kernel must fit */
		long l = clhost_kernel_local_mem(c->learner[s]), p = clhost_kernel_private_mem(c->learner[s]);
		local = l > local ? l : local;
		priv = p > priv ? p : priv;
		limit = clhost_device_local_mem(c->learner[s]);
	}
	struct msg msg = MSG_INIT;
	if (local > 0 && limit > 0 && local > limit)
		msg_addf(&msg, N_("Your kernel declares %ld KB of __local memory, more than a "
				   "work-group has on this device (%ld KB). Local memory is small: keep a "
				   "tile of the work-group's size, not a copy of the data."),
			  local >> 10, limit >> 10);
	else if (priv > PRIVATE_MEM_MAX)
		msg_addf(&msg, N_("Your kernel keeps %ld KB of private memory in every work-item "
				   "(an array declared inside it), more than the %d KB a work-item can "
				   "count on. Private memory is for a few values each; large data belongs "
				   "in a buffer."), priv >> 10, PRIVATE_MEM_MAX >> 10);
	if (msg_empty(&msg))
		return 0;
	proto_send_verdict(c->fd, VERDICT_BUILD_ERROR, rq->learner_path, 0, &msg);
	return -1;
}

/* Builds what this child runs; 0, or -1 after its verdict was sent. */
static int build(struct exec_child *c)
{
	const struct run_request *rq = c->rq;
	if (c->mode == RUN_REFERENCE)
		return build_reference(c);
	if (build_learner(c) < 0)
		return -1;
	/* Checked in both children: its verdict settles the check, so the analysis stops here too
	 * instead of running tests whose findings nobody would read. */
	if (memory_too_large(c) < 0)
		return -1;
	long need = c->spec->requires_local_mem, have = 0;
	for (int s = 0; s < c->spec->nsteps && need > 0; s++) {   /* the kernel that declares most */
		long l = clhost_kernel_local_mem(c->learner[s]);
		have = l > have ? l : have;
	}
	/* (what an optimised build keeps is not what the learner's usual one keeps) */
	if (need > 0 && have < need && !c->optimised_only) {
		struct msg msg = MSG_INIT;
		/* what the compiler kept: an array it proved unused is not counted */
		if (have > 0)
			msg_addf(&msg, N_("Your kernel uses %ld bytes of __local memory of its own, "
					   "after the compiler removed what it does not need; this exercise "
					   "asks for at least %ld."), have, need);
		else
			msg_addf(&msg, N_("Your kernel uses no __local memory of its own, after the "
					   "compiler removed what it does not need (this exercise asks for at "
					   "least %ld bytes)."), need);
		if (c->spec->requirement_why)
			msg_rawf(&msg, "\n%s", c->spec->requirement_why);
		proto_send_verdict(c->fd, VERDICT_REQUIREMENT_UNMET, rq->learner_path, 0, &msg);
		return -1;
	}
	return 0;
}

int run_in_session(const struct run_request *rq, struct cl_session *s, int fd)
{
	struct exec_child c = { .rq = rq, .spec = rq->spec, .fd = fd, .s = s, .mode = rq->mode,
			   .analyze = rq->mode == RUN_ANALYZE, .printf_fd = -1 };
	proto_send(fd, "device", "%s", clhost_device_name(c.s));
	if (sandbox_child_isolated())   /* before "ready": the parent trusts it (the verdict cache) */
		proto_send(fd, "isolated", "%d", 1);
	sandbox_runtime_opened(clhost_device_name(c.s));
	sandbox_apply_limits(rq->limits, clhost_device_is_cpu(c.s));
	sandbox_build_limits(clhost_device_is_cpu(c.s),
			     c.mode == RUN_REFERENCE ? REFERENCE_BUILD_CPU_S : BUILD_CPU_S);
	if (build(&c) < 0)
		return 0;
	struct cl_kern **k = c.mode == RUN_REFERENCE ? c.reference : c.learner;
	c.max_wg = clhost_max_work_group(c.s);
	for (int step = 0; step < c.spec->nsteps; step++)   /* every step's work-group must fit */
		if (clhost_kernel_max_work_group(k[step]) < c.max_wg)
			c.max_wg = clhost_kernel_max_work_group(k[step]);
	proto_send(fd, "maxwg", "%zu", c.max_wg);
	c.limits.items = c.max_wg;
	clhost_max_work_items(c.s, c.limits.dim);
	/* From here on the learner's code may run in this process: nothing is compiled, linked or
	 * written any more, and the process can no longer start one, signal one, or reach out. */
	if (c.mode == RUN_EXECUTE && clhost_prog_finish(c.prog) < 0) {
		proto_send_verdict_text(c.fd, VERDICT_ERROR, NULL, 0, "cannot finish building the kernel for this device");
		return 0;
	}
	sandbox_run_limits();   /* built: the run's processor time and the course's address space */
	/* The kernel's printf: into a file in memory, sent after each test (the learner's first
	 * debugging tool). Made now: the confined process can create no file. */
	if (c.mode == RUN_EXECUTE) {
		fflush(stdout);
		c.printf_fd = memfd_create("clings-printf", MFD_CLOEXEC);
		if (c.printf_fd >= 0)
			dup2(c.printf_fd, STDOUT_FILENO);
	}
	if (c.mode != RUN_REFERENCE && sandbox_confine(c.mode == RUN_EXECUTE) < 0) {
		proto_send_verdict_text(c.fd, VERDICT_ERROR, NULL, 0, "cannot confine the checking process");
		return 0;
	}
	if (c.mode != RUN_REFERENCE)
		sandbox_catch_faults();
	proto_send(fd, "ready", "%s", "built"); /* the time limit starts now */
	if (rq->bench)
		return bench_in_session(rq, c.s, k, c.max_wg, fd);

	struct test_case *cases;
	int n;
	if (check_spec_expand(c.spec, &cases, &n) < 0) {
		proto_send_verdict_text(c.fd, VERDICT_ERROR, NULL, 0, "cannot expand the tests");
		return 0;
	}
	int failed = 0, ran = 0, analysed = 0;
	for (int i = 0; i < n && !failed; i++) {
		const struct test_case *tc = &cases[i];
		if (c.analyze && !tc->analyze)
			continue;
		int ordinal = c.analyze ? analysed++ : i;   /* among the analysed: in this child's part? */
		if (rq->cases_to > 0 && (ordinal < rq->cases_from || ordinal >= rq->cases_to))
			continue;
		if (check_spec_group_size(c.spec, &tc->vars, &c.limits) > c.max_wg) {
			proto_send(fd, "skip", "%d", i);
			continue;
		}
		if (c.analyze)
			proto_send(fd, "begin", "%s", tc->name);
		else
			proto_send(fd, "begin", "%d", i);
		double cpu = process_cpu_seconds();
		int rc = run_case(&c, tc, i, c.spec->seed * 1000003u + (uint64_t)i * 7919u);
		if (c.analyze)   /* its time, by which the next check shares the analysis out */
			proto_send(fd, "took", "%d\t%.4f", ordinal, process_cpu_seconds() - cpu);
		if (c.printf_fd >= 0)
			send_printf(&c, i);
		if (rc == 0 && c.analyze)
			proto_send_test(c.fd, tc->name, TEST_PASS, &(struct msg)MSG_INIT);
		failed = rc != 0;
		ran++;
		/* Once Oclgrind has something to say, more launches only make the log longer. */
		struct stat st;
		if (c.analyze && rq->analysis_log_path && stat(rq->analysis_log_path, &st) == 0 &&
		    st.st_size > 0)
			break;
	}
	free(cases);
	if (c.analyze && !failed)
		proto_send_verdict_text(c.fd, VERDICT_PASS, NULL, 0, "");
	else if (!c.analyze)
		proto_send(fd, "end", "%d", ran);
	return 0;
}
