/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The one threaded harness of jca-bench and `jca speed`: runs a function
 * on T threads released together by a barrier, either for a fixed number
 * of operations per thread or until a time has passed, and reports each
 * thread's operations, wall-clock interval and CPU time.
 */
#ifndef JCA_TOOLS_HARNESS_H
#define JCA_TOOLS_HARNESS_H

#include <stdint.h>

/* Runs n operations on arg; returns 0, or nonzero to stop (an error). */
typedef int (*harness_fn)(void *arg, uint64_t n);

typedef struct harness_thread {
	void *arg;              /* in: handed to the function */
	uint64_t ops;           /* out: operations done */
	uint64_t t0, t1;        /* out: CLOCK_MONOTONIC ns at start and end */
	uint64_t cpu;           /* out: CPU ns of the thread over [t0, t1] */
	int failed;             /* out: the function returned nonzero */
} harness_thread;

/* CLOCK_MONOTONIC and the calling thread's CPU time, in ns. */
uint64_t harness_now_ns(void);
uint64_t harness_cpu_ns(void);

/*
 * Fixed work (seconds == 0): each of the nthr threads calls fn(arg, n)
 * once. With one thread it runs on the caller, without a thread start.
 * Timed work (seconds > 0): each thread calls fn(arg, n) again and again
 * until `seconds` have passed since the release, counting n ops a call.
 * Returns 0, or -1 if a thread could not be started (nothing ran then).
 */
int harness_run(harness_fn fn, harness_thread *th, int nthr, uint64_t n, double seconds);

/* Wall time from the first thread's start to the last one's end, and the
 * CPU time of all threads together. */
uint64_t harness_wall_ns(const harness_thread *th, int nthr);
uint64_t harness_cpu_sum_ns(const harness_thread *th, int nthr);

#endif
