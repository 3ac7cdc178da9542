/*
 * repairs.c: the rules a course adds to the repair's error model (course.h), in repairs.ini at
 * the course's root:
 *
 *   [rule step_doubled]
 *   find = offset += offset
 *   replace = offset *= 2
 *   kind = a step that adds the offset to itself
 *   kind.pt-BR = um passo que soma o deslocamento a si mesmo
 *   place = in the loop's step
 *   place.pt-BR = no passo do laço
 *
 * Each is a rewrite of text: every place where a learner's kernel holds find's bytes is one
 * candidate, that text replaced. The search proves it as it proves its own rules' (engine/repair.c).
 */
#include "course/repairs.h"

#include <ini.h>
#include <stdlib.h>
#include <string.h>

#define REPAIRS_INI "repairs.ini"

struct rules_ctx {
	struct course_rules *cr;
	char err[256];
};

static bool rule_name_valid(const char *s)
{
	size_t n = strlen(s);
	if (!n || n >= COURSE_RULE_NAME_MAX || !(*s >= 'a' && *s <= 'z'))
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
			return false;
	return true;
}

static int rules_handler(void *user, const char *section, const char *key, const char *value)
{
	struct rules_ctx *ctx = user;
	struct course_rules *cr = ctx->cr;
	if (strncmp(section, "rule ", 5) || !rule_name_valid(section + 5)) {
		snprintf(ctx->err, sizeof(ctx->err), "[%s] is no rule (expected [rule NAME], NAME of a-z, 0-9 and '_')",
			 section);
		return 0;
	}
	struct course_rule *r = cr->n ? &cr->r[cr->n - 1] : NULL;
	if (!r || strcmp(r->name, section + 5)) {
		for (int i = 0; i < cr->n; i++)
			if (!strcmp(cr->r[i].name, section + 5)) {
				snprintf(ctx->err, sizeof(ctx->err), "a second [%s]: a rule is written once", section);
				return 0;
			}
		cr->r = xrealloc(cr->r, sizeof(*cr->r) * (size_t)(cr->n + 1));
		r = &cr->r[cr->n++];
		memset(r, 0, sizeof(*r));
		copy_str(r->name, sizeof(r->name), section + 5);
	}
	if (!strcmp(key, "find") || !strcmp(key, "replace")) {
		char **to = !strcmp(key, "find") ? &r->find : &r->replace;
		if (*to)
			snprintf(ctx->err, sizeof(ctx->err), "a second '%s' in [%s]", key, section);
		else if (strlen(value) >= COURSE_RULE_TEXT_MAX)
			snprintf(ctx->err, sizeof(ctx->err), "'%s' longer than %d bytes", key, COURSE_RULE_TEXT_MAX - 1);
		if (*to || strlen(value) >= COURSE_RULE_TEXT_MAX)
			return 0;
		*to = xstrdup(value);
		return 1;
	}
	if (!strncmp(key, "kind", 4) && (!key[4] || key[4] == '.'))
		return lang_texts_add(&r->kind, key, value, ctx->err, sizeof(ctx->err)) < 0 ? 0 : 1;
	if (!strncmp(key, "place", 5) && (!key[5] || key[5] == '.'))
		return lang_texts_add(&r->place, key, value, ctx->err, sizeof(ctx->err)) < 0 ? 0 : 1;
	snprintf(ctx->err, sizeof(ctx->err), "unknown key '%s' in [%s] (find, replace, kind, place)", key, section);
	return 0;
}

/* The line of [rule NAME] in text (inih tells a handler no line), or 1. */
static int section_line(const char *text, const char *name)
{
	int line = 1;
	size_t n = strlen(name);
	for (const char *p = text; *p; p++) {
		const char *q = p;
		while (*q == ' ' || *q == '\t')
			q++;
		if (!strncmp(q, "[rule ", 6) && !strncmp(q + 6, name, n) && q[6 + n] == ']')
			return line;
		p = strchr(p, '\n');
		if (!p)
			break;
		line++;
	}
	return 1;
}

int course_rules_load(const char *dir, struct course_rules *cr, char *err, size_t errlen)
{
	*cr = (struct course_rules)COURSE_RULES_INIT;
	cr->path = xstrfmt("%s/%s", dir, REPAIRS_INI);
	char *text = NULL;
	if (read_file(cr->path, &text, NULL) < 0) {
		free(cr->path);
		cr->path = NULL;
		return 0;   /* no rules of its own */
	}
	struct rules_ctx ctx = { .cr = cr };
	int line = ini_long_line(text);
	if (line > 0)
		snprintf(ctx.err, sizeof(ctx.err), "line too long (%d characters at most)", INI_LINE_MAX);
	else
		line = ini_parse_string(text, rules_handler, &ctx);
	for (int i = 0; i < cr->n; i++)
		cr->r[i].line = section_line(text, cr->r[i].name);
	free(text);
	/* every rule whole: its rewrite and its words */
	for (int i = 0; !line && i < cr->n; i++) {
		const struct course_rule *r = &cr->r[i];
		const char *lack = !r->find || !*r->find ? "find" : !r->replace ? "replace" :
				   !lang_texts_get(&r->kind, NULL) ? "kind" : !lang_texts_get(&r->place, NULL) ? "place" : NULL;
		if (lack)
			snprintf(ctx.err, sizeof(ctx.err), "[rule %s] needs %s", r->name, lack);
		else if (!strcmp(r->find, r->replace))
			snprintf(ctx.err, sizeof(ctx.err), "[rule %s]: find and replace are the same text", r->name);
		if (lack || !strcmp(r->find, r->replace))
			line = r->line;
	}
	if (line) {
		snprintf(err, errlen, "%s:%d: %s", cr->path, line, ctx.err[0] ? ctx.err : "syntax error");
		course_rules_release(cr);
		return -1;
	}
	return 0;
}

const char *course_rule_words(const struct course_rule *r, bool kind, const char *lang)
{
	const struct lang_texts *t = kind ? &r->kind : &r->place;
	const char *s = lang ? lang_texts_get(t, lang) : NULL;
	if (!s && lang && strchr(lang, '-')) {   /* pt for pt-BR */
		char family[16];
		snprintf(family, sizeof(family), "%.*s", (int)(strchr(lang, '-') - lang), lang);
		s = lang_texts_get(t, family);
	}
	return s ? s : lang_texts_get(t, NULL);
}

void course_rules_release(struct course_rules *cr)
{
	for (int i = 0; i < cr->n; i++) {
		free(cr->r[i].find);
		free(cr->r[i].replace);
		lang_texts_release(&cr->r[i].kind);
		lang_texts_release(&cr->r[i].place);
	}
	free(cr->r);
	free(cr->path);
	*cr = (struct course_rules)COURSE_RULES_INIT;
}
