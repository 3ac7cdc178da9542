/*
 * kernel-facts-walk.h: what the two files of the parsing child share (kernel-facts.c walks the
 * syntax tree and sends the facts, kernel-facts-scope.c knows the kernel's variables and the
 * conditions around a place). Only those two include it: it brings libclang's header in.
 */
#ifndef ENGINE_KERNEL_FACTS_WALK_H
#define ENGINE_KERNEL_FACTS_WALK_H

#include "engine/repair.h"

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
	X(clang_getArraySize) X(clang_getArrayElementType)
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

#endif
