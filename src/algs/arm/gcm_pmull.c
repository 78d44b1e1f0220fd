/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES-CTR and GHASH with the Armv8 Cryptographic Extension: AESE/AESMC for
 * the counter blocks, PMULL/PMULL2 (64 x 64 -> 128-bit carry-less multiply)
 * for GHASH.
 *
 * Build with: -march=armv8-a+crypto
 * Call only when jca__cpu_features() reports JCA__CPU_ARM_AES and
 * JCA__CPU_ARM_PMULL. The AES context is jca__aes_armv8_ctx (see aes_ce.c);
 * the GHASH key is struct ghkey below.
 *
 * GHASH works on byte-reversed blocks (bit i of the 128-bit value is
 * coefficient 127 - i), as the x86 code does (see x86/gcm_aesni.c for the
 * reduction): four blocks are multiplied by H^4 .. H^1 and summed before
 * one reduction. CTR keeps four blocks in flight; the 32-bit big-endian
 * counter is advanced modulo 2^32 in a general register.
 */
#include <arm_neon.h>
#include <string.h>

#include "../gcm.h"
#include "../../util/bytes.h"

#if defined(__ARM_BIG_ENDIAN)
#error "the Armv8 GCM backend assumes a little-endian target"
#endif

#define ALWAYS_INLINE static inline __attribute__((always_inline))
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

#define W 4                    /* blocks per GHASH reduction and per CTR step */

struct ghkey {
	uint8_t h[8][16];              /* H^1 .. H^8, byte-reversed (8 for room; 4 used) */
};

ALWAYS_INLINE uint64x2_t load_rev(const uint8_t *p)
{
	uint8x16_t b = vrev64q_u8(vld1q_u8(p));

	return vreinterpretq_u64_u8(vextq_u8(b, b, 8));
}

ALWAYS_INLINE void store_rev(uint8_t *p, uint64x2_t x)
{
	uint8x16_t b = vrev64q_u8(vreinterpretq_u8_u64(x));

	vst1q_u8(p, vextq_u8(b, b, 8));
}

ALWAYS_INLINE uint64x2_t pmull_lo(uint64x2_t a, uint64x2_t b)
{
	return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}

ALWAYS_INLINE uint64x2_t pmull_hi(uint64x2_t a, uint64x2_t b)
{
	return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

/* Accumulates the schoolbook parts of a * h. */
ALWAYS_INLINE void mul_acc(uint64x2_t a, uint64x2_t h, uint64x2_t *lo, uint64x2_t *mid, uint64x2_t *hi)
{
	uint64x2_t as = vextq_u64(a, a, 1);

	*lo = veorq_u64(*lo, pmull_lo(a, h));
	*hi = veorq_u64(*hi, pmull_hi(a, h));
	*mid = veorq_u64(*mid, veorq_u64(pmull_lo(as, h), pmull_hi(as, h)));
}

/* Byte shifts of the 128-bit value (lane 0 low). */
ALWAYS_INLINE uint64x2_t up64(uint64x2_t x)
{
	return vextq_u64(vdupq_n_u64(0), x, 1);     /* { 0, x0 } */
}

ALWAYS_INLINE uint64x2_t down64(uint64x2_t x)
{
	return vextq_u64(x, vdupq_n_u64(0), 1);     /* { x1, 0 } */
}

/* Reduction of [hi:lo] + mid * x^64; see x86/gcm_aesni.c. */
ALWAYS_INLINE uint64x2_t reduce(uint64x2_t lo, uint64x2_t mid, uint64x2_t hi)
{
	uint64x2_t c1, c2, t, u;

	lo = veorq_u64(lo, up64(mid));
	hi = veorq_u64(hi, down64(mid));
	c1 = vshrq_n_u64(lo, 63);
	c2 = vshrq_n_u64(hi, 63);
	lo = vorrq_u64(vshlq_n_u64(lo, 1), up64(c1));
	hi = vorrq_u64(vorrq_u64(vshlq_n_u64(hi, 1), up64(c2)), down64(c1));
	t = veorq_u64(veorq_u64(vshlq_n_u64(lo, 63), vshlq_n_u64(lo, 62)), vshlq_n_u64(lo, 57));
	lo = veorq_u64(lo, up64(t));
	t = veorq_u64(veorq_u64(vshrq_n_u64(lo, 1), vshrq_n_u64(lo, 2)), vshrq_n_u64(lo, 7));
	u = veorq_u64(veorq_u64(vshlq_n_u64(lo, 63), vshlq_n_u64(lo, 62)), vshlq_n_u64(lo, 57));
	t = veorq_u64(t, down64(u));
	return veorq_u64(hi, veorq_u64(lo, t));
}

static uint64x2_t gf_mul(uint64x2_t a, uint64x2_t h)
{
	uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;

	mul_acc(a, h, &lo, &mid, &hi);
	return reduce(lo, mid, hi);
}

int jca__ghash_pmull(const void *gkey, uint8_t xi[16], const uint8_t *in, size_t nblocks)
{
	const struct ghkey *k = gkey;
	uint64x2_t y = load_rev(xi), h[W];

	for (int i = 0; i < W; i++)
		h[i] = vreinterpretq_u64_u8(vld1q_u8(k->h[i]));
	for (; nblocks >= W; nblocks -= W, in += 16 * W) {
		uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;

		UNROLL
		for (int i = 0; i < W; i++) {
			uint64x2_t b = load_rev(in + 16 * i);

			mul_acc(i == 0 ? veorq_u64(b, y) : b, h[W - 1 - i], &lo, &mid, &hi);
		}
		y = reduce(lo, mid, hi);
	}
	for (; nblocks > 0; nblocks--, in += 16)
		y = gf_mul(veorq_u64(y, load_rev(in)), h[0]);
	store_rev(xi, y);
	return 0;
}

/* ---- AES-CTR ------------------------------------------------------------- */

ALWAYS_INLINE uint8x16_t aes_block(const uint8x16_t *rk, unsigned nr, uint8x16_t b)
{
	for (unsigned i = 0; i + 1 < nr; i++)
		b = vaesmcq_u8(vaeseq_u8(b, rk[i]));
	return veorq_u8(vaeseq_u8(b, rk[nr - 1]), rk[nr]);
}

ALWAYS_INLINE void aes_w(const uint8x16_t *rk, unsigned nr, uint8x16_t b[W])
{
	for (unsigned i = 0; i + 1 < nr; i++) {
		UNROLL
		for (int j = 0; j < W; j++)
			b[j] = vaesmcq_u8(vaeseq_u8(b[j], rk[i]));
	}
	UNROLL
	for (int j = 0; j < W; j++)
		b[j] = veorq_u8(vaeseq_u8(b[j], rk[nr - 1]), rk[nr]);
}

ALWAYS_INLINE uint8x16_t counter_block(uint8x16_t base, uint32_t n)
{
	return vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(n), vreinterpretq_u32_u8(base), 3));
}

/* ctr32 over whole blocks; if xi is set, also GHASH of the ciphertext. */
ALWAYS_INLINE void ctr_ghash(const jca__aes_armv8_ctx *k, const struct ghkey *g, uint8_t ctr[16], uint8_t *xi,
                             uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint8x16_t rk[15], base = vld1q_u8(ctr);
	unsigned nr = k->rounds;
	uint32_t n = jca__load_be32(ctr + 12);
	uint64x2_t y = vdupq_n_u64(0), h[W];

	for (unsigned i = 0; i <= nr; i++)
		rk[i] = vld1q_u8(k->ek + 16 * i);
	for (int i = 0; i < W; i++)
		h[i] = xi ? vreinterpretq_u64_u8(vld1q_u8(g->h[i])) : vdupq_n_u64(0);
	if (xi)
		y = load_rev(xi);
	for (; nblocks >= W; nblocks -= W, in += 16 * W, out += 16 * W) {
		uint8x16_t b[W];

		UNROLL
		for (int j = 0; j < W; j++)
			b[j] = counter_block(base, n + (uint32_t)j);
		n += W;
		aes_w(rk, nr, b);
		UNROLL
		for (int j = 0; j < W; j++) {
			b[j] = veorq_u8(b[j], vld1q_u8(in + 16 * j));
			vst1q_u8(out + 16 * j, b[j]);
		}
		if (xi) {
			uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;

			UNROLL
			for (int j = 0; j < W; j++) {
				uint8x16_t r = vrev64q_u8(b[j]);
				uint64x2_t v = vreinterpretq_u64_u8(vextq_u8(r, r, 8));

				mul_acc(j == 0 ? veorq_u64(v, y) : v, h[W - 1 - j], &lo, &mid, &hi);
			}
			y = reduce(lo, mid, hi);
		}
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		uint8x16_t b = veorq_u8(aes_block(rk, nr, counter_block(base, n++)), vld1q_u8(in));

		vst1q_u8(out, b);
		if (xi) {
			uint8x16_t r = vrev64q_u8(b);

			y = gf_mul(veorq_u64(y, vreinterpretq_u64_u8(vextq_u8(r, r, 8))), h[0]);
		}
	}
	jca__store_be32(ctr + 12, n);
	if (xi)
		store_rev(xi, y);
}

int jca__aes_armv8_ctr32(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ctr_ghash(ctx, NULL, ctr, NULL, out, in, nblocks);
	return 0;
}

int jca__aes_armv8_gcm_encrypt(const void *ctx, const void *gkey, uint8_t ctr[16], uint8_t xi[16], uint8_t *out,
                                const uint8_t *in, size_t nblocks)
{
	ctr_ghash(ctx, gkey, ctr, xi, out, in, nblocks);
	return 0;
}

int jca__aes_armv8_gcm_init(const void *ctx, void *gkey)
{
	const jca__aes_armv8_ctx *k = ctx;
	struct ghkey *g = gkey;
	uint8x16_t rk[15];
	uint8_t hb[16];
	uint64x2_t h, p;

	for (unsigned i = 0; i <= k->rounds; i++)
		rk[i] = vld1q_u8(k->ek + 16 * i);
	vst1q_u8(hb, aes_block(rk, k->rounds, vdupq_n_u8(0)));
	h = load_rev(hb);
	p = h;
	for (int i = 0; i < 8; i++) {
		vst1q_u8(g->h[i], vreinterpretq_u8_u64(p));
		p = gf_mul(p, h);
	}
	memset(hb, 0, sizeof hb);
	__asm__ __volatile__("" : : "r"(hb) : "memory");
	return 0;
}
