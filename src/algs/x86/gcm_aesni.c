/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES-CTR and GHASH with AES-NI and PCLMULQDQ (128-bit registers).
 *
 * Compile with: -maes -mpclmul -mssse3. Call only when jca__cpu_features()
 * has JCA__CPU_AESNI and JCA__CPU_PCLMUL. The AES context is jca__aesni_ctx
 * (schedule from jca__aesni_set_key, see aesni.c); the GHASH key is
 * struct ghkey below.
 *
 * GHASH in the "byte-reflected" form of Gueron and Kounavis (Intel's
 * carry-less multiplication white paper, rev. 2.02, algorithms 2 and 5):
 * a block loaded and byte-reversed holds coefficient 127 - i of its
 * polynomial in bit i. The carry-less product of two such values is the
 * reflected 255-bit product one bit too low: it is shifted left by one,
 * then its low half is folded into the high half with shifts and XORs
 * (x^128 = x^7 + x^2 + x + 1). Eight blocks are hashed with one reduction:
 * Y' = (Y ^ X1) H^8 ^ X2 H^7 ^ ... ^ X8 H, the products summed unreduced
 * (the reduction is linear), each product by Karatsuba (three PCLMULQDQ).
 *
 * CTR keeps the counter block byte-reversed, so the 32-bit big-endian
 * counter is the low lane, which one paddd advances modulo 2^32; every
 * block is reversed back (pshufb) before AES. Eight blocks are in flight.
 * gcm_encrypt interleaves the AES of eight counters with the GHASH of the
 * eight ciphertext blocks before them.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../gcm.h"

#include "simd.h"


#define LANES 8

struct ghkey {
	__m128i h[8];                  /* H^1 .. H^8, byte-reflected */
	__m128i hk[8];                 /* low qword: high ^ low qword of h[i] */
};

static ALWAYS_INLINE __m128i bswap(__m128i x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* ---- GHASH ----------------------------------------------------------- */

/* Accumulates the Karatsuba parts of a * h into lo, mid, hi. */
static ALWAYS_INLINE void mul_acc(__m128i a, __m128i h, __m128i hk, __m128i *lo, __m128i *mid, __m128i *hi)
{
	__m128i ak = _mm_xor_si128(a, _mm_shuffle_epi32(a, 0x4e));

	*lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, h, 0x00));
	*hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, h, 0x11));
	*mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(ak, hk, 0x00));
}

/* Reduces the 256-bit product [hi:lo] given as Karatsuba parts. */
static ALWAYS_INLINE __m128i reduce(__m128i lo, __m128i mid, __m128i hi)
{
	__m128i c1, c2, t, u;

	mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
	lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
	hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
	/* [hi:lo] <<= 1 */
	c1 = _mm_srli_epi64(lo, 63);
	c2 = _mm_srli_epi64(hi, 63);
	lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(c1, 8));
	hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(c2, 8)), _mm_srli_si128(c1, 8));
	/* D = X1 ^ (X0 << 63) ^ (X0 << 62) ^ (X0 << 57), in the high qword */
	t = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62)), _mm_slli_epi64(lo, 57));
	lo = _mm_xor_si128(lo, _mm_slli_si128(t, 8));
	/* [D:X0] ^ ([D:X0] >> 1) ^ (>> 2) ^ (>> 7) */
	t = _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(lo, 1), _mm_srli_epi64(lo, 2)), _mm_srli_epi64(lo, 7));
	u = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62)), _mm_slli_epi64(lo, 57));
	t = _mm_xor_si128(t, _mm_srli_si128(u, 8));
	return _mm_xor_si128(hi, _mm_xor_si128(lo, t));
}

static ALWAYS_INLINE __m128i hkey(__m128i h)
{
	return _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e));
}

static __m128i gf_mul(__m128i a, __m128i h)
{
	__m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;

	mul_acc(a, h, hkey(h), &lo, &mid, &hi);
	return reduce(lo, mid, hi);
}

/* Y <- (Y ^ b[0]) H^8 ^ b[1] H^7 ^ ... ^ b[7] H; b byte-reflected. */
static ALWAYS_INLINE __m128i ghash8(const struct ghkey *k, __m128i y, const __m128i b[LANES])
{
	__m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;

	UNROLL
	for (int i = 0; i < LANES; i++)
		mul_acc(i == 0 ? _mm_xor_si128(y, b[0]) : b[i], _mm_load_si128(&k->h[LANES - 1 - i]),
		        _mm_load_si128(&k->hk[LANES - 1 - i]), &lo, &mid, &hi);
	return reduce(lo, mid, hi);
}

int jca__ghash_pclmul(const void *gkey, uint8_t xi[16], const uint8_t *in, size_t nblocks)
{
	const struct ghkey *k = gkey;
	__m128i y = bswap(LOAD128(xi)), h = _mm_load_si128(&k->h[0]), hk = _mm_load_si128(&k->hk[0]);

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES) {
		__m128i b[LANES];

		UNROLL
		for (int i = 0; i < LANES; i++)
			b[i] = bswap(LOAD128(in + 16 * i));
		y = ghash8(k, y, b);
	}
	for (; nblocks > 0; nblocks--, in += 16) {
		__m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;

		mul_acc(_mm_xor_si128(y, bswap(LOAD128(in))), h, hk, &lo, &mid, &hi);
		y = reduce(lo, mid, hi);
	}
	STORE128(xi, bswap(y));
	return 0;
}

/* ---- AES-CTR ----------------------------------------------------------- */

/* Encrypts LANES blocks in place with the schedule ek of nr rounds. */
static ALWAYS_INLINE void aes8(const uint8_t *ek, unsigned nr, __m128i b[LANES])
{
	__m128i k = LOAD128(ek);

	UNROLL
	for (int i = 0; i < LANES; i++)
		b[i] = _mm_xor_si128(b[i], k);
	for (unsigned r = 1; r < nr; r++) {
		k = LOAD128(ek + 16 * r);
		UNROLL
		for (int i = 0; i < LANES; i++)
			b[i] = _mm_aesenc_si128(b[i], k);
	}
	k = LOAD128(ek + 16 * nr);
	UNROLL
	for (int i = 0; i < LANES; i++)
		b[i] = _mm_aesenclast_si128(b[i], k);
}

static __m128i aes1(const uint8_t *ek, unsigned nr, __m128i b)
{
	b = _mm_xor_si128(b, LOAD128(ek));
	for (unsigned r = 1; r < nr; r++)
		b = _mm_aesenc_si128(b, LOAD128(ek + 16 * r));
	return _mm_aesenclast_si128(b, LOAD128(ek + 16 * nr));
}

/* The next LANES counter blocks from c (byte-reversed), which advances. */
static ALWAYS_INLINE void counters(__m128i *c, __m128i b[LANES])
{
	UNROLL
	for (int i = 0; i < LANES; i++)
		b[i] = bswap(_mm_add_epi32(*c, _mm_set_epi32(0, 0, 0, i)));
	*c = _mm_add_epi32(*c, _mm_set_epi32(0, 0, 0, LANES));
}

/* One block at the counter; for the tail (any 1..15 byte count uses a whole
 * keystream block) */
static void ctr_tail(const jca__aesni_ctx *k, __m128i *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		__m128i ks = aes1(k->ek, k->rounds, bswap(*c));

		*c = _mm_add_epi32(*c, _mm_set_epi32(0, 0, 0, 1));
		STORE128(out, _mm_xor_si128(LOAD128(in), ks));
	}
}

int jca__aesni_ctr32(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aesni_ctx *k = ctx;
	__m128i c = bswap(LOAD128(ctr));

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		__m128i b[LANES];

		counters(&c, b);
		aes8(k->ek, k->rounds, b);
		UNROLL
		for (int i = 0; i < LANES; i++)
			STORE128(out + 16 * i, _mm_xor_si128(b[i], LOAD128(in + 16 * i)));
	}
	ctr_tail(k, &c, out, in, nblocks);
	STORE128(ctr, bswap(c));
	return 0;
}

/* ---- GCM ------------------------------------------------------------------ */

int jca__aesni_gcm_init(const void *ctx, void *gkey)
{
	const jca__aesni_ctx *k = ctx;
	struct ghkey *g = gkey;
	__m128i h = bswap(aes1(k->ek, k->rounds, _mm_setzero_si128())), p = h;

	for (int i = 0; i < 8; i++) {
		_mm_store_si128(&g->h[i], p);
		_mm_store_si128(&g->hk[i], hkey(p));
		p = gf_mul(p, h);
	}
	return 0;
}

int jca__aesni_gcm_encrypt(const void *ctx, const void *gkey, uint8_t ctr[16], uint8_t xi[16], uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
	const jca__aesni_ctx *k = ctx;
	const struct ghkey *g = gkey;
	__m128i c = bswap(LOAD128(ctr)), y = bswap(LOAD128(xi));
	__m128i prev[LANES];
	size_t done = 0;

	if (nblocks >= LANES) {
		__m128i b[LANES];

		counters(&c, b);
		aes8(k->ek, k->rounds, b);
		UNROLL
		for (int i = 0; i < LANES; i++) {
			b[i] = _mm_xor_si128(b[i], LOAD128(in + 16 * i));
			STORE128(out + 16 * i, b[i]);
			prev[i] = bswap(b[i]);
		}
		done = LANES;
		/* AES of the next eight beside the GHASH of the last eight */
		while (nblocks - done >= LANES) {
			counters(&c, b);
			aes8(k->ek, k->rounds, b);
			y = ghash8(g, y, prev);
			UNROLL
			for (int i = 0; i < LANES; i++) {
				b[i] = _mm_xor_si128(b[i], LOAD128(in + 16 * (done + i)));
				STORE128(out + 16 * (done + i), b[i]);
				prev[i] = bswap(b[i]);
			}
			done += LANES;
		}
		y = ghash8(g, y, prev);
	}
	if (done < nblocks) {
		ctr_tail(k, &c, out + 16 * done, in + 16 * done, nblocks - done);
		STORE128(xi, bswap(y));
		jca__ghash_pclmul(gkey, xi, out + 16 * done, nblocks - done);
	} else {
		STORE128(xi, bswap(y));
	}
	STORE128(ctr, bswap(c));
	return 0;
}
