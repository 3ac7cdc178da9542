/*
 * test-i18n.c: the catalogs behind tr(), trn() and tr_ctx() (base/i18n.c), read from the .mo
 * files built into the program. That every message has a translation, with the same
 * conversions, is for msgfmt -c and scripts/check-catalog (tests/t012-catalog.sh).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ui/ui.h"
#include "msg-asserts.h"

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

static void plural_forms_follow_the_catalog(void **state)
{
	(void)state;
	const char *one = "%d test passed; ", *many = "%d tests passed; ";
	/* English: one, other */
	assert_ptr_equal(trn("en", one, many, 1), one);
	assert_ptr_equal(trn("en", one, many, 0), many);
	assert_ptr_equal(trn("en", one, many, 2), many);
	/* Brazilian Portuguese: plural=(n > 1), so 0 and 1 take the first form */
	assert_string_equal(trn("pt-BR", one, many, 0), "%d teste passou; ");
	assert_string_equal(trn("pt-BR", one, many, 1), "%d teste passou; ");
	assert_string_equal(trn("pt-BR", one, many, 2), "%d testes passaram; ");
	assert_ptr_equal(trn("pt-BR", "no such one", "no such ones", 5), "no such ones");
}

static void contexts_keep_short_words_apart(void **state)
{
	(void)state;
	assert_string_equal(tr_ctx("pt-BR", "list state", "done"), "feito");
	assert_string_equal(tr_ctx("en", "list state", "done"), "done");
	assert_string_equal(tr_ctx("pt-BR", "no such context", "done"), "done");
	assert_string_equal(lang_catalog_match("pt-BR"), "pt-BR");
	assert_string_equal(lang_catalog_match("en"), "en");
	assert_null(lang_catalog_match("es"));
}

/* ---- a wrong result, as a learner reading Portuguese sees it ---- */

/* m in lang must read want; m is emptied for the next comparison. */
static void comparison_in_portuguese(void **state)
{
	(void)state;
	struct arg_spec a = { .name = "out", .type = TYPE_INT, .output = true };
	a.label[0] = "work-group";
	int expected[3] = { 10, 20, 30 }, got[3];
	memset(got, POISON_BYTE, sizeof(got));
	got[0] = 10;
	got[2] = 30;
	struct output_view o = { &a, expected, got, 3, 0, 2, 3, 0, 0 };
	struct msg msg = MSG_INIT, pic = MSG_INIT;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 1);
	assert_rendered(&msg, "pt-BR", "passada 2 de 3: out[1] (grupo de trabalho 1): esperado 20, "
			"obtido nada (nunca escrito) (1 de 3 valores errados)");
	assert_rendered(&pic, "pt-BR", "passada 2 de 3, out, grupos de trabalho 0-2 (. certo, x errado):\n"
			"  .x.\n  grupo de trabalho 1: esperado 20, obtido nada (nunca escrito)\n");

	struct arg_spec m = { .name = "trA", .type = TYPE_INT, .output = true };
	m.label[0] = "row";
	m.label[1] = "column";
	int e2[4] = { 1, 2, 3, 4 }, g2[4] = { 1, 2, 0, 4 };
	struct output_view o2 = { &m, e2, g2, 4, 2, 1, 1, 0, 0 };
	assert_int_equal(compare_output(&o2, 0, &msg, &pic), 1);
	assert_rendered(&msg, "pt-BR", "trA em (linha 1, coluna 0): esperado 3, obtido 0 (1 de 4 "
			"valores errados)");
	char *p = msg_text(&pic, "pt-BR");
	assert_non_null(strstr(p, "trA (2 x 2), linhas 0-1, colunas 0-1 (. certo, x errado):"));
	free(p);
	msg_release(&pic);
}

/* Work-groups that wrote nothing: the plural form of the Portuguese, and the facts in numbers. */
static void silent_groups_in_portuguese(void **state)
{
	(void)state;
	struct arg_spec a = { .name = "out", .type = TYPE_INT, .output = true };
	int expected[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, got[8] = { 1, 2, 0, 0, 5, 6, 0, 0 };
	memset(&got[2], POISON_BYTE, 2 * sizeof(int));
	memset(&got[6], POISON_BYTE, 2 * sizeof(int));
	struct output_view o = { &a, expected, got, 8, 0, 1, 1, 2, 0 };
	struct msg msg = MSG_INIT, pic = MSG_INIT;
	assert_int_equal(compare_output(&o, 0, &msg, &pic), 4);
	assert_facts(&msg, "{\"buffer\": \"out\", \"index\": 2, \"expected\": \"3\", "
			    "\"never_written\": 1, \"wrong\": 4, \"elements\": 8, \"silent_groups\": 2, "
			    "\"work_group\": 1}");
	assert_rendered(&msg, "pt-BR", "out[2]: esperado 3, obtido nada (nunca escrito) (4 de 8 valores errados)\n"
			"Os grupos de trabalho 1, 3 não escreveram nada em out: cada elemento dos seus "
			"trechos continua como estava antes da execução. Eles retornam antes das "
			"escritas, ou uma guarda testa o id do grupo em vez do índice do elemento?");
	msg_release(&pic);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(english_unless_portuguese),
		cmocka_unit_test(plural_forms_follow_the_catalog),
		cmocka_unit_test(contexts_keep_short_words_apart),
		cmocka_unit_test(comparison_in_portuguese),
		cmocka_unit_test(silent_groups_in_portuguese),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
