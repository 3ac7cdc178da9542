/*
 * cmd.h: the commands, thin over the layers below as git's builtins are over its library. Each
 * cmd/NAME.c exports one `const struct cmd_entry`: its name, synopsis, options and operands. main.c
 * parses the global options and then the command's own with getopt_long, answers --help for every
 * command in one format, and calls exec with what it parsed; exec only calls the layers and
 * returns the exit status (enum exit_code).
 */
#ifndef CMD_CMD_H
#define CMD_CMD_H

#include "grade/grade.h"
#include "watch/watch.h"
#include "grade/class.h"
#include "validate/validate.h"

#include <getopt.h>

/* What clings' exit status says, for scripts and graders. */
enum exit_code {
	EXIT_DONE = 0,         /* done; a check: the kernel passed */
	EXIT_FAILED = 1,       /* the learner's work failed (a check, validate's problems) */
	EXIT_ERROR = 2,        /* a usage error, a broken course, or clings could not do it */
};

#define CMD_MAX_OPTION 128   /* option keys are ASCII: the short letter, or another character */

struct cmd_ctx {
	const char *course_dir;
	const char *lang;
	const char *device;
	/* The command's own options by key: the value, "" for a flag, NULL when not given. */
	const char *opt[CMD_MAX_OPTION];
	int argc;            /* operands, after the options */
	char **argv;
	bool learner;        /* --learner (./run.sh): a learner's command runs in the workspace */
};
struct cmd_option {
	struct option o;     /* name, has_arg, NULL, key (o.val) */
	const char *arg;     /* shown after the name in --help: "PATH"; NULL for a flag */
	const char *help;    /* English; --help prints it in the learner's language */
};
struct cmd_entry {
	const char *name;
	const char *operands;               /* "EXERCISE", "[EXERCISE]", "" */
	const char *summary;                /* one line, English */
	const struct cmd_option *options;   /* ends with an entry whose o.name is NULL; may be NULL */
	int min_args, max_args;
	int (*exec)(const struct cmd_ctx *ctx);
	bool learner;   /* works on the learner's files: with --learner, in the learner's workspace */
};
/* For commands on one exercise: loads the course and its progress into c and st and finds the
 * exercise named by the operand, else the current one. NULL (printed, nothing left to release)
 * when there is none. */
const struct exercise *cmd_exercise(const struct cmd_ctx *ctx, struct course *c, struct state *st);

/* init.c: when the current directory is in a workspace, points ctx at its course and course_load
 * at its files, and (sync) brings its stubs up to the course's, saying what changed. 0 also when
 * there is none; -1 (printed) when its clings.ini is broken. */
int cmd_workspace_open(struct cmd_ctx *ctx, bool sync);
/* What that opening said of the stubs ("" when nothing), one line each, for the tutorial. */
const char *cmd_workspace_notices(void);
/* --learner, for a learner's command run outside any workspace: the learner's own one
 * (workspace_default), made from the course of ctx on the first run (said on stderr), becomes
 * the current directory and is opened as cmd_workspace_open does. 0, or -1 (printed). */
int cmd_workspace_enter(struct cmd_ctx *ctx);
/* prepare.c: `clings prepare --after-current` for ctx's course, as the tutorial of --learner
 * runs it in the background (its own exit status). */
int cmd_prepare_ahead(const struct cmd_ctx *ctx);

extern const struct cmd_entry cmd_init_entry;
extern const struct cmd_entry cmd_check_entry, cmd_list_entry, cmd_devices_entry,
	cmd_hint_entry, cmd_lesson_entry, cmd_reset_entry, cmd_watch_entry, cmd_validate_entry,
	cmd_grade_entry, cmd_bench_entry, cmd_new_entry, cmd_prepare_entry;

#endif
