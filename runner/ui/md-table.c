/* md-table.c: Markdown tables as boxes of terminal text, columns fitted to the width. */
#include "ui/markdown.h"

#include <stdlib.h>
#include <string.h>

struct cell *md_table_cell(struct table *t, int row, int col)
{
	return &t->cells[row * t->ncols + col];
}

void md_table_add_cell(struct render *r)
{
	struct table *t = &r->table;
	if (t->cur_col >= t->ncols) {
		sbuf_reset(&r->cell);
		return;
	}
	struct cell *c = md_table_cell(t, t->nrows - 1, t->cur_col++);
	/* Trailing spaces would only widen the column. */
	while (r->cell.len && r->cell.buf[r->cell.len - 1] == ' ')
		r->cell.buf[--r->cell.len] = '\0';
	if (r->colour && r->cell.len)
		sbuf_adds(&r->cell, "\x1b[0m");
	c->w = term_width(sbuf_str(&r->cell), r->cell.len);
	c->text = sbuf_detach(&r->cell);
}

void md_table_add_row(struct table *t)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 8;
		t->cells = xrealloc(t->cells, (size_t)t->cap * (size_t)t->ncols * sizeof(*t->cells));
	}
	memset(md_table_cell(t, t->nrows, 0), 0, (size_t)t->ncols * sizeof(*t->cells));
	t->nrows++;
	t->cur_col = 0;
}

static void table_rule(struct render *r, const int *cw, const char *left, const char *mid,
		       const char *right, const char *fill)
{
	md_start_line(r);
	md_add_sgr(r, &r->line, ST_QUOTE);
	sbuf_adds(&r->line, left);
	for (int c = 0; c < r->table.ncols; c++) {
		for (int i = 0; i < cw[c] + 2; i++)
			sbuf_adds(&r->line, fill);
		sbuf_adds(&r->line, c + 1 < r->table.ncols ? mid : right);
	}
	r->col += 1;
	md_end_line(r);
}

/*
 * One screen line of a table row: each cell's next piece, wrapped at its column's width (at[c]
 * is how far cell c has been set, with its styles carried onto the next line). Returns whether
 * any cell has more to set.
 */
static bool table_line(struct render *r, int row, const int *cw, size_t *at)
{
	const char *bar = r->colour ? "\xe2\x94\x82" : "|";
	bool more = false;
	md_start_line(r);
	for (int c = 0; c < r->table.ncols; c++) {
		struct cell *cl = md_table_cell(&r->table, row, c);
		const char *txt = cl->text ? cl->text : "";
		size_t len = strlen(txt);
		while (at[c] < len && at[c] > 0 && txt[at[c]] == ' ')
			at[c]++;
		size_t piece = term_wrap(txt + at[c], len - at[c], cw[c]);
		int w = term_width(txt + at[c], piece);
		md_add_sgr(r, &r->line, ST_QUOTE);
		sbuf_adds(&r->line, bar);
		md_add_sgr(r, &r->line, 0);
		int pad = cw[c] - w;
		int before = cl->align == MD_ALIGN_RIGHT ? pad : cl->align == MD_ALIGN_CENTER ? pad / 2 : 0;
		sbuf_addf(&r->line, " %*s", before, "");
		if (r->colour)
			term_add_escapes(&r->line, txt, at[c]);
		term_add_fit(&r->line, txt + at[c], piece, w);
		if (r->colour)
			sbuf_adds(&r->line, "\x1b[0m");
		sbuf_addf(&r->line, "%*s ", pad - before, "");
		at[c] += piece;
		more |= term_width(txt + at[c], len - at[c]) > 0;
	}
	md_add_sgr(r, &r->line, ST_QUOTE);
	sbuf_adds(&r->line, bar);
	r->col += 1;
	md_end_line(r);
	return more;
}

void md_table_render(struct render *r)
{
	struct table *t = &r->table;
	if (!t->ncols || !t->nrows)
		return;
	int *cw = xcalloc((size_t)t->ncols, sizeof(int));
	for (int row = 0; row < t->nrows; row++)
		for (int c = 0; c < t->ncols; c++)
			if (md_table_cell(t, row, c)->w > cw[c])
				cw[c] = md_table_cell(t, row, c)->w;
	/* Too wide: the widest column gives way first, and its cells wrap onto more lines. */
	int avail = r->width - md_prefix_width(r) - (3 * t->ncols + 1);
	for (;;) {
		int total = 0, widest = 0;
		for (int c = 0; c < t->ncols; c++) {
			total += cw[c];
			if (cw[c] > cw[widest])
				widest = c;
		}
		if (total <= avail || cw[widest] <= MIN_TABLE_COL)
			break;
		cw[widest]--;
	}
	const char *fill = r->colour ? "\xe2\x94\x80" : "-";
	size_t *at = xcalloc((size_t)t->ncols, sizeof(size_t));
	if (r->colour)
		table_rule(r, cw, "\xe2\x94\x8c", "\xe2\x94\xac", "\xe2\x94\x90", fill);
	for (int row = 0; row < t->nrows; row++) {
		memset(at, 0, (size_t)t->ncols * sizeof(*at));
		while (table_line(r, row, cw, at))
			;
		if (row == 0)
			table_rule(r, cw, r->colour ? "\xe2\x94\x9c" : "|", r->colour ? "\xe2\x94\xbc" : "|",
				   r->colour ? "\xe2\x94\xa4" : "|", fill);
	}
	if (r->colour)
		table_rule(r, cw, "\xe2\x94\x94", "\xe2\x94\xb4", "\xe2\x94\x98", fill);
	free(at);
	free(cw);
}

void md_table_release(struct table *t)
{
	for (int i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i].text);
	free(t->cells);
	memset(t, 0, sizeof(*t));
}
