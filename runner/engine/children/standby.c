/*
 * standby.c: a checking process started ahead of time. Before a check can build the learner's
 * kernel, its process must open the device and load the OpenCL compiler; on PoCL that first
 * build costs about a second, most of a check. In watch mode the learner spends far longer
 * editing than that, so the watcher starts the next execution child as soon as a check ends:
 * it opens the device, warms the compiler, and waits on a pipe. The next save hands it the
 * request: the check file (its path and text), the limits, and the learner's source as
 * the parent read it (so that analysis and execution check the same text). It runs the
 * learner's kernel only: the reference solution is never in its hands.
 *
 * The analysis children wait the same way beside it, one for each part of the analysed tests a
 * check shares out (analysis_parts): Oclgrind's runtime loaded, its context (and the access
 * plugin) made, its compiler warmed by a kernel that builds, its log already open on the file in
 * memory the parent keeps for it (descriptor 4, as a cold analysis child's); its request, which
 * names its part, comes on its stdin. A warm-up that wrote anything into that log is not used.
 *
 * It is a sandboxed child like any other (own process group, resource limits, killed with its
 * parent); its deadline starts when it gets its request, and it answers every request with a
 * verdict, the device's error included. A standby that cannot take a request (it died, it opened
 * another device) only means that the next check starts a cold child.
 */
#include "engine/children/children.h"
#include "engine/analysis/analysis.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* A request goes in one write that never blocks, so it must fit in a pipe's buffer (64 KiB on
 * Linux); a larger learner's file is checked by a cold child. */
#define JOB_MAX 60000

struct standby_arg {
	const char *device;
	int job_fd;          /* the read end of the request pipe (the analysis child's stdin) */
	int job_write_fd;    /* the parent's end: closed in the child */
	bool analysis;       /* Oclgrind's child, not the device's */
};

/* The request: one field a line, "key value", in this order; the last two, "spec LENGTH" and
 * "source LENGTH", are followed by the check file's text (the child cannot open the course's
 * files: see isolate.c) and the learner's source, to the end. */
enum { JOB_CHECK, JOB_SEED, JOB_SHOWN, JOB_LIMITS, JOB_CASES, JOB_SPEC, JOB_SOURCE, JOB_FIELDS };
static const char *const job_keys[JOB_FIELDS] = { "check", "seed", "shown", "limits", "cases",
						  "spec", "source" };

/* Splits job (in place) into its fields and *rest, what follows them; false when one is missing. */
static bool job_parse(char *job, char *field[JOB_FIELDS], char **rest)
{
	char *line = job;
	for (int i = 0; i < JOB_FIELDS; i++) {
		size_t n = strlen(job_keys[i]);
		char *end = line ? strchr(line, '\n') : NULL;
		if (!end || strncmp(line, job_keys[i], n) || line[n] != ' ')
			return false;
		*end = '\0';
		field[i] = line + n + 1;
		line = end + 1;
	}
	*rest = line;
	return true;
}

/* Reads the request: everything the parent writes before it closes its end. */
static char *read_job(int fd)
{
	struct sbuf job = SBUF_INIT;
	char buf[4096];
	for (;;) {
		ssize_t got = read(fd, buf, sizeof(buf));
		if (got > 0 && job.len + (size_t)got <= JOB_MAX) {
			sbuf_add(&job, buf, (size_t)got);
			continue;
		}
		if (got < 0 && errno == EINTR)
			continue;
		break;
	}
	if (!job.len) {
		sbuf_release(&job);
		return NULL;
	}
	return sbuf_detach(&job);
}

/*
 * The first build in a process loads the compiler and links the device's built-in library; later
 * builds skip both. The warm-up must really compile: PoCL answers a source it has seen from its
 * disk cache without loading anything. A call to a function that exists nowhere compiles, loads
 * the library to link against, then fails: nothing is left in the cache.
 */
static void warm_up(struct cl_session *s, const char *device)
{
	struct cl_prog *p = NULL;
	struct sbuf log = SBUF_INIT;
	const char *src = "void clings_nowhere(__global int *a);\n"
			  "__kernel void clings_warm_up(__global int *a) { clings_nowhere(a); }";
	/* The precompiled header made now if it is missing, clang's files read (pch.c). */
	if (pch_build(s, device, src, PCH_LEARNER_OPTIONS, &p) == 0)
		clhost_prog_release(p);
	p = NULL;
	clhost_build(s, src, PCH_OPTIMISED, &p, &log);
	clhost_prog_release(p);
	sbuf_release(&log);
}

/* Reports why the request could not be checked; the learner's code is not to blame. */
static int cannot_check(int fd, const char *what, const char *path)
{
	char *msg = xstrfmt("cannot read %s %s: %s", what, path, strerror(errno));
	proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, msg);
	free(msg);
	return 0;
}

/* Oclgrind's first build in a process loads its compiler's code: a kernel that builds (a failed
 * build would be in its log, with OCLGRIND_CHECK_API), never launched. */
static void warm_up_analysis(struct cl_session *s)
{
	struct cl_prog *p = NULL;
	struct sbuf log = SBUF_INIT;
	if (clhost_build(s, "__kernel void clings_warm_up(__global int *a) { a[0] = 1; }",
			 PCH_LEARNER_OPTIONS, &p, &log) == 0)
		clhost_prog_release(p);
	sbuf_release(&log);
}

static int standby_main(void *arg, int fd)
{
	const struct standby_arg *a = arg;
	close(a->job_write_fd);
	struct cl_session *s = NULL;
	struct msg err = MSG_INIT;
	if (a->analysis) {
		if (clhost_open(NULL, &s, &err) == 0)
			warm_up_analysis(s);
	} else {
		if (clhost_open(a->device, &s, &err) == 0)
			warm_up(s, a->device);
		if (s)   /* the learner's compiler, started now, waits for the source (pch.c) */
			pch_prestart(s, a->device, PCH_LEARNER_OPTIONS);
	}
	char *job = read_job(a->job_fd);
	if (!job)
		return 0;  /* the watcher quit, or moved to another device */
	/* Every request gets a verdict: what went wrong here is reported like a cold child's. */
	if (!s) {
		proto_send_verdict(fd, VERDICT_ERROR, NULL, 0, &err);
		return 0;
	}
	char *f[JOB_FIELDS], *rest;
	struct sandbox_limits limits = { 0 };
	size_t spec_len = 0;
	int cases_from = 0, cases_to = 0;
	if (!job_parse(job, f, &rest) ||
	    sscanf(f[JOB_LIMITS], "%ld %ld %ld %ld %ld %ld", &limits.time_ms, &limits.build_ms,
		   &limits.memory_mb, &limits.cpu_s, &limits.file_mb, &limits.open_files) != 6 ||
	    sscanf(f[JOB_CASES], "%d %d", &cases_from, &cases_to) != 2 ||
	    (spec_len = strtoul(f[JOB_SPEC], NULL, 10)) > strlen(rest) ||
	    strtoul(f[JOB_SOURCE], NULL, 10) != strlen(rest + spec_len)) {
		proto_send_verdict_text(fd, VERDICT_ERROR, NULL, 0, "the checking process got a request it cannot read");
		return 0;
	}
	char *spec_text = xstrfmt("%.*s", (int)spec_len, rest);
	char *learner_src = rest + spec_len;
	/* about 200 KB, and the child's until it exits */
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	/* The parent read it a moment ago: it parsed then. */
	if (check_spec_parse(f[JOB_CHECK], spec_text, spec) < 0)
		return cannot_check(fd, "the check file", f[JOB_CHECK]);
	free(spec_text);
	spec->seed = strtoull(f[JOB_SEED], NULL, 10);
	struct run_request rq = {
		.spec = spec,
		.learner_path = f[JOB_SHOWN],
		.learner_src = learner_src,
		.device = a->device,
		.mode = a->analysis ? RUN_ANALYZE : RUN_EXECUTE,
		.limits = &limits,
		.analysis_log_path = a->analysis ? ANALYSIS_LOG : NULL,
		.cases_from = cases_from,
		.cases_to = cases_to,
	};
	return run_in_session(&rq, s, fd);
}

/* A standby's limits until its request brings the check's: CPU and files now. */
static struct sandbox_limits early_limits(const char *hide)
{
	return (struct sandbox_limits){ .build_ms = 0, .file_mb = 64, .open_files = 256, .hide = hide };
}

/* Oclgrind's child for part k of the analysed tests: the environment of a cold one
 * (analysis_env), its log in a file in memory the parent keeps, its request on its stdin. */
static void start_analysis(struct standby *sb, int k, const char *hide)
{
	if (sb->analysis_job_fd[k] >= 0 || !analysis_available())
		return;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) < 0)
		return;
	int log = memfd_create("clings-oclgrind-log", MFD_CLOEXEC);
	char *env[16];
	analysis_env(ANALYSIS_LOG, env, 16);
	/* the child reads its request on descriptor 0 */
	struct standby_arg a = { NULL, 0, fds[1], true };
	struct sandbox_limits early = early_limits(hide);
	int kept = log;
	int rc = log < 0 ? -1 : sandbox_start_fed(&sb->analysis[k], &early, env, standby_main, &a, &kept, fds[0]);
	for (int i = 0; env[i]; i++)
		free(env[i]);
	close(fds[0]);
	if (rc < 0) {
		close(fds[1]);
		if (log >= 0)
			close(log);
		return;
	}
	sb->analysis_job_fd[k] = fds[1];
	sb->log_fd[k] = log;
}

void standby_start(struct standby *sb, const char *device, const char *hide)
{
	for (int k = 0; k < analysis_children(); k++)
		start_analysis(sb, k, hide);
	if (sb->job_fd >= 0)
		return;
	int fds[2];
	if (pipe(fds) < 0)
		return;
	struct standby_arg a = { device, fds[0], fds[1], false };
	pch_trust(device, PCH_LEARNER_OPTIONS);   /* its compiler's header, verified here (pch.c) */
	/* CPU and file limits now; the check's own limits when its request comes. */
	struct sandbox_limits early = early_limits(hide);
	if (sandbox_start_keeping(&sb->child, &early, NULL, standby_main, &a, &a.job_fd) < 0) {
		close(fds[0]);
		close(fds[1]);
		return;
	}
	close(fds[0]);
	sb->job_fd = fds[1];
	free(sb->device);
	sb->device = device ? xstrdup(device) : NULL;
}

static void standby_release_one(int *job_fd, struct child *c)
{
	if (*job_fd >= 0)
		close(*job_fd);
	*job_fd = -1;
	sandbox_child_release(c);
	*c = (struct child)CHILD_INIT;
}

/* The execution child, its request pipe and its device: gone. */
static void release_execution(struct standby *sb)
{
	standby_release_one(&sb->job_fd, &sb->child);
	free(sb->device);
	sb->device = NULL;
}

/* Analysis child k, its request pipe and its log: gone. */
static void release_analysis(struct standby *sb, int k)
{
	standby_release_one(&sb->analysis_job_fd[k], &sb->analysis[k]);
	if (sb->log_fd[k] >= 0)
		close(sb->log_fd[k]);
	sb->log_fd[k] = -1;
}

static bool same_device(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

/* Writes rq's request to *job_fd (closed then) and makes its child c; -1 when it cannot go. */
static int hand_over(int *job_fd, struct child *waiting, const struct run_request *rq, struct child *c)
{
	/* inputs read from the course's data/: the standby, which cannot open them, parses only the
	 * check's text (a cold child inherits them) */
	bool data = false;
	for (int i = 0; i < rq->spec->nargs; i++)
		data |= rq->spec->args[i].init.kind == INIT_FILE;
	for (int t = 0; t < rq->spec->ntests; t++)
		for (int i = 0; i < rq->spec->tests[t].ninits; i++)
			data |= rq->spec->tests[t].inits[i].init.kind == INIT_FILE;
	if (*job_fd < 0 || !rq->check_file || data)
		return -1;
	const struct sandbox_limits *l = rq->limits;
	char *spec_text = NULL;
	if (read_file(rq->check_file, &spec_text, NULL) < 0)
		return -1;
	struct sbuf job = SBUF_INIT;
	sbuf_addf(&job, "check %s\nseed %llu\nshown %s\nlimits %ld %ld %ld %ld %ld %ld\n"
			"cases %d %d\nspec %zu\nsource %zu\n",
		  rq->check_file, (unsigned long long)rq->spec->seed, rq->learner_path,
		  l->time_ms, l->build_ms, l->memory_mb, l->cpu_s, l->file_mb, l->open_files,
		  rq->cases_from, rq->cases_to, strlen(spec_text), strlen(rq->learner_src));
	/* One line a field: a path with a newline in it goes to a cold child. */
	int newlines = 0;
	for (size_t i = 0; i < job.len; i++)
		newlines += job.buf[i] == '\n';
	sbuf_adds(&job, spec_text);
	sbuf_adds(&job, rq->learner_src);
	free(spec_text);
	/* A child that died writes nothing back: a closed pipe must not kill the watcher. */
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	bool sent = newlines == JOB_FIELDS && job.len <= JOB_MAX &&
		    write(*job_fd, job.buf, job.len) == (ssize_t)job.len;
	signal(SIGPIPE, old);
	sbuf_release(&job);
	if (!sent)
		return -1;
	close(*job_fd);
	*job_fd = -1;
	*c = *waiting;
	sandbox_arm(c, l);
	*waiting = (struct child)CHILD_INIT;
	return 0;
}

int standby_take(struct standby *sb, const struct run_request *rq, struct child *c)
{
	if (!same_device(sb->device, rq->device) || hand_over(&sb->job_fd, &sb->child, rq, c) < 0) {
		release_execution(sb);
		return -1;
	}
	return 0;
}

int standby_take_analysis(struct standby *sb, int part, const struct run_request *rq, struct child *c,
			  int *log_fd)
{
	/* Its log must hold what the check's run writes, nothing before it. */
	struct stat before;
	if (part < 0 || part >= ANALYSIS_PARTS || sb->log_fd[part] < 0 ||
	    fstat(sb->log_fd[part], &before) < 0 || before.st_size != 0 ||
	    hand_over(&sb->analysis_job_fd[part], &sb->analysis[part], rq, c) < 0) {
		if (part >= 0 && part < ANALYSIS_PARTS)
			release_analysis(sb, part);
		return -1;
	}
	*log_fd = sb->log_fd[part];
	sb->log_fd[part] = -1;
	return 0;
}

void standby_release(struct standby *sb)
{
	release_execution(sb);
	for (int k = 0; k < ANALYSIS_PARTS; k++)
		release_analysis(sb, k);
}
