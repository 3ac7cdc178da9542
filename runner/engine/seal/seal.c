/*
 * seal.c: the keyed hash of cache entries, the user's key, the cache's bound (seal.h says the
 * contract). HMAC-SHA256 is nettle's; the key's bytes come from getrandom(2).
 */
#include "engine/seal/seal.h"
#include "base/base.h"
#include "course/course.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <nettle/hmac.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SEAL_MAGIC "clings-seal 1 "
#define SEAL_HEX (2 * SHA256_DIGEST_SIZE)

/* $XDG_STATE_HOME/clings, else ~/.local/state/clings; a folder of this run's own when those
 * belong to another user (course/workspace.c): the key is never made where another user could
 * read it or put one. */
static char *key_dir(void)
{
	char *any = user_state_path("x"), *slash = strrchr(any, '/');
	*slash = '\0';
	return any;
}

/* Reads the key from an open descriptor: only this user's regular file of SEAL_KEY_BYTES that
 * nobody else may read. 0, or -1 with why. */
static int read_key(int fd, const char *path, struct seal_key *k, struct sbuf *why)
{
	struct stat st;
	if (fstat(fd, &st) < 0)
		sbuf_addf(why, "%s: %s", path, strerror(errno));
	else if (!S_ISREG(st.st_mode) || st.st_size != SEAL_KEY_BYTES)
		sbuf_addf(why, "%s: not a key of %d bytes; remove it to make a new one", path, SEAL_KEY_BYTES);
	else if (st.st_uid != geteuid())
		sbuf_addf(why, "%s: owned by another user", path);
	else if (st.st_mode & 077)
		sbuf_addf(why, "%s: others may read it (mode %03o); make it 0600, or remove it", path,
			  (unsigned)(st.st_mode & 0777));
	else if (read(fd, k->bytes, SEAL_KEY_BYTES) != SEAL_KEY_BYTES)
		sbuf_addf(why, "%s: cannot read the key", path);
	else
		k->loaded = true;
	if (!k->loaded)
		explicit_bzero(k->bytes, sizeof(k->bytes));
	return k->loaded ? 0 : -1;
}

/* A new key beside path, then linked to it: the first of two processes making one wins, and the
 * other reads the winner's. 0, or -1 with why. */
static int make_key(const char *dir, const char *path, struct sbuf *why)
{
	unsigned char fresh[SEAL_KEY_BYTES];
	if (getrandom(fresh, sizeof(fresh), 0) != (ssize_t)sizeof(fresh)) {
		sbuf_addf(why, "cannot make a cache key: %s", strerror(errno));
		return -1;
	}
	char *tmp = xstrfmt("%s/cache-key.%d", dir, (int)getpid());
	unlink(tmp);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int rc = fd < 0 || write_all(fd, fresh, sizeof(fresh)) < 0 || fsync(fd) < 0 ? -1 : 0;
	explicit_bzero(fresh, sizeof(fresh));
	if (fd >= 0)
		close(fd);
	if (rc == 0 && link(tmp, path) < 0 && errno != EEXIST)
		rc = -1;
	if (rc < 0)
		sbuf_addf(why, "%s: %s", tmp, strerror(errno));
	unlink(tmp);
	free(tmp);
	return rc;
}

/* mkdir -p without a word: a home that cannot hold one is no error of the user's. */
static int mkdir_quiet(const char *dir)
{
	char *path = xstrdup(dir);
	int rc = 0;
	for (char *p = path + 1; rc == 0 && *p; p++)
		if (*p == '/') {
			*p = '\0';
			rc = mkdir(path, 0700) < 0 && errno != EEXIST ? -1 : 0;
			*p = '/';
		}
	if (rc == 0 && mkdir(path, 0700) < 0 && errno != EEXIST)
		rc = -1;
	free(path);
	return rc;
}

int seal_key_load(struct seal_key *k)
{
	if (k->loaded)
		return 0;
	static bool told;   /* once a process: a watcher checks again at every save */
	char *dir = key_dir(), *path = xstrfmt("%s/cache-key", dir);
	struct sbuf why = SBUF_INIT;
	int rc = -1;
	bool none = false;   /* no key, and none can be made (a grading machine's read-only home) */
	for (int attempt = 0; attempt < 2 && rc < 0 && !why.len && !none; attempt++) {
		int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd >= 0) {
			rc = read_key(fd, path, k, &why);
			close(fd);
		} else if (errno != ENOENT || attempt) {
			sbuf_addf(&why, "%s: %s", path, strerror(errno));
		} else if (access(dir, W_OK) < 0 && (mkdir_quiet(dir) < 0 || access(dir, W_OK) < 0)) {
			none = true;   /* as without a cache directory: quietly no cache */
		} else {
			make_key(dir, path, &why);
		}
	}
	if (rc < 0 && !none && !told) {
		told = true;
		error("%s; clings' caches are not used", sbuf_str(&why));
	}
	sbuf_release(&why);
	free(path);
	free(dir);
	return rc;
}

/* nettle's HMAC leaves the key's pads in its own stack frames, deeper than its caller's: they
 * are cleared too, before a child is forked with a copy of this stack. */
static void __attribute__((noinline)) scrub_stack(void)
{
	unsigned char area[16384];
	explicit_bzero(area, sizeof(area));
	__asm__ volatile("" : : "r"(area) : "memory");
}

void seal_key_release(struct seal_key *k)
{
	explicit_bzero(k->bytes, sizeof(k->bytes));
	k->loaded = false;
	scrub_stack();
}

/* The MAC of (kind, binding, body), each with its length first, in hex. */
static void mac(const struct seal_key *k, const char *kind, const char *binding, const void *body,
		size_t len, char hex[SEAL_HEX + 1])
{
	struct hmac_sha256_ctx ctx;
	hmac_sha256_set_key(&ctx, SEAL_KEY_BYTES, k->bytes);
	const char *part[2] = { kind, binding ? binding : "" };
	for (int i = 0; i < 2; i++) {
		uint64_t n = strlen(part[i]);
		hmac_sha256_update(&ctx, sizeof(n), (const uint8_t *)&n);
		hmac_sha256_update(&ctx, n, (const uint8_t *)part[i]);
	}
	uint64_t n = len;
	hmac_sha256_update(&ctx, sizeof(n), (const uint8_t *)&n);
	hmac_sha256_update(&ctx, len, body);
	uint8_t digest[SHA256_DIGEST_SIZE];
	hmac_sha256_digest(&ctx, sizeof(digest), digest);
	explicit_bzero(&ctx, sizeof(ctx));   /* its state is the key's */
	hex_encode(digest, sizeof(digest), hex);
}

void seal_add(const struct seal_key *k, const char *kind, const char *binding, const void *body,
	      size_t len, struct sbuf *out)
{
	char hex[SEAL_HEX + 1];
	mac(k, kind, binding, body, len, hex);
	sbuf_addf(out, SEAL_MAGIC "%s\n", hex);
	sbuf_add(out, body, len);
}

int seal_check(const struct seal_key *k, const char *kind, const char *binding, const char *text,
	       size_t len, size_t *body_at)
{
	size_t head = strlen(SEAL_MAGIC) + SEAL_HEX + 1;
	if (!k->loaded || len < head || memcmp(text, SEAL_MAGIC, strlen(SEAL_MAGIC)) || text[head - 1] != '\n')
		return -1;
	char want[SEAL_HEX + 1];
	mac(k, kind, binding, text + head, len - head, want);
	/* every byte compared, whatever the first difference (no timing to learn it from) */
	unsigned char diff = 0;
	for (int i = 0; i < SEAL_HEX; i++)
		diff |= (unsigned char)(want[i] ^ text[strlen(SEAL_MAGIC) + (size_t)i]);
	if (diff)
		return -1;
	*body_at = head;
	return 0;
}

long long seal_cache_max(void)
{
	long mb;
	return env_number("CLINGS_CACHE_MAX_MB", 1, (1L << 40) - 1, &mb) > 0 ? (long long)mb << 20
									    : SEAL_CACHE_MAX_BYTES;
}

/* clings' part of the user's cache: what seal_prune bounds. */
static char *cache_root(void)
{
	char *any = user_cache_path("x"), *slash = strrchr(any, '/');
	*slash = '\0';
	return any;
}

int seal_write_file_with(const struct seal_key *k, const char *path, const char *kind,
			 const char *binding, const void *body, size_t len)
{
	if (!k->loaded)
		return -1;
	if (len > SEAL_ENTRY_MAX_BYTES) {   /* not kept: one entry must not fill the cache */
		unlink(path);
		return -1;
	}
	struct sbuf out = SBUF_INIT;
	seal_add(k, kind, binding, body, len, &out);
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	int rc = slash && make_dirs(dir) == 0 ? write_file_atomic(path, out.buf, out.len) : -1;
	free(dir);
	sbuf_release(&out);
	return rc;
}

/* PoCL's kernel cache, as PoCL finds it: it must stay writable for the build. */
char *compiler_cache_dir(void)
{
	const char *d = getenv("POCL_CACHE_DIR");
	if (d && *d)
		return xstrdup(d);
	d = getenv("XDG_CACHE_HOME");
	if (d && *d)
		return xstrfmt("%s/pocl", d);
	d = getenv("HOME");
	return d && *d ? xstrfmt("%s/.cache/pocl", d) : NULL;
}

char *compiler_kernel_cache(void)
{
	char *base = compiler_cache_dir();
	char *dir = !base ? NULL : getenv("POCL_CACHE_DIR") && *getenv("POCL_CACHE_DIR") ? xstrdup(base)
									       : xstrfmt("%s/kcache", base);
	free(base);
	return dir;
}

/* Whether this call is one that walks the caches: the count (PRUNE_COUNT in clings' cache, one
 * byte a call since the last walk) has reached SEAL_PRUNE_EVERY, or was missing or empty, or
 * cannot be used (then every call walks, as the cap needs). Read as the user's own file that
 * anything may have replaced: no link followed, no FIFO waited on, only its size believed. */
#define PRUNE_COUNT "prune-count"
static bool prune_due(const char *root)
{
	char *path = xstrfmt("%s/" PRUNE_COUNT, root);
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
	free(path);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		return true;
	}
	bool due = st.st_size == 0 || st.st_size >= SEAL_PRUNE_EVERY;
	/* reset when due; a count that cannot be reset or grow leaves every call due */
	int reset = due ? ftruncate(fd, 0) : 0;
	bool counted = reset == 0 && write(fd, "c", 1) == 1;
	close(fd);
	return due || !counted;
}

void seal_prune_cache(const char *source_cache)
{
	/* The check's own source's builds, at once: one file over the entry's cap is not kept (a
	 * kernel with a 60 MB __constant table), whatever the count says. A few files: no walk. */
	if (source_cache)
		seal_prune(source_cache, 0, LLONG_MAX);
	char *root = cache_root();
	if (!prune_due(root)) {
		free(root);
		return;
	}
	char *pocl = compiler_kernel_cache();
	seal_prune(root, 0, seal_cache_max());
	/* PoCL's: one directory a program (kcache/XX/NAME), never touched on a hit */
	if (pocl) {
		seal_prune(pocl, 2, seal_cache_max());
		/* the learners' sources' (isolate.c): one directory a source, SOURCES/HASH */
		char *sources = xstrfmt("%s-sources", pocl);
		seal_prune(sources, 1, seal_cache_max());
		free(sources);
	}
	free(pocl);
	free(root);
}

int seal_read_file_with(const struct seal_key *k, const char *path, const char *kind,
			const char *binding, char **body, size_t *len)
{
	char *text = NULL;
	size_t n = 0, at = 0;
	*body = NULL;
	*len = 0;
	if (!k->loaded || read_regular_file(path, SEAL_ENTRY_MAX_BYTES + 256, &text, &n) < 0)
		return -1;
	if (seal_check(k, kind, binding, text, n, &at) < 0) {
		if (getenv("CLINGS_DEBUG"))
			fprintf(stderr, "clings: seal: %s does not verify: removed\n", path);
		unlink(path);   /* made again by whoever needs it */
		free(text);
		return -1;
	}
	memmove(text, text + at, n - at + 1);
	*body = text;
	*len = n - at;
	seal_touch(path);
	return 0;
}

int seal_write_file(const char *path, const char *kind, const char *binding, const void *body, size_t len)
{
	struct seal_key k = SEAL_KEY_INIT;
	int rc = seal_key_load(&k) < 0 ? -1 : seal_write_file_with(&k, path, kind, binding, body, len);
	seal_key_release(&k);
	return rc;
}

int seal_read_file(const char *path, const char *kind, const char *binding, char **body, size_t *len)
{
	struct seal_key k = SEAL_KEY_INIT;
	*body = NULL;
	*len = 0;
	/* A missing entry needs no key (nor makes one). */
	int rc = access(path, F_OK) < 0 || seal_key_load(&k) < 0 ? -1
		 : seal_read_file_with(&k, path, kind, binding, body, len);
	seal_key_release(&k);
	return rc;
}

void seal_digest(const void *data, size_t len, char hex[65])
{
	struct sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];
	sha256_init(&ctx);
	sha256_update(&ctx, len, data);
	sha256_digest(&ctx, sizeof(d), d);
	hex_encode(d, sizeof(d), hex);
}

int seal_digest_file(const char *path, char hex[65])
{
	char *text = NULL;
	size_t len = 0;
	if (read_file(path, &text, &len) < 0)
		return -1;
	seal_digest(text, len, hex);
	free(text);
	return 0;
}

void seal_touch(const char *path)
{
	utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW);
}

/* The entries of one walk (nftw has no argument for its callback's state): one row a file
 * first, then one an entry (a file, or a directory at entry_depth under the root). */
struct cache_entry {
	char *path;
	long long size;
	struct timespec used;
};
static struct {
	struct cache_entry *e;
	size_t n, cap, root_len;
	int depth;
} walk;

/* The path of the entry that holds path: its first walk.depth components under the root. */
static char *entry_of(const char *path)
{
	const char *p = path + walk.root_len;
	for (int i = 0; i < walk.depth && *p; i++) {
		const char *slash = strchr(p + 1, '/');
		if (!slash)
			return xstrdup(path);   /* shallower than an entry: the file is one */
		p = slash;
	}
	return walk.depth ? xstrfmt("%.*s", (int)(p - path), path) : xstrdup(path);
}

static int walk_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	/* An entry's own directory counts with its time: a check touches it before its children
	 * read it (sandbox_source_cache), and PoCL's hits touch no file in it. */
	bool entry_dir = type == FTW_D && walk.depth > 0 && ftw->level == walk.depth;
	/* a file another process is writing (write_file_atomic's) is not an entry yet */
	if (!entry_dir && (type != FTW_F || !S_ISREG(st->st_mode) || strstr(path + ftw->base, TEMP_INFIX)))
		return 0;
	if (walk.n == walk.cap) {
		walk.cap = walk.cap ? 2 * walk.cap : 64;
		walk.e = xrealloc(walk.e, walk.cap * sizeof(*walk.e));
	}
	walk.e[walk.n++] = (struct cache_entry){ entry_of(path), entry_dir ? 0 : (long long)st->st_size,
						  st->st_mtim };
	return 0;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct cache_entry *)a)->path, ((const struct cache_entry *)b)->path);
}

static int before(const struct timespec *x, const struct timespec *y)
{
	if (x->tv_sec != y->tv_sec)
		return x->tv_sec < y->tv_sec ? -1 : 1;
	return x->tv_nsec < y->tv_nsec ? -1 : x->tv_nsec > y->tv_nsec;
}

static int older_first(const void *a, const void *b)
{
	return before(&((const struct cache_entry *)a)->used, &((const struct cache_entry *)b)->used);
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

static void remove_entry(const char *path)
{
	struct stat st;
	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
		nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	else
		unlink(path);
}

void seal_prune(const char *dir, int depth, long long max)
{
	walk.n = 0;
	walk.root_len = strlen(dir);
	walk.depth = depth;
	/* FTW_PHYS: a link is not followed out of the cache */
	if (nftw(dir, walk_one, 16, FTW_PHYS) == 0 && walk.n) {
		/* the files into their entries: sizes summed, the newest time kept */
		qsort(walk.e, walk.n, sizeof(*walk.e), by_path);
		size_t m = 0;
		for (size_t i = 0; i < walk.n; i++) {
			if (m && !strcmp(walk.e[m - 1].path, walk.e[i].path)) {
				walk.e[m - 1].size += walk.e[i].size;
				if (before(&walk.e[m - 1].used, &walk.e[i].used) < 0)
					walk.e[m - 1].used = walk.e[i].used;
				free(walk.e[i].path);
			} else {
				walk.e[m++] = walk.e[i];
			}
		}
		walk.n = m;
		qsort(walk.e, walk.n, sizeof(*walk.e), older_first);
		long long total = 0;
		for (size_t i = 0; i < walk.n; i++)
			total += walk.e[i].size;
		/* One entry over the cap goes at once; then the least recently used, but none used in
		 * the last SEAL_IDLE_S (another process may be making or reading it). */
		struct timespec now;
		clock_gettime(CLOCK_REALTIME, &now);
		for (size_t i = 0; i < walk.n; i++) {
			bool idle = now.tv_sec - walk.e[i].used.tv_sec >= SEAL_IDLE_S;
			if ((long long)SEAL_ENTRY_MAX_BYTES < walk.e[i].size || (total > max && idle)) {
				remove_entry(walk.e[i].path);
				total -= walk.e[i].size;
			}
		}
	}
	for (size_t i = 0; i < walk.n; i++)
		free(walk.e[i].path);
	free(walk.e);
	walk.e = NULL;
	walk.n = walk.cap = 0;
}
