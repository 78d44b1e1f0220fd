/* SPDX-License-Identifier: Apache-2.0 */
/*
 * X25519 and Ed25519 of the algorithm layer against OpenSSL 3's EVP, in the
 * same process, each row right after the other: ops/s and the ratio
 * (ours / OpenSSL, above 1 is faster). Every backend this CPU has is
 * measured; the "default" rows are what jca__c25519_best() picks.
 *
 *   make bench-curve25519 && ./bench/curve25519-bench [seconds per row, default 0.5]
 *
 * Rows: Ed25519 key generation from a seed (OpenSSL: the raw private key
 * import, which derives the public key), signing a 64-byte message,
 * verifying it; X25519 key generation (private -> public) and derivation
 * (the shared secret). Each figure is the best of three runs (a busy
 * machine only ever slows a run down).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>

#include "algs/curve25519.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double seconds = 0.5;
static volatile int sink;

/* ops/s of fn(arg), best of three runs of about `seconds` / 3 each */
static double measure(int (*fn)(void *), void *arg)
{
	double best = 0;
	long n = 1;
	int run;

	/* calibrate: double n until a batch takes 10 ms */
	for (;;) {
		double t0 = now();
		long i;

		for (i = 0; i < n; i++)
			sink += fn(arg);
		if (now() - t0 > 0.01)
			break;
		n *= 2;
	}
	for (run = 0; run < 3; run++) {
		double t0 = now(), t;
		long i, total = 0;

		do {
			for (i = 0; i < n; i++)
				sink += fn(arg);
			total += n;
			t = now() - t0;
		} while (t < seconds / 3);
		if (total / t > best)
			best = total / t;
	}
	return best;
}

static uint8_t seed[32], pub[32], msg[64], sig[64], xpriv[32], xpeer[32];
static const jca__c25519_impl *impl;

static int our_ed_keygen(void *a) { (void)a; jca__ed25519_public_with(impl, pub, seed); return pub[0]; }
static int our_ed_sign(void *a) { (void)a; jca__ed25519_sign_with(impl, sig, msg, 64, seed, pub); return sig[0]; }
static int our_ed_verify(void *a) { (void)a; return jca__ed25519_verify_with(impl, sig, msg, 64, pub); }
static int our_x_keygen(void *a) { uint8_t o[32]; (void)a; jca__x25519_public_with(impl, o, xpriv); return o[0]; }
static int our_x_derive(void *a) { uint8_t o[32]; (void)a; return jca__x25519_with(impl, o, xpriv, xpeer) + o[0]; }

static EVP_PKEY *ossl_ed, *ossl_x, *ossl_xpeer;
static EVP_MD_CTX *ossl_sctx, *ossl_vctx;
static EVP_PKEY_CTX *ossl_dctx;
static uint8_t ossl_sig[64];

static int ossl_ed_keygen(void *a)
{
	EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);

	(void)a;
	EVP_PKEY_free(k);
	return k != NULL;
}

static int ossl_ed_sign(void *a)
{
	size_t n = 64;

	(void)a;
	return EVP_DigestSign(ossl_sctx, ossl_sig, &n, msg, 64);
}

static int ossl_ed_verify(void *a)
{
	(void)a;
	return EVP_DigestVerify(ossl_vctx, ossl_sig, 64, msg, 64);
}

static int ossl_x_keygen(void *a)
{
	EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, xpriv, 32);

	(void)a;
	EVP_PKEY_free(k);
	return k != NULL;
}

static int ossl_x_derive(void *a)
{
	uint8_t o[32];
	size_t n = 32;

	(void)a;
	return EVP_PKEY_derive(ossl_dctx, o, &n) + o[0];
}

static void setup_openssl(void)
{
	size_t n = 64;

	ossl_ed = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
	ossl_x = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, xpriv, 32);
	ossl_xpeer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, xpeer, 32);
	ossl_sctx = EVP_MD_CTX_new();
	ossl_vctx = EVP_MD_CTX_new();
	if (!ossl_ed || !ossl_x || !ossl_xpeer || !ossl_sctx || !ossl_vctx ||
	    EVP_DigestSignInit(ossl_sctx, NULL, NULL, NULL, ossl_ed) != 1 ||
	    EVP_DigestVerifyInit(ossl_vctx, NULL, NULL, NULL, ossl_ed) != 1 ||
	    EVP_DigestSign(ossl_sctx, ossl_sig, &n, msg, 64) != 1) {
		fprintf(stderr, "OpenSSL setup failed\n");
		exit(1);
	}
	ossl_dctx = EVP_PKEY_CTX_new(ossl_x, NULL);
	if (!ossl_dctx || EVP_PKEY_derive_init(ossl_dctx) != 1 || EVP_PKEY_derive_set_peer(ossl_dctx, ossl_xpeer) != 1) {
		fprintf(stderr, "OpenSSL X25519 setup failed\n");
		exit(1);
	}
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*ours)(void *);
		int (*theirs)(void *);
	} rows[] = {
		{ "Ed25519 keygen", our_ed_keygen, ossl_ed_keygen },
		{ "Ed25519 sign (64 B)", our_ed_sign, ossl_ed_sign },
		{ "Ed25519 verify (64 B)", our_ed_verify, ossl_ed_verify },
		{ "X25519 keygen", our_x_keygen, ossl_x_keygen },
		{ "X25519 derive", our_x_derive, ossl_x_derive },
	};
	const jca__c25519_impl *impls[3];
	int nimpls = 0, i, r;

	if (argc > 1)
		seconds = atof(argv[1]);
	for (i = 0; i < 32; i++) {
		seed[i] = (uint8_t)(i * 7 + 1);
		xpriv[i] = (uint8_t)(i * 13 + 5);
	}
	for (i = 0; i < 64; i++)
		msg[i] = (uint8_t)i;
	jca__ed25519_public(pub, seed);
	jca__x25519_public(xpeer, seed);
	jca__ed25519_sign(sig, msg, 64, seed, pub);
	setup_openssl();
	if (memcmp(sig, ossl_sig, 64) != 0) {
		fprintf(stderr, "signatures differ from OpenSSL's\n");
		return 1;
	}
	impls[nimpls++] = &jca__c25519_generic;
#if defined(JCA_HAVE_X86_BACKENDS)
	if (jca__c25519_mulx_usable())
		impls[nimpls++] = &jca__c25519_mulx;
	else
		printf("mulx: UNAVAILABLE on this CPU (or JCA_CPU)\n");
#endif
	printf("%-24s %-8s %12s %12s %7s\n", "operation", "backend", "libjca op/s", "OpenSSL op/s", "ratio");
	for (r = 0; r < (int)(sizeof rows / sizeof rows[0]); r++) {
		for (i = 0; i < nimpls; i++) {
			double ours, theirs;

			impl = impls[i];
			ours = measure(rows[r].ours, NULL);
			theirs = measure(rows[r].theirs, NULL);
			printf("%-24s %-8s %12.0f %12.0f %7.2f%s\n", rows[r].name, impl->name, ours, theirs,
			       ours / theirs, impl == jca__c25519_best() ? "  (default)" : "");
			fflush(stdout);
		}
	}
	EVP_PKEY_CTX_free(ossl_dctx);
	EVP_MD_CTX_free(ossl_sctx);
	EVP_MD_CTX_free(ossl_vctx);
	EVP_PKEY_free(ossl_ed);
	EVP_PKEY_free(ossl_x);
	EVP_PKEY_free(ossl_xpeer);
	return 0;
}
