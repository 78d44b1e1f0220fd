/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES (FIPS 197) with ECB and CBC using the Armv8 Cryptographic Extension
 * (AESE, AESMC, AESD, AESIMC).
 *
 * Build with: -march=armv8-a+crypto
 * Call only when jca__cpu_features() reports JCA__CPU_ARM_AES.
 *
 * Context (jca__aes_armv8_ctx): ek holds the rounds+1 encryption round keys
 * in FIPS 197 byte order; dk holds the keys of the equivalent inverse cipher
 * (ek in reverse order, InvMixColumns applied to all but the first and the
 * last), which is what the AESD/AESIMC sequence needs.
 *
 * Constant time: no table lookups or branches on secret data; SubWord in the
 * key schedule is done with AESE as well.
 */
#include <arm_neon.h>
#include <string.h>

#include "../algs.h"

#if defined(__ARM_BIG_ENDIAN)
#error "the Armv8 AES backend assumes a little-endian target"
#endif

/*
 * The block routines are inlined into one copy per key size (see the
 * switch in each exported function): with a constant round count the round
 * loops unroll completely (UNROLL asks for it: GCC at -O2 would not) and the
 * round keys and blocks, held in small arrays, stay in registers.
 */
#define AES_INLINE static inline __attribute__((always_inline))
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

/* ---- key schedule ------------------------------------------------------ */

/*
 * SubWord(w) via AESE: with w copied into all four columns, ShiftRows only
 * moves equal bytes around and the zero round key adds nothing, so each
 * column of the result is SubBytes(w).
 */
static uint32_t sub_word(uint32_t w)
{
	uint8x16_t v = vreinterpretq_u8_u32(vdupq_n_u32(w));

	v = vaeseq_u8(v, vdupq_n_u8(0));
	return vgetq_lane_u32(vreinterpretq_u32_u8(v), 0);
}

/*
 * Words are kept in memory order (byte 0 of the word is its first key byte),
 * loaded little-endian, so RotWord is a right rotation by 8 and the round
 * constant goes into the low byte.
 */
static uint32_t get_word(const uint8_t *p)
{
	uint32_t w;

	memcpy(&w, p, 4);
	return w;
}

static void put_word(uint8_t *p, uint32_t w)
{
	memcpy(p, &w, 4);
}

static uint32_t rot_word(uint32_t w)
{
	return (w >> 8) | (w << 24);
}

/* FIPS 197 KeyExpansion straight into ek (rounds+1 keys of 16 bytes). */
static void expand_key(uint8_t *ek, const uint8_t *key, unsigned nk, unsigned nr)
{
	unsigned total = 4 * (nr + 1);
	uint8_t rcon = 1;

	memcpy(ek, key, 4 * nk);
	for (unsigned i = nk; i < total; i++) {
		uint32_t t = get_word(ek + 4 * (i - 1));

		if (i % nk == 0) {
			t = sub_word(rot_word(t)) ^ rcon;
			rcon = (uint8_t)((rcon << 1) ^ ((rcon >> 7) * 0x1b));
		} else if (nk > 6 && i % nk == 4) {
			t = sub_word(t);
		}
		put_word(ek + 4 * i, get_word(ek + 4 * (i - nk)) ^ t);
	}
}

/* Equivalent inverse cipher keys: reversed, InvMixColumns on the middle ones. */
static void make_dec_keys(uint8_t *dk, const uint8_t *ek, unsigned nr)
{
	vst1q_u8(dk, vld1q_u8(ek + 16 * nr));
	for (unsigned i = 1; i < nr; i++)
		vst1q_u8(dk + 16 * i, vaesimcq_u8(vld1q_u8(ek + 16 * (nr - i))));
	vst1q_u8(dk + 16 * nr, vld1q_u8(ek));
}

int jca__aes_armv8_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	jca__aes_armv8_ctx *c = ctx;
	unsigned nk;

	switch (key_len) {
	case 16: nk = 4; break;
	case 24: nk = 6; break;
	case 32: nk = 8; break;
	default:
		memset(c, 0, sizeof(*c));
		return -1;
	}
	c->rounds = nk + 6;
	expand_key(c->ek, key, nk, c->rounds);
	make_dec_keys(c->dk, c->ek, c->rounds);
	return 0;
}

/* ---- single blocks and groups of four ------------------------------- */

AES_INLINE void load_keys(uint8x16_t rk[15], const uint8_t *src, unsigned nr)
{
	UNROLL
	for (unsigned i = 0; i <= nr; i++)
		rk[i] = vld1q_u8(src + 16 * i);
}

/* AESE = AddRoundKey, SubBytes, ShiftRows; AESMC = MixColumns. */
AES_INLINE uint8x16_t enc1(const uint8x16_t *rk, unsigned nr, uint8x16_t b)
{
	UNROLL
	for (unsigned i = 0; i < nr - 1; i++)
		b = vaesmcq_u8(vaeseq_u8(b, rk[i]));
	return veorq_u8(vaeseq_u8(b, rk[nr - 1]), rk[nr]);
}

/* AESD = AddRoundKey, InvSubBytes, InvShiftRows; AESIMC = InvMixColumns. */
AES_INLINE uint8x16_t dec1(const uint8x16_t *rk, unsigned nr, uint8x16_t b)
{
	UNROLL
	for (unsigned i = 0; i < nr - 1; i++)
		b = vaesimcq_u8(vaesdq_u8(b, rk[i]));
	return veorq_u8(vaesdq_u8(b, rk[nr - 1]), rk[nr]);
}

/*
 * Four independent blocks, round by round, so the AES unit's pipeline has
 * four chains to overlap instead of waiting on one.
 */
AES_INLINE void enc4(const uint8x16_t *rk, unsigned nr, uint8x16_t b[4])
{
	UNROLL
	for (unsigned i = 0; i < nr - 1; i++) {
		b[0] = vaesmcq_u8(vaeseq_u8(b[0], rk[i]));
		b[1] = vaesmcq_u8(vaeseq_u8(b[1], rk[i]));
		b[2] = vaesmcq_u8(vaeseq_u8(b[2], rk[i]));
		b[3] = vaesmcq_u8(vaeseq_u8(b[3], rk[i]));
	}
	UNROLL
	for (int j = 0; j < 4; j++)
		b[j] = veorq_u8(vaeseq_u8(b[j], rk[nr - 1]), rk[nr]);
}

AES_INLINE void dec4(const uint8x16_t *rk, unsigned nr, uint8x16_t b[4])
{
	UNROLL
	for (unsigned i = 0; i < nr - 1; i++) {
		b[0] = vaesimcq_u8(vaesdq_u8(b[0], rk[i]));
		b[1] = vaesimcq_u8(vaesdq_u8(b[1], rk[i]));
		b[2] = vaesimcq_u8(vaesdq_u8(b[2], rk[i]));
		b[3] = vaesimcq_u8(vaesdq_u8(b[3], rk[i]));
	}
	UNROLL
	for (int j = 0; j < 4; j++)
		b[j] = veorq_u8(vaesdq_u8(b[j], rk[nr - 1]), rk[nr]);
}

AES_INLINE void load4(uint8x16_t b[4], const uint8_t *in)
{
	UNROLL
	for (int j = 0; j < 4; j++)
		b[j] = vld1q_u8(in + 16 * j);
}

AES_INLINE void store4(uint8_t *out, const uint8x16_t b[4])
{
	UNROLL
	for (int j = 0; j < 4; j++)
		vst1q_u8(out + 16 * j, b[j]);
}

/* ---- modes, for a fixed round count --------------------------------- */

/* ECB: independent blocks, so both directions go four at a time. */
AES_INLINE void ecb_enc(const uint8_t *keys, unsigned nr, uint8_t *out, const uint8_t *in, size_t n)
{
	uint8x16_t rk[15], b[4];

	load_keys(rk, keys, nr);
	for (; n >= 4; n -= 4, in += 64, out += 64) {
		load4(b, in);
		enc4(rk, nr, b);
		store4(out, b);
	}
	for (; n > 0; n--, in += 16, out += 16)
		vst1q_u8(out, enc1(rk, nr, vld1q_u8(in)));
}

AES_INLINE void ecb_dec(const uint8_t *keys, unsigned nr, uint8_t *out, const uint8_t *in, size_t n)
{
	uint8x16_t rk[15], b[4];

	load_keys(rk, keys, nr);
	for (; n >= 4; n -= 4, in += 64, out += 64) {
		load4(b, in);
		dec4(rk, nr, b);
		store4(out, b);
	}
	for (; n > 0; n--, in += 16, out += 16)
		vst1q_u8(out, dec1(rk, nr, vld1q_u8(in)));
}

/* CBC encryption is inherently serial: each block needs the previous output. */
AES_INLINE void cbc_enc(const uint8_t *keys, unsigned nr, uint8_t *iv, uint8_t *out,
                        const uint8_t *in, size_t n)
{
	uint8x16_t rk[15], v = vld1q_u8(iv);

	load_keys(rk, keys, nr);
	for (; n > 0; n--, in += 16, out += 16) {
		v = enc1(rk, nr, veorq_u8(v, vld1q_u8(in)));
		vst1q_u8(out, v);
	}
	vst1q_u8(iv, v);
}

/*
 * CBC decryption: the block decryptions are independent (each plaintext is
 * D(C[i]) ^ C[i-1]), so four run interleaved. All four ciphertexts are read
 * and kept before anything is written, which makes out == in safe.
 */
AES_INLINE void cbc_dec(const uint8_t *keys, unsigned nr, uint8_t *iv, uint8_t *out,
                        const uint8_t *in, size_t n)
{
	uint8x16_t rk[15], c[4], b[4], prev = vld1q_u8(iv);

	load_keys(rk, keys, nr);
	for (; n >= 4; n -= 4, in += 64, out += 64) {
		load4(c, in);
		UNROLL
		for (int j = 0; j < 4; j++)
			b[j] = c[j];
		dec4(rk, nr, b);
		b[0] = veorq_u8(b[0], prev);
		b[1] = veorq_u8(b[1], c[0]);
		b[2] = veorq_u8(b[2], c[1]);
		b[3] = veorq_u8(b[3], c[2]);
		prev = c[3];
		store4(out, b);
	}
	for (; n > 0; n--, in += 16, out += 16) {
		uint8x16_t ct = vld1q_u8(in);

		vst1q_u8(out, veorq_u8(dec1(rk, nr, ct), prev));
		prev = ct;
	}
	vst1q_u8(iv, prev);
}

/* ---- exported entry points ------------------------------------------ */

/* One inlined copy per key size; rounds is 10, 12 or 14 after set_key. */
#define AES_DISPATCH(rounds, call) \
	do { \
		switch (rounds) { \
		case 10: call(10); break; \
		case 12: call(12); break; \
		default: call(14); break; \
		} \
	} while (0)

int jca__aes_armv8_ecb_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_armv8_ctx *c = ctx;
#define CALL(nr) ecb_enc(c->ek, nr, out, in, nblocks)
	AES_DISPATCH(c->rounds, CALL);
#undef CALL
	return 0;
}

int jca__aes_armv8_ecb_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_armv8_ctx *c = ctx;
#define CALL(nr) ecb_dec(c->dk, nr, out, in, nblocks)
	AES_DISPATCH(c->rounds, CALL);
#undef CALL
	return 0;
}

int jca__aes_armv8_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in,
                                size_t nblocks)
{
	const jca__aes_armv8_ctx *c = ctx;
#define CALL(nr) cbc_enc(c->ek, nr, iv, out, in, nblocks)
	AES_DISPATCH(c->rounds, CALL);
#undef CALL
	return 0;
}

int jca__aes_armv8_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in,
                                size_t nblocks)
{
	const jca__aes_armv8_ctx *c = ctx;
#define CALL(nr) cbc_dec(c->dk, nr, iv, out, in, nblocks)
	AES_DISPATCH(c->rounds, CALL);
#undef CALL
	return 0;
}
