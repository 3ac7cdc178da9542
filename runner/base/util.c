/* util.c: errors, allocation that cannot fail, the clock, hashes, and small parsers shared by
 * every other file. */
#include "base/base.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static int wrap_width;   /* messages_wrap_set() */

void messages_wrap_set(int width)
{
	wrap_width = width > 0 ? width : 0;
}

/* Columns of the n bytes at s: one a UTF-8 character. */
static int columns(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

/* Line by line, each wrapped at its spaces into lines of at most wrap_width columns, the
 * continuation lines indented by two; a word wider than a line is never cut. */
static void print_wrapped(FILE *f, const char *text)
{
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		int col = 0;
		bool first = true;
		for (const char *p = line, *end = line + len; p < end;) {
			size_t sp = strspn(p, " ");
			const char *word = p + sp;
			size_t wl = strcspn(word, " \n");
			if (word + wl > end)
				wl = (size_t)(end - word);
			if (!wl)
				break;
			int ww = columns(word, wl);
			if (!first && col + 1 + ww > wrap_width) {
				fputs("\n  ", f);
				col = 2;
			} else if (!first) {
				fputc(' ', f);
				col++;
			} else if (sp) {
				fprintf(f, "%*s", (int)sp, "");   /* a line's own indent is kept */
				col += (int)sp;
			}
			fwrite(word, 1, wl, f);
			col += ww;
			first = false;
			p = word + wl;
		}
		fputc('\n', f);
		line += len + (nl != NULL);
	}
}

/* sbase's form: "clings: what: why"; a message ending in ':' gets strerror(errno). */
static void report_message(const char *prefix, const char *fmt, va_list ap)
{
	int saved = errno;
	struct sbuf sb = SBUF_INIT;
	sbuf_addf(&sb, "clings: %s", *prefix ? tr(messages_lang(), prefix) : "");
	sbuf_vaddf(&sb, tr(messages_lang(), fmt), ap);
	if (sb.len && sb.buf[sb.len - 1] == ':')
		sbuf_addf(&sb, " %s", strerror(saved));
	if (wrap_width)
		print_wrapped(stderr, sbuf_str(&sb));
	else
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

void wipe_string(char *s)
{
	if (s)
		explicit_bzero(s, strlen(s));
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

static double clock_seconds(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double now_seconds(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

double process_cpu_seconds(void)
{
	return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

FILE *trace_open(bool stderr_ok)
{
	const char *to = getenv("CLINGS_TRACE");
	if (!to || !*to)
		return NULL;
	return *to == '/' ? fopen(to, "a") : stderr_ok ? stderr : NULL;
}

void trace_close(FILE *f)
{
	if (f && f != stderr)
		fclose(f);
}

int env_number(const char *name, long min, long max, long *out)
{
	const char *v = getenv(name);
	if (!v || !*v)
		return 0;
	char *end;
	errno = 0;
	long n = strtol(v, &end, 10);
	if (errno || *end || n < min || n > max)
		return -1;
	*out = n;
	return 1;
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

void hex_encode(const void *bytes, size_t n, char *out)
{
	static const char digit[] = "0123456789abcdef";
	const unsigned char *p = bytes;
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digit[p[i] >> 4];
		out[2 * i + 1] = digit[p[i] & 15];
	}
	out[2 * n] = 0;
}

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

long hex_decode(const char *hex, void *out, size_t cap)
{
	size_t len = strlen(hex);
	if (len % 2 || len / 2 > cap)
		return -1;
	unsigned char *o = out;
	for (size_t i = 0; i < len / 2; i++) {
		int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		o[i] = (unsigned char)(hi << 4 | lo);
	}
	return (long)(len / 2);
}
