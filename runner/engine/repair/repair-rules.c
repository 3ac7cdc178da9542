/*
 * repair-rules.c: the error model (repair.h): a table of the common mistakes of GPU kernels, each
 * a rewrite of what the syntax tree found (kernel-facts.c) into candidate edits of the source.
 * A rule proposes; only the check engine, through the search (repair.c), proves.
 */
#include "engine/repair/repair.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const struct repair_rule rules[RULE_COUNT] = {
	{ RULE_CMP_TIGHTEN, "cmp_tighten", N_("a comparison that lets one work-item too many through"),
	  N_("in the comparison") },
	{ RULE_CMP_LOOSEN, "cmp_loosen", N_("a comparison that stops one short"), N_("in the comparison") },
	{ RULE_PLUS_ONE, "plus_one", N_("an index or a bound one too small"), N_("in an index or a bound") },
	{ RULE_MINUS_ONE, "minus_one", N_("an index or a bound one too large"), N_("in an index or a bound") },
	{ RULE_SWAP_INDEX, "swap_index", N_("a row and a column swapped in a row-major index"),
	  N_("in a row-major index") },
	{ RULE_GLOBAL_LOCAL_ID, "global_local_id", N_("a global index where a local one belongs, or the other way"),
	  N_("in a work-item's index") },
	{ RULE_SIZE_SWAP, "size_swap", N_("one size of the launch where another belongs"), N_("in a size of the launch") },
	{ RULE_INIT_MISSING, "init_missing", N_("a variable read before anything was stored in it"),
	  N_("in a declaration") },
	{ RULE_INIT_WRONG, "init_wrong", N_("a starting value that is not the identity of the operation"),
	  N_("in a declaration") },
	{ RULE_BARRIER_ADD, "barrier_add", N_("a read of local memory that no barrier separates from its writes"),
	  N_("between a store to local memory and a read of it") },
	{ RULE_BARRIER_HOIST, "barrier_hoist", N_("a barrier that not every work-item of the group reaches"),
	  N_("at a barrier inside a branch or a loop") },
	{ RULE_FENCE_LOCAL, "fence_local", N_("a barrier that does not order local memory"), N_("in a barrier's flags") },
	{ RULE_ATOMIC_RMW, "atomic_rmw", N_("an update of shared memory that other work-items' updates overwrite"),
	  N_("in an update of memory") },
	{ RULE_GUARD_RESTORE, "guard_restore", N_("a store that no guard keeps the extra work-items from"),
	  N_("at a store without a guard") },
	{ RULE_BUFFER_HALF, "buffer_half", N_("a double buffer's half named where its other half belongs"),
	  N_("in an index of a double buffer") },
	{ RULE_BARRIER_LOOP, "barrier_loop",
	  N_("a barrier in a loop that some work-items leave before the others"),
	  N_("in the condition of a loop with a barrier in it") },
};

const struct repair_rule *repair_rule(enum repair_rule_id id)
{
	return id >= 0 && id < RULE_COUNT ? &rules[id] : NULL;
}

const char *repair_edit_rule(const struct repair_edit *x)
{
	return x->rule == RULE_COURSE ? x->course_rule : rules[x->rule].name;
}

const struct repair_rule *repair_rule_named(const char *name)
{
	for (int i = 0; i < RULE_COUNT; i++)
		if (!strcmp(rules[i].name, name))
			return &rules[i];
	return NULL;
}

/* ---- making candidates ---- */
struct gen {
	const char *src;
	size_t len;
	struct repair_candidate **out;
	int *n, *cap;
};

static void place_of(const char *src, unsigned off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (unsigned i = 0; i < off; i++) {
		if (src[i] == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
}

static void fill_edit(const struct gen *g, struct repair_edit *e, enum repair_rule_id rule, unsigned off,
		      unsigned end, const char *after)
{
	*e = (struct repair_edit){ .rule = rule, .off = off, .end = end };
	size_t n = end - off < sizeof(e->before) - 1 ? end - off : sizeof(e->before) - 1;
	memcpy(e->before, g->src + off, n);
	e->before[n] = '\0';
	copy_str(e->after, sizeof(e->after), after);
	place_of(g->src, off, &e->line, &e->column);
}

/* A candidate of one edit, or two (b may be NULL); dropped when a text is too long to hold. */
static void add(struct gen *g, enum repair_rule_id rule, unsigned off, unsigned end, const char *after,
		bool loop, unsigned off2, unsigned end2, const char *after2)
{
	if (end - off >= sizeof(g->out[0]->edit[0].before) || strlen(after) >= sizeof(g->out[0]->edit[0].after) ||
	    (after2 && (end2 - off2 >= sizeof(g->out[0]->edit[0].before) ||
			strlen(after2) >= sizeof(g->out[0]->edit[0].after))))
		return;
	if (*g->n == *g->cap)
		*g->out = xrealloc(*g->out, sizeof(**g->out) * (size_t)(*g->cap = *g->cap ? 2 * *g->cap : 64));
	struct repair_candidate *c = &(*g->out)[(*g->n)++];
	*c = (struct repair_candidate){ .nedits = after2 ? 2 : 1 };
	fill_edit(g, &c->edit[0], rule, off, end, after);
	c->edit[0].loop = loop;
	if (after2)
		fill_edit(g, &c->edit[1], rule, off2, end2, after2);
}

/* A third edit for the candidate add() made last (when it made one: at the same count). */
static void add_third(struct gen *g, int made, unsigned off, unsigned end, const char *after)
{
	if (*g->n == made || end - off >= sizeof(g->out[0]->edit[0].before) ||
	    strlen(after) >= sizeof(g->out[0]->edit[0].after)) {
		if (*g->n > made)
			--*g->n;   /* the two edits alone would be another rewrite */
		return;
	}
	struct repair_candidate *c = &(*g->out)[*g->n - 1];
	fill_edit(g, &c->edit[c->nedits++], c->edit[0].rule, off, end, after);
}

static char *text_of(const struct gen *g, struct srange r)
{
	char *t = xmalloc(r.end - r.off + 1);
	memcpy(t, g->src + r.off, r.end - r.off);
	t[r.end - r.off] = '\0';
	return t;
}

/* The white space that starts the line off is on. */
static void indent_of(const struct gen *g, unsigned off, char *buf, size_t cap)
{
	unsigned b = off;
	while (b && g->src[b - 1] != '\n')
		b--;
	size_t n = 0;
	while (b + n < g->len && (g->src[b + n] == ' ' || g->src[b + n] == '\t') && n + 1 < cap)
		n++;
	memcpy(buf, g->src + b, n);
	buf[n] = '\0';
}

/* Whether t is one operand as it stands (a name, a number, a call, a subscript): t + 1 needs
 * no parentheses around t. */
static bool simple_operand(const char *t)
{
	int depth = 0;
	for (const char *p = t; *p; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		else if (*p == ')' || *p == ']')
			depth--;
		else if (!depth && !isalnum((unsigned char)*p) && *p != '_' && *p != '.')
			return false;
	}
	return true;
}

/* t + 1 and t - 1, or t without a trailing "+ 1" / "- 1" when it has one. */
static void off_by_one(struct gen *g, struct srange r, bool loop)
{
	char *t = text_of(g, r), buf[200];
	size_t n = strlen(t);
	while (n && isspace((unsigned char)t[n - 1]))
		n--;
	if (n >= 2 && t[n - 1] == '1' && !isalnum((unsigned char)(n >= 2 ? t[n - 2] : ' '))) {
		size_t k = n - 1;
		while (k && isspace((unsigned char)t[k - 1]))
			k--;
		if (k && (t[k - 1] == '+' || t[k - 1] == '-')) {
			bool plus = t[k - 1] == '+';
			k--;
			while (k && isspace((unsigned char)t[k - 1]))
				k--;
			snprintf(buf, sizeof(buf), "%.*s", (int)k, t);
			if (k)
				add(g, plus ? RULE_MINUS_ONE : RULE_PLUS_ONE, r.off, r.end, buf, loop, 0, 0, NULL);
			free(t);
			return;
		}
	}
	bool simple = simple_operand(t);
	snprintf(buf, sizeof(buf), simple ? "%s + 1" : "(%s) + 1", t);
	add(g, RULE_PLUS_ONE, r.off, r.end, buf, loop, 0, 0, NULL);
	snprintf(buf, sizeof(buf), simple ? "%s - 1" : "(%s) - 1", t);
	add(g, RULE_MINUS_ONE, r.off, r.end, buf, loop, 0, 0, NULL);
	free(t);
}

static void comparison(struct gen *g, const struct kfact *k)
{
	if (!strcmp(k->detail, "expr"))
		return;
	bool loop = !strcmp(k->detail, "loop");
	static const char *const swap[][3] = {   /* operator, its other, the rule */
		{ "<=", "<", "t" }, { ">=", ">", "t" }, { "<", "<=", "l" }, { ">", ">=", "l" },
	};
	for (size_t i = 0; i < sizeof(swap) / sizeof(swap[0]); i++)
		if (!strcmp(k->text, swap[i][0]))
			add(g, swap[i][2][0] == 't' ? RULE_CMP_TIGHTEN : RULE_CMP_LOOSEN, k->range.off, k->range.end,
			    swap[i][1], loop, 0, 0, NULL);
	off_by_one(g, k->range2, loop);
	off_by_one(g, k->outer, loop);
}

/* A store into global memory with no branch around it, guarded again by its index against each
 * integer parameter of the kernel (the data's size is one of them). */
static void guard_restore(struct gen *g, const struct kernel_facts *kf, const struct kfact *st)
{
	if (st->outer.end > st->outer.off)
		return;
	char *idx = text_of(g, st->range2), ind[64], buf[240];
	indent_of(g, st->range.off, ind, sizeof(ind));
	for (int i = 0; i < kf->n && simple_operand(idx) && !strchr(idx, '('); i++)
		if (kf->f[i].kind == KF_PARAM) {
			snprintf(buf, sizeof(buf), "if (%s < %s)\n%s\t", idx, kf->f[i].text, ind);
			add(g, RULE_GUARD_RESTORE, st->range.off, st->range.off, buf, false, 0, 0, NULL);
		}
	free(idx);
}

static void work_item_call(struct gen *g, const struct kfact *k)
{
	static const char *const swap[][3] = {
		{ "get_global_id", "get_local_id", "i" }, { "get_local_id", "get_global_id", "i" },
		{ "get_local_size", "get_global_size", "s" }, { "get_local_size", "get_num_groups", "s" },
		{ "get_global_size", "get_local_size", "s" }, { "get_num_groups", "get_local_size", "s" },
		{ "get_group_id", "get_local_id", "i" },
	};
	for (size_t i = 0; i < sizeof(swap) / sizeof(swap[0]); i++)
		if (!strcmp(k->text, swap[i][0]))
			add(g, swap[i][2][0] == 'i' ? RULE_GLOBAL_LOCAL_ID : RULE_SIZE_SWAP, k->range.off, k->range.end,
			    swap[i][1], false, 0, 0, NULL);
}

/* The identities an accumulator of a type may start from: of a sum, a product, a maximum and a
 * minimum. */
static const char *const *identities(const char *type)
{
	static const char *const floats[] = { "0.0f", "-INFINITY", "INFINITY", "1.0f", NULL };
	static const char *const doubles[] = { "0.0", "-INFINITY", "INFINITY", "1.0", NULL };
	static const char *const ints[] = { "0", "INT_MIN", "INT_MAX", "1", NULL };
	static const char *const uints[] = { "0", "UINT_MAX", "1", NULL };
	static const char *const longs[] = { "0", "LONG_MIN", "LONG_MAX", "1", NULL };
	if (strstr(type, "double"))
		return doubles;
	if (strstr(type, "float") || strstr(type, "half"))
		return floats;
	if (strstr(type, "long"))
		return longs;
	if (strstr(type, "uint") || strstr(type, "unsigned") || strstr(type, "size_t"))
		return uints;
	if (strstr(type, "int") || strstr(type, "short") || strstr(type, "char"))
		return ints;
	return NULL;
}

static void declaration(struct gen *g, const struct kernel_facts *kf, const struct kfact *k)
{
	const char *const *ids = identities(k->detail);
	if (!ids || strstr(k->detail, "__local") || strstr(k->detail, "const"))
		return;
	char buf[96];
	if (k->range2.off == k->range2.end) {
		for (int i = 0; ids[i]; i++) {
			snprintf(buf, sizeof(buf), " = %s", ids[i]);
			add(g, RULE_INIT_MISSING, k->range.end, k->range.end, buf, false, 0, 0, NULL);
		}
		return;
	}
	/* a wrong identity: only an initialiser that is meant as one is replaced: a constant of
	 * the kinds identities are written with, or a name in capitals (a macro: MAX_IDENTITY) */
	char *t = text_of(g, k->range2);
	bool is_identity = false, macro = *t != '\0';
	static const char *const any[] = { "0", "0.0f", "0.0", "0.f", "1", "1.0f", "1.0", "-INFINITY", "INFINITY",
					   "INT_MIN", "INT_MAX", "UINT_MAX", "FLT_MAX", "-FLT_MAX", "FLT_MIN",
					   "-FLT_MIN", "LONG_MIN", "LONG_MAX", "DBL_MAX", "-DBL_MAX", "DBL_MIN" };
	for (size_t i = 0; i < sizeof(any) / sizeof(any[0]); i++)
		is_identity = is_identity || !strcmp(t, any[i]);
	for (const char *p = t; *p; p++)
		macro = macro && (isupper((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_');
	macro = macro && strlen(t) > 1;   /* W, N: a size held in a variable, not an identity */
	for (int i = 0; macro && i < kf->n; i++)
		macro = !(kf->f[i].kind == KF_DECL || kf->f[i].kind == KF_PARAM) || strcmp(kf->f[i].text, t);
	is_identity = is_identity || macro;
	for (int i = 0; is_identity && ids[i]; i++)
		if (strcmp(t, ids[i]))
			add(g, RULE_INIT_WRONG, k->range2.off, k->range2.end, ids[i], false, 0, 0, NULL);
	free(t);
}

static bool barrier_between(const struct kernel_facts *kf, unsigned from, unsigned to)
{
	for (int i = 0; i < kf->n; i++)
		if (kf->f[i].kind == KF_BARRIER && kf->f[i].range2.off >= from && kf->f[i].range2.end <= to)
			return true;
	return false;
}

/* A barrier before a statement that reads a __local array some earlier statement stored into
 * with no barrier between them. */
static void barrier_add(struct gen *g, const struct kernel_facts *kf, const struct kfact *rd)
{
	for (int i = 0; i < kf->n; i++) {
		const struct kfact *st = &kf->f[i];
		if (st->kind != KF_LSTORE || strcmp(st->text, rd->text) || st->range.end > rd->range.off ||
		    barrier_between(kf, st->range.end, rd->range.off))
			continue;
		for (int j = 0; j < i; j++)   /* once a statement */
			if (kf->f[j].kind == KF_LREAD && kf->f[j].range.off == rd->range.off && &kf->f[j] != rd)
				return;
		char ind[64], buf[96];
		indent_of(g, rd->range.off, ind, sizeof(ind));
		snprintf(buf, sizeof(buf), "barrier(CLK_LOCAL_MEM_FENCE);\n%s", ind);
		add(g, RULE_BARRIER_ADD, rd->range.off, rd->range.off, buf, false, 0, 0, NULL);
		return;
	}
}

static void barrier(struct gen *g, const struct kfact *k)
{
	char *flags = text_of(g, k->range);
	if (k->flags == KF_FENCE_GLOBAL)   /* its flags' value, as libclang evaluated them */
		add(g, RULE_FENCE_LOCAL, k->range.off, k->range.end, "CLK_LOCAL_MEM_FENCE", false, 0, 0, NULL);
	if (k->outer.end > k->outer.off && k->outer.off < k->range2.off && k->range2.end <= k->outer.end) {
		/* taken out of the branch or the loop: the branch split at it (what stays guarded,
		 * the barrier between, the rest guarded again), or the barrier put after, or before */
		char ind[64], buf[200];
		indent_of(g, k->outer.off, ind, sizeof(ind));
		unsigned cond = k->outer.off, close;
		if (!strcmp(k->detail, "if") && !strncmp(g->src + cond, "if", 2)) {
			cond += 2;
			while (cond < k->outer.end && isspace((unsigned char)g->src[cond]))
				cond++;
			int depth = 0;
			for (close = cond; close < k->outer.end; close++) {
				depth += g->src[close] == '(' ? 1 : g->src[close] == ')' ? -1 : 0;
				if (!depth)
					break;
			}
			if (g->src[cond] == '(' && close < k->outer.end && close - cond < 80) {
				snprintf(buf, sizeof(buf), "}\n%sbarrier(%s);\n%sif %.*s {", ind, flags, ind,
					 (int)(close + 1 - cond), g->src + cond);
				add(g, RULE_BARRIER_HOIST, k->range2.off, k->range2.end, buf, false, 0, 0, NULL);
			}
		}
		snprintf(buf, sizeof(buf), "\n%sbarrier(%s);", ind, flags);
		add(g, RULE_BARRIER_HOIST, k->range2.off, k->range2.end, "", false, k->outer.end, k->outer.end, buf);
		snprintf(buf, sizeof(buf), "barrier(%s);\n%s", flags, ind);
		add(g, RULE_BARRIER_HOIST, k->outer.off, k->outer.off, buf, false, k->range2.off, k->range2.end, "");
	}
	free(flags);
}

/* The byte after the parenthesis that closes the one at open (which must be '('), or 0. */
static unsigned closing_paren(const struct gen *g, unsigned open, unsigned end)
{
	int depth = 0;
	for (unsigned i = open; i < end; i++) {
		depth += g->src[i] == '(' ? 1 : g->src[i] == ')' ? -1 : 0;
		if (!depth)
			return g->src[open] == '(' ? i + 1 : 0;
	}
	return 0;
}

/* The next top-level (outside parentheses) occurrence of sep in [from, end), or end. */
static unsigned top_level(const struct gen *g, unsigned from, unsigned end, const char *sep)
{
	int depth = 0;
	size_t n = strlen(sep);
	for (unsigned i = from; i < end; i++) {
		depth += g->src[i] == '(' || g->src[i] == '[' ? 1 : g->src[i] == ')' || g->src[i] == ']' ? -1 : 0;
		if (!depth && i + n <= end && !strncmp(g->src + i, sep, n))
			return i;
	}
	return end;
}

static struct srange trimmed(const struct gen *g, unsigned off, unsigned end)
{
	while (off < end && isspace((unsigned char)g->src[off]))
		off++;
	while (end > off && isspace((unsigned char)g->src[end - 1]))
		end--;
	return (struct srange){ off, end };
}

/* A barrier in a loop whose condition is A && B, one of which differs between the work-items
 * (for (s = 1; 2 * s * lid < W && s < W; s *= 2)): the loop runs by the other alone, the same
 * count for every work-item, and the one taken out guards the statements before the barrier. */
static void barrier_loop(struct gen *g, const struct kfact *k)
{
	unsigned at = k->outer.off, end = k->outer.end;
	bool is_for = !strncmp(g->src + at, "for", 3), is_while = !strncmp(g->src + at, "while", 5);
	if (!is_for && !is_while)
		return;
	at += is_for ? 3 : 5;
	while (at < end && isspace((unsigned char)g->src[at]))
		at++;
	unsigned close = closing_paren(g, at, end), body = close;
	if (!close)
		return;
	while (body < end && isspace((unsigned char)g->src[body]))
		body++;
	if (body >= end || g->src[body] != '{' || k->range2.off <= body)
		return;
	unsigned cond = at + 1, cond_end = close - 1;
	if (is_for) {
		cond = top_level(g, at + 1, close - 1, ";") + 1;
		cond_end = top_level(g, cond, close - 1, ";");
		if (cond > cond_end || cond_end >= close - 1)
			return;
	}
	struct srange part[4];
	int n = 0;
	for (unsigned from = cond; n < 4 && from <= cond_end; n++) {
		unsigned sep = top_level(g, from, cond_end, "&&");
		part[n] = trimmed(g, from, sep);
		from = sep + 2;
	}
	if (n < 2 || n > 3)
		return;
	char ind[64], rest[200], open[200], shut[80];
	indent_of(g, k->range2.off, ind, sizeof(ind));
	for (int i = 0; i < n; i++) {
		size_t len = 0;
		for (int j = 0; j < n; j++)
			if (j != i)
				len += (size_t)snprintf(rest + len, sizeof(rest) - len, "%s%.*s", len ? " && " : "",
							(int)(part[j].end - part[j].off), g->src + part[j].off);
		if (len >= sizeof(rest))
			continue;
		snprintf(open, sizeof(open), "\n%sif (%.*s) {", ind, (int)(part[i].end - part[i].off), g->src + part[i].off);
		snprintf(shut, sizeof(shut), "}\n%s", ind);
		int made = *g->n;
		struct srange whole = trimmed(g, cond, cond_end);
		add(g, RULE_BARRIER_LOOP, whole.off, whole.end, rest, true, body + 1, body + 1, open);
		add_third(g, made, k->range2.off, k->range2.off, shut);
	}
}

/* A name of a double buffer's half in a __local index (tmp[dst + lid]) becomes the other half's:
 * the names a loop assigns each other (src = dst; dst = t;) are the halves. */
static void buffer_half(struct gen *g, const struct kernel_facts *kf, const struct kfact *k)
{
	const char *done[8];
	int ndone = 0;
	for (int i = 0; i < kf->n && ndone < 8; i++) {
		const struct kfact *a = &kf->f[i];
		if (a->kind != KF_ASSIGN)
			continue;
		const char *other = !strcmp(a->text, k->text) ? a->detail : !strcmp(a->detail, k->text) ? a->text : NULL;
		bool seen = !other || !strcmp(other, k->text);
		for (int j = 0; j < ndone && !seen; j++)
			seen = !strcmp(done[j], other);
		if (seen)
			continue;
		done[ndone++] = other;
		add(g, RULE_BUFFER_HALF, k->range.off, k->range.end, other, false, 0, 0, NULL);
	}
}

static void read_modify_write(struct gen *g, const struct kfact *k)
{
	/* memory other work-items share, of a type the atomic functions take */
	if (!strstr(k->detail, "int") || (!strstr(k->detail, "__global") && !strstr(k->detail, "__local")))
		return;
	static const char *const ops[][2] = {
		{ "+=", "atomic_add" }, { "-=", "atomic_sub" }, { "|=", "atomic_or" }, { "&=", "atomic_and" },
		{ "^=", "atomic_xor" }, { "++", "atomic_inc" }, { "--", "atomic_dec" },
	};
	char *target = text_of(g, k->range2), buf[200];
	const char *p = g->src + k->range2.end, *end = g->src + k->range.end;
	while (p < end && isspace((unsigned char)*p))
		p++;
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (strcmp(k->text, ops[i][0]))
			continue;
		if (ops[i][0][1] == '=') {
			p += 2;   /* past the operator */
			while (p < end && isspace((unsigned char)*p))
				p++;
			snprintf(buf, sizeof(buf), "%s(&%s, %.*s)", ops[i][1], target, (int)(end - p), p);
		} else {
			snprintf(buf, sizeof(buf), "%s(&%s)", ops[i][1], target);
		}
		add(g, RULE_ATOMIC_RMW, k->range.off, k->range.end, buf, false, 0, 0, NULL);
	}
	free(target);
}

void repair_candidates(const struct kernel_facts *kf, const char *src, size_t len,
		       struct repair_candidate **out, int *n, int *cap)
{
	struct gen g = { src, len, out, n, cap };
	for (int i = 0; i < kf->n; i++) {
		const struct kfact *k = &kf->f[i];
		switch (k->kind) {
		case KF_CMP: comparison(&g, k); break;
		case KF_SUB: off_by_one(&g, k->range, false); break;
		case KF_MADD: {
			char *a = text_of(&g, k->range), *c = text_of(&g, k->range2);
			if (strcmp(a, c))
				add(&g, RULE_SWAP_INDEX, k->range.off, k->range.end, c, false, k->range2.off, k->range2.end, a);
			free(a);
			free(c);
			break;
		}
		case KF_CALL: work_item_call(&g, k); break;
		case KF_DECL: declaration(&g, kf, k); break;
		case KF_BARRIER:
			barrier(&g, k);
			if (!strcmp(k->detail, "loop") && k->outer.end > k->outer.off)
				barrier_loop(&g, k);
			break;
		case KF_LNAME: buffer_half(&g, kf, k); break;
		case KF_RMW: read_modify_write(&g, k); break;
		case KF_LREAD: barrier_add(&g, kf, k); break;
		case KF_GSTORE: guard_restore(&g, kf, k); break;
		default: break;
		}
	}
}

void repair_course_candidates(const struct course_rules *cr, const char *src, size_t len,
			      struct repair_candidate **out, int *n, int *cap)
{
	struct gen g = { src, len, out, n, cap };
	for (int i = 0; cr && i < cr->n; i++) {
		const struct course_rule *r = &cr->r[i];
		size_t flen = strlen(r->find);
		for (const char *p = src; flen && (p = strstr(p, r->find)) && p + flen <= src + len; p += flen) {
			int made = *n;
			add(&g, RULE_COURSE, (unsigned)(p - src), (unsigned)(p - src + flen), r->replace, false, 0, 0, NULL);
			if (*n > made)
				copy_str((*out)[*n - 1].edit[0].course_rule, sizeof((*out)[0].edit[0].course_rule), r->name);
		}
	}
}

static int by_offset(const void *a, const void *b)
{
	const struct repair_edit *x = *(const struct repair_edit *const *)a, *y = *(const struct repair_edit *const *)b;
	return x->off < y->off ? -1 : x->off > y->off ? 1 : (x->end > y->end) - (x->end < y->end);
}

int repair_apply(const char *src, size_t len, const struct repair_candidate *const *cands, int ncands,
		 char **out)
{
	const struct repair_edit *e[8];
	int n = 0;
	for (int i = 0; i < ncands; i++)
		for (int j = 0; j < cands[i]->nedits && n < 8; j++)
			e[n++] = &cands[i]->edit[j];
	qsort(e, (size_t)n, sizeof(e[0]), by_offset);
	for (int i = 0; i < n; i++)
		if (e[i]->end > len || e[i]->off > e[i]->end || (i && e[i]->off < e[i - 1]->end) ||
		    (i && e[i]->off == e[i - 1]->off && e[i]->off == e[i]->end && e[i - 1]->off == e[i - 1]->end))
			return -1;
	struct sbuf sb = SBUF_INIT;
	size_t at = 0;
	for (int i = 0; i < n; i++) {
		sbuf_add(&sb, src + at, e[i]->off - at);
		sbuf_adds(&sb, e[i]->after);
		at = e[i]->end;
	}
	sbuf_add(&sb, src + at, len - at);
	*out = sbuf_detach(&sb);
	return 0;
}
