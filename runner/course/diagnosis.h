/*
 * diagnosis.h: the catalogue of the mistakes learners make (diagnosis.c, docs/diagnoses.md),
 * and a diagnosis found in a report: its id, whether the evidence proves it, and that evidence
 * as a short machine-readable string ("analysis:data_race atomic=no", "output matches
 * wrong/histogram/race_plain.cl").
 */
#ifndef COURSE_DIAGNOSIS_H
#define COURSE_DIAGNOSIS_H

struct diagnosis {
	const char *id;          /* "race_needs_atomic" */
	const char *title;       /* English, marked N_(): tr() it */
	unsigned verdicts;       /* the verdict kinds it goes with, 1u << VERDICT_... */
};
/* The catalogue entry of id, or NULL. */
const struct diagnosis *diagnosis_find(const char *id);
/* The catalogue's entries in order: i from 0 while it returns one. */
const struct diagnosis *diagnosis_at(int i);
/* Whether d goes with verdict v. */
bool diagnosis_fits(const struct diagnosis *d, enum verdict v);

struct diagnosis_found {
	const struct diagnosis *d;
	bool certain;            /* proved by the evidence; else it is a question */
	char *evidence;
};
/* Appends a diagnosis to a report's list (none twice: a second one of the same id is dropped,
 * a certain one replaces a question); evidence is copied. */
void diagnosis_add(struct diagnosis_found **list, int *n, const struct diagnosis *d, bool certain,
		   const char *evidence);
void diagnoses_release(struct diagnosis_found *list, int n);

#endif
