/*
 * host-oracle.c: what the host computes of an output to verify the reference solution (a
 * segment's sum or maximum, a transpose: `host =` of a [buffer]), and an output's columns.
 */
#include "engine/compute/compute.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

int host_compute(const struct arg_spec *out_arg, const void *src, size_t n_src, void *out, size_t n,
		 const struct vars *v, struct sbuf *err)
{
	int64_t p[2] = { 0, 0 };
	char e[128];
	for (int i = 0; i < 2 && out_arg->host_expr[i]; i++)
		if (expr_eval(out_arg->host_expr[i], v, &p[i], e, sizeof(e)) < 0) {
			sbuf_addf(err, "host of '%s': %s", out_arg->name, e);
			return -1;
		}
	enum elem_type t = out_arg->type;
	bool fl = type_info(t)->is_float;
	if (out_arg->host == HOST_TRANSPOSE) {
		size_t rows = (size_t)p[0], cols = (size_t)p[1];
		if (rows * cols > n_src || rows * cols > n) {
			sbuf_addf(err, "host of '%s': a %zu x %zu matrix does not fit", out_arg->name, rows, cols);
			return -1;
		}
		size_t es = type_info(t)->size;
		for (size_t r = 0; r < rows; r++)
			for (size_t c = 0; c < cols; c++)
				memcpy((char *)out + (c * rows + r) * es, (const char *)src + (r * cols + c) * es, es);
		return 0;
	}
	if (p[0] <= 0) {
		sbuf_addf(err, "host of '%s': segments of %lld elements", out_arg->name, (long long)p[0]);
		return -1;
	}
	size_t k = (size_t)p[0];
	for (size_t g = 0; g < n; g++) {
		double dacc = out_arg->host == HOST_SEGMENT_MAX ? -INFINITY : 0;
		int64_t iacc = out_arg->host == HOST_SEGMENT_MAX ? INT64_MIN : 0;
		for (size_t i = g * k; i < (g + 1) * k && i < n_src; i++) {
			if (out_arg->host == HOST_SEGMENT_MAX) {
				dacc = fmax(dacc, elem_get_double(t, src, i));
				int64_t x = elem_get_int(t, src, i);
				iacc = x > iacc ? x : iacc;
			} else {
				dacc += elem_get_double(t, src, i);
				iacc += elem_get_int(t, src, i);
			}
		}
		if (g * k >= n_src && !fl)
			iacc = 0; /* an empty segment: no identity fits every integer type */
		elem_set(t, out, g, fl ? dacc : (double)iacc);
	}
	return 0;
}

long output_columns(const struct arg_spec *a, const struct vars *v)
{
	int64_t cols = 0;
	char err[128];
	if (a->shape_expr[1] && expr_eval(a->shape_expr[1], v, &cols, err, sizeof(err)) < 0)
		cols = 0;
	return (long)cols;
}
