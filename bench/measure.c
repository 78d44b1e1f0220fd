/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench: measuring one row. Calibrate the batch so that it takes
 * >= the loop time, warm up, then time several batches ("loops") on the
 * threaded harness; then count allocations over a batch on this thread.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "../tools/harness.h"

static void state_init(state *s, const bench *b)
{
	memset(s, 0, sizeof *s);
	s->p = &b->p;
	for (size_t i = 0; i < sizeof s->key; i++)
		s->key[i] = (uint8_t)(0x11 * i + 1);
	for (size_t i = 0; i < sizeof s->iv; i++)
		s->iv[i] = (uint8_t)(0xA5 ^ i);
	if (b->p.len) {
		s->in = xalloc(b->p.len);
		s->out = xalloc(b->p.len);
		for (size_t i = 0; i < b->p.len; i++)
			s->in[i] = (uint8_t)(i * 131 + 7);
		memset(s->out, 0, b->p.len);
	}
	if (b->k->setup)
		b->k->setup(s);
}

static void state_free(state *s, const bench *b)
{
	if (b->k->teardown)
		b->k->teardown(s);
	free(s->in);
	free(s->out);
}

/* The harness's view of a row on one thread. */
typedef struct job {
	const bench *b;
	state *s;
} job;

static int run_job(void *arg, uint64_t n)
{
	job *j = arg;

	j->b->k->run(j->s, n);
	return 0;
}

/* Runs n ops in each of nthr threads; returns the wall time in ns and,
 * in *cpu if not NULL, the CPU time of all threads together. */
static uint64_t run_batch(const bench *b, state *st, int nthr, uint64_t n, uint64_t *cpu)
{
	job jobs[2];
	harness_thread th[2];

	for (int i = 0; i < nthr; i++) {
		jobs[i] = (job){ b, &st[i] };
		th[i] = (harness_thread){ .arg = &jobs[i] };
	}
	if (harness_run(run_job, th, nthr, n, 0) != 0) {
		fprintf(stderr, "jca-bench: pthread_create failed\n");
		exit(1);
	}
	if (cpu)
		*cpu = harness_cpu_sum_ns(th, nthr);
	return harness_wall_ns(th, nthr);
}

/* n * f rounded up, at least 1. */
static uint64_t scale_ops(uint64_t n, double f)
{
	double x = (double)n * f;
	uint64_t r = (uint64_t)x;

	if ((double)r < x)
		r++;
	return r ? r : 1;
}

/* Ops per batch so that a batch takes about 1.1 loop times. */
static uint64_t calibrate(const bench *b, state *st)
{
	uint64_t n = 1, t;

	for (;;) {
		t = run_batch(b, st, 1, n, NULL);
		if (t >= opt.loop_ns / 8)
			break;
		n *= t < opt.loop_ns / 1000 ? 10 : 2;
	}
	return scale_ops(n, 1.1 * (double)opt.loop_ns / (double)t);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void measure(const bench *b, state *st, int nthr, uint64_t n, result *r)
{
	double v[MAX_LOOPS], c[MAX_LOOPS], cop[MAX_LOOPS];
	uint64_t t, tmin, end, cpu;

	/* Warm-up: batches of a quarter loop until warm_ns has passed. */
	end = harness_now_ns() + opt.warm_ns;
	do
		run_batch(b, st, nthr, n / 4 ? n / 4 : 1, NULL);
	while (harness_now_ns() < end);

	/* Timed loops; should one be shorter than loop_ns (the machine sped
	 * up), make the batch bigger and time them all again. */
	for (int attempt = 0;; attempt++) {
		tmin = UINT64_MAX;
		for (int i = 0; i < opt.loops; i++) {
			t = run_batch(b, st, nthr, n, &cpu);
			if (t < tmin)
				tmin = t;
			v[i] = (double)t / (double)n;
			c[i] = (double)cpu / ((double)t * nthr);
			cop[i] = (double)cpu / ((double)n * nthr);
		}
		if (tmin >= opt.loop_ns || attempt == 3)
			break;
		n = scale_ops(n, 1.2 * (double)opt.loop_ns / (double)(tmin ? tmin : 1));
	}
	qsort(v, (size_t)opt.loops, sizeof v[0], cmp_double);
	qsort(c, (size_t)opt.loops, sizeof c[0], cmp_double);
	qsort(cop, (size_t)opt.loops, sizeof cop[0], cmp_double);
	r->cpu = c[opt.loops / 2];
	r->cpu_op = cop[opt.loops / 2];
	r->done = 1;
	r->cnt = opt.loops;
	r->n = n;
	r->min = v[0];
	r->max = v[opt.loops - 1];
	r->med = opt.loops % 2 ? v[opt.loops / 2] : (v[opt.loops / 2 - 1] + v[opt.loops / 2]) / 2;
}

/*
 * --best: many short batches for best_ns, Score = the best batch. On a
 * machine shared with other work, the best batch is the one nothing
 * preempted or slowed; the median of long loops is not. Min = Score,
 * Max = the mean over all batches; Cnt = batches (capped in the table).
 */
static void measure_best(const bench *b, state *st, int nthr, uint64_t n, result *r)
{
	uint64_t t, cpu, best = UINT64_MAX, best_cpu = 0, cnt = 0, sum = 0, end;

	end = harness_now_ns() + opt.warm_ns;
	do
		run_batch(b, st, nthr, n, NULL);
	while (harness_now_ns() < end);
	/* the first calibration ran cold: size the batch again, warm, to the
	 * best of a few batches */
	if (nthr == 1) {
		for (int i = 0; i < 20; i++) {
			t = run_batch(b, st, 1, n, NULL);
			if (t < best)
				best = t;
		}
		n = scale_ops(n, (double)opt.loop_ns / (double)(best ? best : 1));
		best = UINT64_MAX;
	} else {
		n *= 50;       /* thread starts are not timed, but spread the start */
	}
	end = harness_now_ns() + opt.best_ns;
	do {
		t = run_batch(b, st, nthr, n, &cpu);
		if (t < best) {
			best = t;
			best_cpu = cpu;
		}
		sum += t;
		cnt++;
	} while (harness_now_ns() < end);
	r->done = 1;
	r->cnt = cnt > 999 ? 999 : (int)cnt;
	r->n = n;
	r->med = r->min = (double)best / (double)n;
	r->max = (double)sum / (double)cnt / (double)n;
	r->cpu = (double)best_cpu / ((double)best * nthr);
	r->cpu_op = (double)best_cpu / ((double)n * nthr);
}

/* Allocation calls per op, counted on this thread over a batch. */
static void count_allocs(bench *b, state *st)
{
	uint64_t n = b->r[0].n < 1000 ? b->r[0].n : 1000;
	uint64_t a0, y0, a1, y1;

	bench_alloc_counts(&a0, &y0);
	b->k->run(st, n);
	bench_alloc_counts(&a1, &y1);
	b->allocs = (double)(a1 - a0) / (double)n;
	b->abytes = (double)(y1 - y0) / (double)n;
	b->counted = bench_alloc_counted;
}

void run_row(bench *b)
{
	state st[2];
	uint64_t n;

	state_init(&st[0], b);
	n = calibrate(b, &st[0]);
	(opt.best ? measure_best : measure)(b, st, 1, n, &b->r[0]);
	count_allocs(b, &st[0]);
	if (b->k->getinst) {
		state_init(&st[1], b);
		(opt.best ? measure_best : measure)(b, st, 2, b->r[0].n, &b->r[1]);
		state_free(&st[1], b);
	}
	state_free(&st[0], b);
}
