/*
 * diagnose.h: naming the learner's mistake in a report (diagnose.c), from the analysis's facts
 * and the facts libclang read of the learner's kernel (diagnose-facts.c) and from its output
 * against the course's wrong kernels (diagnose-match.c).
 */
#ifndef ENGINE_DIAGNOSE_H
#define ENGINE_DIAGNOSE_H

#include "engine/engine.h"
#include "engine/repair.h"

/* Fills r's diagnoses for a failing verdict, each with its evidence kind: proved only by the
 * verdict or by the analysis's facts read against the kernel's facts (kf: libclang's reading of
 * learner_src; NULL when it could not be read, and then nothing that needs them is said);
 * asked, as questions, from what the kernel's facts suggest and, for a wrong result, from the
 * learner's output (learner, may be NULL) likened to the course's wrong kernels run on device. */
void diagnose(const struct course *c, const struct exercise *e, const struct check_spec *spec,
	      const char *learner_src, const struct kernel_facts *kf, const struct proto_stream *learner,
	      const char *device, struct report *r);
void diagnose_by_output(const struct course *c, const struct exercise *e, const struct check_spec *spec,
			const char *learner_src, const struct proto_stream *learner, const char *device,
			struct report *r);
/* Whether two runs' result buffers hold the same bytes: the same (test, pass, argument)s, each
 * of the same length and contents (and at least one). */
bool diagnose_same_results(const struct proto_stream *a, const struct proto_stream *b);
/* Whether the report's words contradict each other in lang (diagnose-voice.c): two proved
 * mistakes that exclude each other, a barrier advised beside "no barrier can help" in the
 * runner's message or the exercise's advice, a guard the message says is there asked about as
 * missing, or a diagnosis called proved on evidence that cannot prove it (a resemblance, a
 * pattern of the source, an evidence string naming neither the verdict's run nor the analysis,
 * local_slot_unwritten with no unwritten local read among the facts); what contradicts into
 * why. The report's message was made in run_lang, its advice too. */
bool diagnose_contradiction(const struct check_spec *spec, const struct report *r, const char *run_lang,
			    const char *lang, struct sbuf *why);
/* ---- the kernel's facts, as the diagnoses ask them (diagnose-facts.c) ---- */
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
/* The KF_SUB flags of name's subscripts on the line, together (where their terms come from). */
int kv_sub_flags(const struct kview *kv, int line, const char *name);

#endif
