/*
 * cmd-init.c: `clings init [DIR]`: a learner's own workspace (course/workspace.c): DIR/clings.ini
 * naming the course, and DIR/exercises/ with the stubs, the learner's to edit. Every command
 * run inside DIR (at any depth) works on it; the course itself (installed, or a clone) is only
 * read. Also here: opening the workspace the current directory is in, for every command, which
 * brings its stubs up to a newer course's without writing over the learner's work.
 */
#include "cmd/cmd.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_WORKSPACE "clings-exercises"

struct sync_notes {
	const char *lang;
	int added;
	bool quiet_added;   /* init: every stub is new */
};

/* What opening the workspace said, kept for the tutorial, whose screen hides stderr. */
static struct sbuf notices = SBUF_INIT;

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	sbuf_vaddf(&notices, fmt, ap);
	va_end(ap);
}

const char *cmd_workspace_notices(void)
{
	return sbuf_str(&notices);
}

static void say(void *arg, enum workspace_note what, const struct exercise *e, const char *path)
{
	struct sync_notes *n = arg;
	switch (what) {
	case WORKSPACE_STUB_ADDED:
		n->added++;
		if (!n->quiet_added)
			note(tr(n->lang, "%s: written from the course's stub\n"), path_shown(path));
		break;
	case WORKSPACE_STUB_UPDATED:
		note(tr(n->lang, "%s: the course's stub changed; yours was untouched, so it is the new one now\n"),
		     path_shown(path));
		break;
	case WORKSPACE_STUB_OFFERED:
		note(tr(n->lang, "%s: the course's stub changed; your work is kept as it is, the new stub "
				 "is beside it: %s\n"), path_shown(e->file_path), path_shown(path));
		break;
	}
}

/* Loads the course with the workspace's files and brings its stubs up to date. */
static int sync_workspace(const char *course_dir, const char *lang, int *added)
{
	struct course c = COURSE_INIT;
	if (course_load(course_dir, &c) < 0)
		return -1;
	struct sync_notes n = { lang, 0, added != NULL };
	int rc = workspace_sync(&c, say, &n);
	course_release(&c);
	if (added)
		*added = n.added;
	return rc;
}

int cmd_workspace_open(struct cmd_ctx *ctx, bool sync)
{
	static char *course;   /* ctx->course_dir, for the process's life */
	char *work = workspace_find();
	if (!work)
		return 0;
	free(course);
	course = workspace_course(work);
	if (!course) {
		free(work);
		return -1;
	}
	course_use_workspace(work);
	ctx->course_dir = course;
	free(work);
	return sync ? sync_workspace(course, messages_lang(), NULL) : 0;
}

/* A workspace made at dir from the course of course_dir, said on out. */
static int init_at(const char *dir, const char *course_dir, const char *lang, FILE *out)
{
	if (workspace_create(dir, course_dir) < 0)
		return -1;
	course_use_workspace(dir);
	int added = 0;
	if (sync_workspace(course_dir, lang, &added) < 0)
		return -1;
	fprintf(out, trn(lang, "%s: your workspace, with %d exercise in %s/exercises/.\n",
			 "%s: your workspace, with %d exercises in %s/exercises/.\n", (unsigned long)added), dir, added, dir);
	fprintf(out, tr(lang, "Start with `cd %s` and `clings`: every command inside it works on your files.\n"), dir);
	return 0;
}

int cmd_workspace_enter(struct cmd_ctx *ctx)
{
	char *dir = workspace_default();
	if (!dir)
		return -1;
	/* made once, on the first run; its words on stderr, apart from the command's output */
	int rc = workspace_at(dir) ? 0 : init_at(dir, course_default_dir(), messages_lang(), stderr);
	if (!rc && chdir(dir) < 0)
		rc = error("%s: cannot enter:", dir);
	free(dir);
	return rc ? rc : cmd_workspace_open(ctx, true);
}

static int cmd_init(const struct cmd_ctx *ctx)
{
	return init_at(ctx->argc ? ctx->argv[0] : DEFAULT_WORKSPACE, ctx->course_dir, ctx->lang, stdout) < 0
		? EXIT_ERROR : EXIT_DONE;
}

const struct cmd_entry cmd_init_entry = {
	"init", "[DIR]", N_("make your own workspace: the exercises as stubs, apart from the course"),
	NULL, 0, 1, cmd_init, false,
};
