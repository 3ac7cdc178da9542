/*
 * proc.c: the supervisor of every child process (see proc.h). A child runs a function of ours
 * after fork (or a program, through run_program); the parent reads its channel, keeps its
 * deadline, kills its whole group when it is late, and reaps it whatever happened. Nothing here
 * decides what an ending means for a check or a grade: child_ended_cleanly() says only whether
 * the process did what a process must, and the callers fail closed on anything else.
 */
#include "base/proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: stdio on /dev/null (stderr maybe in memory; stdin maybe in_fd), the channel as 3,
 * the kept descriptor as 4, nothing else of the parent's (its terminal, other children's pipes). */
static void child_descriptors(const struct child_start *how, int chan_fd, int err_fd)
{
	if (!how->keep_stdio) {
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
			dup2(err_fd >= 0 ? err_fd : null, 2);
			close(null);
		}
	}
	/* Both go above 10 first, so that neither lands on the other. */
	int chan = fcntl(chan_fd, F_DUPFD_CLOEXEC, 10);
	int keep = how->keep_fd && *how->keep_fd >= 0 ? fcntl(*how->keep_fd, F_DUPFD_CLOEXEC, 10) : -1;
	int in = how->in_fd > 0 ? fcntl(how->in_fd, F_DUPFD_CLOEXEC, 10) : -1;
	if (in >= 0)
		dup2(in, 0);
	dup2(chan, 3);
	fcntl(3, F_SETFD, FD_CLOEXEC);
	if (keep >= 0) {
		dup2(keep, 4);
		fcntl(4, F_SETFD, FD_CLOEXEC);
		*how->keep_fd = 4;   /* the child's copy of the caller's variable */
	}
	syscall(SYS_close_range, keep >= 0 ? 5 : 4, ~0U, 0);
}

static char test_kill[96];   /* CLINGS_TEST_KILL, taken in the parent (children may lose it) */
static bool test_kill_read;
static const char *role = "";

void proc_set_role(const char *r)
{
	role = r;
}

int proc_write_reply(int fd, const char *key, const void *buf, size_t len)
{
	char spec[96];
	snprintf(spec, sizeof(spec), "%s:%s:", role, key);
	size_t n = strlen(spec);
	const char *when = !strncmp(test_kill, spec, n) ? test_kill + n : NULL;
	if (when && !strcmp(when, "before"))
		raise(SIGKILL);
	if (when && !strcmp(when, "inside")) {
		write_all(fd, buf, len / 2);
		raise(SIGKILL);
	}
	int rc = write_all(fd, buf, len);
	if (when && !strcmp(when, "after"))
		raise(SIGKILL);
	if (when && !strcmp(when, "stop"))   /* as something outside may stop it */
		raise(SIGSTOP);
	if (when && !strcmp(when, "xcpu")) {   /* as a processor limit not the caller's own may end it */
		signal(SIGXCPU, SIG_DFL);
		raise(SIGXCPU);
	}
	return rc;
}

int child_start(struct child *c, const struct child_start *how, child_fn fn, void *arg)
{
	if (!test_kill_read) {
		const char *k = getenv("CLINGS_TEST_KILL");
		snprintf(test_kill, sizeof(test_kill), "%s", k ? k : "");
		test_kill_read = true;
	}
	int fds[2];
	*c = (struct child)CHILD_INIT;
	if (pipe2(fds, O_CLOEXEC) < 0)
		return error("cannot create a pipe:");
	int err = how->stderr_in_memory ? memfd_create("clings-child-stderr", MFD_CLOEXEC) : -1;
	fflush(stdout);
	fflush(stderr);
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		if (err >= 0)
			close(err);
		return error("cannot start a process:");
	}
	if (pid == 0) {
		if (how->own_group) {
			setpgid(0, 0);
			/* In its own group, Ctrl-C does not reach it: it dies with its parent instead. */
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			if (getppid() != parent)
				_exit(1);
		}
		close(fds[0]);
		signal(SIGPIPE, SIG_IGN);
		child_descriptors(how, fds[1], err);
		if (how->setup)
			how->setup(how->setup_ctx);
		_exit(fn(arg, 3));
	}
	if (how->own_group)
		setpgid(pid, pid); /* also here: the parent may kill before the child ran setpgid */
	close(fds[1]);
	c->pid = pid;
	c->fd = fds[0];
	c->err_fd = err;
	child_arm(c, how->first_ms, how->run_ms);
	return 0;
}

void child_arm(struct child *c, long first_ms, long run_ms)
{
	c->run_ms = run_ms;
	c->run_cpu_ms = 0;
	c->armed_at = now_seconds();
	c->deadline = first_ms > 0 ? c->armed_at + (double)first_ms / 1000.0 : 0;
}

void child_arm_processor(struct child *c, long first_ms, long run_cpu_ms, long run_wall_ms)
{
	child_arm(c, first_ms, run_wall_ms);
	c->run_cpu_ms = run_cpu_ms;
}

/* Whether this process may give a child back its own priority after lowering it: a lower nice
 * value needs privilege or RLIMIT_NICE (its ceiling is 20 - rlim_cur). */
static bool may_restore_nice(int own)
{
	struct rlimit rl;
	return geteuid() == 0 || (getrlimit(RLIMIT_NICE, &rl) == 0 &&
				  (rl.rlim_cur == RLIM_INFINITY || 20 - (long)rl.rlim_cur <= own));
}

static bool nice_refused;   /* a restore was refused once: no child is lowered again */

int child_lower_priority(struct child *c, int by)
{
	errno = 0;
	int own = getpriority(PRIO_PROCESS, 0);
	if (c->pid <= 0 || c->niced || nice_refused || (own == -1 && errno) || !may_restore_nice(own))
		return -1;
	/* its group: every process and thread of it now, and the threads they start inherit it */
	if (setpriority(PRIO_PGRP, c->pid, own + by < 19 ? own + by : 19) < 0)
		return -1;
	c->niced = true;
	c->own_nice = own;
	return 0;
}

void child_restore_priority(struct child *c)
{
	if (!c->niced)
		return;
	c->niced = false;
	if (c->pid > 0 && setpriority(PRIO_PGRP, c->pid, c->own_nice) < 0 && errno != ESRCH)
		nice_refused = true;
}

void child_cap_processor(struct child *c, long run_cpu_ms)
{
	if (c->run_cpu_ms <= run_cpu_ms || run_cpu_ms <= 0)
		return;
	c->run_cpu_ms = run_cpu_ms;
	c->next_look = 0;
}

/* A small file of /proc into buf; false when it cannot be read. */
static bool read_proc(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, buf, size - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return true;
}

/* Whether a thread of pid is runnable now (state R: running, or waiting for a processor); -1
 * when that cannot be read. A thread that ended is not looked at: it is neither. */
static int threads_runnable(pid_t pid)
{
	char path[64], buf[512];
	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	DIR *d = opendir(path);
	if (!d)
		return -1;
	int found = -1;
	struct dirent *e;
	while ((e = readdir(d)) && found < 1) {
		char file[128];
		if (e->d_name[0] == '.')
			continue;
		snprintf(file, sizeof(file), "/proc/%d/task/%.20s/stat", (int)pid, e->d_name);
		const char *p = read_proc(file, buf, sizeof(buf)) ? strrchr(buf, ')') : NULL;
		if (p && p[1] == ' ' && p[2])
			found = p[2] == 'R';
	}
	closedir(d);
	return found;
}

/* From /proc/PID/stat: the processor seconds of pid (threads and reaped children), its state
 * letter into *state; -1 when pid is gone. */
static double stat_cpu(pid_t pid, char *state)
{
	char path[64], buf[1024];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (pid <= 0 || !read_proc(path, buf, sizeof(buf)))
		return -1;
	/* after the command's name in parentheses: the state is field 3, utime, stime, cutime
	 * and cstime fields 14-17 */
	const char *p = strrchr(buf, ')');
	unsigned long long t[4] = { 0 };
	int field = 2;
	if (p && p[1] == ' ')
		*state = p[2];
	for (; p && *p && field < 17; p++) {
		if (*p != ' ')
			continue;
		field++;
		if (field >= 14)
			t[field - 14] = strtoull(p + 1, NULL, 10);
	}
	long hz = sysconf(_SC_CLK_TCK);
	if (field < 17 || hz <= 0)
		return -1;
	return (double)(t[0] + t[1] + t[2] + t[3]) / (double)hz;
}

double proc_cpu_seconds(pid_t pid)
{
	char state = '?';
	return stat_cpu(pid, &state);
}

static void kill_group(struct child *c)
{
	if (c->pid > 0) {
		kill(-c->pid, SIGKILL);   /* its group, when it has one of its own */
		kill(c->pid, SIGKILL);
	}
}

/* Reaps c if it has ended; returns true once it is gone. */
static bool try_reap(struct child *c, bool block)
{
	if (c->pid <= 0)
		return true;
	int status;
	struct rusage ru;
	pid_t r;
	do
		r = wait4(c->pid, &status, block ? 0 : WNOHANG, &ru);
	while (r < 0 && errno == EINTR);
	if (r == c->pid)
		c->cpu_seconds = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
				 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	if (r == 0)
		return false;
	if (r == c->pid) {
		if (WIFEXITED(status)) {
			c->exit_status = WEXITSTATUS(status);
			c->exited = !c->timed_out;
		} else if (WIFSIGNALED(status) && !c->timed_out) {
			c->signal = WTERMSIG(status);
		}
	}
	if (c->pid > 0)
		kill(-c->pid, SIGKILL); /* anything the child started in its group dies with it */
	c->pid = -1;
	return true;
}

/* Kills the child's whole group, stops reading it and reaps it. */
static void stop_child(struct child *ch)
{
	kill_group(ch);
	if (ch->fd >= 0) {
		close(ch->fd);
		ch->fd = -1;
	}
	try_reap(ch, true);
}

static void kill_all(struct child *c, int n)
{
	for (int i = 0; i < n; i++)
		stop_child(&c[i]);
}

/* Reads what ch has sent; at its end, closes the channel. */
static void read_child(struct child *c, int n, struct child *ch)
{
	char buf[8192];
	ssize_t got = read(ch->fd, buf, sizeof(buf));
	if (got > 0 && ch->output.len + (size_t)got > CHILD_OUTPUT_MAX) {
		/* Nothing a child of ours sends is this large: stop reading, and the child. */
		ch->output_cut = true;
		stop_child(ch);
	} else if (got > 0) {
		sbuf_add(&ch->output, buf, (size_t)got);
		if (!ch->ready && (!strncmp(ch->output.buf, "ready\t", 6) ||
				   strstr(ch->output.buf, "\nready\t"))) {
			ch->ready = true;
			ch->ready_at = now_seconds();
			if (ch->run_ms > 0)
				ch->deadline = ch->ready_at + (double)ch->run_ms / 1000.0;
			if (ch->run_cpu_ms > 0) {
				ch->cpu_ready = proc_cpu_seconds(ch->pid);
				ch->next_look = ch->ready_at;
			}
		}
	} else if (got == 0 || errno != EINTR) {
		close(ch->fd);
		ch->fd = -1;
		ch->ended_at = now_seconds();
		/* An ending before "ready" that settles everything: the others would only wait. */
		if (ch->settles_unready && !ch->ready)
			for (int j = 0; j < n; j++)
				if (&c[j] != ch)
					stop_child(&c[j]);
	}
}

#define LOOK_MIN 0.02     /* seconds between two looks at a child's processor time */
#define LOOK_MAX 0.25

/* What c has used since "ready" (its whole life before) into cpu_run (-1: unknown), and one more
 * look at whether it is runnable (*runnable: -1 unknown); whether it is stopped (by a signal,
 * or traced) now. */
static bool look(struct child *c, int *runnable)
{
	char state = '?';
	double cpu = stat_cpu(c->pid, &state);
	bool since = c->run_cpu_ms > 0 && c->ready;
	c->cpu_run = cpu >= 0 && (!since || c->cpu_ready >= 0) ? cpu - (since ? c->cpu_ready : 0) : -1;
	*runnable = cpu >= 0 ? threads_runnable(c->pid) : -1;
	if (*runnable >= 0) {
		c->looks++;
		c->looks_runnable += *runnable;
	}
	return state == 'T' || state == 't';
}

/* Whether c, timed by its processor, is out of time now: it used up run_cpu_ms, or it has
 * mostly slept (neither ran nor waited for a processor) for that long on the clock. Sets when
 * to look again otherwise. */
static bool processor_time_out(struct child *c, double now)
{
	if (c->run_cpu_ms <= 0 || !c->ready || c->pid <= 0 || now < c->next_look)
		return false;
	double limit = (double)c->run_cpu_ms / 1000.0, wall = now - c->ready_at;
	int runnable;
	bool stopped = look(c, &runnable);
	if (c->cpu_run >= limit) {
		c->cpu_out = true;
		return true;
	}
	/* Asleep of its own accord at most looks (a stopped child is not: its clock runs to the
	 * last resort; a starved one is runnable, waiting for a processor). */
	if (wall >= limit && !stopped && c->looks >= 4 && c->looks_runnable * 2 < c->looks)
		return true;
	/* At the soonest it could be out: all its time left used on every processor at once. */
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	double soonest = c->cpu_run >= 0 ? (limit - c->cpu_run) / (double)(ncpu > 0 ? ncpu : 1) : 0;
	c->next_look = now + (soonest < LOOK_MIN ? LOOK_MIN : soonest > LOOK_MAX ? LOOK_MAX : soonest);
	return false;
}

/* Whether c, timed by its processor after "ready" (which bounds it whatever the clock says),
 * at a deadline on the clock, is waiting for a processor more than it runs (and is not
 * stopped): the machine's load, which moves the deadline on, a second at a time, until the
 * child has been on the clock MAX_TIME_LIMIT_MS. */
static bool starved_now(struct child *c, double now)
{
	if (c->run_cpu_ms <= 0 || !c->ready)
		return false;
	int runnable;
	bool stopped = look(c, &runnable);
	return !stopped && c->looks > 0 && c->looks_runnable * 2 >= c->looks &&
	       now - c->armed_at < (double)MAX_TIME_LIMIT_MS / 1000.0;
}

/* Ends a child at one of its limits; past a clock's deadline, says whether the machine was the
 * cause: it was stopped, or runnable (waiting for a processor) at most looks since "ready" (at
 * this look, before it), or that cannot be told. */
static void time_out(struct child *c, bool clock)
{
	if (clock) {
		int runnable;
		bool stopped = look(c, &runnable);
		bool run = c->run_cpu_ms > 0 && c->ready;
		c->starved = stopped || runnable < 0 ||
			     (run ? c->looks_runnable * 2 >= c->looks : runnable == 1);
	}
	c->timed_out = true;
	c->ended_at = now_seconds();
	stop_child(c);
}

/* proc_cpu_deadline's bound (0: none), and when the waiting children are looked at again. */
static double cpu_deadline, next_budget_look;
#define BUDGET_LOOK 0.05   /* seconds between two looks at the bound: what it may overrun by */

void proc_cpu_deadline(double at)
{
	cpu_deadline = at;
	next_budget_look = 0;
}

double proc_cpu_total(void)
{
	struct rusage ru;
	double t = process_cpu_seconds();
	if (getrusage(RUSAGE_CHILDREN, &ru) == 0)
		t += (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		     (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	return t;
}

/* Past proc_cpu_deadline (this process, its reaped children and the n children still running
 * together), every child still running is stopped, budget_out. Looked at every BUDGET_LOOK. */
static void keep_cpu_deadline(struct child *c, int n, double now)
{
	if (cpu_deadline <= 0 || now < next_budget_look)
		return;
	next_budget_look = now + BUDGET_LOOK;
	double used = proc_cpu_total();
	for (int i = 0; i < n; i++)
		if (c[i].pid > 0) {
			double cpu = proc_cpu_seconds(c[i].pid);
			used += cpu > 0 ? cpu : 0;
		}
	if (used < cpu_deadline)
		return;
	for (int i = 0; i < n; i++)
		if (c[i].pid > 0 || c[i].fd >= 0) {
			c[i].budget_out = true;
			time_out(&c[i], false);
		}
}

/* One round of waiting: returns how many children are still running; 0 when all are done, -1
 * when interrupt_fd had input. any: return as soon as one child has finished. */
static int wait_round(struct child *c, int n, int interrupt_fd, int *finished)
{
	struct pollfd pfd[65];
	int map[65], np = 0, alive = 0;
	double now = now_seconds(), next = now + 3600;
	keep_cpu_deadline(c, n, now);
	for (int i = 0; i < n; i++) {
		if (c[i].pid <= 0 && c[i].fd < 0)
			continue;
		/* A child that has finished is not late, whatever the clock says now. */
		if (c[i].fd < 0 && try_reap(&c[i], false)) {
			*finished = i;
			continue;
		}
		bool clock = c[i].deadline > 0 && now >= c[i].deadline;
		if (clock && starved_now(&c[i], now)) {
			c[i].deadline = now + 1;
			clock = false;
		}
		if (clock || processor_time_out(&c[i], now)) {
			time_out(&c[i], clock && !c[i].cpu_out);
			*finished = i;
			continue;
		}
		alive++;
		if (c[i].deadline > 0 && c[i].deadline < next)
			next = c[i].deadline;
		if (c[i].run_cpu_ms > 0 && c[i].ready && c[i].next_look < next)
			next = c[i].next_look;
		if (cpu_deadline > 0 && next_budget_look < next)
			next = next_budget_look;
		if (c[i].fd >= 0 && np < 64) {
			pfd[np].fd = c[i].fd;
			pfd[np].events = POLLIN;
			map[np++] = i;
		}
	}
	if (!alive || *finished >= 0)
		return alive;
	/* Children whose channel closed but which have not exited yet are polled every 10 ms. */
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
		return 0;
	}
	for (int k = 0; r > 0 && k < np; k++) {
		if (!(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		if (map[k] < 0) {
			kill_all(c, n);
			return -1;
		}
		read_child(c, n, &c[map[k]]);
	}
	return alive;
}

bool children_wait(struct child *c, int n, int interrupt_fd)
{
	for (;;) {
		int finished = -1;
		int alive = wait_round(c, n, interrupt_fd, &finished);
		if (alive < 0)
			return true;
		if (alive == 0 && finished < 0)
			return false;
	}
}

bool children_wait_first(struct child *c, int n, int k, int interrupt_fd)
{
	for (;;) {
		int finished = -1, running = 0;
		int alive = wait_round(c, n, interrupt_fd, &finished);
		if (alive < 0)
			return true;
		for (int i = 0; i < k; i++)
			running += c[i].pid > 0 || c[i].fd >= 0;
		if (!running || (alive == 0 && finished < 0))
			return false;
	}
}

int children_wait_next(struct child *c, int n, int interrupt_fd)
{
	for (;;) {
		int finished = -1;
		int alive = wait_round(c, n, interrupt_fd, &finished);
		if (alive < 0)
			return -2;
		if (finished >= 0)
			return finished;
		if (alive == 0)
			return -1;
	}
}

int children_wait_any(struct child *c, int n)
{
	int i = children_wait_next(c, n, -1);
	return i >= 0 ? i : -1;
}

bool child_ended_cleanly(const struct child *c)
{
	return c->pid <= 0 && c->fd < 0 && c->exited && c->exit_status == 0 && !c->signal &&
	       !c->timed_out && !c->output_cut;
}

void child_describe_end(const struct child *c, struct sbuf *out)
{
	if (c->output_cut)
		sbuf_addf(out, "sent more than %zu MB and was stopped", CHILD_OUTPUT_MAX >> 20);
	else if (c->budget_out)
		sbuf_adds(out, "was stopped at the processor budget of what started it");
	else if (c->cpu_out)
		sbuf_addf(out, "used up its %.1f s of processor time and was stopped", (double)c->run_cpu_ms / 1000.0);
	else if (c->timed_out)
		sbuf_adds(out, "did not finish in time and was stopped");
	else if (c->signal)
		sbuf_addf(out, "was killed by signal %d (%s)", c->signal, strsignal(c->signal));
	else if (c->exited && c->exit_status)
		sbuf_addf(out, "exited with status %d", c->exit_status);
	else if (c->exited)
		sbuf_adds(out, "ended");
	else
		sbuf_adds(out, "ended in an unknown way");
}

char *child_stderr(struct child *c)
{
	char *text = NULL;
	if (c->err_fd < 0)
		return NULL;
	if (lseek(c->err_fd, 0, SEEK_SET) != 0 || read_fd(c->err_fd, &text) < 0) {
		free(text);
		text = NULL;
	}
	close(c->err_fd);
	c->err_fd = -1;
	return text;
}

void child_finish(struct child *c)
{
	if (c->fd >= 0) {
		close(c->fd);
		c->fd = -1;
	}
	if (c->pid > 0) {
		kill_group(c);
		try_reap(c, true);
	}
}

void child_release(struct child *c)
{
	child_finish(c);
	if (c->err_fd >= 0) {
		close(c->err_fd);
		c->err_fd = -1;
	}
	sbuf_release(&c->output);
}

static int exec_program(void *arg, int channel)
{
	char *const *argv = arg;
	dup2(channel, STDOUT_FILENO);
	execvp(argv[0], argv);
	_exit(127);
}

int run_program(char *const argv[], struct sbuf *out)
{
	struct child c;
	struct child_start how = { .first_ms = 60000 };
	if (child_start(&c, &how, exec_program, (void *)argv) < 0)
		return -1;
	children_wait(&c, 1, -1);
	sbuf_add(out, c.output.buf ? c.output.buf : "", c.output.len);
	int rc = child_ended_cleanly(&c) ? 0 : -1;
	child_release(&c);
	return rc;
}

struct program_input {
	char *const *argv;
	int in_fd;   /* a memfd holding the input, kept as 4 in the child */
};

static int exec_program_input(void *arg, int channel)
{
	const struct program_input *pi = arg;
	/* It dies with its caller, whose group may not be killed (a watcher that quits). */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	dup2(pi->in_fd, STDIN_FILENO);
	dup2(channel, STDOUT_FILENO);
	execvp(pi->argv[0], pi->argv);
	_exit(127);
}

int run_program_input(char *const argv[], const void *in, size_t in_len, long limit_ms,
		      struct sbuf *out, struct sbuf *err)
{
	/* The input in a file in memory: no pipe to fill, nothing to write while reading. */
	int fd = memfd_create("clings-input", MFD_CLOEXEC);
	if (fd < 0)
		return error("cannot make a file in memory:");
	if (write_all(fd, in, in_len) < 0 || lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return error("cannot write a program's input:");
	}
	struct program_input pi = { argv, fd };
	struct child c;
	struct child_start how = { .first_ms = limit_ms, .keep_fd = &pi.in_fd, .stderr_in_memory = true };
	int rc = child_start(&c, &how, exec_program_input, &pi);
	close(fd);
	if (rc < 0)
		return -1;
	return program_finish(&c, -1, NULL, 0, limit_ms, out, err);
}

int program_start(struct child *c, char *const argv[], int *in_fd)
{
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) < 0)
		return error("cannot create a pipe:");
	struct program_input pi = { argv, fds[0] };
	/* A group of its own, killed whole at its deadline; it dies with its caller. */
	struct child_start how = { .keep_fd = &pi.in_fd, .stderr_in_memory = true, .own_group = true };
	int rc = child_start(c, &how, exec_program_input, &pi);
	close(fds[0]);
	if (rc < 0) {
		close(fds[1]);
		return -1;
	}
	*in_fd = fds[1];
	return 0;
}

int program_finish(struct child *c, int in_fd, const void *in, size_t in_len, long limit_ms,
		   struct sbuf *out, struct sbuf *err)
{
	child_arm(c, limit_ms, 0);
	if (in_fd >= 0) {
		/* All of it, then the end: the program reads its input before it writes much. */
		void (*old)(int) = signal(SIGPIPE, SIG_IGN);
		int w = write_all(in_fd, in, in_len);
		signal(SIGPIPE, old);
		close(in_fd);
		if (w < 0)
			child_finish(c);
	}
	children_wait(c, 1, -1);
	int rc = child_ended_cleanly(c) ? 0 : -1;
	if (out)
		sbuf_add(out, c->output.buf ? c->output.buf : "", c->output.len);
	char *text = child_stderr(c);
	if (err && text)
		sbuf_adds(err, text);
	free(text);
	child_release(c);
	return rc;
}
