/* Unit tests of the caches' seal and bound (seal.c): what verifies, what does not, the key's
 * checks, and the pruning's order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/seal/seal.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	copy_str(dir, sizeof(dir), "/tmp/clings-test-seal-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	setenv("XDG_STATE_HOME", dir, 1);   /* the key goes under the fixture's folder */
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char *cmd = xstrfmt("rm -rf '%s'", dir);
	int rc = system(cmd);
	free(cmd);
	return rc;
}

static void sealed_entries_verify_only_as_made(void **state)
{
	(void)state;
	struct seal_key k = SEAL_KEY_INIT, other = SEAL_KEY_INIT;
	assert_int_equal(seal_key_load(&k), 0);
	struct sbuf out = SBUF_INIT;
	seal_add(&k, "verdict", "memory_4", "body\n", 5, &out);
	size_t at = 0;
	assert_int_equal(seal_check(&k, "verdict", "memory_4", out.buf, out.len, &at), 0);
	assert_string_equal(out.buf + at, "body\n");
	/* another kind, another binding, a byte changed, a byte cut, an empty key: no */
	assert_int_equal(seal_check(&k, "ref", "memory_4", out.buf, out.len, &at), -1);
	assert_int_equal(seal_check(&k, "verdict", "scale", out.buf, out.len, &at), -1);
	assert_int_equal(seal_check(&k, "verdict", "memory_4", out.buf, out.len - 1, &at), -1);
	out.buf[out.len - 2] ^= 1;
	assert_int_equal(seal_check(&k, "verdict", "memory_4", out.buf, out.len, &at), -1);
	out.buf[out.len - 2] ^= 1;
	assert_int_equal(seal_check(&other, "verdict", "memory_4", out.buf, out.len, &at), -1);
	/* the key is the same one the next time: made once */
	assert_int_equal(seal_key_load(&other), 0);
	assert_int_equal(seal_check(&other, "verdict", "memory_4", out.buf, out.len, &at), 0);
	seal_key_release(&other);
	seal_key_release(&k);
	assert_false(k.loaded);
	for (size_t i = 0; i < SEAL_KEY_BYTES; i++)
		assert_int_equal(k.bytes[i], 0);
	sbuf_release(&out);
}

static void files_round_trip_and_forgeries_go(void **state)
{
	(void)state;
	char *path = xstrfmt("%s/cache/entry", dir), *body = NULL;
	size_t len = 0;
	assert_int_equal(seal_write_file(path, "wrong-output", "k", "abc", 3), 0);
	assert_int_equal(seal_read_file(path, "wrong-output", "k", &body, &len), 0);
	assert_int_equal(len, 3);
	assert_string_equal(body, "abc");
	free(body);
	/* rewritten by hand: refused, and removed */
	assert_int_equal(write_file_atomic(path, "clings-seal 1 00\nabc", 20), 0);
	assert_int_equal(seal_read_file(path, "wrong-output", "k", &body, &len), -1);
	assert_null(body);
	assert_int_equal(access(path, F_OK), -1);
	/* over the per-entry cap: not written */
	char *big = calloc(1, SEAL_ENTRY_MAX_BYTES + 1);
	assert_int_equal(seal_write_file(path, "wrong-output", "k", big, SEAL_ENTRY_MAX_BYTES + 1), -1);
	assert_int_equal(access(path, F_OK), -1);
	free(big);
	free(path);
}

static void a_key_others_may_read_is_refused(void **state)
{
	(void)state;
	struct seal_key k = SEAL_KEY_INIT;
	assert_int_equal(seal_key_load(&k), 0);
	seal_key_release(&k);
	char *key = xstrfmt("%s/clings/cache-key", dir);
	struct stat st;
	assert_int_equal(stat(key, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(st.st_size, SEAL_KEY_BYTES);
	assert_int_equal(chmod(key, 0640), 0);
	assert_int_equal(seal_key_load(&k), -1);
	assert_false(k.loaded);
	assert_int_equal(chmod(key, 0600), 0);
	assert_int_equal(truncate(key, 16), 0);   /* not a key's size */
	assert_int_equal(seal_key_load(&k), -1);
	free(key);
}

/* A file of size bytes at dir/name, last used ago seconds ago. */
static void cache_file(const char *name, size_t size, long ago)
{
	char *path = xstrfmt("%s/%s", dir, name), *slash = strrchr(path, '/');
	*slash = '\0';
	make_dirs(path);
	*slash = '/';
	char *bytes = calloc(1, size);
	assert_int_equal(write_file_atomic(path, bytes, size), 0);
	struct timeval t[2];
	gettimeofday(&t[0], NULL);
	t[0].tv_sec -= ago;
	t[1] = t[0];
	assert_int_equal(utimes(path, t), 0);
	/* its directories, up to the test's, last changed when it was written */
	for (size_t root = strlen(dir); (slash = strrchr(path, '/')) && (size_t)(slash - path) > root;) {
		*slash = '\0';
		assert_int_equal(utimes(path, t), 0);
	}
	free(bytes);
	free(path);
}

static bool exists(const char *name)
{
	char *path = xstrfmt("%s/%s", dir, name);
	bool there = access(path, F_OK) == 0;
	free(path);
	return there;
}

static void pruning_goes_least_recently_used_first(void **state)
{
	(void)state;
	cache_file("c/oldest", 4000, 3000);
	cache_file("c/older", 4000, 2000);
	cache_file("c/old", 4000, 1000);
	cache_file("c/fresh", 4000, 0);   /* in use: never pruned */
	char *c = xstrfmt("%s/c", dir);
	seal_prune(c, 0, 9000);
	assert_false(exists("c/oldest"));
	assert_false(exists("c/older"));
	assert_true(exists("c/old"));
	assert_true(exists("c/fresh"));
	/* under the bound: nothing goes */
	seal_prune(c, 0, 9000);
	assert_true(exists("c/old"));
	/* a bound only fresh entries exceed: they stay */
	seal_prune(c, 0, 1);
	assert_false(exists("c/old"));
	assert_true(exists("c/fresh"));
	free(c);
}

static void directories_are_entries_at_their_depth(void **state)
{
	(void)state;
	/* PoCL's layout: kcache/XX/PROGRAM/..., an entry a PROGRAM directory */
	cache_file("k/AB/one/program.bc", 3000, 3000);
	cache_file("k/AB/one/kernel/x.so", 3000, 0);   /* one fresh file: the entry is fresh */
	cache_file("k/CD/two/program.bc", 3000, 2000);
	cache_file("k/CD/two/kernel/x.so", 3000, 2000);
	cache_file("k/EF/big/program.bc", SEAL_ENTRY_MAX_BYTES + 1, 0);   /* over the cap: goes */
	/* old files in a directory a check has just touched (isolate.c, sandbox_source_cache): in use */
	cache_file("k/GH/touched/program.bc", 3000, 3000);
	char *touched = xstrfmt("%s/k/GH/touched", dir);
	assert_int_equal(utimes(touched, NULL), 0);
	free(touched);
	char *k = xstrfmt("%s/k", dir);
	seal_prune(k, 2, 7000);
	assert_true(exists("k/AB/one/program.bc"));
	assert_true(exists("k/AB/one/kernel/x.so"));
	assert_true(exists("k/GH/touched/program.bc"));
	assert_false(exists("k/CD/two"));
	assert_false(exists("k/EF/big"));
	free(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(sealed_entries_verify_only_as_made, setup, teardown),
		cmocka_unit_test_setup_teardown(files_round_trip_and_forgeries_go, setup, teardown),
		cmocka_unit_test_setup_teardown(a_key_others_may_read_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(pruning_goes_least_recently_used_first, setup, teardown),
		cmocka_unit_test_setup_teardown(directories_are_entries_at_their_depth, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
