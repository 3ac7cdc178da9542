/*
 * json.c: the pieces of a JSON document jansson lacks (json.h).
 */
#include "base/json.h"

#include <math.h>
#include <stdlib.h>

json_t *json_text(const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	json_t *j = json_string((const char *)p);   /* NULL when s is no UTF-8 */
	if (j)
		return j;
	struct sbuf t = SBUF_INIT;
	sbuf_adds(&t, "");
	while (*p) {
		int n = utf8_sequence_len(p);
		if (n)
			sbuf_add(&t, (const char *)p, (size_t)n);
		else
			sbuf_adds(&t, "\xef\xbf\xbd");   /* a byte that is no text: the replacement character */
		p += n ? n : 1;
	}
	j = json_string(t.buf);
	sbuf_release(&t);
	return j ? j : json_string("");
}

json_t *json_text_free(char *text)
{
	json_t *j = json_text(text);
	free(text);
	return j;
}

json_t *json_text_or_null(const char *s)
{
	return s ? json_text(s) : json_null();
}

json_t *json_fixed(double v, int decimals)
{
	static const double scale[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	int d = decimals < 0 ? 0 : decimals > 9 ? 9 : decimals;
	double r = round(v * scale[d]) / scale[d];
	return isfinite(r) ? json_real(r) : json_null();   /* JSON has no infinity nor NaN */
}

int json_doc_add(struct sbuf *out, json_t *doc)
{
	char *text = doc ? json_dumps(doc, JSON_DOC) : NULL;
	json_decref(doc);
	if (!text)
		return error("a JSON document could not be made (out of memory?)");
	sbuf_adds(out, text);
	sbuf_adds(out, "\n");
	free(text);
	return 0;
}

int json_doc_print(FILE *f, json_t *doc)
{
	struct sbuf out = SBUF_INIT;
	int rc = json_doc_add(&out, doc);
	if (!rc && fputs(out.buf, f) == EOF)
		rc = error("cannot write a JSON document:");
	sbuf_release(&out);
	return rc;
}
