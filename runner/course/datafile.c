/*
 * datafile.c: init = file(NAME), a buffer's input read from a file the course ships under its
 * data/ directory (beside checks/). NAME ending in .bin holds raw little-endian elements of the
 * buffer's type; any other holds numbers separated by white space, '#' starting a comment that
 * runs to the end of its line. The file is read when the check loads, before any child starts;
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

/* Numbers separated by white space; '#' comments. */
static int parse_text(const char *text, enum elem_type t, struct init_spec *in, char *err, size_t errlen)
{
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
		char *end;
		errno = 0;
		double x = strtod(p, &end);
		size_t word = strcspn(p, " \t\r\n#");
		bool number = end != p && (size_t)(end - p) == word && isfinite(x) &&
			      !(p[0] == '0' && (p[1] == 'x' || p[1] == 'X'));
		if (number && !type_info(t)->is_float && x != floor(x))
			number = false;
		if (!number || !elem_holds(t, x)) {
			snprintf(err, errlen, "init: data/%s, line %d: '%.*s' is not %s %s", in->file, line,
				 (int)(word > 40 ? 40 : word), p, number ? "within the range of" : "a number for",
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
