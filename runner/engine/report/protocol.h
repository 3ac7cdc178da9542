/*
 * protocol.h: the child protocol (protocol.c)
 */
#ifndef ENGINE_PROTOCOL_H
#define ENGINE_PROTOCOL_H

#include "engine/report/report.h"

struct analysis_buffer;

/* ---- the child protocol (protocol.c): lines "key\tvalue", and frames of result bytes ---- */
void proto_send(int fd, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "verdict V FILE LINE MESSAGE": the message as data (msg_write), which the parent renders in
 * the learner's language; msg is released. The _text form: words of clings' own that are not
 * for a learner (the device's, the course's), kept as they are. */
void proto_send_verdict(int fd, enum verdict v, const char *file, int line, struct msg *msg);
void proto_send_verdict_text(int fd, enum verdict v, const char *file, int line, const char *text);
/* "KEY TEXT", escaped (escape_line), and "test NAME STATUS DETAIL", the detail as data. */
void proto_send_text(int fd, const char *key, const char *text);
void proto_send_test(int fd, const char *name, enum test_status st, const struct msg *detail);
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
