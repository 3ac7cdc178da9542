/*
 * wrong.c: the wrong kernels a course tests itself with, wrong/EXERCISE/NAME.cl. Each states what
 * `clings check` must say of it in its first lines:
 *
 *   // expect: data_race line 14 [--no-analysis]
 *   // expect: wrong_result
 *   // diagnosis: race_needs_atomic
 *   // message: atomic_inc
 *
 * Every leading `// expect:` line is one run: the verdict, optionally the line the message must
 * name, and in brackets the options of the check. A `// message:` line anywhere in the leading
 * comment is text the message must hold, on every run of that kernel. The `// diagnosis:` line
 * names the mistake from the catalogue (diagnosis.c): it must come first among the diagnoses of
 * every failing run, and it makes the kernel a proof for output matching (engine/diagnose.c).
 * A kernel that passes says `// diagnosis: none`.
 *
 * A `// fix: RULE[+RULE] @LINE` line, the file's last so that no line above moves, declares the
 * repair that makes the kernel pass: one rule of the error model (engine/repair-rules.c) or two,
 * the first edit on LINE. `clings validate` requires that the search finds it, or a smaller one.
 */
#include "course/course.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define EXPECT_PREFIX "// expect: "
#define MESSAGE_PREFIX "// message: "
#define DIAGNOSIS_PREFIX "// diagnosis: "
#define FIX_PREFIX "// fix: "

/* wrong_kernels_read loads them without a word: a check reads them as a library of mistakes,
 * and only validate speaks of their problems. */
static bool quiet;
#define complain(...) (quiet ? -1 : error(__VA_ARGS__))

/* One "// diagnosis: ID" line (after the prefix) into k; the number of problems (printed). */
static int parse_diagnosis(struct wrong_kernel *k, const char *text, int line)
{
	char id[64];
	size_t n = strspn(text, "abcdefghijklmnopqrstuvwxyz_0123456789");
	snprintf(id, sizeof(id), "%.*s", (int)(n < sizeof(id) ? n : 0), text);
	if (k->diagnosis_at)
		return complain("%s:%d: a second // diagnosis: line (the first is line %d)", k->path, line,
			     k->diagnosis_at) < 0;
	k->diagnosis_at = line;
	if (text[n + strspn(text + n, " \t")]) {
		return complain("%s:%d: // diagnosis: takes one id of the catalogue (docs/diagnoses.md), "
			     "nothing after it", k->path, line) < 0;
	}
	if (!strcmp(id, "none")) {
		k->diagnosis_none = true;
		return 0;
	}
	k->diagnosis = diagnosis_find(id);
	if (!k->diagnosis)
		return complain("%s:%d: '%s' is no diagnosis of the catalogue (docs/diagnoses.md)", k->path,
			     line, id) < 0;
	return 0;
}

/* The `// fix:` line of whole, anywhere in the file; the number of problems (printed). */
static int parse_fix(struct wrong_kernel *k, const char *whole)
{
	int line = 1, bad = 0;
	for (const char *p = whole; *p; line++) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		if (!strncmp(p, FIX_PREFIX, strlen(FIX_PREFIX))) {
			char text[128], rules[80];
			int at = 0, used = 0;
			snprintf(text, sizeof(text), "%.*s", (int)(n - strlen(FIX_PREFIX)), p + strlen(FIX_PREFIX));
			char *plus;
			if (k->fix_at) {
				bad += complain("%s:%d: a second // fix: line (the first is line %d)", k->path, line, k->fix_at) < 0;
			} else if (sscanf(text, "%79[a-z_+] @%d%n", rules, &at, &used) != 2 || text[used] || at < 1) {
				bad += complain("%s:%d: a fix reads // fix: RULE[+RULE] @LINE (docs/authoring.md)", k->path,
						line) < 0;
			} else {
				k->fix_at = line;
				k->fix_line = at;
				plus = strchr(rules, '+');
				if (plus)
					*plus++ = '\0';
				copy_str(k->fix_rules[0], sizeof(k->fix_rules[0]), rules);
				k->nfix = 1;
				if (plus && *plus && !strchr(plus, '+')) {
					copy_str(k->fix_rules[1], sizeof(k->fix_rules[1]), plus);
					k->nfix = 2;
				} else if (plus) {
					bad += complain("%s:%d: a fix is one rule or two: RULE or RULE+RULE", k->path, line) < 0;
				}
			}
		}
		p = eol ? eol + 1 : p + n;
	}
	return bad;
}

/* The options of one expect line: --no-analysis, --seed N. -1 with why in err. */
static int parse_flags(char *flags, struct wrong_expect *x, char *err, size_t errlen)
{
	for (char *save = NULL, *w = strtok_r(flags, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (!strcmp(w, "--no-analysis")) {
			x->no_analysis = true;
		} else if (!strcmp(w, "--seed")) {
			char *n = strtok_r(NULL, " \t", &save);
			if (!n || parse_seed(n, &x->seed) < 0) {
				snprintf(err, errlen, "--seed takes a number from 1 to 2^64-1");
				return -1;
			}
		} else {
			snprintf(err, errlen, "unknown option '%s' (a wrong kernel's check takes "
				 "--no-analysis and --seed N)", w);
			return -1;
		}
	}
	return 0;
}

/* One "// expect: VERDICT [line N] [[OPTIONS]]" line (after the prefix) into x. */
static int parse_expect(const char *text, struct wrong_expect *x, char *err, size_t errlen)
{
	char verdict[32] = "", rest[160] = "";
	size_t n = strspn(text, "abcdefghijklmnopqrstuvwxyz_");
	snprintf(verdict, sizeof(verdict), "%.*s", (int)n, text);
	int v = n < sizeof(verdict) ? verdict_from_name(verdict) : -1;
	if (v < 0 || v == VERDICT_ERROR) {
		snprintf(err, errlen, "'%s' is not a verdict (pass, wrong_result, data_race, ...)", verdict);
		return -1;
	}
	x->verdict = (enum verdict)v;
	copy_str(rest, sizeof(rest), text + n);
	char *open = strchr(rest, '['), *close = open ? strchr(open, ']') : NULL;
	if (open && !close) {
		snprintf(err, errlen, "'[' without ']'");
		return -1;
	}
	if (open) {
		*close = '\0';
		copy_str(x->options, sizeof(x->options), open + 1);
		char opts[sizeof(x->options)];
		copy_str(opts, sizeof(opts), open + 1);
		if (parse_flags(opts, x, err, errlen) < 0)
			return -1;
		*open = '\0';
	}
	const char *p = rest + strspn(rest, " \t");
	int used = 0;
	char name[sizeof(x->anchor)] = "";
	if (*p && (sscanf(p, "line @%30[A-Za-z0-9_] %n", name, &used) == 1 || sscanf(p, "here %n", &used) == 0) &&
	    used && !p[used]) {
		copy_str(x->anchor, sizeof(x->anchor), name[0] ? name : "here");
		return 0;   /* resolved once the whole file is read */
	}
	used = 0;
	if (*p && (sscanf(p, "line %d %n", &x->line, &used) < 1 || x->line < 1 || p[used])) {
		snprintf(err, errlen, "after the verdict: line N, line @NAME or here, then [OPTIONS]");
		return -1;
	}
	return 0;
}

/* The line of text holding the marker comment of anchor ("// @NAME", or "// <- here" for
 * "here"); 0 when none, -1 when several. */
static int anchor_line(const char *text, const char *anchor)
{
	char *marker = strcmp(anchor, "here") ? xstrfmt("// @%s", anchor) : xstrdup("// <- here");
	size_t n = strlen(marker);
	int line = 1, found = 0;
	for (const char *p = text; *p; p++) {
		if (*p == '\n')
			line++;
		if (strncmp(p, marker, n) || isalnum((unsigned char)p[n]) || p[n] == '_')
			continue;
		if (found) {
			found = -1;
			break;
		}
		found = line;
	}
	free(marker);
	return found;
}

/* Loads one kernel's expectations; the number of problems (printed). */
static int load_kernel(struct wrong_kernel *k)
{
	char *text;
	if (read_file(k->path, &text, NULL) < 0)
		return complain("%s: cannot read:", k->path) < 0;
	int bad = 0, line = 1;
	char *whole = xstrdup(text);   /* the markers of line @NAME, below the expect lines */
	bool expects_open = true;   /* expect lines are the first lines, one after another */
	for (char *p = text; *p && !strncmp(p, "//", 2); line++) {
		char *eol = strchr(p, '\n');
		if (eol)
			*eol = '\0';
		if (!strncmp(p, EXPECT_PREFIX, strlen(EXPECT_PREFIX)) && expects_open) {
			struct wrong_expect x = { .at = line };
			char err[200];
			if (parse_expect(p + strlen(EXPECT_PREFIX), &x, err, sizeof(err)) < 0) {
				complain("%s:%d: %s", k->path, line, err);
				bad++;
			} else if (x.anchor[0] && (x.line = anchor_line(whole, x.anchor)) <= 0) {
				complain(strcmp(x.anchor, "here") ? "%s:%d: %s comment // @%s marks the line this "
					 "expectation means" : "%s:%d: %s comment // <- %s marks the line this "
					 "expectation means", k->path, line, x.line < 0 ? "more than one" : "no",
					 x.anchor);
				bad++;
			} else {
				k->expect = xrealloc(k->expect, sizeof(*k->expect) * (size_t)(k->nexpect + 1));
				k->expect[k->nexpect++] = x;
			}
		} else {
			expects_open = false;
		}
		if (!strncmp(p, DIAGNOSIS_PREFIX, strlen(DIAGNOSIS_PREFIX)))
			bad += parse_diagnosis(k, p + strlen(DIAGNOSIS_PREFIX), line);
		if (!strncmp(p, MESSAGE_PREFIX, strlen(MESSAGE_PREFIX)) && p[strlen(MESSAGE_PREFIX)]) {
			k->messages = xrealloc(k->messages, sizeof(*k->messages) * (size_t)(k->nmessages + 1));
			k->messages[k->nmessages++] = xstrdup(p + strlen(MESSAGE_PREFIX));
		}
		p = eol ? eol + 1 : p + strlen(p);
	}
	free(text);
	bad += parse_fix(k, whole);
	free(whole);
	if (!k->nexpect && !bad) {
		complain("%s:1: a wrong kernel starts with a line // expect: VERDICT [line N] [[OPTIONS]]",
		      k->path);
		bad++;
	}
	bool passes = k->nexpect > 0;
	for (int i = 0; i < k->nexpect; i++)
		passes = passes && k->expect[i].verdict == VERDICT_PASS;
	if (!k->diagnosis_at && k->nexpect) {
		complain("%s:%d: a wrong kernel names its mistake after its // expect: lines: "
		      "// diagnosis: ID (docs/diagnoses.md)%s", k->path, k->expect[k->nexpect - 1].at + 1,
		      passes ? ", or // diagnosis: none for one that passes" : "");
		bad++;
	} else if (k->diagnosis_at && passes != k->diagnosis_none) {
		complain(passes ? "%s:%d: a kernel that passes has no diagnosis: // diagnosis: none"
			     : "%s:%d: a kernel that fails names its mistake, not none", k->path, k->diagnosis_at);
		bad++;
	}
	for (int i = 0; k->diagnosis && i < k->nexpect; i++)
		if (k->expect[i].verdict != VERDICT_PASS && !diagnosis_fits(k->diagnosis, k->expect[i].verdict)) {
			complain("%s:%d: the diagnosis %s does not go with the verdict %s (docs/diagnoses.md)",
			      k->path, k->diagnosis_at, k->diagnosis->id, verdict_name(k->expect[i].verdict));
			bad++;
		}
	return bad;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct wrong_kernel *)a)->path, ((const struct wrong_kernel *)b)->path);
}

int wrong_kernels_load(const struct course *c, const struct exercise *e, struct wrong_kernel **out,
		       int *n)
{
	*out = NULL;
	*n = 0;
	char *dir = xstrfmt("%s/%s/%s", c->dir, WRONG_DIR, e->name);
	DIR *d = opendir(dir);
	int bad = 0;
	struct dirent *de;
	while (d && (de = readdir(d))) {
		size_t len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len <= 3 || strcmp(de->d_name + len - 3, ".cl"))
			continue;
		*out = xrealloc(*out, sizeof(**out) * (size_t)(*n + 1));
		struct wrong_kernel *k = &(*out)[(*n)++];
		memset(k, 0, sizeof(*k));
		k->path = xstrfmt("%s/%s", dir, de->d_name);
		k->name = xstrfmt("%.*s", (int)(len - 3), de->d_name);
	}
	if (d)
		closedir(d);
	free(dir);
	if (*n)
		qsort(*out, (size_t)*n, sizeof(**out), by_path);
	for (int i = 0; i < *n; i++)
		bad += load_kernel(&(*out)[i]);
	return bad;
}

int wrong_kernels_read(const struct course *c, const struct exercise *e, struct wrong_kernel **out,
		       int *n)
{
	quiet = true;
	int bad = wrong_kernels_load(c, e, out, n);
	quiet = false;
	return bad;
}

int wrong_dirs_unknown(const struct course *c)
{
	char *dir = xstrfmt("%s/%s", c->dir, WRONG_DIR);
	DIR *d = opendir(dir);
	int bad = 0;
	struct dirent *de;
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		bool known = false;
		for (int i = 0; i < c->n && !known; i++)
			known = !strcmp(c->ex[i].name, de->d_name);
		if (!known)
			bad += complain("%s/%s: no exercise of the course is named '%s'", dir, de->d_name,
				     de->d_name) < 0;
	}
	if (d)
		closedir(d);
	free(dir);
	return bad;
}

void wrong_kernels_release(struct wrong_kernel *k, int n)
{
	for (int i = 0; i < n; i++) {
		free(k[i].path);
		free(k[i].name);
		free(k[i].expect);
		for (int j = 0; j < k[i].nmessages; j++)
			free(k[i].messages[j]);
		free(k[i].messages);
	}
	free(k);
}
