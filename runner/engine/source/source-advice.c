/*
 * source-advice.c: what the analysis's messages read in the learner's source, to name the real
 * fix: a `return` before a barrier, the `if` that guards a line, the barriers between two
 * accesses and their fences, the loop a race repeats in, whether every store into a buffer is
 * guarded. Plain text, line by line, as the learner wrote it: no compiler is involved.
 */
#include "engine/source/source.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line of a `return` in the kernel before line `before` (from the kernel's first line, so a
 * helper function's return is not taken), or 0. */
int source_early_return(const char *src, int before)
{
	int line = 1, kernel_start = 0, found = 0;
	for (const char *p = src; p && *p && line < before; line++) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char *text = xstrfmt("%.*s", (int)n, p);
		char *comment = strstr(text, "//");
		if (comment)
			*comment = '\0';
		if (strstr(text, "kernel ")) {
			kernel_start = line;
			found = 0;
		}
		for (const char *r = strstr(text, "return"); kernel_start && r && !found;
		     r = strstr(r + 1, "return")) {
			bool word = (r == text || !(isalnum((unsigned char)r[-1]) || r[-1] == '_')) &&
				    !(isalnum((unsigned char)r[6]) || r[6] == '_');
			if (word)
				found = line;
		}
		free(text);
		p = eol ? eol + 1 : NULL;
	}
	return found;
}

/*
 * The starts of a source's lines, found once: the helpers below look at lines by number, some
 * walking back from a line, and a learner's file of a megabyte may hold a hundred thousand of
 * them (each lookup from the file's start made one finding's advice take minutes).
 */
struct lines {
	const char **start;   /* start[0] is line 1 */
	int n;
};

static void lines_index(struct lines *L, const char *src)
{
	L->n = 0;
	for (const char *p = src; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		L->n++;
	L->start = xmalloc(sizeof(*L->start) * (size_t)L->n);
	int i = 0;
	for (const char *p = src; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		L->start[i++] = p;
}

/* The text of line `line` (1-based), allocated; "" outside the source. */
static char *line_of(const struct lines *L, int line)
{
	if (line < 1 || line > L->n)
		return xstrdup("");
	const char *p = L->start[line - 1];
	return xstrfmt("%.*s", (int)strcspn(p, "\n"), p);
}

/* How far above a line an `if` or a loop heading it is looked for: a kernel's blocks are short. */
#define SCAN_BACK_LINES 400

/* The text of line `line` of src (1-based), allocated; "" past the end. */
char *source_line_text(const char *src, int line)
{
	const char *p = src;
	for (int i = 1; i < line && p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p)
		return xstrdup("");
	return xstrfmt("%.*s", (int)strcspn(p, "\n"), p);
}

/* Where an `if (` starts on the line (comments left out), or NULL. */
static const char *if_at(const char *text)
{
	const char *comment = strstr(text, "//");
	for (const char *q = strstr(text, "if"); q && (!comment || q < comment); q = strstr(q + 1, "if")) {
		bool starts = q == text || !(isalnum((unsigned char)q[-1]) || q[-1] == '_');
		const char *after = q + 2 + strspn(q + 2, " \t");
		if (starts && *after == '(')
			return after;
	}
	return NULL;
}

static bool has_if(const char *text)
{
	return if_at(text) != NULL;
}

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Whether the word (n characters) stands in text as a whole name. */
static bool has_word(const char *text, const char *word, size_t n)
{
	for (const char *q = text; *q; q++)
		if (!strncmp(q, word, n) && (q == text || !name_char(q[-1])) && !name_char(q[n]))
			return true;
	return false;
}

/* Appends to names (" a b ") each name of text (n characters) not there yet, numbers and the
 * id functions' parentheses aside. */
static void add_names(struct sbuf *names, const char *text, size_t n)
{
	for (size_t i = 0; i < n;) {
		if (!name_char(text[i]) || isdigit((unsigned char)text[i])) {
			/* a number's letters (1u, 0x10) are no name */
			if (isdigit((unsigned char)text[i]))
				while (i < n && name_char(text[i]))
					i++;
			else
				i++;
			continue;
		}
		size_t k = i;
		while (k < n && name_char(text[k]))
			k++;
		char *w = xstrfmt(" %.*s ", (int)(k - i), text + i);
		if (!strstr(sbuf_str(names), w))
			sbuf_adds(names, w + (names->len ? 1 : 0));
		free(w);
		i = k;
	}
}

/* The names of the subscripts on line `line`, with those of their values where a name is
 * given one above the line (`uint k = 2 * gid;`, one step back), and the work-item's ids (the
 * id functions and the names given one: `if (lid == 0)` chooses who stores): what a guard of
 * the access would test. */
static void index_names(const struct lines *L, int line, struct sbuf *names)
{
	/* the lines above are read in place, not copied: a guard is looked for at every store */
	sbuf_adds(names, " get_global_id get_local_id get_group_id ");
	for (int l = line; l >= 1 && l >= line - SCAN_BACK_LINES && l <= L->n; l--) {
		const char *t = L->start[l - 1], *end = t + strcspn(t, "\n");
		for (const char *g = memmem(t, (size_t)(end - t), "get_", 4); g;
		     g = memmem(g + 1, (size_t)(end - g - 1), "get_", 4)) {
			if (strncmp(g, "get_global_id", 13) && strncmp(g, "get_local_id", 12) &&
			    strncmp(g, "get_group_id", 12))
				continue;
			/* "NAME = get_..._id(": the name before the `=` */
			const char *e = g;
			while (e > t && e[-1] == ' ')
				e--;
			if (e == t || e[-1] != '=' || (e - 1 > t && strchr("=!<>", e[-2])))
				continue;
			e--;
			while (e > t && e[-1] == ' ')
				e--;
			const char *b = e;
			while (b > t && name_char(b[-1]))
				b--;
			if (b < e)
				add_names(names, b, (size_t)(e - b));
		}
	}
	char *text = line_of(L, line);
	struct sbuf subs = SBUF_INIT;
	for (const char *p = strchr(text, '['); p; p = strchr(p + 1, '['))
		add_names(&subs, p + 1, strcspn(p + 1, "]"));
	/* an access by pointer arithmetic (`vload4(0, A + row * K + col)`, `*(p + i)`): its terms
	 * are among the line's names */
	const char *comment = strstr(text, "//");
	if (!subs.len || strstr(text, "vload") || strstr(text, "vstore") || strstr(text, "*("))
		add_names(&subs, text, comment ? (size_t)(comment - text) : strlen(text));
	free(text);
	sbuf_adds(names, sbuf_str(&subs));
	sbuf_adds(names, " ");
	/* names grows below: walk a copy of the subscripts' own */
	char *direct = sbuf_detach(&subs);
	for (int l = line - 1; l >= 1 && l >= line - SCAN_BACK_LINES && l <= L->n && *direct; l--) {
		const char *t = L->start[l - 1], *end = t + strcspn(t, "\n");
		for (const char *q = memchr(t, '=', (size_t)(end - t)); q;
		     q = memchr(q + 1, '=', (size_t)(end - q - 1))) {
			/* "NAME = value" (not ==, <=, >=, !=, +=) with NAME, one of direct, just before */
			if (q[1] == '=' || (q > t && strchr("=!<>+-*/%&|^", q[-1])))
				continue;
			const char *e = q;
			while (e > t && e[-1] == ' ')
				e--;
			const char *b = e;
			while (b > t && name_char(b[-1]))
				b--;
			if (b == e)
				continue;
			char *w = xstrfmt(" %.*s ", (int)(e - b), b);
			if (strstr(direct, w))
				add_names(names, q + 1, strcspn(q + 1, ";,\n"));
			free(w);
		}
	}
	free(direct);
}

/* Whether the `if` on text tests a name of names against something: a comparison whose operand
 * is one of them, outside any subscript (`in[i] > 0` compares a value, not the index i). */
static bool tests_index(const char *text, const char *names)
{
	const char *c = if_at(text);
	if (!c)
		return false;
	/* the condition, subscripts dropped: "in[i] > 0" is "in > 0" */
	struct sbuf cond = SBUF_INIT;
	int depth = 0, square = 0;
	for (const char *p = c; *p; p++) {
		if (*p == '[')
			square++;
		else if (*p == ']' && square)
			square--;
		else if (!square)
			sbuf_add(&cond, p, 1);
		depth += (*p == '(') - (*p == ')');
		if (depth == 0)
			break;
	}
	bool compares = strpbrk(sbuf_str(&cond), "<>") || strstr(sbuf_str(&cond), "==") ||
			strstr(sbuf_str(&cond), "!=");
	bool named = false;
	for (const char *w = names; compares && *w && !named;) {
		w += strspn(w, " ");
		size_t n = strcspn(w, " ");
		named = n && has_word(sbuf_str(&cond), w, n);
		w += n;
	}
	sbuf_release(&cond);
	return named;
}

/* The line of an `if` that guards line `line`, one whose condition compares the line's index
 * (a name of its subscripts, or of their values) against a bound: on that line, on the line
 * before (an if without braces), or heading a block the line is in; 0 when none does. */
static int guard_line(const struct lines *L, int line)
{
	struct sbuf names = SBUF_INIT;
	index_names(L, line, &names);
	char *text = line_of(L, line);
	bool same = tests_index(text, sbuf_str(&names));
	free(text);
	int found = 0;
	if (same)
		found = line;
	text = line_of(L, line - 1);
	bool braceless = !found && line > 1 && has_if(text) && !strchr(text, ';') && !strchr(text, '{') &&
			 tests_index(text, sbuf_str(&names));
	free(text);
	if (braceless)
		found = line - 1;
	/* the blocks around the line, innermost first: one an if opens guards it */
	int depth = 0;
	for (int l = line - 1; !found && l >= 1 && l >= line - SCAN_BACK_LINES; l--) {
		text = line_of(L, l);
		for (size_t i = strlen(text); !found && i-- > 0;) {
			if (text[i] == '}') {
				depth++;
			} else if (text[i] == '{' && depth > 0) {
				depth--;
			} else if (text[i] == '{') {
				/* its head: this line, or the one before a brace alone on its line */
				int head = strspn(text, " \t{") == strlen(text) && l > 1 ? l - 1 : l;
				char *h = head == l ? xstrdup(text) : line_of(L, head);
				if (tests_index(h, sbuf_str(&names)))
					found = head;
				free(h);
			}
		}
		free(text);
	}
	sbuf_release(&names);
	return found;
}

int source_guard_line(const char *src, int line)
{
	struct lines L;
	lines_index(&L, src);
	int guard = guard_line(&L, line);
	free(L.start);
	return guard;
}

/* The fences of a barrier on line `line` (not commented out): BARRIER_GLOBAL, BARRIER_LOCAL, or
 * 0 when the line holds no barrier. */
enum { BARRIER_GLOBAL = 1, BARRIER_LOCAL = 2 };
static int barrier_fences(const struct lines *L, int line)
{
	char *text = line_of(L, line);
	const char *code = text + strspn(text, " \t");
	int fences = 0;
	if (strncmp(code, "//", 2) && strstr(code, "barrier"))
		fences = (strstr(code, "CLK_GLOBAL_MEM_FENCE") ? BARRIER_GLOBAL : 0) |
			 (strstr(code, "CLK_LOCAL_MEM_FENCE") ? BARRIER_LOCAL : 0);
	free(text);
	return fences;
}

/* The first line of [from, to) holding a barrier whose fences are exactly `fences` (with exact)
 * or include them, or 0. */
static int first_barrier(const struct lines *L, int from, int to, int fences, bool exact)
{
	for (int l = from > 0 ? from : 1; l < to && l <= L->n; l++) {
		int f = barrier_fences(L, l);
		if (exact ? f == fences : (f & fences) != 0)
			return l;
	}
	return 0;
}

/* The line of the first barrier that orders only global memory (CLK_GLOBAL_MEM_FENCE without
 * CLK_LOCAL_MEM_FENCE on its line), or 0. */
int source_global_only_barrier(const char *src)
{
	struct lines L;
	lines_index(&L, src);
	int found = first_barrier(&L, 1, L.n + 1, BARRIER_GLOBAL, true);
	free(L.start);
	return found;
}

/* The first line strictly between lines a and b (a < b) holding a barrier that orders local
 * memory, or 0: the race of a write before it and a read after it is then across rounds of a
 * loop, not within one. */
int source_local_barrier_between(const char *src, int a, int b)
{
	struct lines L;
	lines_index(&L, src);
	int found = first_barrier(&L, a + 1, b, BARRIER_LOCAL, false);
	free(L.start);
	return found;
}

/* Whether code starts with the keyword word (not a longer name). */
static bool starts_with_keyword(const char *code, const char *word)
{
	size_t n = strlen(word);
	return !strncmp(code, word, n) && !isalnum((unsigned char)code[n]) && code[n] != '_';
}

/* The line of the nearest `for`, `while` or `do` at or before line `before`, or 0. */
int source_loop_before(const char *src, int before)
{
	struct lines L;
	lines_index(&L, src);
	int found = 0;
	for (int l = before; l > 0 && l > before - SCAN_BACK_LINES && !found; l--) {
		char *text = line_of(&L, l);
		const char *code = text + strspn(text, " \t}");
		if (starts_with_keyword(code, "for") || starts_with_keyword(code, "while") ||
		    starts_with_keyword(code, "do"))
			found = l;
		free(text);
	}
	free(L.start);
	return found;
}

/* The last line of the loop (or any statement) that starts on line `head`: where its braces
 * close, or its one statement without braces ends; head itself when it cannot be told. */
static int statement_end(const struct lines *L, int head)
{
	int braces = 0, parens = 0;
	bool opened = false;
	for (int l = head; l <= L->n && l < head + 10 * SCAN_BACK_LINES; l++) {
		const char *p = L->start[l - 1];
		for (; *p && *p != '\n'; p++) {
			if (p[0] == '/' && p[1] == '/')
				break;
			parens += (*p == '(') - (*p == ')');
			if (*p == '{') {
				braces++;
				opened = true;
			} else if (*p == '}' && --braces <= 0 && opened) {
				return l;
			} else if (*p == ';' && !parens && !braces) {
				return l;
			}
		}
	}
	return head;
}

static bool is_loop_head(const struct lines *L, int l)
{
	char *text = line_of(L, l);
	const char *code = text + strspn(text, " \t}");
	bool loop = starts_with_keyword(code, "for") || starts_with_keyword(code, "while") ||
		    starts_with_keyword(code, "do");
	free(text);
	return loop;
}

int source_loop_around(const char *src, int a, int b)
{
	if (!src || a < 1 || b < 1)
		return 0;
	struct lines L;
	lines_index(&L, src);
	int lo = a < b ? a : b, hi = a < b ? b : a, found = 0;
	for (int l = lo; l > 0 && l > lo - SCAN_BACK_LINES && !found; l--)
		if (is_loop_head(&L, l) && statement_end(&L, l) >= hi)
			found = l;
	free(L.start);
	return found;
}

int source_global_only_barrier_after(const char *src, int write, int read)
{
	struct lines L;
	lines_index(&L, src);
	int found = 0;
	if (write > 0 && read > write) {
		found = first_barrier(&L, write + 1, read, BARRIER_GLOBAL, true);
	} else if (write > 0 && read > 0) {
		/* the read is a later round's: after the write to the loop's end, then from the
		 * loop's head to the read */
		int head = 0;
		for (int l = read; l > 0 && l > read - SCAN_BACK_LINES && !head; l--)
			if (is_loop_head(&L, l) && statement_end(&L, l) >= write)
				head = l;
		int end = head ? statement_end(&L, head) : 0;
		found = first_barrier(&L, write + 1, end + 1, BARRIER_GLOBAL, true);
		if (!found && head)
			found = first_barrier(&L, head, read, BARRIER_GLOBAL, true);
	}
	free(L.start);
	return found ? found : source_global_only_barrier(src);
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Whether the name is assigned a value from get_global_id on a line above `line` (a
 * declaration `size_t gid = get_global_id(0);` or an assignment). */
static bool from_global_id(const struct lines *L, int line, const char *name, size_t n)
{
	for (int l = line; l > 0 && l > line - SCAN_BACK_LINES; l--) {
		char *text = line_of(L, l);
		char *comment = strstr(text, "//");
		if (comment)
			*comment = '\0';
		bool found = false;
		for (const char *p = strstr(text, "get_global_id"); p && !found; p = NULL) {
			for (const char *q = text; (q = strstr(q, name)) && q < p && !found; q++) {
				const char *after = q + n + strspn(q + n, " \t");
				found = (q == text || !ident_char(q[-1])) && !ident_char(q[n]) &&
					after[0] == '=' && after[1] != '=';
			}
		}
		free(text);
		if (found)
			return true;
	}
	return false;
}

int source_index_global_id(const char *src, int line, const char *array)
{
	if (!src || line < 1 || !array || !*array)
		return 0;
	struct lines L;
	lines_index(&L, src);
	char *text = line_of(&L, line);
	char *comment = strstr(text, "//");
	if (comment)
		*comment = '\0';
	size_t an = strlen(array);
	int found = 0;
	for (const char *p = strstr(text, array); p && !found; p = strstr(p + 1, array)) {
		const char *q = p + an + strspn(p + an, " \t");
		if ((p > text && ident_char(p[-1])) || *q != '[')
			continue;
		/* every subscript of the access: [a][b] */
		while (*q == '[' && !found) {
			int depth = 0;
			const char *start = q + 1;
			for (; *q; q++) {
				depth += (*q == '[') - (*q == ']');
				if (!depth)
					break;
			}
			char *sub = xstrfmt("%.*s", (int)(q - start), start);
			if (strstr(sub, "get_global_id"))
				found = line;
			for (const char *t = sub; *t && !found;) {
				size_t k = 0;
				if (!ident_char(*t) || isdigit((unsigned char)*t)) {
					t++;
					continue;
				}
				while (ident_char(t[k]))
					k++;
				char *id = xstrfmt("%.*s", (int)k, t);
				if (from_global_id(&L, line, id, k))
					found = line;
				free(id);
				t += k;
			}
			free(sub);
			if (*q)
				q++;
			q += strspn(q, " \t");
		}
	}
	free(text);
	free(L.start);
	return found;
}

/* Whether the line's code (before any // comment) stores into an element of `name`:
 * `name[...] =`, `+=` and the like, or `name[...]++`. */
static bool stores_into(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *comment = strstr(text, "//");
	for (const char *p = strstr(text, name); p && (!comment || p < comment); p = strstr(p + 1, name)) {
		if ((p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    p[n + strspn(p + n, " \t")] != '[')
			continue;
		const char *q = p + n + strspn(p + n, " \t");
		int depth = 0;
		for (; *q; q++) {
			depth += (*q == '[') - (*q == ']');
			if (!depth)
				break;
		}
		if (!*q)
			return false;
		q++;
		q += strspn(q, " \t");
		if ((q[0] == '=' && q[1] != '=') || (q[0] == '+' && q[1] == '+') ||
		    (q[0] == '-' && q[1] == '-') || (q[0] && strchr("+-*/%&|^", q[0]) && q[1] == '=') ||
		    ((q[0] == '<' || q[0] == '>') && q[1] == q[0] && q[2] == '='))
			return true;
	}
	return false;
}

int source_stores_guarded(const char *src, const char *name)
{
	struct lines L;
	lines_index(&L, src);
	int first = 0;
	bool unguarded = false;
	for (int l = 1; l <= L.n && !unguarded; l++) {
		char *text = line_of(&L, l);
		if (stores_into(text, name)) {
			int guard = guard_line(&L, l);
			unguarded = !guard;
			first = first ? first : guard;
		}
		free(text);
	}
	free(L.start);
	return unguarded ? 0 : first;
}

