/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES (FIPS 197) by vector permutes: the algorithm, written once against a
 * few 16-byte vector primitives that the including file defines for its
 * instruction set (x86/aes_vperm.c: SSSE3 pshufb; arm/aes_vperm_neon.c:
 * AdvSIMD tbl). Key schedule, ECB, CBC, CTR and the GCM key. Constant
 * time: the only table look-ups are register-to-register byte shuffles, and
 * no branch depends on key or data.
 *
 * The method is M. Hamburg's ("Accelerating AES with Vector Permute
 * Instructions", CHES 2009); the tables and their derivation are in
 * aes_vperm_tables.py, which checks every S-box path exhaustively:
 *  - a byte is kept as two GF(2^4) coordinates, its nibbles (the tower
 *    basis M); GF(2^8) inversion is five look-ups of single nibbles
 *    (inv_core), and two more per output give any linear image of the
 *    inverse: the S-box's affine map, times 2 (or 14, 11, 13, 9 when
 *    decrypting), in the tower basis for the next round;
 *  - ShiftRows is not done per round: round r works on the state permuted
 *    by ShiftRows^-r, so its MixColumns rotates rows with that permutation
 *    conjugated in (the *_rot tables), the round keys are permuted to
 *    match, and the last round applies ShiftRows^Nr once;
 *  - the S-box constant (0x63, or 0x05 before the inverse) is folded into
 *    the round keys.
 *
 * Schedules (private to this code):
 *   ek[0]      M(k0)
 *   ek[r]      M(SR^-r(k_r)) ^ M(0x63), 0 < r < Nr
 *   ek[Nr]     k_Nr ^ 0x63 (standard basis: the last round leaves it)
 *   dk[0]      MD(k_Nr) ^ M(0x05), MD = M after the inverse affine map
 *   dk[r]      MD(ISR^-r(InvMixColumns(k_{Nr-r}))) ^ M(0x05), 0 < r < Nr
 *   dk[Nr]     k_0
 * (the equivalent inverse cipher of FIPS 197, 5.3.5).
 *
 * The including file defines, all on the 16-byte vector type vp_t:
 *   VP_LOAD(p), VP_STORE(p, v)   unaligned; VP_LOADA(p) 16-byte aligned
 *   VP_XOR(a, b)
 *   VP_TBL(t, i)     byte n = t[i[n]]; 0 where i[n] >= 0x80 (the indices
 *                    used here are below 16 or at least 0x80)
 *   VP_LO(x), VP_HI(x)   the low and the high nibble of each byte
 *   VP_SET1(c)       c in every byte
 *   VP_FROM32(w), VP_TO32(v)   a 32-bit word to and from bytes 0..3
 *   VP_XTIME(v)      times x in GF(2^8) (AES's polynomial), every byte
 *   VP_COUNTER(v, n) v with bytes 12..15 replaced by n, big-endian
 */
#ifndef JCA_AES_VPERM_IMPL_H
#define JCA_AES_VPERM_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "algs.h"
#include "gcm.h"
#include "aes_vperm_tables.h"
#include "aes_key.h"
#include "../util/bytes.h"
#include "../util/mem.h"

#if defined(__clang__)
#define UNROLL
#else
#define UNROLL _Pragma("GCC unroll 8")
#endif
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define TBL(n) VP_LOADA(jca__vperm_tables[JCA__VP_##n])

/* Blocks processed together where the mode allows it (ECB, CBC
 * decryption, CTR): one block's chain of dependent look-ups leaves the
 * shuffle units idle most of the time. */
#define LANES 4

/* ---- the S-box core ------------------------------------------------------- */

/* A linear map given by its images of the low and of the high nibble. */
static ALWAYS_INLINE vp_t lin(vp_t lo, vp_t hi, vp_t x)
{
	return VP_XOR(VP_TBL(lo, VP_LO(x)), VP_TBL(hi, VP_HI(x)));
}

/*
 * x = k + i*s in the tower (k the low nibble). With j = i ^ k:
 *   io = j ^ 1/(1/i ^ a/k),  jo = i ^ 1/(1/j ^ a/k)
 * where 1/0 is the index 0x80, which reads as 0 (1/infinity). io and jo
 * are the reciprocals of two coordinates of 1/x (see the generator).
 */
static ALWAYS_INLINE void inv_core(vp_t x, vp_t *io, vp_t *jo)
{
	const vp_t inv = TBL(INV);
	vp_t k = VP_LO(x);
	vp_t i = VP_HI(x);
	vp_t j = VP_XOR(i, k);
	vp_t ak = VP_TBL(TBL(INVA), k);
	vp_t iak = VP_XOR(VP_TBL(inv, i), ak);
	vp_t jak = VP_XOR(VP_TBL(inv, j), ak);

	*io = VP_XOR(VP_TBL(inv, iak), j);
	*jo = VP_XOR(VP_TBL(inv, jak), i);
}

/* A linear image of 1/x from io and jo, through a pair of output tables. */
#define OUT(name, io, jo) \
	VP_XOR(VP_TBL(TBL(name##_P), (io)), VP_TBL(TBL(name##_Q), (jo)))

#define SHUF(x, perm) VP_TBL((x), VP_LOADA(perm))

/* ---- rounds ----------------------------------------------------------------- */

/* Middle encryption round r on the tower-basis state. */
static ALWAYS_INLINE vp_t enc_round(vp_t x, const uint8_t *ek, unsigned r)
{
	vp_t io, jo, a, b, t, u;

	inv_core(x, &io, &jo);
	a = OUT(ENC_S1, io, jo);              /* S(x) ^ 0x63 */
	b = OUT(ENC_S2, io, jo);              /* 2 (S(x) ^ 0x63) */
	/*
	 * MixColumns: 2a_r ^ 3a_(r+1) ^ a_(r+2) ^ a_(r+3)
	 *   = (b_r ^ b_(r+1)) ^ (a_(r+1) ^ a_(r+2)) ^ (a_(r+3) ^ key),
	 * as a tree: four steps after a and b on the block's critical path.
	 */
	t = VP_XOR(b, SHUF(b, jca__vperm_enc_rot[r & 3]));
	u = VP_XOR(SHUF(a, jca__vperm_enc_rot[r & 3]), SHUF(a, jca__vperm_enc_rot2[r & 3]));
	a = VP_XOR(SHUF(a, jca__vperm_enc_rot_inv[r & 3]), VP_LOAD(ek + 16 * r));
	return VP_XOR(VP_XOR(t, u), a);
}

static ALWAYS_INLINE vp_t enc_first(vp_t x, const uint8_t *ek)
{
	return VP_XOR(lin(TBL(ENC_IN_LO), TBL(ENC_IN_HI), x), VP_LOAD(ek));
}

static ALWAYS_INLINE vp_t enc_last(vp_t x, const uint8_t *ek, unsigned nr)
{
	vp_t io, jo;

	inv_core(x, &io, &jo);
	return VP_XOR(SHUF(OUT(ENC_LAST, io, jo), jca__vperm_enc_out_perm[nr & 3]),
	                     VP_LOAD(ek + 16 * nr));
}

static ALWAYS_INLINE vp_t dec_round(vp_t x, const uint8_t *dk, unsigned r)
{
	const uint8_t *rot = jca__vperm_dec_rot[r & 3];
	vp_t io, jo, t;

	inv_core(x, &io, &jo);
	/* InvMixColumns, Horner: 14a_r ^ R(11a ^ R(13a ^ R(9a))) */
	t = OUT(DEC_S9, io, jo);
	t = VP_XOR(OUT(DEC_SD, io, jo), SHUF(t, rot));
	t = VP_XOR(OUT(DEC_SB, io, jo), SHUF(t, rot));
	t = VP_XOR(OUT(DEC_SE, io, jo), SHUF(t, rot));
	return VP_XOR(t, VP_LOAD(dk + 16 * r));
}

static ALWAYS_INLINE vp_t dec_first(vp_t x, const uint8_t *dk)
{
	return VP_XOR(lin(TBL(DEC_IN_LO), TBL(DEC_IN_HI), x), VP_LOAD(dk));
}

static ALWAYS_INLINE vp_t dec_last(vp_t x, const uint8_t *dk, unsigned nr)
{
	vp_t io, jo;

	inv_core(x, &io, &jo);
	return VP_XOR(SHUF(OUT(DEC_LAST, io, jo), jca__vperm_dec_out_perm[nr & 3]),
	                     VP_LOAD(dk + 16 * nr));
}

static ALWAYS_INLINE vp_t encrypt1(const jca__aes_vperm_ctx *c, vp_t x)
{
	unsigned nr = c->rounds;

	x = enc_first(x, c->ek);
	for (unsigned r = 1; r < nr; r++)
		x = enc_round(x, c->ek, r);
	return enc_last(x, c->ek, nr);
}

/* n blocks side by side (n a constant after inlining). */
static ALWAYS_INLINE void encrypt_n(const jca__aes_vperm_ctx *c, vp_t *b, size_t n)
{
	unsigned nr = c->rounds;

	UNROLL
	for (size_t j = 0; j < n; j++)
		b[j] = enc_first(b[j], c->ek);
	for (unsigned r = 1; r < nr; r++) {
		UNROLL
		for (size_t j = 0; j < n; j++)
			b[j] = enc_round(b[j], c->ek, r);
	}
	UNROLL
	for (size_t j = 0; j < n; j++)
		b[j] = enc_last(b[j], c->ek, nr);
}

static ALWAYS_INLINE void decrypt_n(const jca__aes_vperm_ctx *c, vp_t *b, size_t n)
{
	unsigned nr = c->rounds;

	UNROLL
	for (size_t j = 0; j < n; j++)
		b[j] = dec_first(b[j], c->dk);
	for (unsigned r = 1; r < nr; r++) {
		UNROLL
		for (size_t j = 0; j < n; j++)
			b[j] = dec_round(b[j], c->dk, r);
	}
	UNROLL
	for (size_t j = 0; j < n; j++)
		b[j] = dec_last(b[j], c->dk, nr);
}

/* ---- key schedule ------------------------------------------------------- */

/* SubWord on the low 32 bits (constant time, as the cipher). */
static uint32_t sub_word(uint32_t w)
{
	vp_t x = lin(TBL(ENC_IN_LO), TBL(ENC_IN_HI), VP_FROM32(w)), io, jo;

	inv_core(x, &io, &jo);
	x = VP_XOR(OUT(ENC_LAST, io, jo), VP_SET1(0x63));
	return VP_TO32(x);
}

/* InvMixColumns in the standard basis: 14a_r ^ 11a_(r+1) ^ 13a_(r+2) ^ 9a_(r+3). */
static vp_t inv_mix_columns(vp_t v)
{
	vp_t v2 = VP_XTIME(v), v4 = VP_XTIME(v2), v8 = VP_XTIME(v4);
	vp_t v9 = VP_XOR(v8, v);
	vp_t t;

	t = v9;
	t = VP_XOR(VP_XOR(v9, v4), SHUF(t, jca__vperm_rot[0]));               /* 13 */
	t = VP_XOR(VP_XOR(v9, v2), SHUF(t, jca__vperm_rot[0]));               /* 11 */
	return VP_XOR(VP_XOR(VP_XOR(v8, v4), v2), SHUF(t, jca__vperm_rot[0])); /* 14 */
}

int jca__aes_vperm_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	jca__aes_vperm_ctx *c = ctx;
	uint32_t w[4 * 15];
	const vp_t c63 = VP_SET1(0x63);
	const vp_t m63 = VP_SET1(JCA__VPERM_C63), m05 = VP_SET1(JCA__VPERM_C05);
	unsigned nr = jca__aes_expand_key(w, key, key_len, sub_word);

	if (!nr) {
		c->rounds = 0;
		return -1;
	}
	for (unsigned r = 0; r <= nr; r++) {
		vp_t k = VP_LOAD(w + 4 * r), e, d;

		if (r == 0)
			e = lin(TBL(ENC_IN_LO), TBL(ENC_IN_HI), k);
		else if (r < nr)
			e = VP_XOR(lin(TBL(ENC_IN_LO), TBL(ENC_IN_HI),
			                      SHUF(k, jca__vperm_enc_key_perm[r & 3])), m63);
		else
			e = VP_XOR(k, c63);
		VP_STORE(c->ek + 16 * r, e);

		/* dk[nr - r] from k_r */
		if (r == nr)
			d = VP_XOR(lin(TBL(DEC_IN_LO), TBL(DEC_IN_HI), k), m05);
		else if (r > 0)
			d = VP_XOR(lin(TBL(DEC_IN_LO), TBL(DEC_IN_HI),
			                      SHUF(inv_mix_columns(k), jca__vperm_dec_key_perm[(nr - r) & 3])), m05);
		else
			d = k;
		VP_STORE(c->dk + 16 * (nr - r), d);
	}
	c->rounds = nr;
	jca__wipe(w, sizeof w);
	return 0;
}

/* ---- ECB ---------------------------------------------------------------------- */

int jca__aes_vperm_ecb_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	vp_t b[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = VP_LOAD(in + 16 * j);
		encrypt_n(c, b, LANES);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			VP_STORE(out + 16 * j, b[j]);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16)
		VP_STORE(out, encrypt1(c, VP_LOAD(in)));
	return 0;
}

int jca__aes_vperm_ecb_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	vp_t b[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = VP_LOAD(in + 16 * j);
		decrypt_n(c, b, LANES);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			VP_STORE(out + 16 * j, b[j]);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		b[0] = VP_LOAD(in);
		decrypt_n(c, b, 1);
		VP_STORE(out, b[0]);
	}
	return 0;
}

/* ---- CBC ---------------------------------------------------------------------- */

int jca__aes_vperm_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	vp_t x = VP_LOAD(iv);

	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		x = encrypt1(c, VP_XOR(x, VP_LOAD(in)));
		VP_STORE(out, x);
	}
	VP_STORE(iv, x);
	return 0;
}

/* All ciphertext of a group is read before its plaintext is written, so
 * in == out works. */
int jca__aes_vperm_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	vp_t chain = VP_LOAD(iv), b[LANES], ct[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = ct[j] = VP_LOAD(in + 16 * j);
		decrypt_n(c, b, LANES);
		UNROLL
		for (size_t j = 0; j < LANES; j++) {
			VP_STORE(out + 16 * j, VP_XOR(b[j], chain));
			chain = ct[j];
		}
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		b[0] = ct[0] = VP_LOAD(in);
		decrypt_n(c, b, 1);
		VP_STORE(out, VP_XOR(b[0], chain));
		chain = ct[0];
	}
	VP_STORE(iv, chain);
	return 0;
}

/* ---- CTR and the GCM key (GHASH is the portable one: a CPU without AES-NI
 * has no PCLMULQDQ either) --------------------------------------------------- */

int jca__aes_vperm_ctr32(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	const vp_t prefix = VP_LOAD(ctr);
	uint32_t n = jca__load_be32(ctr + 12);
	vp_t b[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = VP_COUNTER(prefix, n + (uint32_t)j);
		n += LANES;
		encrypt_n(c, b, LANES);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			VP_STORE(out + 16 * j, VP_XOR(b[j], VP_LOAD(in + 16 * j)));
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16)
		VP_STORE(out, VP_XOR(encrypt1(c, VP_COUNTER(prefix, n++)), VP_LOAD(in)));
	jca__store_be32(ctr + 12, n);
	return 0;
}

int jca__aes_vperm_gcm_init(const void *ctx, void *gkey)
{
	uint8_t h[16];

	VP_STORE(h, encrypt1(ctx, VP_SET1(0)));
	jca__ghash_ct_set_h(gkey, h);
	{
		volatile uint8_t *v = h;

		for (size_t i = 0; i < sizeof h; i++)
			v[i] = 0;
	}
	return 0;
}

#endif /* JCA_AES_VPERM_IMPL_H */
