/*
 * kernel-facts.c: the learner's kernel read by libclang, in a confined child (repair.h).
 *
 * libclang is opened with dlopen in that child only: the parser and its LLVM never enter the
 * parent, nor the execution and analysis children, where PoCL's and Oclgrind's own LLVMs live.
 * The child parses the source as OpenCL C 1.2 with clang's default header (the builtins PoCL
 * builds with), walks the syntax tree and sends one line a fact; the parent trusts nothing of it
 * but what kernel_fact_read accepts: known kinds, ranges inside the source it sent.
 */
#include "engine/kernel-facts-walk.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIBCLANG "libclang-15.so.1"

/* ---- the child: libclang's functions, opened by name ---- */
struct libclang_functions kernel_facts_libclang;

static int open_libclang(void)
{
	void *h = dlopen(LIBCLANG, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return -1;
#define LOAD(f) if (!(*(void **)&lc.f = dlsym(h, #f))) return -1;
	CLANG_FUNCTIONS(LOAD)
#undef LOAD
	return 0;
}

/* ---- the walk ---- */
/* The source being parsed: a place is in it when its expansion is (a macro of the kernel's own,
 * BLOCK, counts where it is written in the kernel; one of the header does not). */
CXFile kernel_facts_main_file;
#define main_file kernel_facts_main_file

unsigned kf_offset_of(CXSourceLocation loc, bool *ok)
{
	unsigned off = 0;
	CXFile file = NULL;
	lc.clang_getExpansionLocation(loc, &file, NULL, NULL, &off);
	*ok = *ok && file && main_file && lc.clang_File_isEqual(file, main_file);
	return off;
}

/* A cursor's bytes in the main file; false when it comes from elsewhere (a macro, the header). */
bool kf_extent_of(CXCursor cur, struct srange *r)
{
	CXSourceRange x = lc.clang_getCursorExtent(cur);
	bool ok = true;
	r->off = kf_offset_of(lc.clang_getRangeStart(x), &ok);
	r->end = kf_offset_of(lc.clang_getRangeEnd(x), &ok);
	return ok && r->off <= r->end;
}

void kf_copy_cx(char *dst, size_t cap, CXString s)
{
	copy_str(dst, cap, lc.clang_getCString(s) ? lc.clang_getCString(s) : "");
	lc.clang_disposeString(s);
}

void kf_send_fact(struct walk *w, const struct kfact *k)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_adds(&sb, "fact\t");
	kernel_fact_write(&sb, k);
	sbuf_adds(&sb, "\n");
	if (write_all(w->fd, sb.buf, sb.len) == 0)
		(*w->count)++;
	sbuf_release(&sb);
}

static enum CXChildVisitResult collect(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct children *ch = data;
	if (ch->n < 4)
		ch->c[ch->n] = cur;
	ch->n++;
	return CXChildVisit_Continue;
}
struct children kf_children_of(CXCursor cur)
{
	struct children ch = { .n = 0 };
	lc.clang_visitChildren(cur, collect, &ch);
	return ch;
}

/* The operator token between a binary expression's operands, its text in op. */
static bool operator_between(struct walk *w, CXCursor cur, struct srange lhs, struct srange rhs,
			     struct srange *at, char *op, size_t cap)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	bool found = false;
	lc.clang_tokenize(w->tu, lc.clang_getCursorExtent(cur), &toks, &n);
	for (unsigned i = 0; i < n && !found; i++) {
		if (lc.clang_getTokenKind(toks[i]) != CXToken_Punctuation)
			continue;
		CXSourceRange x = lc.clang_getTokenExtent(w->tu, toks[i]);
		bool ok = true;
		unsigned off = kf_offset_of(lc.clang_getRangeStart(x), &ok);
		unsigned end = kf_offset_of(lc.clang_getRangeEnd(x), &ok);
		if (ok && off >= lhs.end && end <= rhs.off) {
			kf_copy_cx(op, cap, lc.clang_getTokenSpelling(w->tu, toks[i]));
			*at = (struct srange){ off, end };
			found = true;
		}
	}
	if (toks)
		lc.clang_disposeTokens(w->tu, toks, n);
	return found;
}

/* The variable an expression names at its root (through casts and subscripts), or NULL cursor. */
static CXCursor root_decl(CXCursor cur)
{
	for (int depth = 0; depth < 16; depth++) {
		enum CXCursorKind k = lc.clang_getCursorKind(cur);
		if (k == CXCursor_DeclRefExpr)
			return lc.clang_getCursorReferenced(cur);
		struct children ch = kf_children_of(cur);
		if (!ch.n)
			break;
		cur = ch.c[0];
	}
	return lc.clang_getNullCursor();
}

static void type_of(CXCursor cur, char *dst, size_t cap)
{
	kf_copy_cx(dst, cap, lc.clang_getTypeSpelling(lc.clang_getCursorType(cur)));
}

bool kf_is_comparison(const char *op)
{
	return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=");
}
/* get_global_id is 0, get_local_id 1; -1 for any other function. */
int kf_work_item_function(const char *name)
{
	static const char *const names[] = { "get_global_id", "get_local_id", "get_group_id", "get_local_size",
					     "get_global_size", "get_num_groups" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return (int)i;
	return -1;
}
static bool is_work_item_function(const char *name)
{
	return kf_work_item_function(name) >= 0;
}


/* Whether cur declares a variable of the kernel's own of a scalar type (not a parameter). */
static bool private_scalar(CXCursor cur)
{
	if (lc.clang_Cursor_isNull(cur) || lc.clang_getCursorKind(cur) != CXCursor_VarDecl)
		return false;
	enum CXTypeKind tk = lc.clang_getCanonicalType(lc.clang_getCursorType(cur)).kind;
	char type[64];
	type_of(cur, type, sizeof(type));
	return tk >= CXType_FirstBuiltin && tk <= CXType_LastBuiltin && !strstr(type, "__local");
}

/* The private scalars an index names, each a fact (the halves of a double buffer are such). */
static enum CXChildVisitResult index_names(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct walk *w = data;
	if (lc.clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	CXCursor to = lc.clang_getCursorReferenced(cur);
	struct kfact k = { .kind = KF_LNAME, .outer = w->outer_range };
	if (private_scalar(to) && kf_extent_of(cur, &k.range)) {
		kf_copy_cx(k.text, sizeof(k.text), lc.clang_getCursorSpelling(to));
		if (k.range.end - k.range.off == strlen(k.text) && !strncmp(w->src + k.range.off, k.text, strlen(k.text)))
			kf_send_fact(w, &k);
	}
	return CXChildVisit_Continue;
}

static void walk_cursor(struct walk *w, CXCursor cur);
/* A statement of a compound statement is what is below it lies in (w->stmt): where a barrier
 * may go before. */
static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	if (lc.clang_getCursorKind(parent) == CXCursor_CompoundStmt) {
		struct walk in = *w;
		if (kf_extent_of(cur, &in.stmt)) {
			unsigned e = in.stmt.end;
			while (e < w->len && (w->src[e] == ' ' || w->src[e] == '\t'))
				e++;
			if (e < w->len && w->src[e] == ';')
				in.stmt.end = e + 1;
		}
		walk_cursor(&in, cur);
		struct srange p;
		if (w->scope && w->scope->nret < MAX_RETURNS && kf_extent_of(parent, &p) &&
		    p.off == w->scope->body.off && p.end == w->scope->body.end && kf_return_guard(cur))
			w->scope->ret[w->scope->nret++] = kf_children_of(cur).c[0];
		return CXChildVisit_Continue;
	}
	walk_cursor(w, cur);
	return CXChildVisit_Continue;
}


static void walk_children(struct walk *w, CXCursor cur)
{
	lc.clang_visitChildren(cur, visit, w);
}

/* A binary expression's operands and operator (its place and text). */
bool kf_binary_operator(struct walk *w, CXCursor cur, CXCursor *l, CXCursor *r, struct srange *at,
			    char *op, size_t cap)
{
	struct children ch = kf_children_of(cur);
	struct srange lhs, rhs;
	if (ch.n != 2 || !kf_extent_of(ch.c[0], &lhs) || !kf_extent_of(ch.c[1], &rhs) ||
	    !operator_between(w, cur, lhs, rhs, at, op, cap))
		return false;
	*l = ch.c[0];
	*r = ch.c[1];
	return true;
}

static void binary(struct walk *w, CXCursor cur, bool compound)
{
	struct children ch = kf_children_of(cur);
	struct srange lhs, rhs, at;
	char op[8];
	if (!kf_binary_operator(w, cur, &ch.c[0], &ch.c[1], &at, op, sizeof(op)) ||
	    !kf_extent_of(ch.c[0], &lhs) || !kf_extent_of(ch.c[1], &rhs))
		return;
	if (!compound && kf_is_comparison(op)) {
		struct kfact k = { .kind = KF_CMP, .range = at, .range2 = rhs, .outer = lhs };
		copy_str(k.text, sizeof(k.text), op);
		copy_str(k.detail, sizeof(k.detail), !w->in_cond ? "expr" : w->outer == OUTER_LOOP ? "loop" : "guard");
		kf_send_fact(w, &k);
	}
	bool assigns = compound || !strcmp(op, "=");
	if (!compound && !strcmp(op, "=") && w->outer == OUTER_LOOP) {
		CXCursor to = lc.clang_getCursorKind(ch.c[0]) == CXCursor_DeclRefExpr ? lc.clang_getCursorReferenced(ch.c[0])
										     : lc.clang_getNullCursor();
		CXCursor from = root_decl(ch.c[1]);
		struct children rch = kf_children_of(ch.c[1]);
		bool plain = lc.clang_getCursorKind(ch.c[1]) == CXCursor_DeclRefExpr ||
			     (rch.n == 1 && lc.clang_getCursorKind(rch.c[0]) == CXCursor_DeclRefExpr);
		if (plain && private_scalar(to) && private_scalar(from)) {
			struct kfact k = { .kind = KF_ASSIGN };
			kf_extent_of(cur, &k.range);
			kf_copy_cx(k.text, sizeof(k.text), lc.clang_getCursorSpelling(to));
			kf_copy_cx(k.detail, sizeof(k.detail), lc.clang_getCursorSpelling(from));
			kf_send_fact(w, &k);
		}
	}
	if (compound && lc.clang_getCursorKind(ch.c[0]) == CXCursor_ArraySubscriptExpr) {
		struct kfact k = { .kind = KF_RMW, .range2 = lhs };
		kf_extent_of(cur, &k.range);
		copy_str(k.text, sizeof(k.text), op);
		type_of(ch.c[0], k.detail, sizeof(k.detail));
		kf_send_fact(w, &k);
	}
	struct walk left = *w;
	left.store_target = assigns;
	walk_cursor(&left, ch.c[0]);
	struct walk right = *w;
	right.store_target = false;
	walk_cursor(&right, ch.c[1]);
}

/* a[i]++ and the like: a read-modify-write, and a store into a[i] */
static void unary(struct walk *w, CXCursor cur)
{
	struct children ch = kf_children_of(cur);
	struct walk in = *w;
	if (ch.n == 1 && lc.clang_getCursorKind(ch.c[0]) == CXCursor_ArraySubscriptExpr) {
		CXToken *toks = NULL;
		unsigned n = 0;
		char first[8] = "", last[8] = "";
		lc.clang_tokenize(w->tu, lc.clang_getCursorExtent(cur), &toks, &n);
		if (n) {
			kf_copy_cx(first, sizeof(first), lc.clang_getTokenSpelling(w->tu, toks[0]));
			kf_copy_cx(last, sizeof(last), lc.clang_getTokenSpelling(w->tu, toks[n - 1]));
			lc.clang_disposeTokens(w->tu, toks, n);
		}
		const char *op = !strcmp(first, "++") || !strcmp(last, "++") ? "++" :
				 !strcmp(first, "--") || !strcmp(last, "--") ? "--" : NULL;
		struct kfact k = { .kind = KF_RMW };
		if (op && kf_extent_of(cur, &k.range) && kf_extent_of(ch.c[0], &k.range2)) {
			copy_str(k.text, sizeof(k.text), op);
			type_of(ch.c[0], k.detail, sizeof(k.detail));
			kf_send_fact(w, &k);
			in.store_target = true;
		}
	}
	walk_children(&in, cur);
}

static void subscript(struct walk *w, CXCursor cur)
{
	struct children ch = kf_children_of(cur);
	struct kfact k = { .kind = KF_SUB, .flags = w->store_target ? KF_STORE : 0 };
	if (ch.n != 2 || !kf_extent_of(ch.c[1], &k.range) || !kf_extent_of(cur, &k.range2))
		goto below;
	CXCursor base = root_decl(ch.c[0]);
	kf_copy_cx(k.text, sizeof(k.text), lc.clang_getCursorSpelling(base));
	type_of(base, k.detail, sizeof(k.detail));
	int from = kf_origins(w->scope, ch.c[1]);
	k.flags |= (from & DI_GID ? KF_T_GID : 0) | (from & DI_LID ? KF_T_LID : 0) |
		   (from & DI_LOOP ? KF_T_LOOP : 0) | (from & DI_STRIDE ? KF_T_STRIDE : 0) |
		   (kf_has_macro(k.range) ? KF_T_MACRO : 0) | (kf_offset_one(w, ch.c[1]) ? KF_T_ONE : 0);
	kf_send_fact(w, &k);
	kf_send_guards(w, ch.c[1], k.range);
	if (strstr(k.detail, "__local")) {
		if (lc.clang_getCursorKind(ch.c[1]) == CXCursor_DeclRefExpr)
			index_names(ch.c[1], cur, w);
		else
			lc.clang_visitChildren(ch.c[1], index_names, w);
	}
	if (strstr(k.detail, "__local") && w->stmt.end > w->stmt.off) {
		struct kfact s = { .kind = w->store_target ? KF_LSTORE : KF_LREAD, .range = w->stmt };
		copy_str(s.text, sizeof(s.text), k.text);
		kf_send_fact(w, &s);
	}
	if (strstr(k.detail, "__global") && w->store_target && w->stmt.end > w->stmt.off) {
		struct kfact s = { .kind = KF_GSTORE, .range = w->stmt, .range2 = k.range, .outer = w->outer_range };
		copy_str(s.text, sizeof(s.text), k.text);
		kf_send_fact(w, &s);
	}
	/* A row-major index A * B + C: A and C may be swapped. */
	CXCursor idx = ch.c[1];
	while (lc.clang_getCursorKind(idx) == CXCursor_UnexposedExpr || lc.clang_getCursorKind(idx) == CXCursor_ParenExpr) {
		struct children inner = kf_children_of(idx);
		if (inner.n != 1)
			break;
		idx = inner.c[0];
	}
	if (lc.clang_getCursorKind(idx) == CXCursor_BinaryOperator) {
		struct children sum = kf_children_of(idx);
		struct srange a, b, at;
		char op[8];
		if (sum.n == 2 && kf_extent_of(sum.c[0], &a) && kf_extent_of(sum.c[1], &b) &&
		    operator_between(w, idx, a, b, &at, op, sizeof(op)) && !strcmp(op, "+") &&
		    lc.clang_getCursorKind(sum.c[0]) == CXCursor_BinaryOperator) {
			struct children prod = kf_children_of(sum.c[0]);
			struct srange pa, pb, pat;
			if (prod.n == 2 && kf_extent_of(prod.c[0], &pa) && kf_extent_of(prod.c[1], &pb) &&
			    operator_between(w, sum.c[0], pa, pb, &pat, op, sizeof(op)) && !strcmp(op, "*")) {
				struct kfact m = { .kind = KF_MADD, .range = pa, .range2 = b, .outer = pb };
				kf_send_fact(w, &m);
			}
		}
	}
below:;
	struct walk inner = *w;
	inner.store_target = false;
	walk_children(&inner, cur);
}

static void call(struct walk *w, CXCursor cur)
{
	char name[48];
	kf_copy_cx(name, sizeof(name), lc.clang_getCursorSpelling(cur));
	struct srange whole;
	if (!kf_extent_of(cur, &whole))
		goto below;
	if (is_work_item_function(name)) {
		struct kfact k = { .kind = KF_CALL, .range = { whole.off, whole.off + (unsigned)strlen(name) } };
		copy_str(k.text, sizeof(k.text), name);
		if (k.range.end <= w->len && !strncmp(w->src + k.range.off, name, strlen(name)))
			kf_send_fact(w, &k);
	} else if (!strncmp(name, "atomic_", 7) || !strncmp(name, "atom_", 5)) {
		struct children ch = kf_children_of(cur);
		struct kfact k = { .kind = KF_ATOMIC, .range = whole };
		copy_str(k.text, sizeof(k.text), name);
		if (ch.n >= 2 && kf_extent_of(ch.c[1], &k.range2)) {
			kf_copy_cx(k.detail, sizeof(k.detail), lc.clang_getCursorSpelling(root_decl(ch.c[1])));
			kf_send_fact(w, &k);
		}
	} else if (!strncmp(name, "vload", 5) || !strncmp(name, "vstore", 6)) {
		/* an access through a pointer: its offset and pointer, guarded like a subscript */
		struct children ch = kf_children_of(cur);
		int off = name[1] == 'l' ? 1 : 2;
		struct srange o, p;
		struct kfact k = { .kind = KF_VLOAD, .range2 = whole, .flags = name[1] == 's' ? KF_STORE : 0 };
		if (ch.n == off + 2 && kf_extent_of(ch.c[off], &o) && kf_extent_of(ch.c[off + 1], &p) && o.off <= p.end) {
			CXCursor base = root_decl(ch.c[off + 1]);
			k.range = (struct srange){ o.off, p.end };
			kf_copy_cx(k.text, sizeof(k.text), lc.clang_getCursorSpelling(base));
			type_of(base, k.detail, sizeof(k.detail));
			int from = kf_origins(w->scope, cur);
			k.flags |= (from & DI_GID ? KF_T_GID : 0) | (from & DI_LID ? KF_T_LID : 0) |
				   (from & DI_LOOP ? KF_T_LOOP : 0) | (from & DI_STRIDE ? KF_T_STRIDE : 0) |
				   (kf_has_macro(k.range) ? KF_T_MACRO : 0);
			kf_send_fact(w, &k);
			kf_send_guards(w, cur, k.range);
		}
	} else if (!strcmp(name, "barrier")) {
		/* the flags as written between the parentheses: clang places a macro's expression
		 * (CLK_LOCAL_MEM_FENCE) in the header that defines it */
		struct kfact k = { .kind = KF_BARRIER, .range2 = whole, .outer = w->outer_range };
		unsigned open = whole.off + 7, close = whole.end;
		while (open < whole.end && w->src[open] != '(')
			open++;
		while (close > open && w->src[close - 1] != ')')
			close--;
		k.range = (struct srange){ open + 1, close ? close - 1 : 0 };
		if (open < whole.end && close > open + 1) {
			/* the statement with its ';' */
			unsigned e = k.range2.end;
			while (e < w->len && (w->src[e] == ' ' || w->src[e] == '\t'))
				e++;
			if (e < w->len && w->src[e] == ';')
				k.range2.end = e + 1;
			copy_str(k.detail, sizeof(k.detail), w->outer == OUTER_IF ? "if" : w->outer == OUTER_LOOP ? "loop" : "");
			kf_send_fact(w, &k);
		}
	}
below:
	walk_children(w, cur);
}

static void declaration(struct walk *w, CXCursor cur)
{
	struct kfact k = { .kind = KF_DECL };
	bool ok = true;
	kf_copy_cx(k.text, sizeof(k.text), lc.clang_getCursorSpelling(cur));
	type_of(cur, k.detail, sizeof(k.detail));
	unsigned at = kf_offset_of(lc.clang_getCursorLocation(cur), &ok);
	k.range = (struct srange){ at, at + (unsigned)strlen(k.text) };
	enum CXTypeKind tk = lc.clang_getCanonicalType(lc.clang_getCursorType(cur)).kind;
	bool scalar = tk >= CXType_FirstBuiltin && tk <= CXType_LastBuiltin;
	CXCursor init = lc.clang_Cursor_getVarDeclInitializer(cur);
	if (lc.clang_Cursor_isNull(init))
		k.range2 = (struct srange){ k.range.end, k.range.end };
	else if (!kf_extent_of(init, &k.range2))
		ok = false;
	bool named = ok && k.range.end <= w->len && !strncmp(w->src + k.range.off, k.text, strlen(k.text));
	if (named && scalar)
		kf_send_fact(w, &k);
	CXType t = lc.clang_getCanonicalType(lc.clang_getCursorType(cur));
	if (named && t.kind == CXType_ConstantArray) {
		/* its elements, every dimension: a private array too large for any device */
		long long elements = 1;
		for (int depth = 0; depth < 8 && t.kind == CXType_ConstantArray; depth++) {
			long long n = lc.clang_getArraySize(t);
			elements = n < 0 || elements > 0x7fffffffLL / (n ? n : 1) ? 0x7fffffffLL : elements * n;
			t = lc.clang_getCanonicalType(lc.clang_getArrayElementType(t));
		}
		struct kfact a = { .kind = KF_ARRAY, .range = k.range, .range2 = { k.range.end, k.range.end },
				   .flags = (int)elements };
		struct srange whole;
		if (kf_extent_of(cur, &whole))
			kf_macro_in(whole, &a.range2);
		copy_str(a.text, sizeof(a.text), k.text);
		copy_str(a.detail, sizeof(a.detail), k.detail);
		kf_send_fact(w, &a);
	}
	walk_children(w, cur);
}

/* A branch or a loop: its condition is walked with in_cond, its body with it as the outer one. */
static void branch_or_loop(struct walk *w, CXCursor cur, enum outer_kind kind)
{
	struct children ch = kf_children_of(cur);
	struct srange whole;
	if (!kf_extent_of(cur, &whole))
		return;
	struct walk in = *w;
	in.outer = kind;
	in.outer_range = whole;
	/* A for's parts are its children in order; the body is the last, the condition the one
	 * that is a comparison's expression (clang leaves absent parts out). */
	int body = kind == OUTER_IF ? 1 : ch.n - 1;
	if (lc.clang_getCursorKind(cur) == CXCursor_DoStmt)
		body = 0;
	int nkids = ch.n < 4 ? ch.n : 4;
	for (int i = 0; i < nkids; i++) {
		in.in_cond = i != body && !(kind == OUTER_IF && i == 2);
		struct walk part = in;
		/* a branch's body lies under its condition (its else does not), a loop's under every
		 * other part of it */
		for (int j = 0; i == body && j < nkids; j++)
			if (j != body && !(kind == OUTER_IF && j != 0))
				kf_push_cond(&part, ch.c[j], kind == OUTER_IF ? "if" : "loop");
		walk_cursor(&part, ch.c[i]);
	}
}

/* `c ? a : b`: a lies under c. */
static void ternary(struct walk *w, CXCursor cur)
{
	struct children ch = kf_children_of(cur);
	if (ch.n != 3) {
		walk_children(w, cur);
		return;
	}
	struct walk then = *w;
	kf_push_cond(&then, ch.c[0], "ternary");
	walk_cursor(w, ch.c[0]);
	walk_cursor(&then, ch.c[1]);
	walk_cursor(w, ch.c[2]);
}

static void walk_cursor(struct walk *w, CXCursor cur)
{
	enum CXCursorKind k = lc.clang_getCursorKind(cur);
	switch (k) {
	case CXCursor_FunctionDecl: {
		struct walk in = *w;
		struct kernel_scope *ks = xcalloc(1, sizeof(*ks));
		in.in_kernel = true;
		in.scope = ks;
		in.nconds = 0;
		kf_scope_read(&in, cur);
		walk_children(&in, cur);
		free(ks);
		return;
	}
	case CXCursor_ReturnStmt: {
		struct kfact ret = { .kind = KF_RETURN };
		if (w->scope && w->scope->function.off <= w->scope->function.end && kf_extent_of(cur, &ret.range)) {
			ret.outer = w->scope->function;
			kf_send_fact(w, &ret);
		}
		walk_children(w, cur);
		return;
	}
	case CXCursor_ConditionalOperator:
		ternary(w, cur);
		return;
	case CXCursor_DeclRefExpr: {
		struct decl_info *d = w->in_kernel ? kf_info_of(w->scope, kf_decl_id(lc.clang_getCursorReferenced(cur)), false)
						   : NULL;
		struct kfact u = { .kind = KF_UNSET };
		if (d && (d->flags & DI_UNSET) && kf_extent_of(cur, &u.range)) {
			kf_copy_cx(u.text, sizeof(u.text), lc.clang_getCursorSpelling(cur));
			kf_send_fact(w, &u);
		}
		return;
	}
	case CXCursor_IfStmt:
		branch_or_loop(w, cur, OUTER_IF);
		return;
	case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
		branch_or_loop(w, cur, OUTER_LOOP);
		return;
	case CXCursor_BinaryOperator:
		binary(w, cur, false);
		return;
	case CXCursor_CompoundAssignOperator:
		binary(w, cur, true);
		return;
	case CXCursor_ArraySubscriptExpr:
		subscript(w, cur);
		return;
	case CXCursor_UnaryOperator:
		unary(w, cur);
		return;
	case CXCursor_CallExpr:
		call(w, cur);
		return;
	case CXCursor_ParmDecl: {
		struct kfact p = { .kind = KF_PARAM };
		enum CXTypeKind tk = lc.clang_getCanonicalType(lc.clang_getCursorType(cur)).kind;
		kf_copy_cx(p.text, sizeof(p.text), lc.clang_getCursorSpelling(cur));
		type_of(cur, p.detail, sizeof(p.detail));
		if (tk >= CXType_Bool && tk <= CXType_Int128 && *p.text)
			kf_send_fact(w, &p);
		struct decl_info *d = kf_info_of(w->scope, kf_decl_id(cur), false);
		if (tk == CXType_Pointer && *p.text && kf_decl_id(cur)) {
			p.kind = KF_BUFFER;
			p.flags = d ? d->refs : 0;
			kf_send_fact(w, &p);
		}
		return;
	}
	case CXCursor_VarDecl:
		if (w->in_kernel)
			declaration(w, cur);
		else
			walk_children(w, cur);
		return;
	default:
		break;
	}
	walk_children(w, cur);
}

int kernel_facts_emit(const char *path, const char *src, size_t len, int fd, bool confine)
{
	if (open_libclang() < 0)
		return -1;
	/* The library is loaded: from here on the child may read its header, and nothing more. */
	if (confine && sandbox_confine(true) < 0)
		return -1;
	static const char *const args[] = { "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header",
					    "-fno-color-diagnostics", "-w" };
	struct CXUnsavedFile file = { .Filename = path, .Contents = src, .Length = (unsigned long)len };
	CXIndex idx = lc.clang_createIndex(0, 0);
	CXTranslationUnit tu = lc.clang_parseTranslationUnit(idx, path, args, sizeof(args) / sizeof(args[0]),
							      &file, 1, CXTranslationUnit_KeepGoing |
							      CXTranslationUnit_DetailedPreprocessingRecord);
	if (!tu) {
		lc.clang_disposeIndex(idx);
		return -1;
	}
	main_file = lc.clang_getFile(tu, path);
	int count = 0;
	struct walk w = { .tu = tu, .src = src, .len = len, .fd = fd, .count = &count };
	kf_macros_read(tu);
	lc.clang_visitChildren(lc.clang_getTranslationUnitCursor(tu), visit, &w);
	/* the count that makes the list whole, through the supervisor's reply (tests kill it there) */
	char end[32];
	int n = snprintf(end, sizeof(end), "end-facts\t%d\n", count);
	proc_write_reply(fd, "end-facts", end, (size_t)n);
	lc.clang_disposeTranslationUnit(tu);
	lc.clang_disposeIndex(idx);
	return 0;
}

