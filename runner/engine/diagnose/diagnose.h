/*
 * engine/diagnose/: naming the learner's mistake in a report (diagnose.c), from the analysis's
 * facts and the learner's source (diagnose-source.c), from its output against the course's wrong
 * kernels run in children of their own (diagnose-match.c), and in one voice that does not
 * contradict itself (diagnose-voice.c). It only adds diagnoses to a report whose verdict is
 * settled, never changes the verdict. It includes the folders below engine/check/.
 */
#ifndef ENGINE_DIAGNOSE_H
#define ENGINE_DIAGNOSE_H

#include "engine/report/report.h"
#include "engine/children/children.h"

/* Fills r's diagnoses for a failing verdict, each with its evidence kind: proved only by the
 * verdict or by the analysis's facts read against the learner's source; asked, as questions,
 * from patterns of the source and, for a wrong result, from the learner's output (learner, may
 * be NULL) likened to the course's wrong kernels run on device. */
void diagnose(const struct course *c, const struct exercise *e, const struct check_spec *spec,
	      const char *learner_src, const struct proto_stream *learner, const char *device,
	      struct report *r);
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
/* r's diagnoses as a JSON array: [{"id", "certain", "evidence_kind" (evidence_kind_name),
 * "title" (in lang), "evidence"}]. */
void diagnoses_json(const struct report *r, const char *lang, struct sbuf *out);
bool diag_source_is_local(const char *src, const char *name);
bool diag_source_is_global(const char *src, const char *name);
bool diag_source_has_atomic(const char *src);
/* Whether line stores into name[...] with a plain `=` (not a read-modify-write). */
bool diag_source_plain_store(const char *src, int line, const char *name);
/* Whether the kernel declares anything __local. */
bool diag_source_uses_local(const char *src);
/* The subscripts of name's `name[...]` on the line, spaces dropped, joined by ';', into out;
 * returns how many there are on it. */
int diag_source_subscript(const char *src, int line, const char *name, char *out, size_t cap);
/* The first __local array subscripted on the line, into out. */
bool diag_source_local_on_line(const char *src, int line, char *out, size_t cap);
/* Whether expr uses get_global_id, or a name given a value from it before line `before`. */
bool diag_source_from_global_id(const char *src, const char *expr, int before);
/* Whether line adds to name's element (`name[i]++`, `name[i] += v`, atomic_inc(&name[i])). */
bool diag_source_updated(const char *src, int line, const char *name);
/* Whether the __local name is an array the kernel declares with a constant size. */
bool diag_source_fixed_local(const char *src, const char *name);
/* Whether expr uses a name that a loop halves or doubles (`s >>= 1`, `d *= 2`). */
bool diag_source_stride_in(const char *src, const char *expr);
/* Whether expr adds or takes a literal 1 ("i+1", "g-1"). */
bool diag_source_offset_one(const char *expr);
/* The line of a store into name whose subscript adds or takes 1, or 0. */
int diag_source_offset_store(const char *src, const char *name);
/* Whether name is a __local pointer parameter (sized by the host from the check's contract). */
bool diag_source_local_param(const char *src, const char *name);
/* Whether expr uses a name the source #defines (a constant size). */
bool diag_source_macro_in(const char *src, const char *expr);
/* The line of the loop above line whose condition bounds one subscript of expr (joined by ';')
 * but not the others (`for (i = ...; i < n; ...)` and `in[i] + in[i + W]`), or 0. */
int diag_source_loop_guard(const char *src, int line, const char *expr);
/* The line when its access to name sits in a `c < b ? name[...] : ...` whose condition tests
 * another expression than the subscript, else 0. */
int diag_source_ternary_other(const char *src, int line, const char *name);
/* Whether expr multiplies a variable by the bound the guard line tests it against (`j < W` and
 * `j * W + i`: a row's stride is the width, the bound of the column); "j*W" into var. */
bool diag_source_stride_of_bound(const char *src, int guard, const char *expr, char *var, size_t cap);
/* The `if` that guards line, on it or above it, comparing its index against a bound
 * (source_guard_line), or 0. */
int diag_source_guard(const char *src, int line, const char *name);
/* How name is used in the whole kernel: lines adding into one of its elements (*updates_n: `+=`,
 * `++`, an atomic) and lines storing a plain value into one (*stores_n); returns how many times
 * the name stands as a word in the code, comments left out (1: only where it is declared). */
int diag_source_output_uses(const char *src, const char *name, int *updates_n, int *stores_n);
/* A name on the line that the kernel declares without a value (`float acc;`), into out. */
bool diag_source_unset_private(const char *src, int line, char *out, size_t cap);
/* The line of an array declared with a constant size of 2^18 elements or more, or 0. */
int diag_source_huge_array(const char *src);

#endif
