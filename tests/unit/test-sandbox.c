/* Unit tests of the sandbox (sandbox.c): output, exit, crash, deadline, interruption; and that
 * every child is reaped and its process group gone, whatever happened. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_output_and_exit_status),
		cmocka_unit_test(test_crash_names_the_signal),
		cmocka_unit_test(test_deadline_kills_the_group),
		cmocka_unit_test(test_lingering_child_is_reaped_with_interrupt_fd),
		cmocka_unit_test(test_input_interrupts_and_stays_unread),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
