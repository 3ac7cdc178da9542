/*
 * comment-lang.c: a kernel source with its comments in one language (the reference solution, s).
 *
 * A course writes a comment in its own language and then in each other one: a line
 * `// [LANG] ...` and the lines under it indented at least as far as the marker are that
 * language's; a line indented less starts the next comment. The comments of a block are the
 * comment lines that start at one column: whole-line comments, or a trailing comment and the
 * whole-line comments under it at its column. Each comment is shown in the asked language where
 * it has one, else in the course's own; the code is never changed.
 */
#include "course/course.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct src_line {
	const char *start;   /* the line, without its '\n' */
	size_t len;
	size_t text;         /* offset of what follows "//", or len when there is no comment */
	int column;          /* of "//", tabs at 8 */
	bool whole;          /* nothing but blanks before "//" */
};

/* A comment line's depth: the blanks after "//" (a marker deeper than the text is a part's). */
static int depth_of(const struct src_line *l)
{
	size_t i = l->text;
	while (i < l->len && (l->start[i] == ' ' || l->start[i] == '\t'))
		i++;
	return i == l->len ? -1 : (int)(i - l->text);   /* -1: an empty comment line */
}

/* The language a line's text names as `[LANG]` after its blanks, its end in *after; 0 if none. */
static size_t marker_of(const struct src_line *l, char *lang, size_t langsz, size_t *after)
{
	size_t i = l->text;
	while (i < l->len && (l->start[i] == ' ' || l->start[i] == '\t'))
		i++;
	if (i >= l->len || l->start[i] != '[')
		return 0;
	size_t j = i + 1;
	while (j < l->len && (isalnum((unsigned char)l->start[j]) || l->start[j] == '-'))
		j++;
	if (j >= l->len || l->start[j] != ']' || j - i - 1 == 0 || j - i - 1 >= langsz)
		return 0;
	memcpy(lang, l->start + i + 1, j - i - 1);
	lang[j - i - 1] = '\0';
	if (!lang_name_valid(lang))
		return 0;
	*after = j + 1 < l->len && l->start[j + 1] == ' ' ? j + 2 : j + 1;
	return i;   /* where the marker starts */
}

static void split_lines(const char *code, struct src_line **out, size_t *n)
{
	size_t cap = 16;
	*out = xmalloc(cap * sizeof(**out));
	*n = 0;
	for (const char *p = code; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (*n == cap)
			*out = xrealloc(*out, (cap *= 2) * sizeof(**out));
		struct src_line *l = &(*out)[(*n)++];
		*l = (struct src_line){ .start = p, .len = len, .text = len };
		int col = 0;
		bool blank = true;
		for (size_t i = 0; i < len; i++) {
			if (p[i] == '/' && i + 1 < len && p[i + 1] == '/') {
				l->text = i + 2;
				l->column = col;
				l->whole = blank;
				break;
			}
			col = p[i] == '\t' ? col + 8 - col % 8 : col + 1;
			blank = blank && (p[i] == ' ' || p[i] == '\t');
		}
		p += len + (nl != NULL);
	}
}

/* Lines first .. last-1, the first of them after prefix's code and "//" (its own when prefix is
 * NULL), with the language's marker left out when translated. */
static void emit_part(struct sbuf *out, const struct src_line *v, size_t first, size_t last,
		      const struct src_line *prefix, bool translated)
{
	for (size_t i = first; i < last; i++) {
		const struct src_line *l = &v[i];
		char lang[LANG_NAME_MAX];
		size_t after, at = translated ? marker_of(l, lang, sizeof(lang), &after) : 0;
		const struct src_line *pre = i == first && prefix ? prefix : l;
		sbuf_add(out, pre->start, pre->text);
		if (at) {
			sbuf_add(out, l->start + l->text, at - l->text);
			sbuf_add(out, l->start + after, l->len - after);
		} else {
			sbuf_add(out, l->start + l->text, l->len - l->text);
		}
		sbuf_adds(out, "\n");
	}
}

void source_comments_in(const char *code, const char *lang, struct sbuf *out)
{
	struct src_line *v;
	size_t n;
	split_lines(code, &v, &n);
	for (size_t i = 0; i < n;) {
		if (v[i].text == v[i].len) {   /* code alone */
			sbuf_add(out, v[i].start, v[i].len);
			sbuf_adds(out, "\n");
			i++;
			continue;
		}
		/* One comment: its own language's lines from i (none when i names a language), then
		 * the parts of other languages. */
		char tag[LANG_NAME_MAX];
		size_t after, own_end = i, end;
		if (!marker_of(&v[i], tag, sizeof(tag), &after))
			while (++own_end < n && v[own_end].whole && v[own_end].column == v[i].column &&
			       !marker_of(&v[own_end], tag, sizeof(tag), &after))
				;
		size_t chosen = n, chosen_end = n;
		end = own_end;
		while (end < n && (end == i || (v[end].whole && v[end].column == v[i].column)) &&
		       marker_of(&v[end], tag, sizeof(tag), &after)) {
			int depth = depth_of(&v[end]);
			size_t part = end++;
			while (end < n && v[end].whole && v[end].column == v[i].column &&
			       !marker_of(&v[end], tag, sizeof(tag), &after) &&
			       (depth_of(&v[end]) < 0 || depth_of(&v[end]) >= depth))
				end++;
			marker_of(&v[part], tag, sizeof(tag), &after);
			if (lang && !strcasecmp(tag, lang))
				chosen = part, chosen_end = end;
		}
		if (chosen < n) {
			emit_part(out, v, chosen, chosen_end, &v[i], true);
		} else if (own_end > i) {
			/* an empty line between it and the first translation was their gap */
			while (own_end < end && own_end > i + 1 && depth_of(&v[own_end - 1]) < 0)
				own_end--;
			emit_part(out, v, i, own_end, NULL, false);
		} else {
			emit_part(out, v, i, end, NULL, false);   /* no own language's: as written */
		}
		i = end;
	}
	free(v);
}
