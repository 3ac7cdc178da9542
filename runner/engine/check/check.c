/*
 * check.c: one check of a learner's kernel, as a short chain of stages (check.h), in the order
 * a learner should fix things: what is refused before any compiler, then the run of the
 * confined children and the comparison, the analysis merged by the verdicts' rank, the access
 * rules, and the instructor's advice last.
 */
#include "engine/check/check.h"

#include <stdlib.h>
#include <unistd.h>

void check_state_release(struct check_state *st)
{
	for (int i = 0; i < CHECK_CHILDREN; i++)
		if (st->started[i])
			sandbox_child_release(&st->ch[i]);
	if (st->ran)
		sandbox_clean_compiler_cache(st->source_cache);
	for (int k = 0; k < ANALYSIS_PARTS; k++)
		if (st->log_fd[k] >= 0)
			close(st->log_fd[k]);
	for (int i = 0; st->env[i]; i++)
		free(st->env[i]);   /* analysis_env allocates each string */
	proto_stream_release(&st->learner);
	proto_stream_release(&st->reference);
	sbuf_release(&st->reference_output);
	sbuf_release(&st->began);
	kernel_facts_release(&st->facts);
	free(st->shown);
	free(st->source_cache);
	wipe_string(st->learner_src);
	free(st->learner_src);
	wipe_string(st->solution_src);
	free(st->solution_src);
	check_spec_release(st->spec);
	free(st->spec);
}

int check_exercise(const struct course *c, const struct exercise *e, const struct check_options *o,
		   struct report *r)
{
	static const check_stage stages[] = {
		check_load, check_precheck, check_cache,          /* before any child */
		check_run, check_judge, check_analysis,           /* the children and their findings */
		check_compiler, check_access,                     /* what a passing kernel must still meet */
	};
	static const check_stage closing[] = { check_diagnose, check_advice, check_remember };
	struct check_state st = {
		.c = c, .e = e, .o = o, .r = r, .t0 = now_seconds(), .log_fd = { -1, -1 }, .failed_case = -1,
		.spec = xcalloc(1, sizeof(*st.spec)),   /* about 200 KB: not on the stack */
		.learner = PROTO_STREAM_INIT, .reference = PROTO_STREAM_INIT,
		.reference_output = SBUF_INIT, .began = SBUF_INIT,
	};
	copy_str(r->exercise, sizeof(r->exercise), e->name);
	enum stage_next next = STAGE_ON;
	for (size_t i = 0; next == STAGE_ON && i < sizeof(stages) / sizeof(stages[0]); i++)
		next = stages[i](&st);
	for (size_t i = 0; next != STAGE_END && i < sizeof(closing) / sizeof(closing[0]); i++)
		closing[i](&st);
	check_state_release(&st);
	r->seconds = now_seconds() - st.t0;
	return r->verdict == VERDICT_ERROR ? -1 : 0;
}
