/*
 * msg-asserts.h: what the unit tests assert of a message kept as data (base/msg.h): its text in
 * a language, and its facts as JSON. Included after cmocka.h.
 */
#ifndef TESTS_UNIT_MSG_ASSERTS_H
#define TESTS_UNIT_MSG_ASSERTS_H

#include <stdlib.h>

#include "base/msg.h"

/* m rendered in lang is want. */
static inline void assert_msg_text(const struct msg *m, const char *lang, const char *want)
{
	char *got = msg_text(m, lang);
	assert_string_equal(got, want);
	free(got);
}

/* The same, and m is released. */
static inline void assert_rendered(struct msg *m, const char *lang, const char *want)
{
	assert_msg_text(m, lang, want);
	msg_release(m);
}

/* m's named facts as JSON are want. */
static inline void assert_facts(const struct msg *m, const char *want)
{
	struct sbuf facts = SBUF_INIT;
	msg_facts_json(m, &facts);
	assert_string_equal(sbuf_str(&facts), want);
	sbuf_release(&facts);
}

#endif
