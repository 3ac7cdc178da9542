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

/* In the order a learner should fix them: a divergent barrier or a stray access makes the
 * races and uninitialised values Oclgrind reports next to it, rarely the other way round. */
enum msg_kind { MSG_DIVERGENCE, MSG_OUT_OF_BOUNDS, MSG_DATA_RACE, MSG_UNINITIALIZED, MSG_OTHER };

enum uninit_kind { UNINIT_WRITE, UNINIT_BRANCH, UNINIT_INDEX, UNINIT_ADDRESS };

enum access { ACCESS_UNKNOWN, ACCESS_READ, ACCESS_WRITE };

/* One work-item (or a whole work-group, for async copies) named in a message. */
struct entity {
	bool set, is_group;
	long global[3], local[3], group[3];
	enum access access;
	size_t access_bytes;     /* size of the loaded or stored type; 0 when unknown */
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

#endif
