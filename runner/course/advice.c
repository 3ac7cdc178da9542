/*
 * advice.c: texts an instructor writes in several languages (`key`, `key.pt-BR`, ...), and the
 * [advice] section of a check ini, made of them: what an instructor adds to a verdict of this
 * exercise, where the runner's general words cannot know the fix (a histogram's race is fixed
 * by an atomic, not by a barrier):
 *
 *   [advice]
 *   race_needs_atomic = Several work-items add to the same bin at once: use atomic_inc(&counts[v]).
 *   race_needs_atomic.pt-BR = ...
 *   data_race = ...
 *
 * A key is a diagnosis id of the catalogue (diagnosis.c), said when that mistake comes first
 * among the report's diagnoses (proved, or asked: then as the answer to a question, never as a
 * fact), or a verdict, said for that verdict when the first diagnosis has no advice.
 */
#include "course/course.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int lang_texts_add(struct lang_texts *l, const char *key, const char *value, char *err, size_t errlen)
{
	const char *dot = strchr(key, '.'), *lang = dot ? dot + 1 : "";
	int i = 0;
	while (i < LANG_TEXTS_MAX && l->t[i].text && strcmp(l->t[i].lang, lang))
		i++;
	if (i == LANG_TEXTS_MAX || strlen(lang) >= sizeof(l->t[i].lang)) {
		snprintf(err, errlen, "'%s': at most %d languages, with names under %zu characters", key,
			 LANG_TEXTS_MAX, sizeof(l->t[0].lang));
		return -1;
	}
	char *joined = l->t[i].text ? xstrfmt("%s %s", l->t[i].text, value) : xstrdup(value);
	free(l->t[i].text);
	copy_str(l->t[i].lang, sizeof(l->t[i].lang), lang);
	l->t[i].text = joined;
	return 0;
}

const char *lang_texts_get(const struct lang_texts *l, const char *lang)
{
	const char *fallback = NULL;
	for (int i = 0; i < LANG_TEXTS_MAX && l->t[i].text; i++) {
		if (lang && !strcmp(l->t[i].lang, lang))
			return l->t[i].text;
		if (!l->t[i].lang[0])
			fallback = l->t[i].text;
	}
	return fallback;
}

void lang_texts_release(struct lang_texts *l)
{
	for (int i = 0; i < LANG_TEXTS_MAX; i++)
		free(l->t[i].text);
	memset(l, 0, sizeof(*l));
}

int advice_key(struct check_spec *spec, const char *key, const char *value, char *err, size_t errlen)
{
	char name[64];
	size_t n = strcspn(key, ".");
	snprintf(name, sizeof(name), "%.*s", (int)n, key);
	int v = n < sizeof(name) ? verdict_from_name(name) : -1;
	const struct diagnosis *d = v < 0 && n < sizeof(name) ? diagnosis_find(name) : NULL;
	if (!d && (v < 0 || v == VERDICT_PASS || v == VERDICT_ERROR)) {
		snprintf(err, errlen, "[advice]: '%s' is neither a verdict a kernel gets (data_race, "
			 "wrong_result, ...) nor a diagnosis (race_needs_atomic, ...: docs/diagnoses.md)", name);
		return -1;
	}
	struct check_advice *a = NULL;
	for (int i = 0; i < spec->nadvice && !a; i++)
		if (d ? spec->advice[i].diagnosis == d
		      : !spec->advice[i].diagnosis && (int)spec->advice[i].verdict == v)
			a = &spec->advice[i];
	if (!a) {
		if (spec->nadvice == MAX_ADVICE) {
			snprintf(err, errlen, "[advice]: at most %d verdicts and diagnoses", MAX_ADVICE);
			return -1;
		}
		a = &spec->advice[spec->nadvice++];
		memset(a, 0, sizeof(*a));
		a->verdict = d ? VERDICT_ERROR : (enum verdict)v;
		a->diagnosis = d;
	}
	return lang_texts_add(&a->text, key, value, err, errlen);
}

const char *advice_for(const struct check_spec *spec, enum verdict v, const struct diagnosis_found *d,
		       int nd, const char *lang)
{
	/* One voice: the exercise's word on the mistake named first, proved or asked (the caller
	 * says which: advice_answers_question), else on the verdict. */
	for (int i = 0; nd > 0 && i < spec->nadvice; i++)
		if (spec->advice[i].diagnosis == d[0].d)
			return lang_texts_get(&spec->advice[i].text, lang);
	for (int i = 0; i < spec->nadvice; i++)
		if (!spec->advice[i].diagnosis && spec->advice[i].verdict == v)
			return lang_texts_get(&spec->advice[i].text, lang);
	return NULL;
}

bool advice_answers_question(const struct check_spec *spec, const struct diagnosis_found *d, int nd)
{
	for (int i = 0; nd > 0 && !d[0].certain && i < spec->nadvice; i++)
		if (spec->advice[i].diagnosis == d[0].d)
			return true;
	return false;
}

void advice_release(struct check_spec *spec)
{
	for (int i = 0; i < spec->nadvice; i++)
		lang_texts_release(&spec->advice[i].text);
	spec->nadvice = 0;
}
