/*
 * cmd-grade.c: `clings grade SUBMISSION` and `clings grade --class DIR`: every exercise of a
 * submission checked and scored, the results written in the formats graders read (grade/).
 * The exit status says whether grading worked, not what it found: 0 once results are written.
 */
#include "cmd/cmd.h"
#include "grade/class.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { OPT_EXERCISES = 'E', OPT_OUT = 'o', OPT_FORMAT = 'f', OPT_JOBS = 'j', OPT_SEED = 'S',
       OPT_CLASS = 'K', OPT_BUDGET = 'B', OPT_NO_ANALYSIS = 'N', OPT_SHARD = 'H', OPT_MERGE = 'M',
       OPT_ROSTER = 'R' };
static const struct cmd_option grade_options[] = {
	{ { "exercises", required_argument, NULL, OPT_EXERCISES }, "LIST", N_("grade only these exercises (a,b,c)") },
	{ { "out", required_argument, NULL, OPT_OUT }, "DIR", N_("where the results go (default: results)") },
	{ { "format", required_argument, NULL, OPT_FORMAT }, "LIST",
	  N_("exercism, gradescope, prairielearn, classroom, junit, tap, summary or all (the default)") },
	{ { "jobs", required_argument, NULL, OPT_JOBS }, "N", N_("run N checks at once") },
	{ { "seed", required_argument, NULL, OPT_SEED }, "N", N_("the random inputs' seed (to repeat a grading)") },
	{ { "class", required_argument, NULL, OPT_CLASS }, "DIR", N_("grade every directory in DIR as one submission") },
	{ { "shard", required_argument, NULL, OPT_SHARD }, "I/N", N_("with --class: only submissions I, I+N, I+2N, ...") },
	{ { "merge", no_argument, NULL, OPT_MERGE }, NULL,
	  N_("join the results of a class's shards (the operands: their --out directories)") },
	{ { "roster", required_argument, NULL, OPT_ROSTER }, "CSV",
	  N_("with --class or --merge: the students' identities for the gradebook") },
	{ { "time-budget", required_argument, NULL, OPT_BUDGET }, "SECONDS", N_("the most one submission may take") },
	{ { "no-analysis", no_argument, NULL, OPT_NO_ANALYSIS }, NULL, N_("skip the analysis on Oclgrind") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

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

static int cmd_grade(const struct cmd_ctx *ctx)
{
	struct grade_options o = { .course_dir = ctx->course_dir, .lang = ctx->lang, .device = ctx->device,
				   .exercises = ctx->opt[OPT_EXERCISES], .jobs = 1,
				   .no_analysis = ctx->opt[OPT_NO_ANALYSIS] != NULL, .shards = 1 };
	const char *out_dir = ctx->opt[OPT_OUT] ? ctx->opt[OPT_OUT] : "results";
	const char *class_dir = ctx->opt[OPT_CLASS];
	char *end;
	if (ctx->opt[OPT_MERGE]) {
		if (class_dir || !ctx->argc) {
			error("grade --merge: give the --out directories of a class's shards, and no --class");
			return EXIT_ERROR;
		}
		struct class_merge_options m = { out_dir, ctx->opt[OPT_ROSTER], ctx->lang };
		int rc = class_merge(ctx->argv, ctx->argc, &m);
		return rc < 0 ? EXIT_ERROR : rc ? EXIT_FAILED : EXIT_DONE;
	}
	if ((class_dir != NULL) == (ctx->argc == 1) || ctx->argc > 1) {
		error("grade: give one SUBMISSION directory, or --class DIR");
		return EXIT_ERROR;
	}
	if (grade_formats_parse(ctx->opt[OPT_FORMAT], &o.formats) < 0)
		return EXIT_ERROR;
	if (ctx->opt[OPT_JOBS]) {
		long j = strtol(ctx->opt[OPT_JOBS], &end, 10);
		if (*end || j < 1 || j > 64) {
			error("--jobs: '%s' is not a number from 1 to 64", ctx->opt[OPT_JOBS]);
			return EXIT_ERROR;
		}
		o.jobs = (int)j;
	}
	if (ctx->opt[OPT_SEED] && parse_seed(ctx->opt[OPT_SEED], &o.seed) < 0) {
		error("--seed: '%s' is not a number from 1 to 2^64-1", ctx->opt[OPT_SEED]);
		return EXIT_ERROR;
	}
	if (ctx->opt[OPT_BUDGET]) {
		o.time_budget = strtod(ctx->opt[OPT_BUDGET], &end);
		if (*end || !(o.time_budget > 0)) {
			error("--time-budget: '%s' is not a number of seconds", ctx->opt[OPT_BUDGET]);
			return EXIT_ERROR;
		}
	}
	if (ctx->opt[OPT_SHARD]) {
		long i = strtol(ctx->opt[OPT_SHARD], &end, 10), k = -1;
		if (*end == '/' && end > ctx->opt[OPT_SHARD])
			k = strtol(end + 1, &end, 10);
		if (*end || k < 1 || k > CLASS_SHARDS_MAX || i < 0 || i >= k) {
			error("--shard: '%s' is not I/N with 0 <= I < N <= %d", ctx->opt[OPT_SHARD], CLASS_SHARDS_MAX);
			return EXIT_ERROR;
		}
		o.shard = (int)i;
		o.shards = (int)k;
	}
	/* Before any child starts: out of the environment, and out of every child's reach. Without
	 * namespaces a kernel could still read what this user can (the class, other processes):
	 * a secret is not graded with there. */
	o.secret = sandbox_take_secret("CLINGS_GRADE_SECRET");
	if (o.secret && !o.seed && !sandbox_namespaces_available()) {
		error("grade: CLINGS_GRADE_SECRET is set, but kernels cannot be isolated here (no user "
		      "namespaces; see `clings devices`): refusing to grade, so that no kernel can read "
		      "the secret or a classmate's files");
		return 2;
	}
	struct course c = COURSE_INIT;
	if (course_load(ctx->course_dir, &c) < 0)
		return EXIT_ERROR;
	if (class_dir)   /* the merge checks each student's record against it */
		o.formats |= FORMAT_SUMMARY;
	int rc = class_dir ? grade_class(&c, class_dir, out_dir, &o, ctx->opt[OPT_ROSTER])
			   : grade_one(&c, -1, ctx->argv[0], NULL, out_dir, &o, NULL);
	course_release(&c);
	return rc < 0 ? EXIT_ERROR : EXIT_DONE;
}

const struct cmd_entry cmd_grade_entry = {
	"grade", "[SUBMISSION | --merge DIR...]", N_("grade a submission (or a class) for a course's grader"),
	grade_options, 0, 64,
	cmd_grade,
};
