/*
 * access-figures.c: the memory-access figures of the analysis (measured by access-plugin.cpp inside
 * Oclgrind, sent by the analysis child as "access" lines) and the check's [access] rules judged
 * against them.
 *
 * The plugin names an argument by its position ("#2"), so a learner who renames trA is still
 * measured as trA, and a __local array the kernel declares by the learner's own name; in a
 * chain of kernels, by the position in the signature of the kernel the launch ran. One line
 * per memory instruction and launch; the same instruction over several launches and tests is
 * summed here, so a figure is the mean over every request of the analysed tests. The launches'
 * multiply-adds ("madds" lines) are summed likewise, for loads per multiply-add. A global
 * access wider than the alignment its pointer promises keeps both figures: the whole access's,
 * which the rules judge, and the pieces a device may split it into (split_requests), which the
 * report shows beside them.
 */
#include "engine/analysis/analysis.h"
#include "base/msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int env_int(const char *name, int fallback)
{
	const char *v = getenv(name);
	char *end;
	long n = v ? strtol(v, &end, 10) : 0;
	return v && *v && !*end && n > 0 && n <= 1024 ? (int)n : fallback;
}

int access_warp(void)
{
	return env_int("CLINGS_WARP", ACCESS_WARP);
}

int access_banks(void)
{
	return env_int("CLINGS_BANKS", ACCESS_BANKS);
}

const char *access_plugin_path(void)
{
	static char *path;
	static bool looked;
	if (looked)
		return path;
	looked = true;
	const char *env = getenv("CLINGS_ACCESS_PLUGIN");
	if (env && *env) {
		path = xstrdup(env);
	} else {
		/* built in a clone (build/ beside the binary), else installed: PREFIX/lib/clings/ */
		char *dir = program_dir();
		path = dir ? xstrfmt("%s/build/clings-access.so", dir) : NULL;
		if (path && access(path, R_OK) != 0) {
			free(path);
			path = xstrfmt("%s/../lib/clings/clings-access.so", dir);
		}
		free(dir);
	}
	if (path && access(path, R_OK) != 0) {
		free(path);
		path = NULL;
	}
	return path;
}

static bool same_instruction(const struct access_figure *a, const struct access_figure *b)
{
	return a->space == b->space && a->store == b->store && a->line == b->line &&
	       !strcmp(a->name, b->name);
}

/* Source order, a load before a store on the same line: the order a learner reads them in. */
static int by_line(const void *a, const void *b)
{
	const struct access_figure *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return (int)x->store - (int)y->store;
}

/* Whether the analysed test named at name (its case's name, "ragged_block M=20 N=38 K=30", len
 * bytes) says `access = no`: a ragged edge whose figures no mapping could improve. */
static bool test_figures_off(const struct check_spec *spec, const char *name, size_t len)
{
	size_t word = strcspn(name, " \n");
	if (word > len)
		word = len;
	for (int i = 0; i < spec->ntests; i++)
		if (strlen(spec->tests[i].name) == word && !strncmp(spec->tests[i].name, name, word))
			return spec->tests[i].figures_off;
	return false;
}

int access_figures_parse(const char *text, const struct check_spec *spec, struct access_figure **out)
{
	struct access_figure *f = NULL;
	int n = 0, cap = 0;
	bool measured = false;
	unsigned long madds = 0, m;
	const struct step_spec *step = NULL;   /* the kernel of the launch these lines are of */
	bool off = false;                      /* the test these lines are of counts for no rule */
	for (const char *p = text; p && *p;) {
		const char *eol = strchr(p, '\n');
		if (!strncmp(p, "begin\t", 6))
			off = test_figures_off(spec, p + 6, eol ? (size_t)(eol - p - 6) : strlen(p + 6));
		if (off) {
			p = eol ? eol + 1 : NULL;
			continue;
		}
		if (!strncmp(p, "accessed\t", 9)) {
			measured = true;
			step = NULL;
			size_t len = eol ? (size_t)(eol - p - 9) : strlen(p + 9);
			for (int i = 0; i < spec->nsteps && spec->nsteps > 1; i++)
				if (strlen(spec->steps[i].kernel) == len && !strncmp(spec->steps[i].kernel, p + 9, len))
					step = &spec->steps[i];
		}
		if (sscanf(p, "madds\t%lu", &m) == 1)
			madds += m;
		struct access_figure a;
		if (!strncmp(p, "access\t", 7) && access_figure_read(p + 7, &a)) {
			/* "#N" is argument N: the check's name for it */
			int arg = -1;
			if (a.name[0] == '#' && sscanf(a.name + 1, "%d", &arg) == 1 && step)
				arg = arg >= 0 && arg < step->nparams ? step->param[arg].arg : -1;
			if (a.name[0] == '#' && arg >= 0 && arg < spec->nargs)
				copy_str(a.name, sizeof(a.name), spec->args[arg].name);
			else if (a.name[0] == '#')
				copy_str(a.name, sizeof(a.name), "?");
			int i = 0;
			while (i < n && !same_instruction(&f[i], &a))
				i++;
			if (i == n) {
				if (n == cap)
					f = xrealloc(f, sizeof(*f) * (size_t)(cap = cap ? cap * 2 : 16));
				f[n++] = a;
			} else {
				struct access_figure *s = &f[i];
				s->requests += a.requests;
				s->sectors += a.sectors;
				s->ideal += a.ideal;
				s->degrees += a.degrees;
				s->foreign_loads += a.foreign_loads;
				s->lanes += a.lanes;
				s->first_loads += a.first_loads;
				s->split_requests += a.split_requests;
				s->split_sectors += a.split_sectors;
				if (a.worst_sectors > s->worst_sectors)
					s->worst_sectors = a.worst_sectors;
				if (a.worst_degree > s->worst_degree)
					s->worst_degree = a.worst_degree;
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	for (int i = 0; i < n; i++)
		f[i].madds = madds;
	if (n > 1)
		qsort(f, (size_t)n, sizeof(*f), by_line);
	*out = f;
	return measured ? n : -1;
}

static bool rule_covers(const struct access_rule *r, const struct access_figure *f)
{
	return !strcmp(r->name, "local") ? f->space == 'l' : !strcmp(r->name, f->name);
}

/* A global instruction that breaks a load or store rule, explained in m. */
static bool sectors_unmet(const struct access_rule *r, const struct access_figure *f, struct msg *m)
{
	int op = f->store;
	double per = (double)f->sectors / (double)f->requests;
	double ideal = (double)f->ideal / (double)f->requests;
	bool broken = (r->coalesced[op] && f->sectors > ACCESS_COALESCED_RATIO * (double)f->ideal) ||
		      (r->max_sectors[op] > 0 && per > r->max_sectors[op] + 1e-9);
	if (!broken)
		return false;
	msg_fact_int(m, "line", f->line);
	msg_fact_str(m, "buffer", f->name);
	msg_fact_int(m, "requests", (long long)f->requests);
	msg_fact_int(m, "sectors", (long long)f->sectors);
	msg_fact_int(m, "sectors_ideal", (long long)f->ideal);
	msg_addf(m, f->store ? N_("At line %d the %d work-items of a warp write `%s` together, and "
				  "each of these writes touches %s different 32-byte sectors "
				  "on average, where %s would hold the bytes written.")
			     : N_("At line %d the %d work-items of a warp read `%s` together, and "
				  "each of these reads touches %s different 32-byte sectors on "
				  "average, where %s would hold the bytes read."),
		 f->line, access_warp(), f->name, msg_number(m, per, 1), msg_number(m, ideal, 1));
	msg_raw(m, " ");
	if (r->max_sectors[op] > 0)
		msg_addf(m, N_("This exercise allows at most %s."), msg_number(m, r->max_sectors[op], 1));
	else
		msg_adds(m, N_("Every extra sector is another memory transaction: neighbouring "
			       "work-items should touch neighbouring elements."));
	return true;
}

/* A local instruction with more bank conflicts than the rule allows, explained in m. */
static bool conflicts_unmet(const struct access_rule *r, const struct access_figure *a, struct msg *m)
{
	if (!r->max_conflict || (int)a->worst_degree <= r->max_conflict)
		return false;
	double mean = (double)a->degrees / (double)a->requests;
	msg_fact_int(m, "line", a->line);
	msg_fact_str(m, "buffer", a->name);
	msg_fact_int(m, "conflict_degree", (long long)a->worst_degree);
	msg_fact_int(m, "banks", access_banks());
	msg_addf(m, a->store ? N_("At line %d the work-items of a warp write "
				  "local memory (`%s`) with bank conflicts: up to "
				  "%lu of them need different words of the same "
				  "bank in one request (%s on average), and a "
				  "bank serves them one after another.")
			     : N_("At line %d the work-items of a warp read "
				  "local memory (`%s`) with bank conflicts: up to "
				  "%lu of them need different words of the same "
				  "bank in one request (%s on average), and a "
				  "bank serves them one after another."),
		 a->line, a->name, a->worst_degree, msg_number(m, mean, 1));
	msg_raw(m, " ");
	msg_addf(m, N_("Local memory has %d banks of 4-byte words; a request is "
		       "conflict-free when its work-items use different banks or "
		       "read the same word."), access_banks());
	if (a->bytes > 4) {
		/* as the plugin counts it: a phase holds the lanes whose bytes fill the banks once */
		int lanes = (int)((size_t)access_banks() * 4 / a->bytes);
		lanes = lanes < 1 ? 1 : lanes > access_warp() ? access_warp() : lanes;
		msg_addf(m, N_(" Values of %zu bytes are served in phases of %d work-items, and "
			       "banks conflict only within a phase."), a->bytes, lanes);
	}
	return true;
}

/* Why a `shared = yes` rule is unmet, in m: what the figures of its memory show (loads, stores,
 * none), never a cause they do not. */
static void explain_not_shared(const struct access_rule *r, const struct access_figure *f, int n,
			       struct msg *m)
{
	bool all = !strcmp(r->name, "local");
	int load = 0, store = 0;
	for (int j = 0; j < n; j++)
		if (f[j].space == 'l' && rule_covers(r, &f[j])) {
			if (f[j].store && !store)
				store = f[j].line ? f[j].line : -1;
			else if (!f[j].store && !load)
				load = f[j].line ? f[j].line : -1;
		}
	struct msg what = MSG_INIT;
	if (all)
		msg_adds(&what, N_("__local memory"));
	else
		msg_rawf(&what, "`%s`", r->name);
	msg_fact_str(m, "buffer", r->name);
	const char *w = msg_sub(m, &what);
	if (!load && !store)
		msg_addf(m, N_("Your kernel does not use %s while it runs: no work-item reads a value "
			       "another one stored there."), w);
	else if (!load)
		msg_addf(m, N_("Values are stored into %s, but no work-item reads them back: it shares "
			       "nothing."), w);
	else if (!store)
		msg_addf(m, N_("No work-item reads a value of %s that another work-item stored there: "
			       "nothing is stored into it while the kernel runs, so it shares "
			       "nothing."), w);
	else
		msg_addf(m, N_("No work-item reads a value of %s that another work-item wrote: each "
			       "one reads back only what it stored itself, so the local memory is a "
			       "detour and shares nothing."), w);
}

/* A loads_per_item or loads_per_madd rule that the loads of its memory break, explained in m,
 * with the line that loads it most in *line and the property in *prop. */
static bool loads_unmet(const struct access_rule *r, const struct access_figure *f, int n, struct msg *m,
			int *line, int *prop)
{
	unsigned long lanes = 0, first = 0, madds = 0, most = 0;
	for (int j = 0; j < n; j++) {
		const struct access_figure *a = &f[j];
		if (a->store || !rule_covers(r, a))
			continue;
		lanes += a->lanes;
		first += a->first_loads;
		madds = a->madds;
		if (a->lanes > most) {
			most = a->lanes;
			*line = a->line;
		}
	}
	char figure[32];
	if (r->loads_per_item && first && (double)lanes / (double)first > r->loads_per_item + 1e-9) {
		double per = (double)lanes / (double)first;
		snprintf(figure, sizeof(figure), "%.2f", per);
		msg_fact_int(m, "line", *line);
		msg_fact_str(m, "buffer", r->name);
		msg_fact_str(m, "loads_per_item", figure);
		*prop = ACCESS_LOADS_PER_ITEM;
		msg_addf(m, N_("Each work-item loads every element of `%s` it uses %s times on average (line %d "
			       "loads it most), where this exercise allows %s: a value needed again belongs "
			       "in a private variable, not in another load from global memory."),
			 r->name, msg_number(m, per, 1), *line, msg_number(m, r->loads_per_item, 1));
		return true;
	}
	if (r->loads_per_madd && lanes && (!madds || (double)lanes / (double)madds > r->loads_per_madd + 1e-12)) {
		double per = madds ? (double)lanes / (double)madds : 0;
		snprintf(figure, sizeof(figure), "%.4f", per);
		msg_fact_int(m, "line", *line);
		msg_fact_str(m, "buffer", r->name);
		msg_fact_str(m, "loads_per_madd", figure);
		*prop = ACCESS_LOADS_PER_MADD;
		if (!madds)
			msg_addf(m, N_("Your kernel loads `%s` but does no floating-point multiply-add on the "
				       "analysed tests."), r->name);
		else
			msg_addf(m, N_("Your kernel loads `%s` %s times per multiply-add (line %d loads it "
				       "most), where this exercise allows at most %s: each value loaded should "
				       "serve more multiply-adds, kept in private variables (registers)."),
				 r->name, msg_number(m, per, 3), *line, msg_number(m, r->loads_per_madd, 3));
		return true;
	}
	return false;
}

/* The rule broken first, explained in m with its line in *line and the property broken in *prop;
 * false when all hold. A sharing rule of one array (`[access Bsub]`) is met by that array alone,
 * of `local` by any. */
static bool rules_broken(const struct check_spec *spec, const struct access_figure *f, int n,
			 struct msg *m, int *line, const struct access_rule **broken, int *prop)
{
	for (int i = 0; i < spec->naccess; i++) {
		const struct access_rule *r = &spec->access[i];
		bool shared = false;
		*broken = r;
		for (int j = 0; j < n; j++) {
			const struct access_figure *a = &f[j];
			if (!rule_covers(r, a))
				continue;
			if (a->space == 'g' && sectors_unmet(r, a, m)) {
				*line = a->line;
				*prop = a->store ? ACCESS_STORE : ACCESS_LOAD;
				return true;
			}
			if (a->space != 'l')
				continue;
			shared |= a->foreign_loads > 0;
			if (conflicts_unmet(r, a, m)) {
				*line = a->line;
				*prop = ACCESS_CONFLICTS;
				return true;
			}
		}
		if (r->shared && !shared) {
			explain_not_shared(r, f, n, m);
			*line = 0;
			*prop = ACCESS_SHARED;
			return true;
		}
		if ((r->loads_per_item || r->loads_per_madd) && loads_unmet(r, f, n, m, line, prop))
			return true;
	}
	return false;
}

int access_rules_check(const struct check_spec *spec, const struct access_figure *f, int n,
		       const char *lang, struct msg *msg, int *line)
{
	const struct access_rule *r = NULL;
	int prop = ACCESS_LOAD;
	if (!rules_broken(spec, f, n, msg, line, &r, &prop))
		return 0;
	/* the course's own words on why this property is required, in the learner's language: its
	 * own why, else the section's (which validate allows only for a section of one property) */
	const char *why = lang_texts_get(&r->prop_why[prop], lang);
	if (!why)
		why = lang_texts_get(&r->why, lang);
	if (why)
		msg_rawf(msg, "\n%s", why);
	return 1;
}
