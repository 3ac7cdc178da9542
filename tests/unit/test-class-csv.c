/*
 * test-class-csv.c: the CSV reader of a class's roster (grade/gradebook.c): RFC 4180's quotes,
 * doubled quotes, commas and line ends inside quotes, CRLF, a spreadsheet's byte order mark,
 * empty fields; each row's first line; and a broken file (an unclosed quote, a NUL byte, after
 * which a C string would lose every row) named with its line, nothing half read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "grade/class.h"

static void fields_as_a_spreadsheet_writes_them(void **state)
{
	(void)state;
	struct csv_rows r;
	const char *text = "\xef\xbb\xbfsubmission,Student,ID\r\n"
			   "ana,\"Silva, Ana\",101\r\n"
			   "bruno,\"Bruno \"\"B\"\" Costa\",\r\n"
			   "carla,\"two\nlines\",103";
	assert_int_equal(csv_parse(text, strlen(text), "roster.csv", &r), 0);
	assert_int_equal(r.n, 4);
	assert_int_equal(r.nfields[0], 3);
	assert_string_equal(r.rows[0][0], "submission");   /* the byte order mark is no part of it */
	assert_string_equal(r.rows[1][1], "Silva, Ana");
	assert_string_equal(r.rows[2][1], "Bruno \"B\" Costa");
	assert_int_equal(r.nfields[2], 3);
	assert_string_equal(r.rows[2][2], "");
	assert_string_equal(r.rows[3][1], "two\nlines");
	assert_string_equal(r.rows[3][2], "103");
	assert_int_equal(r.lines[3], 4);
	assert_int_equal(csv_parse("a\n\"b\nc\"\nd\n", 10, "x.csv", &r), 0);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.lines[2], 4);   /* the row after a quoted line end */
	csv_release(&r);
	assert_int_equal(r.n, 0);
	assert_null(r.rows);
}

static void broken_files_are_refused(void **state)
{
	(void)state;
	struct csv_rows r;
	assert_int_equal(csv_parse("a,b\n\"open,1\n", 12, "x.csv", &r), -1);
	assert_int_equal(r.n, 0);
	assert_int_equal(csv_parse("a,b\n\"closed\"then,1\n", 19, "x.csv", &r), -1);
	assert_int_equal(r.n, 0);
	assert_int_equal(csv_parse("a,b\nc\0d\ne,f\n", 12, "x.csv", &r), -1);
	assert_int_equal(r.n, 0);
	assert_int_equal(csv_parse("", 0, "x.csv", &r), 0);
	assert_int_equal(r.n, 0);
	csv_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fields_as_a_spreadsheet_writes_them),
		cmocka_unit_test(broken_files_are_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
