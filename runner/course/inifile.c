/*
 * inifile.c: what inih cannot tell its handler about an ini text: where a section or a key is
 * (the handler gets no line number), and whether a section or a key is written twice (inih
 * hands the second one over as if it were new, and the last one would silently win).
 *
 * The scan follows inih's own reading: a byte-order mark is skipped, lines starting with ';' or
 * '#' are comments, a key ends at the first '=' or ':', and an indented line right after a key
 * continues that key's value (inih's multi-line values), so it is no key of its own.
 */
#include "course/course.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int ini_find_line(const char *text, const char *needle)
{
	int line = 1;
	size_t n = strlen(needle);
	for (const char *p = text; *p; p++) {
		if ((p == text || p[-1] == '\n')) {
			const char *q = p;
			while (*q == ' ' || *q == '\t')
				q++;
			if (!strncmp(q, needle, n))
				return line;
		}
		if (*p == '\n')
			line++;
	}
	return 0;
}

int ini_key_line(const char *text, const char *header, const char *key)
{
	int start = ini_find_line(text, header), found = start;
	int line = 1;
	size_t n = strlen(key);
	for (const char *p = text; *p; p++) {
		if ((p == text || p[-1] == '\n') && line > start) {
			const char *q = p;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '[')
				break;
			if (!strncmp(q, key, n) && (q[n] == ' ' || q[n] == '=' || q[n] == '\t'))
				found = line;
		}
		if (*p == '\n')
			line++;
	}
	return found;
}

struct seen {
	char name[INI_LINE_MAX + 1];   /* a section's name, or a key's (a longer line is cut) */
	int section;    /* -1 for a section; for a key, the index of its section's entry (or -1) */
	int line;
};

/* s[0..n) trimmed, with every run of blanks inside made one space: "[test  a ]" is "[test a]". */
static void normalized(const char *s, size_t n, char *out)
{
	size_t len = 0;
	bool blank = false;
	for (size_t i = 0; i < n && len < INI_LINE_MAX; i++) {
		if (isspace((unsigned char)s[i])) {
			blank = len > 0;
			continue;
		}
		if (blank && len < INI_LINE_MAX - 1)
			out[len++] = ' ';
		blank = false;
		out[len++] = s[i];
	}
	out[len] = '\0';
}

int ini_duplicate(const char *text, char *err, size_t errlen)
{
	/* One allocation, an entry a line at most: this runs on every load of a course. */
	size_t lines = 1;
	for (const char *q = text; *q; q++)
		lines += *q == '\n';
	struct seen *v = xcalloc(lines, sizeof(*v));
	int n = 0, section = -1, line = 0, found = 0;
	bool after_key = false;
	const char *p = text;
	if (!strncmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	while (*p && !found) {
		line++;
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		const char *s = p;
		while (s < p + len && (*s == ' ' || *s == '\t'))
			s++;
		bool indented = s > p;
		size_t rest = len - (size_t)(s - p);
		struct seen *e = &v[n];
		bool named = false;
		if (!rest || *s == ';' || *s == '#' || *s == '\r') {
			/* a blank line or a comment: it changes nothing */
		} else if (*s == '[') {
			const char *close = memchr(s, ']', rest);
			if (close) {
				normalized(s + 1, (size_t)(close - s - 1), e->name);
				e->section = -1;
				named = true;
			}
			after_key = false;
		} else if (indented && after_key) {
			/* the value of the key above goes on */
		} else {
			size_t k = strcspn(s, "=:\n");
			if (k < rest) {
				normalized(s, k, e->name);
				e->section = section;
				named = true;
				after_key = true;
			}
		}
		for (int i = 0; named && i < n; i++) {
			if (v[i].section != e->section || strcmp(v[i].name, e->name))
				continue;
			int in = e->section;
			if (in == -1)
				snprintf(err, errlen, "[%s] appears twice (first at line %d): write each section once",
					 e->name, v[i].line);
			else
				snprintf(err, errlen, "'%s' is given twice%s%s%s (first at line %d): write each key once",
					 e->name, in >= 0 ? " in [" : "", in >= 0 ? v[in].name : "", in >= 0 ? "]" : "",
					 v[i].line);
			found = line;
			break;
		}
		if (named && !found) {
			e->line = line;
			if (e->section == -1)
				section = n;
			n++;
		}
		if (!end)
			break;
		p = end + 1;
	}
	free(v);
	return found;
}
