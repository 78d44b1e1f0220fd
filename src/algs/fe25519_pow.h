/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Powers in GF(2^255 - 19) written once over the field backend's names
 * (fe, fe_mul, fe_sqr: fe25519.h or x86/fe25519_mulx.h, included first):
 * the inverse by Fermat, z^(p-2), and z^((p-5)/8) for square roots.
 * Both follow the same addition chain; the exponent is public, so the
 * sequence of operations is fixed.
 */
#ifndef JCA_FE25519_POW_H
#define JCA_FE25519_POW_H

static inline void fe_sqr_n(fe r, const fe a, int n)
{
	fe_sqr(r, a);
	while (--n > 0)
		fe_sqr(r, r);
}

/* z250 = z^(2^250 - 1); z11 = z^11 */
static inline void fe_pow_2_250_1(fe z250, fe z11, const fe z)
{
	fe z2, z9, a, b, t;

	fe_sqr(z2, z);                  /* 2 */
	fe_sqr_n(t, z2, 2);             /* 8 */
	fe_mul(z9, t, z);               /* 9 */
	fe_mul(z11, z9, z2);            /* 11 */
	fe_sqr(t, z11);                 /* 22 */
	fe_mul(a, t, z9);               /* 31 = 2^5 - 1 */
	fe_sqr_n(t, a, 5);
	fe_mul(a, t, a);                /* 2^10 - 1 */
	fe_sqr_n(t, a, 10);
	fe_mul(b, t, a);                /* 2^20 - 1 */
	fe_sqr_n(t, b, 20);
	fe_mul(t, t, b);                /* 2^40 - 1 */
	fe_sqr_n(t, t, 10);
	fe_mul(a, t, a);                /* 2^50 - 1 */
	fe_sqr_n(t, a, 50);
	fe_mul(b, t, a);                /* 2^100 - 1 */
	fe_sqr_n(t, b, 100);
	fe_mul(t, t, b);                /* 2^200 - 1 */
	fe_sqr_n(t, t, 50);
	fe_mul(z250, t, a);             /* 2^250 - 1 */
}

/* r = z^(p - 2) = z^(2^255 - 21): 1/z, and 0 for 0 */
static inline void fe_invert(fe r, const fe z)
{
	fe t, z11;

	fe_pow_2_250_1(t, z11, z);
	fe_sqr_n(t, t, 5);              /* 2^255 - 32 */
	fe_mul(r, t, z11);
}

/* r = z^((p - 5) / 8) = z^(2^252 - 3) */
static inline void fe_pow22523(fe r, const fe z)
{
	fe t, z11;

	fe_pow_2_250_1(t, z11, z);
	fe_sqr_n(t, t, 2);              /* 2^252 - 4 */
	fe_mul(r, t, z);
}

#endif
