/* files.c: reading what someone else gave us, writing atomically, directories, the program's
 * own place. */
#include "base/base.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Everything from offset 0 of fd into sb, at most max bytes (EFBIG past that); 0 or an errno. */
static int read_to_end(int fd, size_t max, struct sbuf *sb)
{
	char chunk[65536];
	for (off_t at = 0;;) {
		ssize_t n = pread(fd, chunk, sizeof(chunk), at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (n == 0)
			return 0;
		if (sb->len + (size_t)n > max)
			return EFBIG;   /* it grew while we read */
		sbuf_add(sb, chunk, (size_t)n);
		at += n;
	}
}

static int finish_read(struct sbuf *sb, int err, char **out, size_t *len)
{
	if (err) {
		sbuf_release(sb);
		errno = err;
		return -1;
	}
	if (len)
		*len = sb->len;
	*out = sb->len ? sbuf_detach(sb) : xstrdup("");
	return 0;
}

int read_regular_file(const char *path, size_t max, char **out, size_t *len)
{
	/* O_NONBLOCK: opening a FIFO with no writer must not hang; it is refused below. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	struct sbuf sb = SBUF_INIT;
	int err = 0;
	if (fstat(fd, &st) < 0)
		err = errno;
	else if (S_ISDIR(st.st_mode))
		err = EISDIR;
	else if (!S_ISREG(st.st_mode))
		err = EINVAL;
	else if ((size_t)st.st_size > max)
		err = EFBIG;
	if (!err)
		err = read_to_end(fd, max, &sb);
	close(fd);
	return finish_read(&sb, err, out, len);
}

int read_fd(int fd, char **out)
{
	struct sbuf sb = SBUF_INIT;
	return finish_read(&sb, read_to_end(fd, SIZE_MAX, &sb), out, NULL);
}

int read_file(const char *path, char **out, size_t *len)
{
	return read_regular_file(path, SIZE_MAX, out, len);
}

int write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			/* EAGAIN: a terminal left non-blocking by another program */
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int write_file_atomic(const char *path, const void *data, size_t len)
{
	/* The writer's pid in the name tells remove_stale_temps() whose it is. */
	char *tmp = xstrfmt("%s" TEMP_INFIX "%ld.XXXXXX", path, (long)getpid());
	int fd = mkstemp(tmp);
	if (fd < 0) {
		free(tmp);
		return -1;
	}
	if (write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		int saved = errno;
		close(fd);
		unlink(tmp);
		free(tmp);
		errno = saved;
		return -1;
	}
	close(fd);
	if (rename(tmp, path) < 0) {
		int saved = errno;
		unlink(tmp);
		free(tmp);
		errno = saved;
		return -1;
	}
	free(tmp);
	/* The rename itself is only durable once the directory is synced. */
	char *dir = xstrdup(path);
	int dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	free(dir);
	return 0;
}

/* The pid in NAME.tmp.PID.XXXXXX; -1 for NAME.tmp.XXXXXX (an older clings's, without its pid);
 * 0 when the name is not one of write_file_atomic's. */
static pid_t temp_writer(const char *name)
{
	const char *t = strstr(name, TEMP_INFIX);
	while (t && strstr(t + 1, TEMP_INFIX))
		t = strstr(t + 1, TEMP_INFIX);
	if (!t || t == name)
		return 0;
	const char *rest = t + strlen(TEMP_INFIX);
	if (strlen(rest) == 6 && !strchr(rest, '.'))
		return -1;
	char *end;
	long pid = strtol(rest, &end, 10);
	if (pid <= 0 || *end != '.' || strlen(end + 1) != 6)
		return 0;
	return (pid_t)pid;
}

void remove_stale_temps(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	time_t now = time(NULL);
	struct dirent *de;
	while ((de = readdir(d))) {
		pid_t pid = temp_writer(de->d_name);
		struct stat sb;
		if (!pid || fstatat(dirfd(d), de->d_name, &sb, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(sb.st_mode))
			continue;
		bool gone = pid > 0 && kill(pid, 0) < 0 && errno == ESRCH;
		if (gone || now - sb.st_mtime > STALE_TEMP_S)
			unlinkat(dirfd(d), de->d_name, 0);
	}
	closedir(d);
}

const char *path_shown(const char *path)
{
	char cwd[PATH_MAX];
	if (path[0] != '/' || !getcwd(cwd, sizeof(cwd)))
		return path;
	size_t n = strlen(cwd);
	return !strncmp(path, cwd, n) && path[n] == '/' ? path + n + 1 : path;
}

/* mkdir -p with mode; -1 at the first directory that cannot be made, printed unless quiet. */
static int dirs_made(const char *path, mode_t mode, bool quiet)
{
	char *p = xstrdup(path);
	int rc = 0;
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s)
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, mode) < 0 && errno != EEXIST) {
			int saved = errno;
			rc = quiet ? -1 : error("%s: cannot create:", p);
			errno = saved;
		}
		*s = c;
		if (!c || rc)
			break;
	}
	free(p);
	return rc;
}

int make_dirs(const char *path)
{
	return dirs_made(path, 0755, false);
}

int make_dirs_quiet(const char *path, mode_t mode)
{
	return dirs_made(path, mode, true);
}

char *program_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	char *slash = strrchr(buf, '/');
	if (slash)
		*slash = '\0';
	return xstrdup(buf);
}
