/* Unit tests of the diagnoses: the catalogue (course/diagnosis.c), what libclang's facts of the
 * learner's kernel answer (engine/source/kernel-view.c), the stage on a report's verdict and facts
 * (diagnose.c), and the output matcher's comparison (diagnose-match.c). */
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

/* libclang's facts of src, read in this process (a check reads them in a confined child) and
 * through the parent's own reader; kf is released first. */
static void facts_of(const char *src, struct kernel_facts *kf)
{
	FILE *t = tmpfile();
	assert_non_null(t);
	assert_int_equal(kernel_facts_emit("k.cl", src, strlen(src), fileno(t), false), 0);
	long n = ftell(t) >= 0 ? lseek(fileno(t), 0, SEEK_END) : -1;
	assert_true(n > 0);
	char *text = xmalloc((size_t)n + 1);
	assert_int_equal(pread(fileno(t), text, (size_t)n, 0), n);
	text[n] = '\0';
	fclose(t);
	assert_int_equal(kernel_facts_parse(text, src, strlen(src), kf), 0);
	free(text);
}

/* The diagnoses of r on src's facts. */
static void diagnose_src(const struct check_spec *spec, const char *src, struct report *r)
{
	struct kernel_facts kf = KERNEL_FACTS_INIT;
	if (src)
		facts_of(src, &kf);
	diagnose(NULL, NULL, spec, src, src ? &kf : NULL, NULL, NULL, r);
	kernel_facts_release(&kf);
}

/* A view of src's facts, for the questions of diagnose-facts.c; released by view_release. */
static struct kview view_of(const char *src)
{
	struct kernel_facts *kf = xcalloc(1, sizeof(*kf));
	facts_of(src, kf);
	return (struct kview){ kf, src, strlen(src) };
}
static void view_release(struct kview *kv)
{
	kernel_facts_release((struct kernel_facts *)kv->kf);
	free((struct kernel_facts *)kv->kf);
}

static void the_facts_say_where_names_live(void **state)
{
	(void)state;
	struct kview h = view_of(histogram), b = view_of(block_by_gid);
	assert_true(kv_in_space(&h, "local_counts", "__local"));
	assert_false(kv_in_space(&h, "counts", "__local"));
	assert_true(kv_in_space(&h, "counts", "__global"));
	assert_true(kv_has_atomic(&h));
	assert_false(kv_has_atomic(&b));
	char sub[64], name[64];
	assert_int_equal(kv_subscripts(&h, 6, "local_counts", sub, sizeof(sub)), 1);
	assert_string_equal(sub, "data[i]");
	assert_true(kv_updated(&h, 6, "local_counts"));
	assert_false(kv_updated(&h, 8, "local_counts"));
	assert_true(kv_updated(&h, 8, "counts"));            /* atomic_add(&counts[lid], ...) */
	assert_true(kv_local_on_line(&b, 6, name, sizeof(name)));
	assert_string_equal(name, "block");
	assert_int_equal(kv_subscripts(&b, 6, "block", sub, sizeof(sub)), 1);
	assert_true(kv_sub_flags(&b, 6, "block") & KF_T_GID);   /* through gid */
	assert_false(kv_sub_flags(&b, 8, "block") & KF_T_GID);  /* BLOCK - 1 - lid */
	assert_true(kv_sub_flags(&b, 8, "block") & KF_T_MACRO);
	assert_true(kv_sub_flags(&b, 8, "block") & KF_T_LID);
	assert_true(kv_local_param(&h, "local_counts"));
	assert_false(kv_local_param(&b, "block"));
	assert_false(kv_fixed_local(&h, "local_counts"));
	assert_false(kv_fixed_local(&b, "block"));   /* sized by the kernel's own BLOCK */
	assert_int_equal(kv_huge_array(&b), 0);
	view_release(&h);
	view_release(&b);
	struct kview big = view_of("__kernel void k(void)\n{\n\tfloat big[1 << 22];\n\tbig[0] = 1;\n}\n");
	assert_int_equal(kv_huge_array(&big), 3);
	view_release(&big);
	struct kview fixed = view_of("__kernel void k(void) { __local int s[64]; s[0] = 1; }");
	assert_true(kv_fixed_local(&fixed, "s"));
	view_release(&fixed);
	/* a comment that names a buffer is no use of it */
	struct kview st = view_of("__kernel void mm(__global float *C)\n{\n\t// TODO: C[i] = ...\n}\n");
	int up = -1, stores = -1;
	assert_int_equal(kv_output_uses(&st, "C", &up, &stores), 0);
	assert_int_equal(kv_output_uses(&st, "D", &up, &stores), -1);
	view_release(&st);
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
	struct kview t = view_of(transpose);
	char var[64];
	assert_true(kv_stride_of_bound(&t, 6, "trA", "if", var, sizeof(var)));
	assert_string_equal(var, "j*columnsA");
	assert_false(kv_stride_of_bound(&t, 6, "a", "if", var, sizeof(var)));
	assert_non_null(kv_guard(&t, 6, "trA"));
	assert_int_equal(kv_line(&t, kv_guard(&t, 6, "trA")), 5);
	view_release(&t);
	static const char ternary[] =
		"__kernel void s(__global const int *in, __local int *tmp, uint len)\n"
		"{\n"
		"\tuint lid = get_local_id(0), W = get_local_size(0);\n"
		"\ttmp[lid] = lid < len ? in[lid] : 0;\n"
		"\ttmp[lid + W] = lid < len ? in[lid + W] : 0;\n"
		"}\n";
	t = view_of(ternary);
	assert_int_equal(kv_ternary_other(&t, 4, "in"), 0);
	assert_int_equal(kv_ternary_other(&t, 5, "in"), 5);
	assert_null(kv_guard(&t, 4, "tmp"));   /* the store is under no condition */
	view_release(&t);
	static const char sweep[] =
		"__kernel void b(__local int *tmp, __global int *out)\n"
		"{\n"
		"\tuint offset = 1, lid = get_local_id(0);\n"
		"\tfor (uint d = 32; d > 0; d >>= 1) {\n"
		"\t\tuint left = offset * (2 * lid + 1) - 1;\n"
		"\t\ttmp[left] += 1;\n"
		"\t\ttmp[lid] = 0;\n"
		"\t\toffset *= 2;\n"
		"\t}\n"
		"\tout[get_group_id(0) + 1] = tmp[lid + 16];\n"
		"}\n";
	t = view_of(sweep);
	assert_true(kv_sub_flags(&t, 6, "tmp") & KF_T_STRIDE);   /* left, from offset, doubled after */
	assert_false(kv_sub_flags(&t, 7, "tmp") & KF_T_STRIDE);
	assert_true(kv_sub_flags(&t, 10, "out") & KF_T_ONE);
	assert_false(kv_sub_flags(&t, 10, "tmp") & KF_T_ONE);
	assert_int_equal(kv_offset_store(&t, "out"), 10);
	assert_true(kv_updated(&t, 6, "tmp"));
	assert_false(kv_plain_store(&t, 6, "tmp"));
	assert_true(kv_plain_store(&t, 7, "tmp"));
	view_release(&t);
	static const char loop[] =
		"__kernel void r(__global const int *in, uint len, uint step, uint W)\n"
		"{\n"
		"\tint sum = 0;\n"
		"\tfor (uint i = get_global_id(0); i < len; i += step)\n"
		"\t\tsum += in[i] + in[i + W];\n"
		"}\n";
	t = view_of(loop);
	assert_int_equal(kv_loop_guard(&t, 5, "in"), 4);
	view_release(&t);
}

/* A guard is a comparison that bounds the index, wherever it stands: on the access's own line,
 * above it, or as an earlier return; a test of a value read through the index is none. */
static void a_guard_is_what_bounds_the_index(void **state)
{
	(void)state;
	static const char kernels[] =
		"__kernel void k(__global const int *in, __global int *out, uint n)\n"   /* 1 */
		"{\n"                                                                  /* 2 */
		"\tsize_t i = get_global_id(0);\n"                                    /* 3 */
		"\tif (in[i] > 0)\n"                                                  /* 4 */
		"\t\tout[i] = 1;\n"                                                   /* 5 */
		"\tif (i <= n) out[i] = 2;\n"                                         /* 6 */
		"\tif (n > i) {\n"                                                    /* 7 */
		"\t\tout[i] = 3;\n"                                                   /* 8 */
		"\t} else {\n"                                                        /* 9 */
		"\t\tout[i + 1] = 4;\n"                                               /* 10 */
		"\t}\n"                                                               /* 11 */
		"\tif (i > n)\n"                                                      /* 12 */
		"\t\treturn;\n"                                                       /* 13 */
		"\tout[i] = 5;\n"                                                     /* 14 */
		"}\n";
	struct kview kv = view_of(kernels);
	assert_null(kv_guard(&kv, 5, "out"));                 /* in[i] > 0 bounds nothing */
	assert_int_equal(kv_stores_guarded(&kv, "out"), 0);
	const struct kfact *g = kv_guard(&kv, 6, "out");      /* on the line itself */
	assert_non_null(g);
	assert_int_equal(kv_line(&kv, g), 6);
	assert_true(kv_guard_lets_one_more(g));
	g = kv_guard(&kv, 8, "out");
	assert_non_null(g);
	assert_string_equal(g->text, "<");                    /* n > i is i < n */
	assert_false(kv_guard_lets_one_more(g));
	assert_null(kv_guard(&kv, 10, "out"));                /* an else is not under its condition */
	g = kv_guard(&kv, 14, "out");
	assert_non_null(g);
	assert_string_equal(g->detail, "return");
	assert_true(kv_guard_lets_one_more(g));               /* if (i > n) return; lets i == n on */
	assert_int_equal(kv_early_return(&kv, 14), 13);       /* the return above a line */
	assert_int_equal(kv_early_return(&kv, 12), 0);
	view_release(&kv);
	/* no facts: no question is answered yes */
	struct kview none = { NULL, kernels, strlen(kernels) };
	assert_null(kv_guard(&none, 6, "out"));
	assert_false(kv_has_atomic(&none));
}

/* Every store into a buffer under a guard that bounds its index, or none counts (the judge's
 * "already guarded"): a comment, a read or another name is no store. */
static void stores_are_guarded_only_when_every_one_is(void **state)
{
	(void)state;
	static const char guarded[] =
		"kernel void k(global int *out, uint n)\n"
		"{\n"
		"\tuint i = get_global_id(0);\n"
		"\tif (i < n)\n"
		"\t\tout[i] = 1;\n"
		"\tif (i + 1 < n) {\n"
		"\t\tout[i + 1] += 2;   // out[9] = 3 in a comment\n"
		"\t}\n"
		"\tint x = out[0] == 1;\n"
		"}\n";
	struct kview kv = view_of(guarded);
	assert_int_equal(kv_stores_guarded(&kv, "out"), 4);
	view_release(&kv);
	static const char one_not[] =
		"kernel void k(global int *out, global int *in, uint n)\n"
		"{\n"
		"\tif (get_global_id(0) < n)\n"
		"\t\tout[get_global_id(0)] = 1;\n"
		"\tout[n]++;\n"
		"}\n";
	kv = view_of(one_not);
	assert_int_equal(kv_stores_guarded(&kv, "out"), 0);
	assert_int_equal(kv_stores_guarded(&kv, "in"), 0);    /* no store at all */
	assert_int_equal(kv_stores_guarded(&kv, "ou"), 0);    /* another name */
	view_release(&kv);
	/* a test of a value read from memory is no guard of the index */
	static const char value[] =
		"kernel void k(global const float *in, global float *out, uint n)\n"
		"{\n"
		"\tsize_t i = get_global_id(0);\n"
		"\tif (in[i] > 0.0f)\n"
		"\t\tout[i] = in[i];\n"
		"}\n";
	kv = view_of(value);
	assert_null(kv_guard(&kv, 5, "out"));
	assert_int_equal(kv_stores_guarded(&kv, "out"), 0);
	view_release(&kv);
	/* an index given its value from the guarded variable, and an access through vload4 */
	static const char derived[] =
		"kernel void k(global const float *A, global float *out, uint K)\n"
		"{\n"
		"\tuint g = get_global_id(0);\n"
		"\tuint k = 2 * g + 1;\n"
		"\tif (g < K / 2 && A[0] > 0)\n"
		"\t\tout[k] = A[k];\n"
		"\tuint col = 4 * g;\n"
		"\tif (col + 3 < K)\n"
		"\t\tvstore4(vload4(0, A + col), 0, out + col);\n"
		"}\n";
	kv = view_of(derived);
	assert_int_equal(kv_line(&kv, kv_guard(&kv, 6, "out")), 5);
	assert_int_equal(kv_line(&kv, kv_guard(&kv, 9, "A")), 8);
	assert_int_equal(kv_stores_guarded(&kv, "out"), 5);
	view_release(&kv);
}

/* What a parsing child says was made from the learner's text: a fact is taken only with its
 * kind's flags, names that are identifiers, comparisons where a comparison stands, and a whole
 * list is taken only when every line is one and the count closes it. */
static void a_childs_facts_are_judged(void **state)
{
	(void)state;
	struct kfact k;
	assert_int_equal(kernel_fact_read("guard\t1\t2\t3\t4\t5\t6\t3\t<=\tif", 10, &k), 0);
	assert_int_equal(k.flags, KF_BOUNDS | KF_EXACT);
	assert_int_equal(kernel_fact_read("guard\t1\t2\t3\t4\t5\t6\t2\t<=\tif", 10, &k), -1);   /* exact, unbounded */
	assert_int_equal(kernel_fact_read("guard\t1\t2\t3\t4\t5\t6\t1\t=\tif", 10, &k), -1);    /* no comparison */
	assert_int_equal(kernel_fact_read("guard\t1\t2\t3\t4\t5\t6\t1\t<\telse", 10, &k), -1);  /* no such place */
	assert_int_equal(kernel_fact_read("cmp\t1\t2\t0\t0\t0\t0\t4\t<\tguard", 10, &k), -1);   /* flags it has none of */
	assert_int_equal(kernel_fact_read("sub\t1\t2\t0\t0\t0\t0\t128\tout\t__global int *", 10, &k), -1);
	assert_int_equal(kernel_fact_read("sub\t1\t2\t0\t0\t0\t0\t3\tout\t__global int *", 10, &k), 0);
	assert_int_equal(kernel_fact_read("sub\t1\t2\t0\t0\t0\t0\t3\tout[0]\t__global int *", 10, &k), -1);
	assert_int_equal(kernel_fact_read("buffer\t0\t0\t0\t0\t0\t0\t-1\tout\t__global int *", 10, &k), -1);
	assert_int_equal(kernel_fact_read("array\t0\t0\t0\t0\t0\t0\t4294967296\tbig\tfloat[1]", 10, &k), -1);
	assert_int_equal(kernel_fact_read("unset\t1\t2\t0\t0\t0\t0\t0\t1sum\t", 10, &k), -1);
	assert_int_equal(kernel_fact_read("atomic\t1\t2\t0\t0\t0\t0\t0\tatomic_inc\tcounts", 10, &k), 0);
	assert_int_equal(kernel_fact_read("atomic\t1\t2\t0\t0\t0\t0\t0\tatomic_inc\tcounts; x", 10, &k), -1);
	struct kernel_facts kf = KERNEL_FACTS_INIT;
	assert_int_equal(kernel_facts_parse("fact\tunset\t1\t2\t0\t0\t0\t0\t0\tsum\t\nend-facts\t1\n", "0123456789", 10, &kf), 0);
	assert_int_equal(kf.n, 1);
	assert_int_equal(kernel_facts_parse("fact\tunset\t1\t2\t0\t0\t0\t0\t0\tsum\t\nend-facts\t2\n", "0123456789", 10, &kf), -1);
	assert_int_equal(kf.n, 0);
	assert_null(kf.f);
	assert_int_equal(kernel_facts_parse("fact\tunset\t1\t2\t0\t0\t0\t0\t0\tsum\t\n", "0123456789", 10, &kf), -1);   /* cut */
	assert_int_equal(kernel_facts_parse("end-facts\t0\nfact\tunset\t1\t2\t0\t0\t0\t0\t0\tsum\t\n", "0123456789", 10, &kf), -1);
	assert_int_equal(kernel_facts_parse("fact\tunset\t1\t20\t0\t0\t0\t0\t0\tsum\t\nend-facts\t1\n", "0123456789", 10, &kf), -1);
	assert_int_equal(kernel_facts_parse("end-facts\t0\n", "0123456789", 10, &kf), 0);
	/* a guard of a subscript the list holds, and one of nothing */
	assert_int_equal(kernel_facts_parse("fact\tsub\t1\t2\t0\t3\t0\t0\t0\tout\t\n"
					    "fact\tguard\t4\t5\t6\t7\t1\t2\t1\t<\tif\nend-facts\t2\n", "0123456789", 10, &kf), 0);
	assert_int_equal(kernel_facts_parse("fact\tsub\t1\t2\t0\t3\t0\t0\t0\tout\t\n"
					    "fact\tguard\t4\t5\t6\t7\t1\t3\t1\t<\tif\nend-facts\t2\n", "0123456789", 10, &kf), -1);
	kernel_facts_release(&kf);
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
	diagnose_src(spec, histogram, &r);
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
	diagnose_src(spec, histogram, &r);
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
	diagnose_src(spec, histogram, &r);
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
	diagnose_src(spec, histogram, &r);
	first_is(&r, "race_needs_atomic", false);
	report_release(&r);

	/* a global id indexing a __local block: named so, not "off by one"; proved when the
	 * analysis saw the index be the global id, asked when only the text says so */
	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_OUT_OF_BOUNDS, (const char *[]){ "line", "index", "index_is_global_id" },
		  (const long[]){ 6, 64, 1 }, 3);
	diagnose_src(spec, block_by_gid, &r);
	first_is(&r, "global_id_as_local_index", true);
	report_release(&r);
	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_OUT_OF_BOUNDS, (const char *[]){ "line", "index" }, (const long[]){ 6, 64 }, 2);
	diagnose_src(spec, block_by_gid, &r);
	first_is(&r, "global_id_as_local_index", false);
	for (int i = 0; i < r.ndiagnoses; i++)
		assert_string_not_equal(r.diagnoses[i].d->id, "guard_off_by_one");
	report_release(&r);

	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_BARRIER_DIVERGENCE, (const char *[]){ "line" }, (const long[]){ 7 }, 1);
	diagnose_src(spec, histogram, &r);
	first_is(&r, "barrier_divergent", true);
	report_release(&r);

	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_UNINITIALIZED, (const char *[]){ "line" }, (const long[]){ 6 }, 1);
	diagnose_src(spec, histogram, &r);
	first_is(&r, "output_not_cleared", false);
	report_release(&r);

	/* a timeout proves the limit was passed, not that the kernel never ends */
	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_TIMEOUT, NULL, NULL, 0);
	diagnose_src(spec, histogram, &r);
	first_is(&r, "hang", false);
	report_release(&r);

	/* a wrong result with nothing to prove it: questions only */
	r = (struct report)REPORT_INIT;
	report_of(&r, VERDICT_WRONG_RESULT, (const char *[]){ "wrong", "elements" }, (const long[]){ 3, 10 }, 2);
	diagnose_src(spec, histogram, &r);
	assert_true(r.ndiagnoses > 0);
	for (int i = 0; i < r.ndiagnoses; i++)
		assert_false(r.diagnoses[i].certain);
	report_release(&r);

	/* a pass has none */
	r = (struct report)REPORT_INIT;
	diagnose_src(spec, histogram, &r);
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
	struct kview kv = view_of(accumulate);
	assert_int_equal(kv_output_uses(&kv, "C", &up, &st), 1);
	assert_int_equal(up, 1);
	assert_int_equal(st, 0);
	view_release(&kv);
	kv = view_of(stub);
	assert_int_equal(kv_output_uses(&kv, "C", &up, &st), 0);   /* a comment is no use */
	view_release(&kv);
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	struct report r = REPORT_INIT;
	report_on(&r, "C", "not_cleared");   /* the comparison proved the adding */
	diagnose_src(spec, NULL, &r);
	first_is(&r, "output_not_cleared", true);
	report_release(&r);
	r = (struct report)REPORT_INIT;
	report_on(&r, "C", "before_run");    /* old bytes, and the code seems only to add into C */
	diagnose_src(spec, accumulate, &r);
	first_is(&r, "output_not_cleared", false);
	report_release(&r);
	r = (struct report)REPORT_INIT;
	report_on(&r, "C", "never_written");
	diagnose_src(spec, stub, &r);
	first_is(&r, "nothing_stored", true);
	report_release(&r);
	r = (struct report)REPORT_INIT;
	report_on(&r, "C", NULL);            /* wrong values, nothing more: no proof */
	diagnose_src(spec, accumulate, &r);
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
		cmocka_unit_test(the_facts_say_where_names_live),
		cmocka_unit_test(guards_strides_and_offsets_are_read),
		cmocka_unit_test(a_guard_is_what_bounds_the_index),
		cmocka_unit_test(stores_are_guarded_only_when_every_one_is),
		cmocka_unit_test(a_childs_facts_are_judged),
		cmocka_unit_test(advice_is_keyed_by_a_proved_diagnosis),
		cmocka_unit_test(facts_and_source_prove_the_mistake),
		cmocka_unit_test(the_matcher_wants_the_same_bytes),
		cmocka_unit_test(an_output_proves_what_was_not_cleared_or_stored),
		cmocka_unit_test(contradicting_words_are_found),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
