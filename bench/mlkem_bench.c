/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-KEM of the algorithm layer (src/algs/mlkem.h): key generation,
 * encapsulation and decapsulation in microseconds of CPU time (the thread's
 * clock, so that preemption on a shared machine does not count) per operation, on every
 * Keccak backend this CPU has, for ML-KEM-512/768/1024. Each figure is the
 * best of five runs (a busy machine only slows a run down).
 *
 *   make bench-mlkem && ./bench/mlkem-bench [seconds per row, default 0.5]
 *
 * With -DJCA_BENCH_MLKEM_NATIVE and two builds of pq-code-package's
 * mlkem-native for ML-KEM-768 linked in (namespace prefixes MLKN_C, the
 * portable C, and MLKN_NATIVE, the AVX2 backend), it measures them in the
 * same run, right after ours: bench/mlkem_native.sh builds it that way
 * from a checkout of mlkem-native (never copied into this tree).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algs/mlkem.h"
#include "algs/cpu.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);   /* CPU time: a shared machine preempts us */
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double seconds = 0.5;
static volatile int sink;

/* microseconds per call of fn(arg), best of five runs */
static double measure(int (*fn)(void *), void *arg)
{
	double best = 1e30;
	long n = 1;

	for (;;) {
		double t0 = now();

		for (long i = 0; i < n; i++)
			sink += fn(arg);
		if (now() - t0 > 0.01)
			break;
		n *= 2;
	}
	for (int run = 0; run < 5; run++) {
		double t0 = now(), t;
		long total = 0;

		do {
			for (long i = 0; i < n; i++)
				sink += fn(arg);
			total += n;
			t = now() - t0;
		} while (t < seconds / 5);
		if (t / (double)total < best)
			best = t / (double)total;
	}
	return best * 1e6;
}

typedef struct job {
	const jca__keccak_backend *kb;
	unsigned k;
	uint8_t seed[64], m[32], ek[JCA__MLKEM_EK_MAX], dk[JCA__MLKEM_DK_MAX], ct[JCA__MLKEM_CT_MAX], ss[32];
} job;

static int op_keygen(void *a)
{
	job *j = a;

	j->seed[0]++;
	return jca__mlkem_keygen(j->kb, j->k, j->ek, j->dk, j->seed);
}

static int op_encaps(void *a)
{
	job *j = a;

	j->m[0]++;
	return jca__mlkem_encaps(j->kb, j->k, j->ss, j->ct, j->ek, j->m);
}

static int op_decaps(void *a)
{
	job *j = a;

	return jca__mlkem_decaps(j->kb, j->k, j->ss, j->ct, j->dk);
}

static void row(const char *impl, unsigned k, double kg, double en, double de)
{
	printf("%-28s ML-KEM-%-5s %9.2f %9.2f %9.2f\n", impl, k == 2 ? "512" : k == 3 ? "768" : "1024", kg, en, de);
	fflush(stdout);
}

static void ours(const jca__keccak_backend *kb, const char *name, unsigned k)
{
	static job j;
	double kg, en, de;

	memset(&j, 0, sizeof j);
	j.kb = kb;
	j.k = k;
	for (unsigned i = 0; i < 64; i++)
		j.seed[i] = (uint8_t)(i * 7 + 1);
	jca__mlkem_keygen(kb, k, j.ek, j.dk, j.seed);
	jca__mlkem_encaps(kb, k, j.ss, j.ct, j.ek, j.m);
	kg = measure(op_keygen, &j);
	jca__mlkem_keygen(kb, k, j.ek, j.dk, j.seed);
	en = measure(op_encaps, &j);
	de = measure(op_decaps, &j);
	row(name, k, kg, en, de);
}

#ifdef JCA_BENCH_MLKEM_NATIVE
/* mlkem-native's API (mlkem_native.h), under the two prefixes */
#define NATIVE_API(p)                                                                              \
	int p##_keypair_derand(uint8_t *pk, uint8_t *sk, const uint8_t *coins);                   \
	int p##_enc_derand(uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *coins);    \
	int p##_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);                            \
	static int p##_kg(void *a)                                                                 \
	{                                                                                          \
		job *j = a;                                                                        \
		j->seed[0]++;                                                                      \
		return p##_keypair_derand(j->ek, j->dk, j->seed);                                  \
	}                                                                                          \
	static int p##_en(void *a)                                                                 \
	{                                                                                          \
		job *j = a;                                                                        \
		j->m[0]++;                                                                         \
		return p##_enc_derand(j->ct, j->ss, j->ek, j->m);                                  \
	}                                                                                          \
	static int p##_de(void *a)                                                                 \
	{                                                                                          \
		job *j = a;                                                                        \
		return p##_dec(j->ss, j->ct, j->dk);                                               \
	}
NATIVE_API(MLKN_C)
NATIVE_API(MLKN_NATIVE)

static void native(const char *name, int (*kg)(void *), int (*en)(void *), int (*de)(void *))
{
	static job j;
	double a, b, c;

	memset(&j, 0, sizeof j);
	for (unsigned i = 0; i < 64; i++)
		j.seed[i] = (uint8_t)(i * 7 + 1);
	kg(&j);
	a = measure(kg, &j);
	kg(&j);
	en(&j);
	b = measure(en, &j);
	c = measure(de, &j);
	row(name, 3, a, b, c);
}
#endif

int main(int argc, char **argv)
{
	const jca__keccak_backend *kbs[3];
	const char *names[3];
	int n = 0;
	uint32_t f = jca__cpu_features();

	if (argc > 1)
		seconds = atof(argv[1]);
	kbs[n] = &jca__keccak_generic;
	names[n++] = "libjca (portable Keccak)";
#if defined(__x86_64__)
	if (f & JCA__CPU_AVX2) {
		kbs[n] = &jca__keccak_avx2;
		names[n++] = "libjca (AVX2 Keccak)";
	}
	if (f & JCA__CPU_AVX512) {
		kbs[n] = &jca__keccak_avx512;
		names[n++] = "libjca (AVX-512 Keccak)";
	}
#elif defined(__aarch64__)
	if (f & JCA__CPU_ARM_SHA3) {
		kbs[n] = &jca__keccak_armv8;
		names[n++] = "libjca (SHA-3 Keccak)";
	}
#endif
	(void)f;
	printf("# microseconds per operation, best of 5 runs of %.2f s / 5\n", seconds);
	printf("%-28s %-13s %9s %9s %9s\n", "implementation", "set", "keygen", "encaps", "decaps");
	for (unsigned k = 2; k <= 4; k++) {
		for (int i = 0; i < n; i++)
			ours(kbs[i], names[i], k);
#ifdef JCA_BENCH_MLKEM_NATIVE
		if (k == 3) {
			native("mlkem-native (portable C)", MLKN_C_kg, MLKN_C_en, MLKN_C_de);
			native("mlkem-native (AVX2)", MLKN_NATIVE_kg, MLKN_NATIVE_en, MLKN_NATIVE_de);
		}
#endif
	}
	return sink == 12345 ? 1 : 0;
}
