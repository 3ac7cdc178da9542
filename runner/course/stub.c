/*
 * stub.c: putting an exercise's stub back (`clings reset`, the watcher's x key).
 *
 * The learner's version is never lost: it is written to a backup first (NAME.cl.bak, or
 * NAME.cl.2.bak, ... when an older, different backup exists), and only then is the stub put in
 * place. The stub comes from NAME.cl.orig beside the file when there is one (clings keeps it for
 * courses outside git), else from git's HEAD. A newer stub an upgrade offered beside the file
 * (NAME.cl.new) goes once the file is that stub; one that differs is the learner's and stays.
 */
#include "course/course.h"
#include "base/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_BACKUPS 999

/* `git -C DIR show HEAD:./FILE`: the committed stub; -1 quietly when git has none. */
static int stub_from_git(const char *path, char **text, size_t *len)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	const char *base = path;
	if (slash) {
		*slash = '\0';
		base = path + (slash - dir) + 1;
	} else {
		free(dir);
		dir = xstrdup(".");
	}
	char *spec = xstrfmt("HEAD:./%s", base);
	char *const argv[] = { "git", "-C", dir, "show", spec, NULL };
	struct sbuf sb = SBUF_INIT;
	int rc = run_program(argv, &sb);
	free(dir);
	free(spec);
	if (rc < 0) {
		sbuf_release(&sb);
		return -1;
	}
	*len = sb.len;
	*text = sb.len ? sbuf_detach(&sb) : xstrdup("");
	return 0;
}

int exercise_stub_text(const struct exercise *e, char **text, size_t *len)
{
	if (e->stub_path)   /* a workspace: the course's own */
		return read_file(e->stub_path, text, len) < 0 ? -1 : 0;
	char *orig = xstrfmt("%s.orig", e->file_path);
	int ret = read_file(orig, text, len);
	free(orig);
	return ret == 0 || stub_from_git(e->file_path, text, len) == 0 ? 0 : -1;
}

static int stub_source(const struct exercise *e, char **text, size_t *len)
{
	if (exercise_stub_text(e, text, len) == 0)
		return 0;
	if (e->stub_path)
		return error("%s: cannot read:", e->stub_path);
	return error("%s: no pristine copy of the stub (neither %s.orig nor a git checkout)",
		     e->name, e->file_path);
}

/* A backup name that holds this content already, or that is free. */
static char *backup_path(const char *path, const char *data, size_t len)
{
	for (int i = 1; i <= MAX_BACKUPS; i++) {
		char *p = i == 1 ? xstrfmt("%s.bak", path) : xstrfmt("%s.%d.bak", path, i);
		char *old;
		size_t oldlen;
		if (read_file(p, &old, &oldlen) < 0) {
			if (errno == ENOENT)
				return p;
			/* anything else by that name (not a file, unreadable) is left alone */
		} else {
			bool same = oldlen == len && !memcmp(old, data, len);
			free(old);
			if (same)
				return p;
		}
		free(p);
	}
	return NULL;
}

/* write_file_atomic makes files 0600; the learner's file keeps its mode. */
static int write_keeping_mode(const char *path, const char *data, size_t len, mode_t mode)
{
	if (write_file_atomic(path, data, len) < 0)
		return -1;
	chmod(path, mode & 07777);
	return 0;
}

int exercise_reset(const struct course *c, const struct exercise *e, char **backup)
{
	(void)c;
	*backup = NULL;
	char *stub, *mine = NULL;
	size_t stublen, minelen = 0;
	if (stub_source(e, &stub, &stublen) < 0)
		return -1;
	struct stat sb;
	mode_t mode = 0644;
	if (stat(e->file_path, &sb) == 0)
		mode = sb.st_mode;
	int ret = 0;
	if (read_file(e->file_path, &mine, &minelen) < 0 && errno != ENOENT) {
		ret = error("%s: cannot read, not resetting:", e->file_path);
		goto out;
	}
	if (mine && minelen == stublen && !memcmp(mine, stub, stublen))
		goto out;   /* already the stub: nothing to keep, nothing to write */
	if (mine) {
		char *bak = backup_path(e->file_path, mine, minelen);
		if (!bak) {
			ret = error("%s: too many backups; remove some %s.*.bak", e->name, e->file_path);
			goto out;
		}
		if (write_keeping_mode(bak, mine, minelen, mode) < 0) {
			ret = error("%s: cannot write the backup, not resetting:", bak);
			free(bak);
			goto out;
		}
		*backup = bak;
	}
	if (write_keeping_mode(e->file_path, stub, stublen, mode) < 0)
		ret = error("%s: cannot write:", e->file_path);
out:
	if (!ret)   /* the stub an upgrade offered beside the file is the file now */
		workspace_forget_offers(e, stub, stublen);
	free(stub);
	free(mine);
	return ret;
}

int exercise_keep_original(const struct course *c, const struct exercise *e)
{
	(void)c;
	if (e->stub_path)
		return 0;   /* a workspace: the course keeps it */
	char *orig = xstrfmt("%s.orig", e->file_path), *text;
	size_t len;
	int ret = -1;
	if (access(orig, F_OK) == 0) {
		ret = 0;
	} else if (stub_from_git(e->file_path, &text, &len) == 0) {
		free(text);  /* git keeps it for us */
		ret = 0;
	} else if (read_file(e->file_path, &text, &len) == 0) {
		ret = write_file_atomic(orig, text, len);
		free(text);
	}
	free(orig);
	return ret;
}
