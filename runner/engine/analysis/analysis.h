/*
 * oclgrind-log.h: Oclgrind's log as data (oclgrind-log.c), for analyze.c to explain. Internal to
 * the engine.
 *
 * What Oclgrind 21.10 writes (learned by running the course's buggy kernels, see
 * tests/unit/data/oclgrind-*.log): messages separated by blank lines, each a header line such as
 * "Read-write data race at local memory address 0x1000000000008" followed by tab-indented lines:
 * "Entity: Global(x,y,z) Local(x,y,z) Group(x,y,z)" (or "First entity:" and "Second entity:"), the
 * LLVM instruction, and "At line N (column C) of FILE:" with a quoted source line.
 */
#ifndef ENGINE_OCLGRIND_LOG_H
#define ENGINE_OCLGRIND_LOG_H

#include "engine/engine.h"
#include "base/msg.h"

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

/* ---- the learner's source (source-advice.c) ---- */
/* The head of a loop whose body holds both lines a and b, or 0. */
int source_loop_around(const char *src, int a, int b);
/* The barrier that orders only global memory between a write and a read of a later point in
 * program order: between the two lines, or, for a read above the write, after the write in the
 * loop around both, then before the read; else the source's first one; 0 when none. */
int source_global_only_barrier_after(const char *src, int write, int read);
/* Whether a subscript of `array` on the line is a global id: get_global_id itself, or a variable
 * assigned from it above. The line, or 0. */
int source_index_global_id(const char *src, int line, const char *array);

/* ---- words for the learner (oclgrind-log.c) ---- */
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

/* ---- the findings (analyze.c, race.c) ---- */
bool same_id(const long a[3], const long b[3]);
/* Appends "    18 | code" for a line of the learner's file, when it can be read. */
void add_source_line(struct msg *m, const char *src, int line);
/* "FILE:LINE: what. ", what a catalog word. */
void add_location(struct msg *m, const char *path, int line, const char *what);
void explain_race(const struct parsed_log *pl, const struct oclgrind_msg *m,
		  const struct analysis_memory *mem, const char *path, const char *src,
		  struct finding *f, struct msg *out);

#endif
