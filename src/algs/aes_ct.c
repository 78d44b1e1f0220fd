/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable, constant-time AES (FIPS 197): the rounds on four bitsliced
 * blocks and the key schedule. The bitsliced layout and the conversions are
 * in aes_bitslice.h; the ECB and CBC loops in aes_ct_modes.c.
 *
 * SubBytes is the Boyar-Peralta Boolean circuit for the S-box (AND and XOR
 * only), so no memory access and no branch depends on key or data. The
 * inverse S-box reuses it: InvS(x) = M(S'(M(x ^ 0x63))), where S' is the
 * circuit without its output constant 0x63 (S'(z) = A(z^-1) for the linear
 * part A of the S-box affine map) and M is the linear part of the inverse
 * affine map. The two 0x63 constants are folded into round keys 1..Nr (see
 * set_key), so neither direction spends instructions on them.
 */
#include "aes_bitslice.h"
#include "aes_key.h"
#include "../util/mem.h"

static inline uint64_t rotr64(uint64_t x, unsigned n)
{
	return (x >> n) | (x << (64 - n));
}

/* ---- round functions on the bitsliced state ----------------------------- */

/*
 * S'(x) = S(x) ^ 0x63 on every byte: Boyar and Peralta's depth-16 circuit
 * (128 gates: a top linear layer, a GF(2^4)-based inversion with 34 ANDs,
 * a bottom linear layer) with its four output XNORs turned into XORs. u0 is
 * the most significant bit of the byte. Their smaller 115-gate circuit has
 * depth 28; CBC encryption, one block at a time, is latency-bound, and with
 * GCC 12 it ran 7% faster with this one (clang 14: 5% slower; CBC
 * decryption was the same with either).
 */
AES_INLINE void sbox_noconst(uint64_t q[NSLICE])
{
	uint64_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
	uint64_t u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
	uint64_t t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
	uint64_t t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
	uint64_t m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14;
	uint64_t m15, m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26;
	uint64_t m27, m28, m29, m30, m31, m32, m33, m34, m35, m36, m37, m38;
	uint64_t m39, m40, m41, m42, m43, m44, m45, m46, m47, m48, m49, m50;
	uint64_t m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63;
	uint64_t l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14;
	uint64_t l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25, l26;
	uint64_t l27, l28, l29;

	/* top linear layer */
	t1 = u0 ^ u3;
	t2 = u0 ^ u5;
	t3 = u0 ^ u6;
	t4 = u3 ^ u5;
	t5 = u4 ^ u6;
	t6 = t1 ^ t5;
	t7 = u1 ^ u2;
	t8 = u7 ^ t6;
	t9 = u7 ^ t7;
	t10 = t6 ^ t7;
	t11 = u1 ^ u5;
	t12 = u2 ^ u5;
	t13 = t3 ^ t4;
	t14 = t6 ^ t11;
	t15 = t5 ^ t11;
	t16 = t5 ^ t12;
	t17 = t9 ^ t16;
	t18 = u3 ^ u7;
	t19 = t7 ^ t18;
	t20 = t1 ^ t19;
	t21 = u6 ^ u7;
	t22 = t7 ^ t21;
	t23 = t2 ^ t22;
	t24 = t2 ^ t10;
	t25 = t20 ^ t17;
	t26 = t3 ^ t16;
	t27 = t1 ^ t12;

	/* middle non-linear layer */
	m1 = t13 & t6;
	m2 = t23 & t8;
	m3 = t14 ^ m1;
	m4 = t19 & u7;
	m5 = m4 ^ m1;
	m6 = t3 & t16;
	m7 = t22 & t9;
	m8 = t26 ^ m6;
	m9 = t20 & t17;
	m10 = m9 ^ m6;
	m11 = t1 & t15;
	m12 = t4 & t27;
	m13 = m12 ^ m11;
	m14 = t2 & t10;
	m15 = m14 ^ m11;
	m16 = m3 ^ m2;
	m17 = m5 ^ t24;
	m18 = m8 ^ m7;
	m19 = m10 ^ m15;
	m20 = m16 ^ m13;
	m21 = m17 ^ m15;
	m22 = m18 ^ m13;
	m23 = m19 ^ t25;
	m24 = m22 ^ m23;
	m25 = m22 & m20;
	m26 = m21 ^ m25;
	m27 = m20 ^ m21;
	m28 = m23 ^ m25;
	m29 = m28 & m27;
	m30 = m26 & m24;
	m31 = m20 & m23;
	m32 = m27 & m31;
	m33 = m27 ^ m25;
	m34 = m21 & m22;
	m35 = m24 & m34;
	m36 = m24 ^ m25;
	m37 = m21 ^ m29;
	m38 = m32 ^ m33;
	m39 = m23 ^ m30;
	m40 = m35 ^ m36;
	m41 = m38 ^ m40;
	m42 = m37 ^ m39;
	m43 = m37 ^ m38;
	m44 = m39 ^ m40;
	m45 = m42 ^ m41;
	m46 = m44 & t6;
	m47 = m40 & t8;
	m48 = m39 & u7;
	m49 = m43 & t16;
	m50 = m38 & t9;
	m51 = m37 & t17;
	m52 = m42 & t15;
	m53 = m45 & t27;
	m54 = m41 & t10;
	m55 = m44 & t13;
	m56 = m40 & t23;
	m57 = m39 & t19;
	m58 = m43 & t3;
	m59 = m38 & t22;
	m60 = m37 & t20;
	m61 = m42 & t1;
	m62 = m45 & t4;
	m63 = m41 & t2;

	/* bottom linear layer */
	l0 = m61 ^ m62;
	l1 = m50 ^ m56;
	l2 = m46 ^ m48;
	l3 = m47 ^ m55;
	l4 = m54 ^ m58;
	l5 = m49 ^ m61;
	l6 = m62 ^ l5;
	l7 = m46 ^ l3;
	l8 = m51 ^ m59;
	l9 = m52 ^ m53;
	l10 = m53 ^ l4;
	l11 = m60 ^ l2;
	l12 = m48 ^ m51;
	l13 = m50 ^ l0;
	l14 = m52 ^ m61;
	l15 = m55 ^ l1;
	l16 = m56 ^ l0;
	l17 = m57 ^ l1;
	l18 = m58 ^ l8;
	l19 = m63 ^ l4;
	l20 = l0 ^ l1;
	l21 = l1 ^ l7;
	l22 = l3 ^ l12;
	l23 = l18 ^ l2;
	l24 = l15 ^ l9;
	l25 = l6 ^ l10;
	l26 = l7 ^ l9;
	l27 = l8 ^ l10;
	l28 = l11 ^ l14;
	l29 = l11 ^ l17;

	q[7] = l6 ^ l24;
	q[6] = l16 ^ l26;         /* XNOR in the published circuit */
	q[5] = l19 ^ l28;         /* XNOR */
	q[4] = l6 ^ l21;
	q[3] = l20 ^ l22;
	q[2] = l25 ^ l29;
	q[1] = l13 ^ l27;         /* XNOR */
	q[0] = l6 ^ l23;          /* XNOR */
}

/*
 * M: the linear part of the inverse affine map, bit i of the result being
 * x[i-1] ^ x[i-3] ^ x[i-6] (indices mod 8). Pairs shared between two
 * outputs bring it from 16 to 12 XORs.
 */
AES_INLINE void inv_affine(uint64_t q[NSLICE])
{
	uint64_t a = q[2] ^ q[5], b = q[4] ^ q[7];
	uint64_t c = q[0] ^ q[3], d = q[1] ^ q[6];
	uint64_t n0 = a ^ q[7], n1 = c ^ q[6], n2 = b ^ q[1], n3 = a ^ q[0];
	uint64_t n4 = d ^ q[3], n5 = b ^ q[2], n6 = c ^ q[5], n7 = d ^ q[4];

	q[0] = n0;
	q[1] = n1;
	q[2] = n2;
	q[3] = n3;
	q[4] = n4;
	q[5] = n5;
	q[6] = n6;
	q[7] = n7;
}

/* Input carries the 0x63 folded into the round key: see the file comment. */
AES_INLINE void inv_sbox_noconst(uint64_t q[NSLICE])
{
	inv_affine(q);
	sbox_noconst(q);
	inv_affine(q);
}

/* Delta swap: exchange the bits selected by m with those s places above. */
AES_INLINE uint64_t dswap(uint64_t x, unsigned s, uint64_t m)
{
	uint64_t t = ((x >> s) ^ x) & m;

	return x ^ t ^ (t << s);
}

/*
 * Row r of a word is a 16-bit lane whose column slots sit at lane bit
 * (c & 1) + 8*(c >> 1). Rotating a row left by one column, (c0 c1 c2 c3) ->
 * (c1 c2 c3 c0), is "swap slots 0<->1 and 2<->3" then "swap slots 1<->3";
 * by three columns it is the same first step then "swap 0<->2"; by two it
 * is "swap 0<->2 and 1<->3". The second steps all have distance 8, so the
 * whole ShiftRows is one distance-1 and one distance-8 delta swap.
 */
#define SR_M1 0x5555000055550000u  /* rows 1, 3: slots 0 and 2 */
#define SR_M2 0x005500FF00AA0000u  /* row 1: slot 1; row 2: 0, 1; row 3: 0 */

AES_INLINE uint64_t shift_rows_word(uint64_t x)
{
	return dswap(dswap(x, 1, SR_M1), 8, SR_M2);
}

AES_INLINE uint64_t inv_shift_rows_word(uint64_t x)
{
	return dswap(dswap(x, 8, SR_M2), 1, SR_M1);
}

/* (Written out per word rather than looped: see AES_INLINE.) */
AES_INLINE void shift_rows(uint64_t q[NSLICE])
{
	q[0] = shift_rows_word(q[0]);
	q[1] = shift_rows_word(q[1]);
	q[2] = shift_rows_word(q[2]);
	q[3] = shift_rows_word(q[3]);
	q[4] = shift_rows_word(q[4]);
	q[5] = shift_rows_word(q[5]);
	q[6] = shift_rows_word(q[6]);
	q[7] = shift_rows_word(q[7]);
}

AES_INLINE void inv_shift_rows(uint64_t q[NSLICE])
{
	q[0] = inv_shift_rows_word(q[0]);
	q[1] = inv_shift_rows_word(q[1]);
	q[2] = inv_shift_rows_word(q[2]);
	q[3] = inv_shift_rows_word(q[3]);
	q[4] = inv_shift_rows_word(q[4]);
	q[5] = inv_shift_rows_word(q[5]);
	q[6] = inv_shift_rows_word(q[6]);
	q[7] = inv_shift_rows_word(q[7]);
}

/*
 * out_r = 2*a_r ^ 3*a_(r+1) ^ a_(r+2) ^ a_(r+3)
 *       = 2*(a_r ^ a_(r+1)) ^ a_(r+1) ^ (a_(r+2) ^ a_(r+3)),
 * where a_(r+1) is the word rotated right by one lane (16 bits). Doubling in
 * GF(2^8) on bit planes is a renaming plus three XORs (x^8 = x^4+x^3+x+1).
 */
AES_INLINE void mix_columns(uint64_t q[NSLICE])
{
	uint64_t b0 = rotr64(q[0], 16), b1 = rotr64(q[1], 16);
	uint64_t b2 = rotr64(q[2], 16), b3 = rotr64(q[3], 16);
	uint64_t b4 = rotr64(q[4], 16), b5 = rotr64(q[5], 16);
	uint64_t b6 = rotr64(q[6], 16), b7 = rotr64(q[7], 16);
	uint64_t t0 = q[0] ^ b0, t1 = q[1] ^ b1, t2 = q[2] ^ b2, t3 = q[3] ^ b3;
	uint64_t t4 = q[4] ^ b4, t5 = q[5] ^ b5, t6 = q[6] ^ b6, t7 = q[7] ^ b7;

	q[0] = t7 ^ b0 ^ rotr64(t0, 32);
	q[1] = t0 ^ t7 ^ b1 ^ rotr64(t1, 32);
	q[2] = t1 ^ b2 ^ rotr64(t2, 32);
	q[3] = t2 ^ t7 ^ b3 ^ rotr64(t3, 32);
	q[4] = t3 ^ t7 ^ b4 ^ rotr64(t4, 32);
	q[5] = t4 ^ b5 ^ rotr64(t5, 32);
	q[6] = t5 ^ b6 ^ rotr64(t6, 32);
	q[7] = t6 ^ b7 ^ rotr64(t7, 32);
}

/*
 * The InvMixColumns matrix (14 11 13 9) is MixColumns times the circulant
 * (5 0 4 0), so first a_r ^= 4*(a_r ^ a_(r+2)), then MixColumns. Times 4 on
 * bit planes: x^8 = x^4+x^3+x+1 and x^9 = x^5+x^4+x^2+x.
 */
AES_INLINE void inv_mix_columns(uint64_t q[NSLICE])
{
	uint64_t w0 = q[0] ^ rotr64(q[0], 32), w1 = q[1] ^ rotr64(q[1], 32);
	uint64_t w2 = q[2] ^ rotr64(q[2], 32), w3 = q[3] ^ rotr64(q[3], 32);
	uint64_t w4 = q[4] ^ rotr64(q[4], 32), w5 = q[5] ^ rotr64(q[5], 32);
	uint64_t w6 = q[6] ^ rotr64(q[6], 32), w7 = q[7] ^ rotr64(q[7], 32);

	q[0] ^= w6;
	q[1] ^= w6 ^ w7;
	q[2] ^= w0 ^ w7;
	q[3] ^= w1 ^ w6;
	q[4] ^= w2 ^ w6 ^ w7;
	q[5] ^= w3 ^ w7;
	q[6] ^= w4;
	q[7] ^= w5;
	mix_columns(q);
}

AES_INLINE void add_round_key(uint64_t q[NSLICE], const uint64_t *rk)
{
	q[0] ^= rk[0];
	q[1] ^= rk[1];
	q[2] ^= rk[2];
	q[3] ^= rk[3];
	q[4] ^= rk[4];
	q[5] ^= rk[5];
	q[6] ^= rk[6];
	q[7] ^= rk[7];
}

/* ---- the cipher on four bitsliced blocks -------------------------------- */

void jca__aes_ct_encrypt_slices(const jca__aes_ct_ctx *c, uint64_t state[NSLICE])
{
	const uint64_t *sk = c->sk;
	unsigned nr = c->rounds;
	uint64_t q[NSLICE];

	memcpy(q, state, sizeof q);
	add_round_key(q, sk);
	for (unsigned r = 1;; r++) {
		sbox_noconst(q);
		shift_rows(q);
		if (r >= nr)
			break;
		mix_columns(q);
		add_round_key(q, sk + NSLICE * r);
	}
	add_round_key(q, sk + NSLICE * nr);
	memcpy(state, q, sizeof q);
}

void jca__aes_ct_decrypt_slices(const jca__aes_ct_ctx *c, uint64_t state[NSLICE])
{
	const uint64_t *sk = c->sk;
	unsigned nr = c->rounds;
	uint64_t q[NSLICE];

	memcpy(q, state, sizeof q);
	add_round_key(q, sk + NSLICE * nr);
	for (unsigned r = nr;; r--) {
		inv_shift_rows(q);
		inv_sbox_noconst(q);
		if (r <= 1)
			break;
		add_round_key(q, sk + NSLICE * (r - 1));
		inv_mix_columns(q);
	}
	add_round_key(q, sk);
	memcpy(state, q, sizeof q);
}

/* ---- key schedule -------------------------------------------------------- */

/* SubWord on a little-endian word, through the same circuit (constant time). */
static uint32_t sub_word(uint32_t w)
{
	uint64_t q[NSLICE];
	uint32_t r = 0;

	for (int i = 0; i < NSLICE; i++)
		q[i] = (w >> i) & 0x01010101u;
	sbox_noconst(q);
	for (int i = 0; i < NSLICE; i++)
		r |= (uint32_t)(q[i] & 0x01010101u) << i;
	wipe64(q, NSLICE);
	return r ^ 0x63636363u;
}

/*
 * FIPS 197 key expansion on little-endian words (aes_key.h), then each round
 * key is replicated into the four lanes and bitsliced. Round keys 1..Nr also absorb the S-box
 * constant 0x63 (planes 0, 1, 5, 6 inverted): it passes unchanged through
 * ShiftRows and both MixColumns (each matrix row sums to 1), so adding it
 * there equals adding it after each S-box, and on the way back it is the
 * x ^ 0x63 that the inverse S-box wants on its input.
 */
int jca__aes_ct_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	jca__aes_ct_ctx *c = ctx;
	uint32_t w[4 * 15];
	uint64_t x[NSLICE];
	unsigned nr = jca__aes_expand_key(w, key, key_len, sub_word);

	if (!nr) {
		c->rounds = 0;
		return -1;
	}
	for (unsigned r = 0; r <= nr; r++) {
		uint64_t lo = w[4 * r] | (uint64_t)w[4 * r + 1] << 32;
		uint64_t hi = w[4 * r + 2] | (uint64_t)w[4 * r + 3] << 32;

		for (int b = 0; b < PAR; b++) {
			x[2 * b] = lo;
			x[2 * b + 1] = hi;
		}
		bitslice(x);
		if (r > 0) {
			x[0] = ~x[0];
			x[1] = ~x[1];
			x[5] = ~x[5];
			x[6] = ~x[6];
		}
		memcpy(c->sk + NSLICE * r, x, sizeof x);
	}
	c->rounds = nr;

	wipe64(x, NSLICE);
	jca__wipe(w, sizeof w);
	return 0;
}

