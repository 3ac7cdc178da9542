/*
 * audit.c: what `clings validate` reads of an exercise without running anything: its check, its
 * stub and solution, a title, a lesson and hints in every language of the course, lessons not
 * copied untranslated from another language, work-groups that every common GPU runs, and the
 * markers `clings new` leaves where the author has still to write.
 */
#include "course/course.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where `clings new` leaves something for the author to write. */
const char fill_marker[] = "FILL IN";

static int problem(const char *path, int line, const char *fmt, const char *arg)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_addf(&sb, "%s:%d: ", path_shown(path), line);
	sbuf_addf(&sb, tr(messages_lang(), fmt), arg);
	int rc = error("%s", sbuf_str(&sb));
	sbuf_release(&sb);
	return rc < 0;
}

/* Each line of path holding the marker, one problem each. */
static int unfinished(const char *path)
{
	char *text;
	if (read_file(path, &text, NULL) < 0)
		return 0;   /* its absence is said elsewhere */
	int bad = 0, line = 1;
	for (char *p = text; *p; line++) {
		char *eol = strchr(p, '\n');
		if (eol)
			*eol = '\0';
		char *at = strstr(p, fill_marker);
		if (at)
			bad += problem(path, line, N_("still to write: %s"), at);
		p = eol ? eol + 1 : p + strlen(p);
	}
	free(text);
	return bad;
}

static int readable(const char *path, const char *what)
{
	if (access(path, R_OK) == 0)
		return 0;
	return problem(path, 1, N_("the %s is missing"), what);
}

static int hints_count(const char *path)
{
	char *md;
	if (read_file(path, &md, NULL) < 0)
		return 0;   /* its absence is said elsewhere */
	struct hints h = HINTS_INIT;
	lesson_split_hints(md, &h);
	int n = h.n;
	lesson_hints_release(&h);
	free(md);
	return n ? 0 : problem(path, 1, N_("no hints: each starts with a line \"## Hint\"%s"), "");
}

/* Whether two files have the same bytes (both readable). */
static bool same_text(const char *a, const char *b)
{
	char *x, *y;
	size_t nx, ny;
	if (read_file(a, &x, &nx) < 0)
		return false;
	bool same = false;
	if (read_file(b, &y, &ny) == 0) {
		same = nx == ny && !memcmp(x, y, nx);
		free(y);
	}
	free(x);
	return same;
}

/* The title, the lesson and the hints of e in every language; one lesson a copy of another's. */
static int audit_languages(const struct course *c, const struct exercise *e, const char *ini_text)
{
	const struct course_langs *l = &c->langs;
	int bad = 0;
	for (int i = 1; i < l->n; i++) {
		bool found = false;
		for (int k = 0; k < LANG_TEXTS_MAX && e->titles.t[k].text; k++)
			found |= !strcmp(e->titles.t[k].lang, l->name[i]);
		if (!found) {
			int line = ini_key_line(ini_text, "[exercise]", "title");
			bad += problem(e->ini_path, line ? line : 1, N_("title.%s is missing (the course is "
				       "also in that language)"), l->name[i]);
		}
	}
	for (int k = 0; k < LANG_TEXTS_MAX && e->titles.t[k].text; k++)
		if (!course_lang_match(l, e->titles.t[k].lang) ||
		    strcmp(course_lang_match(l, e->titles.t[k].lang), e->titles.t[k].lang)) {
			char key[32];
			snprintf(key, sizeof(key), "title.%s", e->titles.t[k].lang);
			int line = ini_key_line(ini_text, "[exercise]", key);
			bad += problem(e->ini_path, line ? line : 1, N_("%s: the course has no such language "
				       "(course.ini or lessons/LANG/ declare them)"), key);
		}
	static const char *const suffix[] = { "", ".hints" };
	static const char *const what[] = { N_("lesson"), N_("hints file") };
	for (int s = 0; s < 2; s++) {
		char *path[COURSE_LANGS_MAX];
		for (int i = 0; i < l->n; i++) {
			path[i] = course_lesson_path(c, e, l->name[i], suffix[s]);
			if (readable(path[i], tr(messages_lang(), what[s]))) {
				bad++;
				continue;
			}
			if (s == 1)
				bad += hints_count(path[i]);
			bad += unfinished(path[i]);
			for (int j = 0; j < i; j++)
				if (same_text(path[j], path[i]))
					bad += problem(path[i], 1, N_("the same text as %s: not translated yet?"),
						       path_shown(path[j]));
		}
		for (int i = 0; i < l->n; i++)
			free(path[i]);
	}
	return bad;
}

/* The line to blame for a test's work-group: its parameter that local = names, else its header. */
static int group_line(const struct check_spec *spec, const char *text, const char *header,
		      const char *case_name)
{
	for (int t = 0; t < spec->ntests; t++) {
		if (strncmp(case_name, spec->tests[t].name, strlen(spec->tests[t].name)))
			continue;
		for (int p = 0; p < spec->tests[t].nparams; p++)
			for (int s = 0; s < spec->nsteps; s++)
				for (int d = 0; d < spec->steps[s].dims; d++) {
					const char *name = spec->tests[t].params[p].name;
					const char *local = spec->steps[s].local_expr[d], *at = local;
					size_t n = strlen(name);
					while ((at = strstr(at, name)) && ((at > local && (isalnum((unsigned char)at[-1]) ||
						at[-1] == '_')) || isalnum((unsigned char)at[n]) || at[n] == '_'))
						at += n;
					int line = at ? ini_key_line(text, header, name) : 0;
					if (line)
						return line;
				}
	}
	return ini_find_line(text, header);
}

/* Every work-group of every test and pass: at most max_work_group_size, else
 * COMMON_WORK_GROUP work-items. */
static int audit_work_groups(const struct check_spec *spec, const char *text)
{
	struct test_case *tc;
	int n;
	if (check_spec_expand(spec, &tc, &n) < 0)
		return 0;   /* the load said why */
	int limit = spec->max_work_group ? spec->max_work_group : COMMON_WORK_GROUP, bad = 0;
	for (int i = 0; i < n && !bad; i++) {
		struct vars v = tc[i].vars;
		struct sbuf err = SBUF_INIT;
		for (int more = 1; more == 1 && !bad;) {   /* its loops end: exercise_audit asked */
			/* local = auto: the device's runtime chooses within what it allows, which
			 * validate cannot know; only the sizes the check gives are its to judge */
			struct group_limits lim = { (size_t)limit, { 0 } };
			int64_t group = (int64_t)check_spec_group_size(spec, &v, &lim);
			if (group > limit) {
				char header[NAME_MAX_LEN + 8];
				snprintf(header, sizeof(header), "[test %.*s", (int)strcspn(tc[i].name, " "), tc[i].name);
				int line = group_line(spec, text, header, tc[i].name);
				struct sbuf sb = SBUF_INIT;
				sbuf_addf(&sb, tr(messages_lang(), "test %s: %lld work-items in a work-group; common "
						  "GPUs run at most %d (max_work_group_size in [check] allows more)"),
					  tc[i].name, (long long)group, limit);
				bad += problem(spec->path, line ? line : 1, "%s", sbuf_str(&sb));
				sbuf_release(&sb);
			}
			more = check_spec_next_pass(spec, &v, &err);
		}
		sbuf_release(&err);
	}
	free(tc);
	return bad;
}

/* A step with `local = auto` and a __local argument: the runtime chooses the work-group when the
 * kernel runs, and the local memory, sized from the check's values before, cannot follow it (the
 * full run would only fail with a wrong result that names no cause). At the step's local line. */
static int audit_local_auto(const struct check_spec *spec, const char *text)
{
	int bad = 0;
	for (int s = 0; s < spec->nsteps; s++) {
		const struct step_spec *st = &spec->steps[s];
		for (int p = 0; step_local_is_auto(st) && p < st->nparams; p++) {
			const struct arg_spec *a = &spec->args[st->param[p].arg];
			if (a->kind != ARG_LOCAL)
				continue;
			char header[NAME_MAX_LEN + 8];
			if (st->name[0])
				snprintf(header, sizeof(header), "[step %s", st->name);
			else
				snprintf(header, sizeof(header), "[ndrange");
			int line = ini_key_line(text, header, "local");
			bad += problem(spec->path, line ? line : 1,
				       N_("local = auto with the __local argument %s: the device's runtime chooses the "
					  "work-group when the kernel runs, and the size of local memory cannot follow "
					  "its choice; give local the work-group the check sizes it for"), a->name);
		}
	}
	return bad;
}

int exercise_audit(const struct course *c, const struct exercise *e, int *blocking)
{
	int bad = 0;
	char *ini_text = NULL;
	if (read_file(e->ini_path, &ini_text, NULL) < 0)
		ini_text = xstrdup("");
	struct check_spec *spec = xcalloc(1, sizeof(*spec));   /* about 200 KB */
	if (check_spec_load(e->check_path, spec) < 0) {
		bad++;
	} else {
		char *text = NULL;
		if (read_file(e->check_path, &text, NULL) == 0)
			bad += audit_work_groups(spec, text) + audit_local_auto(spec, text);
		free(text);
		check_spec_release(spec);
	}
	free(spec);
	bad += readable(e->file_path, tr(messages_lang(), "stub"));
	bad += readable(e->solution_path, tr(messages_lang(), "solution"));
	*blocking = bad;
	bad += audit_languages(c, e, ini_text);
	const char *files[] = { e->ini_path, e->check_path, e->file_path, e->solution_path };
	for (int i = 0; i < 4; i++)
		bad += unfinished(files[i]);
	free(ini_text);
	return bad;
}
