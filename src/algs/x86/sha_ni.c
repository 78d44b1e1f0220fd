/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-1 and SHA-256 block functions using the x86 SHA extensions.
 *
 * Build flags: -msha -mssse3 -msse4.1. Nothing here may run unless
 * jca__cpu_features() reports JCA__CPU_SHANI, JCA__CPU_SSSE3 and
 * JCA__CPU_SSE41.
 *
 * Both functions keep the chaining value in XMM registers for all nblocks
 * and convert it from/to the h[] array layout only once per call. The loops
 * over four-round groups are fully unrolled (the pragmas) so that the
 * message-schedule array becomes four registers and every instruction
 * immediate is a constant.
 */
#include <immintrin.h>

#include "../algs.h"

/* pshufb masks: byte-swap each 32-bit word (SHA-256), or the whole 128-bit
 * lane (SHA-1, whose instructions want W[t] in the most significant dword). */
static inline __m128i bswap32_mask(void)
{
	return _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
}

static inline __m128i bswap128_mask(void)
{
	return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

static inline __m128i load_shuffled(const uint8_t *p, __m128i mask)
{
	return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), mask);
}

/* ---- SHA-1 ---------------------------------------------------------- */

/* sha1rnds4 takes the round-function selector as an immediate; the switch
 * folds away once the unrolled caller passes a constant. */
static inline __m128i sha1_rounds4(__m128i abcd, __m128i we, int f)
{
	switch (f) {
	case 0:
		return _mm_sha1rnds4_epu32(abcd, we, 0);
	case 1:
		return _mm_sha1rnds4_epu32(abcd, we, 1);
	case 2:
		return _mm_sha1rnds4_epu32(abcd, we, 2);
	default:
		return _mm_sha1rnds4_epu32(abcd, we, 3);
	}
}

/*
 * One block. abcd holds A in the top dword down to D in the bottom one; e0
 * holds E in the top dword. Group q (rounds 4q..4q+3) uses m[q % 4] =
 * W[4q..4q+3]; while it runs, the schedule advances three later groups:
 * W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) is split into sha1msg1
 * (the t-16/t-14 part), an XOR (t-8) and sha1msg2 (t-3 and the rotate).
 */
static inline void sha1_block(__m128i *abcd_io, __m128i *e_io, const uint8_t *in)
{
	const __m128i mask = bswap128_mask();
	__m128i abcd = *abcd_io, e_save = *e_io;
	__m128i m[4], we, prev;

#pragma GCC unroll 4
	for (int i = 0; i < 4; i++)
		m[i] = load_shuffled(in + 16 * i, mask);

	/* E enters the first group by plain addition; later groups get it from
	 * sha1nexte, which derives it from the A of four rounds earlier. */
	we = _mm_add_epi32(e_save, m[0]);
#pragma GCC unroll 20
	for (int q = 0; q < 20; q++) {
		prev = abcd;
		abcd = sha1_rounds4(abcd, we, q / 5);
		if (q >= 3 && q <= 18)
			m[(q + 1) & 3] = _mm_sha1msg2_epu32(m[(q + 1) & 3], m[q & 3]);
		if (q >= 2 && q <= 17)
			m[(q + 2) & 3] = _mm_xor_si128(m[(q + 2) & 3], m[q & 3]);
		if (q >= 1 && q <= 16)
			m[(q + 3) & 3] = _mm_sha1msg1_epu32(m[(q + 3) & 3], m[q & 3]);
		/* After the last group, the same instruction adds the final E
		 * (rol30 of that A) to the saved chaining E. */
		we = _mm_sha1nexte_epu32(prev, q < 19 ? m[(q + 1) & 3] : e_save);
	}
	*abcd_io = _mm_add_epi32(abcd, *abcd_io);
	*e_io = we;
}

JCA__HIDDEN void jca__sha1_blocks_shani(uint32_t h[5], const uint8_t *in, size_t nblocks)
{
	/* h[0..3] = A..D in memory order; reverse so A is the top dword. */
	__m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0x1b);
	__m128i e = _mm_insert_epi32(_mm_setzero_si128(), (int)h[4], 3);

	for (; nblocks > 0; nblocks--, in += 64)
		sha1_block(&abcd, &e, in);

	_mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(abcd, 0x1b));
	h[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

/* ---- SHA-256 -------------------------------------------------------- */

/*
 * Four rounds. sha256rnds2 does two rounds with W+K taken from the low 64
 * bits of its third operand, so the second call uses the upper half. The
 * state lives as ABEF/CDGH pairs: after two rounds the old ABEF is the new
 * CDGH, hence the alternating roles.
 */
static inline void sha256_rounds4(__m128i *abef, __m128i *cdgh, __m128i wk)
{
	*cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, wk);
	*abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32(wk, 0x0e));
}

/*
 * One block. Group q uses m[q % 4] = W[4q..4q+3] plus K. The schedule
 * W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16] is split into
 * sha256msg1 (the t-16/t-15 part), an add of W[t-7..t-4] assembled by
 * palignr, and sha256msg2 (the s1 part, which depends on the new words).
 */
static inline void sha256_block(__m128i *abef_io, __m128i *cdgh_io, const uint8_t *in)
{
	const __m128i mask = bswap32_mask();
	__m128i abef = *abef_io, cdgh = *cdgh_io;
	__m128i m[4];

#pragma GCC unroll 4
	for (int i = 0; i < 4; i++)
		m[i] = load_shuffled(in + 16 * i, mask);

#pragma GCC unroll 16
	for (int q = 0; q < 16; q++) {
		const __m128i k = _mm_loadu_si128((const __m128i *)&jca__sha256_k[4 * q]);

		sha256_rounds4(&abef, &cdgh, _mm_add_epi32(m[q & 3], k));
		if (q >= 3 && q <= 14) {
			__m128i w7 = _mm_alignr_epi8(m[q & 3], m[(q + 3) & 3], 4);

			m[(q + 1) & 3] = _mm_sha256msg2_epu32(
				_mm_add_epi32(m[(q + 1) & 3], w7), m[q & 3]);
		}
		if (q >= 1 && q <= 12)
			m[(q + 3) & 3] = _mm_sha256msg1_epu32(m[(q + 3) & 3], m[q & 3]);
	}
	*abef_io = _mm_add_epi32(abef, *abef_io);
	*cdgh_io = _mm_add_epi32(cdgh, *cdgh_io);
}

JCA__HIDDEN void jca__sha256_blocks_shani(uint32_t h[8], const uint8_t *in, size_t nblocks)
{
	/* h[] = a..h in memory order; dword-reverse each half, then pair the
	 * halves: ABEF = {a,b | e,f}, CDGH = {c,d | g,h}, first letter on top. */
	__m128i dcba = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0x1b);
	__m128i hgfe = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(h + 4)), 0x1b);
	__m128i abef = _mm_unpackhi_epi64(hgfe, dcba);
	__m128i cdgh = _mm_unpacklo_epi64(hgfe, dcba);

	for (; nblocks > 0; nblocks--, in += 64)
		sha256_block(&abef, &cdgh, in);

	_mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(_mm_unpackhi_epi64(cdgh, abef), 0x1b));
	_mm_storeu_si128((__m128i *)(h + 4), _mm_shuffle_epi32(_mm_unpacklo_epi64(cdgh, abef), 0x1b));
}
