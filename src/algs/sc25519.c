/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scalars modulo the group order L = 2^252 + 27742317777372353535851937790883648493
 * (RFC 8032, 5.1), for Ed25519: four 64-bit words and Montgomery
 * multiplication (R = 2^256). Constant time: the secret scalar of signing
 * goes through here; the only conditional step, the final subtraction of
 * L, is done by masks.
 */
#include "curve25519.h"
#include "../util/bytes.h"
#include "../util/mem.h"

typedef unsigned __int128 u128;

static const uint64_t L[4] = { 0x5812631a5cf5d3edull, 0x14def9dea2f79cd6ull, 0, 0x1000000000000000ull };
/* -1/L mod 2^64 */
static const uint64_t LINV = 0xd2b51da312547e1bull;
/* R mod L and R^2 mod L, R = 2^256 */
static const uint64_t R1[4] = { 0xd6ec31748d98951dull, 0xc6ef5bf4737dcf70ull, 0xfffffffffffffffeull,
                                0x0fffffffffffffffull };
static const uint64_t R2[4] = { 0xa40611e3449c0f01ull, 0xd00e1ba768859347ull, 0xceec73d217f5be65ull,
                                0x0399411b7c309a3dull };

/* r = t - L if that does not borrow, else t (t < 2L, five words) */
static void sub_l(uint64_t r[4], const uint64_t t[5])
{
	uint64_t d[4], borrow = 0, mask;
	int i;

	for (i = 0; i < 4; i++) {
		u128 x = (u128)t[i] - L[i] - borrow;

		d[i] = (uint64_t)x;
		borrow = (uint64_t)(x >> 64) & 1;
	}
	borrow = (t[4] - borrow) >> 63;     /* 1 when t < L */
	mask = 0 - borrow;
	__asm__("" : "+r"(mask));
	for (i = 0; i < 4; i++)
		r[i] = (t[i] & mask) | (d[i] & ~mask);
}

/* r = a b / R mod L, for a b < L R (a < R and b < L suffices); r < L.
 * Coarsely integrated operand scanning: one word of a at a time, then one
 * word of the sum cancelled by a multiple of L and shifted out. */
static void montmul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
	uint64_t t[6] = { 0 }, m, c;
	u128 x;
	int i, j;

	for (i = 0; i < 4; i++) {
		c = 0;
		for (j = 0; j < 4; j++) {
			x = (u128)a[i] * b[j] + t[j] + c;
			t[j] = (uint64_t)x;
			c = (uint64_t)(x >> 64);
		}
		x = (u128)t[4] + c;
		t[4] = (uint64_t)x;
		t[5] = (uint64_t)(x >> 64);
		m = t[0] * LINV;
		x = (u128)m * L[0] + t[0];
		c = (uint64_t)(x >> 64);
		for (j = 1; j < 4; j++) {
			x = (u128)m * L[j] + t[j] + c;
			t[j - 1] = (uint64_t)x;
			c = (uint64_t)(x >> 64);
		}
		x = (u128)t[4] + c;
		t[3] = (uint64_t)x;
		t[4] = t[5] + (uint64_t)(x >> 64);
	}
	sub_l(r, t);
	jca__wipe(t, sizeof t);
}

static void load(uint64_t w[4], const uint8_t s[32])
{
	int i;

	for (i = 0; i < 4; i++)
		w[i] = jca__load_le64(s + 8 * i);
}

static void store(uint8_t s[32], const uint64_t w[4])
{
	int i;

	for (i = 0; i < 4; i++)
		jca__store_le64(s + 8 * i, w[i]);
}

/* r = (a + b) mod L for a, b < L */
static void addmod(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
	uint64_t t[5], c = 0;
	int i;

	for (i = 0; i < 4; i++) {
		u128 x = (u128)a[i] + b[i] + c;

		t[i] = (uint64_t)x;
		c = (uint64_t)(x >> 64);
	}
	t[4] = c;
	sub_l(r, t);
}

void jca__sc25519_reduce(uint8_t r[32], const uint8_t h[64])
{
	uint64_t lo[4], hi[4], x[4], y[4];

	/* h = hi 2^256 + lo: lo R / R = lo, hi R^2 / R = hi R */
	load(lo, h);
	load(hi, h + 32);
	montmul(x, lo, R1);
	montmul(y, hi, R2);
	addmod(x, x, y);
	store(r, x);
	jca__wipe(lo, sizeof lo);
	jca__wipe(hi, sizeof hi);
	jca__wipe(x, sizeof x);
	jca__wipe(y, sizeof y);
}

void jca__sc25519_muladd(uint8_t s[32], const uint8_t k[32], const uint8_t a[32], const uint8_t r[32])
{
	uint64_t kw[4], aw[4], rw[4], t[4];

	load(kw, k);
	load(aw, a);
	load(rw, r);
	montmul(t, kw, aw);             /* k a / R, with k < L and a < R */
	montmul(t, t, R2);              /* k a */
	addmod(t, t, rw);
	store(s, t);
	jca__wipe(aw, sizeof aw);
	jca__wipe(rw, sizeof rw);
	jca__wipe(t, sizeof t);
}

int jca__sc25519_is_canonical(const uint8_t s[32])
{
	int i;

	/* public data: compare from the most significant word down */
	for (i = 3; i >= 0; i--) {
		uint64_t w = jca__load_le64(s + 8 * i);

		if (w != L[i])
			return w < L[i];
	}
	return 0;                       /* s == L */
}
