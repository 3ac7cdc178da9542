/* verdict.c: the verdicts' names, as progress files, the JSON output and the golden tests spell them. */
#include "course/course.h"

#include <string.h>

/* One row a verdict: the name every file spells, and what a learner calls it (English; the
 * catalog translates it where it is shown). */
static const struct {
	const char *name, *label;
} verdicts[VERDICT_COUNT] = {
	[VERDICT_PASS] = { "pass", N_("Passed") },
	[VERDICT_BUILD_ERROR] = { "build_error", N_("Does not compile") },
	[VERDICT_SIGNATURE_MISMATCH] = { "signature_mismatch", N_("Wrong kernel signature") },
	[VERDICT_WRONG_RESULT] = { "wrong_result", N_("Wrong result") },
	[VERDICT_TIMEOUT] = { "timeout", N_("Timed out") },
	[VERDICT_CRASH] = { "crash", N_("Crashed") },
	[VERDICT_OUT_OF_BOUNDS] = { "out_of_bounds", N_("Out-of-bounds access") },
	[VERDICT_DATA_RACE] = { "data_race", N_("Data race") },
	[VERDICT_BARRIER_DIVERGENCE] = { "barrier_divergence", N_("Barrier divergence") },
	[VERDICT_UNINITIALIZED] = { "uninitialized", N_("Uninitialized value used") },
	[VERDICT_REQUIREMENT_UNMET] = { "requirement_unmet", N_("Requirement not met") },
	[VERDICT_ERROR] = { "error", N_("The check could not run") },
};

const char *verdict_label(enum verdict v)
{
	return (unsigned)v < VERDICT_COUNT ? verdicts[v].label : N_("Unknown verdict");
}

const char *verdict_name(enum verdict v)
{
	return (unsigned)v < VERDICT_COUNT ? verdicts[v].name : "error";
}

int verdict_from_name(const char *name)
{
	for (int i = 0; i < VERDICT_COUNT; i++)
		if (!strcmp(verdicts[i].name, name))
			return i;
	return -1;
}
