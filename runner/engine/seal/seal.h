/*
 * engine/seal/: cache entries bound to what made them (seal.c). Every file clings keeps in a cache and
 * later believes (the verdict cache, the wrong kernels' outputs, the reference's kept binary, the
 * precompiled header's record) is text a learner's kernel, another tool or another user may have
 * written: it is read back only when its keyed hash verifies.
 *
 * The key: 32 random bytes in $XDG_STATE_HOME/clings/cache-key (~/.local/state by default),
 * outside every cache and every sandbox, made once (mode 0600, atomically) and refused when
 * another user owns it, when group or others may read it, or when it is not a regular file of
 * its size. It is held in memory only while an entry is sealed or checked (seal_key_load, then
 * seal_key_release, which wipes it): a child that runs a learner's kernel is never forked while
 * it is (a kernel on a CPU device can read its own process's memory).
 *
 * An entry is one line, "clings-seal 1 MAC\n" (MAC: HMAC-SHA256, nettle's, in hex), then its
 * body. The MAC covers the entry's kind ("verdict", "ref", ...), its binding (what made it: the
 * key its name was made from, spelt out) and the body: an entry moved to another name, another
 * kind's entry, a cut one or one changed by a byte does not verify, and what does not verify is
 * a miss (removed, then made again), never a verdict.
 *
 * Sizes (one place, documented in docs/install.md): an entry over SEAL_ENTRY_MAX_BYTES is not
 * kept; clings' cache ($XDG_CACHE_HOME/clings) and PoCL's kernel cache are each pruned to
 * SEAL_CACHE_MAX_BYTES (or CLINGS_CACHE_MAX_MB) every SEAL_PRUNE_EVERY checks (seal_prune_cache),
 * least recently used first (a hit marks one of clings' entries used: seal_touch; PoCL's are
 * known only by when they were made).
 */
#ifndef ENGINE_SEAL_H
#define ENGINE_SEAL_H

#include <stdbool.h>
#include <stddef.h>

struct sbuf;

#define SEAL_KEY_BYTES 32
#define SEAL_ENTRY_MAX_BYTES ((size_t)16 << 20)    /* one entry: a reference binary is ~100 KB */
#define SEAL_CACHE_MAX_BYTES ((long long)256 << 20) /* each of the two caches, all its entries */
#define SEAL_IDLE_S 60                              /* an entry used since is never pruned */

struct seal_key {
	unsigned char bytes[SEAL_KEY_BYTES];
	bool loaded;
};
#define SEAL_KEY_INIT { { 0 }, false }

/* The user's key, made when missing; 0, or -1 after error() (a key that cannot be trusted or
 * made: then nothing is sealed or read back, every cache misses). */
int seal_key_load(struct seal_key *k);
/* Wipes the key from memory; *k is SEAL_KEY_INIT again. */
void seal_key_release(struct seal_key *k);

/* Appends the sealed entry (its line, then body) to out. */
void seal_add(const struct seal_key *k, const char *kind, const char *binding, const void *body,
	      size_t len, struct sbuf *out);
/* Whether text (len bytes) is an entry of kind for binding sealed with k: 0 with *body_at the
 * offset of its body, or -1. */
int seal_check(const struct seal_key *k, const char *kind, const char *binding, const char *text,
	       size_t len, size_t *body_at);

/* Seals body and writes it atomically to path (its directory made), with the key loaded for
 * that moment only; a body over SEAL_ENTRY_MAX_BYTES is not written (the old entry goes). 0, or
 * -1. Quiet: a cache that cannot be written is only slower. */
int seal_write_file(const char *path, const char *kind, const char *binding, const void *body,
		    size_t len);
/* Reads path's entry back: 0 with *body (allocated, NUL-terminated) and *len when it verifies
 * (and marks it used), else -1, and an entry that is there but does not verify is removed. */
int seal_read_file(const char *path, const char *kind, const char *binding, char **body, size_t *len);

/* The same, with a key the caller holds (a child given one before its fork: refbin.c). */
int seal_write_file_with(const struct seal_key *k, const char *path, const char *kind,
			 const char *binding, const void *body, size_t len);
int seal_read_file_with(const struct seal_key *k, const char *path, const char *kind,
			const char *binding, char **body, size_t *len);

/* SHA-256 of len bytes, in hex (65 bytes with the NUL): an identity (the access plugin's file),
 * not a secret. */
void seal_digest(const void *data, size_t len, char hex[65]);
/* The digest of a whole regular file; -1 when it cannot be read. */
int seal_digest_file(const char *path, char hex[65]);

/* The bound of clings' cache: CLINGS_CACHE_MAX_MB (a class's administrator, the tests) when it is
 * a positive number of MiB, else SEAL_CACHE_MAX_BYTES. */
long long seal_cache_max(void);
/* Marks path used now (its modification time), for the pruning. */
void seal_touch(const char *path);
/* Prunes dir, whose entries are its files (depth 0) or its directories depth levels down (their
 * size all their files', their time the newest of their files' and their own directory's, which
 * a check touches before its children use it): an entry over SEAL_ENTRY_MAX_BYTES
 * goes, then the least recently used until the entries hold at most max bytes, but never one
 * used in the last SEAL_IDLE_S. Quiet: what cannot be removed stays. */
void seal_prune(const char *dir, int depth, long long max);
/* After a check that ran its children (the parent's call): a file over SEAL_ENTRY_MAX_BYTES in
 * source_cache (the check's own source's builds, sandbox_source_cache; NULL: none) goes at once;
 * and every SEAL_PRUNE_EVERY calls (counted in clings' cache, per user, whatever the process;
 * a count missing or unusable prunes at once), seal_prune of clings' cache ($XDG_CACHE_HOME/clings),
 * of PoCL's kernel cache (compiler_kernel_cache) and of the sources' caches beside it, each to
 * seal_cache_max(). Their walks (thousands of files) are off the hot path of most checks: each
 * cache holds at most its cap plus what fewer than SEAL_PRUNE_EVERY checks kept since the last
 * walk (entries used in the last SEAL_IDLE_S aside, as ever). */
#define SEAL_PRUNE_EVERY 8
void seal_prune_cache(const char *source_cache);
/* PoCL's cache folder, as PoCL finds it ($POCL_CACHE_DIR, else $XDG_CACHE_HOME/pocl or
 * ~/.cache/pocl), and the directory of its programs' entries in it (both allocated; NULL: none). */
char *compiler_cache_dir(void);
char *compiler_kernel_cache(void);

#endif
