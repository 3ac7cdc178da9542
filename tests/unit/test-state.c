/* Unit tests of the progress file (state.c): round trips, and recovery from anything untrustworthy. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
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
	setenv("XDG_STATE_HOME", f->dir, 1);   /* the progress goes under the fixture's folder */
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char *cmd = xstrfmt("rm -rf '%s'", f->dir);   /* the state, its lock, temporary files */
	if (system(cmd) != 0)
		fail_msg("cannot remove %s", f->dir);
	free(cmd);
	free(f);
	return 0;
}

static void write_state(struct fixture *f, const char *text)
{
	char *dir = course_state_dir(&f->course);
	assert_int_equal(make_dirs(dir), 0);
	free(dir);
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

	/* Written atomically: no temporary file is left beside it (only the lock). */
	char *dir = course_state_dir(&f->course);
	DIR *d = opendir(dir);
	struct dirent *de;
	int files = 0;
	while ((de = readdir(d)))
		files += de->d_name[0] != '.' && strcmp(de->d_name, "progress.lock");
	closedir(d);
	free(dir);
	assert_int_equal(files, 1);
}

/* The progress is kept under $XDG_STATE_HOME (else ~/.local/state), apart from the course, in a
 * folder named by the course's base name and a hash of its path: two courses never share one. */
static void progress_lives_in_the_state_directory(void **state)
{
	struct fixture *f = *state;
	struct course other = COURSE_INIT;
	other.dir = "/srv/courses/other/course";
	char *mine = course_state_dir(&f->course), *theirs = course_state_dir(&other);
	const char *base = strrchr(f->dir, '/') + 1;
	char *prefix = xstrfmt("%s/clings/%s-", f->dir, base);
	assert_memory_equal(mine, prefix, strlen(prefix));
	assert_int_equal(strlen(mine), strlen(prefix) + 16);
	assert_string_not_equal(mine, theirs);
	char *path = state_path(&f->course);
	assert_memory_equal(path, mine, strlen(mine));
	assert_string_equal(path + strlen(mine), "/progress.ini");
	free(path);
	free(prefix);
	free(theirs);
	free(mine);
	/* a relative XDG_STATE_HOME is ignored, as the XDG rules say: HOME's is used */
	char *home = getenv("HOME") ? xstrdup(getenv("HOME")) : NULL;
	setenv("XDG_STATE_HOME", "relative/state", 1);
	unsetenv("XDG_CACHE_HOME");
	setenv("HOME", "/home/learner", 1);
	mine = course_state_dir(&other);
	assert_memory_equal(mine, "/home/learner/.local/state/clings/course-", 41);
	free(mine);
	char *cache = course_cache_dir(&other);
	assert_memory_equal(cache, "/home/learner/.cache/clings/course-", 35);
	free(cache);
	if (home)
		setenv("HOME", home, 1);
	free(home);
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
	setenv("XDG_STATE_HOME", "/dev/null/state", 1);   /* no folder can be made there */
	struct state st = STATE_INIT;
	state_for(&st, "memory_4");
	assert_int_equal(state_save(&c, &st), -1);
	state_release(&st);
}

static struct exercise_state *set(struct state *st, const char *name, bool done, int hints,
				  const char *last)
{
	struct exercise_state *es = state_for(st, name);
	es->done = done;
	es->hints = hints;
	copy_str(es->last_verdict, sizeof(es->last_verdict), last);
	return es;
}

static void merge_never_loses_a_pass(void **state)
{
	(void)state;
	struct state into = STATE_INIT, from = STATE_INIT;
	set(&into, "a", false, 1, "wrong_result");
	set(&into, "b", true, 0, "pass");
	copy_str(from.current, sizeof(from.current), "c");
	set(&from, "a", true, 3, "pass");
	set(&from, "b", false, 2, "data_race");   /* a later failure, as another copy saw it */
	set(&from, "c", false, 0, "");
	state_merge(&into, &from);
	assert_int_equal(into.n, 3);
	struct exercise_state *a = state_for(&into, "a"), *b = state_for(&into, "b");
	assert_true(a->done);
	assert_int_equal(a->hints, 3);                       /* the most hints either saw */
	assert_string_equal(a->last_verdict, "wrong_result");  /* into's own verdict stays */
	assert_true(b->done);                                 /* done stays done */
	assert_int_equal(b->hints, 2);
	assert_string_equal(into.current, "c");              /* into had none */
	copy_str(into.current, sizeof(into.current), "a");
	state_merge(&into, &from);
	assert_string_equal(into.current, "a");
	assert_int_equal(into.n, 3);                          /* merging again adds nothing */
	state_release(&into);
	state_release(&from);
}

static void a_name_written_twice_is_merged(void **state)
{
	struct fixture *f = *state;
	write_state(f, "[clings]\nversion = 1\n[exercise]\nname = memory_4\ndone = yes\nhints = 1\n"
		       "[exercise]\nname = scale\nhints = 1\n"
		       "[exercise]\nname = memory_4\ndone = no\nhints = 2\nlast = crash\n");
	struct state st = STATE_INIT;
	assert_int_equal(state_load(&f->course, &st), 0);
	assert_false(st.recovered);
	assert_int_equal(st.n, 2);
	struct exercise_state *es = state_for(&st, "memory_4");
	assert_true(es->done);
	assert_int_equal(es->hints, 2);
	assert_string_equal(es->last_verdict, "crash");
	state_release(&st);
}

/* A copy loaded before another process recorded a pass does not write that pass away. */
static void an_update_reads_the_file_afresh(void **state)
{
	struct fixture *f = *state;
	struct state mine = STATE_INIT;
	assert_int_equal(state_mark_current(&f->course, &mine, "scale"), 0);
	assert_int_equal(state_record_verdict(&f->course, NULL, "memory_4", VERDICT_PASS), 0);  /* another */
	assert_false(state_for(&mine, "memory_4")->done);
	assert_int_equal(state_record_verdict(&f->course, &mine, "scale", VERDICT_WRONG_RESULT), 0);
	assert_true(state_for(&mine, "memory_4")->done);   /* the copy is the result */
	struct state disk = STATE_INIT;
	state_load(&f->course, &disk);
	assert_true(state_for(&disk, "memory_4")->done);
	assert_string_equal(state_for(&disk, "scale")->last_verdict, "wrong_result");
	assert_string_equal(disk.current, "scale");
	state_release(&disk);
	/* done stays done through a later failure; only a reset undoes it */
	assert_int_equal(state_record_verdict(&f->course, &mine, "memory_4", VERDICT_CRASH), 0);
	assert_true(state_for(&mine, "memory_4")->done);
	assert_int_equal(state_reset_exercise(&f->course, &mine, "memory_4"), 0);
	assert_false(state_for(&mine, "memory_4")->done);
	assert_string_equal(state_for(&mine, "memory_4")->last_verdict, "");
	state_load(&f->course, &disk);
	assert_false(state_for(&disk, "memory_4")->done);
	state_release(&disk);
	state_release(&mine);
}

/* What a process knows that the file lost (removed, or a save that failed) is merged back. */
static void what_the_file_lost_is_merged_back(void **state)
{
	struct fixture *f = *state;
	struct state mine = STATE_INIT;
	assert_int_equal(state_record_verdict(&f->course, &mine, "memory_4", VERDICT_PASS), 0);
	char *path = state_path(&f->course);
	unlink(path);
	free(path);
	assert_int_equal(state_record_verdict(&f->course, &mine, "scale", VERDICT_PASS), 0);
	struct state disk = STATE_INIT;
	state_load(&f->course, &disk);
	assert_true(state_for(&disk, "memory_4")->done);
	assert_true(state_for(&disk, "scale")->done);
	state_release(&disk);
	mine.unsaved = true;
	state_for(&mine, "transpose_naive")->done = true;   /* as if its save had failed */
	assert_int_equal(state_mark_current(&f->course, &mine, "scale"), 0);
	assert_false(mine.unsaved);
	state_load(&f->course, &disk);
	assert_true(state_for(&disk, "transpose_naive")->done);
	state_release(&disk);
	state_release(&mine);
}

/* The lock: a second taker waits for it, and gives up with an error after its time. */
static void the_lock_waits_then_gives_up(void **state)
{
	struct fixture *f = *state;
	int ready[2];
	assert_int_equal(pipe(ready), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = state_lock(&f->course, 1000);
		char c = fd >= 0 ? 'y' : 'n';
		if (write(ready[1], &c, 1) != 1)
			_exit(1);
		usleep(400 * 1000);
		_exit(0);   /* the lock goes with the process */
	}
	char c = 0;
	assert_int_equal(read(ready[0], &c, 1), 1);
	assert_int_equal(c, 'y');
	double t0 = now_seconds();
	assert_int_equal(state_lock(&f->course, 100), -1);   /* busy: given up after 100 ms */
	double waited = now_seconds() - t0;
	assert_true(waited >= 0.09 && waited < 0.35);
	/* an update waits for the holder, then goes through */
	assert_int_equal(state_record_verdict(&f->course, NULL, "after", VERDICT_PASS), 0);
	assert_true(now_seconds() - t0 >= 0.3);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	struct state st = STATE_INIT;
	state_load(&f->course, &st);
	assert_true(state_for(&st, "after")->done);
	state_release(&st);
	close(ready[0]);
	close(ready[1]);
}

/* Processes recording passes at once, each its own exercises: every pass is in the file. */
static void concurrent_updates_lose_nothing(void **state)
{
	struct fixture *f = *state;
	enum { WRITERS = 4, EACH = 25 };
	pid_t pids[WRITERS];
	for (int w = 0; w < WRITERS; w++) {
		pids[w] = fork();
		assert_true(pids[w] >= 0);
		if (pids[w] == 0) {
			for (int i = 0; i < EACH; i++) {
				char name[32];
				snprintf(name, sizeof(name), "w%d_%d", w, i);
				if (state_record_verdict(&f->course, NULL, name, VERDICT_PASS) < 0)
					_exit(1);
			}
			_exit(0);
		}
	}
	for (int w = 0; w < WRITERS; w++) {
		int status;
		assert_int_equal(waitpid(pids[w], &status, 0), pids[w]);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	struct state st = STATE_INIT;
	state_load(&f->course, &st);
	assert_false(st.recovered);
	assert_int_equal(st.n, WRITERS * EACH);
	for (int i = 0; i < st.n; i++)
		assert_true(st.ex[i].done);
	state_release(&st);
}

static void touch(const char *dir, const char *name, time_t age)
{
	char *path = xstrfmt("%s/%s", dir, name);
	int fd = open(path, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	close(fd);
	struct timespec ts[2] = { { time(NULL) - age, 0 }, { time(NULL) - age, 0 } };
	assert_int_equal(utimensat(AT_FDCWD, path, ts, 0), 0);
	free(path);
}

static bool exists(const char *dir, const char *name)
{
	char *path = xstrfmt("%s/%s", dir, name);
	bool yes = access(path, F_OK) == 0;
	free(path);
	return yes;
}

/* Temporary files of saves killed half way go; a save under way keeps its own. */
static void stale_temporary_files_are_removed(void **state)
{
	struct fixture *f = *state;
	pid_t dead = fork();
	if (dead == 0)
		_exit(0);
	waitpid(dead, NULL, 0);
	char gone[64], mine[64];
	snprintf(gone, sizeof(gone), ".clings-state.tmp.%ld.Ab3dEf", (long)dead);
	snprintf(mine, sizeof(mine), ".clings-state.tmp.%ld.Ab3dEf", (long)getpid());
	touch(f->dir, gone, 0);
	touch(f->dir, mine, 0);                              /* alive and fresh: a save under way */
	touch(f->dir, "old.cl.tmp.Zz9yXw", STALE_TEMP_S + 5); /* no pid, and old */
	touch(f->dir, "new.cl.tmp.Zz9yXw", 0);               /* no pid, fresh */
	touch(f->dir, "notes.tmp.txt", STALE_TEMP_S + 5);    /* not one of ours */
	remove_stale_temps(f->dir);
	assert_false(exists(f->dir, gone));
	assert_true(exists(f->dir, mine));
	assert_false(exists(f->dir, "old.cl.tmp.Zz9yXw"));
	assert_true(exists(f->dir, "new.cl.tmp.Zz9yXw"));
	assert_true(exists(f->dir, "notes.tmp.txt"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(missing_file_is_recovered, setup, teardown),
		cmocka_unit_test_setup_teardown(round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(progress_lives_in_the_state_directory, setup, teardown),
		cmocka_unit_test_setup_teardown(untrustworthy_files_are_recovered, setup, teardown),
		cmocka_unit_test_setup_teardown(unknown_sections_and_keys_are_kept_out_but_harmless, setup,
						teardown),
		cmocka_unit_test(saving_where_it_cannot_fails_cleanly),
		cmocka_unit_test(merge_never_loses_a_pass),
		cmocka_unit_test_setup_teardown(a_name_written_twice_is_merged, setup, teardown),
		cmocka_unit_test_setup_teardown(an_update_reads_the_file_afresh, setup, teardown),
		cmocka_unit_test_setup_teardown(what_the_file_lost_is_merged_back, setup, teardown),
		cmocka_unit_test_setup_teardown(the_lock_waits_then_gives_up, setup, teardown),
		cmocka_unit_test_setup_teardown(concurrent_updates_lose_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(stale_temporary_files_are_removed, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
