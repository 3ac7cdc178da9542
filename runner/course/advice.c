/*
 * advice.c: the [advice] section of a check ini: what an instructor adds to a verdict of this
 * exercise, where the runner's general words cannot know the fix (a histogram's race is fixed
 * by an atomic, not by a barrier):
 *
 *   [advice]
 *   data_race = Several work-items add to the same bin at once: use atomic_inc(&counts[v]).
 *   data_race.pt-BR = ...
 *
 * A key is a verdict's name, with a language after a dot for another language.
 */
#include "course/course.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int advice_key(struct check_spec *spec, const char *key, const char *value, char *err, size_t errlen)
{
	char name[32];
	const char *dot = strchr(key, '.');
	size_t n = dot ? (size_t)(dot - key) : strlen(key);
	snprintf(name, sizeof(name), "%.*s", (int)n, key);
	int v = n < sizeof(name) ? verdict_from_name(name) : -1;
	const char *lang = dot ? dot + 1 : "";
	if (v < 0 || v == VERDICT_PASS || v == VERDICT_ERROR) {
		snprintf(err, errlen, "[advice]: '%s' is not a verdict a kernel gets (data_race, "
			 "wrong_result, out_of_bounds, ...)", name);
		return -1;
	}
	struct check_advice *a = NULL;
	for (int i = 0; i < spec->nadvice && !a; i++)
		if ((int)spec->advice[i].verdict == v && !strcmp(spec->advice[i].lang, lang))
			a = &spec->advice[i];
	if (!a) {
		if (spec->nadvice == MAX_ADVICE || strlen(lang) >= sizeof(a->lang)) {
			snprintf(err, errlen, "[advice]: at most %d entries, and a language name of at most "
				 "15 characters", MAX_ADVICE);
			return -1;
		}
		a = &spec->advice[spec->nadvice++];
		memset(a, 0, sizeof(*a));
		a->verdict = (enum verdict)v;
		copy_str(a->lang, sizeof(a->lang), lang);
	}
	/* indented continuation lines arrive as the same key again: join them */
	char *joined = a->text ? xstrfmt("%s %s", a->text, value) : xstrdup(value);
	free(a->text);
	a->text = joined;
	return 0;
}

const char *advice_for(const struct check_spec *spec, enum verdict v, const char *lang)
{
	const char *fallback = NULL;
	for (int i = 0; i < spec->nadvice; i++) {
		const struct check_advice *a = &spec->advice[i];
		if (a->verdict != v)
			continue;
		if (lang && !strcmp(a->lang, lang))
			return a->text;
		if (!a->lang[0])
			fallback = a->text;
	}
	return fallback;
}

void advice_release(struct check_spec *spec)
{
	for (int i = 0; i < spec->nadvice; i++)
		free(spec->advice[i].text);
	spec->nadvice = 0;
}
