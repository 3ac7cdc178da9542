/*
 * markdown.h: the renderer's state, shared by markdown.c (md4c's callbacks, words and lines)
 * and md-table.c (tables). Internal to ui/.
 */
#ifndef UI_MARKDOWN_H
#define UI_MARKDOWN_H

#include "ui/ui.h"

#include <md4c.h>

#define MAX_NEST 16          /* nested quotes and lists we indent for; deeper ones share the last */
#define MIN_WIDTH 20         /* narrower requests are widened: text one word a line helps nobody */
#define MIN_TABLE_COL 3

enum style_bit {
	ST_BOLD = 1, ST_ITALIC = 2, ST_CODE = 4, ST_LINK = 8, ST_DEL = 16,
	ST_H1 = 32, ST_H2 = 64, ST_H3 = 128, ST_CODEBLOCK = 256, ST_QUOTE = 512, ST_TH = 1024
};

struct container {
	MD_BLOCKTYPE type;   /* MD_BLOCK_QUOTE, MD_BLOCK_UL, MD_BLOCK_OL or MD_BLOCK_LI */
	unsigned next_number; /* OL: the next item's number */
	bool tight;
	int items;           /* lists: items begun so far */
	char bullet[16];     /* LI: its mark, shown on its first line only */
	int bullet_w;
	bool bullet_pending;
};

struct cell {
	char *text;
	int w;
	MD_ALIGN align;
};

struct table {
	struct cell *cells;  /* row-major, ncols per row */
	int ncols, nrows, cap;
	int cur_col;
};

struct render {
	struct sbuf *out;
	int width;
	bool colour;
	unsigned style;
	struct container stack[MAX_NEST];
	int depth;
	struct sbuf line;    /* the line being set, prefix included */
	int col;
	bool line_started;
	unsigned line_style; /* the style in effect at the end of line */
	struct sbuf word;    /* the word being gathered, with its style changes */
	int word_w;
	unsigned word_style, word_end_style; /* at its first character, and at its end */
	bool space_pending;
	bool last_blank;     /* the last line written is empty: no second blank line */
	bool wrote_any;
	int heading_level;   /* inside a heading: its level, else 0 */
	int heading_w;
	bool in_code_block;
	struct sbuf code;    /* the code block's line being gathered */
	struct sbuf link_text;
	char *link_href;
	bool in_table, in_cell;
	struct sbuf cell;
	struct table table;
};

/* markdown.c */
void md_add_sgr(struct render *r, struct sbuf *sb, unsigned st);
int md_prefix_width(const struct render *r);
void md_start_line(struct render *r);
void md_end_line(struct render *r);
/* md-table.c: cells gather text until the table ends, then it is set at once */
struct cell *md_table_cell(struct table *t, int row, int col);
void md_table_add_cell(struct render *r);
void md_table_add_row(struct table *t);
void md_table_render(struct render *r);
void md_table_release(struct table *t);

#endif
