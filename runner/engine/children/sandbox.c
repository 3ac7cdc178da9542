/*
 * sandbox.c: learner code runs in a forked child, in its own process group, with resource
 * limits and a wall-clock deadline. The parent survives whatever the child does, kills the
 * whole group at the deadline, and reaps every child it started, and reads at most
 * CHILD_OUTPUT_MAX bytes of any child.
 *
 * The child keeps one descriptor (its channel), holds no capability and gains none
 * (isolate.c: PR_SET_NO_NEW_PRIVS, the bounding set emptied, SECBIT_NOROOT locked). Before the
 * learner's code can run, sandbox_confine() installs a seccomp allow-list on every thread: the
 * calls the OpenCL runtimes make while kernels run (allowed[] below), threads but no process,
 * signals to itself only, limits read but not set, and on the execution device files opened
 * for reading only. Any other call ends the process (SIGSYS), so the attempt shows as the
 * sandbox's refusal (check-run.c says so), never as the call's effect.
 */
#include "engine/children/children.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The clock's bound on a run, in its processor-time limit: the last resort for a child that
 * neither uses its processor time nor mostly sleeps nor waits for a processor (which moves the
 * bound on: base/proc.c); a run the machine stopped or starved to the end is clings' error, not
 * the learner's (check-run.c). */
#define WALL_BOUND_FACTOR 10

#if defined(__SANITIZE_ADDRESS__)
#define CHILD_REPORTS 1
#else
#define CHILD_REPORTS 0
#endif


static void set_limit(int resource, rlim_t value)
{
	struct rlimit rl = { value, value };
	struct rlimit old;
	if (getrlimit(resource, &old) == 0 && old.rlim_max != RLIM_INFINITY && old.rlim_max < value)
		rl.rlim_cur = rl.rlim_max = old.rlim_max;
	setrlimit(resource, &rl);
}

/* The run's address space (RLIMIT_AS), which sandbox_run_limits sets once the kernel is built;
 * 0: none. In the child. */
static rlim_t run_address_space;

void sandbox_apply_limits(const struct sandbox_limits *lim, bool cpu_device)
{
	/* GPU drivers reserve address ranges as large as the machine; the limit only means
	 * something where the learner's code runs in this process: on a CPU device. */
#ifdef __SANITIZE_ADDRESS__
	/* AddressSanitizer's shadow memory alone is larger than any sensible limit. */
	cpu_device = false;
#endif
	if (cpu_device && lim->memory_mb > 0) {
		/* The build's bound is the compiler's, whatever the course allows its kernels: a
		 * course's smaller limit is the run's, from sandbox_run_limits on (hard limits only
		 * come down). */
		rlim_t build = ((rlim_t)BUILD_MEMORY_MB << 20) + sandbox_preload_slack();
		run_address_space = ((rlim_t)lim->memory_mb << 20) + sandbox_preload_slack();
		set_limit(RLIMIT_AS, run_address_space > build ? run_address_space : build);
	}
	if (lim->cpu_s > 0)
		set_limit(RLIMIT_CPU, (rlim_t)lim->cpu_s);
	if (lim->file_mb > 0)
		set_limit(RLIMIT_FSIZE, (rlim_t)lim->file_mb << 20);
	if (lim->open_files > 0)
		set_limit(RLIMIT_NOFILE, (rlim_t)lim->open_files);
}

/*
 * The seccomp allow-list: every system call a confined child may make once the kernel is built,
 * by what needs it. Found with strace -f of checks, analyses, validations and `clings bench` on
 * PoCL and Oclgrind (tests/hostile/check-hostile and t040 run it, the sanitizers' children
 * included); the GPU drivers' rows are their documented interface (NVIDIA's and Mesa's OpenCL
 * talk to the device through ioctl and mmap on its nodes, which the child opened with the device,
 * and wait on it with poll and eventfds), untested here. Anything else ends the process (SIGSYS):
 * the mount API (open_tree, fsopen, move_mount, ...), keyrings, ptrace, bpf, userfaultfd,
 * io_uring, sockets, execve and every call added to the kernel after this list.
 */
#define CALLS(...) (const int[]){ __VA_ARGS__ }, sizeof((const int[]){ __VA_ARGS__ }) / sizeof(int)
static const struct allowed_group {
	const char *why;
	const int *calls;
	size_t n;
} allowed[] = {
	{ "memory: the C library's allocator, LLVM's code pages, PoCL's buffers, a driver's mappings",
	  CALLS(SCMP_SYS(brk), SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mprotect), SCMP_SYS(mremap),
		SCMP_SYS(madvise), SCMP_SYS(mincore), SCMP_SYS(mlock), SCMP_SYS(munlock),
		SCMP_SYS(membarrier), SCMP_SYS(get_mempolicy)) },
	{ "threads: PoCL's and Oclgrind's workers start after the build (clone: threads only, below)",
	  CALLS(SCMP_SYS(futex), SCMP_SYS(set_robust_list), SCMP_SYS(rseq), SCMP_SYS(set_tid_address),
		SCMP_SYS(exit), SCMP_SYS(exit_group), SCMP_SYS(gettid), SCMP_SYS(getpid),
		SCMP_SYS(sched_yield), SCMP_SYS(sched_getaffinity), SCMP_SYS(sched_setaffinity),
		SCMP_SYS(sched_getparam), SCMP_SYS(sched_getscheduler), SCMP_SYS(getcpu),
		SCMP_SYS(nanosleep), SCMP_SYS(clock_nanosleep), SCMP_SYS(restart_syscall)) },
	{ "time: the tests' and the bench's clocks, when the vDSO does not answer",
	  CALLS(SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday),
		SCMP_SYS(time), SCMP_SYS(times), SCMP_SYS(getrusage)) },
	{ "signals: the fault handler (sandbox_catch_faults), abort, the runtimes' own handlers",
	  CALLS(SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn),
		SCMP_SYS(sigaltstack), SCMP_SYS(rt_sigtimedwait)) },
	{ "descriptors: the channel, the printf file, Oclgrind's log; the runtimes read their files",
	  CALLS(SCMP_SYS(read), SCMP_SYS(readv), SCMP_SYS(pread64), SCMP_SYS(write),
		SCMP_SYS(writev), SCMP_SYS(pwrite64), SCMP_SYS(lseek), SCMP_SYS(close),
		SCMP_SYS(dup), SCMP_SYS(dup2), SCMP_SYS(dup3), SCMP_SYS(fcntl), SCMP_SYS(fstat),
		SCMP_SYS(newfstatat), SCMP_SYS(statx), SCMP_SYS(stat), SCMP_SYS(lstat),
		SCMP_SYS(access), SCMP_SYS(faccessat), SCMP_SYS(faccessat2), SCMP_SYS(readlink),
		SCMP_SYS(readlinkat), SCMP_SYS(getdents64), SCMP_SYS(getcwd)) },
	{ "devices: a GPU driver's whole interface (ioctl on its nodes) and its waits",
	  CALLS(SCMP_SYS(ioctl), SCMP_SYS(poll), SCMP_SYS(ppoll), SCMP_SYS(select),
		SCMP_SYS(pselect6), SCMP_SYS(epoll_create1), SCMP_SYS(epoll_ctl),
		SCMP_SYS(epoll_wait), SCMP_SYS(epoll_pwait), SCMP_SYS(eventfd2), SCMP_SYS(pipe2)) },
	{ "identity: what the runtimes and the sanitizers ask of the process",
	  CALLS(SCMP_SYS(getuid), SCMP_SYS(geteuid), SCMP_SYS(getgid), SCMP_SYS(getegid),
		SCMP_SYS(getppid), SCMP_SYS(uname), SCMP_SYS(sysinfo), SCMP_SYS(getrandom),
		SCMP_SYS(prctl), SCMP_SYS(getrlimit)) },
};

/* Calls allowed only with some arguments (one comparison each: libseccomp compares an argument
 * once a rule), and the one call answered with an error instead: added to the allow-list. */
static int allow_with_arguments(scmp_filter_ctx f, bool no_files)
{
	scmp_datum_t self = (scmp_datum_t)getpid();
	/* A thread, in no namespace of its own: no new process. */
	const scmp_datum_t spawn = CLONE_THREAD | CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID |
				   CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
	int rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
				  SCMP_A0(SCMP_CMP_MASKED_EQ, spawn, CLONE_THREAD));
	/* clone3's flags are in memory the filter cannot read: ENOSYS makes the C library use clone. */
	if (!rc)
		rc = seccomp_rule_add(f, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
	/* Signals to itself only (raise, abort, a thread of its own). */
	static const int to_self[] = { SCMP_SYS(kill), SCMP_SYS(tgkill), SCMP_SYS(rt_sigqueueinfo),
				       SCMP_SYS(rt_tgsigqueueinfo) };
	for (size_t i = 0; i < sizeof(to_self) / sizeof(to_self[0]) && !rc; i++)
		rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, to_self[i], 1, SCMP_A0(SCMP_CMP_EQ, self));
	/* Limits may be read, not set. */
	if (!rc)
		rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 1, SCMP_A2(SCMP_CMP_EQ, 0));
	/* Files: on the execution device only for reading (the kernel is built and linked: nothing
	 * needs to write one any more); Oclgrind's child opens its log by name (no native learner
	 * code runs there). Creating, renaming or removing a file is on no list. */
	const scmp_datum_t writes = no_files ? O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND : 0;
	if (!rc)
		rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
				      SCMP_A2(SCMP_CMP_MASKED_EQ, writes, 0));
	if (!rc)
		rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, SCMP_SYS(open), 1,
				      SCMP_A1(SCMP_CMP_MASKED_EQ, writes, 0));
	return rc;
}

/* A filter that ends the process, on every thread, on any call another architecture's number
 * names (int 0x80, x32): the lists above are x86_64's, or the machine's own. */
static scmp_filter_ctx new_filter(uint32_t default_action)
{
	scmp_filter_ctx f = seccomp_init(default_action);
	if (f && (seccomp_attr_set(f, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) < 0 ||
		  seccomp_attr_set(f, SCMP_FLTATR_CTL_TSYNC, 1) < 0)) {
		seccomp_release(f);
		return NULL;
	}
	return f;
}

static int load(scmp_filter_ctx f, int rc)
{
	if (!rc)
		rc = seccomp_load(f);
	seccomp_release(f);
	return rc ? -1 : 0;
}

int sandbox_confine(bool no_files)
{
	/* First, as the allow-list below has no seccomp() on it: what the allow-list cannot say in
	 * one comparison, no ioctl that types into a terminal (a child without namespaces could
	 * open /dev/tty). Its command is 32 bits: higher bits do not hide it. */
	scmp_filter_ctx f = new_filter(SCMP_ACT_ALLOW);
	if (!f)
		return -1;
	int rc = 0;
	static const scmp_datum_t typing[] = { TIOCSTI, TIOCLINUX };
	for (size_t i = 0; i < sizeof(typing) / sizeof(typing[0]) && !rc; i++)
		rc = seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, SCMP_SYS(ioctl), 1,
				      SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, typing[i]));
	if (load(f, rc) < 0 || !(f = new_filter(SCMP_ACT_KILL_PROCESS)))
		return -1;
	for (size_t g = 0; g < sizeof(allowed) / sizeof(allowed[0]); g++)
		for (size_t i = 0; i < allowed[g].n && !rc; i++)
			rc = seccomp_rule_add(f, SCMP_ACT_ALLOW, allowed[g].calls[i], 0);
	if (!rc)
		rc = allow_with_arguments(f, no_files);
	return load(f, rc);
}

/* Lowers the soft limit only: the hard one stays, so the run's limit can come back. */
static void set_soft_limit(int resource, rlim_t value)
{
	struct rlimit rl;
	if (getrlimit(resource, &rl) == 0 && (rl.rlim_max == RLIM_INFINITY || value < rl.rlim_max)) {
		rl.rlim_cur = value;
		setrlimit(resource, &rl);
	}
}

static rlim_t cpu_used(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return 0;
	return (rlim_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + 1);
}

void sandbox_build_limits(bool cpu_device, long cpu_s)
{
	set_soft_limit(RLIMIT_CPU, cpu_used() + (rlim_t)cpu_s);
#ifndef __SANITIZE_ADDRESS__
	if (cpu_device)
		set_soft_limit(RLIMIT_AS, ((rlim_t)BUILD_MEMORY_MB << 20) + sandbox_preload_slack());
#else
	(void)cpu_device;
#endif
}

void sandbox_run_limits(void)
{
	static const int resources[] = { RLIMIT_CPU, RLIMIT_AS };
	for (size_t i = 0; i < sizeof(resources) / sizeof(resources[0]); i++) {
		struct rlimit rl;
		if (resources[i] == RLIMIT_AS && run_address_space) {
			set_limit(RLIMIT_AS, run_address_space);
		} else if (getrlimit(resources[i], &rl) == 0) {
			rl.rlim_cur = rl.rlim_max;
			setrlimit(resources[i], &rl);
		}
	}
}

int sandbox_start(struct child *c, const struct sandbox_limits *lim, char *const env[],
		  sandbox_fn fn, void *arg)
{
	return sandbox_start_keeping(c, lim, env, fn, arg, NULL);
}

struct confinement {
	const struct sandbox_limits *lim;
	char *const *env;
};

/* In the child, before fn: namespaces where they exist, no new privileges, the environment, the
 * early limits (seccomp follows in fn, once the device is open). */
static bool child_isolated;   /* in a child: sandbox_isolate gave it namespaces */

bool sandbox_child_isolated(void)
{
	return child_isolated;
}

static void confine_child(void *ctx)
{
	const struct confinement *cf = ctx;
	/* where namespaces exist; seccomp follows in any case */
	child_isolated = sandbox_isolate(cf->lim) == 0;
	/* Nothing of the learner's has run yet: a child that still holds a capability does not. */
	if (sandbox_drop_privileges() < 0)
		_exit(SANDBOX_SETUP_FAILED);
	sandbox_child_env(cf->env);
	/* CPU and file limits hold from here on; the address-space limit waits until the child
	 * knows its device (see sandbox_apply_limits). */
	struct sandbox_limits early = *cf->lim;
	early.memory_mb = 0;
	sandbox_apply_limits(&early, false);
}

int sandbox_start_keeping(struct child *c, const struct sandbox_limits *lim,
			  char *const env[], sandbox_fn fn, void *arg, int *keep_fd)
{
	return sandbox_start_fed(c, lim, env, fn, arg, keep_fd, -1);
}

int sandbox_start_fed(struct child *c, const struct sandbox_limits *lim, char *const env[],
		      sandbox_fn fn, void *arg, int *keep_fd, int in_fd)
{
	struct confinement cf = { lim, env };
	/* Drivers and compilers chatter on stdout and stderr; the protocol is the channel. A
	 * sanitizer build keeps its children's stderr, where a sanitizer writes its report, in
	 * memory; any report is shown when the child is released. */
	struct child_start how = {
		.setup = confine_child,
		.setup_ctx = &cf,
		.keep_fd = keep_fd,
		.in_fd = in_fd,
		.own_group = true,
		.keep_stdio = getenv("CLINGS_DEBUG") != NULL,
		.stderr_in_memory = CHILD_REPORTS,
	};
	if (child_start(c, &how, fn, arg) < 0)
		return error("cannot start the checking process:");
	sandbox_arm(c, lim);
	return 0;
}

long sandbox_wall_ms(long time_limit_ms)
{
	long ms = time_limit_ms * WALL_BOUND_FACTOR;
	return ms > MAX_TIME_LIMIT_MS ? MAX_TIME_LIMIT_MS : ms;
}

void sandbox_arm(struct child *c, const struct sandbox_limits *lim)
{
	child_arm_processor(c, lim->build_ms > 0 ? lim->build_ms : lim->time_ms, lim->time_ms,
			    sandbox_wall_ms(lim->time_ms));
}

/* A deadly signal whose innermost frame is the learner's compiled kernel (PoCL names it
 * _pocl_kernel_NAME..., in its kernel cache): the learner's crash, which the check reports as
 * such; nothing of clings' own code. */
static bool learner_crash(const char *text)
{
	const char *frame = strstr(text, "DEADLYSIGNAL") ? strstr(text, "#0 ") : NULL;
	if (!frame || strstr(text, ": runtime error: "))
		return false;
	char *line = xstrfmt("%.*s", (int)strcspn(frame, "\n"), frame);
	bool kernel = strstr(line, " _pocl_kernel_") || strstr(line, "/kcache/");
	free(line);
	return kernel;
}

/* What a sanitizer said in the child reaches the parent's stderr, where tests look for it. */
static void show_child_reports(struct child *c)
{
	char *text = child_stderr(c);
	if (text && (strstr(text, "Sanitizer") || strstr(text, ": runtime error: ")) &&
	    !learner_crash(text))
		fprintf(stderr, "clings: a checking process reported:\n%s", text);
	free(text);
}

void sandbox_child_release(struct child *c)
{
	child_finish(c);   /* its report is whole once it is gone */
	show_child_reports(c);
	child_release(c);
}

struct sandbox_limits sandbox_check_limits(const struct check_spec *spec, const char *hide)
{
	return (struct sandbox_limits){
		.time_ms = spec->time_limit_ms,
		.build_ms = BUILD_TIME_LIMIT_MS,
		.memory_mb = spec->memory_limit_mb,
		.cpu_s = sandbox_cpu_seconds(spec->time_limit_ms),
		.file_mb = 64,
		.open_files = 256,
		.hide = hide,
	};
}

long sandbox_cpu_seconds(long time_limit_ms)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	return (BUILD_TIME_LIMIT_MS + time_limit_ms) / 1000 * (ncpu > 0 ? ncpu : 1);
}

/* A fault of the learner's kernel, said on the channel before anything else runs: a crash
 * handler installed by the compiler's libraries would make calls the filter refuses, and the
 * process would end with SIGSYS, as if the kernel had made one. */
static void on_fault(int sig)
{
	char line[32] = "fault\t";
	int n = 6;
	if (sig >= 10)
		line[n++] = (char)('0' + sig / 10);
	line[n++] = (char)('0' + sig % 10);
	line[n++] = '\n';
	ssize_t w = write(3, line, (size_t)n);
	(void)w;
	signal(sig, SIG_DFL);
	raise(sig);
}

void sandbox_catch_faults(void)
{
	static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL };
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++)
		sigaction(faults[i], &sa, NULL);
}
