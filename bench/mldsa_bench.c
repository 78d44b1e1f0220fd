/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA of the algorithm layer (src/algs/mldsa.h), on every Keccak backend
 * this CPU has: microseconds per key generation (from a seed), per
 * signature and per verification, ML-DSA-44/65/87. Signing follows the
 * C2SP CCTV benchmark (../shared/vectors/pqc/ML-DSA/benchmark/): every
 * message of ML-DSA-<level>.json signed deterministically with an empty
 * context under the key of the all-zero seed, the total divided by their
 * number (the set has a representative count of rejections); mu is
 * computed from the message each time. Verification: the same signatures.
 * Each figure is the best of three runs, in the thread's CPU time (on a
 * shared machine wall time counts the other processes' slices).
 *
 *   make bench/mldsa-bench && python3 bench/mldsa_bench.py
 *
 * runs it and OpenSSL (python3 cryptography) in the same run and prints
 * the table; alone: ./bench/mldsa-bench [seconds per row, default 1], one
 * line "mldsa <backend> <level> <op> <microseconds>" per figure.
 */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algs/cpu.h"
#include "algs/mldsa.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double seconds = 1.0;

#define MAXMSG 256
static char *msgs[MAXMSG];
static size_t nmsg;
static uint8_t pk[JCA__MLDSA_PK_MAX], sk[JCA__MLDSA_SK_MAX];
static uint8_t sigs[MAXMSG][JCA__MLDSA_SIG_MAX];
static const jca__keccak_backend *kb;
static unsigned level;

/* The strings of a JSON array of plain ASCII strings. */
static int load(const char *path)
{
	FILE *f = fopen(path, "rb");
	static char text[65536];
	size_t n;
	char *p;

	if (!f)
		return -1;
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = 0;
	nmsg = 0;
	for (p = text; (p = strchr(p, '"')) != NULL && nmsg < MAXMSG;) {
		char *e = strchr(p + 1, '"');

		if (!e)
			break;
		*e = 0;
		msgs[nmsg++] = p + 1;
		p = e + 1;
	}
	return nmsg ? 0 : -1;
}

static void mu_of(uint8_t mu[64], const char *m)
{
	jca__keccak_ctx c;
	uint8_t tr[64];

	jca__mldsa_tr(kb, tr, pk, jca__mldsa_pk_len(level));
	jca__mldsa_mu_start(kb, &c, tr, NULL, 0);
	jca__keccak_update(&c, m, strlen(m));
	jca__keccak_final(&c, mu, 64);
}

static void op_keygen(void)
{
	static const uint8_t seed[32];

	jca__mldsa_keygen(kb, level, pk, sk, seed);
}

static void op_sign_all(void)
{
	static const uint8_t zero[32];
	uint8_t mu[64];

	for (size_t i = 0; i < nmsg; i++) {
		mu_of(mu, msgs[i]);
		jca__mldsa_sign_mu(kb, level, sigs[i], sk, mu, zero);
	}
}

static int failed;
static void op_verify_all(void)
{
	uint8_t mu[64];

	for (size_t i = 0; i < nmsg; i++) {
		mu_of(mu, msgs[i]);
		failed |= jca__mldsa_verify_mu(kb, level, sigs[i], jca__mldsa_sig_len(level), pk, mu);
	}
}

/* seconds per call of fn, best of three runs of about `seconds` / 3 */
static double measure(void (*fn)(void))
{
	double best = 1e9;

	fn();
	for (int run = 0; run < 3; run++) {
		double t0 = now(), t;
		long n = 0;

		do {
			fn();
			n++;
			t = now() - t0;
		} while (t < seconds / 3);
		if (t / (double)n < best)
			best = t / (double)n;
	}
	return best;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		const jca__keccak_backend *kb;
		uint32_t need;
	} kbs[] = {
		{ "generic", &jca__keccak_generic, 0 },
#if defined(__x86_64__) && defined(JCA_HAVE_X86_BACKENDS)
		{ "avx2", &jca__keccak_avx2, JCA__CPU_AVX2 },
		{ "avx512", &jca__keccak_avx512, JCA__CPU_AVX512 },
#endif
	};
	static const unsigned levels[3] = { 44, 65, 87 };
	const char *env = getenv("JCA_VECTORS");
	char path[4096];

	if (argc > 1)
		seconds = atof(argv[1]);
	for (size_t b = 0; b < sizeof kbs / sizeof kbs[0]; b++) {
		if ((jca__cpu_features() & kbs[b].need) != kbs[b].need) {
			printf("# keccak backend %s: not on this CPU\n", kbs[b].name);
			continue;
		}
		kb = kbs[b].kb;
		for (int li = 0; li < 3; li++) {
			level = levels[li];
			snprintf(path, sizeof path, "%s/pqc/ML-DSA/benchmark/ML-DSA-%u.json",
			         env && *env ? env : JCA_TOP_SRCDIR "/../shared/vectors", level);
			if (load(path) != 0) {
				fprintf(stderr, "mldsa-bench: cannot read %s (set JCA_VECTORS)\n", path);
				return 77;
			}
			printf("mldsa %s %u keygen %.2f\n", kbs[b].name, level, 1e6 * measure(op_keygen));
			op_keygen();
			printf("mldsa %s %u sign %.2f\n", kbs[b].name, level, 1e6 * measure(op_sign_all) / (double)nmsg);
			printf("mldsa %s %u verify %.2f\n", kbs[b].name, level,
			       1e6 * measure(op_verify_all) / (double)nmsg);
			fflush(stdout);
			if (failed) {
				fprintf(stderr, "mldsa-bench: a signature did not verify\n");
				return 1;
			}
		}
	}
	return 0;
}
