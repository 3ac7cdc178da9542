/*
 * diagnosis.h: the catalogue of the mistakes learners make (diagnosis.c, docs/diagnoses.md),
 * and a diagnosis found in a report: its id, the kind of evidence it rests on, whether that
 * evidence proves it, and the evidence as a short machine-readable string
 * ("analysis:data_race atomic=no", "output matches wrong/histogram/race_plain.cl").
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

/*
 * What a diagnosis rests on. Only the first three can prove one: the verdict itself with the
 * facts of the run that found it (a build error, a timeout, the comparison's finding that every
 * wrong element is its value added onto the bytes held before the run); a fact of the analysis
 * (Oclgrind, the access plugin) read against the kernel; a repair that makes every test pass
 * with the analysis clean (nothing sets it yet: the place of the repair search). Likeness to
 * one of the course's wrong kernels (its output or its code) and a pattern in the kernel's text
 * only ever ask a question.
 */
enum evidence_kind {
	EVIDENCE_VERDICT,
	EVIDENCE_ANALYSIS,
	EVIDENCE_REPAIR,
	EVIDENCE_RESEMBLANCE,
	EVIDENCE_SOURCE,
	EVIDENCE_KIND_COUNT
};
/* "verdict", "analysis", "repair", "resemblance", "source" (the report's codec and JSON). */
const char *evidence_kind_name(enum evidence_kind k);
/* The kind named so, or -1. */
int evidence_kind_from_name(const char *name);
/* Whether evidence of kind k can prove a diagnosis. */
bool evidence_proves(enum evidence_kind k);

struct diagnosis_found {
	const struct diagnosis *d;
	enum evidence_kind kind; /* what it rests on */
	bool certain;            /* proved by the evidence; else it is a question */
	char *evidence;
};
/* Appends a diagnosis to a report's list (none twice: a second one of the same id is dropped,
 * a certain one replaces a question); evidence is copied. certain is kept only where kind can
 * prove (evidence_proves): a resemblance or a pattern asked to prove stays a question. */
void diagnosis_add(struct diagnosis_found **list, int *n, const struct diagnosis *d,
		   enum evidence_kind kind, bool certain, const char *evidence);
void diagnoses_release(struct diagnosis_found *list, int n);

#endif
