/*
 * msg.h: a message kept as data until it is shown. The engine says what it found with the
 * catalog's English message ids and the facts that fill them (lines, names, indices, figures);
 * nothing is translated or composed until msg_render() writes it in the learner's language. The
 * same message goes through the protocol and the verdict cache (msg_write, msg_read), and its
 * named facts into the JSON documents (msg_facts_object).
 *
 *	struct msg m = MSG_INIT;
 *	msg_addf(&m, N_("At line %d, %s read %s"), line, msg_sub(&m, who), name);
 *	msg_addf(&m, msg_plural(&m, "%d work-group", "%d work-groups", n), n);
 *	msg_fact_int(&m, "line", line);
 *	msg_render(&m, "pt-BR", &out);
 *
 * A format's %s may be a plain string or another message (msg_sub, msg_word), rendered in the
 * same language where it stands. Formats keep the printf checking of the compiler.
 */
#ifndef BASE_MSG_H
#define BASE_MSG_H

#include "base/base.h"
#include "base/json.h"

struct msg_arg;
struct msg_part;
struct msg_fact;
struct msg {
	struct msg_part *parts;
	int nparts;
	struct msg **subs;           /* the messages standing for a %s, msg_sub() */
	int nsubs;
	struct msg_fact *facts;
	int nfacts;
	const char *pending_plural;  /* msg_plural()'s, for the next msg_addf */
	unsigned long pending_n;
};
#define MSG_INIT { 0 }

/* A catalog format (a literal marked N_ or the id itself) and its arguments, translated when
 * rendered; the arguments are read by the English format's conversions. */
void msg_addf(struct msg *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A catalog text with no conversions ('%' is itself). */
void msg_adds(struct msg *m, const char *text);
/* Words that need no translation (names, a compiler's log, an instructor's text, punctuation):
 * kept as they are. */
void msg_raw(struct msg *m, const char *text);
void msg_rawf(struct msg *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* For msg_addf(m, msg_plural(m, one, many, n), ...): the form for n, by the plural rule of the
 * language rendered; returns one (format_arg: the compiler checks both forms). The catalog's
 * extraction knows it as a plural (no N_ around one and many). */
const char *msg_plural(struct msg *m, const char *one, const char *many, unsigned long n)
	__attribute__((format_arg(2))) __attribute__((format_arg(3)));
/* Hands sub to m (sub is left empty) and returns what stands for it in a %s argument. */
const char *msg_sub(struct msg *m, struct msg *sub);
/* A catalog word as a %s argument: "the barrier" in the language rendered. */
const char *msg_word(struct msg *m, const char *text) __attribute__((format_arg(2)));
/* v with so many decimals, in the rendered language's decimal separator (number_in), as a %s
 * argument: "0,13" in Portuguese. */
const char *msg_number(struct msg *m, double v, int decimals);
/* Appends all of src to m (src is left empty). */
void msg_append(struct msg *m, struct msg *src);
/* dst (empty) becomes a copy of src. */
void msg_copy(struct msg *dst, const struct msg *src);
/* A fact behind the message, by name, for a machine's reading (the JSON report). */
void msg_fact_int(struct msg *m, const char *name, long long v);
void msg_fact_str(struct msg *m, const char *name, const char *v);

bool msg_empty(const struct msg *m);
void msg_release(struct msg *m);
/* m in lang (NULL: English), appended to out. */
void msg_render(const struct msg *m, const char *lang, struct sbuf *out);
/* The same, allocated. */
char *msg_text(const struct msg *m, const char *lang);
/* m as one line (no newline, no tab) for the protocol and the cache; msg_read reads it back
 * into an empty m and returns false for what is not one. */
void msg_write(const struct msg *m, struct sbuf *out);
bool msg_read(const char *line, struct msg *m);
/* m (emptied first) read from line, or, when line is not a message, line's words as they are. */
void msg_read_or_raw(const char *line, struct msg *m);
/* A named fact read back: a number's value (false when there is none by that name, or it is
 * text), and a fact's text (a number written in decimal; NULL when there is none). */
bool msg_fact_number(const struct msg *m, const char *name, long long *v);
const char *msg_fact_text(const struct msg *m, const char *name, char *buf, size_t cap);
/* The named facts as a JSON object, {"line": 12, "buffer": "out"}, in the order they were
 * added: for a document (msg_facts_object, the caller's to json_decref), or as its text. */
json_t *msg_facts_object(const struct msg *m);
void msg_facts_json(const struct msg *m, struct sbuf *out);

#endif
