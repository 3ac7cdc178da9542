/* devices.c: `clings devices` lists every OpenCL device and the spec that selects it. */
#include "cmd/cmd.h"

static int cmd_devices(const struct cmd_ctx *ctx)
{
	printf("%s\n", tr(ctx->lang, "Pick one with --device P:D, --device cpu|gpu, or part of its name:"));
	if (clhost_list_devices(stdout) < 0)
		return EXIT_ERROR;
	/* Said once here: what keeps a learner's kernel from the rest of the machine. */
	printf("\n%s\n", sandbox_namespaces_available()
		? tr(ctx->lang, "Isolation: namespaces and a seccomp filter (kernels see only the "
				     "OpenCL runtime's files, read-only: no course, no home, no other "
				     "process, and no network).")
		: tr(ctx->lang, "Isolation: a seccomp filter only (this machine refuses user "
				     "namespaces, so kernels can read what you can read)."));
	return 0;
}

const struct cmd_entry cmd_devices_entry = {
	"devices", "", N_("list the OpenCL devices"), NULL, 0, 0, cmd_devices, false,
};
