/*
 * pch.c: the learner's kernel compiled the short way on PoCL. PoCL's clBuildProgram preprocesses
 * a source once for its cache key, then parses opencl-c.h and the other headers it pre-includes
 * again for every build (about 0.1 s a build on PoCL 3.1, whose lib/CL/pocl_llvm_build.cc notes
 * "TODO: use pch"). But PoCL takes LLVM bitcode for its device's triple through
 * clCreateProgramWithBinary, which skips its front end. So the kernel is compiled by the clang of
 * the LLVM PoCL was built with (its platform version names it), with a precompiled header (PCH) of
 * exactly the headers PoCL pre-includes and the options PoCL gives its own front end, read from
 * PoCL's debug output ("all build options") by a probe, not written here by hand. PoCL then links
 * and runs the bitcode as its own. tests/t091-pch.sh checks that both ways give the same verdicts.
 *
 * PoCL also sets a few front-end settings in its code, not on that line (pocl_llvm_build.cc:
 * blocks, PIC level 2 and PIE, stack realignment, no loop unrolling): PCH_CODE_FLAGS says them.
 *
 * Anything that differs falls back to PoCL's own build (the caller's clhost_build): CLINGS_PCH=0,
 * a device that is not PoCL's or not the probed one, options never probed, a failed probe or
 * clang, a PCH clang refuses, and any compile error, so that a build error's log is PoCL's own.
 *
 * Files, in pch_dir(): KEY.opts, what a probe read for a device and a set of options (platform,
 * device, PoCL's include directory, its options); KEY.pch, the header built for those options
 * with that clang and those headers (their sizes and times in its key: a new version of either
 * makes a new PCH).
 */
#include "engine/engine.h"
#include "engine/pch.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define PCH_CODE_FLAGS "-fblocks -pic-level 2 -pic-is-pie -mstackrealign -fno-unroll-loops"
#define PCH_CLANG_MS 30000   /* one clang run; the build's own limits hold as well */
#define MAX_ARGV 256

/* What PoCL pre-includes, in its order (pocl_llvm_build.cc), from its include directory. */
static const char *const pre_includes[] = {
	"pocl_types.h", "_builtin_renames.h", "opencl-c-base.h", "opencl-c.h", "_kernel.h",
};

char *pch_dir(void)
{
	return user_cache_path("pch");
}

static bool pch_off(void)
{
	const char *v = getenv("CLINGS_PCH");
	return v && !strcmp(v, "0");
}

/* KEY.opts for a device and a set of options; NULL when there is no cache directory. */
static char *opts_path(const char *device, const char *options)
{
	char *dir = pch_dir();
	if (!dir)
		return NULL;
	uint64_t h = hash_add_str(HASH_INIT, device);
	h = hash_add_str(h, getenv("CLINGS_DEVICE"));
	h = hash_add_str(h, options);
	char *path = xstrfmt("%s/%016llx.opts", dir, (unsigned long long)h);
	free(dir);
	return path;
}

struct probe_arg {
	const char *device, *options;
};

/* The probe: PoCL, told to say what it does, builds a kernel of ours with the options. */
static int probe_main(void *arg, int fd)
{
	const struct probe_arg *a = arg;
	setenv("POCL_DEBUG", "llvm", 1);
	setenv("POCL_KERNEL_CACHE", "0", 1);   /* a build, never a cache hit */
	struct cl_session *s = NULL;
	struct msg err = MSG_INIT;
	struct sbuf out = SBUF_INIT;
	struct cl_prog *p = NULL;
	if (clhost_open(a->device, &s, &err) < 0 || clhost_platform_version(s, &out) < 0)
		return 1;
	sbuf_addf(&out, "\n%s\n", clhost_device_name(s));
	int rc = clhost_build(s, "__kernel void clings_probe(__global int *a) { a[0] = 1; }",
			      a->options, &p, &out);
	if (rc == 0 && write_all(fd, out.buf, out.len) < 0)
		rc = -1;
	clhost_prog_release(p);
	clhost_close(s);
	return rc ? 1 : 0;
}

/* The text after marker in log, to the end of its line (trimmed), or NULL. Allocated. */
static char *after(const char *log, const char *marker, const char *until)
{
	const char *p = strstr(log, marker);
	if (!p)
		return NULL;
	p += strlen(marker);
	size_t n = strcspn(p, "\n");
	const char *end = until ? strstr(p, until) : NULL;
	if (end && (size_t)(end - p) < n)
		n = (size_t)(end - p);
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\r'))
		n--;
	return xstrfmt("%.*s", (int)n, p);
}

void pch_probe(const char *device, const char *options)
{
	if (pch_off())
		return;
	char *path = opts_path(device, options);
	if (!path || access(path, R_OK) == 0) {
		free(path);
		return;
	}
	struct probe_arg a = { device, options };
	struct child c;
	struct child_start how = { .first_ms = BUILD_TIME_LIMIT_MS, .stderr_in_memory = true };
	if (child_start(&c, &how, probe_main, &a) < 0) {
		free(path);
		return;
	}
	children_wait(&c, 1, -1);
	char *log = child_stderr(&c);
	/* "Using DIR/kernel-TRIPLE.bc as the built-in lib": DIR/include holds the headers. */
	char *lib = log ? after(log, "Using ", " as the built-in lib") : NULL;
	char *opts = log ? after(log, "all build options: ", NULL) : NULL;
	/* A probe that ended cleanly is kept whatever it found: on a device that is not PoCL's
	 * (nothing found), no later check probes again (read_probed declines). */
	if (child_ended_cleanly(&c) && strchr(c.output.buf, '\n')) {
		bool found = lib && opts && *opts && !strpbrk(opts, "\"'\\");
		struct sbuf text = SBUF_INIT;
		sbuf_addf(&text, "%s\ninclude %s/include\noptions %s\n", c.output.buf,
			  found ? dirname(lib) : "", found ? opts : "-");
		char *dir = pch_dir();
		make_dirs(dir);
		write_file_atomic(path, text.buf, text.len);
		free(dir);
		sbuf_release(&text);
	}
	free(lib);
	free(opts);
	free(log);
	child_release(&c);
	free(path);
}

/* What a probe found, for the session's platform and device. */
struct probed {
	char *text;                 /* the file, split in place */
	char *include, *options;
	char clang[64];             /* the clang of PoCL's LLVM */
	char version[32];           /* its version, as the platform names it */
};

static int read_probed(struct cl_session *s, const char *device, const char *options,
		       struct probed *p)
{
	char *path = opts_path(device, options);
	struct sbuf platform = SBUF_INIT;
	int rc = -1;
	if (!path || read_file(path, &p->text, NULL) < 0 || clhost_platform_version(s, &platform) < 0)
		goto out;
	char *line[4], *save = NULL;
	int n = 0;
	for (char *l = strtok_r(p->text, "\n", &save); l && n < 4; l = strtok_r(NULL, "\n", &save))
		line[n++] = l;
	/* PoCL with its headers in its own directory ("RELOC") takes opencl-c.h from there too. */
	const char *llvm = strstr(platform.buf, "LLVM ");
	int major = llvm ? atoi(llvm + 5) : 0;
	if (n < 4 || strcmp(line[0], platform.buf) || strcmp(line[1], clhost_device_name(s)) ||
	    strncmp(line[2], "include ", 8) || strncmp(line[3], "options ", 8) ||
	    !strstr(platform.buf, "PoCL") || !strstr(platform.buf, "RELOC") || major <= 0) {
		/* another PoCL than the probed one (an upgrade): the next cold child probes again */
		if (n >= 2 && (strcmp(line[0], platform.buf) || strcmp(line[1], clhost_device_name(s))))
			unlink(path);
		goto out;
	}
	p->include = line[2] + 8;
	p->options = line[3] + 8;
	if (!strcmp(p->options, "-"))   /* the probe found nothing to go by */
		goto out;
	snprintf(p->clang, sizeof(p->clang), "/usr/lib/llvm-%d/bin/clang", major);
	snprintf(p->version, sizeof(p->version), "%.*s", (int)strcspn(llvm + 5, " ,"), llvm + 5);
	rc = access(p->clang, X_OK);
out:
	free(path);
	sbuf_release(&platform);
	return rc;
}

/* argv: clang -cc1, PoCL's options, PCH_CODE_FLAGS, then extra (space-separated), in words
 * that point into *words (which the caller frees). */
static int clang_argv(const struct probed *p, const char *extra, char *argv[MAX_ARGV], char **words)
{
	*words = xstrfmt("%s -cc1 %s " PCH_CODE_FLAGS " %s", p->clang, p->options, extra);
	int n = 0;
	char *save = NULL;
	for (char *w = strtok_r(*words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (n == MAX_ARGV - 1)
			return -1;
		argv[n++] = w;
	}
	argv[n] = NULL;
	return 0;
}

static void add_file_id(uint64_t *h, const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0) {
		*h = hash_add(*h, &st.st_size, sizeof(st.st_size));
		*h = hash_add(*h, &st.st_mtim, sizeof(st.st_mtim));
	}
	*h = hash_add_str(*h, path);
}

/* The PCH for p (built when missing); its path, or NULL. */
static char *header(const struct probed *p)
{
	uint64_t h = hash_add_str(HASH_INIT, p->options);
	h = hash_add_str(h, PCH_CODE_FLAGS);
	add_file_id(&h, p->clang);
	struct sbuf includes = SBUF_INIT;
	for (size_t i = 0; i < sizeof(pre_includes) / sizeof(pre_includes[0]); i++) {
		char *f = xstrfmt("%s/%s", p->include, pre_includes[i]);
		add_file_id(&h, f);
		sbuf_addf(&includes, "#include \"%s\"\n", f);
		free(f);
	}
	char *dir = pch_dir();
	char *path = xstrfmt("%s/%016llx.pch", dir, (unsigned long long)h);
	free(dir);
	if (access(path, R_OK) == 0) {
		sbuf_release(&includes);
		return path;
	}
	/* Built beside, then renamed: another check may be reading or building the same one. */
	char *tmp = xstrfmt("%s.%d", path, (int)getpid());
	char *extra = xstrfmt("-emit-pch -o %s -", tmp);
	char *argv[MAX_ARGV], *words = NULL;
	struct sbuf version = SBUF_INIT;
	char *vargv[] = { (char *)p->clang, "--version", NULL };
	int rc = run_program_input(vargv, "", 0, PCH_CLANG_MS, &version, NULL);
	/* The clang of the LLVM PoCL names, and no other. */
	if (rc == 0 && !strstr(version.buf, p->version))
		rc = -1;
	if (rc == 0)
		rc = clang_argv(p, extra, argv, &words);
	if (rc == 0)
		rc = run_program_input(argv, includes.buf, includes.len, PCH_CLANG_MS, NULL, NULL);
	if (rc == 0)
		rc = rename(tmp, path);
	if (rc < 0) {
		unlink(tmp);
		free(path);
		path = NULL;
	}
	free(words);
	free(extra);
	free(tmp);
	sbuf_release(&version);
	sbuf_release(&includes);
	return path;
}

char *pch_check_options(const struct check_spec *spec, const char *own)
{
	return spec->build_options ? xstrfmt("%s %s", spec->build_options, own) : xstrdup(own);
}

char *pch_learner_options(const struct run_request *rq)
{
	/* No optimisation but for the bench and a second opinion (see execute.c's build_learner). */
	bool optimise = (rq->optimise || rq->bench) && rq->mode != RUN_ANALYZE;
	return pch_check_options(rq->spec, optimise ? PCH_OPTIMISED : PCH_LEARNER_OPTIONS);
}

void pch_probe_request(const struct run_request *rq)
{
	char *options = pch_learner_options(rq);
	pch_probe(rq->device, options);
	free(options);
}

/* A clang started ahead of the learner's source (pch_prestart): for these options only. */
static struct {
	struct child c;
	int in_fd;
	char *options, *pch;   /* what it was started for */
} ahead = { .c = CHILD_INIT, .in_fd = -1 };

static void ahead_drop(void)
{
	if (ahead.in_fd >= 0)
		close(ahead.in_fd);
	if (ahead.options)
		child_release(&ahead.c);
	free(ahead.options);
	free(ahead.pch);
	ahead.options = ahead.pch = NULL;
	ahead.in_fd = -1;
	ahead.c = (struct child)CHILD_INIT;
}

/* For clings' developers (CLINGS_DEBUG): which way a build went. */
static int trace(int rc, const char *why)
{
	if (getenv("CLINGS_DEBUG"))
		fprintf(stderr, "clings: pch: %s\n", why);
	return rc;
}

int pch_build(struct cl_session *s, const char *device, const char *src, const char *options,
	      struct cl_prog **out)
{
	struct probed p = { 0 };
	if (pch_off())
		return trace(1, "PoCL's own build (CLINGS_PCH=0)");
	if (read_probed(s, device, options, &p) < 0) {
		free(p.text);
		return trace(1, "PoCL's own build (nothing probed for this device and options)");
	}
	char *pch = header(&p);
	int rc = 1;
	bool early = false;
	if (!pch || (ahead.options && (strcmp(ahead.options, options) || strcmp(ahead.pch, pch))))
		ahead_drop();   /* started for other options, or another header */
	if (pch) {
		char *extra = xstrfmt("-include-pch %s -emit-llvm-bc -o - -", pch);
		char *argv[MAX_ARGV], *words = NULL;
		struct sbuf bc = SBUF_INIT, err = SBUF_INIT;
		int ran = -1;
		early = ahead.options != NULL;
		if (ahead.options) {   /* the clang started ahead: it has loaded itself meanwhile */
			/* the build's limits, which it started without (see pch_prestart) */
			struct rlimit cpu, as;
			if (getrlimit(RLIMIT_CPU, &cpu) == 0 && getrlimit(RLIMIT_AS, &as) == 0 &&
			    prlimit(ahead.c.pid, RLIMIT_CPU, &cpu, NULL) == 0 &&
			    prlimit(ahead.c.pid, RLIMIT_AS, &as, NULL) == 0)
				ran = program_finish(&ahead.c, ahead.in_fd, src, strlen(src), PCH_CLANG_MS, &bc, &err);
			else
				ahead_drop();
			ahead.in_fd = -1;   /* program_finish closed it and released the child */
			ahead.c = (struct child)CHILD_INIT;
			ahead_drop();
		} else if (clang_argv(&p, extra, argv, &words) == 0) {
			ran = run_program_input(argv, src, strlen(src), PCH_CLANG_MS, &bc, &err);
		}
		if (ran == 0 && bc.len > 4 && !memcmp(bc.buf, "BC", 2) &&
		    clhost_build_binary(s, bc.buf, bc.len, options, out) == 0)
			rc = 0;
		/* A header clang will not read (damaged, or older than a header it holds) goes: the
		 * next build makes it again. */
		if (rc && strstr(err.buf, pch))
			unlink(pch);
		sbuf_release(&bc);
		sbuf_release(&err);
		free(words);
		free(extra);
		free(pch);
	}
	free(p.text);
	return trace(rc, rc ? "PoCL's own build (no PCH, or clang or PoCL refused)"
			 : early ? "built through the PCH (clang started ahead)" : "built through the PCH");
}

void pch_prestart(struct cl_session *s, const char *device, const char *options)
{
	struct probed p = { 0 };
	ahead_drop();
	char *pch = pch_off() || read_probed(s, device, options, &p) < 0 ? NULL : header(&p);
	if (pch) {
		char *extra = xstrfmt("-include-pch %s -emit-llvm-bc -o - -", pch);
		char *argv[MAX_ARGV], *words = NULL;
		/* Started with this process's limits; pch_build gives it the build's before its input. */
		if (clang_argv(&p, extra, argv, &words) == 0 &&
		    program_start(&ahead.c, argv, &ahead.in_fd) == 0) {
			ahead.options = xstrdup(options);
			ahead.pch = xstrdup(pch);
		}
		free(words);
		free(extra);
	}
	free(pch);
	free(p.text);
}
