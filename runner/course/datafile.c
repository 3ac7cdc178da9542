/*
 * datafile.c: init = file(NAME), a buffer's input read from a file the course ships under its
 * data/ directory (beside checks/). NAME ending in .bin holds raw little-endian elements of the
 * buffer's type; any other holds numbers separated by white space, '#' starting a comment that
 * runs to the end of its line; or, first word "sparse", a sparse file: "sparse SIZE" or "sparse
 * ROWS COLUMNS", then one cell a line (index, or row and column; its value, 1 when left out),
 * every other element 0. The file is read when the check loads, before any child starts;
 * its bytes join the check's hash, so results computed from the old file are not reused.
 * The check loads on every save: a file past DATA_FILE_MAX_BYTES is refused from its size,
 * before a byte of it is read (a gigabyte read whole cost three of memory and 19 s).
 */
#include "course/course.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* 4 Mi floats (a 2048 x 2048 image) in .bin; larger inputs are generated (random, iota). */
#define DATA_FILE_MAX_BYTES ((size_t)16 << 20)
/* The elements a sparse file may declare: as many as the largest .bin holds. */
#define SPARSE_MAX_ELEMENTS ((size_t)4 << 20)

/* A name under data/: letters, digits, '_', '-', '.', '/' between parts; no part "." or "..". */
static bool data_name_ok(const char *name)
{
	if (!*name || *name == '/' || strlen(name) >= 200)
		return false;
	for (const char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_-./", *p))
			return false;
	for (const char *part = name; part; part = strchr(part, '/'), part = part ? part + 1 : NULL) {
		size_t n = strcspn(part, "/");
		if (n == 0 || (n == 1 && part[0] == '.') || (n == 2 && !strncmp(part, "..", 2)))
			return false;
	}
	return true;
}

/* The course's data/ directory for the check file at check_path: its directory's parent's. */
static char *data_dir(const char *check_path)
{
	char *dir = xstrdup(check_path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		copy_str(dir, strlen(dir) + 1, ".");
	char *out = xstrfmt("%s/../data", dir);
	free(dir);
	return out;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);
	return n >= m && !strcmp(s + n - m, tail);
}

/* Raw little-endian elements of type t. */
static int parse_raw(const unsigned char *bytes, size_t len, enum elem_type t, struct init_spec *in,
		     char *err, size_t errlen)
{
	size_t es = type_info(t)->size;
	if (len % es) {
		snprintf(err, errlen, "init: data/%s has %zu bytes, not a whole number of %s values "
			 "(%zu bytes each)", in->file, len, type_info(t)->name, es);
		return -1;
	}
	in->ndata = len / es;
	in->data = xcalloc(in->ndata + 1, sizeof(double));
	for (size_t i = 0; i < in->ndata; i++) {
		uint64_t u = 0;
		for (size_t k = 0; k < es; k++)
			u |= (uint64_t)bytes[i * es + k] << (8 * k);
		unsigned char host[8];
		memcpy(host, &u, sizeof(host));   /* the low bytes first on a little-endian host */
		double x = t == TYPE_FLOAT ? (double)*(float *)(void *)host
			   : t == TYPE_DOUBLE ? *(double *)(void *)host : 0;
		if (!type_info(t)->is_float) {
			int64_t v = (int64_t)u;
			if (es < 8 && t != TYPE_UCHAR && t != TYPE_USHORT && t != TYPE_UINT &&
			    (u >> (8 * es - 1)) & 1)
				v = (int64_t)(u | (~(uint64_t)0 << (8 * es)));   /* sign-extended */
			x = (double)v;
		}
		if (!elem_holds(t, x)) {
			snprintf(err, errlen, "init: data/%s: value %zu does not fit in a %s", in->file, i,
				 type_info(t)->name);
			return -1;
		}
		in->data[i] = x;
	}
	return 0;
}

/* One number of a text data file at p, word bytes long, as a value of type t: 0; 1 when it is
 * no number (an integer type's is a whole one), 2 when it does not fit. */
static int text_number(const char *p, size_t word, enum elem_type t, double *x)
{
	char *end;
	*x = strtod(p, &end);
	bool number = end != p && (size_t)(end - p) == word && isfinite(*x) &&
		      !(p[0] == '0' && (p[1] == 'x' || p[1] == 'X'));
	if (number && !type_info(t)->is_float && *x != floor(*x))
		number = false;
	return !number ? 1 : !elem_holds(t, *x) ? 2 : 0;
}

/* The white-space separated words of one line up to its '#', at most max; how many, or max + 1
 * when there are more. */
static int line_words(const char *line, size_t len, const char **w, size_t *wlen, int max)
{
	int n = 0;
	for (size_t i = 0; i < len && line[i] != '#';) {
		if (isspace((unsigned char)line[i])) {
			i++;
			continue;
		}
		size_t k = strcspn(line + i, " \t\r\n#");
		if (n == max)
			return max + 1;
		w[n] = line + i;
		wlen[n++] = k;
		i += k;
	}
	return n;
}

/* The header of a sparse file, "sparse SIZE" or "sparse ROWS COLUMNS": the dense size; -1. */
static int sparse_header(const char **w, const size_t *wlen, int n, int line, struct init_spec *in,
			 size_t size[2], char *err, size_t errlen)
{
	double x;
	for (int d = 1; d < n && n <= 3; d++) {
		if (text_number(w[d], wlen[d], TYPE_UINT, &x) || x < 1)
			break;
		size[d - 1] = (size_t)x;
		if (d == n - 1 && size[0] * (n == 3 ? size[1] : 1) <= SPARSE_MAX_ELEMENTS)
			return n - 1;
	}
	snprintf(err, errlen, "init: data/%s, line %d: a sparse file starts with 'sparse SIZE' or 'sparse "
		 "ROWS COLUMNS', sizes from 1 to %zu elements in all", in->file, line,
		 SPARSE_MAX_ELEMENTS);
	return -1;
}

/* One cell of a sparse file: its index (row, column with two sizes) and its value (1 if none). */
static int sparse_cell(const char **w, const size_t *wlen, int n, int line, int dims, const size_t size[2],
		       enum elem_type t, struct init_spec *in, bool *given, char *err, size_t errlen)
{
	if (n != dims && n != dims + 1) {
		snprintf(err, errlen, "init: data/%s, line %d: a cell is %s, then its value if not 1",
			 in->file, line, dims == 2 ? "a row and a column" : "an index");
		return -1;
	}
	size_t at = 0;
	for (int d = 0; d < dims; d++) {
		double x;
		if (text_number(w[d], wlen[d], TYPE_LONG, &x) || x < 0 || x >= (double)size[d]) {
			snprintf(err, errlen, "init: data/%s, line %d: '%.*s' is not %s from 0 to %zu", in->file,
				 line, (int)(wlen[d] > 40 ? 40 : wlen[d]), w[d],
				 dims == 1 ? "an index" : d ? "a column" : "a row", size[d] - 1);
			return -1;
		}
		at = at * size[d] + (size_t)x;
	}
	double v = 1;
	int bad = n > dims ? text_number(w[dims], wlen[dims], t, &v) : 0;
	if (bad || given[at]) {
		if (bad)
			snprintf(err, errlen, "init: data/%s, line %d: '%.*s' is not %s %s", in->file, line,
				 (int)(wlen[dims] > 40 ? 40 : wlen[dims]), w[dims],
				 bad == 2 ? "within the range of" : "a number for", type_info(t)->name);
		else
			snprintf(err, errlen, "init: data/%s, line %d: this cell was given before", in->file, line);
		return -1;
	}
	given[at] = true;
	in->data[at] = v;
	return 0;
}

/* A sparse file: its header, then one cell a line; every other element is 0. */
static int parse_sparse(const char *text, enum elem_type t, struct init_spec *in, char *err, size_t errlen)
{
	size_t size[2] = { 1, 1 };
	int dims = 0, rc = 0, line = 0;
	bool *given = NULL;
	for (const char *p = text; *p && !rc;) {
		size_t len = strcspn(p, "\n");
		const char *w[4];
		size_t wlen[4];
		int n = line_words(p, len, w, wlen, 3);
		line++;
		p += len + (p[len] == '\n');
		if (!n)
			continue;
		if (dims) {
			rc = sparse_cell(w, wlen, n, line, dims, size, t, in, given, err, errlen);
			continue;
		}
		if ((dims = sparse_header(w, wlen, n, line, in, size, err, errlen)) < 0)
			return -1;
		in->ndata = size[0] * size[1];
		in->data = xcalloc(in->ndata + 1, sizeof(double));
		given = xcalloc(in->ndata, sizeof(bool));
	}
	free(given);
	return rc;
}

/* Whether the first word of text, past comments, is "sparse". */
static bool is_sparse(const char *text)
{
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");
		const char *w[1];
		size_t wlen[1];
		int n = line_words(p, len, w, wlen, 1);
		if (n)
			return wlen[0] == 6 && !strncmp(w[0], "sparse", 6);
		p += len + (p[len] == '\n');
	}
	return false;
}

/* Numbers separated by white space; '#' comments. */
static int parse_text(const char *text, enum elem_type t, struct init_spec *in, char *err, size_t errlen)
{
	if (is_sparse(text))
		return parse_sparse(text, t, in, err, errlen);
	size_t cap = 1024;
	in->data = xmalloc(cap * sizeof(double));
	int line = 1;
	for (const char *p = text; *p;) {
		if (*p == '\n')
			line++;
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (*p == '#') {
			p += strcspn(p, "\n");
			continue;
		}
		double x;
		size_t word = strcspn(p, " \t\r\n#");
		int bad = text_number(p, word, t, &x);
		if (bad) {
			snprintf(err, errlen, "init: data/%s, line %d: '%.*s' is not %s %s", in->file, line,
				 (int)(word > 40 ? 40 : word), p, bad == 2 ? "within the range of" : "a number for",
				 type_info(t)->name);
			return -1;
		}
		if (in->ndata == cap)
			in->data = xrealloc(in->data, (cap *= 2) * sizeof(double));
		in->data[in->ndata++] = x;
		p += word;
	}
	return 0;
}

int init_load_file(struct init_spec *in, const char *check_path, enum elem_type t, uint64_t *hash,
		   char *err, size_t errlen)
{
	if (!data_name_ok(in->file)) {
		snprintf(err, errlen, "init: file(%s): name a file under the course's data/ directory "
			 "(letters, digits, '_', '-', '.', and '/' between directories; no '..')", in->file);
		return -1;
	}
	char *dir = data_dir(check_path), *path = xstrfmt("%s/%s", dir, in->file);
	char *root = xstrfmt("%s/..", dir);
	char real_dir[PATH_MAX], real[PATH_MAX], real_root[PATH_MAX];
	int rc = -1;
	char *bytes = NULL;
	size_t len = 0;
	if (!realpath(dir, real_dir) || !realpath(path, real) || !realpath(root, real_root)) {
		snprintf(err, errlen, "init: cannot read data/%s: %s", in->file, strerror(errno));
	} else if (strncmp(real, real_dir, strlen(real_dir)) || real[strlen(real_dir)] != '/' ||
		   strncmp(real_dir, real_root, strlen(real_root)) || strcmp(real_dir + strlen(real_root), "/data")) {
		/* a link out of data/ */
		snprintf(err, errlen, "init: data/%s is outside the course's data/ directory", in->file);
	} else if (read_regular_file(real, DATA_FILE_MAX_BYTES, &bytes, &len) < 0) {
		struct stat st;
		if (errno == EFBIG && stat(real, &st) == 0)
			snprintf(err, errlen, "init: data/%s is %lld bytes; a data file holds at most %zu",
				 in->file, (long long)st.st_size, DATA_FILE_MAX_BYTES);
		else
			snprintf(err, errlen, "init: cannot read data/%s: %s", in->file, strerror(errno));
	} else {
		rc = ends_with(in->file, ".bin") ? parse_raw((unsigned char *)bytes, len, t, in, err, errlen)
						 : parse_text(bytes, t, in, err, errlen);
		if (rc == 0 && in->ndata == 0) {
			snprintf(err, errlen, "init: data/%s holds no values", in->file);
			rc = -1;
		}
		if (rc == 0 && hash) {
			*hash = hash_add_str(*hash, in->file);
			*hash = hash_add(*hash, bytes, len);
		}
	}
	free(bytes);
	free(path);
	free(root);
	free(dir);
	if (rc < 0) {
		free(in->data);
		in->data = NULL;
		in->ndata = 0;
	}
	return rc;
}
