/* fill.c: a buffer's input as its check says (random, iota, const, or the poison of an output),
 * the same from the same seed on every machine. */
#include "course/course.h"

#include <string.h>

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

void arg_fill_init(const struct arg_spec *a, void *buf, size_t n, uint64_t seed)
{
	const struct type_info *t = type_info(a->type);
	switch (a->init) {
	case INIT_POISON:
		memset(buf, POISON_BYTE, n * t->size);
		break;
	case INIT_CONST:
		for (size_t i = 0; i < n; i++)
			elem_set(a->type, buf, i, a->init_a);
		break;
	case INIT_IOTA:
		for (size_t i = 0; i < n; i++)
			elem_set(a->type, buf, i, a->init_a + (double)i);
		break;
	case INIT_RANDOM:
		for (size_t i = 0; i < n; i++) {
			uint64_t r = splitmix64(&seed);
			double v;
			if (t->is_float)
				v = a->init_a + (a->init_b - a->init_a) * ((double)(r >> 11) / 9007199254740992.0);
			else
				v = a->init_a + (double)(r % (uint64_t)(a->init_b - a->init_a + 1));
			elem_set(a->type, buf, i, v);
		}
		break;
	}
}
