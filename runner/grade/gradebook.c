/*
 * gradebook.c: the class's gradebook.csv, and the CSV reader of a roster (class.h).
 *
 * Canvas' gradebook import reads a student's row by its identity columns (Student, ID, SIS User
 * ID, SIS Login ID, Section) and makes a new assignment of any other column; Moodle's CSV import
 * matches a column it is told to (a username, an email address) and maps the others to grade
 * items. So: the identity columns first (a roster's own, or the directory's name as Student and
 * SIS Login ID), one column per exercise, the total last. A student without a grade (missing,
 * graded twice, clings' failure) has empty cells: Canvas and Moodle leave those ungraded, where
 * a 0 would be a grade. RFC 4180: commas, quotes doubled inside quotes, CRLF line ends.
 */
#include "grade/class.h"

#include <stdlib.h>
#include <string.h>

/* ---- reading ---- */

void csv_release(struct csv_rows *rows)
{
	for (int r = 0; r < rows->n; r++) {
		for (int f = 0; f < rows->nfields[r]; f++)
			free(rows->rows[r][f]);
		free(rows->rows[r]);
	}
	free(rows->rows);
	free(rows->nfields);
	free(rows->lines);
	*rows = (struct csv_rows)CSV_ROWS_INIT;
}

static void add_field(struct csv_rows *out, struct sbuf *field)
{
	int r = out->n - 1;
	out->rows[r] = xrealloc(out->rows[r], sizeof(char *) * (size_t)(out->nfields[r] + 1));
	out->rows[r][out->nfields[r]++] = sbuf_detach(field);
}

static void add_row(struct csv_rows *out, int line)
{
	out->rows = xrealloc(out->rows, sizeof(*out->rows) * (size_t)(out->n + 1));
	out->nfields = xrealloc(out->nfields, sizeof(*out->nfields) * (size_t)(out->n + 1));
	out->lines = xrealloc(out->lines, sizeof(*out->lines) * (size_t)(out->n + 1));
	out->rows[out->n] = NULL;
	out->lines[out->n] = line;
	out->nfields[out->n++] = 0;
}

int csv_parse(const char *text, size_t len, const char *path, struct csv_rows *out)
{
	*out = (struct csv_rows)CSV_ROWS_INIT;
	struct sbuf field = SBUF_INIT;
	int line = 1;
	const char *p = text, *nul = memchr(text, 0, len);
	if (nul) {   /* the rows after it would vanish from a C string */
		for (const char *q = text; q < nul; q++)
			line += *q == '\n';
		return error("%s:%d: a NUL byte: not CSV text", path, line);
	}
	if (!strncmp(p, "\xef\xbb\xbf", 3))   /* a spreadsheet's byte order mark */
		p += 3;
	while (*p) {
		add_row(out, line);
		for (;;) {   /* one field */
			if (*p == '"') {
				int start = line;
				for (p++;; p++) {
					if (!*p) {
						sbuf_release(&field);
						csv_release(out);
						return error("%s:%d: a quoted field is never closed", path, start);
					}
					if (*p == '"' && p[1] == '"')
						sbuf_add(&field, p++, 1);
					else if (*p == '"')
						break;
					else
						sbuf_add(&field, p, 1), line += *p == '\n';
				}
				p++;
				if (*p && *p != ',' && *p != '\n' && *p != '\r') {
					sbuf_release(&field);
					csv_release(out);
					return error("%s:%d: text after a quoted field's closing quote", path, line);
				}
			} else {
				size_t n = strcspn(p, ",\r\n");
				sbuf_add(&field, p, n);
				p += n;
			}
			add_field(out, &field);
			if (*p != ',')
				break;
			p++;
		}
		if (*p == '\r')
			p++;
		if (*p == '\n')
			p++, line++;
	}
	sbuf_release(&field);
	return 0;
}

/* ---- writing ---- */

/* How many spaces p has before a formula could start there, or -1 for none: a spreadsheet may
 * start one at a cell's start and after a `;` or `,`, which separate fields or lists in some
 * locales (`x;=1+1` splits into a formula there). */
static int formula_at(const char *s, const char *p)
{
	if (p > s && p[-1] != ';' && p[-1] != ',')
		return -1;
	size_t sp = strspn(p, " ");
	return p[sp] && strchr("=+-@\t\r", p[sp]) ? (int)sp : -1;
}

/* One field: quoted when it holds a separator (`;` too) or a formula, each place a formula
 * could start given a `'` first, so that it is text to a spreadsheet, never a formula it runs. */
static void cell(struct sbuf *o, const char *s, bool first)
{
	if (!first)
		sbuf_adds(o, ",");
	if (!s[strcspn(s, ",;\"\r\n")] && formula_at(s, s) < 0) {
		sbuf_adds(o, s);
		return;
	}
	sbuf_adds(o, "\"");
	for (const char *p = s; *p; p++) {
		int sp = formula_at(s, p);
		if (sp >= 0) {
			sbuf_add(o, p, (size_t)sp);
			sbuf_adds(o, "'");
			p += sp;
		}
		sbuf_adds(o, *p == '"' ? "\"\"" : (char[]){ *p, 0 });
	}
	sbuf_adds(o, "\"");
}

static json_t *find_student(json_t *cls, const char *name)
{
	json_t *st;
	size_t i;
	json_array_foreach(json_object_get(cls, "students"), i, st)
		if (!strcmp(json_string_value(json_object_get(st, "name")), name))
			return st;
	return NULL;
}

/* The grade cells of st (NULL: no submission): points per exercise and the total, or empty. */
static void grades(struct sbuf *o, json_t *cls, json_t *st)
{
	json_t *ex;
	size_t i;
	bool graded = st && json_is_true(json_object_get(st, "graded"));
	json_array_foreach(json_object_get(cls, "exercises"), i, ex) {
		char num[32] = "";
		json_t *e;
		size_t k;
		json_array_foreach(graded ? json_object_get(st, "exercises") : NULL, k, e)
			if (json_equal(json_object_get(e, "name"), json_object_get(ex, "name")))
				snprintf(num, sizeof(num), "%lld", (long long)json_integer_value(json_object_get(e, "points")));
		cell(o, num, false);
	}
	char total[32] = "";
	if (graded)
		snprintf(total, sizeof(total), "%lld", (long long)json_integer_value(json_object_get(st, "score")));
	cell(o, total, false);
	sbuf_adds(o, "\r\n");
}

int class_gradebook_write(json_t *cls, const struct csv_rows *roster, const char *path)
{
	struct sbuf o = SBUF_INIT;
	int col = -1, ncols = roster && roster->n ? roster->nfields[0] : 0;
	for (int f = 0; f < ncols; f++)
		if (!strcmp(roster->rows[0][f], "submission"))
			col = f;
	/* the header */
	bool first = true;
	if (roster) {
		for (int f = 0; f < ncols; f++)
			if (f != col)
				cell(&o, roster->rows[0][f], first), first = false;
	} else {
		sbuf_adds(&o, "Student,ID,SIS User ID,SIS Login ID,Section");
		first = false;
	}
	json_t *ex, *st;
	size_t i;
	json_array_foreach(json_object_get(cls, "exercises"), i, ex)
		cell(&o, json_string_value(json_object_get(ex, "name")), first), first = false;
	cell(&o, "clings total", first);
	sbuf_adds(&o, "\r\n");
	/* the roster's students, in its order */
	for (int r = 1; roster && r < roster->n; r++) {
		const char *sub = col < roster->nfields[r] ? roster->rows[r][col] : "";
		first = true;
		for (int f = 0; f < ncols; f++)
			if (f != col)
				cell(&o, f < roster->nfields[r] ? roster->rows[r][f] : "", first), first = false;
		grades(&o, cls, *sub ? find_student(cls, sub) : NULL);
	}
	/* the class's, named by their directories: all of them, or those the roster lacks */
	json_array_foreach(json_object_get(cls, "students"), i, st) {
		const char *name = json_string_value(json_object_get(st, "name"));
		bool on = false;
		for (int r = 1; roster && r < roster->n && !on; r++)
			on = col < roster->nfields[r] && !strcmp(roster->rows[r][col], name);
		if (on)
			continue;
		if (roster) {
			cell(&o, name, true);
			for (int f = 1; f < ncols - 1; f++)
				cell(&o, "", false);
		} else {
			cell(&o, name, true);
			sbuf_adds(&o, ",,");
			cell(&o, name, false);
			sbuf_adds(&o, ",");
		}
		grades(&o, cls, st);
	}
	int rc = write_file_atomic(path, o.buf, o.len) < 0 ? error("%s: cannot write:", path) : 0;
	sbuf_release(&o);
	return rc;
}
