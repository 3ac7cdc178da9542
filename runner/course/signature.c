/*
 * signature.c: a kernel's signature in a check: the lists of its keys split at their commas,
 * each argument parsed ("__global const int *in"), and a step's signature rendered as C.
 */
#include "course/course.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Frees the n pieces of a list from split_list (none when n < 0). */
void spec_free_list(char **list, int n)
{
	for (int i = 0; i < n; i++)
		free(list[i]);
}

/*
 * Splits "a, b" into at most max trimmed pieces stored in out (allocated); returns how many,
 * or -1 with nothing left allocated when there are more than max.
 */
int spec_split_list(const char *v, char **out, int max)
{
	int n = 0;
	const char *p = v;
	int depth = 0;
	const char *start = p;
	for (;; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		if ((*p == ',' && depth == 0) || !*p) {
			if (n == max) {
				spec_free_list(out, n);
				return -1;
			}
			const char *a = start, *b = p;
			while (a < b && isspace((unsigned char)*a))
				a++;
			while (b > a && isspace((unsigned char)b[-1]))
				b--;
			char *s = xmalloc((size_t)(b - a) + 1);
			memcpy(s, a, (size_t)(b - a));
			s[b - a] = '\0';
			out[n++] = s;
			if (!*p)
				break;
			start = p + 1;
		}
	}
	return n;
}

bool spec_identifier(const char *s, size_t max)
{
	bool ident = *s && !isdigit((unsigned char)*s) && strlen(s) < max;
	for (const char *p = s; ident && *p; p++)
		ident = isalnum((unsigned char)*p) || *p == '_';
	return ident;
}

char *spec_continued_list(char **head, const char *value)
{
	char *text = *head ? xstrfmt("%s %s", *head, value) : xstrdup(value);
	free(*head);
	*head = NULL;
	if (*text && text[strlen(text) - 1] == ',') {
		*head = text;
		return NULL;
	}
	return text;
}

/* "float4", "uchar16": a scalar type's name and a vector width. */
static bool vector_type(const char *w)
{
	static const char *const widths[] = { "2", "3", "4", "8", "16" };
	size_t n = strlen(w);
	for (size_t k = 0; k < sizeof(widths) / sizeof(widths[0]); k++) {
		size_t m = strlen(widths[k]);
		if (n > m && !strcmp(w + n - m, widths[k])) {
			char base[NAME_MAX_LEN];
			copy_str(base, sizeof(base), w);
			base[n - m] = '\0';
			if (type_from_name(base) >= 0 || !strcmp(base, "half"))
				return true;
		}
	}
	return false;
}

/* Parses one argument of a signature: "__global const int *in", "uint len". */
int spec_parse_arg(const char *text, struct arg_spec *a, char *err, size_t errlen)
{
	char buf[256];
	a->tolerance = -1;   /* the check's */
	a->abs_tolerance = -1;
	a->count_arg = -1;   /* the whole buffer */
	a->from_arg = -1;
	copy_str(buf, sizeof(buf), text);
	for (char *p = buf; *p; p++)
		if (*p == '*') {
			a->is_pointer = true;
			*p = ' ';
		}
	a->kind = ARG_SCALAR;
	int type = -1;
	bool is_unsigned = false;
	char *save = NULL, *words[8];
	int nw = 0;
	for (char *w = strtok_r(buf, " \t", &save); w && nw < 8; w = strtok_r(NULL, " \t", &save))
		words[nw++] = w;
	if (nw < 2) {
		snprintf(err, errlen, "argument '%s' needs a type and a name", text);
		return -1;
	}
	copy_str(a->name, sizeof(a->name), words[nw - 1]);
	for (int i = 0; i < nw - 1; i++) {
		const char *w = words[i];
		if (!strcmp(w, "__global") || !strcmp(w, "global"))
			a->kind = ARG_GLOBAL;
		else if (!strcmp(w, "__local") || !strcmp(w, "local"))
			a->kind = ARG_LOCAL;
		else if (!strcmp(w, "__constant") || !strcmp(w, "constant"))
			a->kind = ARG_CONSTANT;
		else if (!strcmp(w, "const"))
			a->is_const = true;
		else if (!strcmp(w, "restrict") || !strcmp(w, "__restrict"))
			a->is_restrict = true;
		else if (!strcmp(w, "volatile"))
			a->is_volatile = true;
		else if (!strcmp(w, "unsigned"))
			is_unsigned = true;
		else if ((type = type_from_name(w)) >= 0)
			a->type = (enum elem_type)type;
		else if (vector_type(w)) {
			snprintf(err, errlen, "argument '%s': vector types such as '%s' are not accepted; "
				 "declare a pointer to the element type (vload4 and vstore4 read and write "
				 "vectors from it)", text, w);
			return -1;
		} else if (!strcmp(w, "half") || !strcmp(w, "bool") || !strcmp(w, "size_t")) {
			snprintf(err, errlen, "argument '%s': '%s' is not accepted (the host cannot fill or "
				 "compare it; see the table of types in docs/authoring.md)", text, w);
			return -1;
		} else {
			snprintf(err, errlen, "unknown word '%s' in argument '%s'", w, text);
			return -1;
		}
	}
	if (type < 0 && !is_unsigned) {
		snprintf(err, errlen, "argument '%s' has no type", text);
		return -1;
	}
	if (is_unsigned) {
		static const enum elem_type unsigned_of[TYPE_COUNT] = {
			[TYPE_CHAR] = TYPE_UCHAR, [TYPE_SHORT] = TYPE_USHORT, [TYPE_INT] = TYPE_UINT,
			[TYPE_LONG] = TYPE_ULONG,
		};
		a->type = type < 0 ? TYPE_UINT : unsigned_of[a->type] ? unsigned_of[a->type] : a->type;
	}
	if (a->is_restrict && !a->is_pointer) {
		snprintf(err, errlen, "argument '%s': restrict qualifies pointers only", text);
		return -1;
	}
	if ((a->kind == ARG_SCALAR) == a->is_pointer) {
		snprintf(err, errlen, "argument '%s': pointers need __global, __local or __constant, "
			 "and scalars none", text);
		return -1;
	}
	return 0;
}

void check_step_signature(const struct check_spec *spec, int step, struct sbuf *out)
{
	static const char *const space[] = { "__global ", "__constant ", "__local ", "" };
	const struct step_spec *st = &spec->steps[step];
	sbuf_addf(out, "__kernel void %s(", st->kernel);
	for (int i = 0; i < st->nparams; i++) {
		const struct arg_spec *a = &spec->args[st->param[i].arg];
		sbuf_addf(out, "%s%s%s%s%s %s%s%s", i ? ", " : "", space[a->kind],
			  st->param[i].is_const ? "const " : "", a->is_volatile ? "volatile " : "",
			  type_info(a->type)->name, a->is_pointer ? "*" : "", a->is_restrict ? "restrict " : "",
			  a->name);
	}
	sbuf_adds(out, ")");
}

