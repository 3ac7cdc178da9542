/* Unit tests of the sandbox (sandbox.c): output, exit, crash, deadline, interruption; and that
 * every child is reaped and its process group gone, whatever happened. What a child sees
 * (isolate.c): its own root, an emptied environment, no secret. */
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
#include <sys/wait.h>
#include <unistd.h>

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
		cmocka_unit_test(test_child_environment_is_emptied),
		cmocka_unit_test(test_taken_secret_is_wiped),   /* last: it takes a variable away */
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
