/*
 * preload.c: the OpenCL runtimes the children open, loaded once in the parent, for the commands
 * that run many checks (validate, grade, prepare). Each child maps and relocates PoCL and its
 * LLVM (or Oclgrind and its own LLVM) itself: about 40,000 page faults and 20 ms of processor
 * time, most of it the system's, for every one of the four to eight children a check starts.
 * Loaded before the first fork, the libraries are in every child already, relocated, and the ICD
 * loader's dlopen finds them there (the same file: the child's root binds it where it is).
 * validate of three exercises takes 12% less processor time so. A single check does not preload:
 * the parent's load (about 50 ms) comes before its first child, while its children load theirs
 * side by side, and `clings check` measured 0-6% slower with it (scripts/bench-latency).
 *
 * Only loaded, never called: no platform is asked for, no device opened, nothing compiled in
 * the parent. Neither library starts a thread or reads its settings when loaded (PoCL reads
 * POCL_* and Oclgrind OCLGRIND_* when a platform is first asked for, in the child, after its
 * environment is set). A library that cannot be loaded is simply left to the children, as before.
 *
 * The memory limit stays what it was: a child's RLIMIT_AS counts every mapping, so a child also
 * gets the address space of the runtime that is preloaded but not its own (sandbox_apply_limits,
 * sandbox_build_limits). CLINGS_NO_PRELOAD=1 leaves every runtime to the children (measuring).
 */
#include "engine/children/children.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct runtime {
	const char *platform;   /* as its platform names itself (CL_PLATFORM_NAME) */
	char library[256];
	size_t bytes;           /* the address space loading it took, its dependencies included */
} runtimes[] = {
	{ "Portable Computing Language", "", 0 },
	{ "Oclgrind", OCLGRIND_ICD, 0 },
};
#define RUNTIMES (sizeof(runtimes) / sizeof(runtimes[0]))

static size_t address_space(void)
{
	unsigned long pages = 0;
	FILE *f = fopen("/proc/self/statm", "re");
	if (f) {
		if (fscanf(f, "%lu", &pages) != 1)
			pages = 0;
		fclose(f);
	}
	return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* PoCL's library as the ICD loader finds it: the one line of its vendor file. */
static void pocl_library(char *out, size_t size)
{
	char *text = NULL;
	if (read_regular_file("/etc/OpenCL/vendors/pocl.icd", 4096, &text, NULL) == 0) {
		text[strcspn(text, "\r\n")] = '\0';
		copy_str(out, size, text);
	}
	free(text);
}

void sandbox_preload_runtimes(void)
{
	static bool done;
	const char *v = getenv("CLINGS_NO_PRELOAD");
	bool off = false;
	if (done || (v && parse_yes_no(v, &off) && off))
		return;
	done = true;
	pocl_library(runtimes[0].library, sizeof(runtimes[0].library));
	for (size_t i = 0; i < RUNTIMES; i++) {
		if (!runtimes[i].library[0])
			continue;
		size_t before = address_space();
		/* RTLD_LOCAL: its symbols are nobody's but the ICD loader's, which asks by handle */
		if (dlopen(runtimes[i].library, RTLD_NOW | RTLD_LOCAL)) {
			size_t after = address_space();
			runtimes[i].bytes = after > before ? after - before : 0;
		}
	}
}

static size_t slack;

void sandbox_runtime_opened(const char *device)
{
	slack = 0;
	for (size_t i = 0; i < RUNTIMES; i++)
		if (!device || !strstr(device, runtimes[i].platform))
			slack += runtimes[i].bytes;
}

size_t sandbox_preload_slack(void)
{
	return slack;
}
