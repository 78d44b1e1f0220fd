/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_ec_check.c - is a public point from outside a point of its curve?
 * (see p11_der.h). A KeyFactory decode puts such a point on the token,
 * where it is verified against and used as the ECDH peer of the token's
 * private key: an off-curve point there is an invalid-curve attack unless
 * the token checks it, so the plugin checks it first.
 *
 *   P-256, P-384, P-521: 04 || X || Y with X < p, Y < p and
 *       Y^2 = X^3 - 3X + b (mod p) (SEC 1 3.2.2.1; the point at infinity
 *       has no such encoding, and the NIST curves have cofactor 1);
 *   Ed25519: RFC 8032 5.1.3: y (the low 255 bits, little-endian) < p, and
 *       x^2 = (y^2 - 1) / (d y^2 + 1) has a root mod p (Euler's criterion
 *       on u * v); x = 0 with the sign bit set is refused.
 *
 * Public data only, so nothing here is constant time: a small bignum of
 * 32-bit limbs and Montgomery multiplication (schoolbook, a word at a
 * time), run once per decoded key.
 */
#include <stdint.h>
#include <string.h>

#include "p11_der.h"

#define LIMBS 17                   /* 528 bits: P-521's 66 bytes */

typedef struct num {
	uint32_t v[LIMBS];             /* little-endian limbs */
} num;

typedef struct field {
	num p;
	size_t n;                      /* limbs of p in use */
	uint32_t n0;                   /* -1/p mod 2^32 */
	num r2;                        /* 2^(64n) mod p */
} field;

/* ---- constants (big-endian) ---- */

/* SEC 2 2.4.2 / FIPS 186-4 D.1.2.3: P-256's p = 2^256 - 2^224 + 2^192 + 2^96 - 1 and b */
static const uint8_t p256_p[32] = {
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const uint8_t p256_b[32] = {
	0x5a, 0xc6, 0x35, 0xd8, 0xaa, 0x3a, 0x93, 0xe7, 0xb3, 0xeb, 0xbd, 0x55, 0x76, 0x98, 0x86, 0xbc,
	0x65, 0x1d, 0x06, 0xb0, 0xcc, 0x53, 0xb0, 0xf6, 0x3b, 0xce, 0x3c, 0x3e, 0x27, 0xd2, 0x60, 0x4b };
/* SEC 2 2.5.1 / FIPS 186-4 D.1.2.4: P-384's p = 2^384 - 2^128 - 2^96 + 2^32 - 1 and b */
static const uint8_t p384_p[48] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff };
static const uint8_t p384_b[48] = {
	0xb3, 0x31, 0x2f, 0xa7, 0xe2, 0x3e, 0xe7, 0xe4, 0x98, 0x8e, 0x05, 0x6b, 0xe3, 0xf8, 0x2d, 0x19,
	0x18, 0x1d, 0x9c, 0x6e, 0xfe, 0x81, 0x41, 0x12, 0x03, 0x14, 0x08, 0x8f, 0x50, 0x13, 0x87, 0x5a,
	0xc6, 0x56, 0x39, 0x8d, 0x8a, 0x2e, 0xd1, 0x9d, 0x2a, 0x85, 0xc8, 0xed, 0xd3, 0xec, 0x2a, 0xef };
/* SEC 2 2.6.1 / FIPS 186-4 D.1.2.5: P-521's p = 2^521 - 1 (built below) and b */
static const uint8_t p521_b[66] = {
	0x00, 0x51, 0x95, 0x3e, 0xb9, 0x61, 0x8e, 0x1c, 0x9a, 0x1f, 0x92, 0x9a, 0x21, 0xa0, 0xb6, 0x85,
	0x40, 0xee, 0xa2, 0xda, 0x72, 0x5b, 0x99, 0xb3, 0x15, 0xf3, 0xb8, 0xb4, 0x89, 0x91, 0x8e, 0xf1,
	0x09, 0xe1, 0x56, 0x19, 0x39, 0x51, 0xec, 0x7e, 0x93, 0x7b, 0x16, 0x52, 0xc0, 0xbd, 0x3b, 0xb1,
	0xbf, 0x07, 0x35, 0x73, 0xdf, 0x88, 0x3d, 0x2c, 0x34, 0xf1, 0xef, 0x45, 0x1f, 0xd4, 0x6b, 0x50,
	0x3f, 0x00 };
/* RFC 8032 5.1 (RFC 7748 4.1): edwards25519's d = -121665/121666 mod p;
 * its p = 2^255 - 19 is built below */
static const uint8_t ed_d[32] = {
	0x52, 0x03, 0x6c, 0xee, 0x2b, 0x6f, 0xfe, 0x73, 0x8c, 0xc7, 0x40, 0x79, 0x77, 0x79, 0xe8, 0x98,
	0x00, 0x70, 0x0a, 0x4d, 0x41, 0x41, 0xd8, 0xab, 0x75, 0xeb, 0x4d, 0xca, 0x13, 0x59, 0x78, 0xa3 };

/* ---- the bignum ---- */

static void from_be(num *r, const uint8_t *in, size_t len)
{
	size_t i;

	memset(r, 0, sizeof *r);
	for (i = 0; i < len; i++)
		r->v[i / 4] |= (uint32_t)in[len - 1 - i] << (8 * (i % 4));
}

static int cmp(const num *a, const num *b, size_t n)
{
	while (n--)
		if (a->v[n] != b->v[n])
			return a->v[n] < b->v[n] ? -1 : 1;
	return 0;
}

static int is_zero(const num *a, size_t n)
{
	while (n--)
		if (a->v[n])
			return 0;
	return 1;
}

/* r = a - b over n limbs (mod 2^(32n)): the borrow out. */
static uint32_t sub(num *r, const num *a, const num *b, size_t n)
{
	uint64_t t;
	uint32_t borrow = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		t = (uint64_t)a->v[i] - b->v[i] - borrow;
		r->v[i] = (uint32_t)t;
		borrow = (uint32_t)(t >> 63);
	}
	return borrow;
}

/* r = a + b over n limbs: the carry out. */
static uint32_t add(num *r, const num *a, const num *b, size_t n)
{
	uint64_t t;
	uint32_t carry = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		t = (uint64_t)a->v[i] + b->v[i] + carry;
		r->v[i] = (uint32_t)t;
		carry = (uint32_t)(t >> 32);
	}
	return carry;
}

/* Modular arithmetic on values below p. A sum or a doubling below 2p may
 * carry out of n limbs; subtracting p then wraps to the right value. */
static void mod_add(num *r, const num *a, const num *b, const field *f)
{
	if (add(r, a, b, f->n) || cmp(r, &f->p, f->n) >= 0)
		sub(r, r, &f->p, f->n);
}

static void mod_sub(num *r, const num *a, const num *b, const field *f)
{
	if (sub(r, a, b, f->n))
		add(r, r, &f->p, f->n);
}

/* Montgomery's product a b / 2^(32n) mod p, a word of b at a time (p odd,
 * a and b below p: the running sum stays below 2p). */
static void mont_mul(num *r, const num *a, const num *b, const field *f)
{
	uint32_t t[LIMBS + 2] = { 0 }, m;
	uint64_t c;
	size_t i, j, n = f->n;

	for (i = 0; i < n; i++) {
		c = 0;
		for (j = 0; j < n; j++) {              /* t += a b[i] */
			c += (uint64_t)a->v[j] * b->v[i] + t[j];
			t[j] = (uint32_t)c;
			c >>= 32;
		}
		c += t[n];
		t[n] = (uint32_t)c;
		t[n + 1] = (uint32_t)(c >> 32);
		m = t[0] * f->n0;                      /* t + m p is a multiple of 2^32 */
		c = ((uint64_t)m * f->p.v[0] + t[0]) >> 32;
		for (j = 1; j < n; j++) {              /* t = (t + m p) / 2^32 */
			c += (uint64_t)m * f->p.v[j] + t[j];
			t[j - 1] = (uint32_t)c;
			c >>= 32;
		}
		c += t[n];
		t[n - 1] = (uint32_t)c;
		t[n] = t[n + 1] + (uint32_t)(c >> 32);
	}
	memcpy(r->v, t, n * sizeof t[0]);
	if (t[n] || cmp(r, &f->p, n) >= 0)
		sub(r, r, &f->p, n);
}

/* r = a b mod p: two Montgomery products, the second by 2^(64n) mod p. */
static void mod_mul(num *r, const num *a, const num *b, const field *f)
{
	num t;

	mont_mul(&t, a, b, f);
	mont_mul(r, &t, &f->r2, f);
}

/* The rest of the field, once p and n are set: n0 = -1/p mod 2^32 (Newton's
 * iteration, each step doubling the bits right) and r2 = 2^(64n) mod p (1
 * doubled 64n times). */
static void field_init(field *f)
{
	uint32_t inv = 1;
	size_t i;

	for (i = 0; i < 5; i++)
		inv *= 2 - f->p.v[0] * inv;
	f->n0 = 0 - inv;
	memset(&f->r2, 0, sizeof f->r2);
	f->r2.v[0] = 1;
	for (i = 0; i < 64 * f->n; i++)
		mod_add(&f->r2, &f->r2, &f->r2, f);
}

/* r = a^e mod p (square and multiply, e's bits from the top). */
static void mod_pow(num *r, const num *a, const num *e, const field *f)
{
	num x = { { 1 } };
	size_t bit;

	for (bit = 32 * f->n; bit--;) {
		mod_mul(&x, &x, &x, f);
		if (e->v[bit / 32] >> (bit % 32) & 1)
			mod_mul(&x, &x, a, f);
	}
	*r = x;
}

/* ---- the curves ---- */

static int ec_ok(const p11_curve *curve, const uint8_t *pt, size_t len)
{
	size_t fl = curve ? curve->field : 0;
	const uint8_t *bb;
	num x, y, b, three = { { 3 } }, lhs, rhs;
	field f;

	if (len != 2 * fl + 1 || pt[0] != 0x04)
		return 0;
	if (fl == 32) {
		from_be(&f.p, p256_p, fl);
		bb = p256_b;
	} else if (fl == 48) {
		from_be(&f.p, p384_p, fl);
		bb = p384_b;
	} else if (fl == 66) {
		memset(&f.p, 0, sizeof f.p);           /* 2^521 - 1 */
		memset(f.p.v, 0xff, 16 * sizeof f.p.v[0]);
		f.p.v[16] = 0x1ff;
		bb = p521_b;
	} else {
		return 0;
	}
	f.n = (fl + 3) / 4;
	field_init(&f);
	from_be(&x, pt + 1, fl);
	from_be(&y, pt + 1 + fl, fl);
	from_be(&b, bb, fl);
	if (cmp(&x, &f.p, f.n) >= 0 || cmp(&y, &f.p, f.n) >= 0)
		return 0;
	mod_mul(&lhs, &y, &y, &f);                 /* Y^2 */
	mod_mul(&rhs, &x, &x, &f);                 /* (X^2 - 3) X + b */
	mod_sub(&rhs, &rhs, &three, &f);
	mod_mul(&rhs, &rhs, &x, &f);
	mod_add(&rhs, &rhs, &b, &f);
	return cmp(&lhs, &rhs, f.n) == 0;
}

static int ed25519_ok(const uint8_t *pt, size_t len)
{
	uint8_t be[32];
	num y, d, y2, u, v, w, e, one = { { 1 } };
	field f;
	size_t i;
	int sign;

	if (len != 32)
		return 0;
	for (i = 0; i < 32; i++)
		be[i] = pt[31 - i];
	sign = be[0] >> 7;
	be[0] &= 0x7f;
	memset(&f.p, 0, sizeof f.p);               /* 2^255 - 19 */
	memset(f.p.v, 0xff, 8 * sizeof f.p.v[0]);
	f.p.v[7] = 0x7fffffff;
	f.p.v[0] = 0xffffffed;
	f.n = 8;
	field_init(&f);
	from_be(&y, be, 32);
	from_be(&d, ed_d, 32);
	if (cmp(&y, &f.p, f.n) >= 0)
		return 0;
	mod_mul(&y2, &y, &y, &f);
	mod_sub(&u, &y2, &one, &f);                /* u = y^2 - 1 */
	mod_mul(&v, &d, &y2, &f);
	mod_add(&v, &v, &one, &f);                 /* v = d y^2 + 1 */
	if (is_zero(&v, f.n))
		return 0;                              /* never: d is not a square */
	if (is_zero(&u, f.n))
		return !sign;                          /* x = 0: the sign bit must be 0 */
	/* u / v is a square iff u v is: (u v)^((p - 1) / 2) = 1 */
	mod_mul(&w, &u, &v, &f);
	sub(&e, &f.p, &one, f.n);
	for (i = 0; i < f.n; i++)
		e.v[i] = e.v[i] >> 1 | (i + 1 < f.n ? e.v[i + 1] << 31 : 0);
	mod_pow(&w, &w, &e, &f);
	return cmp(&w, &one, f.n) == 0;
}

int p11_point_ok(int type, const p11_curve *curve, const uint8_t *pt, size_t len)
{
	if (!pt)
		return 0;
	if (type == P11K_EC)
		return ec_ok(curve, pt, len);
	if (type == P11K_ED25519)
		return ed25519_ok(pt, len);
	return 0;
}
