/*
 * kernel-facts-read.c: the parent's side of the kernel's facts (repair.h): the codec of one fact,
 * and the confined child started, watched and its answer judged. What the child says was made
 * from the learner's text by a parser that text may have led astray: a fact is taken only when
 * its kind is known, its ranges lie in the source, its flags are its kind's, its names are
 * identifiers and its operators comparisons; one bad line and the whole list is refused.
 */
#include "engine/source/source.h"

#include <stdlib.h>
#include <string.h>


/* ---- the codec ---- */
static const char *const kind_names[KF_KINDS] = {
	[KF_CMP] = "cmp", [KF_SUB] = "sub", [KF_MADD] = "madd", [KF_CALL] = "call", [KF_DECL] = "decl",
	[KF_BARRIER] = "barrier", [KF_RMW] = "rmw", [KF_LREAD] = "lread", [KF_LSTORE] = "lstore",
	[KF_GSTORE] = "gstore", [KF_PARAM] = "param", [KF_GUARD] = "guard", [KF_ATOMIC] = "atomic",
	[KF_ARRAY] = "array", [KF_BUFFER] = "buffer", [KF_UNSET] = "unset", [KF_RETURN] = "return",
	[KF_VLOAD] = "vload", [KF_LNAME] = "lname", [KF_ASSIGN] = "assign", [KF_LOOP] = "loop",
	[KF_COPY] = "copy", [KF_ASYNC] = "async", [KF_VALUE] = "value",
};

void kernel_fact_write(struct sbuf *out, const struct kfact *k)
{
	sbuf_addf(out, "%s\t%u\t%u\t%u\t%u\t%u\t%u\t%d\t", kind_names[k->kind], k->range.off, k->range.end,
		  k->range2.off, k->range2.end, k->outer.off, k->outer.end, k->flags);
	escape_line(out, k->text);
	sbuf_adds(out, "\t");
	escape_line(out, k->detail);
}

static bool range_ok(struct srange r, size_t len)
{
	return r.off <= r.end && r.end <= len;
}

static bool identifier(const char *s, bool empty_ok)
{
	if (!*s)
		return empty_ok;
	if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return false;
	return strspn(s, "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == strlen(s);
}

static bool comparison(const char *op)
{
	return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=");
}

/* Whether s is a whole decimal number (an infinity too; no NaN: no result is traced to one). */
static bool number(const char *s)
{
	char *end;
	if (!*s || strlen(s) > 32 || strspn(s, "+-.0123456789eEinf") != strlen(s))
		return false;
	double v = strtod(s, &end);
	return !*end && v == v;
}

/* What a fact of its kind may say beyond its ranges. */
static bool fields_ok(const struct kfact *k)
{
	switch (k->kind) {
	case KF_CMP:
		return comparison(k->text) && k->flags == 0;
	case KF_GUARD:
		return (comparison(k->text) || !strcmp(k->text, "==") || !strcmp(k->text, "!=")) && (k->flags & ~(KF_BOUNDS | KF_EXACT)) == 0 &&
		       (k->flags & KF_EXACT ? k->flags & KF_BOUNDS : 1) &&
		       (!strcmp(k->detail, "if") || !strcmp(k->detail, "return") || !strcmp(k->detail, "loop") ||
			!strcmp(k->detail, "ternary"));
	case KF_SUB: case KF_VLOAD:
		return identifier(k->text, true) && (k->flags & ~KF_SUB_FLAGS) == 0;
	case KF_ARRAY: case KF_BUFFER:
		return identifier(k->text, false) && k->flags >= 0;
	case KF_ATOMIC:
		return identifier(k->text, false) && identifier(k->detail, true) && k->flags == 0;
	case KF_CALL: case KF_DECL: case KF_PARAM: case KF_UNSET: case KF_LNAME:
		return identifier(k->text, false) && k->flags == 0;
	case KF_ASSIGN:
		return identifier(k->text, false) && identifier(k->detail, false) && k->flags == 0;
	case KF_LREAD: case KF_LSTORE: case KF_GSTORE:
		return identifier(k->text, true) && k->flags == 0;
	case KF_BARRIER:
		return (k->flags & ~(KF_FENCE_LOCAL | KF_FENCE_GLOBAL)) == 0 &&
		       (!strcmp(k->detail, "if") || !strcmp(k->detail, "loop") || !*k->detail);
	case KF_LOOP:
		return k->flags == 0 && k->range.off == k->outer.off && k->range.end == k->outer.end;
	case KF_COPY:
		return identifier(k->text, false) && identifier(k->detail, false) && k->flags == 0 &&
		       k->range.off == k->outer.off && k->range.end == k->outer.end;
	case KF_ASYNC:
		return !strncmp(k->text, "async_work_group", 16) && identifier(k->text, false) && k->flags == 0;
	case KF_VALUE:
		return identifier(k->text, false) && number(k->detail) && k->flags == 0;
	default:
		return k->flags == 0;
	}
}

int kernel_fact_read(const char *fields, size_t len, struct kfact *k)
{
	*k = (struct kfact){ 0 };
	char *copy = xstrdup(fields), *p = copy, *f[10];
	int n = 0;
	while (n < 10 && p)
		f[n++] = strsep(&p, "\t");
	unsigned long v[7];
	bool ok = n == 10 && !p;
	for (int i = 0; ok && i < 7; i++) {
		char *end;
		v[i] = strtoul(f[i + 1], &end, 10);
		/* ranges lie in the source; flags (a count of elements or of names) fit an int */
		ok = *f[i + 1] && *f[i + 1] != '-' && !*end && (i < 6 ? v[i] <= len : v[i] <= 0x7fffffffUL);
	}
	int kind = 0;
	while (ok && kind < KF_KINDS && strcmp(f[0], kind_names[kind]))
		kind++;
	struct sbuf sb = SBUF_INIT;
	if (ok && kind < KF_KINDS) {
		k->kind = kind;
		k->range = (struct srange){ v[0], v[1] };
		k->range2 = (struct srange){ v[2], v[3] };
		k->outer = (struct srange){ v[4], v[5] };
		k->flags = (int)v[6];
		unescape_line(&sb, f[8]);
		ok = sb.len < sizeof(k->text) && strlen(sb.buf) == sb.len;
		copy_str(k->text, sizeof(k->text), sb.buf);
		sbuf_reset(&sb);
		unescape_line(&sb, f[9]);
		ok = ok && sb.len < sizeof(k->detail) && strlen(sb.buf) == sb.len;
		copy_str(k->detail, sizeof(k->detail), sb.buf);
	}
	sbuf_release(&sb);
	free(copy);
	return ok && kind < KF_KINDS && range_ok(k->range, len) && range_ok(k->range2, len) &&
	       range_ok(k->outer, len) && fields_ok(k) ? 0 : -1;
}

void kernel_facts_release(struct kernel_facts *kf)
{
	free(kf->f);
	*kf = (struct kernel_facts)KERNEL_FACTS_INIT;
}

/* Whether every guard is one of the subscript (or vload) the list holds last before it, as the
 * child sends them: a guard of nothing is a list no parser of this source made. One pass, so
 * that a kernel of a hundred thousand subscripts costs the parent no more than its reading. */
static bool guards_have_subscripts(const struct kfact *f, int n)
{
	const struct kfact *sub = NULL;
	for (int i = 0; i < n; i++) {
		if (f[i].kind == KF_SUB || f[i].kind == KF_VLOAD)
			sub = &f[i];
		else if (f[i].kind == KF_GUARD && (!sub || sub->range.off != f[i].outer.off ||
						   sub->range.end != f[i].outer.end))
			return false;
	}
	return true;
}

/* The line of byte off: the last line start at or before it (starts[0] is 0). */
static int line_at(const unsigned *starts, size_t n, unsigned off)
{
	size_t lo = 0, hi = n;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return (int)lo + 1;
}

/* Each fact's lines, from one pass over the source and a search a fact. */
static void number_lines(struct kernel_facts *kf, const char *src, size_t len)
{
	size_t n = 1, cap = 64;
	unsigned *starts = xmalloc(sizeof(*starts) * cap);
	starts[0] = 0;
	for (size_t i = 0; i < len; i++)
		if (src[i] == '\n') {
			if (n == cap)
				starts = xrealloc(starts, sizeof(*starts) * (cap *= 2));
			starts[n++] = (unsigned)i + 1;
		}
	for (int i = 0; i < kf->n; i++) {
		struct kfact *k = &kf->f[i];
		k->line = line_at(starts, n, k->range.off);
		k->outer_line = line_at(starts, n, k->outer.off);
		k->outer_end_line = line_at(starts, n, k->outer.end);
	}
	free(starts);
}

int kernel_facts_parse(const char *text, const char *src, size_t len, struct kernel_facts *kf)
{
	kernel_facts_release(kf);
	int rc = 0, nlines = 0, cap = 0;
	long said = -1;
	/* Every line a fact but the last, which counts them: anything else is no answer. */
	char *copy = xstrdup(text);
	for (char *line = copy, *next; rc == 0 && *line; line = next) {
		next = strchr(line, '\n');
		if (!next) {
			rc = -1;
			break;
		}
		*next++ = '\0';
		if (said >= 0) {
			rc = -1;
		} else if (!strncmp(line, "end-facts\t", 10)) {
			char *end;
			said = strtol(line + 10, &end, 10);
			if (*end || said != nlines)
				rc = -1;
		} else if (!strncmp(line, "fact\t", 5)) {
			if (nlines == cap)
				kf->f = xrealloc(kf->f, sizeof(*kf->f) * (size_t)(cap = cap ? 2 * cap : 64));
			rc = kernel_fact_read(line + 5, len, &kf->f[nlines]);
			nlines++;
		} else {
			rc = -1;
		}
	}
	free(copy);
	if (rc == 0 && (said < 0 || !guards_have_subscripts(kf->f, nlines)))
		rc = -1;
	if (rc < 0) {
		kernel_facts_release(kf);
	} else {
		kf->n = nlines;
		number_lines(kf, src, len);
	}
	return rc;
}
