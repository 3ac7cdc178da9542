/*
 * engine/source/: the learner's source read as text, before any compiler and beside the analysis
 * (source.c, source-advice.c): the directives and recursion a check refuses, the tokens and lines
 * a cached verdict is keyed by, the compiler's first error in the learner's terms, and the guards,
 * barriers and loops the advice names. Every function takes untrusted text and only reads it; it
 * includes no other folder of the engine.
 */
#ifndef ENGINE_SOURCE_H
#define ENGINE_SOURCE_H

#include "base/base.h"

/* ---- the learner's source, before any compiler (source.c) ---- */
/* The line of the first directive that would read another file (#include, #import, #embed,
 * however spelled), or 0 when there is none. */
int source_find_include(const char *src, size_t len);
/* The line of the first call that makes a function reach itself again (recursion, which OpenCL C
 * forbids), with the calling and the called function's names in caller and callee; 0 when no
 * function does. Calls through function pointers and macros are not seen. */
int source_find_recursion(const char *src, size_t len, char *caller, char *callee, size_t cap);
/* The source's tokens as the compiler sees them: comments and line splices gone, every run of
 * white space between two tokens one space, the end of each preprocessor line kept, literals
 * byte for byte. Two sources that differ only in comments and spacing give the same text. */
void source_tokens(const char *src, size_t len, struct sbuf *out);
/* Each line's code, comments gone and white space one space, lines kept, the lines after the
 * last code dropped: two sources that give the same text have the same code on the same lines
 * (what a verdict's line numbers and access figures need). */
void source_code_lines(const char *src, size_t len, struct sbuf *out);
/* The learner's source with a first line `#line 1 "path"`, so that the compiler names the
 * learner's own file in its messages. Allocated. */
char *source_with_line_directive(const char *path, const char *src);
/* The first error of a compiler's log, as "path:LINE:COL: MESSAGE" with the learner's line and a
 * caret under the column, into msg (the whole log when no line names path); its line in *line. */
void source_first_build_error(const char *log, const char *path, const char *src, int *line,
			      struct sbuf *msg);

/* ---- what the analysis's advice reads in the learner's source (source-advice.c) ---- */
/* In a NUL-terminated source (lines from 1; 0: none found). An `if` or a loop more than a few
 * hundred lines above the line is not looked for. */
int source_early_return(const char *src, int before);   /* a `return` in the kernel before it */
int source_guard_line(const char *src, int line);       /* an `if` that guards the line */
int source_global_only_barrier(const char *src);        /* a barrier with CLK_GLOBAL_MEM_FENCE only */
int source_local_barrier_between(const char *src, int a, int b);   /* a local barrier between */
int source_loop_before(const char *src, int before);   /* the innermost loop's first line */
/* The guard of the first store into an element of `name` when every store into one is guarded
 * (an `if` around it, see source_guard_line); 0 when one is not, or there is none. */
int source_stores_guarded(const char *src, const char *name);
char *source_line_text(const char *src, int line);      /* its text, allocated; "" past the end */
/* The head of a loop whose body holds both lines a and b, or 0. */
int source_loop_around(const char *src, int a, int b);
/* The barrier that orders only global memory between a write and a read of a later point in
 * program order: between the two lines, or, for a read above the write, after the write in the
 * loop around both, then before the read; else the source's first one; 0 when none. */
int source_global_only_barrier_after(const char *src, int write, int read);
/* Whether a subscript of `array` on the line is a global id: get_global_id itself, or a variable
 * assigned from it above. The line, or 0. */
int source_index_global_id(const char *src, int line, const char *array);

#endif
