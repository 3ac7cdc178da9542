/*
 * msg.c: messages kept as data (msg.h). A part is a catalog format with its arguments, a catalog
 * text, or raw words; an argument is typed by the English format's conversion when it is added,
 * and converted again, one conversion at a time, when the translated format is rendered.
 */
#include "base/msg.h"
#include "base/json.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a number's part: id "", args the value and its decimals */
enum part_kind { PART_FORMAT = 'f', PART_TEXT = 't', PART_RAW = 'r', PART_NUMBER = 'n' };
struct msg_arg {
	char type;          /* 'i' signed, 'u' unsigned, 'd' double, 's' string, 'm' a sub-message */
	long long i;
	unsigned long long u;
	double d;
	char *s;
	int sub;
};
struct msg_part {
	char kind;
	char *id;           /* the English format, text or raw words */
	char *plural;       /* a format's other form, or NULL */
	unsigned long n;
	struct msg_arg *args;
	int nargs;
};
struct msg_fact {
	char *name;
	bool is_int;
	long long i;
	char *s;
};

/* ---- conversions ---- */
struct conv {
	int pos;            /* n$, or 0 */
	char spec[32];      /* "%-8" ".3" without length and conversion */
	char length[3];
	char c;             /* the conversion; '%' for "%%" */
	size_t len;         /* of the whole conversion in the format */
};

/* Reads the conversion at f (f[0] == '%'); false when it is not one msg supports. */
static bool conv_read(const char *f, struct conv *cv)
{
	const char *p = f + 1;
	memset(cv, 0, sizeof(*cv));
	if (*p == '%') {
		cv->c = '%';
		cv->len = 2;
		return true;
	}
	const char *d = p;
	while (*d >= '0' && *d <= '9')
		d++;
	if (d > p && *d == '$') {
		cv->pos = atoi(p);
		p = d + 1;
	}
	size_t o = 0;
	cv->spec[o++] = '%';
	while (*p && strchr("-+ #0'", *p) && o < 20)
		cv->spec[o++] = *p++;
	while (*p >= '0' && *p <= '9' && o < 24)
		cv->spec[o++] = *p++;
	if (*p == '.') {
		cv->spec[o++] = *p++;
		while (*p >= '0' && *p <= '9' && o < 30)
			cv->spec[o++] = *p++;
	}
	if (*p == '*' || o >= 30)
		return false;
	size_t l = 0;
	while (*p && strchr("hlzjtL", *p) && l < 2)
		cv->length[l++] = *p++;
	if (!*p || !strchr("diuxXocfeEgGaAsp", *p) || *p == 'p')
		return false;
	cv->c = *p++;
	cv->len = (size_t)(p - f);
	return true;
}

static char conv_type(const struct conv *cv)
{
	switch (cv->c) {
	case 'd': case 'i': case 'c': return 'i';
	case 'u': case 'x': case 'X': case 'o': return 'u';
	case 's': return 's';
	default: return 'd';
	}
}

/* ---- building ---- */
static struct msg_part *add_part(struct msg *m, char kind, const char *id)
{
	m->parts = xrealloc(m->parts, sizeof(*m->parts) * (size_t)(m->nparts + 1));
	struct msg_part *p = &m->parts[m->nparts++];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->id = xstrdup(id ? id : "");
	return p;
}

static struct msg_arg *add_arg(struct msg_part *p, char type)
{
	p->args = xrealloc(p->args, sizeof(*p->args) * (size_t)(p->nargs + 1));
	struct msg_arg *a = &p->args[p->nargs++];
	memset(a, 0, sizeof(*a));
	a->type = type;
	return a;
}

/* What msg_sub() hands out: the only strings read as sub-messages (by address, so that no
 * learner's text can pass for one). */
#define TOKENS 64
static char tokens[TOKENS][16];
static unsigned next_token;

static int token_sub(const char *s)
{
	if (!s || s < tokens[0] || s >= (const char *)tokens + sizeof(tokens))
		return -1;
	size_t off = (size_t)(s - tokens[0]);
	if (off % sizeof(tokens[0]))
		return -1;
	return atoi(s + 1);
}

/* src's facts, copied into m where m has none of that name. */
static void add_facts(struct msg *m, const struct msg *src)
{
	for (int i = 0; i < src->nfacts; i++) {
		const struct msg_fact *f = &src->facts[i];
		if (f->is_int)
			msg_fact_int(m, f->name, f->i);
		else
			msg_fact_str(m, f->name, f->s);
	}
}

const char *msg_sub(struct msg *m, struct msg *sub)
{
	struct msg *own = xcalloc(1, sizeof(*own));
	*own = *sub;
	memset(sub, 0, sizeof(*sub));
	add_facts(m, own);   /* its facts are the whole message's: moved, not kept twice */
	for (int i = 0; i < own->nfacts; i++) {
		free(own->facts[i].name);
		free(own->facts[i].s);
	}
	free(own->facts);
	own->facts = NULL;
	own->nfacts = 0;
	m->subs = xrealloc(m->subs, sizeof(*m->subs) * (size_t)(m->nsubs + 1));
	m->subs[m->nsubs] = own;
	char *t = tokens[next_token++ % TOKENS];
	snprintf(t, sizeof(tokens[0]), "\001%d", m->nsubs++);
	return t;
}

const char *msg_word(struct msg *m, const char *text)
{
	struct msg w = MSG_INIT;
	msg_adds(&w, text);
	return msg_sub(m, &w);
}

const char *msg_number(struct msg *m, double v, int decimals)
{
	struct msg n = MSG_INIT;
	struct msg_part *p = add_part(&n, PART_NUMBER, "");
	add_arg(p, 'd')->d = v;
	add_arg(p, 'i')->i = decimals;
	return msg_sub(m, &n);
}

const char *msg_plural(struct msg *m, const char *one, const char *many, unsigned long n)
{
	m->pending_plural = many;
	m->pending_n = n;
	return one;
}

void msg_addf(struct msg *m, const char *fmt, ...)
{
	struct msg_part *p = add_part(m, PART_FORMAT, fmt);
	if (m->pending_plural) {
		p->plural = xstrdup(m->pending_plural);
		p->n = m->pending_n;
		m->pending_plural = NULL;
	}
	va_list ap;
	va_start(ap, fmt);
	for (const char *f = fmt; (f = strchr(f, '%')); ) {
		struct conv cv;
		if (!conv_read(f, &cv) || cv.pos)
			die("msg: a format msg cannot keep: \"%s\"", fmt);
		f += cv.len;
		if (cv.c == '%')
			continue;
		struct msg_arg *a = add_arg(p, conv_type(&cv));
		const char *len = cv.length;
		switch (a->type) {
		case 'i':
			a->i = !strcmp(len, "ll") || !strcmp(len, "j") ? va_arg(ap, long long)
			     : !strcmp(len, "l") || !strcmp(len, "t") || !strcmp(len, "z") ? (long long)va_arg(ap, long)
			     : va_arg(ap, int);
			break;
		case 'u':
			a->u = !strcmp(len, "ll") || !strcmp(len, "j") ? va_arg(ap, unsigned long long)
			     : !strcmp(len, "z") ? va_arg(ap, size_t)
			     : !strcmp(len, "l") ? va_arg(ap, unsigned long)
			     : va_arg(ap, unsigned);
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);
			int k = token_sub(s);
			if (k >= 0 && k < m->nsubs) {
				a->type = 'm';
				a->sub = k;
			} else {
				a->s = xstrdup(s ? s : "(null)");
			}
			break;
		}
		default:
			a->d = va_arg(ap, double);
		}
	}
	va_end(ap);
}

void msg_adds(struct msg *m, const char *text)
{
	add_part(m, PART_TEXT, text);
}

void msg_raw(struct msg *m, const char *text)
{
	if (text && *text)
		add_part(m, PART_RAW, text);
}

void msg_rawf(struct msg *m, const char *fmt, ...)
{
	struct sbuf sb = SBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	msg_raw(m, sbuf_str(&sb));
	sbuf_release(&sb);
}

void msg_append(struct msg *m, struct msg *src)
{
	for (int i = 0; i < src->nparts; i++) {
		struct msg_part *p = &src->parts[i];
		for (int j = 0; j < p->nargs; j++)
			if (p->args[j].type == 'm')
				p->args[j].sub += m->nsubs;
	}
	if (src->nparts) {
		m->parts = xrealloc(m->parts, sizeof(*m->parts) * (size_t)(m->nparts + src->nparts));
		memcpy(m->parts + m->nparts, src->parts, sizeof(*src->parts) * (size_t)src->nparts);
		m->nparts += src->nparts;
	}
	if (src->nsubs) {
		m->subs = xrealloc(m->subs, sizeof(*m->subs) * (size_t)(m->nsubs + src->nsubs));
		memcpy(m->subs + m->nsubs, src->subs, sizeof(*src->subs) * (size_t)src->nsubs);
		m->nsubs += src->nsubs;
	}
	add_facts(m, src);
	src->nparts = src->nsubs = 0;   /* they are m's now: the rest goes */
	msg_release(src);
}

static struct msg_fact *add_fact(struct msg *m, const char *name)
{
	for (int i = 0; i < m->nfacts; i++)
		if (!strcmp(m->facts[i].name, name))
			return NULL;   /* the first one stays */
	m->facts = xrealloc(m->facts, sizeof(*m->facts) * (size_t)(m->nfacts + 1));
	struct msg_fact *f = &m->facts[m->nfacts++];
	memset(f, 0, sizeof(*f));
	f->name = xstrdup(name);
	return f;
}

void msg_fact_int(struct msg *m, const char *name, long long v)
{
	struct msg_fact *f = add_fact(m, name);
	if (f) {
		f->is_int = true;
		f->i = v;
	}
}

void msg_fact_str(struct msg *m, const char *name, const char *v)
{
	struct msg_fact *f = add_fact(m, name);
	if (f)
		f->s = xstrdup(v ? v : "");
}

void msg_copy(struct msg *dst, const struct msg *src)
{
	struct sbuf line = SBUF_INIT;
	msg_write(src, &line);
	if (!msg_read(sbuf_str(&line), dst))
		die("msg: a message does not read back");
	sbuf_release(&line);
}

bool msg_empty(const struct msg *m)
{
	for (int i = 0; i < m->nparts; i++)
		if (*m->parts[i].id)
			return false;
	return true;
}

void msg_release(struct msg *m)
{
	for (int i = 0; i < m->nparts; i++) {
		struct msg_part *p = &m->parts[i];
		for (int j = 0; j < p->nargs; j++)
			free(p->args[j].s);
		free(p->args);
		free(p->id);
		free(p->plural);
	}
	for (int i = 0; i < m->nsubs; i++) {
		msg_release(m->subs[i]);
		free(m->subs[i]);
	}
	for (int i = 0; i < m->nfacts; i++) {
		free(m->facts[i].name);
		free(m->facts[i].s);
	}
	free(m->parts);
	free(m->subs);
	free(m->facts);
	memset(m, 0, sizeof(*m));
}

/* ---- rendering ---- */
/* One part with format fmt (the translation, or the English); false, with nothing written,
 * when fmt's conversions do not fit the arguments. */
static bool render_format(const struct msg *m, const struct msg_part *p, const char *fmt,
			  const char *lang, struct sbuf *out)
{
	struct sbuf sb = SBUF_INIT;
	int next = 0;
	for (const char *f = fmt; *f; ) {
		const char *pc = strchr(f, '%');
		if (!pc) {
			sbuf_adds(&sb, f);
			break;
		}
		sbuf_add(&sb, f, (size_t)(pc - f));
		struct conv cv;
		if (!conv_read(pc, &cv))
			goto bad;
		f = pc + cv.len;
		if (cv.c == '%') {
			sbuf_adds(&sb, "%");
			continue;
		}
		int k = cv.pos ? cv.pos - 1 : next++;
		if (k < 0 || k >= p->nargs)
			goto bad;
		const struct msg_arg *a = &p->args[k];
		char type = conv_type(&cv), spec[40];
		if (type != (a->type == 'm' ? 's' : a->type))
			goto bad;
		switch (type) {
		case 'i':
			snprintf(spec, sizeof(spec), "%s%s%c", cv.spec, cv.c == 'c' ? "" : "ll", cv.c);
			if (cv.c == 'c')
				sbuf_addf(&sb, spec, (int)a->i);
			else
				sbuf_addf(&sb, spec, a->i);
			break;
		case 'u':
			snprintf(spec, sizeof(spec), "%sll%c", cv.spec, cv.c);
			sbuf_addf(&sb, spec, a->u);
			break;
		case 'd':
			snprintf(spec, sizeof(spec), "%s%c", cv.spec, cv.c);
			sbuf_addf(&sb, spec, a->d);
			break;
		default: {
			snprintf(spec, sizeof(spec), "%ss", cv.spec);
			if (a->type == 'm') {
				struct sbuf sub = SBUF_INIT;
				if (a->sub >= 0 && a->sub < m->nsubs)
					msg_render(m->subs[a->sub], lang, &sub);
				sbuf_addf(&sb, spec, sbuf_str(&sub));
				sbuf_release(&sub);
			} else {
				sbuf_addf(&sb, spec, a->s);
			}
		}
		}
	}
	sbuf_add(out, sb.buf ? sb.buf : "", sb.len);
	sbuf_release(&sb);
	return true;
bad:
	sbuf_release(&sb);
	return false;
}

void msg_render(const struct msg *m, const char *lang, struct sbuf *out)
{
	for (int i = 0; i < m->nparts; i++) {
		const struct msg_part *p = &m->parts[i];
		switch (p->kind) {
		case PART_RAW:
			sbuf_adds(out, p->id);
			break;
		case PART_TEXT:   /* "" would be the catalog's header */
			sbuf_adds(out, *p->id ? tr(lang, p->id) : "");
			break;
		case PART_NUMBER: {
			char buf[32];
			if (p->nargs == 2 && p->args[0].type == 'd' && p->args[1].type == 'i')
				sbuf_adds(out, number_in(lang, p->args[0].d, (int)p->args[1].i, buf));
			break;
		}
		default: {
			const char *fmt = !*p->id ? "" : p->plural ? trn(lang, p->id, p->plural, p->n) : tr(lang, p->id);
			const char *english = p->plural && p->n != 1 ? p->plural : p->id;
			if (!render_format(m, p, fmt, lang, out) && !render_format(m, p, english, lang, out))
				sbuf_adds(out, english);
		}
		}
	}
}

char *msg_text(const struct msg *m, const char *lang)
{
	struct sbuf sb = SBUF_INIT;
	msg_render(m, lang, &sb);
	if (!sb.buf)
		return xstrdup("");
	return sbuf_detach(&sb);
}

/* ---- one line ---- */
/* Strings go as LENGTH:BYTES, numbers as a letter and a number ended by ';'. The caller escapes
 * the line (escape_line) for the protocol. */
static void put_str(struct sbuf *out, const char *s)
{
	sbuf_addf(out, "%zu:", strlen(s));
	sbuf_adds(out, s);
}

void msg_write(const struct msg *m, struct sbuf *out)
{
	sbuf_addf(out, "M%d;", m->nparts);
	for (int i = 0; i < m->nparts; i++) {
		const struct msg_part *p = &m->parts[i];
		sbuf_addf(out, "%c%d;", p->kind, p->nargs);
		put_str(out, p->id);
		if (p->plural) {
			sbuf_addf(out, "n%lu;", p->n);
			put_str(out, p->plural);
		} else {
			sbuf_adds(out, "-");
		}
		for (int j = 0; j < p->nargs; j++) {
			const struct msg_arg *a = &p->args[j];
			switch (a->type) {
			case 'i': sbuf_addf(out, "i%lld;", a->i); break;
			case 'u': sbuf_addf(out, "u%llu;", a->u); break;
			case 'd': sbuf_addf(out, "d%a;", a->d); break;
			case 'm': sbuf_addf(out, "m%d;", a->sub); break;
			default: sbuf_adds(out, "s"); put_str(out, a->s);
			}
		}
	}
	sbuf_addf(out, "S%d;", m->nsubs);
	for (int i = 0; i < m->nsubs; i++) {
		struct sbuf sub = SBUF_INIT;
		msg_write(m->subs[i], &sub);
		put_str(out, sbuf_str(&sub));
		sbuf_release(&sub);
	}
	sbuf_addf(out, "F%d;", m->nfacts);
	for (int i = 0; i < m->nfacts; i++) {
		put_str(out, m->facts[i].name);
		if (m->facts[i].is_int) {
			sbuf_addf(out, "i%lld;", m->facts[i].i);
		} else {
			sbuf_adds(out, "s");
			put_str(out, m->facts[i].s);
		}
	}
}

struct reader {
	const char *p;
	bool bad;
	int depth;          /* of sub-messages: a line from another process may nest without end */
};
#define MSG_DEPTH_MAX 16

static long long get_num(struct reader *r, char tag)
{
	if (r->bad || *r->p != tag) {
		r->bad = true;
		return 0;
	}
	char *end;
	long long v = strtoll(r->p + 1, &end, 10);
	if (*end != ';' || end == r->p + 1) {
		r->bad = true;
		return 0;
	}
	r->p = end + 1;
	return v;
}

static char *get_str(struct reader *r)
{
	if (r->bad)
		return NULL;
	char *end;
	unsigned long long n = strtoull(r->p, &end, 10);
	if (end == r->p || *end != ':' || strnlen(end + 1, n) < n) {
		r->bad = true;
		return NULL;
	}
	char *s = xmalloc(n + 1);
	memcpy(s, end + 1, n);
	s[n] = '\0';
	r->p = end + 1 + n;
	return s;
}

static bool read_msg(struct reader *r, struct msg *m)
{
	long long np = get_num(r, 'M');
	for (long long i = 0; i < np && !r->bad; i++) {
		char kind = *r->p;
		if (!strchr("ftrn", kind) || !kind) {
			r->bad = true;
			break;
		}
		long long na = get_num(r, kind);
		char *id = get_str(r);
		struct msg_part *p = add_part(m, kind, id);
		free(id);
		if (*r->p == '-') {
			r->p++;
		} else {
			p->n = (unsigned long)get_num(r, 'n');
			p->plural = get_str(r);
		}
		for (long long j = 0; j < na && !r->bad; j++) {
			char t = *r->p;
			struct msg_arg *a = add_arg(p, t);
			switch (t) {
			case 'i': a->i = get_num(r, 'i'); break;
			case 'u': {
				char *end;
				a->u = strtoull(r->p + 1, &end, 10);
				if (*end != ';')
					r->bad = true;
				r->p = end + 1;
				break;
			}
			case 'd': {
				char *end;
				a->d = strtod(r->p + 1, &end);
				if (*end != ';')
					r->bad = true;
				r->p = end + 1;
				break;
			}
			case 'm': a->sub = (int)get_num(r, 'm'); break;
			case 's': r->p++; a->s = get_str(r); break;
			default: r->bad = true;
			}
		}
	}
	long long ns = get_num(r, 'S');
	for (long long i = 0; i < ns && !r->bad; i++) {
		char *blob = get_str(r);
		struct msg *sub = xcalloc(1, sizeof(*sub));
		struct reader rs = { blob ? blob : "", !blob || r->depth >= MSG_DEPTH_MAX, r->depth + 1 };
		if (!read_msg(&rs, sub) || *rs.p)
			r->bad = true;
		free(blob);
		m->subs = xrealloc(m->subs, sizeof(*m->subs) * (size_t)(m->nsubs + 1));
		m->subs[m->nsubs++] = sub;
	}
	long long nf = get_num(r, 'F');
	for (long long i = 0; i < nf && !r->bad; i++) {
		char *name = get_str(r);
		if (*r->p == 'i') {
			long long v = get_num(r, 'i');
			if (name)
				msg_fact_int(m, name, v);
		} else if (*r->p == 's') {
			r->p++;
			char *v = get_str(r);
			if (name && v)
				msg_fact_str(m, name, v);
			free(v);
		} else {
			r->bad = true;
		}
		free(name);
	}
	/* a sub-message named that is not there */
	for (int i = 0; i < m->nparts && !r->bad; i++)
		for (int j = 0; j < m->parts[i].nargs; j++)
			if (m->parts[i].args[j].type == 'm' &&
			    (m->parts[i].args[j].sub < 0 || m->parts[i].args[j].sub >= m->nsubs))
				r->bad = true;
	return !r->bad;
}

bool msg_read(const char *line, struct msg *m)
{
	struct reader r = { line ? line : "", !line, 0 };
	if (read_msg(&r, m) && !*r.p)
		return true;
	msg_release(m);
	return false;
}

void msg_read_or_raw(const char *line, struct msg *m)
{
	msg_release(m);
	if (!msg_read(line, m))
		msg_raw(m, line);
}

static const struct msg_fact *fact_named(const struct msg *m, const char *name)
{
	for (int i = 0; i < m->nfacts; i++)
		if (!strcmp(m->facts[i].name, name))
			return &m->facts[i];
	return NULL;
}

bool msg_fact_number(const struct msg *m, const char *name, long long *v)
{
	const struct msg_fact *f = fact_named(m, name);
	if (!f || !f->is_int)
		return false;
	*v = f->i;
	return true;
}

const char *msg_fact_text(const struct msg *m, const char *name, char *buf, size_t cap)
{
	const struct msg_fact *f = fact_named(m, name);
	if (!f)
		return NULL;
	if (f->is_int)
		snprintf(buf, cap, "%lld", f->i);
	else
		copy_str(buf, cap, f->s ? f->s : "");
	return buf;
}

json_t *msg_facts_object(const struct msg *m)
{
	json_t *o = json_object();
	for (int i = 0; i < m->nfacts; i++) {
		const struct msg_fact *f = &m->facts[i];
		json_t *name = json_text(f->name);   /* a key must be UTF-8 too */
		if (!json_object_get(o, json_string_value(name)))   /* the first one stays (add_fact) */
			json_object_set_new(o, json_string_value(name),
					    f->is_int ? json_integer((json_int_t)f->i) : json_text(f->s));
		json_decref(name);
	}
	return o;
}

void msg_facts_json(const struct msg *m, struct sbuf *out)
{
	json_t *o = msg_facts_object(m);
	char *text = json_dumps(o, JSON_DOC);
	json_decref(o);
	sbuf_adds(out, text ? text : "{}");
	free(text);
}
