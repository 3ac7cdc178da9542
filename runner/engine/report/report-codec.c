/*
 * report-codec.c: a report, and its one codec (report.h). Every field is a line "key\tfield...", each
 * field escaped by escape_line(), a message written as data by msg_write():
 *
 *   device NAME | test NAME STATUS DETAIL | picture MSG | buildlog TEXT | printf-text TEXT |
 *   analysis 0|1 | access FIGURE (the plugin's fields) | diagnosis ID KIND CERTAIN EVIDENCE |
 *   seconds S |
 *   verdict VERDICT FILE LINE MSG | end-report LINES
 *
 * The checking children send the first lines one by one (protocol.c); a whole report (the
 * verdict cache, a grading worker's answer) is all of them and then "end-report" with the number
 * of lines before it, so that a report cut anywhere, even between two lines, is no report.
 */
#include "engine/report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const test_names[] = { "pass", "fail", "skip", "error" };

const char *test_status_name(enum test_status st)
{
	return (unsigned)st <= TEST_ERROR ? test_names[st] : "error";
}

int test_status_from_name(const char *name)
{
	for (int i = TEST_PASS; i <= TEST_ERROR; i++)
		if (!strcmp(test_names[i], name))
			return i;
	return -1;
}

void report_set(struct report *r, enum verdict v, struct msg *m, const char *file, int line)
{
	r->verdict = v;
	msg_release(&r->message);
	msg_append(&r->message, m);
	char *place = file ? xstrdup(file) : NULL;   /* file may be r->file itself */
	free(r->file);
	r->file = place;
	r->line = line;
}

void report_set_text(struct report *r, enum verdict v, const char *text)
{
	struct msg m = MSG_INIT;
	msg_raw(&m, text);
	report_set(r, v, &m, NULL, 0);
}

bool report_outranks(const struct report *r, enum verdict v)
{
	return verdict_rank(r->verdict) > verdict_rank(v);
}

void report_add_test_msg(struct report *r, const char *name, enum test_status st, struct msg *detail)
{
	r->tests = xrealloc(r->tests, sizeof(*r->tests) * (size_t)(r->ntests + 1));
	struct test_result *t = &r->tests[r->ntests++];
	memset(t, 0, sizeof(*t));
	t->name = xstrdup(name);
	t->status = st;
	msg_append(&t->detail, detail);
}

void report_add_test(struct report *r, const char *name, enum test_status st, const char *detail)
{
	struct msg m = MSG_INIT;
	msg_raw(&m, detail);
	report_add_test_msg(r, name, st, &m);
}

void report_release(struct report *r)
{
	for (int i = 0; i < r->ntests; i++) {
		free(r->tests[i].name);
		msg_release(&r->tests[i].detail);
	}
	free(r->tests);
	msg_release(&r->message);
	free(r->file);
	free(r->device);
	msg_release(&r->picture);
	free(r->analysis_log);
	free(r->access);
	free(r->build_log);
	free(r->kernel_output);
	diagnoses_release(r->diagnoses, r->ndiagnoses);
	*r = (struct report)REPORT_INIT;
}

/* ---- writing ---- */

/* An access figure is one line's tab-separated fields, as the plugin's "access" lines and a
 * report's give them (access-figures.c reads the plugin's). */
bool access_figure_read(const char *fields, struct access_figure *a)
{
	char op[8];
	memset(a, 0, sizeof(*a));
	int n = sscanf(fields, "%c\t%7[^\t]\t%d\t%63[^\t]\t%zu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu"
		       "\t%zu\t%lu\t%lu",
		       &a->space, op, &a->line, a->name, &a->bytes, &a->requests, &a->sectors, &a->ideal,
		       &a->worst_sectors, &a->degrees, &a->worst_degree, &a->foreign_loads, &a->lanes,
		       &a->first_loads, &a->madds, &a->align, &a->split_requests, &a->split_sectors);
	if (n < 12)   /* lanes, first loads and the split came later: 0 where a line lacks them */
		return false;
	if (a->split_requests && (!a->align || a->align >= a->bytes))
		return false;   /* pieces of an access no wider than its alignment: not the plugin's */
	a->store = !strcmp(op, "store");
	return (a->space == 'g' || a->space == 'l') && a->requests && (a->store || !strcmp(op, "load"));
}

void access_figure_write(struct sbuf *out, const struct access_figure *a)
{
	sbuf_addf(out, "%c\t%s\t%d\t%s\t%zu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%lu\t%zu\t%lu\t%lu",
		  a->space, a->store ? "store" : "load", a->line, a->name, a->bytes, a->requests,
		  a->sectors, a->ideal, a->worst_sectors, a->degrees, a->worst_degree, a->foreign_loads,
		  a->lanes, a->first_loads, a->madds, a->align, a->split_requests, a->split_sectors);
}

static void add_field(struct sbuf *out, const char *value)
{
	sbuf_adds(out, "\t");
	escape_line(out, value ? value : "");
}

static void add_msg(struct sbuf *out, const struct msg *m)
{
	struct sbuf line = SBUF_INIT;
	msg_write(m, &line);
	add_field(out, sbuf_str(&line));
	sbuf_release(&line);
}

static void add_text_line(struct sbuf *out, const char *key, const char *value)
{
	sbuf_adds(out, key);
	add_field(out, value);
	sbuf_adds(out, "\n");
}

void report_write_test(struct sbuf *out, const char *name, enum test_status st, const struct msg *detail)
{
	sbuf_adds(out, "test");
	add_field(out, name);
	add_field(out, test_status_name(st));
	add_msg(out, detail);
	sbuf_adds(out, "\n");
}

void report_write_verdict(struct sbuf *out, enum verdict v, const char *file, int line,
			  const struct msg *m)
{
	sbuf_addf(out, "verdict\t%s", verdict_name(v));
	add_field(out, file);
	sbuf_addf(out, "\t%d", line);
	add_msg(out, m);
	sbuf_adds(out, "\n");
}

void report_encode(const struct report *r, struct sbuf *out)
{
	size_t start = out->len;
	if (r->device)
		add_text_line(out, "device", r->device);
	for (int i = 0; i < r->ntests; i++)
		report_write_test(out, r->tests[i].name, r->tests[i].status, &r->tests[i].detail);
	if (!msg_empty(&r->picture)) {
		sbuf_adds(out, "picture");
		add_msg(out, &r->picture);
		sbuf_adds(out, "\n");
	}
	if (r->build_log)
		add_text_line(out, "buildlog", r->build_log);
	if (r->kernel_output)
		add_text_line(out, "printf-text", r->kernel_output);
	sbuf_addf(out, "analysis\t%d\n", r->analysis_ran);
	if (r->isolated)
		sbuf_adds(out, "isolated\t1\n");
	if (r->access_taught)
		sbuf_adds(out, "access-taught\t1\n");
	if (r->naccess >= 0) {
		sbuf_addf(out, "naccess\t%d\n", r->naccess);
		for (int i = 0; i < r->naccess; i++) {
			sbuf_adds(out, "access\t");
			access_figure_write(out, &r->access[i]);
			sbuf_adds(out, "\n");
		}
	}
	for (int i = 0; i < r->ndiagnoses; i++) {
		sbuf_addf(out, "diagnosis\t%s\t%s\t%d", r->diagnoses[i].d->id,
			  evidence_kind_name(r->diagnoses[i].kind), r->diagnoses[i].certain);
		add_field(out, r->diagnoses[i].evidence);
		sbuf_adds(out, "\n");
	}
	sbuf_addf(out, "seconds\t%.3f\n", r->seconds);
	report_write_verdict(out, r->verdict, r->file, r->line, &r->message);
	size_t lines = 0;
	for (size_t i = start; i < out->len; i++)
		lines += out->buf[i] == '\n';
	sbuf_addf(out, "end-report\t%zu\n", lines);
}

/* ---- reading ---- */

/* Cuts line into at most max tab-separated fields; returns how many. */
static int split_fields(char *line, char **f, int max)
{
	int n = 0;
	for (char *p = line; p && n < max; n++) {
		f[n] = p;
		p = n < max - 1 ? strchr(p, '\t') : NULL;
		if (p)
			*p++ = '\0';
	}
	return n;
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

/* An escaped message field into m (emptied first); a field that is no message is kept raw. */
static void read_msg(const char *field, struct msg *m)
{
	char *data = unescaped(field);
	msg_release(m);
	msg_read_or_raw(data, m);
	free(data);
}

int report_read_line(char *line, struct report *r)
{
	char *f[5] = { 0 };
	char *key = line, *tab = strchr(line, '\t');
	if (!tab)
		return 0;
	*tab = '\0';
	int n = 0;
	int rc = 1;
	if (!strcmp(key, "device") || !strcmp(key, "buildlog") || !strcmp(key, "printf-text")) {
		char **to = key[0] == 'd' ? &r->device : key[0] == 'b' ? &r->build_log : &r->kernel_output;
		replace(to, unescaped(tab + 1));
	} else if (!strcmp(key, "test")) {
		n = split_fields(tab + 1, f, 3);
		int st = n == 3 ? test_status_from_name(f[1]) : -1;
		if (st < 0)
			return -1;
		char *name = unescaped(f[0]);
		struct msg detail = MSG_INIT;
		read_msg(f[2], &detail);
		report_add_test_msg(r, name, (enum test_status)st, &detail);
		msg_release(&detail);
		free(name);
	} else if (!strcmp(key, "verdict")) {
		n = split_fields(tab + 1, f, 4);
		int v = n == 4 ? verdict_from_name(f[0]) : -1;
		if (v < 0)
			return -1;
		r->verdict = (enum verdict)v;
		char *file = unescaped(f[1]);
		replace(&r->file, *file ? file : NULL);
		if (!r->file)
			free(file);
		r->line = atoi(f[2]);
		read_msg(f[3], &r->message);
	} else if (!strcmp(key, "picture")) {
		read_msg(tab + 1, &r->picture);
	} else if (!strcmp(key, "analysis")) {
		r->analysis_ran = atoi(tab + 1) != 0;
	} else if (!strcmp(key, "isolated")) {
		r->isolated = atoi(tab + 1) != 0;
	} else if (!strcmp(key, "access-taught")) {
		r->access_taught = atoi(tab + 1) != 0;
	} else if (!strcmp(key, "naccess")) {
		r->naccess = atoi(tab + 1) < 0 ? -1 : 0;   /* the access lines that follow count themselves */
	} else if (!strcmp(key, "access")) {
		struct access_figure a;
		if (r->naccess < 0 || !access_figure_read(tab + 1, &a))
			return -1;
		r->access = xrealloc(r->access, sizeof(*r->access) * (size_t)(r->naccess + 1));
		r->access[r->naccess++] = a;
	} else if (!strcmp(key, "diagnosis")) {
		n = split_fields(tab + 1, f, 4);
		const struct diagnosis *d = n == 4 ? diagnosis_find(f[0]) : NULL;
		int kind = n == 4 ? evidence_kind_from_name(f[1]) : -1;
		if (!d || kind < 0)
			return -1;
		char *evidence = unescaped(f[3]);
		diagnosis_add(&r->diagnoses, &r->ndiagnoses, d, (enum evidence_kind)kind, atoi(f[2]) != 0,
			      evidence);
		free(evidence);
	} else if (!strcmp(key, "seconds")) {
		r->seconds = strtod(tab + 1, NULL);
	} else {
		rc = 0;
	}
	*tab = '\t';
	return rc;
}

int report_decode(const char *text, size_t len, struct report *r)
{
	report_release(r);
	r->verdict = VERDICT_COUNT;   /* until a verdict line says which */
	char *copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	size_t lines = 0;
	long declared = -1;
	int rc = memchr(text, '\0', len) ? -1 : 0;
	for (char *line = copy; rc == 0 && *line;) {
		char *eol = strchr(line, '\n');
		if (!eol) {
			rc = -1;   /* cut in the middle of a line */
			break;
		}
		*eol = '\0';
		if (declared >= 0) {
			rc = -1;   /* anything after the end */
		} else if (!strncmp(line, "end-report\t", 11)) {
			char *end;
			declared = strtol(line + 11, &end, 10);
			if (*end || declared != (long)lines)
				rc = -1;
		} else if (report_read_line(line, r) != 1) {
			rc = -1;
		}
		lines++;
		line = eol + 1;
	}
	free(copy);
	if (rc == 0 && (declared < 0 || r->verdict == VERDICT_COUNT))
		rc = -1;
	if (rc < 0) {
		report_release(r);
		r->verdict = VERDICT_ERROR;
	}
	return rc;
}
