/*
 * diagnosis.c: the catalogue of the mistakes learners make, one row each: its id (what a
 * check's [advice], a wrong kernel's `// diagnosis:` line and the JSON reports name it by), a
 * short title, and the verdict kinds it goes with. docs/diagnoses.md says what proves each.
 */
#include "course/course.h"

#include <stdlib.h>
#include <string.h>

#define V(x) (1u << VERDICT_##x)
#define RESULT (V(WRONG_RESULT) | V(UNINITIALIZED) | V(OUT_OF_BOUNDS))

static const struct diagnosis catalogue[] = {
	{ "guard_missing", N_("No guard keeps the extra work-items of the last group away from the data"),
	  V(OUT_OF_BOUNDS) | V(CRASH) | V(WRONG_RESULT) },
	{ "guard_off_by_one", N_("The guard lets one work-item too many through"),
	  V(OUT_OF_BOUNDS) | V(CRASH) | V(WRONG_RESULT) },
	{ "guard_wrong_bound", N_("A guard tests another bound than the one the access needs"),
	  RESULT | V(CRASH) },
	{ "global_id_as_local_index", N_("A global id indexes a local array"),
	  V(OUT_OF_BOUNDS) | V(CRASH) | V(WRONG_RESULT) | V(UNINITIALIZED) },
	{ "local_id_as_global_index", N_("A local id indexes a global buffer"),
	  V(WRONG_RESULT) | V(DATA_RACE) | V(UNINITIALIZED) },
	{ "index_transposed", N_("Rows and columns (or two ids) are swapped in an index"),
	  RESULT | V(REQUIREMENT_UNMET) },
	{ "index_offset", N_("An index is shifted from the element it should name"),
	  RESULT | V(CRASH) },
	{ "stride_wrong", N_("A loop or an index steps by the wrong stride"),
	  RESULT | V(TIMEOUT) },
	{ "barrier_missing", N_("No barrier between a write to shared memory and another work-item's read"),
	  V(DATA_RACE) | V(WRONG_RESULT) },
	{ "barrier_divergent", N_("A barrier that not every work-item of the group reaches"),
	  V(BARRIER_DIVERGENCE) | V(TIMEOUT) | V(CRASH) | V(WRONG_RESULT) },
	{ "fence_wrong_space", N_("The barrier's fence orders the wrong memory space"),
	  V(DATA_RACE) | V(WRONG_RESULT) },
	{ "race_needs_atomic", N_("Several work-items update one place at once: it needs an atomic"),
	  V(DATA_RACE) | V(WRONG_RESULT) },
	{ "cross_group_sync", N_("Work-groups wait for or read each other: no barrier orders them"),
	  V(DATA_RACE) | V(TIMEOUT) | V(WRONG_RESULT) },
	{ "local_slot_unwritten", N_("A slot of local memory is read that no work-item wrote"),
	  V(UNINITIALIZED) | V(WRONG_RESULT) },
	{ "private_uninitialised", N_("A private variable is read before it is given a value"),
	  V(UNINITIALIZED) | V(WRONG_RESULT) },
	{ "output_not_cleared", N_("An output or an accumulator is not set before it is added to"),
	  V(UNINITIALIZED) | V(WRONG_RESULT) },
	{ "identity_wrong", N_("The reduction starts from a value that is not its operation's identity"),
	  V(WRONG_RESULT) },
	{ "reduction_steps_wrong", N_("The reduction's steps stop too early or go too far"),
	  RESULT },
	{ "scan_inclusive_exclusive", N_("An inclusive scan where an exclusive one is asked, or the reverse"),
	  V(WRONG_RESULT) },
	{ "scan_combine_wrong", N_("The scan combines the wrong partial sums"),
	  V(WRONG_RESULT) | V(UNINITIALIZED) },
	{ "precision_narrowed", N_("Values are kept in a narrower type than the exercise's"),
	  V(WRONG_RESULT) },
	{ "result_slot_wrong", N_("A result is written to the wrong place, or by the wrong work-item"),
	  RESULT },
	{ "accumulator_reset", N_("An accumulator is reset inside the loop that should add to it"),
	  V(WRONG_RESULT) },
	{ "swap_loses_value", N_("A swap overwrites a value before it is read"),
	  V(WRONG_RESULT) | V(DATA_RACE) },
	{ "contract_ignored", N_("The kernel ignores part of its contract (an argument, a size)"),
	  RESULT | V(SIGNATURE_MISMATCH) },
	{ "elements_skipped", N_("Some elements are never read or never written"),
	  RESULT },
	{ "nothing_stored", N_("The kernel stores nothing into an output"),
	  V(WRONG_RESULT) },
	{ "signedness_wrong", N_("A signed value is taken for an unsigned one, or the reverse"),
	  V(WRONG_RESULT) | V(OUT_OF_BOUNDS) },
	{ "uncoalesced_access", N_("Neighbouring work-items access memory far apart"),
	  V(REQUIREMENT_UNMET) },
	{ "bank_conflict", N_("The work-items of a warp access one bank of local memory"),
	  V(REQUIREMENT_UNMET) },
	{ "tile_not_shared", N_("Nothing is shared through local memory"),
	  V(REQUIREMENT_UNMET) },
	{ "data_not_reused", N_("A value is loaded from memory again where a private copy would serve"),
	  V(REQUIREMENT_UNMET) },
	{ "private_too_large", N_("A private or local array too large for a work-item or a group"),
	  V(CRASH) | V(BUILD_ERROR) },
	{ "hang", N_("The kernel does not finish: a loop that never ends, or a wait that is never met"),
	  V(TIMEOUT) },
	{ "build", N_("The kernel does not compile"), V(BUILD_ERROR) },
	{ "signature", N_("The kernel's name or parameters differ from the exercise's"),
	  V(SIGNATURE_MISMATCH) },
};
#define NCATALOGUE ((int)(sizeof(catalogue) / sizeof(catalogue[0])))

const struct diagnosis *diagnosis_find(const char *id)
{
	for (int i = 0; id && i < NCATALOGUE; i++)
		if (!strcmp(catalogue[i].id, id))
			return &catalogue[i];
	return NULL;
}

const struct diagnosis *diagnosis_at(int i)
{
	return i >= 0 && i < NCATALOGUE ? &catalogue[i] : NULL;
}

bool diagnosis_fits(const struct diagnosis *d, enum verdict v)
{
	return d && (unsigned)v < 32 && (d->verdicts & (1u << v));
}

static const char *const kind_names[EVIDENCE_KIND_COUNT] = {
	[EVIDENCE_VERDICT] = "verdict", [EVIDENCE_ANALYSIS] = "analysis", [EVIDENCE_REPAIR] = "repair",
	[EVIDENCE_RESEMBLANCE] = "resemblance", [EVIDENCE_SOURCE] = "source",
};

const char *evidence_kind_name(enum evidence_kind k)
{
	return (unsigned)k < EVIDENCE_KIND_COUNT ? kind_names[k] : "source";
}

int evidence_kind_from_name(const char *name)
{
	for (int k = 0; name && k < EVIDENCE_KIND_COUNT; k++)
		if (!strcmp(kind_names[k], name))
			return k;
	return -1;
}

bool evidence_proves(enum evidence_kind k)
{
	return k == EVIDENCE_VERDICT || k == EVIDENCE_ANALYSIS || k == EVIDENCE_REPAIR;
}

void diagnosis_add(struct diagnosis_found **list, int *n, const struct diagnosis *d,
		   enum evidence_kind kind, bool certain, const char *evidence)
{
	if (!d)
		return;
	certain = certain && evidence_proves(kind);
	for (int i = 0; i < *n; i++) {
		if ((*list)[i].d != d)
			continue;
		if (certain && !(*list)[i].certain) {
			(*list)[i].certain = true;
			(*list)[i].kind = kind;
			free((*list)[i].evidence);
			(*list)[i].evidence = xstrdup(evidence ? evidence : "");
		}
		return;
	}
	*list = xrealloc(*list, sizeof(**list) * (size_t)(*n + 1));
	(*list)[*n] = (struct diagnosis_found){ d, kind, certain, xstrdup(evidence ? evidence : "") };
	(*n)++;
}

void diagnoses_release(struct diagnosis_found *list, int n)
{
	for (int i = 0; i < n; i++)
		free(list[i].evidence);
	free(list);
}
