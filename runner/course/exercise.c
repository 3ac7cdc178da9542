/*
 * exercise.c: a course is a directory with exercises/, solutions/, checks/ and lessons/.
 * Each exercises/NAME.ini names an exercise (format in docs/authoring.md); paths default to
 * the exercise's name and are resolved inside the course.
 */
#include "course/course.h"

#include <dirent.h>
#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ex_ctx {
	struct exercise *e;
	char *file, *solution, *check, *lesson; /* as written in the ini, relative */
	char err[200];
};

static int set_once(char **dst, const char *v)
{
	free(*dst);
	*dst = xstrdup(v);
	return 1;
}

static int exercise_handler(void *user, const char *section, const char *name, const char *value)
{
	struct ex_ctx *ctx = user;
	struct exercise *e = ctx->e;
	if (strcmp(section, "exercise")) {
		snprintf(ctx->err, sizeof(ctx->err), "unknown section [%s] (expected [exercise])", section);
		return 0;
	}
	if (!strcmp(name, "title"))
		return set_once(&e->title, value);
	if (!strncmp(name, "title.", 6)) {
		if (!lang_name_valid(name + 6)) {
			snprintf(ctx->err, sizeof(ctx->err), "'%s': title.LANG takes a language tag (title.es, "
				 "title.pt-BR)", name);
			return 0;
		}
		return lang_texts_add(&e->titles, name, value, ctx->err, sizeof(ctx->err)) == 0;
	}
	char **path = !strcmp(name, "file") ? &ctx->file : !strcmp(name, "solution") ? &ctx->solution
		    : !strcmp(name, "check") ? &ctx->check : !strcmp(name, "lesson") ? &ctx->lesson : NULL;
	if (path) {
		/* A file of the course's own folder for it: never a path that leads out of the course
		 * (clings writes beside the stub: NAME.cl.orig, backups, the stub itself on reset). */
		if (!*value || strchr(value, '/') || value[0] == '.' || strchr(value, '\\')) {
			snprintf(ctx->err, sizeof(ctx->err), "%s must be a file name in its folder of the course "
				 "(no '/', not starting with '.')", name);
			return 0;
		}
		return set_once(path, value);
	}
	if (!strcmp(name, "order") || !strcmp(name, "points")) {
		bool points = name[0] == 'p';
		char *end;
		long v = strtol(value, &end, 10);
		if (*end || end == value || v < (points ? 1 : 0) || v > (points ? 1000 : INT_MAX)) {
			snprintf(ctx->err, sizeof(ctx->err), points ? "points must be a number from 1 to 1000"
								    : "order must be a non-negative number");
			return 0;
		}
		*(points ? &e->points : &e->order) = (int)v;
		return 1;
	}
	if (!strcmp(name, "visibility")) {
		static const char *const kinds[] = { "hidden", "after_due_date", "after_published", "visible" };
		for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			if (!strcmp(value, kinds[k])) {
				copy_str(e->visibility, sizeof(e->visibility), value);
				return 1;
			}
		snprintf(ctx->err, sizeof(ctx->err), "visibility must be hidden, after_due_date, "
			 "after_published or visible");
		return 0;
	}
	snprintf(ctx->err, sizeof(ctx->err), "unknown key '%s' in [exercise]", name);
	return 0;
}

bool exercise_name_valid(const char *s)
{
	size_t n = strlen(s);
	if (!n || n >= NAME_MAX_LEN)
		return false;
	for (; *s; s++)
		if (!(*s == '_' || *s == '-' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

/* Whether path is a symbolic link whose target is not a file of the course in dir (a link
 * that leads nowhere included): reset would write through it, check would read it. */
static bool leads_out(const char *dir, const char *path)
{
	struct stat sb;
	if (lstat(path, &sb) < 0 || !S_ISLNK(sb.st_mode))
		return false;
	char real[PATH_MAX];
	size_t n = strlen(dir);
	return !realpath(path, real) || strncmp(real, dir, n) || real[n] != '/';
}

static int load_exercise(const char *dir, const char *ini_name, struct exercise *e)
{
	char *name = xstrfmt("%.*s", (int)(strlen(ini_name) - 4), ini_name);
	memset(e, 0, sizeof(*e));
	e->ini_path = xstrfmt("%s/exercises/%s", dir, ini_name);
	bool valid = exercise_name_valid(name);
	copy_str(e->name, sizeof(e->name), name);
	free(name);
	if (!valid)
		return error("%s: an exercise name holds only letters, digits, '_' and '-', fewer than %d",
			     e->ini_path, NAME_MAX_LEN);
	struct ex_ctx ctx = { .e = e };
	e->points = 1;
	char *text = NULL;
	int line = read_file(e->ini_path, &text, NULL) < 0 ? -1 : ini_long_line(text);
	if (line > 0)
		snprintf(ctx.err, sizeof(ctx.err), "line too long (%d characters at most)", INI_LINE_MAX);
	else if (!line && !(line = ini_duplicate(text, ctx.err, sizeof(ctx.err))))
		line = ini_parse_string(text, exercise_handler, &ctx);
	if (line < 0) {
		error("%s: cannot read:", e->ini_path);
	} else if (line > 0) {
		error("%s:%d: %s", e->ini_path, line, ctx.err[0] ? ctx.err : "syntax error");
	} else if (!e->title) {
		error("%s:1: [exercise] needs a title", e->ini_path);
		line = 1;
	}
	char cl[NAME_MAX_LEN + 8], ini[NAME_MAX_LEN + 8];
	snprintf(cl, sizeof(cl), "%s.cl", e->name);
	snprintf(ini, sizeof(ini), "%s.ini", e->name);
	e->file_path = xstrfmt("%s/exercises/%s", dir, ctx.file ? ctx.file : cl);
	e->solution_path = xstrfmt("%s/solutions/%s", dir, ctx.solution ? ctx.solution : cl);
	e->check_path = xstrfmt("%s/checks/%s", dir, ctx.check ? ctx.check : ini);
	e->lesson_name = xstrdup(ctx.lesson ? ctx.lesson : e->name);
	static const char *const keys[] = { "file", "solution", "check" };
	const char *paths[] = { e->file_path, e->solution_path, e->check_path };
	for (int i = 0; i < 3 && !line; i++)
		if (leads_out(dir, paths[i])) {
			line = ini_key_line(text, "[exercise]", keys[i]);
			line = line ? line : 1;
			error("%s:%d: %s: a symbolic link that leads out of the course (or nowhere); clings "
			      "reads and writes only files of the course", e->ini_path, line, paths[i]);
		}
	free(text);
	free(ctx.file);
	free(ctx.solution);
	free(ctx.check);
	free(ctx.lesson);
	return line ? -1 : 0;
}

static int by_order(const void *a, const void *b)
{
	const struct exercise *x = a, *y = b;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	return strcmp(x->name, y->name);
}

const char *course_bundled_dir(void)
{
	static char *dir;
	static bool looked;
	if (looked)
		return dir;
	looked = true;
	char *exe = program_dir();
	if (!exe)
		return NULL;
	/* a clone: the course beside the binary; installed: PREFIX/share/clings/course */
	static const char *const places[] = { "%s", "%s/../share/clings/course" };
	for (size_t i = 0; i < sizeof(places) / sizeof(places[0]) && !dir; i++) {
		char *probe = xstrfmt(places[i], exe), *ex = xstrfmt("%s/exercises", probe);
		char real[PATH_MAX];
		if (access(ex, F_OK) == 0 && realpath(probe, real))
			dir = xstrdup(real);
		free(probe);
		free(ex);
	}
	free(exe);
	return dir;
}

const char *course_default_dir(void)
{
	const char *env = getenv("CLINGS_COURSE");
	if (env && *env)
		return env;
	/* a copied binary, without its course, falls back to "." */
	return course_bundled_dir() ? course_bundled_dir() : ".";
}

int course_load(const char *dir, struct course *c)
{
	char real[PATH_MAX];
	if (!realpath(dir, real))
		return error("%s: cannot open the course directory:", dir);
	char *exdir = xstrfmt("%s/exercises", real);
	DIR *d = opendir(exdir);
	if (!d) {
		error("%s: not a course (it has no exercises/ directory):", real);
		free(exdir);
		return -1;
	}
	if (course_langs_load(real, &c->langs, false) < 0 || course_grading_load(real, &c->grading, false) < 0) {
		course_langs_release(&c->langs);
		closedir(d);
		free(exdir);
		return -1;
	}
	c->dir = xstrdup(real);
	c->solutions_dir = xstrfmt("%s/solutions", real);
	c->ex = NULL;
	c->n = 0;
	int cap = 0, rc = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n <= 4 || strcmp(de->d_name + n - 4, ".ini") || de->d_name[0] == '.')
			continue;
		if (c->n == cap)
			c->ex = xrealloc(c->ex, sizeof(*c->ex) * (size_t)(cap = cap ? cap * 2 : 16));
		if (load_exercise(real, de->d_name, &c->ex[c->n]) < 0)
			rc = -1;
		c->n++;
	}
	closedir(d);
	free(exdir);
	if (!rc && !c->n)
		rc = error("%s: the course has no exercises", real);
	if (rc) {
		course_release(c);
		return -1;
	}
	qsort(c->ex, (size_t)c->n, sizeof(*c->ex), by_order);
	course_place_learner(c);
	/* A save killed half way (a stub put back) left its temporary file here. */
	char *exercises = xstrfmt("%s/exercises", c->work);
	remove_stale_temps(exercises);
	free(exercises);
	return 0;
}

void course_release(struct course *c)
{
	for (int i = 0; i < c->n; i++) {
		struct exercise *e = &c->ex[i];
		free(e->title);
		lang_texts_release(&e->titles);
		free(e->ini_path);
		free(e->file_path);
		free(e->solution_path);
		free(e->check_path);
		free(e->lesson_name);
		free(e->stub_path);
	}
	free(c->ex);
	free(c->dir);
	free(c->solutions_dir);
	free(c->work);
	course_langs_release(&c->langs);
	struct course fresh = COURSE_INIT;
	*c = fresh;
}

const struct exercise *course_find(const struct course *c, const char *name)
{
	const struct exercise *found = NULL;
	int matches = 0;
	for (int i = 0; i < c->n; i++) {
		if (!strcmp(c->ex[i].name, name))
			return &c->ex[i];
		if (!strncmp(c->ex[i].name, name, strlen(name))) {
			found = &c->ex[i];
			matches++;
		}
	}
	if (matches == 1)
		return found;
	if (matches > 1) {
		struct sbuf sb = SBUF_INIT;
		for (int i = 0; i < c->n; i++)
			if (!strncmp(c->ex[i].name, name, strlen(name)))
				sbuf_addf(&sb, " %s", c->ex[i].name);
		error("'%s' is ambiguous:%s", name, sbuf_str(&sb));
		sbuf_release(&sb);
	} else {
		error("no exercise named '%s' (see `clings list`)", name);
	}
	return NULL;
}

int course_index(const struct course *c, const struct exercise *e)
{
	return (int)(e - c->ex);
}

char *course_lesson_path(const struct course *c, const struct exercise *e, const char *lang,
			 const char *suffix)
{
	return xstrfmt("%s/lessons/%s/%s%s.md", c->dir, lang, e->lesson_name, suffix ? suffix : "");
}

const char *course_relative(const struct course *c, const char *path)
{
	size_t n = strlen(c->dir);
	return !strncmp(path, c->dir, n) && path[n] == '/' ? path + n + 1 : path;
}

/* The exercise the learner is at: the state's current one, else the first not done, else the last. */
const struct exercise *exercise_current(const struct course *c, const struct state *st)
{
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->ex[i].name, st->current))
			return &c->ex[i];
	for (int i = 0; i < c->n; i++) {
		bool done = false;
		for (int j = 0; j < st->n; j++)
			if (!strcmp(st->ex[j].name, c->ex[i].name))
				done = st->ex[j].done;
		if (!done)
			return &c->ex[i];
	}
	return &c->ex[c->n - 1];
}

const char *exercise_title_in(const char *lang, const struct exercise *e)
{
	const char *t = lang_texts_get(&e->titles, lang);
	return t ? t : e->title ? e->title : e->name;
}
