/* util.c: strings, errors, files and clocks shared by every other file. */
#include "base/base.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- sbuf ---- */

static void sbuf_grow(struct sbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + extra + 1)
		cap *= 2;
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
}

void sbuf_add(struct sbuf *sb, const char *s, size_t n)
{
	sbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sbuf_adds(struct sbuf *sb, const char *s)
{
	sbuf_add(sb, s, strlen(s));
}

void sbuf_vaddf(struct sbuf *sb, const char *fmt, va_list ap)
{
	va_list copy;
	va_copy(copy, ap);
	int n = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	sbuf_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sbuf_addf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void sbuf_reset(struct sbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

const char *sbuf_str(const struct sbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

char *sbuf_detach(struct sbuf *sb)
{
	char *s = sb->buf ? sb->buf : xstrdup("");
	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return s;
}

void sbuf_release(struct sbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

/* ---- errors ---- */

/* sbase's form: "clings: what: why"; a message ending in ':' gets strerror(errno). */
static void report_message(const char *prefix, const char *fmt, va_list ap)
{
	int saved = errno;
	struct sbuf sb = SBUF_INIT;
	sbuf_addf(&sb, "clings: %s", *prefix ? tr(messages_lang(), prefix) : "");
	sbuf_vaddf(&sb, tr(messages_lang(), fmt), ap);
	if (sb.len && sb.buf[sb.len - 1] == ':')
		sbuf_addf(&sb, " %s", strerror(saved));
	fprintf(stderr, "%s\n", sbuf_str(&sb));
	sbuf_release(&sb);
	errno = saved;
}

int error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report_message("", fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report_message(N_("warning: "), fmt, ap);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report_message("", fmt, ap);
	va_end(ap);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s ? s : "");
	if (!d)
		die("out of memory");
	return d;
}

char *xstrfmt(const char *fmt, ...)
{
	struct sbuf sb = SBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	return sbuf_detach(&sb);
}

void copy_str(char *dst, size_t cap, const char *src)
{
	if (!cap)
		return;
	size_t n = strlen(src);
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* ---- files ---- */

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

double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void escape_line(struct sbuf *out, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '\n': sbuf_adds(out, "\\n"); break;
		case '\t': sbuf_adds(out, "\\t"); break;
		case '\\': sbuf_adds(out, "\\\\"); break;
		default: sbuf_add(out, s, 1);
		}
	}
}

void unescape_line(struct sbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			char c = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
			sbuf_add(out, &c, 1);
		} else {
			sbuf_add(out, s, 1);
		}
	}
}

static const char *messages_language = "en";

void messages_lang_set(const char *lang)
{
	messages_language = lang ? lang : "en";
}

const char *messages_lang(void)
{
	return messages_language;
}

const char *lang_choose(const char *flag)
{
	const char *v = flag && *flag ? flag : getenv("CLINGS_LANG");
	if (v && *v)
		return v;   /* asked for by name: the caller finds out whether anything speaks it */
	v = getenv("LC_ALL");
	if (!v || !*v)
		v = getenv("LANG");
	/* a locale, "ll_CC.encoding@variant": its language as "ll-CC" */
	static char from_locale[LANG_NAME_MAX];
	size_t n = v ? strcspn(v, ".@") : 0;
	if (!n || n >= sizeof(from_locale) || !strcmp(v, "C") || !strncmp(v, "POSIX", 5))
		return "en";
	memcpy(from_locale, v, n);
	from_locale[n] = '\0';
	for (char *p = from_locale; *p; p++)
		if (*p == '_')
			*p = '-';
	return from_locale;
}

bool lang_same_family(const char *a, const char *b)
{
	size_t na = strcspn(a, "-_"), nb = strcspn(b, "-_");
	return na == nb && !strncmp(a, b, na);
}

const char *option_value(int argc, char **argv, int *i, const char *opt)
{
	size_t n = strlen(opt);
	if (strncmp(argv[*i], opt, n))
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n] != '\0')
		return NULL;
	if (*i + 1 >= argc)
		die("%s needs a value", opt);
	return argv[++*i];
}

const char *path_shown(const char *path)
{
	char cwd[PATH_MAX];
	if (path[0] != '/' || !getcwd(cwd, sizeof(cwd)))
		return path;
	size_t n = strlen(cwd);
	return !strncmp(path, cwd, n) && path[n] == '/' ? path + n + 1 : path;
}

int parse_seed(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v == 0)
		return -1;
	*out = v;
	return 0;
}

int utf8_sequence_len(const unsigned char *p)
{
	int n = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3 :
		(p[0] & 0xF8) == 0xF0 ? 4 : 0;
	if (n == 2 && p[0] < 0xC2)
		return 0;   /* overlong */
	for (int i = 1; i < n; i++)
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	if (n == 3 && ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] >= 0xA0)))
		return 0;   /* overlong, or a surrogate */
	if (n == 4 && ((p[0] == 0xF0 && p[1] < 0x90) || p[0] > 0xF4 || (p[0] == 0xF4 && p[1] >= 0x90)))
		return 0;
	return n;
}

const char *number_in(const char *lang, double v, int decimals, char buf[32])
{
	snprintf(buf, 32, "%.*f", decimals, v);
	/* TRANSLATORS: the decimal separator of your language, as in "0,13 s" */
	const char *sep = tr_ctx(lang, "decimal separator", ".");
	char *dot = strchr(buf, '.');
	if (dot && *sep && sep[1] == '\0')
		*dot = *sep;
	return buf;
}

bool parse_yes_no(const char *v, bool *out)
{
	if (!strcmp(v, "yes") || !strcmp(v, "true") || !strcmp(v, "on") || !strcmp(v, "1"))
		*out = true;
	else if (!strcmp(v, "no") || !strcmp(v, "false") || !strcmp(v, "off") || !strcmp(v, "0"))
		*out = false;
	else
		return false;
	return true;
}

int ini_long_line(const char *text)
{
	int line = 1;
	for (const char *p = text; *p; line++) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n > INI_LINE_MAX)
			return line;
		if (!e)
			break;
		p = e + 1;
	}
	return 0;
}

uint64_t hash_add(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;   /* FNV-1a */
	return h;
}

uint64_t hash_add_str(uint64_t h, const char *s)
{
	return hash_add(h, s ? s : "", strlen(s ? s : "") + 1);   /* the NUL keeps "ab","c" from "a","bc" */
}

int make_dirs(const char *path)
{
	char *p = xstrdup(path);
	int rc = 0;
	for (char *s = p + 1;; s++) {
		if (*s != '/' && *s)
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST)
			rc = error("%s: cannot create:", p);
		*s = c;
		if (!c || rc)
			break;
	}
	free(p);
	return rc;
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

void json_add_string(struct sbuf *out, const char *s)
{
	sbuf_adds(out, "\"");
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
		int n = utf8_sequence_len(p);
		if (!n) {
			sbuf_adds(out, "\\ufffd");   /* a byte that is no text: the replacement character */
			p++;
			continue;
		}
		if (*p == '"' || *p == '\\')
			sbuf_addf(out, "\\%c", *p);
		else if (*p == '\n')
			sbuf_adds(out, "\\n");
		else if (*p == '\t')
			sbuf_adds(out, "\\t");
		else if (*p < 0x20 || *p == 0x7f)
			sbuf_addf(out, "\\u%04x", *p);
		else
			sbuf_add(out, (const char *)p, (size_t)n);
		p += n;
	}
	sbuf_adds(out, "\"");
}
