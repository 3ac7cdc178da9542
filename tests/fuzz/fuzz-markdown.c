/*
 * fuzz-markdown.c: a lesson or hints file through the Markdown renderer (lesson_render(), with
 * md4c and md-table.c) as plain text and with colour, at a width from 10 (widened to the least
 * the renderer sets) to 100 that the input's length picks; and through lesson_split_hints(),
 * each hint rendered as `clings hint` does.
 */
#include "fuzz.h"

#include "ui/ui.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int width = 10 + (int)(size % 91);
	struct sbuf out = SBUF_INIT;
	lesson_render((const char *)data, size, width, false, &out);
	sbuf_reset(&out);
	lesson_render((const char *)data, size, width, true, &out);
	sbuf_reset(&out);

	char *md = fuzz_string(data, size);
	struct hints h = HINTS_INIT;
	lesson_split_hints(md, &h);
	for (int i = 0; i < h.n; i++)
		lesson_render(h.text[i], strlen(h.text[i]), PIPE_WIDTH, false, &out);
	lesson_hints_release(&h);
	free(md);
	sbuf_release(&out);
	return 0;
}
