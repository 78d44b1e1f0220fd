/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Field operations of one backend on raw 256-bit inputs, for
 * check_curve25519's field test: compiled twice, with FE_MULX (the
 * MULX/ADX field, any value below 2^256 is a valid input) and without (the
 * portable field, which gets the same value reduced below 2^255 + 19).
 * The result is always the canonical encoding.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdint.h>
#include <string.h>

#if defined(FE_MULX)
#if defined(JCA_HAVE_X86_BACKENDS)
#pragma GCC target("bmi2,adx")
#include "algs/x86/fe25519_mulx.h"
#define FE_OPS fe25519_ops_mulx
#endif
#else
#include "algs/fe25519.h"
#define FE_OPS fe25519_ops_generic
#endif

#ifdef FE_OPS
#include "algs/fe25519_pow.h"

int FE_OPS(uint8_t out[32], int op, const uint8_t a8[32], const uint8_t b8[32]);

static void load(fe r, const uint8_t s[32])
{
#if defined(FE_MULX)
	int i;

	for (i = 0; i < 4; i++)
		r[i] = jca__load_le64(s + 8 * i);
#else
	/* bit 255 is worth 19 */
	fe t = { 0, 0, 0, 0, 0 };

	fe_frombytes(r, s);
	t[0] = 19u * (s[31] >> 7);
	fe_add(r, r, t);
#endif
}

/* op: 0 mul, 1 sqr, 2 add, 3 sub, 4 times 121665, 5 invert, 6 neg, 7 encode a */
int FE_OPS(uint8_t out[32], int op, const uint8_t a8[32], const uint8_t b8[32])
{
	fe a, b, r;

	load(a, a8);
	load(b, b8);
	switch (op) {
	case 0: fe_mul(r, a, b); break;
	case 1: fe_sqr(r, a); break;
	case 2: fe_add(r, a, b); break;
	case 3: fe_sub(r, a, b); break;
	case 4: fe_mul_small(r, a, 121665); break;
	case 5: fe_invert(r, a); break;
	case 6: fe_neg(r, a); break;
	case 7: fe_copy(r, a); break;
	default: return -1;
	}
	fe_tobytes(out, r);
	return 0;
}
#endif
