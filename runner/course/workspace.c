/*
 * workspace.c: where a learner's files live, apart from the course.
 *
 * A learner's progress and the verdict cache are the learner's, not the course's: a published
 * course (or an installed one, read-only under /usr/share) holds none. They live under
 * $XDG_STATE_HOME/clings/KEY (default ~/.local/state) and $XDG_CACHE_HOME/clings/KEY (default
 * ~/.cache), KEY being the base name of the learner's directory and a hash of its real path:
 * "course-1f3a..." tells a person which it is, the hash keeps two clones apart. Files an older
 * clings wrote into the course (.clings-state, .clings-cache/) are moved there once.
 *
 * A workspace (`clings init DIR`) is a learner's own folder: clings.ini naming the course, and
 * exercises/ holding the learner's copies of the stubs. clings finds it from any directory
 * inside it. The stubs each copy came from are kept in .clings/stubs/, so that a newer course's
 * changed stub is told apart from the learner's work: an untouched copy is brought up to date,
 * an edited one gets the new stub beside it (NAME.cl.new, or the first free NAME.cl.N.new), never
 * over it. Nothing is written through a link clings did not make there.
 *
 * Ownership before trust (git's safe.directory, after CVE-2022-24765): a clings.ini, a course or
 * a progress or cache folder decides what runs as the reference and what passes, so one that
 * belongs to another user (not the user clings runs as, nor root) is not used, unless the user
 * names it in CLINGS_SAFE_DIRECTORY.
 */
#include "course/course.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <ini.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WORKSPACE_FILE "clings.ini"
#define STUBS_DIR ".clings/stubs"
#define OLD_STATE ".clings-state"
#define OLD_LOCK ".clings-state.lock"

static char *workspace_dir;   /* set by course_use_workspace(): what course_load applies */

static char *home_dir(void)
{
	const char *h = getenv("HOME");
	if (h && *h)
		return xstrdup(h);
	struct passwd *pw = getpwuid(getuid());
	return xstrdup(pw && pw->pw_dir ? pw->pw_dir : "/tmp");
}

/* $VAR if it is an absolute path (the XDG rule: a relative one is ignored), else ~/fallback. */
static char *xdg_dir(const char *var, const char *fallback)
{
	const char *v = getenv(var);
	if (v && v[0] == '/')
		return xstrdup(v);
	char *home = home_dir(), *dir = xstrfmt("%s/%s", home, fallback);
	free(home);
	return dir;
}

/* This run's own folder, when a usual one belongs to another user: made by mkdtemp (the user's,
 * 0700), removed when the run ends, by the process that made it (a child's exit leaves it). */
static char *private_dir;
static pid_t private_maker;

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void remove_private_dir(void)
{
	if (private_dir && getpid() == private_maker)
		nftw(private_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* ROOT/clings, ROOT from $var (else ~/fallback): where the learner's progress or cache lives.
 * When ROOT or ROOT/clings belongs to another user, what is there could decide a verdict (a
 * reference binary, a cached pass) or be read by that user: it is not used, and this run keeps
 * its files in a folder of its own instead, said once. */
static char *clings_dir(const char *var, const char *fallback, int which)
{
	static bool said[2];
	char *root = xdg_dir(var, fallback), *dir = xstrfmt("%s/clings", root);
	unsigned long owner = 0;
	const char *bad = path_untrusted(root, &owner) ? root : path_untrusted(dir, &owner) ? dir : NULL;
	if (bad) {
		if (!private_dir) {
			char tmpl[] = "/tmp/clings-XXXXXX";
			if (!mkdtemp(tmpl))
				die("%s: cannot make a folder of this run's own:", tmpl);
			private_dir = xstrdup(tmpl);
			private_maker = getpid();
			atexit(remove_private_dir);
		}
		if (!said[which]) {
			said[which] = true;
			warning("%s: belongs to another user (uid %lu), so clings keeps nothing there: this run "
				"keeps its files in %s, removed when it ends", bad, owner, private_dir);
		}
		free(dir);
		dir = xstrfmt("%s/%s", private_dir, which ? "state" : "cache");
	}
	free(root);
	return dir;
}

char *user_cache_path(const char *name)
{
	char *root = clings_dir("XDG_CACHE_HOME", ".cache", 0), *path = xstrfmt("%s/%s", root, name);
	free(root);
	return path;
}

char *user_state_path(const char *name)
{
	char *root = clings_dir("XDG_STATE_HOME", ".local/state", 1), *path = xstrfmt("%s/%s", root, name);
	free(root);
	return path;
}

static char *learner_key(const struct course *c)
{
	const char *work = c->work ? c->work : c->dir;
	const char *base = strrchr(work, '/');
	base = base && base[1] ? base + 1 : "root";
	return xstrfmt("%s-%016llx", base, (unsigned long long)hash_add_str(HASH_INIT, work));
}

static char *keyed_dir(const struct course *c, const char *var, const char *fallback, int which)
{
	char *root = clings_dir(var, fallback, which), *key = learner_key(c);
	char *dir = xstrfmt("%s/%s", root, key);
	free(root);
	free(key);
	return dir;
}

char *course_state_dir(const struct course *c)
{
	return keyed_dir(c, "XDG_STATE_HOME", ".local/state", 1);
}

char *course_cache_dir(const struct course *c)
{
	return keyed_dir(c, "XDG_CACHE_HOME", ".cache", 0);
}

/* rename(), or a copy and an unlink across file systems; the source is removed only once the
 * copy is whole on disk. */
static int move_file(const char *from, const char *to)
{
	if (rename(from, to) == 0)
		return 0;
	if (errno != EXDEV)
		return -1;
	char *text;
	size_t len;
	if (read_file(from, &text, &len) < 0)
		return -1;
	int rc = write_file_atomic(to, text, len);
	free(text);
	return rc < 0 ? -1 : unlink(from);
}

/* The files an older clings kept in the course, moved to the state and cache directories once.
 * The progress is never lost: when a newer one is there already, the old file stays. The tests
 * set CLINGS_NO_MIGRATION: their state directories are temporary, and a learner's progress in
 * the checkout they run from must not move into one. */
static void migrate_old_files(const struct course *c)
{
	if (getenv("CLINGS_NO_MIGRATION"))
		return;
	char *old = xstrfmt("%s/%s", c->dir, OLD_STATE);
	if (access(old, F_OK) == 0) {
		char *dir = course_state_dir(c), *path = state_path(c);
		if (make_dirs(dir) == 0 && access(path, F_OK) < 0 && errno == ENOENT) {
			if (move_file(old, path) < 0)
				warning("%s: cannot move your progress to %s:", old, path);
		}
		free(dir);
		free(path);
	}
	free(old);
	old = xstrfmt("%s/%s", c->dir, OLD_LOCK);
	unlink(old);   /* an empty file: only its flock meant something */
	free(old);
	old = xstrfmt("%s/%s", c->dir, VERDICT_CACHE_DIR);
	struct stat sb;
	if (lstat(old, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		char *dir = course_cache_dir(c), *slash = strrchr(dir, '/');
		*slash = '\0';
		int made = make_dirs(dir);
		*slash = '/';
		/* A cache: moved when it can be in one step, else left where it is (nothing is lost). */
		if (made == 0 && access(dir, F_OK) < 0 && errno == ENOENT)
			rename(old, dir);
		free(dir);
	}
	free(old);
}

/* ---- ownership: who may decide what clings runs ---- */

/* CLINGS_SAFE_DIRECTORY: folders (':' between them) trusted with what is in them, whoever owns
 * them, or "*" for all; git's safe.directory. The user's own environment, never a file found. */
static bool safe_listed(const char *path)
{
	const char *list = getenv("CLINGS_SAFE_DIRECTORY");
	char real[PATH_MAX];
	if (!list || !*list)
		return false;
	if (!strcmp(list, "*"))
		return true;
	if (!realpath(path, real))
		return false;
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, ":");
		char want[PATH_MAX];
		if (n && n < sizeof(want)) {
			memcpy(want, p, n);
			want[n] = '\0';
			char wreal[PATH_MAX];
			size_t w = realpath(want, wreal) ? strlen(wreal) : 0;
			if (w && !strncmp(wreal, real, w) && (real[w] == '\0' || real[w] == '/' || w == 1))
				return true;
		}
		p += n + (p[n] == ':');
	}
	return false;
}

static bool owner_trusted(uid_t uid)
{
	return uid == geteuid() || uid == 0;
}

int path_untrusted(const char *path, unsigned long *owner)
{
	struct stat ls, st;
	if (lstat(path, &ls) < 0 || stat(path, &st) < 0)
		return 0;   /* nothing there: nothing to trust or distrust */
	if (owner_trusted(ls.st_uid) && owner_trusted(st.st_uid))
		return 0;
	if (safe_listed(path))
		return 0;
	*owner = (unsigned long)(owner_trusted(ls.st_uid) ? st.st_uid : ls.st_uid);
	return 1;
}

const char *course_untrusted_part(const char *dir, unsigned long *owner)
{
	/* what decides what runs: the folder, and those of the stubs, the references, the checks */
	static const char *const parts[] = { "", "/exercises", "/solutions", "/checks" };
	static char *bad;
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		free(bad);
		bad = xstrfmt("%s%s", dir, parts[i]);
		if (path_untrusted(bad, owner))
			return bad;
	}
	return NULL;
}

/* ---- workspaces ---- */

void course_use_workspace(const char *dir)
{
	free(workspace_dir);
	workspace_dir = dir ? xstrdup(dir) : NULL;
}

static int on_pointer(void *user, const char *section, const char *key, const char *value)
{
	char **course = user;
	if (!strcmp(section, "workspace") && !strcmp(key, "course")) {
		free(*course);
		*course = xstrdup(value);
	}
	return 1;
}

char *workspace_course(const char *work)
{
	char *path = xstrfmt("%s/%s", work, WORKSPACE_FILE), *course = NULL;
	int line = ini_parse(path, on_pointer, &course);
	if (line > 0)
		error("%s:%d: syntax error", path, line);
	else if (line == 0 && (!course || !*course))
		error("%s:1: [workspace] needs course = the course's directory", path);
	if (line || !course || !*course) {
		free(course);
		course = NULL;
	} else if (course[0] != '/') {   /* relative to the workspace */
		char *abs = xstrfmt("%s/%s", work, course);
		free(course);
		course = abs;
	}
	char *exercises = course ? xstrfmt("%s/exercises", course) : NULL;
	if (exercises && access(exercises, F_OK) < 0) {
		char *text = NULL;
		int at = read_file(path, &text, NULL) == 0 ? ini_key_line(text, "[workspace]", "course") : 0;
		error("%s:%d: %s: no course there (was clings installed elsewhere? `clings init` in a new "
		      "folder names the course of the clings that runs it)", path, at ? at : 1, course);
		free(text);
		free(course);
		course = NULL;
	}
	unsigned long owner = 0;
	const char *bad = course ? course_untrusted_part(course, &owner) : NULL;
	if (bad) {
		char *text = NULL;
		int at = read_file(path, &text, NULL) == 0 ? ini_key_line(text, "[workspace]", "course") : 0;
		error("%s:%d: %s belongs to another user (uid %lu): clings runs no course it cannot trust "
		      "(`--course DIR`, or CLINGS_SAFE_DIRECTORY=DIR, if you do)", path, at ? at : 1, bad, owner);
		free(text);
		free(course);
		course = NULL;
	}
	free(exercises);
	free(path);
	return course;
}

char *workspace_default(void)
{
	const char *ws = getenv("CLINGS_WORKSPACE"), *home = getenv("HOME");
	if (ws && *ws)
		return xstrdup(ws);
	if (home && *home)
		return xstrfmt("%s/clings-exercises", home);
	error("HOME is not set: name a workspace in CLINGS_WORKSPACE");
	return NULL;
}

bool workspace_at(const char *dir)
{
	char *path = xstrfmt("%s/%s", dir, WORKSPACE_FILE);
	struct stat sb;
	bool is = stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
	free(path);
	return is;
}

char *workspace_find(void)
{
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof(cwd)))
		return NULL;
	for (;;) {
		const char *dir = *cwd ? cwd : "/";
		char *path = xstrfmt("%s/%s", *cwd ? cwd : "", WORKSPACE_FILE);
		struct stat sb;
		bool found = stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
		unsigned long owner = 0;
		/* A clings.ini another user could write (under /tmp, say) would choose what runs as
		 * the reference: as if it were not there (git's answer to CVE-2022-24765). */
		if (found && (path_untrusted(path, &owner) || path_untrusted(dir, &owner))) {
			warning("%s: ignored: it belongs to another user (uid %lu), and only your own "
				"workspace may choose the course (CLINGS_SAFE_DIRECTORY=%s trusts it)",
				path, owner, dir);
			found = false;
		}
		free(path);
		if (found)
			return xstrdup(dir);
		char *slash = strrchr(cwd, '/');
		if (!slash || !*cwd)
			return NULL;
		*slash = '\0';
	}
}

/* The learner's copy of e and the stub it came from, in the workspace. */
static char *kept_stub_path(const struct course *c, const struct exercise *e)
{
	const char *base = strrchr(e->file_path, '/');
	return xstrfmt("%s/%s/%s", c->work, STUBS_DIR, base ? base + 1 : e->file_path);
}

static bool same_text(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && !memcmp(a, b, alen);
}

/* A regular file read whole, never through a link (ELOOP) nor from anything else (EINVAL). */
static int read_not_link(const char *path, char **text, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	struct sbuf sb = SBUF_INIT;
	int err = fstat(fd, &st) < 0 ? errno : !S_ISREG(st.st_mode) ? EINVAL : 0;
	char chunk[8192];
	for (ssize_t n; !err && (n = read(fd, chunk, sizeof(chunk))) != 0;) {
		if (n < 0 && errno != EINTR)
			err = errno;
		else if (n > 0)
			sbuf_add(&sb, chunk, (size_t)n);
	}
	close(fd);
	if (err) {
		sbuf_release(&sb);
		errno = err;
		return -1;
	}
	*len = sb.len;
	*text = sb.len ? sbuf_detach(&sb) : xstrdup("");
	return 0;
}

/* dir (under the workspace) a folder of its own, made when missing: a link there (or anything
 * else) is refused, for what clings writes there would land where the link leads. */
static int own_dir(const char *dir)
{
	struct stat sb;
	if (lstat(dir, &sb) < 0 && errno == ENOENT && mkdir(dir, 0755) < 0 && errno != EEXIST)
		return error("%s: cannot create:", dir);
	if (lstat(dir, &sb) < 0)
		return error("%s:", dir);
	if (S_ISLNK(sb.st_mode))
		return error("%s: a symbolic link: clings writes nothing through a link it did not make; put "
			     "a folder there (removing the link leaves what it leads to as it is)", dir);
	if (!S_ISDIR(sb.st_mode))
		return error("%s: not a folder: clings keeps files there; put a folder there", dir);
	return 0;
}

/* Puts the stub made whole in tmp at name, only if nothing is there: link() neither replaces nor
 * follows what is there (on a file system without hard links, an exclusive create instead).
 * 0 when name holds the stub now, 1 when it holds something else (left alone), -1 (printed). */
static int place_offer(const char *tmp, const char *name, const char *stub, size_t len)
{
	if (link(tmp, name) == 0)
		return 0;
	if (errno == EPERM || errno == EOPNOTSUPP) {
		int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd >= 0) {
			int rc = write_all(fd, stub, len) < 0 || fsync(fd) < 0 ? -1 : 0;
			close(fd);
			if (rc < 0) {
				unlink(name);
				return error("%s: cannot write:", name);
			}
			return 0;
		}
	}
	if (errno != EEXIST)
		return error("%s: cannot write:", name);
	char *old;
	size_t oldlen;
	if (read_not_link(name, &old, &oldlen) < 0)
		return 1;   /* a link, or not a file: the learner's */
	int same = same_text(old, oldlen, stub, len);
	free(old);
	return same ? 0 : 1;
}

/* The newer stub beside the learner's file, under a name nobody holds: NAME.cl.new, else
 * NAME.cl.2.new, ... (a learner's own file of that name, or a link, is never written over);
 * one holding the stub already is taken as it is. Allocated, or NULL (printed). */
#define MAX_OFFERS 99
static char *offer_stub(const char *file, const char *stub, size_t len)
{
	char *tmp = xstrfmt("%s" TEMP_INFIX "%ld.XXXXXX", file, (long)getpid());
	int fd = mkstemp(tmp);
	if (fd < 0 || write_all(fd, stub, len) < 0 || fsync(fd) < 0) {
		error("%s: cannot write:", tmp);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return NULL;
	}
	close(fd);
	char *fresh = NULL;
	int rc = 1;
	for (int i = 1; i <= MAX_OFFERS && rc == 1; i++) {
		char *name = i == 1 ? xstrfmt("%s.new", file) : xstrfmt("%s.%d.new", file, i);
		rc = place_offer(tmp, name, stub, len);
		if (rc == 0)
			fresh = name;
		else
			free(name);
	}
	if (rc == 1)
		error("%s: no free name for the newer stub beside it; remove some %s.*.new", file, file);
	unlink(tmp);
	free(tmp);
	return fresh;
}

void workspace_forget_offers(const struct exercise *e, const char *stub, size_t len)
{
	for (int i = 1; i <= MAX_OFFERS; i++) {
		char *name = i == 1 ? xstrfmt("%s.new", e->file_path) : xstrfmt("%s.%d.new", e->file_path, i);
		char *old;
		size_t oldlen;
		if (read_not_link(name, &old, &oldlen) == 0) {
			if (same_text(old, oldlen, stub, len))
				unlink(name);   /* the stub itself, stale now; a learner's own stays */
			free(old);
		}
		free(name);
	}
}

/*
 * Nothing is written through a link clings did not make: .clings/ and .clings/stubs/ must be
 * folders (a link there could lead the kept stubs onto the learner's files), a kept stub is read
 * only if it is a file (a link to the learner's file would make it look untouched), and a
 * learner's file that is a link is the learner's work: never replaced, the newer stub offered
 * beside it.
 */
int workspace_sync(const struct course *c, workspace_note_fn *note, void *arg)
{
	if (!c->work || !strcmp(c->work, c->dir))
		return 0;
	char *clings = xstrfmt("%s/.clings", c->work), *stubs = xstrfmt("%s/%s", c->work, STUBS_DIR);
	char *exercises = xstrfmt("%s/exercises", c->work);
	int rc = own_dir(clings) < 0 || own_dir(stubs) < 0 || own_dir(exercises) < 0 ? -1 : 0;
	for (int i = 0; i < c->n && !rc; i++) {
		const struct exercise *e = &c->ex[i];
		char *stub = NULL, *kept = NULL, *mine = NULL;
		size_t stublen = 0, keptlen = 0, minelen = 0;
		char *kept_path = kept_stub_path(c, e);
		if (read_file(e->stub_path, &stub, &stublen) < 0) {
			rc = error("%s: cannot read the course's stub:", e->stub_path);
			free(kept_path);
			break;
		}
		bool has_kept = read_not_link(kept_path, &kept, &keptlen) == 0;
		struct stat sb;
		bool linked = lstat(e->file_path, &sb) == 0 && S_ISLNK(sb.st_mode);
		bool has_mine = read_file(e->file_path, &mine, &minelen) == 0;
		bool fresh_stub = !(has_kept && same_text(kept, keptlen, stub, stublen));
		if (!has_mine && errno != ENOENT) {
			rc = error("%s: cannot read:", e->file_path);
		} else if (!fresh_stub && (has_mine || linked)) {
			/* up to date */
		} else if (!linked && (!has_mine || same_text(mine, minelen, stub, stublen) ||
				       (has_kept && same_text(mine, minelen, kept, keptlen)))) {
			/* new, or the learner's copy is an untouched stub: nobody's work is replaced */
			if (write_file_atomic(e->file_path, stub, stublen) < 0)
				rc = error("%s: cannot write:", e->file_path);
			else if (has_mine && !same_text(mine, minelen, stub, stublen) && note)
				note(arg, WORKSPACE_STUB_UPDATED, e, e->file_path);
			else if (!has_mine && note)
				note(arg, WORKSPACE_STUB_ADDED, e, e->file_path);
		} else if (!has_mine || !same_text(mine, minelen, stub, stublen)) {
			/* the learner's work (or link): the newer stub goes beside it */
			char *fresh = offer_stub(e->file_path, stub, stublen);
			if (!fresh)
				rc = -1;
			else if (note)
				note(arg, WORKSPACE_STUB_OFFERED, e, fresh);
			free(fresh);
		}
		if (!rc && fresh_stub && write_file_atomic(kept_path, stub, stublen) < 0)
			rc = error("%s: cannot write:", kept_path);
		free(stub);
		free(kept);
		free(mine);
		free(kept_path);
	}
	free(clings);
	free(stubs);
	free(exercises);
	return rc;
}

int workspace_create(const char *work, const char *course_dir)
{
	char real[PATH_MAX];
	if (!realpath(course_dir, real))
		return error("%s: cannot open the course directory:", course_dir);
	char *pointer = xstrfmt("%s/%s", work, WORKSPACE_FILE);
	int rc = 0;
	if (access(pointer, F_OK) == 0) {
		rc = error("%s: a workspace already", pointer);
	} else if (make_dirs(work) < 0) {
		rc = -1;
	} else {
		/* a file the learner may open: in both of clings' languages */
		char *text = xstrfmt("# clings: this folder is a workspace of the course below: your work is in\n"
				     "# exercises/, your progress is kept apart (`man clings`, FILES).\n"
				     "# clings: esta pasta é um espaço de trabalho do curso abaixo: o seu trabalho\n"
				     "# fica em exercises/, o seu progresso à parte (`man clings`, FILES).\n"
				     "[workspace]\ncourse = %s\n", real);
		if (write_file_atomic(pointer, text, strlen(text)) < 0)
			rc = error("%s: cannot write:", pointer);
		free(text);
	}
	free(pointer);
	return rc;
}

/* Called by course_load: the learner's side of the course. */
void course_place_learner(struct course *c)
{
	char real[PATH_MAX];
	if (workspace_dir && realpath(workspace_dir, real) && strcmp(real, c->dir)) {
		c->work = xstrdup(real);
		for (int i = 0; i < c->n; i++) {
			struct exercise *e = &c->ex[i];
			const char *base = strrchr(e->file_path, '/');
			e->stub_path = e->file_path;
			e->file_path = xstrfmt("%s/exercises/%s", c->work, base ? base + 1 : e->file_path);
		}
	} else {
		c->work = xstrdup(c->dir);
		migrate_old_files(c);
	}
	char *dir = course_state_dir(c);
	remove_stale_temps(dir);
	free(dir);
	dir = course_cache_dir(c);
	remove_stale_temps(dir);
	free(dir);
}
