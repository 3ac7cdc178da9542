/*
 * engine/source/: the learner's source, read as text only where no diagnosis depends on it
 * (source.c: the directives and recursion a check refuses before any compiler, the tokens and
 * lines a cached verdict is keyed by, the compiler's first error in the learner's terms, a line
 * quoted beside a finding), and as libclang's facts everywhere a mistake is named (their codec
 * and checks, kernel-facts-read.c; the questions the diagnoses and the analysis's advice ask of
 * them, kernel-view.c). Every function takes untrusted text and only reads it; it includes no
 * other folder of the engine.
 */
#ifndef ENGINE_SOURCE_H
#define ENGINE_SOURCE_H

#include "base/base.h"

/* ---- the learner's source, before any compiler (source.c) ---- */
/* The line of the first directive that would read another file (#include, #import, #embed,
 * however spelled), or 0 when there is none. */
int source_find_include(const char *src, size_t len);
/* The line of the first call that makes a function reach itself again (recursion, which OpenCL C
 * forbids), with the calling and the called function's names in caller and callee; 0 when no
 * function does. Calls through function pointers and macros are not seen. */
int source_find_recursion(const char *src, size_t len, char *caller, char *callee, size_t cap);
/* The source's tokens as the compiler sees them: comments and line splices gone, every run of
 * white space between two tokens one space, the end of each preprocessor line kept, literals
 * byte for byte. Two sources that differ only in comments and spacing give the same text. */
void source_tokens(const char *src, size_t len, struct sbuf *out);
/* Each line's code, comments gone and white space one space, lines kept, the lines after the
 * last code dropped: two sources that give the same text have the same code on the same lines
 * (what a verdict's line numbers and access figures need). */
void source_code_lines(const char *src, size_t len, struct sbuf *out);
/* The learner's source with a first line `#line 1 "path"`, so that the compiler names the
 * learner's own file in its messages. Allocated. */
char *source_with_line_directive(const char *path, const char *src);
/* The first error of a compiler's log, as "path:LINE:COL: MESSAGE" with the learner's line and a
 * caret under the column, into msg (the whole log when no line names path); its line in *line. */
void source_first_build_error(const char *log, const char *path, const char *src, int *line,
			      struct sbuf *msg);

/* The text of line `line` (from 1) of a NUL-terminated source, allocated; "" past the end: what a
 * finding quotes, never what it concludes from. */
char *source_line_text(const char *src, int line);

/* ---- facts about a kernel (read by libclang in a child, children/kernel-facts.c; their codec and checks, kernel-facts-read.c) ---- */
enum kfact_kind {
	KF_CMP,       /* a comparison: range = its operator, range2 = its right operand, outer = its
		       * left; text = the operator; detail = "guard", "loop" or "expr" (what it decides) */
	KF_SUB,       /* a subscript: range = its index, range2 = the whole a[i]; text = the array;
		       * detail = the array's type (its address space in it); flags: KF_STORE */
	KF_MADD,      /* a row-major index A * B + C inside a subscript: range = A, range2 = C,
		       * outer = B */
	KF_CALL,      /* a call of a work-item function: range = its name; text = the name */
	KF_DECL,      /* a private scalar declared in a kernel: range = its name (range2 = its
		       * initialiser, empty at the name's end when it has none); text = the name;
		       * detail = its type */
	KF_BARRIER,   /* a barrier: range = its flags, range2 = the whole statement (with its ';');
		       * outer = the innermost branch or loop around it; detail = "if", "loop" or "";
		       * flags = the fences its flags evaluate to (KF_FENCE_LOCAL, KF_FENCE_GLOBAL;
		       * 0 when libclang could not evaluate them: no fence is said of it) */
	KF_RMW,       /* a read-modify-write of memory: range = the whole expression, range2 = its
		       * target; text = the operator ("+=", "++"...); detail = the target's type */
	KF_LREAD,     /* a statement that reads a __local array: range = the statement; text = the
		       * array */
	KF_LSTORE,    /* a statement that stores into a __local array: as KF_LREAD */
	KF_GSTORE,    /* a statement that stores into a __global array: range = the statement,
		       * range2 = the index, outer = the innermost branch or loop around it */
	KF_PARAM,     /* a kernel's scalar integer parameter: text = its name, detail = its type */
	KF_GUARD,     /* a condition a subscript lies under, one fact a comparison of it: range = the
		       * compared operand, range2 = the bound, outer = the subscript's index (its
		       * KF_SUB's range); text = the operator, turned so that the compared operand is
		       * on its left (`==` and `!=` too); detail = "if" (the subscript in its
		       * branch), "return" (an
		       * earlier `if (...) return;`), "loop" (its condition) or "ternary" (`c ? a[i]`);
		       * flags: KF_BOUNDS when the compared operand is free of subscripts and calls
		       * other than the work-item functions and shares a variable with the index,
		       * or tests which work-item it is (`i < n` bounds out[i], so does `lid == 0`
		       * out[get_group_id(0)]; `in[i] > 0` bounds nothing), KF_EXACT too when
		       * the compared operand is the index itself (`i < n` and out[i], not
		       * out[i + W]) */
	KF_ATOMIC,    /* a call of an atomic function: range = the call, range2 = its first argument;
		       * text = the function; detail = the array or pointer the argument names */
	KF_ARRAY,     /* an array a kernel declares: range = its name, range2 = a macro of the
		       * kernel's own in its declaration (`[BLOCK]`; empty at the name's end when its
		       * size is written as a number); text = the name, detail = its type (its
		       * address space in it); flags = its elements, all dimensions */
	KF_BUFFER,    /* a kernel's pointer parameter: text = its name, detail = its type; flags =
		       * how many times the kernel's code names it */
	KF_UNSET,     /* a use of a private scalar declared without a value: range = the name there;
		       * text = the name */
	KF_RETURN,    /* a return statement: range = it, outer = the function it returns from */
	KF_VLOAD,     /* a vloadN or vstoreN: range = its offset and pointer arguments, range2 = the
		       * call; text = the pointer's array, detail = its type; flags as KF_SUB's (the
		       * diagnoses read it as a subscript; the rules leave it alone) */
	KF_LNAME,     /* a private scalar named in the index of a __local subscript: range = the
		       * name; text = the name; outer = the innermost branch or loop around it */
	KF_ASSIGN,    /* a private scalar assigned another one inside a loop (a double buffer's
		       * halves change places so): range = the assignment; text = the left name,
		       * detail = the right */
	KF_LOOP,      /* a for, while or do loop: range = outer = the whole statement (its head's
		       * line and its last line are outer_line and outer_end_line) */
	KF_COPY,      /* an element assigned another element as it is (`out[i] = in[j]`, casts and
		       * parentheses aside; no sum, no call): range = outer = the assignment;
		       * text = the target array, detail = the source array */
	KF_ASYNC,     /* a call of async_work_group_copy or its strided form: range = the call;
		       * text = the function */
	KF_VALUE,     /* the value a private scalar starts from, where libclang evaluates its
		       * initialiser to a constant: range = the initialiser (its KF_DECL's range2);
		       * text = the name; detail = the value, a decimal number ("%.9g" of a float,
		       * "-inf"), so that a result that holds it can be traced to it */
	KF_KINDS
};
/* KF_SUB's flags: stored into, and where the terms of its index come from (through a private
 * variable given its value from it, too). */
#define KF_STORE 1
#define KF_T_GID 2       /* get_global_id */
#define KF_T_LID 4       /* get_local_id */
#define KF_T_LOOP 8      /* a variable a loop's condition tests */
#define KF_T_STRIDE 16   /* a variable halved or doubled (`s >>= 1`, `d *= 2`) */
#define KF_T_MACRO 32    /* a macro of the kernel's own (a constant size) */
#define KF_T_ONE 64      /* adds or takes a literal 1 at its top (`i + 1`, `g - 1`) */
#define KF_SUB_FLAGS 127
#define KF_FENCE_LOCAL 1     /* KF_BARRIER's: CLK_LOCAL_MEM_FENCE */
#define KF_FENCE_GLOBAL 2    /* CLK_GLOBAL_MEM_FENCE */
#define KF_BOUNDS 1      /* KF_GUARD's */
#define KF_EXACT 2
struct srange { unsigned off, end; };   /* bytes [off, end) of the source */
struct kfact {
	enum kfact_kind kind;
	struct srange range, range2, outer;
	int flags;
	char text[48];
	char detail[64];
	/* the lines (from 1) of range.off, outer.off and outer.end: numbered by the parent
	 * (kernel_facts_parse) from the source, never sent by the child */
	int line, outer_line, outer_end_line;
};
struct kernel_facts {
	struct kfact *f;
	int n;
};
#define KERNEL_FACTS_INIT { NULL, 0 }
void kernel_facts_release(struct kernel_facts *kf);
/* The codec of one fact, as the child sends it and the parent reads it (fields after the key). */
void kernel_fact_write(struct sbuf *out, const struct kfact *k);
/* 0, or -1 when fields is not one fact whose ranges lie in a source of len bytes, with flags its
 * kind has, names that are identifiers and operators that are comparisons where its kind says. */
int kernel_fact_read(const char *fields, size_t len, struct kfact *k);
/* A child's whole answer (text: "fact" lines, then "end-facts\tN" counting them) read into kf
 * for src, a source of len bytes, each fact's lines numbered; 0, or -1 (kf empty) when any line is not a fact of it, the count
 * is missing or wrong, or a guard is not one of the subscript sent last before it. */
int kernel_facts_parse(const char *text, const char *src, size_t len, struct kernel_facts *kf);

/* ---- the kernel's facts, as the diagnoses ask them (kernel-view.c) ---- */
/* The facts libclang read of the learner's source (kf NULL or src NULL: none; every question
 * then answers no). Lines count from 1; a line is the line of a fact's first byte. */
struct kview {
	const struct kernel_facts *kf;
	const char *src;
	size_t len;
};
int kv_line(const struct kview *kv, const struct kfact *k);   /* its line; 0 for NULL */
/* Whether the array or pointer name lives in space ("__local", "__global"), by its type. */
bool kv_in_space(const struct kview *kv, const char *name, const char *space);
bool kv_uses_local(const struct kview *kv);    /* anything __local in the kernel */
bool kv_has_atomic(const struct kview *kv);    /* a call of an atomic function */
/* The nth subscript of name (NULL: of any array) on the line, or NULL. */
const struct kfact *kv_sub(const struct kview *kv, int line, const char *name, int nth);
/* The indices of name's subscripts on the line, white space dropped, joined by ';', into out;
 * returns how many there are. */
int kv_subscripts(const struct kview *kv, int line, const char *name, char *out, size_t cap);
/* The first __local array subscripted on the line, into out. */
bool kv_local_on_line(const struct kview *kv, int line, char *out, size_t cap);
/* Whether the line stores a plain value into an element of name (`=`, not `+=`, `++`). */
bool kv_plain_store(const struct kview *kv, int line, const char *name);
/* Whether the line adds to one of name's elements (`+=`, `++`, an atomic on it). */
bool kv_updated(const struct kview *kv, int line, const char *name);
/* How the kernel uses its parameter name: updates of its elements (*updates_n) and plain stores
 * into them (*stores_n); returns how many times its code names it (0: only where it is
 * declared), -1 when name is no pointer parameter. */
int kv_output_uses(const struct kview *kv, const char *name, int *updates_n, int *stores_n);
/* A private scalar declared without a value and used on the line, its name into out. */
bool kv_unset_on_line(const struct kview *kv, int line, char *out, size_t cap);
/* The line of a store into name whose index adds or takes a literal 1, or 0. */
int kv_offset_store(const struct kview *kv, const char *name);
/* The line of a barrier that fences global memory only, or 0. */
int kv_global_only_barrier(const struct kview *kv);
/* The barrier that orders only global memory between a write and a read of a later point in
 * program order: between the two lines, or, for a read above the write, after the write in the
 * loop around both, then before the read; else the kernel's first one; 0 when none. */
int kv_global_only_barrier_after(const struct kview *kv, int write, int read);
/* The line of the first barrier strictly between lines a and b that orders local memory, or 0. */
int kv_local_barrier_between(const struct kview *kv, int a, int b);
/* The head's line of the innermost loop whose statement holds both lines a and b, or 0. */
int kv_loop_around(const struct kview *kv, int a, int b);
/* Whether the kernel calls async_work_group_copy (or its strided form). */
bool kv_has_async(const struct kview *kv);
/* Whether a statement on the line copies an element into name's as it is (KF_COPY), name NULL:
 * into any array's. */
bool kv_plain_copy(const struct kview *kv, int line, const char *name);
/* The line of an array of 2^18 elements or more, or 0. */
int kv_huge_array(const struct kview *kv);
/* A __local array whose size is written as a number (not a macro of the kernel's own). */
bool kv_fixed_local(const struct kview *kv, const char *name);
bool kv_local_param(const struct kview *kv, const char *name);   /* a __local pointer parameter */
/* The guard (KF_GUARD: an `if` around it, an earlier `if (...) return;`, a ternary's condition)
 * that bounds a subscript of name on the line, or NULL; a comparison that does not bound the
 * index (`in[i] > 0`) is none, a guard on the line itself is one. */
const struct kfact *kv_guard(const struct kview *kv, int line, const char *name);
/* The line of the guard of the first store into an element of name when every such store has
 * a guard that bounds its index (kv_guard's), else 0 (a store without one, or no store). */
int kv_stores_guarded(const struct kview *kv, const char *name);
/* Whether guard g lets the index equal to its bound through (`i <= n`, `if (i > n) return;`). */
bool kv_guard_lets_one_more(const struct kfact *g);
/* The line of the loop whose condition tests the index of one subscript of name on the line
 * and not another's (`i < n` and `in[i] + in[i + W]`), or 0. */
int kv_loop_guard(const struct kview *kv, int line, const char *name);
/* The line of a ternary's condition over a subscript of name on the line that tests another
 * expression than its index (`lid < n ? in[lid + W]`), when none tests the index itself, or 0. */
int kv_ternary_other(const struct kview *kv, int line, const char *name);
/* Whether a subscript of name on the line multiplies a variable by the bound a guard of the
 * kind ("if", "ternary"...) tests it against (`j < W` and `j * W + i`); "j*W" into var. */
bool kv_stride_of_bound(const struct kview *kv, int line, const char *name, const char *kind, char *var,
			size_t cap);
/* The line of the first `return` of the function that holds line before, above it, or 0. */
int kv_early_return(const struct kview *kv, int before);
/* The line of the first subscript of a __local array whose index comes from get_global_id (its
 * name into out), or 0. */
int kv_local_by_global_id(const struct kview *kv, char *out, size_t cap);
/* The KF_SUB flags of name's subscripts on the line, together (where their terms come from). */
int kv_sub_flags(const struct kview *kv, int line, const char *name);

#endif
