/*
 * validate.c: everything a course promises, tried (`clings validate`; validate.h). First what
 * its files say (course/audit.c: every file, every language, work-groups, nothing left to fill
 * in); then, unless quick, what its kernels do: the solution passes (built on the default
 * device and, with the analysis, on Oclgrind, which finds nothing), the stub as shipped fails,
 * and every wrong kernel of wrong/EXERCISE/ gets the verdict its `// expect:` lines state, with
 * the mistake its `// diagnosis:` line names first among the report's diagnoses, and the repair
 * its `// fix:` line declares. Each step is one row of a table (or one TAP line); each problem
 * is printed as file:line.
 */
#include "validate/validate.h"
#include "engine/repair/repair.h"
#include "engine/diagnose/diagnose.h"
#include "course/migrate.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct validation {
	const char *lang, *device;
	const struct course *c;
	bool tap;
	int rows, problems;
	int width;                   /* columns the table fits in, as its problems' lines; 0: any */
	struct course_rules rules;   /* repairs.ini's, which `// fix:` lines may name too */
};

/* The table's columns: exercise, what, result, then the time. A row takes about 112; where
 * fewer fit, each row is two: the exercise and what, then, indented, the result and the time,
 * each wrapped at its words. */
#define EXERCISE_COLUMNS 20
#define WHAT_COLUMNS 52
#define RESULT_COLUMNS 30
#define WIDE_COLUMNS (EXERCISE_COLUMNS + WHAT_COLUMNS + RESULT_COLUMNS + 3 + 9)

/* Appends the words of text to out from column *col, each line at most width columns: a word
 * that would pass it begins a line at column indent, or further left where it fits only there
 * (a long path). A word is never cut: one wider than a line passes it alone. */
static void add_words(struct sbuf *out, const char *text, int *col, int indent, int width)
{
	bool first = true;
	for (const char *p = text; *(p += strspn(p, " "));) {
		size_t n = strcspn(p, " ");
		int w = term_width(p, n);
		int to = indent + w <= width ? indent : 2 + w <= width ? 2 : 0;
		if (*col > to && *col + !first + w > width) {
			while (out->len && out->buf[out->len - 1] == ' ')   /* (a cell's padding) */
				out->buf[--out->len] = '\0';
			sbuf_addf(out, "\n%*s", to, "");
			*col = to;
		} else if (!first) {
			sbuf_adds(out, " ");
			(*col)++;
		}
		sbuf_add(out, p, n);
		*col += w;
		first = false;
		p += n;
	}
}

/* Spaces up to column to (one at least, unless at a line's start). */
static void pad_to(struct sbuf *out, int *col, int to)
{
	int n = *col < to ? to - *col : *col > 0;
	sbuf_addf(out, "%*s", n, "");
	*col += n;
}

/* One row of the table, in its columns; time may be "". */
static void table_row(const struct validation *v, const char *exercise, const char *what,
		      const char *result, const char *time)
{
	if (!v->width || v->width >= WIDE_COLUMNS) {
		printf("%-*s %-*s %-*s %s\n", EXERCISE_COLUMNS, exercise, WHAT_COLUMNS, what,
		       RESULT_COLUMNS, result, time);
		return;
	}
	struct sbuf out = SBUF_INIT;
	int col = 0, tw = term_width(time, strlen(time));
	/* what is aligned after the exercise while it leaves room for a path, else under it */
	int at = v->width - (EXERCISE_COLUMNS + 1) >= 40 ? EXERCISE_COLUMNS + 1 : 2;
	add_words(&out, exercise, &col, 2, v->width);
	pad_to(&out, &col, at);
	add_words(&out, what, &col, at, v->width);
	sbuf_adds(&out, "\n  ");
	col = 2;
	add_words(&out, result, &col, 4, v->width - (tw ? tw + 1 : 0));
	if (tw && col + 1 + tw > v->width) {
		sbuf_adds(&out, "\n");
		col = 0;
	}
	if (tw)
		pad_to(&out, &col, v->width - tw);
	printf("%s%s\n", sbuf_str(&out), time);
	sbuf_release(&out);
}

/* One step done: a row of the table, or a TAP line named tap_name. */
static void row(struct validation *v, const char *exercise, const char *what, const char *tap_name,
		bool ok, const char *result, double seconds)
{
	v->rows++;
	v->problems += !ok;
	if (v->tap) {
		printf("%s %d - %s\n", ok ? "ok" : "not ok", v->rows, tap_name);
		return;
	}
	char secs[32], time[48];
	snprintf(time, sizeof(time), "%s s", number_in(v->lang, seconds, 1, secs));
	table_row(v, exercise, what, result, time);
}

/* A verdict as the table shows it: "wrong_result line 12". */
static void verdict_at(struct sbuf *sb, const struct report *r)
{
	sbuf_adds(sb, verdict_name(r->verdict));
	if (r->line > 0)
		sbuf_addf(sb, " line %d", r->line);
}

/* A report's message on one line, for a problem's line: for a build error, its compiler's
 * line (after "The kernel does not compile:"); else the whole message, its lines joined (the
 * problem's line is wrapped at its spaces, never cut: messages_wrap_set). */
static void message_head(struct sbuf *sb, const struct report *r)
{
	char *text = msg_text(&r->message, NULL);   /* the course's expectations are in English */
	const char *m = text;
	const char *nl = strchr(m, '\n');
	if (r->verdict == VERDICT_BUILD_ERROR && nl && nl > m && nl[-1] == ':' && nl[1]) {
		sbuf_add(sb, nl + 1, strcspn(nl + 1, "\n"));
		free(text);
		return;
	}
	bool space = false;
	for (const char *p = m; *p; p++) {
		if (*p == '\n' || *p == ' ' || *p == '\t') {
			space = sb->len > 0;
			continue;
		}
		if (space)
			sbuf_adds(sb, " ");
		space = false;
		sbuf_add(sb, p, 1);
	}
	free(text);
}

/* Checks file (its text: source, when not NULL, else the file's). */
static int run_check_source(struct validation *v, const struct exercise *e, const char *file,
			    const char *source, size_t source_len, bool no_analysis, uint64_t seed,
			    struct report *r)
{
	/* In English: the `// message:` texts a wrong kernel's verdict must hold are the runner's
	 * English words, and the problems are for the course's author. */
	struct check_options o = { .device = v->device, .file = file, .lang = "en",
				   .source = source, .source_len = source_len,
				   .no_analysis = no_analysis, .seed = seed };
	return check_exercise(v->c, e, &o, r);
}

static int run_check(struct validation *v, const struct exercise *e, const char *file, bool no_analysis,
		     uint64_t seed, struct report *r)
{
	return run_check_source(v, e, file, NULL, 0, no_analysis, seed, r);
}

/* Whether the solution passes: when it does not, nothing else of the exercise runs. */
static bool solution_step(struct validation *v, const struct exercise *e)
{
	struct report r = REPORT_INIT;
	run_check(v, e, e->solution_path, false, 0, &r);
	bool ok = r.verdict == VERDICT_PASS;
	struct sbuf res = SBUF_INIT, tap = SBUF_INIT;
	sbuf_adds(&res, ok ? tr(v->lang, "ok: passes") : "");
	if (!ok) {
		struct sbuf head = SBUF_INIT;
		message_head(&head, &r);
		verdict_at(&res, &r);
		error(tr(v->lang, "%s:%d: the solution does not pass (%s): %s"), path_shown(e->solution_path),
		      r.line > 0 ? r.line : 1, verdict_name(r.verdict), sbuf_str(&head));
		if (r.verdict == VERDICT_TIMEOUT)   /* the course's limit, whatever the message guesses */
			error(tr(v->lang, "%s: the solution itself does not finish in time: raise "
				 "time_limit_ms in [check], or make the test smaller"), path_shown(e->check_path));
		sbuf_release(&head);
	}
	sbuf_addf(&tap, "solution %s passes", e->name);
	row(v, e->name, tr(v->lang, "solution"), sbuf_str(&tap), ok, sbuf_str(&res), r.seconds);
	sbuf_release(&res);
	sbuf_release(&tap);
	report_release(&r);
	return ok;
}

/* The stub as the course ships it, as `clings reset` finds it (NAME.cl.orig, else git's HEAD:
 * the learner may have worked on the file since), else the file. */
static void stub_step(struct validation *v, const struct exercise *e)
{
	const char *file = e->file_path;
	char *shipped = NULL;
	size_t len = 0;
	if (exercise_stub_text(e, &shipped, &len) < 0)
		shipped = NULL;
	struct report r = REPORT_INIT;
	run_check_source(v, e, file, shipped, len, false, 0, &r);
	free(shipped);
	/* It must fail on what it computes: a stub that does not build, or whose kernel is not the
	 * check's, greets the learner with the course's mistake. */
	bool ok = r.verdict != VERDICT_PASS && r.verdict != VERDICT_ERROR &&
		  r.verdict != VERDICT_BUILD_ERROR && r.verdict != VERDICT_SIGNATURE_MISMATCH;
	struct sbuf res = SBUF_INIT, tap = SBUF_INIT, head = SBUF_INIT;
	if (ok)
		sbuf_addf(&res, "%s: ", tr(v->lang, "ok: fails"));
	verdict_at(&res, &r);
	message_head(&head, &r);
	if (r.verdict == VERDICT_PASS)
		error(tr(v->lang, "%s:1: the stub passes its check: the learner would have nothing to do"),
		      path_shown(file));
	else if (!ok)
		error(tr(v->lang, "%s:%d: the stub must build and fail on its results (%s): %s"),
		      path_shown(file), r.line > 0 ? r.line : 1, verdict_name(r.verdict), sbuf_str(&head));
	sbuf_addf(&tap, "stub %s fails (%s)", e->name, verdict_name(r.verdict));
	row(v, e->name, tr(v->lang, "stub"), sbuf_str(&tap), ok, sbuf_str(&res), r.seconds);
	sbuf_release(&res);
	sbuf_release(&tap);
	sbuf_release(&head);
	report_release(&r);
}

/* Text of messages that the report's message lacks, or NULL. */
static const char *message_lacks(const struct wrong_kernel *k, const struct report *r)
{
	char *text = msg_text(&r->message, NULL);
	const char *lacks = NULL;
	for (int i = 0; i < k->nmessages && !lacks; i++)
		if (!strstr(text, k->messages[i]))
			lacks = k->messages[i];
	free(text);
	return lacks;
}

/* Whether the kernel's declared diagnosis comes first among the report's (a failing one), or
 * the report has none (a kernel that passes). */
static bool diagnosis_first(const struct wrong_kernel *k, const struct report *r)
{
	if (r->verdict == VERDICT_PASS)
		return r->ndiagnoses == 0;
	return k->diagnosis && r->ndiagnoses > 0 && r->diagnoses[0].d == k->diagnosis;
}

/* An uninitialised value names the store and, when it finds it, the read of the unwritten
 * memory (its fact line_unwritten): an expectation may mean either. */
static bool read_line_is(const struct report *r, int line)
{
	if (r->verdict != VERDICT_UNINITIALIZED)
		return false;
	json_t *facts = msg_facts_object(&r->message);
	json_t *read = json_object_get(facts, "line_unwritten");
	bool is = json_is_integer(read) && json_integer_value(read) == line;
	json_decref(facts);
	return is;
}

/* One `// expect:` of a wrong kernel; its check's report into *keep when keep is not NULL (the
 * fix step searches from it instead of checking the kernel again). */
static void wrong_step(struct validation *v, const struct exercise *e, const struct wrong_kernel *k,
		       const struct wrong_expect *x, struct report *keep)
{
	struct report r = REPORT_INIT;
	run_check(v, e, k->path, x->no_analysis, x->seed, &r);
	bool verdict_ok = r.verdict == x->verdict && (!x->line || r.line == x->line || read_line_is(&r, x->line));
	const char *lacks = verdict_ok ? message_lacks(k, &r) : NULL;
	/* (an undeclared or unknown one is a problem of the files already) */
	bool diagnosed = !verdict_ok || lacks || !k->diagnosis_at || diagnosis_first(k, &r);
	/* one voice: the report's words agree with each other in every language of the course */
	struct sbuf voice = SBUF_INIT;
	const char *voice_lang = NULL;
	struct check_spec *spec = xcalloc(1, sizeof(*spec));
	bool loaded = verdict_ok && check_spec_load(e->check_path, spec) == 0;
	for (int i = 0; loaded && i < v->c->langs.n && !voice_lang; i++)
		if (diagnose_contradiction(spec, &r, "en", v->c->langs.name[i], &voice))
			voice_lang = v->c->langs.name[i];
	check_spec_release(spec);
	free(spec);
	bool ok = verdict_ok && !lacks && diagnosed && !voice_lang;
	struct sbuf what = SBUF_INIT, res = SBUF_INIT, tap = SBUF_INIT, want = SBUF_INIT;
	sbuf_addf(&what, "%s/%s/%s.cl%s%s%s", WRONG_DIR, e->name, k->name, x->options[0] ? " [" : "",
		  x->options, x->options[0] ? "]" : "");
	sbuf_adds(&want, verdict_name(x->verdict));
	if (x->line)
		sbuf_addf(&want, " line %d", x->line);
	sbuf_addf(&res, "%s", ok ? tr(v->lang, "ok: ") : "");
	verdict_at(&res, &r);
	if (!ok && lacks) {
		error(tr(v->lang, "%s:%d: the message of %s lacks '%s'"), path_shown(k->path), x->at,
		      sbuf_str(&want), lacks);
	} else if (!diagnosed) {
		error(tr(v->lang, "%s:%d: the diagnosis %s is not the first of %s's: %s (%s)"),
		      path_shown(k->path), k->diagnosis_at, k->diagnosis ? k->diagnosis->id : "none",
		      sbuf_str(&want), r.ndiagnoses ? r.diagnoses[0].d->id : "none",
		      r.ndiagnoses ? r.diagnoses[0].evidence : "");
	} else if (voice_lang) {
		error(tr(v->lang, "%s:%d: the words of %s contradict each other in %s: %s"),
		      path_shown(k->path), x->at, sbuf_str(&want), voice_lang, sbuf_str(&voice));
	} else if (!ok) {
		struct sbuf head = SBUF_INIT;
		message_head(&head, &r);
		error(tr(v->lang, "%s:%d: expected %s, got %s: %s"), path_shown(k->path), x->at,
		      sbuf_str(&want), sbuf_str(&res), sbuf_str(&head));
		sbuf_release(&head);
	}
	sbuf_addf(&tap, "wrong %s/%s%s%s%s: %s", e->name, k->name, x->options[0] ? " [" : "", x->options,
		  x->options[0] ? "]" : "", sbuf_str(&want));
	row(v, e->name, sbuf_str(&what), sbuf_str(&tap), ok, sbuf_str(&res), r.seconds);
	sbuf_release(&what);
	sbuf_release(&res);
	sbuf_release(&tap);
	sbuf_release(&want);
	sbuf_release(&voice);
	if (keep)
		*keep = r;
	else
		report_release(&r);
}

/* Whether the repair is the declared one: its rules (in either order) and its first edit's line. */
static bool is_declared_fix(const struct wrong_kernel *k, const struct repair *rp)
{
	if (rp->nc != k->nfix)
		return false;
	bool same = true;
	for (int i = 0; i < rp->nc; i++) {
		const char *name = repair_edit_rule(&rp->c[i].edit[0]);
		same = same && (!strcmp(name, k->fix_rules[0]) || (k->nfix > 1 && !strcmp(name, k->fix_rules[1])));
	}
	int line = rp->c[0].edit[0].line;
	for (int i = 1; i < rp->nc; i++)
		if (rp->c[i].edit[0].line < line)
			line = rp->c[i].edit[0].line;
	return same && line == k->fix_line;
}

/* A wrong kernel's `// fix:`: the search must find it, or a smaller repair (fewer rewrites).
 * checked: the kernel's check with the options below already made (its report, taken), or NULL. */
static void fix_step(struct validation *v, const struct exercise *e, const struct wrong_kernel *k,
		     struct report *checked)
{
	struct sbuf res = SBUF_INIT, tap = SBUF_INIT, err = SBUF_INIT, want = SBUF_INIT;
	bool known = true;
	for (int i = 0; i < k->nfix; i++) {
		bool ours = false;
		for (int j = 0; j < v->rules.n; j++)
			ours = ours || !strcmp(v->rules.r[j].name, k->fix_rules[i]);
		known = known && (repair_rule_named(k->fix_rules[i]) || ours);
		sbuf_addf(&want, "%s%s", i ? "+" : "", k->fix_rules[i]);
	}
	sbuf_addf(&want, " @%d", k->fix_line);
	struct check_options o = { .device = v->device, .file = k->path, .lang = "en" };
	struct report r = REPORT_INIT;
	if (checked) {
		r = *checked;
		*checked = (struct report)REPORT_INIT;
	}
	struct repair rp = REPAIR_INIT;
	bool ok = false;
	if (!known) {
		error(tr(v->lang, "%s:%d: no rule of the error model is named so: %s (docs/diagnoses.md)"),
		      path_shown(k->path), k->fix_at, sbuf_str(&want));
	} else if ((checked ? r.verdict != VERDICT_ERROR : check_exercise(v->c, e, &o, &r) == 0) &&
		   repair_search(v->c, e, &o, &r, &(struct repair_options){ .cpu_budget = REPAIR_VALIDATE_CPU_SECONDS },
				 &rp, &err) == 0) {
		ok = rp.found && (rp.nc < k->nfix || is_declared_fix(k, &rp));
		if (rp.found) {
			sbuf_adds(&res, ok ? tr(v->lang, "ok: ") : "");
			for (int i = 0; i < rp.nc; i++)
				sbuf_addf(&res, "%s%s", i ? "+" : "", repair_edit_rule(&rp.c[i].edit[0]));
			sbuf_addf(&res, " @%d", rp.c[0].edit[0].line);
			if (ok && !is_declared_fix(k, &rp))
				sbuf_adds(&res, tr(v->lang, " (smaller than the declared one)"));
		} else {
			sbuf_adds(&res, tr(v->lang, "no repair found"));
		}
		if (!ok)
			error(tr(v->lang, "%s:%d: the declared fix %s is not what the search finds: %s"),
			      path_shown(k->path), k->fix_at, sbuf_str(&want), sbuf_str(&res));
	} else {
		error(tr(v->lang, "%s:%d: the fix could not be looked for: %s"), path_shown(k->path), k->fix_at,
		      err.len ? err.buf : verdict_name(r.verdict));
	}
	sbuf_addf(&tap, "fix %s/%s: %s", e->name, k->name, sbuf_str(&want));
	struct sbuf what = SBUF_INIT;
	sbuf_addf(&what, "%s/%s/%s.cl fix", WRONG_DIR, e->name, k->name);
	row(v, e->name, sbuf_str(&what), sbuf_str(&tap), ok, sbuf_str(&res), rp.cpu_seconds);
	sbuf_release(&what);
	sbuf_release(&res);
	sbuf_release(&tap);
	sbuf_release(&err);
	sbuf_release(&want);
	report_release(&r);
}

static void validate_exercise(struct validation *v, const struct exercise *e, bool quick)
{
	double t0 = now_seconds();
	int blocking;
	int bad = exercise_audit(v->c, e, &blocking) + lesson_figures_audit(v->c, e) +
		  lesson_check_audit(v->c, e);
	struct wrong_kernel *k;
	int nk;
	bad += wrong_kernels_load(v->c, e, &k, &nk);
	struct sbuf res = SBUF_INIT, tap = SBUF_INIT;
	if (bad)
		sbuf_addf(&res, trn(v->lang, "%d problem", "%d problems", (unsigned long)bad), bad);
	else
		sbuf_adds(&res, tr(v->lang, "ok"));
	sbuf_addf(&tap, "files %s", e->name);
	row(v, e->name, tr(v->lang, "files"), sbuf_str(&tap), !bad, sbuf_str(&res), now_seconds() - t0);
	v->problems += bad ? bad - 1 : 0;   /* the row counted one */
	if (!quick && !blocking && !solution_step(v, e))
		blocking = 1;   /* the stub and the wrong kernels need a solution that passes */
	if (!quick && blocking) {
		sbuf_reset(&tap);
		sbuf_addf(&tap, "runs %s # SKIP its check, stub or solution has problems", e->name);
		if (v->tap)
			printf("ok %d - %s\n", ++v->rows, sbuf_str(&tap));
		else
			table_row(v, e->name, tr(v->lang, "kernels"),
				  tr(v->lang, "not run: see the check, stub and solution"), "");
	} else if (!quick) {
		stub_step(v, e);
		for (int i = 0; i < nk; i++) {
			/* the fix is searched from the check of the expectation with no options, which
			 * is the fix step's own check */
			struct report plain = REPORT_INIT;
			bool have = false;
			for (int j = 0; j < k[i].nexpect; j++) {
				const struct wrong_expect *x = &k[i].expect[j];
				bool mine = k[i].nfix && !have && !x->no_analysis && !x->seed;
				wrong_step(v, e, &k[i], x, mine ? &plain : NULL);
				have = have || mine;
			}
			if (k[i].nfix)
				fix_step(v, e, &k[i], have ? &plain : NULL);
			report_release(&plain);
		}
	}
	sbuf_release(&res);
	sbuf_release(&tap);
	wrong_kernels_release(k, nk);
}

/* Whether t has its own text in lang (lang_texts_get falls back to the text without one). */
static bool has_lang(const struct lang_texts *t, const char *lang)
{
	for (int i = 0; i < LANG_TEXTS_MAX && t->t[i].text; i++)
		if (!strcmp(t->t[i].lang, lang))
			return true;
	return false;
}

/* repairs.ini: whole (course_rules_load), no rule named as one of the error model's, and each
 * rule's words in every language of the course. A row, its problems as file:line. */
static void course_rules_step(struct validation *v)
{
	char err[320];
	int bad = 0;
	if (course_rules_load(v->c->dir, &v->rules, err, sizeof(err)) < 0) {
		error("%s", err);
		bad++;
	}
	for (int i = 0; i < v->rules.n; i++) {
		const struct course_rule *r = &v->rules.r[i];
		if (repair_rule_named(r->name)) {
			error(tr(v->lang, "%s:%d: [rule %s] has the name of a rule of clings' error model"),
			      path_shown(v->rules.path), r->line, r->name);
			bad++;
		}
		for (int l = 1; l < v->c->langs.n; l++)
			if (!has_lang(&r->kind, v->c->langs.name[l]) || !has_lang(&r->place, v->c->langs.name[l])) {
				error(tr(v->lang, "%s:%d: [rule %s] has no kind.%s or place.%s: the course is in %s too"),
				      path_shown(v->rules.path), r->line, r->name, v->c->langs.name[l], v->c->langs.name[l],
				      v->c->langs.name[l]);
				bad++;
			}
	}
	if (!v->rules.path && !bad)
		return;   /* no rules of its own: nothing to say */
	char res[96];
	if (bad)
		snprintf(res, sizeof(res), trn(v->lang, "%d problem", "%d problems", (unsigned long)bad), bad);
	else
		snprintf(res, sizeof(res), "%s%d", tr(v->lang, "ok: "), v->rules.n);
	row(v, "", "repairs.ini", "repairs.ini: the course's rules of the error model", !bad, res, 0);
	v->problems += bad ? bad - 1 : 0;
}

/* A problem's line wrapped at its spaces, never cut mid-word: at the terminal's width (or
 * COLUMNS'), at 80 in a file or a pipe; COLUMNS=0 (and --tap off a terminal) keep one line a
 * problem, for tools. Set before the course loads: the course's own problems come as it loads. */
static int problems_wrap(bool tap)
{
	int rows, cols = 0;
	const char *columns = getenv("COLUMNS");
	bool one_line = (columns && !strcmp(columns, "0")) || (tap && !isatty(STDERR_FILENO) && !(columns && *columns));
	if (!one_line)
		term_size(STDERR_FILENO, &rows, &cols);
	messages_wrap_set(cols);
	return cols;
}

/* The table's head (or TAP's), stdout line-buffered. */
static void table_begin(struct validation *v)
{
	/* problems and rows interleave as they come, also through a pipe */
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (v->tap)
		printf("TAP version 13\n");
	else
		table_row(v, tr(v->lang, "exercise"), tr(v->lang, "what"), tr(v->lang, "result"),
			  tr(v->lang, "time"));
}

int validate_course(const char *course_dir, char *const *names, int count, const struct validate_options *o)
{
	int width = problems_wrap(o->tap);
	struct course c = COURSE_INIT;
	if (course_load(course_dir, &c) < 0)
		return -1;
	struct validation v = { o->lang, o->device, &c, o->tap, 0, 0, width, COURSE_RULES_INIT };
	bool quick = o->quick;
	const struct exercise **list = xcalloc((size_t)(count ? count : c.n), sizeof(*list));
	int n = 0;
	for (int i = 0; i < count; i++)
		if (!(list[n++] = course_find(&c, names[i]))) {
			free(list);
			course_release(&c);
			return -1;
		}
	for (int i = 0; !count && i < c.n; i++)
		list[n++] = &c.ex[i];
	if (o->migrate) {
		int changed = course_migrate(&c, list, n, &(struct migrate_options){
			.write = o->write, .device = o->device,
			.first_diagnosis = quick ? NULL : check_first_diagnosis });
		free(list);
		course_release(&c);
		return changed < 0 ? -1 : changed && !o->write;
	}
	table_begin(&v);
	int unknown = count ? 0 : wrong_dirs_unknown(&c);
	if (unknown) {
		row(&v, "", WRONG_DIR "/", "wrong/ names exercises of the course", false,
		    tr(o->lang, "not an exercise"), 0);
		v.problems += unknown - 1;
	}
	if (!quick && !analysis_available()) {
		error(tr(o->lang, "Oclgrind is not installed: no kernel is built or analysed on it "
			 "(scripts/install-deps installs it)"));
		row(&v, "", "Oclgrind", "Oclgrind is installed", false, tr(o->lang, "missing"), 0);
	}
	course_rules_step(&v);
	for (int i = 0; i < n; i++)
		validate_exercise(&v, list[i], quick);
	course_rules_release(&v.rules);
	if (v.tap)
		printf("1..%d\n", v.rows);
	printf(trn(o->lang, "%d exercise, ", "%d exercises, ", (unsigned long)n), n);
	printf(trn(o->lang, "%d step, ", "%d steps, ", (unsigned long)v.rows), v.rows);
	printf(trn(o->lang, "%d problem\n", "%d problems\n", (unsigned long)v.problems), v.problems);
	free(list);
	course_release(&c);
	return v.problems;
}

