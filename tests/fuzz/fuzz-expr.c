/*
 * fuzz-expr.c: an integer expression of a check file through expr_eval(), and the same text as
 * a real one (a float scalar's value) through expr_eval_real(), with the names a check's tests
 * give it (parameters and [let] values; among them extremes of 64 bits).
 */
#include "fuzz.h"

#include <limits.h>

#include "course/course.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct { const char *name; int64_t value; } names[] = {
		{ "len", 1000 }, { "wg", 64 }, { "cap", 3 }, { "groups", 16 }, { "rows", 37 },
		{ "cols", 20 }, { "tile", 16 }, { "zero", 0 }, { "minus", -1 }, { "big", INT64_MAX },
		{ "small", INT64_MIN },
	};
	struct vars v = { 0 };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		vars_set(&v, names[i].name, names[i].value);
	char *src = fuzz_string(data, size), err[128];
	int64_t out;
	expr_eval(src, &v, &out, err, sizeof(err));
	expr_eval(src, NULL, &out, err, sizeof(err));   /* as a test's values: no names at all */
	double real;
	expr_eval_real(src, &v, NULL, &real, err, sizeof(err));
	free(src);
	return 0;
}
