/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 over N independent accumulators, one per 64-bit vector lane,
 * each in five 26-bit limbs (the vector multiply takes the low 32 bits of
 * each lane): lane j takes blocks j, j + N, j + 2N... and is multiplied by
 * r^N between groups; after the last group each lane is multiplied by the
 * power of r its last block is from the end (r^N ... r^1) and the lanes
 * are summed. h enters the lane of block 0 and leaves in the generic
 * 64-bit words, so the context is the generic one and backends can
 * alternate. Powers of r are computed on each call: below 2N blocks, and
 * for the blocks left over, the generic code runs instead. Only
 * multiplications, additions, shifts and masks: constant time.
 *
 * Included by x86/poly1305_avx2.c (N = 4, YMM) and x86/poly1305_avx512.c
 * (N = 8, ZMM), which define first:
 *   PV_FN     the jca__poly1305_blocks_fn to define
 *   PV_N      lanes; PV_ORDER  {block in lane 0, lane 1, ...} after PV_UNPACK*
 *   PV        vector type; PV_ADD, PV_MUL (low 32 x 32 -> 64), PV_AND,
 *   PV_OR, PV_SRL, PV_SLL (64-bit lanes), PV_SET1 (long long),
 *   PV_LOADU, PV_STOREU, PV_UNPACKLO, PV_UNPACKHI (64-bit, in 128-bit
 *   halves), PV_CLEANUP() (vzeroupper)
 */
#include "chacha.h"

#if JCA__POLY1305_64

typedef unsigned __int128 pv_u128;
#define PV_M26 0x3ffffffull

/* h0 + h1 2^64 + h2 2^128 (h2 a few bits) to 26-bit limbs, same value
 * (the top limb may exceed 26 bits) */
static void to26(uint64_t l[5], uint64_t h0, uint64_t h1, uint64_t h2)
{
	l[0] = h0 & PV_M26;
	l[1] = (h0 >> 26) & PV_M26;
	l[2] = ((h0 >> 52) | (h1 << 12)) & PV_M26;
	l[3] = (h1 >> 14) & PV_M26;
	l[4] = (h1 >> 40) | (h2 << 24);
}

/* carried 26-bit limbs (each below 2^32) back to the generic words */
static void to64(uint64_t h[3], const uint64_t l[5])
{
	pv_u128 v = (pv_u128)l[0] + ((pv_u128)l[1] << 26) + ((pv_u128)l[2] << 52) + ((pv_u128)l[3] << 78);
	pv_u128 hi = (v >> 64) + ((pv_u128)l[4] << 40);

	h[0] = (uint64_t)v;
	h[1] = (uint64_t)hi;
	h[2] = (uint64_t)(hi >> 64);
}

/* d (five 64-bit column sums) carried to 26-bit limbs mod 2^130 - 5 */
static void carry26(uint64_t l[5], uint64_t d[5])
{
	uint64_t c;
	int i;

	for (i = 0, c = 0; i < 5; i++) {
		d[i] += c;
		c = d[i] >> 26;
		l[i] = d[i] & PV_M26;
	}
	l[0] += c * 5;
	l[1] += l[0] >> 26;
	l[0] &= PV_M26;
}

/* o = a * b mod 2^130 - 5, scalar, 26-bit limbs (for the powers of r) */
static void mul26(uint64_t o[5], const uint64_t a[5], const uint64_t b[5])
{
	uint64_t d[5];
	int i, j;

	for (i = 0; i < 5; i++) {
		d[i] = 0;
		for (j = 0; j <= i; j++)
			d[i] += a[j] * b[i - j];
		for (j = i + 1; j < 5; j++)            /* wraps past 2^130: times 5 */
			d[i] += a[j] * (b[i + 5 - j] * 5);
	}
	carry26(o, d);
}

/* the five column sums of h * r, with s = 5 * r for the wrapped terms */
#define PV_MUL5(d, h, r, s) do { \
	d[0] = PV_ADD(PV_ADD(PV_ADD(PV_MUL(h[0], r[0]), PV_MUL(h[1], s[4])), \
		PV_ADD(PV_MUL(h[2], s[3]), PV_MUL(h[3], s[2]))), PV_MUL(h[4], s[1])); \
	d[1] = PV_ADD(PV_ADD(PV_ADD(PV_MUL(h[0], r[1]), PV_MUL(h[1], r[0])), \
		PV_ADD(PV_MUL(h[2], s[4]), PV_MUL(h[3], s[3]))), PV_MUL(h[4], s[2])); \
	d[2] = PV_ADD(PV_ADD(PV_ADD(PV_MUL(h[0], r[2]), PV_MUL(h[1], r[1])), \
		PV_ADD(PV_MUL(h[2], r[0]), PV_MUL(h[3], s[4]))), PV_MUL(h[4], s[3])); \
	d[3] = PV_ADD(PV_ADD(PV_ADD(PV_MUL(h[0], r[3]), PV_MUL(h[1], r[2])), \
		PV_ADD(PV_MUL(h[2], r[1]), PV_MUL(h[3], r[0]))), PV_MUL(h[4], s[4])); \
	d[4] = PV_ADD(PV_ADD(PV_ADD(PV_MUL(h[0], r[4]), PV_MUL(h[1], r[3])), \
		PV_ADD(PV_MUL(h[2], r[2]), PV_MUL(h[3], r[1]))), PV_MUL(h[4], r[0])); \
} while (0)

/* N blocks into 26-bit limbs, 2^128 added; lane k holds block PV_ORDER[k] */
static inline void load_blocks(PV m[5], const uint8_t *in)
{
	const PV mask = PV_SET1((long long)PV_M26);
	PV a = PV_LOADU(in), b = PV_LOADU(in + 8 * PV_N);
	PV lo = PV_UNPACKLO(a, b), hi = PV_UNPACKHI(a, b);

	m[0] = PV_AND(lo, mask);
	m[1] = PV_AND(PV_SRL(lo, 26), mask);
	m[2] = PV_AND(PV_OR(PV_SRL(lo, 52), PV_SLL(hi, 12)), mask);
	m[3] = PV_AND(PV_SRL(hi, 14), mask);
	m[4] = PV_OR(PV_SRL(hi, 40), PV_SET1(1 << 24));
}

/* lazy carry of the column sums: limbs back below 2^26 (limbs 1 and 4 a
 * little over, all below 2^32). Two chains, 0 -> 1 -> 2 -> 3 and
 * 3 -> 4 -> 0 -> 1, run side by side to halve the latency. */
static inline void carry_lanes(PV h[5], PV d[5])
{
	const PV mask = PV_SET1((long long)PV_M26);
	PV c, e;

	c = PV_SRL(d[0], 26); d[0] = PV_AND(d[0], mask); d[1] = PV_ADD(d[1], c);
	e = PV_SRL(d[3], 26); d[3] = PV_AND(d[3], mask); d[4] = PV_ADD(d[4], e);
	c = PV_SRL(d[1], 26); d[1] = PV_AND(d[1], mask); d[2] = PV_ADD(d[2], c);
	e = PV_SRL(d[4], 26); d[4] = PV_AND(d[4], mask);
	d[0] = PV_ADD(d[0], PV_ADD(e, PV_SLL(e, 2)));
	c = PV_SRL(d[2], 26); d[2] = PV_AND(d[2], mask); d[3] = PV_ADD(d[3], c);
	e = PV_SRL(d[0], 26); d[0] = PV_AND(d[0], mask); d[1] = PV_ADD(d[1], e);
	c = PV_SRL(d[3], 26); d[3] = PV_AND(d[3], mask); d[4] = PV_ADD(d[4], c);
	h[0] = d[0], h[1] = d[1], h[2] = d[2], h[3] = d[3], h[4] = d[4];
}

void PV_FN(jca__poly1305 *p, const uint8_t *in, size_t nblocks, uint32_t full)
{
	static const int order[PV_N] = PV_ORDER;
	uint64_t pw[PV_N][5], l[5], d[5], lanes[5][PV_N];
	PV h[5], m[5], dv[5], R[5], S[5];
	size_t groups = nblocks / PV_N;
	int i, k;

	if (nblocks < 2 * PV_N || !full) {
		jca__poly1305_blocks_generic(p, in, nblocks, full);
		return;
	}
	/* pw[k] = r^(k + 1) */
	to26(pw[0], p->r[0], p->r[1], 0);
	for (k = 1; k < PV_N; k++)
		mul26(pw[k], pw[k - 1], pw[0]);
	to26(l, p->h[0], p->h[1], p->h[2]);
	for (i = 0; i < 5; i++) {
		R[i] = PV_SET1((long long)pw[PV_N - 1][i]);
		S[i] = PV_SET1((long long)(pw[PV_N - 1][i] * 5));
	}
	/* the first group, with h added to block 0 (lane 0) */
	load_blocks(h, in);
	for (i = 0; i < 5; i++) {
		uint64_t v[PV_N] = { l[i] };

		h[i] = PV_ADD(h[i], PV_LOADU(v));
	}
	for (in += 16 * PV_N, groups--; groups; groups--, in += 16 * PV_N) {
		PV_MUL5(dv, h, R, S);
		load_blocks(m, in);
		for (i = 0; i < 5; i++)
			dv[i] = PV_ADD(dv[i], m[i]);
		carry_lanes(h, dv);
	}
	/* the lane of block j of the last group is N - j blocks from the end */
	for (i = 0; i < 5; i++) {
		uint64_t rv[PV_N], sv[PV_N];

		for (k = 0; k < PV_N; k++) {
			rv[k] = pw[PV_N - 1 - order[k]][i];
			sv[k] = rv[k] * 5;
		}
		R[i] = PV_LOADU(rv);
		S[i] = PV_LOADU(sv);
	}
	PV_MUL5(dv, h, R, S);
	for (i = 0; i < 5; i++) {
		PV_STOREU(lanes[i], dv[i]);
		for (d[i] = 0, k = 0; k < PV_N; k++)
			d[i] += lanes[i][k];
	}
	carry26(l, d);
	to64(p->h, l);
	PV_CLEANUP();
	if (nblocks % PV_N)
		jca__poly1305_blocks_generic(p, in, nblocks % PV_N, 1);
}

#else

void PV_FN(jca__poly1305 *p, const uint8_t *in, size_t nblocks, uint32_t full)
{
	jca__poly1305_blocks_generic(p, in, nblocks, full);
}

#endif
