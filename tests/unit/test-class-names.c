/*
 * test-class-names.c: how a class's record keeps a submission's name (grade/class.c): its key
 * (the bytes in hexadecimal) gives back the bytes exactly, also those that are no UTF-8 text;
 * a key that names no directory's entry ("/" inside, NUL, "." or "..", an odd length, a capital
 * or another letter) is refused; the name as text shows such bytes and control characters as
 * \xHH, so that two names differing only in them are told apart.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "grade/class.h"

static void a_key_gives_back_the_bytes(void **state)
{
	(void)state;
	const char *names[] = { "ana", "x\xff", "x\xfe", "Jos\xc3\xa9", "evil\nbob", "\x01" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *key = class_name_key(names[i]), *back = class_name_bytes(key);
		assert_non_null(back);
		assert_string_equal(back, names[i]);
		free(key);
		free(back);
	}
	char *a = class_name_key("x\xff"), *b = class_name_key("x\xfe");
	assert_string_equal(a, "78ff");
	assert_string_not_equal(a, b);
	free(a);
	free(b);
}

static void keys_of_no_entry_are_refused(void **state)
{
	(void)state;
	const char *bad[] = { "", "2f", "612f62", "00", "6100", "2e", "2e2e", "616", "6G", "4A", "zz" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *name = class_name_bytes(bad[i]);
		if (name)
			fail_msg("key '%s' gave a name", bad[i]);
	}
	char *dots = class_name_bytes("2e2e2e");   /* "..." is a name like any other */
	assert_non_null(dots);
	assert_string_equal(dots, "...");
	free(dots);
}

static void text_shows_what_is_no_text(void **state)
{
	(void)state;
	char *t = class_name_text("x\xff");
	assert_string_equal(t, "x\\xff");
	free(t);
	t = class_name_text("x\xfe");
	assert_string_equal(t, "x\\xfe");
	free(t);
	t = class_name_text("evil\nbob\x7f");
	assert_string_equal(t, "evil\\x0abob\\x7f");
	free(t);
	t = class_name_text("Jos\xc3\xa9");   /* UTF-8 text stays itself */
	assert_string_equal(t, "Jos\xc3\xa9");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_key_gives_back_the_bytes),
		cmocka_unit_test(keys_of_no_entry_are_refused),
		cmocka_unit_test(text_shows_what_is_no_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
