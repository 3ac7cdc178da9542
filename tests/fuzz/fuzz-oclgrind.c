/*
 * fuzz-oclgrind.c: an Oclgrind log through oclgrind_log_parse() and verdict_from_oclgrind_log(),
 * which explains its first finding with the buffers the host created (a reduction's or a
 * transpose's, as in tests/unit/test-analyze.c) and quotes lines of the learner's file (a kernel
 * of the course, in a memory file). The input's length picks the buffers and the language, so
 * both of each are reached from any log.
 */
#include "fuzz.h"

#include "engine/analysis/analysis.h"

static const char kernel[] =
	"__kernel void reduce(__global const int *in, __global int *out, __local int *scratch,\n"
	"                     uint len)\n"
	"{\n"
	"\tuint lid = get_local_id(0), gid = get_global_id(0);\n"
	"\tscratch[lid] = gid < len ? in[gid] : 0;\n"
	"\tbarrier(CLK_LOCAL_MEM_FENCE);\n"
	"\tfor (uint s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
	"\t\tif (lid < s)\n"
	"\t\t\tscratch[lid] += scratch[lid + s];\n"
	"\t\tbarrier(CLK_LOCAL_MEM_FENCE);\n"
	"\t}\n"
	"\tif (lid == 0)\n"
	"\t\tout[get_group_id(0)] = scratch[0];\n"
	"}\n";

static const struct analysis_buffer reduction_bufs[] = {
	{ "in", ARG_GLOBAL, 379 * 4 },
	{ "out", ARG_GLOBAL, 3 * 4 },
	{ "scratch", ARG_LOCAL, 64 * 4 },
	/* a second launch, as a check of several tests creates them, of other sizes */
	{ "in", ARG_GLOBAL, 3 * 4 },
	{ "out", ARG_GLOBAL, 1 * 4 },
	{ "scratch", ARG_LOCAL, 64 * 4 },
};
static const struct analysis_buffer transpose_bufs[] = {
	{ "a", ARG_GLOBAL, 20 * 37 * 4 },
	{ "trA", ARG_GLOBAL, 20 * 37 * 4 },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *learner;
	if (!learner) {
		const char *path = fuzz_file((const uint8_t *)kernel, sizeof(kernel) - 1);
		if (!path)
			return 0;
		/* fuzz_file's memory file now holds the kernel for good: the log is a string */
		learner = xstrdup(path);
	}
	char *log = fuzz_string(data, size);
	struct parsed_log pl = { NULL, 0, 0, 0 };
	oclgrind_log_parse(log, &pl);
	free(pl.m);

	bool transpose = size % 2;
	const char *lang = size / 2 % 2 ? "pt-BR" : "en";
	struct finding f;
	if (transpose)
		verdict_from_oclgrind_log(log, learner, transpose_bufs, 2, &f);
	else
		verdict_from_oclgrind_log(log, learner, reduction_bufs, 6, &f);
	char *text = msg_text(&f.message, lang);   /* the finding as a learner reads it */
	free(text);
	finding_release(&f);
	free(log);
	return 0;
}
