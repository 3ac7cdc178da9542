/*
 * main.c: the command table and the one place where options are parsed. Global options come
 * first, and may also follow the command (`clings check --lang pt-BR EXERCISE`, as ./run.sh
 * passes them); then the command's own options and its operands; "--" ends the options.
 */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>

/* Course order of the table is the order of `clings help`. */
static const struct cmd_entry *const commands[] = {
	&cmd_watch_entry,
	&cmd_init_entry,
	&cmd_list_entry,
	&cmd_check_entry,
	&cmd_bench_entry,
	&cmd_lesson_entry,
	&cmd_hint_entry,
	&cmd_reset_entry,
	&cmd_devices_entry,
	&cmd_validate_entry,
	&cmd_new_entry,
	&cmd_grade_entry,
	&cmd_prepare_entry,
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

enum { KEY_COURSE = 'C', KEY_LANG = 'L', KEY_DEVICE = 'D', KEY_HELP = 'h', KEY_LEARNER = 'W' };
static const struct cmd_option global_options[] = {
	{ { "course", required_argument, NULL, KEY_COURSE }, "DIR", N_("the course directory") },
	{ { "lang", required_argument, NULL, KEY_LANG }, "LANG", N_("a language of the course or of clings (en, pt-BR, ...)") },
	{ { "device", required_argument, NULL, KEY_DEVICE }, "SPEC", N_("the OpenCL device (see `clings devices`)") },
	{ { "learner", no_argument, NULL, KEY_LEARNER }, NULL,
	  N_("as ./run.sh: the tutorial and the commands on your files run in your workspace "
	     "($CLINGS_WORKSPACE, else ~/clings-exercises), made on the first run") },
	{ { "help", no_argument, NULL, KEY_HELP }, NULL, N_("this help") },
	{ { NULL, 0, NULL, 0 }, NULL, NULL },
};

/* The language of clings' own words for the asked one: a catalog's, else English. */
static const char *ui_lang(const char *asked)
{
	const char *l = lang_catalog_match(lang_choose(asked));
	return l ? l : "en";
}

/*
 * The language of a command: the course's lessons in it when the course has it (its own words
 * in English when clings has no catalog for it), else clings' words alone; else English, with
 * a warning when it was asked for by name.
 */
static const char *session_lang(const char *asked, const char *course_dir)
{
	static struct course_langs langs;
	const char *want = lang_choose(asked), *l = NULL;
	if (course_langs_load(course_dir, &langs, true) == 0)
		l = course_lang_match(&langs, want);
	if (!l)
		l = lang_catalog_match(want);
	if (!l) {
		const char *env = getenv("CLINGS_LANG");
		if ((asked && *asked) || (env && *env))
			warning("no catalog for '%s': English it is", want);
		l = "en";
	}
	return l;
}

/* An option has a short form when its key is a lowercase letter (-v, -h). */
static bool has_short(const struct cmd_option *o)
{
	return o->o.val >= 'a' && o->o.val <= 'z';
}

static void print_options(FILE *f, const char *lang, const struct cmd_option *opts)
{
	for (; opts && opts->o.name; opts++) {
		char left[64];
		snprintf(left, sizeof(left), "%c%c%c --%s%s%s", has_short(opts) ? '-' : ' ',
			 has_short(opts) ? opts->o.val : ' ', has_short(opts) ? ',' : ' ', opts->o.name,
			 opts->arg ? " " : "", opts->arg ? opts->arg : "");
		fprintf(f, "  %-24s %s\n", left, tr(lang, opts->help));
	}
}

/* "usage: clings NAME [OPTIONS] OPERANDS": the one form, for --help and for a usage error. */
static void synopsis(FILE *f, const char *lang, const struct cmd_entry *cmd)
{
	fprintf(f, "%s clings %s%s%s%s%s\n", tr(lang, "usage:"), cmd->name, cmd->options ? " " : "",
		cmd->options ? tr(lang, "[OPTIONS]") : "", *cmd->operands ? " " : "", cmd->operands);
}

/* Sections of a command's --help beyond its options: the tutorial's keys (the man page and the
 * completion read --help, so whatever is here is documented there too). */
static const struct {
	const struct cmd_entry *cmd;
	const char *title;
	void (*print)(FILE *f, const char *lang);
} more_help[] = {
	{ &cmd_watch_entry, N_("keys:"), watch_print_keys },
};

static void command_help(FILE *f, const char *lang, const struct cmd_entry *cmd)
{
	synopsis(f, lang, cmd);
	fprintf(f, "\n%s\n", tr(lang, cmd->summary));
	if (cmd->options) {
		fprintf(f, "\n%s\n", tr(lang, "options:"));
		print_options(f, lang, cmd->options);
	}
	fprintf(f, "\n%s\n", tr(lang, "global options:"));
	print_options(f, lang, global_options);
	for (size_t i = 0; i < sizeof(more_help) / sizeof(more_help[0]); i++)
		if (more_help[i].cmd == cmd) {
			fprintf(f, "\n%s\n", tr(lang, more_help[i].title));
			more_help[i].print(f, lang);
		}
}

static void usage(FILE *f, const char *lang)
{
	fprintf(f, "%s clings %s %s\n\n%s\n\n%s\n", tr(lang, "usage:"), tr(lang, "[GLOBAL OPTIONS]"),
		tr(lang, "[COMMAND [OPTIONS] [ARGS]]"),
		tr(lang, "With no command, clings opens the current exercise and checks it on every save."),
		tr(lang, "commands:"));
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-9s %s\n", commands[i]->name, tr(lang, commands[i]->summary));
	fprintf(f, "\n%s\n", tr(lang, "global options:"));
	print_options(f, lang, global_options);
	fprintf(f, "\n%s\n", tr(lang, "`clings COMMAND --help` tells more about one command."));
}

const struct exercise *cmd_exercise(const struct cmd_ctx *ctx, struct course *c, struct state *st)
{
	if (course_load(ctx->course_dir, c) < 0)
		return NULL;
	state_load(c, st);
	const struct exercise *e = ctx->argc ? course_find(c, ctx->argv[0]) : exercise_current(c, st);
	if (!e) {
		state_release(st);
		course_release(c);
	}
	return e;
}

static void unknown_command(const char *name, const char *lang)
{
	error("unknown or ambiguous command '%s'", name);
	usage(stderr, ui_lang(lang));
}

/* Whether the course of dir has an exercise of that name (quiet when it has not). */
static bool course_has_exercise(const char *dir, const char *name)
{
	struct course c = COURSE_INIT;
	bool has = false;
	if (course_load(dir, &c) == 0)
		for (int i = 0; i < c.n && !has; i++)
			has = !strcmp(c.ex[i].name, name);
	course_release(&c);
	return has;
}

/* An exact name, or a unique prefix of one (as tmux does). */
static const struct cmd_entry *find_command(const char *name)
{
	const struct cmd_entry *found = NULL;
	for (size_t i = 0; i < NCOMMANDS; i++) {
		if (!strcmp(commands[i]->name, name))
			return commands[i];
		if (!strncmp(commands[i]->name, name, strlen(name))) {
			if (found)
				return NULL;
			found = commands[i];
		}
	}
	return found;
}

static int add_options(struct option *longs, int n, char *shorts, const struct cmd_option *opts)
{
	for (; opts && opts->o.name; opts++) {
		/* a command's option and a global one share ctx->opt by key: one key, one option */
		for (int i = 0; i < n; i++)
			if (longs[i].val == opts->o.val) {
				fprintf(stderr, "clings: internal error: --%s and --%s share the key '%c'\n",
					longs[i].name, opts->o.name, opts->o.val);
				abort();
			}
		longs[n++] = opts->o;
		if (has_short(opts)) {
			size_t k = strlen(shorts);
			shorts[k++] = (char)opts->o.val;
			if (opts->o.has_arg == required_argument)
				shorts[k++] = ':';
			shorts[k] = '\0';
		}
	}
	return n;
}

/* Parses argv[optind..] with the global options and cmd's own (cmd NULL: globals only, stopping at
 * the first operand). Returns 0, 1 after --help was printed, or 2 after a usage error. */
static int parse(int argc, char **argv, const struct cmd_entry *cmd, struct cmd_ctx *ctx, const char **lang)
{
	struct option longs[48];
	char shorts[64] = "";
	strcpy(shorts, cmd ? ":" : "+:");   /* "+": stop at the command's name */
	int n = add_options(longs, 0, shorts, global_options);
	if (cmd)
		n = add_options(longs, n, shorts, cmd->options);
	longs[n] = (struct option){ NULL, 0, NULL, 0 };
	opterr = 0;
	int key;
	while ((key = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		const char *ui = ui_lang(*lang);
		switch (key) {
		case KEY_COURSE: ctx->course_dir = optarg; break;
		case KEY_LANG: *lang = optarg; break;
		case KEY_DEVICE: ctx->device = optarg; break;
		case KEY_LEARNER: ctx->learner = true; break;
		case KEY_HELP:
			if (cmd)
				command_help(stdout, ui, cmd);
			else
				usage(stdout, ui);
			return 1;
		case '?':
		case ':':
			messages_lang_set(ui);
			if (optopt && key == ':')
				error("option -%c needs a value", optopt);
			else if (optopt)
				error("unknown option -%c", optopt);
			else if (key == ':')
				error("option %s needs a value", argv[optind - 1]);
			else
				error("unknown option %s", argv[optind - 1]);
			fprintf(stderr, "%s\n", tr(ui, "Run `clings --help`, or `clings COMMAND --help`."));
			return EXIT_ERROR;
		default:
			if (key > 0 && key < CMD_MAX_OPTION)
				ctx->opt[key] = optarg ? optarg : "";
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct cmd_ctx ctx = { 0 };
	const char *lang = NULL;
	messages_lang_set(ui_lang(NULL));  /* until --lang is read */
	int rc = parse(argc, argv, NULL, &ctx, &lang);
	if (rc)
		return rc == 1 ? EXIT_DONE : rc;
	const struct cmd_entry *cmd = &cmd_watch_entry;
	const char *shortcut = NULL;
	if (optind < argc) {
		const char *name = argv[optind];
		if (!strcmp(name, "help")) {
			const struct cmd_entry *about = optind + 1 < argc ? find_command(argv[optind + 1]) : NULL;
			if (about)
				command_help(stdout, ui_lang(lang), about);
			else
				usage(stdout, ui_lang(lang));
			return EXIT_DONE;
		}
		cmd = find_command(name);
		messages_lang_set(ui_lang(lang));
		/* no command but maybe an exercise's name: `clings EXERCISE` checks it (decided once
		 * the course is known), the name its operand */
		shortcut = !cmd && exercise_name_valid(name) ? name : NULL;
		if (!cmd && !shortcut) {
			unknown_command(name, lang);
			return EXIT_ERROR;
		}
		if (shortcut)
			cmd = &cmd_check_entry;
		/* getopt_long goes on from the command's first argument (the name itself, for a
		 * shortcut: what comes before it stands where getopt_long skips the program's name) */
		argc -= optind - (shortcut != NULL);
		argv += optind - (shortcut != NULL);
		optind = 0;   /* 0, not 1: glibc starts its scan afresh */
		rc = parse(argc, argv, cmd, &ctx, &lang);
		if (rc)
			return rc == 1 ? EXIT_DONE : rc;
	}
	/* The course: --course, then CLINGS_COURSE (a choice made by name wins over any file found),
	 * then the workspace the current directory is in (clings init: its course, the learner's
	 * files there), then the bundled one. */
	messages_lang_set(ui_lang(lang));
	const char *env = getenv("CLINGS_COURSE");
	if (!ctx.course_dir && env && *env) {
		ctx.course_dir = env;
		char *work = workspace_find();   /* set aside: said, or the learner wonders where it went */
		if (work)
			warning("%s/clings.ini: not used: CLINGS_COURSE names the course (unset it to work on "
				"this workspace's files)", strcmp(work, "/") ? work : "");
		free(work);
	}
	if (!ctx.course_dir && cmd_workspace_open(&ctx, cmd != &cmd_init_entry) < 0)
		return EXIT_ERROR;
	if (!ctx.course_dir && ctx.learner && cmd->learner && cmd_workspace_enter(&ctx) < 0)
		return EXIT_ERROR;
	if (!ctx.course_dir) {
		ctx.course_dir = course_default_dir();
		/* no bundled course: the current folder, which anyone may have put there (/tmp) */
		unsigned long owner = 0;
		const char *bad = strcmp(ctx.course_dir, ".") ? NULL : course_untrusted_part(".", &owner);
		if (bad) {
			error("%s belongs to another user (uid %lu): clings runs no course it cannot trust "
			      "(`--course DIR`, or CLINGS_SAFE_DIRECTORY=DIR, if you do)", bad, owner);
			return EXIT_ERROR;
		}
	}
	ctx.lang = session_lang(lang, ctx.course_dir);
	messages_lang_set(ctx.lang);
	if (shortcut && !course_has_exercise(ctx.course_dir, shortcut)) {
		unknown_command(shortcut, lang);
		return EXIT_ERROR;
	}
	ctx.argc = argc - optind;
	ctx.argv = argv + optind;
	if (ctx.argc < cmd->min_args || ctx.argc > cmd->max_args) {
		if (ctx.argc < cmd->min_args)
			error("%s: too few arguments", cmd->name);
		else
			error("%s: too many arguments", cmd->name);
		synopsis(stderr, ctx.lang, cmd);
		return EXIT_ERROR;
	}
	return cmd->exec(&ctx);
}
