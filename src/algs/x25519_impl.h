/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The X25519 Montgomery ladder (RFC 7748, 5), written once over the field
 * backend's names; included by x25519.c (portable field) and
 * x86/c25519_mulx.c (MULX/ADX field) after their field header and
 * fe25519_pow.h. C25519_NAME(x) gives the backend's name for x.
 *
 * Constant time: every bit of the scalar goes through the same operations;
 * the two points are exchanged by masks (fe_cswap), never by branches.
 */

int C25519_NAME(jca__x25519)(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
	uint8_t k[32];
	fe x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb;
	uint64_t swap = 0, bit, acc = 0;
	int t, i;

	/* clamping: a multiple of the cofactor 8, with bit 254 set */
	memcpy(k, scalar, 32);
	k[0] &= 248;
	k[31] &= 127;
	k[31] |= 64;
	fe_frombytes(x1, point);        /* ignores bit 255 of u */
	fe_1(x2);
	fe_0(z2);
	fe_copy(x3, x1);
	fe_1(z3);
	for (t = 254; t >= 0; t--) {
		bit = (k[t >> 3] >> (t & 7)) & 1;
		swap ^= bit;
		fe_cswap(x2, x3, 0 - swap);
		fe_cswap(z2, z3, 0 - swap);
		swap = bit;
		/* The order counts: the longest chain (DA, CB, then
		 * z3 = x1 (DA - CB)^2) starts first and the independent
		 * operations fill in behind it, so the out-of-order core
		 * always has work ready. In RFC order an X25519 took 26%
		 * longer with the MULX field and 11% with the portable one
		 * (AMD Zen 5); 70 random valid orders were all slower. */
		fe_sub(d, x3, z3);
		fe_sub(b, x2, z2);
		fe_add(a, x2, z2);
		fe_add(c, x3, z3);
		fe_mul(da, d, a);
		fe_mul(cb, c, b);
		fe_sqr(bb, b);
		fe_sqr(aa, a);
		fe_add(x3, da, cb);
		fe_sub(z3, da, cb);
		fe_mul(x2, aa, bb);
		fe_sub(e, aa, bb);
		fe_sqr(z3, z3);
		/* z2 = E (AA + a24 E), a24 = (486662 - 2) / 4 = 121665; a
		 * backend may give the multiply-add as one operation */
#if defined(FE_HAVE_MUL_SMALL_ADD)
		fe_mul_small_add(z2, e, 121665, aa);
		fe_sqr(x3, x3);
#else
		fe_mul_small(z2, e, 121665);
		fe_sqr(x3, x3);
		fe_add(z2, z2, aa);
#endif
		fe_mul(z3, z3, x1);
		fe_mul(z2, z2, e);
	}
	fe_cswap(x2, x3, 0 - swap);
	fe_cswap(z2, z3, 0 - swap);
	fe_invert(z2, z2);
	fe_mul(x2, x2, z2);
	fe_tobytes(out, x2);
	/* all zero (a small-order input) is reported, without a branch on
	 * the bytes: acc is 0 exactly when every byte is */
	for (i = 0; i < 32; i++)
		acc |= out[i];
	jca__wipe(k, sizeof k);
	jca__wipe(x2, sizeof x2);
	jca__wipe(z2, sizeof z2);
	jca__wipe(x3, sizeof x3);
	jca__wipe(z3, sizeof z3);
	return (int)((acc + 0xff) >> 8) - 1;   /* 0, or -1 when acc == 0 */
}
