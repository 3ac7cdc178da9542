/* Unit tests of the diagnoses: the catalogue (course/diagnosis.c), what the learner's source
 * proves (engine/diagnose/diagnose-source.c), the stage on a report's verdict and facts (diagnose.c),
 * and the output matcher's comparison (diagnose-match.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/diagnose/diagnose.h"

static const char *const required[] = {
	"guard_missing", "guard_off_by_one", "guard_wrong_bound", "global_id_as_local_index",
	"local_id_as_global_index", "index_transposed", "index_offset", "stride_wrong",
	"barrier_missing", "barrier_divergent", "fence_wrong_space", "race_needs_atomic",
	"cross_group_sync", "local_slot_unwritten", "private_uninitialised", "output_not_cleared",
	"identity_wrong", "reduction_steps_wrong", "scan_inclusive_exclusive", "scan_combine_wrong",
	"precision_narrowed", "result_slot_wrong", "accumulator_reset", "swap_loses_value",
	"contract_ignored", "elements_skipped", "signedness_wrong", "uncoalesced_access",
	"bank_conflict", "tile_not_shared", "hang", "build", "signature", "nothing_stored",
};

static void catalogue_holds_every_id_once(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
		const struct diagnosis *d = diagnosis_find(required[i]);
		if (!d)
			fail_msg("no diagnosis '%s' in the catalogue", required[i]);
		assert_string_equal(d->id, required[i]);
	}
	int n = 0;
	for (const struct diagnosis *d; (d = diagnosis_at(n)); n++) {
		assert_true(d->title && *d->title);
		assert_true(d->verdicts != 0);
		assert_false(diagnosis_fits(d, VERDICT_PASS));
		assert_false(diagnosis_fits(d, VERDICT_ERROR));
		for (int j = 0; j < n; j++)
			assert_string_not_equal(diagnosis_at(j)->id, d->id);
	}
	assert_true(n >= (int)(sizeof(required) / sizeof(required[0])));
	assert_null(diagnosis_find("no_such_mistake"));
	assert_null(diagnosis_find(NULL));
	assert_true(diagnosis_fits(diagnosis_find("race_needs_atomic"), VERDICT_DATA_RACE));
	assert_false(diagnosis_fits(diagnosis_find("build"), VERDICT_DATA_RACE));
}

static void a_diagnosis_is_listed_once_and_proof_wins(void **state)
{
	(void)state;
	struct diagnosis_found *l = NULL;
	int n = 0;
	diagnosis_add(&l, &n, diagnosis_find("barrier_missing"), EVIDENCE_SOURCE, false, "a question");
	diagnosis_add(&l, &n, diagnosis_find("race_needs_atomic"), EVIDENCE_ANALYSIS, false, "another");
	diagnosis_add(&l, &n, diagnosis_find("barrier_missing"), EVIDENCE_ANALYSIS, true, "proved");
	diagnosis_add(&l, &n, NULL, EVIDENCE_VERDICT, true, "nothing");
	/* a likeness or a pattern asked to prove stays a question */
	diagnosis_add(&l, &n, diagnosis_find("hang"), EVIDENCE_RESEMBLANCE, true, "output matches");
	diagnosis_add(&l, &n, diagnosis_find("race_needs_atomic"), EVIDENCE_SOURCE, true, "a pattern");
	assert_int_equal(n, 3);
	assert_string_equal(l[0].d->id, "barrier_missing");
	assert_true(l[0].certain);
	assert_int_equal(l[0].kind, EVIDENCE_ANALYSIS);
	assert_string_equal(l[0].evidence, "proved");
	assert_false(l[1].certain);
	assert_string_equal(l[1].evidence, "another");
	assert_false(l[2].certain);
	assert_int_equal(l[2].kind, EVIDENCE_RESEMBLANCE);
	diagnoses_release(l, n);
	for (int k = 0; k < EVIDENCE_KIND_COUNT; k++)
		assert_int_equal(evidence_kind_from_name(evidence_kind_name(k)), k);
	assert_int_equal(evidence_kind_from_name("likeness"), -1);
	assert_true(evidence_proves(EVIDENCE_REPAIR));
	assert_false(evidence_proves(EVIDENCE_RESEMBLANCE));
	assert_false(evidence_proves(EVIDENCE_SOURCE));
}

static const char histogram[] =
	"__kernel void histogram(__global const uint *data, __global uint *counts,\n"   /* 1 */
	"\t\t\t__local uint *local_counts, uint n, uint bins)\n"                        /* 2 */
	"{\n"                                                                           /* 3 */
	"\tuint lid = get_local_id(0);\n"                                               /* 4 */
	"\tfor (uint i = get_global_id(0); i < n; i += get_global_size(0))\n"           /* 5 */
	"\t\tlocal_counts[data[i]]++;\n"                                                /* 6 */
	"\tbarrier(CLK_LOCAL_MEM_FENCE);\n"                                             /* 7 */
	"\tif (lid < bins) atomic_add(&counts[lid], local_counts[lid]);\n"              /* 8 */
	"}\n";

static const char block_by_gid[] =
	"#define BLOCK 64\n"                                                            /* 1 */
	"__kernel void local_reverse(__global const int *in, __global int *out)\n"      /* 2 */
	"{\n"                                                                           /* 3 */
	"\t__local int block[BLOCK];\n"                                                 /* 4 */
	"\tsize_t gid = get_global_id(0), lid = get_local_id(0);\n"                     /* 5 */
	"\tblock[gid] = in[gid]; // a global id\n"                                     /* 6 */
	"\tbarrier(CLK_LOCAL_MEM_FENCE);\n"                                             /* 7 */
	"\tout[gid] = block[BLOCK - 1 - lid];\n"                                        /* 8 */
	"}\n";

static void the_source_says_where_names_live(void **state)
{
	(void)state;
	assert_true(diag_source_is_local(histogram, "local_counts"));
	assert_false(diag_source_is_local(histogram, "counts"));
	assert_true(diag_source_is_global(histogram, "counts"));
	assert_true(diag_source_has_atomic(histogram));
	assert_false(diag_source_has_atomic(block_by_gid));
	char sub[64], name[64];
	assert_int_equal(diag_source_subscript(histogram, 6, "local_counts", sub, sizeof(sub)), 1);
	assert_string_equal(sub, "data[i]");
	assert_true(diag_source_updated(histogram, 6, "local_counts"));
	assert_false(diag_source_updated(histogram, 8, "local_counts"));
	assert_true(diag_source_local_on_line(block_by_gid, 6, name, sizeof(name)));
	assert_string_equal(name, "block");
	assert_int_equal(diag_source_subscript(block_by_gid, 6, "block", sub, sizeof(sub)), 1);
	assert_true(diag_source_from_global_id(block_by_gid, sub, 6));
	assert_false(diag_source_from_global_id(block_by_gid, "BLOCK-1-lid", 8));
	assert_true(diag_source_fixed_local("__kernel void k(void) { __local int s[64]; s[0] = 1; }", "s"));
	assert_false(diag_source_fixed_local(histogram, "local_counts"));
	assert_true(diag_source_stride_in("for (uint s = 32; s > 0; s >>= 1) x[lid + s] = 0;", "lid+s"));
	assert_false(diag_source_stride_in("x[lid + 1] = 0;", "lid+1"));
	assert_int_equal(diag_source_huge_array("__kernel void k(void)\n{\n\tfloat big[1 << 22];\n}\n"), 3);
	assert_int_equal(diag_source_huge_array(block_by_gid), 0);
}

static void guards_strides_and_offsets_are_read(void **state)
{
	(void)state;
	static const char transpose[] =
		"__kernel void t(__global const int *a, __global int *trA, ushort columnsA, ushort rowsA)\n"
		"{\n"
		"\tint i = get_global_id(0);\n"
		"\tint j = get_global_id(1);\n"
		"\tif (i < rowsA && j < columnsA)\n"
		"\t\ttrA[j * columnsA + i] = a[i * columnsA + j];\n"
		"}\n";
	char var[64];
	assert_true(diag_source_stride_of_bound(transpose, 5, "j*columnsA+i", var, sizeof(var)));
	assert_string_equal(var, "j*columnsA");
	assert_false(diag_source_stride_of_bound(transpose, 5, "i*columnsA+j", var, sizeof(var)));
	static const char ternary[] =
		"__kernel void s(__global const int *in, __local int *tmp, uint len)\n"
		"{\n"
		"\tuint lid = get_local_id(0), W = get_local_size(0);\n"
		"\ttmp[lid] = lid < len ? in[lid] : 0;\n"
		"\ttmp[lid + W] = lid < len ? in[lid + W] : 0;\n"
		"}\n";
	assert_int_equal(diag_source_ternary_other(ternary, 4, "in"), 0);
	assert_int_equal(diag_source_ternary_other(ternary, 5, "in"), 5);
	static const char sweep[] =
		"__kernel void b(__local int *tmp)\n"
		"{\n"
		"\tuint offset = 1, lid = get_local_id(0);\n"
		"\tfor (uint d = 32; d > 0; d >>= 1) {\n"
		"\t\tuint left = offset * (2 * lid + 1) - 1;\n"
		"\t\ttmp[left] += 1;\n"
		"\t\toffset *= 2;\n"
		"\t}\n"
		"}\n";
	assert_true(diag_source_stride_in(sweep, "left"));
	assert_false(diag_source_stride_in(sweep, "lid"));
	assert_true(diag_source_offset_one("get_group_id(0)+1"));
	assert_false(diag_source_offset_one("i+16"));
	assert_true(diag_source_local_param(histogram, "local_counts"));
	assert_false(diag_source_local_param(block_by_gid, "block"));
	assert_true(diag_source_macro_in(block_by_gid, "BLOCK-1-lid"));
	static const char loop[] =
		"__kernel void r(__global const int *in, uint len, uint step, uint W)\n"
		"{\n"
		"\tint sum = 0;\n"
		"\tfor (uint i = get_global_id(0); i < len; i += step)\n"
		"\t\tsum += in[i] + in[i + W];\n"
		"}\n";
	assert_int_equal(diag_source_loop_guard(loop, 5, "i;i+W"), 4);
	assert_int_equal(diag_source_loop_guard(loop, 5, "i+W"), 0);
}

/* One voice: the exercise's advice on the mistake named first (as the answer to a question when
 * it is asked), else on the verdict. */
static void advice_is_keyed_by_a_proved_diagnosis(void **state)
{
	(void)state;
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	char err[200];
	assert_int_equal(advice_key(spec, "race_needs_atomic", "use an atomic", err, sizeof(err)), 0);
	assert_int_equal(advice_key(spec, "race_needs_atomic.pt-BR", "use uma atômica", err, sizeof(err)), 0);
	assert_int_equal(advice_key(spec, "data_race", "a race", err, sizeof(err)), 0);
	assert_int_equal(advice_key(spec, "no_such_mistake", "?", err, sizeof(err)), -1);
	assert_int_equal(advice_key(spec, "pass", "?", err, sizeof(err)), -1);
	struct diagnosis_found proved = { diagnosis_find("race_needs_atomic"), EVIDENCE_ANALYSIS, true, (char *)"" };
	struct diagnosis_found asked = { diagnosis_find("race_needs_atomic"), EVIDENCE_ANALYSIS, false, (char *)"" };
	struct diagnosis_found other = { diagnosis_find("barrier_missing"), EVIDENCE_ANALYSIS, true, (char *)"" };
	assert_string_equal(advice_for(spec, VERDICT_DATA_RACE, &proved, 1, "en"), "use an atomic");
	assert_string_equal(advice_for(spec, VERDICT_DATA_RACE, &proved, 1, "pt-BR"), "use uma atômica");
	/* asked, with a word of its own: that word, as the answer to a question */
	assert_string_equal(advice_for(spec, VERDICT_DATA_RACE, &asked, 1, "en"), "use an atomic");
	assert_true(advice_answers_question(spec, &asked, 1));
	assert_false(advice_answers_question(spec, &proved, 1));
	assert_false(advice_answers_question(spec, &other, 1));
	assert_string_equal(advice_for(spec, VERDICT_DATA_RACE, &other, 1, "en"), "a race");
	assert_string_equal(advice_for(spec, VERDICT_DATA_RACE, NULL, 0, "en"), "a race");
	assert_null(advice_for(spec, VERDICT_WRONG_RESULT, NULL, 0, "en"));
	advice_release(spec);
	free(spec);
}

/* A report of verdict v whose message carries the facts given as name, value pairs. */
static void report_of(struct report *r, enum verdict v, const char *names[], const long values[], int n)
{
	struct msg m = MSG_INIT;
	msg_raw(&m, "finding");
	for (int i = 0; i < n; i++)
		msg_fact_int(&m, names[i], values[i]);
	report_set(r, v, &m, NULL, 0);
}

static void first_is(const struct report *r, const char *id, bool certain)
{
	if (!r->ndiagnoses)
		fail_msg("no diagnosis, expected %s", id);
	if (strcmp(r->diagnoses[0].d->id, id) || r->diagnoses[0].certain != certain)
		fail_msg("first diagnosis %s (certain %d, %s), expected %s (certain %d)",
			 r->diagnoses[0].d->id, r->diagnoses[0].certain, r->diagnoses[0].evidence, id, certain);
}

static void facts_and_source_prove_the_mistake(void **state)
{
	(void)state;
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	struct report r = REPORT_INIT;
	/* a plain increment of one local counter by two work-items: the analysis saw each read and
	 * write it back, an update only an atomic makes safe */
	struct msg m = MSG_INIT;
	msg_raw(&m, "race");
	msg_fact_int(&m, "line", 6);
	msg_fact_str(&m, "buffer", "local_counts");
	msg_fact_int(&m, "work_group", 0);
	msg_fact_int(&m, "work_group_other", 0);
	msg_fact_int(&m, "update", 1);
	report_set(&r, VERDICT_DATA_RACE, &m, NULL, 0);
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	first_is(&r, "race_needs_atomic", true);
	assert_int_equal(r.diagnoses[0].kind, EVIDENCE_ANALYSIS);
	report_release(&r);
	/* the same race without the analysis's word on the update: the one subscript at both lines
	 * is a pattern of the text, a question */
	r = (struct report)REPORT_INIT;
	m = (struct msg)MSG_INIT;
	msg_raw(&m, "race");
	msg_fact_int(&m, "line", 6);
	msg_fact_str(&m, "buffer", "local_counts");
	report_set(&r, VERDICT_DATA_RACE, &m, NULL, 0);
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	first_is(&r, "race_needs_atomic", false);
	report_release(&r);
	/* an atomic and a later plain read in one work-group: a barrier is asked first, never an
	 * atomic proved */
	r = (struct report)REPORT_INIT;
	m = (struct msg)MSG_INIT;
	msg_raw(&m, "race");
	msg_fact_int(&m, "line", 9);
	msg_fact_int(&m, "line_other", 6);
	msg_fact_int(&m, "line_plain", 9);
	msg_fact_str(&m, "buffer", "local_counts");
	msg_fact_str(&m, "atomic", "atomic_inc");
	report_set(&r, VERDICT_DATA_RACE, &m, NULL, 0);
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	first_is(&r, "barrier_missing", false);
	for (int i = 0; i < r.ndiagnoses; i++)
		assert_false(r.diagnoses[i].certain);
	report_release(&r);
	/* a plain read of the place an atomic then updates: the atomic's value asked first */
	r = (struct report)REPORT_INIT;
	m = (struct msg)MSG_INIT;
	msg_raw(&m, "race");
	msg_fact_int(&m, "line", 6);
	msg_fact_int(&m, "line_other", 9);
	msg_fact_int(&m, "line_plain", 6);
	msg_fact_str(&m, "plain", "read");
	msg_fact_str(&m, "buffer", "local_counts");
	msg_fact_str(&m, "atomic", "atomic_inc");
	report_set(&r, VERDICT_DATA_RACE, &m, NULL, 0);
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	first_is(&r, "race_needs_atomic", false);
	report_release(&r);

	/* a global id indexing a __local block: named so, not "off by one"; proved when the
	 * analysis saw the index be the global id, asked when only the text says so */
	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_OUT_OF_BOUNDS, (const char *[]){ "line", "index", "index_is_global_id" },
		  (const long[]){ 6, 64, 1 }, 3);
	diagnose(NULL, NULL, spec, block_by_gid, NULL, NULL, &r);
	first_is(&r, "global_id_as_local_index", true);
	report_release(&r);
	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_OUT_OF_BOUNDS, (const char *[]){ "line", "index" }, (const long[]){ 6, 64 }, 2);
	diagnose(NULL, NULL, spec, block_by_gid, NULL, NULL, &r);
	first_is(&r, "global_id_as_local_index", false);
	for (int i = 0; i < r.ndiagnoses; i++)
		assert_string_not_equal(r.diagnoses[i].d->id, "guard_off_by_one");
	report_release(&r);

	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_BARRIER_DIVERGENCE, (const char *[]){ "line" }, (const long[]){ 7 }, 1);
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	first_is(&r, "barrier_divergent", true);
	report_release(&r);

	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_UNINITIALIZED, (const char *[]){ "line" }, (const long[]){ 6 }, 1);
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	first_is(&r, "output_not_cleared", false);
	report_release(&r);

	/* a timeout proves the limit was passed, not that the kernel never ends */
	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_TIMEOUT, NULL, NULL, 0);
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	first_is(&r, "hang", false);
	report_release(&r);

	/* a wrong result with nothing to prove it: questions only */
	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_WRONG_RESULT, (const char *[]){ "wrong", "elements" }, (const long[]){ 3, 10 }, 2);
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	assert_true(r.ndiagnoses > 0);
	for (int i = 0; i < r.ndiagnoses; i++)
		assert_false(r.diagnoses[i].certain);
	report_release(&r);

	/* a pass has none */
	r = (struct report)REPORT_INIT;
	diagnose(NULL, NULL, spec, histogram, NULL, NULL, &r);
	assert_int_equal(r.ndiagnoses, 0);
	report_release(&r);
	free(spec);
}

/* A wrong result's output with the learner's code: values added onto an uncleared output, an
 * output the kernel never names, an output only added into that still holds its old bytes. */
static const char *const accumulate =
	"__kernel void mm(__global const float *A, __global float *C, uint n)\n"   /* 1 */
	"{\n"                                                                      /* 2 */
	"\tsize_t i = get_global_id(0);\n"                                        /* 3 */
	"\tfloat acc = A[i] * 2.0f; // C stays as the host left it\n"            /* 4 */
	"\tC[i] += acc;\n"                                                        /* 5 */
	"}\n";
static const char *const stub =
	"__kernel void mm(__global const float *A, __global float *C, uint n)\n"
	"{\n"
	"\t// TODO: C[i] = ...\n"
	"}\n";

static void report_on(struct report *r, const char *buffer, const char *fact)
{
	struct msg m = MSG_INIT;
	msg_raw(&m, "wrong");
	msg_fact_str(&m, "buffer", buffer);
	msg_fact_int(&m, "wrong", 4);
	msg_fact_int(&m, "elements", 4);
	if (fact)
		msg_fact_int(&m, fact, 1);
	report_set(r, VERDICT_WRONG_RESULT, &m, NULL, 0);
}

static void an_output_proves_what_was_not_cleared_or_stored(void **state)
{
	(void)state;
	int up = -1, st = -1;
	assert_int_equal(diag_source_output_uses(accumulate, "C", &up, &st), 2);
	assert_int_equal(up, 1);
	assert_int_equal(st, 0);
	assert_int_equal(diag_source_output_uses(stub, "C", &up, &st), 1);   /* a comment is no use */
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	struct report r = REPORT_INIT;
	report_on(&r, "C", "not_cleared");   /* the comparison proved the adding */
	diagnose(NULL, NULL, spec, NULL, NULL, NULL, &r);
	first_is(&r, "output_not_cleared", true);
	report_release(&r);
	r = (struct report)REPORT_INIT;
	report_on(&r, "C", "before_run");    /* old bytes, and the code seems only to add into C */
	diagnose(NULL, NULL, spec, accumulate, NULL, NULL, &r);
	first_is(&r, "output_not_cleared", false);
	report_release(&r);
	r = (struct report)REPORT_INIT;
	report_on(&r, "C", "never_written");
	diagnose(NULL, NULL, spec, stub, NULL, NULL, &r);
	first_is(&r, "nothing_stored", true);
	report_release(&r);
	r = (struct report)REPORT_INIT;
	report_on(&r, "C", NULL);            /* wrong values, nothing more: no proof */
	diagnose(NULL, NULL, spec, accumulate, NULL, NULL, &r);
	for (int i = 0; i < r.ndiagnoses; i++)
		assert_false(r.diagnoses[i].certain);
	report_release(&r);
	free(spec);
}

/* One voice: two proved mistakes that exclude each other, or a barrier advised beside "no barrier
 * can help", in any language, are a contradiction; agreeing words are not. */
static void contradicting_words_are_found(void **state)
{
	(void)state;
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	char err[200];
	assert_int_equal(advice_key(spec, "race_needs_atomic", "A barrier cannot help here: atomic_inc.", err,
				    sizeof(err)), 0);
	assert_int_equal(advice_key(spec, "race_needs_atomic.pt-BR", "Uma barreira não resolve aqui.", err,
				    sizeof(err)), 0);
	struct report r = REPORT_INIT;
	struct msg m = MSG_INIT;
	msg_raw(&m, "Put barrier(CLK_LOCAL_MEM_FENCE) between the write and the read.");
	report_set(&r, VERDICT_DATA_RACE, &m, NULL, 0);
	struct sbuf why = SBUF_INIT;
	/* no diagnosis: the verdict has no advice; the message alone agrees with itself */
	assert_false(diagnose_contradiction(spec, &r, "en", "en", &why));
	/* the learner's code the message quotes is no advice */
	struct report q = REPORT_INIT;
	struct msg qm = MSG_INIT;
	msg_raw(&qm, "A barrier cannot help here.\n      20 | barrier(CLK_LOCAL_MEM_FENCE);\nUse an atomic.");
	report_set(&q, VERDICT_DATA_RACE, &qm, NULL, 0);
	assert_false(diagnose_contradiction(spec, &q, "en", "en", &why));
	report_release(&q);
	diagnosis_add(&r.diagnoses, &r.ndiagnoses, diagnosis_find("race_needs_atomic"), EVIDENCE_ANALYSIS, true,
		      "analysis:data_race");
	assert_true(diagnose_contradiction(spec, &r, "en", "en", &why));
	assert_non_null(strstr(sbuf_str(&why), "A barrier cannot help"));
	sbuf_release(&why);
	why = (struct sbuf)SBUF_INIT;
	assert_true(diagnose_contradiction(spec, &r, "en", "pt-BR", &why));   /* the advice's pt-BR */
	sbuf_release(&why);
	why = (struct sbuf)SBUF_INIT;
	diagnosis_add(&r.diagnoses, &r.ndiagnoses, diagnosis_find("barrier_missing"), EVIDENCE_ANALYSIS, true,
		      "analysis:data_race");
	msg_release(&r.message);
	r.message = (struct msg)MSG_INIT;
	msg_raw(&r.message, "A race.");
	assert_true(diagnose_contradiction(spec, &r, "en", "en", &why));
	assert_non_null(strstr(sbuf_str(&why), "both race_needs_atomic and barrier_missing"));
	sbuf_release(&why);
	report_release(&r);

	/* a guard the message names, asked about as missing; a likeness or a local slot with no
	 * unwritten read among the facts, called proved (as a report read back could say) */
	r = (struct report)REPORT_INIT;
	m = (struct msg)MSG_INIT;
	msg_raw(&m, "The access is already guarded (line 5).");
	msg_fact_int(&m, "line_guard", 5);
	report_set(&r, VERDICT_OUT_OF_BOUNDS, &m, NULL, 0);
	assert_false(diagnose_contradiction(spec, &r, "en", "en", &why));
	diagnosis_add(&r.diagnoses, &r.ndiagnoses, diagnosis_find("guard_missing"), EVIDENCE_SOURCE, false,
		      "analysis:out_of_bounds");
	why = (struct sbuf)SBUF_INIT;
	assert_true(diagnose_contradiction(spec, &r, "en", "en", &why));
	assert_non_null(strstr(sbuf_str(&why), "guarded, and guard_missing is asked"));
	sbuf_release(&why);
	report_release(&r);
	struct diagnosis_found liked = { diagnosis_find("reduction_steps_wrong"), EVIDENCE_VERDICT, true,
					 (char *)"output matches wrong/scan_workgroup/one_step_short.cl" };
	struct diagnosis_found slot = { diagnosis_find("local_slot_unwritten"), EVIDENCE_ANALYSIS, true,
					(char *)"analysis:uninitialized line 11 reads __local scratch" };
	r = (struct report)REPORT_INIT;
	m = (struct msg)MSG_INIT;
	msg_raw(&m, "wrong");
	report_set(&r, VERDICT_WRONG_RESULT, &m, NULL, 0);
	r.diagnoses = &liked;
	r.ndiagnoses = 1;
	why = (struct sbuf)SBUF_INIT;
	assert_true(diagnose_contradiction(spec, &r, "en", "en", &why));
	assert_non_null(strstr(sbuf_str(&why), "reduction_steps_wrong is called proved on verdict evidence"));
	sbuf_release(&why);
	r.diagnoses = &slot;
	why = (struct sbuf)SBUF_INIT;
	assert_true(diagnose_contradiction(spec, &r, "en", "en", &why));
	assert_non_null(strstr(sbuf_str(&why), "no unwritten slot"));
	sbuf_release(&why);
	r.diagnoses = NULL;
	r.ndiagnoses = 0;
	report_release(&r);
	advice_release(spec);
	free(spec);
}

/* A run's stream as a child sends it: ready, the data of (case, pass, arg)s, end. */
static void stream_of(struct proto_stream *ps, const int *values, int n, int arg)
{
	char path[] = "/tmp/clings-test-diagnose-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	unlink(path);
	proto_send(fd, "ready", "%d", 1);
	proto_send_data(fd, 0, 1, arg, values, sizeof(*values) * (size_t)n, NULL, 0);
	proto_send(fd, "end", "%d", 0);
	off_t len = lseek(fd, 0, SEEK_END);
	char *buf = xmalloc((size_t)len + 1);
	assert_int_equal(pread(fd, buf, (size_t)len, 0), len);
	close(fd);
	proto_split(buf, (size_t)len, ps);
	free(buf);
}

static void the_matcher_wants_the_same_bytes(void **state)
{
	(void)state;
	int a[4] = { 1, 2, 3, 4 }, b[4] = { 1, 2, 3, 5 };
	struct proto_stream x = PROTO_STREAM_INIT, y = PROTO_STREAM_INIT, z = PROTO_STREAM_INIT,
			    w = PROTO_STREAM_INIT, empty = PROTO_STREAM_INIT;
	stream_of(&x, a, 4, 1);
	stream_of(&y, a, 4, 1);
	stream_of(&z, b, 4, 1);
	stream_of(&w, a, 4, 2);   /* the same bytes in another argument */
	assert_true(x.ndata == 1);
	assert_true(diagnose_same_results(&x, &y));
	assert_false(diagnose_same_results(&x, &z));
	assert_false(diagnose_same_results(&x, &w));
	assert_false(diagnose_same_results(&empty, &empty));   /* no data proves nothing */
	proto_stream_release(&x);
	proto_stream_release(&y);
	proto_stream_release(&z);
	proto_stream_release(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(catalogue_holds_every_id_once),
		cmocka_unit_test(a_diagnosis_is_listed_once_and_proof_wins),
		cmocka_unit_test(the_source_says_where_names_live),
		cmocka_unit_test(guards_strides_and_offsets_are_read),
		cmocka_unit_test(advice_is_keyed_by_a_proved_diagnosis),
		cmocka_unit_test(facts_and_source_prove_the_mistake),
		cmocka_unit_test(the_matcher_wants_the_same_bytes),
		cmocka_unit_test(an_output_proves_what_was_not_cleared_or_stored),
		cmocka_unit_test(contradicting_words_are_found),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
