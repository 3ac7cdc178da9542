/*
 * formats.c: a graded submission in the formats graders read. Fields follow each platform's
 * documentation (see docs/grading.md); every file is written atomically. One exercise is one
 * test everywhere, named by the exercise, scored with its points. What a student reads never
 * holds a path of the grader's: paths are relative to the submission (shown_text).
 *
 *   exercism      results.json, version 3          gradescope   results.json
 *   prairielearn  results.json (score from 0 to 1)  classroom    the runner's result, base64
 *   junit         junit.xml (formats-ci.c)          tap          results.tap (formats-ci.c)
 *   summary       clings.json: everything, the seed included
 *
 * With one JSON format of a platform asked for, its file is results.json, where the platform
 * looks; with several, each is named after its format (exercism.json, gradescope.json, ...).
 */
#include "grade/formats.h"
#include "engine/diagnose/diagnose.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXERCISM_OUTPUT_MAX 500  /* exercism's limit on a test's output */
#define EXERCISM_MESSAGE_MAX 65000   /* its limit on the top-level message is 65535 */

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

/* s cut to at most max bytes (never inside a UTF-8 character), the note after it when cut. */
static char *cut(const char *s, size_t max, const char *note)
{
	size_t n = strlen(s);
	if (n <= max)
		return xstrdup(s);
	size_t keep = strlen(note) + 1 < max ? max - strlen(note) - 1 : 0;
	while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
		keep--;
	return xstrfmt("%.*s\n%s", (int)keep, s, note);
}

const char *item_verdict(const struct grade_item *it)
{
	return it->state == NOT_SUBMITTED ? "not_submitted" : it->state == NOT_REACHED ? "not_reached"
										       : verdict_name(it->r.verdict);
}

bool item_grader_failed(const struct grade_item *it)
{
	return it->state == NOT_REACHED || (it->state == GRADED && it->r.verdict == VERDICT_ERROR);
}

bool run_grader_failed(const struct grade_run *run)
{
	for (int i = 0; i < run->n; i++)
		if (item_grader_failed(&run->items[i]))
			return true;
	return false;
}

void add_key(struct sbuf *j, const char *key, const char *value)
{
	sbuf_addf(j, "\"%s\": ", key);
	json_add_string(j, value);
}

/* Where a path may start: not inside a word or another path. */
static bool path_start(const char *text, const char *p)
{
	if (p == text)
		return true;
	unsigned char c = (unsigned char)p[-1];
	return !(c == '/' || c == '.' || c == '_' || c == '-' || (c >= '0' && c <= '9') ||
		 (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

char *shown_text(const struct shown *s, const char *text)
{
	struct sbuf out = SBUF_INIT;
	sbuf_adds(&out, "");
	for (const char *p = text ? text : ""; *p;) {
		size_t skip = 0;
		for (int k = 0; k < s->nprefix && !skip && path_start(text, p); k++)
			if (!strncmp(p, s->prefix[k], strlen(s->prefix[k])))
				skip = strlen(s->prefix[k]);
		if (skip) {
			p += skip;
			continue;
		}
		sbuf_add(&out, p, 1);
		p++;
	}
	return sbuf_detach(&out);
}

char *shown_message(const struct shown *s, const struct grade_item *it, size_t max)
{
	char *text = shown_text(s, grade_item_message(it, s->lang));
	if (it->state == GRADED && it->r.verdict == VERDICT_ERROR) {
		char *own = xstrfmt("%s\n%s", tr(s->lang, "clings could not grade this exercise: a "
							  "fault of the grader, not of your kernel."), text);
		free(text);
		text = own;
	}
	char *c = cut(text, max, tr(s->lang, "(cut: the whole message is in clings.json)"));
	free(text);
	return c;
}

char *shown_output(const struct shown *s, const struct grade_item *it, size_t max)
{
	if (it->state != GRADED || !it->r.kernel_output || !*it->r.kernel_output)
		return NULL;
	char *text = shown_text(s, it->r.kernel_output);
	char *c = cut(text, max, tr(s->lang, "(output cut: print less)"));
	free(text);
	return c;
}

char *shown_file(const struct shown *s, const struct grade_item *it)
{
	if (!it->file)
		return xstrfmt("%s.cl", it->e->name);
	return shown_text(s, it->file);
}

char *shown_test_code(const struct shown *s, const struct grade_item *it)
{
	char *file = shown_file(s, it);
	char *code = xstrfmt("clings check %s --file %s --seed %llu", it->e->name, file,
			     (unsigned long long)s->run->seed);
	free(file);
	return code;
}

/* exercism: error only when no test could run (each one an error: a build error, say), with
 * the reason as the top-level message; pass when all pass; else fail. */
static void exercism(struct sbuf *j, const struct shown *s)
{
	const struct grade_run *run = s->run;
	int errors = 0;
	for (int i = 0; i < run->n; i++)
		errors += !strcmp(grade_item_status(&run->items[i]), "error");
	const char *status = run->n && errors == run->n ? "error"
			     : run->score == run->max_score ? "pass" : "fail";
	sbuf_addf(j, "{\"version\": 3, \"status\": \"%s\", ", status);
	if (!strcmp(status, "error")) {
		struct sbuf m = SBUF_INIT;
		for (int i = 0; i < run->n; i++) {
			char *msg = shown_message(s, &run->items[i], MESSAGE_MAX);
			if (run->n > 1)
				sbuf_addf(&m, "%s%s:\n", i ? "\n\n" : "", run->items[i].e->name);
			sbuf_adds(&m, msg);
			free(msg);
		}
		char *c = cut(sbuf_str(&m), EXERCISM_MESSAGE_MAX,
			      tr(s->lang, "(cut: the whole message is in clings.json)"));
		add_key(j, "message", c);
		sbuf_adds(j, ", ");
		free(c);
		sbuf_release(&m);
	}
	sbuf_adds(j, "\"tests\": [");
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		char *msg = shown_message(s, it, MESSAGE_MAX);
		char *out = shown_output(s, it, EXERCISM_OUTPUT_MAX);
		char *code = shown_test_code(s, it);
		sbuf_adds(j, i ? ", {" : "{");
		add_key(j, "name", it->e->name);
		sbuf_addf(j, ", \"status\": \"%s\", ", grade_item_status(it));
		if (*msg) {
			add_key(j, "message", msg);
			sbuf_adds(j, ", ");
		}
		if (out) {
			add_key(j, "output", out);
			sbuf_adds(j, ", ");
		}
		add_key(j, "test_code", code);
		sbuf_addf(j, ", \"task_id\": %d}", i + 1);
		free(msg);
		free(out);
		free(code);
	}
	sbuf_adds(j, "]}\n");
}

/* Markdown for Gradescope: the verdict in bold, the message and the kernel's printing as they
 * are printed, in code blocks. */
static char *markdown(const struct shown *s, const struct grade_item *it)
{
	char *msg = shown_message(s, it, MESSAGE_MAX), *out = shown_output(s, it, MESSAGE_MAX);
	struct sbuf md = SBUF_INIT;
	if (!*msg)
		sbuf_adds(&md, tr(s->lang, "**Passed**"));
	else
		sbuf_addf(&md, "**%s**\n\n```\n%s\n```\n", item_verdict(it), msg);
	if (out)
		sbuf_addf(&md, "\n%s\n\n```\n%s\n```\n", tr(s->lang, "Your kernel printed:"), out);
	free(msg);
	free(out);
	return sbuf_detach(&md);
}

/* Gradescope knows no test that could not run: a grader-side failure is a failed test with
 * the grader's words, and grading/gradescope/run_autograder keeps such results from being
 * scored (docs/grading.md). */
static void gradescope(struct sbuf *j, const struct shown *s)
{
	const struct grade_run *run = s->run;
	sbuf_addf(j, "{\"score\": %d, \"execution_time\": %.0f, \"output_format\": \"md\", "
		  "\"test_output_format\": \"md\", \"visibility\": \"visible\", "
		  "\"stdout_visibility\": \"hidden\", ", run->score, run->seconds);
	char *out = xstrfmt(tr(s->lang, "%d of %d points. Seed of this grading: %llu."), run->score,
			    run->max_score, (unsigned long long)run->seed);
	add_key(j, "output", out);
	free(out);
	sbuf_addf(j, ", \"extra_data\": {\"seed\": \"%llu\"}, \"tests\": [", (unsigned long long)run->seed);
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		char *md = markdown(s, it), *file = shown_file(s, it);
		char number[16];
		snprintf(number, sizeof(number), "%d", i + 1);
		sbuf_addf(j, "%s{\"score\": %d, \"max_score\": %d, \"status\": \"%s\", ", i ? ", " : "",
			  it->points, it->e->points, it->points == it->e->points ? "passed" : "failed");
		add_key(j, "name", it->e->name);
		sbuf_adds(j, ", ");
		add_key(j, "number", number);
		sbuf_adds(j, ", ");
		add_key(j, "output", md);
		sbuf_adds(j, ", \"output_format\": \"md\", ");
		if (it->e->visibility[0]) {
			add_key(j, "visibility", it->e->visibility);
			sbuf_adds(j, ", ");
		}
		sbuf_addf(j, "\"extra_data\": {\"verdict\": \"%s\", \"grader_failed\": %s, ", item_verdict(it),
			  item_grader_failed(it) ? "true" : "false");
		add_key(j, "file", file);
		sbuf_addf(j, ", \"line\": %d, \"facts\": ", it->state == GRADED ? it->r.line : 0);
		struct sbuf facts = SBUF_INIT;
		msg_facts_json(&it->r.message, &facts);
		char *rel = shown_text(s, sbuf_str(&facts));   /* a path among them, as everywhere */
		sbuf_adds(j, rel);
		free(rel);
		sbuf_release(&facts);
		sbuf_adds(j, "}}");
		free(md);
		free(file);
	}
	sbuf_adds(j, "]}\n");
}

/* PrairieLearn: a submission that cannot be graded (a kernel that does not build, a failure of
 * the grader, nothing submitted) is not gradable: the student loses no attempt. */
static void prairielearn(struct sbuf *j, const struct shown *s)
{
	const struct grade_run *run = s->run;
	bool builds = true, grader = run_grader_failed(run);
	struct sbuf fe = SBUF_INIT;   /* format_errors: what keeps the kernels from being graded */
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		if (item_grader_failed(it) || strcmp(grade_item_status(it), "error"))
			continue;
		char *m = shown_message(s, it, MESSAGE_MAX), *line = xstrfmt("%s: %s", it->e->name, m);
		sbuf_adds(&fe, builds ? "" : ", ");
		json_add_string(&fe, line);
		builds = false;
		free(m);
		free(line);
	}
	bool gradable = run->anything_submitted && builds && !grader;
	double score = gradable && run->max_score ? (double)run->score / run->max_score : 0;
	sbuf_addf(j, "{\"gradable\": %s, \"score\": %.6g, ", gradable ? "true" : "false", score);
	if (!builds)
		sbuf_addf(j, "\"format_errors\": [%s], ", sbuf_str(&fe));
	sbuf_release(&fe);
	char *msg = !run->anything_submitted
			    ? xstrdup(tr(s->lang, "The submission holds no kernel of this course."))
		    : grader ? xstrdup(tr(s->lang, "clings could not grade every exercise (a fault of the "
						     "grader, not of your kernels): this submission is not "
						     "counted; your instructor can grade it again."))
		    : !builds ? xstrdup(tr(s->lang, "A kernel does not build: this submission is not "
						      "counted. Fix it and submit again."))
			      : xstrfmt(tr(s->lang, "%d of %d points."), run->score, run->max_score);
	add_key(j, "message", msg);
	free(msg);
	char *out = xstrfmt("seed %llu", (unsigned long long)run->seed);
	sbuf_adds(j, ", ");
	add_key(j, "output", out);
	free(out);
	sbuf_adds(j, ", \"tests\": [");
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		const char *title = exercise_title_in(s->lang, it->e);
		char *m = shown_message(s, it, MESSAGE_MAX), *printed = shown_output(s, it, MESSAGE_MAX);
		sbuf_adds(j, i ? ", {" : "{");
		add_key(j, "name", it->e->name);
		sbuf_adds(j, ", ");
		add_key(j, "description", title);
		sbuf_addf(j, ", \"points\": %d, \"max_points\": %d, ", it->points, it->e->points);
		add_key(j, "message", *m ? m : tr(s->lang, "Passed"));
		if (printed) {
			sbuf_adds(j, ", ");
			add_key(j, "output", printed);
		}
		sbuf_adds(j, "}");
		free(m);
		free(printed);
	}
	sbuf_adds(j, "]}\n");
}

/* clings' own record: everything, uncut, as the grader saw it (paths included). */
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

void grade_summary_json(struct sbuf *j, const struct grade_run *run, const char *lang)
{
	summary(j, run, lang);
}

static void add_prefix(struct shown *s, const char *dir)
{
	if (!dir || !*dir || !strcmp(dir, "/"))
		return;
	char real[PATH_MAX];
	if (realpath(dir, real) && strcmp(real, "/"))
		s->prefix[s->nprefix++] = xstrfmt("%s/", real);
	char *given = xstrfmt("%s/", dir);
	if (s->nprefix && !strcmp(given, s->prefix[s->nprefix - 1]))
		free(given);
	else
		s->prefix[s->nprefix++] = given;
}

/* A directory inside another is matched first: the submission inside the course, say. */
static int longest_first(const void *a, const void *b)
{
	size_t la = strlen(*(char *const *)a), lb = strlen(*(char *const *)b);
	return la < lb ? 1 : la > lb ? -1 : 0;
}

static int write_one(const char *out_dir, const char *name, const struct sbuf *s)
{
	char *path = xstrfmt("%s/%s", out_dir, name);
	int rc = write_file_atomic(path, s->buf ? s->buf : "", s->len) < 0 ? error("%s: cannot write:", path) : 0;
	free(path);
	return rc;
}

/* GitHub Classroom: the whole runner (classroom.json, classroom.result, what the step's `result`
 * is), one runner per exercise (classroom.env: NAME_RESULTS=..., for $GITHUB_ENV; its ids in
 * classroom.runners), so that the reporter's table, which scores a runner as passed / total
 * times max_score, agrees with the points; and classroom.md, the explanations. */
static int write_classroom(const struct shown *s, const char *out_dir)
{
	struct sbuf j = SBUF_INIT, b = SBUF_INIT, env = SBUF_INIT, ids = SBUF_INIT, md = SBUF_INIT;
	classroom(&j, s);
	base64(&b, j.buf, j.len);
	sbuf_adds(&b, "\n");
	for (int i = 0; i < s->run->n; i++) {
		struct sbuf one = SBUF_INIT;
		char id[NAME_MAX_LEN + 1];
		copy_str(id, sizeof(id), s->run->items[i].e->name);
		for (char *p = id; *p; p++)
			*p = *p == '-' ? '_' : *p;
		sbuf_addf(&ids, "%s%s", i ? "," : "", id);
		for (char *p = id; *p; p++)
			*p = *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
		classroom_one(&one, s, i);
		sbuf_addf(&env, "%s_RESULTS=", id);
		base64(&env, one.buf, one.len);
		sbuf_adds(&env, "\n");
		sbuf_release(&one);
	}
	sbuf_adds(&ids, "\n");
	classroom_markdown(&md, s);
	int rc = write_one(out_dir, "classroom.json", &j);
	if (!rc)
		rc = write_one(out_dir, "classroom.result", &b);
	if (!rc)
		rc = write_one(out_dir, "classroom.env", &env);
	if (!rc)
		rc = write_one(out_dir, "classroom.runners", &ids);
	if (!rc)
		rc = write_one(out_dir, "classroom.md", &md);
	sbuf_release(&j);
	sbuf_release(&b);
	sbuf_release(&env);
	sbuf_release(&ids);
	sbuf_release(&md);
	return rc;
}

int grade_write(const struct grade_run *run, const struct grade_options *o,
		const char *out_dir)
{
	unsigned platform_json = o->formats & (FORMAT_EXERCISM | FORMAT_GRADESCOPE | FORMAT_PRAIRIELEARN);
	bool alone = platform_json && !(platform_json & (platform_json - 1));
	struct shown s = { .run = run, .lang = o->lang };
	add_prefix(&s, run->submission);
	add_prefix(&s, o->course_dir);
	char exe[PATH_MAX];   /* where clings itself lives (/opt/clings), when not with the course */
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
	if (slash && slash != exe) {
		*slash = '\0';
		add_prefix(&s, exe);
	}
	qsort(s.prefix, (size_t)s.nprefix, sizeof(s.prefix[0]), longest_first);
	int rc = 0;
	for (int k = 0; k < NFORMATS && !rc; k++) {
		unsigned f = 1u << k;
		if (!(o->formats & f))
			continue;
		struct sbuf out = SBUF_INIT;
		const char *name = NULL;
		char own[32];
		snprintf(own, sizeof(own), "%s.json", format_names[k]);
		switch (f) {
		case FORMAT_EXERCISM: exercism(&out, &s); name = alone ? "results.json" : own; break;
		case FORMAT_GRADESCOPE: gradescope(&out, &s); name = alone ? "results.json" : own; break;
		case FORMAT_PRAIRIELEARN: prairielearn(&out, &s); name = alone ? "results.json" : own; break;
		case FORMAT_CLASSROOM: rc = write_classroom(&s, out_dir); break;
		case FORMAT_JUNIT: junit(&out, &s); name = "junit.xml"; break;
		case FORMAT_TAP: tap(&out, &s); name = "results.tap"; break;
		case FORMAT_SUMMARY: summary(&out, run, o->lang); name = "clings.json"; break;
		}
		if (!rc && name)
			rc = write_one(out_dir, name, &out);
		sbuf_release(&out);
	}
	for (int k = 0; k < s.nprefix; k++)
		free(s.prefix[k]);
	return rc;
}
