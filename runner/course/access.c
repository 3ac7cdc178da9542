/*
 * access.c: the [access NAME] sections of a check ini, the memory-access properties a kernel must
 * have (measured on Oclgrind by the access analysis, see engine/analysis/access-figures.c):
 *
 *   [access trA]          ; a buffer of the signature
 *   store = coalesced     ; or a number: mean 32-byte sectors per request at most this
 *   load = coalesced
 *   [access local]        ; every __local access, whatever the array is called
 *   conflicts = none      ; or a number: the worst bank-conflict degree at most this
 *   shared = yes          ; some value is read by a work-item other than the one that wrote it
 *   why = ...             ; what the property buys in this exercise, shown when it is unmet
 *   why.pt-BR = ...       ; the same in another language
 *   conflicts.why = ...   ; where a section requires several properties, each one's own why
 *   shared.why.pt-BR = ...;   (load.why, store.why, conflicts.why, shared.why), shown with its
 *                         ;   own failure: a plain why there is refused
 *   [access Bsub]         ; a __local argument: conflicts and shared of that array alone (an
 *   shared = yes          ;   exercise that needs two tiles shared gives each its section)
 *   loads_per_madd = 0.25 ; its loads per multiply-add of the kernel at most (any memory)
 *   [access A]
 *   loads_per_item = 1    ; global: a work-item loads each element at most this many times
 *                         ;   (on average over its elements): a row kept in private memory
 */
#include "course/course.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const access_prop_name[ACCESS_PROPS] = { "load", "store", "conflicts", "shared",
							"loads_per_item", "loads_per_madd" };

static bool any_text(const struct lang_texts *l)
{
	return l->t[0].text != NULL;
}

/* Whether r requires property p. */
static bool requires(const struct access_rule *r, enum access_prop p)
{
	switch (p) {
	case ACCESS_LOAD:
	case ACCESS_STORE:
		return r->coalesced[p] || r->max_sectors[p] > 0;
	case ACCESS_CONFLICTS:
		return r->max_conflict > 0;
	case ACCESS_SHARED:
		return r->shared;
	case ACCESS_LOADS_PER_ITEM:
		return r->loads_per_item > 0;
	case ACCESS_LOADS_PER_MADD:
		return r->loads_per_madd > 0;
	default:
		return false;
	}
}

/* The property whose why key is "PROP.why" or "PROP.why.LANG"; -1 when key is none. */
static int prop_why_key(const char *key)
{
	for (int p = 0; p < ACCESS_PROPS; p++) {
		size_t n = strlen(access_prop_name[p]);
		if (!strncmp(key, access_prop_name[p], n) && !strncmp(key + n, ".why", 4) &&
		    (key[n + 4] == '\0' || key[n + 4] == '.'))
			return p;
	}
	return -1;
}

static struct access_rule *rule_named(struct check_spec *spec, const char *name)
{
	for (int i = 0; i < spec->naccess; i++)
		if (!strcmp(spec->access[i].name, name))
			return &spec->access[i];
	if (spec->naccess == MAX_ACCESS_RULES)
		return NULL;
	struct access_rule *r = &spec->access[spec->naccess++];
	memset(r, 0, sizeof(*r));
	copy_str(r->name, sizeof(r->name), name);
	return r;
}

static const struct arg_spec *arg_named(const struct check_spec *spec, const char *name)
{
	for (int i = 0; i < spec->nargs; i++)
		if (!strcmp(spec->args[i].name, name))
			return &spec->args[i];
	return NULL;
}

int access_rule_key(struct check_spec *spec, const char *name, const char *key, const char *value,
		    char *err, size_t errlen)
{
	struct access_rule *r = rule_named(spec, name);
	if (!r) {
		snprintf(err, errlen, "at most %d [access] sections", MAX_ACCESS_RULES);
		return -1;
	}
	int op = !strcmp(key, "load") ? 0 : !strcmp(key, "store") ? 1 : -1;
	if (op >= 0) {
		char *end;
		double n = strtod(value, &end);
		if (!strcmp(value, "coalesced")) {
			r->coalesced[op] = true;
		} else if (end != value && !*end && isfinite(n) && n >= 1 && n <= 1024) {
			r->max_sectors[op] = n;
		} else {
			snprintf(err, errlen, "%s must be 'coalesced' or a number of sectors per request "
				 "from 1 to 1024", key);
			return -1;
		}
	} else if (!strcmp(key, "conflicts")) {
		char *end;
		long n = strtol(value, &end, 10);
		if (!strcmp(value, "none"))
			r->max_conflict = 1;
		else if (end != value && !*end && n >= 1 && n <= 64)
			r->max_conflict = (int)n;
		else {
			snprintf(err, errlen, "conflicts must be 'none' or the worst degree allowed, "
				 "from 1 to 64");
			return -1;
		}
	} else if (!strcmp(key, "shared")) {
		if (!parse_yes_no(value, &r->shared)) {
			snprintf(err, errlen, "shared must be yes or no");
			return -1;
		}
	} else if (!strcmp(key, "loads_per_item") || !strcmp(key, "loads_per_madd")) {
		char *end;
		double n = strtod(value, &end);
		bool item = !strcmp(key, "loads_per_item");
		if (end == value || *end || !isfinite(n) || n <= 0 || n > 1e6 || (item && n < 1)) {
			snprintf(err, errlen, "%s must be a number %s", key,
				 item ? "from 1 (each element once) up" : "above 0");
			return -1;
		}
		*(item ? &r->loads_per_item : &r->loads_per_madd) = n;
	} else if (!strcmp(key, "why") || !strncmp(key, "why.", 4)) {
		return lang_texts_add(&r->why, key, value, err, errlen);
	} else if ((op = prop_why_key(key)) >= 0) {
		return lang_texts_add(&r->prop_why[op], key + strlen(access_prop_name[op]) + 1, value, err,
				      errlen);
	} else {
		snprintf(err, errlen, "unknown key '%s' in [access %s] (load, store, conflicts, shared, "
			 "loads_per_item, loads_per_madd, why, PROPERTY.why)", key, name);
		return -1;
	}
	return 0;
}

int access_rules_validate(const struct check_spec *spec, char *err, size_t errlen, int *bad_rule)
{
	for (int i = 0; i < spec->naccess; i++) {
		const struct access_rule *r = &spec->access[i];
		const struct arg_spec *a = arg_named(spec, r->name);
		bool local = !strcmp(r->name, "local") || (a && a->kind == ARG_LOCAL);
		*bad_rule = i;
		if (!a && strcmp(r->name, "local")) {
			snprintf(err, errlen, "[access %s]: not an argument of the signature, nor 'local'",
				 r->name);
			return -1;
		}
		if (a && a->kind == ARG_SCALAR) {
			snprintf(err, errlen, "[access %s]: a scalar is not memory", r->name);
			return -1;
		}
		bool sectors = r->coalesced[0] || r->coalesced[1] || r->max_sectors[0] || r->max_sectors[1];
		if (local && sectors) {
			snprintf(err, errlen, "[access %s]: load and store measure global memory; local "
				 "memory takes conflicts and shared", r->name);
			return -1;
		}
		if (!local && (r->max_conflict || r->shared)) {
			snprintf(err, errlen, "[access %s]: conflicts and shared measure local memory",
				 r->name);
			return -1;
		}
		if (local && r->loads_per_item) {
			snprintf(err, errlen, "[access %s]: loads_per_item measures global memory",
				 r->name);
			return -1;
		}
		if (!sectors && !r->max_conflict && !r->shared && !r->loads_per_item && !r->loads_per_madd) {
			snprintf(err, errlen, "[access %s] requires nothing: give load, store, conflicts, "
				 "shared, loads_per_item or loads_per_madd", r->name);
			return -1;
		}
		int nprops = 0;
		for (int p = 0; p < ACCESS_PROPS; p++) {
			nprops += requires(r, (enum access_prop)p);
			if (any_text(&r->prop_why[p]) && !requires(r, (enum access_prop)p)) {
				snprintf(err, errlen, "[access %s]: %s.why explains a property the section "
					 "does not require (%s)", r->name, access_prop_name[p], access_prop_name[p]);
				return -1;
			}
		}
		if (nprops > 1 && any_text(&r->why)) {
			snprintf(err, errlen, "[access %s] requires %d properties, and one why would be "
				 "shown for each one's failure: give each its own (load.why, store.why, "
				 "conflicts.why, shared.why)", r->name, nprops);
			return -1;
		}
		if (spec->analysis == ANALYSIS_OFF) {
			snprintf(err, errlen, "[access %s] is measured by the analysis, which this check "
				 "turns off", r->name);
			return -1;
		}
	}
	*bad_rule = -1;
	return 0;
}

void access_rules_release(struct check_spec *spec)
{
	for (int i = 0; i < spec->naccess; i++) {
		lang_texts_release(&spec->access[i].why);
		for (int p = 0; p < ACCESS_PROPS; p++)
			lang_texts_release(&spec->access[i].prop_why[p]);
	}
	spec->naccess = 0;
}
