/*
 * test-repair.c: the repair's parts that run without a device (engine/repair/repair.h): the rule table,
 * the facts' codec and what it refuses, the rewrites each rule makes of facts, applying edits,
 * the ladder's words in both languages, libclang's facts of a small kernel, and a repair as data
 * between processes (repair-codec.c), which reads nothing but a whole one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "msg-asserts.h"
#include "engine/repair/repair.h"

static void every_rule_has_a_name_and_words(void **state)
{
	(void)state;
	for (int i = 0; i < RULE_COUNT; i++) {
		const struct repair_rule *r = repair_rule(i);
		assert_non_null(r);
		assert_int_equal(r->id, i);
		assert_ptr_equal(repair_rule_named(r->name), r);
		/* the learner reads both in either language */
		assert_string_not_equal(tr("pt-BR", r->kind), r->kind);
		assert_string_not_equal(tr("pt-BR", r->place), r->place);
	}
	assert_null(repair_rule_named("no_such_rule"));
	assert_null(repair_rule(RULE_COUNT));
}

static void a_fact_reads_back(void **state)
{
	(void)state;
	struct kfact k = { .kind = KF_BARRIER, .range = { 3, 9 }, .range2 = { 1, 12 }, .outer = { 0, 20 },
			   .flags = 0, .text = "a\tb", .detail = "if" }, back;
	struct sbuf sb = SBUF_INIT;
	kernel_fact_write(&sb, &k);
	assert_int_equal(kernel_fact_read(sb.buf, 20, &back), 0);
	assert_int_equal(back.kind, KF_BARRIER);
	assert_int_equal(back.range.off, 3);
	assert_int_equal(back.range2.end, 12);
	assert_int_equal(back.outer.end, 20);
	assert_string_equal(back.text, "a\tb");
	assert_string_equal(back.detail, "if");
	/* a range past the source it claims to describe is no fact */
	assert_int_equal(kernel_fact_read(sb.buf, 19, &back), -1);
	sbuf_release(&sb);
	struct kfact empty = { .kind = KF_LREAD, .text = "", .detail = "" };
	kernel_fact_write(&sb, &empty);
	assert_int_equal(kernel_fact_read(sb.buf, 0, &back), 0);
	sbuf_release(&sb);
}

static void broken_facts_are_refused(void **state)
{
	(void)state;
	struct kfact k;
	assert_int_equal(kernel_fact_read("", 100, &k), -1);
	assert_int_equal(kernel_fact_read("nosuch\t1\t2\t0\t0\t0\t0\t0\tx\ty", 100, &k), -1);
	assert_int_equal(kernel_fact_read("cmp\t5\t2\t0\t0\t0\t0\t0\t<\tguard", 100, &k), -1);   /* backwards */
	assert_int_equal(kernel_fact_read("cmp\t1\t2\t0\t0\t0\t0\t0\t<", 100, &k), -1);          /* a field short */
	assert_int_equal(kernel_fact_read("cmp\t1\t2\t0\t0\t0\t0\t0\t<\tguard\tmore", 100, &k), -1);
	assert_int_equal(kernel_fact_read("cmp\t1x\t2\t0\t0\t0\t0\t0\t<\tguard", 100, &k), -1);
	assert_int_equal(kernel_fact_read("cmp\t\t2\t0\t0\t0\t0\t0\t<\tguard", 100, &k), -1);
	assert_int_equal(kernel_fact_read("cmp\t1\t2\t0\t0\t0\t0\t0\t<\tguard", 100, &k), 0);
}

/* The candidates of one fact over src, and the first one of rule whose after is after. */
static const struct repair_candidate *find(struct repair_candidate *c, int n, enum repair_rule_id rule,
					   const char *after)
{
	for (int i = 0; i < n; i++)
		if (c[i].edit[0].rule == rule && !strcmp(c[i].edit[0].after, after))
			return &c[i];
	return NULL;
}

static void rules_rewrite_facts(void **state)
{
	(void)state;
	const char *src = "void k(uint n)\n{\n\tif (i <= n)\n\t\tout[i] = 1;\n\tint s;\n}\n";
	size_t len = strlen(src);
	unsigned op = (unsigned)(strstr(src, "<=") - src), rhs = op + 3, lhs = op - 2;
	unsigned decl = (unsigned)(strstr(src, "s;") - src);
	struct kfact f[] = {
		{ .kind = KF_CMP, .range = { op, op + 2 }, .range2 = { rhs, rhs + 1 }, .outer = { lhs, lhs + 1 },
		  .text = "<=", .detail = "guard" },
		{ .kind = KF_DECL, .range = { decl, decl + 1 }, .range2 = { decl + 1, decl + 1 }, .text = "s",
		  .detail = "__private int" },
	};
	struct kernel_facts kf = { f, 2 };
	struct repair_candidate *c = NULL;
	int n = 0, cap = 0;
	repair_candidates(&kf, src, len, &c, &n, &cap);
	const struct repair_candidate *t = find(c, n, RULE_CMP_TIGHTEN, "<");
	assert_non_null(t);
	assert_string_equal(t->edit[0].before, "<=");
	assert_int_equal(t->edit[0].line, 3);
	assert_int_equal(t->edit[0].column, 8);
	assert_non_null(find(c, n, RULE_PLUS_ONE, "n + 1"));
	assert_non_null(find(c, n, RULE_MINUS_ONE, "i - 1"));
	assert_non_null(find(c, n, RULE_INIT_MISSING, " = INT_MIN"));
	assert_non_null(find(c, n, RULE_INIT_MISSING, " = 0"));
	assert_null(find(c, n, RULE_CMP_LOOSEN, "<="));
	char *out;
	assert_int_equal(repair_apply(src, len, &t, 1, &out), 0);
	assert_non_null(strstr(out, "if (i < n)"));
	free(out);
	/* two edits at once, in either order; overlapping ones are refused */
	const struct repair_candidate *two[2] = { find(c, n, RULE_INIT_MISSING, " = 0"), t };
	assert_int_equal(repair_apply(src, len, two, 2, &out), 0);
	assert_non_null(strstr(out, "if (i < n)"));
	assert_non_null(strstr(out, "int s = 0;"));
	free(out);
	const struct repair_candidate *clash[2] = { t, find(c, n, RULE_CMP_TIGHTEN, "<") };
	assert_int_equal(repair_apply(src, len, clash, 2, &out), -1);
	free(c);
}

static void the_ladder_in_both_languages(void **state)
{
	(void)state;
	struct repair rp = { .searched = true, .found = true, .nc = 1, .ntests = 3, .tests_passed = 3,
			     .analysis_clean = true };
	rp.c[0] = (struct repair_candidate){ .nedits = 1, .edit = { { .rule = RULE_CMP_TIGHTEN, .off = 10, .end = 12,
								     .before = "<=", .after = "<", .line = 5, .column = 8 } } };
	struct msg m = MSG_INIT;
	repair_message(&rp, 1, &m);
	assert_msg_text(&m, "en", "The smallest change that makes every test pass is on line 5, in the guard.");
	assert_rendered(&m, "pt-BR", "A menor mudança que faz todos os testes passarem está na linha 5, na guarda.");
	repair_message(&rp, 2, &m);
	char *two = msg_text(&m, "en");
	assert_non_null(strstr(two, "Its kind: a comparison that lets one work-item too many through."));
	assert_null(strstr(two, "becomes"));   /* the edit only on the third rung */
	free(two);
	msg_release(&m);
	repair_message(&rp, 3, &m);
	char *three = msg_text(&m, "pt-BR");
	assert_non_null(strstr(three, "O tipo: uma comparação que deixa passar um item de trabalho a mais."));
	assert_non_null(strstr(three, "A mudança: na linha 5, coluna 8, <= vira <"));
	free(three);
	msg_release(&m);
	/* nothing searched: nothing said; nothing found: said so */
	struct repair none = REPAIR_INIT;
	repair_message(&none, 3, &m);
	assert_true(msg_empty(&m));
	none.searched = true;
	repair_message(&none, 1, &m);
	assert_false(msg_empty(&m));
	msg_release(&m);
}

/* The lines kernel_facts_emit writes for src, parsed in this process, into buf. */
static void emitted_facts(const char *src, char *buf, size_t cap)
{
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(kernel_facts_emit("k.cl", src, strlen(src), fds[1], false), 0);
	close(fds[1]);
	ssize_t got = 0, r;
	while ((r = read(fds[0], buf + got, cap - 1 - (size_t)got)) > 0)
		got += r;
	close(fds[0]);
	buf[got] = '\0';
}

/* libclang's facts of a small kernel, parsed in this process (the check parses in a child). */
static void libclang_reads_a_kernel(void **state)
{
	(void)state;
	const char *src = "__kernel void k(__global int *out, __local int *t, uint n)\n{\n"
			  "\tsize_t i = get_global_id(0);\n\tint acc;\n\tt[i] = 1;\n"
			  "\tif (i < n) {\n\t\tbarrier(CLK_GLOBAL_MEM_FENCE);\n\t\tout[i] += t[i];\n\t}\n}\n";
	char buf[8192];
	emitted_facts(src, buf, sizeof(buf));
	assert_non_null(strstr(buf, "fact\tcmp\t"));
	assert_non_null(strstr(buf, "\t<\tguard\n"));
	assert_non_null(strstr(buf, "\tget_global_id\t\n"));
	assert_non_null(strstr(buf, "\tacc\t__private int\n"));
	assert_non_null(strstr(buf, "fact\tbarrier\t"));
	assert_non_null(strstr(buf, "\t\tif\n"));             /* the barrier is inside the if */
	assert_non_null(strstr(buf, "fact\trmw\t"));
	assert_non_null(strstr(buf, "fact\tlstore\t"));
	assert_non_null(strstr(buf, "fact\tlread\t"));
	assert_non_null(strstr(buf, "fact\tparam\t0\t0\t0\t0\t0\t0\t0\tn\t"));
	assert_non_null(strstr(buf, "end-facts\t"));
	/* every line reads back as a fact of this source */
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		struct kfact k;
		if (!strncmp(line, "fact\t", 5))
			assert_int_equal(kernel_fact_read(line + 5, strlen(src), &k), 0);
	}
}

/* The facts the analysis's advice reads (KF_BARRIER's fences by value, KF_LOOP, KF_COPY,
 * KF_ASYNC, KF_VALUE), sent for a kernel whose flags and starting value are its own macros, and
 * the questions kernel-view.c answers from them; a list with one fact that fails its checks is
 * dropped whole, and then every question answers no. */
static void the_advice_reads_facts(void **state)
{
	(void)state;
	const char *src = "#define FENCE CLK_GLOBAL_MEM_FENCE\n"                       /* 1 */
			  "#define START ((float)INT_MIN)\n"
			  "__kernel void k(__global float *out, __local float *t, __global const float *in)\n"
			  "{\n"
			  "\tuint lid = get_local_id(0);\n"                                 /* 5 */
			  "\tfloat best = START;\n"
			  "\tt[lid] = best;\n"
			  "\tbarrier(FENCE);\n"
			  "\tfor (uint s = 1; s < 8; s *= 2) {\n"
			  "\t\tt[lid] = t[lid + s];\n"                                      /* 10 */
			  "\t\tbarrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
			  "\t}\n"
			  "\tout[lid] = (float)t[lid];\n"
			  "\tout[lid] = t[lid] / best;\n"
			  "\tevent_t e = async_work_group_copy(t, in, 8, 0);\n"               /* 15 */
			  "}\n";
	size_t len = strlen(src);
	char buf[16384];
	emitted_facts(src, buf, sizeof(buf));
	assert_non_null(strstr(buf, "\tbest\t-2.14748365e+09\n"));   /* the macro evaluated */
	assert_non_null(strstr(buf, "fact\tasync\t"));
	assert_non_null(strstr(buf, "fact\tloop\t"));
	struct kernel_facts kf = KERNEL_FACTS_INIT;
	assert_int_equal(kernel_facts_parse(buf, src, len, &kf), 0);
	struct kview kv = { &kf, src, len };
	assert_int_equal(kv_global_only_barrier(&kv), 8);        /* barrier(FENCE) */
	assert_int_equal(kv_global_only_barrier_after(&kv, 7, 10), 8);
	assert_int_equal(kv_local_barrier_between(&kv, 7, 13), 11);   /* both fences: orders local */
	assert_int_equal(kv_local_barrier_between(&kv, 7, 11), 0);
	assert_int_equal(kv_loop_around(&kv, 10, 11), 9);
	assert_int_equal(kv_loop_around(&kv, 10, 13), 0);
	assert_true(kv_plain_copy(&kv, 13, "out"));               /* a cast is still a copy */
	assert_false(kv_plain_copy(&kv, 14, NULL));               /* a division is none */
	assert_true(kv_plain_copy(&kv, 10, "t"));
	assert_true(kv_has_async(&kv));
	kernel_facts_release(&kf);

	/* each new kind's checks */
	struct kfact k;
	assert_int_equal(kernel_fact_read("value\t1\t2\t0\t0\t0\t0\t0\tbest\t-inf", 100, &k), 0);
	assert_int_equal(kernel_fact_read("value\t1\t2\t0\t0\t0\t0\t0\tbest\tnan", 100, &k), -1);
	assert_int_equal(kernel_fact_read("value\t1\t2\t0\t0\t0\t0\t0\tbest\t1e5x", 100, &k), -1);
	assert_int_equal(kernel_fact_read("value\t1\t2\t0\t0\t0\t0\t0\tb-st\t0", 100, &k), -1);
	assert_int_equal(kernel_fact_read("barrier\t1\t2\t0\t3\t0\t0\t3\t\tloop", 100, &k), 0);
	assert_int_equal(kernel_fact_read("barrier\t1\t2\t0\t3\t0\t0\t4\t\tloop", 100, &k), -1);
	assert_int_equal(kernel_fact_read("barrier\t1\t2\t0\t3\t0\t0\t1\t\twhile", 100, &k), -1);
	assert_int_equal(kernel_fact_read("loop\t1\t9\t0\t0\t1\t9\t0\t\t", 100, &k), 0);
	assert_int_equal(kernel_fact_read("loop\t1\t9\t0\t0\t1\t8\t0\t\t", 100, &k), -1);
	assert_int_equal(kernel_fact_read("copy\t1\t9\t0\t0\t1\t9\t0\tout\tin", 100, &k), 0);
	assert_int_equal(kernel_fact_read("copy\t1\t9\t0\t0\t1\t9\t0\tout\tin[0]", 100, &k), -1);
	assert_int_equal(kernel_fact_read("async\t1\t9\t0\t0\t0\t0\t0\tatomic_add\t", 100, &k), -1);

	/* one bad line, and the list is no list: nothing is said from it */
	struct sbuf bad = SBUF_INIT;
	char *end = strstr(buf, "end-facts\t");
	assert_non_null(end);
	sbuf_adds(&bad, "fact\tvalue\t1\t2\t0\t0\t0\t0\t0\tbest\tnan\n");
	sbuf_add(&bad, buf, (size_t)(end - buf));
	sbuf_addf(&bad, "end-facts\t%d\n", atoi(end + 10) + 1);
	assert_int_equal(kernel_facts_parse(bad.buf, src, len, &kf), -1);
	assert_null(kf.f);
	struct kview none = { NULL, src, len };
	assert_int_equal(kv_global_only_barrier(&none), 0);
	assert_int_equal(kv_loop_around(&none, 10, 11), 0);
	assert_false(kv_plain_copy(&none, 13, NULL));
	assert_false(kv_has_async(&none));
	sbuf_release(&bad);
}

/* The double buffer's and the loop's facts, read by libclang; the loop's rewrite applied. */
static void double_buffer_and_barrier_loop(void **state)
{
	(void)state;
	const char *src = "__kernel void k(__global int *out, __local int *t, uint n)\n{\n"
			  "\tuint lid = get_local_id(0), W = get_local_size(0), src = 0, dst = W;\n"
			  "\tfor (uint s = 1; 2 * s * lid < W && s < W; s *= 2) {\n"
			  "\t\tt[dst + lid] = t[src + lid];\n"
			  "\t\tbarrier(CLK_LOCAL_MEM_FENCE);\n\t\tuint x = src;\n\t\tsrc = dst;\n\t\tdst = x;\n\t}\n"
			  "\tout[lid] = t[dst + lid];\n}\n";
	size_t len = strlen(src);
	char buf[16384];
	emitted_facts(src, buf, sizeof(buf));
	assert_non_null(strstr(buf, "\tsrc\tdst\n"));      /* assign: src = dst in the loop */
	assert_non_null(strstr(buf, "\tdst\tx\n"));
	assert_null(strstr(buf, "\tx\tsrc\n"));            /* a declaration is not an assignment */
	struct kernel_facts kf = KERNEL_FACTS_INIT;
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		if (strncmp(line, "fact\t", 5))
			continue;
		kf.f = realloc(kf.f, sizeof(*kf.f) * (size_t)(kf.n + 1));
		assert_int_equal(kernel_fact_read(line + 5, len, &kf.f[kf.n]), 0);
		kf.n++;
	}
	int lnames = 0;
	for (int i = 0; i < kf.n; i++)
		lnames += kf.f[i].kind == KF_LNAME && (!strcmp(kf.f[i].text, "src") || !strcmp(kf.f[i].text, "dst"));
	assert_int_equal(lnames, 3);   /* dst, src in the loop; dst after it (and lid, each time) */
	struct repair_candidate *c = NULL;
	int n = 0, cap = 0;
	repair_candidates(&kf, src, len, &c, &n, &cap);
	const struct repair_candidate *half = NULL, *loop = NULL;
	for (int i = 0; i < n; i++) {
		if (c[i].edit[0].rule == RULE_BUFFER_HALF && c[i].edit[0].line == 11 && !strcmp(c[i].edit[0].after, "src"))
			half = &c[i];
		if (c[i].edit[0].rule == RULE_BARRIER_LOOP && !strcmp(c[i].edit[0].after, "s < W"))
			loop = &c[i];
	}
	assert_non_null(half);
	assert_non_null(loop);
	assert_int_equal(loop->nedits, 3);
	char *out;
	assert_int_equal(repair_apply(src, len, &loop, 1, &out), 0);
	assert_non_null(strstr(out, "for (uint s = 1; s < W; s *= 2) {\n\t\tif (2 * s * lid < W) {\n"
				    "\t\tt[dst + lid] = t[src + lid];\n\t\t}\n\t\tbarrier("));
	free(out);
	assert_int_equal(repair_apply(src, len, &half, 1, &out), 0);
	assert_non_null(strstr(out, "out[lid] = t[src + lid];"));
	free(out);
	free(c);
	kernel_facts_release(&kf);
}

/* A repair with two rewrites, one of them a course's rule, as a grading worker sends it. */
static void two_rewrites(struct repair *rp)
{
	*rp = (struct repair)REPAIR_INIT;
	rp->searched = rp->found = rp->analysis_clean = true;
	rp->nc = 2;
	rp->tried = 7;
	rp->ntests = rp->tests_passed = 20;
	rp->cpu_seconds = 1.25;
	rp->c[0].nedits = 1;
	rp->c[0].edit[0] = (struct repair_edit){ .rule = RULE_CMP_TIGHTEN, .off = 120, .end = 122, .before = "<=",
						 .after = "<", .line = 8, .column = 8 };
	rp->c[1].nedits = 2;
	rp->c[1].edit[0] = (struct repair_edit){ .rule = RULE_BARRIER_HOIST, .off = 200, .end = 230,
						 .before = "barrier(CLK_LOCAL_MEM_FENCE);", .line = 12, .column = 3,
						 .loop = true };
	rp->c[1].edit[1] = (struct repair_edit){ .rule = RULE_COURSE, .off = 240, .end = 240,
						 .after = "barrier(CLK_LOCAL_MEM_FENCE);\n\t", .line = 13, .column = 2,
						 .course_rule = "tile_sync" };
	copy_str(rp->course_kind[1], sizeof(rp->course_kind[1]), "uma barreira a mais");
	copy_str(rp->course_place[1], sizeof(rp->course_place[1]), "no ladrilho");
}

static void a_repair_reads_back(void **state)
{
	(void)state;
	struct repair rp, back;
	two_rewrites(&rp);
	struct sbuf a = SBUF_INIT, b = SBUF_INIT;
	assert_int_equal(repair_encode(&rp, &a), 0);
	assert_non_null(memchr(a.buf, '\n', a.len));
	assert_ptr_equal(memchr(a.buf, '\n', a.len), a.buf + a.len - 1);   /* one line */
	assert_int_equal(repair_decode(a.buf, a.len, &back), 0);
	assert_int_equal(repair_encode(&back, &b), 0);
	assert_string_equal(a.buf, b.buf);
	assert_true(back.found && back.analysis_clean && back.nc == 2 && back.c[1].nedits == 2);
	assert_string_equal(back.c[1].edit[1].course_rule, "tile_sync");
	assert_string_equal(back.course_place[1], "no ladrilho");
	/* none searched: read back as none */
	struct repair none = REPAIR_INIT;
	sbuf_reset(&a);
	assert_int_equal(repair_encode(&none, &a), 0);
	assert_int_equal(repair_decode(a.buf, a.len, &back), 0);
	assert_false(back.searched || back.found);
	sbuf_release(&a);
	sbuf_release(&b);
}

/* Anything but a whole repair is none: a claim half read is a claim nobody proved. */
static void a_broken_repair_is_none(void **state)
{
	(void)state;
	struct repair rp, back;
	two_rewrites(&rp);
	struct sbuf a = SBUF_INIT;
	assert_int_equal(repair_encode(&rp, &a), 0);
	for (size_t cut = 0; cut + 1 < a.len; cut += 7) {   /* cut anywhere */
		assert_int_equal(repair_decode(a.buf, cut, &back), -1);
		assert_false(back.searched || back.found);
	}
	const char *bad[][2] = {
		{ "\"rule\": 0", "\"rule\": 99" },                 /* no such rule */
		{ "\"line\": 8", "\"line\": 0" },                  /* no line 0 */
		{ "\"tests_passed\": 20", "\"tests_passed\": 21" }, /* more passed than ran */
		{ "\"found\": true", "\"found\": 1" },             /* of another type */
		{ "\"course_rule\": \"tile_sync\"", "\"course_rule\": \"\"" },   /* a course's rule unnamed */
		{ "\"tried\": 7", "\"tried\": 7, \"extra\": 1" },  /* a field nobody writes */
		{ "\"searched\": true", "\"searched\": false" },     /* found without a search */
	};
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		const char *at = strstr(a.buf, bad[k][0]);
		assert_non_null(at);
		char *text = xstrfmt("%.*s%s%s", (int)(at - a.buf), a.buf, bad[k][1], at + strlen(bad[k][0]));
		assert_int_equal(repair_decode(text, strlen(text), &back), -1);
		assert_false(back.searched || back.found);
		free(text);
	}
	char before[200];   /* a text longer than its field */
	memset(before, 'x', sizeof(before) - 1);
	before[sizeof(before) - 1] = '\0';
	const char *at = strstr(a.buf, "\"<=\"");
	char *text = xstrfmt("%.*s\"%s\"%s", (int)(at - a.buf), a.buf, before, at + 4);
	assert_int_equal(repair_decode(text, strlen(text), &back), -1);
	free(text);
	sbuf_release(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_rule_has_a_name_and_words),
		cmocka_unit_test(a_fact_reads_back),
		cmocka_unit_test(broken_facts_are_refused),
		cmocka_unit_test(rules_rewrite_facts),
		cmocka_unit_test(double_buffer_and_barrier_loop),
		cmocka_unit_test(the_ladder_in_both_languages),
		cmocka_unit_test(libclang_reads_a_kernel),
		cmocka_unit_test(the_advice_reads_facts),
		cmocka_unit_test(a_repair_reads_back),
		cmocka_unit_test(a_broken_repair_is_none),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
