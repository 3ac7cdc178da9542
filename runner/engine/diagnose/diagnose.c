/*
 * diagnose.c: the stage that names the learner's mistake in a report, from the catalogue
 * (course/diagnosis.c), most likely first. Each diagnosis carries the kind of evidence it rests
 * on (course/diagnosis.h), and is certain only when that evidence proves it:
 *   - the verdict itself and the facts of the run that found it (a build error, a signature, the
 *     comparison's word that every wrong element is its value added onto the bytes it held);
 *   - a fact of the analysis (Oclgrind, the access plugin: which line, which buffer, a race
 *     between work-groups, a read-modify-write of one place by several work-items, a slot of
 *     local memory read unwritten, a barrier part of a group skips) read against the kernel's
 *     facts as libclang read them (which memory space a name lives in, a barrier's flags).
 * What the kernel's facts only suggest (diagnose-facts.c: a guard that lets the index equal its
 * bound, a variable declared without a value read at the line, where a subscript's terms come
 * from) and what the course's wrong kernels resemble (diagnose-match.c) are questions, never
 * proof. The message's facts are read once into a struct (struct said); no text is searched.
 */
#include "engine/diagnose/diagnose.h"
#include "engine/source/source.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The message's facts (msg_fact_*), as the analysis and the comparison named them: what the
 * diagnoses read. A number the message does not hold is its default below. */
struct said {
	long line, line_other, line_plain, line_unwritten, line_guard, guard_line;
	long index, count, index_unwritten, shift, wrong, elements, runs, runs_wrong;
	long across_groups, update, index_is_global_id, not_cleared, never_written, before_run, unchanged;
	char buffer[NAME_MAX_LEN], buffer_unwritten[NAME_MAX_LEN], work_group[64], work_group_other[64];
	char atomic[64], plain[16];
	bool has_line_plain, has_line_unwritten, has_work_group_other, has_atomic;
};

static void said_read(const struct msg *m, struct said *s)
{
	static const struct { const char *name; size_t at; long none; } numbers[] = {
#define N(f, none) { #f, offsetof(struct said, f), none }
		N(line, 0), N(line_other, 0), N(line_plain, 0), N(line_unwritten, 0), N(line_guard, 0),
		N(guard_line, 0), N(index, -1), N(count, -1), N(index_unwritten, -1), N(shift, 0), N(wrong, 0),
		N(elements, 0), N(runs, 0), N(runs_wrong, 0), N(across_groups, 0), N(update, 0),
		N(index_is_global_id, 0), N(not_cleared, 0), N(never_written, 0), N(before_run, 0),
		N(unchanged, 0),
#undef N
	};
	static const struct { const char *name; size_t at, cap; } texts[] = {
#define T(f) { #f, offsetof(struct said, f), sizeof(((struct said *)0)->f) }
		T(buffer), T(buffer_unwritten), T(work_group), T(work_group_other), T(atomic), T(plain),
#undef T
	};
	*s = (struct said){ 0 };
	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
		long long v;
		*(long *)((char *)s + numbers[i].at) = msg_fact_number(m, numbers[i].name, &v) ? (long)v : numbers[i].none;
	}
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (!msg_fact_text(m, texts[i].name, (char *)s + texts[i].at, texts[i].cap))
			*((char *)s + texts[i].at) = '\0';
	char tmp[64];
	s->has_line_plain = msg_fact_text(m, "line_plain", tmp, sizeof(tmp)) != NULL;
	s->has_line_unwritten = msg_fact_text(m, "line_unwritten", tmp, sizeof(tmp)) != NULL;
	s->has_work_group_other = msg_fact_text(m, "work_group_other", tmp, sizeof(tmp)) != NULL;
	s->has_atomic = msg_fact_text(m, "atomic", tmp, sizeof(tmp)) != NULL;
	if (!s->has_line_plain)
		s->line_plain = s->line;
	if (!s->has_line_unwritten)
		s->line_unwritten = s->line;
}

struct ctx {
	struct kview kv;            /* the kernel's facts (none: no question of its code is asked) */
	struct said m;              /* the message's facts */
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

/* ---- what the analysis's facts and the kernel's facts prove, by verdict ---- */

static void data_race(struct ctx *x)
{
	const struct said *m = &x->m;
	int line = (int)m->line, other = (int)m->line_other;
	const char *buf = m->buffer;
	bool groups = m->across_groups || (m->has_work_group_other && strcmp(m->work_group, m->work_group_other));
	bool local = *buf && kv_in_space(&x->kv, buf, "__local");
	bool mixed = m->has_atomic;
	if (m->update) {
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
	int global_fence = kv_global_only_barrier(&x->kv);
	if (local && global_fence && !mixed) {
		/* libclang read the barrier's flags: the race on local memory is one its fence does
		 * not order */
		add(x, "fence_wrong_space", PROVED_BY_ANALYSIS, "analysis:data_race buffer=%s local; "
		    "facts: CLK_GLOBAL_MEM_FENCE only line %d", buf, global_fence);
		add(x, "barrier_missing", ASK_ANALYSIS, "analysis:data_race buffer=%s", buf);
		return;
	}
	if (mixed) {
		/* an atomic and a plain access in one work-group: a barrier between the updates and
		 * the read fixes a read that wants them all (or a store that clears before them), the
		 * atomic's returned value a read of the place it is about to update; the analysis
		 * cannot tell which the kernel means, so the order of the lines orders the questions */
		int plain = (int)m->line_plain;
		int at = plain == line ? other : line;   /* the atomic's line */
		bool read_then_update = !strcmp(m->plain, "read") && at > plain;
		if (at && at != plain && !read_then_update)   /* statements a barrier can stand between */
			add(x, "barrier_missing", ASK_ANALYSIS, "analysis:data_race buffer=%s plain access line "
			    "%d, %s line %d, one work-group", buf, plain, m->atomic, at);
		add(x, "race_needs_atomic", ASK_ANALYSIS, "analysis:data_race buffer=%s atomic=%s plain "
		    "access line %d", buf, m->atomic, plain);
		add(x, "barrier_missing", ASK_ANALYSIS, "analysis:data_race buffer=%s atomic=%s plain "
		    "access line %d", buf, m->atomic, plain);
		return;
	}
	char s1[160] = "", s2[160] = "";
	bool same_place = *buf && kv_subscripts(&x->kv, line, buf, s1, sizeof(s1)) == 1 &&
			  kv_subscripts(&x->kv, other ? other : line, buf, s2, sizeof(s2)) == 1 && !strcmp(s1, s2);
	if (same_place) {
		add(x, "race_needs_atomic", ASK_SOURCE, "analysis:data_race buffer=%s; facts: one subscript "
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
	const struct said *m = &x->m;
	int line = (int)m->line;
	const char *buf = m->buffer;
	char local[NAME_MAX_LEN] = "", unset[NAME_MAX_LEN] = "", sub[160];
	if (*m->buffer_unwritten) {
		/* the access plugin saw the read of a local slot no work-item of the group wrote */
		int at = (int)m->line_unwritten;
		long slot = m->index_unwritten;
		if (at == line && !strcmp(buf, m->buffer_unwritten) && slot >= 0 && slot == m->index)
			/* the slot read unwritten is the one the line then stores: a value added onto
			 * a slot nobody set first */
			add(x, "output_not_cleared", PROVED_BY_ANALYSIS, "analysis:uninitialized __local %s[%ld] "
			    "read unwritten and stored again at line %d", m->buffer_unwritten, slot, at);
		add(x, "local_slot_unwritten", PROVED_BY_ANALYSIS, "analysis:uninitialized __local %s[%ld] "
		    "read at line %d, written by no work-item of its group", m->buffer_unwritten, slot, at);
		return;
	}
	bool private_unset = line && kv_unset_on_line(&x->kv, line, unset, sizeof(unset));
	/* a __local array on the line that is read there, not only the target of its store */
	bool local_read = line && kv_local_on_line(&x->kv, line, local, sizeof(local)) &&
			  !(kv_plain_store(&x->kv, line, local) && kv_subscripts(&x->kv, line, local, sub, sizeof(sub)) == 1);
	if (private_unset)
		add(x, "private_uninitialised", ASK_SOURCE, "analysis:uninitialized line %d; facts: %s "
		    "declared without a value", line, unset);
	if (local_read && kv_updated(&x->kv, line, local) && kv_subscripts(&x->kv, line, local, sub, sizeof(sub)) == 1)
		add(x, "output_not_cleared", ASK_SOURCE, "analysis:uninitialized line %d; facts: adds to "
		    "__local %s", line, local);
	/* a local read is asked about only when no private variable declared without a value is
	 * read there: the uninitialised value may be either, and the plugin saw no unwritten slot */
	if (local_read && !private_unset)
		add(x, "local_slot_unwritten", ASK_SOURCE, "analysis:uninitialized line %d; facts: reads "
		    "__local %s", line, local);
	if (*buf && kv_in_space(&x->kv, buf, "__global") && kv_updated(&x->kv, line, buf))
		add(x, "output_not_cleared", ASK_SOURCE, "analysis:uninitialized line %d; facts: adds to "
		    "__global %s", line, buf);
	/* a value stored or used there came from memory nobody wrote: local memory, if the kernel
	 * has some, else a private variable */
	if (kv_uses_local(&x->kv) && !private_unset)
		add(x, "local_slot_unwritten", ASK_ANALYSIS, "analysis:uninitialized line %d; the kernel "
		    "uses __local memory", line);
	add(x, "private_uninitialised", ASK_ANALYSIS, "analysis:uninitialized line %d", line);
}

/* Only the device's word, no line or no facts of the kernel: an index past the end. */
static void out_of_bounds_device_only(struct ctx *x, const char *buf, long index)
{
	const struct said *m = &x->m;
	int store = *buf ? kv_offset_store(&x->kv, buf) : 0;
	if (store)
		add(x, "index_offset", ASK_SOURCE, "execution:out_of_bounds buffer=%s index=%ld; facts: "
		    "a store into %s one place off line %d", buf, index, buf, store);
	if (m->guard_line) {   /* the message said every store is guarded: never that none is */
		add(x, "guard_wrong_bound", ASK_VERDICT, "execution:out_of_bounds buffer=%s index=%ld; "
		    "stores guarded line %ld", buf, index, m->guard_line);
		add(x, "guard_off_by_one", ASK_VERDICT, "execution:out_of_bounds index=%ld", index);
		return;
	}
	if (!m->line_guard)
		add(x, "guard_missing", ASK_VERDICT, "execution:out_of_bounds buffer=%s index=%ld", buf, index);
	add(x, "guard_off_by_one", ASK_VERDICT, "execution:out_of_bounds index=%ld", index);
}

static void out_of_bounds(struct ctx *x)
{
	const struct said *m = &x->m;
	int line = (int)m->line;
	long index = m->index, count = m->count;
	char buf[NAME_MAX_LEN], sub[160] = "";
	copy_str(buf, sizeof(buf), m->buffer);
	if (!x->kv.kf || !line) {   /* only the device's word: an index past the end */
		out_of_bounds_device_only(x, buf, index);
		return;
	}
	/* the buffer the analysis names, else (a merged device's fact) the local array of the line */
	if (!*buf || !kv_sub(&x->kv, line, buf, 0))
		kv_local_on_line(&x->kv, line, buf, sizeof(buf));
	bool local = *buf && kv_in_space(&x->kv, buf, "__local");
	int from = kv_sub_flags(&x->kv, line, buf);
	kv_subscripts(&x->kv, line, buf, sub, sizeof(sub));
	if (local && m->index_is_global_id) {
		add(x, "global_id_as_local_index", PROVED_BY_ANALYSIS, "analysis:out_of_bounds __local %s "
		    "index=%ld, the work-item's global id", buf, index);
		return;
	}
	if (local && kv_sub(&x->kv, line, buf, 0)) {
		if (from & KF_T_GID) {
			add(x, "global_id_as_local_index", ASK_SOURCE, "analysis:out_of_bounds buffer=%s local; "
			    "facts: get_global_id indexes __local %s line %d", buf, buf, line);
			return;
		}
		/* A local array is sized by the group: no guard of the data's size helps it. */
		if (kv_fixed_local(&x->kv, buf) || (kv_local_param(&x->kv, buf) && (from & KF_T_MACRO)))
			add(x, "contract_ignored", ASK_SOURCE, "analysis:out_of_bounds __local %s sized by a "
			    "constant, not by the work-group, index=%ld", buf, index);
		if (from & KF_T_STRIDE)
			add(x, "stride_wrong", ASK_SOURCE, "analysis:out_of_bounds __local %s[%s] index=%ld: a "
			    "stride halved or doubled in a loop", buf, sub, index);
		add(x, "index_offset", ASK_ANALYSIS, "analysis:out_of_bounds __local %s[%s] index=%ld", buf, sub,
		    index);
		return;
	}
	/* the guard the analysis's message names first, so that a guard said to exist is never
	 * said to be missing; else the one libclang found around the access (an `if` on the
	 * line itself too); a comparison that does not bound the index is none */
	const struct kfact *g = kv_guard(&x->kv, line, buf);
	int guard = m->line_guard ? (int)m->line_guard : kv_line(&x->kv, g);
	int loop = !guard ? kv_loop_guard(&x->kv, line, buf) : 0;
	if (loop) {
		add(x, "guard_wrong_bound", ASK_SOURCE, "analysis:out_of_bounds %s[%s] index=%ld; facts: only "
		    "the loop's condition line %d bounds it", buf, sub, index, loop);
		add(x, "guard_missing", ASK_SOURCE, "analysis:out_of_bounds buffer=%s", buf);
		return;
	}
	int ternary = !guard ? kv_ternary_other(&x->kv, line, buf) : 0;
	char var[128];
	if (ternary && kv_stride_of_bound(&x->kv, line, buf, "ternary", var, sizeof(var))) {
		/* `b_row < K ? B[b_row * K + col]`: the guarded index times its own bound, and still
		 * past the end: the row's length is another one (a matrix that is not square) */
		add(x, "stride_wrong", ASK_SOURCE, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; facts: "
		    "%s multiplies a variable by its own bound (condition line %d)", buf, sub, index, count, var,
		    ternary);
		return;
	}
	if (ternary) {
		add(x, "guard_wrong_bound", ASK_SOURCE, "analysis:out_of_bounds buffer=%s index=%ld; facts: the "
		    "condition line %d tests another index than the access", buf, index, ternary);
		add(x, "guard_missing", ASK_SOURCE, "analysis:out_of_bounds buffer=%s", buf);
		return;
	}
	if (!guard) {
		add(x, "guard_missing", ASK_SOURCE, "analysis:out_of_bounds buffer=%s index=%ld; facts: no "
		    "comparison bounds the index around line %d", buf, index, line);
		add(x, "index_offset", ASK_ANALYSIS, "analysis:out_of_bounds index=%ld", index);
		return;
	}
	if (kv_guard_lets_one_more(g) && index >= 0 && index == count) {
		add(x, "guard_off_by_one", ASK_SOURCE, "analysis:out_of_bounds index=%ld count=%ld; facts: %s "
		    "in the guard line %d", index, count, g->text, kv_line(&x->kv, g));
		return;
	}
	/* an index below 0 (wrapped to a huge one): what the guard needed was the lower bound */
	if (index < 0 || (index >= 0x80000000L && count >= 0 && count < 0x80000000L))
		add(x, "guard_wrong_bound", ASK_ANALYSIS, "analysis:out_of_bounds buffer=%s index=%ld before "
		    "the start; the guard line %d tests no lower bound", buf, index, guard);
	if (g && kv_stride_of_bound(&x->kv, line, buf, g->detail, var, sizeof(var)))
		add(x, "stride_wrong", ASK_SOURCE, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; facts: "
		    "%s multiplies a variable by its own bound (guard line %d)", buf, sub, index, count, var, guard);
	if (from & KF_T_ONE)
		add(x, "index_offset", ASK_SOURCE, "analysis:out_of_bounds %s[%s] index=%ld count=%ld; guard "
		    "line %d", buf, sub, index, count, guard);
	add(x, "guard_wrong_bound", ASK_ANALYSIS, "analysis:out_of_bounds buffer=%s index=%ld count=%ld; "
	    "guard line %d", buf, index, count, guard);
	add(x, "index_offset", ASK_ANALYSIS, "analysis:out_of_bounds index=%ld", index);
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
	const char *buf = x->m.buffer;
	if (x->m.not_cleared) {
		add(x, "output_not_cleared", PROVED_BY_VERDICT, "execution:wrong_result buffer=%s every wrong element "
		    "is its value added onto the bytes it held before the run", buf);
		return;
	}
	if (!*buf)
		return;
	int updates = 0, stores = 0;
	int uses = kv_output_uses(&x->kv, buf, &updates, &stores);
	bool before = x->m.never_written || x->m.before_run || x->m.unchanged;
	if (before && uses == 0) {
		add(x, "nothing_stored", PROVED_BY_VERDICT, "execution:wrong_result buffer=%s unchanged; facts: %s "
		    "named only where it is declared", buf, buf);
		return;
	}
	if (before && updates && !stores && !x->m.unchanged)
		add(x, "output_not_cleared", ASK_SOURCE, "execution:wrong_result buffer=%s holds what it held "
		    "before the run; facts: %s only added into (%d places), never set", buf, buf, updates);
}

/* A __local array indexed by the global id: the analysis would prove it where the index runs
 * past the array; without it (analysis off, or the index within the array's end) the kernel's
 * facts ask it, so that what the exercise says of it is said too. */
static void wrong_result_local_index(struct ctx *x)
{
	char buf[NAME_MAX_LEN];
	int line = kv_local_by_global_id(&x->kv, buf, sizeof(buf));
	if (line)
		add(x, "global_id_as_local_index", ASK_SOURCE, "execution:wrong_result; facts: get_global_id "
		    "indexes __local %s line %d", buf, line);
}

static void from_evidence(struct ctx *x, const struct check_spec *spec)
{
	struct report *r = x->r;
	switch (r->verdict) {
	case VERDICT_BUILD_ERROR: {
		int big = kv_huge_array(&x->kv);
		if (big)
			add(x, "private_too_large", ASK_SOURCE, "build_error; facts: array of over 1 MB line %d", big);
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
		int big = kv_huge_array(&x->kv);
		if (big)
			add(x, "private_too_large", ASK_SOURCE, "crash; facts: array of over 1 MB line %d", big);
		add(x, "index_offset", ASK_VERDICT, "crash");
		add(x, "guard_missing", ASK_VERDICT, "crash");
		return;
	}
	case VERDICT_BARRIER_DIVERGENCE:
		add(x, "barrier_divergent", PROVED_BY_ANALYSIS, "analysis:barrier_divergence line %d",
		    x->m.line ? (int)x->m.line : r->line);
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
		if (x->m.runs) {
			/* runs of the same kernel on the same inputs disagreed (check-compiler.c): the
			 * order of work-groups that wait on each other through atomics, else of
			 * work-items a barrier should order */
			bool atomic = kv_has_atomic(&x->kv);
			add(x, atomic ? "cross_group_sync" : "barrier_missing", ASK_VERDICT,
			    "execution:wrong_result in %ld of %ld runs, different results each time%s",
			    x->m.runs_wrong, x->m.runs, atomic ? "; facts: atomics" : "");
		}
		wrong_result_output(x);
		wrong_result_local_index(x);
		if (x->m.shift)
			add(x, "index_offset", ASK_VERDICT, "execution:wrong_result shift=%ld", x->m.shift);
		if (x->m.wrong < x->m.elements)
			add(x, "elements_skipped", ASK_VERDICT, "execution:wrong_result wrong=%ld of %ld",
			    x->m.wrong, x->m.elements);
		add(x, "contract_ignored", ASK_VERDICT, "execution:wrong_result");
		return;
	default:
		return;
	}
}

bool diagnose_reads_facts(enum verdict v)
{
	/* as from_evidence: these verdicts' diagnoses ask nothing of the kernel's code */
	return v != VERDICT_PASS && v != VERDICT_ERROR && v != VERDICT_TIMEOUT &&
	       v != VERDICT_SIGNATURE_MISMATCH;
}

void diagnose(const struct course *c, const struct exercise *e, const struct check_spec *spec,
	      const char *learner_src, const struct kernel_facts *kf, const struct proto_stream *learner,
	      const char *device, struct report *r)
{
	diagnoses_release(r->diagnoses, r->ndiagnoses);
	r->diagnoses = NULL;
	r->ndiagnoses = 0;
	if (r->verdict == VERDICT_PASS || r->verdict == VERDICT_ERROR || r->interrupted)
		return;
	struct ctx x = { { learner_src ? kf : NULL, learner_src, learner_src ? strlen(learner_src) : 0 },
			 { 0 }, r };
	said_read(&r->message, &x.m);
	/* A proof by output first: the same bytes as a wrong kernel of the course. */
	if (r->verdict == VERDICT_WRONG_RESULT && learner && learner->ready)
		diagnose_by_output(c, e, spec, learner_src, learner, device, r);
	from_evidence(&x, spec);
}
