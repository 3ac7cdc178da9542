/*
 * source.c: what the parent checks in a learner's source before any compiler sees it. A kernel
 * of a course is one file: an #include could read the reference solution, or any file of the
 * machine, into the build. The compiler itself cannot be told to refuse them (a quoted include
 * is looked up beside the source and in the working directory first), so the directives are
 * found here, as clang's preprocessor reads them: trigraphs replaced and line splices (a
 * backslash, maybe spaces, then a line's end) removed first, then lines ended by "\n", "\r" or
 * "\r\n", comments and literals skipped, with the digraph "%:" for '#'.
 */
#include "engine/source/source.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The directive names that read another file into this one. */
static bool reads_a_file(const char *word, size_t n)
{
	static const char *const names[] = { "include", "include_next", "import", "embed" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(word, names[i], n))
			return true;
	return false;
}

/* Where the reading is in the text, as clang's lexer walks it: a byte offset and its line. */
struct pp_pos {
	size_t i;
	int line;
};

static char trigraph(char c)
{
	static const char from[] = "=/'()!<>-", to[] = "#\\^[]|{}~";
	const char *p = c ? strchr(from, c) : NULL;
	return p ? to[p - from] : 0;
}

static bool line_end(char c)
{
	return c == '\n' || c == '\r';
}

/* The lines that s[from, to) ends: "\n", "\r" and "\r\n" each end one (as clang counts them). */
static int lines_ended(const char *s, size_t from, size_t to)
{
	int n = 0;
	for (size_t k = from; k < to; k++)
		n += s[k] == '\n' || (s[k] == '\r' && !(k + 1 < to && s[k + 1] == '\n'));
	return n;
}

/* The length of an escaped newline after a backslash at s[i]: horizontal white space, then "\n",
 * "\r", "\r\n" or "\n\r" (clang allows the space, with a warning); 0 when there is none. */
static size_t escaped_newline(const char *s, size_t len, size_t i)
{
	size_t j = i;
	while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f' || s[j] == '\v'))
		j++;
	if (j >= len || !line_end(s[j]))
		return 0;
	j++;
	if (j < len && line_end(s[j]) && s[j] != s[j - 1])
		j++;
	return j - i;
}

/*
 * The next character of translation phases 1 and 2 at p (a trigraph is its character, a line
 * splice is nothing), moving p past it; -1 at the end. *at is the line the character is on.
 */
static int pp_get(const char *s, size_t len, struct pp_pos *p, int *at)
{
	for (;;) {
		if (p->i >= len) {
			*at = p->line;
			return -1;
		}
		char c = s[p->i];
		size_t w = 1;
		if (c == '?' && p->i + 2 < len && s[p->i + 1] == '?' && trigraph(s[p->i + 2])) {
			c = trigraph(s[p->i + 2]);
			w = 3;
		}
		size_t e = c == '\\' ? escaped_newline(s, len, p->i + w) : 0;
		if (e) {
			p->line += lines_ended(s, p->i + w, p->i + w + e);
			p->i += w + e;
			continue;
		}
		*at = p->line;
		p->i += w;
		if (c == '\n' || (c == '\r' && !(p->i < len && s[p->i] == '\n')))
			p->line++;
		return (unsigned char)c;
	}
}

static int pp_peek(const char *s, size_t len, struct pp_pos p, int ahead)
{
	int c = -1, at;
	for (int k = 0; k <= ahead; k++)
		c = pp_get(s, len, &p, &at);
	return c;
}

static bool horizontal_space(int c)
{
	return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\0';
}

static bool ident_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '$' || c >= 0x80;
}

/* Past a comment whose opener ('/' then c) was read: a block comment ends at its "*" "/" and a
 * line comment just before the end of its line. */
static void skip_comment(const char *s, size_t len, struct pp_pos *p, int c)
{
	int at, prev = 0;
	pp_get(s, len, p, &at);   /* the '*' or the second '/' */
	for (;;) {
		int next = c == '/' ? pp_peek(s, len, *p, 0) : pp_get(s, len, p, &at);
		if (next < 0 || (c == '*' && prev == '*' && next == '/'))
			return;
		if (c == '/') {
			if (line_end(next))
				return;
			pp_get(s, len, p, &at);
		}
		prev = next;
	}
}

int source_find_include(const char *src, size_t len)
{
	/* As clang reads it: trigraphs and line splices first (pp_get), then line ends ("\n", "\r",
	 * "\r\n"), comments, literals, and '#' or "%:" first on a line; "##" and "%:%:" start no
	 * directive. */
	struct pp_pos p = { 0, 1 };
	enum { LINE_START, AFTER_HASH, REST } state = LINE_START;
	int directive_line = 0;
	for (;;) {
		int at, c = pp_get(src, len, &p, &at);
		if (c < 0)
			return 0;
		if (line_end(c)) {
			state = LINE_START;
			continue;
		}
		int next = pp_peek(src, len, p, 0);
		if (c == '/' && (next == '*' || next == '/')) {   /* a comment is one space */
			skip_comment(src, len, &p, next);
			continue;
		}
		if (horizontal_space(c))
			continue;
		if (state == LINE_START) {
			state = REST;
			bool hash = c == '#' && next != '#';
			if (c == '%' && next == ':') {
				pp_get(src, len, &p, &(int){ 0 });
				hash = !(pp_peek(src, len, p, 0) == '%' && pp_peek(src, len, p, 1) == ':');
			}
			if (hash) {
				state = AFTER_HASH;
				directive_line = at;
				continue;
			}
		} else if (state == AFTER_HASH) {
			state = REST;
			if (ident_char(c)) {
				char name[16];
				size_t n = 0;
				for (;;) {
					if (n < sizeof(name))
						name[n] = (char)c;
					n++;
					next = pp_peek(src, len, p, 0);
					/* a universal character name goes on with the identifier */
					if (!ident_char(next) && !(next == '\\' && (pp_peek(src, len, p, 1) == 'u' ||
										   pp_peek(src, len, p, 1) == 'U')))
						break;
					c = pp_get(src, len, &p, &at);
				}
				if (n <= sizeof(name) && reads_a_file(name, n))
					return directive_line;
				continue;
			}
		}
		if (c == '"' || c == '\'') {
			/* a literal: to its closing quote, or to its line's end when it has none, so that a
			 * comment's opener inside it is not one */
			for (int q = c; (c = pp_peek(src, len, p, 0)) >= 0 && !line_end(c);) {
				pp_get(src, len, &p, &at);
				if (c == q)
					break;
				if (c == '\\' && !line_end(pp_peek(src, len, p, 0)))
					pp_get(src, len, &p, &at);
			}
		}
	}
}

void source_code_lines(const char *src, size_t len, struct sbuf *out)
{
	size_t start = out->len, kept = out->len;   /* kept: the end of the last line with code */
	bool space = false, block = false, line_comment = false;
	for (size_t i = 0; i < len; i++) {
		char c = src[i];
		if (c == '\n') {
			sbuf_adds(out, "\n");
			space = line_comment = false;
			continue;
		}
		if (line_comment)
			continue;
		if (block) {
			if (c == '*' && i + 1 < len && src[i + 1] == '/') {
				block = false;
				i++;
				space = true;
			}
			continue;
		}
		if (c == '/' && i + 1 < len && (src[i + 1] == '*' || src[i + 1] == '/')) {
			block = src[i + 1] == '*';
			line_comment = !block;
			i++;
			space = true;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			space = true;
			continue;
		}
		if (space && out->len > start && out->buf[out->len - 1] != '\n')
			sbuf_adds(out, " ");
		space = false;
		sbuf_add(out, &c, 1);
		kept = out->len;
	}
	out->len = kept;   /* lines after the last code (comments at the end) say nothing */
	out->buf[out->len] = '\0';
}

void source_tokens(const char *src, size_t len, struct sbuf *out)
{
	bool directive = false, line_start = true, space = false;
	for (size_t i = 0; i < len; i++) {
		char c = src[i];
		if (c == '\\' && i + 1 < len && src[i + 1] == '\n') {   /* a splice joins two lines */
			i++;
			continue;
		}
		if (c == '\\' && i + 2 < len && src[i + 1] == '\r' && src[i + 2] == '\n') {
			i += 2;
			continue;
		}
		if (c == '\n') {
			/* the end of a directive is a token of its own; any other line end is a space */
			if (directive)
				sbuf_adds(out, "\n");
			else
				space = out->len > 0;
			if (directive)
				space = false;
			directive = false;
			line_start = true;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			space = out->len > 0;
			continue;
		}
		if (c == '/' && i + 1 < len && src[i + 1] == '*') {
			size_t j = i + 2;
			while (j + 1 < len && !(src[j] == '*' && src[j + 1] == '/'))
				j++;
			i = j + 1;
			space = out->len > 0;
			continue;
		}
		if (c == '/' && i + 1 < len && src[i + 1] == '/') {
			while (i + 1 < len && src[i + 1] != '\n') {
				if (src[i + 1] == '\\' && i + 2 < len && src[i + 2] == '\n')
					i++;   /* the comment goes on on the next line */
				i++;
			}
			space = out->len > 0;
			continue;
		}
		if (space && out->len && out->buf[out->len - 1] != '\n')
			sbuf_adds(out, " ");
		space = false;
		if (line_start && (c == '#' || (c == '%' && i + 1 < len && src[i + 1] == ':')))
			directive = true;
		line_start = false;
		if (c == '"' || c == '\'') {   /* a literal, byte for byte */
			size_t j = i + 1;
			while (j < len && src[j] != c && src[j] != '\n')
				j += src[j] == '\\' && j + 1 < len ? 2 : 1;
			if (j >= len)
				j = len - 1;
			sbuf_add(out, src + i, j - i + (src[j] == c ? 1 : 0));
			if (src[j] != c)
				j--;   /* an unterminated literal ends at its line's end, which is seen next */
			i = j;
			continue;
		}
		sbuf_add(out, &c, 1);
	}
}

/* ---- recursion: OpenCL C forbids it, and some compilers accept it without a word ---- */

#define MAX_FUNCTIONS 64
#define MAX_CALLS 512

struct token {
	const char *s;
	size_t n;       /* 0 at the end */
	int line;
};

static bool is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The next identifier or punctuation character of src from *i, past spaces, comments, literals
 * and preprocessor lines (a macro is not a call). */
static struct token next_token(const char *src, size_t len, size_t *i, int *line, bool *line_start)
{
	while (*i < len) {
		char c = src[*i];
		if (c == '\n') {
			++*line;
			*line_start = true;
			++*i;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\\') {
			++*i;
		} else if (c == '/' && *i + 1 < len && src[*i + 1] == '*') {
			for (*i += 2; *i + 1 < len && !(src[*i] == '*' && src[*i + 1] == '/'); ++*i)
				*line += src[*i] == '\n';
			*i += 2;
		} else if ((c == '/' && *i + 1 < len && src[*i + 1] == '/') || (c == '#' && *line_start)) {
			/* to the end of the line, and of the lines a backslash continues it onto */
			while (*i < len && src[*i] != '\n') {
				if (src[*i] == '\\' && *i + 1 < len && src[*i + 1] == '\n') {
					++*line;
					++*i;
				}
				++*i;
			}
		} else if (c == '"' || c == '\'') {
			size_t j = *i + 1;
			while (j < len && src[j] != c && src[j] != '\n')
				j += src[j] == '\\' && j + 1 < len ? 2 : 1;
			*i = j < len && src[j] == c ? j + 1 : j;
			*line_start = false;
			return (struct token){ "\"", 1, *line };
		} else {
			size_t start = *i;
			*line_start = false;
			if (is_word_char(c))
				while (*i < len && is_word_char(src[*i]))
					++*i;
			else
				++*i;
			return (struct token){ src + start, *i - start, *line };
		}
	}
	return (struct token){ "", 0, *line };
}

static bool token_is(struct token t, const char *s)
{
	return t.n == strlen(s) && !memcmp(t.s, s, t.n);
}

static bool is_keyword(struct token t)
{
	static const char *const words[] = { "if", "for", "while", "switch", "return", "sizeof",
					     "do", "else", "case", "vec_step", "__attribute__" };
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (token_is(t, words[k]))
			return true;
	return false;
}

struct call_graph {
	struct token fn[MAX_FUNCTIONS];
	int nfn;
	struct { int from; struct token to; } call[MAX_CALLS];
	int ncall;
};

static int function_index(const struct call_graph *g, struct token name)
{
	for (int f = 0; f < g->nfn; f++)
		if (g->fn[f].n == name.n && !memcmp(g->fn[f].s, name.s, name.n))
			return f;
	return -1;
}

/* Whether function `to` is reached from `from` through the calls (seen marks the visited). */
static bool reaches(const struct call_graph *g, int from, int to, bool *seen)
{
	if (from == to)
		return true;
	if (seen[from])
		return false;
	seen[from] = true;
	for (int c = 0; c < g->ncall; c++)
		if (g->call[c].from == from) {
			int next = function_index(g, g->call[c].to);
			if (next >= 0 && reaches(g, next, to, seen))
				return true;
		}
	return false;
}

int source_find_recursion(const char *src, size_t len, char *caller, char *callee, size_t cap)
{
	struct call_graph *g = xcalloc(1, sizeof(*g));
	size_t i = 0;
	int line = 1, depth = 0, current = -1;
	bool line_start = true;
	struct token prev = { "", 0, 0 };
	for (struct token t = next_token(src, len, &i, &line, &line_start); t.n;
	     prev = t, t = next_token(src, len, &i, &line, &line_start)) {
		if (token_is(t, "{")) {
			depth++;
		} else if (token_is(t, "}")) {
			if (depth > 0 && --depth == 0)
				current = -1;
		} else if (token_is(t, "(") && is_word_char(prev.s[0]) && !is_keyword(prev)) {
			if (depth == 0) {
				/* NAME ( ... ) { starts a definition; NAME ( ... ) ; only declares it */
				int parens = 1;
				struct token u = t;
				while (parens > 0 && (u = next_token(src, len, &i, &line, &line_start)).n)
					parens += token_is(u, "(") - token_is(u, ")");
				u = next_token(src, len, &i, &line, &line_start);
				if (token_is(u, "{")) {
					depth = 1;
					current = function_index(g, prev);
					if (current < 0 && g->nfn < MAX_FUNCTIONS) {
						g->fn[g->nfn] = prev;
						current = g->nfn++;
					}
				}
				t = u;
			} else if (current >= 0 && g->ncall < MAX_CALLS) {
				g->call[g->ncall].from = current;
				g->call[g->ncall++].to = prev;
			}
		}
	}
	int found = 0;
	for (int c = 0; c < g->ncall && !found; c++) {
		int to = function_index(g, g->call[c].to);
		bool seen[MAX_FUNCTIONS] = { false };
		if (to >= 0 && reaches(g, to, g->call[c].from, seen)) {
			const struct token *a = &g->fn[g->call[c].from], *b = &g->fn[to];
			snprintf(caller, cap, "%.*s", (int)a->n, a->s);
			snprintf(callee, cap, "%.*s", (int)b->n, b->s);
			found = g->call[c].to.line;
		}
	}
	free(g);
	return found;
}

/* "#line 1" makes the compiler name the learner's own file in its messages. */
char *source_with_line_directive(const char *path, const char *src)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_adds(&sb, "#line 1 \"");
	for (const char *p = path; *p; p++) {
		if (*p == '"' || *p == '\\')
			sbuf_adds(&sb, "\\");
		sbuf_add(&sb, p, 1);
	}
	sbuf_adds(&sb, "\"\n");
	sbuf_adds(&sb, src);
	return sbuf_detach(&sb);
}

#define BUILD_TAB_STOP 8   /* columns a tab reaches to, in a quoted line */

/*
 * Finds the first error of a compiler log. Compilers write "FILE:LINE:COL: error: MESSAGE"
 * (clang, NVIDIA) or "error: FILE:LINE:COL: MESSAGE" (PoCL); both become
 * "FILE:LINE:COL: MESSAGE" followed by the learner's line and a caret under the column.
 */
void source_first_build_error(const char *log, const char *path, const char *src, int *line,
			      struct sbuf *msg)
{
	size_t plen = strlen(path);
	for (const char *p = log; p && *p;) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char *text = xmalloc(len + 1);
		memcpy(text, p, len);
		text[len] = '\0';
		char *at = strstr(text, path);
		char *err = strstr(text, "error: ");
		int l = 0, col = 0, used = 0;
		if (at && err && sscanf(at + plen, ":%d:%d:%n", &l, &col, &used) >= 2 && used) {
			const char *what = err > at ? err + 7 : at + plen + used;
			while (*what == ' ')
				what++;
			*line = l;
			sbuf_addf(msg, "%s:%d:%d: %s", path, l, col, what);
			/* the learner's own line, and a caret under the column */
			const char *q = src;
			for (int k = 1; k < l && q; k++) {
				q = strchr(q, '\n');
				q = q ? q + 1 : NULL;
			}
			if (q) {
				/* tabs become spaces in both lines, so that the caret stays under its
				 * column wherever the text is shown (the watcher sets no tab stops) */
				const char *qe = strchr(q, '\n');
				size_t ql = qe ? (size_t)(qe - q) : strlen(q), shown = 0, caret = 0;
				sbuf_addf(msg, "\n%5d | ", l);
				for (size_t k = 0; k < ql && q[k] != '\r'; k++) {
					if ((int)k == col - 1)
						caret = shown;
					size_t wide = q[k] == '\t' ? BUILD_TAB_STOP - shown % BUILD_TAB_STOP : 1;
					if (q[k] == '\t')
						sbuf_addf(msg, "%*s", (int)wide, "");
					else
						sbuf_add(msg, &q[k], 1);
					/* a UTF-8 continuation byte takes no column of its own */
					shown += ((unsigned char)q[k] & 0xc0) == 0x80 ? 0 : wide;
				}
				if (col - 1 >= (int)ql)
					caret = shown;
				sbuf_addf(msg, "\n      | %*s^", (int)caret, "");
			}
			free(text);
			return;
		}
		free(text);
		p = eol ? eol + 1 : NULL;
	}
	/* No line we recognise: the whole log is better than nothing. */
	sbuf_adds(msg, log);
}

/* The text of line `line` of src (1-based), allocated; "" past the end: a line quoted beside a
 * finding, never read for a diagnosis. */
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
