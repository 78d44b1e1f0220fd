/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 and Poly1305 backends (src/algs/chacha.h), compiled straight
 * from the algorithm sources: every ChaCha20 backend this CPU can run
 * agrees with the portable one on random keys, nonces and counters for
 * every block count 0..40 and some large ones, out of place on misaligned
 * buffers and in place, across the 32-bit counter wrap; and gives RFC 8439's
 * outputs. Poly1305 (the generic code in the 64- or 32-bit limbs this build
 * chose, and every vector backend): RFC 8439's tags, whole and byte by
 * byte, a 200-byte message split at every point, and the vector backends
 * against the generic one on random keys, lengths and splits. Backends the CPU lacks (or JCA_CPU removed) are printed as
 * UNAVAILABLE.
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

#include "algs/chacha.h"
#include "algs/cpu.h"
#include "chacha_kat.h"

static const struct backend {
	const char *name;
	jca__chacha20_blocks_fn *fn;
	uint32_t need;                 /* jca__cpu_features() bits */
} backends[] = {
	{ "generic", jca__chacha20_blocks_generic, 0 },
#if defined(__x86_64__) && defined(JCA_HAVE_X86_BACKENDS)
	{ "avx2", jca__chacha20_blocks_avx2, JCA__CPU_AVX2 },
	{ "avx512", jca__chacha20_blocks_avx512, JCA__CPU_AVX512 | JCA__CPU_AVX2 },
#endif
#if defined(__aarch64__) && defined(JCA_HAVE_ARM_BACKENDS)
	{ "neon", jca__chacha20_blocks_neon, JCA__CPU_ARM_ASIMD },
#endif
};
#define NBACKENDS (sizeof backends / sizeof backends[0])

static const struct poly_backend {
	const char *name;
	jca__poly1305_blocks_fn *fn;
	uint32_t need;
} poly_backends[] = {
	{ "generic", jca__poly1305_blocks_generic, 0 },
#if defined(__x86_64__) && defined(JCA_HAVE_X86_BACKENDS)
	{ "avx2", jca__poly1305_blocks_avx2, JCA__CPU_AVX2 },
	{ "avx512", jca__poly1305_blocks_avx512, JCA__CPU_AVX512 },
	{ "ifma", jca__poly1305_blocks_ifma, JCA__CPU_AVX512 | JCA__CPU_AVX512IFMA },
#endif
};
#define NPOLY (sizeof poly_backends / sizeof poly_backends[0])

static int has(uint32_t need)
{
	return (jca__cpu_features() & need) == need;
}
#define usable(b) has((b)->need)

/* xorshift: reproducible random numbers */
static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void fill(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rnd();
}

/* Any length through a backend: whole blocks, then the tail on a copy. */
static void xor_stream(jca__chacha20_blocks_fn *fn, jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t len)
{
	uint8_t blk[64] = { 0 };
	size_t whole = len / 64;

	fn(c, out, in, whole);
	if (len % 64) {
		memcpy(blk, in + 64 * whole, len % 64);
		fn(c, blk, blk, 1);
		memcpy(out + 64 * whole, blk, len % 64);
	}
}

START_TEST(test_chacha_rfc)
{
	size_t b, k;

	for (b = 0; b < NBACKENDS; b++) {
		if (!usable(&backends[b]))
			continue;
		for (k = 0; k < sizeof chacha_kats / sizeof chacha_kats[0]; k++) {
			const struct chacha_kat *v = &chacha_kats[k];
			uint8_t out[512];
			jca__chacha20 c;

			jca__chacha20_init(&c, v->key, v->nonce, v->ctr);
			xor_stream(backends[b].fn, &c, out, v->in, v->len);
			ck_assert_msg(memcmp(out, v->out, v->len) == 0, "%s: %s", backends[b].name, v->name);
			/* in place, from the same state */
			jca__chacha20_init(&c, v->key, v->nonce, v->ctr);
			memcpy(out, v->in, v->len);
			xor_stream(backends[b].fn, &c, out, out, v->len);
			ck_assert_msg(memcmp(out, v->out, v->len) == 0, "%s: %s in place", backends[b].name, v->name);
		}
	}
}
END_TEST

/* One comparison with the portable code: nblocks from a random state
 * (counter ctr), out of place at misalignments io/oo, and in place. */
static void compare(const struct backend *be, size_t nblocks, uint32_t ctr, size_t io, size_t oo)
{
	size_t len = 64 * nblocks;
	uint8_t key[32], nonce[12];
	uint8_t *in = malloc(len + 16), *ref = malloc(len + 16), *out = malloc(len + 16);
	jca__chacha20 c0, c1;

	ck_assert(in && ref && out);
	fill(key, sizeof key);
	fill(nonce, sizeof nonce);
	fill(in, len + 16);
	jca__chacha20_init(&c0, key, nonce, ctr);
	c1 = c0;
	jca__chacha20_blocks_generic(&c0, ref, in + io, nblocks);
	be->fn(&c1, out + oo, in + io, nblocks);
	ck_assert_msg(memcmp(ref, out + oo, len) == 0, "%s: %zu blocks from counter %#x, offsets %zu/%zu",
	              be->name, nblocks, (unsigned)ctr, io, oo);
	ck_assert_msg(memcmp(&c0, &c1, sizeof c0) == 0, "%s: state after %zu blocks", be->name, nblocks);
	/* in place, continuing from the advanced state */
	jca__chacha20_blocks_generic(&c0, ref, in + io, nblocks);
	be->fn(&c1, in + io, in + io, nblocks);
	ck_assert_msg(memcmp(ref, in + io, len) == 0, "%s: %zu blocks in place", be->name, nblocks);
	ck_assert(memcmp(&c0, &c1, sizeof c0) == 0);
	free(in);
	free(ref);
	free(out);
}

START_TEST(test_chacha_random)
{
	static const size_t large[] = { 63, 64, 65, 127, 128, 200, 1000, 4099 };
	size_t b, n, i;

	for (b = 0; b < NBACKENDS; b++) {
		if (!usable(&backends[b])) {
			printf("UNAVAILABLE: chacha20 %s: this CPU lacks the feature or JCA_CPU removed it\n",
			       backends[b].name);
			continue;
		}
		for (n = 0; n <= 40; n++)
			compare(&backends[b], n, (uint32_t)rnd(), n % 5, (n * 3) % 7);
		for (i = 0; i < sizeof large / sizeof large[0]; i++)
			compare(&backends[b], large[i], (uint32_t)rnd(), i % 3, 1);
	}
}
END_TEST

/* The counter wraps modulo 2^32 and leaves the nonce alone: the block after
 * 0xffffffff is the block at counter 0 of the same nonce. */
START_TEST(test_chacha_wrap)
{
	size_t b, n;

	for (b = 0; b < NBACKENDS; b++) {
		if (!usable(&backends[b]))
			continue;
		for (n = 1; n <= 20; n++) {
			uint8_t key[32], nonce[12], in[20 * 64] = { 0 }, out[20 * 64], zero[64];
			jca__chacha20 c, z;
			uint32_t start = 0xfffffffau;
			size_t k;

			fill(key, sizeof key);
			fill(nonce, sizeof nonce);
			compare(&backends[b], n, start, 0, 0);
			jca__chacha20_init(&c, key, nonce, start);
			backends[b].fn(&c, out, in, n);
			ck_assert_uint_eq(c.s[12], (uint32_t)(start + n));
			for (k = 0; k < n; k++) {
				jca__chacha20_init(&z, key, nonce, (uint32_t)(start + k));
				jca__chacha20_block(&z, zero);
				ck_assert_msg(memcmp(out + 64 * k, zero, 64) == 0, "%s: block %zu of %zu from %#x",
				              backends[b].name, k, n, (unsigned)start);
			}
		}
	}
}
END_TEST

static void tag_of(jca__poly1305_blocks_fn *fn, const uint8_t key[32], const uint8_t *m, size_t len, uint8_t tag[16])
{
	jca__poly1305 p;

	jca__poly1305_init_backend(&p, key, fn);
	jca__poly1305_update(&p, m, len);
	jca__poly1305_final(&p, tag);
}

START_TEST(test_poly_rfc)
{
	size_t b, k, i;

	for (b = 0; b < NPOLY; b++) {
		jca__poly1305_blocks_fn *fn = poly_backends[b].fn;

		if (!has(poly_backends[b].need))
			continue;
		for (k = 0; k < sizeof poly_kats / sizeof poly_kats[0]; k++) {
			const struct poly_kat *v = &poly_kats[k];
			uint8_t tag[16];
			jca__poly1305 p;

			tag_of(fn, v->key, v->msg, v->len, tag);
			ck_assert_msg(memcmp(tag, v->tag, 16) == 0, "poly1305 %s: %s", poly_backends[b].name, v->name);
			jca__poly1305_init_backend(&p, v->key, fn);
			for (i = 0; i < v->len; i++)
				jca__poly1305_update(&p, v->msg + i, 1);
			jca__poly1305_final(&p, tag);
			ck_assert_msg(memcmp(tag, v->tag, 16) == 0, "poly1305 %s: %s byte by byte", poly_backends[b].name,
			              v->name);
		}
	}
}
END_TEST

/* Every backend against the generic one on random keys and messages: every
 * length up to 40 blocks and some large ones, misaligned, whole and split
 * into two random pieces; keys with all-ones r limbs and messages of 0xff
 * bytes push the limbs to their largest. */
START_TEST(test_poly_random)
{
	static const size_t large[] = { 1000, 4096, 4097, 65536 + 13 };
	size_t b, n, t, len;
	uint8_t *buf = malloc(65536 + 64);

	ck_assert_ptr_nonnull(buf);
	for (b = 1; b < NPOLY; b++) {
		jca__poly1305_blocks_fn *fn = poly_backends[b].fn;

		if (!has(poly_backends[b].need)) {
			printf("UNAVAILABLE: poly1305 %s: this CPU lacks the feature or JCA_CPU removed it\n",
			       poly_backends[b].name);
			continue;
		}
		for (t = 0; t < 3; t++) {
			for (n = 0; n < 16 * 40 + 4; n++) {
				uint8_t key[32], ref[16], tag[16];
				uint8_t *m = buf + n % 3;
				jca__poly1305 p;
				size_t cut;

				len = n < 16 * 40 ? n : large[n - 16 * 40];
				fill(key, sizeof key);
				fill(buf, len + 3);
				if (t == 1)
					memset(key, 0xff, 16);      /* clamping leaves r's largest bits */
				if (t == 2)
					memset(buf, 0xff, len + 3);
				tag_of(jca__poly1305_blocks_generic, key, m, len, ref);
				tag_of(fn, key, m, len, tag);
				ck_assert_msg(memcmp(tag, ref, 16) == 0, "poly1305 %s: %zu bytes (case %zu)",
				              poly_backends[b].name, len, t);
				cut = len ? (size_t)(rnd() % (len + 1)) : 0;
				jca__poly1305_init_backend(&p, key, fn);
				jca__poly1305_update(&p, m, cut);
				jca__poly1305_update(&p, m + cut, len - cut);
				jca__poly1305_final(&p, tag);
				ck_assert_msg(memcmp(tag, ref, 16) == 0, "poly1305 %s: %zu bytes split at %zu",
				              poly_backends[b].name, len, cut);
			}
		}
	}
	free(buf);
}
END_TEST

START_TEST(test_poly_splits)
{
	uint8_t key[32], buf[201], ref[16], tag[16];
	uint8_t *m = buf + 1;          /* misaligned */
	size_t b, i, j;

	fill(key, sizeof key);
	fill(buf, sizeof buf);
	tag_of(jca__poly1305_blocks_generic, key, m, 200, ref);
	for (b = 0; b < NPOLY; b++) {
		jca__poly1305_blocks_fn *fn = poly_backends[b].fn;

		if (!has(poly_backends[b].need))
			continue;
		for (i = 0; i <= 200; i++) {
			jca__poly1305 p;

			jca__poly1305_init_backend(&p, key, fn);
			jca__poly1305_update(&p, m, i);
			jca__poly1305_update(&p, m + i, 0);
			jca__poly1305_update(&p, m + i, 200 - i);
			jca__poly1305_final(&p, tag);
			ck_assert_msg(memcmp(tag, ref, 16) == 0, "poly1305 %s: split at %zu", poly_backends[b].name, i);
			/* three pieces */
			for (j = i; j <= 200; j += 7) {
				jca__poly1305_init_backend(&p, key, fn);
				jca__poly1305_update(&p, m, i);
				jca__poly1305_update(&p, m + i, j - i);
				jca__poly1305_update(&p, m + j, 200 - j);
				jca__poly1305_final(&p, tag);
				ck_assert_msg(memcmp(tag, ref, 16) == 0, "poly1305 %s: split at %zu and %zu",
				              poly_backends[b].name, i, j);
			}
		}
		/* pad16 is the zero bytes up to the next multiple of 16 */
		for (i = 0; i <= 40; i++) {
			uint8_t padded[48] = { 0 }, want[16];
			jca__poly1305 p;

			memcpy(padded, m, i);
			tag_of(fn, key, padded, (i + 15) / 16 * 16, want);
			jca__poly1305_init_backend(&p, key, fn);
			jca__poly1305_update(&p, m, i);
			jca__poly1305_pad16(&p);
			jca__poly1305_final(&p, tag);
			ck_assert_msg(memcmp(tag, want, 16) == 0, "poly1305 %s: pad16 after %zu", poly_backends[b].name, i);
		}
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ChaChaBackends");
	TCase *tc = tcase_create("chacha");
	SRunner *sr;
	int failed;

	printf("poly1305: %s limbs\n", JCA__POLY1305_LIMBS);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_chacha_rfc);
	tcase_add_test(tc, test_chacha_random);
	tcase_add_test(tc, test_chacha_wrap);
	tcase_add_test(tc, test_poly_rfc);
	tcase_add_test(tc, test_poly_random);
	tcase_add_test(tc, test_poly_splits);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
