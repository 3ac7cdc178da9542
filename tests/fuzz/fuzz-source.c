/*
 * fuzz-source.c: the learner's source as the parent reads it before any compiler: the search
 * for a directive that reads another file, the tokens the verdict cache keys on, and the call
 * graph that finds recursion. The bytes are the learner's, so anything goes.
 */
#include "fuzz.h"

#include "engine/engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *src = (const char *)data;   /* not NUL-terminated: each takes its length */
	char caller[NAME_MAX_LEN], callee[NAME_MAX_LEN];
	struct sbuf tokens = SBUF_INIT;
	source_find_include(src, size);
	source_tokens(src, size, &tokens);
	source_find_recursion(src, size, caller, callee, sizeof(caller));
	sbuf_release(&tokens);
	return 0;
}
