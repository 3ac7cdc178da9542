/*
 * ui.h: what a learner sees: the terminal, Markdown as terminal text, reports as text or JSON,
 * the runner's own words.
 */
#ifndef UI_UI_H
#define UI_UI_H

#include "engine/engine.h"

/* ---- style roles (style.c): what a piece of text is; its escape sequence lives there ---- */
enum style {
	STYLE_PLAIN, STYLE_RESET, STYLE_STRONG, STYLE_DIM,   /* PLAIN: no style of its own */
	STYLE_GOOD, STYLE_BAD, STYLE_WARN,       /* a pass; a failure; the check could not run */
	STYLE_TITLE, STYLE_BAR,                  /* the watcher's title and its key bar */
	STYLE_DONE, STYLE_STARTED,               /* exercises in `clings list` */
	STYLE_COUNT
};
const char *style_code(enum style s);               /* the escape sequence, always */
const char *style(enum style s, bool colour);       /* the escape sequence, or "" without colour */
enum style style_of_verdict(enum verdict v);        /* by the verdict's tone */

/* ---- the terminal (term.c) ---- */
bool term_colour(int fd);  /* fd is a terminal, NO_COLOR is unset or empty, TERM is not "dumb" */
/* Raw keys, the alternate screen, no cursor; given back by term_raw_leave(), at exit, and on
 * SIGINT, SIGTERM and SIGHUP (the process then dies of that signal). */
int term_raw_enter(int fd_in, int fd_out);
void term_raw_leave(void);
void term_suspend(void);   /* ^Z: gives the terminal back, stops, takes it again on SIGCONT */
void term_size(int fd, int *rows, int *cols);  /* 24x80 (or LINES, COLUMNS) when unknown */
/* Columns to set lessons and hints for on fd: the terminal's, at most TEXT_MAX_WIDTH; PIPE_WIDTH
 * when fd is not a terminal. */
int term_text_width(int fd);
/* A descriptor that becomes readable after SIGWINCH or SIGCONT; term_signal_drain() empties it. */
int term_signal_fd(void);
void term_signal_drain(void);
int term_write(int fd, const char *s, size_t n);  /* all of it, or -1 */
enum term_key { KEY_NONE = -1, KEY_ESC = 0x1b, KEY_UP = 0x100, KEY_DOWN, KEY_LEFT, KEY_RIGHT,
		KEY_PGUP, KEY_PGDN, KEY_HOME, KEY_END };
int term_read_key(int fd);  /* a byte or a KEY_*; KEY_NONE when nothing is waiting */
/* Columns that text takes on screen: escape sequences take none, a UTF-8 character one. */
int term_width(const char *s, size_t n);
/* Appends at most width columns of s (escapes kept, control characters made visible, a newline
 * ends it); returns the columns used. */
int term_add_fit(struct sbuf *out, const char *s, size_t n, int width);
/* Bytes of s that the first cols columns take (escapes before the cut included). */
size_t term_offset(const char *s, size_t n, int cols);
/* Bytes of s for one line of at most width columns: up to the last space that fits (the space
 * left out), or a cut when one word is wider than the line. */
size_t term_wrap(const char *s, size_t n, int width);
/* Text from outside (a learner's file, a course's titles, a compiler's log) made safe to print:
 * control characters shown as ^X (an ESC cannot move the cursor or retitle the terminal), bytes
 * that are not UTF-8 as U+FFFD; newlines and tabs kept. text_safe() does it into buf. */
void text_add_safe(struct sbuf *out, const char *s);
const char *text_safe(const char *s, struct sbuf *buf);
/* Appends only the escape sequences of s: the styles in effect where s ends. */
void term_add_escapes(struct sbuf *out, const char *s, size_t n);

/* ---- Markdown (markdown.c, md4c) as terminal text ---- */
#define CODE_INDENT "    "  /* how far a code block's lines are indented */
/* Renders md as lines of at most width columns, each ending in '\n'; with colour, styles are
 * closed at every line end and opened again on the next, so any line can be shown on its own. */
void lesson_render(const char *md, size_t len, int width, bool colour, struct sbuf *out);
/* Prints hint i of h on stdout, rendered for it, under its heading "Hint i of n: EXERCISE". */
void hint_print(const struct exercise *e, const struct hints *h, int i, const char *lang, bool colour);

/* ---- a report as styled lines (render.c): the one drawing of a report ---- */
/* The parts of a report, in the order they are drawn. */
enum report_part {
	PART_VERDICT,    /* "✗ scale: Wrong result (wrong_result)  (file:line)", or "✓ scale passes" */
	PART_MESSAGE,    /* what went wrong and the check's advice (dim on a pass) */
	PART_PICTURE,    /* a wrong result drawn, 'x' a wrong cell */
	PART_DIAGNOSIS,  /* the mistake named: the proved ones, else the questions (three at most) */
	PART_REPAIR,     /* the repair's ladder, up to the rung asked for */
	PART_PRINTF,     /* what the kernel printed, under its heading */
	PART_NOTE,       /* the tests passed, the device, the analysis */
	PART_FIGURES,    /* memory-access figures: where the exercise teaches them, or verbose */
	PART_DETAIL,     /* verbose only: the cache's note, each test, the logs */
};
#define PARTS_ALL 0x1ffu
/* What a student reads in a grading: what went wrong, drawn, and named. */
#define PARTS_GRADING ((1u << PART_MESSAGE) | (1u << PART_PICTURE) | (1u << PART_DIAGNOSIS))
struct report_line {
	enum report_part part;   /* a blank line belongs to the part it opens */
	char *text;              /* no newline; escapes only of clings' own styles, with colour */
};
struct report_lines {
	struct report_line *v;
	int n;
};
#define REPORT_LINES_INIT { NULL, 0 }
void report_lines_release(struct report_lines *l);
struct repair;
struct render_options {
	const char *lang;
	unsigned parts;                /* 1u << PART_...: the parts drawn */
	int width;                     /* columns a line may take: broken at spaces, a word cut only
					* where it is wider; 0: lines as long as they are */
	bool colour;                   /* styles as escapes; else plain text */
	bool keep_bytes;               /* text from outside clings as it is, for a format that escapes
					* it (grading's); else made safe for a terminal (text_add_safe) */
	bool verbose;                  /* figures always, and the details */
	const struct repair *repair;   /* engine/repair.h; NULL: no search ran */
	int rung;                      /* of its ladder, 1 to 3 (repair_message) */
	bool repair_proved_only;       /* PART_DIAGNOSIS: only the diagnoses a repair proved
					* (repair_confirm), as `clings check` adds them under the
					* rung once its search ends */
};
/* Appends r's lines to out: each part wanted that has something to say, opened by a blank line
 * when lines come before it. Text from outside clings is made safe (text_add_safe) first,
 * unless keep_bytes. */
void report_render(const struct report *r, const struct render_options *o, struct report_lines *out);
/* Appends the lines of a repair's ladder up to rung (nothing when it has nothing to say). */
void repair_render(const struct repair *rp, int rung, const struct render_options *o, struct report_lines *out);
/* The lines as one text, joined by newlines (allocated); or printed, each with its newline. */
char *report_lines_join(const struct report_lines *l);
void report_lines_print(const struct report_lines *l, FILE *f);

/* ---- reports  ---- */
/* Plain or coloured text for a terminal, and the one JSON object of `check --json` (the caller's,
 * to add its "repair" to, dump with json_doc_print and json_decref). */
void report_print_text(const struct report *r, FILE *f, bool colour, bool verbose, const char *lang);
json_t *report_json(const struct report *r, const char *lang);
/* r's diagnoses, most likely first: [{"id", "certain", "evidence_kind" (evidence_kind_name),
 * "title" (in lang), "evidence"}]; the caller's. */
json_t *report_diagnoses_json(const struct report *r, const char *lang);
/* Sets report_json's "repair": null when no search ran, else found, tried, and for a repair its
 * place, rule, texts and tests. */
void report_json_set_repair(json_t *report, const struct repair *rp, const char *lang);
/* Memory-access figures (a report's, a bench's), one line per memory instruction, in source order. */
void access_figures_text(const struct access_figure *f, int n, const char *lang, struct sbuf *out);
/* The figures of `clings bench` (bench-report.c): a table in lines of at most width columns
 * (any width when width <= 0; a line goes on at its spaces), or the one JSON object of --json
 * (0, or -1 printed when it could not be written). */
void bench_report_text(const struct bench_result *b, struct sbuf *out, const char *lang, int width);
int bench_report_json(const struct bench_result *b, FILE *f, const char *lang);

#endif
