/* Unit tests of the tutorial's rules (watch/session.c), with no terminal: open, record, next,
 * skip, previous, and recovery from a lost or corrupt progress file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "watch/watch.h"

#define NEX 3

struct fixture {
	char dir[64];
	struct course course;
	struct exercise ex[NEX];
	struct state st;
	struct session ses;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	copy_str(f->dir, sizeof(f->dir), "/tmp/clings-test-session-XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	static const char *const names[NEX] = { "first", "second", "third" };
	for (int i = 0; i < NEX; i++) {
		copy_str(f->ex[i].name, sizeof(f->ex[i].name), names[i]);
		f->ex[i].file_path = xstrfmt("%s/%s.cl", f->dir, names[i]);
		write_file_atomic(f->ex[i].file_path, "__kernel void k(void) {}\n", 25);
	}
	f->course = (struct course){ .dir = f->dir, .ex = f->ex, .n = NEX };
	f->st = (struct state)STATE_INIT;
	state_load(&f->course, &f->st);
	f->ses = (struct session){ &f->course, &f->st, 0 };
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char *cmd = xstrfmt("rm -rf '%s'", f->dir);
	if (system(cmd) != 0)
		fail_msg("cannot remove %s", f->dir);
	free(cmd);
	for (int i = 0; i < NEX; i++)
		free(f->ex[i].file_path);
	state_release(&f->st);
	free(f);
	return 0;
}

/* The progress file as a new process reads it. */
static struct state reread(struct fixture *f)
{
	struct state st = STATE_INIT;
	state_load(&f->course, &st);
	return st;
}

static void opening_makes_it_current_and_saves(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(session_start(&f->ses), 0);
	session_open(&f->ses, 1);
	assert_int_equal(f->ses.cur, 1);
	struct state st = reread(f);
	assert_string_equal(st.current, "second");
	state_release(&st);
}

static void a_pass_marks_done_and_stays(void **state)
{
	struct fixture *f = *state;
	session_open(&f->ses, 0);
	session_record(&f->ses, VERDICT_WRONG_RESULT);
	assert_false(session_is_done(&f->ses, &f->ex[0]));
	session_record(&f->ses, VERDICT_PASS);
	assert_true(session_is_done(&f->ses, &f->ex[0]));
	session_record(&f->ses, VERDICT_DATA_RACE);   /* a later wrong save */
	assert_true(session_is_done(&f->ses, &f->ex[0]));
	assert_int_equal(session_count_done(&f->ses), 1);
	struct state st = reread(f);
	assert_true(state_for(&st, "first")->done);
	assert_string_equal(state_for(&st, "first")->last_verdict, "data_race");
	state_release(&st);
	/* the next start opens the first exercise not done */
	assert_int_equal(session_start(&f->ses), 0);   /* "current" is still first */
}

static void next_waits_for_a_pass_unless_skipped(void **state)
{
	struct fixture *f = *state;
	int to = -1;
	session_open(&f->ses, 0);
	assert_int_equal(session_next(&f->ses, false, &to), MOVE_NOT_PASSED);
	assert_int_equal(session_next(&f->ses, true, &to), MOVE_OK);
	assert_int_equal(to, 1);
	session_record(&f->ses, VERDICT_PASS);
	assert_int_equal(session_next(&f->ses, false, &to), MOVE_OK);
	assert_int_equal(session_prev(&f->ses, &to), MOVE_FIRST);
	session_open(&f->ses, 2);
	assert_int_equal(session_prev(&f->ses, &to), MOVE_OK);
	assert_int_equal(to, 1);
	assert_int_equal(session_next(&f->ses, true, &to), MOVE_LAST);
	session_record(&f->ses, VERDICT_PASS);
	/* the middle one was skipped: the course is not done yet */
	assert_int_equal(session_next(&f->ses, false, &to), MOVE_LAST_OPEN_LEFT);
	/* "p goes back": to the skipped one, not merely the one before */
	assert_int_equal(session_mark(&f->ses, 1), MARK_SKIPPED);
	assert_int_equal(session_mark(&f->ses, 2), MARK_PASSED);
	assert_int_equal(session_prev(&f->ses, &to), MOVE_OK);
	assert_int_equal(to, 1);
	session_open(&f->ses, 1);
	assert_int_equal(session_mark(&f->ses, 1), MARK_CURRENT);
	session_record(&f->ses, VERDICT_PASS);
	session_open(&f->ses, 2);
	assert_int_equal(session_next(&f->ses, false, &to), MOVE_COURSE_DONE);
	assert_int_equal(session_prev(&f->ses, &to), MOVE_OK);   /* nothing open: the one before */
	assert_int_equal(to, 1);
}

static void marks_tell_skipped_from_not_reached(void **state)
{
	struct fixture *f = *state;
	session_open(&f->ses, 0);
	assert_int_equal(session_mark(&f->ses, 0), MARK_CURRENT);
	assert_int_equal(session_mark(&f->ses, 1), MARK_OPEN);
	session_open(&f->ses, 1);   /* skipped the first */
	assert_int_equal(session_mark(&f->ses, 0), MARK_SKIPPED);
	assert_int_equal(session_mark(&f->ses, 2), MARK_OPEN);
	int to = -1;
	assert_int_equal(session_prev(&f->ses, &to), MOVE_OK);   /* not the last: the one before */
	assert_int_equal(to, 0);
}

/* Opens exercise i and checks it, the first two passing; it records as the watcher does. */
struct fake {
	struct session *s;
	int calls;
};

static enum verdict fake_check(void *ctx, int i)
{
	struct fake *k = ctx;
	session_open(k->s, i);
	enum verdict v = k->calls++ < 2 ? VERDICT_PASS : VERDICT_WRONG_RESULT;
	session_record(k->s, v);
	return v;
}

static void recovery_checks_until_a_failure(void **state)
{
	struct fixture *f = *state;
	/* a corrupt progress file: nothing trustworthy is kept */
	char *path = state_path(&f->course);
	write_file_atomic(path, "[clings]\nversion = 99\n\x01garbage", 30);
	free(path);
	state_release(&f->st);
	f->st = (struct state)STATE_INIT;
	state_load(&f->course, &f->st);
	assert_true(f->st.recovered);
	struct fake k = { &f->ses, 0 };
	int at = session_recover(&f->ses, fake_check, &k);
	assert_int_equal(at, 2);
	assert_int_equal(k.calls, 3);
	struct state st = reread(f);
	assert_string_equal(st.current, "third");
	assert_true(state_for(&st, "first")->done);
	assert_true(state_for(&st, "second")->done);
	assert_false(state_for(&st, "third")->done);
	state_release(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(opening_makes_it_current_and_saves, setup, teardown),
		cmocka_unit_test_setup_teardown(a_pass_marks_done_and_stays, setup, teardown),
		cmocka_unit_test_setup_teardown(next_waits_for_a_pass_unless_skipped, setup, teardown),
		cmocka_unit_test_setup_teardown(marks_tell_skipped_from_not_reached, setup, teardown),
		cmocka_unit_test_setup_teardown(recovery_checks_until_a_failure, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
