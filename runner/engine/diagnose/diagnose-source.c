/*
 * diagnose-source.c: what a diagnosis reads in the learner's kernel (diagnose.c): which memory
 * space a name is declared in, what an access's subscript is, whether it comes from
 * get_global_id, the guard of a line, an array too large for any device. Read from the code
 * with its comments gone (source_code_lines), token by token; nothing is compiled or run.
 */
#include "engine/diagnose/diagnose.h"
#include "engine/source/source.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * The code without comments, lines kept, and where each line starts: made once for a source
 * (the helpers below look at it line by line, and a learner's file may hold a hundred thousand
 * lines). Owned here: the last source's, until another comes.
 */
static struct {
	uint64_t hash;
	size_t len;
	char *code;
	const char **start;   /* start[0]: line 1 */
	int n;
} memo;

static const char *code_of(const char *src)
{
	size_t len = strlen(src);
	uint64_t h = hash_add(HASH_INIT, src, len);
	if (memo.code && memo.hash == h && memo.len == len)
		return memo.code;
	free(memo.code);
	free(memo.start);
	struct sbuf out = SBUF_INIT;
	source_code_lines(src, len, &out);
	memo.code = xstrdup(sbuf_str(&out));
	sbuf_release(&out);
	memo.hash = h;
	memo.len = len;
	memo.n = 0;
	for (const char *p = memo.code; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		memo.n++;
	memo.start = xmalloc(sizeof(*memo.start) * (size_t)memo.n);
	int i = 0;
	for (const char *p = memo.code; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		memo.start[i++] = p;
	return memo.code;
}

/* Whether name is declared after one of the qualifiers (`__local`, `local`: quals "local"). */
static bool declared_as(const char *src, const char *name, const char *qual)
{
	const char *code = code_of(src);
	char *under = xstrfmt("__%s", qual);
	bool in_decl = false, found = false;
	for (const char *p = code; *p && !found;) {
		if (word_char(*p)) {
			size_t n = 0;
			while (word_char(p[n]))
				n++;
			if ((n == strlen(qual) && !strncmp(p, qual, n)) || (n == strlen(under) && !strncmp(p, under, n)))
				in_decl = true;
			else if (in_decl && n == strlen(name) && !strncmp(p, name, n))
				found = true;
			p += n;
			continue;
		}
		if (strchr(";,(){}=[", *p))
			in_decl = false;
		p++;
	}
	free(under);
	return found;
}

bool diag_source_is_local(const char *src, const char *name)
{
	return declared_as(src, name, "local");
}

bool diag_source_is_global(const char *src, const char *name)
{
	return declared_as(src, name, "global");
}

bool diag_source_has_atomic(const char *src)
{
	const char *code = code_of(src);
	bool found = false;
	for (const char *p = code; *p && !found; p++)
		if ((p == code || !word_char(p[-1])) && (!strncmp(p, "atomic_", 7) || !strncmp(p, "atom_", 5)))
			found = true;
	return found;
}

/* The code of one line (comments gone), allocated; "" past the end. */
static char *code_line(const char *src, int line)
{
	code_of(src);
	if (line < 1 || line > memo.n)
		return xstrdup("");
	const char *p = memo.start[line - 1];
	return xstrfmt("%.*s", (int)strcspn(p, "\n"), p);
}

int diag_source_subscript(const char *src, int line, const char *name, char *out, size_t cap)
{
	size_t len = strlen(name);
	int count = 0;
	if (cap)
		out[0] = '\0';
	if (!len)   /* an access the analysis could not name (a vload's): no subscript to find */
		return 0;
	char *text = code_line(src, line);
	for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
		if ((p > text && word_char(p[-1])) || word_char(p[len]))
			continue;
		const char *q = p + len;
		while (*q == ' ')
			q++;
		if (*q != '[')
			continue;
		/* every subscript of name on the line, joined by ';' */
		size_t n = cap ? strlen(out) : 0;
		if (count++ && n + 1 < cap)
			out[n++] = ';';
		int depth = 0;
		for (q++; *q && (depth || *q != ']'); q++) {
			depth += *q == '[' ? 1 : *q == ']' ? -1 : 0;
			if (*q != ' ' && n + 1 < cap)
				out[n++] = *q;
		}
		if (cap)
			out[n] = '\0';
	}
	free(text);
	return count;
}

bool diag_source_local_on_line(const char *src, int line, char *out, size_t cap)
{
	char *text = code_line(src, line);
	bool found = false;
	for (const char *p = text; *p && !found;) {
		if (!word_char(*p)) {
			p++;
			continue;
		}
		size_t n = 0;
		while (word_char(p[n]))
			n++;
		const char *q = p + n;
		while (*q == ' ')
			q++;
		if (*q == '[' && !isdigit((unsigned char)*p)) {
			char *name = xstrfmt("%.*s", (int)n, p);
			if (diag_source_is_local(src, name)) {
				snprintf(out, cap, "%s", name);
				found = true;
			}
			free(name);
		}
		p += n;
	}
	free(text);
	return found;
}

/* Whether the expression text holds one of the names in set. */
static bool mentions_only(const char *expr, char **set, int n)
{
	for (const char *p = expr; *p;) {
		if (!word_char(*p)) {
			p++;
			continue;
		}
		size_t len = 0;
		while (word_char(p[len]))
			len++;
		for (int i = 0; i < n; i++)
			if (strlen(set[i]) == len && !strncmp(set[i], p, len))
				return true;
		p += len;
	}
	return false;
}

/* Whether the expression text holds get_global_id or one of the names in set. */
static bool mentions(const char *expr, char **set, int n)
{
	return strstr(expr, "get_global_id") || mentions_only(expr, set, n);
}

/* Whether expr mentions a name of set, or one given a value (before line `before`) from an
 * expression that mentions one, directly or through another such name; set grows. With
 * global_id, get_global_id counts as one of them. */
static bool derived_mentions(const char *src, const char *expr, char **set, int *n, int before,
			     bool global_id)
{
	for (int round = 0; round < 2; round++) {
		for (int l = 1; l < before; l++) {
			char *text = code_line(src, l);
			for (char *eq = strchr(text, '='); eq; eq = strchr(eq + 1, '=')) {
				if (eq[1] == '=' || (eq > text && strchr("=!<>+-*/%&|^", eq[-1])))
					continue;
				char *end = eq;
				while (end > text && end[-1] == ' ')
					end--;
				char *start = end;
				while (start > text && word_char(start[-1]))
					start--;
				char *semi = strchr(eq, ';');
				char *rhs = xstrfmt("%.*s", (int)(semi ? semi - eq - 1 : (long)strlen(eq + 1)), eq + 1);
				char *name = xstrfmt("%.*s", (int)(end - start), start);
				bool known = false;
				for (int i = 0; i < *n; i++)
					known = known || !strcmp(set[i], name);
				if (*name && !known && *n < 64 &&
				    (global_id ? mentions(rhs, set, *n) : mentions_only(rhs, set, *n)))
					set[(*n)++] = name;
				else
					free(name);
				free(rhs);
			}
			free(text);
		}
	}
	return global_id ? mentions(expr, set, *n) : mentions_only(expr, set, *n);
}

bool diag_source_from_global_id(const char *src, const char *expr, int before)
{
	/* `size_t gid = get_global_id(0);`, `i = gid + 1;` (mentions() knows get_global_id) */
	char *set[64];
	int n = 0;
	bool found = derived_mentions(src, expr, set, &n, before, true);
	for (int i = 0; i < n; i++)
		free(set[i]);
	return found;
}

int diag_source_guard(const char *src, int line, const char *name)
{
	(void)name;
	/* the analysis's message reads the same guard (analyze.c): the two never disagree */
	return source_guard_line(src, line);
}

/* The value of a constant size like `1 << 22` or `16 * 1024 * 1024`; -1 when it is not one. */
static double constant_size(const char *s, size_t n)
{
	double v = 0;
	char op = '=';
	for (size_t i = 0; i < n;) {
		if (s[i] == ' ' || s[i] == '(' || s[i] == ')') {
			i++;
		} else if (isdigit((unsigned char)s[i])) {
			char *end;
			double x = (double)strtoull(s + i, &end, 0);
			i = (size_t)(end - s);
			while (i < n && strchr("uUlL", s[i]))
				i++;
			v = op == '=' ? x : op == '*' ? v * x : op == '<' && x < 64 ? v * (double)(1ull << (int)x) : -1;
			if (v < 0)
				return -1;
		} else if (s[i] == '*') {
			op = '*';
			i++;
		} else if (s[i] == '<' && i + 1 < n && s[i + 1] == '<') {
			op = '<';
			i += 2;
		} else {
			return -1;
		}
	}
	return v;
}

int diag_source_huge_array(const char *src)
{
	const char *code = code_of(src);
	int line = 1, found = 0;
	for (const char *p = code; *p && !found; p++) {
		if (*p == '\n')
			line++;
		if (*p != '[' || p == code || !(word_char(p[-1]) || p[-1] == ' '))
			continue;
		const char *end = strchr(p, ']');
		if (!end)
			break;
		/* a declaration: a type's word two names back ("float big[...]") is enough here */
		double v = constant_size(p + 1, (size_t)(end - p - 1));
		if (v >= (double)(1 << 18))
			found = line;
	}
	return found;
}

/* The next place at or after from where name stands as a whole word in text, or NULL. */
static const char *next_word(const char *text, const char *from, const char *name)
{
	size_t len = strlen(name);
	for (const char *p = strstr(from, name); p; p = strstr(p + 1, name))
		if (!(p > text && word_char(p[-1])) && !word_char(p[len]))
			return p;
	return NULL;
}

/* The start of the statement or declaration holding p. */
static const char *statement_start(const char *code, const char *p)
{
	while (p > code && !strchr(";{}(,", p[-1]))
		p--;
	return p;
}

/* What follows a name's subscripts (q at its first '['), spaces skipped; NULL when they do not
 * close on the line. */
static const char *after_subscripts(const char *q)
{
	int depth = 0;
	for (; *q; q++) {
		depth += *q == '[' ? 1 : *q == ']' ? -1 : 0;
		if (!depth && q[1] != '[')
			break;
	}
	if (!*q)
		return NULL;
	q++;
	while (*q == ' ')
		q++;
	return q;
}

/* Whether one `name[...]` on the line is a use accept() takes: it gets the line's code, the
 * name's place and what follows its subscripts (spaces skipped). */
static bool subscript_use(const char *src, int line, const char *name,
			  bool (*accept)(const char *text, const char *at, const char *after))
{
	char *text = code_line(src, line);
	size_t len = strlen(name);
	bool found = false;
	for (const char *p = next_word(text, text, name); p && !found; p = next_word(text, p + 1, name)) {
		const char *q = p[len] == '[' ? after_subscripts(p + len) : NULL;
		found = q && accept(text, p, q);
	}
	free(text);
	return found;
}

/* ++name[i], atomic_inc(&name[i]), name[i] += v, name[i]++ */
static bool updates(const char *text, const char *at, const char *after)
{
	const char *before = at;
	while (before > text && before[-1] == ' ')
		before--;
	if (before > text && before[-1] == '&')
		return strstr(text, "atomic_") || strstr(text, "atom_");
	if (before - text >= 2 && (!strncmp(before - 2, "++", 2) || !strncmp(before - 2, "--", 2)))
		return true;
	return !strncmp(after, "++", 2) || !strncmp(after, "--", 2) ||
	       (after[0] && strchr("+-*|&^", after[0]) && after[1] == '=');
}

/* name[i] = v */
static bool stores(const char *text, const char *at, const char *after)
{
	(void)text;
	(void)at;
	return after[0] == '=' && after[1] != '=';
}

bool diag_source_updated(const char *src, int line, const char *name)
{
	return subscript_use(src, line, name, updates);
}

bool diag_source_plain_store(const char *src, int line, const char *name)
{
	return subscript_use(src, line, name, stores);
}

bool diag_source_fixed_local(const char *src, const char *name)
{
	const char *code = code_of(src);
	size_t len = strlen(name);
	bool found = false;
	for (const char *p = next_word(code, code, name); p && !found; p = next_word(code, p + 1, name)) {
		const char *q = p + len;
		while (*q == ' ')
			q++;
		/* a declaration: `__local T name[N` with the qualifier on the same statement */
		const char *start = statement_start(code, p);
		char *decl = xstrfmt("%.*s", (int)(p - start), start);
		found = *q == '[' && isdigit((unsigned char)q[1 + strspn(q + 1, " ")]) &&
			(strstr(decl, "local ") || strstr(decl, "__local"));
		free(decl);
	}
	return found;
}

bool diag_source_stride_in(const char *src, const char *expr)
{
	const char *code = code_of(src);
	/* the names a loop halves or doubles, then those given a value from them */
	char *set[64];
	int n = 0;
	for (const char *p = code; *p && n < 64; p++) {
		if (!word_char(*p) || (p > code && word_char(p[-1])) || isdigit((unsigned char)*p))
			continue;
		size_t len = 0;
		while (word_char(p[len]))
			len++;
		const char *q = p + len;
		while (*q == ' ')
			q++;
		if (!strncmp(q, ">>=", 3) || !strncmp(q, "<<=", 3) || !strncmp(q, "*=", 2) || !strncmp(q, "/=", 2)) {
			char *name = xstrfmt("%.*s", (int)len, p);
			bool known = false;
			for (int i = 0; i < n; i++)
				known = known || !strcmp(set[i], name);
			if (known)
				free(name);
			else
				set[n++] = name;
		}
		p += len - 1;
	}
	bool found = n > 0 && (mentions_only(expr, set, n) ||
			       derived_mentions(src, expr, set, &n, memo.n + 1, false));
	for (int i = 0; i < n; i++)
		free(set[i]);
	return found;
}

bool diag_source_uses_local(const char *src)
{
	const char *code = code_of(src);
	bool found = false;
	for (const char *p = strstr(code, "local"); p && !found; p = strstr(p + 1, "local"))
		found = (p == code || !word_char(p[-1]) || (p - code >= 2 && !strncmp(p - 2, "__", 2) &&
							    (p - 2 == code || !word_char(p[-3])))) &&
			!word_char(p[5]);
	return found;
}

bool diag_source_offset_one(const char *expr)
{
	for (const char *p = strpbrk(expr, "+-"); p; p = strpbrk(p + 1, "+-"))
		if (p[1] == '1' && !word_char(p[2]) && p[2] != '.')
			return true;
	return false;
}

int diag_source_offset_store(const char *src, const char *name)
{
	code_of(src);
	int found = 0;
	char sub[160];
	for (int l = 1; l <= memo.n && !found; l++) {
		if (diag_source_subscript(src, l, name, sub, sizeof(sub)) != 1 || !diag_source_offset_one(sub))
			continue;
		char *text = code_line(src, l);
		const char *q = strstr(text, name);   /* the store's `]`, then `=` */
		q = q ? strchr(q, ']') : NULL;
		while (q && *q == ']')
			q++;
		while (q && *q == ' ')
			q++;
		if (q && q[0] == '=' && q[1] != '=')
			found = l;
		free(text);
	}
	return found;
}

bool diag_source_local_param(const char *src, const char *name)
{
	const char *code = code_of(src);
	bool found = false;
	for (const char *p = next_word(code, code, name); p && !found; p = next_word(code, p + 1, name)) {
		const char *start = statement_start(code, p);
		char *decl = xstrfmt("%.*s", (int)(p - start), start);
		found = strchr(decl, '*') && (strstr(decl, "local ") || strstr(decl, "__local"));
		free(decl);
	}
	return found;
}

bool diag_source_macro_in(const char *src, const char *expr)
{
	const char *code = code_of(src);
	bool found = false;
	for (const char *p = expr; *p && !found;) {
		if (!word_char(*p) || isdigit((unsigned char)*p)) {
			p++;
			continue;
		}
		size_t n = 0;
		while (word_char(p[n]))
			n++;
		char *def = xstrfmt("#define %.*s ", (int)n, p);
		found = strstr(code, def) != NULL;
		free(def);
		p += n;
	}
	return found;
}

int diag_source_loop_guard(const char *src, int line, const char *expr)
{
	int loop = source_loop_before(src, line);
	if (!loop)
		return 0;
	char *text = code_line(src, loop);
	const char *p = strstr(text, "for");
	const char *eq = p ? strchr(p, '=') : NULL;
	bool found = false;
	if (eq && strchr(text, '<')) {   /* `for (uint i = ...; i < len; ...)`: i, before the '=' */
		const char *end = eq;
		while (end > p && end[-1] == ' ')
			end--;
		const char *start = end;
		while (start > p && word_char(start[-1]))
			start--;
		/* one subscript is the loop's variable itself: the loop guards that access, not this */
		size_t n = (size_t)(end - start);
		for (const char *q = expr; n && q; q = strchr(q, ';'), q = q ? q + 1 : NULL)
			if (!strncmp(q, start, n) && (q[n] == ';' || !q[n]))
				found = true;
	}
	free(text);
	return found ? loop : 0;
}

/* The code of a line with every space dropped (allocated). */
static char *squeezed(const char *src, int line)
{
	char *text = code_line(src, line), *w = text;
	for (const char *r = text; *r; r++)
		if (*r != ' ' && *r != '\t')
			*w++ = *r;
	*w = '\0';
	return text;
}

int diag_source_ternary_other(const char *src, int line, const char *name)
{
	char *text = squeezed(src, line);
	char *q = strchr(text, '?');
	char *key = xstrfmt("%s[", name);
	char *use = q ? strstr(q, key) : NULL;
	bool other = false;
	if (q && use) {
		*q = '\0';
		char *lt = strrchr(text, '<');
		char *start = lt;
		while (start && start > text && !strchr("=(&|!", start[-1]))
			start--;
		if (lt && lt[1] != '<' && lt[1] != '=') {
			char *tested = xstrfmt("%.*s", (int)(lt - start), start);
			char *sub = use + strlen(key), *end = strchr(sub, ']');
			other = end && (size_t)(end - sub) != strlen(tested) ? true
				: end ? strncmp(sub, tested, (size_t)(end - sub)) != 0 : false;
			free(tested);
		}
	}
	free(key);
	free(text);
	return other ? line : 0;
}

bool diag_source_stride_of_bound(const char *src, int guard, const char *expr, char *var, size_t cap)
{
	char *g = squeezed(src, guard);
	bool found = false;
	/* each `v<B` of the guard: v multiplied by B in expr is the wrong stride (row * width + col
	 * multiplies the row by the bound of the column) */
	for (char *p = strchr(g, '<'); p && !found; p = strchr(p + 1, '<')) {
		if (p[1] == '<' || p[1] == '=')
			continue;
		char *vs = p, *be = p + 1;
		while (vs > g && word_char(vs[-1]))
			vs--;
		while (word_char(*be))
			be++;
		if (vs == p || be == p + 1)
			continue;
		char *v = xstrfmt("%.*s", (int)(p - vs), vs), *b = xstrfmt("%.*s", (int)(be - p - 1), p + 1);
		char *m1 = xstrfmt("%s*%s", v, b), *m2 = xstrfmt("%s*%s", b, v);
		for (const char *q = expr; *q && !found; q++) {
			const char *m = !strncmp(q, m1, strlen(m1)) ? m1 : !strncmp(q, m2, strlen(m2)) ? m2 : NULL;
			if (m && (q == expr || !word_char(q[-1])) && !word_char(q[strlen(m)])) {
				snprintf(var, cap, "%s*%s", v, b);
				found = true;
			}
		}
		free(v);
		free(b);
		free(m1);
		free(m2);
	}
	free(g);
	return found;
}

/* How name is used through subscripts in the whole kernel: *updates lines that add into an element
 * (`name[i] += v`, `name[i]++`, an atomic), *stores lines that store a plain value. Returns how many
 * times the name stands as a word in the code, comments left out. */
int diag_source_output_uses(const char *src, const char *name, int *updates_n, int *stores_n)
{
	const char *code = code_of(src);
	int words = 0, n = memo.n;
	*updates_n = *stores_n = 0;
	for (const char *p = next_word(code, code, name); p; p = next_word(code, p + 1, name))
		words++;
	for (int line = 1; words > 1 && line <= n; line++) {
		*updates_n += diag_source_updated(src, line, name);
		*stores_n += diag_source_plain_store(src, line, name);
	}
	return words;
}

/* Whether the word at q is declared there without a value: `float acc;`, `int a, acc;` (a type
 * first in its statement, no '=', '(' or '[' before it, ';' or ',' after it). */
static bool declared_unset(const char *code, const char *q, size_t len)
{
	static const char *const types[] = { "float", "double", "int", "uint", "long", "ulong", "short",
					     "ushort", "char", "uchar", "size_t", "half", "unsigned",
					     "signed", "const", "__private", "private", NULL };
	const char *after = q + len;
	while (*after == ' ' || *after == '\t')
		after++;
	if (*after != ';' && *after != ',')
		return false;
	const char *st = q;
	while (st > code && !strchr(";{}", st[-1]))
		st--;
	while (*st == ' ' || *st == '\t' || *st == '\n')
		st++;
	for (const char *p = st; p < q; p++)
		if (strchr("=([", *p))
			return false;
	for (int i = 0; types[i]; i++)
		if (!strncmp(st, types[i], strlen(types[i])) && !word_char(st[strlen(types[i])]))
			return true;
	return false;
}

bool diag_source_unset_private(const char *src, int line, char *out, size_t cap)
{
	const char *code = code_of(src);
	char *text = code_line(src, line);
	bool found = false;
	for (const char *p = text; *p && !found; p++) {
		if (!(isalpha((unsigned char)*p) || *p == '_') || (p > text && word_char(p[-1])))
			continue;
		size_t n = 0;
		while (word_char(p[n]))
			n++;
		char *name = xstrfmt("%.*s", (int)n, p);
		for (const char *q = next_word(code, code, name); q && !found; q = next_word(code, q + 1, name))
			found = declared_unset(code, q, n);
		if (found)
			copy_str(out, cap, name);
		free(name);
		p += n - 1;
	}
	free(text);
	return found;
}
