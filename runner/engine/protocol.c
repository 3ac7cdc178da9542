/*
 * protocol.c: the child-to-parent protocol, and a check's report as text for a learner or as the
 * one JSON object of `clings check --json`.
 *
 * The protocol is one line per fact, "key\tfield\tfield...", values escaped by escape_line():
 *   device NAME | begin TEST | test NAME STATUS DETAIL | verdict V FILE LINE MESSAGE
 *   picture TEXT | buildlog TEXT | buffer NAME KIND BYTES
 */
#include "engine/engine.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void proto_send(int fd, const char *key, const char *fmt, ...)
{
	struct sbuf sb = SBUF_INIT;
	va_list ap;
	sbuf_addf(&sb, "%s\t", key);
	va_start(ap, fmt);
	sbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	sbuf_adds(&sb, "\n");
	/* One write per line: a line is never split by a kill in the middle of a record. */
	const char *p = sb.buf;
	size_t n = sb.len;
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w <= 0)
			break;
		p += w;
		n -= (size_t)w;
	}
	sbuf_release(&sb);
}

static char *unescaped(const char *s)
{
	struct sbuf sb = SBUF_INIT;
	unescape_line(&sb, s);
	return sbuf_detach(&sb);
}

static void replace(char **dst, char *value)
{
	free(*dst);
	*dst = value;
}

static int test_status_from_name(const char *s)
{
	for (int i = TEST_PASS; i <= TEST_ERROR; i++)
		if (!strcmp(test_status_name((enum test_status)i), s))
			return i;
	return TEST_ERROR;
}

int proto_parse(const char *text, struct report *r, struct sbuf *began)
{
	char *copy = xstrdup(text);
	char *save = NULL;
	int verdicts = 0;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[5] = { 0 };
		int n = 0;
		for (char *p = line; p && n < 5; n++) {
			f[n] = p;
			p = n < 4 ? strchr(p, '\t') : NULL;
			if (p)
				*p++ = '\0';
		}
		if (!strcmp(f[0], "device") && n >= 2)
			replace(&r->device, unescaped(f[1]));
		else if (!strcmp(f[0], "begin") && n >= 2 && began) {
			sbuf_reset(began);
			sbuf_adds(began, f[1]);
		} else if (!strcmp(f[0], "test") && n >= 4) {
			char *detail = unescaped(f[3]);
			report_add_test(r, f[1], (enum test_status)test_status_from_name(f[2]), detail);
			free(detail);
			if (began)
				sbuf_reset(began);
		} else if (!strcmp(f[0], "verdict") && n >= 5) {
			int v = verdict_from_name(f[1]);
			r->verdict = v < 0 ? VERDICT_ERROR : (enum verdict)v;
			replace(&r->file, *f[2] ? xstrdup(f[2]) : NULL);
			r->line = atoi(f[3]);
			replace(&r->message, unescaped(f[4]));
			verdicts++;
		} else if (!strcmp(f[0], "picture") && n >= 2)
			replace(&r->picture, unescaped(f[1]));
		else if (!strcmp(f[0], "buildlog") && n >= 2)
			replace(&r->build_log, unescaped(f[1]));
	}
	free(copy);
	return verdicts;
}

const char *test_status_name(enum test_status st)
{
	static const char *const names[] = { "pass", "fail", "skip", "error" };
	return names[st];
}

void report_add_test(struct report *r, const char *name, enum test_status st, const char *detail)
{
	r->tests = xrealloc(r->tests, sizeof(*r->tests) * (size_t)(r->ntests + 1));
	struct test_result *t = &r->tests[r->ntests++];
	t->name = xstrdup(name);
	t->status = st;
	t->detail = xstrdup(detail);
}

void report_release(struct report *r)
{
	for (int i = 0; i < r->ntests; i++) {
		free(r->tests[i].name);
		free(r->tests[i].detail);
	}
	free(r->tests);
	free(r->message);
	free(r->file);
	free(r->device);
	free(r->picture);
	free(r->analysis_log);
	free(r->build_log);
	struct report fresh = REPORT_INIT;
	*r = fresh;
}
