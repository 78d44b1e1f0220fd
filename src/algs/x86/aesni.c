/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES (FIPS 197) with the AES-NI instructions: key schedule, ECB and CBC.
 *
 * Compile with: -maes (SSE2 is implied by x86-64; nothing newer is used).
 * Call only when jca__cpu_features() has JCA__CPU_AESNI.
 *
 * Schedules (private to this file and to the VAES files, which share the
 * context):
 *   ek[r]  round key r of the cipher, r = 0..rounds;
 *   dk[r]  round key r of the "equivalent inverse cipher" (FIPS 197, 5.3.5):
 *          dk[0] = ek[rounds], dk[r] = InvMixColumns(ek[rounds - r]) for
 *          0 < r < rounds, dk[rounds] = ek[0]. This is the order in which
 *          aesdec/aesdeclast consume them.
 *
 * The AES instructions have a latency of several cycles but accept a new
 * independent operation every cycle or two, so ECB and CBC decryption keep
 * eight blocks in flight. CBC encryption cannot: each block needs the previous
 * ciphertext, so there the aim is to keep nothing but AES rounds on the
 * dependency chain.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../algs.h"

#include "simd.h"


/* Blocks processed together by ECB and CBC decryption. */
#define LANES 8

/* ---- Key schedule ------------------------------------------------------- */

/*
 * Word-wise prefix XOR of the four 32-bit words of x: word i becomes
 * x0 ^ ... ^ xi. In the key expansion each new word is the previous new word
 * XOR the word Nk positions back, which over a group of four is exactly this.
 */
static __m128i prefix_xor(__m128i x)
{
	x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
	return _mm_xor_si128(x, _mm_slli_si128(x, 8));
}

/*
 * aeskeygenassist(x, rcon) returns, as 32-bit words,
 *   { SubWord(x1), RotWord(SubWord(x1)) ^ rcon, SubWord(x3), RotWord(SubWord(x3)) ^ rcon }.
 * The immediate must be a compile-time constant, hence macros around it.
 *
 * Next group of four words for AES-128 (and the even groups of AES-256):
 * the previous group prefix-XORed with RotWord(SubWord(last word)) ^ rcon.
 */
#define NEXT_ROT(prev, last, rc) \
	_mm_xor_si128(prefix_xor(prev), \
	              _mm_shuffle_epi32(_mm_aeskeygenassist_si128((last), (rc)), 0xff))

/* Odd groups of AES-256: SubWord of the last word, no rotation, no rcon. */
#define NEXT_SUB(prev, last) \
	_mm_xor_si128(prefix_xor(prev), \
	              _mm_shuffle_epi32(_mm_aeskeygenassist_si128((last), 0), 0xaa))

static void expand128(uint8_t *ek, const uint8_t *key)
{
	__m128i k = LOAD128(key);

	STORE128(ek, k);
	/* Each round key is one group of four words: Nk = 4. */
#define STEP(r, rc) do { k = NEXT_ROT(k, k, rc); STORE128(ek + 16 * (r), k); } while (0)
	STEP(1, 0x01); STEP(2, 0x02); STEP(3, 0x04); STEP(4, 0x08); STEP(5, 0x10);
	STEP(6, 0x20); STEP(7, 0x40); STEP(8, 0x80); STEP(9, 0x1b); STEP(10, 0x36);
#undef STEP
}

static void expand256(uint8_t *ek, const uint8_t *key)
{
	__m128i a = LOAD128(key), b = LOAD128(key + 16);

	STORE128(ek, a);
	STORE128(ek + 16, b);
	/*
	 * Nk = 8: groups alternate between "rotate, substitute, add rcon"
	 * (derived from the last word of the odd group) and "substitute only"
	 * (derived from the last word of the even group just made).
	 */
#define STEP(r, rc) do { \
		a = NEXT_ROT(a, b, rc); STORE128(ek + 16 * (r), a); \
		if ((r) < 14) { b = NEXT_SUB(b, a); STORE128(ek + 16 * ((r) + 1), b); } \
	} while (0)
	STEP(2, 0x01); STEP(4, 0x02); STEP(6, 0x04); STEP(8, 0x08);
	STEP(10, 0x10); STEP(12, 0x20); STEP(14, 0x40);
#undef STEP
}

/*
 * AES-192: Nk = 6, so a step makes six words, which straddle round keys.
 * a holds words 6i..6i+3 and the low half of b words 6i+4..6i+5. The six
 * words are stored back to back: 8 steps give 54 >= 52 words; the last step
 * writes 8 bytes past round key 12, still inside ek[] (15 round keys).
 */
static void expand192(uint8_t *ek, const uint8_t *key)
{
	__m128i a = LOAD128(key);
	__m128i b = _mm_loadl_epi64((const __m128i *)(const void *)(key + 16));

	STORE128(ek, a);
	_mm_storel_epi64((__m128i *)(void *)(ek + 16), b);
	/*
	 * Word 1 of b is the last word of the group, so take word 1 of the
	 * assist result (RotWord(SubWord(x1)) ^ rcon). The two words in b then
	 * continue the prefix XOR from the last word of the new a.
	 */
#define STEP(i, rc) do { \
		a = _mm_xor_si128(prefix_xor(a), \
		                  _mm_shuffle_epi32(_mm_aeskeygenassist_si128(b, rc), 0x55)); \
		b = _mm_xor_si128(prefix_xor(b), _mm_shuffle_epi32(a, 0xff)); \
		STORE128(ek + 24 * (i), a); \
		_mm_storel_epi64((__m128i *)(void *)(ek + 24 * (i) + 16), b); \
	} while (0)
	STEP(1, 0x01); STEP(2, 0x02); STEP(3, 0x04); STEP(4, 0x08);
	STEP(5, 0x10); STEP(6, 0x20); STEP(7, 0x40); STEP(8, 0x80);
#undef STEP
}

/* Decryption schedule for the equivalent inverse cipher (see the top). */
static void make_dk(uint8_t *dk, const uint8_t *ek, unsigned rounds)
{
	STORE128(dk, LOAD128(ek + 16 * rounds));
	for (unsigned r = 1; r < rounds; r++)
		STORE128(dk + 16 * r, _mm_aesimc_si128(LOAD128(ek + 16 * (rounds - r))));
	STORE128(dk + 16 * rounds, LOAD128(ek));
}

int jca__aesni_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	jca__aesni_ctx *c = ctx;

	switch (key_len) {
	case 16: expand128(c->ek, key); c->rounds = 10; break;
	case 24: expand192(c->ek, key); c->rounds = 12; break;
	case 32: expand256(c->ek, key); c->rounds = 14; break;
	default:
		c->rounds = 0;
		return -1;
	}
	make_dk(c->dk, c->ek, c->rounds);
	return 0;
}

/* ---- Groups of LANES blocks --------------------------------------------- */

/*
 * The per-lane loops below are fully unrolled so that b[] lives in
 * registers; round keys come from memory (with 15 of them and 8 blocks there
 * are not enough XMM registers, and a load feeding aesenc is off the
 * critical path anyway).
 */

/* Load the first n (1..LANES) blocks of in; the other lanes are zero. */
static ALWAYS_INLINE void load_lanes(__m128i b[LANES], const uint8_t *in, size_t n)
{
	UNROLL
	for (size_t j = 0; j < LANES; j++)
		b[j] = j < n ? LOAD128(in + 16 * j) : _mm_setzero_si128();
}

static ALWAYS_INLINE void store_lanes(uint8_t *out, const __m128i b[LANES], size_t n)
{
	UNROLL
	for (size_t j = 0; j < LANES; j++)
		if (j < n)
			STORE128(out + 16 * j, b[j]);
}

static ALWAYS_INLINE void xor_lanes(__m128i b[LANES], __m128i k)
{
	UNROLL
	for (size_t j = 0; j < LANES; j++)
		b[j] = _mm_xor_si128(b[j], k);
}

static ALWAYS_INLINE void encrypt_lanes(__m128i b[LANES], const uint8_t *ek, unsigned rounds)
{
	xor_lanes(b, LOAD128(ek));
	for (unsigned r = 1; r < rounds; r++) {
		__m128i k = LOAD128(ek + 16 * r);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = _mm_aesenc_si128(b[j], k);
	}
	__m128i k = LOAD128(ek + 16 * rounds);
	UNROLL
	for (size_t j = 0; j < LANES; j++)
		b[j] = _mm_aesenclast_si128(b[j], k);
}

/* All decryption rounds but the last, which CBC merges with its XOR. */
static ALWAYS_INLINE void decrypt_lanes_head(__m128i b[LANES], const uint8_t *dk, unsigned rounds)
{
	xor_lanes(b, LOAD128(dk));
	for (unsigned r = 1; r < rounds; r++) {
		__m128i k = LOAD128(dk + 16 * r);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = _mm_aesdec_si128(b[j], k);
	}
}

/* ---- ECB ---------------------------------------------------------------- */

int jca__aesni_ecb_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aesni_ctx *c = ctx;
	__m128i b[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		load_lanes(b, in, LANES);
		encrypt_lanes(b, c->ek, c->rounds);
		store_lanes(out, b, LANES);
	}
	/* The tail costs one group's latency, however few blocks it has. */
	if (nblocks) {
		load_lanes(b, in, nblocks);
		encrypt_lanes(b, c->ek, c->rounds);
		store_lanes(out, b, nblocks);
	}
	return 0;
}

int jca__aesni_ecb_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const jca__aesni_ctx *c = ctx;
	const __m128i klast = LOAD128(c->dk + 16 * c->rounds);
	__m128i b[LANES];

	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES) {
		load_lanes(b, in, LANES);
		decrypt_lanes_head(b, c->dk, c->rounds);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = _mm_aesdeclast_si128(b[j], klast);
		store_lanes(out, b, LANES);
	}
	if (nblocks) {
		load_lanes(b, in, nblocks);
		decrypt_lanes_head(b, c->dk, c->rounds);
		UNROLL
		for (size_t j = 0; j < LANES; j++)
			b[j] = _mm_aesdeclast_si128(b[j], klast);
		store_lanes(out, b, nblocks);
	}
	return 0;
}

/* ---- CBC ---------------------------------------------------------------- */

/*
 * CBC encryption of n >= 1 blocks with R rounds (a constant after inlining,
 * so the round loop unrolls and the keys stay in registers).
 *
 * Block i+1 enters round 1 as C[i] ^ P[i+1] ^ k0. Since aesenclast ends with
 * an XOR of its key, passing it kR ^ (P[i+1] ^ k0) yields that value directly:
 * the dependency chain from block to block is then nothing but the AES
 * rounds, and C[i] itself is recovered off the chain for the store.
 */
static ALWAYS_INLINE void
cbc_encrypt_rounds(const uint8_t *ek, unsigned R, uint8_t *iv,
                   uint8_t *out, const uint8_t *in, size_t n)
{
	__m128i k[15];

	UNROLL
	for (unsigned r = 0; r <= R; r++)
		k[r] = LOAD128(ek + 16 * r);

	__m128i x = _mm_xor_si128(_mm_xor_si128(LOAD128(iv), LOAD128(in)), k[0]);
	for (;;) {
		UNROLL
		for (unsigned r = 1; r < R; r++)
			x = _mm_aesenc_si128(x, k[r]);
		if (--n == 0)
			break;
		in += 16;
		/* Read the next block before writing this one: in == out is allowed. */
		__m128i t = _mm_xor_si128(LOAD128(in), k[0]);
		x = _mm_aesenclast_si128(x, _mm_xor_si128(k[R], t));
		STORE128(out, _mm_xor_si128(x, t));
		out += 16;
	}
	x = _mm_aesenclast_si128(x, k[R]);
	STORE128(out, x);
	STORE128(iv, x);
}

int jca__aesni_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
	const jca__aesni_ctx *c = ctx;

	if (nblocks == 0)
		return 0;
	JCA__AES_BY_ROUNDS(c->rounds, cbc_encrypt_rounds, c->ek, iv, out, in, nblocks);
	return 0;
}

/*
 * CBC decryption of one group of n (1..LANES) blocks; returns the last
 * ciphertext block, the chaining value for what follows.
 *
 * The last round's XOR with dk[R] and the CBC XOR with the previous
 * ciphertext are merged into the aesdeclast key. All ciphertext is read
 * before any plaintext is written, which makes in == out safe.
 */
static ALWAYS_INLINE __m128i
cbc_decrypt_lanes(const jca__aesni_ctx *c, __m128i chain,
                  uint8_t *out, const uint8_t *in, size_t n)
{
	const __m128i klast = LOAD128(c->dk + 16 * c->rounds);
	__m128i b[LANES];

	load_lanes(b, in, n);
	decrypt_lanes_head(b, c->dk, c->rounds);
	/* Block j chains to the ciphertext before it: chain, then in[j - 1]. */
	b[0] = _mm_aesdeclast_si128(b[0], _mm_xor_si128(klast, chain));
	UNROLL
	for (size_t j = 1; j < LANES; j++)
		b[j] = _mm_aesdeclast_si128(b[j], _mm_xor_si128(klast,
		               j < n ? LOAD128(in + 16 * (j - 1)) : _mm_setzero_si128()));
	chain = LOAD128(in + 16 * (n - 1));
	store_lanes(out, b, n);
	return chain;
}

int jca__aesni_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
	const jca__aesni_ctx *c = ctx;
	__m128i chain;

	if (nblocks == 0)
		return 0;
	chain = LOAD128(iv);
	for (; nblocks >= LANES; nblocks -= LANES, in += 16 * LANES, out += 16 * LANES)
		chain = cbc_decrypt_lanes(c, chain, out, in, LANES);
	if (nblocks)
		chain = cbc_decrypt_lanes(c, chain, out, in, nblocks);
	STORE128(iv, chain);
	return 0;
}
