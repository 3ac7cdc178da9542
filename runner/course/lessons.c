/* lessons.c: lesson and hint files of an exercise, in the learner's language or English. */
#include "course/course.h"

#include <errno.h>
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
	if (ret < 0 && strcmp(lang, own)) {
		char *fallback = course_lesson_path(c, e, own, suffix);
		ret = read_file(fallback, text, NULL);
		/* a language the course declares, yet this file is missing: `clings validate` says so too */
		static bool warned;
		if (ret == 0 && !warned && course_lang_match(&c->langs, lang) &&
		    !strcmp(course_lang_match(&c->langs, lang), lang)) {
			warned = true;
			warning("%s is missing; %s is shown instead", path_shown(path), path_shown(fallback));
		}
		free(fallback);
	}
	if (ret < 0)
		errno = ENOENT;
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
