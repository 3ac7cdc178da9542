/*
 * kernel-view.c: what the diagnoses and the analysis's advice ask of the learner's kernel,
 * answered from the facts libclang read (children/kernel-facts.c), never from patterns of its
 * text: which memory space a name lives in, the subscripts on a line and where their terms come
 * from, the guards each lies under and whether they bound it, the stores, updates and atomics of
 * an array, the barriers' fences and the loops around two lines, the lines that copy an element
 * as it is, the variables declared without a value. With no facts (kv->kf NULL: the
 * parser failed) every question answers "no": nothing is concluded from code clings could
 * not read.
 */
#include "engine/source/source.h"

#include <string.h>

static int nfacts(const struct kview *kv)
{
	return kv && kv->kf && kv->src ? kv->kf->n : 0;
}

/* The text of a range with its white space dropped, into out. */
static void squeezed(const struct kview *kv, struct srange r, char *out, size_t cap)
{
	size_t n = 0;
	for (unsigned i = r.off; i < r.end && n + 1 < cap; i++)
		if (kv->src[i] != ' ' && kv->src[i] != '\t' && kv->src[i] != '\n' && kv->src[i] != '\r')
			out[n++] = kv->src[i];
	out[n] = '\0';
}

static bool named(const struct kfact *k, const char *name)
{
	return name && !strcmp(k->text, name);
}

int kv_line(const struct kview *kv, const struct kfact *k)
{
	(void)kv;   /* the parent numbered the fact's lines when it read the list */
	return k ? k->line : 0;
}

bool kv_in_space(const struct kview *kv, const char *name, const char *space)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if ((k->kind == KF_SUB || k->kind == KF_ARRAY || k->kind == KF_BUFFER) && named(k, name))
			return strstr(k->detail, space) != NULL;
	}
	return false;
}

bool kv_uses_local(const struct kview *kv)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if ((k->kind == KF_SUB || k->kind == KF_ARRAY || k->kind == KF_BUFFER) && strstr(k->detail, "__local"))
			return true;
	}
	return false;
}

bool kv_has_atomic(const struct kview *kv)
{
	for (int i = 0; i < nfacts(kv); i++)
		if (kv->kf->f[i].kind == KF_ATOMIC)
			return true;
	return false;
}

const struct kfact *kv_sub(const struct kview *kv, int line, const char *name, int nth)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if ((k->kind == KF_SUB || k->kind == KF_VLOAD) && (!name || named(k, name)) &&
		    k->line == line && nth-- == 0)
			return k;
	}
	return NULL;
}

int kv_subscripts(const struct kview *kv, int line, const char *name, char *out, size_t cap)
{
	int n = 0;
	size_t used = 0;
	if (cap)
		*out = '\0';
	for (const struct kfact *k; (k = kv_sub(kv, line, name, n)); n++) {
		char one[160];
		squeezed(kv, k->range, one, sizeof(one));
		if (used + strlen(one) + 2 < cap)
			used += (size_t)snprintf(out + used, cap - used, "%s%s", n ? ";" : "", one);
	}
	return n;
}

bool kv_local_on_line(const struct kview *kv, int line, char *out, size_t cap)
{
	const struct kfact *k;
	for (int n = 0; (k = kv_sub(kv, line, NULL, n)); n++)
		if (strstr(k->detail, "__local")) {
			copy_str(out, cap, k->text);
			return true;
		}
	return false;
}

/* The read-modify-write whose target is the subscript k, or NULL. */
static const struct kfact *rmw_of(const struct kview *kv, const struct kfact *k)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *m = &kv->kf->f[i];
		if (m->kind == KF_RMW && m->range2.off == k->range2.off && m->range2.end == k->range2.end)
			return m;
	}
	return NULL;
}

bool kv_plain_store(const struct kview *kv, int line, const char *name)
{
	for (int n = 0;; n++) {
		const struct kfact *k = kv_sub(kv, line, name, n);
		if (!k)
			return false;
		if ((k->flags & KF_STORE) && !rmw_of(kv, k))
			return true;
	}
}

/* Updates of name's elements (a read-modify-write of one, an atomic on one) on line, or in the
 * whole kernel with line 0. */
static int updates(const struct kview *kv, int line, const char *name)
{
	int n = 0;
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (line && k->line != line)
			continue;
		if (k->kind == KF_ATOMIC && !strcmp(k->detail, name))
			n++;
		if (k->kind == KF_SUB && named(k, name) && rmw_of(kv, k))
			n++;
	}
	return n;
}

bool kv_updated(const struct kview *kv, int line, const char *name)
{
	return updates(kv, line, name) > 0;
}

int kv_output_uses(const struct kview *kv, const char *name, int *updates_n, int *stores_n)
{
	*updates_n = updates(kv, 0, name);
	*stores_n = 0;
	int refs = -1;
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_SUB && named(k, name) && (k->flags & KF_STORE) && !rmw_of(kv, k))
			(*stores_n)++;
		if (k->kind == KF_BUFFER && named(k, name))
			refs = k->flags;
	}
	return refs;
}

bool kv_unset_on_line(const struct kview *kv, int line, char *out, size_t cap)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_UNSET && k->line == line) {
			copy_str(out, cap, k->text);
			return true;
		}
	}
	return false;
}

int kv_offset_store(const struct kview *kv, const char *name)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_SUB && named(k, name) && (k->flags & KF_STORE) && (k->flags & KF_T_ONE))
			return k->line;
	}
	return 0;
}

/* The first barrier on a line of [from, to) whose fences are exactly fences (exact) or include
 * them, by libclang's value of its flags; 0 when none. */
static int first_barrier(const struct kview *kv, int from, int to, int fences, bool exact)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_BARRIER && k->line >= from && k->line < to &&
		    (exact ? k->flags == fences : (k->flags & fences) != 0))
			return k->line;
	}
	return 0;
}

int kv_global_only_barrier(const struct kview *kv)
{
	return first_barrier(kv, 1, 0x7fffffff, KF_FENCE_GLOBAL, true);
}

int kv_local_barrier_between(const struct kview *kv, int a, int b)
{
	return first_barrier(kv, a + 1, b, KF_FENCE_LOCAL, false);
}

/* The innermost loop whose statement holds lines a and b, or NULL. */
static const struct kfact *loop_around(const struct kview *kv, int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;
	const struct kfact *best = NULL;
	for (int i = 0; lo > 0 && i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_LOOP && k->outer_line <= lo && k->outer_end_line >= hi &&
		    (!best || k->range.off > best->range.off))
			best = k;
	}
	return best;
}

int kv_loop_around(const struct kview *kv, int a, int b)
{
	const struct kfact *k = loop_around(kv, a, b);
	return k ? k->outer_line : 0;
}

int kv_global_only_barrier_after(const struct kview *kv, int write, int read)
{
	int found = 0;
	if (write > 0 && read > write) {
		found = first_barrier(kv, write + 1, read, KF_FENCE_GLOBAL, true);
	} else if (write > 0 && read > 0) {
		/* the read is a later round's: after the write to the loop's end, then from the
		 * loop's head to the read */
		const struct kfact *loop = loop_around(kv, read, write);
		if (loop)
			found = first_barrier(kv, write + 1, loop->outer_end_line + 1, KF_FENCE_GLOBAL, true);
		if (!found && loop)
			found = first_barrier(kv, loop->outer_line, read, KF_FENCE_GLOBAL, true);
	}
	return found ? found : kv_global_only_barrier(kv);
}

bool kv_has_async(const struct kview *kv)
{
	for (int i = 0; i < nfacts(kv); i++)
		if (kv->kf->f[i].kind == KF_ASYNC)
			return true;
	return false;
}

bool kv_plain_copy(const struct kview *kv, int line, const char *name)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_COPY && k->outer_line <= line && line <= k->outer_end_line && (!name || named(k, name)))
			return true;
	}
	return false;
}

int kv_huge_array(const struct kview *kv)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_ARRAY && k->flags >= (1 << 18))
			return k->line;
	}
	return 0;
}

bool kv_fixed_local(const struct kview *kv, const char *name)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_ARRAY && named(k, name) && strstr(k->detail, "__local") && k->range2.off == k->range2.end)
			return true;
	}
	return false;
}

bool kv_local_param(const struct kview *kv, const char *name)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_BUFFER && named(k, name) && strstr(k->detail, "__local"))
			return true;
	}
	return false;
}

/* A guard of subscript s of the given kind ("if", "loop"...; NULL: any but a loop's) that has
 * every flag of flags (has: true) or lacks one of them. */
static const struct kfact *guard_of(const struct kview *kv, const struct kfact *s, const char *kind, int flags,
				    bool has)
{
	/* a subscript's guards follow it, before the next subscript (kernel_facts_parse saw to it) */
	for (int i = s ? (int)(s - kv->kf->f) + 1 : nfacts(kv); i < nfacts(kv); i++) {
		const struct kfact *g = &kv->kf->f[i];
		if (g->kind == KF_SUB || g->kind == KF_VLOAD)
			break;
		if (g->kind != KF_GUARD || g->outer.off != s->range.off || g->outer.end != s->range.end ||
		    ((g->flags & flags) == flags) != has)
			continue;
		if (kind ? !strcmp(g->detail, kind) : strcmp(g->detail, "loop") != 0)
			return g;
	}
	return NULL;
}

const struct kfact *kv_guard(const struct kview *kv, int line, const char *name)
{
	const struct kfact *s, *g;
	for (int n = 0; (s = kv_sub(kv, line, name, n)); n++)
		if ((g = guard_of(kv, s, NULL, KF_BOUNDS, true)))
			return g;
	return NULL;
}

bool kv_guard_lets_one_more(const struct kfact *g)
{
	/* `i <= n` lets i == n through; so does an early `if (i > n) return;` */
	return g && (!strcmp(g->detail, "return") ? !strcmp(g->text, ">") : !strcmp(g->text, "<="));
}

int kv_loop_guard(const struct kview *kv, int line, const char *name)
{
	const struct kfact *s, *loop = NULL;
	bool unbounded = false;
	for (int n = 0; (s = kv_sub(kv, line, name, n)); n++) {
		const struct kfact *g = guard_of(kv, s, "loop", KF_EXACT, true);
		if (g)
			loop = g;
		else
			unbounded = true;
	}
	return loop && unbounded ? kv_line(kv, loop) : 0;
}

int kv_ternary_other(const struct kview *kv, int line, const char *name)
{
	const struct kfact *s;
	for (int n = 0; (s = kv_sub(kv, line, name, n)); n++) {
		const struct kfact *other = guard_of(kv, s, "ternary", KF_EXACT, false);
		if (other && !guard_of(kv, s, "ternary", KF_EXACT, true))
			return kv_line(kv, other);
	}
	return 0;
}

/* A row-major product A * B in subscript s whose factors are g's compared operand and its
 * bound (`j < W` and `j * W + i`): its text into var. */
static bool stride_of_bound(const struct kview *kv, const struct kfact *g, const struct kfact *s, char *var,
			    size_t cap)
{
	char cmp[96], bound[96], a[96], b[96];
	squeezed(kv, g->range, cmp, sizeof(cmp));
	squeezed(kv, g->range2, bound, sizeof(bound));
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *m = &kv->kf->f[i];
		if (m->kind != KF_MADD || m->range.off < s->range.off || m->range2.end > s->range.end)
			continue;
		squeezed(kv, m->range, a, sizeof(a));
		squeezed(kv, m->outer, b, sizeof(b));
		if ((!strcmp(a, cmp) && !strcmp(b, bound)) || (!strcmp(a, bound) && !strcmp(b, cmp))) {
			snprintf(var, cap, "%s*%s", a, b);
			return true;
		}
	}
	return false;
}

bool kv_stride_of_bound(const struct kview *kv, int line, const char *name, const char *kind, char *var, size_t cap)
{
	const struct kfact *s;
	for (int n = 0; (s = kv_sub(kv, line, name, n)); n++) {
		for (int i = (int)(s - kv->kf->f) + 1; i < nfacts(kv); i++) {
			const struct kfact *g = &kv->kf->f[i];
			if (g->kind == KF_SUB || g->kind == KF_VLOAD)
				break;
			if (g->kind == KF_GUARD && g->outer.off == s->range.off && g->outer.end == s->range.end &&
			    !strcmp(g->detail, kind) && stride_of_bound(kv, g, s, var, cap))
				return true;
		}
	}
	return false;
}

int kv_sub_flags(const struct kview *kv, int line, const char *name)
{
	int flags = 0;
	const struct kfact *s;
	for (int n = 0; (s = kv_sub(kv, line, name, n)); n++)
		flags |= s->flags;
	return flags;
}

int kv_local_by_global_id(const struct kview *kv, char *out, size_t cap)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_SUB && (k->flags & KF_T_GID) && kv_in_space(kv, k->text, "__local")) {
			copy_str(out, cap, k->text);
			return kv_line(kv, k);
		}
	}
	return 0;
}

int kv_stores_guarded(const struct kview *kv, const char *name)
{
	int first = 0;
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *s = &kv->kf->f[i], *g;
		if ((s->kind != KF_SUB && s->kind != KF_VLOAD) || !named(s, name) || !(s->flags & KF_STORE))
			continue;
		if (!(g = guard_of(kv, s, NULL, KF_BOUNDS, true)))
			return 0;
		first = first ? first : kv_line(kv, g);
	}
	return first;
}

int kv_early_return(const struct kview *kv, int before)
{
	for (int i = 0; i < nfacts(kv); i++) {
		const struct kfact *k = &kv->kf->f[i];
		if (k->kind == KF_RETURN && k->line < before &&
		    k->outer_line <= before && before <= k->outer_end_line)
			return k->line;
	}
	return 0;
}
