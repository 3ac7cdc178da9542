/*
 * analysis-parts.c: the analysed tests of a check shared among analysis children (see
 * analysis.h), and the record, in the user's cache, of what each test took.
 */
#include "engine/analysis/analysis.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Passes of an analysed test's loop that its guess follows: a check's load does not prove a
 * loop ends (validate does), and a loop without end is the runs' to stop at their time limit,
 * never the parent's to follow. Analysed tests are small: far fewer passes than this. */
#define ANALYSIS_COST_PASSES 4096

/* The work-items an analysed test launches, every pass and every step: the measure by which
 * its time on Oclgrind is guessed before any check of this file has run whole; 1 where a size
 * does not evaluate (the run itself reports that). */
static double analysis_cost(const struct check_spec *spec, const struct test_case *tc)
{
	struct vars v = tc->vars;
	struct sbuf err = SBUF_INIT;
	double cost = 0;
	for (int pass = 1; pass <= ANALYSIS_COST_PASSES; pass++) {
		for (int i = 0; i < spec->nsteps; i++) {
			double items = 1;
			for (int d = 0; d < spec->steps[i].dims; d++) {
				int64_t g;
				char e[128];
				items *= expr_eval(spec->steps[i].global_expr[d], &v, &g, e, sizeof(e)) == 0 &&
						 g > 0 ? (double)g : 1;
			}
			cost += items;
		}
		if (check_spec_next_pass(spec, &v, &err) != 1)
			break;
	}
	sbuf_release(&err);
	return cost > 0 ? cost : 1;
}

int analysis_children(void)
{
	long n;
	if (env_number("CLINGS_ANALYSIS_PARTS", LONG_MIN, LONG_MAX, &n) <= 0)
		n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > ANALYSIS_PARTS ? ANALYSIS_PARTS : (int)n;
}

/* The record of a check file's analysis: user_cache_path("analysis")/HASH.time. */
static char *time_path(uint64_t spec_hash)
{
	char *dir = user_cache_path("analysis");
	char *path = xstrfmt("%s/%016llx.time", dir, (unsigned long long)spec_hash);
	free(dir);
	return path;
}

int analysis_time_recall(uint64_t spec_hash, double *seconds, int max)
{
	char *path = time_path(spec_hash), *text = NULL;
	int n = -1;
	if (read_file(path, &text, NULL) == 0) {
		/* "N s1 s2 ... sN": anything else is no record */
		char *p = text, *end;
		long count = strtol(p, &end, 10);
		n = end != p && count > 0 && count <= max ? (int)count : -1;
		for (int i = 0; i < n; i++) {
			p = end;
			seconds[i] = strtod(p, &end);
			if (end == p || seconds[i] < 0)
				n = -1;
		}
	}
	free(text);
	free(path);
	return n;
}

void analysis_time_keep(uint64_t spec_hash, const double *seconds, int n)
{
	if (n <= 0)
		return;
	char *path = time_path(spec_hash), *dir = user_cache_path("analysis");
	struct sbuf text = SBUF_INIT;
	sbuf_addf(&text, "%d", n);
	for (int i = 0; i < n; i++)
		sbuf_addf(&text, " %.4f", seconds[i]);
	sbuf_adds(&text, "\n");
	if (make_dirs(dir) == 0)
		write_file_atomic(path, text.buf, text.len);   /* a hint: a failure only loses it */
	sbuf_release(&text);
	free(dir);
	free(path);
}

int analysis_took_parse(const char *text, double *seconds, int max)
{
	int n = 0, k;
	double s;
	for (const char *p = text; p && *p;) {
		if (sscanf(p, "took\t%d\t%lf", &k, &s) == 2 && k >= 0 && k < max && s >= 0) {
			seconds[k] = s;
			if (k + 1 > n)
				n = k + 1;
		}
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return n;
}

int analysis_parts(const struct check_spec *spec, int max, const double *known, int nknown,
		   int from[], int to[])
{
	struct test_case *cases;
	int n, count = 0;
	from[0] = to[0] = 0;   /* one part: all of them */
	if (max < 2 || check_spec_expand(spec, &cases, &n) < 0)
		return 1;
	double *cost = xcalloc((size_t)n + 1, sizeof(*cost)), total = 0;
	for (int i = 0; i < n; i++)
		if (cases[i].analyze)
			cost[count++] = analysis_cost(spec, &cases[i]);
	free(cases);
	/* what each test took the last time, when known for every one */
	for (int i = 0; i < count && nknown == count; i++)
		cost[i] = known[i];
	for (int i = 0; i < count; i++)
		total += cost[i];
	/* Two runs of consecutive tests, cut where the larger share is smallest: the first finding
	 * in the tests' order stays the one reported (check_analysis). */
	int cut = 0;
	double before = 0, best = total;
	for (int k = 1; k < count; k++) {
		before += cost[k - 1];
		double larger = before > total - before ? before : total - before;
		if (larger < best) {
			best = larger;
			cut = k;
		}
	}
	free(cost);
	if (getenv("CLINGS_DEBUG"))   /* for clings' developers: how the analysis is shared */
		fprintf(stderr, "clings: analysis: %d tests (%s), cut before %d\n", count,
			nknown == count ? "seconds known" : "by work-items", cut);
	if (!cut)
		return 1;
	from[0] = 0, to[0] = cut;
	from[1] = cut, to[1] = count;
	return 2;
}

int analysis_plan(const struct check_spec *spec, int most, int from[], int to[])
{
	double known[ANALYSIS_MAX_TESTS], total = 0;
	int nknown = analysis_time_recall(spec->text_hash, known, ANALYSIS_MAX_TESTS);
	for (int i = 0; i < nknown; i++)
		total += known[i];
	if (most <= 0)
		most = analysis_children();
	if (nknown > 0 && total < ANALYSIS_SHARED_S && !getenv("CLINGS_ANALYSIS_PARTS"))
		most = 1;
	return analysis_parts(spec, most < ANALYSIS_PARTS ? most : ANALYSIS_PARTS, known, nknown, from, to);
}

void analysis_times_keep(uint64_t spec_hash, const struct child *parts, int n)
{
	double took[ANALYSIS_MAX_TESTS];
	int ntook = 0;
	for (int i = 0; i < ANALYSIS_MAX_TESTS; i++)
		took[i] = -1;
	for (int k = 0; k < n; k++) {
		int got = analysis_took_parse(sbuf_str(&parts[k].output), took, ANALYSIS_MAX_TESTS);
		ntook = got > ntook ? got : ntook;
	}
	for (int i = 0; i < ntook; i++)   /* every test's time, or none kept */
		if (took[i] < 0)
			return;
	analysis_time_keep(spec_hash, took, ntook);
}
