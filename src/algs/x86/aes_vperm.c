/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES (FIPS 197) by vector permutes, for x86-64 CPUs with SSSE3 and without
 * AES-NI: key schedule, ECB, CBC, CTR and the GCM key. Constant time: the
 * only table look-ups are pshufb's, register to register, and no branch
 * depends on key or data.
 *
 * Compile with: -mssse3. Call only when jca__cpu_features() has
 * JCA__CPU_SSSE3.
 *
 * The method is M. Hamburg's ("Accelerating AES with Vector Permute
 * Instructions", CHES 2009); the tables and their derivation are in
 * ../aes_vperm_tables.py, which checks every S-box path exhaustively:
 *  - a byte is kept as two GF(2^4) coordinates, its nibbles (the tower
 *    basis M); GF(2^8) inversion is five pshufb look-ups of single nibbles
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
 * Schedules (this file only):
 *   ek[0]      M(k0)
 *   ek[r]      M(SR^-r(k_r)) ^ M(0x63), 0 < r < Nr
 *   ek[Nr]     k_Nr ^ 0x63 (standard basis: the last round leaves it)
 *   dk[0]      MD(k_Nr) ^ M(0x05), MD = M after the inverse affine map
 *   dk[r]      MD(ISR^-r(InvMixColumns(k_{Nr-r}))) ^ M(0x05), 0 < r < Nr
 *   dk[Nr]     k_0
 * (the equivalent inverse cipher of FIPS 197, 5.3.5).
 */
#include <tmmintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../algs.h"
#include "../gcm.h"
#include "../aes_vperm_tables.h"

#if defined(__clang__)
#define UNROLL
#else
#define UNROLL _Pragma("GCC unroll 8")
#endif

#define LOADU(p)     _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define LOADA(p)     _mm_load_si128((const __m128i *)(const void *)(p))
#define TBL(n)       LOADA(jca__vperm_tables[JCA__VP_##n])
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* Blocks processed together where the mode allows it (ECB, CBC
 * decryption, CTR): one block's chain of dependent look-ups leaves the
 * shuffle units idle most of the time. */
#define LANES 4

/* ---- the S-box core ------------------------------------------------------- */

/* A linear map given by its images of the low and of the high nibble. */
static ALWAYS_INLINE __m128i lin(__m128i lo, __m128i hi, __m128i x)
{
	const __m128i m = _mm_set1_epi8(0x0f);

	return _mm_xor_si128(_mm_shuffle_epi8(lo, _mm_and_si128(x, m)),
	                     _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(x, 4), m)));
}

/*
 * x = k + i*s in the tower (k the low nibble). With j = i ^ k:
 *   io = j ^ 1/(1/i ^ a/k),  jo = i ^ 1/(1/j ^ a/k)
 * where 1/0 is the index 0x80, which reads as 0 (1/infinity). io and jo
 * are the reciprocals of two coordinates of 1/x (see the generator).
 */
static ALWAYS_INLINE void inv_core(__m128i x, __m128i *io, __m128i *jo)
{
	const __m128i m = _mm_set1_epi8(0x0f);
	const __m128i inv = TBL(INV);
	__m128i k = _mm_and_si128(x, m);
	__m128i i = _mm_and_si128(_mm_srli_epi16(x, 4), m);
	__m128i j = _mm_xor_si128(i, k);
	__m128i ak = _mm_shuffle_epi8(TBL(INVA), k);
	__m128i iak = _mm_xor_si128(_mm_shuffle_epi8(inv, i), ak);
	__m128i jak = _mm_xor_si128(_mm_shuffle_epi8(inv, j), ak);

	*io = _mm_xor_si128(_mm_shuffle_epi8(inv, iak), j);
	*jo = _mm_xor_si128(_mm_shuffle_epi8(inv, jak), i);
}

/* A linear image of 1/x from io and jo, through a pair of output tables. */
#define OUT(name, io, jo) \
	_mm_xor_si128(_mm_shuffle_epi8(TBL(name##_P), (io)), _mm_shuffle_epi8(TBL(name##_Q), (jo)))

#define SHUF(x, perm) _mm_shuffle_epi8((x), LOADA(perm))

/* ---- rounds ----------------------------------------------------------------- */

/* Middle encryption round r on the tower-basis state. */
static ALWAYS_INLINE __m128i enc_round(__m128i x, const uint8_t *ek, unsigned r)
{
	__m128i io, jo, a, b, t;

	inv_core(x, &io, &jo);
	a = OUT(ENC_S1, io, jo);              /* S(x) ^ 0x63 */
	b = OUT(ENC_S2, io, jo);              /* 2 (S(x) ^ 0x63) */
	/* MixColumns: t = 2a_r ^ a_(r+1); out = t ^ t_(r+1) ^ a_(r+3) */
	t = _mm_xor_si128(b, SHUF(a, jca__vperm_enc_rot[r & 3]));
	t = _mm_xor_si128(t, SHUF(t, jca__vperm_enc_rot[r & 3]));
	t = _mm_xor_si128(t, SHUF(a, jca__vperm_enc_rot_inv[r & 3]));
	return _mm_xor_si128(t, LOADU(ek + 16 * r));
}

static ALWAYS_INLINE __m128i enc_first(__m128i x, const uint8_t *ek)
{
	return _mm_xor_si128(lin(TBL(ENC_IN_LO), TBL(ENC_IN_HI), x), LOADU(ek));
}

static ALWAYS_INLINE __m128i enc_last(__m128i x, const uint8_t *ek, unsigned nr)
{
	__m128i io, jo;

	inv_core(x, &io, &jo);
	return _mm_xor_si128(SHUF(OUT(ENC_LAST, io, jo), jca__vperm_enc_out_perm[nr & 3]),
	                     LOADU(ek + 16 * nr));
}

static ALWAYS_INLINE __m128i dec_round(__m128i x, const uint8_t *dk, unsigned r)
{
	const uint8_t *rot = jca__vperm_dec_rot[r & 3];
	__m128i io, jo, t;

	inv_core(x, &io, &jo);
	/* InvMixColumns, Horner: 14a_r ^ R(11a ^ R(13a ^ R(9a))) */
	t = OUT(DEC_S9, io, jo);
	t = _mm_xor_si128(OUT(DEC_SD, io, jo), SHUF(t, rot));
	t = _mm_xor_si128(OUT(DEC_SB, io, jo), SHUF(t, rot));
	t = _mm_xor_si128(OUT(DEC_SE, io, jo), SHUF(t, rot));
	return _mm_xor_si128(t, LOADU(dk + 16 * r));
}

static ALWAYS_INLINE __m128i dec_first(__m128i x, const uint8_t *dk)
{
	return _mm_xor_si128(lin(TBL(DEC_IN_LO), TBL(DEC_IN_HI), x), LOADU(dk));
}

static ALWAYS_INLINE __m128i dec_last(__m128i x, const uint8_t *dk, unsigned nr)
{
	__m128i io, jo;

	inv_core(x, &io, &jo);
	return _mm_xor_si128(SHUF(OUT(DEC_LAST, io, jo), jca__vperm_dec_out_perm[nr & 3]),
	                     LOADU(dk + 16 * nr));
}

static ALWAYS_INLINE __m128i encrypt1(const jca__aes_vperm_ctx *c, __m128i x)
{
	unsigned nr = c->rounds;

	x = enc_first(x, c->ek);
	for (unsigned r = 1; r < nr; r++)
		x = enc_round(x, c->ek, r);
	return enc_last(x, c->ek, nr);
}

/* n blocks side by side (n a constant after inlining). */
static ALWAYS_INLINE void encrypt_n(const jca__aes_vperm_ctx *c, __m128i *b, size_t n)
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

static ALWAYS_INLINE void decrypt_n(const jca__aes_vperm_ctx *c, __m128i *b, size_t n)
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
	__m128i x = lin(TBL(ENC_IN_LO), TBL(ENC_IN_HI), _mm_cvtsi32_si128((int)w)), io, jo;

	inv_core(x, &io, &jo);
	x = _mm_xor_si128(OUT(ENC_LAST, io, jo), _mm_set1_epi8(0x63));
	return (uint32_t)_mm_cvtsi128_si32(x);
}

static __m128i xtime(__m128i v)
{
	__m128i carry = _mm_and_si128(_mm_cmplt_epi8(v, _mm_setzero_si128()), _mm_set1_epi8(0x1b));

	return _mm_xor_si128(_mm_add_epi8(v, v), carry);
}

/* InvMixColumns in the standard basis: 14a_r ^ 11a_(r+1) ^ 13a_(r+2) ^ 9a_(r+3). */
static __m128i inv_mix_columns(__m128i v)
{
	__m128i v2 = xtime(v), v4 = xtime(v2), v8 = xtime(v4);
	__m128i v9 = _mm_xor_si128(v8, v);
	__m128i t;

	t = v9;
	t = _mm_xor_si128(_mm_xor_si128(v9, v4), SHUF(t, jca__vperm_rot[0]));               /* 13 */
	t = _mm_xor_si128(_mm_xor_si128(v9, v2), SHUF(t, jca__vperm_rot[0]));               /* 11 */
	return _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(v8, v4), v2), SHUF(t, jca__vperm_rot[0])); /* 14 */
}

int jca__aes_vperm_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	static const uint8_t rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };
	jca__aes_vperm_ctx *c = ctx;
	uint32_t w[4 * 15];
	unsigned nk, nr, nw;
	const __m128i c63 = _mm_set1_epi8(0x63);
	const __m128i m63 = _mm_set1_epi8((char)JCA__VPERM_C63), m05 = _mm_set1_epi8((char)JCA__VPERM_C05);

	if (key_len != 16 && key_len != 24 && key_len != 32) {
		c->rounds = 0;
		return -1;
	}
	nk = (unsigned)key_len / 4;
	nr = nk + 6;
	nw = 4 * (nr + 1);
	/* FIPS 197 key expansion on little-endian words (RotWord: rotate right by 8) */
	for (unsigned i = 0; i < nk; i++)
		w[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
		       (uint32_t)key[4 * i + 2] << 16 | (uint32_t)key[4 * i + 3] << 24;
	for (unsigned i = nk; i < nw; i++) {
		uint32_t t = w[i - 1];

		if (i % nk == 0)
			t = sub_word((t >> 8) | (t << 24)) ^ rcon[i / nk - 1];
		else if (nk > 6 && i % nk == 4)
			t = sub_word(t);
		w[i] = w[i - nk] ^ t;
	}

	for (unsigned r = 0; r <= nr; r++) {
		__m128i k = LOADU(w + 4 * r), e, d;

		if (r == 0)
			e = lin(TBL(ENC_IN_LO), TBL(ENC_IN_HI), k);
		else if (r < nr)
			e = _mm_xor_si128(lin(TBL(ENC_IN_LO), TBL(ENC_IN_HI),
			                      SHUF(k, jca__vperm_enc_key_perm[r & 3])), m63);
		else
			e = _mm_xor_si128(k, c63);
		STOREU(c->ek + 16 * r, e);

		/* dk[nr - r] from k_r */
		if (r == nr)
			d = _mm_xor_si128(lin(TBL(DEC_IN_LO), TBL(DEC_IN_HI), k), m05);
		else if (r > 0)
			d = _mm_xor_si128(lin(TBL(DEC_IN_LO), TBL(DEC_IN_HI),
			                      SHUF(inv_mix_columns(k), jca__vperm_dec_key_perm[(nr - r) & 3])), m05);
		else
			d = k;
		STOREU(c->dk + 16 * (nr - r), d);
	}
	c->rounds = nr;
	{
		volatile uint32_t *v = w;

		for (unsigned i = 0; i < nw; i++)
			v[i] = 0;
	}
	return 0;
}

/* ---- ECB ---------------------------------------------------------------------- */

int jca__aes_vperm_ecb_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	__m128i b[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = LOADU(in + 16 * j);
		encrypt_n(c, b, LANES);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			STOREU(out + 16 * j, b[j]);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16)
		STOREU(out, encrypt1(c, LOADU(in)));
	return 0;
}

int jca__aes_vperm_ecb_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	__m128i b[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = LOADU(in + 16 * j);
		decrypt_n(c, b, LANES);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			STOREU(out + 16 * j, b[j]);
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		b[0] = LOADU(in);
		decrypt_n(c, b, 1);
		STOREU(out, b[0]);
	}
	return 0;
}

/* ---- CBC ---------------------------------------------------------------------- */

int jca__aes_vperm_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	__m128i x = LOADU(iv);

	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		x = encrypt1(c, _mm_xor_si128(x, LOADU(in)));
		STOREU(out, x);
	}
	STOREU(iv, x);
	return 0;
}

/* All ciphertext of a group is read before its plaintext is written, so
 * in == out works. */
int jca__aes_vperm_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	__m128i chain = LOADU(iv), b[LANES], ct[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = ct[j] = LOADU(in + 16 * j);
		decrypt_n(c, b, LANES);
		UNROLL
		for (size_t j = 0; j < LANES; j++) {
			STOREU(out + 16 * j, _mm_xor_si128(b[j], chain));
			chain = ct[j];
		}
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		b[0] = ct[0] = LOADU(in);
		decrypt_n(c, b, 1);
		STOREU(out, _mm_xor_si128(b[0], chain));
		chain = ct[0];
	}
	STOREU(iv, chain);
	return 0;
}

/* ---- CTR and the GCM key (GHASH is the portable one: a CPU without AES-NI
 * has no PCLMULQDQ either) --------------------------------------------------- */

static ALWAYS_INLINE __m128i counter_block(__m128i prefix, uint32_t n)
{
	uint32_t be = (n >> 24) | ((n >> 8) & 0xff00u) | ((n << 8) & 0xff0000u) | (n << 24);

	return _mm_or_si128(prefix, _mm_slli_si128(_mm_cvtsi32_si128((int)be), 12));
}

int jca__aes_vperm_ctr32(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aes_vperm_ctx *c = ctx;
	const __m128i prefix = _mm_and_si128(LOADU(ctr), _mm_setr_epi32(-1, -1, -1, 0));
	uint32_t n = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 | ctr[15];
	__m128i b[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = counter_block(prefix, n + (uint32_t)j);
		n += LANES;
		encrypt_n(c, b, LANES);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			STOREU(out + 16 * j, _mm_xor_si128(b[j], LOADU(in + 16 * j)));
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16)
		STOREU(out, _mm_xor_si128(encrypt1(c, counter_block(prefix, n++)), LOADU(in)));
	ctr[12] = (uint8_t)(n >> 24);
	ctr[13] = (uint8_t)(n >> 16);
	ctr[14] = (uint8_t)(n >> 8);
	ctr[15] = (uint8_t)n;
	return 0;
}

int jca__aes_vperm_gcm_init(const void *ctx, void *gkey)
{
	uint8_t h[16];

	STOREU(h, encrypt1(ctx, _mm_setzero_si128()));
	jca__ghash_ct_set_h(gkey, h);
	{
		volatile uint8_t *v = h;

		for (size_t i = 0; i < sizeof h; i++)
			v[i] = 0;
	}
	return 0;
}
