/*
 * diagnose.c: the stage that names the learner's mistake in a report, from the catalogue
 * (course/diagnosis.c), most likely first. A diagnosis is certain only when something proves
 * it:
 *   - the verdict itself (a build error, a signature, a timeout, a divergent barrier);
 *   - the analysis's facts (which line, which buffer, which work-items and work-groups) read
 *     together with the learner's code (diagnose-source.c: which memory space a name lives in,
 *     whether a subscript comes from get_global_id, what guards a line);
 *   - for a wrong result, the learner's output equal byte for byte to the output of one of the
 *     course's own wrong kernels (wrong/EXERCISE/NAME.cl, each declaring its diagnosis) run on the
 *     same inputs: a proof. Their outputs are cached under wrong/ of course_cache_dir().
 * Anything else is a question (certain false).
 */
#include "engine/diagnose.h"

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

static void add(struct ctx *x, const char *id, bool certain, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void add(struct ctx *x, const char *id, bool certain, const char *fmt, ...)
{
	char ev[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ev, sizeof(ev), fmt, ap);
	va_end(ap);
	diagnosis_add(&x->r->diagnoses, &x->r->ndiagnoses, diagnosis_find(id), certain, ev);
}

/* ---- what the analysis's facts and the learner's code prove, by verdict ---- */

static void data_race(struct ctx *x)
{
	int line = (int)fact_int(x->facts, "line", 0), other = (int)fact_int(x->facts, "line_other", 0);
	char buf[NAME_MAX_LEN] = "", wg[64] = "", wg2[64] = "";
	fact(x->facts, "buffer", buf, sizeof(buf));
	fact(x->facts, "work_group", wg, sizeof(wg));
	bool groups = fact(x->facts, "work_group_other", wg2, sizeof(wg2)) && strcmp(wg, wg2);
	bool local = x->src && *buf && diag_source_is_local(x->src, buf);
	bool atomic = x->src && diag_source_has_atomic(x->src);
	char s1[160] = "", s2[160] = "";
	bool same_place = x->src && *buf &&
			  diag_source_subscript(x->src, line, buf, s1, sizeof(s1)) == 1 &&
			  diag_source_subscript(x->src, other ? other : line, buf, s2, sizeof(s2)) == 1 &&
			  !strcmp(s1, s2);
	if (groups && (!other || other == line || same_place)) {
		add(x, "race_needs_atomic", true, "analysis:data_race work_groups=%s/%s line=%d atomic=%s",
		    wg, wg2, line, atomic ? "yes" : "no");
		return;
	}
	if (groups) {
		add(x, "cross_group_sync", true, "analysis:data_race work_groups=%s/%s lines=%d/%d", wg, wg2,
		    line, other);
		add(x, "race_needs_atomic", false, "analysis:data_race work_groups=%s/%s", wg, wg2);
		return;
	}
	int global_fence = x->src ? source_global_only_barrier(x->src) : 0;
	if (local && global_fence) {
		add(x, "fence_wrong_space", true, "analysis:data_race buffer=%s local; source: "
		    "CLK_GLOBAL_MEM_FENCE only line %d", buf, global_fence);
		add(x, "barrier_missing", false, "analysis:data_race buffer=%s", buf);
		return;
	}
	char atomic_fn[64] = "";
	int plain = (int)fact_int(x->facts, "line_plain", line);
	if (fact(x->facts, "atomic", atomic_fn, sizeof(atomic_fn)) &&
	    !(x->src && *buf && diag_source_plain_store(x->src, plain, buf))) {
		/* one side of the race was an atomic (the analysis logged it): the plain access beside
		 * it is the mistake, and an atomic's returned value the fix; no barrier makes a plain
		 * access safe against an atomic one */
		add(x, "race_needs_atomic", true, "analysis:data_race buffer=%s atomic=%s plain read line=%d",
		    buf, atomic_fn, plain);
		return;
	}
	if (same_place) {
		add(x, "race_needs_atomic", true, "analysis:data_race buffer=%s one element %s[%s] "
		    "updated by several work-items line %d atomic=%s", buf, buf, s1, line, atomic ? "yes" : "no");
		add(x, "barrier_missing", false, "analysis:data_race buffer=%s", buf);
		return;
	}
	add(x, "barrier_missing", true, "analysis:data_race buffer=%s%s same work-group lines=%d/%d", buf,
	    local ? " local" : "", line, other ? other : line);
	add(x, "race_needs_atomic", false, "analysis:data_race buffer=%s", buf);
}

static void uninitialized(struct ctx *x)
{
	int line = (int)fact_int(x->facts, "line", 0);
	char local[NAME_MAX_LEN] = "", buf[NAME_MAX_LEN] = "";
	fact(x->facts, "buffer", buf, sizeof(buf));
	char sub[160];
	if (x->src && line && diag_source_local_on_line(x->src, line, local, sizeof(local)) &&
	    diag_source_updated(x->src, line, local) &&
	    diag_source_subscript(x->src, line, local, sub, sizeof(sub)) == 1) {
		add(x, "output_not_cleared", true, "analysis:uninitialized line %d adds to __local %s, "
		    "never set", line, local);
		add(x, "local_slot_unwritten", false, "analysis:uninitialized line %d reads __local %s", line,
		    local);
		return;
	}
	if (*local) {
		add(x, "local_slot_unwritten", true, "analysis:uninitialized line %d reads __local %s", line,
		    local);
		return;
	}
	if (x->src && *buf && diag_source_is_local(x->src, buf)) {
		add(x, "local_slot_unwritten", true, "analysis:uninitialized buffer=%s local", buf);
		return;
	}
	if (x->src && *buf && diag_source_is_global(x->src, buf) && diag_source_updated(x->src, line, buf)) {
		add(x, "output_not_cleared", true, "analysis:uninitialized line %d adds to __global %s", line,
		    buf);
		return;
	}
	char unset[NAME_MAX_LEN];
	if (x->src && line && diag_source_unset_private(x->src, line, unset, sizeof(unset))) {
		/* no local array on the line, and a name on it declared without a value */
		add(x, "private_uninitialised", true, "analysis:uninitialized line %d; source: %s declared "
		    "without a value", line, unset);
		return;
	}
	/* a value stored or used there came from memory nobody wrote: local memory, if the kernel
	 * has some, else a private variable */
	if (x->src && diag_source_uses_local(x->src)) {
		add(x, "local_slot_unwritten", false, "analysis:uninitialized line %d; the kernel uses "
		    "__local memory", line);
		add(x, "private_uninitialised", false, "analysis:uninitialized line %d", line);
		return;
	}
	add(x, "private_uninitialised", false, "analysis:uninitialized line %d no __local or "
	    "__global name read there", line);
	add(x, "local_slot_unwritten", false, "analysis:uninitialized line %d", line);
}

static void out_of_bounds(struct ctx *x)
{
	int line = (int)fact_int(x->facts, "line", 0);
	long index = fact_int(x->facts, "index", -1), count = fact_int(x->facts, "count", -1);
	char buf[NAME_MAX_LEN] = "", sub[160] = "";
	fact(x->facts, "buffer", buf, sizeof(buf));
	if (!x->src || !line) {   /* only the device's word: an index past the end */
		int store = x->src && *buf ? diag_source_offset_store(x->src, buf) : 0;
		if (store)
			add(x, "index_offset", false, "execution:out_of_bounds buffer=%s index=%ld; source: "
			    "a store into %s one place off line %d", buf, index, buf, store);
		if (fact_int(x->facts, "guard_line", 0))
			add(x, "guard_wrong_bound", false, "execution:out_of_bounds buffer=%s index=%ld; "
			    "stores guarded line %ld", buf, index, fact_int(x->facts, "guard_line", 0));
		add(x, "guard_missing", false, "execution:out_of_bounds buffer=%s index=%ld", buf, index);
		add(x, "guard_off_by_one", false, "execution:out_of_bounds index=%ld", index);
		return;
	}
	/* the buffer the analysis names, else (a merged device's fact) the local array of the line */
	if (!*buf || !diag_source_subscript(x->src, line, buf, sub, sizeof(sub)))
		diag_source_local_on_line(x->src, line, buf, sizeof(buf));
	bool local = *buf && diag_source_is_local(x->src, buf);
	if (local && diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1) {
		if (diag_source_from_global_id(x->src, sub, line)) {
			add(x, "global_id_as_local_index", true, "analysis:out_of_bounds buffer=%s local; "
			    "source: get_global_id indexes __local %s line %d", buf, buf, line);
			return;
		}
		/* A local array is sized by the group: no guard of the data's size helps it. */
		if (diag_source_fixed_local(x->src, buf) ||
		    (diag_source_local_param(x->src, buf) && diag_source_macro_in(x->src, sub)))
			add(x, "contract_ignored", false, "analysis:out_of_bounds __local %s sized by a "
			    "constant, not by the work-group, index=%ld", buf, index);
		if (diag_source_stride_in(x->src, sub))
			add(x, "stride_wrong", false, "analysis:out_of_bounds __local %s[%s] index=%ld: a "
			    "stride halved or doubled in a loop", buf, sub, index);
		add(x, "index_offset", false, "analysis:out_of_bounds __local %s[%s] index=%ld", buf, sub,
		    index);
		return;
	}
	int guard = diag_source_guard(x->src, line, buf);
	int loop = !guard && diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1
		   ? diag_source_loop_guard(x->src, line, sub) : 0;
	if (loop) {
		add(x, "guard_wrong_bound", false, "analysis:out_of_bounds %s[%s] index=%ld; source: only "
		    "the loop's condition line %d bounds it", buf, sub, index, loop);
		add(x, "guard_missing", false, "analysis:out_of_bounds buffer=%s", buf);
		return;
	}
	int ternary = !guard ? diag_source_ternary_other(x->src, line, buf) : 0;
	char var[128];
	if (ternary && diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1 &&
	    diag_source_stride_of_bound(x->src, ternary, sub, var, sizeof(var))) {
		/* `b_row < K ? B[b_row * K + col]`: the guarded index times its own bound, and still
		 * past the end: the row's length is another one (a matrix that is not square) */
		add(x, "stride_wrong", true, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; source: %s "
		    "multiplies a variable by its own bound (condition line %d)", buf, sub, index, count, var,
		    ternary);
		return;
	}
	if (ternary) {
		add(x, "guard_wrong_bound", false, "analysis:out_of_bounds buffer=%s index=%ld; source: the "
		    "condition line %d tests another index than the access", buf, index, ternary);
		add(x, "guard_missing", false, "analysis:out_of_bounds buffer=%s", buf);
		return;
	}
	if (!guard) {
		add(x, "guard_missing", true, "analysis:out_of_bounds buffer=%s index=%ld; source: no "
		    "guard above line %d", buf, index, line);
		add(x, "index_offset", false, "analysis:out_of_bounds index=%ld", index);
		return;
	}
	char *g = source_line_text(x->src, guard);
	bool le = strstr(g, "<=") != NULL;
	free(g);
	if (le && index >= 0 && index == count) {
		add(x, "guard_off_by_one", true, "analysis:out_of_bounds index=%ld count=%ld; source: <= "
		    "in the guard line %d", index, count, guard);
		return;
	}
	/* an index below 0 (wrapped to a huge one): what the guard needed was the lower bound */
	if (index < 0 || (index >= 0x80000000L && count >= 0 && count < 0x80000000L))
		add(x, "guard_wrong_bound", false, "analysis:out_of_bounds buffer=%s index=%ld before the "
		    "start; the guard line %d tests no lower bound", buf, index, guard);
	if (diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1 &&
	    diag_source_stride_of_bound(x->src, guard, sub, var, sizeof(var)))
		add(x, "stride_wrong", false, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; source: %s "
		    "multiplies a variable by its own bound (guard line %d)", buf, sub, index, count, var, guard);
	if (diag_source_subscript(x->src, line, buf, sub, sizeof(sub)) >= 1 && diag_source_offset_one(sub))
		add(x, "index_offset", false, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; guard "
		    "line %d", buf, sub, index, count, guard);
	add(x, "guard_wrong_bound", false, "analysis:out_of_bounds buffer=%s index=%ld count=%ld; "
	    "source: guard line %d", buf, index, count, guard);
	add(x, "index_offset", false, "analysis:out_of_bounds index=%ld", index);
}

/* Which kind of [access] rule fails: each kind tried alone on a shallow copy of the spec. */
static void requirement(struct ctx *x, const struct check_spec *spec)
{
	if (x->r->naccess < 0 || !spec->naccess) {
		add(x, "contract_ignored", false, "requirement_unmet");
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
			add(x, ids[k], true, "analysis:access %s rule unmet line %d", what[k], line);
		msg_release(&m);
	}
	free(one);
	if (!x->r->ndiagnoses)
		add(x, "contract_ignored", false, "requirement_unmet");
}

/* What the output of a wrong result proves about its buffer, with the learner's code: values
 * added onto what the buffer held before the run (the comparison proved it, or the buffer still
 * holds those bytes and the kernel only ever adds into it), or a buffer the kernel never names. */
static void wrong_result_output(struct ctx *x)
{
	char buf[NAME_MAX_LEN] = "";
	fact(x->facts, "buffer", buf, sizeof(buf));
	if (fact_int(x->facts, "not_cleared", 0)) {
		add(x, "output_not_cleared", true, "execution:wrong_result buffer=%s every wrong element "
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
		add(x, "nothing_stored", true, "execution:wrong_result buffer=%s unchanged; source: %s "
		    "named only where it is declared", buf, buf);
		return;
	}
	if (before && updates && !stores && !fact_int(x->facts, "unchanged", 0))
		add(x, "output_not_cleared", true, "execution:wrong_result buffer=%s holds what it held "
		    "before the run; source: %s only added into (%d lines), never set", buf, buf, updates);
}

static void from_evidence(struct ctx *x, const struct check_spec *spec)
{
	struct report *r = x->r;
	switch (r->verdict) {
	case VERDICT_BUILD_ERROR: {
		int big = x->src ? diag_source_huge_array(x->src) : 0;
		if (big)
			add(x, "private_too_large", true, "build_error; source: array of over 1 MB line %d", big);
		add(x, "build", true, "verdict:build_error line %d", r->line);
		return;
	}
	case VERDICT_SIGNATURE_MISMATCH:
		add(x, "signature", true, "verdict:signature_mismatch");
		return;
	case VERDICT_TIMEOUT:
		add(x, "hang", true, "verdict:timeout");
		return;
	case VERDICT_CRASH: {
		int big = x->src ? diag_source_huge_array(x->src) : 0;
		if (big)
			add(x, "private_too_large", true, "crash; source: array of over 1 MB line %d", big);
		add(x, "index_offset", false, "crash");
		add(x, "guard_missing", false, "crash");
		return;
	}
	case VERDICT_BARRIER_DIVERGENCE:
		add(x, "barrier_divergent", true, "analysis:barrier_divergence line %d",
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
			add(x, atomic ? "cross_group_sync" : "barrier_missing", false,
			    "execution:wrong_result in %ld of %ld runs, different results each time%s",
			    fact_int(x->facts, "runs_wrong", 0), fact_int(x->facts, "runs", 0),
			    atomic ? "; source: atomics" : "");
		}
		wrong_result_output(x);
		if (fact_int(x->facts, "shift", 0))
			add(x, "index_offset", false, "execution:wrong_result shift=%ld",
			    fact_int(x->facts, "shift", 0));
		if (fact_int(x->facts, "wrong", 0) < fact_int(x->facts, "elements", 0))
			add(x, "elements_skipped", false, "execution:wrong_result wrong=%ld of %ld",
			    fact_int(x->facts, "wrong", 0), fact_int(x->facts, "elements", 0));
		add(x, "contract_ignored", false, "execution:wrong_result");
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
		sbuf_addf(out, "%s{\"id\": \"%s\", \"certain\": %s, \"title\": ", i ? ", " : "", f->d->id,
			  f->certain ? "true" : "false");
		json_add_string(out, tr(lang, f->d->title));
		sbuf_adds(out, ", \"evidence\": ");
		json_add_string(out, f->evidence);
		sbuf_adds(out, "}");
	}
	sbuf_adds(out, "]");
}
