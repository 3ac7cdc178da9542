/*
 * sandbox.c: learner code runs in a forked child, in its own process group, with resource
 * limits and a wall-clock deadline. The parent survives whatever the child does, kills the
 * whole group at the deadline, and reaps every child it started.
 */
#include "engine/engine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static void set_limit(int resource, rlim_t value)
{
	struct rlimit rl = { value, value };
	struct rlimit old;
	if (getrlimit(resource, &old) == 0 && old.rlim_max != RLIM_INFINITY && old.rlim_max < value)
		rl.rlim_cur = rl.rlim_max = old.rlim_max;
	setrlimit(resource, &rl);
}

void sandbox_apply_limits(const struct sandbox_limits *lim, bool cpu_device)
{
	/* GPU drivers reserve address ranges as large as the machine; the limit only means
	 * something where the learner's code runs in this process: on a CPU device. */
#ifdef __SANITIZE_ADDRESS__
	/* AddressSanitizer's shadow memory alone is larger than any sensible limit. */
	cpu_device = false;
#endif
	if (cpu_device && lim->memory_mb > 0)
		set_limit(RLIMIT_AS, (rlim_t)lim->memory_mb << 20);
	if (lim->cpu_s > 0)
		set_limit(RLIMIT_CPU, (rlim_t)lim->cpu_s);
	if (lim->file_mb > 0)
		set_limit(RLIMIT_FSIZE, (rlim_t)lim->file_mb << 20);
	if (lim->open_files > 0)
		set_limit(RLIMIT_NOFILE, (rlim_t)lim->open_files);
}

int sandbox_start(struct sandbox_child *c, const struct sandbox_limits *lim, char *const env[],
		  sandbox_fn fn, void *arg)
{
	int fds[2];
	*c = (struct sandbox_child)SANDBOX_CHILD_INIT;
	if (pipe2(fds, O_CLOEXEC) < 0)
		return error("cannot create a pipe:");
	fflush(stdout);
	fflush(stderr);
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return error("cannot start the checking process:");
	}
	if (pid == 0) {
		setpgid(0, 0);
		/* In its own group, Ctrl-C does not reach the child: it dies with its parent instead. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(1);
		close(fds[0]);
		signal(SIGPIPE, SIG_IGN);
		/* Drivers and compilers chatter on stdout and stderr; the protocol is the pipe. */
		if (!getenv("CLINGS_DEBUG")) {
			int null = open("/dev/null", O_RDWR);
			if (null >= 0) {
				dup2(null, 0);
				dup2(null, 1);
				dup2(null, 2);
				close(null);
			}
		}
		for (int i = 0; env && env[i]; i++)
			putenv(env[i]);
		/* CPU and file limits hold from here on; the address-space limit waits until
		 * the child knows its device (see sandbox_apply_limits). */
		struct sandbox_limits early = *lim;
		early.memory_mb = 0;
		sandbox_apply_limits(&early, false);
		_exit(fn(arg, fds[1]));
	}
	setpgid(pid, pid); /* also here: the parent may kill before the child ran setpgid */
	close(fds[1]);
	c->pid = pid;
	c->fd = fds[0];
	sandbox_arm(c, lim);
	return 0;
}

void sandbox_arm(struct sandbox_child *c, const struct sandbox_limits *lim)
{
	c->run_ms = lim->time_ms;
	c->deadline = now_seconds() + (double)(lim->build_ms > 0 ? lim->build_ms : lim->time_ms) / 1000.0;
}

static void kill_group(struct sandbox_child *c)
{
	if (c->pid > 0)
		kill(-c->pid, SIGKILL);
}

/* Reaps c if it has exited; returns true once it is gone. */
static bool try_reap(struct sandbox_child *c, bool block)
{
	if (c->pid <= 0)
		return true;
	int status;
	pid_t r;
	do
		r = waitpid(c->pid, &status, block ? 0 : WNOHANG);
	while (r < 0 && errno == EINTR);
	if (r == 0)
		return false;
	if (r == c->pid) {
		if (WIFEXITED(status))
			c->exit_status = WEXITSTATUS(status);
		else if (WIFSIGNALED(status) && !c->timed_out)
			c->signal = WTERMSIG(status);
	}
	kill_group(c); /* anything the child started dies with it */
	c->pid = -1;
	return true;
}

/* Kills the child's whole group, stops reading it and reaps it. */
static void stop_child(struct sandbox_child *ch)
{
	kill_group(ch);
	if (ch->fd >= 0) {
		close(ch->fd);
		ch->fd = -1;
	}
	try_reap(ch, true);
}

static void kill_all(struct sandbox_child *c, int n)
{
	for (int i = 0; i < n; i++)
		stop_child(&c[i]);
}

bool sandbox_wait_all(struct sandbox_child *c, int n, int interrupt_fd)
{
	for (;;) {
		struct pollfd pfd[9];
		int map[9], np = 0, alive = 0;
		double now = now_seconds(), next = now + 3600;
		for (int i = 0; i < n; i++) {
			if (c[i].pid <= 0 && c[i].fd < 0)
				continue;
			/* A child that has finished is not late, whatever the clock says now. */
			if (c[i].fd < 0 && try_reap(&c[i], false))
				continue;
			if (now >= c[i].deadline) {
				c[i].timed_out = true;
				stop_child(&c[i]);
				continue;
			}
			alive++;
			if (c[i].deadline < next)
				next = c[i].deadline;
			if (c[i].fd >= 0 && np < 8) {
				pfd[np].fd = c[i].fd;
				pfd[np].events = POLLIN;
				map[np++] = i;
			}
		}
		if (!alive)
			return false;
		/* Children whose pipe closed but which have not exited yet are polled every 10 ms. */
		int wait_ms = (int)((next - now) * 1000) + 1;
		if (np < alive && wait_ms > 10)
			wait_ms = 10;
		if (interrupt_fd >= 0) {
			pfd[np].fd = interrupt_fd;
			pfd[np].events = POLLIN;
			map[np++] = -1;
		}
		int r = poll(pfd, (nfds_t)np, wait_ms);
		if (r < 0 && errno != EINTR) {
			kill_all(c, n);
			return false;
		}
		for (int k = 0; r > 0 && k < np; k++) {
			if (!(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			if (map[k] < 0) {
				kill_all(c, n);
				return true;
			}
			struct sandbox_child *ch = &c[map[k]];
			char buf[8192];
			ssize_t got = read(ch->fd, buf, sizeof(buf));
			if (got > 0) {
				sbuf_add(&ch->output, buf, (size_t)got);
				if (!ch->ready && (!strncmp(ch->output.buf, "ready\t", 6) ||
						   strstr(ch->output.buf, "\nready\t"))) {
					ch->ready = true;
					ch->deadline = now_seconds() + (double)ch->run_ms / 1000.0;
				}
			} else if (got == 0 || errno != EINTR) {
				close(ch->fd);
				ch->fd = -1;
			}
		}
	}
}

void sandbox_child_release(struct sandbox_child *c)
{
	if (c->fd >= 0)
		close(c->fd);
	if (c->pid > 0) {
		kill_group(c);
		try_reap(c, true);
	}
	sbuf_release(&c->output);
}
