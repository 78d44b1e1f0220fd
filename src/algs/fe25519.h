/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Arithmetic modulo p = 2^255 - 19, portable: five limbs of 51 bits in
 * 64-bit words, products in unsigned __int128. Constant time: no branch and
 * no memory index depends on a value.
 *
 * This header is one of the two field backends (the other is
 * x86/fe25519_mulx.h, radix 2^64 with MULX/ADX). Both define the same
 * static inline names (fe, fe_add, fe_mul, ...), so that the curve code
 * written once in x25519_impl.h and ed25519_impl.h compiles over either.
 *
 * Limb bounds (value = sum h[i] 2^(51 i), not necessarily reduced):
 *  - fe_mul, fe_sqr, fe_mul_small, fe_sub, fe_carry return limbs below
 *    2^51 + 2^15;
 *  - fe_add does not carry: its limbs are at most the sum of its inputs';
 *  - fe_mul and fe_sqr accept limbs below 2^54 (a sum of three reduced
 *    values), fe_sub's second operand limbs below 2^53 (a sum of two).
 * The curve code respects these (comments there say where it matters).
 */
#ifndef JCA_FE25519_H
#define JCA_FE25519_H

#include <stdint.h>
#include <string.h>

#include "../util/bytes.h"

typedef uint64_t fe[5];
typedef unsigned __int128 fe_u128;

#define FE_M51 ((1ull << 51) - 1)

/* Hides a mask from the optimiser, so that it cannot turn a masked select
 * back into a branch. */
static inline uint64_t fe_barrier(uint64_t m)
{
	__asm__("" : "+r"(m));
	return m;
}

static inline void fe_copy(fe r, const fe a) { memcpy(r, a, sizeof(fe)); }
static inline void fe_0(fe r) { memset(r, 0, sizeof(fe)); }
static inline void fe_1(fe r) { fe_0(r); r[0] = 1; }

static inline void fe_add(fe r, const fe a, const fe b)
{
	int i;

	for (i = 0; i < 5; i++)
		r[i] = a[i] + b[i];
}

/* Brings every limb below 2^51, except limb 0 which gets 19 * carry. */
static inline void fe_carry(fe r)
{
	uint64_t c;

	c = r[0] >> 51; r[0] &= FE_M51; r[1] += c;
	c = r[1] >> 51; r[1] &= FE_M51; r[2] += c;
	c = r[2] >> 51; r[2] &= FE_M51; r[3] += c;
	c = r[3] >> 51; r[3] &= FE_M51; r[4] += c;
	c = r[4] >> 51; r[4] &= FE_M51; r[0] += 19 * c;
}

/* a - b computed as a + 4p - b, so no limb goes negative. */
static inline void fe_sub(fe r, const fe a, const fe b)
{
	r[0] = (a[0] + 0x1FFFFFFFFFFFB4ull) - b[0];
	r[1] = (a[1] + 0x1FFFFFFFFFFFFCull) - b[1];
	r[2] = (a[2] + 0x1FFFFFFFFFFFFCull) - b[2];
	r[3] = (a[3] + 0x1FFFFFFFFFFFFCull) - b[3];
	r[4] = (a[4] + 0x1FFFFFFFFFFFFCull) - b[4];
	fe_carry(r);
}

static inline void fe_neg(fe r, const fe a)
{
	static const fe zero = { 0, 0, 0, 0, 0 };

	fe_sub(r, zero, a);
}

/* Carries five 128-bit column sums into r. */
static inline void fe_reduce_wide(fe r, fe_u128 t0, fe_u128 t1, fe_u128 t2, fe_u128 t3, fe_u128 t4)
{
	fe_u128 c;

	t1 += (uint64_t)(t0 >> 51);
	t2 += (uint64_t)(t1 >> 51);
	t3 += (uint64_t)(t2 >> 51);
	t4 += (uint64_t)(t3 >> 51);
	/* 2^255 = 19 mod p: the top carry comes back into limb 0 */
	c = (t4 >> 51) * 19 + ((uint64_t)t0 & FE_M51);
	r[0] = (uint64_t)c & FE_M51;
	r[1] = ((uint64_t)t1 & FE_M51) + (uint64_t)(c >> 51);
	r[2] = (uint64_t)t2 & FE_M51;
	r[3] = (uint64_t)t3 & FE_M51;
	r[4] = (uint64_t)t4 & FE_M51;
}

static inline void fe_mul(fe r, const fe a, const fe b)
{
	uint64_t b1 = 19 * b[1], b2 = 19 * b[2], b3 = 19 * b[3], b4 = 19 * b[4];
	fe_u128 t0, t1, t2, t3, t4;

	t0 = (fe_u128)a[0] * b[0] + (fe_u128)a[1] * b4 + (fe_u128)a[2] * b3 + (fe_u128)a[3] * b2 + (fe_u128)a[4] * b1;
	t1 = (fe_u128)a[0] * b[1] + (fe_u128)a[1] * b[0] + (fe_u128)a[2] * b4 + (fe_u128)a[3] * b3 + (fe_u128)a[4] * b2;
	t2 = (fe_u128)a[0] * b[2] + (fe_u128)a[1] * b[1] + (fe_u128)a[2] * b[0] + (fe_u128)a[3] * b4 + (fe_u128)a[4] * b3;
	t3 = (fe_u128)a[0] * b[3] + (fe_u128)a[1] * b[2] + (fe_u128)a[2] * b[1] + (fe_u128)a[3] * b[0] + (fe_u128)a[4] * b4;
	t4 = (fe_u128)a[0] * b[4] + (fe_u128)a[1] * b[3] + (fe_u128)a[2] * b[2] + (fe_u128)a[3] * b[1] + (fe_u128)a[4] * b[0];
	fe_reduce_wide(r, t0, t1, t2, t3, t4);
}

static inline void fe_sqr(fe r, const fe a)
{
	uint64_t d0 = 2 * a[0], d1 = 2 * a[1], d2 = 2 * a[2], d3 = 2 * a[3];
	uint64_t a3 = 19 * a[3], a4 = 19 * a[4];
	fe_u128 t0, t1, t2, t3, t4;

	/* the products a[i] a[j] with i + j >= 5 are 2^255 too high: times 19 */
	t0 = (fe_u128)a[0] * a[0] + (fe_u128)d1 * a4 + (fe_u128)d2 * a3;
	t1 = (fe_u128)d0 * a[1] + (fe_u128)d2 * a4 + (fe_u128)a[3] * a3;
	t2 = (fe_u128)d0 * a[2] + (fe_u128)a[1] * a[1] + (fe_u128)d3 * a4;
	t3 = (fe_u128)d0 * a[3] + (fe_u128)d1 * a[2] + (fe_u128)a[4] * a4;
	t4 = (fe_u128)d0 * a[4] + (fe_u128)d1 * a[3] + (fe_u128)a[2] * a[2];
	fe_reduce_wide(r, t0, t1, t2, t3, t4);
}

/* r = a * k, k < 2^32 */
static inline void fe_mul_small(fe r, const fe a, uint32_t k)
{
	fe_reduce_wide(r, (fe_u128)a[0] * k, (fe_u128)a[1] * k, (fe_u128)a[2] * k, (fe_u128)a[3] * k,
	               (fe_u128)a[4] * k);
}

/* From four little-endian 64-bit words (a value below 2^255). */
static inline void fe_from_words(fe r, const uint64_t w[4])
{
	r[0] = w[0] & FE_M51;
	r[1] = ((w[0] >> 51) | (w[1] << 13)) & FE_M51;
	r[2] = ((w[1] >> 38) | (w[2] << 26)) & FE_M51;
	r[3] = ((w[2] >> 25) | (w[3] << 39)) & FE_M51;
	r[4] = (w[3] >> 12) & FE_M51;
}

/* 32 little-endian bytes; bit 255 is ignored (RFC 7748, 5). */
static inline void fe_frombytes(fe r, const uint8_t s[32])
{
	uint64_t w[4];

	w[0] = jca__load_le64(s);
	w[1] = jca__load_le64(s + 8);
	w[2] = jca__load_le64(s + 16);
	w[3] = jca__load_le64(s + 24) & 0x7fffffffffffffffull;
	fe_from_words(r, w);
}

/* The unique representative below p, as 32 little-endian bytes. */
static inline void fe_tobytes(uint8_t s[32], const fe a)
{
	fe h;
	uint64_t q;

	fe_copy(h, a);
	fe_carry(h);
	fe_carry(h);
	/* now h < 2^255 + 19 < 2p; q = 1 exactly when h >= p */
	q = (h[0] + 19) >> 51;
	q = (h[1] + q) >> 51;
	q = (h[2] + q) >> 51;
	q = (h[3] + q) >> 51;
	q = (h[4] + q) >> 51;
	h[0] += 19 * q;
	h[1] += h[0] >> 51; h[0] &= FE_M51;
	h[2] += h[1] >> 51; h[1] &= FE_M51;
	h[3] += h[2] >> 51; h[2] &= FE_M51;
	h[4] += h[3] >> 51; h[3] &= FE_M51;
	h[4] &= FE_M51;                     /* drops 2^255, i.e. subtracts p */
	jca__store_le64(s, h[0] | (h[1] << 51));
	jca__store_le64(s + 8, (h[1] >> 13) | (h[2] << 38));
	jca__store_le64(s + 16, (h[2] >> 26) | (h[3] << 25));
	jca__store_le64(s + 24, (h[3] >> 39) | (h[4] << 12));
}

/* Swaps a and b when mask is all ones, leaves them when it is zero. */
static inline void fe_cswap(fe a, fe b, uint64_t mask)
{
	int i;

	mask = fe_barrier(mask);
	for (i = 0; i < 5; i++) {
		uint64_t x = (a[i] ^ b[i]) & mask;

		a[i] ^= x;
		b[i] ^= x;
	}
}

/* r = a when mask is all ones. */
static inline void fe_cmov(fe r, const fe a, uint64_t mask)
{
	int i;

	mask = fe_barrier(mask);
	for (i = 0; i < 5; i++)
		r[i] ^= (r[i] ^ a[i]) & mask;
}

#endif
