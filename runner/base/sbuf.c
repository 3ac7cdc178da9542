/* sbuf.c: the growable string (git's strbuf, smaller; never NULL, as git's slopbuf rule),
 * a line's escaping for the child protocol, and JSON strings. */
#include "base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What an empty buffer points at: never written (a buffer writes only once it owns memory),
 * so that buf is a string at every moment of a buffer's life. */
char sbuf_slopbuf[1];

static void sbuf_grow(struct sbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < sb->len + extra + 1)
		cap *= 2;
	sb->buf = xrealloc(sb->cap ? sb->buf : NULL, cap);
	if (!sb->cap)
		sb->buf[0] = '\0';
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
	if (sb->cap)
		sb->buf[0] = '\0';
}

const char *sbuf_str(const struct sbuf *sb)
{
	return sb->buf;
}

char *sbuf_detach(struct sbuf *sb)
{
	char *s = sb->cap ? sb->buf : xstrdup("");
	*sb = (struct sbuf)SBUF_INIT;
	return s;
}

void sbuf_release(struct sbuf *sb)
{
	if (sb->cap)
		free(sb->buf);
	*sb = (struct sbuf)SBUF_INIT;
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
