/*
 * markdown.c: lessons and hints, from Markdown (md4c) to lines of terminal text.
 *
 * md4c calls us back as it meets blocks, spans and text. Text is gathered a word at a time and
 * set into lines no wider than the width asked for; block prefixes (list bullets, quote bars)
 * start every line. With colour every line closes its styles and the next opens them again, so a
 * pager may start drawing at any line.
 */
#include "ui/markdown.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- styles ---- */

void md_add_sgr(struct render *r, struct sbuf *sb, unsigned st)
{
	if (!r->colour)
		return;
	sbuf_adds(sb, "\x1b[0");
	if (st & (ST_BOLD | ST_H1 | ST_H2 | ST_H3 | ST_TH))
		sbuf_adds(sb, ";1");
	if (st & ST_ITALIC)
		sbuf_adds(sb, ";3");
	if (st & (ST_LINK | ST_H1))
		sbuf_adds(sb, ";4");
	if (st & ST_DEL)
		sbuf_adds(sb, ";9");
	if (st & (ST_H1 | ST_H2))
		sbuf_adds(sb, ";36");
	else if (st & ST_CODEBLOCK)
		sbuf_adds(sb, ";33");
	else if (st & ST_CODE)
		sbuf_adds(sb, ";32");
	else if (st & ST_LINK)
		sbuf_adds(sb, ";34");
	else if (st & ST_QUOTE)
		sbuf_adds(sb, ";2");
	sbuf_adds(sb, "m");
}

static void set_style(struct render *r, unsigned st)
{
	r->style = st;
	/* A change inside a word travels with it; a word not yet begun opens its style itself. */
	if (r->word.len) {
		md_add_sgr(r, &r->word, st);
		r->word_end_style = st;
	}
	if (r->in_cell && r->cell.len)
		md_add_sgr(r, &r->cell, st);
}

/* ---- lines ---- */

int md_prefix_width(const struct render *r)
{
	int w = 0;
	for (int i = 0; i < r->depth && i < MAX_NEST; i++) {
		if (r->stack[i].type == MD_BLOCK_QUOTE)
			w += 2;
		else if (r->stack[i].type == MD_BLOCK_LI)
			w += r->stack[i].bullet_w;
	}
	return w;
}

void md_start_line(struct render *r)
{
	if (r->line_started)
		return;
	for (int i = 0; i < r->depth && i < MAX_NEST; i++) {
		struct container *c = &r->stack[i];
		if (c->type == MD_BLOCK_QUOTE) {
			md_add_sgr(r, &r->line, ST_QUOTE);
			sbuf_adds(&r->line, r->colour ? "\xe2\x94\x82 " : "> ");
			md_add_sgr(r, &r->line, 0);
		} else if (c->type == MD_BLOCK_LI) {
			if (c->bullet_pending) {
				sbuf_adds(&r->line, c->bullet);
				c->bullet_pending = false;
			} else {
				sbuf_addf(&r->line, "%*s", c->bullet_w, "");
			}
		}
	}
	r->col = md_prefix_width(r);
	r->line_started = true;
	r->line_style = 0;
}

void md_end_line(struct render *r)
{
	md_start_line(r);
	/* A blank line inside a quote keeps its bar; anywhere else it is truly empty. */
	bool blank = r->col == md_prefix_width(r);
	if (r->colour)
		sbuf_adds(&r->line, "\x1b[0m");
	if (blank && !r->depth)
		sbuf_reset(&r->line);
	sbuf_add(r->out, sbuf_str(&r->line), r->line.len);
	sbuf_adds(r->out, "\n");
	sbuf_reset(&r->line);
	r->line_started = false;
	r->col = 0;
	r->last_blank = blank;
	r->wrote_any = true;
}

/* Blocks are set apart by one empty line, never two, and none at the top. */
static void blank_line(struct render *r)
{
	if (r->line_started)
		md_end_line(r);
	if (r->wrote_any && !r->last_blank)
		md_end_line(r);
}

static void flush_word(struct render *r)
{
	if (!r->word.len) {
		return;
	}
	int avail = r->width - md_prefix_width(r);
	bool at_start = !r->line_started || r->col == md_prefix_width(r);
	int need = r->word_w + (r->space_pending && !at_start ? 1 : 0);
	if (!at_start && r->col + need > r->width) {
		md_end_line(r);
		at_start = true;
	}
	md_start_line(r);
	if (r->space_pending && !at_start) {
		sbuf_adds(&r->line, " ");
		r->col++;
	}
	if (r->line_style != r->word_style)
		md_add_sgr(r, &r->line, r->word_style);
	const char *w = r->word.buf;
	size_t n = r->word.len;
	/* A word wider than the text column is cut where the column ends. */
	while (r->col + term_width(w, n) > r->width && avail > 0) {
		size_t cut = term_offset(w, n, r->width - r->col);
		if (!cut)
			break;
		sbuf_add(&r->line, w, cut);
		w += cut;
		n -= cut;
		r->col = r->width;
		md_end_line(r);
		md_start_line(r);
		md_add_sgr(r, &r->line, r->word_end_style);
	}
	sbuf_add(&r->line, w, n);
	r->line_style = r->word_end_style;
	r->col += term_width(w, n);
	if (r->heading_level && r->col > r->heading_w)
		r->heading_w = r->col;
	sbuf_reset(&r->word);
	r->word_w = 0;
	r->space_pending = false;
}

static void add_char(struct render *r, const char *s, size_t n)
{
	if (r->in_cell) {
		if (!r->cell.len)
			md_add_sgr(r, &r->cell, r->style);
		sbuf_add(&r->cell, s, n);
		return;
	}
	if (!r->word.len)
		r->word_style = r->word_end_style = r->style;
	sbuf_add(&r->word, s, n);
	r->word_w++;
}

static void add_space(struct render *r)
{
	if (r->in_cell) {
		if (r->cell.len && r->cell.buf[r->cell.len - 1] != ' ')
			sbuf_adds(&r->cell, " ");
		return;
	}
	flush_word(r);
	r->space_pending = true;
}

/* Inline text: words and the spaces between them. */
static void add_text(struct render *r, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			add_space(r);
			i++;
			continue;
		}
		size_t c = 1;
		unsigned char b = (unsigned char)s[i];
		if (b >= 0xc0)
			while (i + c < n && ((unsigned char)s[i + c] & 0xc0) == 0x80)
				c++;
		if (b < 0x20 || b == 0x7f)
			add_char(r, "?", 1);
		else
			add_char(r, s + i, c);
		if (r->link_href)
			sbuf_add(&r->link_text, s + i, c);
		i += c;
	}
}

/* The columns of a code line's bytes: one a character, tabs already expanded. */
static int code_width(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

/* Bytes of s that fit cols columns, ending at a place a line of code may break: after a space,
 * a comma, a semicolon or an opening parenthesis, or before an operator that joins terms. 0 when
 * no such place fits: the caller then cuts inside the token. */
static size_t code_break(const char *s, size_t n, int cols)
{
	size_t fit = 0, best = 0;
	for (int w = 0; fit < n && w < cols; w++)
		do
			fit++;
		while (fit < n && ((unsigned char)s[fit] & 0xc0) == 0x80);
	if (fit >= n)
		return n;
	for (size_t i = fit; i > 0; i--) {
		char before = s[i - 1], at = s[i];
		if (before == ' ' || before == ',' || before == ';' || before == '(' ||
		    (at == ' ' && i > 1) || (at && strchr("+-*/%<>=&|?:", at))) {
			best = i;
			break;
		}
	}
	/* a break that leaves a line of nothing but its indentation is none */
	for (size_t i = 0; i < best; i++)
		if (s[i] != ' ')
			return best;
	return 0;
}

static void code_line_start(struct render *r)
{
	md_start_line(r);
	sbuf_adds(&r->line, CODE_INDENT);
	r->col += (int)strlen(CODE_INDENT);
	md_add_sgr(r, &r->line, ST_CODEBLOCK);
}

/* One line of a code block: kept whole where it fits; else broken between tokens (code_break),
 * each part after the first indented as the line is, four columns more, so that a learner reads
 * every identifier and number whole at any width. */
static void emit_code_line(struct render *r)
{
	struct sbuf *t = &r->code;
	int room = r->width - md_prefix_width(r) - (int)strlen(CODE_INDENT);
	if (room < 8)
		room = 8;
	size_t lead = 0;
	while (lead < t->len && t->buf[lead] == ' ')
		lead++;
	int cont = (int)lead + 4 <= room / 2 ? (int)lead + 4 : 0;
	const char *p = t->buf;
	size_t left = t->len;
	bool first = true;
	do {
		int cols = first ? room : room - cont;
		size_t take = code_width(p, left) <= cols ? left : code_break(p, left, cols);
		if (take == 0) {   /* one token wider than the room: cut it */
			int w = 0;
			while (take < left && w < cols) {
				do
					take++;
				while (take < left && ((unsigned char)p[take] & 0xc0) == 0x80);
				w++;
			}
		}
		code_line_start(r);
		if (!first)
			sbuf_addf(&r->line, "%*s", cont, "");
		size_t shown = take;
		while (take < left && shown > 0 && p[shown - 1] == ' ')   /* a broken part's end */
			shown--;
		sbuf_add(&r->line, p, shown);
		r->col += (first ? 0 : cont) + code_width(p, shown);
		md_end_line(r);
		p += take;
		left -= take;
		while (left > 0 && *p == ' ') {
			p++;
			left--;
		}
		first = false;
	} while (left > 0);
	sbuf_reset(t);
}

/* Code blocks keep their lines and spaces: a line is gathered whole (tabs expanded, control
 * characters shown as '?'), then set by emit_code_line. */
static void add_code(struct render *r, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			emit_code_line(r);
			continue;
		}
		if (s[i] == '\t') {
			int spaces = 4 - code_width(r->code.buf, r->code.len) % 4;
			sbuf_addf(&r->code, "%*s", spaces, "");
		} else if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) {
			sbuf_adds(&r->code, "?");
		} else {
			sbuf_add(&r->code, s + i, 1);
		}
	}
}

/* ---- md4c callbacks ---- */

static void push(struct render *r, MD_BLOCKTYPE type)
{
	if (r->depth < MAX_NEST) {
		memset(&r->stack[r->depth], 0, sizeof(r->stack[0]));
		r->stack[r->depth].type = type;
	}
	r->depth++;
}

static struct container *top(struct render *r)
{
	return r->depth > 0 && r->depth <= MAX_NEST ? &r->stack[r->depth - 1] : NULL;
}

static void set_bullet(struct render *r, struct container *li, const MD_BLOCK_LI_DETAIL *d)
{
	struct container *list = r->depth >= 2 && r->depth <= MAX_NEST ? &r->stack[r->depth - 2] : NULL;
	int level = 0;
	for (int i = 0; i < r->depth - 1 && i < MAX_NEST; i++)
		level += r->stack[i].type == MD_BLOCK_UL || r->stack[i].type == MD_BLOCK_OL;
	if (list && list->type == MD_BLOCK_OL) {
		snprintf(li->bullet, sizeof(li->bullet), "%u. ", list->next_number++);
	} else if (r->colour) {
		static const char *const marks[] = { "\xe2\x80\xa2 ", "\xe2\x97\xa6 ", "\xe2\x96\xaa " };
		copy_str(li->bullet, sizeof(li->bullet), marks[(level - 1 + 3) % 3]);
	} else {
		copy_str(li->bullet, sizeof(li->bullet), "- ");
	}
	if (d && d->is_task) {
		size_t n = strlen(li->bullet);
		snprintf(li->bullet + n, sizeof(li->bullet) - n, "[%c] ", d->task_mark == ' ' ? ' ' : 'x');
	}
	li->bullet_w = term_width(li->bullet, strlen(li->bullet));
	li->bullet_pending = true;
}

/* A list, or an item of one: a tight list's nested list starts on the next line, a loose
 * list's items are set apart like paragraphs. */
static void enter_list(struct render *r, MD_BLOCKTYPE type, void *detail, bool tight_item)
{
	struct container *t = top(r);
	if (type == MD_BLOCK_LI) {
		flush_word(r);
		if (r->line_started)
			md_end_line(r);
		/* Items of a loose list are set apart like paragraphs. */
		if (t && !t->tight && t->items++ > 0)
			blank_line(r);
		push(r, type);
		if (top(r))
			set_bullet(r, top(r), detail);
		return;
	}
	if (tight_item) {
		flush_word(r);
		if (r->line_started)
			md_end_line(r);
	} else {
		blank_line(r);
	}
	push(r, type);
	if (top(r)) {
		if (type == MD_BLOCK_OL) {
			MD_BLOCK_OL_DETAIL *d = detail;
			top(r)->next_number = d->start;
			top(r)->tight = d->is_tight;
		} else {
			top(r)->tight = ((MD_BLOCK_UL_DETAIL *)detail)->is_tight;
		}
	}
}

/* A thematic break: a rule across the width. */
static void horizontal_rule(struct render *r)
{
	blank_line(r);
	md_start_line(r);
	md_add_sgr(r, &r->line, ST_QUOTE);
	for (int i = r->col; i < r->width; i++)
		sbuf_adds(&r->line, r->colour ? "\xe2\x94\x80" : "-");
	r->col = r->width;
	md_end_line(r);
}

static int enter_block(MD_BLOCKTYPE type, void *detail, void *userdata)
{
	struct render *r = userdata;
	struct container *t = top(r);
	bool tight_item = t && t->type == MD_BLOCK_LI && r->depth >= 2 && r->depth <= MAX_NEST &&
			  r->stack[r->depth - 2].tight;
	switch (type) {
	case MD_BLOCK_DOC:
		break;
	case MD_BLOCK_QUOTE:
		blank_line(r);
		push(r, type);
		break;
	case MD_BLOCK_UL:
	case MD_BLOCK_OL:
	case MD_BLOCK_LI:
		enter_list(r, type, detail, tight_item);
		break;
	case MD_BLOCK_HR:
		horizontal_rule(r);
		break;
	case MD_BLOCK_H:
		blank_line(r);
		r->heading_level = (int)((MD_BLOCK_H_DETAIL *)detail)->level;
		r->heading_w = 0;
		set_style(r, r->heading_level == 1 ? ST_H1 : r->heading_level == 2 ? ST_H2 : ST_H3);
		break;
	case MD_BLOCK_CODE:
		blank_line(r);
		r->in_code_block = true;
		break;
	case MD_BLOCK_HTML:
		blank_line(r);
		r->in_code_block = true;
		break;
	case MD_BLOCK_P:
		/* An item's first paragraph starts on its bullet's line. */
		if (!(t && t->type == MD_BLOCK_LI && t->bullet_pending))
			blank_line(r);
		break;
	case MD_BLOCK_TABLE: {
		blank_line(r);
		md_table_release(&r->table);
		r->table.ncols = (int)((MD_BLOCK_TABLE_DETAIL *)detail)->col_count;
		r->in_table = true;
		break;
	}
	case MD_BLOCK_THEAD:
	case MD_BLOCK_TBODY:
		break;
	case MD_BLOCK_TR:
		if (r->in_table && r->table.ncols > 0)
			md_table_add_row(&r->table);
		break;
	case MD_BLOCK_TH:
	case MD_BLOCK_TD:
		if (r->in_table && r->table.nrows) {
			r->in_cell = true;
			sbuf_reset(&r->cell);
			if (r->table.cur_col < r->table.ncols)
				md_table_cell(&r->table, r->table.nrows - 1, r->table.cur_col)->align =
					((MD_BLOCK_TD_DETAIL *)detail)->align;
			if (type == MD_BLOCK_TH)
				set_style(r, r->style | ST_TH);
		}
		break;
	}
	return 0;
}

static int leave_block(MD_BLOCKTYPE type, void *detail, void *userdata)
{
	(void)detail;
	struct render *r = userdata;
	switch (type) {
	case MD_BLOCK_QUOTE:
	case MD_BLOCK_UL:
	case MD_BLOCK_OL:
	case MD_BLOCK_LI:
		flush_word(r);
		if (r->line_started)
			md_end_line(r);
		r->depth--;
		break;
	case MD_BLOCK_H: {
		flush_word(r);
		int level = r->heading_level, w = r->heading_w - md_prefix_width(r);
		if (r->line_started)
			md_end_line(r);
		set_style(r, 0);
		r->heading_level = 0;
		/* Without colour a heading is known by its underline, as in Markdown itself. */
		if (!r->colour && level <= 2 && w > 0) {
			md_start_line(r);
			for (int i = 0; i < w; i++)
				sbuf_adds(&r->line, level == 1 ? "=" : "-");
			r->col += w;
			md_end_line(r);
		}
		break;
	}
	case MD_BLOCK_CODE:
	case MD_BLOCK_HTML:
		if (r->code.len)   /* a last line without its newline */
			emit_code_line(r);
		if (r->line_started)
			md_end_line(r);
		r->in_code_block = false;
		break;
	case MD_BLOCK_P:
		flush_word(r);
		if (r->line_started)
			md_end_line(r);
		break;
	case MD_BLOCK_TH:
	case MD_BLOCK_TD:
		if (r->in_cell) {
			md_table_add_cell(r);
			r->in_cell = false;
			if (type == MD_BLOCK_TH)
				set_style(r, r->style & ~(unsigned)ST_TH);
		}
		break;
	case MD_BLOCK_TABLE:
		r->in_table = false;
		md_table_render(r);
		md_table_release(&r->table);
		break;
	default:
		break;
	}
	return 0;
}

static unsigned span_bit(MD_SPANTYPE type)
{
	switch (type) {
	case MD_SPAN_EM: return ST_ITALIC;
	case MD_SPAN_STRONG: return ST_BOLD;
	case MD_SPAN_CODE: return ST_CODE;
	case MD_SPAN_A: return ST_LINK;
	case MD_SPAN_DEL: return ST_DEL;
	default: return 0;
	}
}

/* Without colour, code keeps its backticks: they are how plain text tells code from prose. */
static void plain_mark(struct render *r, MD_SPANTYPE type)
{
	if (r->colour)
		return;
	if (type == MD_SPAN_CODE)
		add_char(r, "`", 1);
	else if (type == MD_SPAN_STRONG)
		add_char(r, "*", 1);
	else if (type == MD_SPAN_EM)
		add_char(r, "_", 1);
}

static int enter_span(MD_SPANTYPE type, void *detail, void *userdata)
{
	struct render *r = userdata;
	if (type == MD_SPAN_A && !r->link_href) {
		MD_SPAN_A_DETAIL *d = detail;
		r->link_href = xstrfmt("%.*s", (int)d->href.size, d->href.text);
		sbuf_reset(&r->link_text);
	}
	plain_mark(r, type);
	set_style(r, r->style | span_bit(type));
	return 0;
}

static int leave_span(MD_SPANTYPE type, void *detail, void *userdata)
{
	(void)detail;
	struct render *r = userdata;
	set_style(r, r->style & ~span_bit(type));
	plain_mark(r, type);
	if (type == MD_SPAN_A && r->link_href) {
		char *href = r->link_href;
		r->link_href = NULL;
		/* An autolink shows its address already; a named link gets it in brackets. */
		if (strcmp(href, sbuf_str(&r->link_text)) && strncmp(href, "#", 1)) {
			add_space(r);
			add_text(r, "<", 1);
			add_text(r, href, strlen(href));
			add_text(r, ">", 1);
		}
		free(href);
	}
	return 0;
}

static void add_entity(struct render *r, const char *s, size_t n)
{
	static const struct { const char *name, *text; } entities[] = {
		{ "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" },
		{ "&apos;", "'" }, { "&nbsp;", "\xc2\xa0" }, { "&mdash;", "\xe2\x80\x94" },
		{ "&ndash;", "\xe2\x80\x93" }, { "&hellip;", "\xe2\x80\xa6" }, { "&times;", "\xc3\x97" },
	};
	for (size_t i = 0; i < sizeof(entities) / sizeof(entities[0]); i++)
		if (strlen(entities[i].name) == n && !memcmp(entities[i].name, s, n)) {
			add_char(r, entities[i].text, strlen(entities[i].text));
			return;
		}
	add_text(r, s, n);
}

static int text(MD_TEXTTYPE type, const MD_CHAR *s, MD_SIZE n, void *userdata)
{
	struct render *r = userdata;
	if (r->in_code_block) {
		add_code(r, s, n);
		return 0;
	}
	switch (type) {
	case MD_TEXT_BR:
		if (r->in_cell) {
			add_space(r);
		} else {
			flush_word(r);
			md_end_line(r);
		}
		break;
	case MD_TEXT_SOFTBR:
		add_space(r);
		break;
	case MD_TEXT_NULLCHAR:
		add_char(r, "\xef\xbf\xbd", 3);
		break;
	case MD_TEXT_ENTITY:
		add_entity(r, s, n);
		break;
	default:
		add_text(r, s, n);
		break;
	}
	return 0;
}

/* ---- exported ---- */

void lesson_render(const char *md, size_t len, int width, bool colour, struct sbuf *out)
{
	struct render r;
	memset(&r, 0, sizeof(r));
	r.line = r.word = r.link_text = r.cell = r.code = (struct sbuf)SBUF_INIT;
	r.out = out;
	r.width = width < MIN_WIDTH ? MIN_WIDTH : width;
	r.colour = colour;
	MD_PARSER parser = {
		.abi_version = 0,
		.flags = MD_DIALECT_GITHUB | MD_FLAG_NOHTML,
		.enter_block = enter_block,
		.leave_block = leave_block,
		.enter_span = enter_span,
		.leave_span = leave_span,
		.text = text,
	};
	if (md_parse(md ? md : "", (MD_SIZE)(md ? len : 0), &parser, &r) != 0) {
		/* md4c fails only when out of memory: show the source rather than nothing. */
		sbuf_reset(out);
		sbuf_add(out, md, len);
		if (len && md[len - 1] != '\n')
			sbuf_adds(out, "\n");
	}
	flush_word(&r);
	if (r.line_started)
		md_end_line(&r);
	/* No empty line at the end: the caller decides what follows. */
	while (out->len >= 2 && out->buf[out->len - 1] == '\n' && out->buf[out->len - 2] == '\n')
		out->buf[--out->len] = '\0';
	free(r.link_href);
	sbuf_release(&r.line);
	sbuf_release(&r.word);
	sbuf_release(&r.link_text);
	sbuf_release(&r.cell);
	sbuf_release(&r.code);
	md_table_release(&r.table);
}

void hint_print(const struct exercise *e, const struct hints *h, int i, const char *lang, bool colour)
{
	struct sbuf md = SBUF_INIT, out = SBUF_INIT;
	sbuf_adds(&md, "## ");
	sbuf_addf(&md, tr(lang, "Hint %d of %d: %s"), i + 1, h->n, e->name);
	sbuf_addf(&md, "\n\n%s", h->text[i]);
	lesson_render(md.buf, md.len, term_text_width(STDOUT_FILENO), colour, &out);
	fputs(sbuf_str(&out), stdout);
	sbuf_release(&md);
	sbuf_release(&out);
}
