/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-512 block function: AVX2 message schedule, scalar rounds.
 *
 * Build flags: -mavx2 -mbmi -mbmi2. Nothing here may run unless
 * jca__cpu_features() reports JCA__CPU_AVX2 and JCA__CPU_BMI2 (which cpu.c
 * grants only with BMI1 as well). The rotates compile to rorx, the ~e & g
 * of Ch to andn; the code is correct without -mbmi, but was tuned with it.
 *
 * sha512_avx512.c includes this file with JCA__SHA512_AVX512 defined to build
 * the same code with AVX-512VL rotates (vprorq, vpternlogq) in the schedule.
 *
 * Why it is shaped like this:
 *  - The 80 rounds are a serial dependency chain, so they run on the scalar
 *    ALUs; the message schedule does not depend on the state and runs on the
 *    vector unit. The two only meet through a stack buffer of W[t] + K[t].
 *  - Blocks go in pairs: a YMM register holds W[2j], W[2j+1] of the first
 *    block in its low lane and of the second block in its high lane. A step
 *    then needs sigma1 only of words made by the previous step (no half-step
 *    fix-ups as with four consecutive words) and yields four words.
 *  - The schedule of a pair is computed during the rounds of its first
 *    block, two steps after every four rounds, well ahead of the rounds
 *    that need the words; the out-of-order core overlaps the two. There is
 *    no schedule prologue, so one block (a 64-byte message) costs no more
 *    than one block of a long message: on Zen 4 the same as OpenSSL 3's
 *    AVX2 code, where computing the first pair's schedule up front (and
 *    each later pair's during the previous pair) cost a third more for one
 *    block and 15% at 1 KiB. A burst of 32 steps between rounds would stall
 *    the scalar side instead.
 *  - The round is written so that the critical chain (e to the next e) is
 *    four dependent operations; see ROUND.
 */
#include <immintrin.h>

#include "../algs.h"
#include "../sha2_round.h"

#ifdef JCA__SHA512_AVX512
#define SHA512_BLOCKS jca__sha512_blocks_avx512
#else
#define SHA512_BLOCKS jca__sha512_blocks_avx2
#endif

/* ---- scalar rounds -------------------------------------------------- */

static inline uint64_t ror64(uint64_t x, int n)
{
	return (x >> n) | (x << (64 - n));
}

static inline uint64_t big_sigma0(uint64_t x)
{
	return ror64(x, 28) ^ ror64(x, 34) ^ ror64(x, 39);
}

static inline uint64_t big_sigma1(uint64_t x)
{
	return ror64(x, 14) ^ ror64(x, 18) ^ ror64(x, 41);
}

/*
 * One round, with three rearrangements of FIPS 180-4's T1/T2 form, so that
 * both recurrences (e to the next e, a to the next a) are four dependent
 * operations long:
 *  - new e = ((h + WK + d) + Ch) + Sigma1(e): h + WK + d does not depend on
 *    e, so from e to the new e there are only rorx, xor, xor, add;
 *  - new a = T1 + Maj = new e + ((b & c) - d) + (a & (b ^ c)): Maj(a,b,c) =
 *    (a & (b ^ c)) + (b & c), two terms that never share a bit (the second
 *    is set only where b = c, the first only where b != c). Only a & (b ^ c)
 *    waits for a: and, add. b ^ c is the previous round's a ^ b (ab and bc
 *    swap roles every round). The textbook b ^ ((a ^ b) & (b ^ c)) is one
 *    operation cheaper but puts three on the a-chain, making it five long;
 *    on Zen 4 this form measured 2% faster with gcc 12;
 *  - the new a is left short of Sigma0(a), which s0 carries and the next
 *    round adds first thing: Sigma0 (three deep) then runs beside the Maj
 *    term instead of lengthening the a-chain.
 * Ch(e,f,g) = (e & f) + (~e & g): the two terms never share a bit either, so
 * they are added into h separately (andn with BMI1, which this library's
 * build flags and BMI2 check include). Measured on Zen 4 against the
 * textbook order (T1, d += T1, h = T1 + T2), the e-chain part is worth
 * about 8% with gcc.
 */
#define ROUND(a, b, c, d, e, f, g, h, ab, bc, wk) do {                     \
		uint64_t m_;                                                 \
		h += (wk);                                                   \
		h += d;                                                      \
		a += s0;                                                     \
		m_ = (b & c) - d;                                            \
		h += (e & f) + (~e & g);                                     \
		h += big_sigma1(e);                                          \
		ab = a ^ b;                                                  \
		s0 = big_sigma0(a);                                          \
		d = h;                                                       \
		h += m_;                                                     \
		h += a & bc;                                                 \
	} while (0)

/* Four rounds reading w[o..] (layout: see the schedule below), on the
 * variables a..h, p, q, s0 of the caller. The name rotation continues in
 * ROUNDS4_HI, so the two together bring the names back. */
#define ROUNDS4_LO(w, o) do {                                              \
		ROUND(a, b, c, d, e, f, g, h, p, q, w[o + 0]);               \
		ROUND(h, a, b, c, d, e, f, g, q, p, w[o + 1]);               \
		ROUND(g, h, a, b, c, d, e, f, p, q, w[o + 4]);               \
		ROUND(f, g, h, a, b, c, d, e, q, p, w[o + 5]);               \
	} while (0)
#define ROUNDS4_HI(w, o) do {                                              \
		ROUND(e, f, g, h, a, b, c, d, p, q, w[o + 0]);               \
		ROUND(d, e, f, g, h, a, b, c, q, p, w[o + 1]);               \
		ROUND(c, d, e, f, g, h, a, b, p, q, w[o + 4]);               \
		ROUND(b, c, d, e, f, g, h, a, q, p, w[o + 5]);               \
	} while (0)

/* ---- vector message schedule ---------------------------------------- */

#ifdef JCA__SHA512_AVX512
static inline __m256i small_sigma0(__m256i x)
{
	/* 0x96 = three-way XOR */
	return _mm256_ternarylogic_epi64(_mm256_ror_epi64(x, 1), _mm256_ror_epi64(x, 8),
	                                 _mm256_srli_epi64(x, 7), 0x96);
}

static inline __m256i small_sigma1(__m256i x)
{
	return _mm256_ternarylogic_epi64(_mm256_ror_epi64(x, 19), _mm256_ror_epi64(x, 61),
	                                 _mm256_srli_epi64(x, 6), 0x96);
}
#else
static inline __m256i vror64(__m256i x, int n)
{
	return _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - n));
}

static inline __m256i small_sigma0(__m256i x)
{
	/* rotate by 8 is a byte shuffle: one instruction instead of three */
	const __m256i rot8 = _mm256_set_epi8(8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1,
	                                     8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1);

	return _mm256_xor_si256(_mm256_xor_si256(vror64(x, 1), _mm256_shuffle_epi8(x, rot8)),
	                        _mm256_srli_epi64(x, 7));
}

static inline __m256i small_sigma1(__m256i x)
{
	return _mm256_xor_si256(_mm256_xor_si256(vror64(x, 19), vror64(x, 61)),
	                        _mm256_srli_epi64(x, 6));
}
#endif

/* {k[0], k[1]} in both lanes */
static inline __m256i k_pair(const uint64_t *k)
{
	return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k));
}

/* Big-endian words 2j, 2j+1 of block b0 (low lane) and b1 (high lane). */
static inline __m256i load_pair(const uint8_t *b0, const uint8_t *b1, int j)
{
	const __m256i bswap64 = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
	                                        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
	__m128i lo = _mm_loadu_si128((const __m128i *)(b0 + 16 * j));
	__m128i hi = _mm_loadu_si128((const __m128i *)(b1 + 16 * j));

	return _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), bswap64);
}

/*
 * The schedule of a pair is 40 entries wk[j] = {W0[2j]+K, W0[2j+1]+K,
 * W1[2j]+K, W1[2j+1]+K}; as uint64_t, round t of block n reads
 * wk[4 * (t / 2) + t % 2 + 2 * n]. x[0..7] is the sliding window of raw
 * words W[2j-16 .. 2j-1] (both blocks).
 */
static inline void schedule_load(__m256i x[8], __m256i *wk, const uint8_t *b0, const uint8_t *b1)
{
#pragma GCC unroll 8
	for (int j = 0; j < 8; j++) {
		x[j] = load_pair(b0, b1, j);
		wk[j] = _mm256_add_epi64(x[j], k_pair(&jca__sha512_k[2 * j]));
	}
}

/*
 * Step j >= 8: W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16] for
 * t = 2j, 2j+1; writes *wk = W + {k[0], k[1]}.
 */
static inline void schedule_step(__m256i x[8], __m256i *wk, const uint64_t *k)
{
	/* palignr joins the high word of one entry with the low word of the
	 * next, in each lane: W[t-15..t-14] and W[t-7..t-6]. */
	__m256i w15 = _mm256_alignr_epi8(x[1], x[0], 8);
	__m256i w7 = _mm256_alignr_epi8(x[5], x[4], 8);
	__m256i y = _mm256_add_epi64(_mm256_add_epi64(x[0], small_sigma0(w15)),
	                             _mm256_add_epi64(w7, small_sigma1(x[7])));

#pragma GCC unroll 7
	for (int m = 0; m < 7; m++)
		x[m] = x[m + 1];
	x[7] = y;
	*wk = _mm256_add_epi64(y, k_pair(k));
}

/*
 * 80 rounds of block n (0 or 1) of a pair whose schedule is wk. Block 0
 * also computes the pair's schedule, steps 8 .. 39, two steps after every
 * four of its first 64 rounds: step 8 + 2i + 1 (the words of rounds 18 + 4i
 * and 19 + 4i) is done 16 rounds before it is needed, which the step chain
 * (one sigma1 deep per step) easily keeps. Block 1 only reads.
 */
static inline void block_rounds(uint64_t st[8], __m256i *wk, int n, __m256i x[8])
{
	const uint64_t *w = (const uint64_t *)wk + 2 * n;
	uint64_t a = st[0], b = st[1], c = st[2], d = st[3];
	uint64_t e = st[4], f = st[5], g = st[6], h = st[7];
	uint64_t s0 = 0, p = 0, q = b ^ c;

#pragma GCC unroll 10
	for (int i = 0; i < 10; i++, w += 16) {
		ROUNDS4_LO(w, 0);
		if (n == 0 && i < 8) {
			schedule_step(x, wk + 8 + 4 * i, &jca__sha512_k[16 + 8 * i]);
			schedule_step(x, wk + 9 + 4 * i, &jca__sha512_k[18 + 8 * i]);
		}
		ROUNDS4_HI(w, 8);
		if (n == 0 && i < 8) {
			schedule_step(x, wk + 10 + 4 * i, &jca__sha512_k[20 + 8 * i]);
			schedule_step(x, wk + 11 + 4 * i, &jca__sha512_k[22 + 8 * i]);
		}
	}
	a += s0;
	SHA2_ADD_STATE(st);
}

JCA__HIDDEN void SHA512_BLOCKS(uint64_t h[8], const uint8_t *in, size_t nblocks)
{
	__m256i x[8], wk[40];

	while (nblocks) {
		/* A lone last block is paired with itself; its twin's rounds are skipped. */
		int pair = nblocks > 1;

		schedule_load(x, wk, in, pair ? in + 128 : in);
		/* A loop rather than two calls keeps one copy of the unrolled
		 * rounds; two copies measurably overflow the op cache. */
		for (int n = 0; n <= pair; n++)
			block_rounds(h, wk, n, x);
		in += 128 + 128 * pair;
		nblocks -= 1 + pair;
	}
}
