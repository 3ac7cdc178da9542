/*
 * isolate.h: what a checking child sees (isolate.c): its own root, its environment, and the
 * grading secret kept out of its reach. Part of engine.h, which includes it.
 */
#ifndef ENGINE_ISOLATE_H
#define ENGINE_ISOLATE_H

struct sandbox_limits;

/* A child's exit status when it got namespaces but could not build its root: an error of
 * clings, never the learner's (it exits before building anything of the learner's). */
#define SANDBOX_SETUP_FAILED 111
/*
 * In the child, before anything else: new user, mount, network and IPC namespaces, and a root of
 * its own holding only what the OpenCL runtimes need (read-only), a private /tmp and its own
 * /proc entries; lim->hide covered where it would show. PoCL's kernel cache is the user's only
 * where lim->course_code (only the course's own code runs there, and clings' ref/ is bound too);
 * any other child gets an empty one of its own in its private /tmp (POCL_CACHE_DIR).
 * Returns -1 (nothing changed) where namespaces are refused; a child that got namespaces but
 * could not finish its root ends (exit SANDBOX_SETUP_FAILED) rather than run with less.
 */
int sandbox_isolate(const struct sandbox_limits *lim);
/* In the child, namespaces or not: every capability dropped (effective, permitted, inheritable,
 * ambient, the bounding set where it may be emptied), SECBIT_NOROOT and its kin locked, and
 * PR_SET_NO_NEW_PRIVS; 0, or -1 when any capability is still held afterwards. */
int sandbox_drop_privileges(void);
/* In the child: an environment of only what the runtimes read, and env (NULL-terminated
 * "NAME=value", added); the bytes of the dropped variables are wiped where
 * /proc/self/environ shows them, and so is the secret sandbox_take_secret took. */
void sandbox_child_env(char *const env[]);
/* In the parent, before any child starts: the value of the variable name (NULL when unset),
 * removed from the environment and wiped from the process's memory where /proc/PID/environ
 * shows it; every child wipes the returned copy from its own memory. */
char *sandbox_take_secret(const char *name);
/* Removes the empty names PoCL reserves in its kernel cache and leaves behind at every link. */
void sandbox_clean_compiler_cache(void);
/* PoCL's kernel cache, the directory of its programs' entries (allocated; NULL: none). */
char *sandbox_compiler_cache(void);
/* Whether children get namespaces here (tried once, in a throwaway process). */
bool sandbox_namespaces_available(void);

#endif
