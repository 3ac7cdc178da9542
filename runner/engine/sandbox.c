/*
 * sandbox.c: learner code runs in a forked child, in its own process group, with resource
 * limits and a wall-clock deadline. The parent survives whatever the child does, kills the
 * whole group at the deadline, and reaps every child it started, and reads at most
 * CHILD_OUTPUT_MAX bytes of any child.
 *
 * The child keeps one descriptor (its channel) and gains no privilege (PR_SET_NO_NEW_PRIVS).
 * Before the learner's code can run, sandbox_confine() installs a seccomp filter on every
 * thread: no new process or program, no signal to another process, no tracing, no socket, no
 * namespace or mount, no raised limit; on the execution device no file created, written,
 * renamed or removed either. The filter's verdict on a refused call ends the process (SIGSYS),
 * so the attempt shows as a crash.
 */
#include "engine/engine.h"

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
#include <unistd.h>

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

/* Rules of a filter that ends the process on a call with these arguments. */
static int deny(scmp_filter_ctx f, int nr)
{
	return seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, nr, 0);
}

static int deny_if(scmp_filter_ctx f, int nr, struct scmp_arg_cmp cmp)
{
	return seccomp_rule_add(f, SCMP_ACT_KILL_PROCESS, nr, 1, cmp);
}

int sandbox_confine(bool no_files)
{
	scmp_filter_ctx f = seccomp_init(SCMP_ACT_ALLOW);
	if (!f)
		return -1;
	pid_t self = getpid();
	int rc = 0;
	/* No new process and no new program: threads only (clone3 cannot be inspected: ENOSYS
	 * makes the C library fall back to clone). */
	static const int never[] = {
		SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(fork), SCMP_SYS(vfork),
		SCMP_SYS(ptrace), SCMP_SYS(process_vm_readv), SCMP_SYS(process_vm_writev),
		SCMP_SYS(pidfd_open), SCMP_SYS(pidfd_send_signal), SCMP_SYS(pidfd_getfd),
		SCMP_SYS(socket), SCMP_SYS(socketpair), SCMP_SYS(connect), SCMP_SYS(bind),
		SCMP_SYS(setsid), SCMP_SYS(setpgid), SCMP_SYS(unshare), SCMP_SYS(setns),
		SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root), SCMP_SYS(chroot),
		SCMP_SYS(setrlimit), SCMP_SYS(keyctl), SCMP_SYS(add_key), SCMP_SYS(request_key),
		SCMP_SYS(bpf), SCMP_SYS(perf_event_open), SCMP_SYS(userfaultfd),
		SCMP_SYS(init_module), SCMP_SYS(finit_module), SCMP_SYS(delete_module),
		SCMP_SYS(kexec_load), SCMP_SYS(reboot), SCMP_SYS(swapon), SCMP_SYS(swapoff),
		SCMP_SYS(acct), SCMP_SYS(settimeofday), SCMP_SYS(clock_settime),
		SCMP_SYS(iopl), SCMP_SYS(ioperm), SCMP_SYS(personality), SCMP_SYS(io_uring_setup),
		SCMP_SYS(fanotify_init), SCMP_SYS(open_by_handle_at), SCMP_SYS(name_to_handle_at),
		SCMP_SYS(mknod), SCMP_SYS(mknodat),
	};
	for (size_t i = 0; i < sizeof(never) / sizeof(never[0]) && !rc; i++)
		rc = deny(f, never[i]);
	if (!rc)
		rc = seccomp_rule_add(f, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
	if (!rc)
		rc = deny_if(f, SCMP_SYS(clone), SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
	/* Signals: to itself only (raise, abort, a thread of its own). */
	if (!rc)
		rc = deny_if(f, SCMP_SYS(kill), SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
	if (!rc)
		rc = deny_if(f, SCMP_SYS(tgkill), SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
	if (!rc)
		rc = deny(f, SCMP_SYS(tkill));
	if (!rc)
		rc = deny_if(f, SCMP_SYS(rt_sigqueueinfo), SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
	if (!rc)
		rc = deny_if(f, SCMP_SYS(rt_tgsigqueueinfo), SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
	/* Limits may be read, not raised. */
	if (!rc)
		rc = deny_if(f, SCMP_SYS(prlimit64), SCMP_A2(SCMP_CMP_NE, 0));
	if (!rc && no_files) {
		/* The kernel is built and linked: nothing needs to write a file any more. */
		static const int writes[] = {
			SCMP_SYS(unlink), SCMP_SYS(unlinkat), SCMP_SYS(rename), SCMP_SYS(renameat),
			SCMP_SYS(renameat2), SCMP_SYS(mkdir), SCMP_SYS(mkdirat), SCMP_SYS(rmdir),
			SCMP_SYS(link), SCMP_SYS(linkat), SCMP_SYS(symlink), SCMP_SYS(symlinkat),
			SCMP_SYS(chmod), SCMP_SYS(fchmod), SCMP_SYS(fchmodat), SCMP_SYS(chown),
			SCMP_SYS(fchown), SCMP_SYS(lchown), SCMP_SYS(fchownat), SCMP_SYS(truncate),
			SCMP_SYS(creat), SCMP_SYS(utimensat), SCMP_SYS(utimes), SCMP_SYS(utime),
			SCMP_SYS(futimesat), SCMP_SYS(setxattr), SCMP_SYS(lsetxattr), SCMP_SYS(fsetxattr),
			SCMP_SYS(removexattr), SCMP_SYS(lremovexattr), SCMP_SYS(fremovexattr),
			SCMP_SYS(memfd_create),
		};
		for (size_t i = 0; i < sizeof(writes) / sizeof(writes[0]) && !rc; i++)
			rc = deny(f, writes[i]);
		for (int k = 0; k < 5 && !rc; k++) {
			static const scmp_datum_t bits[5] = { O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND };
			rc = deny_if(f, SCMP_SYS(open), SCMP_A1(SCMP_CMP_MASKED_EQ, bits[k], bits[k]));
			if (!rc)
				rc = deny_if(f, SCMP_SYS(openat), SCMP_A2(SCMP_CMP_MASKED_EQ, bits[k], bits[k]));
		}
		if (!rc)
			rc = deny(f, SCMP_SYS(openat2));
	}
	/* On every thread: PoCL's workers were started with the device. */
	if (!rc)
		rc = seccomp_attr_set(f, SCMP_FLTATR_CTL_TSYNC, 1);
	if (!rc)
		rc = seccomp_load(f);
	seccomp_release(f);
	return rc ? -1 : 0;
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
		set_soft_limit(RLIMIT_AS, (rlim_t)BUILD_MEMORY_MB << 20);
#else
	(void)cpu_device;
#endif
}

void sandbox_run_limits(void)
{
	static const int resources[] = { RLIMIT_CPU, RLIMIT_AS };
	for (size_t i = 0; i < sizeof(resources) / sizeof(resources[0]); i++) {
		struct rlimit rl;
		if (getrlimit(resources[i], &rl) == 0) {
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
static void confine_child(void *ctx)
{
	const struct confinement *cf = ctx;
	sandbox_isolate(cf->lim);   /* where namespaces exist; seccomp follows in any case */
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
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

void sandbox_arm(struct child *c, const struct sandbox_limits *lim)
{
	child_arm(c, lim->build_ms > 0 ? lim->build_ms : lim->time_ms, lim->time_ms);
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
