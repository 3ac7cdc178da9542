/* devices.c: `clings devices` lists every OpenCL device and the spec that selects it. */
#include "cmd/cmd.h"

static int cmd_devices(const struct cmd_ctx *ctx)
{
	printf("%s\n", ui_text(ctx->lang, "Pick one with --device P:D, --device cpu|gpu, or part of its name:"));
	return clhost_list_devices(stdout) < 0 ? 2 : 0;
}

const struct cmd_entry cmd_devices_entry = {
	"devices", "", "list the OpenCL devices", NULL, 0, 0, cmd_devices,
};
