/*
 * isolate.c: what a checking child sees. Where user namespaces can be had, the child gets a root
 * of its own (an allow-list): a small read-only tmpfs holding read-only binds of what the OpenCL
 * runtimes read (root_table below), a private /tmp, and of /proc the child's own entries only. No
 * course, no class, no output directory, no home, no other process, and no cache another process
 * wrote: a child that may run a learner's kernel compiles into a PoCL kernel cache of its own, in
 * its private /tmp, which goes with it (so no reference's bitcode, no kept reference binary and
 * no classmate's kernel is in its sight, nor a grading image's pre-filled cache). Only a child
 * that runs the course's own code (lim->course_code: its reference, its wrong kernels) binds the
 * user's PoCL cache and clings' ref/. Its
 * environment keeps only what the runtimes read (sandbox_child_env), and the grading secret never
 * reaches it (sandbox_take_secret). Every child then holds no capability (sandbox_drop_privileges).
 * Where namespaces are refused, the child runs with the seccomp filter only (sandbox.c) and sees
 * what the user sees.
 */
#include "engine/children/children.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* Where the new root is put together: a tmpfs mounted over /tmp in the child's own mount
 * namespace (the parent's /tmp is untouched), once every source has been cloned. */
#define NEW_ROOT "/tmp"
/* PoCL's kernel cache in a child that may run a learner's kernel: in its private /tmp. */
#define PRIVATE_COMPILER_CACHE "/tmp/kcache"

enum {
	NEED = 1 << 0,   /* without it no runtime works: a child that cannot bind it does not run */
	RW = 1 << 1,     /* stays writable (device nodes, whose writes are no file's) */
};

/*
 * Everything a child sees of the machine, found by experiment (strace -f of checks and analyses,
 * POCL_DEBUG=all): bound read-only at the same path. A pattern with '*' names each match; a
 * missing entry is left out unless NEED. Links (/lib -> usr/lib) are copied as links.
 */
static const struct root_entry {
	const char *path;
	unsigned flags;
} root_table[] = {
	{ "/usr", NEED },                     /* programs, libraries, clang's, PoCL's and Oclgrind's headers */
	{ "/lib", 0 },                        /* a link to usr/lib, or the libraries themselves */
	{ "/lib64", 0 },                      /* the dynamic loader's own path */
	{ "/lib32", 0 },
	{ "/libx32", 0 },
	{ "/bin", 0 },                        /* on PATH: PoCL runs the linker (ld) for every kernel */
	{ "/sbin", 0 },
	{ "/etc/ld.so.cache", 0 },            /* the loader's index: PoCL's devices and the ICDs are opened late */
	{ "/etc/OpenCL", 0 },                 /* the ICD loader's list of platforms (vendors/\*.icd) */
	{ "/dev/null", NEED | RW },           /* the child's stdin and stdout; drivers open it too */
	{ "/dev/zero", RW },
	{ "/dev/urandom", RW },               /* LLVM and the drivers' random numbers */
	{ "/dev/random", RW },
	{ "/dev/nvidia*", RW },               /* an NVIDIA GPU: nvidiactl, nvidia0..., nvidia-uvm */
	{ "/dev/dri", RW },                   /* other GPUs (render nodes) */
	{ "/sys/devices", 0 },                /* hwloc's topology (cpu*, node*); a GPU's PCI device */
	{ "/sys/bus", 0 },                    /* hwloc and the GPU drivers: PCI devices (links into /sys/devices) */
	{ "/sys/class", 0 },                  /* the GPU drivers: drm, its cards */
	{ "/sys/fs/cgroup", 0 },              /* hwloc: the CPUs this process may use (cpuset) */
	{ "/sys/kernel/mm/hugepages", 0 },    /* hwloc: the huge page sizes */
	{ "/proc/cpuinfo", NEED },            /* PoCL: the CPU's name and features */
	{ "/proc/meminfo", NEED },            /* PoCL: the device's global memory size */
	{ "/proc/sys/vm/overcommit_memory", 0 }, /* LLVM and the sanitizers */
	{ "/proc/driver/nvidia", 0 },         /* NVIDIA's OpenCL: the driver's parameters and GPUs */
};

static int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = write_all(fd, text, strlen(text));
	close(fd);
	return rc;
}

char *sandbox_source_cache(const char *src, size_t len)
{
	char *pocl = compiler_kernel_cache();
	if (!pocl)
		return NULL;
	char hex[65];
	seal_digest(src, len, hex);
	char *parent = xstrfmt("%s-sources", pocl), *dir = xstrfmt("%s/%s", parent, hex);
	free(pocl);
	/* Ours, a directory, no link and no other user's: what is not is not used. */
	struct stat a, b;
	/* quietly: where it cannot be made, the child builds into an empty cache of its own */
	bool made = make_dirs_quiet(dir, 0700) == 0 && lstat(parent, &a) == 0 && lstat(dir, &b) == 0;
	if (!made || !S_ISDIR(a.st_mode) || !S_ISDIR(b.st_mode) || a.st_uid != getuid() ||
	    b.st_uid != getuid() || (a.st_mode & 022) || (b.st_mode & 022) ||
	    chmod(parent, 0700) < 0 || chmod(dir, 0700) < 0) {
		free(dir);
		dir = NULL;
	} else {
		utimensat(AT_FDCWD, dir, NULL, 0);   /* used now: the prune goes by the newest time */
	}
	free(parent);
	return dir;
}

/* PoCL's leftovers in one of its caches: it reserves a name with mkstemp ("tempfile_" and six
 * characters), writes NAME.so and NAME.so.o, and leaves the reserved name behind, empty: those go
 * at once. A build that was killed leaves its other temporary files: those go once they are older
 * than any build may last. */
static void clean_leftovers(const char *dir)
{
	DIR *d = opendir(dir);
	time_t now = time(NULL);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strncmp(e->d_name, "tempfile_", 9))
			continue;
		struct stat st;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode))
			continue;
		bool reserved = strlen(e->d_name) == 15 && st.st_size == 0;
		if (reserved || st.st_mtime < now - 10 * BUILD_TIME_LIMIT_MS / 1000)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	if (d)
		closedir(d);
}

void sandbox_clean_compiler_cache(const char *source_cache)
{
	char *dir = compiler_kernel_cache();
	if (dir)
		clean_leftovers(dir);
	if (source_cache)
		clean_leftovers(source_cache);
	free(dir);
}

/* A source of the new root: a detached copy of its mount tree (or a link to copy), cloned while
 * every path still means what it means to the parent. */
struct bind {
	char *path;       /* where it appears in the new root: the same path */
	int tree;         /* open_tree's copy; -1 for a link */
	char *link;       /* a link's target */
	bool dir, rw;
};
#define MAX_BINDS 96

struct binds {
	struct bind b[MAX_BINDS];
	int n;
};

/* Clones path (absolute) for the new root; 0, or -1 when it cannot be had (missing included). */
static int clone_path(struct binds *bs, const char *path, bool rw)
{
	struct stat st;
	if (path[0] != '/' || bs->n == MAX_BINDS || lstat(path, &st) < 0)
		return -1;
	struct bind *b = &bs->b[bs->n];
	*b = (struct bind){ .tree = -1, .rw = rw };
	if (S_ISLNK(st.st_mode)) {
		char target[4096];
		ssize_t n = readlink(path, target, sizeof(target) - 1);
		if (n <= 0)
			return -1;
		target[n] = '\0';
		b->link = xstrdup(target);
	} else {
		b->tree = (int)syscall(SYS_open_tree, AT_FDCWD, path,
				       OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE);
		if (b->tree < 0)
			return -1;
		struct mount_attr attr = { .attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID };
		if (!rw && mount_setattr(b->tree, "", AT_EMPTY_PATH | AT_RECURSIVE, &attr, sizeof(attr)) < 0) {
			close(b->tree);
			return -1;
		}
		b->dir = S_ISDIR(st.st_mode);
	}
	b->path = xstrdup(path);
	bs->n++;
	return 0;
}

/* Every directory of path, in the new root (path relative to it). */
static int make_parents(const char *path)
{
	char *p = xstrdup(path);
	int rc = 0;
	for (char *s = strchr(p + 1, '/'); s && !rc; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	free(p);
	return rc;
}

/* Puts b in place under NEW_ROOT; 0 or -1. A path already in sight through a directory bound
 * before (an ICD file or a library directory under /usr) is that very file: it is left as it is,
 * unless it must be writable. */
static int attach(const struct bind *b)
{
	char *at = xstrfmt(NEW_ROOT "%s", b->path);
	struct stat st;
	bool there = lstat(at, &st) == 0;
	int rc = there ? 0 : make_parents(at);
	if (!rc && b->link) {
		rc = !there && symlink(b->link, at) < 0 ? -1 : 0;
	} else if (!rc && !(there && !b->rw)) {
		if (there)
			;   /* mounted over where it is */
		else if (b->dir)
			rc = mkdir(at, 0755);
		else {
			int fd = open(at, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
			rc = fd < 0 ? -1 : close(fd);
		}
		if (!rc && syscall(SYS_move_mount, b->tree, "", AT_FDCWD, at, MOVE_MOUNT_F_EMPTY_PATH) < 0)
			rc = -1;
	}
	free(at);
	return rc;
}

/* Each directory of a colon-separated list of absolute paths (LD_LIBRARY_PATH, OCL_ICD_VENDORS). */
static void clone_list(struct binds *bs, const char *list)
{
	char *copy = xstrdup(list ? list : ""), *save = NULL;
	for (char *p = strtok_r(copy, ":", &save); p; p = strtok_r(NULL, ":", &save))
		clone_path(bs, p, false);
	free(copy);
}

/* Clones what the new root holds; -1 when something it needs is missing. cache: the user's PoCL
 * cache, for a child of the course's own code only (NULL otherwise). */
static int clone_sources(struct binds *bs, const char *cache, const char *source_cache, bool *source_bound)
{
	for (size_t i = 0; i < sizeof(root_table) / sizeof(root_table[0]); i++) {
		const struct root_entry *e = &root_table[i];
		glob_t g;
		if (strchr(e->path, '*')) {
			if (glob(e->path, GLOB_NOSORT, NULL, &g) == 0)
				for (size_t k = 0; k < g.gl_pathc; k++)
					clone_path(bs, g.gl_pathv[k], e->flags & RW);
			globfree(&g);
		} else if (clone_path(bs, e->path, e->flags & RW) < 0 && (e->flags & NEED)) {
			return -1;
		}
	}
	/* The runtimes the user pointed clings at (a GPU's ICD loader and vendor file, outside
	 * the system's directories): where they said. */
	clone_list(bs, getenv("LD_LIBRARY_PATH"));
	clone_list(bs, getenv("OCL_ICD_VENDORS"));
	clone_list(bs, getenv("OCL_ICD_FILENAMES"));
	/* The analysis's access plugin: the one file, not its directory. */
	const char *plugin = access_plugin_path();
	if (plugin)
		clone_path(bs, plugin, false);
	/* A child of the course's own code: the user's PoCL cache, where PoCL writes what it
	 * builds, and the reference solutions' kept binaries (refbin.c). No other child sees either. */
	if (cache && clone_path(bs, cache, true) < 0)
		return -1;
	/* A child that may run a learner's kernel: the cache of the one source it builds. One that
	 * went meanwhile (another clings of the user's pruned it) leaves this build cold: the child
	 * builds into an empty cache of its own, as where none could be made. */
	*source_bound = !cache && source_cache && clone_path(bs, source_cache, true) == 0;
	char *dir = cache ? user_cache_path("ref") : NULL;
	if (dir)
		clone_path(bs, dir, true);
	free(dir);
	/* The precompiled headers of the learner's builds (pch.c), built there on first use: made
	 * of the system's OpenCL headers and PoCL's options only, nothing of a course or a learner.
	 * The execution child opens no file for writing once it is confined (sandbox.c). */
	dir = user_cache_path("pch");
	if (dir)
		clone_path(bs, dir, true);
	free(dir);
	/* Of /proc: the child's own directory, as /proc/self (and /proc/self/fd/4, the analysis's
	 * log, with it). */
	char self[32];
	snprintf(self, sizeof(self), "/proc/%d", (int)getpid());
	return clone_path(bs, self, true);
}

/* In the new mount namespace: the new root, then pivot_root into it. 0 or -1; *source_bound:
 * whether lim->source_cache is in it. */
static int enter_new_root(const struct sandbox_limits *lim, const char *cache, bool *source_bound)
{
	struct binds bs = { .n = 0 };
	char *hide = lim->hide ? realpath(lim->hide, NULL) : NULL;
	int rc = clone_sources(&bs, cache, lim->source_cache, source_bound);
	if (!rc && mount("tmpfs", NEW_ROOT, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755") < 0)
		rc = -1;
	/* A /tmp of its own, as small as the files it may write (first: a cache under /tmp is
	 * bound inside it), and a PoCL cache of its own in it where the user's is not bound. */
	if (!rc && (mkdir(NEW_ROOT "/tmp", 01777) < 0 ||
		    mount("tmpfs", NEW_ROOT "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=1777") < 0))
		rc = -1;
	if (!rc && !cache && !*source_bound && mkdir(NEW_ROOT PRIVATE_COMPILER_CACHE, 0700) < 0)
		rc = -1;
	for (int i = 0; i < bs.n && !rc; i++)
		rc = attach(&bs.b[i]);
	char *proc_self = xstrfmt("%d", (int)getpid());
	if (!rc && (symlink(proc_self, NEW_ROOT "/proc/self") < 0 ||
		    symlink("self/mounts", NEW_ROOT "/proc/mounts") < 0))
		rc = -1;
	free(proc_self);
	/* What lies inside a bound directory but must not be seen (the course's solutions, were
	 * the course installed under /usr): covered. */
	char *hidden = hide ? xstrfmt(NEW_ROOT "%s", hide) : NULL;
	struct stat st;
	if (!rc && hidden && stat(hidden, &st) == 0 &&
	    mount("tmpfs", hidden, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV, "size=4k,mode=0555") < 0)
		rc = -1;
	free(hidden);
	free(hide);
	struct mount_attr ro = { .attr_set = MOUNT_ATTR_RDONLY };
	if (!rc && mount_setattr(AT_FDCWD, NEW_ROOT, 0, &ro, sizeof(ro)) < 0)
		rc = -1;
	if (!rc && (chdir(NEW_ROOT) < 0 || syscall(SYS_pivot_root, ".", ".") < 0 ||
		    umount2(".", MNT_DETACH) < 0 || chdir("/") < 0))
		rc = -1;
	for (int i = 0; i < bs.n; i++) {
		if (bs.b[i].tree >= 0)
			close(bs.b[i].tree);
		free(bs.b[i].path);
		free(bs.b[i].link);
	}
	return rc;
}

int sandbox_isolate(const struct sandbox_limits *lim)
{
	uid_t uid = getuid();
	gid_t gid = getgid();
	/* The user's PoCL cache: only for a child of the course's own code. */
	char *cache = lim->course_code ? compiler_cache_dir() : NULL;
	/* While the home is in sight; quietly: a cache not made only leaves the child's builds cold. */
	if (cache)
		make_dirs_quiet(cache, 0755);
	for (int i = 0; i < 2; i++) {   /* clings' own caches the children write (pch.c, refbin.c) */
		char *dir = user_cache_path(i ? "ref" : "pch");
		if (dir && (i == 0 || lim->course_code))
			make_dirs_quiet(dir, 0755);
		free(dir);
	}
	int rc = -1;
	if (getenv("CLINGS_NO_NAMESPACES") || unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC) < 0)
		goto out;
	char map[64];
	snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)uid, (unsigned)uid);
	write_text("/proc/self/setgroups", "deny");
	if (write_text("/proc/self/uid_map", map) < 0)
		goto out;
	snprintf(map, sizeof(map), "%u %u 1\n", (unsigned)gid, (unsigned)gid);
	if (write_text("/proc/self/gid_map", map) < 0)
		goto out;
	/* Nothing done here reaches the parent's mounts. */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		goto out;
	/* Half done is not done: a child that could not leave the parent's root does not run. */
	bool source_bound = false;
	if (enter_new_root(lim, cache, &source_bound) < 0 ||
	    (!cache && setenv("POCL_CACHE_DIR", source_bound ? lim->source_cache : PRIVATE_COMPILER_CACHE, 1) < 0))
		_exit(SANDBOX_SETUP_FAILED);
	rc = 0;
out:
	free(cache);
	return rc;
}

int sandbox_drop_privileges(void)
{
	/* Never root again: no capabilities from a uid of 0, from exec, or kept across setuid; the
	 * bits locked (this needs CAP_SETPCAP, which a child without namespaces run by a user
	 * lacks, and has no capability to lose). */
	prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |
	      SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED | SECBIT_NO_CAP_AMBIENT_RAISE |
	      SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED, 0, 0, 0);
	for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++)
		prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	struct __user_cap_header_struct head = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3] = { { 0, 0, 0 } };
	if (syscall(SYS_capset, &head, none) < 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	/* What the process holds now, read back: nothing, or it does not run. */
	struct __user_cap_data_struct held[_LINUX_CAPABILITY_U32S_3];
	if (syscall(SYS_capget, &head, held) < 0 || prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1)
		return -1;
	for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++)
		if (held[i].effective || held[i].permitted || held[i].inheritable)
			return -1;
	for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++)
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, cap, 0, 0) > 0)
			return -1;
	return 0;
}

static int try_isolate(void *arg, int channel)
{
	(void)arg;
	(void)channel;
	struct sandbox_limits none = { 0 };
	return sandbox_isolate(&none) == 0 ? 0 : 1;
}

bool sandbox_namespaces_available(void)
{
	static int known = -1;
	if (known >= 0)
		return known;
	struct child c;
	struct child_start how = { .first_ms = 10000 };
	known = child_start(&c, &how, try_isolate, NULL) == 0;
	if (known) {
		children_wait(&c, 1, -1);
		known = child_ended_cleanly(&c);
		child_release(&c);
	}
	return known;
}

/* The secret sandbox_take_secret took, wiped in every child. */
static char *taken_secret;

char *sandbox_take_secret(const char *name)
{
	size_t n = strlen(name);
	char *found[8];
	int nfound = 0;
	for (char **e = environ; e && *e && nfound < 8; e++)
		if (!strncmp(*e, name, n) && (*e)[n] == '=')
			found[nfound++] = *e;
	if (!nfound)
		return NULL;
	char *value = xstrdup(found[0] + n + 1);
	unsetenv(name);
	/* /proc/PID/environ shows the bytes the process was started with, wherever environ points
	 * now: those bytes go, not only the variable. */
	for (int i = 0; i < nfound; i++)
		explicit_bzero(found[i], strlen(found[i]));
	free(taken_secret);
	taken_secret = value;
	return value;
}

/*
 * Variables a child keeps, by name (NAME=) or prefix (NAME_): what the runtimes and the child's
 * own code read. Everything else of the parent's environment goes.
 */
static const char *const env_keep[] = {
	"POCL_",              /* PoCL's settings: its devices, its cache */
	"OCL_ICD_",           /* the ICD loader: where the platforms are */
	"CUDA_",              /* NVIDIA's OpenCL: its cache, its visible devices */
	"PATH=",              /* PoCL links each kernel by running the linker (ld), found there */
	"LD_LIBRARY_PATH=",   /* where a GPU's libraries are, when not in the system's places */
	"HOME=",              /* the compiler's cache path (~/.cache/pocl) */
	"XDG_CACHE_HOME=",    /* the same, where set */
	"CLINGS_DEVICE=",     /* the device, when --device is not given */
	"CLINGS_DEBUG=",      /* clings' developers: the children's chatter */
	"CLINGS_PCH=",        /* 0: PoCL's own build, not the precompiled header's (pch.c) */
	"CLINGS_WARP=",       /* the access plugin's warp and banks */
	"CLINGS_BANKS=",
	"ASAN_OPTIONS=",      /* sanitizer builds */
	"UBSAN_OPTIONS=",
	"LSAN_OPTIONS=",
};

static bool kept(const char *var)
{
	for (size_t i = 0; i < sizeof(env_keep) / sizeof(env_keep[0]); i++)
		if (!strncmp(var, env_keep[i], strlen(env_keep[i])))
			return true;
	return false;
}

/* Where the environment the process was started with lies (/proc/self/stat, env_start and
 * env_end); false when unknown. */
static bool start_environment(char **start, char **end)
{
	char buf[2048];
	int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
	ssize_t got = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
	if (fd >= 0)
		close(fd);
	if (got <= 0)
		return false;
	buf[got] = '\0';
	/* The command's name may hold anything: the fields after it, from the third, count. */
	char *p = strrchr(buf, ')');
	unsigned long long v[52] = { 0 };
	for (int field = 3; p && field <= 51; field++) {
		p = strchr(p, ' ');
		if (p)
			v[field] = strtoull(++p, NULL, 10);
	}
	/* env_start and env_end: fields 50 and 51, counted from 1 */
	*start = (char *)(uintptr_t)v[50];
	*end = (char *)(uintptr_t)v[51];
	return *start && *end > *start;
}

void sandbox_child_env(char *const env[])
{
	if (taken_secret)
		explicit_bzero(taken_secret, strlen(taken_secret));
	int n = 0;
	for (char **e = environ; e && *e; e++)
		n++;
	char **keep = xcalloc((size_t)n + 1, sizeof(*keep));
	int nk = 0;
	for (char **e = environ; e && *e; e++)
		if (kept(*e))
			keep[nk++] = *e;
	char *start, *end;
	bool known = start_environment(&start, &end);
	clearenv();
	for (int i = 0; i < nk; i++)
		putenv(keep[i]);
	for (int i = 0; env && env[i]; i++)
		putenv(env[i]);
	/* The bytes of every variable that went, where /proc/self/environ shows them. */
	for (char *s = start; known && s < end; s += strlen(s) + 1) {
		bool still = false;
		for (int i = 0; i < nk && !still; i++)
			still = keep[i] == s;
		if (!still)
			explicit_bzero(s, strlen(s));
	}
	free(keep);
}
