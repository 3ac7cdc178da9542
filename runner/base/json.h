/*
 * json.h: every JSON document clings writes is a jansson tree (json_object_set_new,
 * json_array_append_new) dumped by json_dumps/json_dumpf through json_doc_add or json_doc_print;
 * none is written by hand (scripts/check-layers refuses a literal "key": or a quote-escaped
 * brace in runner/). What jansson lacks, and every document needs the same way, is here:
 *   - text from outside (a kernel's printf, a file's name) may hold bytes that are no UTF-8,
 *     which json_string() refuses; json_text() keeps the rest of it and marks each such byte;
 *   - a figure shown with so many decimals (seconds to the millisecond) is rounded once, here,
 *     and dumped with enough precision (JSON_DOC) to read back as that decimal.
 * A document is one line with ", " and ": " between its parts, keys in the order they were set.
 */
#ifndef BASE_JSON_H
#define BASE_JSON_H

#include "base/base.h"

#include <jansson.h>
#include <stdio.h>

/* jansson's flags for a document: one line, keys in order, a real as its shortest decimal of up
 * to 15 significant digits (json_fixed's values read back as they were rounded). */
#define JSON_DOC (JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))

/* s as a JSON string, never NULL: NULL is "", a byte that is no UTF-8 text U+FFFD. */
json_t *json_text(const char *s);
/* text (allocated: xstrfmt's, say) as json_text, then freed. */
json_t *json_text_free(char *text);
/* s as json_text, or null when s is NULL. */
json_t *json_text_or_null(const char *s);
/* v rounded to decimals places (at most 9), as a JSON real; null when it is no number (a
 * division by zero), which JSON cannot hold. */
json_t *json_fixed(double v, int decimals);
/* doc dumped (JSON_DOC) and a newline appended to out; decrefs doc. 0, or -1 (printed) when
 * doc is NULL (a value jansson could not make: out of memory) or cannot be dumped. */
int json_doc_add(struct sbuf *out, json_t *doc);
/* The same, onto f. */
int json_doc_print(FILE *f, json_t *doc);

#endif
