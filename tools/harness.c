/* SPDX-License-Identifier: Apache-2.0 */
/* The threaded harness shared by jca-bench and `jca speed`: see harness.h. */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

uint64_t harness_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t harness_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

struct run {
	harness_fn fn;
	uint64_t n;
	int timed;
	atomic_int stop;
	/* the gate: threads wait until all are ready, then start together */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int ready, go;          /* go: 1 run, -1 leave without running */
};

struct slot {
	struct run *r;
	harness_thread *th;
};

static void work(struct run *r, harness_thread *th)
{
	uint64_t c0 = harness_cpu_ns();

	th->ops = 0;
	th->failed = 0;
	th->t0 = harness_now_ns();
	do {
		if (r->fn(th->arg, r->n)) {
			th->failed = 1;
			break;
		}
		th->ops += r->n;
	} while (r->timed && !atomic_load_explicit(&r->stop, memory_order_relaxed));
	th->t1 = harness_now_ns();
	th->cpu = harness_cpu_ns() - c0;
}

static void *thread_main(void *arg)
{
	struct slot *s = arg;
	struct run *r = s->r;
	int go;

	pthread_mutex_lock(&r->mu);
	r->ready++;
	pthread_cond_broadcast(&r->cv);
	while (!r->go)
		pthread_cond_wait(&r->cv, &r->mu);
	go = r->go;
	pthread_mutex_unlock(&r->mu);
	if (go > 0)
		work(r, s->th);
	return NULL;
}

int harness_run(harness_fn fn, harness_thread *th, int nthr, uint64_t n, double seconds)
{
	struct run r = { .fn = fn, .n = n, .timed = seconds > 0 };
	struct slot *slots;
	pthread_t *tid;
	int started = 0;

	atomic_init(&r.stop, 0);
	if (nthr == 1 && !r.timed) {
		work(&r, th);
		return 0;
	}
	slots = calloc((size_t)nthr, sizeof *slots);
	tid = calloc((size_t)nthr, sizeof *tid);
	if (!slots || !tid) {
		free(slots);
		free(tid);
		return -1;
	}
	pthread_mutex_init(&r.mu, NULL);
	pthread_cond_init(&r.cv, NULL);
	for (int i = 0; i < nthr; i++) {
		slots[i] = (struct slot){ &r, &th[i] };
		if (pthread_create(&tid[i], NULL, thread_main, &slots[i]) != 0)
			break;
		started++;
	}
	/* release all at once when every thread is waiting at the gate */
	pthread_mutex_lock(&r.mu);
	while (r.ready < started)
		pthread_cond_wait(&r.cv, &r.mu);
	r.go = started == nthr ? 1 : -1;
	pthread_cond_broadcast(&r.cv);
	pthread_mutex_unlock(&r.mu);
	if (r.timed && r.go > 0) {
		struct timespec ts;

		ts.tv_sec = (time_t)seconds;
		ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
		atomic_store(&r.stop, 1);
	}
	for (int i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	pthread_cond_destroy(&r.cv);
	pthread_mutex_destroy(&r.mu);
	free(slots);
	free(tid);
	return started == nthr ? 0 : -1;
}

uint64_t harness_wall_ns(const harness_thread *th, int nthr)
{
	uint64_t t0 = th[0].t0, t1 = th[0].t1;

	for (int i = 1; i < nthr; i++) {
		if (th[i].t0 < t0)
			t0 = th[i].t0;
		if (th[i].t1 > t1)
			t1 = th[i].t1;
	}
	return t1 - t0;
}

uint64_t harness_cpu_sum_ns(const harness_thread *th, int nthr)
{
	uint64_t c = 0;

	for (int i = 0; i < nthr; i++)
		c += th[i].cpu;
	return c;
}
