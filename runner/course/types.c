/* types.c: the element types of buffers and scalars: names, sizes, reading and writing. */
#include "course/course.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct type_info types[TYPE_COUNT] = {
	[TYPE_CHAR] = { "char", 1, false },    [TYPE_UCHAR] = { "uchar", 1, false },
	[TYPE_SHORT] = { "short", 2, false },  [TYPE_USHORT] = { "ushort", 2, false },
	[TYPE_INT] = { "int", 4, false },      [TYPE_UINT] = { "uint", 4, false },
	[TYPE_LONG] = { "long", 8, false },    [TYPE_ULONG] = { "ulong", 8, false },
	[TYPE_FLOAT] = { "float", 4, true },   [TYPE_DOUBLE] = { "double", 8, true },
};

const struct type_info *type_info(enum elem_type t)
{
	return &types[t];
}

/* What init values may be: an integer type's range, up to 2^53 (the integers a double, which
 * carries them, holds exactly); a float's finite range. */
#define EXACT_IN_DOUBLE 9007199254740992.0
static const double type_range[TYPE_COUNT][2] = {
	[TYPE_CHAR] = { INT8_MIN, INT8_MAX },      [TYPE_UCHAR] = { 0, UINT8_MAX },
	[TYPE_SHORT] = { INT16_MIN, INT16_MAX },   [TYPE_USHORT] = { 0, UINT16_MAX },
	[TYPE_INT] = { INT32_MIN, INT32_MAX },     [TYPE_UINT] = { 0, UINT32_MAX },
	[TYPE_LONG] = { -EXACT_IN_DOUBLE, EXACT_IN_DOUBLE }, [TYPE_ULONG] = { 0, EXACT_IN_DOUBLE },
	[TYPE_FLOAT] = { -FLT_MAX, FLT_MAX },      [TYPE_DOUBLE] = { -DBL_MAX, DBL_MAX },
};

bool elem_holds(enum elem_type t, double v)
{
	return isfinite(v) && v >= type_range[t][0] && v <= type_range[t][1];
}

int type_from_name(const char *name)
{
	for (int i = 0; i < TYPE_COUNT; i++)
		if (!strcmp(types[i].name, name))
			return i;
	return -1;
}

double elem_get_double(enum elem_type t, const void *base, size_t i)
{
	switch (t) {
	case TYPE_FLOAT: return ((const float *)base)[i];
	case TYPE_DOUBLE: return ((const double *)base)[i];
	default: return (double)elem_get_int(t, base, i);
	}
}

int64_t elem_get_int(enum elem_type t, const void *base, size_t i)
{
	switch (t) {
	case TYPE_CHAR: return ((const int8_t *)base)[i];
	case TYPE_UCHAR: return ((const uint8_t *)base)[i];
	case TYPE_SHORT: return ((const int16_t *)base)[i];
	case TYPE_USHORT: return ((const uint16_t *)base)[i];
	case TYPE_INT: return ((const int32_t *)base)[i];
	case TYPE_UINT: return ((const uint32_t *)base)[i];
	case TYPE_LONG: return ((const int64_t *)base)[i];
	case TYPE_ULONG: return (int64_t)((const uint64_t *)base)[i];
	case TYPE_FLOAT: return (int64_t)((const float *)base)[i];
	case TYPE_DOUBLE: return (int64_t)((const double *)base)[i];
	default: return 0;
	}
}

void elem_set(enum elem_type t, void *base, size_t i, double v)
{
	switch (t) {
	case TYPE_CHAR: ((int8_t *)base)[i] = (int8_t)v; break;
	case TYPE_UCHAR: ((uint8_t *)base)[i] = (uint8_t)v; break;
	case TYPE_SHORT: ((int16_t *)base)[i] = (int16_t)v; break;
	case TYPE_USHORT: ((uint16_t *)base)[i] = (uint16_t)v; break;
	case TYPE_INT: ((int32_t *)base)[i] = (int32_t)v; break;
	case TYPE_UINT: ((uint32_t *)base)[i] = (uint32_t)v; break;
	case TYPE_LONG: ((int64_t *)base)[i] = (int64_t)v; break;
	case TYPE_ULONG: ((uint64_t *)base)[i] = (uint64_t)v; break;
	case TYPE_FLOAT: ((float *)base)[i] = (float)v; break;
	case TYPE_DOUBLE: ((double *)base)[i] = v; break;
	default: break;
	}
}

void elem_format(struct sbuf *out, enum elem_type t, const void *base, size_t i)
{
	if (types[t].is_float)
		sbuf_addf(out, "%.9g", elem_get_double(t, base, i));
	else if (t == TYPE_ULONG)
		sbuf_addf(out, "%llu", (unsigned long long)((const uint64_t *)base)[i]);
	else
		sbuf_addf(out, "%lld", (long long)elem_get_int(t, base, i));
}

/* An output element still holding the poison the buffer was filled with before the run. */
