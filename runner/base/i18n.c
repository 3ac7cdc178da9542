/*
 * i18n.c: the runner's own words in the learner's language, from GNU gettext catalogs.
 *
 * Translators edit po/LANG.po (Poedit and Weblate read it); the build compiles it with msgfmt
 * into a .mo and embeds that in the program (scripts/mo2c), so `--lang pt-BR` works on any
 * machine, with no locale installed (glibc's gettext ignores LANGUAGE under C and C.UTF-8).
 * The English text is the key, as with gettext itself: a call site reads as the English it
 * prints, tr(lang, "Test %s: %s"), and `make check` fails when an English message has no entry
 * in the catalog (scripts/check-catalog).
 *
 * A .mo file is a header, a table of (length, offset) of the original strings sorted by their
 * bytes, and a table of the translations in the same order; a string with a context is
 * "CONTEXT\004MSGID", one with plural forms "SINGULAR\0PLURAL" -> "FORM0\0FORM1...".
 */
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

/* The catalogs built in: build/catalog.c, made from po/ (see the Makefile). */
struct catalog_blob {
	const char *lang;                 /* "pt-BR" */
	const unsigned char *mo;
	size_t len;
};
extern const struct catalog_blob clings_catalogs[];

#define MO_MAGIC 0x950412deu

struct catalog {
	const unsigned char *mo;
	size_t len;
	uint32_t n, orig, trans;
	const char *plural;               /* the Plural-Forms expression, or NULL */
	int nplurals;
};

static uint32_t u32(const struct catalog *c, size_t at)
{
	uint32_t v;
	if (at + 4 > c->len)
		return 0;
	memcpy(&v, c->mo + at, 4);
	return v;
}

/* The string of entry i of a table, or NULL when the file is damaged. */
static const char *entry(const struct catalog *c, uint32_t table, uint32_t i, uint32_t *len)
{
	uint32_t l = u32(c, table + 8 * (size_t)i), off = u32(c, table + 8 * (size_t)i + 4);
	if ((size_t)off + l >= c->len || c->mo[off + l] != '\0')
		return NULL;
	if (len)
		*len = l;
	return (const char *)c->mo + off;
}

static const char *lookup(const struct catalog *c, const char *key, uint32_t *len)
{
	uint32_t lo = 0, hi = c->n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		const char *s = entry(c, c->orig, mid, NULL);
		if (!s)
			return NULL;
		int d = strcmp(key, s);
		if (!d) {
			const char *t = entry(c, c->trans, mid, len);
			return t && *t ? t : NULL;   /* an empty translation is no translation */
		}
		if (d < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* ---- the plural rule of a catalog: C's expressions over n (gettext's Plural-Forms) ---- */

struct plural_parse {
	const char *p;
	unsigned long n;
	bool bad;
};

static unsigned long plural_ternary(struct plural_parse *pp);

static void skip_space(struct plural_parse *pp)
{
	while (*pp->p == ' ' || *pp->p == '\t')
		pp->p++;
}

static unsigned long plural_primary(struct plural_parse *pp)
{
	skip_space(pp);
	if (*pp->p == '(') {
		pp->p++;
		unsigned long v = plural_ternary(pp);
		skip_space(pp);
		if (*pp->p++ != ')')
			pp->bad = true;
		return v;
	}
	if (*pp->p == '!') {
		pp->p++;
		return !plural_primary(pp);
	}
	if (*pp->p == 'n') {
		pp->p++;
		return pp->n;
	}
	if (*pp->p >= '0' && *pp->p <= '9')
		return strtoul(pp->p, (char **)&pp->p, 10);
	pp->bad = true;
	return 0;
}

/* Binary operators, loosest first; each level's operators are tried longest first. */
static const char *const levels[][4] = {
	{ "||" }, { "&&" }, { "==", "!=" }, { "<=", ">=", "<", ">" }, { "+", "-" }, { "*", "/", "%" },
};
#define NLEVELS ((int)(sizeof(levels) / sizeof(levels[0])))

static unsigned long apply(const char *op, unsigned long a, unsigned long b, bool *bad)
{
	switch (op[0]) {
	case '|': return a || b;
	case '&': return a && b;
	case '=': return a == b;
	case '!': return a != b;
	case '<': return op[1] ? a <= b : a < b;
	case '>': return op[1] ? a >= b : a > b;
	case '+': return a + b;
	case '-': return a - b;
	case '*': return a * b;
	default:
		if (!b) {
			*bad = true;
			return 0;
		}
		return op[0] == '/' ? a / b : a % b;
	}
}

static unsigned long plural_level(struct plural_parse *pp, int level)
{
	if (level == NLEVELS)
		return plural_primary(pp);
	unsigned long v = plural_level(pp, level + 1);
	for (;;) {
		skip_space(pp);
		const char *op = NULL;
		for (int k = 0; k < 4 && levels[level][k] && !op; k++)
			if (!strncmp(pp->p, levels[level][k], strlen(levels[level][k])))
				op = levels[level][k];
		if (!op || pp->bad)
			return v;
		pp->p += strlen(op);
		v = apply(op, v, plural_level(pp, level + 1), &pp->bad);
	}
}

static unsigned long plural_ternary(struct plural_parse *pp)
{
	unsigned long c = plural_level(pp, 0);
	skip_space(pp);
	if (*pp->p != '?')
		return c;
	pp->p++;
	unsigned long a = plural_ternary(pp);
	skip_space(pp);
	if (*pp->p++ != ':')
		pp->bad = true;
	unsigned long b = plural_ternary(pp);
	return c ? a : b;
}

/* Which plural form n takes: the catalog's rule, else English's (one, other). */
static int plural_form(const struct catalog *c, unsigned long n)
{
	if (c && c->plural) {
		struct plural_parse pp = { c->plural, n, false };
		unsigned long k = plural_ternary(&pp);
		if (!pp.bad && (int)k < c->nplurals)
			return (int)k;
	}
	return n != 1;
}

/* ---- the catalogs ---- */

static const struct catalog *catalog_for(const char *lang)
{
	static struct catalog loaded[4];
	static const char *names[4];
	if (!lang || !strcmp(lang, "en"))
		return NULL;
	for (int i = 0; i < 4 && names[i]; i++)
		if (!strcmp(names[i], lang))
			return loaded[i].mo ? &loaded[i] : NULL;
	int slot = 0;
	while (slot < 3 && names[slot])
		slot++;
	names[slot] = lang;
	struct catalog *c = &loaded[slot];
	for (const struct catalog_blob *b = clings_catalogs; b->lang; b++) {
		if (strcmp(b->lang, lang))
			continue;
		struct catalog t = { b->mo, b->len, 0, 0, 0, NULL, 2 };
		if (u32(&t, 0) != MO_MAGIC)
			break;
		t.n = u32(&t, 8);
		t.orig = u32(&t, 12);
		t.trans = u32(&t, 16);
		*c = t;
		/* the header is the translation of "": its Plural-Forms line */
		const char *h = lookup(c, "", NULL);
		const char *pf = h ? strstr(h, "Plural-Forms:") : NULL;
		if (pf) {
			const char *np = strstr(pf, "nplurals=");
			const char *pl = strstr(pf, "plural=");
			if (np && pl) {
				c->nplurals = atoi(np + 9);
				c->plural = pl + 7;
			}
		}
		return c;
	}
	return NULL;
}

const char *lang_catalog_match(const char *lang)
{
	if (lang_same_family(lang, "en"))
		return "en";
	for (const struct catalog_blob *b = clings_catalogs; b->lang; b++)
		if (!strcmp(b->lang, lang))
			return b->lang;
	for (const struct catalog_blob *b = clings_catalogs; b->lang; b++)
		if (lang_same_family(b->lang, lang))
			return b->lang;
	return NULL;
}

const char *tr(const char *lang, const char *english)
{
	const struct catalog *c = catalog_for(lang);
	const char *t = c ? lookup(c, english, NULL) : NULL;
	return t ? t : english;
}

const char *tr_ctx(const char *lang, const char *context, const char *english)
{
	const struct catalog *c = catalog_for(lang);
	if (!c)
		return english;
	char *key = xstrfmt("%s\004%s", context, english);
	const char *t = lookup(c, key, NULL);
	free(key);
	return t ? t : english;
}

const char *trn(const char *lang, const char *singular, const char *plural, unsigned long n)
{
	const struct catalog *c = catalog_for(lang);
	uint32_t len;
	const char *t = c ? lookup(c, singular, &len) : NULL;
	if (!t)
		return n == 1 ? singular : plural;
	/* the forms follow each other, each ending in a NUL */
	int k = plural_form(c, n);
	const char *form = t, *end = t + len;
	for (int i = 0; i < k && form < end; i++)
		form += strlen(form) + 1;
	return form < end ? form : t;
}
