/*
 * term.c: the terminal. Raw mode and the alternate screen (always given back, also on SIGINT,
 * SIGTERM and SIGHUP), the window size and SIGWINCH, keys, and the width of text on screen.
 *
 * The screen itself is built by the caller in an sbuf and written with one term_write(), as kilo
 * does: the terminal never shows half a frame.
 */
#include "ui/ui.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* Enter and leave the alternate screen; hide and show the cursor; disable line wrap. */
#define SCREEN_ENTER "\x1b[?1049h\x1b[?25l\x1b[?7l"
#define SCREEN_LEAVE "\x1b[?7h\x1b[?25h\x1b[?1049l"
/* How long the rest of an escape sequence may take to arrive before ESC is a key of its own. */
#define ESC_WAIT_MS 30

static struct termios saved_termios;
static int raw_fd_in = -1, raw_fd_out = -1;  /* >= 0 while the terminal is ours */
static int signal_pipe[2] = { -1, -1 };      /* written by the handlers, polled by the caller */
static struct sigaction old_int, old_term, old_hup, old_winch, old_cont;

/* ---- colour ---- */

bool term_colour(int fd)
{
	const char *no = getenv("NO_COLOR");
	if (no && *no)
		return false;
	const char *t = getenv("TERM");
	if (t && !strcmp(t, "dumb"))
		return false;
	return isatty(fd);
}

/* ---- writing ---- */

int term_write(int fd, const char *s, size_t n)
{
	return write_all(fd, s, n);
}

/* ---- width of text on screen ---- */

/* Length of the escape sequence at s (CSI "ESC [ ... final", or "ESC x"), 0 if none. */
static size_t escape_len(const char *s, size_t n)
{
	if (n < 2 || s[0] != '\x1b')
		return 0;
	if (s[1] != '[')
		return 2;
	size_t i = 2;
	while (i < n && ((unsigned char)s[i] < 0x40 || (unsigned char)s[i] > 0x7e))
		i++;
	return i < n ? i + 1 : n;
}

/* Bytes of the UTF-8 character at s (1 for a stray byte, so bad input still advances). */
static size_t utf8_len(const char *s, size_t n)
{
	size_t len = (size_t)utf8_sequence_len((const unsigned char *)s);
	return len && len <= n ? len : 1;   /* a byte that is no character counts as one */
}

/* Walks s over at most cols columns (escapes take none): returns the bytes walked, and the
 * columns in *w. */
static size_t walk(const char *s, size_t n, int cols, int *w)
{
	int col = 0;
	size_t i = 0;
	while (i < n) {
		size_t e = escape_len(s + i, n - i);
		if (e) {
			i += e;
			continue;
		}
		if (col >= cols)
			break;
		i += utf8_len(s + i, n - i);
		col++;
	}
	*w = col;
	return i;
}

int term_width(const char *s, size_t n)
{
	int w;
	walk(s, n, INT_MAX, &w);
	return w;
}

int term_add_fit(struct sbuf *out, const char *s, size_t n, int width)
{
	int w = 0;
	size_t i = 0;
	while (i < n) {
		size_t e = escape_len(s + i, n - i);
		if (e) {
			/* Styles still apply to what follows, even past the cut. */
			sbuf_add(out, s + i, e);
			i += e;
			continue;
		}
		size_t c = utf8_len(s + i, n - i);
		if (w >= width || s[i] == '\n') {
			i += c;
			continue;
		}
		/* Control characters would move the cursor: show them as '?'. */
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			sbuf_add(out, s[i] == '\t' ? " " : "?", 1);
		else
			sbuf_add(out, s + i, c);
		i += c;
		w++;
	}
	return w;
}

size_t term_offset(const char *s, size_t n, int cols)
{
	int w;
	return walk(s, n, cols, &w);
}

size_t term_wrap(const char *s, size_t n, int width)
{
	size_t fit = term_offset(s, n, width > 0 ? width : 1);
	if (fit >= n || s[fit] == ' ')
		return fit;
	for (size_t i = fit; i-- > 0;)
		if (s[i] == ' ')
			return i;
	return fit; /* one word wider than the line: cut it */
}

void term_add_escapes(struct sbuf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t e = escape_len(s + i, n - i);
		if (e)
			sbuf_add(out, s + i, e);
		i += e ? e : 1;
	}
}

/* ---- size ---- */

void term_size(int fd, int *rows, int *cols)
{
	struct winsize ws;
	*rows = 24;
	*cols = 80;
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
		*rows = ws.ws_row;
		*cols = ws.ws_col;
		return;
	}
	const char *r = getenv("LINES"), *c = getenv("COLUMNS");
	if (r && atoi(r) > 0)
		*rows = atoi(r);
	if (c && atoi(c) > 0)
		*cols = atoi(c);
}

int term_text_width(int fd)
{
	int rows, cols = PIPE_WIDTH;
	if (isatty(fd))
		term_size(fd, &rows, &cols);
	return cols < TEXT_MAX_WIDTH ? cols : TEXT_MAX_WIDTH;
}

/* ---- signals ---- */

static void restore_terminal(void)
{
	if (raw_fd_out >= 0)
		term_write(raw_fd_out, SCREEN_LEAVE, sizeof(SCREEN_LEAVE) - 1);
	if (raw_fd_in >= 0)
		tcsetattr(raw_fd_in, TCSAFLUSH, &saved_termios);
	raw_fd_in = raw_fd_out = -1;
}

/* Only async-signal-safe calls: gives the terminal back, then dies of the same signal. */
static void on_fatal_signal(int sig)
{
	restore_terminal();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void on_wake_signal(int sig)
{
	int saved = errno;
	char c = (char)sig;
	if (signal_pipe[1] >= 0 && write(signal_pipe[1], &c, 1) < 0) {
		/* A full pipe already holds a wake-up. */
	}
	errno = saved;
}

int term_signal_fd(void)
{
	if (signal_pipe[0] >= 0)
		return signal_pipe[0];
	if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) < 0)
		return error("cannot create a pipe:");
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_wake_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGWINCH, &sa, &old_winch);
	sigaction(SIGCONT, &sa, &old_cont);
	return signal_pipe[0];
}

void term_signal_drain(void)
{
	char buf[64];
	if (signal_pipe[0] >= 0)
		while (read(signal_pipe[0], buf, sizeof(buf)) > 0)
			;
}

/* ---- raw mode ---- */

static void raw_enable(int fd)
{
	struct termios raw = saved_termios;
	/* Keys arrive one at a time, unechoed; ^C and ^Z arrive as keys so that we restore first. */
	raw.c_iflag &= ~(unsigned)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
	raw.c_oflag &= ~(unsigned)OPOST;
	raw.c_cflag |= CS8;
	raw.c_lflag &= ~(unsigned)(ECHO | ICANON | IEXTEN | ISIG);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	tcsetattr(fd, TCSAFLUSH, &raw);
}

int term_raw_enter(int fd_in, int fd_out)
{
	if (raw_fd_in >= 0)
		return 0;
	if (!isatty(fd_in) || tcgetattr(fd_in, &saved_termios) < 0)
		return error("standard input is not a terminal");
	static bool registered;
	if (!registered) {
		atexit(term_raw_leave);
		registered = true;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	raw_fd_in = fd_in;
	raw_fd_out = fd_out;
	raw_enable(fd_in);
	return term_write(fd_out, SCREEN_ENTER, sizeof(SCREEN_ENTER) - 1);
}

void term_raw_leave(void)
{
	if (raw_fd_in < 0)
		return;
	restore_terminal();
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
}

void term_suspend(void)
{
	int in = raw_fd_in, out = raw_fd_out;
	if (in < 0)
		return;
	restore_terminal();
	raise(SIGTSTP);
	/* Running again: the shell may have changed the settings; take the terminal back. */
	if (tcgetattr(in, &saved_termios) == 0) {
		raw_fd_in = in;
		raw_fd_out = out;
		raw_enable(in);
		term_write(out, SCREEN_ENTER, sizeof(SCREEN_ENTER) - 1);
	}
}

/* ---- keys ---- */

/* Bytes read but not yet turned into keys. */
static unsigned char keybuf[64];
static size_t keylen;

static void key_fill(int fd, int wait_ms)
{
	if (keylen == sizeof(keybuf))
		return;
	if (wait_ms > 0) {
		struct pollfd p = { fd, POLLIN, 0 };
		if (poll(&p, 1, wait_ms) <= 0)
			return;
	}
	ssize_t n = read(fd, keybuf + keylen, sizeof(keybuf) - keylen);
	if (n > 0)
		keylen += (size_t)n;
}

static int key_take(size_t n, int key)
{
	memmove(keybuf, keybuf + n, keylen - n);
	keylen -= n;
	return key;
}

int term_read_key(int fd)
{
	if (!keylen)
		key_fill(fd, 0);
	if (!keylen)
		return KEY_NONE;
	if (keybuf[0] != 0x1b)
		return key_take(1, keybuf[0]);
	if (keylen < 3)
		key_fill(fd, ESC_WAIT_MS);
	if (keylen < 3 || (keybuf[1] != '[' && keybuf[1] != 'O'))
		return key_take(1, KEY_ESC);
	switch (keybuf[2]) {
	case 'A': return key_take(3, KEY_UP);
	case 'B': return key_take(3, KEY_DOWN);
	case 'C': return key_take(3, KEY_RIGHT);
	case 'D': return key_take(3, KEY_LEFT);
	case 'H': return key_take(3, KEY_HOME);
	case 'F': return key_take(3, KEY_END);
	}
	/* "ESC [ N ~": Home, End, PgUp, PgDn; anything else is swallowed whole. */
	size_t i = 2;
	while (i < keylen && keybuf[i] >= '0' && keybuf[i] <= '9')
		i++;
	if (i < keylen && keybuf[i] == '~') {
		int n = atoi((const char *)keybuf + 2);
		int key = n == 1 || n == 7 ? KEY_HOME : n == 4 || n == 8 ? KEY_END
			: n == 5 ? KEY_PGUP : n == 6 ? KEY_PGDN : KEY_NONE;
		key_take(i + 1, 0);
		return key == KEY_NONE ? term_read_key(fd) : key;
	}
	while (i < keylen && (keybuf[i] < 0x40 || keybuf[i] > 0x7e))
		i++;
	key_take(i < keylen ? i + 1 : keylen, 0);
	return term_read_key(fd);
}

void text_add_safe(struct sbuf *out, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
		int n = utf8_sequence_len(p);
		if (!n) {
			sbuf_adds(out, "\xef\xbf\xbd");   /* not text: the replacement character */
			p++;
			continue;
		}
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
			sbuf_addf(out, "^%c", *p == 0x7f ? '?' : *p + '@');   /* ESC shows as ^[ */
		else
			sbuf_add(out, (const char *)p, (size_t)n);
		p += n;
	}
}

const char *text_safe(const char *s, struct sbuf *buf)
{
	sbuf_reset(buf);
	text_add_safe(buf, s);
	return sbuf_str(buf);
}
