/* SPDX-License-Identifier: Apache-2.0 */
/*
 * X25519 and Ed25519 of the algorithm layer (src/algs/curve25519.h),
 * compiled straight from the algorithm sources, on every backend this
 * machine has (the portable one always; MULX/ADX when the CPU and JCA_CPU
 * allow, else it prints that it is unavailable):
 *  - RFC 7748 5.2 and 6.1, the iterated test (1 and 1,000 iterations; the
 *    1,000,000 one with JCA_SLOW=1), small-order points giving -1;
 *  - RFC 8032 7.1 (TEST 1, 2, 3, 1024, SHA(abc));
 *  - tests/kat/curve25519.txt (python3 cryptography, gen_curve25519_kat.py);
 *  - refusals: S >= L, non-canonical R and A, A off the curve, any flipped
 *    bit of signature, message or key;
 *  - the backends agree on random inputs.
 * tests/tiers.sh runs it again under JCA_CPU=generic and the other tiers,
 * which moves the default (jca__c25519_best) to the portable backend.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algs/curve25519.h"
#include "algs/cpu.h"
#include "util/bytes.h"

static const jca__c25519_impl *impls[2];
static int nimpls;

static void setup_impls(void)
{
	nimpls = 0;
	impls[nimpls++] = &jca__c25519_generic;
#if defined(JCA_HAVE_X86_BACKENDS)
	if (jca__c25519_mulx_usable())
		impls[nimpls++] = &jca__c25519_mulx;
	else
		printf("curve25519: mulx UNAVAILABLE here (BMI2+ADX, JCA_CPU=%s): not tested\n",
		       getenv("JCA_CPU") ? getenv("JCA_CPU") : "");
#else
	printf("curve25519: mulx not built: not tested\n");
#endif
}

static int unhex(uint8_t *out, size_t max, const char *hex)
{
	size_t n = strlen(hex), i;

	if (strcmp(hex, "-") == 0)
		return 0;
	if (n % 2 || n / 2 > max)
		return -1;
	for (i = 0; i < n / 2; i++) {
		unsigned v;

		if (sscanf(hex + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (uint8_t)v;
	}
	return (int)(n / 2);
}

static void unhex32(uint8_t out[32], const char *hex)
{
	ck_assert_int_eq(unhex(out, 32, hex), 32);
}

/* A tiny deterministic generator: the tests are reproducible. */
static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static void rnd(uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		rng_state ^= rng_state << 13;
		rng_state ^= rng_state >> 7;
		rng_state ^= rng_state << 17;
		p[i] = (uint8_t)(rng_state >> 24);
	}
}

/* ---- the known-answer file ---- */
START_TEST(test_kat)
{
	FILE *f = fopen(JCA_TOP_SRCDIR "/tests/kat/curve25519.txt", "r");
	static char line[12000];
	static uint8_t msg[4096];
	int counts[4] = { 0 }, b;

	ck_assert_msg(f != NULL, "tests/kat/curve25519.txt missing");
	while (fgets(line, sizeof line, f)) {
		char *tok[6] = { 0 }, *save = NULL, *t;
		int n = 0;

		if (line[0] == '#')
			continue;
		for (t = strtok_r(line, " \n", &save); t && n < 6; t = strtok_r(NULL, " \n", &save))
			tok[n++] = t;
		for (b = 0; b < nimpls; b++) {
			const jca__c25519_impl *im = impls[b];
			uint8_t k[32], u[32], want[32], got[32], pub[32], sig[64], wsig[64];

			if (strcmp(tok[0], "x25519") == 0 && n == 5) {
				unhex32(k, tok[2]);
				unhex32(u, tok[3]);
				unhex32(want, tok[4]);
				ck_assert_int_eq(jca__x25519_with(im, got, k, u), 0);
				ck_assert_msg(memcmp(got, want, 32) == 0, "%s: %s", im->name, tok[1]);
				counts[0]++;
			} else if (strcmp(tok[0], "x25519pub") == 0 && n == 4) {
				unhex32(k, tok[2]);
				unhex32(want, tok[3]);
				jca__x25519_public_with(im, got, k);
				ck_assert_msg(memcmp(got, want, 32) == 0, "%s: %s", im->name, tok[1]);
				/* the ladder on u = 9 agrees with the Edwards table */
				memset(u, 0, 32);
				u[0] = 9;
				ck_assert_int_eq(jca__x25519_with(im, got, k, u), 0);
				ck_assert_msg(memcmp(got, want, 32) == 0, "%s: %s (ladder)", im->name, tok[1]);
				counts[1]++;
			} else if (strcmp(tok[0], "x25519low") == 0 && n == 3) {
				unhex32(u, tok[2]);
				rnd(k, 32);
				ck_assert_msg(jca__x25519_with(im, got, k, u) == -1, "%s: %s", im->name, tok[1]);
				memset(want, 0, 32);
				ck_assert(memcmp(got, want, 32) == 0);
				counts[2]++;
			} else if (strcmp(tok[0], "ed25519") == 0 && n == 6) {
				int ml = unhex(msg, sizeof msg, tok[4]);

				ck_assert_int_ge(ml, 0);
				unhex32(k, tok[2]);
				unhex32(want, tok[3]);
				ck_assert_int_eq(unhex(wsig, 64, tok[5]), 64);
				jca__ed25519_public_with(im, pub, k);
				ck_assert_msg(memcmp(pub, want, 32) == 0, "%s: %s public", im->name, tok[1]);
				jca__ed25519_sign_with(im, sig, ml ? msg : NULL, (size_t)ml, k, pub);
				ck_assert_msg(memcmp(sig, wsig, 64) == 0, "%s: %s signature", im->name, tok[1]);
				ck_assert_msg(jca__ed25519_verify_with(im, sig, msg, (size_t)ml, pub) == 0, "%s: %s verify",
				              im->name, tok[1]);
				ck_assert_int_eq(im->ed_check(pub), 0);
				counts[3]++;
			} else {
				ck_abort_msg("bad line in curve25519.txt: %s", tok[0] ? tok[0] : "(empty)");
			}
		}
	}
	fclose(f);
	ck_assert_int_eq(counts[0], nimpls * 68);
	ck_assert_int_eq(counts[1], nimpls * 130);
	ck_assert_int_eq(counts[2], nimpls * 7);
	ck_assert_int_eq(counts[3], nimpls * 69);
}
END_TEST

/* RFC 7748 5.2: k = u = 9, then k, u = X25519(k, u), k */
START_TEST(test_iterated)
{
	static const char *const want1 = "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079";
	static const char *const want1000 = "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51";
	static const char *const want1m = "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424";
	const jca__c25519_impl *im = impls[_i];
	int slow = getenv("JCA_SLOW") && strcmp(getenv("JCA_SLOW"), "1") == 0;
	long n, last = slow ? 1000000 : 1000;
	uint8_t k[32] = { 9 }, u[32] = { 9 }, r[32], w[32];

	if (_i >= nimpls)
		return;
	for (n = 1; n <= last; n++) {
		jca__x25519_with(im, r, k, u);
		memcpy(u, k, 32);
		memcpy(k, r, 32);
		if (n == 1 || n == 1000 || n == 1000000) {
			unhex32(w, n == 1 ? want1 : n == 1000 ? want1000 : want1m);
			ck_assert_msg(memcmp(k, w, 32) == 0, "%s: iteration %ld", im->name, n);
		}
	}
	if (!slow)
		printf("curve25519: %s: the 1,000,000-iteration test needs JCA_SLOW=1\n", im->name);
}
END_TEST

/* ---- refusals ---- */

static const uint8_t L_bytes[32] = {
	0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
};

/* a + b, 32 bytes little-endian, carry out ignored */
static void add32(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])
{
	unsigned c = 0;
	int i;

	for (i = 0; i < 32; i++) {
		c += (unsigned)a[i] + b[i];
		r[i] = (uint8_t)c;
		c >>= 8;
	}
}

START_TEST(test_refusals)
{
	const jca__c25519_impl *im = impls[_i];
	uint8_t seed[32], pub[32], sig[64], bad[64], p2[32], msg[40], m2[40];
	uint8_t ident[32] = { 1 }, ident_nc[32], y0_nc[32], y0[32] = { 0 }, offcurve[32] = { 2 };
	size_t i;

	if (_i >= nimpls)
		return;
	rnd(seed, 32);
	rnd(msg, sizeof msg);
	jca__ed25519_public_with(im, pub, seed);
	jca__ed25519_sign_with(im, sig, msg, sizeof msg, seed, pub);
	ck_assert_int_eq(jca__ed25519_verify_with(im, sig, msg, sizeof msg, pub), 0);

	/* S + L and S = L (and the largest 256-bit S) */
	memcpy(bad, sig, 64);
	add32(bad + 32, sig + 32, L_bytes);
	ck_assert_int_eq(jca__ed25519_verify_with(im, bad, msg, sizeof msg, pub), -1);
	memcpy(bad + 32, L_bytes, 32);
	ck_assert_int_eq(jca__ed25519_verify_with(im, bad, msg, sizeof msg, pub), -1);
	memset(bad + 32, 0xff, 32);
	ck_assert_int_eq(jca__ed25519_verify_with(im, bad, msg, sizeof msg, pub), -1);

	/* every flipped bit of the signature, the message and the key */
	for (i = 0; i < 512; i++) {
		memcpy(bad, sig, 64);
		bad[i / 8] ^= (uint8_t)(1 << (i % 8));
		ck_assert_msg(jca__ed25519_verify_with(im, bad, msg, sizeof msg, pub) == -1, "sig bit %zu", i);
	}
	for (i = 0; i < 8 * sizeof msg; i++) {
		memcpy(m2, msg, sizeof msg);
		m2[i / 8] ^= (uint8_t)(1 << (i % 8));
		ck_assert_msg(jca__ed25519_verify_with(im, sig, m2, sizeof msg, pub) == -1, "msg bit %zu", i);
	}
	for (i = 0; i < 256; i++) {
		memcpy(p2, pub, 32);
		p2[i / 8] ^= (uint8_t)(1 << (i % 8));
		ck_assert_msg(jca__ed25519_verify_with(im, sig, msg, sizeof msg, p2) == -1, "key bit %zu", i);
	}
	ck_assert_int_eq(jca__ed25519_verify_with(im, sig, msg, sizeof msg - 1, pub), -1);

	/* With A the identity (canonical: y = 1), [k]A vanishes: R = [S]B
	 * verifies for any message (a small-order key is not refused, as in
	 * OpenSSL). The same point written y = p + 1 must be refused. */
	memset(ident_nc, 0xff, 32);
	ident_nc[0] = 0xee;
	ident_nc[31] = 0x7f;
	ck_assert_int_eq(im->ed_check(ident), 0);
	ck_assert_int_eq(im->ed_check(ident_nc), -1);
	rnd(bad + 32, 32);
	bad[63] &= 0x0f;                /* S < 2^252 < L */
	im->ed_base(bad, bad + 32);
	ck_assert_int_eq(jca__ed25519_verify_with(im, bad, msg, sizeof msg, ident), 0);
	ck_assert_int_eq(jca__ed25519_verify_with(im, bad, msg, sizeof msg, ident_nc), -1);
	/* R the identity too (S = 0): canonical passes, y = p + 1 refused */
	memset(bad, 0, 64);
	bad[0] = 1;
	ck_assert_int_eq(jca__ed25519_verify_with(im, bad, msg, sizeof msg, ident), 0);
	memcpy(bad, ident_nc, 32);
	ck_assert_int_eq(jca__ed25519_verify_with(im, bad, msg, sizeof msg, ident), -1);
	/* y = 0 (a point of order 4) and its y = p twin; the sign bit on x = 0 */
	memset(y0_nc, 0xff, 32);
	y0_nc[0] = 0xed;
	y0_nc[31] = 0x7f;
	ck_assert_int_eq(im->ed_check(y0), 0);
	ck_assert_int_eq(im->ed_check(y0_nc), -1);
	ident[31] |= 0x80;              /* x = 0 with the sign bit set */
	ck_assert_int_eq(im->ed_check(ident), -1);
	ck_assert_int_eq(jca__ed25519_verify_with(im, sig, msg, sizeof msg, ident), -1);
	/* y = 2 is on no point of the curve */
	ck_assert_int_eq(im->ed_check(offcurve), -1);
	ck_assert_int_eq(jca__ed25519_verify_with(im, sig, msg, sizeof msg, offcurve), -1);
	/* every y >= p (all 19 of them, both signs) */
	for (i = 0; i < 38; i++) {
		memset(p2, 0xff, 32);
		p2[0] = (uint8_t)(0xed + i / 2);
		p2[31] = (uint8_t)(0x7f | ((i & 1) << 7));
		ck_assert_int_eq(im->ed_check(p2), -1);
		memcpy(bad, sig, 64);
		memcpy(bad, p2, 32);
		ck_assert_int_eq(jca__ed25519_verify_with(im, bad, msg, sizeof msg, pub), -1);
	}
}
END_TEST

/* ---- field operations on edge values (tests/fe25519_ops.c) ---- */
int fe25519_ops_generic(uint8_t out[32], int op, const uint8_t a8[32], const uint8_t b8[32]);
#if defined(JCA_HAVE_X86_BACKENDS)
int fe25519_ops_mulx(uint8_t out[32], int op, const uint8_t a8[32], const uint8_t b8[32]);
#endif

/* 256-bit values whose limbs sit at the carry boundaries: 0, 1, 19, 38,
 * 2^63, 2^64 - 1, 2^64 - 19, 2^64 - 38, p's limbs, and random ones */
static void edge_value(uint8_t v[32], unsigned pick)
{
	static const uint64_t limbs[] = { 0, 1, 19, 38, 1ull << 63, ~0ull, ~0ull - 18, ~0ull - 37,
	                                  0xffffffffffffffedull, 0x7fffffffffffffffull, 0x8000000000000000ull };
	int i;

	for (i = 0; i < 4; i++) {
		unsigned c = pick % 13;
		uint64_t w;

		pick /= 13;
		if (c < 11) {
			w = limbs[c];
		} else {
			uint8_t r8[8];

			rnd(r8, 8);
			memcpy(&w, r8, 8);
		}
		jca__store_le64(v + 8 * i, w);
	}
}

START_TEST(test_field_edges)
{
#if defined(JCA_HAVE_X86_BACKENDS)
	uint8_t a[32], b[32], r0[32], r1[32];
	unsigned i, j;
	int op;

	if (!jca__c25519_mulx_usable()) {
		printf("curve25519: mulx UNAVAILABLE: field edge test not run\n");
		return;
	}
	for (i = 0; i < 13 * 13 * 13 * 13; i += 7) {
		edge_value(a, i);
		for (j = 0; j < 40; j++) {
			/* b = a, b = 2^256 - 1, then spread over the edge values */
			if (j == 0)
				memcpy(b, a, 32);
			else if (j == 1)
				memset(b, 0xff, 32);
			else
				edge_value(b, (i * 31 + j * 2861) % (13 * 13 * 13 * 13));
			for (op = 0; op < 8; op++) {
				if (j > 0 && op != 0 && op != 2 && op != 3)
					continue;       /* unary: once per a */
				fe25519_ops_generic(r0, op, a, b);
				fe25519_ops_mulx(r1, op, a, b);
				ck_assert_msg(memcmp(r0, r1, 32) == 0, "field op %d differs (a %u, b %u)", op, i, j);
			}
		}
	}
#else
	printf("curve25519: mulx not built: field edge test not run\n");
#endif
}
END_TEST

/* ---- the backends agree ---- */
START_TEST(test_backends_agree)
{
	uint8_t k[32], u[32], r0[32], r1[32], s0[64], s1[64], seed[32], pub[32], msg[100];
	int i, a, b;

	if (nimpls < 2) {
		printf("curve25519: one backend only: nothing to compare\n");
		return;
	}
	for (i = 0; i < 200; i++) {
		rnd(k, 32);
		rnd(u, 32);
		a = jca__x25519_with(impls[0], r0, k, u);
		b = jca__x25519_with(impls[1], r1, k, u);
		ck_assert_int_eq(a, b);
		ck_assert(memcmp(r0, r1, 32) == 0);
		jca__x25519_public_with(impls[0], r0, k);
		jca__x25519_public_with(impls[1], r1, k);
		ck_assert(memcmp(r0, r1, 32) == 0);
		rnd(seed, 32);
		rnd(msg, sizeof msg);
		jca__ed25519_public_with(impls[0], pub, seed);
		jca__ed25519_public_with(impls[1], r1, seed);
		ck_assert(memcmp(pub, r1, 32) == 0);
		jca__ed25519_sign_with(impls[0], s0, msg, (size_t)i % 100, seed, pub);
		jca__ed25519_sign_with(impls[1], s1, msg, (size_t)i % 100, seed, pub);
		ck_assert(memcmp(s0, s1, 64) == 0);
		ck_assert_int_eq(jca__ed25519_verify_with(impls[1], s0, msg, (size_t)i % 100, pub), 0);
		/* random keys: about half are not points; both must say the same */
		ck_assert_int_eq(impls[0]->ed_check(u), impls[1]->ed_check(u));
		ck_assert_int_eq(jca__ed25519_verify_with(impls[0], s0, msg, (size_t)i % 100, u),
		                 jca__ed25519_verify_with(impls[1], s0, msg, (size_t)i % 100, u));
		/* double scalar multiplication on random scalars below 2^253 */
		rnd(s0, 64);
		s0[31] &= 0x1f;
		s0[63] &= 0x1f;
		a = impls[0]->ed_dsm(r0, s0, s0 + 32, pub);
		b = impls[1]->ed_dsm(r1, s0, s0 + 32, pub);
		ck_assert_int_eq(a, 0);
		ck_assert_int_eq(b, 0);
		ck_assert(memcmp(r0, r1, 32) == 0);
	}
}
END_TEST

/* The default entry points use the best backend, and JCA_CPU moves it. */
START_TEST(test_default)
{
	const jca__c25519_impl *best = jca__c25519_best();
	const char *cpu = getenv("JCA_CPU");
	uint8_t k[32], u[32], r0[32], r1[32], seed[32], pub[32], sig[64];

	printf("curve25519: default backend %s (JCA_CPU=%s)\n", best->name, cpu ? cpu : "");
	if (cpu && (strcmp(cpu, "generic") == 0 || strstr(cpu, "-adx") || strstr(cpu, "-bmi2")))
		ck_assert_str_eq(best->name, "generic");
	ck_assert(best == impls[nimpls - 1]);
	rnd(k, 32);
	rnd(u, 32);
	ck_assert_int_eq(jca__x25519(r0, k, u), jca__x25519_with(&jca__c25519_generic, r1, k, u));
	ck_assert(memcmp(r0, r1, 32) == 0);
	jca__x25519_public(r0, k);
	jca__x25519_public_with(&jca__c25519_generic, r1, k);
	ck_assert(memcmp(r0, r1, 32) == 0);
	rnd(seed, 32);
	jca__ed25519_public(pub, seed);
	jca__ed25519_sign(sig, u, 32, seed, pub);
	ck_assert_int_eq(jca__ed25519_verify(sig, u, 32, pub), 0);
	ck_assert_int_eq(jca__ed25519_check_public(pub), 0);
	sig[0] ^= 1;
	ck_assert_int_eq(jca__ed25519_verify(sig, u, 32, pub), -1);
	/* an empty message, given as NULL */
	jca__ed25519_sign(sig, NULL, 0, seed, pub);
	ck_assert_int_eq(jca__ed25519_verify(sig, NULL, 0, pub), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Curve25519");
	TCase *tc = tcase_create("curve25519");
	SRunner *sr;
	int failed;

	setup_impls();
	tcase_set_timeout(tc, 3600);
	tcase_add_test(tc, test_kat);
	tcase_add_loop_test(tc, test_iterated, 0, 2);
	tcase_add_loop_test(tc, test_refusals, 0, 2);
	tcase_add_test(tc, test_backends_agree);
	tcase_add_test(tc, test_field_edges);
	tcase_add_test(tc, test_default);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
