/*
 * engine/diagnose/: naming the learner's mistake in a report (diagnose.c), from the analysis's
 * facts and the facts libclang read of the learner's kernel (source/kernel-view.c), from its
 * output against the course's wrong kernels run in children of their own (diagnose-match.c),
 * and in one voice that does not contradict itself (diagnose-voice.c). It only adds diagnoses
 * to a report whose verdict is settled, never changes the verdict. It includes the folders
 * below engine/check/.
 */
#ifndef ENGINE_DIAGNOSE_H
#define ENGINE_DIAGNOSE_H

#include "engine/report/report.h"
#include "engine/children/children.h"

/* Whether diagnose reads kf for verdict v: a timeout's diagnosis (the kernel did not finish) and
 * a signature's are the verdict's alone, and a check spends no libclang child on them. */
bool diagnose_reads_facts(enum verdict v);
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
#endif
