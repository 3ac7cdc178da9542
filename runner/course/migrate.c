/*
 * migrate.c: `clings validate --migrate`: a course of the previous format rewritten to today's
 * (migrate.h says what changes). Each rewrite is a function from a file's text to its new text,
 * on lines; the driver reads the files, asks the engine for what only a check can tell (the
 * mistake a wrong kernel's check names first), shows the diff and, with --write, keeps a backup
 * of each file before it writes the new text over it.
 */
#include "course/migrate.h"
#include "course/lessons.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* A text as lines, without their '\n'; final: whether the last one ended with one. */
struct lines {
	char **l;
	int n;
	bool final;
};
#define LINES_INIT { NULL, 0, true }

static void lines_push(struct lines *ls, int at, char *line)
{
	ls->l = xrealloc(ls->l, sizeof(*ls->l) * (size_t)(ls->n + 1));
	memmove(ls->l + at + 1, ls->l + at, sizeof(*ls->l) * (size_t)(ls->n - at));
	ls->l[at] = line;
	ls->n++;
}

static void lines_split(struct lines *ls, const char *text)
{
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		lines_push(ls, ls->n, xstrfmt("%.*s", (int)n, p));
		ls->final = nl != NULL;
		p += n + (nl != NULL);
	}
}

static char *lines_join(const struct lines *ls)
{
	struct sbuf sb = SBUF_INIT;
	for (int i = 0; i < ls->n; i++)
		sbuf_addf(&sb, "%s%s", ls->l[i], i < ls->n - 1 || ls->final ? "\n" : "");
	return sbuf_detach(&sb);
}

static void lines_remove(struct lines *ls, int from, int to)
{
	for (int i = from; i < to; i++)
		free(ls->l[i]);
	memmove(ls->l + from, ls->l + to, sizeof(*ls->l) * (size_t)(ls->n - to));
	ls->n -= to - from;
}

static void lines_release(struct lines *ls)
{
	lines_remove(ls, 0, ls->n);
	free(ls->l);
	*ls = (struct lines)LINES_INIT;
}

/* The new text when ls differs from text, else NULL; releases ls. */
static char *changed(struct lines *ls, const char *text)
{
	char *out = lines_join(ls);
	lines_release(ls);
	if (!strcmp(out, text)) {
		free(out);
		return NULL;
	}
	return out;
}

/* ---- the unified diff ---- */

struct edit {
	char op;   /* ' ', '-', '+' */
	int a, b;  /* the line of the old text, of the new one (0-based) */
};

/* The edit script from a to b by their longest common subsequence (a course's files are a few
 * hundred lines: n * m cells are cheap); past that, the whole file replaced. */
static struct edit *edit_script(const struct lines *a, const struct lines *b, int *nops)
{
	size_t w = (size_t)b->n + 1;
	bool small = (size_t)(a->n + 1) * w <= 4u << 20;
	int *lcs = small ? xcalloc((size_t)(a->n + 1) * w, sizeof(int)) : NULL;
	for (int i = a->n - 1; small && i >= 0; i--)
		for (int j = b->n - 1; j >= 0; j--)
			lcs[i * w + j] = !strcmp(a->l[i], b->l[j]) ? lcs[(i + 1) * w + j + 1] + 1 :
					 lcs[(i + 1) * w + j] > lcs[i * w + j + 1] ? lcs[(i + 1) * w + j] :
					 lcs[i * w + j + 1];
	struct edit *ops = xmalloc(sizeof(*ops) * (size_t)(a->n + b->n + 1));
	int n = 0, i = 0, j = 0;
	while (i < a->n || j < b->n) {
		if (small && i < a->n && j < b->n && !strcmp(a->l[i], b->l[j]) &&
		    lcs[i * w + j] == lcs[(i + 1) * w + j + 1] + 1)
			ops[n++] = (struct edit){ ' ', i++, j++ };
		else if (i < a->n && (j == b->n || !small || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]))
			ops[n++] = (struct edit){ '-', i++, j };
		else
			ops[n++] = (struct edit){ '+', i, j++ };
	}
	free(lcs);
	*nops = n;
	return ops;
}

#define DIFF_CONTEXT 3

void migrate_print_diff(FILE *f, const char *name, const char *old, const char *new)
{
	struct lines a = LINES_INIT, b = LINES_INIT;
	lines_split(&a, old);
	lines_split(&b, new);
	int n;
	struct edit *ops = edit_script(&a, &b, &n);
	fprintf(f, "--- a/%s\n+++ b/%s\n", name, name);
	for (int k = 0; k < n;) {
		if (ops[k].op == ' ') {
			k++;
			continue;
		}
		/* a hunk: from DIFF_CONTEXT before this change to DIFF_CONTEXT after the last change
		 * that is no further than 2 * DIFF_CONTEXT kept lines from the one before */
		int start = k - DIFF_CONTEXT < 0 ? 0 : k - DIFF_CONTEXT, end = k, kept = 0;
		for (int q = k; q < n && kept <= 2 * DIFF_CONTEXT; q++) {
			kept = ops[q].op == ' ' ? kept + 1 : 0;
			if (!kept)
				end = q;
		}
		end = end + DIFF_CONTEXT >= n ? n - 1 : end + DIFF_CONTEXT;
		int la = 0, lb = 0;
		for (int q = start; q <= end; q++) {
			la += ops[q].op != '+';
			lb += ops[q].op != '-';
		}
		fprintf(f, "@@ -%d,%d +%d,%d @@\n", ops[start].a + (la > 0), la, ops[start].b + (lb > 0), lb);
		for (int q = start; q <= end; q++)
			fprintf(f, "%c%s\n", ops[q].op, ops[q].op == '+' ? b.l[ops[q].b] : a.l[ops[q].a]);
		k = end + 1;
	}
	free(ops);
	lines_release(&a);
	lines_release(&b);
}

/* ---- wrong kernels ---- */

#define EXPECT_PREFIX "// expect: "
#define DIAGNOSIS_PREFIX "// diagnosis: "
#define FIX_PREFIX "// fix: "
#define MESSAGE_PREFIX "// message: "

struct expect_line {
	int at;          /* 0-based index of the `// expect:` line */
	char verdict[32];
	int line;        /* its `line N`, 1-based; 0: none or a marker */
	size_t num_at, num_len;   /* where N is in the line */
	char marker[40];
};

/* Whether text holds the marker comment "// @name" (a whole name). */
static bool has_marker(const struct lines *ls, const char *name)
{
	char *m = xstrfmt("// @%s", name);
	size_t n = strlen(m);
	bool found = false;
	for (int i = 0; i < ls->n && !found; i++)
		for (const char *p = strstr(ls->l[i], m); p && !found; p = strstr(p + 1, m))
			found = !isalnum((unsigned char)p[n]) && p[n] != '_';
	free(m);
	return found;
}

/* A marker for x's line: the one another expectation of that line took, else its verdict's
 * name, numbered from 2 when the kernel has that name already. */
static void choose_marker(const struct lines *ls, struct expect_line *x, const struct expect_line *all, int nx)
{
	for (int i = 0; i < nx; i++)
		if (&all[i] != x && all[i].line == x->line && all[i].marker[0]) {
			copy_str(x->marker, sizeof(x->marker), all[i].marker);
			return;
		}
	for (int k = 1;; k++) {
		char name[40];
		if (k == 1)
			copy_str(name, sizeof(name), x->verdict);
		else
			snprintf(name, sizeof(name), "%s_%d", x->verdict, k);
		bool taken = has_marker(ls, name);
		for (int i = 0; i < nx && !taken; i++)
			taken = !strcmp(all[i].marker, name);
		if (!taken) {
			copy_str(x->marker, sizeof(x->marker), name);
			return;
		}
	}
}

/* The leading `// expect:` lines of ls (expect lines come first, one after another). */
static int read_expects(const struct lines *ls, struct expect_line *x, int max)
{
	int n = 0;
	for (int i = 0; i < ls->n && n < max && !strncmp(ls->l[i], EXPECT_PREFIX, strlen(EXPECT_PREFIX)); i++) {
		const char *t = ls->l[i] + strlen(EXPECT_PREFIX);
		size_t v = strspn(t, "abcdefghijklmnopqrstuvwxyz_");
		x[n] = (struct expect_line){ .at = i };
		snprintf(x[n].verdict, sizeof(x[n].verdict), "%.*s", (int)(v < sizeof(x[n].verdict) ? v : 0), t);
		const char *p = t + v + strspn(t + v, " \t");
		if (!strncmp(p, "line", 4) && (p[4] == ' ' || p[4] == '\t')) {
			const char *d = p + 4 + strspn(p + 4, " \t");
			size_t dl = strspn(d, "0123456789");
			if (dl && dl < 9) {
				x[n].line = atoi(d);
				x[n].num_at = (size_t)(d - ls->l[i]);
				x[n].num_len = dl;
			}
		}
		n++;
	}
	return n;
}

/* Marks the line of each `line N` expectation; the number of problems (printed). */
static int mark_lines(const char *path, struct lines *ls, struct expect_line *x, int nx)
{
	int lead = 0, bad = 0;
	while (lead < ls->n && !strncmp(ls->l[lead], "//", 2))
		lead++;
	for (int i = 0; i < nx; i++) {
		if (!x[i].line)
			continue;
		const char *target = x[i].line <= ls->n ? ls->l[x[i].line - 1] : NULL;
		size_t tl = target ? strlen(target) : 0;
		if (!target)
			bad += error(N_("%s:%d: line %d is past the end of the kernel (%d lines): no line to mark"),
				     path, x[i].at + 1, x[i].line, ls->n) < 0;
		else if (x[i].line <= lead)
			bad += error(N_("%s:%d: line %d is in the kernel's leading comment: mark the line "
					"this expectation means by hand"), path, x[i].at + 1, x[i].line) < 0;
		else if (tl && target[tl - 1] == '\\')
			bad += error(N_("%s:%d: line %d goes on with a backslash, where a comment would end "
					"the macro: mark the line by hand"), path, x[i].at + 1, x[i].line) < 0;
		else
			choose_marker(ls, &x[i], x, nx);
	}
	if (bad)
		return bad;
	for (int i = 0; i < nx; i++) {
		if (!x[i].line)
			continue;
		char **t = &ls->l[x[i].line - 1];
		if (!has_marker(ls, x[i].marker)) {
			/* after the code, its trailing blanks dropped; a CRLF line keeps its CR last */
			size_t all = strlen(*t), len = all;
			while (len && ((*t)[len - 1] == ' ' || (*t)[len - 1] == '\t' || (*t)[len - 1] == '\r'))
				len--;
			bool cr = all && (*t)[all - 1] == '\r';
			char *marked = xstrfmt("%.*s%s// @%s%s", (int)len, *t, len ? " " : "", x[i].marker, cr ? "\r" : "");
			free(*t);
			*t = marked;
		}
		char **e = &ls->l[x[i].at];
		char *rewritten = xstrfmt("%.*s@%s%s", (int)x[i].num_at, *e, x[i].marker, *e + x[i].num_at + x[i].num_len);
		free(*e);
		*e = rewritten;
	}
	return 0;
}

/* A `// fix: RULES @N` line's N moved down by one where N is past line `after` (1-based). */
static void shift_fix(struct lines *ls, int after)
{
	for (int i = 0; i < ls->n; i++) {
		if (strncmp(ls->l[i], FIX_PREFIX, strlen(FIX_PREFIX)))
			continue;
		char *at = strrchr(ls->l[i], '@');
		int n = at ? atoi(at + 1) : 0;
		if (n <= after || at[1 + strspn(at + 1, "0123456789")])
			continue;
		char *moved = xstrfmt("%.*s@%d", (int)(at - ls->l[i]), ls->l[i], n + 1);
		free(ls->l[i]);
		ls->l[i] = moved;
	}
}

/* The `line N` a `// message:` text names, N moved down by one where it is past line after:
 * the message says the line of the kernel, which the inserted line moved. */
static void shift_messages(struct lines *ls, int after)
{
	for (int i = 0; i < ls->n && !strncmp(ls->l[i], "//", 2); i++) {
		if (strncmp(ls->l[i], MESSAGE_PREFIX, strlen(MESSAGE_PREFIX)))
			continue;
		struct sbuf sb = SBUF_INIT;
		const char *p = ls->l[i];
		for (const char *q; (q = strstr(p, "line "));) {
			char *end = (char *)q + 5;
			long n = isdigit((unsigned char)q[5]) ? strtol(q + 5, &end, 10) : 0;
			if (n)
				sbuf_addf(&sb, "%.*sline %ld", (int)(q - p), p, n > after ? n + 1 : n);
			else
				sbuf_add(&sb, p, (size_t)(end - p));
			p = end;
		}
		sbuf_adds(&sb, p);
		free(ls->l[i]);
		ls->l[i] = sbuf_detach(&sb);
	}
}

char *migrate_kernel_text(const char *path, const char *text, const char *diagnosis, int *bad)
{
	struct lines ls = LINES_INIT;
	lines_split(&ls, text);
	struct expect_line x[16];
	int nx = read_expects(&ls, x, 16);
	bool diagnosed = false, passes = nx > 0;
	for (int i = 0; i < ls.n && !strncmp(ls.l[i], "//", 2); i++)
		diagnosed = diagnosed || !strncmp(ls.l[i], DIAGNOSIS_PREFIX, strlen(DIAGNOSIS_PREFIX));
	for (int i = 0; i < nx; i++)
		passes = passes && !strcmp(x[i].verdict, "pass");
	/* a `line N` stays right until a line is inserted above it: then it is marked, not renumbered */
	bool insert = nx && !diagnosed;
	*bad = insert ? mark_lines(path, &ls, x, nx) : 0;
	if (!*bad && insert && !passes && !(diagnosis && *diagnosis))
		*bad = error(N_("%s:%d: no // diagnosis: line, and no mistake to name in it: write it by "
				"hand (docs/diagnoses.md)"), path, x[nx - 1].at + 2) < 0;
	if (*bad) {
		lines_release(&ls);
		return NULL;
	}
	if (insert) {
		lines_push(&ls, x[nx - 1].at + 1, xstrfmt(DIAGNOSIS_PREFIX "%s", passes ? "none" : diagnosis));
		shift_fix(&ls, x[nx - 1].at + 1);
		shift_messages(&ls, x[nx - 1].at + 1);
	}
	return changed(&ls, text);
}

/* Whether the kernel at text has expectations and no `// diagnosis:` line, and fails: the
 * first failing expectation's index into x (read_expects), else -1. */
static int needs_diagnosis(const char *text)
{
	struct lines ls = LINES_INIT;
	lines_split(&ls, text);
	struct expect_line x[16];
	int nx = read_expects(&ls, x, 16), first = -1;
	bool diagnosed = false;
	for (int i = 0; i < ls.n && !strncmp(ls.l[i], "//", 2); i++)
		diagnosed = diagnosed || !strncmp(ls.l[i], DIAGNOSIS_PREFIX, strlen(DIAGNOSIS_PREFIX));
	for (int i = 0; i < nx && first < 0 && !diagnosed; i++)
		if (strcmp(x[i].verdict, "pass"))
			first = i;
	lines_release(&ls);
	return first;
}

/* ---- lessons ---- */

static bool is_check_heading(const char *t, size_t n, const char *lang)
{
	const char *mine = tr(lang, lesson_check_title);
	return (strlen(lesson_check_title) == n && !strncasecmp(t, lesson_check_title, n)) ||
	       (strlen(mine) == n && !strncasecmp(t, mine, n));
}

/* Whether a line holds only the marker. */
static bool is_marker_line(const char *l)
{
	l += strspn(l, " \t");
	size_t n = strlen(LESSON_CHECK_MARKER);
	return !strncmp(l, LESSON_CHECK_MARKER, n) && !l[n + strspn(l + n, " \t\r")];
}

/* Whether a line of ls outside code blocks is the marker. */
static bool has_check_marker(const struct lines *ls)
{
	char code = 0;
	for (int i = 0; i < ls->n; i++) {
		char f = lesson_fence(ls->l[i]);
		if (code)
			code = f == code ? 0 : code;
		else if (f)
			code = f;
		else if (is_marker_line(ls->l[i]))
			return true;
	}
	return false;
}

/* The first hand-written section of ls: its heading's index, its end (the next heading of its
 * level or above, or the end) in *end; -1 when none. */
static int find_section(const struct lines *ls, const char *lang, int *end)
{
	char code = 0;
	int start = -1, level = 0;
	for (int i = 0; i < ls->n; i++) {
		size_t tn = 0;
		int h = 0;
		const char *t = code ? NULL : lesson_heading(ls->l[i], strlen(ls->l[i]), &tn, &h);
		if (!t)
			h = 0;
		char f = lesson_fence(ls->l[i]);
		if (code) {
			code = f == code ? 0 : code;
		} else if (f) {
			code = f;
		} else if (h && start >= 0 && h <= level) {
			*end = i;
			return start;
		} else if (h && start < 0 && is_check_heading(t, tn, lang)) {
			start = i;
			level = h;
		}
	}
	*end = ls->n;
	return start;
}

char *migrate_lesson_text(const char *path, const char *text, const char *lang, int *bad)
{
	(void)path;
	*bad = 0;
	struct lines ls = LINES_INIT;
	lines_split(&ls, text);
	bool marker = has_check_marker(&ls);
	for (int end, start; (start = find_section(&ls, lang, &end)) >= 0;) {
		lines_remove(&ls, start, end);
		if (marker)
			continue;   /* the lesson has its {{check}} already: the section goes */
		marker = true;
		if (start < ls.n)
			lines_push(&ls, start, xstrdup(""));
		lines_push(&ls, start, xstrdup(LESSON_CHECK_MARKER));
	}
	return changed(&ls, text);
}

/* ---- check files ---- */

/* The properties of an [access] rule, whose whys are PROPERTY.why. */
static const char *const props[] = { "load", "store", "conflicts", "shared", "loads_per_item",
				     "loads_per_madd" };
#define NPROPS (int)(sizeof(props) / sizeof(props[0]))

/* A key line's key (trimmed) into key; false for a comment, a section, a continuation or a
 * blank line. value: where its value starts. */
static bool key_line(const char *l, char *key, size_t cap, const char **value)
{
	if (!*l || strchr(" \t;#[\r", *l) || !strchr(l, '='))
		return false;
	size_t n = (size_t)(strchr(l, '=') - l);
	while (n && (l[n - 1] == ' ' || l[n - 1] == '\t'))
		n--;
	snprintf(key, cap, "%.*s", (int)(n < cap ? n : 0), l);
	*value = strchr(l, '=') + 1 + strspn(strchr(l, '=') + 1, " \t");
	return true;
}

static int prop_index(const char *key)
{
	for (int p = 0; p < NPROPS; p++)
		if (!strcmp(key, props[p]))
			return p;
	return -1;
}

/* An [access NAME] section's name into name; false for another line. -1 for a broken header. */
static int access_header(const char *l, char *name, size_t cap)
{
	if (*l != '[')
		return 0;
	const char *close = strchr(l, ']');
	if (!close)
		return -1;
	if (strncmp(l, "[access", 7) || (l[7] != ' ' && l[7] != '\t'))
		return 0;
	const char *s = l + 8 + strspn(l + 8, " \t");
	size_t n = (size_t)(close - s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	snprintf(name, cap, "%.*s", (int)(n < cap ? n : 0), s);
	return 1;
}

/* The [access] rules of a check: each name's properties over all its sections (bit p of req). */
struct rules_seen {
	char name[16][64];
	unsigned req[16];
	int n;
};

/* The rules of ls into seen; the number of problems (printed). */
static int gather_rules(const char *path, const struct lines *ls, struct rules_seen *seen)
{
	int bad = 0;
	int cur = -1;
	for (int i = 0; i < ls->n; i++) {
		char name[64], key[64];
		const char *value;
		int h = access_header(ls->l[i], name, sizeof(name));
		if (h < 0) {
			bad += error(N_("%s:%d: a section's name has no closing ']'"), path, i + 1) < 0;
		} else if (h > 0) {
			for (cur = 0; cur < seen->n && strcmp(seen->name[cur], name); cur++)
				;
			if (cur == seen->n && seen->n < 16)
				copy_str(seen->name[seen->n++], sizeof(seen->name[0]), name);
			cur = cur < seen->n ? cur : -1;
		} else if (ls->l[i][0] == '[') {
			cur = -1;
		} else if (cur >= 0 && key_line(ls->l[i], key, sizeof(key), &value) && prop_index(key) >= 0) {
			bool no = !strcmp(key, "shared") && (!strncasecmp(value, "no", 2) ||
							   !strncasecmp(value, "false", 5) || *value == '0');
			seen->req[cur] |= no ? 0u : 1u << prop_index(key);
		}
	}
	return bad;
}

/* The index into seen of the rule whose section line i opens, -2 for another section, -1 for
 * no section line. */
static int section_at(const struct lines *ls, int i, const struct rules_seen *seen)
{
	char name[64];
	if (access_header(ls->l[i], name, sizeof(name)) <= 0)
		return ls->l[i][0] == '[' ? -2 : -1;
	for (int r = 0; r < seen->n; r++)
		if (!strcmp(seen->name[r], name))
			return r;
	return -2;
}

/* Whether a section of rule r has the key key. */
static bool rule_has_key(const struct lines *ls, const struct rules_seen *seen, int r, const char *key)
{
	int cur = -2;
	for (int i = 0; i < ls->n; i++) {
		char k[64];
		const char *value;
		int s = section_at(ls, i, seen);
		cur = s == -1 ? cur : s;
		if (cur == r && key_line(ls->l[i], k, sizeof(k), &value) && !strcmp(k, key))
			return true;
	}
	return false;
}

/* Replaces the plain why at line i (with its continuation lines) of rule r by one PROPERTY.why
 * a property r requires; the index of the line after them. */
static int split_why(struct lines *ls, int i, const struct rules_seen *seen, int r, const char *key)
{
	int end = i + 1;
	while (end < ls->n && (ls->l[end][0] == ' ' || ls->l[end][0] == '\t') &&
	       ls->l[end][strspn(ls->l[end], " \t\r")])
		end++;
	char k[64];
	const char *value;
	key_line(ls->l[i], k, sizeof(k), &value);
	char *first = xstrdup(value);
	int ncont = end - i - 1;
	char **cont = xmalloc(sizeof(*cont) * (size_t)(ncont + 1));
	for (int c = 0; c < ncont; c++)
		cont[c] = xstrdup(ls->l[i + 1 + c]);
	lines_remove(ls, i, end);
	int at = i;
	for (int p = 0; p < NPROPS; p++) {
		char *pkey = xstrfmt("%s.%s", props[p], key);
		if ((seen->req[r] & (1u << p)) && !rule_has_key(ls, seen, r, pkey)) {
			lines_push(ls, at++, xstrfmt("%s = %s", pkey, first));
			for (int c = 0; c < ncont; c++)
				lines_push(ls, at++, xstrdup(cont[c]));
		}
		free(pkey);
	}
	for (int c = 0; c < ncont; c++)
		free(cont[c]);
	free(cont);
	free(first);
	return at;
}

static int popcount(unsigned v)
{
	int n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

char *migrate_check_text(const char *path, const char *text, int *bad)
{
	struct lines ls = LINES_INIT;
	lines_split(&ls, text);
	struct rules_seen seen = { .n = 0 };
	*bad = gather_rules(path, &ls, &seen);
	if (*bad) {
		lines_release(&ls);
		return NULL;
	}
	int cur = -2;
	for (int i = 0; i < ls.n;) {
		char key[64];
		const char *value;
		int s = section_at(&ls, i, &seen);
		cur = s == -1 ? cur : s;
		if (cur >= 0 && popcount(seen.req[cur]) > 1 && key_line(ls.l[i], key, sizeof(key), &value) &&
		    (!strcmp(key, "why") || !strncmp(key, "why.", 4)))
			i = split_why(&ls, i, &seen, cur, key);
		else
			i++;
	}
	return changed(&ls, text);
}

/* ---- the driver ---- */

struct change {
	char *path, *old, *new;
};
struct changes {
	struct change *c;
	int n;
};

/* Reads path as text into *text: 0; 1 when it is not there (nothing to migrate); -1, said at
 * its file:line, when it is no text clings can rewrite. */
static int read_text(const char *path, char **text)
{
	size_t len;
	if (read_file(path, text, &len) < 0) {
		if (errno == ENOENT)
			return 1;
		return error(N_("%s: cannot read:"), path);
	}
	size_t nul = strlen(*text);
	if (nul < len) {
		int line = 1;
		for (size_t i = 0; i < nul; i++)
			line += (*text)[i] == '\n';
		free(*text);
		return error(N_("%s:%d: a NUL byte: not a text file, so not migrated"), path, line);
	}
	return 0;
}

/* Keeps new (taken) as path's text to be, shown as a diff against old; NULL: no change. A file
 * two exercises share (a check or a lesson named by both) is rewritten the same way once. */
static void keep(const struct course *c, struct changes *ch, const char *path, const char *old, char *new)
{
	for (int i = 0; new && i < ch->n; i++)
		if (!strcmp(ch->c[i].path, path)) {
			free(new);
			return;
		}
	if (!new)
		return;
	migrate_print_diff(stdout, course_relative(c, path), old, new);
	ch->c = xrealloc(ch->c, sizeof(*ch->c) * (size_t)(ch->n + 1));
	ch->c[ch->n++] = (struct change){ xstrdup(path), xstrdup(old), new };
}

/* The mistake the check of kernel k names first, for its expectation x, into id; the number
 * of problems (printed). */
static int kernel_diagnosis(const struct course *c, const struct exercise *e, const struct migrate_options *o,
			    const struct wrong_kernel *k, const struct wrong_expect *x, char *id, size_t idlen)
{
	enum verdict got = VERDICT_ERROR;
	if (!o->first_diagnosis)
		return error(N_("%s:%d: its mistake is named by its check, which --quick does not run: "
				"migrate without --quick"), k->path, x->at) < 0;
	struct sbuf message = SBUF_INIT;
	int bad = 0;
	bool proved = false;
	if (o->first_diagnosis(c, e, o->device, k->path, x->no_analysis, x->seed, &got, &message, id, idlen,
			       &proved) < 0)
		bad = error(N_("%s:%d: its check could not run, so its mistake is not named: see above"),
			    k->path, x->at) < 0;
	else if (got != x->verdict)
		bad = error(N_("%s:%d: expected %s, but its check gets %s now (%s): correct the expectation, "
			       "then migrate"), k->path, x->at, verdict_name(x->verdict), verdict_name(got),
			    sbuf_str(&message)) < 0;
	sbuf_release(&message);
	if (bad)
		return bad;
	if (!*id)
		return error(N_("%s:%d: its check names no mistake: write its // diagnosis: line by hand "
				"(docs/diagnoses.md)"), k->path, x->at) < 0;
	/* a question is clings' guess: the author may know the mistake better (the kernel's own
	 * output then proves whichever it names) */
	if (!proved)
		warning(N_("%s:%d: // diagnosis: %s is what its check asks, not what it proves: name the "
			   "mistake yourself if you know it"), k->path, k->expect[k->nexpect - 1].at + 1, id);
	return 0;
}

static int migrate_kernels(const struct course *c, const struct exercise *e, const struct migrate_options *o,
			   struct changes *ch)
{
	struct wrong_kernel *k;
	int nk, bad = 0;
	wrong_kernels_read(c, e, &k, &nk);   /* their problems are validate's to say */
	for (int i = 0; i < nk; i++) {
		char *text, id[64] = "";
		int r = read_text(k[i].path, &text);
		if (r) {
			bad += r < 0;
			continue;
		}
		struct lines ls = LINES_INIT;
		lines_split(&ls, text);
		struct expect_line x[16];
		int nx = read_expects(&ls, x, 16), first = needs_diagnosis(text), b = 0;
		lines_release(&ls);
		if (nx != k[i].nexpect) {
			b = error(N_("%s:%d: an expectation clings cannot read (clings validate --quick says "
				     "why): this kernel is not migrated"), k[i].path, nx ? x[0].at + 1 : 1) < 0;
		} else if (first >= 0) {
			b = kernel_diagnosis(c, e, o, &k[i], &k[i].expect[first], id, sizeof(id));
		}
		if (!b)
			keep(c, ch, k[i].path, text, migrate_kernel_text(k[i].path, text, id, &b));
		bad += b;
		free(text);
	}
	wrong_kernels_release(k, nk);
	return bad;
}

static int migrate_texts(const struct course *c, const struct exercise *e, struct changes *ch)
{
	int bad = 0;
	for (int i = 0; i <= 2 * c->langs.n; i++) {
		char *path = i < 2 * c->langs.n ?
			     course_lesson_path(c, e, c->langs.name[i / 2], i % 2 ? ".hints" : "") :
			     xstrdup(e->check_path);
		char *text;
		int b = 0, r = read_text(path, &text);
		if (!r)
			keep(c, ch, path, text, i < 2 * c->langs.n ?
			     migrate_lesson_text(path, text, c->langs.name[i / 2], &b) :
			     migrate_check_text(path, text, &b));
		if (!r)
			free(text);
		bad += b + (r < 0);
		free(path);
	}
	return bad;
}

/* Whether every file of ch can be written: a regular file still as it was read, whose backup
 * is not there yet; the number of problems (printed). */
static int writable(const struct course *c, const struct changes *ch)
{
	int bad = 0;
	for (int i = 0; i < ch->n; i++) {
		struct stat st;
		char *now = NULL, *backup = xstrfmt("%s/%s/%s", c->dir, MIGRATE_BACKUP_DIR,
						     course_relative(c, ch->c[i].path));
		if (lstat(ch->c[i].path, &st) < 0 || !S_ISREG(st.st_mode))
			bad += error(N_("%s: not a regular file (a link?): clings writes no migration "
					"through it"), ch->c[i].path) < 0;
		else if (read_file(ch->c[i].path, &now, NULL) < 0 || strcmp(now, ch->c[i].old))
			bad += error(N_("%s: changed while it was migrated: run the migration again"),
				     ch->c[i].path) < 0;
		else if (lstat(backup, &st) == 0)
			bad += error(N_("%s: a backup of an earlier migration is there: move it away first, "
					"clings never writes over one"), backup) < 0;
		free(now);
		free(backup);
	}
	return bad;
}

/* Writes ch: each file's text before into its backup, then its new text (its mode kept). */
static int write_changes(const struct course *c, const struct changes *ch)
{
	for (int i = 0; i < ch->n; i++) {
		struct stat st;
		char *backup = xstrfmt("%s/%s/%s", c->dir, MIGRATE_BACKUP_DIR, course_relative(c, ch->c[i].path));
		char *dir = xstrdup(backup);
		*strrchr(dir, '/') = '\0';
		int rc = stat(ch->c[i].path, &st) < 0 || make_dirs(dir) < 0 ||
			 write_file_atomic(backup, ch->c[i].old, strlen(ch->c[i].old)) < 0 ||
			 write_file_atomic(ch->c[i].path, ch->c[i].new, strlen(ch->c[i].new)) < 0 ||
			 chmod(ch->c[i].path, st.st_mode & 07777) < 0 ? -1 : 0;
		if (rc < 0)
			error(N_("%s: cannot write the migration (the files before it are written; its "
				 "backup, where it was made, is %s):"), ch->c[i].path, backup);
		free(dir);
		free(backup);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The new text of a check file beside it, for the kernels' checks to read (its data/ is found
 * from its folder): checks/.NAME.migrate.XXXXXX; NULL when it cannot be made (said). */
static char *check_beside(const char *path, const char *text)
{
	char *tmp = xstrdup(path), *slash = strrchr(tmp, '/');
	char *name = xstrfmt("%.*s/.%s.migrate.XXXXXX", (int)(slash - tmp), tmp, slash + 1);
	free(tmp);
	int fd = mkstemp(name);
	if (fd < 0 || write_all(fd, text, strlen(text)) < 0) {
		error(N_("%s: cannot write the migrated check beside it:"), name);
		if (fd >= 0) {
			close(fd);
			unlink(name);
		}
		free(name);
		return NULL;
	}
	close(fd);
	return name;
}

/* The lessons and the check file first: the wrong kernels' checks read the check as migrated. */
static int migrate_exercise(const struct course *c, const struct exercise *e, const struct migrate_options *o,
			    struct changes *ch)
{
	int first = ch->n, bad = migrate_texts(c, e, ch);
	struct exercise migrated = *e;
	char *beside = NULL;
	for (int i = first; i < ch->n; i++)
		if (!strcmp(ch->c[i].path, e->check_path) && !(beside = check_beside(e->check_path, ch->c[i].new)))
			return bad + 1;
	if (beside)
		migrated.check_path = beside;
	bad += migrate_kernels(c, &migrated, o, ch);
	if (beside)
		unlink(beside);
	free(beside);
	return bad;
}

int course_migrate(const struct course *c, const struct exercise *const *list, int n,
		   const struct migrate_options *o)
{
	struct changes ch = { NULL, 0 };
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += migrate_exercise(c, list[i], o, &ch);
	if (!bad && o->write && ch.n)
		bad = writable(c, &ch);
	const char *lang = messages_lang();
	if (bad)
		printf(trn(lang, "%d problem: nothing written\n", "%d problems: nothing written\n",
			   (unsigned long)bad), bad);
	else if (!ch.n)
		printf("%s\n", tr(lang, "Nothing to migrate: the files are in today's format."));
	else if (!o->write)
		printf(trn(lang, "%d file to change, shown above; nothing written: --migrate --write writes "
			   "it, its text before kept in %s/\n", "%d files to change, shown above; nothing "
			   "written: --migrate --write writes them, their text before kept in %s/\n",
			   (unsigned long)ch.n), ch.n, MIGRATE_BACKUP_DIR);
	else if ((bad = -write_changes(c, &ch)) == 0)
		printf(trn(lang, "%d file written; its text before is in %s/\n",
			   "%d files written; their text before is in %s/\n", (unsigned long)ch.n),
		       ch.n, MIGRATE_BACKUP_DIR);
	int changed_files = ch.n;
	for (int i = 0; i < ch.n; i++) {
		free(ch.c[i].path);
		free(ch.c[i].old);
		free(ch.c[i].new);
	}
	free(ch.c);
	return bad ? -1 : changed_files;
}
