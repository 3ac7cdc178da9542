/*
 * formats-ci.c: a graded submission for CI systems and GitHub Classroom.
 *
 * JUnit XML valid against both schemas CI tools read it with (tests/grade/schema): Jenkins'
 * junit-10.xsd and the Ant JUnit schema. So: no properties inside a testcase (the points are
 * the suite's properties, "points.NAME"), the suite's timestamp, hostname, package and id, its
 * system-out and system-err, and no skipped element: an exercise the time budget never reached
 * is an error, so that a CI never shows a partial grading green.
 *
 * TAP 13: one test per exercise; a SKIP is a pass in TAP, so nothing is skipped: what was not
 * reached is a plain not ok, with the reason in its YAML block.
 *
 * GitHub Classroom: autograding-grading-reporter prints a test's message only when its status
 * is error, so the explanations also go to a Markdown page (classroom.md) for the job summary.
 */
#include "grade/formats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void xml_text(struct sbuf *x, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
		int n = utf8_sequence_len(p);
		if (!n) {
			sbuf_adds(x, "\xef\xbf\xbd");   /* not text: the replacement character */
			p++;
			continue;
		}
		switch (*p) {
		case '<': sbuf_adds(x, "&lt;"); break;
		case '>': sbuf_adds(x, "&gt;"); break;
		case '&': sbuf_adds(x, "&amp;"); break;
		case '"': sbuf_adds(x, "&quot;"); break;
		default:
			/* XML 1.0 has no other control characters than tab and newline */
			if (*p < 0x20 && *p != '\n' && *p != '\t')
				sbuf_adds(x, "?");
			else
				sbuf_add(x, (const char *)p, (size_t)n);
		}
		p += n;
	}
}

/* A name as xs:token wants it: no spaces at either end, none doubled, no tab or newline. */
static void xml_token(struct sbuf *x, const char *s)
{
	struct sbuf t = SBUF_INIT;
	sbuf_adds(&t, "");
	for (const char *p = s ? s : ""; *p; p++) {
		bool space = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';
		if (space && (!t.len || t.buf[t.len - 1] == ' ' || !p[1]))
			continue;
		sbuf_add(&t, space ? " " : p, 1);
	}
	while (t.len && t.buf[t.len - 1] == ' ')
		t.buf[--t.len] = '\0';
	xml_text(x, t.len ? t.buf : "localhost");
	sbuf_release(&t);
}

void junit(struct sbuf *x, const struct shown *s)
{
	const struct grade_run *run = s->run;
	int failures = 0, errors = 0;
	for (int i = 0; i < run->n; i++) {
		const char *st = grade_item_status(&run->items[i]);
		errors += !strcmp(st, "error");
		failures += !strcmp(st, "fail");
	}
	/* when the grading started, in UTC, as the Ant schema wants it (no zone) */
	time_t started = time(NULL) - (time_t)run->seconds;
	struct tm tm;
	char stamp[32] = "1970-01-01T00:00:00", host[256] = "";
	if (gmtime_r(&started, &tm))
		strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
	if (gethostname(host, sizeof(host) - 1) < 0)
		host[0] = '\0';
	sbuf_adds(x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
	sbuf_addf(x, "  <testsuite name=\"clings\" package=\"clings\" id=\"0\" timestamp=\"%s\" hostname=\"",
		  stamp);
	xml_token(x, host);
	sbuf_addf(x, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"0\" time=\"%.3f\">\n",
		  run->n, failures, errors, run->seconds);
	sbuf_addf(x, "    <properties>\n      <property name=\"seed\" value=\"%llu\"/>\n"
		     "      <property name=\"score\" value=\"%d\"/>\n      <property name=\"max_score\" "
		     "value=\"%d\"/>\n", (unsigned long long)run->seed, run->score, run->max_score);
	for (int i = 0; i < run->n; i++)
		sbuf_addf(x, "      <property name=\"points.%s\" value=\"%d/%d\"/>\n", run->items[i].e->name,
			  run->items[i].points, run->items[i].e->points);
	sbuf_adds(x, "    </properties>\n");
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		sbuf_addf(x, "    <testcase name=\"%s\" classname=\"clings.%s\" time=\"%.3f\"", it->e->name,
			  it->e->name, it->state == GRADED ? it->r.seconds : 0.0);
		const char *st = grade_item_status(it);
		if (!strcmp(st, "pass")) {
			sbuf_adds(x, "/>\n");
			continue;
		}
		char *m = shown_message(s, it, MESSAGE_MAX), *printed = shown_output(s, it, MESSAGE_MAX);
		const char *tag = !strcmp(st, "error") ? "error" : "failure";
		sbuf_addf(x, ">\n      <%s message=\"%s\" type=\"%s\">", tag, item_verdict(it), item_verdict(it));
		xml_text(x, m);
		if (printed) {
			sbuf_addf(x, "\n\n%s\n", tr(s->lang, "Your kernel printed:"));
			xml_text(x, printed);
		}
		sbuf_addf(x, "</%s>\n    </testcase>\n", tag);
		free(m);
		free(printed);
	}
	sbuf_adds(x, "    <system-out></system-out>\n    <system-err></system-err>\n");
	sbuf_adds(x, "  </testsuite>\n</testsuites>\n");
}

static void yaml_block(struct sbuf *t, const char *key, const char *text)
{
	sbuf_addf(t, "  %s: |\n", key);
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		sbuf_adds(t, "    ");
		for (size_t k = 0; k < n; k++)   /* YAML takes no control character but the tab */
			sbuf_add(t, (unsigned char)p[k] < 0x20 && p[k] != '\t' ? "?" : p + k, 1);
		sbuf_adds(t, "\n");
		p += n + (nl != NULL);
	}
}

void tap(struct sbuf *t, const struct shown *s)
{
	const struct grade_run *run = s->run;
	sbuf_addf(t, "TAP version 13\n1..%d\n# seed %llu, %d of %d points\n", run->n,
		  (unsigned long long)run->seed, run->score, run->max_score);
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		bool ok = !strcmp(grade_item_status(it), "pass");
		sbuf_addf(t, "%sok %d - %s\n", ok ? "" : "not ", i + 1, it->e->name);
		if (ok)
			continue;
		char *m = shown_message(s, it, MESSAGE_MAX), *printed = shown_output(s, it, MESSAGE_MAX);
		sbuf_addf(t, "  ---\n  verdict: %s\n  points: %d\n", item_verdict(it), it->points);
		yaml_block(t, "message", m);
		if (printed)
			yaml_block(t, "output", printed);
		sbuf_adds(t, "  ...\n");
		free(m);
		free(printed);
	}
}

static json_t *classroom_test(const struct shown *s, const struct grade_item *it)
{
	/* each test's score agrees with its status: Classroom adds the scores up */
	json_t *t = json_object();
	json_object_set_new(t, "name", json_text(it->e->name));
	json_object_set_new(t, "status", json_string(grade_item_status(it)));
	json_object_set_new(t, "score", json_integer(it->points));
	json_object_set_new(t, "message", json_text_free(shown_message(s, it, MESSAGE_MAX)));
	json_object_set_new(t, "test_code", json_text_free(shown_test_code(s, it)));
	json_object_set_new(t, "filename", json_text_free(shown_file(s, it)));
	json_object_set_new(t, "line_no", json_integer(it->state == GRADED ? it->r.line : 0));
	json_object_set_new(t, "duration", json_integer(it->state == GRADED ? (json_int_t)llround(it->r.seconds * 1000) : 0));
	return t;
}

/* error when clings failed somewhere (the reporter prints those messages), else pass or fail */
static const char *classroom_status(const struct grade_item *const *its, int n)
{
	const char *st = "pass";
	for (int i = 0; i < n; i++)
		if (item_grader_failed(its[i]))
			return "error";
		else if (strcmp(grade_item_status(its[i]), "pass"))
			st = "fail";
	return st;
}

/* A runner's result over items its[0..n). */
static json_t *classroom_result(const struct shown *s, const struct grade_item *const *its, int n, int max_score)
{
	json_t *tests = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(tests, classroom_test(s, its[i]));
	return json_pack("{s:i, s:s, s:i, s:o}", "version", 1, "status", classroom_status(its, n), "max_score",
			 max_score, "tests", tests);
}

json_t *classroom(const struct shown *s)
{
	const struct grade_run *run = s->run;
	const struct grade_item **its = xcalloc((size_t)run->n + 1, sizeof(*its));
	for (int i = 0; i < run->n; i++)
		its[i] = &run->items[i];
	json_t *j = classroom_result(s, its, run->n, run->max_score);
	free(its);
	return j;
}

json_t *classroom_one(const struct shown *s, int i)
{
	const struct grade_item *it = &s->run->items[i];
	return classroom_result(s, &it, 1, it->e->points);
}

void classroom_markdown(struct sbuf *m, const struct shown *s)
{
	const struct grade_run *run = s->run;
	sbuf_addf(m, "## clings: ");
	sbuf_addf(m, tr(s->lang, "%d of %d points"), run->score, run->max_score);
	sbuf_addf(m, "\n\n");
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		bool ok = !strcmp(grade_item_status(it), "pass");
		sbuf_addf(m, "### %s %s (%d/%d)\n\n", ok ? "✅" : "❌", it->e->name, it->points, it->e->points);
		if (ok)
			continue;
		char *msg = shown_message(s, it, MESSAGE_MAX), *printed = shown_output(s, it, MESSAGE_MAX);
		char *code = shown_test_code(s, it);
		/* a fence longer than any run of backquotes in the message */
		int fence = 3;
		for (const char *p = msg; *p; p++) {
			int k = 0;
			while (p[k] == '`')
				k++;
			if (k >= fence)
				fence = k + 1;
			p += k ? k - 1 : 0;
		}
		sbuf_addf(m, "%.*s\n%s\n%.*s\n\n", fence, "``````````````````````````````", msg, fence,
			  "``````````````````````````````");
		if (printed)
			sbuf_addf(m, "%s\n\n%.*s\n%s\n%.*s\n\n", tr(s->lang, "Your kernel printed:"), fence,
				  "``````````````````````````````", printed, fence, "``````````````````````````````");
		if (it->state == GRADED)
			sbuf_addf(m, "%s `%s`\n\n", tr(s->lang, "To see it again:"), code);
		free(msg);
		free(printed);
		free(code);
	}
}

void base64(struct sbuf *out, const char *s, size_t n)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
			     (i + 2 < n ? p[i + 2] : 0);
		char q[4] = { a[v >> 18 & 63], a[v >> 12 & 63], i + 1 < n ? a[v >> 6 & 63] : '=',
			      i + 2 < n ? a[v & 63] : '=' };
		sbuf_add(out, q, 4);
	}
}
