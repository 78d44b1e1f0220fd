/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES-CTR and GHASH with VAES and VPCLMULQDQ on 512-bit registers: four
 * blocks per ZMM.
 *
 * Compile with: -maes -mpclmul -mssse3 -mavx512f -mavx512vl -mavx512bw
 * -mvaes -mvpclmulqdq. Call only when jca__cpu_features() has
 * JCA__CPU_VAES512 and JCA__CPU_VPCLMUL. The AES context is jca__aesni_ctx
 * (see aesni.c); the GHASH key is struct ghkey below.
 *
 * GHASH uses the byte-reflected form described in gcm_aesni.c, lane by
 * lane: sixteen blocks (four ZMM) are multiplied by H^16 .. H^1, the
 * 256-bit products summed unreduced across registers and lanes, and
 * reduced once. Each 128 x 128 product is four VPCLMULQDQ (schoolbook:
 * with 512-bit registers the Karatsuba shuffles cost as much as the
 * multiply they save).
 *
 * CTR: each lane holds a byte-reversed counter block, so a lane's low
 * 32 bits are the big-endian counter and vpaddd advances it modulo 2^32.
 * The main loops keep 16 blocks in flight; all round keys stay in ZMM
 * registers. gcm_encrypt hashes the previous sixteen ciphertext blocks
 * while the next sixteen counters go through AES. Tails use masked loads
 * and stores, which touch no memory outside the buffers.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../gcm.h"

#include "simd.h"

#define LOAD512(p)     _mm512_loadu_si512((const void *)(p))
#define STORE512(p, v) _mm512_storeu_si512((void *)(p), (v))

#define Z 4                    /* ZMM per group of 16 blocks */

struct ghkey {
	/* h[j] lanes: H^(16-4j), H^(15-4j), H^(14-4j), H^(13-4j); bytes, as
	 * the engine aligns the key to 16 bytes only */
	uint8_t h[Z][64];
};

static ALWAYS_INLINE __m512i bswap512(__m512i x)
{
	const __m512i m = _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));

	return _mm512_shuffle_epi8(x, m);
}

static ALWAYS_INLINE __m128i bswap128(__m128i x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

static ALWAYS_INLINE __m512i xor3(__m512i a, __m512i b, __m512i c)
{
	return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

/* ---- GHASH ----------------------------------------------------------- */

/* Reduction of the 256-bit product [hi:lo] + mid * x^64 (see gcm_aesni.c). */
static ALWAYS_INLINE __m128i reduce(__m128i lo, __m128i mid, __m128i hi)
{
	__m128i c1, c2, t, u;

	lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
	hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
	c1 = _mm_srli_epi64(lo, 63);
	c2 = _mm_srli_epi64(hi, 63);
	lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(c1, 8));
	hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(c2, 8)), _mm_srli_si128(c1, 8));
	t = _mm_ternarylogic_epi64(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62), _mm_slli_epi64(lo, 57), 0x96);
	lo = _mm_xor_si128(lo, _mm_slli_si128(t, 8));
	t = _mm_ternarylogic_epi64(_mm_srli_epi64(lo, 1), _mm_srli_epi64(lo, 2), _mm_srli_epi64(lo, 7), 0x96);
	u = _mm_ternarylogic_epi64(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62), _mm_slli_epi64(lo, 57), 0x96);
	t = _mm_xor_si128(t, _mm_srli_si128(u, 8));
	return _mm_ternarylogic_epi64(hi, lo, t, 0x96);
}

static __m128i gf_mul(__m128i a, __m128i h)
{
	__m128i lo = _mm_clmulepi64_si128(a, h, 0x00), hi = _mm_clmulepi64_si128(a, h, 0x11);
	__m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01), _mm_clmulepi64_si128(a, h, 0x10));

	return reduce(lo, mid, hi);
}

/* Accumulates the products of the four lanes of a and h. */
static ALWAYS_INLINE void mul_acc(__m512i a, __m512i h, __m512i *lo, __m512i *mid, __m512i *hi)
{
	*lo = _mm512_xor_si512(*lo, _mm512_clmulepi64_epi128(a, h, 0x00));
	*hi = _mm512_xor_si512(*hi, _mm512_clmulepi64_epi128(a, h, 0x11));
	*mid = xor3(*mid, _mm512_clmulepi64_epi128(a, h, 0x01), _mm512_clmulepi64_epi128(a, h, 0x10));
}

static ALWAYS_INLINE __m128i fold_lanes(__m512i x)
{
	__m256i t = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));

	return _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
}

static ALWAYS_INLINE __m128i reduce512(__m512i lo, __m512i mid, __m512i hi)
{
	return reduce(fold_lanes(lo), fold_lanes(mid), fold_lanes(hi));
}

/* y <- (y ^ b0) H^16 ^ ... ^ b15 H; b byte-reflected, four per ZMM. */
static ALWAYS_INLINE __m128i ghash16(const struct ghkey *k, __m128i y, const __m512i b[Z])
{
	__m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;

	UNROLL
	for (int j = 0; j < Z; j++)
		mul_acc(j == 0 ? _mm512_xor_si512(b[0], _mm512_zextsi128_si512(y)) : b[j],
		        LOAD512(k->h[j]), &lo, &mid, &hi);
	return reduce512(lo, mid, hi);
}

/* Fewer than 16 blocks: groups of four by H^4..H^1 (the lanes of h[3]),
 * then single blocks by H. */
static __m128i ghash_tail(const struct ghkey *k, __m128i y, const uint8_t *in, size_t nblocks)
{
	__m512i h4 = LOAD512(k->h[Z - 1]);
	__m128i h1 = _mm512_extracti32x4_epi32(h4, 3);

	for (; nblocks >= 4; nblocks -= 4, in += 64) {
		__m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
		__m512i b = _mm512_xor_si512(bswap512(LOAD512(in)), _mm512_zextsi128_si512(y));

		mul_acc(b, h4, &lo, &mid, &hi);
		y = reduce512(lo, mid, hi);
	}
	for (; nblocks > 0; nblocks--, in += 16)
		y = gf_mul(_mm_xor_si128(y, bswap128(LOAD128(in))), h1);
	return y;
}

/* y <- (y ^ b0) H^n ^ ... ^ b(n-1) H for the n (1..4) blocks in the low
 * lanes of b (byte-reflected; the other lanes zero): one reduction. */
static ALWAYS_INLINE __m128i ghash_lanes(const struct ghkey *k, __m128i y, __m512i b, size_t n)
{
	__m512i h = LOAD512(k->h[Z - 1]), lo = _mm512_setzero_si512(), mid = lo, hi = lo;

	/* lane i takes H^(n-i), lane 4-n+i of h (H^4 .. H^1); the index wraps
	 * for the zero lanes */
	if (n < 4)
		h = _mm512_permutexvar_epi64(_mm512_add_epi64(_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0),
		                                              _mm512_set1_epi64((long long)(2 * (4 - n)))), h);
	mul_acc(_mm512_xor_si512(b, _mm512_zextsi128_si512(y)), h, &lo, &mid, &hi);
	return reduce512(lo, mid, hi);
}

int jca__ghash_vpclmul512(const void *gkey, uint8_t xi[16], const uint8_t *in, size_t nblocks)
{
	const struct ghkey *k = gkey;
	__m128i y = bswap128(LOAD128(xi));

	for (; nblocks >= 4 * Z; nblocks -= 4 * Z, in += 64 * Z) {
		__m512i b[Z];

		UNROLL
		for (int j = 0; j < Z; j++)
			b[j] = bswap512(LOAD512(in + 64 * j));
		y = ghash16(k, y, b);
	}
	y = ghash_tail(k, y, in, nblocks);
	STORE128(xi, bswap128(y));
	return 0;
}

/* ---- AES-CTR ----------------------------------------------------------- */

/* Round keys broadcast to every lane. */
struct rk {
	__m512i k[15];
	unsigned nr;
};

static ALWAYS_INLINE void load_rk(struct rk *r, const jca__aesni_ctx *c)
{
	r->nr = c->rounds;
	for (unsigned i = 0; i <= r->nr; i++)
		r->k[i] = _mm512_broadcast_i32x4(LOAD128(c->ek + 16 * i));
}

/* AES of n ZMM (n a constant after inlining). */
static ALWAYS_INLINE void aes_zmmn(const struct rk *r, __m512i *b, int n)
{
	UNROLL
	for (int j = 0; j < n; j++)
		b[j] = _mm512_xor_si512(b[j], r->k[0]);
	for (unsigned i = 1; i < r->nr; i++) {
		UNROLL
		for (int j = 0; j < n; j++)
			b[j] = _mm512_aesenc_epi128(b[j], r->k[i]);
	}
	UNROLL
	for (int j = 0; j < n; j++)
		b[j] = _mm512_aesenclast_epi128(b[j], r->k[r->nr]);
}

static ALWAYS_INLINE void aes_zmm(const struct rk *r, __m512i b[Z])
{
	aes_zmmn(r, b, Z);
}

/* AES of one ZMM with the round keys broadcast from the schedule as they
 * are used: for a few blocks, where filling struct rk (eleven to fifteen
 * 64-byte stores) would cost more than the AES. */
static ALWAYS_INLINE __m512i aes_one_ek(const jca__aesni_ctx *k, __m512i b)
{
	b = _mm512_xor_si512(b, _mm512_broadcast_i32x4(LOAD128(k->ek)));
	for (unsigned i = 1; i < k->rounds; i++)
		b = _mm512_aesenc_epi128(b, _mm512_broadcast_i32x4(LOAD128(k->ek + 16 * i)));
	return _mm512_aesenclast_epi128(b, _mm512_broadcast_i32x4(LOAD128(k->ek + 16 * k->rounds)));
}

/* c: byte-reversed counter in every lane, lane i holding counter + i. */
static ALWAYS_INLINE void counters(__m512i *c, __m512i b[Z])
{
	const __m512i four = _mm512_broadcast_i32x4(_mm_set_epi32(0, 0, 0, 4));

	UNROLL
	for (int j = 0; j < Z; j++) {
		b[j] = bswap512(*c);
		*c = _mm512_add_epi32(*c, four);
	}
}

static ALWAYS_INLINE __m512i start_counter(const uint8_t ctr[16])
{
	return _mm512_add_epi32(_mm512_broadcast_i32x4(bswap128(LOAD128(ctr))),
	                        _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
}

/* Up to 4 blocks, with masked loads and stores. Returns the counter
 * advanced by n. */
static ALWAYS_INLINE __m512i ctr_part(const jca__aesni_ctx *k, __m512i c, uint8_t *out, const uint8_t *in, size_t n)
{
	__mmask8 m = (__mmask8)((1u << (2 * n)) - 1);
	__m512i ks = aes_one_ek(k, bswap512(c));

	_mm512_mask_storeu_epi64(out, m, _mm512_xor_si512(ks, _mm512_maskz_loadu_epi64(m, in)));
	return _mm512_add_epi32(c, _mm512_broadcast_i32x4(_mm_set_epi32(0, 0, 0, (int)n)));
}

/* Tail of fewer than 16 blocks. */
static __m512i ctr_tail(const jca__aesni_ctx *k, __m512i c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	while (nblocks > 0) {
		size_t n = nblocks < 4 ? nblocks : 4;

		c = ctr_part(k, c, out, in, n);
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
	return c;
}

int jca__vaes512_ctr32(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	struct rk r;
	__m512i c = start_counter(ctr);

	if (nblocks >= 4 * Z)
		load_rk(&r, ctx);
	/* CTR alone has no GHASH to overlap with: 32 blocks (8 ZMM) in flight
	 * keep the AES units busy through the rounds' latency */
	for (; nblocks >= 8 * Z; nblocks -= 8 * Z, in += 128 * Z, out += 128 * Z) {
		__m512i b[2 * Z];

		counters(&c, b);
		counters(&c, b + Z);
		aes_zmmn(&r, b, 2 * Z);
		UNROLL
		for (int j = 0; j < 2 * Z; j++)
			STORE512(out + 64 * j, _mm512_xor_si512(b[j], LOAD512(in + 64 * j)));
	}
	for (; nblocks >= 4 * Z; nblocks -= 4 * Z, in += 64 * Z, out += 64 * Z) {
		__m512i b[Z];

		counters(&c, b);
		aes_zmm(&r, b);
		UNROLL
		for (int j = 0; j < Z; j++)
			STORE512(out + 64 * j, _mm512_xor_si512(b[j], LOAD512(in + 64 * j)));
	}
	c = ctr_tail(ctx, c, out, in, nblocks);
	STORE128(ctr, bswap128(_mm512_castsi512_si128(c)));
	return 0;
}

/* ---- GCM ------------------------------------------------------------------ */

int jca__vaes512_gcm_init(const void *ctx, void *gkey)
{
	const jca__aesni_ctx *k = ctx;
	struct ghkey *g = gkey;
	__m128i h, p, pw[16];
	__m128i b = _mm_xor_si128(_mm_setzero_si128(), LOAD128(k->ek));

	for (unsigned i = 1; i < k->rounds; i++)
		b = _mm_aesenc_si128(b, LOAD128(k->ek + 16 * i));
	h = bswap128(_mm_aesenclast_si128(b, LOAD128(k->ek + 16 * k->rounds)));
	p = h;
	for (int i = 0; i < 16; i++) {          /* pw[i] = H^(i+1) */
		pw[i] = p;
		p = gf_mul(p, h);
	}
	for (int j = 0; j < Z; j++) {
		__m512i v = _mm512_castsi128_si512(pw[15 - 4 * j]);

		v = _mm512_inserti32x4(v, pw[14 - 4 * j], 1);
		v = _mm512_inserti32x4(v, pw[13 - 4 * j], 2);
		v = _mm512_inserti32x4(v, pw[12 - 4 * j], 3);
		STORE512(g->h[j], v);
	}
	return 0;
}

int jca__vaes512_gcm_encrypt(const void *ctx, const void *gkey, uint8_t ctr[16], uint8_t xi[16], uint8_t *out,
                              const uint8_t *in, size_t nblocks)
{
	const struct ghkey *g = gkey;
	struct rk r;
	__m512i c = start_counter(ctr), prev[Z];
	__m128i y = bswap128(LOAD128(xi));
	size_t done = 0;

	if (nblocks >= 4 * Z) {
		__m512i b[Z];

		load_rk(&r, ctx);
		counters(&c, b);
		aes_zmm(&r, b);
		UNROLL
		for (int j = 0; j < Z; j++) {
			b[j] = _mm512_xor_si512(b[j], LOAD512(in + 64 * j));
			STORE512(out + 64 * j, b[j]);
			prev[j] = bswap512(b[j]);
		}
		done = 4 * Z;
		while (nblocks - done >= 4 * Z) {
			counters(&c, b);
			aes_zmm(&r, b);
			y = ghash16(g, y, prev);
			UNROLL
			for (int j = 0; j < Z; j++) {
				b[j] = _mm512_xor_si512(b[j], LOAD512(in + 16 * done + 64 * j));
				STORE512(out + 16 * done + 64 * j, b[j]);
				prev[j] = bswap512(b[j]);
			}
			done += 4 * Z;
		}
		y = ghash16(g, y, prev);
	}
	/* The last blocks, up to four at a time, hashed from the register:
	 * loading what the masked store just wrote would wait for the store
	 * (no forwarding from masked stores). */
	while (done < nblocks) {
		size_t n = nblocks - done < 4 ? nblocks - done : 4;
		__mmask8 m = (__mmask8)((1u << (2 * n)) - 1);
		__m512i ct = _mm512_maskz_xor_epi64(m, aes_one_ek(ctx, bswap512(c)),
		                                    _mm512_maskz_loadu_epi64(m, in + 16 * done));

		_mm512_mask_storeu_epi64(out + 16 * done, m, ct);
		c = _mm512_add_epi32(c, _mm512_broadcast_i32x4(_mm_set_epi32(0, 0, 0, (int)n)));
		y = ghash_lanes(g, y, bswap512(ct), n);
		done += n;
	}
	STORE128(xi, bswap128(y));
	STORE128(ctr, bswap128(_mm512_castsi512_si128(c)));
	return 0;
}
