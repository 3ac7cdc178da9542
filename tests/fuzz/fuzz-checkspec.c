/*
 * fuzz-checkspec.c: a check ini (checks/NAME.ini) through check_spec_load(), and a loaded one
 * through everything a check then does with it on the host: its signature, its cases, the [let]
 * values and the [repeat] passes of each, the columns of its 2-D outputs.
 */
#include "fuzz.h"

#include "engine/engine.h"

/* Passes walked at most: the judge walks a loop up to the reference's last pass, which its run
 * reached within its time limit. */
#define FUZZ_PASSES 65536

/* What a run evaluates for one case: every pass until [repeat] ends, as the judge walks them. */
static void walk_case(const struct check_spec *spec, const struct test_case *tc)
{
	struct vars v = tc->vars;
	struct sbuf err = SBUF_INIT;
	for (int pass = 1; pass <= FUZZ_PASSES; pass++) {
		for (int i = 0; i < spec->nargs; i++) {
			const struct arg_spec *a = &spec->args[i];
			int64_t x;
			char e[128];
			if (a->size_expr)
				expr_eval(a->size_expr, &v, &x, e, sizeof(e));
			if (a->output && a->shape_expr[0])
				output_columns(a, &v);
		}
		if (check_spec_next_pass(spec, &v, &err) != 1)
			break;
	}
	sbuf_release(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);
	struct check_spec spec;
	if (!path || check_spec_load(path, &spec) < 0)
		return 0;
	struct sbuf sig = SBUF_INIT;
	for (int s = 0; s < spec.nsteps; s++)
		check_step_signature(&spec, s, &sig);
	sbuf_release(&sig);
	struct test_case *cases;
	int n;
	if (check_spec_expand(&spec, &cases, &n) == 0) {
		for (int i = 0; i < n; i++)
			walk_case(&spec, &cases[i]);
		free(cases);
	}
	check_spec_release(&spec);
	return 0;
}
