/*
 * source.c: what the parent checks in a learner's source before any compiler sees it. A kernel
 * of a course is one file: an #include could read the reference solution, or any file of the
 * machine, into the build. The compiler itself cannot be told to refuse them (a quoted include
 * is looked up beside the source and in the working directory first), so the directives are
 * found here, as the preprocessor would see them: after line splices are joined and comments
 * removed, with the digraph "%:" and the trigraph "??=" for '#'.
 */
#include "engine/engine.h"

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

int source_find_include(const char *src, size_t len)
{
	/* One pass, character by character, as translation phases 1-3 see the text. */
	int line = 1, directive_line = 0;
	enum { LINE_START, AFTER_HASH, IN_NAME, REST } at = LINE_START;
	char name[16];
	size_t nlen = 0;
	for (size_t i = 0; i < len; i++) {
		char c = src[i];
		/* a backslash-newline joins lines (a trigraph "??/" is a backslash too) */
		if (c == '\\' && i + 1 < len && (src[i + 1] == '\n' || (src[i + 1] == '\r' && i + 2 < len && src[i + 2] == '\n'))) {
			i += src[i + 1] == '\r' ? 2 : 1;
			line++;
			continue;
		}
		if (c == '?' && i + 2 < len && src[i + 1] == '?' && src[i + 2] == '/' && i + 3 < len &&
		    src[i + 3] == '\n') {
			i += 3;
			line++;
			continue;
		}
		if (c == '\n') {
			if (at == IN_NAME && reads_a_file(name, nlen))
				return directive_line;
			at = LINE_START;
			line++;
			continue;
		}
		if (c == '/' && i + 1 < len && src[i + 1] == '*') {   /* a comment is one space */
			size_t j = i + 2;
			while (j + 1 < len && !(src[j] == '*' && src[j + 1] == '/')) {
				line += src[j] == '\n';
				j++;
			}
			i = j + 1;
			c = ' ';
		} else if (c == '/' && i + 1 < len && src[i + 1] == '/') {
			while (i + 1 < len && src[i + 1] != '\n') {
				/* a // comment goes on after a backslash-newline */
				if (src[i + 1] == '\\' && i + 2 < len && src[i + 2] == '\n') {
					i += 2;
					line++;
				}
				i++;
			}
			c = ' ';
		} else if ((c == '"' || c == '\'') && at == REST) {
			/* a literal: skip to its end, so a comment opener inside it is not one */
			char q = c;
			for (i++; i < len && src[i] != q && src[i] != '\n'; i++)
				if (src[i] == '\\' && i + 1 < len && src[i + 1] != '\n')
					i++;
			if (i < len && src[i] == '\n')
				i--;
			continue;
		}
		bool hash = c == '#';
		if (c == '%' && i + 1 < len && src[i + 1] == ':') {
			hash = true;
			i++;
		} else if (c == '?' && i + 2 < len && src[i + 1] == '?' && src[i + 2] == '=') {
			hash = true;
			i += 2;
		}
		bool space = c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
		bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
			    (c >= '0' && c <= '9');
		switch (at) {
		case LINE_START:
			if (hash) {
				at = AFTER_HASH;
				directive_line = line;
			} else if (!space) {
				at = REST;
			}
			break;
		case AFTER_HASH:
			if (word) {
				at = IN_NAME;
				nlen = 0;
				name[nlen++] = c;
			} else if (!space) {
				at = REST;
			}
			break;
		case IN_NAME:
			if (word && nlen < sizeof(name) - 1) {
				name[nlen++] = c;
			} else {
				if (reads_a_file(name, nlen) && !word)
					return directive_line;
				at = REST;
			}
			break;
		case REST:
			break;
		}
	}
	if (at == IN_NAME && reads_a_file(name, nlen))
		return directive_line;
	return 0;
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
