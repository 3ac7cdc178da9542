/*
 * test-i18n.c: the Portuguese table behind tr() (i18n.c). Every entry keeps the printf conversions
 * of its English key, in the same order; no entry is empty or given twice; and every literal the
 * runner's sources hand to tr() has an entry, so no message falls back to English unnoticed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui.h"

/* The conversions of a format string, each as written ("%s", "%.1f", "%zu"), one per line. */
static void conversions(const char *fmt, struct sbuf *out)
{
	for (const char *p = fmt; *p; p++) {
		if (*p != '%')
			continue;
		if (p[1] == '%') {
			p++;
			continue;
		}
		const char *start = p++;
		p += strspn(p, "-+ #0");
		p += strspn(p, "0123456789*");
		if (*p == '.') {
			p++;
			p += strspn(p, "0123456789*");
		}
		p += strspn(p, "hljztL");
		if (!*p)
			fail_msg("format ends inside a conversion: \"%s\"", fmt);
		sbuf_add(out, start, (size_t)(p - start + 1));
		sbuf_adds(out, "\n");
	}
}

static void entries_keep_their_conversions(void **state)
{
	(void)state;
	int n = 0;
	for (const struct translation *t = translations; t->english; t++, n++) {
		struct sbuf en = SBUF_INIT, pt = SBUF_INIT;
		if (!*t->english || !t->portuguese || !*t->portuguese)
			fail_msg("entry %d is empty: \"%s\"", n, t->english);
		conversions(t->english, &en);
		conversions(t->portuguese, &pt);
		if (strcmp(sbuf_str(&en), sbuf_str(&pt)))
			fail_msg("conversions differ:\n  \"%s\"\n  \"%s\"", t->english, t->portuguese);
		sbuf_release(&en);
		sbuf_release(&pt);
	}
	assert_true(n > 100);
}

static void no_entry_twice(void **state)
{
	(void)state;
	for (const struct translation *t = translations; t->english; t++)
		for (const struct translation *u = t + 1; u->english; u++)
			if (!strcmp(t->english, u->english))
				fail_msg("given twice: \"%s\"", t->english);
}

static void english_unless_portuguese(void **state)
{
	(void)state;
	const char *key = "Test %s: %s";
	assert_ptr_equal(tr(NULL, key), key);
	assert_ptr_equal(tr("en", key), key);
	assert_ptr_equal(tr("fr", key), key);
	assert_string_equal(tr("pt-BR", key), "Teste %s: %s");
	const char *unknown = "a message nobody translated";
	assert_ptr_equal(tr("pt-BR", unknown), unknown);
}

/* ---- every literal given to tr() in the runner's C files ---- */

static char *runner_dir(void)
{
	const char *self = __FILE__;
	const char *slash = strrchr(self, '/');
	int dir = slash ? (int)(slash - self + 1) : 0;
	return xstrfmt("%.*s../../runner", dir, self);
}

/*
 * Reads one C string literal at *p (after its opening quote) into out; *p ends after it. The
 * runner's literals use only the escapes \n, \t, \\ and \", which unescape_line() knows.
 */
static void read_literal(const char **p, struct sbuf *out)
{
	const char *s = *p;
	while (*s && *s != '"')
		s += *s == '\\' && s[1] ? 2 : 1;
	char *raw = xstrfmt("%.*s", (int)(s - *p), *p);
	unescape_line(out, raw);
	free(raw);
	*p = *s ? s + 1 : s;
}

/*
 * Finds `tr(ARG, "literal" "literal" PRId64 ...)` calls and checks each key; keys that are not
 * literals (tr(lang, label)) are the caller's business. Returns the number of keys checked.
 */
static int check_file(const char *path, const char *text, struct sbuf *missing)
{
	int keys = 0;
	for (const char *p = text; (p = strstr(p, "tr(")); p += 3) {
		if (p > text && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
				 (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9')))
			continue;
		const char *q = p + 3;
		int depth = 0;
		for (; *q && !(depth == 0 && (*q == ',' || *q == ')')); q++)
			depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
		if (*q != ',')
			continue;   /* "tr()" in a comment */
		q++;
		q += strspn(q, " \t\n");
		if (*q != '"')
			continue;
		struct sbuf key = SBUF_INIT;
		for (;;) {
			q += strspn(q, " \t\n");
			if (*q == '"') {
				q++;
				read_literal(&q, &key);
			} else if (!strncmp(q, "PRId64", 6)) {
				sbuf_adds(&key, PRId64);
				q += 6;
			} else {
				break;
			}
		}
		if (*q != ')')
			fail_msg("%s: cannot read the key of tr(%.60s", path, p + 3);
		keys++;
		if (tr("pt-BR", sbuf_str(&key)) == sbuf_str(&key) ||
		    !strcmp(tr("pt-BR", sbuf_str(&key)), sbuf_str(&key)))
			sbuf_addf(missing, "  %s: \"%s\"\n", path, sbuf_str(&key));
		sbuf_release(&key);
	}
	return keys;
}

static void every_message_has_a_translation(void **state)
{
	(void)state;
	char *root = runner_dir();
	struct sbuf missing = SBUF_INIT;
	int keys = 0;
	static const char *const layers[] = { "base", "course", "engine", "ui", "watch", "cmd" };
	for (size_t l = 0; l < sizeof(layers) / sizeof(layers[0]); l++) {
		char *dir = xstrfmt("%s/%s", root, layers[l]);
		DIR *d = opendir(dir);
		if (!d)
			fail_msg("cannot open %s", dir);
		for (struct dirent *e; (e = readdir(d));) {
			size_t len = strlen(e->d_name);
			if (len < 3 || strcmp(e->d_name + len - 2, ".c") || !strcmp(e->d_name, "i18n.c"))
				continue;
			char *path = xstrfmt("%s/%s", dir, e->d_name), *text = NULL;
			if (read_file(path, &text, NULL) < 0)
				fail_msg("cannot read %s", path);
			keys += check_file(path, text, &missing);
			free(text);
			free(path);
		}
		closedir(d);
		free(dir);
	}
	free(root);
	if (missing.len)
		fail_msg("no Portuguese for:\n%s", sbuf_str(&missing));
	assert_true(keys > 100);   /* the scanner found the calls */
	sbuf_release(&missing);
}

/* ---- a wrong result, as a learner reading Portuguese sees it ---- */

static void comparison_in_portuguese(void **state)
{
	(void)state;
	struct arg_spec a = { .name = "out", .type = TYPE_INT, .output = true };
	a.label[0] = "work-group";
	int expected[3] = { 10, 20, 30 }, got[3];
	memset(got, POISON_BYTE, sizeof(got));
	got[0] = 10;
	got[2] = 30;
	struct output_view o = { &a, expected, got, 3, 0, 2, 3, "pt-BR" };
	struct sbuf msg = SBUF_INIT, pic = SBUF_INIT;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	assert_string_equal(sbuf_str(&msg), "passada 2 de 3: out[1] (grupo de trabalho 1): esperado 20, "
			    "obtido nada (nunca escrito) (1 de 3 valores errados)");
	assert_string_equal(sbuf_str(&pic), "passada 2 de 3, out, grupos de trabalho 0-2 (. certo, x errado):\n"
			    "  .x.\n  grupo de trabalho 1: esperado 20, obtido nada (nunca escrito)\n");
	sbuf_release(&msg);
	sbuf_release(&pic);

	struct arg_spec m = { .name = "trA", .type = TYPE_INT, .output = true };
	m.label[0] = "row";
	m.label[1] = "column";
	int e2[4] = { 1, 2, 3, 4 }, g2[4] = { 1, 2, 0, 4 };
	struct output_view o2 = { &m, e2, g2, 4, 2, 1, 1, "pt-BR" };
	assert_int_equal(compare_output(&o2, 0, &msg, &pic), 1);
	assert_string_equal(sbuf_str(&msg), "trA em (linha 1, coluna 0): esperado 3, obtido 0 (1 de 4 "
			    "valores errados)");
	assert_non_null(strstr(sbuf_str(&pic), "trA (2 x 2), linhas 0-1, colunas 0-1 (. certo, x errado):"));
	sbuf_release(&msg);
	sbuf_release(&pic);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(entries_keep_their_conversions),
		cmocka_unit_test(no_entry_twice),
		cmocka_unit_test(english_unless_portuguese),
		cmocka_unit_test(every_message_has_a_translation),
		cmocka_unit_test(comparison_in_portuguese),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
