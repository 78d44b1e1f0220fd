/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable, constant-time GHASH (SP 800-38D, 6.4).
 *
 * GCM numbers the bits of a block from the most significant bit of byte 0
 * (coefficient of x^0) to the least significant bit of byte 15 (x^127).
 * Loading the two halves big-endian gives words whose bit 63 - i holds
 * coefficient i: bit-reversed ("reflected") polynomials. rev64() turns a
 * reflected half into the natural one (bit i = coefficient i).
 *
 * The 64 x 64 -> 128-bit carry-less products are made of integer multiplies
 * (no table, no branch on data, so the time does not depend on H or the
 * data): bmul64() splits each operand into four sparse words, one bit in
 * four, so that the carries of an ordinary multiply land in the three
 * unused bits between the useful ones, and keeps the low 64 bits. The high
 * 64 bits come from the same multiply on the reversed operands: for a and b
 * of 64 bits, rev64(low64(rev64(a) * rev64(b))) is bits 63..126 of a * b,
 * so that word shifted right by one is the high half. The reflected words
 * are exactly the reversed natural ones, so both are at hand.
 *
 * One block: Karatsuba on the natural halves (three products, each low and
 * high half: six bmul64), then reduction modulo x^128 + x^7 + x^2 + x + 1.
 */
#include <string.h>

#include "gcm.h"
#include "../util/bytes.h"

static inline uint64_t rev64(uint64_t x)
{
	x = ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
	x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
	x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Fu) | ((x & 0x0F0F0F0F0F0F0F0Fu) << 4);
	return __builtin_bswap64(x);
}

/*
 * Low 64 bits of the carry-less product of x and y. In the product of two
 * words with one bit in four, a column receives at most 16 terms below bit
 * 64 only at bit 60 (whose carry goes to bit 64, discarded); every other
 * column sums at most 15, which fits in the 4 bits up to the next useful
 * bit of the same class. Masking keeps, of each sum, the bit of its class.
 */
static inline uint64_t bmul64(uint64_t x, uint64_t y)
{
	const uint64_t m0 = 0x1111111111111111u, m1 = 0x2222222222222222u;
	const uint64_t m2 = 0x4444444444444444u, m3 = 0x8888888888888888u;
	uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
	uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
	uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
	uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
	uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
	uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);

	return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

/*
 * Key layout: h[0], h[1] the natural halves (coefficients 0..63, 64..127),
 * h[2] = h[0] ^ h[1]; h[3..5] the same reversed (the reflected words).
 */
void jca__ghash_ct_set_h(jca__ghash_ct_key *k, const uint8_t h[16])
{
	uint64_t r0 = jca__load_be64(h), r1 = jca__load_be64(h + 8);

	k->h[3] = r0;
	k->h[4] = r1;
	k->h[5] = r0 ^ r1;
	k->h[0] = rev64(r0);
	k->h[1] = rev64(r1);
	k->h[2] = k->h[0] ^ k->h[1];
}

int jca__ghash_ct(const void *gkey, uint8_t xi[16], const uint8_t *in, size_t nblocks)
{
	const jca__ghash_ct_key *k = gkey;
	uint64_t m0 = k->h[0], m1 = k->h[1], m2 = k->h[2];
	uint64_t m0r = k->h[3], m1r = k->h[4], m2r = k->h[5];
	uint64_t y0r = jca__load_be64(xi), y1r = jca__load_be64(xi + 8);   /* reflected halves */

	for (; nblocks > 0; nblocks--, in += 16) {
		uint64_t n0, n1, n2, n2r, a0, a1, b0, b1, c0, c1, p0, p1, p2, p3;

		y0r ^= jca__load_be64(in);
		y1r ^= jca__load_be64(in + 8);
		n0 = rev64(y0r);
		n1 = rev64(y1r);
		n2 = n0 ^ n1;
		n2r = y0r ^ y1r;

		a0 = bmul64(n0, m0);
		a1 = rev64(bmul64(y0r, m0r)) >> 1;
		b0 = bmul64(n1, m1);
		b1 = rev64(bmul64(y1r, m1r)) >> 1;
		c0 = bmul64(n2, m2) ^ a0 ^ b0;
		c1 = (rev64(bmul64(n2r, m2r)) >> 1) ^ a1 ^ b1;

		/* product = p0 + p1 x^64 + p2 x^128 + p3 x^192 */
		p0 = a0;
		p1 = a1 ^ c0;
		p2 = b0 ^ c1;
		p3 = b1;

		/* x^128 = x^7 + x^2 + x + 1: fold p3 into p1/p2, then p2 into p0/p1 */
		p1 ^= p3 ^ (p3 << 1) ^ (p3 << 2) ^ (p3 << 7);
		p2 ^= (p3 >> 63) ^ (p3 >> 62) ^ (p3 >> 57);
		p0 ^= p2 ^ (p2 << 1) ^ (p2 << 2) ^ (p2 << 7);
		p1 ^= (p2 >> 63) ^ (p2 >> 62) ^ (p2 >> 57);

		y0r = rev64(p0);
		y1r = rev64(p1);
	}
	jca__store_be64(xi, y0r);
	jca__store_be64(xi + 8, y1r);
	return 0;
}
