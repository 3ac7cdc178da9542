/*
 * replay.c: runs a fuzz target over files without libFuzzer, for `make check`: built with the
 * normal compiler, AddressSanitizer and UBSan, it feeds each file named (or each file of each
 * folder named) to LLVMFuzzerTestOneInput once, in name order, as libFuzzer would: in a buffer
 * of exactly its size, with no NUL after it.
 *
 * Usage: replay-NAME FILE|FOLDER...   Prints "replayed N inputs"; exits 0 when every input
 * passed. A sanitizer's report or a crash ends it (nonzero), after a line naming the input.
 */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sanitizer/common_interface_defs.h>

#include "base/base.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* A target may prepare itself once, as libFuzzer lets it. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static const char *current;   /* the input being run, for the line before a report */

static void say_current(void)
{
	if (!current)
		return;
	const char *pre = "replay: the input that failed: ";
	write_all(STDERR_FILENO, pre, strlen(pre));
	write_all(STDERR_FILENO, current, strlen(current));
	write_all(STDERR_FILENO, "\n", 1);
}

/* A plain abort(), which no sanitizer reports: name the input, then die of it. */
static void on_signal(int sig)
{
	say_current();
	signal(sig, SIG_DFL);
	raise(sig);
}

static int replay_file(const char *path)
{
	char *text;
	size_t len;
	if (read_file(path, &text, &len) < 0)
		return error("%s: cannot read:", path);
	/* the bytes alone, so that reading one past them is caught */
	uint8_t *data = malloc(len ? len : 1);
	if (!data) {
		free(text);
		return error("%s: out of memory", path);
	}
	memcpy(data, text, len);
	free(text);
	current = path;
	LLVMFuzzerTestOneInput(data, len);
	current = NULL;
	free(data);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file directly in dir, in name order; returns how many, or -1 when one cannot
 * be read. */
static int replay_folder(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return error("%s: cannot open:", dir);
	char **names = NULL;
	int n = 0, done = 0, rc = 0;
	for (struct dirent *de; (de = readdir(d));) {
		if (de->d_name[0] == '.')
			continue;
		names = xrealloc(names, sizeof(*names) * (size_t)(n + 1));
		names[n++] = xstrfmt("%s/%s", dir, de->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(*names), by_name);
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			if (replay_file(names[i]) < 0)
				rc = -1;
			else
				done++;
		}
		free(names[i]);
	}
	free(names);
	return rc ? rc : done;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|FOLDER...\n", argv[0]);
		return 2;
	}
	__sanitizer_set_death_callback(say_current);
	signal(SIGABRT, on_signal);   /* the sanitizers catch the rest and call say_current() */
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	int total = 0, rc = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		int n;
		if (stat(argv[i], &st) < 0) {
			rc = error("%s: cannot open:", argv[i]);
			continue;
		}
		n = S_ISDIR(st.st_mode) ? replay_folder(argv[i]) : replay_file(argv[i]) == 0 ? 1 : -1;
		if (n < 0)
			rc = -1;
		else
			total += n;
	}
	printf("replayed %d inputs\n", total);
	return rc ? 1 : 0;
}
