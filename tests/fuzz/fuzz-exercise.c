/*
 * fuzz-exercise.c: an exercise ini (exercises/NAME.ini) through course_load(), in a course of
 * its own made once in a temporary folder; then what the commands ask of a loaded exercise.
 */
#include "fuzz.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "course/course.h"

static char course_dir[] = "/tmp/clings-fuzz-exercise-XXXXXX";
static char *ini_path;

static void remove_course(void)
{
	char *dir = xstrfmt("%s/exercises", course_dir);
	unlink(ini_path);
	rmdir(dir);
	rmdir(course_dir);
	free(dir);
	free(ini_path);
}

/* The course folder, made on the first call; NULL when it cannot be. */
static const char *course(void)
{
	static bool made, failed;
	if (!made && !failed) {
		char *dir;
		failed = !mkdtemp(course_dir);
		if (!failed) {
			dir = xstrfmt("%s/exercises", course_dir);
			failed = mkdir(dir, 0700) < 0;
			free(dir);
			ini_path = xstrfmt("%s/exercises/fuzz.ini", course_dir);
			atexit(remove_course);
		}
		made = !failed;
	}
	return made ? course_dir : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = course();
	if (!dir)
		return 0;
	int fd = open(ini_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return 0;
	int wrote = write_all(fd, data, size);
	close(fd);
	struct course c = COURSE_INIT;
	if (wrote < 0 || course_load(dir, &c) < 0)
		return 0;
	const struct exercise *e = course_find(&c, "fuzz");
	if (e) {
		exercise_title_in("pt-BR", e);
		char *lesson = course_lesson_path(&c, e, "en", ".hints");
		free(lesson);
	}
	course_release(&c);
	return 0;
}
