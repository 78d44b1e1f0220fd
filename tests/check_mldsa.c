/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA (FIPS 204) of the algorithm layer (src/algs/mldsa.h), compiled
 * straight from the algorithm sources, on every Keccak backend this CPU
 * can run (the others printed as UNAVAILABLE):
 *  - the rounding functions against their definitions by division, for
 *    every r in [0, q); the NTT product against schoolbook multiplication
 *    in Z_q[X]/(X^256 + 1);
 *  - known answers from python3-cryptography (tests/mldsa_kat.py,
 *    mldsa_kat.h): the public key of a seed, and its signatures with and
 *    without a context string verified (and refused with another context
 *    or message);
 *  - sign and verify round trips (hedged and deterministic, mu streamed in
 *    pieces), flipped bits in every part of the signature, malformed hints,
 *    wrong lengths and levels refused; pk_from_sk against keygen's pk and
 *    corrupted private keys refused;
 *  - the C2SP CCTV vectors (test case "vectors", run by tests/vectors.sh,
 *    SKIP when ../shared/vectors is absent): the accumulated keygen +
 *    deterministic signing tests for the three levels (each signature
 *    verified, and refused with one bit flipped), 100 iterations on
 *    every backend and 10,000 on the portable one with JCA_SLOW=1, and the
 *    accumulated field-operation test, each against the digest its README
 *    gives (read at run time).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algs/cpu.h"
#include "algs/mldsa.h"
#include "algs/mldsa_impl.h"
#include "mldsa_kat.h"

#define Q JCA__MLDSA_Q

static const struct kb {
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
#define NKB (sizeof kbs / sizeof kbs[0])
static const unsigned levels[3] = { 44, 65, 87 };

static int usable(const struct kb *b)
{
	return (jca__cpu_features() & b->need) == b->need;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void fill(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rnd64();
}

static int nibble(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* exactly n bytes of lower-case hex */
static void unhex(uint8_t *out, size_t n, const char *hex)
{
	ck_assert_uint_eq(strlen(hex), 2 * n);
	for (size_t i = 0; i < n; i++) {
		int h = nibble(hex[2 * i]), l = nibble(hex[2 * i + 1]);

		ck_assert_msg(h >= 0 && l >= 0, "bad hex at %zu", 2 * i);
		out[i] = (uint8_t)(h << 4 | l);
	}
}

static void mu_of(const jca__keccak_backend *kb, uint8_t mu[64], const uint8_t *pk, size_t pk_len,
                  const void *ctx, size_t ctx_len, const void *msg, size_t msg_len)
{
	jca__keccak_ctx c;
	uint8_t tr[64];

	jca__mldsa_tr(kb, tr, pk, pk_len);
	ck_assert_int_eq(jca__mldsa_mu_start(kb, &c, tr, ctx, ctx_len), 0);
	jca__keccak_update(&c, msg, msg_len);
	jca__keccak_final(&c, mu, 64);
}

/* ---- rounding and the NTT -------------------------------------------- */
static int32_t cmod(int64_t a, int64_t m)        /* a mod+- m, in (-m/2, m/2] */
{
	int64_t r = ((a % m) + m) % m;

	return (int32_t)(r > m / 2 ? r - m : r);
}

START_TEST(test_rounding)
{
	for (int g = 0; g < 2; g++) {
		int32_t gamma2 = g ? (Q - 1) / 32 : (Q - 1) / 88, m = (Q - 1) / (2 * gamma2);

		for (int32_t r = 0; r < Q; r++) {
			int32_t r0, r1 = jca__mldsa_decompose(gamma2, r, &r0);
			int32_t e0 = cmod(r, 2 * gamma2), e1 = (r - e0) / (2 * gamma2), u;

			if (r - e0 == Q - 1) {
				e1 = 0;
				e0 -= 1;
			}
			if (r1 != e1 || r0 != e0)
				ck_abort_msg("Decompose(%d), gamma2 %d: %d %d, expected %d %d", r, gamma2, r1, r0, e1, e0);
			u = e0 > 0 ? (e1 + 1) % m : (e1 - 1 + m) % m;
			if (jca__mldsa_use_hint(gamma2, 1, r) != u || jca__mldsa_use_hint(gamma2, 0, r) != e1)
				ck_abort_msg("UseHint(., %d), gamma2 %d", r, gamma2);
			if (g == 0) {
				int32_t p1, p0, f0 = cmod(r, 1 << 13);

				jca__mldsa_power2round(r, &p1, &p0);
				if (p0 != f0 || p1 != (r - f0) >> 13)
					ck_abort_msg("Power2Round(%d): %d %d", r, p1, p0);
			}
		}
	}
}
END_TEST

START_TEST(test_ntt)
{
	static jca__mldsa_poly a, b, c;
	int64_t ref[256];

	for (int t = 0; t < 20; t++) {
		for (int j = 0; j < 256; j++) {
			a.c[j] = (int32_t)(rnd64() % Q);
			b.c[j] = t & 1 ? (int32_t)(rnd64() % 9) - 4 : (int32_t)(rnd64() % Q);
		}
		memset(ref, 0, sizeof ref);
		for (int i = 0; i < 256; i++)
			for (int j = 0; j < 256; j++) {
				int64_t p = (int64_t)a.c[i] * b.c[j] % Q;

				if (i + j < 256)
					ref[i + j] = (ref[i + j] + p) % Q;
				else
					ref[i + j - 256] = (ref[i + j - 256] - p) % Q;
			}
		jca__mldsa_ntt(&a);
		jca__mldsa_ntt(&b);
		jca__mldsa_dot(&c, &a, &b, 1);
		jca__mldsa_invntt(&c);
		for (int j = 0; j < 256; j++) {
			ck_assert_int_lt(c.c[j], Q);
			ck_assert_int_gt(c.c[j], -Q);
			ck_assert_int_eq((c.c[j] - ref[j]) % Q, 0);
		}
	}
}
END_TEST

START_TEST(test_sizes)
{
	static const size_t want[3][3] = { { 1312, 2560, 2420 }, { 1952, 4032, 3309 }, { 2592, 4896, 4627 } };
	uint8_t buf[64] = { 0 };

	for (int i = 0; i < 3; i++) {
		ck_assert_uint_eq(jca__mldsa_pk_len(levels[i]), want[i][0]);
		ck_assert_uint_eq(jca__mldsa_sk_len(levels[i]), want[i][1]);
		ck_assert_uint_eq(jca__mldsa_sig_len(levels[i]), want[i][2]);
	}
	ck_assert_uint_eq(jca__mldsa_pk_len(2), 0);
	ck_assert_uint_eq(jca__mldsa_sk_len(66), 0);
	ck_assert_uint_eq(jca__mldsa_sig_len(0), 0);
	ck_assert_int_eq(jca__mldsa_keygen(NULL, 3, buf, buf, buf), -1);
	ck_assert_int_eq(jca__mldsa_sign_mu(NULL, 64, buf, buf, buf, buf), -1);
	ck_assert_int_eq(jca__mldsa_verify_mu(NULL, 88, buf, 0, buf, buf), -1);
	ck_assert_int_eq(jca__mldsa_pk_from_sk(NULL, 45, buf, buf), -1);
}
END_TEST

/* ---- python3-cryptography's known answers ---------------------------- */
START_TEST(test_kat)
{
	static uint8_t pk[JCA__MLDSA_PK_MAX], sk[JCA__MLDSA_SK_MAX], want[JCA__MLDSA_PK_MAX];
	static uint8_t sig[JCA__MLDSA_SIG_MAX], sig_ctx[JCA__MLDSA_SIG_MAX];
	const char *msg = MLDSA_KAT_MSG, *ctx = MLDSA_KAT_CTX;
	uint8_t xi[32], mu[64];

	for (size_t b = 0; b < NKB; b++) {
		const jca__keccak_backend *kb = kbs[b].kb;

		if (!usable(&kbs[b]))
			continue;
		for (size_t i = 0; i < sizeof mldsa_kats / sizeof mldsa_kats[0]; i++) {
			const struct mldsa_kat *k = &mldsa_kats[i];
			size_t pl = jca__mldsa_pk_len(k->level), sl = jca__mldsa_sig_len(k->level);

			unhex(xi, 32, k->xi);
			unhex(want, pl, k->pk);
			unhex(sig, sl, k->sig);
			unhex(sig_ctx, sl, k->sig_ctx);
			ck_assert_int_eq(jca__mldsa_keygen(kb, k->level, pk, sk, xi), 0);
			ck_assert_msg(memcmp(pk, want, pl) == 0, "%s: ML-DSA-%u public key", kbs[b].name, k->level);
			mu_of(kb, mu, pk, pl, "", 0, msg, strlen(msg));
			ck_assert_int_eq(jca__mldsa_verify_mu(kb, k->level, sig, sl, pk, mu), 0);
			ck_assert_int_eq(jca__mldsa_verify_mu(kb, k->level, sig_ctx, sl, pk, mu), -1);
			mu_of(kb, mu, pk, pl, ctx, strlen(ctx), msg, strlen(msg));
			ck_assert_int_eq(jca__mldsa_verify_mu(kb, k->level, sig_ctx, sl, pk, mu), 0);
			ck_assert_int_eq(jca__mldsa_verify_mu(kb, k->level, sig, sl, pk, mu), -1);
			mu_of(kb, mu, pk, pl, ctx, strlen(ctx), msg, strlen(msg) - 1);
			ck_assert_int_eq(jca__mldsa_verify_mu(kb, k->level, sig_ctx, sl, pk, mu), -1);
		}
	}
}
END_TEST

/* ---- round trips and refusals ---------------------------------------- */
START_TEST(test_sign_verify)
{
	static uint8_t pk[JCA__MLDSA_PK_MAX], sk[JCA__MLDSA_SK_MAX], pk2[JCA__MLDSA_PK_MAX];
	static uint8_t sig[JCA__MLDSA_SIG_MAX + 1], sig2[JCA__MLDSA_SIG_MAX], bad[JCA__MLDSA_SIG_MAX];
	uint8_t xi[32], mu[64], mu2[64], rnd[32], zero[32] = { 0 }, msg[300], ctx[256];
	jca__keccak_ctx c;
	uint8_t tr[64];

	for (int li = 0; li < 3; li++) {
		unsigned level = levels[li];
		const jca__mldsa_params *p = jca__mldsa_params_of(level);
		size_t pl = p->pk_len, sl = p->sig_len, hint = sl - p->omega - p->k;

		fill(xi, 32);
		fill(msg, sizeof msg);
		fill(ctx, sizeof ctx);
		ck_assert_int_eq(jca__mldsa_keygen(NULL, level, pk, sk, xi), 0);
		/* mu streamed in pieces = mu at once; a 256-byte context refused */
		mu_of(NULL, mu, pk, pl, ctx, 255, msg, sizeof msg);
		jca__mldsa_tr(NULL, tr, pk, pl);
		ck_assert_int_eq(memcmp(tr, sk + 64, 64), 0);
		ck_assert_int_eq(jca__mldsa_mu_start(NULL, &c, tr, ctx, 256), -1);
		ck_assert_int_eq(jca__mldsa_mu_start(NULL, &c, tr, ctx, 255), 0);
		for (size_t off = 0; off < sizeof msg; off += 7)
			jca__keccak_update(&c, msg + off, sizeof msg - off < 7 ? sizeof msg - off : 7);
		jca__keccak_final(&c, mu2, 64);
		ck_assert_int_eq(memcmp(mu, mu2, 64), 0);
		/* deterministic signing repeats itself; hedged signing does not */
		ck_assert_int_eq(jca__mldsa_sign_mu(NULL, level, sig, sk, mu, zero), 0);
		ck_assert_int_eq(jca__mldsa_sign_mu(NULL, level, sig2, sk, mu, zero), 0);
		ck_assert_int_eq(memcmp(sig, sig2, sl), 0);
		fill(rnd, 32);
		ck_assert_int_eq(jca__mldsa_sign_mu(NULL, level, sig2, sk, mu, rnd), 0);
		ck_assert_int_ne(memcmp(sig, sig2, sl), 0);
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, sig2, sl, pk, mu), 0);
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, sig, sl, pk, mu), 0);
		/* lengths, another mu, another level */
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, sig, sl - 1, pk, mu), -1);
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, sig, sl + 1, pk, mu), -1);
		memcpy(mu2, mu, 64);
		mu2[63] ^= 0x80;
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, sig, sl, pk, mu2), -1);
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, levels[(li + 1) % 3], sig, sl, pk, mu), -1);
		/* a flipped bit: every bit of c~ and of the hint, 300 random ones in z */
		for (size_t bit = 0; bit < 8 * sl; bit++) {
			int in_z = bit >= 8 * p->ctilde_len && bit < 8 * hint;

			if (in_z && rnd64() % (8 * (hint - p->ctilde_len) / 300) != 0)
				continue;
			memcpy(bad, sig, sl);
			bad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
			if (jca__mldsa_verify_mu(NULL, level, bad, sl, pk, mu) != -1)
				ck_abort_msg("ML-DSA-%u: signature with bit %zu flipped accepted", level, bit);
		}
		/* malformed hints: a count going down, above omega, positions out
		 * of order, a nonzero unused byte */
		memcpy(bad, sig, sl);
		bad[hint + p->omega] = bad[hint + p->omega + 1] + 1;
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, bad, sl, pk, mu), -1);
		memcpy(bad, sig, sl);
		bad[hint + p->omega + p->k - 1] = (uint8_t)(p->omega + 1);
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, bad, sl, pk, mu), -1);
		memcpy(bad, sig, sl);
		if (bad[hint + p->omega] >= 2) {
			uint8_t t = bad[hint];

			bad[hint] = bad[hint + 1];
			bad[hint + 1] = t;
			ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, bad, sl, pk, mu), -1);
		}
		memcpy(bad, sig, sl);
		bad[hint + p->omega - 1] ^= 1;
		ck_assert_int_eq(jca__mldsa_verify_mu(NULL, level, bad, sl, pk, mu), -1);
		/* the public key of the private key, and corrupted private keys:
		 * rho, tr, s1, s2, t0 (K does not enter the public key) */
		ck_assert_int_eq(jca__mldsa_pk_from_sk(NULL, level, pk2, sk), 0);
		ck_assert_int_eq(memcmp(pk, pk2, pl), 0);
		{
			size_t eb = 32 * p->eta_bits;
			size_t at[] = { 0, 31, 64, 127, 128, 128 + p->l * eb - 1, 128 + p->l * eb,
			                128 + (p->l + p->k) * eb, p->sk_len - 1 };

			for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
				sk[at[i]] ^= 0x01;
				ck_assert_msg(jca__mldsa_pk_from_sk(NULL, level, pk2, sk) == -1,
				              "ML-DSA-%u: sk with byte %zu changed accepted", level, at[i]);
				sk[at[i]] ^= 0x01;
			}
			/* an s1 coefficient out of [-eta, eta] (packed eta - s = 15 or 7) */
			sk[128] |= (uint8_t)((1u << p->eta_bits) - 1);
			ck_assert_int_eq(jca__mldsa_pk_from_sk(NULL, level, pk2, sk), -1);
		}
	}
}
END_TEST

/* ---- the C2SP CCTV vectors ------------------------------------------- */
/* The text of a CCTV README, NULL (saying so) without the vectors:
 * $JCA_VECTORS, else ../shared/vectors beside the source tree. */
static char *cctv_readme(const char *rel)
{
	const char *env = getenv("JCA_VECTORS");
	char path[4096];
	char *text;
	FILE *f;
	long n;

	if (env && *env)
		snprintf(path, sizeof path, "%s/pqc/ML-DSA/%s", env, rel);
	else
		snprintf(path, sizeof path, "%s/../shared/vectors/pqc/ML-DSA/%s", JCA_TOP_SRCDIR, rel);
	if (!(f = fopen(path, "rb"))) {
		printf("SKIP: %s not found (set JCA_VECTORS): the CCTV ML-DSA cases did not run\n", path);
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = 0;
	fclose(f);
	return text;
}

/* The 64 hex digits after `after` (a heading), then after `key`. */
static void digest_after(uint8_t out[32], const char *text, const char *after, const char *key)
{
	const char *p = strstr(text, after);
	char hex[65];

	ck_assert_msg(p != NULL, "README: no \"%s\"", after);
	p = strstr(p, key);
	ck_assert_msg(p != NULL, "README: no \"%s\" after \"%s\"", key, after);
	p += strlen(key);
	while (*p && !strchr("0123456789abcdef", *p))
		p++;
	memcpy(hex, p, 64);
	hex[64] = 0;
	unhex(out, 32, hex);
}

static void accumulated(const struct kb *b, unsigned level, unsigned iters, const uint8_t want[32])
{
	static uint8_t pk[JCA__MLDSA_PK_MAX], sk[JCA__MLDSA_SK_MAX], sig[JCA__MLDSA_SIG_MAX];
	static uint8_t pk2[JCA__MLDSA_PK_MAX];
	const jca__keccak_backend *kb = b->kb;
	size_t pl = jca__mldsa_pk_len(level), sl = jca__mldsa_sig_len(level);
	uint8_t seed[32], mu[64], zero[32] = { 0 }, got[32];
	jca__keccak_ctx s, a;
	size_t bit = 0;

	jca__shake128_init(&s, kb);
	jca__shake128_init(&a, kb);
	for (unsigned i = 0; i < iters; i++) {
		jca__keccak_final(&s, seed, 32);
		ck_assert_int_eq(jca__mldsa_keygen(kb, level, pk, sk, seed), 0);
		jca__keccak_update(&a, pk, pl);
		mu_of(kb, mu, pk, pl, "", 0, "", 0);
		ck_assert_int_eq(jca__mldsa_sign_mu(kb, level, sig, sk, mu, zero), 0);
		jca__keccak_update(&a, sig, sl);
		if (jca__mldsa_verify_mu(kb, level, sig, sl, pk, mu) != 0)
			ck_abort_msg("%s: ML-DSA-%u, iteration %u: own signature refused", b->name, level, i);
		bit = (bit + 7919) % (8 * sl);                /* a different bit each time */
		sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		if (jca__mldsa_verify_mu(kb, level, sig, sl, pk, mu) != -1)
			ck_abort_msg("%s: ML-DSA-%u, iteration %u: bit %zu flipped accepted", b->name, level, i, bit);
		if (i % 50 == 0) {
			ck_assert_int_eq(jca__mldsa_pk_from_sk(kb, level, pk2, sk), 0);
			ck_assert_int_eq(memcmp(pk, pk2, pl), 0);
		}
	}
	jca__keccak_final(&a, got, 32);
	ck_assert_msg(memcmp(got, want, 32) == 0, "%s: ML-DSA-%u accumulated test, %u iterations", b->name, level,
	              iters);
	printf("ok: %s: ML-DSA-%u accumulated keygen + signing, %u iterations\n", b->name, level, iters);
}

START_TEST(test_cctv_accumulated)
{
	char *text = cctv_readme("accumulated/README.md");
	int slow = getenv("JCA_SLOW") && *getenv("JCA_SLOW") == '1';
	uint8_t want100[32], want10k[32];

	if (!text)
		return;
	for (int li = 0; li < 3; li++) {
		char head[32];

		snprintf(head, sizeof head, "### ML-DSA-%u", levels[li]);
		digest_after(want100, text, head, "- 100 iterations:");
		digest_after(want10k, text, head, "- 10 000 iterations:");
		for (size_t b = 0; b < NKB; b++) {
			if (!usable(&kbs[b])) {
				if (li == 0)
					printf("UNAVAILABLE: Keccak backend %s\n", kbs[b].name);
				continue;
			}
			accumulated(&kbs[b], levels[li], 100, want100);
		}
		if (slow)
			accumulated(&kbs[0], levels[li], 10000, want10k);
		else if (li == 0)
			printf("SKIP: the 10,000-iteration accumulated tests need JCA_SLOW=1\n");
	}
	free(text);
}
END_TEST

/* One decimal line into the sponge. */
static void line(jca__keccak_ctx *c, int32_t v)
{
	char buf[16];
	int n = 15;
	uint32_t u = v < 0 ? (uint32_t)-v : (uint32_t)v;

	buf[15] = '\n';
	do {
		buf[--n] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		buf[--n] = '-';
	jca__keccak_update(c, buf + n, (size_t)(16 - n));
}

START_TEST(test_cctv_field)
{
	char *text = cctv_readme("accumulated/README.md");
	jca__keccak_ctx c;
	uint8_t want[32], got[32];

	if (!text)
		return;
	digest_after(want, text, "## Field operation tests", "```\n");
	free(text);
	jca__shake128_init(&c, &jca__keccak_generic);
	for (int32_t r = 0; r < Q; r++) {
		int32_t m = jca__mldsa_centre(r), r1, r0;

		line(&c, m);
		line(&c, m < 0 ? -m : m);
		jca__mldsa_power2round(r, &r1, &r0);
		line(&c, r1);
		line(&c, jca__mldsa_caddq(r0));
		for (int g = 0; g < 2; g++) {
			int32_t gamma2 = g ? (Q - 1) / 32 : (Q - 1) / 88;

			line(&c, jca__mldsa_decompose(gamma2, r, &r0));
			line(&c, jca__mldsa_use_hint(gamma2, 1, r));
			line(&c, r0);
			line(&c, r0 < 0 ? -r0 : r0);
		}
	}
	jca__keccak_final(&c, got, 32);
	ck_assert_msg(memcmp(got, want, 32) == 0, "CCTV accumulated field-operation test");
	printf("ok: CCTV ML-DSA field operations (Power2Round, Decompose, UseHint) for every r in [0, q)\n");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ML-DSA");
	TCase *tc = tcase_create("mldsa"), *tv;
	SRunner *sr;
	int failed;

	for (size_t b = 0; b < NKB; b++)
		if (!usable(&kbs[b]))
			printf("UNAVAILABLE: Keccak backend %s (known answers run on the others)\n", kbs[b].name);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_sizes);
	tcase_add_test(tc, test_rounding);
	tcase_add_test(tc, test_ntt);
	tcase_add_test(tc, test_kat);
	tcase_add_test(tc, test_sign_verify);
	suite_add_tcase(s, tc);
	/* the vector-file cases, tagged so that make check runs them apart
	 * (tests/vectors.sh, SKIP when the vectors are absent) */
	tv = tcase_create("vectors");
	tcase_set_tags(tv, "vectors");
	tcase_set_timeout(tv, 1800);
	suite_add_tcase(s, tv);
	tcase_add_test(tv, test_cctv_field);
	tcase_add_test(tv, test_cctv_accumulated);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
