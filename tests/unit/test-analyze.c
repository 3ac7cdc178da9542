/*
 * test-analyze.c: Oclgrind logs captured from the course's kernels (tests/unit/data/oclgrind-*.log,
 * each beside the kernel that produced it) become the finding a learner should fix first.
 *
 * The logs were captured with the environment analysis_env() sets, the kernel built with
 * -cl-opt-disable -cl-kernel-arg-info after `#line 1 "exercises/NAME.cl"`, reductions at 3
 * work-groups of 64 with len = 379 (a ragged last group), transposes of 20 x 37 in 16 x 16 groups.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/engine.h"
#include "msg-asserts.h"

/* A finding's message as the learner reads it (NULL when there is none); the text lives until
 * the next call. */
static const char *text_in(const struct msg *m, const char *lang)
{
	static char *last;
	free(last);
	last = msg_empty(m) ? NULL : msg_text(m, lang);
	return last;
}

static const char *text_of(const struct msg *m)
{
	return text_in(m, NULL);
}

/* The data folder beside this file, wherever the tests run from the repository root. */
static char *data_path(const char *name)
{
	const char *self = __FILE__;
	const char *slash = strrchr(self, '/');
	int dir = slash ? (int)(slash - self + 1) : 0;
	return xstrfmt("%.*sdata/oclgrind-%s", dir, self, name);
}

static char *load_log(const char *kase)
{
	char *name = xstrfmt("%s.log", kase), *path = data_path(name), *text = NULL;
	size_t len;
	if (read_file(path, &text, &len) < 0)
		fail_msg("cannot read %s", path);
	free(name);
	free(path);
	return text;
}

/* What the reduction's host creates: in (len = 379), out (3 groups), scratch (64 ints). */
static const struct analysis_buffer reduction_bufs[] = {
	{ "in", ARG_GLOBAL, 379 * 4 },
	{ "out", ARG_GLOBAL, 3 * 4 },
	{ "scratch", ARG_LOCAL, 64 * 4 },
};
static const struct analysis_buffer transpose_bufs[] = {
	{ "a", ARG_GLOBAL, 20 * 37 * 4 },
	{ "trA", ARG_GLOBAL, 20 * 37 * 4 },
};

static bool is_reduction(const char *kase)
{
	return !strncmp(kase, "reduction", strlen("reduction"));
}

/* libclang's facts of src, read in this process (a check reads them in a confined child); kept
 * until the next call. */
static const struct kernel_facts *facts_of_src(const char *src)
{
	static struct kernel_facts kf = KERNEL_FACTS_INIT;
	kernel_facts_release(&kf);
	FILE *t = tmpfile();
	assert_non_null(t);
	assert_int_equal(kernel_facts_emit("k.cl", src, strlen(src), fileno(t), false), 0);
	off_t n = lseek(fileno(t), 0, SEEK_END);
	char *text = xmalloc((size_t)n + 1);
	assert_int_equal(pread(fileno(t), text, (size_t)n, 0), n);
	text[n] = '\0';
	fclose(t);
	assert_int_equal(kernel_facts_parse(text, src, strlen(src), &kf), 0);
	free(text);
	return &kf;
}

/* Runs a captured case with its kernel file as the learner's file (so lines are quoted), read
 * with its facts as a check reads it. */
static void run_case(const char *kase, struct finding *f)
{
	char *log = load_log(kase), *name = xstrfmt("%s.cl", kase), *learner = data_path(name);
	const struct analysis_buffer *bufs = is_reduction(kase) ? reduction_bufs : transpose_bufs;
	int nbufs = is_reduction(kase) ? 3 : 2;
	char *src = NULL;
	size_t len;
	if (read_file(learner, &src, &len) < 0)
		fail_msg("cannot read %s", learner);

	assert_int_equal(verdict_from_analysis(log, learner, src, facts_of_src(src), bufs, nbufs, NULL, f), 0);
	free(src);
	assert_non_null(f->file);
	assert_string_equal(f->file, learner);
	if (f->verdict != VERDICT_PASS) {
		assert_non_null(text_of(&f->message));
		assert_non_null(strstr(text_of(&f->message), learner));   /* names the file ... */
		char *at = xstrfmt(":%d: ", f->line);
		assert_non_null(strstr(text_of(&f->message), at));          /* ... and the line */
		free(at);
	}
	free(log);
	free(name);
	free(learner);
}

#define assert_has(haystack, needle) \
	do { \
		if (!strstr((haystack), (needle))) \
			fail_msg("missing \"%s\" in:\n%s", (needle), (haystack)); \
	} while (0)
#define assert_lacks(haystack, needle) \
	do { \
		if (strstr((haystack), (needle))) \
			fail_msg("\"%s\" should not be in:\n%s", (needle), (haystack)); \
	} while (0)

/* A captured case of another exercise: its log and kernel (the learner's source), the host's
 * buffers of its first launch, and the access plugin's channel (may be NULL). The words that
 * must be in the finding, then NULL, then those that must not. */
static void expect_in(const char *kase, const struct analysis_buffer *bufs, int nbufs,
		      const char *channel, enum verdict v, int line, const char *const words[])
{
	char *log = load_log(kase), *name = xstrfmt("%s.cl", kase), *learner = data_path(name);
	char *src = NULL;
	size_t len;
	if (read_file(learner, &src, &len) < 0)
		fail_msg("cannot read %s", learner);
	struct finding f;
	assert_int_equal(verdict_from_analysis(log, learner, src, facts_of_src(src), bufs, nbufs, channel, &f), 0);
	if (f.verdict != v)
		fail_msg("%s: verdict %s, expected %s\n%s", kase, verdict_name(f.verdict),
			 verdict_name(v), text_of(&f.message) ? text_of(&f.message) : "");
	assert_int_equal(f.line, line);
	int i = 0;
	for (; words[i]; i++)
		assert_has(text_of(&f.message), words[i]);
	for (i++; words[i]; i++)
		assert_lacks(text_of(&f.message), words[i]);
	finding_release(&f);
	free(src);
	free(log);
	free(name);
	free(learner);
}

static void expect(const char *kase, enum verdict v, int line, const char *const words[])
{
	struct finding f;
	run_case(kase, &f);
	if (f.verdict != v)
		fail_msg("%s: verdict %s, expected %s\n%s", kase, verdict_name(f.verdict),
			 verdict_name(v), text_of(&f.message) ? text_of(&f.message) : "");
	assert_int_equal(f.line, line);
	for (int i = 0; words && words[i]; i++)
		assert_has(text_of(&f.message), words[i]);
	finding_release(&f);
	assert_null(text_of(&f.message));
	assert_null(f.file);
}

/* ---- no false positives ---- */

static void test_correct_kernels_pass(void **state)
{
	(void)state;
	const char *cases[] = { "reduction-correct", "reduction-sequential", "reduction-interleaved",
				"transpose-tiled", "transpose-naive", "transpose-padded" };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct finding f;
		run_case(cases[i], &f);
		if (f.verdict != VERDICT_PASS)
			fail_msg("%s: %s", cases[i], text_of(&f.message));
		assert_null(text_of(&f.message));
		finding_release(&f);
	}
}

/* ---- barrier divergence ---- */

static void test_barrier_in_if(void **state)
{
	(void)state;
	expect("reduction-barrier-in-if", VERDICT_BARRIER_DIVERGENCE, 18, (const char *[]){
		"barrier divergence", "Only 32 of the 64 work-items of work-group 0",
		"barrier at line 18", "the other 32 did not", "18 | barrier(CLK_LOCAL_MEM_FENCE);",
		"undefined: wrong results or a hang", "Move the barrier out of the branch", NULL });
	struct finding f;
	run_case("reduction-barrier-in-if", &f);
	assert_lacks(text_of(&f.message), "a GPU does not");
	assert_lacks(text_of(&f.message), "forever");
	finding_release(&f);
}

static void test_barrier_in_if_else(void **state)
{
	(void)state;
	expect("reduction-barrier-if-else", VERDICT_BARRIER_DIVERGENCE, 19, (const char *[]){
		"In work-group 0, work-items 32-63 reached the barrier at line 21",
		"work-item 0 among them", "barrier at line 19", "two different barriers",
		"each branch of an if/else", NULL });
}

static void test_barrier_in_lid_loop(void **state)
{
	(void)state;
	expect("reduction-barrier-loop-lid", VERDICT_BARRIER_DIVERGENCE, 17, (const char *[]){
		"Only 32 of the 64 work-items of work-group 0", "barrier at line 17",
		"number of trips depends on the local id", NULL });
}

static void test_transpose_barrier_in_check(void **state)
{
	(void)state;
	/* The log holds races and uninitialised values first: all caused by the divergence. */
	expect("transpose-barrier-in-check", VERDICT_BARRIER_DIVERGENCE, 12, (const char *[]){
		"Only 64 of the 256 work-items of work-group (1,0)", "barrier at line 12",
		"4 work-groups in all", NULL });
}

/* ---- out of bounds ---- */

static void test_local_write_past_end(void **state)
{
	(void)state;
	expect("reduction-local-past-end", VERDICT_OUT_OF_BOUNDS, 9, (const char *[]){
		"out-of-bounds write", "work-item 0 of work-group 0 wrote `scratch[64]`",
		"one past the end", "scratch (local memory) holds 64 elements (indices 0 to 63)",
		"9 | scratch[k] = 0;", "if (i < len)", NULL });
}

static void test_global_write_past_end(void **state)
{
	(void)state;
	expect("reduction-global-past-end", VERDICT_OUT_OF_BOUNDS, 22, (const char *[]){
		"out-of-bounds write", "work-item 0 of work-group 2 wrote `out[3]`",
		"one past the end", "out holds 3 elements (indices 0 to 2)", NULL });
}

static void test_global_read_past_end(void **state)
{
	(void)state;
	/* The garbage read also makes uninitialised values: the read is the cause. Its guard tests
	 * the first element only. */
	expect("reduction-read-past-end", VERDICT_OUT_OF_BOUNDS, 12, (const char *[]){
		"out-of-bounds read", "work-item 61 of work-group 2 read `in[379]`",
		"one past the end", "in holds 379 elements", "already guarded (line 11)",
		"each element a work-item touches needs its own test", NULL });
}

/* ---- data races ---- */

static void test_no_barrier_after_load(void **state)
{
	(void)state;
	expect("reduction-no-barrier-after-load", VERDICT_DATA_RACE, 18, (const char *[]){
		"data race", "On `scratch` (local memory)", "wrote `scratch[1]` at line 8",
		"work-item 0 of the same work-group read it at line 18", "no barrier between",
		"between the write (line 8) and the read (line 18)", NULL });
}

static void test_no_barrier_in_loop(void **state)
{
	(void)state;
	expect("reduction-no-barrier-in-loop", VERDICT_DATA_RACE, 18, (const char *[]){
		"On `scratch` (local memory)", "at line 18", "end every step with barrier", NULL });
}

static void test_in_place_update(void **state)
{
	(void)state;
	expect("reduction-in-place", VERDICT_DATA_RACE, 17, (const char *[]){
		"work-item 1 of work-group 0 wrote `scratch[1]` at line 17",
		"work-item 0 of the same work-group read it at line 17", "read into a private variable",
		NULL });
}

static void test_transpose_no_barrier(void **state)
{
	(void)state;
	expect("transpose-no-barrier", VERDICT_DATA_RACE, 17, (const char *[]){
		"On a __local array of the kernel, work-item (1,0) of work-group (0,0) wrote element 1 at line 11",
		"work-item (0,1) of the same work-group read it at line 17",
		"between the write (line 11) and the read (line 17)", NULL });
}

static void test_race_between_groups(void **state)
{
	(void)state;
	expect("reduction-groups-race", VERDICT_DATA_RACE, 22, (const char *[]){
		"On `out`, work-item 0 of work-group 1 wrote `out[0]` at line 22",
		"work-item 0 of work-group 0 wrote it at line 22", "No barrier can help: a barrier "
		"orders only the work-items of one work-group", "Each work-group must own its region",
		NULL });
}

/* ---- races named from what Oclgrind logged of each access ---- */

static const struct analysis_buffer compact_bufs[] = {
	{ "in", ARG_GLOBAL, 10 * 4 }, { "out", ARG_GLOBAL, 10 * 4 }, { "count", ARG_GLOBAL, 4 },
};
static const struct analysis_buffer histogram_bufs[] = {
	{ "data", ARG_GLOBAL, 28 }, { "counts", ARG_GLOBAL, 64 }, { "local_counts", ARG_LOCAL, 64 },
};

/* A plain read of the counter beside atomic_inc: the read is the read, the atomic the update,
 * and no barrier is advised. */
static void test_race_with_an_atomic(void **state)
{
	(void)state;
	expect_in("compact-atomic-mix", compact_bufs, 3, NULL, VERDICT_DATA_RACE, 5, (const char *[]){
		"work-item 5 of work-group 0 updated `count[0]` with atomic_inc at line 6",
		"work-item 7 of the same work-group read it without an atomic at line 5",
		"An atomic is safe only against other atomics: the plain access at line 5",
		"use what the atomic returns", NULL,
		"wrote `count[0]` at line 5", "read it at line 6", "barrier(", NULL });
	/* an atomic the log shows as an LLVM instruction (atomicrmw) has no built-in's name */
	char *log = load_log("compact-atomic-mix");
	const char *call = "%call7 = call spir_func i32 @_Z10atomic_incPU3AS1Vj(i32 addrspace(1)* noundef %11) #5, !dbg !43";
	struct sbuf sb = SBUF_INIT;
	for (const char *p = log, *at; *p; p = at + strlen(call)) {
		at = strstr(p, call);
		if (!at) {
			sbuf_adds(&sb, p);
			break;
		}
		sbuf_add(&sb, p, (size_t)(at - p));
		sbuf_adds(&sb, "%x = atomicrmw add i32 addrspace(1)* %11, i32 1 seq_cst, align 4, !dbg !43");
	}
	struct finding f;
	assert_int_equal(verdict_from_analysis(sbuf_str(&sb), "k.cl", NULL, NULL, compact_bufs, 3, NULL, &f), 0);
	assert_int_equal(f.verdict, VERDICT_DATA_RACE);
	assert_has(text_of(&f.message), "updated `count[0]` with an atomic operation at line 6");
	assert_has(text_in(&f.message, "pt-BR"), "atualizou `count[0]` com uma operação atômica na linha 6");
	finding_release(&f);
	sbuf_release(&sb);
	free(log);
}

/* `uint place = count[0]; count[0] = place + 1;`: each work-item reads and writes the counter,
 * a read-modify-write no barrier orders. */
static void test_counter_updated_by_many(void **state)
{
	(void)state;
	expect_in("compact-counter", compact_bufs, 3, NULL, VERDICT_DATA_RACE, 5, (const char *[]){
		"wrote `count[0]` at line 6", "read it at line 5",
		"Several work-items each read this place, change the value and write it back",
		"A barrier cannot help", "atomic_inc(&x)", NULL,
		"Put barrier", "barrier(CLK_LOCAL_MEM_FENCE)", "with no barrier between", NULL });
}

/* histogram's `local_counts[v]++`: an atomic on the local bin, not a barrier. */
static void test_local_increment_needs_an_atomic(void **state)
{
	(void)state;
	expect_in("histogram-plain-increment", histogram_bufs, 3, NULL, VERDICT_DATA_RACE, 12,
		  (const char *[]){ "On `local_counts` (local memory)", "A barrier cannot help",
				    "atomic_inc(&x)", NULL,
				    "read into a private variable", "end every step with", NULL });
}

/* The groups' counters added into counts without an atomic: work-groups meet, no barrier helps,
 * and the fix is an atomic, not a kernel launch of its own. */
static void test_groups_updating_one_place(void **state)
{
	(void)state;
	expect_in("histogram-plain-merge", histogram_bufs, 3, NULL, VERDICT_DATA_RACE, 16,
		  (const char *[]){ "of different work-groups", "No barrier can help",
				    "a barrier orders only the work-items of one work-group",
				    "atomic_add(&x, v)", NULL,
				    "separate kernel launch", "barrier(CLK", NULL });
}

/* scan_blelloch clearing the root in another work-item (lid == W - 1) right after the up-sweep:
 * the read comes first, the write after it. */
static void test_read_then_write_in_order(void **state)
{
	(void)state;
	const struct analysis_buffer bufs[] = {
		{ "in", ARG_GLOBAL, 148 }, { "out", ARG_GLOBAL, 148 }, { "tmp", ARG_LOCAL, 528 },
	};
	expect_in("scan-root-cleared-late", bufs, 3, NULL, VERDICT_DATA_RACE, 21, (const char *[]){
		"wrote `tmp[127]` at line 28", "read it at line 21",
		"between the read (line 21) and the write (line 28)",
		"everyone must have read the old value before anyone overwrites it", NULL,
		"between the write (line 28) and the read (line 21)", NULL });
}

/* Global-only fences (memory_4): the barrier named is the one between the write and the next
 * round's read (line 25), not the one after the loads (line 19). */
static void test_fence_between_the_two(void **state)
{
	(void)state;
	expect_in("reduction-global-fence", reduction_bufs, 3, NULL, VERDICT_DATA_RACE, 24,
		  (const char *[]){ "the barrier at line 25 orders only global memory",
				    "barrier(CLK_GLOBAL_MEM_FENCE) at line 25", NULL,
				    "line 19", NULL });
}

/* `block[gid] = in[gid]`: a global id indexing the kernel's __local block is named so, not told
 * "one past the end... off by one?". */
static void test_global_id_into_local_memory(void **state)
{
	(void)state;
	const struct analysis_buffer bufs[] = { { "in", ARG_GLOBAL, 256 }, { "out", ARG_GLOBAL, 256 } };
	const char *channel = "accessed\treverse_blocks\nlocal\t1\tblock\t4\t64\t0\n";
	expect_in("reverse-global-id", bufs, 2, channel, VERDICT_OUT_OF_BOUNDS, 10, (const char *[]){
		"wrote `block[64]`, past the end", "The index is this work-item's global id, 64 (its "
		"local id is 0)", "indexed from 0 in every work-group, by the local id",
		"not by one", NULL, "one past the end", "off by one?", "Guard the access", NULL });
	/* the source alone tells it where the log does not: a work-item whose global id is not the
	 * index */
	char *log = load_log("reverse-global-id");
	char *at = strstr(log, "Global(64,0,0) Local(0,0,0)");
	memcpy(at, "Global(65,0,0) Local(1,0,0)", strlen("Global(65,0,0) Local(1,0,0)"));
	struct finding f;
	const char *src = "__kernel void reverse_blocks(__global const int *in, __global int *out)\n"
			  "{\n\t__local int block[64];\n\tsize_t gid = get_global_id(0);\n"
			  "\tsize_t lid = get_local_id(0);\n\n\n\n\n\tblock[gid] = in[gid];\n}\n";
	assert_int_equal(verdict_from_analysis(log, "k.cl", src, facts_of_src(src), bufs, 2, channel, &f), 0);
	assert_has(text_of(&f.message), "The index at line 10 is computed from get_global_id");
	assert_lacks(text_of(&f.message), "off by one?");
	finding_release(&f);
	/* and an index from the local id that overruns by one stays an off-by-one */
	const char *by_lid = "__kernel void reverse_blocks(__global const int *in, __global int *out)\n"
			     "{\n\t__local int block[64];\n\tsize_t gid = get_global_id(0);\n"
			     "\tsize_t lid = get_local_id(0);\n\n\n\n\n\tblock[lid + 63] = in[gid];\n}\n";
	assert_int_equal(verdict_from_analysis(log, "k.cl", by_lid, facts_of_src(by_lid), bufs, 2, channel, &f), 0);
	assert_has(text_of(&f.message), "one past the end");
	assert_has(text_of(&f.message), "off by one?");
	assert_lacks(text_of(&f.message), "global id");
	finding_release(&f);
	free(log);
	/* far past the end, in work-group 0 (global and local ids alike): no off-by-one guessed */
	log = load_log("reverse-global-id");
	at = strstr(log, "local memory address 0x1000000000100");
	memcpy(at, "local memory address 0x1000000000190", strlen("local memory address 0x1000000000190"));
	at = strstr(log, "Global(64,0,0) Local(0,0,0) Group(1,0,0)");
	memcpy(at, "Global(1,0,0) Local(1,0,0) Group(0,0,0) ", strlen("Global(1,0,0) Local(1,0,0) Group(0,0,0) "));
	const char *far = "__kernel void reverse_blocks(__global const int *in, __global int *out)\n"
			  "{\n\t__local int block[64];\n\tsize_t gid = get_global_id(0);\n"
			  "\tsize_t lid = get_local_id(0);\n\n\n\n\n\tblock[lid * 100] = in[gid];\n}\n";
	assert_int_equal(verdict_from_analysis(log, "k.cl", far, facts_of_src(far), bufs, 2, channel, &f), 0);
	assert_has(text_of(&f.message), "wrote `block[100]`, 37 past the end");
	assert_has(text_of(&f.message), "check which id or size the index is computed from");
	assert_lacks(text_of(&f.message), "off by one?");
	assert_lacks(text_of(&f.message), "global id");
	finding_release(&f);
	free(log);
}

/* ---- uninitialised ---- */

static void test_no_zero_init(void **state)
{
	(void)state;
	expect("reduction-no-zero-init", VERDICT_UNINITIALIZED, 18, (const char *[]){
		"uninitialised value", "work-item 31 of work-group 2 stored into `scratch[62]`",
		"nobody had written", "identity of +", "partly filled last work-group", NULL });
}

static void test_private_without_start_value(void **state)
{
	(void)state;
	expect("reduction-private-uninit", VERDICT_UNINITIALIZED, 23, (const char *[]){
		"work-item 0 of work-group 0 stored into `out[0]`", "int sum = 0;", NULL });
}

/* ---- in Portuguese ---- */

/* The same finding as in English, told without an English word outside the quoted source. */
static void test_findings_in_portuguese(void **state)
{
	(void)state;
	const char *cases[] = { "reduction-barrier-in-if", "reduction-barrier-if-else",
				"reduction-barrier-loop-lid", "transpose-barrier-in-check",
				"reduction-local-past-end", "reduction-global-past-end",
				"reduction-read-past-end", "reduction-no-barrier-after-load",
				"reduction-no-barrier-in-loop", "reduction-in-place", "transpose-no-barrier",
				"reduction-groups-race", "reduction-no-zero-init", "reduction-private-uninit" };
	const char *english[] = { "work-", "At line", "On ", " the ", " of ", " and ", " wrote",
				  " read ", "barrier divergence", "data race", "uninitialised",
				  "out-of-bounds", "GPU does", NULL };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *log = load_log(cases[i]), *name = xstrfmt("%s.cl", cases[i]), *learner = data_path(name);
		const struct analysis_buffer *bufs = is_reduction(cases[i]) ? reduction_bufs : transpose_bufs;
		int nbufs = is_reduction(cases[i]) ? 3 : 2;
		struct finding en, pt;
		assert_int_equal(verdict_from_oclgrind_log(log, learner, bufs, nbufs, &en), 0);
		assert_int_equal(verdict_from_oclgrind_log(log, learner, bufs, nbufs, &pt), 0);
		assert_int_equal(pt.verdict, en.verdict);
		assert_int_equal(pt.line, en.line);
		char *at = xstrfmt("%s:%d: ", learner, pt.line);
		assert_has(text_in(&pt.message, "pt-BR"), at);
		free(at);
		/* the message without its path and without the learner's quoted lines */
		struct sbuf words = SBUF_INIT;
		for (const char *p = text_in(&pt.message, "pt-BR") + strlen(learner); *p;) {
			size_t n = strcspn(p, "\n");
			if (!strstr(p, " | ") || (size_t)(strstr(p, " | ") - p) > n)
				sbuf_add(&words, p, n);
			p += n + (p[n] == '\n');
		}
		for (int w = 0; english[w]; w++)
			if (strstr(sbuf_str(&words), english[w]))
				fail_msg("%s: \"%s\" in:\n%s", cases[i], english[w], text_in(&pt.message, "pt-BR"));
		sbuf_release(&words);
		finding_release(&en);
		finding_release(&pt);
		free(log);
		free(name);
		free(learner);
	}
}

static void test_a_race_in_portuguese(void **state)
{
	(void)state;
	char *log = load_log("reduction-no-barrier-after-load"), *learner = data_path("reduction-no-barrier-after-load.cl");
	char *src = NULL;
	size_t len;
	if (read_file(learner, &src, &len) < 0)
		fail_msg("cannot read %s", learner);
	struct finding f;
	/* the barriers and loops are libclang's facts: without them nothing says where one is */
	assert_int_equal(verdict_from_analysis(log, "k.cl", src, facts_of_src(src), reduction_bufs, 3, NULL, &f), 0);
	assert_has(text_in(&f.message, "pt-BR"), "k.cl:18: condição de corrida. Em `scratch` (memória local), o item de "
		   "trabalho 1 do grupo de trabalho 0 escreveu `scratch[1]` na linha 8 e o item de "
		   "trabalho 0 do mesmo grupo de trabalho o leu na linha 18, sem nenhuma barreira "
		   "entre os dois.");
	assert_has(text_in(&f.message, "pt-BR"), "entre a escrita (linha 8) e a leitura (linha 18)");
	finding_release(&f);
	/* with no facts, no barrier is said to be missing, and none is placed */
	assert_int_equal(verdict_from_analysis(log, "k.cl", src, NULL, reduction_bufs, 3, NULL, &f), 0);
	assert_int_equal(f.verdict, VERDICT_DATA_RACE);
	assert_null(strstr(text_in(&f.message, "en"), "with no barrier between"));
	assert_null(strstr(text_in(&f.message, "en"), "between the write (line 8)"));
	finding_release(&f);
	free(src);
	free(learner);
	free(log);
}

/* The findings above in Portuguese: no English word outside the quoted source. */
static void test_new_findings_in_portuguese(void **state)
{
	(void)state;
	const struct analysis_buffer scan_bufs[] = {
		{ "in", ARG_GLOBAL, 148 }, { "out", ARG_GLOBAL, 148 }, { "tmp", ARG_LOCAL, 528 },
	};
	const struct analysis_buffer reverse_bufs[] = { { "in", ARG_GLOBAL, 256 }, { "out", ARG_GLOBAL, 256 } };
	const struct { const char *kase; const struct analysis_buffer *bufs; const char *channel; } cases[] = {
		{ "compact-atomic-mix", compact_bufs, NULL },
		{ "compact-counter", compact_bufs, NULL },
		{ "histogram-plain-increment", histogram_bufs, NULL },
		{ "histogram-plain-merge", histogram_bufs, NULL },
		{ "scan-root-cleared-late", scan_bufs, NULL },
		{ "reduction-global-fence", reduction_bufs, NULL },
		{ "reverse-global-id", reverse_bufs, "accessed\treverse_blocks\nlocal\t1\tblock\t4\t64\t0\n" },
	};
	const char *english[] = { "work-", "At line", "On ", " the ", " of ", " and ", " wrote",
				  " read ", "data race", "out-of-bounds", "barrier can", "atomic step",
				  "global id", "local id", NULL };
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *log = load_log(cases[i].kase), *name = xstrfmt("%s.cl", cases[i].kase);
		char *learner = data_path(name), *src = NULL;
		size_t len;
		if (read_file(learner, &src, &len) < 0)
			fail_msg("cannot read %s", learner);
		struct finding f;
		int nbufs = cases[i].bufs == reverse_bufs ? 2 : 3;
		assert_int_equal(verdict_from_analysis(log, learner, src, facts_of_src(src), cases[i].bufs, nbufs,
						       cases[i].channel, &f), 0);
		const char *pt = text_in(&f.message, "pt-BR");
		assert_non_null(pt);
		struct sbuf words = SBUF_INIT;
		for (const char *p = pt + strlen(learner); *p;) {
			size_t n = strcspn(p, "\n");
			if (!strstr(p, " | ") || (size_t)(strstr(p, " | ") - p) > n)
				sbuf_add(&words, p, n);
			p += n + (p[n] == '\n');
		}
		for (int w = 0; english[w]; w++)
			if (strstr(sbuf_str(&words), english[w]))
				fail_msg("%s: \"%s\" in:\n%s", cases[i].kase, english[w], pt);
		sbuf_release(&words);
		finding_release(&f);
		free(src);
		free(log);
		free(name);
		free(learner);
	}
}

/* ---- the address map and its fallbacks ---- */

static void test_unreadable_learner_file(void **state)
{
	(void)state;
	char *log = load_log("reduction-global-past-end");
	struct finding f;
	/* a file that is not there (the stub in exercises/ is another file, of other lines) */
	assert_int_equal(verdict_from_oclgrind_log(log, "no-such-dir/memory_4.cl", reduction_bufs, 3, &f), 0);
	assert_int_equal(f.verdict, VERDICT_OUT_OF_BOUNDS);
	assert_has(text_of(&f.message), "no-such-dir/memory_4.cl:22: out-of-bounds write");
	assert_null(strstr(text_of(&f.message), " | "));   /* no quote, and above all no wrong one */
	finding_release(&f);
	free(log);
}

static void test_mapping_that_contradicts_the_log_is_dropped(void **state)
{
	(void)state;
	/* The host described buffer 2 as larger than the write's offset: not the buffer hit. */
	static const struct analysis_buffer wrong[] = {
		{ "in", ARG_GLOBAL, 379 * 4 }, { "big", ARG_GLOBAL, 4096 },
	};
	char *log = load_log("reduction-global-past-end");
	struct finding f;
	assert_int_equal(verdict_from_oclgrind_log(log, "k.cl", wrong, 2, &f), 0);
	assert_int_equal(f.verdict, VERDICT_OUT_OF_BOUNDS);
	assert_has(text_of(&f.message), "outside a global buffer");
	assert_null(strstr(text_of(&f.message), "big"));
	finding_release(&f);
	free(log);
}

static void test_several_launches(void **state)
{
	(void)state;
	/* The child sends the buffers of every launch; Oclgrind reuses the numbers each time. */
	static const struct analysis_buffer launches[] = {
		{ "in", ARG_GLOBAL, 1000 * 4 }, { "out", ARG_GLOBAL, 8 * 4 }, { "scratch", ARG_LOCAL, 256 },
		{ "in", ARG_GLOBAL, 7 * 4 }, { "out", ARG_GLOBAL, 1 * 4 }, { "scratch", ARG_LOCAL, 256 },
		{ "in", ARG_GLOBAL, 379 * 4 }, { "out", ARG_GLOBAL, 3 * 4 }, { "scratch", ARG_LOCAL, 256 },
	};
	struct finding f;
	char *log = load_log("reduction-global-past-end");
	assert_int_equal(verdict_from_oclgrind_log(log, "k.cl", launches, 9, &f), 0);
	assert_has(text_of(&f.message), "wrote `out[3]`, one past the end: out holds 3 elements");
	finding_release(&f);
	free(log);

	log = load_log("reduction-read-past-end");
	assert_int_equal(verdict_from_oclgrind_log(log, "k.cl", launches, 9, &f), 0);
	assert_has(text_of(&f.message), "read `in[379]`, one past the end: in holds 379 elements");
	finding_release(&f);
	free(log);
}

/* The access plugin's lines name the kernel's own __local array (buffer 2 after the one
 * __local argument) and the slot a work-item read unwritten. */
static void test_plugin_names_local_slots(void **state)
{
	(void)state;
	const char *oob =
		"\nInvalid write of size 4 at local memory address 0x2000000000100\n"
		"\tKernel: reduction\n"
		"\tEntity: Global(64,0,0) Local(64,0,0) Group(0,0,0)\n"
		"\t  store i32 %5, i32 addrspace(3)* %arrayidx, align 4, !dbg !50\n"
		"\tAt line 14 (column 11) of k.cl:\n"
		"\t  whatever\n\t\n";
	const char *channel = "accessed\treduction\nlocal\t2\tbuf\t4\t64\t0\nlocal\tx\tbad\t4\n"
			      "unwritten\t1\t128\t4\t17\t0,0,0\t1,0,0\t0-2\t0-2\n";
	struct finding f;
	assert_int_equal(verdict_from_analysis(oob, "k.cl", NULL, NULL, reduction_bufs, 3, channel, &f), 0);
	assert_int_equal(f.verdict, VERDICT_OUT_OF_BOUNDS);
	assert_has(text_of(&f.message), "wrote `buf[64]`, one past the end: buf (local memory) holds 64 elements");
	assert_has(text_of(&f.message), "`buf` is the kernel's own array");
	finding_release(&f);
	/* without the plugin's word: as before */
	assert_int_equal(verdict_from_oclgrind_log(oob, "k.cl", reduction_bufs, 3, &f), 0);
	assert_has(text_of(&f.message), "outside a __local array of the kernel");
	finding_release(&f);

	const char *uninit =
		"\nUninitialized value written to local memory address 0x1000000000008\n"
		"\tKernel: reduction\n"
		"\tEntity: Global(1,0,0) Local(1,0,0) Group(0,0,0)\n"
		"\t  store i32 %add, i32 addrspace(3)* %arrayidx, align 4, !dbg !60\n"
		"\tAt line 17 (column 17) of k.cl:\n"
		"\t  whatever\n\t\n"
		/* the garbage goes on into global memory: a finding */
		"\nUninitialized value written to global memory address 0x2000000000000\n"
		"\tKernel: reduction\n"
		"\tEntity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n"
		"\t  store i32 %x, i32 addrspace(1)* %arrayidx, align 4, !dbg !70\n"
		"\tAt line 24 (column 9) of k.cl:\n"
		"\t  whatever\n\t\n";
	assert_int_equal(verdict_from_analysis(uninit, "k.cl", NULL, NULL, reduction_bufs, 3, channel, &f), 0);
	assert_int_equal(f.verdict, VERDICT_UNINITIALIZED);
	assert_has(text_of(&f.message), "read `scratch[32]`, which no work-item of its work-group had written: "
			      "work-items 0-2 had written slots 0-2 of `scratch` (local memory).");
	finding_release(&f);
	/* another work-item's record says nothing of this one */
	const char *other = "unwritten\t1\t128\t4\t17\t0,0,0\t2,0,0\t0-2\t0-2\n";
	assert_int_equal(verdict_from_analysis(uninit, "k.cl", NULL, NULL, reduction_bufs, 3, other, &f), 0);
	assert_null(strstr(text_of(&f.message), "scratch[32]"));
	finding_release(&f);
	/* garbage stored into local memory only, never reaching an output, an address or a branch:
	 * no finding (a scan's slots past a ragged end) */
	const char *local_only = strstr(uninit, "\nUninitialized value written to global");
	char *head = strndup(uninit, (size_t)(local_only - uninit));
	const char *kernel = "__kernel void reduction(__local int *tmp) { tmp[0] += tmp[1]; }\n";
	assert_int_equal(verdict_from_analysis(head, "k.cl", kernel, facts_of_src(kernel), reduction_bufs, 3, channel, &f), 0);
	assert_int_equal(f.verdict, VERDICT_PASS);
	finding_release(&f);
	/* garbage that an atomic may carry on: Oclgrind does not follow it there, so it counts */
	const char *atomic = "__kernel void reduction(__local int *tmp) { atomic_add(tmp, tmp[1]); }\n";
	assert_int_equal(verdict_from_analysis(head, "k.cl", atomic, facts_of_src(atomic), reduction_bufs, 3, channel, &f), 0);
	assert_int_equal(f.verdict, VERDICT_UNINITIALIZED);
	finding_release(&f);
	free(head);
}

static void test_negative_index(void **state)
{
	(void)state;
	/* in[-1]: the offset wraps into the buffer numbered one lower. */
	const char *log =
		"\nInvalid read of size 4 at global memory address 0xfffffffffffc\n"
		"\tKernel: reduction\n"
		"\tEntity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n"
		"\t  %13 = load i32, i32 addrspace(1)* %arrayidx10, align 4, !dbg !50\n"
		"\tAt line 10 (column 19) of k.cl:\n"
		"\t  whatever\n\t\n";
	struct finding f;
	assert_int_equal(verdict_from_oclgrind_log(log, "k.cl", reduction_bufs, 3, &f), 0);
	assert_int_equal(f.verdict, VERDICT_OUT_OF_BOUNDS);
	assert_int_equal(f.line, 10);
	assert_has(text_of(&f.message), "read `in[-1]`, 1 before the start");
	finding_release(&f);
}

static void test_empty_truncated_and_foreign_logs(void **state)
{
	(void)state;
	struct finding f;
	assert_int_equal(verdict_from_oclgrind_log(NULL, "k.cl", NULL, 0, &f), 0);
	assert_int_equal(f.verdict, VERDICT_PASS);
	finding_release(&f);

	/* API errors and the suppression notice are not findings. */
	const char *other = "\nOclgrind - OpenCL runtime error detected\n\tFunction: clFinish\n"
			    "\tError: CL_INVALID_COMMAND_QUEUE\n\t\n"
			    "Oclgrind: 1000 errors generated - suppressing further errors\n";
	assert_int_equal(verdict_from_oclgrind_log(other, "k.cl", NULL, 0, &f), 0);
	assert_int_equal(f.verdict, VERDICT_PASS);
	finding_release(&f);

	/* A child killed mid-write leaves half a message: what is there still counts. */
	char *log = load_log("reduction-barrier-in-if");
	char *cut = strstr(log, "\tAt line");
	assert_non_null(cut);
	cut[12] = '\0';
	assert_int_equal(verdict_from_oclgrind_log(log, "k.cl", reduction_bufs, 3, &f), 0);
	assert_int_equal(f.verdict, VERDICT_BARRIER_DIVERGENCE);
	assert_int_equal(f.line, 18);
	finding_release(&f);
	free(log);
}

static void test_analysis_env(void **state)
{
	(void)state;
	char *env[16];
	analysis_env("/tmp/x/oclgrind.log", env, 16);
	const char *want[] = { "OCL_ICD_VENDORS=/usr/lib/oclgrind/liboclgrind-rt-icd.so",
			       "OCLGRIND_LOG=/tmp/x/oclgrind.log", "OCLGRIND_DATA_RACES=1",
			       "OCLGRIND_UNINITIALIZED=1", "OCLGRIND_NUM_THREADS=1" };
	for (size_t w = 0; w < sizeof(want) / sizeof(want[0]); w++) {
		bool found = false;
		for (int i = 0; env[i]; i++)
			found = found || !strcmp(env[i], want[w]);
		if (!found)
			fail_msg("missing %s", want[w]);
	}
	for (int i = 0; env[i]; i++)
		free(env[i]);

	/* A short array gets the most important settings, and its NULL. */
	char *few[3];
	analysis_env("l", few, 3);
	assert_string_equal(few[0], "OCL_ICD_VENDORS=/usr/lib/oclgrind/liboclgrind-rt-icd.so");
	assert_string_equal(few[1], "OCLGRIND_LOG=l");
	assert_null(few[2]);
	free(few[0]);
	free(few[1]);
}

/* ---- the words as data: one message in either language, with its facts ---- */

static void test_words_keep_their_facts(void **state)
{
	(void)state;
	struct entity e = { .set = true, .local = { 3, 0, 0 }, .group = { 1, 0, 0 } };
	struct msg m = MSG_INIT, other = MSG_INIT;
	struct sbuf json = SBUF_INIT;
	work_item_msg(&m, &e, 1, "");
	assert_msg_text(&m, "en", "work-item 3 of work-group 1");
	assert_msg_text(&m, "pt-BR", "o item de trabalho 3 do grupo de trabalho 1");
	msg_facts_json(&m, &json);
	assert_string_equal(sbuf_str(&json), "{\"work_item\": 3, \"work_group\": 1}");
	msg_release(&m);

	/* 2-D ids are facts as the learner reads them; the other work-item of a race is named apart */
	struct entity o = { .set = true, .local = { 1, 0, 0 }, .group = { 0, 2, 0 } };
	work_item_msg(&other, &o, 2, "_other");
	sbuf_reset(&json);
	msg_facts_json(&other, &json);
	assert_string_equal(sbuf_str(&json), "{\"work_item_other\": \"(1,0)\", \"work_group_other\": \"(0,2)\"}");
	msg_release(&other);

	/* an element of a named __local buffer, and one of memory nobody named */
	struct buffer_ref r = { .name = "scratch", .bytes = 256, .local = true, .offset = 8, .elem = 4 };
	element_msg(&m, &r, true);
	assert_msg_text(&m, "en", "`scratch[2]`");
	msg_release(&m);
	r.name = NULL;
	element_msg(&m, &r, true);
	assert_msg_text(&m, "en", "element 2 of local memory");
	assert_msg_text(&m, "pt-BR", "o elemento 2 de memória local");
	msg_release(&m);
	sbuf_release(&json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_correct_kernels_pass),
		cmocka_unit_test(test_barrier_in_if),
		cmocka_unit_test(test_barrier_in_if_else),
		cmocka_unit_test(test_barrier_in_lid_loop),
		cmocka_unit_test(test_transpose_barrier_in_check),
		cmocka_unit_test(test_local_write_past_end),
		cmocka_unit_test(test_global_write_past_end),
		cmocka_unit_test(test_global_read_past_end),
		cmocka_unit_test(test_no_barrier_after_load),
		cmocka_unit_test(test_no_barrier_in_loop),
		cmocka_unit_test(test_in_place_update),
		cmocka_unit_test(test_transpose_no_barrier),
		cmocka_unit_test(test_race_between_groups),
		cmocka_unit_test(test_race_with_an_atomic),
		cmocka_unit_test(test_counter_updated_by_many),
		cmocka_unit_test(test_local_increment_needs_an_atomic),
		cmocka_unit_test(test_groups_updating_one_place),
		cmocka_unit_test(test_read_then_write_in_order),
		cmocka_unit_test(test_fence_between_the_two),
		cmocka_unit_test(test_global_id_into_local_memory),
		cmocka_unit_test(test_no_zero_init),
		cmocka_unit_test(test_private_without_start_value),
		cmocka_unit_test(test_findings_in_portuguese),
		cmocka_unit_test(test_a_race_in_portuguese),
		cmocka_unit_test(test_new_findings_in_portuguese),
		cmocka_unit_test(test_unreadable_learner_file),
		cmocka_unit_test(test_mapping_that_contradicts_the_log_is_dropped),
		cmocka_unit_test(test_several_launches),
		cmocka_unit_test(test_negative_index),
		cmocka_unit_test(test_plugin_names_local_slots),
		cmocka_unit_test(test_empty_truncated_and_foreign_logs),
		cmocka_unit_test(test_analysis_env),
		cmocka_unit_test(test_words_keep_their_facts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
