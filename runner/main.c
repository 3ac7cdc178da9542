/* main.c: global options and the command table; every command lives in its own cmd-*.c. */
#include "clings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Course order of the table is the order of `clings help`. */
static const struct cmd_entry *const commands[] = {
	&cmd_watch_entry,
	&cmd_list_entry,
	&cmd_check_entry,
	&cmd_lesson_entry,
	&cmd_hint_entry,
	&cmd_reset_entry,
	&cmd_devices_entry,
	&cmd_validate_entry,
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	fprintf(f, "usage: clings [--course DIR] [--lang en|pt-BR] [--device SPEC] [COMMAND [ARGS]]\n\n"
		   "With no command, clings opens the current exercise and checks it on every save.\n\n"
		   "commands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-9s %s\n", commands[i]->name, commands[i]->usage);
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

int main(int argc, char **argv)
{
	struct cmd_ctx ctx = { NULL, NULL, NULL };
	const char *lang = NULL;
	int i = 1;
	messages_lang_set(lang_choose(NULL));  /* until --lang is read */
	for (; i < argc && argv[i][0] == '-'; i++) {
		const char *v;
		if ((v = option_value(argc, argv, &i, "--course")))
			ctx.course_dir = v;
		else if ((v = option_value(argc, argv, &i, "--lang")))
			lang = v;
		else if ((v = option_value(argc, argv, &i, "--device")))
			ctx.device = v;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (!ctx.course_dir)
		ctx.course_dir = course_default_dir();
	ctx.lang = lang_choose(lang);
	messages_lang_set(ctx.lang);

	if (i >= argc) {
		return cmd_watch_entry.exec(&ctx, 1, (char *[]){ "watch", NULL });
	}
	if (!strcmp(argv[i], "help")) {
		usage(stdout);
		return 0;
	}
	const struct cmd_entry *cmd = find_command(argv[i]);
	if (!cmd) {
		error("unknown or ambiguous command '%s'", argv[i]);
		usage(stderr);
		return 2;
	}
	return cmd->exec(&ctx, argc - i, argv + i);
}
