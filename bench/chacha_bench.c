/* SPDX-License-Identifier: Apache-2.0 */
/*
 * On-demand ChaCha20 and Poly1305 throughput, per backend of the algorithm
 * layer (src/algs/chacha.h), beside OpenSSL's EVP_chacha20, Poly1305 MAC
 * and ChaCha20-Poly1305 in the same run. Not part of make check.
 *
 *   make bench/chacha-bench && ./bench/chacha-bench
 *   JCA_CPU=generic OPENSSL_ia32cap='~0x12001A0200000000:0' ./bench/chacha-bench
 *
 * Each row is one message of the given size processed from a fresh
 * init (key setup included), repeated: the best of ten 20 ms runs; GB/s
 * is 10^9 bytes per second. "chacha+poly" is our two passes over the message (what a
 * non-stitched AEAD costs), next to OpenSSL's one-shot seal.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algs/chacha.h"
#include "algs/cpu.h"
#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/core_names.h>
#endif

static const size_t sizes[] = { 64, 1024, 16384, 1 << 20 };
#define NSIZES (sizeof sizes / sizeof sizes[0])
static uint8_t key[32], nonce[12], *buf;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);   /* CPU time: other processes on a shared machine do not count */
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* GB/s of fn over len bytes: the best of 10 runs of about 20 ms each
 * (the machine may be shared: the best run is the least disturbed) */
static double rate(void (*fn)(void *, size_t), void *arg, size_t len)
{
	size_t batch = len >= 65536 ? 1 : 65536 / len, i, iters, run;
	double best = 0;

	for (run = 0; run < 10; run++) {
		double t0 = now(), t, r;

		iters = 0;
		do {
			for (i = 0; i < batch; i++)
				fn(arg, len);
			iters += batch;
			t = now() - t0;
		} while (t < 0.02);
		r = (double)iters * len / t / 1e9;
		if (r > best)
			best = r;
	}
	return best;
}

static void run_chacha(void *arg, size_t len)
{
	jca__chacha20_blocks_fn *fn = (jca__chacha20_blocks_fn *)arg;
	jca__chacha20 c;

	jca__chacha20_init(&c, key, nonce, 1);
	fn(&c, buf, buf, len / 64);
}

static jca__poly1305_blocks_fn *poly_fn = jca__poly1305_blocks_generic;

static void run_poly(void *arg, size_t len)
{
	jca__poly1305 p;
	uint8_t tag[16];

	(void)arg;
	jca__poly1305_init_backend(&p, key, poly_fn);
	jca__poly1305_update(&p, buf, len);
	jca__poly1305_final(&p, tag);
	buf[0] ^= tag[0];
}

static void run_both(void *arg, size_t len)
{
	run_chacha(arg, len);
	run_poly(NULL, len);
}

#ifdef HAVE_OPENSSL
static EVP_CIPHER_CTX *ectx;
static EVP_MAC_CTX *mctx;

static void ossl_chacha(void *arg, size_t len)
{
	uint8_t iv[16] = { 1 };
	int n;

	(void)arg;
	memcpy(iv + 4, nonce, 12);
	EVP_EncryptInit_ex(ectx, EVP_chacha20(), NULL, key, iv);
	EVP_EncryptUpdate(ectx, buf, &n, buf, (int)len);
}

static void ossl_poly(void *arg, size_t len)
{
	uint8_t tag[16];
	size_t n;

	(void)arg;
	EVP_MAC_init(mctx, key, 32, NULL);
	EVP_MAC_update(mctx, buf, len);
	EVP_MAC_final(mctx, tag, &n, sizeof tag);
	buf[0] ^= tag[0];
}

static void ossl_aead(void *arg, size_t len)
{
	uint8_t tag[16];
	int n;

	(void)arg;
	EVP_EncryptInit_ex(ectx, EVP_chacha20_poly1305(), NULL, key, nonce);
	EVP_EncryptUpdate(ectx, buf, &n, buf, (int)len);
	EVP_EncryptFinal_ex(ectx, tag, &n);
	EVP_CIPHER_CTX_ctrl(ectx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
}
#endif

static void row(const char *name, void (*fn)(void *, size_t), void *arg, double *out)
{
	size_t i;

	printf("%-22s", name);
	for (i = 0; i < NSIZES; i++) {
		double r = rate(fn, arg, sizes[i]);

		if (out)
			out[i] = r;
		printf(" %9.3f", r);
	}
	printf("\n");
	fflush(stdout);
}

static void ratio(const char *name, const double *a, const double *b)
{
	size_t i;

	printf("%-22s", name);
	for (i = 0; i < NSIZES; i++)
		printf(" %8.2fx", a[i] / b[i]);
	printf("\n");
}

int main(void)
{
	static const struct {
		const char *name;
		jca__chacha20_blocks_fn *fn;
		uint32_t need;
	} be[] = {
		{ "generic", jca__chacha20_blocks_generic, 0 },
#if defined(__x86_64__) && defined(JCA_HAVE_X86_BACKENDS)
		{ "avx2", jca__chacha20_blocks_avx2, JCA__CPU_AVX2 },
		{ "avx512", jca__chacha20_blocks_avx512, JCA__CPU_AVX512 | JCA__CPU_AVX2 },
#endif
#if defined(__aarch64__) && defined(JCA_HAVE_ARM_BACKENDS)
		{ "neon", jca__chacha20_blocks_neon, JCA__CPU_ARM_ASIMD },
#endif
	};
	double best_chacha[NSIZES], best_both[NSIZES], poly[NSIZES];
	char name[64];
	size_t i, b, best = 0;

	buf = calloc(1, sizes[NSIZES - 1]);
	if (!buf)
		return 1;
	memset(key, 0x42, sizeof key);
	memset(nonce, 0x24, sizeof nonce);
	printf("JCA_CPU=%s OPENSSL_ia32cap=%s poly1305 limbs: %s\n", getenv("JCA_CPU") ? getenv("JCA_CPU") : "",
	       getenv("OPENSSL_ia32cap") ? getenv("OPENSSL_ia32cap") : "", JCA__POLY1305_LIMBS);
	printf("%-22s", "GB/s");
	for (i = 0; i < NSIZES; i++)
		printf(" %9zu", sizes[i]);
	printf("\n");
	for (b = 0; b < sizeof be / sizeof be[0]; b++) {
		if ((jca__cpu_features() & be[b].need) != be[b].need) {
			printf("%-22s unavailable\n", be[b].name);
			continue;
		}
		snprintf(name, sizeof name, "chacha20 %s", be[b].name);
		row(name, run_chacha, (void *)be[b].fn, best_chacha);
		best = b;
	}
	row("poly1305 generic", run_poly, NULL, poly);
#if defined(__x86_64__) && defined(JCA_HAVE_X86_BACKENDS)
	if (jca__cpu_features() & JCA__CPU_AVX2) {
		poly_fn = jca__poly1305_blocks_avx2;
		row("poly1305 avx2", run_poly, NULL, poly);
	}
	if (jca__cpu_features() & JCA__CPU_AVX512) {
		poly_fn = jca__poly1305_blocks_avx512;
		row("poly1305 avx512", run_poly, NULL, poly);
	}
	if ((jca__cpu_features() & JCA__CPU_AVX512IFMA) && (jca__cpu_features() & JCA__CPU_AVX512)) {
		poly_fn = jca__poly1305_blocks_ifma;
		row("poly1305 ifma", run_poly, NULL, poly);
	}
#endif
	snprintf(name, sizeof name, "chacha+poly %s", be[best].name);
	row(name, run_both, (void *)be[best].fn, best_both);
#ifdef HAVE_OPENSSL
	{
		double o_chacha[NSIZES], o_poly[NSIZES], o_aead[NSIZES];
		EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);

		ectx = EVP_CIPHER_CTX_new();
		mctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
		if (!ectx || !mctx)
			return 1;
		row("openssl chacha20", ossl_chacha, NULL, o_chacha);
		row("openssl poly1305", ossl_poly, NULL, o_poly);
		row("openssl chacha20-poly", ossl_aead, NULL, o_aead);
		printf("ratios (ours / openssl, %s backend):\n", be[best].name);
		ratio("chacha20", best_chacha, o_chacha);
		ratio("poly1305", poly, o_poly);
		ratio("chacha+poly vs aead", best_both, o_aead);
		EVP_MAC_CTX_free(mctx);
		EVP_MAC_free(mac);
		EVP_CIPHER_CTX_free(ectx);
	}
#endif
	free(buf);
	return 0;
}
