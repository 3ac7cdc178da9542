/*
 * address.c: an address of Oclgrind's log, as the learner knows it: the buffer the host created
 * or the __local array the kernel declares, and the element. Also the access plugin's words
 * about local memory (access-plugin.cpp): the kernel's own arrays, and who read a slot nobody
 * had written.
 *
 * Addresses are (buffer number << 48) | byte offset. Global buffers are numbered from 1 in the
 * order the host created them (a freed number is reused first); local memory is numbered per
 * work-group, __local arguments first in argument order, then the kernel's own __local arrays,
 * whose numbers the plugin tells.
 */
#include "engine/analysis/analysis.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define ADDRESS_OFFSET_BITS 48

/* The k-th (from 1) buffer of one launch that lives where `local` says, or NULL. */
static const struct analysis_buffer *nth_buffer(const struct analysis_buffer *launch, int n,
						bool local, uint64_t k, uint64_t *count)
{
	const struct analysis_buffer *found = NULL;
	*count = 0;
	for (int i = 0; i < n; i++) {
		bool match = local ? launch[i].kind == ARG_LOCAL
				   : launch[i].kind == ARG_GLOBAL || launch[i].kind == ARG_CONSTANT;
		if (match && ++*count == k)
			found = &launch[i];
	}
	return found;
}

/* Length of the launch that starts at bufs: it ends where a name comes round again. */
static int launch_length(const struct analysis_buffer *bufs, int nbufs)
{
	for (int i = 1; i < nbufs; i++)
		for (int j = 0; j < i; j++)
			if (!strcmp(bufs[i].name, bufs[j].name))
				return i;
	return nbufs;
}

void buffer_from_address(const struct oclgrind_msg *m, const struct analysis_memory *mem,
			 size_t elem, bool past_end, struct buffer_ref *r)
{
	const uint64_t offset_mask = ((uint64_t)1 << ADDRESS_OFFSET_BITS) - 1;
	uint64_t number = m->address >> ADDRESS_OFFSET_BITS;
	uint64_t offset = m->address & offset_mask;
	const struct analysis_buffer *bufs = mem->bufs, *found = NULL;
	int nbufs = mem->nbufs;

	memset(r, 0, sizeof(*r));
	r->local = !strcmp(m->space, "local");
	r->elem = elem;
	/* A negative index wraps into the top offsets of the buffer numbered one lower. */
	if (offset >> (ADDRESS_OFFSET_BITS - 1)) {
		number++;
		r->offset = (int64_t)offset - ((int64_t)1 << ADDRESS_OFFSET_BITS);
	} else {
		r->offset = (int64_t)offset;
	}

	/* The access plugin names the kernel's own __local arrays by the very buffer Oclgrind gave
	 * them (it reads the array's variable): that is certain, where matching the host's order
	 * of __local arguments is an inference, which twice named no array in full runs. */
	for (int i = 0; r->local && i < mem->narrays; i++) {
		const struct local_array *a = &mem->arrays[i];
		if (a->buffer != number)
			continue;
		r->kernel_array = true;
		r->name = a->name;
		r->bytes = a->elem * a->count;
		r->cols = a->cols;
		r->elem = a->elem;
		break;
	}
	/*
	 * bufs may hold several launches one after the other (each frees its buffers in creation
	 * order, so the next one gets the same numbers, and maybe other sizes). `past_end` says what
	 * the message claims: a launch whose buffer contradicts it is not the one, and an access
	 * past the end is measured against the launch it overran by the least.
	 */
	bool some_launch_has_it = false;
	for (int start = 0, n; start < nbufs && !r->name; start += n) {
		uint64_t count;
		n = launch_length(bufs + start, nbufs - start);
		const struct analysis_buffer *b = nth_buffer(bufs + start, n, r->local, number, &count);
		if (!b)
			continue;
		some_launch_has_it = true;
		bool outside = r->offset < 0 || (uint64_t)r->offset >= b->bytes;
		if (outside != past_end)
			continue;   /* the host's order is not Oclgrind's here: say less, not wrong */
		if (!found || (r->offset >= 0 && b->bytes > found->bytes))
			found = b;
	}
	if (r->name) {
		/* a kernel's own array, named above */
	} else if (found) {
		r->name = found->name;
		r->bytes = found->bytes;
	} else if (r->local && !some_launch_has_it && number > 0) {
		r->kernel_array = true;   /* an array of the kernel the plugin did not name */
	}
	if (r->elem && (r->offset % (int64_t)r->elem || (r->name && r->bytes % r->elem)))
		r->elem = 0;
	if (!r->elem)
		r->cols = 0;
}

void buffer_name_msg(struct msg *m, const struct buffer_ref *r)
{
	if (r->name && r->local)
		msg_addf(m, N_("`%s` (local memory)"), r->name);
	else if (r->name)
		msg_rawf(m, "`%s`", r->name);
	else if (r->kernel_array)
		msg_adds(m, N_("a __local array of the kernel"));
	else if (r->local)
		msg_adds(m, N_("local memory"));
	else
		msg_adds(m, N_("a global buffer"));
}

/* "`tile[3][5]`" for element `index` of a named buffer (2-D for a 2-D array). */
static void add_indexed(struct sbuf *sb, const struct buffer_ref *r, int64_t index)
{
	if (r->cols && index >= 0)
		sbuf_addf(sb, "`%s[%" PRId64 "][%" PRId64 "]`", r->name, index / (int64_t)r->cols,
			  index % (int64_t)r->cols);
	else
		sbuf_addf(sb, "`%s[%" PRId64 "]`", r->name, index);
}

void element_msg(struct msg *m, const struct buffer_ref *r, bool say_where)
{
	if (r->name && r->elem) {
		char *s = indexed_text(r, r->offset / (int64_t)r->elem);
		msg_raw(m, s);
		free(s);
		return;
	}
	long long index = r->elem ? (long long)(r->offset / (int64_t)r->elem) : (long long)r->offset;
	if (say_where) {
		struct msg where = MSG_INIT;
		buffer_name_msg(&where, r);
		msg_addf(m, r->elem ? N_("element %lld of %s") : N_("byte %lld of %s"), index,
			 msg_sub(m, &where));
	} else {
		msg_addf(m, r->elem ? N_("element %lld") : N_("byte %lld"), index);
	}
}

char *indexed_text(const struct buffer_ref *r, int64_t index)
{
	struct sbuf sb = SBUF_INIT;
	add_indexed(&sb, r, index);
	return sbuf_detach(&sb);
}

/* ---- the plugin's lines about local memory ---- */

int local_arrays_parse(const char *channel, struct local_array **out)
{
	int n = 0, cap = 0;
	struct local_array *a = NULL;
	for (const char *p = channel; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		struct local_array x;
		char name[NAME_MAX_LEN];
		if (strncmp(p, "local\t", 6) ||
		    sscanf(p + 6, "%" SCNu64 "\t%63[^\t\n]\t%zu\t%zu\t%zu", &x.buffer, name, &x.elem,
			   &x.count, &x.cols) != 5 || !x.elem || !x.count || (x.cols && x.count % x.cols))
			continue;
		copy_str(x.name, sizeof(x.name), name);
		if (n == cap)
			a = xrealloc(a, sizeof(*a) * (size_t)(cap = cap ? 2 * cap : 8));
		a[n++] = x;
	}
	*out = a;
	return n;
}

bool unwritten_read_find(const char *channel, const long group[3], const long local[3],
			 struct unwritten_read *u)
{
	for (const char *p = channel; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		int used = 0;
		memset(u, 0, sizeof(*u));
		if (strncmp(p, "unwritten\t", 10) ||
		    sscanf(p + 10, "%" SCNu64 "\t%" SCNd64 "\t%zu\t%d\t%ld,%ld,%ld\t%ld,%ld,%ld\t%n",
			   &u->buffer, &u->offset, &u->size, &u->line, &u->group[0], &u->group[1],
			   &u->group[2], &u->local[0], &u->local[1], &u->local[2], &used) != 10 ||
		    !used || !u->size)
			continue;
		if (memcmp(u->group, group, sizeof(u->group)) || memcmp(u->local, local, sizeof(u->local)))
			continue;
		const char *slots = p + 10 + used, *tab = strchr(slots, '\t'), *eol;
		if (!tab)
			continue;
		eol = tab + 1 + strcspn(tab + 1, "\n");
		u->slots = xstrfmt("%.*s", (int)(tab - slots), slots);
		u->writers = xstrfmt("%.*s", (int)(eol - tab - 1), tab + 1);
		return true;
	}
	return false;
}

void unwritten_read_release(struct unwritten_read *u)
{
	free(u->slots);
	free(u->writers);
	u->slots = u->writers = NULL;
}
