/*
 * kernel-facts.c: the learner's kernel read by libclang, in a confined child (repair.h).
 *
 * libclang is opened with dlopen in that child only: the parser never enters the parent, nor
 * the execution and analysis children (the LLVM it shares with PoCL is loaded, never called, in
 * the parent of validate and grade: preload.c).
 * The child parses the source as OpenCL C 1.2 with clang's default header (the builtins PoCL
 * builds with), walks the syntax tree and sends one line a fact; the parent trusts nothing of it
 * but what kernel_fact_read accepts: known kinds, ranges inside the source it sent.
 */
#include "engine/children/children.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the walk: what its two halves share (the scope's half is at the end) ---- */
/*
 * kernel-facts-walk.h: what the two files of the parsing child share (kernel-facts.c walks the
 * syntax tree and sends the facts, kernel-facts-scope.c knows the kernel's variables and the
 * conditions around a place). Only those two include it: it brings libclang's header in.
 */


#include <clang-c/Index.h>

#define MAX_DECLS 512          /* variables of a kernel the walk knows the origins of */
#define MAX_MACROS 512         /* expansions of the kernel's own macros */
#define MAX_CONDS 8            /* conditions around a place that are looked at */
#define MAX_RETURNS 16         /* `if (...) return;` of a kernel's body */
#define MAX_GUARDS 12          /* KF_GUARD facts of one subscript */

/* libclang's functions, opened by name (kernel-facts.c) */
#define CLANG_FUNCTIONS(X) \
	X(clang_createIndex) X(clang_disposeIndex) X(clang_parseTranslationUnit) \
	X(clang_disposeTranslationUnit) X(clang_getTranslationUnitCursor) X(clang_visitChildren) \
	X(clang_getCursorKind) X(clang_getCursorExtent) X(clang_getRangeStart) X(clang_getRangeEnd) \
	X(clang_getFileLocation) X(clang_getCursorSpelling) X(clang_getCString) X(clang_disposeString) \
	X(clang_getCursorType) X(clang_getTypeSpelling) X(clang_getCursorReferenced) X(clang_tokenize) \
	X(clang_disposeTokens) X(clang_getTokenSpelling) X(clang_getTokenKind) X(clang_getTokenExtent) \
	X(clang_getExpansionLocation) X(clang_File_isEqual) X(clang_getFile) X(clang_Cursor_getVarDeclInitializer) X(clang_Cursor_isNull) \
	X(clang_getCursorLocation) X(clang_getNullCursor) X(clang_getCanonicalType) \
	X(clang_getArraySize) X(clang_getArrayElementType) X(clang_Cursor_Evaluate) \
	X(clang_EvalResult_getKind) X(clang_EvalResult_getAsLongLong) X(clang_EvalResult_isUnsignedInt) \
	X(clang_EvalResult_getAsUnsigned) X(clang_EvalResult_getAsDouble) X(clang_EvalResult_dispose)
struct libclang_functions {
#define DECLARE(f) __typeof__(f) *f;
	CLANG_FUNCTIONS(DECLARE)
#undef DECLARE
};
extern struct libclang_functions kernel_facts_libclang;
#define lc kernel_facts_libclang

enum outer_kind { OUTER_NONE, OUTER_IF, OUTER_LOOP };
/* What a kernel's variables are, read before its walk: a variable is known by its declaration's
 * place (offset + 1). */
#define DI_UNSET 1      /* a private scalar declared without a value */
#define DI_GID 2        /* given its value from get_global_id */
#define DI_LID 4        /* ... from get_local_id */
#define DI_LOOP 8       /* named in a loop's condition or step */
#define DI_STRIDE 16    /* halved or doubled by `>>=`, `<<=`, `*=`, `/=` */
struct decl_info {
	unsigned id;
	int refs, flags;
	unsigned from[4];     /* the variables its value was given from (`k = 2 * g + 1`: g) */
	int nfrom;
};
struct kernel_scope {
	struct decl_info d[MAX_DECLS];
	int nd;
	struct srange body;             /* the kernel's body */
	struct srange function;         /* the whole function */
	CXCursor ret[MAX_RETURNS];      /* conditions of its `if (...) return;`, so far */
	int nret;
};
struct cond_frame { CXCursor c; const char *kind; };
struct walk {
	CXTranslationUnit tu;
	const char *src;
	size_t len;
	int fd;
	int *count;          /* facts sent, shared by every copy of the walk */
	/* where the walk is: the innermost branch or loop, whether in its condition, and the
	 * statement of the innermost compound statement */
	enum outer_kind outer;
	struct srange outer_range;
	bool in_cond;
	struct srange stmt;
	bool in_kernel;
	bool store_target;    /* the cursor is the left side of an assignment */
	struct kernel_scope *scope;
	struct cond_frame conds[MAX_CONDS];   /* the conditions the cursor lies under, outermost first */
	int nconds;
};

/* The source being parsed, and the places its own macros are expanded (kernel-facts-scope.c) */
extern CXFile kernel_facts_main_file;

/* kernel-facts.c: places, texts and shapes of cursors */
struct children { CXCursor c[4]; int n; };
unsigned kf_offset_of(CXSourceLocation loc, bool *ok);
bool kf_extent_of(CXCursor cur, struct srange *r);
void kf_copy_cx(char *dst, size_t cap, CXString s);
void kf_send_fact(struct walk *w, const struct kfact *k);
struct children kf_children_of(CXCursor cur);
bool kf_binary_operator(struct walk *w, CXCursor cur, CXCursor *l, CXCursor *r, struct srange *at,
			char *op, size_t cap);
bool kf_is_comparison(const char *op);
int kf_work_item_function(const char *name);   /* get_global_id 0, get_local_id 1; else -1 */

/* kernel-facts-scope.c: the kernel's variables, read before its walk, and the conditions a
 * subscript lies under */
struct decl_info *kf_info_of(struct kernel_scope *ks, unsigned id, bool add);
unsigned kf_decl_id(CXCursor decl);
int kf_origins(struct kernel_scope *ks, CXCursor cur);            /* DI_ flags of a value */
void kf_scope_read(struct walk *w, CXCursor function);              /* fills w->scope */
void kf_send_guards(struct walk *w, CXCursor index, struct srange range);
void kf_push_cond(struct walk *w, CXCursor c, const char *kind);
bool kf_return_guard(CXCursor cur);       /* `if (c) return;` with no else */
bool kf_offset_one(struct walk *w, CXCursor idx);
bool kf_has_macro(struct srange r);
bool kf_macro_in(struct srange r, struct srange *at);   /* the first expansion in r */
void kf_macros_read(CXTranslationUnit tu);

#define LIBCLANG "libclang-15.so.1"
#define FACTS_NO_LIBCLANG 3   /* the child's exit status when libclang could not be loaded */

/* ---- the child: libclang's functions, opened by name ---- */
struct libclang_functions kernel_facts_libclang;
/* The library to open: LIBCLANG, or CLINGS_LIBCLANG, read in the parent (a child's environment
 * is cleared) before the child is forked. */
static const char *libclang_name = LIBCLANG;

static int open_libclang(void)
{
	void *h = dlopen(libclang_name, RTLD_NOW | RTLD_LOCAL);
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

static CXCursor unwrap(CXCursor cur);

/* The constant an expression evaluates to, as a decimal number into out ("%.9g" of a floating
 * value, the integer as it is); false when libclang finds no constant. */
static bool constant_of(CXCursor cur, char *out, size_t cap)
{
	CXEvalResult v = lc.clang_Cursor_Evaluate(cur);
	if (!v)
		return false;
	bool ok = true;
	switch (lc.clang_EvalResult_getKind(v)) {
	case CXEval_Int:
		if (lc.clang_EvalResult_isUnsignedInt(v))
			snprintf(out, cap, "%llu", lc.clang_EvalResult_getAsUnsigned(v));
		else
			snprintf(out, cap, "%lld", lc.clang_EvalResult_getAsLongLong(v));
		break;
	case CXEval_Float: {
		double d = lc.clang_EvalResult_getAsDouble(v);
		ok = d == d;
		snprintf(out, cap, "%.9g", d);
		break;
	}
	default:
		ok = false;
	}
	lc.clang_EvalResult_dispose(v);
	return ok;
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
	if (!compound && !strcmp(op, "=") && lc.clang_getCursorKind(ch.c[0]) == CXCursor_ArraySubscriptExpr &&
	    lc.clang_getCursorKind(unwrap(ch.c[1])) == CXCursor_ArraySubscriptExpr) {
		/* an element copied as it is: its value is the other element's, not computed here */
		struct kfact k = { .kind = KF_COPY };
		kf_extent_of(cur, &k.outer);
		kf_copy_cx(k.text, sizeof(k.text), lc.clang_getCursorSpelling(root_decl(ch.c[0])));
		kf_copy_cx(k.detail, sizeof(k.detail), lc.clang_getCursorSpelling(root_decl(unwrap(ch.c[1]))));
		if (kf_extent_of(cur, &k.range) && *k.text && *k.detail)
			kf_send_fact(w, &k);
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
	} else if (!strncmp(name, "async_work_group", 16)) {
		struct kfact k = { .kind = KF_ASYNC, .range = whole };
		copy_str(k.text, sizeof(k.text), name);
		kf_send_fact(w, &k);
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
		/* the fences by value, however they are spelled (a macro, a number, `|`) */
		struct children args = kf_children_of(cur);
		char fences[32];
		if (args.n == 2 && constant_of(args.c[1], fences, sizeof(fences)))
			k.flags = (int)(strtoll(fences, NULL, 10) & (KF_FENCE_LOCAL | KF_FENCE_GLOBAL));
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
	struct kfact v = { .kind = KF_VALUE, .range = k.range2 };
	if (named && scalar && !lc.clang_Cursor_isNull(init) && constant_of(init, v.detail, sizeof(v.detail))) {
		copy_str(v.text, sizeof(v.text), k.text);
		kf_send_fact(w, &v);
	}
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
	if (kind == OUTER_LOOP) {
		struct kfact loop = { .kind = KF_LOOP, .range = whole, .outer = whole };
		kf_send_fact(w, &loop);
	}
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

/* A parse of a kernel takes a tenth of a second of processor time; loading libclang more. The
 * child is timed by the processor time it gets after its "ready" line (written once confined,
 * before libclang is loaded), as a learner's run is: a loaded machine slows it, and a clock's
 * limit would end it for the machine's load, not its own work. The clock bounds the start (the
 * confinement) and, as a last resort, the whole. */
#define FACTS_START_MS 10000
#define FACTS_CPU_MS 10000
#define FACTS_WALL_MS 120000
#define FACTS_CPU_S (FACTS_CPU_MS / 1000 + 1)   /* the kernel's bound, past the one above */
#define FACTS_MEMORY_MB 1024

/* ---- the parent ---- */
struct facts_job { const char *path, *src; size_t len; };
static int facts_child(void *arg, int fd)
{
	const struct facts_job *j = arg;
	proc_set_role("facts");
	if (write_all(fd, "ready\t\n", 7) < 0)
		return 1;
	if (open_libclang() < 0)   /* said apart from a failure: a machine without it (a GPU host) */
		return FACTS_NO_LIBCLANG;
	return kernel_facts_emit(j->path, j->src, j->len, fd, true) < 0 ? 1 : 0;
}

int kernel_facts_read(const char *path, const char *src, size_t len, struct kernel_facts *kf,
		      struct sbuf *err)
{
	kernel_facts_release(kf);
	struct facts_job job = { path, src, len };
	const char *name = getenv("CLINGS_LIBCLANG");
	libclang_name = name && *name ? name : LIBCLANG;
	struct sandbox_limits lim = { .time_ms = FACTS_CPU_MS, .memory_mb = FACTS_MEMORY_MB,
				      .cpu_s = FACTS_CPU_S, .file_mb = 1, .open_files = 64 };
	struct child ch = CHILD_INIT;
	if (sandbox_start(&ch, &lim, NULL, facts_child, &job) < 0) {
		sbuf_adds(err, "the parser's child could not start");
		return -1;
	}
	child_arm_processor(&ch, FACTS_START_MS, FACTS_CPU_MS, FACTS_WALL_MS);
	children_wait(&ch, 1, -1);
	int rc = 0;
	if (ch.pid <= 0 && ch.exited && ch.exit_status == FACTS_NO_LIBCLANG &&
	    !strcmp(ch.output.buf, "ready\t\n")) {
		sbuf_addf(err, "libclang (%s) could not be loaded", libclang_name);
		rc = -2;
	} else if (!child_ended_cleanly(&ch)) {
		sbuf_adds(err, "the parser's child ");
		child_describe_end(&ch, err);
		rc = -1;
	}
	const char *list = ch.output.buf;
	if (rc == 0 && (strlen(list) != ch.output.len || strncmp(list, "ready\t\n", 7) ||
			kernel_facts_parse(list + 7, src, len, kf) < 0)) {
		sbuf_adds(err, "the parser's child sent no whole list of facts");
		rc = -1;
	}
	sandbox_child_release(&ch);
	return rc;
}

/* ---- the scope: declarations, where index terms come from, the conditions around a place ---- */
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
