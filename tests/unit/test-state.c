/* Unit tests of the progress file (state.c): round trips, and recovery from anything untrustworthy. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "course/course.h"

struct fixture {
	char dir[64];
	struct course course;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	copy_str(f->dir, sizeof(f->dir), "/tmp/clings-test-state-XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	f->course.dir = f->dir;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char *path = state_path(&f->course);
	unlink(path);
	free(path);
	rmdir(f->dir);
	free(f);
	return 0;
}

static void write_state(struct fixture *f, const char *text)
{
	char *path = state_path(&f->course);
	assert_int_equal(write_file_atomic(path, text, strlen(text)), 0);
	free(path);
}

static void missing_file_is_recovered(void **state)
{
	struct fixture *f = *state;
	struct state st = STATE_INIT;
	assert_int_equal(state_load(&f->course, &st), 0);
	assert_true(st.recovered);
	assert_int_equal(st.n, 0);
	assert_string_equal(st.current, "");
	state_release(&st);
}

static void round_trip(void **state)
{
	struct fixture *f = *state;
	struct state st = STATE_INIT;
	copy_str(st.current, sizeof(st.current), "transpose_naive");
	/* A name as long as names may be (inih cuts section names, not values). */
	char longname[NAME_MAX_LEN];
	memset(longname, 'a', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	state_for(&st, longname)->hints = 1;
	struct exercise_state *a = state_for(&st, "memory_4");
	a->done = true;
	a->hints = 2;
	copy_str(a->last_verdict, sizeof(a->last_verdict), "pass");
	struct exercise_state *b = state_for(&st, "transpose_naive");
	copy_str(b->last_verdict, sizeof(b->last_verdict), "data_race");
	assert_ptr_equal(state_for(&st, "memory_4"), a);  /* found, not added twice */
	assert_int_equal(st.n, 3);
	assert_int_equal(state_save(&f->course, &st), 0);
	state_release(&st);

	struct state got = STATE_INIT;
	assert_int_equal(state_load(&f->course, &got), 0);
	assert_false(got.recovered);
	assert_string_equal(got.current, "transpose_naive");
	assert_int_equal(got.n, 3);
	assert_int_equal(state_for(&got, longname)->hints, 1);
	a = state_for(&got, "memory_4");
	assert_true(a->done);
	assert_int_equal(a->hints, 2);
	assert_string_equal(a->last_verdict, "pass");
	b = state_for(&got, "transpose_naive");
	assert_false(b->done);
	assert_int_equal(b->hints, 0);
	assert_string_equal(b->last_verdict, "data_race");
	state_release(&got);

	/* Written atomically: no temporary file is left beside it. */
	DIR *d = opendir(f->dir);
	struct dirent *de;
	int files = 0;
	while ((de = readdir(d)))
		files += de->d_name[0] != '.' || strcmp(de->d_name, ".clings-state") == 0;
	closedir(d);
	assert_int_equal(files, 1);
}

static void untrustworthy_files_are_recovered(void **state)
{
	struct fixture *f = *state;
	const char *bad[] = {
		"",                                              /* empty: no version */
		"\x00\x01\x02 garbage \xff",
		"[clings\nversion = 1\n",                        /* not ini */
		"[clings]\nversion = 2\ncurrent = memory_4\n",   /* a later version */
		"[clings]\ncurrent = memory_4\n",                /* no version */
		"[clings]\nversion = 1\ncurrent = ../../etc\n",
		"[clings]\nversion = 1\n[exercise]\nname = memory_4\ndone = maybe\n",
		"[clings]\nversion = 1\n[exercise]\nname = memory_4\nhints = -1\n",
		"[clings]\nversion = 1\n[exercise]\nname = memory_4\nhints = 99999999999999999999\n",
		"[clings]\nversion = 1\n[exercise]\nname = memory_4\nlast = exploded\n",
		"[clings]\nversion = 1\n[exercise]\ndone = yes\nname = memory_4\n",   /* whose? */
		"[clings]\nversion = 1\n[exercise]\nname = ../x\ndone = yes\n",
		"[clings]\nversion = 1\n[exercise]\n"
		"name = aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\ndone = yes\n",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		write_state(f, bad[i]);
		struct state st = STATE_INIT;
		assert_int_equal(state_load(&f->course, &st), 0);
		if (!st.recovered)
			fail_msg("not recovered from case %zu: '%s'", i, bad[i]);
		assert_int_equal(st.n, 0);
		assert_string_equal(st.current, "");
		state_release(&st);
	}
}

static void unknown_sections_and_keys_are_kept_out_but_harmless(void **state)
{
	struct fixture *f = *state;
	write_state(f, "; a comment\n[clings]\nversion = 1\ncurrent = memory_4\ntheme = dark\n"
		       "[later feature]\nx = 1\n[exercise]\nname = memory_4\ndone = yes\nstars = 3\n");
	struct state st = STATE_INIT;
	assert_int_equal(state_load(&f->course, &st), 0);
	assert_false(st.recovered);
	assert_string_equal(st.current, "memory_4");
	assert_true(state_for(&st, "memory_4")->done);
	state_release(&st);
}

static void saving_where_it_cannot_fails_cleanly(void **state)
{
	(void)state;
	struct course c = COURSE_INIT;
	c.dir = "/nonexistent/clings/course";
	struct state st = STATE_INIT;
	state_for(&st, "memory_4");
	assert_int_equal(state_save(&c, &st), -1);
	state_release(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(missing_file_is_recovered, setup, teardown),
		cmocka_unit_test_setup_teardown(round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(untrustworthy_files_are_recovered, setup, teardown),
		cmocka_unit_test_setup_teardown(unknown_sections_and_keys_are_kept_out_but_harmless, setup,
						teardown),
		cmocka_unit_test(saving_where_it_cannot_fails_cleanly),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
