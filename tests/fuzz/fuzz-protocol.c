/*
 * fuzz-protocol.c: the output of an execution child as the parent reads it: proto_split() into
 * lines and data frames, proto_parse() of the lines before "ready", the printf and buffer lines,
 * proto_number(), and judge_execution() with proto_find(), which compares the frames with a
 * reference's for a check of its own (below), up to the report as the learner sees it.
 *
 * The input is the learner's side, the untrusted one: a kernel that runs natively can write
 * anything into its channel. The reference's side is made here, once, by proto_send_data() as
 * the reference child makes it: every case and pass of the check, zeros for the outputs.
 */
#include "fuzz.h"

#include "ui/ui.h"

/* Three cases (n = 1, 5, 9) of one to four passes each; a 2-D float output; a __local buffer. */
static const char check_text[] =
	"[check]\n"
	"kernel = halve\n"
	"signature = __global const int *in, __global float *out, __local int *scratch, uint n\n"
	"[let]\n"
	"half = ceil_div(n, 2)\n"
	"[buffer in]\n"
	"size = n\n"
	"init = iota(1)\n"
	"[buffer out]\n"
	"size = half\n"
	"output = yes\n"
	"shape = 1, half\n"
	"label = row, column\n"
	"[local scratch]\n"
	"size = 4\n"
	"[scalar n]\n"
	"value = n\n"
	"[ndrange]\n"
	"global = round_up(half, 4)\n"
	"local = 4\n"
	"[repeat]\n"
	"while = half > 1\n"
	"n = half\n"
	"[test small]\n"
	"n = 1, 5\n"
	"[test more]\n"
	"n = 9\n";

static struct check_spec spec;
static struct proto_stream reference = PROTO_STREAM_INIT;

static void release_reference(void)
{
	proto_stream_release(&reference);
	check_spec_release(&spec);
}

/* Every pass of every case, as the reference child sends it. */
static void send_reference(int fd)
{
	struct test_case *cases;
	int n;
	unsigned char guard[GUARD_BYTES];
	for (size_t k = 0; k < GUARD_BYTES; k++)
		guard[k] = clhost_guard_byte(k);
	proto_send(fd, "ready", "%s", "built");
	if (check_spec_expand(&spec, &cases, &n) < 0)
		return;
	for (int ci = 0; ci < n; ci++) {
		struct vars v = cases[ci].vars;
		struct sbuf err = SBUF_INIT;
		proto_send(fd, "begin", "%d", ci);
		for (int pass = 1, more = 1; more == 1; pass++) {
			for (int i = 0; i < spec.nargs; i++) {
				const struct arg_spec *a = &spec.args[i];
				int64_t elems = 0;
				char e[128];
				if (a->kind != ARG_GLOBAL || expr_eval(a->size_expr, &v, &elems, e, sizeof(e)) < 0)
					continue;
				size_t bytes = a->output ? (size_t)elems * type_info(a->type)->size : 0;
				void *zeros = xcalloc(bytes + 1, 1);
				proto_send_data(fd, ci, pass, i, zeros, bytes, guard, GUARD_BYTES);
				free(zeros);
			}
			more = check_spec_next_pass(&spec, &v, &err);
		}
		sbuf_release(&err);
	}
	proto_send(fd, "end", "%d", n);
	free(cases);
}

/* The check and the reference's stream, on the first call; false when they cannot be made. */
static bool setup(void)
{
	static int state;   /* 0: not yet, 1: ready, -1: failed */
	if (state)
		return state > 0;
	state = -1;
	const char *path = fuzz_file((const uint8_t *)check_text, sizeof(check_text) - 1);
	if (!path || check_spec_load(path, &spec) < 0)
		return false;
	int fd = memfd_create("clings-fuzz-reference", MFD_CLOEXEC);
	char *text = NULL;
	if (fd < 0)
		return false;
	send_reference(fd);
	size_t len = (size_t)lseek(fd, 0, SEEK_CUR);
	if (read_fd(fd, &text) == 0)
		proto_split(text, len, &reference);
	close(fd);
	free(text);
	atexit(release_reference);
	state = reference.ndata > 0 ? 1 : -1;
	return state > 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!setup())
		return 0;
	const char *lang = size % 2 ? "pt-BR" : "en";
	struct proto_stream learner = PROTO_STREAM_INIT;
	proto_split((const char *)data, size, &learner);

	struct report r = REPORT_INIT;
	struct sbuf began = SBUF_INIT;
	int verdicts = proto_parse(sbuf_str(&learner.before), &r, &began);
	proto_number(sbuf_str(&learner.before), "maxwg", NULL);
	proto_number(sbuf_str(&learner.after), "end", NULL);
	int failed_case = -1;
	if (learner.ready && !verdicts) {
		struct judge_input in = { &spec, &learner, &reference, "exercises/halve.cl", NULL, NULL, NULL, 0 };
		judge_execution(&in, &r, &began, &failed_case);
	}
	r.kernel_output = proto_printf_text(sbuf_str(&learner.after), failed_case);

	/* The analysis child's buffer lines, from the same text. */
	char *text = fuzz_string(data, size);
	struct analysis_buffer *bufs;
	proto_analysis_buffers(text, &bufs);
	free(bufs);
	free(text);

	FILE *null = fopen("/dev/null", "w");
	if (null) {
		report_print_text(&r, null, true, true, lang);
		json_doc_print(null, report_json(&r, lang));
		fclose(null);
	}
	sbuf_release(&began);
	report_release(&r);
	proto_stream_release(&learner);
	return 0;
}
