/* verdict.c: the verdicts' names, as progress files, the JSON output and the golden tests spell them. */
#include "course/course.h"

#include <string.h>

static const char *const verdict_names[VERDICT_COUNT] = {
	[VERDICT_PASS] = "pass",
	[VERDICT_BUILD_ERROR] = "build_error",
	[VERDICT_SIGNATURE_MISMATCH] = "signature_mismatch",
	[VERDICT_WRONG_RESULT] = "wrong_result",
	[VERDICT_TIMEOUT] = "timeout",
	[VERDICT_CRASH] = "crash",
	[VERDICT_OUT_OF_BOUNDS] = "out_of_bounds",
	[VERDICT_DATA_RACE] = "data_race",
	[VERDICT_BARRIER_DIVERGENCE] = "barrier_divergence",
	[VERDICT_UNINITIALIZED] = "uninitialized",
	[VERDICT_REQUIREMENT_UNMET] = "requirement_unmet",
	[VERDICT_ERROR] = "error",
};

const char *verdict_name(enum verdict v)
{
	return v < VERDICT_COUNT ? verdict_names[v] : "error";
}

int verdict_from_name(const char *name)
{
	for (int i = 0; i < VERDICT_COUNT; i++)
		if (!strcmp(verdict_names[i], name))
			return i;
	return -1;
}
