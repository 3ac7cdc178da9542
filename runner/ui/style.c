/*
 * style.c: the one table of style roles. Code asks for a role (what the text is), never for a
 * colour; the terminal escape of each role is written here once. Whether styles are used at
 * all is term_colour()'s answer: a terminal, NO_COLOR unset, TERM not "dumb".
 */
#include "ui/ui.h"

static const char *const codes[STYLE_COUNT] = {
	[STYLE_RESET] = "\x1b[0m",
	[STYLE_STRONG] = "\x1b[1m",
	[STYLE_DIM] = "\x1b[2m",
	[STYLE_GOOD] = "\x1b[1;32m",
	[STYLE_BAD] = "\x1b[1;31m",
	[STYLE_WARN] = "\x1b[1;33m",
	[STYLE_TITLE] = "\x1b[36m",
	[STYLE_BAR] = "\x1b[7m",
	[STYLE_DONE] = "\x1b[32m",
	[STYLE_STARTED] = "\x1b[33m",
};

const char *style_code(enum style s)
{
	return (unsigned)s < STYLE_COUNT && codes[s] ? codes[s] : "";
}

const char *style(enum style s, bool colour)
{
	return colour ? style_code(s) : "";
}

enum style style_of_verdict(enum verdict v)
{
	static const enum style of_tone[] = { [TONE_GOOD] = STYLE_GOOD, [TONE_BAD] = STYLE_BAD,
					      [TONE_NEUTRAL] = STYLE_WARN };
	return of_tone[verdict_tone(v)];
}
