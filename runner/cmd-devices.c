/* cmd-devices.c: `clings devices` lists every OpenCL device and the spec that selects it. */
#include "clings.h"

static int cmd_devices(const struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)ctx;
	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "usage: clings devices\n");
		return 2;
	}
	printf("Pick one with --device P:D, --device cpu|gpu, or part of its name:\n");
	return clhost_list_devices(stdout) < 0 ? 2 : 0;
}

const struct cmd_entry cmd_devices_entry = { "devices", "list OpenCL devices", cmd_devices };
