/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 blocks for x86-64 CPUs with AVX2: jca__poly1305_blocks_avx2.
 * Four independent accumulators, one per 64-bit lane, each in five 26-bit
 * limbs (VPMULUDQ multiplies the low 32 bits of each lane): lane j takes
 * the blocks j, j + 4, j + 8... and is multiplied by r^4 between groups;
 * after the last group the lanes are multiplied by r^4, r^3, r^2, r^1
 * (the last block of each lane is that far from the end) and summed. The
 * accumulator h enters lane 0 and leaves in the generic 44-bit limbs, so
 * the context is the generic one and the two backends can alternate.
 * Powers of r are computed on each call: below 8 blocks, and for the 0 to
 * 3 blocks left over, the generic code runs instead. Only multiplications,
 * additions, shifts and masks: constant time.
 *
 * Build flags: -mavx2. Runs only when jca__cpu_features() has
 * JCA__CPU_AVX2.
 */
#include <immintrin.h>

#include "../chacha.h"

#if JCA__POLY1305_64

typedef unsigned __int128 u128;
#define M26 0x3ffffffull
#define M44 0xfffffffffffull

/* 44/44/42-bit limbs (possibly a little over) to 26-bit limbs, same value
 * (the top limb may exceed 26 bits) */
static void to26(uint64_t l[5], const uint64_t h[3])
{
	u128 v = (u128)h[0] + ((u128)h[1] << 44);

	l[0] = (uint64_t)v & M26;
	l[1] = (uint64_t)(v >> 26) & M26;
	l[2] = (uint64_t)(v >> 52) & M26;
	l[3] = (uint64_t)(v >> 78) + ((h[2] & 0xffff) << 10);
	l[4] = h[2] >> 16;
}

/* carried 26-bit limbs (each below 2^32) back to 44-bit ones */
static void to44(uint64_t h[3], const uint64_t l[5])
{
	u128 v = (u128)l[0] + ((u128)l[1] << 26) + ((u128)l[2] << 52) + ((u128)l[3] << 78);

	h[0] = (uint64_t)v & M44;
	h[1] = (uint64_t)(v >> 44) & M44;
	h[2] = (uint64_t)(v >> 88) + (l[4] << 16);
}

/* d (five 64-bit column sums) carried to 26-bit limbs mod 2^130 - 5 */
static void carry26(uint64_t l[5], uint64_t d[5])
{
	uint64_t c;
	int i;

	for (i = 0, c = 0; i < 5; i++) {
		d[i] += c;
		c = d[i] >> 26;
		l[i] = d[i] & M26;
	}
	l[0] += c * 5;
	l[1] += l[0] >> 26;
	l[0] &= M26;
}

/* o = a * b mod 2^130 - 5, scalar, 26-bit limbs (for the powers of r) */
static void mul26(uint64_t o[5], const uint64_t a[5], const uint64_t b[5])
{
	uint64_t d[5];
	int i, j;

	for (i = 0; i < 5; i++) {
		d[i] = 0;
		for (j = 0; j <= i; j++)
			d[i] += a[j] * b[i - j];
		for (j = i + 1; j < 5; j++)            /* wraps past 2^130: times 5 */
			d[i] += a[j] * (b[i + 5 - j] * 5);
	}
	carry26(o, d);
}

/* the five column sums of h * r, with s = 5 * r for the wrapped terms */
#define MUL5(d, h, r, s) do { \
	d[0] = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[0]), \
		_mm256_mul_epu32(h[1], s[4])), _mm256_add_epi64(_mm256_mul_epu32(h[2], s[3]), \
		_mm256_mul_epu32(h[3], s[2]))), _mm256_mul_epu32(h[4], s[1])); \
	d[1] = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[1]), \
		_mm256_mul_epu32(h[1], r[0])), _mm256_add_epi64(_mm256_mul_epu32(h[2], s[4]), \
		_mm256_mul_epu32(h[3], s[3]))), _mm256_mul_epu32(h[4], s[2])); \
	d[2] = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[2]), \
		_mm256_mul_epu32(h[1], r[1])), _mm256_add_epi64(_mm256_mul_epu32(h[2], r[0]), \
		_mm256_mul_epu32(h[3], s[4]))), _mm256_mul_epu32(h[4], s[3])); \
	d[3] = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[3]), \
		_mm256_mul_epu32(h[1], r[2])), _mm256_add_epi64(_mm256_mul_epu32(h[2], r[1]), \
		_mm256_mul_epu32(h[3], r[0]))), _mm256_mul_epu32(h[4], s[4])); \
	d[4] = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(h[0], r[4]), \
		_mm256_mul_epu32(h[1], r[3])), _mm256_add_epi64(_mm256_mul_epu32(h[2], r[2]), \
		_mm256_mul_epu32(h[3], r[1]))), _mm256_mul_epu32(h[4], r[0])); \
} while (0)

/* Four blocks into 26-bit limbs, 2^128 added. The unpacks work inside
 * 128-bit halves, so the lanes hold blocks 0, 2, 1, 3 in that order. */
static inline void load4(__m256i m[5], const uint8_t *in)
{
	const __m256i mask = _mm256_set1_epi64x((long long)M26);
	__m256i a = _mm256_loadu_si256((const __m256i *)in), b = _mm256_loadu_si256((const __m256i *)(in + 32));
	__m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);

	m[0] = _mm256_and_si256(lo, mask);
	m[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
	m[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask);
	m[3] = _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask);
	m[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40), _mm256_set1_epi64x(1 << 24));
}

/* lazy carry of the column sums: limbs back below 2^26 (limbs 1 and 4 a
 * little over, all below 2^32). Two chains, 0 -> 1 -> 2 -> 3 and
 * 3 -> 4 -> 0 -> 1, run side by side to halve the latency. */
static inline void carry4(__m256i h[5], __m256i d[5])
{
	const __m256i mask = _mm256_set1_epi64x((long long)M26);
	__m256i c, e;

	c = _mm256_srli_epi64(d[0], 26); d[0] = _mm256_and_si256(d[0], mask); d[1] = _mm256_add_epi64(d[1], c);
	e = _mm256_srli_epi64(d[3], 26); d[3] = _mm256_and_si256(d[3], mask); d[4] = _mm256_add_epi64(d[4], e);
	c = _mm256_srli_epi64(d[1], 26); d[1] = _mm256_and_si256(d[1], mask); d[2] = _mm256_add_epi64(d[2], c);
	e = _mm256_srli_epi64(d[4], 26); d[4] = _mm256_and_si256(d[4], mask);
	d[0] = _mm256_add_epi64(d[0], _mm256_add_epi64(e, _mm256_slli_epi64(e, 2)));
	c = _mm256_srli_epi64(d[2], 26); d[2] = _mm256_and_si256(d[2], mask); d[3] = _mm256_add_epi64(d[3], c);
	e = _mm256_srli_epi64(d[0], 26); d[0] = _mm256_and_si256(d[0], mask); d[1] = _mm256_add_epi64(d[1], e);
	c = _mm256_srli_epi64(d[3], 26); d[3] = _mm256_and_si256(d[3], mask); d[4] = _mm256_add_epi64(d[4], c);
	h[0] = d[0], h[1] = d[1], h[2] = d[2], h[3] = d[3], h[4] = d[4];
}

void jca__poly1305_blocks_avx2(jca__poly1305 *p, const uint8_t *in, size_t nblocks, uint32_t full)
{
	uint64_t r1[5], r2[5], r3[5], r4[5], l[5], d[5];
	__m256i h[5], m[5], dv[5], R[5], S[5];
	size_t groups = nblocks / 4;
	int i;

	if (nblocks < 8 || !full) {
		jca__poly1305_blocks_generic(p, in, nblocks, full);
		return;
	}
	to26(r1, p->r);
	mul26(r2, r1, r1);
	mul26(r3, r2, r1);
	mul26(r4, r2, r2);
	to26(l, p->h);
	for (i = 0; i < 5; i++) {
		R[i] = _mm256_set1_epi64x((long long)r4[i]);
		S[i] = _mm256_set1_epi64x((long long)(r4[i] * 5));
	}
	/* the first group, with h added to block 0 (lane 0) */
	load4(h, in);
	for (i = 0; i < 5; i++)
		h[i] = _mm256_add_epi64(h[i], _mm256_set_epi64x(0, 0, 0, (long long)l[i]));
	for (in += 64, groups--; groups; groups--, in += 64) {
		MUL5(dv, h, R, S);
		load4(m, in);
		for (i = 0; i < 5; i++)
			dv[i] = _mm256_add_epi64(dv[i], m[i]);
		carry4(h, dv);
	}
	/* lanes hold blocks 0, 2, 1, 3 of the last group: r^4, r^2, r^3, r^1 */
	for (i = 0; i < 5; i++) {
		R[i] = _mm256_set_epi64x((long long)r1[i], (long long)r3[i], (long long)r2[i], (long long)r4[i]);
		S[i] = _mm256_set_epi64x((long long)(r1[i] * 5), (long long)(r3[i] * 5), (long long)(r2[i] * 5),
		                         (long long)(r4[i] * 5));
	}
	MUL5(dv, h, R, S);
	for (i = 0; i < 5; i++) {
		__m128i s = _mm_add_epi64(_mm256_castsi256_si128(dv[i]), _mm256_extracti128_si256(dv[i], 1));

		d[i] = (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(s, _mm_unpackhi_epi64(s, s)));
	}
	carry26(l, d);
	to44(p->h, l);
	_mm256_zeroupper();
	if (nblocks % 4)
		jca__poly1305_blocks_generic(p, in, nblocks % 4, 1);
}

#else

void jca__poly1305_blocks_avx2(jca__poly1305 *p, const uint8_t *in, size_t nblocks, uint32_t full)
{
	jca__poly1305_blocks_generic(p, in, nblocks, full);
}

#endif
