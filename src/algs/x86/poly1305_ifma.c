/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 blocks for x86-64 CPUs with AVX-512 IFMA:
 * jca__poly1305_blocks_ifma. Eight accumulators, one per 64-bit lane of a
 * ZMM, each in three limbs of 44, 44 and 42 bits; VPMADD52LUQ/HUQ give the
 * low and high 52 bits of each 52 x 52-bit limb product, so a block costs
 * nine products (each in two halves) where 26-bit limbs cost 25. Lane k
 * takes the blocks k, k + 8...; between groups the lanes are multiplied by
 * r^8, after the last by the power of r their last block is from the end,
 * then summed (the scheme of poly1305_lanes_impl.h). h enters and leaves in
 * the generic 64-bit words. Below 16 blocks, and for the blocks left over,
 * the generic code runs. Constant time: multiplications, additions,
 * shifts and masks only.
 *
 * Build flags: -mavx512f -mavx512ifma. Runs only when jca__cpu_features()
 * has JCA__CPU_AVX512IFMA (which implies JCA__CPU_AVX512).
 */
#include <immintrin.h>

#include "../chacha.h"

#if JCA__POLY1305_64

typedef unsigned __int128 u128;
#define M44 0xfffffffffffull
#define M42 0x3ffffffffffull

/* h0 + h1 2^64 + h2 2^128 (h2 a few bits) to 44/44/42-bit limbs (the top
 * one may be a little over 42 bits) */
static void to44(uint64_t l[3], uint64_t h0, uint64_t h1, uint64_t h2)
{
	l[0] = h0 & M44;
	l[1] = ((h0 >> 44) | (h1 << 20)) & M44;
	l[2] = (h1 >> 24) | (h2 << 40);
}

/* 44-bit limbs (each below 2^52) back to the generic words */
static void to64(uint64_t h[3], const uint64_t l[3])
{
	u128 t = (u128)l[0] + ((u128)l[1] << 44);
	u128 hi = (t >> 64) + ((u128)l[2] << 24);

	h[0] = (uint64_t)t;
	h[1] = (uint64_t)hi;
	h[2] = (uint64_t)(hi >> 64);
}

/* column sums carried to 44/44/42-bit limbs mod 2^130 - 5 */
static void carry44(uint64_t l[3], u128 d0, u128 d1, u128 d2)
{
	uint64_t c;

	c = (uint64_t)(d0 >> 44); l[0] = (uint64_t)d0 & M44;
	d1 += c; c = (uint64_t)(d1 >> 44); l[1] = (uint64_t)d1 & M44;
	d2 += c; c = (uint64_t)(d2 >> 42); l[2] = (uint64_t)d2 & M42;
	l[0] += c * 5; c = l[0] >> 44; l[0] &= M44;
	l[1] += c;
}

/* o = a * b mod 2^130 - 5, scalar (for the powers of r); limbs 2^44 apart,
 * so a product past 2^130 at 2^132 comes back times 20 */
static void mul44(uint64_t o[3], const uint64_t a[3], const uint64_t b[3])
{
	uint64_t s1 = b[1] * 20, s2 = b[2] * 20;

	carry44(o, (u128)a[0] * b[0] + (u128)a[1] * s2 + (u128)a[2] * s1,
	        (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * s2,
	        (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0]);
}

#define LO(acc, a, b) _mm512_madd52lo_epu64(acc, a, b)
#define HI(acc, a, b) _mm512_madd52hi_epu64(acc, a, b)

/*
 * t = h * r (+ nothing else) as three 64-bit column sums, not carried.
 * Column k (weight 2^44k) gets the low halves of its products; the high
 * halves (weight 2^52 = 2^8 * 2^44 more) go to column k + 1 shifted by 8,
 * and those of column 2 wrap to column 0 times 20 (2^132 = 20 mod p).
 */
static inline void mul3(__m512i t[3], const __m512i h[3], const __m512i r[3], const __m512i s[3])
{
	const __m512i z = _mm512_setzero_si512();
	__m512i l0, l1, l2, u0, u1, u2;

	l0 = LO(LO(LO(z, h[0], r[0]), h[1], s[2]), h[2], s[1]);
	u0 = HI(HI(HI(z, h[0], r[0]), h[1], s[2]), h[2], s[1]);
	l1 = LO(LO(LO(z, h[0], r[1]), h[1], r[0]), h[2], s[2]);
	u1 = HI(HI(HI(z, h[0], r[1]), h[1], r[0]), h[2], s[2]);
	l2 = LO(LO(LO(z, h[0], r[2]), h[1], r[1]), h[2], r[0]);
	u2 = HI(HI(HI(z, h[0], r[2]), h[1], r[1]), h[2], r[0]);
	u2 = _mm512_slli_epi64(u2, 8);
	t[0] = _mm512_add_epi64(l0, _mm512_add_epi64(_mm512_slli_epi64(u2, 4), _mm512_slli_epi64(u2, 2)));
	t[1] = _mm512_add_epi64(l1, _mm512_slli_epi64(u0, 8));
	t[2] = _mm512_add_epi64(l2, _mm512_slli_epi64(u1, 8));
}

/* lazy carry: limbs back below 2^44 (limb 1 a little over) */
static inline void carry8(__m512i h[3], __m512i t[3])
{
	const __m512i m44 = _mm512_set1_epi64((long long)M44), m42 = _mm512_set1_epi64((long long)M42);
	__m512i c;

	c = _mm512_srli_epi64(t[0], 44); h[0] = _mm512_and_si512(t[0], m44); t[1] = _mm512_add_epi64(t[1], c);
	c = _mm512_srli_epi64(t[1], 44); h[1] = _mm512_and_si512(t[1], m44); t[2] = _mm512_add_epi64(t[2], c);
	c = _mm512_srli_epi64(t[2], 42); h[2] = _mm512_and_si512(t[2], m42);
	h[0] = _mm512_add_epi64(h[0], _mm512_add_epi64(c, _mm512_slli_epi64(c, 2)));
	c = _mm512_srli_epi64(h[0], 44); h[0] = _mm512_and_si512(h[0], m44);
	h[1] = _mm512_add_epi64(h[1], c);
}

/* eight blocks to limbs, 2^128 added; the unpacks pair blocks k and k + 4
 * in each 128-bit quarter, so the lanes hold blocks 0, 4, 1, 5, 2, 6, 3, 7 */
static inline void load8(__m512i m[3], const uint8_t *in)
{
	const __m512i m44 = _mm512_set1_epi64((long long)M44);
	__m512i a = _mm512_loadu_si512((const void *)in), b = _mm512_loadu_si512((const void *)(in + 64));
	__m512i lo = _mm512_unpacklo_epi64(a, b), hi = _mm512_unpackhi_epi64(a, b);

	m[0] = _mm512_and_si512(lo, m44);
	m[1] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)), m44);
	m[2] = _mm512_or_si512(_mm512_srli_epi64(hi, 24), _mm512_set1_epi64(1ll << 40));
}

void jca__poly1305_blocks_ifma(jca__poly1305 *p, const uint8_t *in, size_t nblocks, uint32_t full)
{
	static const int order[8] = { 0, 4, 1, 5, 2, 6, 3, 7 };
	uint64_t pw[8][3], l[3], lanes[3][8];
	__m512i h[3], m[3], t[3], R[3], S[3];
	size_t groups = nblocks / 8;
	u128 d[3];
	int i, k;

	if (nblocks < 16 || !full) {
		jca__poly1305_blocks_generic(p, in, nblocks, full);
		return;
	}
	/* pw[k] = r^(k + 1) */
	to44(pw[0], p->r[0], p->r[1], 0);
	for (k = 1; k < 8; k++)
		mul44(pw[k], pw[k - 1], pw[0]);
	to44(l, p->h[0], p->h[1], p->h[2]);
	for (i = 0; i < 3; i++) {
		R[i] = _mm512_set1_epi64((long long)pw[7][i]);
		S[i] = _mm512_set1_epi64((long long)(pw[7][i] * 20));
	}
	/* the first group, with h added to block 0 (lane 0) */
	load8(h, in);
	for (i = 0; i < 3; i++)
		h[i] = _mm512_add_epi64(h[i], _mm512_maskz_set1_epi64(1, (long long)l[i]));
	for (in += 128, groups--; groups; groups--, in += 128) {
		mul3(t, h, R, S);
		load8(m, in);
		for (i = 0; i < 3; i++)
			t[i] = _mm512_add_epi64(t[i], m[i]);
		carry8(h, t);
	}
	/* the lane of block j of the last group is 8 - j blocks from the end */
	for (i = 0; i < 3; i++) {
		uint64_t rv[8], sv[8];

		for (k = 0; k < 8; k++) {
			rv[k] = pw[7 - order[k]][i];
			sv[k] = rv[k] * 20;
		}
		R[i] = _mm512_loadu_si512((const void *)rv);
		S[i] = _mm512_loadu_si512((const void *)sv);
	}
	mul3(t, h, R, S);
	for (i = 0; i < 3; i++) {
		_mm512_storeu_si512((void *)lanes[i], t[i]);
		for (d[i] = 0, k = 0; k < 8; k++)
			d[i] += lanes[i][k];
	}
	carry44(l, d[0], d[1], d[2]);
	to64(p->h, l);
	_mm256_zeroupper();
	if (nblocks % 8)
		jca__poly1305_blocks_generic(p, in, nblocks % 8, 1);
}

#else

void jca__poly1305_blocks_ifma(jca__poly1305 *p, const uint8_t *in, size_t nblocks, uint32_t full)
{
	jca__poly1305_blocks_generic(p, in, nblocks, full);
}

#endif
