/* verdict.c: the verdicts' names, as progress files, the JSON output and the wrong kernels' `// expect:` lines spell them. */
#include "course/course.h"

#include <string.h>

/* One row a verdict: the name every file spells, what a learner calls it (English; the catalog
 * translates it where it is shown), its tone, whether it settles a check before the analysis
 * is read (the kernel did not even run as asked), its status in JSON, and its rank: when two
 * findings meet (the execution's and the analysis's), the higher rank is reported, in the order
 * a learner fixes things: clings' own error, the build, the signature, a requirement, then what
 * the analysis proved (the cause), then what the run showed (the symptom), then a pass. */
static const struct {
	const char *name, *label;
	enum verdict_tone tone;
	bool settles;
	const char *status;
	int rank;
} verdicts[VERDICT_COUNT] = {
	[VERDICT_PASS] = { "pass", N_("Passed"), TONE_GOOD, false, "pass", 0 },
	[VERDICT_BUILD_ERROR] = { "build_error", N_("Does not compile"), TONE_BAD, true, "fail", 90 },
	[VERDICT_SIGNATURE_MISMATCH] = { "signature_mismatch", N_("Wrong kernel signature"), TONE_BAD, true, "fail", 80 },
	[VERDICT_WRONG_RESULT] = { "wrong_result", N_("Wrong result"), TONE_BAD, false, "fail", 20 },
	[VERDICT_TIMEOUT] = { "timeout", N_("Timed out"), TONE_BAD, false, "fail", 30 },
	[VERDICT_CRASH] = { "crash", N_("Crashed"), TONE_BAD, false, "fail", 30 },
	[VERDICT_OUT_OF_BOUNDS] = { "out_of_bounds", N_("Out-of-bounds access"), TONE_BAD, false, "fail", 50 },
	[VERDICT_DATA_RACE] = { "data_race", N_("Data race"), TONE_BAD, false, "fail", 50 },
	[VERDICT_BARRIER_DIVERGENCE] = { "barrier_divergence", N_("Barrier divergence"), TONE_BAD, false, "fail", 50 },
	[VERDICT_UNINITIALIZED] = { "uninitialized", N_("Uninitialized value used"), TONE_BAD, false, "fail", 50 },
	[VERDICT_REQUIREMENT_UNMET] = { "requirement_unmet", N_("Requirement not met"), TONE_BAD, true, "fail", 70 },
	[VERDICT_ERROR] = { "error", N_("The check could not run"), TONE_NEUTRAL, true, "error", 100 },
};

int verdict_rank(enum verdict v)
{
	return (unsigned)v < VERDICT_COUNT ? verdicts[v].rank : 100;
}

enum verdict_tone verdict_tone(enum verdict v)
{
	return (unsigned)v < VERDICT_COUNT ? verdicts[v].tone : TONE_NEUTRAL;
}

bool verdict_settles(enum verdict v)
{
	return (unsigned)v < VERDICT_COUNT && verdicts[v].settles;
}

const char *verdict_status(enum verdict v)
{
	return (unsigned)v < VERDICT_COUNT ? verdicts[v].status : "error";
}

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
