/*
 * analysis-parts.h: how one check's analysed tests are shared among analysis children side by
 * side (analysis-parts.c), and the record of what each test took that guides the sharing.
 * Oclgrind takes tens of microseconds a work-item; on a machine of two processors, two children
 * each with half of the tests give the verdict sooner. A child stops at its first test with a
 * finding, so the parts are runs of consecutive tests and the first one with something to say
 * speaks for the analysis (check_analysis): the verdict is the one a single child gives.
 */
#ifndef ENGINE_ANALYSIS_PARTS_H
#define ENGINE_ANALYSIS_PARTS_H

#include "engine/engine.h"

/*
 * How one check's analysed tests are shared among at most max analysis children, side by side:
 * each part a run of consecutive analysed tests (by their order among the analysed ones), cut
 * where their time is most even: known[i], the seconds test i took the last time, when nknown
 * covers every analysed test, else the work-items each launches. Fills from[k], to[k] and
 * returns the number of parts; 1 part has to[0] == 0 (all of them).
 */
int analysis_parts(const struct check_spec *spec, int max, const double *known, int nknown,
		   int from[], int to[]);
/* The analysis children a check may run side by side here: one a processor, at most
 * ANALYSIS_PARTS; CLINGS_ANALYSIS_PARTS=N sets it (1: one child, as on a single processor),
 * whatever the analysis took before (ANALYSIS_SHARED_S). */
int analysis_children(void);
/*
 * What each analysed test of a check file took the last time its analysis ran whole and found
 * nothing, for a kernel that passed (the processor seconds of the analysis child on it, the
 * "took" lines of the children),
 * in the user's cache: at most max values into seconds; their number, or -1 when none is kept.
 * Under ANALYSIS_SHARED_S in all, a second child costs more than it saves (its start and
 * Oclgrind's build), and the check runs one.
 */
#define ANALYSIS_SHARED_S 0.1
#define ANALYSIS_MAX_TESTS 256   /* tests whose times are kept (more: guessed) */
int analysis_time_recall(uint64_t spec_hash, double *seconds, int max);
void analysis_time_keep(uint64_t spec_hash, const double *seconds, int n);
/* The "took TEST SECONDS" lines of an analysis child's text into seconds[TEST] (TEST below
 * max); returns one past the highest TEST seen. */
int analysis_took_parse(const char *text, double *seconds, int max);
/* A check's sharing: most children at most (0: analysis_children()), cut by the times kept for
 * its check file; one child where they add up to under ANALYSIS_SHARED_S, unless
 * CLINGS_ANALYSIS_PARTS sets the number. Returns and fills as analysis_parts. */
int analysis_plan(const struct check_spec *spec, int most, int from[], int to[]);
/* Keeps the times that the n analysis children (one a part, in order) sent, when every analysed
 * test has one. */
void analysis_times_keep(uint64_t spec_hash, const struct child *parts, int n);

#endif
