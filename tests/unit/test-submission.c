/* Unit tests of how grading reads a student's file (grade/submission.c): beneath the submission's
 * root, no symbolic link followed anywhere on the path, by openat2() and by the walk used where
 * the kernel has none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grade/grade.h"

static char root_path[] = "/tmp/clings-test-submission-XXXXXX";
static char outside[512];
static int root = -1;

static void put(const char *rel, const char *text)
{
	char *p = xstrfmt("%s/%s", root_path, rel);
	assert_int_equal(write_file_atomic(p, text, strlen(text)), 0);
	free(p);
}

static void dir(const char *rel)
{
	char *p = xstrfmt("%s/%s", root_path, rel);
	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
}

static void link_to(const char *rel, const char *target)
{
	char *p = xstrfmt("%s/%s", root_path, rel);
	assert_int_equal(symlink(target, p), 0);
	free(p);
}

/* A submission with a file read rightly, and a link at every depth of a path. */
static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(root_path))
		return -1;
	snprintf(outside, sizeof(outside), "%s/../%s-outside", root_path, strrchr(root_path, '/') + 1);
	if (mkdir(outside, 0755) < 0)
		return -1;
	char *secret = xstrfmt("%s/secret.cl", outside);
	write_file_atomic(secret, "the solution", 12);
	dir("exercises");
	put("exercises/own.cl", "__kernel void k(void) {}\n");
	put("exercises/empty.cl", "");
	dir("sub");
	dir("sub/deeper");
	put("sub/deeper/own.cl", "x");
	link_to("linked", outside);                    /* a directory of the root is a link */
	link_to("sub/deeper/file.cl", secret);         /* the file is */
	link_to("sub/inner", "deeper");                /* a directory between is, inside the root */
	link_to("dangling.cl", "/nonexistent/x.cl");
	link_to("self.cl", "self.cl");
	dir("adir.cl");
	char *fifo = xstrfmt("%s/fifo.cl", root_path);
	mkfifo(fifo, 0644);
	free(fifo);
	char *big = xcalloc(1, SUBMITTED_FILE_MAX + 2);
	memset(big, 'a', SUBMITTED_FILE_MAX + 1);
	put("big.cl", big);
	free(big);
	put("plain", "not a directory");
	free(secret);
	root = open(root_path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return root < 0 ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	close(root);
	char *cmd = xstrfmt("rm -rf '%s' '%s'", root_path, outside);
	int rc = system(cmd);
	free(cmd);
	return rc ? -1 : 0;
}

typedef int (*opener)(int, const char *, size_t *);

/* rel opens, and reads what was written there. */
static void opens(opener f, const char *rel, const char *text)
{
	size_t link_len = 99;
	int fd = f(root, rel, &link_len);
	if (fd < 0)
		fail_msg("%s does not open: %s", rel, strerror(errno));
	char buf[64] = "";
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	assert_true(n >= 0);
	assert_string_equal(buf, text);
	assert_int_equal(link_len, 0);
}

/* rel is refused, its first link_len bytes named as the link. */
static void refused_as_link(opener f, const char *rel, size_t link_len)
{
	size_t got = 0;
	int fd = f(root, rel, &got);
	if (fd >= 0) {
		close(fd);
		fail_msg("%s opened through a link", rel);
	}
	if (got != link_len)
		fail_msg("%s: the link named is '%.*s', not '%.*s'", rel, (int)got, rel, (int)link_len, rel);
}

static void absent(opener f, const char *rel)
{
	size_t got = 99;
	int fd = f(root, rel, &got);
	assert_int_equal(fd, -1);
	assert_true(errno == ENOENT || errno == ENOTDIR);
	assert_int_equal(got, 0);
}

static void check_opener(opener f)
{
	opens(f, "exercises/own.cl", "__kernel void k(void) {}\n");
	opens(f, "sub/deeper/own.cl", "x");
	refused_as_link(f, "linked/secret.cl", strlen("linked"));
	refused_as_link(f, "sub/deeper/file.cl", strlen("sub/deeper/file.cl"));
	refused_as_link(f, "sub/inner/own.cl", strlen("sub/inner"));
	refused_as_link(f, "dangling.cl", strlen("dangling.cl"));
	refused_as_link(f, "self.cl", strlen("self.cl"));
	absent(f, "missing.cl");
	absent(f, "exercises/missing.cl");
	absent(f, "missing/own.cl");
	absent(f, "plain/own.cl");
	/* a FIFO opens without waiting for a writer; submission_read refuses what is not a file */
	int fd = f(root, "fifo.cl", &(size_t){ 0 });
	assert_true(fd >= 0);
	close(fd);
	/* nothing but names beneath the root */
	size_t got;
	assert_int_equal(f(root, "../x.cl", &got), -1);
	assert_int_equal(f(root, "exercises/../exercises/own.cl", &got), -1);
}

static void openat2_follows_no_link(void **state)
{
	(void)state;
	check_opener(open_beneath);
}

static void the_walk_follows_no_link(void **state)
{
	(void)state;
	check_opener(open_beneath_walk);
}

/* What is refused is named, relative to the submission, and read never. */
static void refusals_are_named(void **state)
{
	(void)state;
	char *text = (char *)"unset";
	size_t len = 7;
	struct msg why = MSG_INIT;
	assert_int_equal(submission_read(root, "exercises/own.cl", &text, &len, &why), 1);
	assert_int_equal(len, strlen("__kernel void k(void) {}\n"));
	assert_string_equal(text, "__kernel void k(void) {}\n");
	assert_true(msg_empty(&why));
	free(text);
	assert_int_equal(submission_read(root, "exercises/empty.cl", &text, &len, &why), 1);
	assert_int_equal(len, 0);
	assert_string_equal(text, "");
	free(text);
	assert_int_equal(submission_read(root, "missing.cl", &text, &len, &why), -1);
	assert_null(text);
	static const struct { const char *rel, *says; } cases[] = {
		{ "linked/secret.cl", "linked/secret.cl is not read: linked is a symbolic link." },
		{ "sub/inner/own.cl", "sub/inner/own.cl is not read: sub/inner is a symbolic link." },
		{ "sub/deeper/file.cl", "sub/deeper/file.cl is not read: sub/deeper/file.cl is a symbolic link." },
		{ "adir.cl", "adir.cl is not a regular file" },
		{ "fifo.cl", "fifo.cl is not a regular file" },
		{ "big.cl", "big.cl is larger than 1 MB" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(submission_read(root, cases[i].rel, &text, &len, &why), 0);
		assert_null(text);
		char *said = msg_text(&why, "en");
		if (strncmp(said, cases[i].says, strlen(cases[i].says)))
			fail_msg("%s: '%s'", cases[i].rel, said);
		if (strstr(said, root_path) || strstr(said, "/tmp"))
			fail_msg("%s: a grader's path is shown: '%s'", cases[i].rel, said);
		free(said);
		said = msg_text(&why, "pt-BR");
		if (!strncmp(said, cases[i].says, strlen(cases[i].says)))
			fail_msg("%s: not in Portuguese: '%s'", cases[i].rel, said);
		free(said);
		msg_release(&why);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(openat2_follows_no_link),
		cmocka_unit_test(the_walk_follows_no_link),
		cmocka_unit_test(refusals_are_named),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
