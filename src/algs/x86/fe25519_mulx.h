/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Arithmetic modulo p = 2^255 - 19 for x86-64 with BMI2 and ADX: four
 * 64-bit limbs (radix 2^64), 64x64->128 products by MULX, carry chains by
 * ADCX/ADOX (_addcarryx_u64). Same names as the portable fe25519.h, so the
 * curve code (x25519_impl.h, ed25519_impl.h) compiles over either.
 *
 * Values are kept below 2^256, not fully reduced: 2^256 = 38 mod p, so a
 * carry out of the top limb comes back as 38 at the bottom. Only
 * fe_tobytes reduces fully. Constant time: carries are added as numbers,
 * never tested.
 *
 * Only for files compiled with -mbmi2 -madx, and called only when
 * jca__cpu_features() has both.
 */
#ifndef JCA_FE25519_MULX_H
#define JCA_FE25519_MULX_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "../../util/bytes.h"

typedef unsigned long long fe_limb;
typedef fe_limb fe[4];

static inline uint64_t fe_barrier(uint64_t m)
{
	__asm__("" : "+r"(m));
	return m;
}

#define FE_ADC(c, a, b, r) _addcarryx_u64((c), (a), (b), (r))
#define FE_SBB(c, a, b, r) _subborrow_u64((c), (a), (b), (r))

static inline void fe_copy(fe r, const fe a) { memcpy(r, a, sizeof(fe)); }
static inline void fe_0(fe r) { memset(r, 0, sizeof(fe)); }
static inline void fe_1(fe r) { fe_0(r); r[0] = 1; }

/* r = t + 2^256 top, folded: top (below 2^7) times 38 into the bottom,
 * and a last carry (only when r was near 2^256) as 38 again. */
static inline void fe_fold(fe r, fe_limb top)
{
	unsigned char c;

	c = FE_ADC(0, r[0], top * 38, &r[0]);
	c = FE_ADC(c, r[1], 0, &r[1]);
	c = FE_ADC(c, r[2], 0, &r[2]);
	c = FE_ADC(c, r[3], 0, &r[3]);
	r[0] += (0 - (fe_limb)c) & 38;
}

static inline void fe_add(fe r, const fe a, const fe b)
{
	unsigned char c;

	c = FE_ADC(0, a[0], b[0], &r[0]);
	c = FE_ADC(c, a[1], b[1], &r[1]);
	c = FE_ADC(c, a[2], b[2], &r[2]);
	c = FE_ADC(c, a[3], b[3], &r[3]);
	fe_fold(r, c);
}

static inline void fe_sub(fe r, const fe a, const fe b)
{
	unsigned char c;

	c = FE_SBB(0, a[0], b[0], &r[0]);
	c = FE_SBB(c, a[1], b[1], &r[1]);
	c = FE_SBB(c, a[2], b[2], &r[2]);
	c = FE_SBB(c, a[3], b[3], &r[3]);
	/* a borrow took 2^256 = 38 too much away: take 38 less (twice at
	 * most, the second time from a value that cannot borrow again) */
	c = FE_SBB(0, r[0], (0 - (fe_limb)c) & 38, &r[0]);
	c = FE_SBB(c, r[1], 0, &r[1]);
	c = FE_SBB(c, r[2], 0, &r[2]);
	c = FE_SBB(c, r[3], 0, &r[3]);
	r[0] -= (0 - (fe_limb)c) & 38;
}

static inline void fe_neg(fe r, const fe a)
{
	static const fe zero = { 0, 0, 0, 0 };

	fe_sub(r, zero, a);
}

/* r = t mod p (below 2^256) for an eight-limb t: low half + 38 high half */
static inline void fe_reduce8(fe r, const fe_limb t[8])
{
	fe_limb l0, l1, l2, l3, h0, h1, h2, h3, top;
	unsigned char c, o;

	l0 = _mulx_u64(38, t[4], &h0);
	l1 = _mulx_u64(38, t[5], &h1);
	l2 = _mulx_u64(38, t[6], &h2);
	l3 = _mulx_u64(38, t[7], &h3);
	c = FE_ADC(0, t[0], l0, &r[0]);
	c = FE_ADC(c, t[1], l1, &r[1]);
	c = FE_ADC(c, t[2], l2, &r[2]);
	c = FE_ADC(c, t[3], l3, &r[3]);
	o = FE_ADC(0, r[1], h0, &r[1]);
	o = FE_ADC(o, r[2], h1, &r[2]);
	o = FE_ADC(o, r[3], h2, &r[3]);
	top = h3 + c + o;
	fe_fold(r, top);
}

/* t[i .. i+4] += a * b[0..3], t[i+4] being written fresh */
static inline void fe_row(fe_limb t[8], int i, fe_limb a, const fe b)
{
	fe_limb l0, l1, l2, l3, h0, h1, h2, h3;
	unsigned char c, o;

	l0 = _mulx_u64(a, b[0], &h0);
	l1 = _mulx_u64(a, b[1], &h1);
	l2 = _mulx_u64(a, b[2], &h2);
	l3 = _mulx_u64(a, b[3], &h3);
	c = FE_ADC(0, t[i], l0, &t[i]);
	c = FE_ADC(c, t[i + 1], l1, &t[i + 1]);
	c = FE_ADC(c, t[i + 2], l2, &t[i + 2]);
	c = FE_ADC(c, t[i + 3], l3, &t[i + 3]);
	o = FE_ADC(0, t[i + 1], h0, &t[i + 1]);
	o = FE_ADC(o, t[i + 2], h1, &t[i + 2]);
	o = FE_ADC(o, t[i + 3], h2, &t[i + 3]);
	/* the partial product fits in i + 5 limbs: no carry out of here */
	t[i + 4] = h3 + c + o;
}

static inline void fe_mul(fe r, const fe a, const fe b)
{
	fe_limb t[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };

	fe_row(t, 0, a[0], b);
	fe_row(t, 1, a[1], b);
	fe_row(t, 2, a[2], b);
	fe_row(t, 3, a[3], b);
	fe_reduce8(r, t);
}

static inline void fe_sqr(fe r, const fe a)
{
	fe_limb t[8], l01, h01, l02, h02, l03, h03, l12, h12, l13, h13, l23, h23, u4, u5, lo, hi;
	unsigned char c;

	/* the off-diagonal products a_i a_j (i < j), once */
	l01 = _mulx_u64(a[0], a[1], &h01);
	l02 = _mulx_u64(a[0], a[2], &h02);
	l03 = _mulx_u64(a[0], a[3], &h03);
	l12 = _mulx_u64(a[1], a[2], &h12);
	l13 = _mulx_u64(a[1], a[3], &h13);
	l23 = _mulx_u64(a[2], a[3], &h23);
	t[1] = l01;
	c = FE_ADC(0, h01, l02, &t[2]);
	c = FE_ADC(c, h02, l03, &t[3]);
	t[4] = h03 + c;
	c = FE_ADC(0, h12, l13, &u4);
	u5 = h13 + c;
	c = FE_ADC(0, t[3], l12, &t[3]);
	c = FE_ADC(c, t[4], u4, &t[4]);
	t[5] = u5 + c;
	c = FE_ADC(0, t[5], l23, &t[5]);
	t[6] = h23 + c;
	/* twice that, plus the squares a_i^2 on the diagonal */
	t[7] = t[6] >> 63;
	t[6] = (t[6] << 1) | (t[5] >> 63);
	t[5] = (t[5] << 1) | (t[4] >> 63);
	t[4] = (t[4] << 1) | (t[3] >> 63);
	t[3] = (t[3] << 1) | (t[2] >> 63);
	t[2] = (t[2] << 1) | (t[1] >> 63);
	t[1] = t[1] << 1;
	t[0] = _mulx_u64(a[0], a[0], &hi);
	c = FE_ADC(0, t[1], hi, &t[1]);
	lo = _mulx_u64(a[1], a[1], &hi);
	c = FE_ADC(c, t[2], lo, &t[2]);
	c = FE_ADC(c, t[3], hi, &t[3]);
	lo = _mulx_u64(a[2], a[2], &hi);
	c = FE_ADC(c, t[4], lo, &t[4]);
	c = FE_ADC(c, t[5], hi, &t[5]);
	lo = _mulx_u64(a[3], a[3], &hi);
	c = FE_ADC(c, t[6], lo, &t[6]);
	FE_ADC(c, t[7], hi, &t[7]);
	fe_reduce8(r, t);
}

static inline void fe_mul_small(fe r, const fe a, uint32_t k)
{
	fe_limb h0, h1, h2, h3;
	unsigned char c;

	r[0] = _mulx_u64(a[0], k, &h0);
	r[1] = _mulx_u64(a[1], k, &h1);
	r[2] = _mulx_u64(a[2], k, &h2);
	r[3] = _mulx_u64(a[3], k, &h3);
	c = FE_ADC(0, r[1], h0, &r[1]);
	c = FE_ADC(c, r[2], h1, &r[2]);
	c = FE_ADC(c, r[3], h2, &r[3]);
	fe_fold(r, h3 + c);
}

static inline void fe_from_words(fe r, const uint64_t w[4])
{
	r[0] = w[0];
	r[1] = w[1];
	r[2] = w[2];
	r[3] = w[3];
}

/* 32 little-endian bytes; bit 255 is ignored (RFC 7748, 5). */
static inline void fe_frombytes(fe r, const uint8_t s[32])
{
	r[0] = jca__load_le64(s);
	r[1] = jca__load_le64(s + 8);
	r[2] = jca__load_le64(s + 16);
	r[3] = jca__load_le64(s + 24) & 0x7fffffffffffffffull;
}

/* The unique representative below p, as 32 little-endian bytes. */
static inline void fe_tobytes(uint8_t s[32], const fe a)
{
	fe v, w;
	fe_limb m;
	unsigned char c;
	int i;

	/* bit 255 is worth 19: v < 2^255 + 19 after this */
	m = a[3] >> 63;
	c = FE_ADC(0, a[0], 19 * m, &v[0]);
	c = FE_ADC(c, a[1], 0, &v[1]);
	c = FE_ADC(c, a[2], 0, &v[2]);
	FE_ADC(c, a[3] & 0x7fffffffffffffffull, 0, &v[3]);
	/* v >= p exactly when v + 19 reaches 2^255; then v - p = v + 19 - 2^255 */
	c = FE_ADC(0, v[0], 19, &w[0]);
	c = FE_ADC(c, v[1], 0, &w[1]);
	c = FE_ADC(c, v[2], 0, &w[2]);
	FE_ADC(c, v[3], 0, &w[3]);
	m = fe_barrier(0 - (w[3] >> 63));
	w[3] &= 0x7fffffffffffffffull;
	for (i = 0; i < 4; i++)
		jca__store_le64(s + 8 * i, (w[i] & m) | (v[i] & ~m));
}

static inline void fe_cswap(fe a, fe b, uint64_t mask)
{
	int i;

	mask = fe_barrier(mask);
	for (i = 0; i < 4; i++) {
		fe_limb x = (a[i] ^ b[i]) & mask;

		a[i] ^= x;
		b[i] ^= x;
	}
}

static inline void fe_cmov(fe r, const fe a, uint64_t mask)
{
	int i;

	mask = fe_barrier(mask);
	for (i = 0; i < 4; i++)
		r[i] ^= (r[i] ^ a[i]) & mask;
}

#endif
