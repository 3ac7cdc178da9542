/*
 * source-advice.c: what the analysis's race messages still read in the learner's source as
 * text, to name the real fix: the barriers between two accesses and their fences, the loop a
 * race repeats in. Plain text, line by line, as the learner wrote it. Guards, a `return` before
 * a barrier and a local index from get_global_id are not read here any more: the analysis and
 * the judge ask libclang's facts (diagnose-facts.c), as the diagnoses do.
 */
#include "engine/source/source.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
