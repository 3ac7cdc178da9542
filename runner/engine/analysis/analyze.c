/*
 * analyze.c: Oclgrind as the analysis device, and the translation of its log into the one finding
 * a learner should fix first.
 *
 * What Oclgrind 21.10 writes (learned by running the course's buggy kernels, see
 * tests/unit/data/oclgrind-*.log): messages separated by blank lines, each a header line such as
 * "Read-write data race at local memory address 0x1000000000008" followed by tab-indented lines:
 * "Entity: Global(x,y,z) Local(x,y,z) Group(x,y,z)" (or "First entity:" and "Second entity:"), the
 * LLVM instruction, and "At line N (column C) of FILE:" with a quoted source line. The line number
 * is right, but the quoted text is the line before it when the host prepended `#line 1 "FILE"`
 * (Oclgrind quotes from the raw source string), so we quote the learner's file ourselves.
 * Addresses become buffers and elements in address.c; work-items and lists of ids become words in
 * oclgrind-log.c.
 */
#include "engine/analysis/analysis.h"
#include "engine/source/source.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Oclgrind stops logging after this many messages. Lower would be faster to read but loses
 * findings: a divergent barrier is reported after the races and uninitialised values it causes
 * (hundreds of them in a 40x40 transpose).
 */
#define OCLGRIND_MAX_ERRORS 1000

static int cmp_ids(const void *a, const void *b)
{
	const long *x = a, *y = b;
	for (int d = 2; d >= 0; d--)
		if (x[d] != y[d])
			return x[d] < y[d] ? -1 : 1;
	return 0;
}

/* The barrier's words as a %s of m. */
static const char *sync_word(struct msg *m, const struct oclgrind_msg *o)
{
	return msg_word(m, o->async ? N_("the async_work_group_copy") : N_("the barrier"));
}

/* Work-items that waited at two different barriers (or copies): who, where, and why it hangs. */
static void divergence_two_barriers(const struct parsed_log *pl, const struct oclgrind_msg *m,
				    const char *path, const char *src, const char *group,
				    struct finding *f, struct msg *out)
{
	/*
	 * Work-items waited at two different barriers. Oclgrind writes one message for each
	 * work-item at the other one, in order of local id, then again at the next meeting
	 * (the next trip of a loop): the ids up to the first step back are this meeting's.
	 */
	long (*ids)[3] = xmalloc((size_t)(pl->n - (m - pl->m)) * sizeof(*ids));
	int n = 0;
	for (const struct oclgrind_msg *o = m; o < pl->m + pl->n; o++) {
		if (o->kind != MSG_DIVERGENCE || !same_id(o->wg, m->wg) ||
		    o->e[0].line != m->e[0].line || o->e[1].line != m->e[1].line ||
		    o->e[0].is_group || (n && cmp_ids(o->e[0].local, ids[n - 1]) <= 0))
			break;
		memcpy(ids[n++], o->e[0].local, sizeof(ids[0]));
	}
	struct msg list = MSG_INIT;
	add_id_list(&list, ids, n, pl->dims);
	f->line = m->e[1].line;
	msg_fact_int(out, "line", f->line);
	msg_fact_int(out, "line_other", m->e[0].line);
	fact_id(out, "work_group", m->wg, pl->dims);
	msg_fact_int(out, "work_items", n);
	add_location(out, path, f->line, N_("barrier divergence"));
	msg_addf(out, msg_plural(out, "In work-group %s, work-item %s reached %s at line %d, while "
				      "the others (work-item 0 among them) reached %s at line %d: %s.",
				 "In work-group %s, work-items %s reached %s at line %d, while "
				 "the others (work-item 0 among them) reached %s at line %d: %s.",
				 (unsigned long)n),
		 group, msg_sub(out, &list), sync_word(out, m), m->e[0].line, sync_word(out, m),
		 m->e[1].line,
		 msg_word(out, m->async ? N_("two different async_work_group_copy calls")
					: N_("two different barriers")));
	add_source_line(out, src, m->e[1].line);
	add_source_line(out, src, m->e[0].line);
	msg_adds(out, m->async ? N_("\nAn async_work_group_copy in each branch of an if/else "
				    "is not one async_work_group_copy reached two ways: each part "
				    "of the group waits at its own one. OpenCL leaves this "
				    "undefined: wrong results or a hang.")
			       : N_("\nA barrier in each branch of an if/else is not one barrier "
				    "reached two ways: each part of the group waits at its own one. "
				    "OpenCL leaves this undefined: wrong results or a hang (an H100 "
				    "hung on such a kernel until its time limit)."));
	free(ids);
}

static void explain_divergence(const struct parsed_log *pl, const struct oclgrind_msg *m,
			       const char *path, const char *src, const struct kernel_facts *kf,
			       struct finding *f, struct msg *out)
{
	char *group = id_text(m->wg, pl->dims);

	f->verdict = VERDICT_BARRIER_DIVERGENCE;
	if (m->e[0].set && m->e[1].set && m->e[1].line && m->e[1].line != m->e[0].line) {
		divergence_two_barriers(pl, m, path, src, group, f, out);
	} else {
		int groups = 0;
		for (int i = 0; i < pl->n; i++) {
			const struct oclgrind_msg *o = &pl->m[i];
			bool seen = false;
			if (o->kind != MSG_DIVERGENCE || o->line != m->line)
				continue;
			for (int j = 0; j < i && !seen; j++)
				seen = pl->m[j].kind == MSG_DIVERGENCE && pl->m[j].line == m->line &&
				       same_id(pl->m[j].wg, o->wg);
			groups += !seen;
		}
		f->line = m->line;
		msg_fact_int(out, "line", f->line);
		fact_id(out, "work_group", m->wg, pl->dims);
		add_location(out, path, f->line, N_("barrier divergence"));
		if (m->of > 0) {
			msg_fact_int(out, "reached", m->only);
			msg_fact_int(out, "work_group_size", m->of);
			msg_addf(out, N_("Only %ld of the %ld work-items of work-group %s reached %s at "
					 "line %d; the other %ld did not."), m->only, m->of, group,
				 sync_word(out, m), m->line, m->of - m->only);
		} else {
			msg_addf(out, N_("Only part of work-group %s reached %s at line %d."), group,
				 sync_word(out, m), m->line);
		}
		if (groups > 1) {
			msg_fact_int(out, "work_groups", groups);
			msg_addf(out, N_(" The same happened in %d work-groups in all."), groups);
		}
		add_source_line(out, src, m->line);
		struct kview kv = { kf, src, src ? strlen(src) : 0 };
		int ret = src && !m->async ? kv_early_return(&kv, m->line) : 0;
		if (ret) {
			msg_fact_int(out, "line_return", ret);
			msg_addf(out, N_("\nThe work-items that leave at line %d with `return` never get "
					 "there: a work-item with nothing to do must still pass every barrier. "
					 "Instead of returning early, guard only the work (`if (i < len) ...`) "
					 "and let every work-item run on to the barrier."), ret);
			add_source_line(out, src, ret);
			free(group);
			return;
		}
	}
	msg_adds(out, N_("\nEvery work-item of a work-group must reach the same barrier, the same "
			 "number of times. A barrier inside an `if`, or inside a loop whose number of "
			 "trips depends on the local id, is reached by only part of the group. OpenCL "
			 "leaves this undefined: wrong results or a hang, or right results by luck, on "
			 "any device (an H100 passed some such kernels of this course, hung on others and "
			 "gave wrong results on others). Move the barrier out of the branch: every "
			 "work-item runs the loop the same number of times and meets every barrier, and "
			 "only the work inside is guarded by the condition."));
	free(group);
}

/* What the access reached, in what: "in[16], one past the end: in holds 16 elements (indices 0
 * to 15)." into what, with the index's facts in out. */
static void oob_place(const struct buffer_ref *rp, bool global_id, struct msg *what, struct msg *out)
{
	const struct buffer_ref r = *rp;
	if (r.name && r.elem) {
		int64_t index = r.offset / (int64_t)r.elem, count = (int64_t)(r.bytes / r.elem);
		msg_fact_int(out, "index", index);
		msg_fact_int(out, "count", count);
		char *element = indexed_text(&r, index);
		msg_raw(what, element);
		free(element);
		if (global_id)
			msg_adds(what, N_(", past the end"));
		else if (index < 0)
			msg_addf(what, N_(", %lld before the start"), (long long)-index);
		else if (index == count)
			msg_adds(what, N_(", one past the end"));
		else
			msg_addf(what, N_(", %lld past the end"), (long long)(index - count + 1));
		msg_addf(what, r.local ? N_(": %s (local memory) holds %lld elements "
					     "(indices 0 to %lld).")
					: N_(": %s holds %lld elements (indices 0 to %lld)."),
			 r.name, (long long)count, (long long)(count - 1));
		if (r.cols)
			msg_addf(what, N_(" It is %lld rows of %zu."), (long long)(count / (int64_t)r.cols),
				 r.cols);
	} else if (r.name) {
		msg_fact_int(out, "byte", r.offset);
		msg_fact_int(out, "bytes", (long long)r.bytes);
		msg_addf(what, N_("byte %lld of `%s`, which holds %zu bytes."), (long long)r.offset,
			 r.name, r.bytes);
	} else {
		struct msg name = MSG_INIT;
		buffer_name_msg(&name, &r);
		msg_addf(what, N_("outside %s."), msg_sub(what, &name));
	}
}

/* The fix: the local id for a global one, the guard that let the index through, the kernel's
 * own array's size, or a guard to add. */
static void oob_advice(const struct parsed_log *pl, const struct oclgrind_msg *m,
		       const struct buffer_ref *rp, bool global_id, int guard, const char *src,
		       struct msg *out)
{
	const struct buffer_ref r = *rp;
	long gid = m->e[0].global[0], lid = m->e[0].local[0];
	if (global_id) {
		msg_fact_int(out, "index_global_id", 1);
		if (pl->dims == 1 && r.offset / (int64_t)r.elem == gid && gid != lid)
			msg_addf(out, N_(" The index is this work-item's global id, %ld (its local id is "
					 "%ld)."), gid, lid);
		else
			msg_addf(out, N_(" The index at line %d is computed from get_global_id."), m->line);
		msg_addf(out, N_(" `%s` is local memory: each work-group has its own copy, indexed from 0 "
				 "in every work-group, by the local id, get_local_id(). A global id also "
				 "counts the work-items of every work-group before: past the first "
				 "work-group it overshoots by whole work-groups, not by one."), r.name);
	} else if (guard) {
		/* a guard that lets this index through: the formula or the guard's bound is wrong */
		msg_fact_int(out, "line_guard", guard);
		msg_addf(out, N_(" The access is already guarded (line %d), yet this index got "
				 "through: the bug is in how the index is computed, or in the bound the "
				 "guard tests (each element a work-item touches needs its own test). Work "
				 "out the index for the work-item named above, term by term, and compare "
				 "it with the size."), guard);
		if (guard != m->line)
			add_source_line(out, src, guard);
	} else if (r.kernel_array && r.name && r.elem) {
		/* a size the kernel fixed: no bound test of the data helps, the index or the size is wrong */
		long long count = (long long)(r.bytes / r.elem), index = r.offset / (int64_t)r.elem;
		/* off by one only where the index is one past either end: a larger overshoot is
		 * another index, or an array too small */
		bool by_one = index == count || index == -1;
		msg_addf(out, by_one ? N_(" `%s` is the kernel's own array: its %lld elements are fixed "
					  "where it is declared, whatever the work-group's size. Every index into "
					  "it must stay within 0 to %lld for every work-item: check the index "
					  "formula (off by one?), and that the array is as large as the largest "
					  "work-group it is indexed by (or use a __local argument the host sizes).")
				     : N_(" `%s` is the kernel's own array: its %lld elements are fixed "
					  "where it is declared, whatever the work-group's size. Every index into "
					  "it must stay within 0 to %lld for every work-item: check which id or "
					  "size the index is computed from, and that the array is as large as the "
					  "largest work-group it is indexed by (or use a __local argument the host "
					  "sizes)."),
			 r.name, count, count - 1);
	} else {
		msg_adds(out, N_(" Guard the access with a test of the index against the size, e.g. "
				 "`if (i < len)`: the last work-group may lie partly past the end of the "
				 "data, and every element a work-item touches needs its own test, not only "
				 "the first."));
	}
}

static void explain_out_of_bounds(const struct parsed_log *pl, const struct oclgrind_msg *m,
				  const struct analysis_memory *mem, const char *path,
				  const char *src, const struct kernel_facts *kf, struct finding *f,
				  struct msg *out)
{
	struct msg what = MSG_INIT, item = MSG_INIT;
	struct buffer_ref r;

	buffer_from_address(m, mem, m->size, true, &r);
	f->verdict = VERDICT_OUT_OF_BOUNDS;
	f->line = m->line;
	msg_fact_int(out, "line", f->line);
	if (r.name)
		msg_fact_str(out, "buffer", r.name);
	add_location(out, path, f->line, m->write ? N_("out-of-bounds write") : N_("out-of-bounds read"));
	/* a global id indexing local memory: the log shows the index is the work-item's global id
	 * (not its local id), or the source computes the subscript from get_global_id */
	bool global_id = false;
	long gid = m->e[0].global[0], lid = m->e[0].local[0];
	if (r.local && r.name && r.elem && !m->e[0].is_group && r.offset >= 0) {
		int64_t index = r.offset / (int64_t)r.elem;
		bool by_log = pl->dims == 1 && index == gid && gid != lid;
		if (by_log)   /* the analysis's own evidence, not the source's text (diagnose.c) */
			msg_fact_int(out, "index_is_global_id", 1);
		struct kview kv = { kf, src, src ? strlen(src) : 0 };
		global_id = by_log || (kv_sub_flags(&kv, m->line, r.name) & KF_T_GID);
	}
	oob_place(&r, global_id, &what, out);
	work_item_msg(&item, &m->e[0], pl->dims, "");
	const char *item_s = msg_sub(out, &item), *what_s = msg_sub(out, &what);
	msg_addf(out, m->write ? N_("At line %d, %s wrote %s") : N_("At line %d, %s read %s"),
		 m->line, item_s, what_s);
	add_source_line(out, src, m->line);
	if (m->write)
		msg_adds(out, N_("\nA GPU does not check indices: the write lands in whatever "
				 "memory follows, another buffer, another work-group's data, or nothing at "
				 "all, which crashes the kernel."));
	else
		msg_adds(out, N_("\nA GPU does not check indices: the read returns whatever lies "
				 "after the data, garbage that ends up in your result, or crashes the "
				 "kernel."));
	/* a comparison around the access that bounds its index, as libclang read it (on the line
	 * itself, above it, or an earlier `if (...) return;`; a test of a value is none): the
	 * diagnoses read the same fact, so a guard named here is never called missing there */
	struct kview kv = { kf, src, src ? strlen(src) : 0 };
	int guard = src && !global_id ? kv_line(&kv, kv_guard(&kv, m->line, r.name)) : 0;
	oob_advice(pl, m, &r, global_id, guard, src, out);
}

/* Which slot of local memory the work-item read unwritten, and which ones its group had written
 * by then (the access plugin's record), when the plugin saw it. */
static void add_unwritten_read(struct msg *out, const struct parsed_log *pl, const struct oclgrind_msg *m,
			       const struct analysis_memory *mem, const char *src)
{
	struct unwritten_read u;
	if (!mem->channel || m->e[0].is_group ||
	    !unwritten_read_find(mem->channel, m->e[0].group, m->e[0].local, &u))
		return;
	struct oclgrind_msg at = { .address = (u.buffer << 48) | (uint64_t)u.offset, .space = "local" };
	struct buffer_ref r;
	buffer_from_address(&at, mem, u.size, false, &r);
	struct msg item_msg = MSG_INIT, element_m = MSG_INIT, where_msg = MSG_INIT;
	work_item_msg(&item_msg, &m->e[0], pl->dims, "");
	element_msg(&element_m, &r, true);
	buffer_name_msg(&where_msg, &r);
	msg_fact_int(out, "line_unwritten", u.line);
	if (r.name)
		msg_fact_str(out, "buffer_unwritten", r.name);
	if (r.elem)
		msg_fact_int(out, "index_unwritten", r.offset / (int64_t)r.elem);
	const char *item = msg_sub(out, &item_msg), *element = msg_sub(out, &element_m);
	const char *where = msg_sub(out, &where_msg);
	msg_raw(out, "\n");
	if (!strcmp(u.slots, "-"))
		msg_addf(out, N_("At line %d, %s read %s, and no work-item of its work-group had "
				 "written any slot of %s."), u.line, item, element, where);
	else if (r.elem != u.size || r.cols)
		msg_addf(out, N_("At line %d, %s read %s, which no work-item of its work-group had "
				 "written."), u.line, item, element);
	else if (pl->dims > 1 || !strcmp(u.writers, "-"))
		msg_addf(out, N_("At line %d, %s read %s, which no work-item of its work-group had "
				 "written: they had written slots %s of %s."), u.line, item, element,
			 u.slots, where);
	else
		msg_addf(out, N_("At line %d, %s read %s, which no work-item of its work-group had "
				 "written: work-items %s had written slots %s of %s."), u.line, item,
			 element, u.writers, u.slots, where);
	if (u.line != m->line)
		add_source_line(out, src, u.line);
	unwritten_read_release(&u);
}

static void explain_uninitialized(const struct parsed_log *pl, const struct oclgrind_msg *m,
				  const struct analysis_memory *mem, const char *path, const char *src,
				  const struct kernel_facts *kf, struct finding *f, struct msg *out)
{
	struct msg item_msg = MSG_INIT;
	struct buffer_ref r = { 0 };

	f->verdict = VERDICT_UNINITIALIZED;
	f->line = m->line;
	msg_fact_int(out, "line", f->line);
	if (m->uninit == UNINIT_WRITE) {
		buffer_from_address(m, mem, m->e[0].access_bytes, false, &r);
		if (r.name)
			msg_fact_str(out, "buffer", r.name);
		if (r.elem)
			msg_fact_int(out, "index", r.offset / (int64_t)r.elem);
	}
	work_item_msg(&item_msg, &m->e[0], pl->dims, "");
	const char *item = msg_sub(out, &item_msg);
	add_location(out, path, f->line, N_("uninitialised value"));
	switch (m->uninit) {
	case UNINIT_WRITE: {
		struct msg element = MSG_INIT;
		element_msg(&element, &r, true);
		msg_addf(out, N_("At line %d, %s stored into %s a value computed from memory "
				 "nobody had written"), m->line, item, msg_sub(out, &element));
		break;
	}
	case UNINIT_BRANCH:
		msg_addf(out, N_("At line %d, %s took a branch that depends on a value nobody had "
				 "written"), m->line, item);
		break;
	case UNINIT_INDEX:
	case UNINIT_ADDRESS:
		msg_addf(out, N_("At line %d, %s used an index computed from a value nobody had "
				 "written"), m->line, item);
		break;
	}
	msg_adds(out, N_(": a slot of local memory that no work-item filled, or a private "
			 "variable without a starting value."));
	add_source_line(out, src, m->line);
	add_unwritten_read(out, pl, m, mem, src);
	/* a plain copy (`out[i] = tile[j]`, as libclang read it) reads an unwritten slot because of
	 * its index: a starting value would only hide that */
	struct kview kv = { kf, src, src ? strlen(src) : 0 };
	bool copy = m->uninit == UNINIT_WRITE && strcmp(m->space, "local") && m->line > 0 &&
		    kv_plain_copy(&kv, m->line, NULL);
	if (copy)
		msg_adds(out, N_("\nThe value comes from a slot no work-item wrote. This line copies "
				 "it, so a starting value would only hide the bug: compare the index this "
				 "work-item reads at with the slots the work-items of its group wrote (a "
				 "group id not swapped, an index off by one, a slot past the part that was "
				 "loaded). The fix is the index."));
	else if (m->uninit == UNINIT_WRITE && !strcmp(m->space, "local"))
		msg_adds(out, N_("\nLocal memory starts with garbage on a GPU (the CPU device often "
				 "happens to give zeros). Give every slot a value before anyone reads it: "
				 "for a sum, set each work-item's slot to 0, the identity of +, before the "
				 "guarded load, so a partly filled last work-group still sums correctly."));
	else
		msg_adds(out, N_("\nPrivate variables and local memory start with garbage on a GPU "
				 "(the CPU device often happens to give zeros). Give every private variable "
				 "a starting value (`int sum = 0;`), and write every slot of local memory "
				 "before anyone reads it (0, the identity of +, for a sum)."));
}

/* ---- exported ---- */

/*
 * Every string is allocated: the caller frees each one up to the NULL once the child started.
 * Settings, decided by experiment on the course's kernels (tests/unit/data):
 * - one worker thread: the log's order (and so the finding and its work-items) is the same on
 *   every run; with two threads the first reported work-group changes between runs;
 * - OCLGRIND_CHECK_API: the child's API misuse is logged too (the parser ignores it);
 * - no OCLGRIND_QUICK: it runs only the first and last work-group and leaves the others'
 *   results unwritten, and a whole check already takes about 0.2 s at the course's sizes.
 */
void analysis_env(const char *log_path, char **env, int max)
{
	const char *fixed[] = {
		"OCL_ICD_VENDORS=" OCLGRIND_ICD,
		NULL, /* OCLGRIND_LOG */
		"OCLGRIND_DATA_RACES=1",
		"OCLGRIND_UNINITIALIZED=1",
		"OCLGRIND_NUM_THREADS=1",
		"OCLGRIND_CHECK_API=1",
	};
	int n = 0, nfixed = (int)(sizeof(fixed) / sizeof(fixed[0]));

	if (max < 1)
		return;
	for (int i = 0; i < nfixed && n < max - 1; i++)
		env[n++] = fixed[i] ? xstrdup(fixed[i]) : xstrfmt("OCLGRIND_LOG=%s", log_path);
	if (n < max - 1)
		env[n++] = xstrfmt("OCLGRIND_MAX_ERRORS=%d", OCLGRIND_MAX_ERRORS);
	/* The access figures travel on the child's channel, descriptor 3 (see access-plugin.cpp). */
	const char *plugin = access_plugin_path();
	if (plugin && n < max - 2) {
		env[n++] = xstrfmt("OCLGRIND_PLUGINS=%s", plugin);
		env[n++] = xstrdup("CLINGS_ACCESS_FD=3");
	}
	env[n] = NULL;
}

int verdict_from_analysis(const char *log, const char *learner_path, const char *src,
			  const struct kernel_facts *kf, const struct analysis_buffer *bufs, int nbufs,
			  const char *channel, struct finding *f)
{
	struct parsed_log pl = { NULL, 0, 0, 0 };
	const struct oclgrind_msg *first = NULL;

	memset(f, 0, sizeof(*f));
	f->verdict = VERDICT_PASS;
	if (!learner_path || (nbufs > 0 && !bufs))
		return error("analysis: no learner file or buffers given");
	oclgrind_log_parse(log ? log : "", &pl);

	/* Oclgrind reports every store of an uninitialised value into local memory. Where none of
	 * that garbage went on into global memory, an address or a branch, it never reached a
	 * result (a scan's slots past the end of a ragged group): no finding. Oclgrind does not
	 * follow garbage through atomics or async copies, so a kernel with either keeps it, and so
	 * does one whose facts libclang did not give (nothing says it has neither). */
	const struct kview kv = { kf, src, src ? strlen(src) : 0 };
	bool local_only = src && kf && !kv_has_atomic(&kv) && !kv_has_async(&kv);
	for (int i = 0; i < pl.n; i++)
		if (pl.m[i].kind == MSG_UNINITIALIZED)
			local_only = local_only && pl.m[i].uninit == UNINIT_WRITE && !strcmp(pl.m[i].space, "local");
	if (local_only)
		for (int i = 0; i < pl.n; i++)
			if (pl.m[i].kind == MSG_UNINITIALIZED)
				pl.m[i].kind = MSG_OTHER;
	/* The highest-priority kind present; within it the first message, which with one thread
	 * is the lowest work-group. */
	for (int i = 0; i < pl.n; i++)
		if (pl.m[i].kind != MSG_OTHER && (!first || pl.m[i].kind < first->kind))
			first = &pl.m[i];
	f->file = xstrdup(learner_path);
	if (!first) {
		free(pl.m);
		return 0;
	}

	struct local_array *arrays = NULL;
	int narrays = channel ? local_arrays_parse(channel, &arrays) : 0;
	struct analysis_memory mem = { bufs, nbufs, arrays, narrays, channel };
	struct msg m = MSG_INIT;
	switch (first->kind) {
	case MSG_DIVERGENCE:
		explain_divergence(&pl, first, learner_path, src, kf, f, &m);
		break;
	case MSG_OUT_OF_BOUNDS:
		explain_out_of_bounds(&pl, first, &mem, learner_path, src, kf, f, &m);
		break;
	case MSG_DATA_RACE:
		explain_race(&pl, first, &mem, learner_path, src, kf, f, &m);
		break;
	case MSG_UNINITIALIZED:
		explain_uninitialized(&pl, first, &mem, learner_path, src, kf, f, &m);
		break;
	case MSG_OTHER:
		break;
	}
	if (f->verdict != VERDICT_PASS)
		msg_append(&f->message, &m);
	msg_release(&m);
	free(arrays);
	free(pl.m);
	return 0;
}

int verdict_from_oclgrind_log(const char *log, const char *learner_path,
			      const struct analysis_buffer *bufs, int nbufs, struct finding *f)
{
	char *src = NULL;
	size_t len;
	if (read_file(learner_path, &src, &len) < 0)
		src = NULL;   /* the message then names the line without quoting it */
	int rc = verdict_from_analysis(log, learner_path, src, NULL, bufs, nbufs, NULL, f);
	free(src);
	return rc;
}

void finding_release(struct finding *f)
{
	msg_release(&f->message);
	free(f->file);
	f->file = NULL;
	f->line = 0;
	f->verdict = VERDICT_PASS;
}

bool analysis_available(void)
{
	return access(OCLGRIND_ICD, R_OK) == 0;
}
