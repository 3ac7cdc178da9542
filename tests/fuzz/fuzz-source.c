/*
 * fuzz-source.c: the learner's source as the parent reads it before any compiler: the search
 * for a directive that reads another file, the tokens the verdict cache keys on, the call
 * graph that finds recursion, and the lines the analysis's advice looks for (guards, an early
 * return, a barrier's fence, the loop around two lines, a global id in a subscript). The bytes are the learner's, so anything goes.
 */
#include "fuzz.h"

#include "engine/engine.h"
#include "engine/analysis/analysis.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *src = (const char *)data;   /* not NUL-terminated: each takes its length */
	char caller[NAME_MAX_LEN], callee[NAME_MAX_LEN];
	struct sbuf tokens = SBUF_INIT;
	source_find_include(src, size);
	source_tokens(src, size, &tokens);
	source_find_recursion(src, size, caller, callee, sizeof(caller));
	sbuf_release(&tokens);
	/* what the analysis's advice reads, at lines in and past the input */
	char *text = fuzz_string(data, size);
	source_global_only_barrier(text);
	for (int line = 0; line < 40; line += 7) {
		source_loop_around(text, line, 40 - line);
		source_global_only_barrier_after(text, line, 40 - line);
	}
	free(text);
	return 0;
}
