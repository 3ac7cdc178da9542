/*
 * fuzz-source.c: the learner's source as the parent reads it before any compiler: the search
 * for a directive that reads another file, the tokens the verdict cache keys on, the call
 * graph that finds recursion; then the same bytes as a libclang child's answer about that
 * source (kernel_facts_parse: the child runs the learner's kernel's parse, so its answer is
 * untrusted) and the questions the analysis's advice asks of the facts (a barrier's fence, the
 * loop around two lines, a barrier between them). The bytes are the learner's, so anything goes.
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
	/* the input as a child's answer about itself: whatever parses is asked what advice asks */
	char *text = fuzz_string(data, size);
	struct kernel_facts kf = KERNEL_FACTS_INIT;
	if (kernel_facts_parse(text, src, size, &kf) == 0) {
		struct kview kv = { &kf, src, size };
		kv_global_only_barrier(&kv);
		for (int line = 0; line < 40; line += 7) {
			kv_loop_around(&kv, line, 40 - line);
			kv_global_only_barrier_after(&kv, line, 40 - line);
			kv_local_barrier_between(&kv, line, 40 - line);
		}
		kernel_facts_release(&kf);
	}
	free(text);
	return 0;
}
