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
	char *name;     /* a section's name, or a key's */
	int section;    /* -1 for a section; for a key, the index of its section's entry (or -1) */
	int line;
};

/* s[0..n) trimmed, with every run of blanks inside made one space: "[test  a ]" is "[test a]". */
static char *normalized(const char *s, size_t n)
{
	struct sbuf sb = SBUF_INIT;
	bool blank = false;
	for (size_t i = 0; i < n; i++) {
		if (isspace((unsigned char)s[i])) {
			blank = sb.len > 0;
			continue;
		}
		if (blank)
			sbuf_adds(&sb, " ");
		blank = false;
		sbuf_add(&sb, s + i, 1);
	}
	return sb.buf ? sbuf_detach(&sb) : xstrdup("");
}

int ini_duplicate(const char *text, char *err, size_t errlen)
{
	struct seen *v = NULL;
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
		char *name = NULL;
		int in = -2;    /* the entry's section; -2: this line is neither section nor key */
		if (!rest || *s == ';' || *s == '#' || *s == '\r') {
			/* a blank line or a comment: it changes nothing */
		} else if (*s == '[') {
			const char *close = memchr(s, ']', rest);
			if (close) {
				name = normalized(s + 1, (size_t)(close - s - 1));
				in = -1;
			}
			after_key = false;
		} else if (indented && after_key) {
			/* the value of the key above goes on */
		} else {
			size_t k = strcspn(s, "=:\n");
			if (k < rest) {
				name = normalized(s, k);
				in = section;
				after_key = true;
			}
		}
		for (int i = 0; name && i < n; i++) {
			if (v[i].section != in || strcmp(v[i].name, name))
				continue;
			if (in == -1)
				snprintf(err, errlen, "[%s] appears twice (first at line %d): write each section once",
					 name, v[i].line);
			else
				snprintf(err, errlen, "'%s' is given twice%s%s%s (first at line %d): write each key once",
					 name, in >= 0 ? " in [" : "", in >= 0 ? v[in].name : "", in >= 0 ? "]" : "",
					 v[i].line);
			found = line;
			break;
		}
		if (name && !found) {
			v = xrealloc(v, (size_t)(n + 1) * sizeof(*v));
			v[n] = (struct seen){ name, in, line };
			if (in == -1)
				section = n;
			n++;
		} else {
			free(name);
		}
		if (!end)
			break;
		p = end + 1;
	}
	for (int i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	return found;
}
