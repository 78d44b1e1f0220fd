/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Ed25519 group (RFC 8032, 5.1), written once over the field backend's
 * names; included after the field header, fe25519_pow.h and
 * ed25519_table.h by ed25519_ge.c (portable) and x86/c25519_mulx.c. It
 * defines the backend's C25519_NAME(jca__ed25519_base), ..._base_mont,
 * ..._dsm and ..._check_point.
 *
 * Points on -x^2 + y^2 = 1 + d x^2 y^2 in extended coordinates
 * (X:Y:Z:T), x = X/Z, y = Y/Z, x y = T/Z, with the formulas of Hisil, Wong,
 * Carter and Dawson, "Twisted Edwards curves revisited" (2008), for a = -1.
 *   ge_p3:     (X, Y, Z, T)
 *   ge_p1p1:   a sum or double before its last multiplications (E, F, G, H):
 *              X = E F, Y = G H, Z = F G, T = E H
 *   ge_cached: (Y + X, Y - X, Z, 2 d T), an addend
 *   ge_niels:  (y + x, y - x, 2 d x y), an affine addend (the tables)
 *
 * Signing (ge_base) is constant time: its table is scanned whole for each
 * digit. Verification (ge_dsm) works on public data and is variable time.
 */

typedef struct { fe X, Y, Z, T; } ge_p3;
typedef struct { fe E, F, G, H; } ge_p1p1;
typedef struct { fe ypx, ymx, Z, T2d; } ge_cached;
typedef struct { fe ypx, ymx, xy2d; } ge_niels;

static void ge_to_p3(ge_p3 *r, const ge_p1p1 *p)
{
	fe_mul(r->X, p->E, p->F);
	fe_mul(r->Y, p->G, p->H);
	fe_mul(r->Z, p->F, p->G);
	fe_mul(r->T, p->E, p->H);
}

/* Without T, for a point that is only doubled next. */
static void ge_to_p2(ge_p3 *r, const ge_p1p1 *p)
{
	fe_mul(r->X, p->E, p->F);
	fe_mul(r->Y, p->G, p->H);
	fe_mul(r->Z, p->F, p->G);
}

static void ge_identity(ge_p3 *r)
{
	fe_0(r->X);
	fe_1(r->Y);
	fe_1(r->Z);
	fe_0(r->T);
}

static void ge_to_cached(ge_cached *r, const ge_p3 *p)
{
	fe d2;

	fe_from_words(d2, ed25519_d2);
	fe_add(r->ypx, p->Y, p->X);
	fe_sub(r->ymx, p->Y, p->X);
	fe_copy(r->Z, p->Z);
	fe_mul(r->T2d, p->T, d2);
}

/* 2 p (dbl-2008-hwcd, a = -1); reads X, Y, Z only */
static void ge_dbl(ge_p1p1 *r, const ge_p3 *p)
{
	fe a, b, c, t;

	fe_sqr(a, p->X);
	fe_sqr(b, p->Y);
	fe_sqr(c, p->Z);
	fe_add(c, c, c);                /* C = 2 Z^2 */
	fe_add(t, p->X, p->Y);
	fe_sqr(t, t);
	fe_sub(r->E, t, a);
	fe_sub(r->E, r->E, b);          /* E = (X + Y)^2 - A - B */
	fe_sub(r->G, b, a);             /* G = -A + B */
	fe_sub(r->F, r->G, c);          /* F = G - C */
	fe_add(t, a, b);
	fe_neg(r->H, t);                /* H = -A - B */
}

/* p + q, q cached (add-2008-hwcd-3 with k = 2d folded into q), or p - q
 * when neg: -q swaps Y + X with Y - X and negates T */
static void ge_add_cached(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q, int neg)
{
	fe a, b, c, d, t;

	fe_sub(t, p->Y, p->X);
	fe_mul(a, t, neg ? q->ypx : q->ymx);
	fe_add(t, p->Y, p->X);
	fe_mul(b, t, neg ? q->ymx : q->ypx);
	fe_mul(c, p->T, q->T2d);
	fe_mul(d, p->Z, q->Z);
	fe_add(d, d, d);
	fe_sub(r->E, b, a);
	fe_add(r->H, b, a);
	if (neg) {
		fe_add(r->F, d, c);
		fe_sub(r->G, d, c);
	} else {
		fe_sub(r->F, d, c);
		fe_add(r->G, d, c);
	}
}

/* p + q with q affine (Z = 1); -q has Y + X and Y - X swapped and -2dxy,
 * which the caller has already applied (constant-time select) or asks
 * for with neg (verification, public). */
static void ge_add_niels(ge_p1p1 *r, const ge_p3 *p, const ge_niels *q, int neg)
{
	fe a, b, c, d, t;

	fe_sub(t, p->Y, p->X);
	fe_mul(a, t, neg ? q->ypx : q->ymx);
	fe_add(t, p->Y, p->X);
	fe_mul(b, t, neg ? q->ymx : q->ypx);
	fe_mul(c, p->T, q->xy2d);
	fe_add(d, p->Z, p->Z);
	fe_sub(r->E, b, a);
	fe_add(r->H, b, a);
	if (neg) {
		fe_add(r->F, d, c);
		fe_sub(r->G, d, c);
	} else {
		fe_sub(r->F, d, c);
		fe_add(r->G, d, c);
	}
}

static void ge_niels_from_words(ge_niels *r, const jca__ge_words *w)
{
	fe_from_words(r->ypx, w->ypx);
	fe_from_words(r->ymx, w->ymx);
	fe_from_words(r->xy2d, w->xy2d);
}

/* Encoding (RFC 8032, 5.1.2): y, with the parity of x in bit 255. */
static void ge_encode(uint8_t s[32], const ge_p3 *p)
{
	fe zi, x, y;
	uint8_t xb[32];

	fe_invert(zi, p->Z);
	fe_mul(x, p->X, zi);
	fe_mul(y, p->Y, zi);
	fe_tobytes(s, y);
	fe_tobytes(xb, x);
	s[31] ^= (uint8_t)((xb[0] & 1) << 7);
}

/* ---- signing: [a]B, constant time ---- */

/* t = e * 16^(2 pos) * B for a digit -8 <= e <= 8, reading every entry of
 * the row and keeping the wanted one by masks. */
static void ge_select(ge_niels *t, int pos, int8_t e)
{
	uint64_t w[12] = { 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 };   /* the identity */
	uint64_t neg = 0 - (uint64_t)((uint8_t)e >> 7);          /* e < 0 */
	uint64_t babs = (uint64_t)(uint8_t)((e ^ (int8_t)neg) - (int8_t)neg);
	fe m;
	int j, i;

	for (j = 0; j < 8; j++) {
		const uint64_t *x = &jca__ed25519_base_table[pos][j].ypx[0];
		/* all ones when babs == j + 1, by arithmetic: no comparison */
		uint64_t eq = fe_barrier(((babs ^ (uint64_t)(j + 1)) - 1) >> 63);

		eq = 0 - eq;
		for (i = 0; i < 12; i++)
			w[i] ^= (w[i] ^ x[i]) & eq;
	}
	fe_from_words(t->ypx, w);
	fe_from_words(t->ymx, w + 4);
	fe_from_words(t->xy2d, w + 8);
	/* -q: exchange Y + X and Y - X, negate 2dxy */
	fe_cswap(t->ypx, t->ymx, neg);
	fe_neg(m, t->xy2d);
	fe_cmov(t->xy2d, m, neg);
}

/* h = [a]B, a 32 bytes little-endian below 2^255, in 64 signed radix-16
 * digits: sum e[i] 16^i, -8 <= e[i] <= 8. The odd digits are added first
 * and the sum multiplied by 16, so the table needs only even powers. */
static void ge_base(ge_p3 *h, const uint8_t a[32])
{
	int8_t e[64];
	int8_t carry = 0;
	ge_p1p1 r;
	ge_niels t;
	int i;

	for (i = 0; i < 32; i++) {
		e[2 * i] = (int8_t)(a[i] & 15);
		e[2 * i + 1] = (int8_t)(a[i] >> 4);
	}
	for (i = 0; i < 63; i++) {
		e[i] = (int8_t)(e[i] + carry);
		carry = (int8_t)((e[i] + 8) >> 4);
		e[i] = (int8_t)(e[i] - carry * 16);
	}
	e[63] = (int8_t)(e[63] + carry);

	ge_identity(h);
	for (i = 1; i < 64; i += 2) {
		ge_select(&t, i / 2, e[i]);
		ge_add_niels(&r, h, &t, 0);
		ge_to_p3(h, &r);
	}
	ge_dbl(&r, h);
	ge_to_p2(h, &r);
	ge_dbl(&r, h);
	ge_to_p2(h, &r);
	ge_dbl(&r, h);
	ge_to_p2(h, &r);
	ge_dbl(&r, h);
	ge_to_p3(h, &r);
	for (i = 0; i < 64; i += 2) {
		ge_select(&t, i / 2, e[i]);
		ge_add_niels(&r, h, &t, 0);
		ge_to_p3(h, &r);
	}
	jca__wipe(e, sizeof e);
	jca__wipe(&t, sizeof t);
	jca__wipe(&r, sizeof r);
}

void C25519_NAME(jca__ed25519_base)(uint8_t out[32], const uint8_t a[32])
{
	ge_p3 h;

	ge_base(&h, a);
	ge_encode(out, &h);
	jca__wipe(&h, sizeof h);
}

/* X25519 public key: the Montgomery u of [a]B, u = (1 + y) / (1 - y)
 * = (Z + Y) / (Z - Y) (RFC 7748, 4.1); [a]B is never the identity for a
 * clamped a, so Z - Y is not zero. */
void C25519_NAME(jca__ed25519_base_mont)(uint8_t out[32], const uint8_t a[32])
{
	ge_p3 h;
	fe n, dd;

	ge_base(&h, a);
	fe_add(n, h.Z, h.Y);
	fe_sub(dd, h.Z, h.Y);
	fe_invert(dd, dd);
	fe_mul(n, n, dd);
	fe_tobytes(out, n);
	jca__wipe(&h, sizeof h);
	jca__wipe(n, sizeof n);
}

/* ---- verification: public data, variable time ---- */

/* Decoding (RFC 8032, 5.1.3); -1 when y >= p, x^2 has no root, or x = 0
 * with the sign bit set. */
static int ge_decode(ge_p3 *r, const uint8_t s[32])
{
	fe u, v, v3, x, chk, d;
	uint8_t b1[32], b2[32];
	int sign = s[31] >> 7;

	if (!jca__c25519_canonical(s))
		return -1;
	fe_frombytes(r->Y, s);
	fe_1(r->Z);
	fe_from_words(d, ed25519_d);
	fe_sqr(u, r->Y);
	fe_mul(v, u, d);
	fe_sub(u, u, r->Z);             /* u = y^2 - 1 */
	fe_add(v, v, r->Z);             /* v = d y^2 + 1 */
	/* x = u v^3 (u v^7)^((p - 5) / 8) */
	fe_sqr(v3, v);
	fe_mul(v3, v3, v);
	fe_sqr(x, v3);
	fe_mul(x, x, v);
	fe_mul(x, x, u);
	fe_pow22523(x, x);
	fe_mul(x, x, v3);
	fe_mul(x, x, u);
	/* v x^2 = u: a root; = -u: times sqrt(-1); else none */
	fe_sqr(chk, x);
	fe_mul(chk, chk, v);
	fe_tobytes(b1, chk);
	fe_tobytes(b2, u);
	if (memcmp(b1, b2, 32) != 0) {
		fe_neg(u, u);
		fe_tobytes(b2, u);
		if (memcmp(b1, b2, 32) != 0)
			return -1;
		fe_from_words(d, ed25519_sqrtm1);
		fe_mul(x, x, d);
	}
	fe_tobytes(b1, x);
	if ((b1[0] & 1) != sign) {
		static const uint8_t zero[32];

		if (memcmp(b1, zero, 32) == 0)
			return -1;      /* x = 0 has no negative */
		fe_neg(x, x);
	}
	fe_copy(r->X, x);
	fe_mul(r->T, x, r->Y);
	return 0;
}

int C25519_NAME(jca__ed25519_check_point)(const uint8_t s[32])
{
	ge_p3 p;

	return ge_decode(&p, s);
}

/* Width-w NAF of a 256-bit scalar: odd digits |d| < 2^(w-1), at least w - 1
 * zeros after each nonzero one. */
static void naf(int8_t r[256], const uint8_t s[32], int w)
{
	uint64_t x[5];
	uint64_t width = 1ull << w, mask = width - 1, carry = 0;
	int pos = 0;

	memset(r, 0, 256);
	x[0] = jca__load_le64(s);
	x[1] = jca__load_le64(s + 8);
	x[2] = jca__load_le64(s + 16);
	x[3] = jca__load_le64(s + 24);
	x[4] = 0;
	while (pos < 256) {
		int q = pos / 64, b = pos % 64;
		uint64_t bits = x[q] >> b, win;

		if (b > 64 - w)                 /* (b >= 1 here: two shifts keep each under 64) */
			bits |= (x[q + 1] << 1) << (63 - b);
		win = carry + (bits & mask);
		if (!(win & 1)) {
			pos++;
			continue;
		}
		if (win < width / 2) {
			carry = 0;
			r[pos] = (int8_t)win;
		} else {
			carry = 1;
			r[pos] = (int8_t)((int)win - (int)width);
		}
		pos += w;
	}
}

/* out = encode([s]B - [k]A); -1 when A does not decode. s and k are below
 * 2^253 (the caller checked s < L and reduced k), so no NAF digit spills
 * past bit 255. */
int C25519_NAME(jca__ed25519_dsm)(uint8_t out[32], const uint8_t s[32], const uint8_t k[32], const uint8_t a[32])
{
	int8_t ns[256], nk[256];
	ge_cached ai[8];                /* A, 3A, ..., 15A */
	ge_p3 pa, r, t;
	ge_p1p1 q;
	ge_niels b;
	int i, j;

	if (ge_decode(&pa, a) != 0)
		return -1;
	naf(ns, s, 8);
	naf(nk, k, 5);
	ge_to_cached(&ai[0], &pa);
	ge_dbl(&q, &pa);
	ge_to_p3(&t, &q);
	for (j = 1; j < 8; j++) {
		ge_add_cached(&q, &t, &ai[j - 1], 0);
		ge_to_p3(&r, &q);
		ge_to_cached(&ai[j], &r);
	}
	for (i = 255; i >= 0 && !ns[i] && !nk[i]; i--)
		;
	ge_identity(&r);
	for (; i >= 0; i--) {
		ge_dbl(&q, &r);
		if (ns[i]) {
			ge_to_p3(&r, &q);
			ge_niels_from_words(&b, &jca__ed25519_odd_table[(ns[i] < 0 ? -ns[i] : ns[i]) / 2]);
			ge_add_niels(&q, &r, &b, ns[i] < 0);
		}
		if (nk[i]) {
			/* minus [k]A: a positive digit subtracts */
			ge_to_p3(&r, &q);
			ge_add_cached(&q, &r, &ai[(nk[i] < 0 ? -nk[i] : nk[i]) / 2], nk[i] > 0);
		}
		if (i > 0 && !ns[i - 1] && !nk[i - 1])
			ge_to_p2(&r, &q);      /* doubled next: T not needed */
		else
			ge_to_p3(&r, &q);
	}
	ge_encode(out, &r);
	return 0;
}
