/*
 * engine/report/: what a check found and the lines that carry it (report-codec.c, protocol.c).
 * One type, set through one function with its place, merged by the verdicts' rank
 * (course/verdict.c), and written and read by one codec: the lines a checking child sends, the
 * verdict cache keeps and a grading worker returns are the same lines, and a whole report ends
 * with a line that says it is whole. The children's lines (proto_*) are split and parsed here
 * too, as data: nothing a child says after its "ready" line is believed as a verdict. The lowest
 * folder of the engine: it includes no other.
 */
#ifndef ENGINE_REPORT_H
#define ENGINE_REPORT_H

#include "base/msg.h"
#include "course/course.h"

enum test_status { TEST_PASS, TEST_FAIL, TEST_SKIP, TEST_ERROR };
struct test_result {
	char *name;
	enum test_status status;
	struct msg detail;   /* why it failed, as data; empty on a pass */
};
const char *test_status_name(enum test_status st);
/* -1 when name is none of them. */
int test_status_from_name(const char *name);

/* ---- memory-access figures: what the access plugin measured on Oclgrind (their codec: report-codec.c) ---- */
struct access_figure {
	char space;                  /* 'g' global or constant memory, 'l' local */
	bool store;
	int line;                    /* in the learner's file; 0 when unknown */
	char name[NAME_MAX_LEN];     /* the check's name of the argument, a __local array's, or "?" */
	size_t bytes;                /* one work-item's access */
	unsigned long requests;      /* a warp's work-items executing the instruction together */
	unsigned long sectors, ideal, worst_sectors;    /* global: 32-byte sectors, summed */
	unsigned long degrees, worst_degree;            /* local: bank-conflict degrees, summed */
	unsigned long foreign_loads; /* local loads of a value another work-item wrote */
	unsigned long lanes;         /* executions by single work-items, summed */
	unsigned long first_loads;   /* global loads of an address their work-item had not loaded yet */
	unsigned long madds;         /* the multiply-adds of the launches measured (the kernel's) */
	/* A global access wider than the alignment the compiler knows of its pointer (a vload4 from
	 * a float *: 4 bytes) may be split by the device into pieces of that size: align, and the
	 * requests and sectors counted piece by piece; 0 requests when it is not split. */
	size_t align;
	unsigned long split_requests, split_sectors;
};
/* One figure as the fields of a line (the plugin's, and the report's): read them into a, false
 * when they are not one; write them (no newline). */
bool access_figure_read(const char *fields, struct access_figure *a);
void access_figure_write(struct sbuf *out, const struct access_figure *a);

struct report {
	char exercise[NAME_MAX_LEN];
	enum verdict verdict;
	struct msg message;  /* the learner-facing explanation, as data (rendered when shown) */
	char *file;          /* location, when known */
	int line;
	char *device;        /* the execution device */
	struct test_result *tests;
	int ntests;
	struct msg picture;  /* plain-text picture of a wrong result ('x' marks a wrong cell), as data */
	char *analysis_log;  /* Oclgrind's raw log, shown with --verbose (not encoded) */
	char *build_log;     /* the compiler's log, when the build failed */
	char *kernel_output; /* what the learner's kernel printed (printf), cut at 4 KB */
	bool analysis_ran;
	struct access_figure *access; /* measured by the analysis */
	int naccess;                  /* -1: not measured (no analysis, or no plugin) */
	bool access_taught;           /* the check has [access] rules: its figures are shown to the
				       * learner (else only with --verbose, and in JSON) */
	bool interrupted;    /* stopped by a key before a verdict: nothing to record */
	bool cached;         /* the verdict cache answered (cache.c): nothing ran */
	bool isolated;       /* the learner's kernel ran in namespaces of its own (its child said so
				before "ready"): it could not have read the course */
	double seconds;
	double run_seconds;  /* the learner's tests' wall time in this check (its child's ready to its
			      * end), 0 when they did not run whole here; not encoded (a repair's
			      * candidates take their time limit from it) */
	int failed_test;     /* 1 + the index of the test case that decided a failure of the learner's
			      * run in this check, 0: none or not known; not encoded (a repair's
			      * candidates run it first) */
	struct diagnosis_found *diagnoses;   /* the learner's mistake, most likely first (diagnose.c) */
	int ndiagnoses;
};
#define REPORT_INIT { .verdict = VERDICT_PASS, .naccess = -1 }
void report_release(struct report *r);

/*
 * Sets r's verdict v with the message m (m is left empty) and its place: file and line in the
 * learner's file (file NULL: none). The _text form: words of clings' own that are not for a
 * learner (a broken course, the device), kept as they are, with no place.
 */
void report_set(struct report *r, enum verdict v, struct msg *m, const char *file, int line);
void report_set_text(struct report *r, enum verdict v, const char *text);
/* Whether r's verdict ranks above a finding of verdict v (verdict_rank): a learner fixes the
 * higher one first, and it is the one reported; a later finding of the same rank, the cause
 * where r holds the symptom, replaces it. */
bool report_outranks(const struct report *r, enum verdict v);
/* A test's result; its detail as words of clings' own (the _msg form: as data, detail left empty). */
void report_add_test(struct report *r, const char *name, enum test_status st, const char *detail);
void report_add_test_msg(struct report *r, const char *name, enum test_status st, struct msg *detail);

/* ---- the codec: a report as lines "key\tfield..." (fields escaped by escape_line) ---- */
/* The lines of one test, and of a verdict with its place and message, as children send them. */
void report_write_test(struct sbuf *out, const char *name, enum test_status st, const struct msg *detail);
void report_write_verdict(struct sbuf *out, enum verdict v, const char *file, int line,
			  const struct msg *m);
/*
 * Reads one line (without its newline; changed in place) into r when its key is one of the
 * report's: 1 read, 0 not a report's key, -1 a report's key with malformed fields.
 */
int report_read_line(char *line, struct report *r);
/* The whole report r, ending with its "end-report" line (what the child protocol's fields,
 * the access figures, printf, timing and the analysis's flag all say). */
void report_encode(const struct report *r, struct sbuf *out);
/* Reads a whole report written by report_encode into r (emptied first); -1 when text is not
 * one whole report: a line missing, cut, unknown or malformed, or the end line absent. */
int report_decode(const char *text, size_t len, struct report *r);

/* ---- the child protocol (protocol.c): lines "key\tvalue", and frames of result bytes ---- */
struct analysis_buffer {          /* what the host knows of each buffer, in creation order */
	char name[NAME_MAX_LEN];
	enum arg_kind kind;
	size_t bytes;
};
void proto_send(int fd, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "verdict V FILE LINE MESSAGE": the message as data (msg_write), which the parent renders in
 * the learner's language; msg is released. The _text form: words of clings' own that are not
 * for a learner (the device's, the course's), kept as they are. */
void proto_send_verdict(int fd, enum verdict v, const char *file, int line, struct msg *msg);
void proto_send_verdict_text(int fd, enum verdict v, const char *file, int line, const char *text);
/* "KEY TEXT", escaped (escape_line), and "test NAME STATUS DETAIL", the detail as data. */
void proto_send_text(int fd, const char *key, const char *text);
void proto_send_test(int fd, const char *name, enum test_status st, const struct msg *detail);
/* "digest CASE PASS ARG BYTES HASH": what the analysis child computed for one output of a
 * compared pass, as its size and hash_add of its bytes (the parent compares them with the
 * device's results, check-compiler.c). proto_next_digest: the next such line from *p on, *p
 * moved past it; false when there is none. */
struct proto_digest {
	int ci, pass, arg;
	size_t bytes;
	uint64_t hash;
};
void proto_send_digest(int fd, const struct proto_digest *d);
bool proto_next_digest(const char **p, struct proto_digest *d);
/* "data CASE PASS ARG BYTES GUARD", then BYTES of contents (data may be NULL with 0 bytes) and
 * GUARD bytes of the buffer's guard region. */
void proto_send_data(int fd, int ci, int pass, int arg, const void *data, size_t bytes,
		     const void *guard, size_t guard_bytes);
/* "launch CASE PASS WHAT": a launch failed; WHAT keeps only letters, digits and _ : - . */
void proto_send_launch_failure(int fd, int ci, int pass, const char *what);
/* Appends the characters of s an OpenCL error and its call are made of (letters, digits,
 * "_:-. "), up to its line's end, until out holds max bytes: what both ends keep of a WHAT. */
#define PROTO_PLAIN_MAX 120
void proto_add_plain(struct sbuf *out, const char *s, size_t max);
/* Result bytes as the parent received them, copied out of the child's output (aligned for any
 * element type; bytes is the start of the one allocation, guard follows it). */
struct proto_data {
	int ci, pass, arg;
	const unsigned char *bytes, *guard;
	size_t nbytes, nguard;
};
/* A child's output cut into its text lines (before and after its "ready" line) and its data
 * frames. A record cut off by the child's end is dropped (cut is then true). */
struct proto_stream {
	struct sbuf before, after;
	bool ready, cut;
	struct proto_data *data;
	int ndata;
};
#define PROTO_STREAM_INIT { SBUF_INIT, SBUF_INIT, false, false, NULL, 0 }
void proto_split(const char *buf, size_t len, struct proto_stream *ps);
void proto_stream_release(struct proto_stream *ps);
/* The data of (ci, pass, arg), or NULL. */
const struct proto_data *proto_find(const struct proto_stream *ps, int ci, int pass, int arg);
/* The first field of the first line "key\tFIELD..." of text, as a number; -1 when absent. A
 * second call with the same key finds the next one when *from is kept. */
long proto_number(const char *text, const char *key, const char **from);
int proto_parse(const char *text, struct report *r, struct sbuf *began);
/* The "buffer NAME KIND BYTES" lines of the analysis child's text: the buffers in the order the
 * host created them, which Oclgrind numbers by. Returns how many; *out is allocated (NULL when
 * none), the caller frees it. */
int proto_analysis_buffers(const char *text, struct analysis_buffer **out);
/* The kernel's printf up to case upto (all: -1), from the learner's "printf CASE TEXT" lines of
 * text (shown, never read), at most 4 KB; NULL when there is none. Caller frees. */
char *proto_printf_text(const char *text, int upto);

#endif
