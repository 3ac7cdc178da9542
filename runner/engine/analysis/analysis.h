/*
 * engine/analysis/: the analysis on Oclgrind: its environment and the translation of its log into
 * the first finding a learner should fix (analyze.c, with races in race.c and addresses in
 * address.c), the log as data (oclgrind-log.c), the memory-access figures the plugin Oclgrind
 * loads measures (access-plugin.cpp, read by access-figures.c), and how one check's analysed
 * tests are shared among children side by side (analysis-parts.c). It reads what a child wrote,
 * as data; it starts no child itself. It includes engine/report/ only.
 */
#ifndef ENGINE_ANALYSIS_H
#define ENGINE_ANALYSIS_H

#include "base/msg.h"
#include "base/proc.h"
#include "course/course.h"
#include "engine/report/report.h"

/* ---- memory-access figures (access-figures.c): what the access plugin measured on Oclgrind ---- */
#define ACCESS_SECTOR_BYTES 32
#define ACCESS_WARP 32               /* CLINGS_WARP overrides it (64 for an AMD wavefront) */
#define ACCESS_BANKS 32              /* CLINGS_BANKS overrides it */
/* The plugin Oclgrind loads to measure accesses ($CLINGS_ACCESS_PLUGIN, else build/ beside the
 * program, else PREFIX/lib/clings/ when installed), or NULL when it is not there. */
const char *access_plugin_path(void);
/* Reads the analysis child's "access" lines, summed per memory instruction over every launch,
 * in source order; those of a test that says `access = no` (after its "begin" line) are left out.
 * Returns how many (*out is the caller's to free), or -1 when the plugin did not report. */
int access_figures_parse(const char *text, const struct check_spec *spec, struct access_figure **out);
/* Checks spec's [access] rules against the figures: 1 with the learner's explanation added to
 * msg (the course's own words on the rule in lang) and the instruction's line in *line when one
 * is unmet, 0 when all hold. */
int access_rules_check(const struct check_spec *spec, const struct access_figure *f, int n,
		       const char *lang, struct msg *msg, int *line);
/* The warp width and bank count the figures assume. */
int access_warp(void);
int access_banks(void);

/* ---- analysis on Oclgrind (analyze.c) ---- */
/* Oclgrind's log in the analysis child: its descriptor 4, a file in memory the parent keeps. */
#define ANALYSIS_LOG "/proc/self/fd/4"
/* Oclgrind's runtime as an ICD library: the analysis child's only platform (OCL_ICD_VENDORS). */
#define OCLGRIND_ICD "/usr/lib/oclgrind/liboclgrind-rt-icd.so"
bool analysis_available(void);   /* Oclgrind's OpenCL library is installed */
/*
 * Environment for the analysis child: Oclgrind as the only platform, its checks on, its log.
 * Fills env with at most max-1 allocated "NAME=value" strings and a NULL; the caller frees them.
 */
void analysis_env(const char *log_path, char **env, int max);
struct finding {
	enum verdict verdict;         /* VERDICT_PASS: nothing found */
	struct msg message;           /* learner-facing, names file and line */
	char *file;
	int line;
};
/* Translates Oclgrind's log into the first finding a learner should fix, with its facts;
 * learner_src is the source that was analysed (NUL-terminated), named learner_path, kf (may be
 * NULL: then no guard is named) libclang's facts of it (repair/repair.h); channel (may be NULL)
 * is the analysis child's output, whose access plugin's lines name the kernel's own __local
 * arrays and the slots read unwritten. */
struct kernel_facts;
int verdict_from_analysis(const char *log, const char *learner_path, const char *learner_src,
			  const struct kernel_facts *kf, const struct analysis_buffer *bufs, int nbufs,
			  const char *channel, struct finding *f);
/* The same without the channel nor the kernel's facts, the source read from learner_path
 * (fuzzing). */
int verdict_from_oclgrind_log(const char *log, const char *learner_path,
			      const struct analysis_buffer *bufs, int nbufs, struct finding *f);
void finding_release(struct finding *f);

/* ---- Oclgrind's log as data (oclgrind-log.c) ---- */
/*
 * Oclgrind's log as data (oclgrind-log.c), for analyze.c to explain. Internal to
 * the engine.
 *
 * What Oclgrind 21.10 writes (learned by running the course's buggy kernels, see
 * tests/unit/data/oclgrind-*.log): messages separated by blank lines, each a header line such as
 * "Read-write data race at local memory address 0x1000000000008" followed by tab-indented lines:
 * "Entity: Global(x,y,z) Local(x,y,z) Group(x,y,z)" (or "First entity:" and "Second entity:"), the
 * LLVM instruction, and "At line N (column C) of FILE:" with a quoted source line.
 */
/* In the order a learner should fix them: a divergent barrier or a stray access makes the
 * races and uninitialised values Oclgrind reports next to it, rarely the other way round. */
enum msg_kind { MSG_DIVERGENCE, MSG_OUT_OF_BOUNDS, MSG_DATA_RACE, MSG_UNINITIALIZED, MSG_OTHER };

enum uninit_kind { UNINIT_WRITE, UNINIT_BRANCH, UNINIT_INDEX, UNINIT_ADDRESS };

/* ACCESS_ATOMIC: an atomic read-modify-write (atomic_inc, atomic_add, ...) */
enum access { ACCESS_UNKNOWN, ACCESS_READ, ACCESS_WRITE, ACCESS_ATOMIC };

/* One work-item (or a whole work-group, for async copies) named in a message. */
struct entity {
	bool set, is_group;
	long global[3], local[3], group[3];
	enum access access;
	size_t access_bytes;     /* size of the loaded or stored type; 0 when unknown */
	char func[32];           /* an atomic's OpenCL name ("atomic_inc"); "" when none */
	int line;
};

struct oclgrind_msg {
	enum msg_kind kind;
	bool write;              /* out of bounds: a write; data race: write-write */
	bool async;              /* divergence at async_work_group_copy, not at a barrier */
	enum uninit_kind uninit;
	char space[16];          /* "global", "local", "constant", "private" */
	uint64_t address;
	size_t size;             /* out of bounds: bytes accessed */
	long only, of;           /* divergence: "Only N out of M work-items executed barrier" */
	long wg[3];
	struct entity e[2];      /* race: first, second; divergence: this work-item, the earlier ones */
	int line;                /* the first "At line" */
};

struct parsed_log {
	struct oclgrind_msg *m;
	int n, cap;
	int dims;                /* highest dimension with a nonzero id anywhere in the log */
};

/* Reads every message of log into pl (pl->m allocated; the caller frees it). */
void oclgrind_log_parse(const char *log, struct parsed_log *pl);

/* ---- words for the learner (oclgrind-log.c) ---- */
bool same_id(const long a[3], const long b[3]);
/* Appends "    18 | code" for a line of the learner's file, when it can be read. */
void add_source_line(struct msg *m, const char *src, int line);
/* "FILE:LINE: what. ", what a catalog word. */
void add_location(struct msg *m, const char *path, int line, const char *what);
/* The id alone ("3", "(1,0)"), to be placed in a sentence. Allocated. */
char *id_text(const long id[3], int dims);
/* An id as the fact name: a number in one dimension, else its text "(1,0)". */
void fact_id(struct msg *m, const char *name, const long id[3], int dims);
/* The work-item's words appended to m, "work-item 3 of work-group 1" or "work-group 1" for a
 * whole group, and its facts: work_item, work_group, each name followed by suffix. */
void work_item_msg(struct msg *m, const struct entity *e, int dims, const char *suffix);
/* n ids appended to m: "32-63" for 1-D ones; for 2-D a few of them and how many more. */
void add_id_list(struct msg *m, long (*ids)[3], int n, int dims);

/* ---- addresses, and the access plugin's words about local memory (address.c) ---- */
/* A __local array the kernel declares itself: "local" lines of the analysis child's channel. */
struct local_array {
	uint64_t buffer;         /* Oclgrind's buffer number */
	char name[NAME_MAX_LEN];
	size_t elem, count;      /* element bytes, elements */
	size_t cols;             /* inner size of a 2-D array; 0: 1-D */
};
/* The first read of a slot of local memory no work-item of its group had written, by one
 * work-item: an "unwritten" line. slots and writers ("0-31,40"; writers "-" when unknown) are
 * allocated. */
struct unwritten_read {
	uint64_t buffer;
	int64_t offset;          /* bytes into the buffer */
	size_t size;             /* bytes read, the unit of slots */
	int line;
	long group[3], local[3];
	char *slots, *writers;
};
/* What the analysis knows of the run's memory besides the log. */
struct analysis_memory {
	const struct analysis_buffer *bufs;   /* the host's buffers, in creation order */
	int nbufs;
	const struct local_array *arrays;
	int narrays;
	const char *channel;                  /* the analysis child's channel; may be NULL */
};
/* What the message text needs about one buffer access. */
struct buffer_ref {
	const char *name;        /* the host's buffer or the kernel's array; NULL: unknown */
	size_t bytes;            /* its size, when named */
	size_t cols;             /* a 2-D __local array's inner size (indices [r][c]); else 0 */
	bool local;
	bool kernel_array;       /* local memory the kernel declares itself */
	int64_t offset;          /* bytes from the buffer's start; negative: before it */
	size_t elem;             /* element size used for indices; 0: speak in bytes */
};
/* Maps m's address to the buffer or array it falls in, elem bytes an element (a kernel's array
 * uses its declared type's). past_end: what the message claims of the access. */
void buffer_from_address(const struct oclgrind_msg *m, const struct analysis_memory *mem,
			 size_t elem, bool past_end, struct buffer_ref *r);
/* The buffer's words, appended to m: "`scratch` (local memory)", "a global buffer". */
void buffer_name_msg(struct msg *m, const struct buffer_ref *r);
/* The element's, appended to m: "`scratch[62]`"; unnamed "element 62" (of where, when asked). */
void element_msg(struct msg *m, const struct buffer_ref *r, bool say_where);
char *indexed_text(const struct buffer_ref *r, int64_t index);   /* "`tile[2][5]`", allocated */
int local_arrays_parse(const char *channel, struct local_array **out);   /* allocated; a count */
/* The unwritten read of this work-item, the first in the channel; false when there is none. */
bool unwritten_read_find(const char *channel, const long group[3], const long local[3],
			 struct unwritten_read *u);
void unwritten_read_release(struct unwritten_read *u);

/* ---- a data race explained (race.c, for analyze.c) ---- */
/* The barriers and loops the advice names are libclang's facts of the kernel (kf NULL: none
 * named, and no advice that needs one). */
void explain_race(const struct parsed_log *pl, const struct oclgrind_msg *m,
		  const struct analysis_memory *mem, const char *path, const char *src,
		  const struct kernel_facts *kf, struct finding *f, struct msg *out);

/* ---- the analysed tests shared among children (analysis-parts.c) ---- */
/*
 * how one check's analysed tests are shared among analysis children side by
 * side (analysis-parts.c), and the record of what each test took that guides the sharing.
 * Oclgrind takes tens of microseconds a work-item; on a machine of two processors, two children
 * each with half of the tests give the verdict sooner. A child stops at its first test with a
 * finding, so the parts are runs of consecutive tests and the first one with something to say
 * speaks for the analysis (check_analysis): the verdict is the one a single child gives.
 */
#define ANALYSIS_PARTS 2   /* analysis children of one check at most (analysis_parts) */
/*
 * How one check's analysed tests are shared among at most max analysis children, side by side:
 * each part a run of consecutive analysed tests (by their order among the analysed ones), cut
 * where their time is most even: known[i], the seconds test i took the last time, when nknown
 * covers every analysed test, else the work-items each launches. Fills from[k], to[k] and
 * returns the number of parts; 1 part has to[0] == 0 (all of them).
 */
int analysis_parts(const struct check_spec *spec, int max, const double *known, int nknown,
		   int from[], int to[]);
/* The analysis children a check may run side by side here: one a processor, at most
 * ANALYSIS_PARTS; CLINGS_ANALYSIS_PARTS=N sets it (1: one child, as on a single processor),
 * whatever the analysis took before (ANALYSIS_SHARED_S). */
int analysis_children(void);
/*
 * What each analysed test of a check file took the last time its analysis ran whole and found
 * nothing, for a kernel that passed (the processor seconds of the analysis child on it, the
 * "took" lines of the children),
 * in the user's cache: at most max values into seconds; their number, or -1 when none is kept.
 * Under ANALYSIS_SHARED_S in all, a second child costs more than it saves (its start and
 * Oclgrind's build), and the check runs one.
 */
#define ANALYSIS_SHARED_S 0.1
#define ANALYSIS_MAX_TESTS 256   /* tests whose times are kept (more: guessed) */
int analysis_time_recall(uint64_t spec_hash, double *seconds, int max);
void analysis_time_keep(uint64_t spec_hash, const double *seconds, int n);
/* The "took TEST SECONDS" lines of an analysis child's text into seconds[TEST] (TEST below
 * max); returns one past the highest TEST seen. */
int analysis_took_parse(const char *text, double *seconds, int max);
/* A check's sharing: most children at most (0: analysis_children()), cut by the times kept for
 * its check file; one child where they add up to under ANALYSIS_SHARED_S, unless
 * CLINGS_ANALYSIS_PARTS sets the number. Returns and fills as analysis_parts. */
int analysis_plan(const struct check_spec *spec, int most, int from[], int to[]);
/* Keeps the times that the n analysis children (one a part, in order) sent, when every analysed
 * test has one. */
void analysis_times_keep(uint64_t spec_hash, const struct child *parts, int n);

#endif
