/*
 * proc.h: the one supervisor of clings' child processes (proc.c). Every fork of the runner is
 * here: the confined children of a check (engine/sandbox.c adds the confinement through a setup
 * hook), the grading workers, a program whose output is read (git), a throwaway probe.
 *
 * The model is git's run-command.h: a child is described, started, waited for together with its
 * siblings (each with a deadline, its output read as it comes), and always reaped. Its outcome is
 * judged by one rule, fail closed: it ended cleanly only when it exited by itself with status 0,
 * before its deadline, with its output whole; anything else is a failure of the process, which
 * the caller reports as its own error, never as a result.
 */
#ifndef BASE_PROC_H
#define BASE_PROC_H

#include "base/base.h"

#include <sys/types.h>

/* Runs in the child: writes to channel (descriptor 3), returns the child's exit status. */
typedef int (*child_fn)(void *arg, int channel);

struct child {
	pid_t pid;
	int fd;              /* the reading end of the channel; -1 once it closed */
	double deadline;     /* now_seconds() past which the child's group is killed */
	long run_ms;         /* the deadline once the child says "ready" (0: keep the first) */
	bool ready;          /* it wrote a line "ready\t..." */
	struct sbuf output;  /* all the child wrote (at most CHILD_OUTPUT_MAX) */
	bool timed_out;      /* killed at its deadline */
	int exit_status;     /* when it exited by itself */
	int signal;          /* when a signal ended it (not the supervisor's kill) */
	bool exited;         /* reaped after exiting by itself (exit_status is meaningful) */
	double cpu_seconds;  /* processor time it used, once reaped */
	/* Timed by processor time once "ready" (child_arm_processor): a load on the machine
	 * slows such a child but does not bring its end closer. */
	long run_cpu_ms;     /* processor time (all its threads) it may use from "ready"; 0: none */
	double cpu_ready;    /* its processor seconds at "ready" */
	double cpu_run;      /* its processor seconds since "ready", at the supervisor's last look */
	int looks, looks_runnable;   /* the supervisor's looks at it since "ready", and those that
					found a thread of it runnable (running, or waiting for a
					processor: not asleep, not stopped) */
	double next_look;    /* now_seconds() of the next look at its processor time */
	bool cpu_out;        /* killed for using up run_cpu_ms (timed_out is set too) */
	bool starved;        /* killed at a deadline on the clock while stopped, or runnable at
				most looks (or when that could not be told): the machine's doing,
				not the child's */
	bool output_cut;     /* it sent more than the supervisor reads: stopped */
	bool budget_out;     /* stopped at proc_cpu_deadline (timed_out is set too) */
	bool niced;          /* its priority lowered (child_lower_priority), own_nice its caller's */
	int own_nice;
	bool settles_unready;/* ending before its "ready" decides everything: the others are stopped */
	int err_fd;          /* the child's stderr kept in memory, or -1 (see child_start) */
	double armed_at, ready_at, ended_at;   /* its clock (now_seconds), for traces */
};
#define CHILD_INIT { .pid = -1, .fd = -1, .err_fd = -1, .output = SBUF_INIT }
#define CHILD_OUTPUT_MAX ((size_t)64 << 20)

struct child_start {
	/* Called in the child after its descriptors are set, before fn; may _exit. */
	void (*setup)(void *ctx);
	void *setup_ctx;
	int *keep_fd;        /* a descriptor the child keeps as 4 (*keep_fd says 4 there), or NULL */
	int in_fd;           /* > 0: the child's stdin (a request it waits for); else /dev/null */
	bool own_group;      /* its own process group, killed whole; it dies with its parent */
	bool keep_stdio;     /* leave stdin, stdout and stderr as they are (else /dev/null) */
	bool stderr_in_memory;  /* keep its stderr in a memfd (err_fd), for sanitizer reports */
	long first_ms;       /* the deadline from the start; 0: none */
	long run_ms;         /* the deadline from its "ready" line; 0: the first one holds */
};

/* Starts fn(arg, 3) in a child; returns -1 with a message when no process could be started. */
int child_start(struct child *c, const struct child_start *how, child_fn fn, void *arg);
/* Restarts c's clock: first_ms until its "ready" line, then run_ms. */
void child_arm(struct child *c, long first_ms, long run_ms);
/*
 * As child_arm, but after "ready" c is timed by the processor time it gets: it is killed once its
 * threads have used run_cpu_ms between them (cpu_out), looked at every quarter of a second at
 * most. run_wall_ms is a last resort on the clock; a child that has mostly slept (neither running
 * nor runnable: on a GPU's queue, say) for run_cpu_ms is timed out as by a clock,
 * load having nothing to do with its wait.
 * After "ready", the clock's deadline that comes while the child is mostly runnable (yet far from
 * its processor time: waiting for a processor) is moved on (its processor time bounds it), until it has been on the clock
 * MAX_TIME_LIMIT_MS: a loaded machine slows a run but does not end it. Any child ended at the
 * clock while stopped or starved (or its figures unreadable) has starved set.
 */
void child_arm_processor(struct child *c, long first_ms, long run_cpu_ms, long run_wall_ms);
/* Lowers the priority of c's process group (its processes and threads, and those they start) by
 * `by` nice steps below this process's, so that a sibling that matters more gets the processors
 * first; only where child_restore_priority may undo it (privilege, or RLIMIT_NICE), else -1 and
 * nothing changed. child_restore_priority gives c this process's priority again. */
int child_lower_priority(struct child *c, int by);
void child_restore_priority(struct child *c);
/* Lowers the processor time c may use from "ready" to run_cpu_ms, when c is timed by its processor
 * with more; looked at again at once: one that has used it up already ends at the next wait. */
void child_cap_processor(struct child *c, long run_cpu_ms);
/* A bound on processor time for a piece of work that starts many children one after another
 * (the repair's search): once this process, its reaped children and the children being waited
 * for have used at seconds of processor time between them (as proc_cpu_total counts them, plus
 * the running children's), every child being waited for is stopped, with budget_out and
 * timed_out set; looked at every 50 ms, which is what it may overrun by. 0 lifts it. */
void proc_cpu_deadline(double at);
/* The processor seconds of this process and of its children reaped so far. */
double proc_cpu_total(void);
/* The processor seconds process pid has used (its threads' and its reaped children's); -1 when
 * pid is gone. */
double proc_cpu_seconds(pid_t pid);
/*
 * Waits for the n children, reading their output, until each has exited or passed its deadline
 * (its group is then killed). Every child is reaped: none is left behind. With interrupt_fd >= 0,
 * input there stops the wait early: every child is killed and reaped, the input is left unread,
 * and the call returns true (false when every child finished).
 */
bool children_wait(struct child *c, int n, int interrupt_fd);
/* As children_wait, watching all n children (deadlines, output, interrupt), but returning as
 * soon as the first k of them have ended: the others go on, for a later children_wait. */
bool children_wait_first(struct child *c, int n, int k, int interrupt_fd);
/* As children_wait, returning as each child ends: its index; -1 once none is left, -2 when
 * interrupt_fd had input. */
int children_wait_next(struct child *c, int n, int interrupt_fd);
/*
 * Waits until at least one of the n children has finished (its pid is then -1, its fd closed) and
 * returns its index, or -1 when none is running. For pools of workers (grading).
 */
int children_wait_any(struct child *c, int n);
/* Whether c ended cleanly: exited by itself with status 0, in time, its output whole. */
bool child_ended_cleanly(const struct child *c);
/* A line in English naming how c ended, for clings' own errors ("killed by signal 9"). */
void child_describe_end(const struct child *c, struct sbuf *out);
/* Kills what is left of c and reaps it; its output stays. */
void child_finish(struct child *c);
/* child_finish, then frees its output. */
void child_release(struct child *c);
/* The stderr kept in memory, read back (NULL when none); the caller frees it. */
char *child_stderr(struct child *c);

/*
 * A reply a child writes to its parent, in one piece. For the tests of fail-closed callers,
 * CLINGS_TEST_KILL="ROLE:KEY:WHEN" (read when the first child starts) makes the child whose role
 * is ROLE (proc_set_role) kill itself with SIGKILL at the reply of KEY: before writing it, inside
 * it (after half of it) or after it; WHEN "stop" stops it (SIGSTOP) after it instead, and "xcpu"
 * ends it with SIGXCPU after it (a processor limit that is not its caller's, a shell's ulimit say).
 */
int proc_write_reply(int fd, const char *key, const void *buf, size_t len);
void proc_set_role(const char *role);

/* Runs argv (found on PATH) with stdin and stderr on /dev/null, and returns what it wrote on
 * stdout in *out; 0 only when it exited with status 0. */
int run_program(char *const argv[], struct sbuf *out);
/* Runs argv (a path or found on PATH) with in (in_len bytes) on its stdin, within limit_ms;
 * its stdout in *out and its stderr in *err (either may be NULL); 0 only when it ended cleanly.
 * In the caller's confinement: a child of a confined child is confined the same way. */
int run_program_input(char *const argv[], const void *in, size_t in_len, long limit_ms,
		      struct sbuf *out, struct sbuf *err);
/* The same in two halves: program_start starts argv reading its stdin from a pipe (a compiler
 * started ahead of its input, loading itself meanwhile); program_finish gives it its input,
 * waits at most limit_ms and answers as run_program_input. */
int program_start(struct child *c, char *const argv[], int *in_fd);
int program_finish(struct child *c, int in_fd, const void *in, size_t in_len, long limit_ms,
		   struct sbuf *out, struct sbuf *err);

#endif
