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
 * device, PoCL's include directory, its options, and the header's path and digest once built);
 * KEY.pch, the header built for those options with that clang and those headers (their sizes and
 * times in its key: a new version of either makes a new PCH).
 *
 * Trust: both are made by the parent (pch_trust: the probe is a child of its own that runs only
 * clings' probe kernel; the header is clang's), and the record is sealed (seal.h). A record is
 * never read back as argv unless it verifies; what verified is kept in this process's memory, and
 * the children forked after it (which run the learner's code, and so must not hold the key) take
 * it from there, never from the file. A child reads the header into memory, checks it against
 * the record's digest and hands clang a copy in its own /tmp: a header changed on disk after the
 * parent looked is not used.
 *
 * Budget: clang's compile and PoCL's build after it share the build's processor limit (the
 * child's RLIMIT_CPU, set by sandbox_build_limits): clang gets what is left of it, and what clang
 * used is taken off the child's own limit before PoCL builds.
 */
#include "engine/children/children.h"
#include "engine/seal/seal.h"

#include <fcntl.h>
#include <libgen.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define PCH_CODE_FLAGS "-fblocks -pic-level 2 -pic-is-pie -mstackrealign -fno-unroll-loops"
#define PCH_CLANG_MS 30000   /* one clang run; the build's own limits hold as well */
#define MAX_ARGV 256
#define TRUSTED_MAX 4        /* records kept in memory: the usual build's, an optimised one's */

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

/* KEY.opts for a device and a set of options, and what its seal binds (*binding, allocated);
 * NULL when there is no cache directory. */
static char *opts_path(const char *device, const char *options, char **binding)
{
	char *dir = pch_dir();
	if (!dir)
		return NULL;
	uint64_t h = hash_add_str(HASH_INIT, device);
	h = hash_add_str(h, getenv("CLINGS_DEVICE"));
	h = hash_add_str(h, options);
	char *path = xstrfmt("%s/%016llx.opts", dir, (unsigned long long)h);
	*binding = xstrfmt("%s\n%s\n%s", device ? device : "", getenv("CLINGS_DEVICE") ? getenv("CLINGS_DEVICE") : "",
			   options);
	free(dir);
	return path;
}

/* The records this process verified (pch_trust), which the children it forks inherit. */
static struct {
	char *device, *options;   /* what it was probed for */
	char *text;               /* the record */
} trusted[TRUSTED_MAX];
static int trusted_next;

static const char *trusted_record(const char *device, const char *options)
{
	for (int i = 0; i < TRUSTED_MAX; i++)
		if (trusted[i].text && !strcmp(trusted[i].options, options) &&
		    !strcmp(trusted[i].device, device ? device : ""))
			return trusted[i].text;
	return NULL;
}

static void trust(const char *device, const char *options, const char *text)
{
	int slot = -1;
	for (int i = 0; i < TRUSTED_MAX && slot < 0; i++)
		if (trusted[i].text && !strcmp(trusted[i].options, options) &&
		    !strcmp(trusted[i].device, device ? device : ""))
			slot = i;
	if (slot < 0) {
		slot = trusted_next;
		trusted_next = (trusted_next + 1) % TRUSTED_MAX;
	}
	free(trusted[slot].device);
	free(trusted[slot].options);
	free(trusted[slot].text);
	trusted[slot].device = xstrdup(device ? device : "");
	trusted[slot].options = xstrdup(options);
	trusted[slot].text = text ? xstrdup(text) : NULL;
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

/* Runs the probe and keeps what it found, sealed, at path. */
static void probe(const char *device, const char *options, const char *path, const char *binding)
{
	struct probe_arg a = { device, options };
	struct child c;
	struct child_start how = { .first_ms = BUILD_TIME_LIMIT_MS, .stderr_in_memory = true };
	if (child_start(&c, &how, probe_main, &a) < 0)
		return;
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
		seal_write_file(path, "pch", binding, text.buf, text.len);
		sbuf_release(&text);
	}
	free(lib);
	free(opts);
	free(log);
	child_release(&c);
}

/* What a probe found, and the header built for it. */
struct probed {
	char *text;                 /* the record, split in place */
	char *platform, *device, *include, *options;
	char *header, *digest;      /* the header's path and SHA-256, once built (else NULL) */
	char *identity;             /* and its file's, when it was hashed (file_identity) */
	char clang[64];             /* the clang of PoCL's LLVM */
	char version[32];           /* its version, as the platform names it */
};

/* What changes whenever a file's bytes do: its inode, size, and modification and change times
 * (the change time cannot be set back: a file written since has another). */
static void file_identity(const struct stat *st, char out[96])
{
	snprintf(out, 96, "%llu:%lld:%lld.%09ld:%lld.%09ld", (unsigned long long)st->st_ino,
		 (long long)st->st_size, (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec,
		 (long long)st->st_ctim.tv_sec, st->st_ctim.tv_nsec);
}

/* Splits record (a copy in p->text) into p; -1 when it is not one to build with. */
static int parse_record(const char *record, struct probed *p)
{
	p->text = xstrdup(record);
	char *line[5] = { NULL }, *save = NULL;
	int n = 0;
	for (char *l = strtok_r(p->text, "\n", &save); l && n < 5; l = strtok_r(NULL, "\n", &save))
		line[n++] = l;
	if (n < 4 || strncmp(line[2], "include ", 8) || strncmp(line[3], "options ", 8))
		return -1;
	p->platform = line[0];
	p->device = line[1];
	p->include = line[2] + 8;
	p->options = line[3] + 8;
	if (n == 5 && !strncmp(line[4], "header ", 7)) {   /* "header PATH DIGEST IDENTITY" */
		char *word[3] = { line[4] + 7, NULL, NULL };
		for (int i = 1; i < 3; i++) {
			if (!(word[i] = strchr(word[i - 1], ' ')))
				return -1;
			*word[i]++ = '\0';
		}
		p->header = word[0];
		p->digest = word[1];
		p->identity = word[2];
	}
	/* PoCL with its headers in its own directory ("RELOC") takes opencl-c.h from there too. */
	const char *llvm = strstr(p->platform, "LLVM ");
	int major = llvm ? atoi(llvm + 5) : 0;
	if (!strstr(p->platform, "PoCL") || !strstr(p->platform, "RELOC") || major <= 0 ||
	    !strcmp(p->options, "-"))   /* the probe found nothing to go by */
		return -1;
	snprintf(p->clang, sizeof(p->clang), "/usr/lib/llvm-%d/bin/clang", major);
	snprintf(p->version, sizeof(p->version), "%.*s", (int)strcspn(llvm + 5, " ,"), llvm + 5);
	return access(p->clang, X_OK);
}

static void probed_release(struct probed *p)
{
	free(p->text);
	*p = (struct probed){ 0 };
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

/* The header's path for p (allocated), and the text that includes what it precompiles. */
static char *header_path(const struct probed *p, struct sbuf *includes)
{
	uint64_t h = hash_add_str(HASH_INIT, p->options);
	h = hash_add_str(h, PCH_CODE_FLAGS);
	add_file_id(&h, p->clang);
	for (size_t i = 0; i < sizeof(pre_includes) / sizeof(pre_includes[0]); i++) {
		char *f = xstrfmt("%s/%s", p->include, pre_includes[i]);
		add_file_id(&h, f);
		sbuf_addf(includes, "#include \"%s\"\n", f);
		free(f);
	}
	char *dir = pch_dir();
	char *path = xstrfmt("%s/%016llx.pch", dir, (unsigned long long)h);
	free(dir);
	return path;
}

/* Builds the header for p at path (the parent, once); 0 or -1. */
static int build_header(const struct probed *p, const char *path, const struct sbuf *includes)
{
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
		rc = run_program_input(argv, includes->buf, includes->len, PCH_CLANG_MS, NULL, NULL);
	if (rc == 0)
		rc = rename(tmp, path);
	if (rc < 0)
		unlink(tmp);
	free(words);
	free(extra);
	free(tmp);
	sbuf_release(&version);
	return rc;
}

/* The record with the header made for it (built when missing, or not what the record says),
 * sealed again when that changed; NULL when there is none to build with. Allocated. */
static char *with_header(const char *record, const char *path, const char *binding)
{
	struct probed p = { 0 };
	struct sbuf includes = SBUF_INIT;
	char *out = NULL;
	if (parse_record(record, &p) < 0) {
		out = xstrdup(record);   /* kept as it is: the children decline it themselves */
		goto done;
	}
	char *pch = header_path(&p, &includes), digest[65] = "", id[96] = "";
	struct stat st;
	bool there = p.header && !strcmp(p.header, pch) && stat(pch, &st) == 0;
	if (there)
		file_identity(&st, id);
	/* The same file as when it was hashed: no need to hash it again (a check's time). */
	bool same = there && !strcmp(id, p.identity);
	bool rehashed = there && !same && seal_digest_file(pch, digest) == 0 && !strcmp(digest, p.digest);
	if (same) {
		out = xstrdup(record);
	} else if ((rehashed || (build_header(&p, pch, &includes) == 0 && seal_digest_file(pch, digest) == 0)) &&
		   stat(pch, &st) == 0) {
		file_identity(&st, id);
		struct sbuf text = SBUF_INIT;
		sbuf_addf(&text, "%s\n%s\ninclude %s\noptions %s\nheader %s %s %s\n", p.platform, p.device,
			  p.include, p.options, pch, digest, id);
		seal_write_file(path, "pch", binding, text.buf, text.len);
		out = sbuf_detach(&text);
	}
	free(pch);
done:
	sbuf_release(&includes);
	probed_release(&p);
	return out;
}

void pch_trust(const char *device, const char *options)
{
	if (pch_off())
		return;
	/* Without a key nothing probed could be kept or believed: PoCL's own build, unprobed. */
	struct seal_key key = SEAL_KEY_INIT;
	bool keyed = seal_key_load(&key) == 0;
	seal_key_release(&key);
	char *binding = NULL, *path = keyed ? opts_path(device, options, &binding) : NULL, *record = NULL;
	size_t len = 0;
	if (path && seal_read_file(path, "pch", binding, &record, &len) < 0) {
		probe(device, options, path, binding);
		seal_read_file(path, "pch", binding, &record, &len);
	}
	char *ready = record ? with_header(record, path, binding) : NULL;
	trust(device, options, ready);
	free(ready);
	free(record);
	free(binding);
	free(path);
}

/* In a child: the record its parent verified for the session's platform and device, or -1. */
static int read_probed(struct cl_session *s, const char *device, const char *options,
		       struct probed *p)
{
	const char *record = trusted_record(device, options);
	struct sbuf platform = SBUF_INIT;
	int rc = -1;
	if (!record || clhost_platform_version(s, &platform) < 0)
		goto out;
	rc = parse_record(record, p);
	if (rc == 0 && (strcmp(p->platform, platform.buf) || strcmp(p->device, clhost_device_name(s)) ||
			!p->header)) {
		/* another PoCL than the probed one (an upgrade): the parent probes again */
		if (strcmp(p->platform, platform.buf) || strcmp(p->device, clhost_device_name(s))) {
			char *binding = NULL, *path = opts_path(device, options, &binding);
			if (path)
				unlink(path);
			free(path);
			free(binding);
		}
		rc = -1;
	}
out:
	sbuf_release(&platform);
	return rc;
}

/* In a child: the header of p, read whole, and only when its file is the one the parent hashed
 * (file_identity before and after the read), copied into a file of this process's own (/tmp:
 * the sandbox's own), which is what clang reads. Its path (allocated), or NULL. */
static char *header(const struct probed *p)
{
	char *bytes = NULL, before[96] = "", after_read[96] = "";
	struct stat st;
	int in = open(p->header, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (in < 0)
		return NULL;
	if (fstat(in, &st) == 0 && S_ISREG(st.st_mode))
		file_identity(&st, before);
	bool read_whole = before[0] && read_fd(in, &bytes) == 0 && fstat(in, &st) == 0;
	if (read_whole)
		file_identity(&st, after_read);
	close(in);
	size_t len = read_whole ? (size_t)st.st_size : 0;
	char *path = NULL;
	if (read_whole && !strcmp(before, p->identity) && !strcmp(after_read, p->identity)) {
		path = xstrdup("/tmp/clings-pch-XXXXXX");
		int fd = mkstemp(path);
		int rc = fd < 0 ? -1 : write_all(fd, bytes, len);
		if (fd >= 0)
			close(fd);
		if (rc < 0) {
			if (fd >= 0)
				unlink(path);
			free(path);
			path = NULL;
		}
	}
	free(bytes);
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

void pch_trust_request(const struct run_request *rq)
{
	char *options = pch_learner_options(rq);
	pch_trust(rq->device, options);
	free(options);
}

/* A clang started ahead of the learner's source (pch_prestart): for these options only. */
static struct {
	struct child c;
	int in_fd;
	char *options, *digest;   /* what it was started for */
	char *pch;                /* its copy of the header (header()) */
} ahead = { .c = CHILD_INIT, .in_fd = -1 };

static void ahead_drop(void)
{
	if (ahead.in_fd >= 0)
		close(ahead.in_fd);
	if (ahead.options)
		child_release(&ahead.c);
	if (ahead.pch)
		unlink(ahead.pch);
	free(ahead.options);
	free(ahead.digest);
	free(ahead.pch);
	ahead.options = ahead.digest = ahead.pch = NULL;
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

static double seconds(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

/* Gives clang (pid) what is left of the build's processor limit (whole seconds, rounded down:
 * never more than the build's), and the build's memory. 0 with *given (0: no limit), or -1. */
static int budget_give(pid_t pid, rlim_t *given)
{
	struct rlimit cpu, as;
	*given = 0;
	if (getrlimit(RLIMIT_CPU, &cpu) < 0 || getrlimit(RLIMIT_AS, &as) < 0 || prlimit(pid, RLIMIT_AS, &as, NULL) < 0)
		return -1;
	if (cpu.rlim_cur != RLIM_INFINITY) {
		double left = (double)cpu.rlim_cur - process_cpu_seconds();
		cpu.rlim_cur = left < 1 ? 1 : (rlim_t)left;
		if (cpu.rlim_max != RLIM_INFINITY && cpu.rlim_max < cpu.rlim_cur)
			cpu.rlim_cur = cpu.rlim_max;
		/* its hard limit too: LLVM in clang catches the soft limit's SIGXCPU and goes on */
		cpu.rlim_max = cpu.rlim_cur;
		*given = cpu.rlim_cur;
	}
	return prlimit(pid, RLIMIT_CPU, &cpu, NULL);
}

/* Takes what clang used (the children reaped since before) off this process's limit: PoCL's
 * build after it has only what is left. A clang that used up what it was given (the limit
 * ended it) leaves nothing: this process ends as the limit ends PoCL's own build, at once. */
static void budget_charge(const struct rusage *before, rlim_t given)
{
	struct rusage now;
	struct rlimit cpu;
	if (!given || getrusage(RUSAGE_CHILDREN, &now) < 0 || getrlimit(RLIMIT_CPU, &cpu) < 0 ||
	    cpu.rlim_cur == RLIM_INFINITY)
		return;
	double spent = seconds(now.ru_utime) + seconds(now.ru_stime) - seconds(before->ru_utime) -
		       seconds(before->ru_stime);
	double used = process_cpu_seconds(), left = (double)cpu.rlim_cur - used - spent;
	if (left <= 0 || spent >= (double)given - 0.5) {
		signal(SIGXCPU, SIG_DFL);   /* LLVM, loaded by PoCL, would catch it for its cleanups */
		raise(SIGXCPU);
	}
	rlim_t cur = (rlim_t)ceil(used + left);
	if (cur < cpu.rlim_cur) {
		cpu.rlim_cur = cur;
		setrlimit(RLIMIT_CPU, &cpu);
	}
}

/* Starts clang for p with the header copy pch, reading the source from *in_fd. */
static int clang_start(const struct probed *p, const char *pch, struct child *c, int *in_fd)
{
	char *extra = xstrfmt("-include-pch %s -emit-llvm-bc -o - -", pch);
	char *argv[MAX_ARGV], *words = NULL;
	int rc = clang_argv(p, extra, argv, &words) == 0 ? program_start(c, argv, in_fd) : -1;
	free(words);
	free(extra);
	return rc;
}

int pch_build(struct cl_session *s, const char *device, const char *src, const char *options,
	      struct cl_prog **out)
{
	struct probed p = { 0 };
	if (pch_off()) {
		ahead_drop();
		return trace(1, "PoCL's own build (CLINGS_PCH=0)");
	}
	if (read_probed(s, device, options, &p) < 0) {
		ahead_drop();
		probed_release(&p);
		return trace(1, "PoCL's own build (nothing probed for this device and options)");
	}
	/* the clang started ahead, if it was for these options and this header: it has loaded
	 * itself meanwhile */
	bool early = ahead.options && !strcmp(ahead.options, options) && !strcmp(ahead.digest, p.digest);
	if (!early)
		ahead_drop();
	struct child c = CHILD_INIT;
	int in_fd = -1, rc = 1;
	char *pch = NULL;
	if (early) {
		c = ahead.c;
		in_fd = ahead.in_fd;
		pch = ahead.pch;
		ahead.pch = NULL;
		ahead.in_fd = -1;      /* the build's now */
		ahead.c = (struct child)CHILD_INIT;
		ahead_drop();
	} else if ((pch = header(&p)) && clang_start(&p, pch, &c, &in_fd) < 0) {
		in_fd = -1;
	}
	if (in_fd >= 0) {
		struct sbuf bc = SBUF_INIT, err = SBUF_INIT;
		struct rusage before;
		rlim_t given = 0;
		int ran = -1;
		getrusage(RUSAGE_CHILDREN, &before);
		if (budget_give(c.pid, &given) == 0) {
			ran = program_finish(&c, in_fd, src, strlen(src), PCH_CLANG_MS, &bc, &err);
		} else {
			close(in_fd);
			child_release(&c);
		}
		budget_charge(&before, given);
		if (ran == 0 && bc.len > 4 && !memcmp(bc.buf, "BC", 2) &&
		    clhost_build_binary(s, bc.buf, bc.len, options, out) == 0)
			rc = 0;
		/* A header clang will not read (older than a header it holds) goes: the parent
		 * makes it again. */
		if (rc && strstr(err.buf, pch))
			unlink(p.header);
		sbuf_release(&bc);
		sbuf_release(&err);
	}
	if (pch)
		unlink(pch);
	free(pch);
	probed_release(&p);
	return trace(rc, rc ? "PoCL's own build (no PCH, or clang or PoCL refused)"
			 : early ? "built through the PCH (clang started ahead)" : "built through the PCH");
}

void pch_prestart(struct cl_session *s, const char *device, const char *options)
{
	struct probed p = { 0 };
	ahead_drop();
	char *pch = pch_off() || read_probed(s, device, options, &p) < 0 ? NULL : header(&p);
	/* Started with this process's limits; pch_build gives it the build's before its input. */
	if (pch && clang_start(&p, pch, &ahead.c, &ahead.in_fd) == 0) {
		ahead.options = xstrdup(options);
		ahead.digest = xstrdup(p.digest);
		ahead.pch = pch;
	} else if (pch) {
		unlink(pch);
		free(pch);
	}
	probed_release(&p);
}
