/*
 * grade-class.c: what `clings grade` does once its options are read (class.h, grade_command): one
 * submission graded and its results written, or a class: every entry of its directory graded as
 * a submission or named with the reason it is not, the shard's record written, and a class
 * graded in one shard merged at once.
 */
#include "grade/class.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* name as one line of stdout: a control character (a newline in a directory's name) is '?', so
 * no name can forge another student's line. */
static char *name_shown(const char *name)
{
	char *s = xstrdup(name);
	for (char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return s;
}

/* The GitHub Classroom reporter's line (in a class, after the student's name), and the step's
 * output where Actions reads it. */
static void classroom_outputs(const struct grade_run *run, const char *student, const char *out_dir)
{
	if (student) {
		char *shown = name_shown(student);
		printf("%s: Points %d/%d\n", shown, run->score, run->max_score);
		free(shown);
	} else {
		printf("Points %d/%d\n", run->score, run->max_score);
	}
	const char *gh = getenv("GITHUB_OUTPUT");
	char *result = NULL, *path = xstrfmt("%s/classroom.result", out_dir);
	if (gh && *gh && read_file(path, &result, NULL) == 0) {
		FILE *f = fopen(gh, "a");
		if (f) {
			fprintf(f, "result=%s", result);
			fclose(f);
		}
	}
	free(result);
	free(path);
}

/* One submission: the directory dir, or in a class, student's, open as root. */
static int grade_one(const struct course *c, int root, const char *dir, const char *student,
		     const char *out_dir, const struct grade_options *o, struct class_shard *shard)
{
	struct grade_run run;
	int rc = root >= 0 ? grade_submission_at(c, root, dir, o, &run) : grade_submission(c, dir, o, &run);
	if (!rc)
		rc = make_dirs(out_dir);
	if (!rc)
		rc = grade_write(&run, o, out_dir);
	if (!rc && (o->formats & FORMAT_CLASSROOM))
		classroom_outputs(&run, student, out_dir);
	if (!rc)
		fprintf(stderr, "%s: %d/%d (seed %llu, %.1f s)\n", dir, run.score, run.max_score,
			(unsigned long long)run.seed, run.seconds);
	if (!rc && shard)
		class_shard_graded(shard, student, &run, o->lang);
	grade_run_release(&run);
	return rc;
}

struct class_entry {
	char *name;
	const char *why;   /* why it is not graded; NULL: a directory, graded */
	int err;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct class_entry *)a)->name, ((const struct class_entry *)b)->name);
}

/* Why an entry of the class, or its open, is no submission; NULL when it is one. */
static const char *not_a_submission(int fd, const char *name, int *err)
{
	struct stat st;
	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		*err = errno;
		return "cannot be read";
	}
	if (class_name_reserved(name))
		return "its name is one the class's results take (class.json, class.html, gradebook.csv, "
		       CLASS_SHARD_PREFIX "*)";
	if (S_ISLNK(st.st_mode))
		return "a symbolic link, not a directory: a submission is a directory of its own";
	if (!S_ISDIR(st.st_mode))
		return "not a directory";
	return NULL;
}

/* OUT/NAME is a directory clings makes, or none yet: results are never written through a link
 * (or into anything else) someone planted there. */
static int results_dir_own(const char *out)
{
	struct stat st;
	if (lstat(out, &st) < 0)
		return errno == ENOENT ? 0 : error("%s: cannot read:", out);
	if (S_ISLNK(st.st_mode))
		return error("%s: a symbolic link, not a directory clings made: refusing to write a student's "
			     "results through it (remove it)", out);
	if (!S_ISDIR(st.st_mode))
		return error("%s: not a directory: refusing to write a student's results there", out);
	return 0;
}

/* Every entry of the class directory but "." and ".." is graded as a submission (every
 * directory, dot-named ones too) or named on stdout with the reason it is not. */
static int grade_class(const struct course *c, const char *class_dir, const char *out_dir,
		       const struct grade_options *o, const char *roster)
{
	DIR *d = opendir(class_dir);
	if (!d)
		return error("%s: cannot read:", class_dir);
	int cfd = dirfd(d);
	struct class_entry *ents = NULL;
	int n = 0;
	errno = 0;
	for (struct dirent *e; (e = readdir(d)); errno = 0) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		ents = xrealloc(ents, sizeof(*ents) * (size_t)(n + 1));
		ents[n].name = xstrdup(e->d_name);
		ents[n].err = 0;
		ents[n].why = not_a_submission(cfd, e->d_name, &ents[n].err);
		n++;
	}
	int rc = errno ? error("%s: cannot read:", class_dir) : 0;
	if (n)
		qsort(ents, (size_t)n, sizeof(*ents), by_name);
	int graded = 0, named = 0, mine = 0, done = 0;
	struct class_shard shard = CLASS_SHARD_INIT;
	char **names = xcalloc((size_t)n + 1, sizeof(*names));
	for (int i = 0; i < n; i++) {
		names[i] = ents[i].name;
		mine += i % o->shards == o->shard;
	}
	class_shard_begin(&shard, c, o, names, n);
	if (!rc)
		rc = class_shard_discard(out_dir, o);
	free(names);
	double started = now_seconds();
	for (int i = 0; i < n; i++) {
		struct class_entry *en = &ents[i];
		if (!rc && i % o->shards == o->shard) {
			class_progress(done++, mine, started);
			int root = -1;
			if (!en->why) {
				/* opened beneath the class, as a directory and no link, once */
				root = openat(cfd, en->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
				if (root < 0) {
					en->err = errno;
					en->why = errno == ELOOP ? not_a_submission(cfd, en->name, &en->err)
						  : "cannot be opened";
				}
			}
			if (root >= 0) {
				char *dir = xstrfmt("%s/%s", class_dir, en->name);
				char *out = xstrfmt("%s/%s", out_dir, en->name);
				class_progress(mine, mine, started);   /* cleared for grade_one's line */
				rc = results_dir_own(out);
				if (!rc)
					rc = grade_one(c, root, dir, en->name, out, o, &shard);
				close(root);
				free(dir);
				free(out);
				graded++;
			} else {
				char *shown = name_shown(en->name);
				printf("%s: not graded: %s%s%s\n", shown, en->why, en->err ? ": " : "",
				       en->err ? strerror(en->err) : "");
				char *why = xstrfmt("%s%s%s", en->why, en->err ? ": " : "", en->err ? strerror(en->err) : "");
				class_shard_not_graded(&shard, en->name, why);
				free(why);
				free(shown);
				named++;
			}
		}
		free(en->name);
	}
	class_progress(mine, mine, started);
	free(ents);
	closedir(d);
	if (!rc)
		fprintf(stderr, "%s: %d submission%s graded, %d entr%s not graded (named on stdout)\n",
			class_dir, graded, graded == 1 ? "" : "s", named, named == 1 ? "y" : "ies");
	/* a shard that did not finish leaves no record: its students are missing, never passed */
	if (!rc)
		rc = class_shard_write(&shard, out_dir, o);
	else
		class_shard_release(&shard);
	if (!rc && o->shards == 1) {
		struct class_merge_options m = { out_dir, roster, o->lang };
		char *dirs[] = { (char *)out_dir };
		rc = class_merge(dirs, 1, &m) < 0 ? -1 : 0;
	}
	return rc;
}

/* Before any child starts: out of the environment, and out of every child's reach. Without
 * namespaces a kernel could still read what this user can (the class, other processes): a
 * secret is not graded with there. */
static int take_secret(struct grade_options *o)
{
	o->secret = sandbox_take_secret("CLINGS_GRADE_SECRET");
	if (o->secret && !o->seed && !sandbox_namespaces_available())
		return error("grade: CLINGS_GRADE_SECRET is set, but kernels cannot be isolated here (no user "
			     "namespaces; see `clings devices`): refusing to grade, so that no kernel can read "
			     "the secret or a classmate's files");
	return 0;
}

int grade_command(struct grade_options *o, const char *submission, const char *class_dir, const char *roster)
{
	if (take_secret(o) < 0)
		return -1;
	struct course c = COURSE_INIT;
	if (course_load(o->course_dir, &c) < 0)
		return -1;
	if (class_dir)   /* the merge checks each student's record against it */
		o->formats |= FORMAT_SUMMARY;
	int rc = class_dir ? grade_class(&c, class_dir, o->out_dir, o, roster)
			   : grade_one(&c, -1, submission, NULL, o->out_dir, o, NULL);
	course_release(&c);
	return rc;
}
