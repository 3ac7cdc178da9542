/*
 * scaffold.c: the files of a new exercise (`clings new NAME [--from EXERCISE]`), for its author
 * to fill in: exercises/NAME.ini, the stub, the solution, the check, and a lesson and hints in
 * every language of the course. They come from a template (templates/new/ of the course, else
 * the one beside clings) whose {{name}} and {{kernel}} are replaced, or from an existing
 * exercise with its name replaced. What the author has still to write says FILL IN, which
 * `clings validate NAME` lists; it also runs the new exercise's kernels.
 *
 * In a folder that is no course yet (missing, empty, or a course.ini alone) it first makes one:
 * course.ini (English, unless one is there), exercises/, solutions/, checks/, lessons/LANG/,
 * wrong/, and clings' own template copied to templates/new/ for the author to change.
 */
#include "course/course.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool word_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_' || ch == '-';
}

/* text with every whole word from replaced by to (a word: letters, digits, '_' and '-'). */
static char *replace_word(const char *text, const char *from, const char *to)
{
	struct sbuf sb = SBUF_INIT;
	size_t n = strlen(from);
	for (const char *p = text; *p;) {
		if (!strncmp(p, from, n) && (p == text || !word_char(p[-1])) && !word_char(p[n])) {
			sbuf_adds(&sb, to);
			p += n;
		} else {
			sbuf_add(&sb, p, 1);
			p++;
		}
	}
	sbuf_adds(&sb, "");
	return sbuf_detach(&sb);
}

static char *replace_all(const char *text, const char *from, const char *to)
{
	struct sbuf sb = SBUF_INIT;
	size_t n = strlen(from);
	for (const char *p = text; *p;) {
		const char *at = strstr(p, from);
		size_t k = at ? (size_t)(at - p) : strlen(p);
		sbuf_add(&sb, p, k);
		if (!at)
			break;
		sbuf_adds(&sb, to);
		p = at + n;
	}
	sbuf_adds(&sb, "");
	return sbuf_detach(&sb);
}

/* One file to write: where, and its text. */
struct new_file {
	char *path;
	char *text;
};
struct new_files {
	struct new_file f[4 + 2 * COURSE_LANGS_MAX];
	int n;
};

static void add_file(struct new_files *nf, char *path, char *text)
{
	nf->f[nf->n].path = path;
	nf->f[nf->n].text = text;
	nf->n++;
}

/* The ini of a copied exercise: its path keys dropped (the copy's files have its own name),
 * its titles marked for rewriting, its order the new one. */
static char *copied_ini(const char *text, int order)
{
	struct sbuf sb = SBUF_INIT;
	bool ordered = false;
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		char key[32] = "";
		sscanf(p, " %31[a-zA-Z_.-]", key);
		if (!strcmp(key, "file") || !strcmp(key, "solution") || !strcmp(key, "check") ||
		    !strcmp(key, "lesson")) {
			/* dropped */
		} else if (!strcmp(key, "order")) {
			sbuf_addf(&sb, "order = %d\n", order);
			ordered = true;
		} else if (!strncmp(key, "title", 5) && memchr(p, '=', n)) {
			const char *eq = memchr(p, '=', n);
			sbuf_add(&sb, p, (size_t)(eq - p + 1));
			sbuf_addf(&sb, " %s: ", fill_marker);
			sbuf_add(&sb, eq + 1 + strspn(eq + 1, " "), n - (size_t)(eq + 1 + strspn(eq + 1, " ") - p));
			sbuf_adds(&sb, "\n");
		} else {
			sbuf_add(&sb, p, n);
			sbuf_adds(&sb, "\n");
		}
		p += n + (p[n] == '\n');
	}
	if (!ordered)
		sbuf_addf(&sb, "order = %d\n", order);
	return sbuf_detach(&sb);
}

/* The files of name copied from exercise from. -1 (printed) when one cannot be read. */
static int from_exercise(const struct course *c, const struct exercise *from, const char *name, int order,
			 struct new_files *nf)
{
	const char *src[] = { from->ini_path, from->file_path, from->solution_path, from->check_path };
	const char *dst[] = { "exercises/%s.ini", "exercises/%s.cl", "solutions/%s.cl", "checks/%s.ini" };
	for (int i = 0; i < 4 + 2 * c->langs.n; i++) {
		int l = (i - 4) / 2;
		char *path = i < 4 ? xstrdup(src[i]) : course_lesson_path(c, from, c->langs.name[l], i % 2 ? ".hints" : "");
		char *text;
		if (read_file(path, &text, NULL) < 0) {
			error("%s: cannot read:", path);
			free(path);
			return -1;
		}
		free(path);
		char *renamed = replace_word(text, from->name, name);
		free(text);
		if (i == 0) {
			text = copied_ini(renamed, order);
			free(renamed);
			renamed = text;
		} else if (i >= 4 && i % 2 == 0) {   /* a lesson: rewritten, not kept */
			text = xstrfmt("%s: %s\n\n%s", fill_marker, "rewrite this lesson", renamed);
			free(renamed);
			renamed = text;
		}
		add_file(nf, i < 4 ? xstrfmt(dst[i], name) : xstrfmt("lessons/%s/%s%s.md", c->langs.name[l], name,
			 i % 2 ? ".hints" : ""), renamed);
	}
	return 0;
}

static const char *const template_files[] = { "stub.cl", "solution.cl", "check.ini", "lesson.md", "hints.md" };

/* templates/new/ of the course, else of the course bundled with clings; NULL (printed) when
 * there is none. */
static char *template_dir(const struct course *c)
{
	char *dir = xstrfmt("%s/templates/new", c->dir);
	if (access(dir, R_OK) == 0)
		return dir;
	free(dir);
	const char *bundled = course_bundled_dir();
	dir = bundled ? xstrfmt("%s/templates/new", bundled) : NULL;
	if (dir && access(dir, R_OK) == 0)
		return dir;
	error("no template: templates/new/ is neither in the course nor beside clings (--from "
	      "EXERCISE copies an exercise instead)");
	free(dir);
	return NULL;
}

static int from_template(const struct course *c, const char *name, int order, struct new_files *nf)
{
	char *dir = template_dir(c);
	if (!dir)
		return -1;
	char kernel[NAME_MAX_LEN];
	copy_str(kernel, sizeof(kernel), name);
	for (char *p = kernel; *p; p++)
		if (*p == '-')
			*p = '_';
	struct sbuf ini = SBUF_INIT;
	sbuf_addf(&ini, "[exercise]\ntitle = %s: the title of %s\n", fill_marker, name);
	for (int l = 1; l < c->langs.n; l++)
		sbuf_addf(&ini, "title.%s = %s: the title of %s in %s\n", c->langs.name[l], fill_marker, name,
			  c->langs.name[l]);
	sbuf_addf(&ini, "order = %d\n", order);
	add_file(nf, xstrfmt("exercises/%s.ini", name), sbuf_detach(&ini));
	const char *const *tmpl = template_files;
	static const char *const dst[] = { "exercises/%s.cl", "solutions/%s.cl", "checks/%s.ini" };
	int rc = 0;
	for (int i = 0; i < 3 + 2 * c->langs.n && !rc; i++) {
		int t = i < 3 ? i : 3 + (i - 3) % 2, l = (i - 3) / 2;
		char *path = xstrfmt("%s/%s", dir, tmpl[t]), *text;
		if (read_file(path, &text, NULL) < 0) {
			rc = error("%s: cannot read:", path);
		} else {
			char *a = replace_all(text, "{{name}}", name);
			char *b = replace_all(a, "{{kernel}}", kernel);
			free(text);
			free(a);
			add_file(nf, i < 3 ? xstrfmt(dst[i], name) : xstrfmt("lessons/%s/%s%s.md", c->langs.name[l],
				 name, t == 4 ? ".hints" : ""), b);
		}
		free(path);
	}
	free(dir);
	return rc;
}

/* Whether dir holds no exercise yet: missing, or without exercises/NAME.ini. */
static bool no_course_yet(const char *dir)
{
	char *exdir = xstrfmt("%s/exercises", dir);
	DIR *d = opendir(exdir);
	free(exdir);
	if (!d)
		return true;
	bool none = true;
	for (struct dirent *de; none && (de = readdir(d));) {
		size_t n = strlen(de->d_name);
		none = !(n > 4 && !strcmp(de->d_name + n - 4, ".ini") && de->d_name[0] != '.');
	}
	closedir(d);
	return none;
}

/* The folders and files of a course with no exercise yet (see the top). Nothing existing is
 * written over. c gets the course: its directory and languages, no exercises. */
static int make_course(const char *dir, struct course *c)
{
	if (make_dirs(dir) < 0)
		return -1;
	char *ini = xstrfmt("%s/course.ini", dir);
	int rc = 0;
	if (access(ini, F_OK) < 0) {
		static const char text[] = "; The course's languages, its own first (docs/authoring.md).\n"
					   "[course]\nlanguages = en\n";
		if (write_file_atomic(ini, text, strlen(text)) < 0)
			rc = error("%s: cannot write:", ini);
		else
			printf("course.ini\n");
	}
	free(ini);
	char real[PATH_MAX];
	if (rc || !realpath(dir, real) || course_langs_load(real, &c->langs, false) < 0)
		return -1;
	c->dir = xstrdup(real);
	static const char *const dirs[] = { "exercises", "solutions", "checks", "wrong", "templates/new" };
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]) && !rc; i++) {
		char *p = xstrfmt("%s/%s", real, dirs[i]);
		rc = make_dirs(p);
		free(p);
	}
	for (int l = 0; l < c->langs.n && !rc; l++) {
		char *p = xstrfmt("%s/lessons/%s", real, c->langs.name[l]);
		rc = make_dirs(p);
		free(p);
	}
	/* clings' own template, the author's to change */
	const char *bundled = course_bundled_dir();
	for (size_t i = 0; i < sizeof(template_files) / sizeof(template_files[0]) && !rc && bundled; i++) {
		char *from = xstrfmt("%s/templates/new/%s", bundled, template_files[i]);
		char *to = xstrfmt("%s/templates/new/%s", real, template_files[i]);
		char *text;
		size_t len;
		if (access(to, F_OK) == 0 || read_file(from, &text, &len) < 0) {
			/* theirs is kept; a missing one of ours is said by from_template */
		} else {
			if (write_file_atomic(to, text, len) < 0)
				rc = error("%s: cannot write:", to);
			else
				printf("templates/new/%s\n", template_files[i]);
			free(text);
		}
		free(from);
		free(to);
	}
	return rc;
}

int course_scaffold(const char *course_dir, const char *name, const char *from_name)
{
	if (!exercise_name_valid(name)) {
		return error("'%s': an exercise name holds only letters, digits, '_' and '-', fewer than %d", name,
			     NAME_MAX_LEN);
	}
	struct course c = COURSE_INIT;
	if (no_course_yet(course_dir) && !from_name) {
		if (make_course(course_dir, &c) < 0) {
			course_release(&c);
			return -1;
		}
	} else if (course_load(course_dir, &c) < 0) {
		return -1;
	}
	int order = 0, rc = 0;
	for (int i = 0; i < c.n; i++)
		order = c.ex[i].order >= order ? c.ex[i].order + 10 : order;
	struct new_files nf = { .n = 0 };
	const struct exercise *from = from_name ? course_find(&c, from_name) : NULL;
	if (from_name && !from)
		rc = -1;
	else if (from ? from_exercise(&c, from, name, order, &nf) : from_template(&c, name, order, &nf))
		rc = -1;
	/* nothing is written when anything is in the way: never half an exercise */
	for (int i = 0; i < nf.n && !rc; i++) {
		char *path = xstrfmt("%s/%s", c.dir, nf.f[i].path);
		if (access(path, F_OK) == 0) {
			error("%s: already there: choose another name", nf.f[i].path);
			rc = -1;
		}
		free(path);
	}
	for (int i = 0; i < nf.n && !rc; i++) {
		char *path = xstrfmt("%s/%s", c.dir, nf.f[i].path);
		char *slash = strrchr(path, '/');
		*slash = '\0';
		int made = make_dirs(path);
		*slash = '/';
		if (made < 0 || write_file_atomic(path, nf.f[i].text, strlen(nf.f[i].text)) < 0) {
			error("%s: cannot write:", path);
			rc = -1;
		} else
			printf("%s\n", nf.f[i].path);
		free(path);
	}
	for (int i = 0; i < nf.n; i++) {
		free(nf.f[i].path);
		free(nf.f[i].text);
	}
	course_release(&c);
	return rc;
}

