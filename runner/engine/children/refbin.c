/*
 * refbin.c: the reference solution's program kept as the device's own binary. The course's
 * solution is the same text check after check, yet its build from source costs PoCL a front end
 * and more (about 23 ms with PoCL's kernel cache warm); the program's binary for the device
 * (CL_PROGRAM_BINARIES: on PoCL its bitcode and the work-group functions compiled so far) loads in
 * under a millisecond. Kept per platform, device, options and source, in the user's cache
 * (user_cache_path("ref")), sealed (seal.h) with all four spelt out: a binary that does not
 * verify (another kernel's, put there by anyone) is removed and the source built again, and so
 * is one the device refuses. Only the reference's child holds the key (run_request.ref_key).
 */
#include "engine/children/children.h"
#include "engine/seal/seal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The kept binary's path for this build and what it is bound to (*binding, allocated); NULL
 * without a cache directory. */
static char *binary_path(struct cl_session *s, const char *src, const char *options, char **binding)
{
	struct sbuf platform = SBUF_INIT;
	char *dir = user_cache_path("ref");
	if (!dir || clhost_platform_version(s, &platform) < 0) {
		free(dir);
		sbuf_release(&platform);
		return NULL;
	}
	uint64_t h = hash_add_str(HASH_INIT, platform.buf);
	h = hash_add_str(h, clhost_device_name(s));
	h = hash_add_str(h, options);
	h = hash_add_str(h, src);
	char *path = xstrfmt("%s/%016llx.bin", dir, (unsigned long long)h);
	*binding = xstrfmt("%s\n%s\n%s\n%s", platform.buf, clhost_device_name(s), options, src);
	free(dir);
	sbuf_release(&platform);
	return path;
}

int refbin_build(struct cl_session *s, const char *src, const char *options, struct seal_key *key,
		 struct cl_prog **out, struct sbuf *log)
{
	const char *off = getenv("CLINGS_PCH");
	char *binding = NULL, *bin = NULL;
	char *path = (off && !strcmp(off, "0")) || !key || !key->loaded ? NULL
		     : binary_path(s, src, options, &binding);
	size_t len = 0;
	if (path && seal_read_file_with(key, path, "ref", binding, &bin, &len) == 0 && len > 0 &&
	    clhost_build_binary(s, bin, len, options, out) == 0) {
		if (getenv("CLINGS_DEBUG"))
			fprintf(stderr, "clings: refbin: the reference from its kept binary\n");
		seal_key_release(key);
		free(bin);
		free(binding);
		free(path);
		return 0;
	}
	free(bin);
	if (path)
		unlink(path);   /* missing, forged or refused: made again below */
	int rc = clhost_build(s, src, options, out, log);
	struct sbuf made = SBUF_INIT;
	/* quiet: a binary not kept only costs the next check a build */
	if (rc == 0 && path && clhost_prog_binary(*out, &made) == 0)
		seal_write_file_with(key, path, "ref", binding, made.buf, made.len);
	sbuf_release(&made);
	if (key)
		seal_key_release(key);
	free(binding);
	free(path);
	return rc;
}
