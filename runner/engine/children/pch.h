/*
 * pch.h: the learner's kernel built through PoCL's clang with a precompiled header of what PoCL
 * pre-includes, the bitcode handed to PoCL (pch.c, whose comment tells why and when not)
 */
#ifndef ENGINE_PCH_H
#define ENGINE_PCH_H

struct cl_session;
struct cl_prog;
struct run_request;
struct sbuf;

/* Where the headers and what the probes read are kept: the user's cache directory (allocated;
 * NULL when there is none). */
char *pch_dir(void);
/* In the parent, before it forks the children that build with options on device: makes sure
 * PoCL's own options for them are known (a probe child, once per device, options and PoCL) and
 * the header built, and keeps the record, verified (seal.h), in this process's memory, where
 * the children forked after it find it (they never read the file). Quiet on failure: the
 * children then build with PoCL alone. */
void pch_trust(const char *device, const char *options);
/* The options of a learner's usual build (unoptimised: see execute.c's build_learner), which the
 * standby's warm-ups and compiler started ahead use too; with optimisation: PCH_OPTIMISED. */
#define PCH_LEARNER_OPTIONS "-cl-kernel-arg-info -cl-opt-disable"
#define PCH_OPTIMISED "-cl-kernel-arg-info"
/* The compiler's options (allocated): the check's own, then own (what the child needs). */
char *pch_check_options(const struct check_spec *spec, const char *own);
/* The options of the learner's build of rq (allocated), and pch_trust for them. */
char *pch_learner_options(const struct run_request *rq);
void pch_trust_request(const struct run_request *rq);
/* Builds src as PoCL would with options, through the PCH: 0 with *out, or 1 when the caller is
 * to build it with PoCL itself (nothing trusted for them, another device, a header that is not
 * the record's, any error, a build error too). clang's processor time is taken off this
 * process's build limit: the two builds share it. */
int pch_build(struct cl_session *s, const char *device, const char *src, const char *options,
	      struct cl_prog **out);

/* Starts the clang of the next pch_build with these options ahead of its source (the standby:
 * the compiler loads while the learner edits); another build's options drop it. */
void pch_prestart(struct cl_session *s, const char *device, const char *options);
/* The reference solution built as clhost_build would, from its kept binary when there is one
 * that verifies under key (refbin.c); a binary made from source is kept, sealed, for the next
 * check. Without a key (NULL, or not loaded): from source, nothing read or kept. The key is
 * wiped before it returns (seal_key_release): of no more use to the child. */
struct seal_key;
int refbin_build(struct cl_session *s, const char *src, const char *options, struct seal_key *key,
		 struct cl_prog **out, struct sbuf *log);

#endif
