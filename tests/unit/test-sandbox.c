/* Unit tests of the sandbox (sandbox.c): output, exit, crash, deadline, interruption; and that
 * every child is reaped and its process group gone, whatever happened. What a child sees
 * (isolate.c): its own root, no cache another process wrote, no capability, an emptied
 * environment, no secret; and what a confined child may call (sandbox.c's allow-list). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CL/cl.h>

#include "engine/engine.h"

static const struct sandbox_limits limits = { .time_ms = 3000, .build_ms = 3000 };

/* No process of the child's group is left, and none of ours to reap. A killed grandchild is
 * reaped by init, which may take a moment: wait up to two seconds for that. */
static void assert_gone(pid_t group)
{
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);  /* ECHILD: nothing left to reap */
	for (int i = 0; i < 200 && kill(-group, 0) == 0; i++)
		usleep(10 * 1000);
	assert_int_equal(kill(-group, 0), -1);
	assert_int_equal(errno, ESRCH);
}

static int says_hello(void *arg, int fd)
{
	(void)arg;
	return write(fd, "hello\n", 6) == 6 ? 7 : 1;
}

static int crashes(void *arg, int fd)
{
	(void)arg;
	(void)fd;
	signal(SIGSEGV, SIG_DFL);  /* the test runner's own handler is inherited */
	raise(SIGSEGV);
	return 0;
}

static int never_ends(void *arg, int fd)
{
	(void)arg;
	(void)fd;
	if (fork() == 0)  /* a grandchild in the same group must die too */
		for (;;)
			pause();
	for (;;)
		pause();
	return 0;
}

/* Closes its pipe first, then lingers: it must be reaped when it exits, not at its deadline. */
static int closes_then_lingers(void *arg, int fd)
{
	(void)arg;
	close(fd);
	usleep(100 * 1000);
	return 3;
}

static void test_output_and_exit_status(void **state)
{
	(void)state;
	struct child c;
	assert_int_equal(sandbox_start(&c, &limits, NULL, says_hello, NULL), 0);
	pid_t group = c.pid;
	assert_false(children_wait(&c, 1, -1));
	assert_string_equal(sbuf_str(&c.output), "hello\n");
	assert_int_equal(c.exit_status, 7);
	assert_false(c.timed_out);
	assert_int_equal(c.signal, 0);
	sandbox_child_release(&c);
	assert_gone(group);
}

static void test_crash_names_the_signal(void **state)
{
	(void)state;
	struct child c;
	assert_int_equal(sandbox_start(&c, &limits, NULL, crashes, NULL), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_int_equal(c.signal, SIGSEGV);
	assert_false(c.timed_out);
	sandbox_child_release(&c);
}

static void test_deadline_kills_the_group(void **state)
{
	(void)state;
	struct sandbox_limits quick = { .time_ms = 200, .build_ms = 200 };
	struct child c;
	assert_int_equal(sandbox_start(&c, &quick, NULL, never_ends, NULL), 0);
	pid_t group = c.pid;
	assert_false(children_wait(&c, 1, -1));
	assert_true(c.timed_out);
	assert_int_equal(c.signal, 0);  /* our kill is a timeout, not a crash */
	sandbox_child_release(&c);
	assert_gone(group);
}

/* A child that closed its pipe is still waited for while an interrupt fd is watched too. */
static void test_lingering_child_is_reaped_with_interrupt_fd(void **state)
{
	(void)state;
	int keys[2];
	assert_int_equal(pipe(keys), 0);
	struct child c[2];
	assert_int_equal(sandbox_start(&c[0], &limits, NULL, closes_then_lingers, NULL), 0);
	assert_int_equal(sandbox_start(&c[1], &limits, NULL, says_hello, NULL), 0);
	assert_false(children_wait(c, 2, keys[0]));
	assert_false(c[0].timed_out);
	assert_int_equal(c[0].exit_status, 3);
	assert_int_equal(c[1].exit_status, 7);
	sandbox_child_release(&c[0]);
	sandbox_child_release(&c[1]);
	close(keys[0]);
	close(keys[1]);
}

/* Waiting for the first of two children returns once it has ended, the other still running; a
 * later wait takes the other to its end (its deadline still counted from its start). */
static void test_wait_first_leaves_the_rest_running(void **state)
{
	(void)state;
	struct sandbox_limits quick = { .time_ms = 300, .build_ms = 300 };
	struct child c[2];
	assert_int_equal(sandbox_start(&c[0], &limits, NULL, says_hello, NULL), 0);
	assert_int_equal(sandbox_start(&c[1], &quick, NULL, never_ends, NULL), 0);
	assert_false(children_wait_first(c, 2, 1, -1));
	assert_int_equal(c[0].exit_status, 7);
	assert_true(c[1].pid > 0);
	assert_false(c[1].timed_out);
	assert_false(children_wait(c, 2, -1));
	assert_true(c[1].timed_out);
	sandbox_child_release(&c[0]);
	sandbox_child_release(&c[1]);
}

static void test_input_interrupts_and_stays_unread(void **state)
{
	(void)state;
	int keys[2];
	assert_int_equal(pipe(keys), 0);
	assert_int_equal(write(keys[1], "q", 1), 1);
	struct child c;
	assert_int_equal(sandbox_start(&c, &limits, NULL, never_ends, NULL), 0);
	pid_t group = c.pid;
	assert_true(children_wait(&c, 1, keys[0]));
	assert_false(c.timed_out);
	char key = 0;
	assert_int_equal(read(keys[0], &key, 1), 1);
	assert_int_equal(key, 'q');
	sandbox_child_release(&c);
	assert_gone(group);
	close(keys[0]);
	close(keys[1]);
}

/* Whether path can be opened for reading ("yes") or not (the error's name). */
static const char *opens(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		close(fd);
		return "yes";
	}
	return errno == ENOENT ? "ENOENT" : errno == EACCES ? "EACCES" : "other";
}

static const char *creates(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0) {
		close(fd);
		return "yes";
	}
	return errno == EROFS ? "EROFS" : errno == ENOENT ? "ENOENT" : "other";
}

/* What the child sees, as one line: its own directory (the course's, here: this checkout), another
 * process's /proc entry, the system's libraries, its own /proc entry, and where it may write. */
static int looks_around(void *arg, int fd)
{
	const char *cwd = arg;
	char *makefile = xstrfmt("%s/Makefile", cwd);
	char *line = xstrfmt("course %s, pid 1 %s, libc %s, self %s, cpuinfo %s, tmp %s, root %s\n",
			     opens(makefile), opens("/proc/1/status"), opens("/usr/include/stdio.h"),
			     opens("/proc/self/status"), opens("/proc/cpuinfo"), creates("/tmp/x"),
			     creates("/x"));
	int rc = write_all(fd, line, strlen(line)) == 0 ? 0 : 1;
	free(line);
	free(makefile);
	return rc;
}

static void test_child_sees_only_its_root(void **state)
{
	(void)state;
	if (!sandbox_namespaces_available())
		skip();
	char cwd[PATH_MAX];
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_string_equal(opens("Makefile"), "yes");   /* here, it is there */
	struct child c;
	assert_int_equal(sandbox_start(&c, &limits, NULL, looks_around, cwd), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_int_equal(c.exit_status, 0);
	assert_string_equal(sbuf_str(&c.output), "course ENOENT, pid 1 ENOENT, libc yes, self yes, "
						 "cpuinfo yes, tmp yes, root EROFS\n");
	sandbox_child_release(&c);
}

/* Where the child's PoCL cache is, and whether it sees the user's PoCL cache and clings' ref/
 * (arg: the two planted files). */
static int looks_at_caches(void *arg, int fd)
{
	const char *const *planted = arg;
	const char *dir = getenv("POCL_CACHE_DIR");
	char *line = xstrfmt("pocl %s, user's pocl %s, ref %s\n", dir ? dir : "-", opens(planted[0]),
			     opens(planted[1]));
	int rc = write_all(fd, line, strlen(line)) == 0 ? 0 : 1;
	free(line);
	return rc;
}

static void test_child_sees_no_shared_cache(void **state)
{
	(void)state;
	if (!sandbox_namespaces_available())
		skip();
	char dir[] = "/tmp/test-sandbox-cache-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *old_pocl = getenv("POCL_CACHE_DIR") ? xstrdup(getenv("POCL_CACHE_DIR")) : NULL;
	char *old_xdg = getenv("XDG_CACHE_HOME") ? xstrdup(getenv("XDG_CACHE_HOME")) : NULL;
	char *pocl = xstrfmt("%s/pocl", dir), *ref = xstrfmt("%s/clings/ref", dir);
	char *planted[2] = { xstrfmt("%s/program.bc", pocl), xstrfmt("%s/0123.bin", ref) };
	assert_int_equal(make_dirs(pocl), 0);
	assert_int_equal(make_dirs(ref), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(write_file_atomic(planted[i], "x", 1), 0);
	setenv("POCL_CACHE_DIR", pocl, 1);
	setenv("XDG_CACHE_HOME", dir, 1);
	/* A learner's (or the analysis's) child: a cache of its own, the shared ones out of sight. */
	struct child c;
	assert_int_equal(sandbox_start(&c, &limits, NULL, looks_at_caches, planted), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_int_equal(c.exit_status, 0);
	assert_string_equal(sbuf_str(&c.output), "pocl /tmp/kcache, user's pocl ENOENT, ref ENOENT\n");
	sandbox_child_release(&c);
	/* A child of the course's own code (its reference, its wrong kernels): both. */
	struct sandbox_limits course = limits;
	course.course_code = true;
	assert_int_equal(sandbox_start(&c, &course, NULL, looks_at_caches, planted), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_int_equal(c.exit_status, 0);
	char *want = xstrfmt("pocl %s, user's pocl yes, ref yes\n", pocl);
	assert_string_equal(sbuf_str(&c.output), want);
	sandbox_child_release(&c);
	/* A learner's child with its source's cache: that one, bound as its own. */
	struct sandbox_limits learner = limits;
	learner.source_cache = xstrfmt("%s/sources/0123", dir);
	assert_int_equal(make_dirs(learner.source_cache), 0);
	assert_int_equal(sandbox_start(&c, &learner, NULL, looks_at_caches, planted), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_int_equal(c.exit_status, 0);
	char *bound = xstrfmt("pocl %s, user's pocl ENOENT, ref ENOENT\n", learner.source_cache);
	assert_string_equal(sbuf_str(&c.output), bound);
	sandbox_child_release(&c);
	free(bound);
	/* The same cache gone before the child binds it (another clings pruned it): a cold build in
	 * an empty cache of its own, never a child that cannot set up its root. */
	char *gone = xstrfmt("rm -rf %s/sources", dir);
	assert_int_equal(system(gone), 0);
	free(gone);
	assert_int_equal(sandbox_start(&c, &learner, NULL, looks_at_caches, planted), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_int_equal(c.exit_status, 0);
	assert_string_equal(sbuf_str(&c.output), "pocl /tmp/kcache, user's pocl ENOENT, ref ENOENT\n");
	sandbox_child_release(&c);
	free((char *)learner.source_cache);
	old_pocl ? setenv("POCL_CACHE_DIR", old_pocl, 1) : unsetenv("POCL_CACHE_DIR");
	old_xdg ? setenv("XDG_CACHE_HOME", old_xdg, 1) : unsetenv("XDG_CACHE_HOME");
	char *rm = xstrfmt("rm -rf %s", dir);
	assert_int_equal(system(rm), 0);
	free(rm);
	free(want);
	free(planted[0]);
	free(planted[1]);
	free(pocl);
	free(ref);
	free(old_pocl);
	free(old_xdg);
}

/* What fd 2 got while fn ran, read back (the caller frees it). */
static char *stderr_of(char *(*fn)(const char *), const char *arg, char **result)
{
	char path[] = "/tmp/test-sandbox-stderr-XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	assert_true(fd >= 0 && saved >= 0);
	fflush(stderr);
	dup2(fd, 2);
	*result = fn(arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	char *text = NULL;
	assert_int_equal(read_file(path, &text, NULL), 0);
	unlink(path);
	return text;
}

static char *source_cache_of(const char *src)
{
	return sandbox_source_cache(src, strlen(src));
}

/* A source's cache is made whole (its missing parents too), each directory the user's alone; where
 * it cannot be made the check goes on without it, and nothing is printed (base/files.c's quiet
 * make_dirs: the learner would see a stray error line above a verdict). */
static void test_source_cache_made_quietly(void **state)
{
	(void)state;
	char dir[] = "/tmp/test-sandbox-sources-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *old_pocl = getenv("POCL_CACHE_DIR") ? xstrdup(getenv("POCL_CACHE_DIR")) : NULL;
	char *pocl = xstrfmt("%s/a/b/kcache", dir), *parent = xstrfmt("%s-sources", pocl);
	setenv("POCL_CACHE_DIR", pocl, 1);
	char *made;
	char *said = stderr_of(source_cache_of, "kernel", &made);
	assert_non_null(made);
	assert_string_equal(said, "");
	struct stat st;
	assert_int_equal(stat(made, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(stat(parent, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	free(made);
	free(said);
	/* A file where a directory of it would be: no cache, and still not a word. */
	char *file = xstrfmt("%s/file", dir), *under = xstrfmt("%s/kcache", file);
	assert_int_equal(write_file_atomic(file, "x", 1), 0);
	setenv("POCL_CACHE_DIR", under, 1);
	said = stderr_of(source_cache_of, "kernel", &made);
	assert_null(made);
	assert_string_equal(said, "");
	assert_int_equal(make_dirs_quiet(under, 0700), -1);
	assert_int_equal(errno, ENOTDIR);
	old_pocl ? setenv("POCL_CACHE_DIR", old_pocl, 1) : unsetenv("POCL_CACHE_DIR");
	char *rm = xstrfmt("rm -rf %s", dir);
	assert_int_equal(system(rm), 0);
	free(rm);
	free(said);
	free(file);
	free(under);
	free(pocl);
	free(parent);
	free(old_pocl);
}

/* Every capability gone, none to be gained, namespaces or not. */
static int holds_nothing(void *arg, int fd)
{
	(void)arg;
	struct __user_cap_header_struct head = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct held[_LINUX_CAPABILITY_U32S_3];
	int any = syscall(SYS_capget, &head, held) < 0;
	for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++)
		any |= held[i].effective || held[i].permitted || held[i].inheritable;
	int bounding = 0;
	for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++)
		bounding += prctl(PR_CAPBSET_READ, cap, 0, 0, 0) == 1;
	char *line = xstrfmt("held %s, bounding %s, no_new_privs %d\n", any ? "some" : "none",
			     bounding ? "some" : "none", prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
	int rc = write_all(fd, line, strlen(line)) == 0 ? 0 : 1;
	free(line);
	return rc;
}

static void test_child_holds_no_capability(void **state)
{
	(void)state;
	if (!sandbox_namespaces_available())
		skip();   /* a user's process without namespaces holds none to begin with */
	struct child c;
	assert_int_equal(sandbox_start(&c, &limits, NULL, holds_nothing, NULL), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_int_equal(c.exit_status, 0);
	assert_string_equal(sbuf_str(&c.output), "held none, bounding none, no_new_privs 1\n");
	sandbox_child_release(&c);
}

/* A confined child makes one call (arg: its number and arguments) and exits 0 if it comes back. */
struct call {
	const char *name;
	long nr, a[5];
};
#define SELF (-4242L)   /* as a first argument: the child's pid */

static int makes_call(void *arg, int fd)
{
	const struct call *k = arg;
	(void)fd;
	if (sandbox_confine(true) < 0)
		return 2;
	syscall(k->nr, k->a[0] == SELF ? (long)getpid() : k->a[0], k->a[1], k->a[2], k->a[3], k->a[4]);
	return 0;
}

/* getpid by the i386 number and gate: another architecture's call, refused whatever it is. */
static int makes_i386_call(void *arg, int fd)
{
	(void)arg;
	(void)fd;
	if (sandbox_confine(true) < 0)
		return 2;
	long ret;
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(20L) : "memory");
	return 0;
}

static void test_confined_child_is_refused_each_family(void **state)
{
	(void)state;
	static char zero[256];
	static const struct call refused[] = {
		{ "open_tree", SYS_open_tree, { AT_FDCWD, (long)"/usr", 1 } },
		{ "fsopen", SYS_fsopen, { (long)"tmpfs" } },
		{ "fspick", SYS_fspick, { AT_FDCWD, (long)"/usr" } },
		{ "fsconfig", SYS_fsconfig, { -1 } },
		{ "fsmount", SYS_fsmount, { -1 } },
		{ "move_mount", SYS_move_mount, { AT_FDCWD, (long)"/usr", AT_FDCWD, (long)"/tmp" } },
		{ "mount_setattr", SYS_mount_setattr, { AT_FDCWD, (long)"/tmp", 0, (long)zero, 32 } },
		{ "mount", SYS_mount, { (long)"none", (long)"/tmp", (long)"tmpfs" } },
		{ "add_key", SYS_add_key, { (long)"user", (long)"clings", (long)zero, 4, -2 } },
		{ "keyctl", SYS_keyctl, { 0, -3, 1 } },
		{ "request_key", SYS_request_key, { (long)"user", (long)"clings" } },
		{ "ptrace", SYS_ptrace, { 0 } },
		{ "process_vm_readv", SYS_process_vm_readv, { 1, (long)zero, 1, (long)zero, 1 } },
		{ "bpf", SYS_bpf, { 0, (long)zero, 72 } },
		{ "userfaultfd", SYS_userfaultfd, { 1 } },
		{ "io_uring_setup", SYS_io_uring_setup, { 8, (long)zero } },
		{ "io_uring_enter", SYS_io_uring_enter, { -1 } },
		{ "io_uring_register", SYS_io_uring_register, { -1 } },
		{ "socket", SYS_socket, { AF_INET, SOCK_STREAM } },
		{ "execve", SYS_execve, { (long)"/bin/true", 0, 0 } },
		{ "fork", SYS_fork, { 0 } },
		{ "unshare", SYS_unshare, { CLONE_NEWUSER } },
		{ "openat for writing", SYS_openat, { AT_FDCWD, (long)"/tmp/x", O_WRONLY | O_CREAT, 0600 } },
		{ "kill of another", SYS_kill, { 1, 0 } },
		{ "kill of its group", SYS_kill, { 0, 0 } },
		{ "ioctl TIOCSTI, high bits set", SYS_ioctl, { 0, (long)(TIOCSTI | 0x100000000L), (long)"x" } },
		{ "an i386 call", -1, { 0 } },   /* made by int 0x80 below */
	};
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		struct child c;
		print_message("%s\n", refused[i].name);
		assert_int_equal(sandbox_start(&c, &limits, NULL, refused[i].nr < 0 ? makes_i386_call : makes_call,
					       (void *)&refused[i]), 0);
		assert_false(children_wait(&c, 1, -1));
		assert_int_equal(c.signal, SIGSYS);
		sandbox_child_release(&c);
	}
	/* What the runtimes do comes back. */
	static const struct call allowed[] = {
		{ "getpid", SYS_getpid, { 0 } },
		{ "openat for reading", SYS_openat, { AT_FDCWD, (long)"/proc/self/status", O_RDONLY } },
		{ "a thread", SYS_clone3, { (long)zero, 88 } },   /* ENOSYS: the C library uses clone */
		{ "kill of itself, signal 0", SYS_kill, { SELF, 0 } },
	};
	for (size_t i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++) {
		struct child c;
		print_message("%s\n", allowed[i].name);
		assert_int_equal(sandbox_start(&c, &limits, NULL, makes_call, (void *)&allowed[i]), 0);
		assert_false(children_wait(&c, 1, -1));
		assert_int_equal(c.signal, 0);
		assert_int_equal(c.exit_status, 0);
		sandbox_child_release(&c);
	}
}

/* The first variable this process was started with that no child keeps ("NAME=value"), or NULL;
 * never cmocka's own (CMOCKA_MESSAGE_OUTPUT: the last test takes the variable away). */
static char *dropped_start_variable(void)
{
	char *text = NULL;
	size_t len = 0;
	if (read_file("/proc/self/environ", &text, &len) < 0)
		return NULL;
	static const char *const kept[] = { "POCL_", "OCL_ICD_", "CUDA_", "PATH=", "LD_LIBRARY_PATH=",
					    "HOME=", "XDG_CACHE_HOME=", "CLINGS_", "ASAN_", "UBSAN_", "LSAN_",
					    "CMOCKA_" };
	char *found = NULL;
	for (size_t at = 0; at < len && !found; at += strlen(text + at) + 1) {
		bool keep = !strchr(text + at, '=');
		for (size_t k = 0; k < sizeof(kept) / sizeof(kept[0]); k++)
			keep = keep || !strncmp(text + at, kept[k], strlen(kept[k]));
		if (!keep)
			found = xstrdup(text + at);
	}
	free(text);
	return found;
}

/* Whether this process's /proc/self/environ holds text. */
static bool environ_shows(const char *text)
{
	char *env = NULL;
	size_t len = 0;
	if (read_file("/proc/self/environ", &env, &len) < 0)
		return false;
	bool found = memmem(env, len, text, strlen(text)) != NULL;
	free(env);
	return found;
}

static int reads_environment(void *arg, int fd)
{
	const char *dropped = arg;
	char *name = xstrfmt("%.*s", (int)strcspn(dropped, "="), dropped);
	char *line = xstrfmt("given %s, set later %s, dropped %s, bytes %s, path %s\n",
			     getenv("CLINGS_UNIT_GIVEN") ? getenv("CLINGS_UNIT_GIVEN") : "-",
			     getenv("CLINGS_UNIT_LATER") ? "kept" : "gone", getenv(name) ? "kept" : "gone",
			     environ_shows(dropped) ? "shown" : "wiped", getenv("PATH") ? "kept" : "gone");
	int rc = write_all(fd, line, strlen(line)) == 0 ? 0 : 1;
	free(line);
	free(name);
	return rc;
}

static void test_child_environment_is_emptied(void **state)
{
	(void)state;
	char *dropped = dropped_start_variable();
	if (!dropped || !getenv("PATH"))
		skip();
	assert_true(environ_shows(dropped));
	setenv("CLINGS_UNIT_LATER", "1", 1);
	char given[] = "CLINGS_UNIT_GIVEN=yes";
	char *env[] = { given, NULL };
	struct child c;
	assert_int_equal(sandbox_start(&c, &limits, env, reads_environment, dropped), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_int_equal(c.exit_status, 0);
	assert_string_equal(sbuf_str(&c.output), "given yes, set later gone, dropped gone, bytes wiped, path kept\n");
	sandbox_child_release(&c);
	assert_true(environ_shows(dropped));   /* the parent's own are untouched */
	unsetenv("CLINGS_UNIT_LATER");
	free(dropped);
}

static int reads_secret(void *arg, int fd)
{
	const char *secret = arg;   /* the parent's copy, at the same address here */
	size_t n = strlen(secret);
	return write_all(fd, n ? "kept\n" : "wiped\n", n ? 5 : 6) == 0 ? 0 : 1;
}

static void test_taken_secret_is_wiped(void **state)
{
	(void)state;
	char *var = dropped_start_variable();
	if (!var)
		skip();
	char *name = xstrfmt("%.*s", (int)strcspn(var, "="), var);
	const char *value = strchr(var, '=') + 1;
	char *secret = sandbox_take_secret(name);
	assert_non_null(secret);
	assert_string_equal(secret, value);
	assert_null(getenv(name));
	if (*value)
		assert_false(environ_shows(var));   /* gone from the bytes the process started with */
	struct child c;
	assert_int_equal(sandbox_start(&c, &limits, NULL, reads_secret, secret), 0);
	assert_false(children_wait(&c, 1, -1));
	assert_string_equal(sbuf_str(&c.output), "wiped\n");
	sandbox_child_release(&c);
	assert_string_equal(secret, value);   /* the parent keeps its copy */
	assert_null(sandbox_take_secret("CLINGS_UNIT_NEVER_SET"));
	free(name);
	free(var);
}

/* The name a platform gives itself, asked in a child (no runtime is started in this process):
 * the default vendors' first, or the one of the ICD library vendors. */
static void platform_name(const char *vendors, char *name, size_t size)
{
	int p[2];
	assert_int_equal(pipe(p), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(p[0]);
		if (vendors)
			setenv("OCL_ICD_VENDORS", vendors, 1);
		cl_platform_id pl;
		char got[128] = "";
		if (clGetPlatformIDs(1, &pl, NULL) == CL_SUCCESS)
			clGetPlatformInfo(pl, CL_PLATFORM_NAME, sizeof(got), got, NULL);
		_exit(write(p[1], got, strlen(got)) < 0);
	}
	close(p[1]);
	ssize_t n = read(p[0], name, size - 1);
	name[n > 0 ? n : 0] = '\0';
	close(p[0]);
	waitpid(pid, NULL, 0);
}

/* preload.c: a child's memory limit adds the preloaded runtimes that are not its own, named as
 * the runtimes name themselves: PoCL's child gets Oclgrind's, Oclgrind's PoCL's, a GPU's both. */
static void test_preload_slack_is_the_other_runtime(void **state)
{
	(void)state;
	char pocl[128], grind[128];
	platform_name(NULL, pocl, sizeof(pocl));
	platform_name(OCLGRIND_ICD, grind, sizeof(grind));
	assert_true(pocl[0] && grind[0] && strcmp(pocl, grind));
	sandbox_preload_runtimes();
	sandbox_runtime_opened("NVIDIA CUDA / NVIDIA H200");
	size_t all = sandbox_preload_slack();
	char *device = xstrfmt("%s / cpu", pocl);
	sandbox_runtime_opened(device);
	size_t for_pocl = sandbox_preload_slack();
	free(device);
	device = xstrfmt("%s / Oclgrind Simulator", grind);
	sandbox_runtime_opened(device);
	size_t for_grind = sandbox_preload_slack();
	free(device);
	assert_true(for_pocl > 0 && for_grind > 0);
	assert_true(for_pocl < all && for_grind < all);
	assert_true(for_pocl + for_grind == all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_output_and_exit_status),
		cmocka_unit_test(test_crash_names_the_signal),
		cmocka_unit_test(test_deadline_kills_the_group),
		cmocka_unit_test(test_lingering_child_is_reaped_with_interrupt_fd),
		cmocka_unit_test(test_input_interrupts_and_stays_unread),
		cmocka_unit_test(test_wait_first_leaves_the_rest_running),
		cmocka_unit_test(test_child_sees_only_its_root),
		cmocka_unit_test(test_child_sees_no_shared_cache),
		cmocka_unit_test(test_source_cache_made_quietly),
		cmocka_unit_test(test_child_holds_no_capability),
		cmocka_unit_test(test_confined_child_is_refused_each_family),
		cmocka_unit_test(test_child_environment_is_emptied),
		cmocka_unit_test(test_preload_slack_is_the_other_runtime),
		cmocka_unit_test(test_taken_secret_is_wiped),   /* last: it takes a variable away */
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
