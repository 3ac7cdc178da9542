/* oclgrind-log.c: Oclgrind's log, read into messages (see analysis.h for its form), and the
 * words for the work-items it names. */
#include "engine/analysis/analysis.h"
#include "engine/source/source.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LISTED_ITEMS 6       /* work-items named one by one before "and N more" */

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Reads "TAG(x,y,z)" anywhere in s. */
static bool parse_triple(const char *s, const char *tag, long out[3])
{
	const char *p = s;
	size_t n = strlen(tag);
	while ((p = strstr(p, tag))) {
		if (p[n] == '(' && (p == s || p[-1] == ' ' || p[-1] == '\t'))
			return sscanf(p + n, "(%ld,%ld,%ld)", &out[0], &out[1], &out[2]) == 3;
		p += n;
	}
	return false;
}

static void note_dims(struct parsed_log *pl, const long id[3])
{
	for (int d = 2; d >= 0; d--)
		if (id[d] != 0 && d + 1 > pl->dims)
			pl->dims = d + 1;
}

static void parse_entity(struct parsed_log *pl, struct entity *e, const char *s)
{
	e->set = true;
	if (parse_triple(s, "Global", e->global)) {
		parse_triple(s, "Local", e->local);
		parse_triple(s, "Group", e->group);
		note_dims(pl, e->global);
	} else if (parse_triple(s, "Group", e->group)) {
		e->is_group = true;
		note_dims(pl, e->group);
	}
}

static size_t llvm_type_bytes(const char *t)
{
	static const struct { const char *name; size_t bytes; } types[] = {
		{ "i8", 1 }, { "i16", 2 }, { "i32", 4 }, { "i64", 8 },
		{ "half", 2 }, { "float", 4 }, { "double", 8 },
	};
	unsigned lanes = 1;
	int used = 0;
	if (sscanf(t, "<%u x %n", &lanes, &used) == 1 && used > 0)
		t += used;
	size_t len = strcspn(t, " ,>*");
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strlen(types[i].name) == len && !strncmp(t, types[i].name, len))
			return lanes * types[i].bytes;
	return 0;
}

/* The OpenCL name of a called built-in from its mangled name: "@_Z10atomic_incPU3AS1Vj" is
 * atomic_inc. False when s calls none. */
static bool called_builtin(const char *s, char *name, size_t cap)
{
	const char *at = strstr(s, "@_Z");
	char *end;
	unsigned long n = at ? strtoul(at + 3, &end, 10) : 0;
	if (!n || n >= cap || strlen(end) < n)
		return false;
	memcpy(name, end, n);
	name[n] = '\0';
	return true;
}

/* "store i32 %x, i32 addrspace(3)* %p", "%26 = load i32, i32 addrspace(3)* %p", an atomic
 * ("atomicrmw add i32 addrspace(1)* %p, i32 1", "cmpxchg ...", or a call of a built-in
 * "%c = call spir_func i32 @_Z10atomic_incPU3AS1Vj(...)"). */
static void parse_instruction(struct entity *e, const char *s)
{
	const char *load = strstr(s, "= load ");
	const char *call = strstr(s, "call ");
	char name[sizeof(e->func)];
	if (call && called_builtin(call, name, sizeof(name)) &&
	    (starts_with(name, "atomic_") || starts_with(name, "atom_"))) {
		e->access = ACCESS_ATOMIC;
		copy_str(e->func, sizeof(e->func), name);
		const char *type = call + strlen("call ");
		if (starts_with(type, "spir_func "))
			type += strlen("spir_func ");
		e->access_bytes = llvm_type_bytes(type);
	} else if (strstr(s, "atomicrmw ") || strstr(s, "cmpxchg ")) {
		e->access = ACCESS_ATOMIC;
	} else if (starts_with(s, "store ")) {
		e->access = ACCESS_WRITE;
		e->access_bytes = llvm_type_bytes(s + strlen("store "));
	} else if (load || starts_with(s, "load ")) {
		e->access = ACCESS_READ;
		e->access_bytes = llvm_type_bytes(load ? load + strlen("= load ") : s + strlen("load "));
	}
}

static void parse_address(struct oclgrind_msg *m, const char *header)
{
	const char *p = strstr(header, " memory address 0x");
	if (!p)
		return;
	const char *start = p;
	while (start > header && start[-1] != ' ')
		start--;
	size_t n = (size_t)(p - start);
	if (n >= sizeof(m->space))
		n = sizeof(m->space) - 1;
	memcpy(m->space, start, n);
	m->space[n] = '\0';
	m->address = strtoull(p + strlen(" memory address 0x"), NULL, 16);
}

static void parse_header(struct oclgrind_msg *m, const char *h)
{
	m->kind = MSG_OTHER;
	if (starts_with(h, "Work-group divergence detected")) {
		m->kind = MSG_DIVERGENCE;
		m->async = strstr(h, "async") != NULL;
	} else if (starts_with(h, "Invalid read of size ") || starts_with(h, "Invalid write of size ")) {
		m->kind = MSG_OUT_OF_BOUNDS;
		m->write = starts_with(h, "Invalid write");
		m->size = strtoul(h + strlen(m->write ? "Invalid write of size " : "Invalid read of size "),
				  NULL, 10);
	} else if (starts_with(h, "Read-write data race") || starts_with(h, "Write-write data race")) {
		m->kind = MSG_DATA_RACE;
		m->write = starts_with(h, "Write-write");
	} else if (starts_with(h, "Uninitialized value written")) {
		m->kind = MSG_UNINITIALIZED;
		m->uninit = UNINIT_WRITE;
	} else if (starts_with(h, "Uninitialized address used")) {
		m->kind = MSG_UNINITIALIZED;
		m->uninit = UNINIT_ADDRESS;
	} else if (starts_with(h, "Controlflow depends on uninitialized")) {
		m->kind = MSG_UNINITIALIZED;
		m->uninit = UNINIT_BRANCH;
	} else if (starts_with(h, "Instruction depends on an uninitialized")) {
		m->kind = MSG_UNINITIALIZED;
		m->uninit = UNINIT_INDEX;
	}
	parse_address(m, h);
}

/* State while reading the indented lines of one message. */
struct body_state {
	int cur;                 /* entity the next lines belong to; -1: none yet */
	bool want_instruction;
};

static void parse_body_line(struct parsed_log *pl, struct oclgrind_msg *m, struct body_state *st,
			    const char *s)
{
	int line;
	if (starts_with(s, "Entity:") || starts_with(s, "First entity:") || starts_with(s, "Work-item:")) {
		st->cur = 0;
		parse_entity(pl, &m->e[0], s);
		st->want_instruction = true;
	} else if (starts_with(s, "Second entity:")) {
		st->cur = 1;
		parse_entity(pl, &m->e[1], s);
		st->want_instruction = true;
	} else if (starts_with(s, "Previous work-items executed:")) {
		st->cur = 1;
		m->e[1].set = true;
		st->want_instruction = true;
	} else if (starts_with(s, "Work-group:")) {
		bool has_wg = sscanf(s, "Work-group: (%ld,%ld,%ld)", &m->wg[0], &m->wg[1], &m->wg[2]) == 3;
		if (has_wg)
			note_dims(pl, m->wg);
	} else if (sscanf(s, "Only %ld out of %ld", &m->only, &m->of) == 2) {
		/* counts that cannot be (the message says how many did not arrive) are not used */
		if (m->only < 0 || m->only > m->of)
			m->only = m->of = 0;
		st->want_instruction = true;
	} else if (sscanf(s, "At line %d", &line) == 1) {
		if (!m->line)
			m->line = line;
		if (st->cur >= 0 && !m->e[st->cur].line)
			m->e[st->cur].line = line;
		st->want_instruction = false;
	} else if (starts_with(s, "  ") && st->want_instruction) {
		if (st->cur >= 0)
			parse_instruction(&m->e[st->cur], s + 2);
		st->want_instruction = false;
	}
}

static struct oclgrind_msg *new_msg(struct parsed_log *pl)
{
	if (pl->n == pl->cap) {
		pl->cap = pl->cap ? 2 * pl->cap : 64;
		pl->m = xrealloc(pl->m, (size_t)pl->cap * sizeof(*pl->m));
	}
	struct oclgrind_msg *m = &pl->m[pl->n++];
	memset(m, 0, sizeof(*m));
	return m;
}

void oclgrind_log_parse(const char *log, struct parsed_log *pl)
{
	struct oclgrind_msg *m = NULL;
	struct body_state st = { -1, false };
	struct sbuf line = SBUF_INIT;
	const char *p = log;

	while (*p) {
		size_t n = strcspn(p, "\n");
		sbuf_reset(&line);
		sbuf_add(&line, p, n);
		const char *s = sbuf_str(&line);
		if (*s == '\t') {
			if (m)
				parse_body_line(pl, m, &st, s + 1);
		} else if (*s) {
			m = new_msg(pl);
			parse_header(m, s);
			st.cur = -1;
			st.want_instruction = false;
		}
		p += n;
		if (*p == '\n')
			p++;
	}
	sbuf_release(&line);
	if (pl->dims < 1)
		pl->dims = 1;
}

/*
 * ---- words for the learner ----
 * Each sentence is one catalog format, translated whole when the message is rendered; the
 * phrases it places (a work-item, a buffer, an element) are messages of their own.
 */
static void add_id(struct sbuf *sb, const long id[3], int dims)
{
	if (dims <= 1)
		sbuf_addf(sb, "%ld", id[0]);
	else if (dims == 2)
		sbuf_addf(sb, "(%ld,%ld)", id[0], id[1]);
	else
		sbuf_addf(sb, "(%ld,%ld,%ld)", id[0], id[1], id[2]);
}

/* The id alone ("3", "(1,0)"), to be placed in a sentence. Caller frees. */
bool same_id(const long a[3], const long b[3])
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

/* Appends "    18 | code" for a line of the learner's file, when it can be read. */
void add_source_line(struct msg *m, const char *src, int line)
{
	if (!src || line < 1)
		return;
	char *text = source_line_text(src, line);
	const char *code = text + strspn(text, " \t");
	if (*code)
		msg_rawf(m, "\n    %4d | %.*s", line, (int)strcspn(code, "\r"), code);
	free(text);
}

/* "FILE:LINE: what. ", what a catalog word. */
void add_location(struct msg *m, const char *path, int line, const char *what)
{
	msg_addf(m, "%s:%d: %s. ", path, line, msg_word(m, what));
}

char *id_text(const long id[3], int dims)
{
	struct sbuf sb = SBUF_INIT;
	add_id(&sb, id, dims);
	return sbuf_detach(&sb);
}

/* An id as a fact: a number in one dimension, else its text "(1,0)". */
void fact_id(struct msg *m, const char *name, const long id[3], int dims)
{
	if (dims <= 1) {
		msg_fact_int(m, name, id[0]);
	} else {
		char *text = id_text(id, dims);
		msg_fact_str(m, name, text);
		free(text);
	}
}

/* The work-item's words appended to m, "work-item 3 of work-group 1" or "work-group 1" for a
 * whole group, and its facts: work_item, work_group, each name followed by suffix. */
void work_item_msg(struct msg *m, const struct entity *e, int dims, const char *suffix)
{
	char *group = id_text(e->group, dims), *item = id_text(e->local, dims);
	char *item_fact = xstrfmt("work_item%s", suffix), *group_fact = xstrfmt("work_group%s", suffix);
	if (!e->is_group)
		fact_id(m, item_fact, e->local, dims);
	fact_id(m, group_fact, e->group, dims);
	if (e->is_group)
		msg_addf(m, N_("work-group %s"), group);
	else
		msg_addf(m, N_("work-item %s of work-group %s"), item, group);
	free(item_fact);
	free(group_fact);
	free(item);
	free(group);
}

/* "32-63" style lists of 1-D ids; for 2-D ids a few of them and a count. */
void add_id_list(struct msg *m, long (*ids)[3], int n, int dims)
{
	struct sbuf sb = SBUF_INIT;
	if (dims > 1) {
		for (int i = 0; i < n && i < MAX_LISTED_ITEMS; i++) {
			sbuf_adds(&sb, i ? ", " : "");
			add_id(&sb, ids[i], dims);
		}
		msg_raw(m, sbuf_str(&sb));
		if (n > MAX_LISTED_ITEMS)
			msg_addf(m, N_(" and %d more"), n - MAX_LISTED_ITEMS);
		sbuf_release(&sb);
		return;
	}
	for (int i = 0; i < n;) {
		int j = i;
		while (j + 1 < n && ids[j + 1][0] == ids[j][0] + 1)
			j++;
		sbuf_adds(&sb, i ? ", " : "");
		if (j > i)
			sbuf_addf(&sb, "%ld-%ld", ids[i][0], ids[j][0]);
		else
			sbuf_addf(&sb, "%ld", ids[i][0]);
		i = j + 1;
	}
	msg_raw(m, sbuf_str(&sb));
	sbuf_release(&sb);
}
