/*
 * derive.h: what a check file says beyond the kernel's launch (derive.c, datafile.c, realexpr.c,
 * steps.c): values derived from the outputs ([derive NAME]), inputs read from the course's data/
 * (init = file(NAME)), the real values of float scalars, and local = auto. Included by
 * checkspec.h.
 */
#ifndef COURSE_DERIVE_H
#define COURSE_DERIVE_H

struct check_spec;
struct arg_spec;
struct init_spec;
struct step_spec;

/* ---- values derived from the outputs (derive.c): the [derive NAME] sections of a check ---- */
#define MAX_DERIVE 4
struct derive_spec {
	char name[NAME_MAX_LEN];
	char *value;                 /* a real expression over the outputs: "step * sum(partial)" */
	char *expect;                /* what it must be: a real expression over the test's values */
	char *tolerance[2];          /* relative, absolute: real expressions over the test's values
				      * ("1e-4 * niters"); NULL: the check's */
	char *tests;                 /* test = NAME, ...: the [test] sections it is checked in; NULL:
				      * every one */
	uint32_t test_mask;          /* those sections' indexes (derive_finish); 0: every one */
};
/* One key of [derive NAME]; -1 with why in err. */
int derive_key(struct check_spec *spec, const char *name, const char *key, const char *value,
	       char *err, size_t errlen);
/* Whether derived value k is checked in the cases of test section t. */
bool derive_applies(const struct check_spec *spec, int k, int t);
/* Derived value k for the values v after a test's last pass (bytes[i], n[i]: argument i's
 * contents and elements): 0 within the tolerance, 1 not (*got, *want say), -1 with why (a
 * tolerance that evaluates negative is one). */
int derive_eval(const struct check_spec *spec, int k, const struct vars *v, const void *const *bytes,
		const size_t *n, double *got, double *want, char *err, size_t errlen);
/* Every derived value checked in test section t, in order: 0 all met; 1 the first missed, its
 * index in *k; -1 with why. */
int derive_all(const struct check_spec *spec, int t, const struct vars *v, const void *const *bytes,
	       const size_t *n, int *k, double *got, double *want, char *err, size_t errlen);
/* After the whole file: each `test =` resolved to its sections, and the parameters that only
 * [derive] reads (one value, which no other expression a run evaluates reads: expr_names; a
 * comment is none) left out of the names of the cases the learner reads. Returns the line to
 * blame (why in err), or 0. */
int derive_finish(struct check_spec *spec, const char *text, char *err, size_t errlen);
/* The keys and names of every derived value checked in test section t, for the values v; the
 * line to blame (why), or 0. */
int derive_validate(const struct check_spec *spec, const char *text, int t, const struct vars *v,
		    char *err, size_t errlen);
void derive_release(struct check_spec *spec);

/* A scalar argument's value for the values v: an integer expression for an integer scalar; for
 * a float or double one a real expression (realexpr.c), rounded once to its type. -1 with why. */
int arg_scalar_value(const struct arg_spec *a, const struct vars *v, double *out, char *err,
		     size_t errlen);
/* Reads in->file (file(NAME)) for a buffer of type t of the check at check_path (datafile.c):
 * data/NAME beside checks/, raw little-endian elements when NAME ends in .bin, else numbers
 * separated by white space ('#' comments). Its name and bytes go into *hash. -1 with why. */
int init_load_file(struct init_spec *in, const char *check_path, enum elem_type t, uint64_t *hash,
		   char *err, size_t errlen);
/* What a device allows a work-group: work-items in all (its max_work_group_size, and each
 * kernel's), and in each dimension (max_work_item_sizes); 0: not known. */
struct group_limits {
	size_t items;
	size_t dim[MAX_DIMS];
};
/* local = auto: the device's runtime chooses the work-group (a NULL local size), within what the
 * device allows. The analysis, and everything the host needs a size for, takes in each dimension
 * the largest power of two up to LOCAL_AUTO_MAX in one dimension (16 in two) that divides global,
 * halved (the largest dimension first) until it fits lim: a device's limits read when the check
 * runs. Without them (NULL: validate, which knows no device) groups of at most 256 work-items
 * are taken, which common GPUs run. step_local_set_auto reads the value ("auto": true, stored). */
#define LOCAL_AUTO_MAX 64
bool step_local_set_auto(struct step_spec *st, const char *value);
bool step_local_is_auto(const struct step_spec *st);
void local_auto_sizes(const int64_t *global, int dims, const struct group_limits *lim, int64_t *out);
/* The work-group of step st in dimension d for the values v (with auto: local_auto_sizes with
 * lim). */
int step_local_eval(const struct step_spec *st, int d, const struct vars *v, const struct group_limits *lim,
		    int64_t *out, char *err, size_t errlen);

#endif
