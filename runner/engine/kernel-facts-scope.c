/*
 * kernel-facts-scope.c: in the parsing child (kernel-facts.c), what a kernel's variables are,
 * read once before its walk (how often each is named, whether it was declared without a value,
 * where its value comes from: get_global_id, get_local_id, a loop's condition, a halving or a
 * doubling), and the conditions a subscript lies under, sent as KF_GUARD facts: each comparison
 * of an `if` around it, of an earlier `if (...) return;`, of a loop's condition or a ternary's,
 * with whether it bounds the index.
 */
#include "engine/kernel-facts-walk.h"

#include <string.h>

#define main_file kernel_facts_main_file
/* The places where the kernel's own macros are expanded. */
static struct srange macros[MAX_MACROS];
static int nmacros;

/* ---- what a kernel's variables and conditions are ---- */
/* A declaration's identity: its place in the main file, plus 1 (0: none, or elsewhere). */
unsigned kf_decl_id(CXCursor decl)
{
	enum CXCursorKind k = lc.clang_getCursorKind(decl);
	if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
		return 0;
	bool ok = true;
	unsigned off = kf_offset_of(lc.clang_getCursorLocation(decl), &ok);
	return ok ? off + 1 : 0;
}

struct decl_info *kf_info_of(struct kernel_scope *ks, unsigned id, bool add)
{
	for (int i = 0; ks && id && i < ks->nd; i++)
		if (ks->d[i].id == id)
			return &ks->d[i];
	if (!ks || !id || !add || ks->nd == MAX_DECLS)
		return NULL;
	ks->d[ks->nd] = (struct decl_info){ .id = id };
	return &ks->d[ks->nd++];
}

/* The variables an expression names (the work-item functions stand as variables of their own),
 * and whether it reads an array or calls anything else. */
#define PSEUDO_ID 0xffffff00u
struct refs { unsigned id[16]; int n; bool sub, call; };
static enum CXChildVisitResult refs_visit(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct refs *r = data;
	unsigned id = 0;
	switch (lc.clang_getCursorKind(cur)) {
	case CXCursor_DeclRefExpr:
		id = kf_decl_id(lc.clang_getCursorReferenced(cur));
		break;
	case CXCursor_ArraySubscriptExpr:
		r->sub = true;
		break;
	case CXCursor_CallExpr: {
		char name[48];
		kf_copy_cx(name, sizeof(name), lc.clang_getCursorSpelling(cur));
		if (kf_work_item_function(name) >= 0)
			id = PSEUDO_ID | (unsigned)kf_work_item_function(name);
		else
			r->call = true;
		break;
	}
	default:
		break;
	}
	if (id && r->n < 16)
		r->id[r->n++] = id;
	return CXChildVisit_Recurse;
}
static struct refs refs_of(CXCursor cur)
{
	struct refs r = { .n = 0 };
	refs_visit(cur, lc.clang_getNullCursor(), &r);
	lc.clang_visitChildren(cur, refs_visit, &r);
	return r;
}
static bool refs_share(const struct refs *a, const struct refs *b)
{
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++)
			if (a->id[i] == b->id[j])
				return true;
	return false;
}
/* The DI_ flags a value takes from the variables and calls it names. */
int kf_origins(struct kernel_scope *ks, CXCursor cur)
{
	struct refs r = refs_of(cur);
	int flags = 0;
	for (int i = 0; i < r.n; i++) {
		if (r.id[i] >= PSEUDO_ID) {
			flags |= r.id[i] == PSEUDO_ID ? DI_GID : r.id[i] == (PSEUDO_ID | 1) ? DI_LID : 0;
			continue;
		}
		struct decl_info *d = kf_info_of(ks, r.id[i], false);
		flags |= d ? d->flags & (DI_GID | DI_LID | DI_LOOP | DI_STRIDE) : 0;
	}
	return flags;
}


/* The kernel read once before its walk: each variable's uses, whether it was declared without a
 * value, and where its value comes from (in the order of the source, so that `i = gid` makes
 * what later reads i come from gid too). */
struct prepass { struct walk *w; int pass; };
static void mark_refs(struct kernel_scope *ks, CXCursor cur, int flag)
{
	struct refs r = refs_of(cur);
	for (int i = 0; i < r.n; i++) {
		struct decl_info *d = r.id[i] < PSEUDO_ID ? kf_info_of(ks, r.id[i], true) : NULL;
		if (d)
			d->flags |= flag;
	}
}
static enum CXChildVisitResult prepass_visit(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct prepass *pp = data;
	struct kernel_scope *ks = pp->w->scope;
	CXCursor l, r;
	struct srange at;
	char op[8];
	switch (lc.clang_getCursorKind(cur)) {
	case CXCursor_VarDecl: {
		struct decl_info *d = kf_info_of(ks, kf_decl_id(cur), true);
		CXCursor init = lc.clang_Cursor_getVarDeclInitializer(cur);
		enum CXTypeKind tk = lc.clang_getCanonicalType(lc.clang_getCursorType(cur)).kind;
		if (d && lc.clang_Cursor_isNull(init) && tk >= CXType_FirstBuiltin && tk <= CXType_LastBuiltin)
			d->flags |= DI_UNSET;
		else if (d)
			d->flags |= kf_origins(ks, init);
		if (d && !lc.clang_Cursor_isNull(init) && pp->pass == 0) {
			struct refs from = refs_of(init);
			for (int i = 0; i < from.n && d->nfrom < 4; i++)
				d->from[d->nfrom++] = from.id[i];
		}
		break;
	}
	case CXCursor_DeclRefExpr: {
		struct decl_info *d = kf_info_of(ks, kf_decl_id(lc.clang_getCursorReferenced(cur)), true);
		if (d && pp->pass == 0)
			d->refs++;
		break;
	}
	case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
		if (!kf_binary_operator(pp->w, cur, &l, &r, &at, op, sizeof(op)) ||
		    lc.clang_getCursorKind(l) != CXCursor_DeclRefExpr)
			break;
		if (!strcmp(op, "="))
			mark_refs(ks, l, kf_origins(ks, r));
		else if (!strcmp(op, ">>=") || !strcmp(op, "<<=") || !strcmp(op, "*=") || !strcmp(op, "/="))
			mark_refs(ks, l, DI_STRIDE);
		break;
	case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt: {
		/* the variables of its condition and step (every part but the body) */
		CXCursor kids[8];
		struct children ch = kf_children_of(cur);
		int n = ch.n < 4 ? ch.n : 4, body = lc.clang_getCursorKind(cur) == CXCursor_DoStmt ? 0 : n - 1;
		for (int i = 0; i < n; i++)
			kids[i] = ch.c[i];
		for (int i = 0; i < n; i++)
			if (i != body)
				mark_refs(ks, kids[i], DI_LOOP);
		break;
	}
	default:
		break;
	}
	return CXChildVisit_Recurse;
}

/* Whether the expression names a work-item function, or a variable given its value from one. */
static bool work_item(struct kernel_scope *ks, const struct refs *r)
{
	for (int i = 0; i < r->n; i++) {
		struct decl_info *d = r->id[i] < PSEUDO_ID ? kf_info_of(ks, r->id[i], false) : NULL;
		if (r->id[i] >= PSEUDO_ID || (d && (d->flags & (DI_GID | DI_LID))))
			return true;
	}
	return false;
}

/* Whether two ranges hold the same code, white space aside. */
static bool same_code(const struct walk *w, struct srange a, struct srange b)
{
	unsigned i = a.off, j = b.off;
	for (;;) {
		while (i < a.end && (w->src[i] == ' ' || w->src[i] == '\t' || w->src[i] == '\n'))
			i++;
		while (j < b.end && (w->src[j] == ' ' || w->src[j] == '\t' || w->src[j] == '\n'))
			j++;
		if (i == a.end || j == b.end)
			return i == a.end && j == b.end;
		if (w->src[i++] != w->src[j++])
			return false;
	}
}

/* The comparisons of a condition, each a KF_GUARD of the subscript whose index is idx. */
struct guard_job { struct walk *w; const char *kind; struct refs idx; struct srange index; int *sent; };
static enum CXChildVisitResult guard_visit(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct guard_job *g = data;
	CXCursor l, r;
	struct srange at, ls, rs;
	char op[8];
	if (*g->sent >= MAX_GUARDS)
		return CXChildVisit_Break;
	if (lc.clang_getCursorKind(cur) != CXCursor_BinaryOperator ||
	    !kf_binary_operator(g->w, cur, &l, &r, &at, op, sizeof(op)))
		return CXChildVisit_Recurse;
	bool equality = !strcmp(op, "==") || !strcmp(op, "!=");
	if (!kf_is_comparison(op) && !equality)
		return CXChildVisit_Recurse;   /* && and || join comparisons */
	if (!kf_extent_of(l, &ls) || !kf_extent_of(r, &rs))
		return CXChildVisit_Continue;
	struct refs a = refs_of(l), b = refs_of(r);
	/* a comparison bounds the index when it tests a variable of it; a test of which work-item
	 * it is (`lid == 0`, `get_group_id(0) == last`) picks the work-items that store */
	bool left = !a.sub && !a.call && (refs_share(&a, &g->idx) || work_item(g->w->scope, &a));
	bool right = !left && !b.sub && !b.call && (refs_share(&b, &g->idx) || work_item(g->w->scope, &b));
	struct kfact k = { .kind = KF_GUARD, .range = right ? rs : ls, .range2 = right ? ls : rs,
			   .outer = g->index, .flags = left || right ? KF_BOUNDS : 0 };
	if ((left || right) && same_code(g->w, k.range, g->index))
		k.flags |= KF_EXACT;
	/* `n > i` is `i < n`: the compared operand on the left */
	static const char *const ops[6][2] = { { "<", ">" }, { "<=", ">=" }, { ">", "<" }, { ">=", "<=" },
					       { "==", "==" }, { "!=", "!=" } };
	for (int i = 0; i < 6; i++)
		if (!strcmp(op, ops[i][0]))
			copy_str(k.text, sizeof(k.text), ops[i][right ? 1 : 0]);
	copy_str(k.detail, sizeof(k.detail), g->kind);
	kf_send_fact(g->w, &k);
	(*g->sent)++;
	return CXChildVisit_Continue;
}
void kf_send_guards(struct walk *w, CXCursor index, struct srange range)
{
	int sent = 0;
	struct guard_job g = { w, NULL, refs_of(index), range, &sent };
	/* a guard of g bounds out[k] when k was given its value from g (`k = 2 * g + 1`) */
	for (int i = 0, n = g.idx.n; i < n; i++) {
		struct decl_info *d = g.idx.id[i] < PSEUDO_ID ? kf_info_of(w->scope, g.idx.id[i], false) : NULL;
		for (int j = 0; d && j < d->nfrom && g.idx.n < 16; j++)
			g.idx.id[g.idx.n++] = d->from[j];
	}
	for (int i = w->nconds - 1; i >= 0 && sent < MAX_GUARDS; i--) {
		g.kind = w->conds[i].kind;
		guard_visit(w->conds[i].c, lc.clang_getNullCursor(), &g);
		lc.clang_visitChildren(w->conds[i].c, guard_visit, &g);
	}
	for (int i = 0; w->scope && i < w->scope->nret && sent < MAX_GUARDS; i++) {
		g.kind = "return";
		guard_visit(w->scope->ret[i], lc.clang_getNullCursor(), &g);
		lc.clang_visitChildren(w->scope->ret[i], guard_visit, &g);
	}
}
void kf_push_cond(struct walk *w, CXCursor c, const char *kind)
{
	if (w->nconds < MAX_CONDS)
		w->conds[w->nconds++] = (struct cond_frame){ c, kind };
}

/* An expression through its parentheses and implicit conversions. */
static CXCursor unwrap(CXCursor cur)
{
	for (int depth = 0; depth < 16; depth++) {
		enum CXCursorKind k = lc.clang_getCursorKind(cur);
		struct children ch = kf_children_of(cur);
		if ((k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr) ||
		    ch.n != 1)
			break;
		cur = ch.c[0];
	}
	return cur;
}
/* Whether an index adds or takes a literal 1 at its top: `i + 1`, `a * W + i - 1`. */
bool kf_offset_one(struct walk *w, CXCursor idx)
{
	CXCursor l, r;
	struct srange at, lit;
	char op[8];
	idx = unwrap(idx);
	if (lc.clang_getCursorKind(idx) != CXCursor_BinaryOperator ||
	    !kf_binary_operator(w, idx, &l, &r, &at, op, sizeof(op)) || (strcmp(op, "+") && strcmp(op, "-")))
		return false;
	for (int side = 0; side < 2; side++) {
		CXCursor c = unwrap(side ? r : l);
		if (side == 0 && !strcmp(op, "-"))
			continue;   /* 1 - i is no offset of i */
		if (lc.clang_getCursorKind(c) == CXCursor_IntegerLiteral && kf_extent_of(c, &lit) &&
		    lit.end == lit.off + 1 && w->src[lit.off] == '1')
			return true;
	}
	return false;
}
bool kf_macro_in(struct srange r, struct srange *at)
{
	for (int i = 0; i < nmacros; i++)
		if (macros[i].off >= r.off && macros[i].off < r.end) {
			*at = macros[i];
			return true;
		}
	return false;
}

bool kf_has_macro(struct srange r)
{
	for (int i = 0; i < nmacros; i++)
		if (macros[i].off >= r.off && macros[i].off < r.end)
			return true;
	return false;
}

/* `if (c) return;` (or `{ return; }`) with no else: c guards what follows it in the kernel's body. */
bool kf_return_guard(CXCursor cur)
{
	if (lc.clang_getCursorKind(cur) != CXCursor_IfStmt)
		return false;
	struct children ch = kf_children_of(cur);
	if (ch.n != 2)
		return false;
	CXCursor then = ch.c[1];
	if (lc.clang_getCursorKind(then) == CXCursor_CompoundStmt) {
		struct children in = kf_children_of(then);
		if (in.n != 1)
			return false;
		then = in.c[0];
	}
	return lc.clang_getCursorKind(then) == CXCursor_ReturnStmt;
}

/* A function's body: its child that is a compound statement (after every parameter). */
static enum CXChildVisitResult find_body(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (lc.clang_getCursorKind(cur) == CXCursor_CompoundStmt)
		*(CXCursor *)data = cur;
	return CXChildVisit_Continue;
}

/* The expansions of macros the kernel defines itself (BLOCK), not the header's. */
static enum CXChildVisitResult collect_macros(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	(void)data;
	struct srange r;
	bool ok = true;
	if (lc.clang_getCursorKind(cur) == CXCursor_MacroExpansion && nmacros < MAX_MACROS && kf_extent_of(cur, &r)) {
		kf_offset_of(lc.clang_getCursorLocation(lc.clang_getCursorReferenced(cur)), &ok);
		if (ok)
			macros[nmacros++] = r;
	}
	return CXChildVisit_Continue;
}


void kf_scope_read(struct walk *w, CXCursor function)
{
	CXCursor body = lc.clang_getNullCursor();
	lc.clang_visitChildren(function, find_body, &body);
	if (!kf_extent_of(function, &w->scope->function))
		w->scope->function = (struct srange){ 1, 0 };
	if (!kf_extent_of(body, &w->scope->body))
		w->scope->body = (struct srange){ 1, 0 };   /* matches no statement's parent */
	/* twice: a value given from a variable a later line halves is halved too */
	for (int pass = 0; pass < 2; pass++) {
		struct prepass pp = { w, pass };
		lc.clang_visitChildren(function, prepass_visit, &pp);
	}
}

void kf_macros_read(CXTranslationUnit tu)
{
	nmacros = 0;
	lc.clang_visitChildren(lc.clang_getTranslationUnitCursor(tu), collect_macros, NULL);
}
