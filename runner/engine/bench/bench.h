/*
 * engine/bench/: `clings bench`, seen from the parent (bench-exercise.c): a kernel is timed only
 * once it passes its check; the reference's child and the learner's then run one after the
 * other, each timing itself (engine/children/benchrun.c), and the parent keeps only well-formed,
 * plausible figures. It includes engine/check/ and the folders below it.
 */
#ifndef ENGINE_BENCH_H
#define ENGINE_BENCH_H

#include "course/course.h"
#include "engine/report/report.h"
#include "engine/compute/compute.h"

struct run_request;
struct report;

struct bench_options {
	const char *device, *file, *lang;   /* as for a check */
	bool interruptible;                 /* a key on stdin stops it */
	void (*progress)(void *ctx, const char *what);
	void *progress_ctx;
};
/* The learner's results at the bench's size: the reference's (exactly, or within the tolerance for
 * floats), different, right at the places sampled (a large float output computed in another
 * order), or not known. */
enum bench_agree { AGREE_YES, AGREE_NO, AGREE_SAMPLED, AGREE_UNKNOWN };
#define BENCH_GROUP_AUTO "auto"   /* `local = auto`: the device's runtime chose, and OpenCL does not say */
struct bench_row {
	char name[128];              /* its parameters: "len=16777216 wg=64" */
	char group[32];              /* the work-group: "64", "16x16", or BENCH_GROUP_AUTO */
	int passes;                  /* of the [repeat] loop */
	double bytes_first, bytes_loop;   /* read and written by the contract */
	double flops;                /* operations of the whole loop ([bench] flops); 0: not counted */
	bool skipped;                /* larger than the device allows */
	double loop_s, first_s;      /* the learner's medians; 0 with a problem */
	double ref_loop_s, ref_first_s;
	enum bench_agree agree;      /* its results against the reference's, at this size */
	struct msg problem;          /* why the learner's figures are not shown; empty when they are */
};
struct bench_result {
	char exercise[NAME_MAX_LEN];
	char *device;
	bool cpu;
	int64_t bytes;               /* the size chosen for the device */
	double copy_s, copy_bytes;   /* the copy kernel: median time, bytes read and written */
	double peak_s, peak_flops;   /* the peak kernel (a check with flops): median time, operations */
	bool multipass;              /* the check has a [repeat] loop */
	struct bench_row *rows;
	int nrows;
	enum verdict check_verdict;
	bool interrupted;
	struct msg message;          /* why there are no figures; empty when there are */
	struct access_figure *access;/* the check's memory-access figures, when the analysis ran */
	int naccess;                 /* -1: none */
};
/* Checks the kernel, then benches it when it passes. Returns 0 with figures in b, 1 when the
 * kernel does not pass its check, -1 when the bench could not run (b->message says why). A row's
 * problem and the message keep their facts: "work_group", "gbps", "ratio", "bytes", ... */
int bench_exercise(const struct course *c, const struct exercise *e, const struct bench_options *o,
		   struct bench_result *b);
void bench_result_release(struct bench_result *b);

#endif
