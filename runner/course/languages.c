/*
 * languages.c: the languages a course is written in. A course declares them in course.ini,
 *
 *   [course]
 *   languages = en, pt-BR, es
 *
 * or, without one (or with a course.ini of [grading] alone, grading.c's), they are the folders
 * of lessons/ (English first, then by name). The first is the course's own: `title` and the
 * lessons without a translation are in it.
 */
#include "course/course.h"

#include <dirent.h>
#include <ini.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define COURSE_INI "course.ini"

/* A tag: a letter, then letters, digits and '-' ("pt-BR"): it names a folder and an ini key. */
bool lang_name_valid(const char *s)
{
	size_t n = strlen(s);
	if (n < 2 || n >= LANG_NAME_MAX || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return false;
	for (; *s; s++)
		if (!(*s == '-' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

/* Adds name once; -1 with why in err. */
static int add_lang(struct course_langs *l, const char *name, char *err, size_t errlen)
{
	if (!lang_name_valid(name)) {
		snprintf(err, errlen, "'%s' is no language tag (a letter, then letters, digits and '-': "
			 "en, pt-BR, es)", name);
		return -1;
	}
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->name[i], name)) {
			snprintf(err, errlen, "'%s' is listed twice", name);
			return -1;
		}
	if (l->n == COURSE_LANGS_MAX) {
		snprintf(err, errlen, "at most %d languages", COURSE_LANGS_MAX);
		return -1;
	}
	copy_str(l->name[l->n++], LANG_NAME_MAX, name);
	return 0;
}

struct ini_ctx {
	struct course_langs *l;
	bool seen;
	char err[200];
};

static int course_ini_handler(void *user, const char *section, const char *key, const char *value)
{
	struct ini_ctx *ctx = user;
	if (!strcmp(section, "grading"))
		return 1;   /* grading.c's, which checks it */
	if (strcmp(section, "course")) {
		snprintf(ctx->err, sizeof(ctx->err), "unknown section [%s] (expected [course] or [grading])", section);
		return 0;
	}
	if (strcmp(key, "languages")) {
		snprintf(ctx->err, sizeof(ctx->err), "unknown key '%s' in [course]", key);
		return 0;
	}
	char *list[COURSE_LANGS_MAX + 1];
	int n = spec_split_list(value, list, COURSE_LANGS_MAX + 1);
	if (n <= 0) {
		snprintf(ctx->err, sizeof(ctx->err), "languages: from 1 to %d tags, separated by commas",
			 COURSE_LANGS_MAX);
		return 0;
	}
	int rc = 1;
	for (int i = 0; i < n && rc; i++)
		if (add_lang(ctx->l, list[i], ctx->err, sizeof(ctx->err)) < 0)
			rc = 0;
	spec_free_list(list, n);
	ctx->seen = true;
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Without course.ini: the folders of lessons/ that are language tags. */
static void langs_from_folders(const char *dir, struct course_langs *l)
{
	char *path = xstrfmt("%s/lessons", dir);
	DIR *d = opendir(path);
	struct dirent *de;
	char err[200];
	while (d && (de = readdir(d)) && l->n < COURSE_LANGS_MAX) {
		char *sub = xstrfmt("%s/%s", path, de->d_name);
		struct stat sb;
		if (de->d_name[0] != '.' && stat(sub, &sb) == 0 && S_ISDIR(sb.st_mode))
			add_lang(l, de->d_name, err, sizeof(err));   /* other folders are not languages */
		free(sub);
	}
	if (d)
		closedir(d);
	free(path);
	qsort(l->name, (size_t)l->n, sizeof(l->name[0]), by_name);
	for (int i = 1; i < l->n; i++)   /* English first: the course's own language */
		if (!strcmp(l->name[i], "en")) {
			memmove(l->name[1], l->name[0], sizeof(l->name[0]) * (size_t)i);
			copy_str(l->name[0], LANG_NAME_MAX, "en");
		}
	if (!l->n)
		copy_str(l->name[l->n++], LANG_NAME_MAX, "en");
}

int course_langs_load(const char *dir, struct course_langs *l, bool quiet)
{
	memset(l, 0, sizeof(*l));
	l->path = xstrfmt("%s/%s", dir, COURSE_INI);
	char *text = NULL;
	if (read_file(l->path, &text, NULL) < 0) {
		free(l->path);
		l->path = NULL;
		langs_from_folders(dir, l);
		return 0;
	}
	struct ini_ctx ctx = { .l = l };
	int line = ini_long_line(text);
	if (line > 0)
		snprintf(ctx.err, sizeof(ctx.err), "line too long (%d characters at most)", INI_LINE_MAX);
	else if (!(line = ini_duplicate(text, ctx.err, sizeof(ctx.err))))
		line = ini_parse_string(text, course_ini_handler, &ctx);
	if (!line && !ctx.seen && !ini_find_line(text, "[course]")) {
		langs_from_folders(dir, l);   /* course.ini says only how to grade */
		free(l->path);
		l->path = NULL;
		free(text);
		return 0;
	}
	if (!line && !ctx.seen) {
		snprintf(ctx.err, sizeof(ctx.err), "[course] needs languages = en, ... (its own first)");
		line = 1;
	}
	if (line && !quiet)
		error("%s:%d: %s", l->path, line, ctx.err[0] ? ctx.err : "syntax error");
	if (!line)
		l->line = ini_key_line(text, "[course]", "languages");
	free(text);
	if (line) {
		course_langs_release(l);
		return -1;
	}
	return 0;
}

void course_langs_release(struct course_langs *l)
{
	free(l->path);
	memset(l, 0, sizeof(*l));
}

const char *course_lang_match(const struct course_langs *l, const char *lang)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->name[i], lang))
			return l->name[i];
	for (int i = 0; i < l->n; i++)
		if (lang_same_family(l->name[i], lang))
			return l->name[i];
	return NULL;
}
