/* lessons.c: lesson and hint files of an exercise, in the learner's language or English, with
 * the figures they name filled in from the course's measurements (lessons.h). */
#include "course/course.h"

#include <errno.h>
#include <ini.h>
#include <stdlib.h>
#include <string.h>

/* A line that opens a hint: "## Hint", then nothing but an optional title ("## Hint 2: ..."). */
static bool is_hint_heading(const char *line)
{
	if (strncmp(line, "## Hint", 7) && strncmp(line, "## Dica", 7))
		return false;
	char c = line[7];
	return c == '\0' || c == '\n' || c == '\r' || c == ' ' || c == ':' || c == '\t';
}

void lesson_split_hints(const char *md, struct hints *h)
{
	h->text = NULL;
	h->n = 0;
	struct sbuf cur = SBUF_INIT;
	bool in_hint = false;
	for (const char *p = md ? md : ""; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
		if (is_hint_heading(p)) {
			if (in_hint) {
				h->text = xrealloc(h->text, (size_t)(h->n + 1) * sizeof(*h->text));
				h->text[h->n++] = sbuf_detach(&cur);
			}
			in_hint = true;
		} else if (in_hint) {
			sbuf_add(&cur, p, n);
		}
		p += n;
	}
	if (in_hint) {
		h->text = xrealloc(h->text, (size_t)(h->n + 1) * sizeof(*h->text));
		h->text[h->n++] = sbuf_detach(&cur);
	}
	sbuf_release(&cur);
}

void lesson_hints_release(struct hints *h)
{
	for (int i = 0; i < h->n; i++)
		free(h->text[i]);
	free(h->text);
	h->text = NULL;
	h->n = 0;
}

int lesson_read(const struct course *c, const struct exercise *e, const char *lang,
		const char *suffix, char **text)
{
	char *path = course_lesson_path(c, e, lang, suffix);
	int ret = read_file(path, text, NULL);
	const char *own = c->langs.n ? c->langs.name[0] : "en";
	const char *shown = lang;
	if (ret < 0 && strcmp(lang, own)) {
		char *fallback = course_lesson_path(c, e, own, suffix);
		ret = read_file(fallback, text, NULL);
		shown = own;
		/* a language the course declares, yet this file is missing: `clings validate` says so too */
		static bool warned;
		if (ret == 0 && !warned && course_lang_match(&c->langs, lang) &&
		    !strcmp(course_lang_match(&c->langs, lang), lang)) {
			warned = true;
			warning("%s is missing; %s is shown instead", path_shown(path), path_shown(fallback));
		}
		free(fallback);
	}
	if (ret < 0) {
		errno = ENOENT;
	} else {
		lesson_fill_check(e, shown, text);
		lesson_fill_figures(c, shown, text);
	}
	free(path);
	return ret;
}

struct hint_change {
	const char *name;
	int nhints;
	int shown;    /* the index of the hint to show */
};

/* The next hint not seen yet, counted; once all were seen, the last one again. */
static void count_hint(struct state *st, void *arg)
{
	struct hint_change *hc = arg;
	struct exercise_state *es = state_for(st, hc->name);
	hc->shown = es->hints < hc->nhints ? es->hints++ : hc->nhints - 1;
}

int hint_take(const struct course *c, const struct exercise *e, const char *lang, struct state *st,
	      struct hints *h)
{
	char *md;
	if (lesson_read(c, e, lang, ".hints", &md) < 0)
		return error("%s: no hints yet", e->name);
	lesson_split_hints(md, h);
	free(md);
	if (!h->n)
		return error("%s: no hints yet (each starts with a line '## Hint')", e->name);
	struct hint_change hc = { e->name, h->n, 0 };
	state_update(c, st, count_hint, &hc);   /* a hint whose count was not saved is still shown */
	return hc.shown;
}

/* ---- figures measured on a device: {{FILE.SECTION.KEY}} ---- */

/* The characters of a figure's name; anything else between braces is not one (an OpenCL C
 * initialiser such as {{1, 2}} in a code block, say). */
#define FIGURE_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-"

/* One data file of figures, read once for a lesson or an audit. */
struct figure_file {
	char *name;            /* FILE of {{FILE.SECTION.KEY}} */
	char *path;            /* COURSE/FIGURES_DIR/FILE.ini */
	char **key, **value;   /* "SECTION.KEY" and its value, n of each */
	int n;
	int line;              /* where it went wrong, when err is set */
	char err[160];         /* why its figures cannot be shown; "" when they can */
};
struct figure_files {
	struct figure_file *f;
	int n;
};

static int figure_handler(void *user, const char *section, const char *name, const char *value)
{
	struct figure_file *ff = user;
	ff->key = xrealloc(ff->key, (size_t)(ff->n + 1) * sizeof(*ff->key));
	ff->value = xrealloc(ff->value, (size_t)(ff->n + 1) * sizeof(*ff->value));
	ff->key[ff->n] = xstrfmt("%s.%s", section, name);
	ff->value[ff->n++] = xstrdup(value);
	return 1;
}

/* The value of "SECTION.KEY" (len bytes at key); NULL when it is missing or empty. */
static const char *figure_lookup(const struct figure_file *ff, const char *key, size_t len)
{
	for (int i = 0; i < ff->n; i++)
		if (strlen(ff->key[i]) == len && !memcmp(ff->key[i], key, len))
			return ff->value[i][0] ? ff->value[i] : NULL;
	return NULL;
}

/* Reads ff->path; on a problem, ff->err and ff->line say which. */
static void figure_file_load(struct figure_file *ff)
{
	char *text;
	if (read_file(ff->path, &text, NULL) < 0) {
		snprintf(ff->err, sizeof(ff->err), "%s", strerror(errno));
		ff->line = 1;
		return;
	}
	if ((ff->line = ini_long_line(text)) > 0)
		snprintf(ff->err, sizeof(ff->err), "line too long (%d characters at most)", INI_LINE_MAX);
	else if (!(ff->line = ini_duplicate(text, ff->err, sizeof(ff->err))) &&
		 (ff->line = ini_parse_string(text, figure_handler, ff)))
		snprintf(ff->err, sizeof(ff->err), "syntax error");
	/* a figure means little without what it was measured on, with what and when */
	static const char *const needed[] = { "device.name", "device.driver", "device.date" };
	for (size_t i = 0; !ff->line && i < sizeof(needed) / sizeof(*needed); i++)
		if (!figure_lookup(ff, needed[i], strlen(needed[i]))) {
			ff->line = ini_key_line(text, "[device]", "name");
			ff->line = ff->line ? ff->line : 1;
			snprintf(ff->err, sizeof(ff->err), "[device] needs name, driver and date");
		}
	free(text);
}

/* The file named by the len bytes at name, read on first use. */
static struct figure_file *figure_file(const struct course *c, struct figure_files *files,
				       const char *name, size_t len)
{
	for (int i = 0; i < files->n; i++)
		if (strlen(files->f[i].name) == len && !memcmp(files->f[i].name, name, len))
			return &files->f[i];
	files->f = xrealloc(files->f, (size_t)(files->n + 1) * sizeof(*files->f));
	struct figure_file *ff = &files->f[files->n++];
	memset(ff, 0, sizeof(*ff));
	ff->name = xstrfmt("%.*s", (int)len, name);
	ff->path = xstrfmt("%s/%s/%s.ini", c->dir, FIGURES_DIR, ff->name);
	figure_file_load(ff);
	return ff;
}

static void figure_files_release(struct figure_files *files)
{
	for (int i = 0; i < files->n; i++) {
		struct figure_file *ff = &files->f[i];
		for (int k = 0; k < ff->n; k++) {
			free(ff->key[k]);
			free(ff->value[k]);
		}
		free(ff->key);
		free(ff->value);
		free(ff->name);
		free(ff->path);
	}
	free(files->f);
	files->f = NULL;
	files->n = 0;
}

/* The next figure at or after p, or NULL: its "{{" is returned, its name's len bytes at *name. */
static const char *next_figure(const char *p, const char **name, size_t *len)
{
	for (; (p = strstr(p, "{{")); p++) {
		size_t n = strspn(p + 2, FIGURE_CHARS);
		if (n && !strncmp(p + 2 + n, "}}", 2)) {
			*name = p + 2;
			*len = n;
			return p;
		}
	}
	return NULL;
}

/* Why a figure names no value. */
enum figure_problem { FIGURE_OK, FIGURE_NOT_A_NAME, FIGURE_NO_FILE, FIGURE_NO_KEY };

/* The value of the figure named by the len bytes at name; NULL with *why and *ffp (its file, when
 * there is one) when there is none. */
static const char *figure_value(const struct course *c, struct figure_files *files, const char *name,
				size_t len, enum figure_problem *why, struct figure_file **ffp)
{
	const char *first = memchr(name, '.', len), *last = name + len - 1;
	while (last > name && *last != '.')
		last--;
	*ffp = NULL;
	if (!first || first == name || last == first || last == name + len - 1) {
		*why = FIGURE_NOT_A_NAME;
		return NULL;
	}
	struct figure_file *ff = *ffp = figure_file(c, files, name, (size_t)(first - name));
	const char *v = ff->err[0] ? NULL : figure_lookup(ff, first + 1, len - (size_t)(first - name) - 1);
	*why = ff->err[0] ? FIGURE_NO_FILE : v ? FIGURE_OK : FIGURE_NO_KEY;
	return v;
}

/* A plain decimal number: digits, at most one '.' between digits, an optional leading '-'. */
static bool plain_decimal(const char *v)
{
	v += *v == '-';
	size_t whole = strspn(v, "0123456789");
	if (!whole)
		return false;
	if (v[whole] == '\0')
		return true;
	return v[whole] == '.' && v[whole + 1] && strspn(v + whole + 1, "0123456789") == strlen(v + whole + 1);
}

void lesson_fill_figures(const struct course *c, const char *lang, char **md)
{
	const char *p = *md, *name, *at;
	size_t len;
	if (!next_figure(p, &name, &len))
		return;
	struct figure_files files = { NULL, 0 };
	struct sbuf out = SBUF_INIT;
	/* the separator number_in() writes: one catalog entry for both */
	const char *sep = tr_ctx(lang, "decimal separator", ".");
	while ((at = next_figure(p, &name, &len))) {
		sbuf_add(&out, p, (size_t)(at - p));
		enum figure_problem why;
		struct figure_file *ff;
		const char *v = figure_value(c, &files, name, len, &why, &ff);   /* NULL: left as written */
		const char *dot = v && plain_decimal(v) ? strchr(v, '.') : NULL;
		if (!v) {
			sbuf_add(&out, at, len + 4);
		} else if (dot) {
			sbuf_add(&out, v, (size_t)(dot - v));
			sbuf_adds(&out, sep);
			sbuf_adds(&out, dot + 1);
		} else {
			sbuf_adds(&out, v);
		}
		p = name + len + 2;
	}
	sbuf_adds(&out, p);
	free(*md);
	*md = sbuf_detach(&out);
	figure_files_release(&files);
}

/* Each figure of the file at path that names no value: a problem each; how many. */
static int figures_audit_file(const struct course *c, struct figure_files *files, const char *path)
{
	char *text;
	if (read_file(path, &text, NULL) < 0)
		return 0;   /* its absence is said by exercise_audit() */
	const char *lang = messages_lang();
	int bad = 0, line = 1;
	const char *p = text, *name, *at;
	size_t len;
	while ((at = next_figure(p, &name, &len))) {
		for (; p < at; p++)
			line += *p == '\n';
		if (len == strlen(LESSON_CHECK_MARKER) - 4 && !strncmp(at, LESSON_CHECK_MARKER, len + 4)) {
			p = name + len + 2;   /* not a figure: lesson_check_audit() */
			continue;
		}
		enum figure_problem why;
		struct figure_file *ff;
		if (!figure_value(c, files, name, len, &why, &ff)) {
			bad++;
			if (why == FIGURE_NOT_A_NAME)
				error(tr(lang, "%s:%d: {{%.*s}} is not a figure: write {{FILE.SECTION.KEY}}"),
				      path_shown(path), line, (int)len, name);
			else if (why == FIGURE_NO_FILE)
				error(tr(lang, "%s:%d: {{%.*s}}: %s:%d: %s"), path_shown(path), line, (int)len, name,
				      path_shown(ff->path), ff->line, ff->err);
			else
				error(tr(lang, "%s:%d: {{%.*s}}: %s has no such figure (KEY in [SECTION])"),
				      path_shown(path), line, (int)len, name, path_shown(ff->path));
		}
		p = name + len + 2;
	}
	free(text);
	return bad;
}

int lesson_figures_audit(const struct course *c, const struct exercise *e)
{
	struct figure_files files = { NULL, 0 };
	int bad = 0;
	for (int i = 0; i < c->langs.n; i++)
		for (int s = 0; s < 2; s++) {
			char *path = course_lesson_path(c, e, c->langs.name[i], s ? ".hints" : "");
			bad += figures_audit_file(c, &files, path);
			free(path);
		}
	figure_files_release(&files);
	return bad;
}
