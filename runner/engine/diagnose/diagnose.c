/*
 * diagnose.c: the stage that names the learner's mistake in a report, from the catalogue
 * (course/diagnosis.c), most likely first. Each diagnosis carries the kind of evidence it rests
 * on (course/diagnosis.h), and is certain only when that evidence proves it:
 *   - the verdict itself and the facts of the run that found it (a build error, a signature, the
 *     comparison's word that every wrong element is its value added onto the bytes it held);
 *   - a fact of the analysis (Oclgrind, the access plugin: which line, which buffer, a race
 *     between work-groups, a read-modify-write of one place by several work-items, a slot of
 *     local memory read unwritten, a barrier part of a group skips) read against the kernel's
 *     declarations (which memory space a name lives in).
 * What a pattern of the kernel's text suggests (diagnose-source.c: a `<=` in a guard, a name
 * declared without a value, a subscript's shape) and what the course's wrong kernels resemble
 * (diagnose-match.c) are questions, never proof. A repair verified by running it will be the
 * third kind of proof (EVIDENCE_REPAIR); nothing finds one yet.
 */
#include "engine/diagnose/diagnose.h"
#include "engine/source/source.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A fact of the report's message (msg_facts_json's flat object): its text, or NULL. */
static bool fact(const char *json, const char *name, char *out, size_t cap)
{
	char key[64];
	snprintf(key, sizeof(key), "\"%s\":", name);
	const char *p = strstr(json, key);
	if (!p)
		return false;
	p += strlen(key);
	while (*p == ' ')
		p++;
	size_t n = 0;
	if (*p == '"') {
		p++;
		while (p[n] && p[n] != '"')
			n += p[n] == '\\' && p[n + 1] ? 2 : 1;
	} else {
		n = strcspn(p, ",}");
	}
	snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
	return true;
}

static long fact_int(const char *json, const char *name, long none)
{
	char v[64];
	if (!fact(json, name, v, sizeof(v)) || !*v || strchr(v, '('))
		return none;
	return strtol(v, NULL, 10);
}

struct ctx {
	const char *src;            /* the learner's source, or NULL */
	const char *facts;          /* the message's facts, JSON */
	struct report *r;
};

static void add(struct ctx *x, const char *id, enum evidence_kind kind, bool certain, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void add(struct ctx *x, const char *id, enum evidence_kind kind, bool certain, const char *fmt, ...)
{
	char ev[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ev, sizeof(ev), fmt, ap);
	va_end(ap);
	diagnosis_add(&x->r->diagnoses, &x->r->ndiagnoses, diagnosis_find(id), kind, certain, ev);
}

/* Shorthands: a proof by the verdict or by the analysis, and a question of each kind. */
#define PROVED_BY_VERDICT EVIDENCE_VERDICT, true
#define PROVED_BY_ANALYSIS EVIDENCE_ANALYSIS, true
#define ASK_VERDICT EVIDENCE_VERDICT, false
#define ASK_ANALYSIS EVIDENCE_ANALYSIS, false
#define ASK_SOURCE EVIDENCE_SOURCE, false

/* ---- what the analysis's facts and the learner's code prove, by verdict ---- */

static void data_race(struct ctx *x)
{
	int line = (int)fact_int(x->facts, "line", 0), other = (int)fact_int(x->facts, "line_other", 0);
	char buf[NAME_MAX_LEN] = "", wg[64] = "", wg2[64] = "", atomic_fn[64] = "";
	fact(x->facts, "buffer", buf, sizeof(buf));
	fact(x->facts, "work_group", wg, sizeof(wg));
	bool groups = fact_int(x->facts, "across_groups", 0) ||
		      (fact(x->facts, "work_group_other", wg2, sizeof(wg2)) && strcmp(wg, wg2));
	bool local = x->src && *buf && diag_source_is_local(x->src, buf);
	bool mixed = fact(x->facts, "atomic", atomic_fn, sizeof(atomic_fn));
	if (fact_int(x->facts, "update", 0)) {
		/* the analysis saw each work-item read this place and write it back at the same lines:
		 * one read-modify-write run by several at once, which only an atomic makes one step */
		add(x, "race_needs_atomic", PROVED_BY_ANALYSIS, "analysis:data_race buffer=%s read-modify-write "
		    "of one place by several work-items%s line %d", buf, groups ? " of different work-groups" : "",
		    line);
		return;
	}
	if (groups && other && other != line) {
		add(x, "cross_group_sync", PROVED_BY_ANALYSIS, "analysis:data_race buffer=%s work-groups "
		    "apart lines=%d/%d", buf, line, other);
		add(x, "result_slot_wrong", ASK_ANALYSIS, "analysis:data_race buffer=%s work-groups apart", buf);
		return;
	}
	if (groups) {
		/* two work-groups at one place from one statement, not updating it: each should own
		 * its elements (an index or a guard lets them meet), or the place is shared and needs
		 * an atomic; the analysis cannot tell which */
		add(x, "result_slot_wrong", ASK_ANALYSIS, "analysis:data_race buffer=%s work-groups apart "
		    "line %d", buf, line);
		add(x, "race_needs_atomic", ASK_ANALYSIS, "analysis:data_race buffer=%s work-groups apart "
		    "line %d", buf, line);
		return;
	}
	int global_fence = x->src ? source_global_only_barrier(x->src) : 0;
	if (local && global_fence && !mixed) {
		add(x, "fence_wrong_space", PROVED_BY_ANALYSIS, "analysis:data_race buffer=%s local; "
		    "CLK_GLOBAL_MEM_FENCE only line %d", buf, global_fence);
		add(x, "barrier_missing", ASK_ANALYSIS, "analysis:data_race buffer=%s", buf);
		return;
	}
	if (mixed) {
		/* an atomic and a plain access in one work-group: a barrier between the updates and
		 * the read fixes a read that wants them all (or a store that clears before them), the
		 * atomic's returned value a read of the place it is about to update; the analysis
		 * cannot tell which the kernel means, so the order of the lines orders the questions */
		int plain = (int)fact_int(x->facts, "line_plain", line);
		int at = plain == line ? other : line;   /* the atomic's line */
		char how[16] = "";
		fact(x->facts, "plain", how, sizeof(how));
		bool read_then_update = !strcmp(how, "read") && at > plain;
		if (at && at != plain && !read_then_update)   /* statements a barrier can stand between */
			add(x, "barrier_missing", ASK_ANALYSIS, "analysis:data_race buffer=%s plain access line "
			    "%d, %s line %d, one work-group", buf, plain, atomic_fn, at);
		add(x, "race_needs_atomic", ASK_ANALYSIS, "analysis:data_race buffer=%s atomic=%s plain "
		    "access line %d", buf, atomic_fn, plain);
		add(x, "barrier_missing", ASK_ANALYSIS, "analysis:data_race buffer=%s atomic=%s plain "
		    "access line %d", buf, atomic_fn, plain);
		return;
	}
	char s1[160] = "", s2[160] = "";
	bool same_place = x->src && *buf &&
			  diag_source_subscript(x->src, line, buf, s1, sizeof(s1)) == 1 &&
			  diag_source_subscript(x->src, other ? other : line, buf, s2, sizeof(s2)) == 1 &&
			  !strcmp(s1, s2);
	if (same_place) {
		add(x, "race_needs_atomic", ASK_SOURCE, "analysis:data_race buffer=%s; source: one subscript "
		    "%s[%s] at lines %d/%d", buf, buf, s1, line, other ? other : line);
		add(x, "barrier_missing", ASK_ANALYSIS, "analysis:data_race buffer=%s", buf);
		return;
	}
	add(x, "barrier_missing", PROVED_BY_ANALYSIS, "analysis:data_race buffer=%s%s same work-group "
	    "lines=%d/%d", buf, local ? " local" : "", line, other ? other : line);
	add(x, "race_needs_atomic", ASK_ANALYSIS, "analysis:data_race buffer=%s", buf);
}

static void uninitialized(struct ctx *x)
{
	int line = (int)fact_int(x->facts, "line", 0);
	char local[NAME_MAX_LEN] = "", buf[NAME_MAX_LEN] = "", unwritten[NAME_MAX_LEN] = "";
	fact(x->facts, "buffer", buf, sizeof(buf));
	char sub[160], unset[NAME_MAX_LEN] = "";
	if (fact(x->facts, "buffer_unwritten", unwritten, sizeof(unwritten)) && *unwritten) {
		/* the access plugin saw the read of a local slot no work-item of the group wrote */
		int at = (int)fact_int(x->facts, "line_unwritten", line);
		long slot = fact_int(x->facts, "index_unwritten", -1);
		if (at == line && !strcmp(buf, unwritten) && slot >= 0 && slot == fact_int(x->facts, "index", -2))
			/* the slot read unwritten is the one the line then stores: a value added onto
			 * a slot nobody set first */
			add(x, "output_not_cleared", PROVED_BY_ANALYSIS, "analysis:uninitialized __local %s[%ld] "
			    "read unwritten and stored again at line %d", unwritten, slot, at);
		add(x, "local_slot_unwritten", PROVED_BY_ANALYSIS, "analysis:uninitialized __local %s[%ld] "
		    "read at line %d, written by no work-item of its group", unwritten,
		    fact_int(x->facts, "index_unwritten", -1), at);
		return;
	}
	bool private_unset = x->src && line && diag_source_unset_private(x->src, line, unset, sizeof(unset));
	/* a __local array on the line that is read there, not only the target of its store */
	bool local_read = x->src && line && diag_source_local_on_line(x->src, line, local, sizeof(local)) &&
			  !(diag_source_plain_store(x->src, line, local) &&
			    diag_source_subscript(x->src, line, local, sub, sizeof(sub)) == 1);
	if (private_unset)
		add(x, "private_uninitialised", ASK_SOURCE, "analysis:uninitialized line %d; source: %s "
		    "declared without a value", line, unset);
	if (local_read && diag_source_updated(x->src, line, local) &&
	    diag_source_subscript(x->src, line, local, sub, sizeof(sub)) == 1)
		add(x, "output_not_cleared", ASK_SOURCE, "analysis:uninitialized line %d; source: adds to "
		    "__local %s", line, local);
	if (local_read)
		add(x, "local_slot_unwritten", ASK_SOURCE, "analysis:uninitialized line %d; source: reads "
		    "__local %s", line, local);
	if (x->src && *buf && diag_source_is_global(x->src, buf) && diag_source_updated(x->src, line, buf))
		add(x, "output_not_cleared", ASK_SOURCE, "analysis:uninitialized line %d; source: adds to "
		    "__global %s", line, buf);
	/* a value stored or used there came from memory nobody wrote: local memory, if the kernel
	 * has some, else a private variable */
	if (x->src && diag_source_uses_local(x->src) && !private_unset)
		add(x, "local_slot_unwritten", ASK_ANALYSIS, "analysis:uninitialized line %d; the kernel "
		    "uses __local memory", line);
	add(x, "private_uninitialised", ASK_ANALYSIS, "analysis:uninitialized line %d", line);
}

/* No source line to read: only the device's word, an index past the end. */
static void out_of_bounds_device_only(struct ctx *x, const char *buf, long index)
{
	int store = x->src && *buf ? diag_source_offset_store(x->src, buf) : 0;
	if (store)
		add(x, "index_offset", ASK_SOURCE, "execution:out_of_bounds buffer=%s index=%ld; source: "
		    "a store into %s one place off line %d", buf, index, buf, store);
	long guarded = fact_int(x->facts, "guard_line", 0);
	if (guarded) {   /* the message said every store is guarded: never that none is */
		add(x, "guard_wrong_bound", ASK_VERDICT, "execution:out_of_bounds buffer=%s index=%ld; "
		    "stores guarded line %ld", buf, index, guarded);
		add(x, "guard_off_by_one", ASK_VERDICT, "execution:out_of_bounds index=%ld", index);
		return;
	}
	add(x, "guard_missing", ASK_VERDICT, "execution:out_of_bounds buffer=%s index=%ld", buf, index);
	add(x, "guard_off_by_one", ASK_VERDICT, "execution:out_of_bounds index=%ld", index);
	return;
}

/* An index into a __local array: a global id for a local one, a size the group does not set, a
 * stride. 1 when the array is local (the diagnoses are added). */
static int out_of_bounds_local(struct ctx *x, const char *buf, int line, long index)
{
	char sub[160] = "";
	bool local = *buf && diag_source_is_local(x->src, buf);
	if (local && fact_int(x->facts, "index_is_global_id", 0)) {
		add(x, "global_id_as_local_index", PROVED_BY_ANALYSIS, "analysis:out_of_bounds __local %s "
		    "index=%ld, the work-item's global id", buf, index);
		return 1;
	}
	if (local && diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1) {
		if (diag_source_from_global_id(x->src, sub, line)) {
			add(x, "global_id_as_local_index", ASK_SOURCE, "analysis:out_of_bounds buffer=%s local; "
			    "source: get_global_id indexes __local %s line %d", buf, buf, line);
			return 1;
		}
		/* A local array is sized by the group: no guard of the data's size helps it. */
		if (diag_source_fixed_local(x->src, buf) ||
		    (diag_source_local_param(x->src, buf) && diag_source_macro_in(x->src, sub)))
			add(x, "contract_ignored", ASK_SOURCE, "analysis:out_of_bounds __local %s sized by a "
			    "constant, not by the work-group, index=%ld", buf, index);
		if (diag_source_stride_in(x->src, sub))
			add(x, "stride_wrong", ASK_SOURCE, "analysis:out_of_bounds __local %s[%s] index=%ld: a "
			    "stride halved or doubled in a loop", buf, sub, index);
		add(x, "index_offset", ASK_ANALYSIS, "analysis:out_of_bounds __local %s[%s] index=%ld", buf, sub,
		    index);
		return 1;
	}
	return 0;
}

/* The access is guarded, and the index got through: `<=`, no lower bound, a stride, an offset. */
static void out_of_bounds_guarded(struct ctx *x, const char *buf, int line, long index, long count,
				  int guard)
{
	char sub[160] = "", var[128];
	char *g = source_line_text(x->src, guard);
	bool le = strstr(g, "<=") != NULL;
	free(g);
	if (le && index >= 0 && index == count) {
		add(x, "guard_off_by_one", ASK_SOURCE, "analysis:out_of_bounds index=%ld count=%ld; source: <= "
		    "in the guard line %d", index, count, guard);
		return;
	}
	/* an index below 0 (wrapped to a huge one): what the guard needed was the lower bound */
	if (index < 0 || (index >= 0x80000000L && count >= 0 && count < 0x80000000L))
		add(x, "guard_wrong_bound", ASK_ANALYSIS, "analysis:out_of_bounds buffer=%s index=%ld before "
		    "the start; the guard line %d tests no lower bound", buf, index, guard);
	if (diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1 &&
	    diag_source_stride_of_bound(x->src, guard, sub, var, sizeof(var)))
		add(x, "stride_wrong", ASK_SOURCE, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; source: "
		    "%s multiplies a variable by its own bound (guard line %d)", buf, sub, index, count, var, guard);
	if (diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1 && diag_source_offset_one(sub))
		add(x, "index_offset", ASK_SOURCE, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; guard "
		    "line %d", buf, sub, index, count, guard);
	add(x, "guard_wrong_bound", ASK_ANALYSIS, "analysis:out_of_bounds buffer=%s index=%ld count=%ld; "
	    "guard line %d", buf, index, count, guard);
	add(x, "index_offset", ASK_ANALYSIS, "analysis:out_of_bounds index=%ld", index);
}

static void out_of_bounds(struct ctx *x)
{
	int line = (int)fact_int(x->facts, "line", 0);
	long index = fact_int(x->facts, "index", -1), count = fact_int(x->facts, "count", -1);
	char buf[NAME_MAX_LEN] = "", sub[160] = "";
	fact(x->facts, "buffer", buf, sizeof(buf));
	if (!x->src || !line) {   /* only the device's word: an index past the end */
		out_of_bounds_device_only(x, buf, index);
		return;
	}
	/* the buffer the analysis names, else (a merged device's fact) the local array of the line */
	if (!*buf || !diag_source_subscript(x->src, line, buf, sub, sizeof(sub)))
		diag_source_local_on_line(x->src, line, buf, sizeof(buf));
	if (out_of_bounds_local(x, buf, line, index))
		return;
	/* the guard the analysis's message names (the same reading), so that a guard said to exist
	 * is never said to be missing */
	int guard = (int)fact_int(x->facts, "line_guard", 0);
	if (!guard)
		guard = diag_source_guard(x->src, line, buf);
	int loop = !guard && diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1
		   ? diag_source_loop_guard(x->src, line, sub) : 0;
	if (loop) {
		add(x, "guard_wrong_bound", ASK_SOURCE, "analysis:out_of_bounds %s[%s] index=%ld; source: only "
		    "the loop's condition line %d bounds it", buf, sub, index, loop);
		add(x, "guard_missing", ASK_SOURCE, "analysis:out_of_bounds buffer=%s", buf);
		return;
	}
	int ternary = !guard ? diag_source_ternary_other(x->src, line, buf) : 0;
	char var[128];
	if (ternary && diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1 &&
	    diag_source_stride_of_bound(x->src, ternary, sub, var, sizeof(var))) {
		/* `b_row < K ? B[b_row * K + col]`: the guarded index times its own bound, and still
		 * past the end: the row's length is another one (a matrix that is not square) */
		add(x, "stride_wrong", ASK_SOURCE, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; source: "
		    "%s multiplies a variable by its own bound (condition line %d)", buf, sub, index, count, var,
		    ternary);
		return;
	}
	if (ternary) {
		add(x, "guard_wrong_bound", ASK_SOURCE, "analysis:out_of_bounds buffer=%s index=%ld; source: the "
		    "condition line %d tests another index than the access", buf, index, ternary);
		add(x, "guard_missing", ASK_SOURCE, "analysis:out_of_bounds buffer=%s", buf);
		return;
	}
	if (!guard) {
		add(x, "guard_missing", ASK_SOURCE, "analysis:out_of_bounds buffer=%s index=%ld; source: no "
		    "guard of the index at or above line %d", buf, index, line);
		add(x, "index_offset", ASK_ANALYSIS, "analysis:out_of_bounds index=%ld", index);
		return;
	}
	out_of_bounds_guarded(x, buf, line, index, count, guard);
}

/* Which kind of [access] rule fails: each kind tried alone on a shallow copy of the spec. */
static void requirement(struct ctx *x, const struct check_spec *spec)
{
	if (x->r->naccess < 0 || !spec->naccess) {
		add(x, "contract_ignored", ASK_VERDICT, "requirement_unmet");
		return;
	}
	static const char *const ids[4] = { "tile_not_shared", "uncoalesced_access", "bank_conflict",
					    "data_not_reused" };
	static const char *const what[4] = { "shared", "sectors", "bank_conflict", "loads" };
	struct check_spec *one = xmalloc(sizeof(*one));
	for (int k = 0; k < 4; k++) {
		memcpy(one, spec, sizeof(*one));
		for (int i = 0; i < one->naccess; i++) {
			struct access_rule *a = &one->access[i];
			if (k != 0)
				a->shared = false;
			if (k != 1) {
				a->max_sectors[0] = a->max_sectors[1] = 0;
				a->coalesced[0] = a->coalesced[1] = false;
			}
			if (k != 2)
				a->max_conflict = 0;
			if (k != 3)
				a->loads_per_item = a->loads_per_madd = 0;
		}
		struct msg m = MSG_INIT;
		int line = 0;
		if (access_rules_check(one, x->r->access, x->r->naccess, NULL, &m, &line))
			add(x, ids[k], PROVED_BY_ANALYSIS, "analysis:access %s rule unmet line %d", what[k], line);
		msg_release(&m);
	}
	free(one);
	if (!x->r->ndiagnoses)
		add(x, "contract_ignored", ASK_VERDICT, "requirement_unmet");
}

/* What the output of a wrong result proves about its buffer, with the learner's code: values
 * added onto what the buffer held before the run (the comparison proved it, or the buffer still
 * holds those bytes and the kernel only ever adds into it), or a buffer the kernel never names. */
static void wrong_result_output(struct ctx *x)
{
	char buf[NAME_MAX_LEN] = "";
	fact(x->facts, "buffer", buf, sizeof(buf));
	if (fact_int(x->facts, "not_cleared", 0)) {
		add(x, "output_not_cleared", PROVED_BY_VERDICT, "execution:wrong_result buffer=%s every wrong element "
		    "is its value added onto the bytes it held before the run", buf);
		return;
	}
	if (!x->src || !*buf)
		return;
	int updates = 0, stores = 0;
	int words = diag_source_output_uses(x->src, buf, &updates, &stores);
	bool before = fact_int(x->facts, "never_written", 0) || fact_int(x->facts, "before_run", 0) ||
		      fact_int(x->facts, "unchanged", 0);
	if (before && words == 1) {
		add(x, "nothing_stored", PROVED_BY_VERDICT, "execution:wrong_result buffer=%s unchanged; source: %s "
		    "named only where it is declared", buf, buf);
		return;
	}
	if (before && updates && !stores && !fact_int(x->facts, "unchanged", 0))
		add(x, "output_not_cleared", ASK_SOURCE, "execution:wrong_result buffer=%s holds what it held "
		    "before the run; source: %s only added into (%d lines), never set", buf, buf, updates);
}

static void from_evidence(struct ctx *x, const struct check_spec *spec)
{
	struct report *r = x->r;
	switch (r->verdict) {
	case VERDICT_BUILD_ERROR: {
		int big = x->src ? diag_source_huge_array(x->src) : 0;
		if (big)
			add(x, "private_too_large", ASK_SOURCE, "build_error; source: array of over 1 MB line %d", big);
		add(x, "build", PROVED_BY_VERDICT, "verdict:build_error line %d", r->line);
		return;
	}
	case VERDICT_SIGNATURE_MISMATCH:
		add(x, "signature", PROVED_BY_VERDICT, "verdict:signature_mismatch");
		return;
	case VERDICT_TIMEOUT:
		/* the time limit was passed, nothing more: a right kernel that is slow, or slowed by a
		 * loaded machine, times out too */
		add(x, "hang", ASK_VERDICT, "verdict:timeout");
		return;
	case VERDICT_CRASH: {
		int big = x->src ? diag_source_huge_array(x->src) : 0;
		if (big)
			add(x, "private_too_large", ASK_SOURCE, "crash; source: array of over 1 MB line %d", big);
		add(x, "index_offset", ASK_VERDICT, "crash");
		add(x, "guard_missing", ASK_VERDICT, "crash");
		return;
	}
	case VERDICT_BARRIER_DIVERGENCE:
		add(x, "barrier_divergent", PROVED_BY_ANALYSIS, "analysis:barrier_divergence line %d",
		    (int)fact_int(x->facts, "line", r->line));
		return;
	case VERDICT_DATA_RACE:
		data_race(x);
		return;
	case VERDICT_UNINITIALIZED:
		uninitialized(x);
		return;
	case VERDICT_OUT_OF_BOUNDS:
		out_of_bounds(x);
		return;
	case VERDICT_REQUIREMENT_UNMET:
		requirement(x, spec);
		return;
	case VERDICT_WRONG_RESULT:
		if (fact_int(x->facts, "runs", 0)) {
			/* runs of the same kernel on the same inputs disagreed (check-compiler.c): the
			 * order of work-groups that wait on each other through atomics, else of
			 * work-items a barrier should order */
			bool atomic = x->src && diag_source_has_atomic(x->src);
			add(x, atomic ? "cross_group_sync" : "barrier_missing", ASK_VERDICT,
			    "execution:wrong_result in %ld of %ld runs, different results each time%s",
			    fact_int(x->facts, "runs_wrong", 0), fact_int(x->facts, "runs", 0),
			    atomic ? "; source: atomics" : "");
		}
		wrong_result_output(x);
		if (fact_int(x->facts, "shift", 0))
			add(x, "index_offset", ASK_VERDICT, "execution:wrong_result shift=%ld",
			    fact_int(x->facts, "shift", 0));
		if (fact_int(x->facts, "wrong", 0) < fact_int(x->facts, "elements", 0))
			add(x, "elements_skipped", ASK_VERDICT, "execution:wrong_result wrong=%ld of %ld",
			    fact_int(x->facts, "wrong", 0), fact_int(x->facts, "elements", 0));
		add(x, "contract_ignored", ASK_VERDICT, "execution:wrong_result");
		return;
	default:
		return;
	}
}

void diagnose(const struct course *c, const struct exercise *e, const struct check_spec *spec,
	      const char *learner_src, const struct proto_stream *learner, const char *device,
	      struct report *r)
{
	diagnoses_release(r->diagnoses, r->ndiagnoses);
	r->diagnoses = NULL;
	r->ndiagnoses = 0;
	if (r->verdict == VERDICT_PASS || r->verdict == VERDICT_ERROR || r->interrupted)
		return;
	struct sbuf facts = SBUF_INIT;
	msg_facts_json(&r->message, &facts);
	struct ctx x = { learner_src, sbuf_str(&facts), r };
	/* A proof by output first: the same bytes as a wrong kernel of the course. */
	if (r->verdict == VERDICT_WRONG_RESULT && learner && learner->ready)
		diagnose_by_output(c, e, spec, learner_src, learner, device, r);
	from_evidence(&x, spec);
	sbuf_release(&facts);
}

void diagnoses_json(const struct report *r, const char *lang, struct sbuf *out)
{
	sbuf_adds(out, "[");
	for (int i = 0; i < r->ndiagnoses; i++) {
		const struct diagnosis_found *f = &r->diagnoses[i];
		sbuf_addf(out, "%s{\"id\": \"%s\", \"certain\": %s, \"evidence_kind\": \"%s\", \"title\": ",
			  i ? ", " : "", f->d->id, f->certain ? "true" : "false", evidence_kind_name(f->kind));
		json_add_string(out, tr(lang, f->d->title));
		sbuf_adds(out, ", \"evidence\": ");
		json_add_string(out, f->evidence);
		sbuf_adds(out, "}");
	}
	sbuf_adds(out, "]");
}
