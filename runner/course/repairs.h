/*
 * repairs.h: the rules a course adds to the repair's error model, read from repairs.ini at its
 * root (repairs.c, whose comment shows the file; docs/authoring.md). The engine's search
 * (engine/repair.h) tries them beside its own.
 */
#ifndef COURSE_REPAIRS_H
#define COURSE_REPAIRS_H

#include "course/course.h"

#define COURSE_RULE_NAME_MAX 32
#define COURSE_RULE_TEXT_MAX 96   /* a repair's edit holds so much (engine/repair.h) */
struct course_rule {
	char name[COURSE_RULE_NAME_MAX];
	char *find, *replace;          /* the rewrite: find's bytes in a kernel become replace */
	struct lang_texts kind, place; /* its words, `kind` and `kind.LANG`: the ladder's rungs */
	int line;                      /* of its [rule NAME] in repairs.ini */
};
struct course_rules {
	struct course_rule *r;
	int n;
	char *path;                    /* repairs.ini; NULL when the course has none */
};
#define COURSE_RULES_INIT { NULL, 0, NULL }
/* Reads DIR/repairs.ini into cr (none: no rules, 0). -1 with "file:line: why" in err when it is
 * not one: a section other than [rule NAME] (NAME of a-z, 0-9, '_'), a rule twice, an unknown
 * key, a rule without find, replace, kind or place, find and replace the same. */
int course_rules_load(const char *dir, struct course_rules *cr, char *err, size_t errlen);
/* A rule's kind (kind true) or place in lang, else its language's family, else the text
 * without a language. */
const char *course_rule_words(const struct course_rule *r, bool kind, const char *lang);
void course_rules_release(struct course_rules *cr);

#endif
