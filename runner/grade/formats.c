/*
 * formats.c: a graded submission in the formats graders read. Fields follow each platform's
 * documentation (see docs/grading.md); every file is written atomically. One exercise is one
 * test everywhere, named by the exercise, scored with its points.
 *
 *   exercism      results.json, version 3          gradescope   results.json
 *   prairielearn  results.json (score from 0 to 1)  classroom    the runner's result, base64
 *   junit         junit.xml                         tap          results.tap (TAP 13)
 *   summary       clings.json: everything, the seed included
 *
 * With one JSON format of a platform asked for, its file is results.json, where the platform
 * looks; with several, each is named after its format (exercism.json, gradescope.json, ...).
 */
#include "grade/grade.h"
#include "engine/diagnose.h"

#include <stdlib.h>
#include <string.h>

#define MESSAGE_MAX 4000         /* characters of one test's message: a verdict says it in less */
#define EXERCISM_OUTPUT_MAX 500  /* exercism's limit on a test's output */

static const char *const format_names[] = { "exercism", "gradescope", "prairielearn", "classroom",
					    "junit", "tap", "summary" };
#define NFORMATS ((int)(sizeof(format_names) / sizeof(format_names[0])))

int grade_formats_parse(const char *list, unsigned *out)
{
	*out = 0;
	if (!list || !strcmp(list, "all")) {
		*out = FORMAT_ALL;
		return 0;
	}
	char *copy = xstrdup(list), *save = NULL;
	int rc = 0;
	for (char *f = strtok_r(copy, ",", &save); f && !rc; f = strtok_r(NULL, ",", &save)) {
		int k = 0;
		while (k < NFORMATS && strcmp(f, format_names[k]))
			k++;
		if (k == NFORMATS)
			rc = error("--format: unknown format '%s' (exercism, gradescope, prairielearn, "
				   "classroom, junit, tap, summary, all)", f);
		else
			*out |= 1u << k;
	}
	free(copy);
	return rc;
}

/* A message cut to at most max bytes (never inside a UTF-8 character), with a note when cut. */
static char *capped(const char *s, size_t max, const char *lang)
{
	size_t n = strlen(s);
	if (n <= max)
		return xstrdup(s);
	while (n > 0 && (n > max || ((unsigned char)s[n] & 0xC0) == 0x80))
		n--;
	return xstrfmt("%.*s\n%s", (int)n, s, tr(lang, "(cut: the whole message is in clings.json)"));
}

static const char *item_verdict(const struct grade_item *it)
{
	return it->state == NOT_SUBMITTED ? "not_submitted" : it->state == NOT_REACHED ? "not_reached"
										       : verdict_name(it->r.verdict);
}

static void add_key(struct sbuf *j, const char *key, const char *value)
{
	sbuf_addf(j, "\"%s\": ", key);
	json_add_string(j, value);
}

/* The command that repeats one test. */
static char *test_code(const struct grade_item *it, const struct grade_run *run)
{
	return xstrfmt("clings check %s --file %s --seed %llu", it->e->name,
		       it->file ? it->file : "NAME.cl", (unsigned long long)run->seed);
}

static const char *overall(const struct grade_run *run)
{
	return run->score == run->max_score ? "pass" : "fail";
}

static void exercism(struct sbuf *j, const struct grade_run *run, const char *lang)
{
	sbuf_addf(j, "{\"version\": 3, \"status\": \"%s\", \"tests\": [", overall(run));
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		char *msg = capped(grade_item_message(it, lang), MESSAGE_MAX, lang);
		char *code = test_code(it, run);
		sbuf_adds(j, i ? ", {" : "{");
		add_key(j, "name", it->e->name);
		sbuf_addf(j, ", \"status\": \"%s\", ", grade_item_status(it));
		if (*msg) {
			add_key(j, "message", msg);
			sbuf_adds(j, ", ");
		}
		sbuf_adds(j, "\"output\": null, ");
		add_key(j, "test_code", code);
		sbuf_addf(j, ", \"task_id\": %d}", i + 1);
		free(msg);
		free(code);
	}
	sbuf_adds(j, "]}\n");
}

/* Markdown for Gradescope: the verdict in bold, the message as it is printed, in a code block. */
static char *markdown(const struct grade_item *it, const char *lang)
{
	const char *msg = grade_item_message(it, lang);
	if (!*msg)
		return xstrdup(tr(lang, "**Passed**"));
	char *cut = capped(msg, MESSAGE_MAX, lang);
	char *md = xstrfmt("**%s**\n\n```\n%s\n```\n", item_verdict(it), cut);
	free(cut);
	return md;
}

static void gradescope(struct sbuf *j, const struct grade_run *run, const char *lang)
{
	sbuf_addf(j, "{\"score\": %d, \"execution_time\": %.0f, \"output_format\": \"md\", "
		  "\"test_output_format\": \"md\", \"visibility\": \"visible\", "
		  "\"stdout_visibility\": \"hidden\", ", run->score, run->seconds);
	char *out = xstrfmt(tr(lang, "%d of %d points. Seed of this grading: %llu."), run->score,
			    run->max_score, (unsigned long long)run->seed);
	add_key(j, "output", out);
	free(out);
	sbuf_addf(j, ", \"extra_data\": {\"seed\": \"%llu\"}, \"tests\": [", (unsigned long long)run->seed);
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		char *md = markdown(it, lang);
		char number[16];
		snprintf(number, sizeof(number), "%d", i + 1);
		sbuf_addf(j, "%s{\"score\": %d, \"max_score\": %d, \"status\": \"%s\", ", i ? ", " : "",
			  it->points, it->e->points, it->points == it->e->points ? "passed" : "failed");
		add_key(j, "name", it->e->name);
		sbuf_adds(j, ", ");
		add_key(j, "number", number);
		sbuf_adds(j, ", ");
		add_key(j, "output", md);
		sbuf_adds(j, ", \"output_format\": \"md\", \"visibility\": \"visible\"}");
		free(md);
	}
	sbuf_adds(j, "]}\n");
}

static void prairielearn(struct sbuf *j, const struct grade_run *run, const char *lang)
{
	double score = run->max_score ? (double)run->score / run->max_score : 0;
	sbuf_addf(j, "{\"gradable\": %s, \"score\": %.6g, ", run->anything_submitted ? "true" : "false",
		  score);
	char *msg = run->anything_submitted
			    ? xstrfmt(tr(lang, "%d of %d points."), run->score, run->max_score)
			    : xstrdup(tr(lang, "The submission holds no kernel of this course."));
	add_key(j, "message", msg);
	free(msg);
	char *out = xstrfmt("seed %llu", (unsigned long long)run->seed);
	sbuf_adds(j, ", ");
	add_key(j, "output", out);
	free(out);
	sbuf_adds(j, ", \"tests\": [");
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		const char *title = exercise_title_in(lang, it->e);
		char *m = capped(grade_item_message(it, lang), MESSAGE_MAX, lang);
		sbuf_adds(j, i ? ", {" : "{");
		add_key(j, "name", it->e->name);
		sbuf_adds(j, ", ");
		add_key(j, "description", title);
		sbuf_addf(j, ", \"points\": %d, \"max_points\": %d, ", it->points, it->e->points);
		add_key(j, "message", *m ? m : tr(lang, "Passed"));
		sbuf_adds(j, "}");
		free(m);
	}
	sbuf_adds(j, "]}\n");
}

static void classroom(struct sbuf *j, const struct grade_run *run, const char *lang)
{
	sbuf_addf(j, "{\"version\": 1, \"status\": \"%s\", \"max_score\": %d, \"tests\": [",
		  overall(run), run->max_score);
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		char *m = capped(grade_item_message(it, lang), MESSAGE_MAX, lang);
		char *code = test_code(it, run);
		/* each test's score agrees with its status: Classroom adds the scores up */
		sbuf_adds(j, i ? ", {" : "{");
		add_key(j, "name", it->e->name);
		sbuf_addf(j, ", \"status\": \"%s\", \"score\": %d, ",
			  it->points == it->e->points ? "pass" : "fail", it->points);
		add_key(j, "message", m);
		sbuf_adds(j, ", ");
		add_key(j, "test_code", code);
		sbuf_adds(j, ", ");
		add_key(j, "filename", it->file ? it->file : "");
		sbuf_addf(j, ", \"line_no\": %d, \"duration\": %.0f}", it->r.line,
			  it->state == GRADED ? it->r.seconds * 1000 : 0.0);
		free(m);
		free(code);
	}
	sbuf_adds(j, "]}\n");
}

static void base64(struct sbuf *out, const char *s, size_t n)
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

static void junit(struct sbuf *x, const struct grade_run *run, const char *lang)
{
	int failures = 0, errors = 0, skipped = 0;
	for (int i = 0; i < run->n; i++) {
		const char *st = grade_item_status(&run->items[i]);
		skipped += run->items[i].state == NOT_REACHED;
		errors += !strcmp(st, "error") && run->items[i].state != NOT_REACHED;
		failures += !strcmp(st, "fail");
	}
	sbuf_adds(x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"clings\"");
	sbuf_addf(x, " tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\">\n",
		  run->n, failures, errors, skipped, run->seconds);
	sbuf_addf(x, "    <properties>\n      <property name=\"seed\" value=\"%llu\"/>\n"
		     "      <property name=\"score\" value=\"%d\"/>\n      <property name=\"max_score\" "
		     "value=\"%d\"/>\n    </properties>\n", (unsigned long long)run->seed, run->score,
		  run->max_score);
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		sbuf_adds(x, "    <testcase name=\"");
		xml_text(x, it->e->name);
		sbuf_addf(x, "\" classname=\"clings.%s\" time=\"%.3f\">\n", it->e->name,
			  it->state == GRADED ? it->r.seconds : 0.0);
		sbuf_addf(x, "      <properties><property name=\"points\" value=\"%d\"/>"
			     "<property name=\"max_points\" value=\"%d\"/></properties>\n",
			  it->points, it->e->points);
		const char *st = grade_item_status(it);
		if (strcmp(st, "pass")) {
			char *m = capped(grade_item_message(it, lang), MESSAGE_MAX, lang);
			const char *tag = it->state == NOT_REACHED ? "skipped" : !strcmp(st, "error") ? "error" : "failure";
			sbuf_addf(x, "      <%s message=\"%s\" type=\"%s\">", tag, item_verdict(it), item_verdict(it));
			xml_text(x, m);
			sbuf_addf(x, "</%s>\n", tag);
			free(m);
		}
		sbuf_adds(x, "    </testcase>\n");
	}
	sbuf_adds(x, "  </testsuite>\n</testsuites>\n");
}

static void tap(struct sbuf *t, const struct grade_run *run, const char *lang)
{
	sbuf_addf(t, "TAP version 13\n1..%d\n# seed %llu, %d of %d points\n", run->n,
		  (unsigned long long)run->seed, run->score, run->max_score);
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		bool ok = !strcmp(grade_item_status(it), "pass");
		sbuf_addf(t, "%sok %d - %s", ok ? "" : "not ", i + 1, it->e->name);
		if (it->state == NOT_REACHED)
			sbuf_adds(t, " # SKIP not reached");
		sbuf_adds(t, "\n");
		if (ok)
			continue;
		char *m = capped(grade_item_message(it, lang), MESSAGE_MAX, lang);
		sbuf_addf(t, "  ---\n  verdict: %s\n  points: %d\n  message: |\n", item_verdict(it), it->points);
		for (const char *p = m; *p;) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p) : strlen(p);
			sbuf_adds(t, "    ");
			sbuf_add(t, p, n);
			sbuf_adds(t, "\n");
			p += n + (nl != NULL);
		}
		sbuf_adds(t, "  ...\n");
		free(m);
	}
}

static void summary(struct sbuf *j, const struct grade_run *run, const char *lang)
{
	sbuf_adds(j, "{");
	add_key(j, "submission", run->submission);
	sbuf_addf(j, ", \"seed\": \"%llu\", \"score\": %d, \"max_score\": %d, \"seconds\": %.3f, "
		     "\"exercises\": [", (unsigned long long)run->seed, run->score, run->max_score,
		  run->seconds);
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		sbuf_adds(j, i ? ", {" : "{");
		add_key(j, "name", it->e->name);
		sbuf_addf(j, ", \"status\": \"%s\", \"verdict\": \"%s\", \"points\": %d, \"max_points\": %d, ",
			  grade_item_status(it), item_verdict(it), it->points, it->e->points);
		add_key(j, "file", it->file ? it->file : "");
		sbuf_addf(j, ", \"line\": %d, ", it->r.line);
		add_key(j, "message", grade_item_message(it, lang));
		sbuf_adds(j, ", \"facts\": ");   /* what the message says, for a program to read */
		msg_facts_json(&it->r.message, j);
		sbuf_adds(j, ", \"diagnoses\": ");
		diagnoses_json(&it->r, lang, j);
		sbuf_addf(j, ", \"seconds\": %.3f}", it->state == GRADED ? it->r.seconds : 0.0);
	}
	sbuf_adds(j, "]}\n");
}

int grade_write(const struct grade_run *run, const struct grade_options *o,
		const char *out_dir)
{
	unsigned platform_json = o->formats & (FORMAT_EXERCISM | FORMAT_GRADESCOPE | FORMAT_PRAIRIELEARN);
	bool alone = platform_json && !(platform_json & (platform_json - 1));
	int rc = 0;
	for (int k = 0; k < NFORMATS && !rc; k++) {
		unsigned f = 1u << k;
		if (!(o->formats & f))
			continue;
		struct sbuf s = SBUF_INIT;
		const char *name = "";
		char own[32];
		snprintf(own, sizeof(own), "%s.json", format_names[k]);
		switch (f) {
		case FORMAT_EXERCISM: exercism(&s, run, o->lang); name = alone ? "results.json" : own; break;
		case FORMAT_GRADESCOPE: gradescope(&s, run, o->lang); name = alone ? "results.json" : own; break;
		case FORMAT_PRAIRIELEARN: prairielearn(&s, run, o->lang); name = alone ? "results.json" : own; break;
		case FORMAT_CLASSROOM: {
			struct sbuf b = SBUF_INIT;
			classroom(&b, run, o->lang);
			base64(&s, b.buf, b.len);
			sbuf_adds(&s, "\n");
			name = "classroom.result";
			char *path = xstrfmt("%s/classroom.json", out_dir);
			if (write_file_atomic(path, b.buf, b.len) < 0)
				rc = error("%s: cannot write:", path);
			free(path);
			sbuf_release(&b);
			break;
		}
		case FORMAT_JUNIT: junit(&s, run, o->lang); name = "junit.xml"; break;
		case FORMAT_TAP: tap(&s, run, o->lang); name = "results.tap"; break;
		case FORMAT_SUMMARY: summary(&s, run, o->lang); name = "clings.json"; break;
		}
		char *path = xstrfmt("%s/%s", out_dir, name);
		if (!rc && write_file_atomic(path, s.buf ? s.buf : "", s.len) < 0)
			rc = error("%s: cannot write:", path);
		free(path);
		sbuf_release(&s);
	}
	return rc;
}
