/* lang.c: the language in use: chosen from the flag, the environment or the locale, and
 * numbers written with its decimal separator. */
#include "base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *messages_language = "en";

void messages_lang_set(const char *lang)
{
	messages_language = lang ? lang : "en";
}

const char *messages_lang(void)
{
	return messages_language;
}

const char *lang_choose(const char *flag)
{
	const char *v = flag && *flag ? flag : getenv("CLINGS_LANG");
	if (v && *v)
		return v;   /* asked for by name: the caller finds out whether anything speaks it */
	v = getenv("LC_ALL");
	if (!v || !*v)
		v = getenv("LANG");
	/* a locale, "ll_CC.encoding@variant": its language as "ll-CC" */
	static char from_locale[LANG_NAME_MAX];
	size_t n = v ? strcspn(v, ".@") : 0;
	if (!n || n >= sizeof(from_locale) || !strcmp(v, "C") || !strncmp(v, "POSIX", 5))
		return "en";
	memcpy(from_locale, v, n);
	from_locale[n] = '\0';
	for (char *p = from_locale; *p; p++)
		if (*p == '_')
			*p = '-';
	return from_locale;
}

bool lang_same_family(const char *a, const char *b)
{
	size_t na = strcspn(a, "-_"), nb = strcspn(b, "-_");
	return na == nb && !strncmp(a, b, na);
}

const char *number_in(const char *lang, double v, int decimals, char buf[32])
{
	snprintf(buf, 32, "%.*f", decimals, v);
	/* TRANSLATORS: the decimal separator of your language, as in "0,13 s" */
	const char *sep = tr_ctx(lang, "decimal separator", ".");
	char *dot = strchr(buf, '.');
	if (dot && *sep && sep[1] == '\0')
		*dot = *sep;
	return buf;
}
