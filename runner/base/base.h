/*
 * base.h: the lowest layer: limits and defaults, strings, errors, files, the clock, the language
 * in use. It knows nothing of courses, devices or terminals.
 *
 * Conventions (see CONTRIBUTING.md): functions return 0 or a negative value on error; error() prints
 * "clings: message" and returns -1 so callers write `return error(...)`. Types that own memory
 * have a FOO_INIT initialiser and a foo_release() that frees what they own.
 */
#ifndef BASE_BASE_H
#define BASE_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define CLINGS_VERSION "1.0"

/* ---- limits and defaults: the one place where they live ---- */
#define NAME_MAX_LEN 64          /* exercise, kernel, argument and parameter names */
#define TEXT_MAX_WIDTH 100       /* lessons and hints: wider lines are hard to read */
#define PIPE_WIDTH 80            /* text going to a file or a pipe: what its reader expects */
#define MAX_ARGS 16              /* kernel arguments in a check */
#define MAX_VARS 32              /* parameters plus derived values of one test */
#define MAX_LETS 16
#define MAX_TESTS 32             /* [test ...] sections in a check */
#define MAX_CASES 256            /* test cases of a check in all (each runs the kernel) */
#define MAX_DIMS 2
#define COMMON_WORK_GROUP 256    /* work-items of a group every common GPU runs (validate's limit) */
#define MAX_WORK_GROUP_LIMIT 4096 /* what a check's max_work_group_size may raise it to */
#define HOST_LOOP_CPU_MS 2000    /* processor time validate spends following a test's [repeat]
				  * loop, pass by pass, before it takes it for one without end; a
				  * run is bounded by the check's time limit alone */
#define BENCH_MAX_PASSES 64      /* the passes `clings bench` times (each makes its own inputs) */
#define DEFAULT_TIME_LIMIT_MS 4000
#define MAX_TIME_LIMIT_MS 600000 /* ten minutes: a check that needs more is broken */
#define MIN_MEMORY_LIMIT_MB 256  /* less cannot even load the OpenCL compiler */
#define MAX_MEMORY_LIMIT_MB (1 << 20)
#define BUILD_TIME_LIMIT_MS 60000 /* a cold compiler cache on a busy machine is slow, not hung */
#define BUILD_CPU_S 5            /* processor time of one build: a kernel takes well under one */
#define REFERENCE_BUILD_CPU_S 30 /* the course's own reference: a large kernel at -O2 on a loaded machine */
#define BUILD_MEMORY_MB 2048     /* address space while building (a child needs about 800) */
#define DEFAULT_MEMORY_LIMIT_MB 8192 /* address space of a CPU-device child */
#define DEFAULT_SEED 20261123u
#define DEFAULT_TOLERANCE 1e-6
#define MAX_BUFFER_BYTES ((int64_t)1 << 30)  /* one buffer of a check */
#define MAX_LOCAL_BYTES 32768    /* one __local argument: what every OpenCL 1.2 device gives */
#define MAX_WORK_ITEMS ((int64_t)1 << 32) /* of one launch: more is a broken check, not a test */
#define STATE_LOCK_WAIT_MS 5000  /* for another clings to finish saving the progress */
#define STALE_TEMP_S 10          /* a temporary file this old is a dead save's, whoever wrote it */
#define GUARD_BYTES 1024         /* guard region after every global buffer */
#define POISON_BYTE 0xCD         /* fills outputs before a run: "never written" */
#define LEARNER_FILE_MAX ((size_t)1 << 20)   /* the learner's file: a kernel is a few KB */
#define PRIVATE_MEM_MAX (64 << 10)          /* private bytes a work-item may declare (GPUs spill far less) */

/* ---- strings: a growable buffer (git's strbuf, smaller) ---- */
struct sbuf {
	char *buf;  /* a NUL-terminated string, never NULL: "" (sbuf_slopbuf) until it owns memory */
	size_t len, cap;
};
extern char sbuf_slopbuf[];
#define SBUF_INIT { sbuf_slopbuf, 0, 0 }
void sbuf_add(struct sbuf *sb, const char *s, size_t n);
void sbuf_adds(struct sbuf *sb, const char *s);
void sbuf_addf(struct sbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sbuf_vaddf(struct sbuf *sb, const char *fmt, va_list ap);
void sbuf_reset(struct sbuf *sb);
const char *sbuf_str(const struct sbuf *sb); /* sb->buf: "" when empty */
char *sbuf_detach(struct sbuf *sb);          /* caller owns the result; sb is empty again */
void sbuf_release(struct sbuf *sb);

/* ---- errors and small helpers  ---- */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));   /* prints, returns -1 */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Overwrites s's bytes with zeros (s may be NULL): a text that must not outlive its use in
 * memory a later child could read (a solution, a student's kernel). */
void wipe_string(char *s);
/* Copies at most cap-1 bytes and always terminates. */
void copy_str(char *dst, size_t cap, const char *src);
/* Reads a whole regular file; returns 0 or -1 with errno set (a FIFO or device is EINVAL, never a
 * wait). *out is NUL-terminated, caller frees. */
int read_file(const char *path, char **out, size_t *len);
/* The same, for a file someone else gave us: only a regular file of at most max bytes; a FIFO,
 * a device or a directory fails at once (EINVAL, EISDIR), a larger file with EFBIG. */
int read_regular_file(const char *path, size_t max, char **out, size_t *len);
/* The longest line inih reads whole (its INI_MAX_LINE of 200, less the newline and the NUL). */
#define INI_LINE_MAX 198
/* The first line of an ini text longer than INI_LINE_MAX, or 0: inih would cut it and read its
 * tail as a line of its own (a key that changes a limit, say). */
int ini_long_line(const char *text);
/* An ini file's yes/no (also true/false, on/off, 1/0) into *out; false when it is neither. */
bool parse_yes_no(const char *v, bool *out);
/* The directory of the running program (/proc/self/exe), or NULL. Caller frees. */
char *program_dir(void);
/* A 64-bit hash (FNV-1a) of what is added to it, from HASH_INIT: the reference results' key,
 * a grading's seed. Not for secrets. */
#define HASH_INIT 0xcbf29ce484222325ull
/* hex_encode: the n bytes as 2n lowercase hex digits and a NUL in out (2n+1 bytes).
 * hex_decode: the inverse; the number of bytes written, or -1 for a digit that is not lowercase
 * hex, an odd length or more than cap bytes. */
void hex_encode(const void *bytes, size_t n, char *out);
long hex_decode(const char *hex, void *out, size_t cap);
uint64_t hash_add(uint64_t h, const void *data, size_t n);
uint64_t hash_add_str(uint64_t h, const char *s);   /* s and its NUL; NULL counts as "" */
/* mkdir -p: every missing directory of path; 0, or -1 (printed). */
int make_dirs(const char *path);
/* The same, each missing directory made with mode, and nothing printed: -1 with errno set, for
 * callers to whom a directory not made only costs time (a cache), or who say it their way. */
int make_dirs_quiet(const char *path, mode_t mode);
/* The environment's variable name as a whole decimal number from min to max, into *out: 1; 0
 * when it is unset or empty; -1 when it is anything else. */
int env_number(const char *name, long min, long max, long *out);
/* A seed as a user types it: a decimal number from 1 to 2^64-1; -1 otherwise. */
int parse_seed(const char *s, uint64_t *out);
/* Length of the valid UTF-8 sequence at p (1 to 4), or 0 when the bytes there are not one. */
int utf8_sequence_len(const unsigned char *p);
/* Reads a whole file from its start through an open descriptor (its offset unchanged). */
int read_fd(int fd, char **out);
/* Writes all n bytes (again after EINTR); 0, or -1 with errno set. */
int write_all(int fd, const void *buf, size_t n);
/* Writes a file atomically: temp file beside it (PATH.tmp.PID.XXXXXX), fsync, rename, fsync of
 * the directory. */
#define TEMP_INFIX ".tmp."
int write_file_atomic(const char *path, const void *data, size_t len);
/* Removes what saves killed in the middle left in dir: write_file_atomic's temporary files whose
 * writer is gone, or older than STALE_TEMP_S (its pid may be another process's by now). A save
 * under way in another process keeps its file. Quiet: a file it cannot remove stays. */
void remove_stale_temps(const char *dir);
double now_seconds(void); /* monotonic clock */
double process_cpu_seconds(void);   /* the processor time of this process, every thread */
/* Where a trace for clings' developers goes (CLINGS_TRACE): a file for an absolute path, appended
 * to; stderr for any other value when stderr may take it (not the watcher's terminal); else, or
 * unset, or a file that cannot be opened, NULL. trace_close closes what trace_open opened. */
FILE *trace_open(bool stderr_ok);
void trace_close(FILE *f);
/* Escapes tabs, newlines and backslashes so a value fits on one line of the child protocol. */
void escape_line(struct sbuf *out, const char *s);
void unescape_line(struct sbuf *out, const char *s);

/* ---- language ---- */
/* Language names are tags as courses and catalogs write them: "en", "pt-BR", "es". */
#define LANG_NAME_MAX 16
/* The language asked for: --lang, then CLINGS_LANG, as given; else LC_ALL/LANG as a tag
 * ("pt_BR.UTF-8" -> "pt-BR"); else "en". Who speaks it is the caller's question. */
const char *lang_choose(const char *flag);
/* Whether a and b are one language ("pt" and "pt-BR", "es-MX" and "es"): the same first subtag. */
bool lang_same_family(const char *a, const char *b);
/* path as the learner would type it: relative to the working directory when inside it. */
const char *path_shown(const char *path);
/* The language of error(), warning() and die() (main sets it; English until then). */
void messages_lang_set(const char *lang);
const char *messages_lang(void);
/* error(), warning() and die() wrap their lines at their spaces to width columns (0: never, the
 * default), so that a terminal does not break a word of a long message in two. */
void messages_wrap_set(int width);
/*
 * The runner's own words in lang (i18n.c): the translation of english in lang's catalog (po/),
 * else english itself (lang may be NULL). A format keeps its conversions in the same order
 * (msgfmt -c checks), so format_arg lets the compiler check the arguments against the English.
 * The result lives as long as the program.
 */
const char *tr(const char *lang, const char *english) __attribute__((format_arg(2)));
/* The same for a short word whose translation depends on where it stands (gettext's msgctxt). */
const char *tr_ctx(const char *lang, const char *context, const char *english)
	__attribute__((format_arg(3)));
/* The form of a message for the number n, by the plural rule of lang's catalog. */
const char *trn(const char *lang, const char *singular, const char *plural, unsigned long n)
	__attribute__((format_arg(2))) __attribute__((format_arg(3)));
/* v with so many decimals, and lang's decimal separator ("0,13" in Portuguese); in buf. */
const char *number_in(const char *lang, double v, int decimals, char buf[32]);
/* The language of a catalog (English included) for the asked one: the same name, else one of
 * its family ("pt" -> "pt-BR"); NULL when there is none. */
const char *lang_catalog_match(const char *lang);
/* Marks a string for the catalog where it is defined, in a table; tr() translates it where it
 * is used. */
#define N_(english) english


#endif
