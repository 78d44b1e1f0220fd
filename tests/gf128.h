/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GF(2^128) as GCM uses it, written out bit by bit (SP 800-38D, 6.3,
 * Algorithm 1), for the suites' reference models: slow and obviously
 * right, not constant time. Bit 0 of a block is the most significant bit
 * of b[0]; the element 1 is 0x80 00 .. 00.
 */
#ifndef JCA_TESTS_GF128_H
#define JCA_TESTS_GF128_H

#include <stdint.h>

typedef struct gf128_blk { uint8_t b[16]; } gf128_blk;

/* x * y */
static inline gf128_blk gf128_mul(gf128_blk x, gf128_blk y)
{
	gf128_blk z = { { 0 } }, v = y;

	for (int i = 0; i < 128; i++) {
		int lsb = v.b[15] & 1;

		if ((x.b[i / 8] >> (7 - i % 8)) & 1)
			for (int k = 0; k < 16; k++)
				z.b[k] ^= v.b[k];
		for (int k = 15; k > 0; k--)
			v.b[k] = (uint8_t)((v.b[k] >> 1) | (v.b[k - 1] << 7));
		v.b[0] >>= 1;
		if (lsb)
			v.b[0] ^= 0xe1;
	}
	return z;
}

/* x^-1 = x^(2^128 - 2), for x != 0 */
static inline gf128_blk gf128_inv(gf128_blk x)
{
	gf128_blk r = { { 0 } }, sq = x;

	r.b[0] = 0x80;                     /* the element 1 */
	for (int i = 1; i < 128; i++) {
		sq = gf128_mul(sq, sq);    /* x^(2^i) */
		r = gf128_mul(r, sq);
	}
	return r;
}

#endif
