/*
 * submission.c: a student's file, read from the submission's own directories. Each path is
 * opened beneath the submission's root, which is opened once, and no symbolic link is followed
 * anywhere on it (the exercises directory, a directory between, the file itself): a link could
 * point at the course's solutions or at a classmate's kernels, and the parent, which reads the
 * file, is confined by nothing. Linux's openat2() resolves the whole path so; where the kernel
 * has none (ENOSYS, or a seccomp filter's EPERM), each component is opened in turn with
 * O_NOFOLLOW. The bytes are read through the descriptor, so what is checked and what seeds the
 * inputs are what was opened.
 */
#include "grade/grade.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define FILE_FLAGS (O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)

/* *link_len = prefix (the length of rel up to comp's end) when comp, in dir, is a link: the
 * message names it. */
static void name_link(int dir, const char *comp, size_t prefix, size_t *link_len)
{
	struct stat st;
	if (fstatat(dir, comp, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
		*link_len = prefix;
}

/* rel is names joined by '/': none empty, ".", ".." or longer than NAME_MAX. */
static bool plain_names(const char *rel)
{
	for (const char *p = rel;;) {
		size_t n = strcspn(p, "/");
		if (!n || n > NAME_MAX || (n <= 2 && !strncmp(p, "..", n)))
			return false;
		if (!p[n])
			return true;
		p += n + 1;
	}
}

int open_beneath_walk(int root, const char *rel, size_t *link_len)
{
	*link_len = 0;
	if (!plain_names(rel)) {
		errno = EINVAL;   /* rel is the course's, never so */
		return -1;
	}
	int dir = root;
	const char *p = rel;
	for (;;) {
		const char *slash = strchr(p, '/');
		size_t n = slash ? (size_t)(slash - p) : strlen(p);
		char comp[NAME_MAX + 1];
		memcpy(comp, p, n);
		comp[n] = '\0';
		/* a directory on the way is only passed through (O_PATH needs no read permission) */
		int fd = openat(dir, comp, slash ? O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC : FILE_FLAGS);
		int err = errno;
		struct stat st;
		if (fd >= 0 && slash && (fstat(fd, &st) < 0 || !S_ISDIR(st.st_mode))) {
			close(fd);   /* O_PATH | O_NOFOLLOW would open a link itself */
			fd = -1;
			err = ENOTDIR;
		}
		if (fd < 0)
			name_link(dir, comp, (size_t)(p - rel) + n, link_len);
		if (dir != root)
			close(dir);
		if (fd < 0) {
			errno = *link_len ? ELOOP : err;
			return -1;
		}
		if (!slash)
			return fd;
		dir = fd;
		p = slash + 1;
	}
}

int open_beneath(int root, const char *rel, size_t *link_len)
{
	struct open_how how = { .flags = FILE_FLAGS,
				.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS };
	*link_len = 0;
	if (!plain_names(rel)) {
		errno = EINVAL;
		return -1;
	}
	int fd = (int)syscall(SYS_openat2, root, rel, &how, sizeof(how));
	if (fd >= 0)
		return fd;
	int err = errno;
	if (err == ENOSYS || err == EPERM || err == E2BIG)
		return open_beneath_walk(root, rel, link_len);
	/* refused: the walk only names the link, or gives the missing part's error */
	fd = open_beneath_walk(root, rel, link_len);
	if (fd >= 0) {
		close(fd);   /* changed in between: fail closed */
		errno = err;
		return -1;
	}
	if (!*link_len && err != ELOOP)
		errno = err;
	return -1;
}

int submission_read(int root, const char *rel, char **text, size_t *len, struct msg *why)
{
	*text = NULL;
	*len = 0;
	size_t link_len;
	int fd = open_beneath(root, rel, &link_len);
	if (fd < 0 && link_len) {
		char *link = xstrfmt("%.*s", (int)link_len, rel);
		msg_addf(why, N_("%s is not read: %s is a symbolic link. A submission's kernels are read "
				 "from its own directories, with no link on the way: submit the file itself."),
			 rel, link);
		msg_fact_str(why, "link", link);
		free(link);
		return 0;
	}
	if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))
		return -1;
	if (fd < 0) {
		msg_addf(why, N_("%s cannot be read"), rel);
		return 0;
	}
	struct stat st;
	struct sbuf buf = SBUF_INIT;
	int rc = 0;
	if (fstat(fd, &st) < 0) {
		msg_addf(why, N_("%s cannot be read"), rel);
	} else if (!S_ISREG(st.st_mode)) {
		msg_addf(why, N_("%s is not a regular file (a directory, a FIFO or a device): submit the "
				 "kernel's file itself"), rel);
	} else if ((size_t)st.st_size > SUBMITTED_FILE_MAX) {
		msg_addf(why, N_("%s is larger than 1 MB: no kernel is"), rel);
	} else {
		rc = 1;
		char chunk[65536];
		for (;;) {
			ssize_t got = read(fd, chunk, sizeof(chunk));
			if (got < 0 && errno == EINTR)
				continue;
			if (got < 0) {
				msg_addf(why, N_("%s cannot be read"), rel);
				rc = 0;
				break;
			}
			if (!got)
				break;
			sbuf_add(&buf, chunk, (size_t)got);
			if (buf.len > SUBMITTED_FILE_MAX) {   /* it grew since fstat */
				msg_addf(why, N_("%s is larger than 1 MB: no kernel is"), rel);
				rc = 0;
				break;
			}
		}
	}
	close(fd);
	if (rc == 1) {
		*len = buf.len;
		*text = sbuf_detach(&buf);
	}
	sbuf_release(&buf);
	return rc;
}
