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
#include "ui/ui.h"
#include "engine/diagnose/diagnose.h"

#include <limits.h>
#include <math.h>
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

/* The repair a student is shown, or NULL: none when the course shows none; nothing of a search
 * whose budget ran out before it found one (that depends on the grader's load, not the kernel). */
static const struct repair *shown_repair(const struct shown *s, const struct grade_item *it)
{
	const struct repair *rp = &it->repair;
	return s->run->repair_shown != REPAIR_SHOWN_NONE && rp->searched && !rp->cancelled &&
			       (rp->found || !rp->exhausted) ? rp : NULL;
}

/* A graded failure: the report's lines a student reads (ui/render.c, as `clings check` and the
 * tutorial draw them), plain, with the repair's ladder up to the course's rung; else the item's
 * own words. */
static char *item_text(const struct shown *s, const struct grade_item *it)
{
	if (it->state != GRADED || it->r.verdict == VERDICT_PASS)
		return shown_text(s, grade_item_message(it, s->lang));
	struct render_options o = { .lang = s->lang, .parts = PARTS_GRADING | 1u << PART_REPAIR, .keep_bytes = true,
				    .repair = shown_repair(s, it), .rung = (int)s->run->repair_shown };
	struct report_lines l = REPORT_LINES_INIT;
	report_render(&it->r, &o, &l);
	char *joined = report_lines_join(&l), *text = shown_text(s, joined);
	free(joined);
	report_lines_release(&l);
	return text;
}

char *shown_message(const struct shown *s, const struct grade_item *it, size_t max)
{
	char *text = item_text(s, it);
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
static json_t *exercism(const struct shown *s)
{
	const struct grade_run *run = s->run;
	int errors = 0;
	for (int i = 0; i < run->n; i++)
		errors += !strcmp(grade_item_status(&run->items[i]), "error");
	const char *status = run->n && errors == run->n ? "error"
			     : run->score == run->max_score ? "pass" : "fail";
	json_t *j = json_pack("{s:i, s:s}", "version", 3, "status", status);
	if (!strcmp(status, "error")) {
		struct sbuf m = SBUF_INIT;
		for (int i = 0; i < run->n; i++) {
			char *msg = shown_message(s, &run->items[i], MESSAGE_MAX);
			if (run->n > 1)
				sbuf_addf(&m, "%s%s:\n", i ? "\n\n" : "", run->items[i].e->name);
			sbuf_adds(&m, msg);
			free(msg);
		}
		json_object_set_new(j, "message", json_text_free(cut(sbuf_str(&m), EXERCISM_MESSAGE_MAX,
			tr(s->lang, "(cut: the whole message is in clings.json)"))));
		sbuf_release(&m);
	}
	json_t *tests = json_array();
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		char *msg = shown_message(s, it, MESSAGE_MAX);
		char *out = shown_output(s, it, EXERCISM_OUTPUT_MAX);
		json_t *t = json_object();
		json_object_set_new(t, "name", json_text(it->e->name));
		json_object_set_new(t, "status", json_string(grade_item_status(it)));
		if (*msg)
			json_object_set_new(t, "message", json_text(msg));
		if (out)
			json_object_set_new(t, "output", json_text(out));
		json_object_set_new(t, "test_code", json_text_free(shown_test_code(s, it)));
		json_object_set_new(t, "task_id", json_integer(i + 1));
		json_array_append_new(tests, t);
		free(msg);
		free(out);
	}
	json_object_set_new(j, "tests", tests);
	return j;
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

/* The message's facts as a student is shown them: every path in a text relative. */
static json_t *shown_facts(const struct shown *s, const struct msg *m)
{
	json_t *facts = msg_facts_object(m);
	const char *key;
	json_t *v;
	json_object_foreach(facts, key, v)
		if (json_is_string(v))
			json_object_set_new(facts, key, json_text_free(shown_text(s, json_string_value(v))));
	return facts;
}

/* Gradescope knows no test that could not run: a grader-side failure is a failed test with
 * the grader's words, and grading/gradescope/run_autograder keeps such results from being
 * scored (docs/grading.md). */
static json_t *gradescope(const struct shown *s)
{
	const struct grade_run *run = s->run;
	json_t *j = json_pack("{s:i, s:I, s:s, s:s, s:s, s:s}", "score", run->score, "execution_time",
			      (json_int_t)llround(run->seconds), "output_format", "md", "test_output_format", "md",
			      "visibility", "visible", "stdout_visibility", "hidden");
	json_object_set_new(j, "output", json_text_free(xstrfmt(tr(s->lang, "%d of %d points. Seed of this grading: %llu."),
								 run->score, run->max_score, (unsigned long long)run->seed)));
	json_object_set_new(j, "extra_data", json_pack("{s:o}", "seed",
						       json_text_free(xstrfmt("%llu", (unsigned long long)run->seed))));
	json_t *tests = json_array();
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		json_t *t = json_pack("{s:i, s:i, s:s}", "score", it->points, "max_score", it->e->points, "status",
				      it->points == it->e->points ? "passed" : "failed");
		json_object_set_new(t, "name", json_text(it->e->name));
		json_object_set_new(t, "number", json_text_free(xstrfmt("%d", i + 1)));
		json_object_set_new(t, "output", json_text_free(markdown(s, it)));
		json_object_set_new(t, "output_format", json_string("md"));
		if (it->e->visibility[0])
			json_object_set_new(t, "visibility", json_text(it->e->visibility));
		json_t *extra = json_pack("{s:s, s:b}", "verdict", item_verdict(it), "grader_failed",
					  item_grader_failed(it));
		json_object_set_new(extra, "file", json_text_free(shown_file(s, it)));
		json_object_set_new(extra, "line", json_integer(it->state == GRADED ? it->r.line : 0));
		json_object_set_new(extra, "facts", shown_facts(s, &it->r.message));   /* a path among them, as everywhere */
		json_object_set_new(t, "extra_data", extra);
		json_array_append_new(tests, t);
	}
	json_object_set_new(j, "tests", tests);
	return j;
}

/* PrairieLearn's score, a fraction from 0 to 1: whole as 0 or 1, else to six places. */
static json_t *fraction(double score)
{
	return score == 0 || score == 1 ? json_integer((json_int_t)score) : json_fixed(score, 6);
}

/* PrairieLearn: a submission that cannot be graded (a kernel that does not build, a failure of
 * the grader, nothing submitted) is not gradable: the student loses no attempt. */
static json_t *prairielearn(const struct shown *s)
{
	const struct grade_run *run = s->run;
	bool grader = run_grader_failed(run);
	json_t *fe = json_array();   /* format_errors: what keeps the kernels from being graded */
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		if (item_grader_failed(it) || strcmp(grade_item_status(it), "error"))
			continue;
		char *m = shown_message(s, it, MESSAGE_MAX);
		json_array_append_new(fe, json_text_free(xstrfmt("%s: %s", it->e->name, m)));
		free(m);
	}
	bool builds = !json_array_size(fe);
	bool gradable = run->anything_submitted && builds && !grader;
	double score = gradable && run->max_score ? (double)run->score / run->max_score : 0;
	json_t *j = json_pack("{s:b, s:o}", "gradable", gradable, "score", fraction(score));
	if (!builds)
		json_object_set(j, "format_errors", fe);
	json_decref(fe);
	char *msg = !run->anything_submitted
			    ? xstrdup(tr(s->lang, "The submission holds no kernel of this course."))
		    : grader ? xstrdup(tr(s->lang, "clings could not grade every exercise (a fault of the "
						     "grader, not of your kernels): this submission is not "
						     "counted; your instructor can grade it again."))
		    : !builds ? xstrdup(tr(s->lang, "A kernel does not build: this submission is not "
						      "counted. Fix it and submit again."))
			      : xstrfmt(tr(s->lang, "%d of %d points."), run->score, run->max_score);
	json_object_set_new(j, "message", json_text_free(msg));
	json_object_set_new(j, "output", json_text_free(xstrfmt("seed %llu", (unsigned long long)run->seed)));
	json_t *tests = json_array();
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		char *m = shown_message(s, it, MESSAGE_MAX), *printed = shown_output(s, it, MESSAGE_MAX);
		json_t *t = json_object();
		json_object_set_new(t, "name", json_text(it->e->name));
		json_object_set_new(t, "description", json_text(exercise_title_in(s->lang, it->e)));
		json_object_set_new(t, "points", json_integer(it->points));
		json_object_set_new(t, "max_points", json_integer(it->e->points));
		json_object_set_new(t, "message", json_text(*m ? m : tr(s->lang, "Passed")));
		if (printed)
			json_object_set_new(t, "output", json_text(printed));
		json_array_append_new(tests, t);
		free(m);
		free(printed);
	}
	json_object_set_new(j, "tests", tests);
	return j;
}

/* clings' own record: everything, uncut, as the grader saw it (paths included). */
json_t *grade_summary_json(const struct grade_run *run, const char *lang)
{
	json_t *j = json_object();
	json_object_set_new(j, "submission", json_text(run->submission));
	json_object_set_new(j, "seed", json_text_free(xstrfmt("%llu", (unsigned long long)run->seed)));
	json_object_set_new(j, "score", json_integer(run->score));
	json_object_set_new(j, "max_score", json_integer(run->max_score));
	json_object_set_new(j, "seconds", json_fixed(run->seconds, 3));
	json_t *exercises = json_array();
	for (int i = 0; i < run->n; i++) {
		const struct grade_item *it = &run->items[i];
		json_t *e = json_object();
		json_object_set_new(e, "name", json_text(it->e->name));
		json_object_set_new(e, "status", json_string(grade_item_status(it)));
		json_object_set_new(e, "verdict", json_string(item_verdict(it)));
		json_object_set_new(e, "points", json_integer(it->points));
		json_object_set_new(e, "max_points", json_integer(it->e->points));
		json_object_set_new(e, "file", json_text(it->file));
		json_object_set_new(e, "line", json_integer(it->r.line));
		json_object_set_new(e, "message", json_text(grade_item_message(it, lang)));
		json_object_set_new(e, "facts", msg_facts_object(&it->r.message));   /* for a program to read */
		json_object_set_new(e, "diagnoses", report_diagnoses_json(&it->r, lang));
		report_json_set_repair(e, &it->repair, lang);   /* whole, whatever students are shown */
		json_object_set_new(e, "seconds", json_fixed(it->state == GRADED ? it->r.seconds : 0.0, 3));
		json_array_append_new(exercises, e);
	}
	json_object_set_new(j, "exercises", exercises);
	return j;
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
	int rc = json_doc_add(&j, classroom(s));
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
		if (!rc)
			rc = json_doc_add(&one, classroom_one(s, i));
		sbuf_addf(&env, "%s_RESULTS=", id);
		base64(&env, one.buf, one.len);
		sbuf_adds(&env, "\n");
		sbuf_release(&one);
	}
	sbuf_adds(&ids, "\n");
	classroom_markdown(&md, s);
	if (!rc)
		rc = write_one(out_dir, "classroom.json", &j);
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
		case FORMAT_EXERCISM: rc = json_doc_add(&out, exercism(&s)); name = alone ? "results.json" : own; break;
		case FORMAT_GRADESCOPE: rc = json_doc_add(&out, gradescope(&s)); name = alone ? "results.json" : own; break;
		case FORMAT_PRAIRIELEARN: rc = json_doc_add(&out, prairielearn(&s)); name = alone ? "results.json" : own; break;
		case FORMAT_CLASSROOM: rc = write_classroom(&s, out_dir); break;
		case FORMAT_JUNIT: junit(&out, &s); name = "junit.xml"; break;
		case FORMAT_TAP: tap(&out, &s); name = "results.tap"; break;
		case FORMAT_SUMMARY: rc = json_doc_add(&out, grade_summary_json(run, o->lang)); name = "clings.json"; break;
		}
		if (!rc && name)
			rc = write_one(out_dir, name, &out);
		sbuf_release(&out);
	}
	for (int k = 0; k < s.nprefix; k++)
		free(s.prefix[k]);
	return rc;
}
