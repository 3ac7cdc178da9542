/*
 * fuzz.h: what the fuzz targets (tests/fuzz/fuzz-NAME.c) share. Each target defines
 * LLVMFuzzerTestOneInput and is built twice: with libFuzzer (`make fuzz`), and with replay.c's
 * main() and the normal compiler (`make check` replays the corpus and the regressions).
 *
 * A target must not exit, must free what it allocates (leaks are failures), and must treat any
 * input as possible: the loaders print their errors, which libFuzzer's -close_fd_mask hides.
 */
#ifndef FUZZ_FUZZ_H
#define FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/base.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (a NUL inside it ends the string early, as it would for
 * the program reading a file). Caller frees. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* A file holding the input, for loaders that read a path: one memory file, reused (its path
 * /proc/self/fd/N stays the same). Returns the path, or NULL when there is no memory file. */
static inline const char *fuzz_file(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	if (fd < 0) {
		fd = memfd_create("clings-fuzz", MFD_CLOEXEC);
		if (fd < 0)
			return NULL;
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) < 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		return NULL;
	return path;
}

#endif
