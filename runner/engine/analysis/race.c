/*
 * race.c: a data race of Oclgrind's log, told from what it logged of each access (a read, a
 * write, an atomic; which work-items, of which work-groups) and the fix that follows from it: a
 * barrier where one orders the two accesses, an atomic where several work-items update one place
 * or a plain access meets an atomic, a kernel launch of its own where work-groups meet.
 */
#include "engine/analysis/analysis.h"
#include "engine/source/source.h"

#include <stdlib.h>
#include <string.h>

static bool same_item(const struct entity *a, const struct entity *b)
{
	return !a->is_group && !b->is_group && same_id(a->global, b->global);
}

/* One work-item's accesses to an address, as the log's races show them: the line of its reads
 * and of its writes (0: none seen; -1: more than one line). */
struct item_lines {
	int read, write;
};

static void note_line(int *at, int line)
{
	if (!*at)
		*at = line;
	else if (*at != line)
		*at = -1;
}

/*
 * Whether the two work-items of race m each read its address and wrote it back, both at the
 * same pair of lines and at no other line: several work-items running one read-modify-write of
 * one place (`count[0] = count[0] + 1`, `bins[v]++`), which only an atomic makes safe: no
 * barrier orders updates that every work-item makes at once. Accesses of one place from
 * different lines (a tree's rounds, each work-item in another role) are not one.
 */
static bool several_update(const struct parsed_log *pl, const struct oclgrind_msg *m)
{
	struct item_lines at[2] = { { 0, 0 }, { 0, 0 } };
	if (m->e[0].is_group || m->e[1].is_group || same_item(&m->e[0], &m->e[1]))
		return false;
	for (const struct oclgrind_msg *o = pl->m; o < pl->m + pl->n; o++) {
		if (o->kind != MSG_DATA_RACE || o->address != m->address || strcmp(o->space, m->space))
			continue;
		for (int i = 0; i < 2; i++)
			for (int j = 0; j < 2; j++) {
				const struct entity *e = &o->e[j];
				if (!same_item(e, &m->e[i]) || !e->line)
					continue;
				if (e->access == ACCESS_READ || e->access == ACCESS_ATOMIC)
					note_line(&at[i].read, e->line);
				if (e->access == ACCESS_WRITE || e->access == ACCESS_ATOMIC)
					note_line(&at[i].write, e->line);
			}
	}
	return at[0].read > 0 && at[0].write > 0 && at[0].read == at[1].read &&
	       at[0].write == at[1].write;
}

/* The barrier that orders memory of this kind, as code: "barrier(CLK_LOCAL_MEM_FENCE)". */
static const char *barrier_code(const struct buffer_ref *r)
{
	return r->local ? "barrier(CLK_LOCAL_MEM_FENCE)" : "barrier(CLK_GLOBAL_MEM_FENCE)";
}

/*
 * The race's roles, named from what Oclgrind logged of each access: a plain write, a plain read,
 * an atomic. w is the one named first: a plain write, else an atomic; o the other access.
 */
static void race_roles(const struct oclgrind_msg *m, const struct entity **w, const struct entity **o)
{
	*w = &m->e[0];
	*o = &m->e[1];
	if (m->e[0].access != ACCESS_WRITE &&
	    (m->e[1].access == ACCESS_WRITE ||
	     (m->e[1].access == ACCESS_ATOMIC && m->e[0].access != ACCESS_ATOMIC))) {
		*w = &m->e[1];
		*o = &m->e[0];
	}
}

/* One race, as the explanation reads it: w is the write (or the atomic), o the other access. */
struct race {
	const struct entity *w, *o;
	bool w_atomic, o_atomic;
	bool mixed;                   /* one side atomic, the other plain */
	const struct entity *plain;   /* with mixed: the plain access, the one to fix */
	bool across_groups, updates;
	struct buffer_ref r;
	int fence;     /* the barrier that orders only global memory, or 0 */
	int between;   /* a barrier between a write above and a read below, or 0 */
	int loop;      /* with between: the loop around both, whose next round made the write */
	bool read;     /* the kernel's facts were read: where its barriers and loops are is known */
};

static void race_facts(const struct race *rc, int line, struct msg *out)
{
	const struct entity *w = rc->w, *o = rc->o, *plain = rc->plain;
	const struct buffer_ref r = rc->r;
	bool w_atomic = rc->w_atomic, o_atomic = rc->o_atomic, mixed = rc->mixed;
	bool updates = rc->updates, across_groups = rc->across_groups;
	msg_fact_int(out, "line", line);
	if (w->line && w->line != line)
		msg_fact_int(out, "line_other", w->line);
	else if (o->line && o->line != line)
		msg_fact_int(out, "line_other", o->line);
	if (r.name)
		msg_fact_str(out, "buffer", r.name);
	if (r.elem)
		msg_fact_int(out, "index", r.offset / (int64_t)r.elem);
	if (w_atomic || o_atomic)
		msg_fact_str(out, "atomic", w_atomic ? w->func : o->func);
	if (mixed)   /* which access is plain orders the questions (diagnose.c) */
		msg_fact_str(out, "plain", plain->access == ACCESS_WRITE ? "write" : "read");
	if (updates)   /* what proves that only an atomic helps (diagnose.c) */
		msg_fact_int(out, "update", 1);
	if (across_groups)
		msg_fact_int(out, "across_groups", 1);
}

/* "On BUFFER, work-item W wrote ELEMENT at line L and work-item O read it at line K" */
static void race_account(const struct parsed_log *pl, const struct oclgrind_msg *m,
			 const struct race *rc, struct msg *out)
{
	struct msg where = MSG_INIT, writer = MSG_INIT, element = MSG_INIT, other = MSG_INIT;
	struct msg at = MSG_INIT;
	const struct entity *w = rc->w, *o = rc->o;
	const struct buffer_ref r = rc->r;
	bool w_atomic = rc->w_atomic, o_atomic = rc->o_atomic, across_groups = rc->across_groups;
	buffer_name_msg(&where, &r);
	work_item_msg(&writer, w, pl->dims, "");
	element_msg(&element, &r, false);
	if (!across_groups) {
		char *id = id_text(o->local, pl->dims);
		fact_id(&other, "work_item_other", o->local, pl->dims);
		msg_addf(&other, N_("work-item %s of the same work-group"), id);
		free(id);
	} else {
		work_item_msg(&other, o, pl->dims, "_other");
	}
	if (w->line)
		msg_addf(&at, N_(" at line %d"), w->line);
	/* handed over in this order: the writer's facts come before the other's */
	const char *where_s = msg_sub(out, &where), *writer_s = msg_sub(out, &writer);
	const char *element_s = msg_sub(out, &element), *at_s = msg_sub(out, &at);
	const char *other_s = msg_sub(out, &other);
	/* an atomic's name where the log gives one (atomic_inc), else words for it (atomicrmw) */
	const char *w_func = *w->func ? w->func : msg_word(out, N_("an atomic operation"));
	const char *o_func = *o->func ? o->func : msg_word(out, N_("an atomic operation"));
	if (w_atomic && o_atomic)
		msg_addf(out, N_("On %s, %s updated %s with %s%s and %s updated it too"),
			 where_s, writer_s, element_s, w_func, at_s, other_s);
	else if (w_atomic)
		msg_addf(out, o->access == ACCESS_WRITE ? N_("On %s, %s updated %s with %s%s and %s "
							     "wrote it without an atomic")
							: N_("On %s, %s updated %s with %s%s and %s "
							     "read it without an atomic"),
			 where_s, writer_s, element_s, w_func, at_s, other_s);
	else if (o_atomic)
		msg_addf(out, N_("On %s, %s wrote %s%s without an atomic and %s updated it with %s"),
			 where_s, writer_s, element_s, at_s, other_s, o_func);
	else
		msg_addf(out, m->write ? N_("On %s, %s wrote %s%s and %s wrote it")
				       : N_("On %s, %s wrote %s%s and %s read it"),
			 where_s, writer_s, element_s, at_s, other_s);
	if (o->line)
		msg_addf(out, N_(" at line %d"), o->line);
	if (m->write && !w_atomic && !o_atomic)
		msg_adds(out, N_(", with a different value"));
}

/* How the two accesses are ordered, or why they are not: the end of the account's sentence. */
static void race_barrier_note(const struct race *rc, struct msg *out)
{
	int fence = rc->fence, between = rc->between, loop = rc->loop;
	bool across_groups = rc->across_groups, mixed = rc->mixed, updates = rc->updates;
	if (fence)
		msg_addf(out, N_(", and the barrier at line %d orders only global memory."), fence);
	else if (between && loop)
		msg_addf(out, N_(". The barrier at line %d orders the two within one round of the loop "
				 "at line %d, but not across rounds: the write was the next round's, made "
				 "while this round's read still went on."), between, loop);
	else if (across_groups || mixed || updates || !rc->read || between)
		msg_raw(out, ".");   /* no barrier to name, none known (no facts), or one between with
				      * no loop around both to say why it does not order them */
	else
		msg_adds(out, N_(", with no barrier between the two."));
}

/* Where only an atomic helps, or orders what it can: an atomic beside a plain access, or
 * read-modify-writes of one place. 1 when the race was one of those (the advice is given). */
static int race_atomic_advice(const struct race *rc, struct msg *out)
{
	const struct entity *w = rc->w, *o = rc->o, *plain = rc->plain;
	const struct buffer_ref r = rc->r;
	bool mixed = rc->mixed, w_atomic = rc->w_atomic, across_groups = rc->across_groups;
	bool updates = rc->updates;
	const struct entity *atomic_e = !mixed ? NULL : w_atomic ? w : o;
	/* a read of the place before the update that follows it (`out[count[0]] = v;
	 * atomic_inc(count);`): no barrier makes the two one step, only the atomic's value does */
	bool read_then_update = mixed && plain->access != ACCESS_WRITE && plain->line && atomic_e->line &&
				plain->line < atomic_e->line;
	if (mixed && !across_groups && !read_then_update) {
		/* within one work-group a barrier does order the updates before a later read, or a
		 * store before the updates: which fix is right depends on what the kernel wants, so
		 * both are said (never "no barrier") */
		msg_fact_int(out, "line_plain", plain->line);
		msg_addf(out, N_("\nAn atomic is safe only against other atomics: the plain access at "
				 "line %d races with the other work-items' updates, and whether it comes "
				 "before or after one of them is luck. If it belongs before all the updates "
				 "or after them all, %s between it and them orders them. If it wants the "
				 "value its own update started from, use what the atomic returns (`uint k = "
				 "atomic_inc(&c);`), not a read of your own."),
			 plain->line, barrier_code(&r));
		return 1;
	}
	if (mixed) {
		msg_fact_int(out, "line_plain", plain->line);
		msg_addf(out, N_("\nAn atomic is safe only against other atomics: the plain access at "
				 "line %d races with the other work-items' updates, and whether it comes "
				 "before or after one of them is luck. No barrier "
				 "helps: every access to a value that work-items update at once must be "
				 "atomic. To know the value your own update started from, use what the "
				 "atomic returns (`uint k = atomic_inc(&c);`), not a read of your own."),
			 plain->line);
		return 1;
	}
	if (updates) {
		msg_adds(out, across_groups
			 ? N_("\nThese work-items (of different work-groups) each read this place, "
			      "change the value and write it back: between one's read and its write, "
			      "another's update can come and be lost. No barrier can help (a barrier "
			      "orders only the work-items of one work-group, and it would not make two "
			      "updates one): make the update a single atomic step, atomic_inc(&x) or "
			      "atomic_add(&x, v), which reads and writes at once and returns the old "
			      "value.")
			 : N_("\nSeveral work-items each read this place, change the value and write it "
			      "back: between one's read and its write, another's update can come and be "
			      "lost. A barrier cannot help, for they all update at the same time: make "
			      "the update a single atomic step, atomic_inc(&x) or atomic_add(&x, v), "
			      "which reads and writes at once and returns the old value."));
		return 1;
	}
	return 0;
}

/* The fix of a race between plain accesses: a barrier where one helps, else what to change. */
static void race_advice(const struct oclgrind_msg *m, const struct race *rc, const struct kview *kv,
			struct msg *out)
{
	const struct entity *w = rc->w, *o = rc->o;
	const struct buffer_ref r = rc->r;
	int fence = rc->fence, between = rc->between, loop = rc->loop;
	bool across_groups = rc->across_groups;
	msg_adds(out, m->write ? N_("\nWork-items run in no fixed order, and one's write is not "
				    "seen by another until they synchronise: on a GPU which value "
				    "stays is luck")
			       : N_("\nWork-items run in no fixed order, and one's write is not "
				    "seen by another until they synchronise: on a GPU the read may get "
				    "the old value or the new one, and the result changes from run to "
				    "run"));
	const char *bar = barrier_code(&r);
	if (fence) {
		msg_addf(out, N_(". barrier(CLK_GLOBAL_MEM_FENCE) at line %d makes every work-item "
				 "wait, but promises nothing about local memory: what one work-item wrote "
				 "there need not be seen by the others. Where work-items share local "
				 "memory, the barrier needs CLK_LOCAL_MEM_FENCE."), fence);
	} else if (across_groups) {
		msg_adds(out, N_(". No barrier can help: a barrier orders only the work-items of one "
				 "work-group, and these are of different work-groups. Each work-group must "
				 "own its region of the output (group g writes only its own elements), "
				 "and a pass that reads another pass's results needs a separate kernel "
				 "launch, with two buffers."));
	} else if (m->write) {
		msg_addf(out, N_(". Let each element belong to one work-item in each step, with "
				 "%s between steps."), bar);
	} else if (between && loop) {
		msg_addf(out, N_(". End every round with a barrier too: %s after "
				 "the read (line %d), as the last statement of the loop's body, so that no "
				 "work-item writes the next round's values before everyone has read this "
				 "round's."), bar, o->line);
	} else if (kv->kf && !between && w->line && o->line && w->line < o->line) {
		msg_addf(out, N_(". Put %s between the write (line %d) "
				 "and the read (line %d), where every work-item of the group passes it: "
				 "everyone must have written before anyone reads a neighbour's slot."),
			 bar, w->line, o->line);
	} else if (w->line && o->line && o->line < w->line && kv->kf && !kv_loop_around(kv, o->line, w->line)) {
		msg_addf(out, N_(". Put %s between the read (line %d) "
				 "and the write (line %d), where every work-item of the group passes it: "
				 "everyone must have read the old value before anyone overwrites it."),
			 bar, o->line, w->line);
	} else {
		msg_addf(out, N_(". Each step must read the previous step's results only after "
				 "everyone has written them: end every step with "
				 "%s. And within one step no work-item may write "
				 "a slot that another reads in the same step: read into a private "
				 "variable, barrier, then write, or address the slots so that a step never "
				 "reads what it writes."), bar);
	}
}

void explain_race(const struct parsed_log *pl, const struct oclgrind_msg *m,
		  const struct analysis_memory *mem, const char *path, const char *src,
		  const struct kernel_facts *kf, struct finding *f, struct msg *out)
{
	const struct kview kv = { kf, src, src ? strlen(src) : 0 };
	struct race rc = { 0 };
	race_roles(m, &rc.w, &rc.o);
	const struct entity *w = rc.w, *o = rc.o;
	rc.w_atomic = w->access == ACCESS_ATOMIC;
	rc.o_atomic = o->access == ACCESS_ATOMIC;
	rc.mixed = rc.w_atomic != rc.o_atomic;
	rc.plain = !rc.mixed ? NULL : rc.w_atomic ? o : w;
	size_t elem = w->access_bytes ? w->access_bytes : o->access_bytes;
	rc.across_groups = w->is_group || o->is_group || !same_id(w->group, o->group);
	rc.updates = several_update(pl, m);

	buffer_from_address(m, mem, elem, false, &rc.r);
	f->verdict = VERDICT_DATA_RACE;
	f->line = rc.plain && rc.plain->line ? rc.plain->line : o->line ? o->line : w->line;
	f->line = f->line ? f->line : m->line;
	race_facts(&rc, f->line, out);
	add_location(out, path, f->line, N_("data race"));
	race_account(pl, m, &rc, out);
	bool plain_only = !rc.mixed && !rc.updates && rc.r.local && !rc.across_groups;
	/* the barrier to name: the one between the write and the later read in program order */
	rc.read = kf != NULL;
	rc.fence = plain_only ? kv_global_only_barrier_after(&kv, w->line, o->line) : 0;
	/* A barrier between a write above and a read below: the write is the next round's of a
	 * loop around both, made while this round's read goes on. */
	rc.between = !rc.fence && plain_only && !m->write && w->line && o->line && w->line < o->line
			     ? kv_local_barrier_between(&kv, w->line, o->line) : 0;
	rc.loop = rc.between ? kv_loop_around(&kv, w->line, o->line) : 0;
	race_barrier_note(&rc, out);
	add_source_line(out, src, w->line);
	if (o->line != w->line)
		add_source_line(out, src, o->line);
	if (!race_atomic_advice(&rc, out))
		race_advice(m, &rc, &kv, out);
}
