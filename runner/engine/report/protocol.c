/*
 * protocol.c: the child-to-parent protocol, and the report it fills.
 *
 * The protocol is one line per fact, "key\tfield\tfield...", values escaped by escape_line():
 *   device NAME | maxwg N | ready built | verdict V FILE LINE MESSAGE | buildlog TEXT
 *   begin TEST | test NAME STATUS DETAIL | picture TEXT | buffer NAME KIND BYTES  (analysis)
 *   begin CASE | skip CASE | launch CASE PASS WHAT | printf CASE TEXT | end N  (execution and
 *   reference)
 *   data CASE PASS ARG BYTES GUARD, followed by BYTES + GUARD raw bytes
 * Once a child that runs the learner's kernel natively says "ready", its lines are data for the
 * parent to judge, never verdicts: the kernel could have written them.
 */
#include "engine/report/report.h"
#include "base/proc.h"

#include <inttypes.h>
#include <stdio.h>
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
	proc_write_reply(fd, key, sb.buf, sb.len);
	sbuf_release(&sb);
}

void proto_send_verdict(int fd, enum verdict v, const char *file, int line, struct msg *msg)
{
	struct sbuf out = SBUF_INIT;
	report_write_verdict(&out, v, file, line, msg);
	/* One write per line: a line is never split by a kill in the middle of a record. */
	proc_write_reply(fd, "verdict", out.buf, out.len);
	sbuf_release(&out);
	msg_release(msg);
}

void proto_send_verdict_text(int fd, enum verdict v, const char *file, int line, const char *text)
{
	struct msg m = MSG_INIT;
	msg_raw(&m, text);
	proto_send_verdict(fd, v, file, line, &m);
}

void proto_send_text(int fd, const char *key, const char *text)
{
	struct sbuf e = SBUF_INIT;
	escape_line(&e, text);
	proto_send(fd, key, "%s", sbuf_str(&e));
	sbuf_release(&e);
}

void proto_send_test(int fd, const char *name, enum test_status st, const struct msg *detail)
{
	struct sbuf out = SBUF_INIT;
	report_write_test(&out, name, st, detail);
	write_all(fd, out.buf, out.len);
	sbuf_release(&out);
}

void proto_send_data(int fd, int ci, int pass, int arg, const void *data, size_t bytes,
		     const void *guard, size_t guard_bytes)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_addf(&sb, "data\t%d\t%d\t%d\t%zu\t%zu\n", ci, pass, arg, bytes, guard_bytes);
	sbuf_add(&sb, data ? data : "", data ? bytes : 0);
	sbuf_add(&sb, guard ? guard : "", guard ? guard_bytes : 0);
	write_all(fd, sb.buf, sb.len);
	sbuf_release(&sb);
}

void proto_add_plain(struct sbuf *out, const char *s, size_t max)
{
	for (; *s && *s != '\n' && out->len < max; s++)
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    strchr("_:-. ", *s))
			sbuf_add(out, s, 1);
}

void proto_send_launch_failure(int fd, int ci, int pass, const char *what)
{
	struct sbuf w = SBUF_INIT;
	proto_add_plain(&w, what, PROTO_PLAIN_MAX);
	proto_send(fd, "launch", "%d\t%d\t%s", ci, pass, sbuf_str(&w));
	sbuf_release(&w);
}

void proto_send_digest(int fd, const struct proto_digest *d)
{
	proto_send(fd, "digest", "%d\t%d\t%d\t%zu\t%016" PRIx64, d->ci, d->pass, d->arg, d->bytes, d->hash);
}

bool proto_next_digest(const char **p, struct proto_digest *d)
{
	while (*p && **p) {
		const char *line = *p, *eol = strchr(line, '\n');
		*p = eol ? eol + 1 : NULL;
		if (!strncmp(line, "digest\t", 7) &&
		    sscanf(line + 7, "%d\t%d\t%d\t%zu\t%" SCNx64, &d->ci, &d->pass, &d->arg, &d->bytes,
			   &d->hash) == 5)
			return true;
	}
	return false;
}

void proto_split(const char *buf, size_t len, struct proto_stream *ps)
{
	const char *p = buf, *end = buf + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl) {
			ps->cut = true;
			break;
		}
		size_t n = (size_t)(nl - p);
		if (n > 5 && !strncmp(p, "data\t", 5)) {
			struct proto_data d = { 0 };
			char head[128];
			size_t hn = n < sizeof(head) - 1 ? n : sizeof(head) - 1;
			memcpy(head, p, hn);
			head[hn] = '\0';
			if (sscanf(head + 5, "%d\t%d\t%d\t%zu\t%zu", &d.ci, &d.pass, &d.arg, &d.nbytes,
				   &d.nguard) != 5 || d.nbytes > (size_t)(end - nl - 1) ||
			    d.nguard > (size_t)(end - nl - 1) - d.nbytes) {
				ps->cut = true;
				break;
			}
			/* a copy of its own: typed elements are read from it, so it must be aligned */
			unsigned char *copy = xmalloc(d.nbytes + d.nguard + 1);
			memcpy(copy, nl + 1, d.nbytes + d.nguard);
			d.bytes = copy;
			d.guard = copy + d.nbytes;
			ps->data = xrealloc(ps->data, sizeof(*ps->data) * (size_t)(ps->ndata + 1));
			ps->data[ps->ndata++] = d;
			p = nl + 1 + d.nbytes + d.nguard;
			continue;
		}
		/* A line with a NUL byte is no line of ours. */
		if (!memchr(p, '\0', n)) {
			struct sbuf *to = ps->ready ? &ps->after : &ps->before;
			sbuf_add(to, p, n + 1);
			if (!ps->ready && !strncmp(p, "ready\t", 6))
				ps->ready = true;
		}
		p = nl + 1;
	}
}

void proto_stream_release(struct proto_stream *ps)
{
	sbuf_release(&ps->before);
	sbuf_release(&ps->after);
	for (int i = 0; i < ps->ndata; i++)
		free((void *)ps->data[i].bytes);
	free(ps->data);
	*ps = (struct proto_stream)PROTO_STREAM_INIT;
}

const struct proto_data *proto_find(const struct proto_stream *ps, int ci, int pass, int arg)
{
	for (int i = 0; i < ps->ndata; i++)
		if (ps->data[i].ci == ci && ps->data[i].pass == pass && ps->data[i].arg == arg)
			return &ps->data[i];
	return NULL;
}

long proto_number(const char *text, const char *key, const char **from)
{
	size_t k = strlen(key);
	const char *p = from && *from ? *from : text;
	for (; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, key, k) && p[k] == '\t') {
			char *e;
			long v = strtol(p + k + 1, &e, 10);
			if (from)
				*from = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p);
			return e > p + k + 1 ? v : -1;
		}
	}
	if (from)
		*from = NULL;
	return -1;
}

int proto_analysis_buffers(const char *text, struct analysis_buffer **out)
{
	int n = 0, cap = 0;
	struct analysis_buffer *b = NULL;
	for (const char *p = text; p && *p;) {
		const char *eol = strchr(p, '\n');
		if (!strncmp(p, "buffer\t", 7)) {
			char name[NAME_MAX_LEN];
			int kind;
			size_t bytes;
			if (sscanf(p + 7, "%63[^\t]\t%d\t%zu", name, &kind, &bytes) == 3) {
				if (n == cap)
					b = xrealloc(b, sizeof(*b) * (size_t)(cap = cap ? cap * 2 : 16));
				copy_str(b[n].name, sizeof(b[n].name), name);
				b[n].kind = (enum arg_kind)kind;
				b[n].bytes = bytes;
				n++;
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	*out = b;
	return n;
}

char *proto_printf_text(const char *after, int upto)
{
	struct sbuf out = SBUF_INIT;
	for (const char *p = after; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, "printf\t", 7))
			continue;
		int ci = -1, used = 0;
		if (sscanf(p + 7, "%d\t%n", &ci, &used) < 1 || !used || (upto >= 0 && ci > upto))
			continue;
		const char *text = p + 7 + used, *e = strchr(text, '\n');
		char *field = xstrfmt("%.*s", (int)(e ? e - text : (long)strlen(text)), text);
		unescape_line(&out, field);
		free(field);
		if (out.len > 4096)
			break;
	}
	if (out.len > 4096) {
		out.len = 4096;
		out.buf[out.len] = '\0';
	}
	return out.len ? sbuf_detach(&out) : NULL;
}

/* The keys a child may send of a report: the rest of a report is the parent's to write. */
static bool child_report_key(const char *line)
{
	static const char *const keys[] = { "device\t", "test\t", "verdict\t", "picture\t",
					     "buildlog\t" };
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strncmp(line, keys[i], strlen(keys[i])))
			return true;
	return false;
}

int proto_parse(const char *text, struct report *r, struct sbuf *began)
{
	char *copy = xstrdup(text);
	char *save = NULL;
	int verdicts = 0;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "begin\t", 6)) {
			if (began) {
				sbuf_reset(began);
				sbuf_adds(began, line + 6);
			}
			continue;
		}
		if (!child_report_key(line))
			continue;
		bool verdict = !strncmp(line, "verdict\t", 8), test = line[0] == 't';
		int rc = report_read_line(line, r);
		if (verdict) {
			verdicts++;
			if (rc < 0)   /* a verdict no child of this version sends */
				report_set_text(r, VERDICT_ERROR, "a checking process sent a malformed verdict");
		} else if (test && rc == 1 && began) {
			sbuf_reset(began);
		}
	}
	free(copy);
	return verdicts;
}
