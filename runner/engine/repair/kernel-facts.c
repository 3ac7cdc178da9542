/*
 * kernel-facts.c: the learner's kernel read by libclang, in a confined child (repair.h).
 *
 * libclang is opened with dlopen in that child only: the parser and its LLVM never enter the
 * parent, nor the execution and analysis children, where PoCL's and Oclgrind's own LLVMs live.
 * The child parses the source as OpenCL C 1.2 with clang's default header (the builtins PoCL
 * builds with), walks the syntax tree and sends one line a fact; the parent trusts nothing of it
 * but what kernel_fact_read accepts: known kinds, ranges inside the source it sent.
 */
#include "engine/repair/repair.h"

#include <clang-c/Index.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIBCLANG "libclang-15.so.1"
#define FACTS_TIME_MS 10000     /* a parse of a kernel takes a tenth of a second */
#define FACTS_CPU_S 10
#define FACTS_MEMORY_MB 1024

/* ---- the codec ---- */
static const char *const kind_names[KF_KINDS] = {
	[KF_CMP] = "cmp", [KF_SUB] = "sub", [KF_MADD] = "madd", [KF_CALL] = "call", [KF_DECL] = "decl",
	[KF_BARRIER] = "barrier", [KF_RMW] = "rmw", [KF_LREAD] = "lread", [KF_LSTORE] = "lstore",
	[KF_GSTORE] = "gstore", [KF_PARAM] = "param",
};

void kernel_fact_write(struct sbuf *out, const struct kfact *k)
{
	sbuf_addf(out, "%s\t%u\t%u\t%u\t%u\t%u\t%u\t%d\t", kind_names[k->kind], k->range.off, k->range.end,
		  k->range2.off, k->range2.end, k->outer.off, k->outer.end, k->flags);
	escape_line(out, k->text);
	sbuf_adds(out, "\t");
	escape_line(out, k->detail);
}

static bool range_ok(struct srange r, size_t len)
{
	return r.off <= r.end && r.end <= len;
}

int kernel_fact_read(const char *fields, size_t len, struct kfact *k)
{
	*k = (struct kfact){ 0 };
	char *copy = xstrdup(fields), *p = copy, *f[10];
	int n = 0;
	while (n < 10 && p)
		f[n++] = strsep(&p, "\t");
	unsigned long v[7];
	bool ok = n == 10 && !p;
	for (int i = 0; ok && i < 7; i++) {
		char *end;
		v[i] = strtoul(f[i + 1], &end, 10);
		ok = *f[i + 1] && !*end && v[i] <= len;
	}
	int kind = 0;
	while (ok && kind < KF_KINDS && strcmp(f[0], kind_names[kind]))
		kind++;
	struct sbuf sb = SBUF_INIT;
	if (ok && kind < KF_KINDS) {
		k->kind = kind;
		k->range = (struct srange){ v[0], v[1] };
		k->range2 = (struct srange){ v[2], v[3] };
		k->outer = (struct srange){ v[4], v[5] };
		k->flags = (int)v[6];
		unescape_line(&sb, f[8]);
		ok = sb.len < sizeof(k->text);
		copy_str(k->text, sizeof(k->text), sb.buf);
		sbuf_reset(&sb);
		unescape_line(&sb, f[9]);
		ok = ok && sb.len < sizeof(k->detail);
		copy_str(k->detail, sizeof(k->detail), sb.buf);
	}
	sbuf_release(&sb);
	free(copy);
	return ok && kind < KF_KINDS && range_ok(k->range, len) && range_ok(k->range2, len) &&
	       range_ok(k->outer, len) ? 0 : -1;
}

void kernel_facts_release(struct kernel_facts *kf)
{
	free(kf->f);
	*kf = (struct kernel_facts)KERNEL_FACTS_INIT;
}

/* ---- the child: libclang's functions, opened by name ---- */
#define CLANG_FUNCTIONS(X) \
	X(clang_createIndex) X(clang_disposeIndex) X(clang_parseTranslationUnit) \
	X(clang_disposeTranslationUnit) X(clang_getTranslationUnitCursor) X(clang_visitChildren) \
	X(clang_getCursorKind) X(clang_getCursorExtent) X(clang_getRangeStart) X(clang_getRangeEnd) \
	X(clang_getFileLocation) X(clang_getCursorSpelling) X(clang_getCString) X(clang_disposeString) \
	X(clang_getCursorType) X(clang_getTypeSpelling) X(clang_getCursorReferenced) X(clang_tokenize) \
	X(clang_disposeTokens) X(clang_getTokenSpelling) X(clang_getTokenKind) X(clang_getTokenExtent) \
	X(clang_getExpansionLocation) X(clang_File_isEqual) X(clang_getFile) X(clang_Cursor_getVarDeclInitializer) X(clang_Cursor_isNull) \
	X(clang_getCursorLocation) X(clang_getNullCursor) X(clang_getCanonicalType)
static struct {
#define DECLARE(f) __typeof__(f) *f;
	CLANG_FUNCTIONS(DECLARE)
#undef DECLARE
} lc;

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
enum outer_kind { OUTER_NONE, OUTER_IF, OUTER_LOOP };
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
};

/* The source being parsed: a place is in it when its expansion is (a macro of the kernel's own,
 * BLOCK, counts where it is written in the kernel; one of the header does not). */
static CXFile main_file;

static unsigned offset_of(CXSourceLocation loc, bool *ok)
{
	unsigned off = 0;
	CXFile file = NULL;
	lc.clang_getExpansionLocation(loc, &file, NULL, NULL, &off);
	*ok = *ok && file && main_file && lc.clang_File_isEqual(file, main_file);
	return off;
}

/* A cursor's bytes in the main file; false when it comes from elsewhere (a macro, the header). */
static bool extent_of(CXCursor cur, struct srange *r)
{
	CXSourceRange x = lc.clang_getCursorExtent(cur);
	bool ok = true;
	r->off = offset_of(lc.clang_getRangeStart(x), &ok);
	r->end = offset_of(lc.clang_getRangeEnd(x), &ok);
	return ok && r->off <= r->end;
}

static void copy_cx(char *dst, size_t cap, CXString s)
{
	copy_str(dst, cap, lc.clang_getCString(s) ? lc.clang_getCString(s) : "");
	lc.clang_disposeString(s);
}

static void send_fact(struct walk *w, const struct kfact *k)
{
	struct sbuf sb = SBUF_INIT;
	sbuf_adds(&sb, "fact\t");
	kernel_fact_write(&sb, k);
	sbuf_adds(&sb, "\n");
	if (write_all(w->fd, sb.buf, sb.len) == 0)
		(*w->count)++;
	sbuf_release(&sb);
}

struct children { CXCursor c[4]; int n; };
static enum CXChildVisitResult collect(CXCursor cur, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct children *ch = data;
	if (ch->n < 4)
		ch->c[ch->n] = cur;
	ch->n++;
	return CXChildVisit_Continue;
}
static struct children children_of(CXCursor cur)
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
		unsigned off = offset_of(lc.clang_getRangeStart(x), &ok);
		unsigned end = offset_of(lc.clang_getRangeEnd(x), &ok);
		if (ok && off >= lhs.end && end <= rhs.off) {
			copy_cx(op, cap, lc.clang_getTokenSpelling(w->tu, toks[i]));
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
		struct children ch = children_of(cur);
		if (!ch.n)
			break;
		cur = ch.c[0];
	}
	return lc.clang_getNullCursor();
}

static void type_of(CXCursor cur, char *dst, size_t cap)
{
	copy_cx(dst, cap, lc.clang_getTypeSpelling(lc.clang_getCursorType(cur)));
}

static bool is_comparison(const char *op)
{
	return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=");
}
static bool is_work_item_function(const char *name)
{
	static const char *const names[] = { "get_global_id", "get_local_id", "get_group_id", "get_local_size",
					     "get_global_size", "get_num_groups" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

static void walk_cursor(struct walk *w, CXCursor cur);
/* A statement of a compound statement is what is below it lies in (w->stmt): where a barrier
 * may go before. */
static enum CXChildVisitResult visit(CXCursor cur, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	if (lc.clang_getCursorKind(parent) == CXCursor_CompoundStmt) {
		struct walk in = *w;
		if (extent_of(cur, &in.stmt)) {
			unsigned e = in.stmt.end;
			while (e < w->len && (w->src[e] == ' ' || w->src[e] == '\t'))
				e++;
			if (e < w->len && w->src[e] == ';')
				in.stmt.end = e + 1;
		}
		walk_cursor(&in, cur);
		return CXChildVisit_Continue;
	}
	walk_cursor(w, cur);
	return CXChildVisit_Continue;
}


static void walk_children(struct walk *w, CXCursor cur)
{
	lc.clang_visitChildren(cur, visit, w);
}

static void binary(struct walk *w, CXCursor cur, bool compound)
{
	struct children ch = children_of(cur);
	struct srange lhs, rhs, at;
	char op[8];
	if (ch.n != 2 || !extent_of(ch.c[0], &lhs) || !extent_of(ch.c[1], &rhs) ||
	    !operator_between(w, cur, lhs, rhs, &at, op, sizeof(op)))
		return;
	if (!compound && is_comparison(op)) {
		struct kfact k = { .kind = KF_CMP, .range = at, .range2 = rhs, .outer = lhs };
		copy_str(k.text, sizeof(k.text), op);
		copy_str(k.detail, sizeof(k.detail), !w->in_cond ? "expr" : w->outer == OUTER_LOOP ? "loop" : "guard");
		send_fact(w, &k);
	}
	bool assigns = compound || !strcmp(op, "=");
	if (compound && lc.clang_getCursorKind(ch.c[0]) == CXCursor_ArraySubscriptExpr) {
		struct kfact k = { .kind = KF_RMW, .range2 = lhs };
		extent_of(cur, &k.range);
		copy_str(k.text, sizeof(k.text), op);
		type_of(ch.c[0], k.detail, sizeof(k.detail));
		send_fact(w, &k);
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
	struct children ch = children_of(cur);
	struct walk in = *w;
	if (ch.n == 1 && lc.clang_getCursorKind(ch.c[0]) == CXCursor_ArraySubscriptExpr) {
		CXToken *toks = NULL;
		unsigned n = 0;
		char first[8] = "", last[8] = "";
		lc.clang_tokenize(w->tu, lc.clang_getCursorExtent(cur), &toks, &n);
		if (n) {
			copy_cx(first, sizeof(first), lc.clang_getTokenSpelling(w->tu, toks[0]));
			copy_cx(last, sizeof(last), lc.clang_getTokenSpelling(w->tu, toks[n - 1]));
			lc.clang_disposeTokens(w->tu, toks, n);
		}
		const char *op = !strcmp(first, "++") || !strcmp(last, "++") ? "++" :
				 !strcmp(first, "--") || !strcmp(last, "--") ? "--" : NULL;
		struct kfact k = { .kind = KF_RMW };
		if (op && extent_of(cur, &k.range) && extent_of(ch.c[0], &k.range2)) {
			copy_str(k.text, sizeof(k.text), op);
			type_of(ch.c[0], k.detail, sizeof(k.detail));
			send_fact(w, &k);
			in.store_target = true;
		}
	}
	walk_children(&in, cur);
}

static void subscript(struct walk *w, CXCursor cur)
{
	struct children ch = children_of(cur);
	struct kfact k = { .kind = KF_SUB, .flags = w->store_target ? KF_STORE : 0 };
	if (ch.n != 2 || !extent_of(ch.c[1], &k.range) || !extent_of(cur, &k.range2))
		goto below;
	CXCursor base = root_decl(ch.c[0]);
	copy_cx(k.text, sizeof(k.text), lc.clang_getCursorSpelling(base));
	type_of(base, k.detail, sizeof(k.detail));
	send_fact(w, &k);
	if (strstr(k.detail, "__local") && w->stmt.end > w->stmt.off) {
		struct kfact s = { .kind = w->store_target ? KF_LSTORE : KF_LREAD, .range = w->stmt };
		copy_str(s.text, sizeof(s.text), k.text);
		send_fact(w, &s);
	}
	if (strstr(k.detail, "__global") && w->store_target && w->stmt.end > w->stmt.off) {
		struct kfact s = { .kind = KF_GSTORE, .range = w->stmt, .range2 = k.range, .outer = w->outer_range };
		copy_str(s.text, sizeof(s.text), k.text);
		send_fact(w, &s);
	}
	/* A row-major index A * B + C: A and C may be swapped. */
	CXCursor idx = ch.c[1];
	while (lc.clang_getCursorKind(idx) == CXCursor_UnexposedExpr || lc.clang_getCursorKind(idx) == CXCursor_ParenExpr) {
		struct children inner = children_of(idx);
		if (inner.n != 1)
			break;
		idx = inner.c[0];
	}
	if (lc.clang_getCursorKind(idx) == CXCursor_BinaryOperator) {
		struct children sum = children_of(idx);
		struct srange a, b, at;
		char op[8];
		if (sum.n == 2 && extent_of(sum.c[0], &a) && extent_of(sum.c[1], &b) &&
		    operator_between(w, idx, a, b, &at, op, sizeof(op)) && !strcmp(op, "+") &&
		    lc.clang_getCursorKind(sum.c[0]) == CXCursor_BinaryOperator) {
			struct children prod = children_of(sum.c[0]);
			struct srange pa, pb, pat;
			if (prod.n == 2 && extent_of(prod.c[0], &pa) && extent_of(prod.c[1], &pb) &&
			    operator_between(w, sum.c[0], pa, pb, &pat, op, sizeof(op)) && !strcmp(op, "*")) {
				struct kfact m = { .kind = KF_MADD, .range = pa, .range2 = b };
				send_fact(w, &m);
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
	copy_cx(name, sizeof(name), lc.clang_getCursorSpelling(cur));
	struct srange whole;
	if (!extent_of(cur, &whole))
		goto below;
	if (is_work_item_function(name)) {
		struct kfact k = { .kind = KF_CALL, .range = { whole.off, whole.off + (unsigned)strlen(name) } };
		copy_str(k.text, sizeof(k.text), name);
		if (k.range.end <= w->len && !strncmp(w->src + k.range.off, name, strlen(name)))
			send_fact(w, &k);
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
			send_fact(w, &k);
		}
	}
below:
	walk_children(w, cur);
}

static void declaration(struct walk *w, CXCursor cur)
{
	struct kfact k = { .kind = KF_DECL };
	bool ok = true;
	copy_cx(k.text, sizeof(k.text), lc.clang_getCursorSpelling(cur));
	type_of(cur, k.detail, sizeof(k.detail));
	unsigned at = offset_of(lc.clang_getCursorLocation(cur), &ok);
	k.range = (struct srange){ at, at + (unsigned)strlen(k.text) };
	enum CXTypeKind tk = lc.clang_getCanonicalType(lc.clang_getCursorType(cur)).kind;
	bool scalar = tk >= CXType_FirstBuiltin && tk <= CXType_LastBuiltin;
	CXCursor init = lc.clang_Cursor_getVarDeclInitializer(cur);
	if (lc.clang_Cursor_isNull(init))
		k.range2 = (struct srange){ k.range.end, k.range.end };
	else if (!extent_of(init, &k.range2))
		ok = false;
	if (ok && scalar && k.range.end <= w->len && !strncmp(w->src + k.range.off, k.text, strlen(k.text)))
		send_fact(w, &k);
	walk_children(w, cur);
}

/* A branch or a loop: its condition is walked with in_cond, its body with it as the outer one. */
static void branch_or_loop(struct walk *w, CXCursor cur, enum outer_kind kind)
{
	struct children ch = children_of(cur);
	struct srange whole;
	if (!extent_of(cur, &whole))
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
		walk_cursor(&in, ch.c[i]);
	}
}

static void walk_cursor(struct walk *w, CXCursor cur)
{
	enum CXCursorKind k = lc.clang_getCursorKind(cur);
	switch (k) {
	case CXCursor_FunctionDecl: {
		struct walk in = *w;
		in.in_kernel = true;
		walk_children(&in, cur);
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
		copy_cx(p.text, sizeof(p.text), lc.clang_getCursorSpelling(cur));
		type_of(cur, p.detail, sizeof(p.detail));
		if (tk >= CXType_Bool && tk <= CXType_Int128 && *p.text)
			send_fact(w, &p);
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
							      &file, 1, CXTranslationUnit_KeepGoing);
	if (!tu) {
		lc.clang_disposeIndex(idx);
		return -1;
	}
	main_file = lc.clang_getFile(tu, path);
	int count = 0;
	struct walk w = { .tu = tu, .src = src, .len = len, .fd = fd, .count = &count };
	lc.clang_visitChildren(lc.clang_getTranslationUnitCursor(tu), visit, &w);
	/* the count that makes the list whole, through the supervisor's reply (tests kill it there) */
	char end[32];
	int n = snprintf(end, sizeof(end), "end-facts\t%d\n", count);
	proc_write_reply(fd, "end-facts", end, (size_t)n);
	lc.clang_disposeTranslationUnit(tu);
	lc.clang_disposeIndex(idx);
	return 0;
}

/* ---- the parent ---- */
struct facts_job { const char *path, *src; size_t len; };
static int facts_child(void *arg, int fd)
{
	const struct facts_job *j = arg;
	proc_set_role("facts");
	return kernel_facts_emit(j->path, j->src, j->len, fd, true) < 0 ? 1 : 0;
}

int kernel_facts_read(const char *path, const char *src, size_t len, struct kernel_facts *kf,
		      struct sbuf *err)
{
	kernel_facts_release(kf);
	struct facts_job job = { path, src, len };
	struct sandbox_limits lim = { .time_ms = FACTS_TIME_MS, .memory_mb = FACTS_MEMORY_MB,
				      .cpu_s = FACTS_CPU_S, .file_mb = 1, .open_files = 64 };
	struct child ch = CHILD_INIT;
	if (sandbox_start(&ch, &lim, NULL, facts_child, &job) < 0) {
		sbuf_adds(err, "the parser's child could not start");
		return -1;
	}
	child_arm(&ch, FACTS_TIME_MS, 0);
	children_wait(&ch, 1, -1);
	int rc = 0, nlines = 0, cap = 0;
	long said = -1;
	if (!child_ended_cleanly(&ch)) {
		sbuf_adds(err, "the parser's child ");
		child_describe_end(&ch, err);
		rc = -1;
	}
	/* Every line a fact but the last, which counts them: anything else is no answer. */
	char *text = xstrdup(ch.output.buf);
	for (char *line = text, *next; rc == 0 && *line; line = next) {
		next = strchr(line, '\n');
		if (!next) {
			rc = -1;
			break;
		}
		*next++ = '\0';
		if (said >= 0) {
			rc = -1;
		} else if (!strncmp(line, "end-facts\t", 10)) {
			char *end;
			said = strtol(line + 10, &end, 10);
			if (*end || said != nlines)
				rc = -1;
		} else if (!strncmp(line, "fact\t", 5)) {
			if (nlines == cap)
				kf->f = xrealloc(kf->f, sizeof(*kf->f) * (size_t)(cap = cap ? 2 * cap : 64));
			rc = kernel_fact_read(line + 5, len, &kf->f[nlines]);
			nlines++;
		} else {
			rc = -1;
		}
	}
	free(text);
	if (rc == 0 && said < 0)
		rc = -1;
	if (rc < 0 && !err->len)
		sbuf_adds(err, "the parser's child sent no whole list of facts");
	if (rc < 0)
		kernel_facts_release(kf);
	else
		kf->n = nlines;
	sandbox_child_release(&ch);
	return rc;
}
