/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-384/SHA-512/SHA-512/t block function using the Armv8.2 SHA-512
 * instructions (SHA512H, SHA512H2, SHA512SU0, SHA512SU1).
 *
 * Build with: -march=armv8.2-a+sha3   (GCC and Clang put SHA-512 under +sha3)
 * Call only when jca__cpu_features() reports JCA__CPU_ARM_SHA512.
 *
 * State layout: four vectors {a,b}, {c,d}, {e,f}, {g,h}, lane 0 first.
 * Two rounds map (ab, cd, ef, gh) to (ab', ab, cd + t, ef), where
 * t = {T1 of the second round, T1 of the first round} from SHA512H and
 * ab' = {a after two rounds, a after one round} from SHA512H2.
 */
#include <arm_neon.h>

#include "../algs.h"

#if defined(__ARM_BIG_ENDIAN)
#error "the Armv8 SHA-512 backend assumes a little-endian target"
#endif

/* Loads 16 bytes of message as two big-endian 64-bit words. */
static inline uint64x2_t load_be64x2(const uint8_t *p)
{
	return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
}

/*
 * Next two schedule words W[t], W[t+1] from the eight vectors holding
 * W[t-16..t-1]; only w0 = W[t-16..t-15], w1, w4, w5 and w7 = W[t-2..t-1]
 * are needed: W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16].
 */
static inline uint64x2_t sha512_sched(uint64x2_t w0, uint64x2_t w1, uint64x2_t w4,
                                      uint64x2_t w5, uint64x2_t w7)
{
	return vsha512su1q_u64(vsha512su0q_u64(w0, w1), w7, vextq_u64(w4, w5, 1));
}

/*
 * Two rounds with message words w and constants k. *cd is replaced by the
 * new {e,f} and *gh by the new {a,b}; the caller rotates the roles of the
 * four variables, so no state moves are needed.
 */
static inline void sha512_2rounds(uint64x2_t ab, uint64x2_t *cd, uint64x2_t ef, uint64x2_t *gh,
                                  uint64x2_t w, const uint64_t *k)
{
	uint64x2_t kw = vaddq_u64(w, vld1q_u64(k));
	uint64x2_t fg = vextq_u64(ef, *gh, 1);
	uint64x2_t de = vextq_u64(*cd, ef, 1);
	/* SHA512H wants h + K[t] + W[t] in the high lane, g + K[t+1] + W[t+1] low */
	uint64x2_t t = vaddq_u64(*gh, vextq_u64(kw, kw, 1));

	t = vsha512hq_u64(t, fg, de);
	*gh = vsha512h2q_u64(t, *cd, ab);
	*cd = vaddq_u64(*cd, t);
}

/*
 * Eight rounds on s0..s3 = {a,b}, {c,d}, {e,f}, {g,h}: after them the
 * variables have rotated twice, so the state is back in s0..s3.
 */
#define SHA512_8ROUNDS(wa, wb, wc, wd, k)                    \
	do {                                                 \
		sha512_2rounds(s0, &s1, s2, &s3, wa, (k));       \
		sha512_2rounds(s3, &s0, s1, &s2, wb, (k) + 2);   \
		sha512_2rounds(s2, &s3, s0, &s1, wc, (k) + 4);   \
		sha512_2rounds(s1, &s2, s3, &s0, wd, (k) + 6);   \
	} while (0)

/*
 * One 128-byte block, added into the state (ab, cd, ef, gh): five passes of
 * sixteen rounds. w0..w7 form a ring: after a pass has used them, each is
 * replaced by the words sixteen positions later (slots below the one being
 * updated already hold new words, which is exactly what the recurrence
 * needs).
 */
static inline void sha512_block(uint64x2_t *ab, uint64x2_t *cd, uint64x2_t *ef, uint64x2_t *gh,
                                const uint8_t *in)
{
	const uint64_t *k = jca__sha512_k;
	uint64x2_t s0 = *ab, s1 = *cd, s2 = *ef, s3 = *gh;
	uint64x2_t w0 = load_be64x2(in);
	uint64x2_t w1 = load_be64x2(in + 16);
	uint64x2_t w2 = load_be64x2(in + 32);
	uint64x2_t w3 = load_be64x2(in + 48);
	uint64x2_t w4 = load_be64x2(in + 64);
	uint64x2_t w5 = load_be64x2(in + 80);
	uint64x2_t w6 = load_be64x2(in + 96);
	uint64x2_t w7 = load_be64x2(in + 112);

	for (int i = 0; i < 4; i++, k += 16) {
		SHA512_8ROUNDS(w0, w1, w2, w3, k);
		SHA512_8ROUNDS(w4, w5, w6, w7, k + 8);
		w0 = sha512_sched(w0, w1, w4, w5, w7);
		w1 = sha512_sched(w1, w2, w5, w6, w0);
		w2 = sha512_sched(w2, w3, w6, w7, w1);
		w3 = sha512_sched(w3, w4, w7, w0, w2);
		w4 = sha512_sched(w4, w5, w0, w1, w3);
		w5 = sha512_sched(w5, w6, w1, w2, w4);
		w6 = sha512_sched(w6, w7, w2, w3, w5);
		w7 = sha512_sched(w7, w0, w3, w4, w6);
	}
	SHA512_8ROUNDS(w0, w1, w2, w3, k);
	SHA512_8ROUNDS(w4, w5, w6, w7, k + 8);

	*ab = vaddq_u64(*ab, s0);
	*cd = vaddq_u64(*cd, s1);
	*ef = vaddq_u64(*ef, s2);
	*gh = vaddq_u64(*gh, s3);
}

void jca__sha512_blocks_armv8(uint64_t h[8], const uint8_t *in, size_t nblocks)
{
	uint64x2_t ab = vld1q_u64(h), cd = vld1q_u64(h + 2);
	uint64x2_t ef = vld1q_u64(h + 4), gh = vld1q_u64(h + 6);

	for (; nblocks > 0; nblocks--, in += 128)
		sha512_block(&ab, &cd, &ef, &gh, in);
	vst1q_u64(h, ab);
	vst1q_u64(h + 2, cd);
	vst1q_u64(h + 4, ef);
	vst1q_u64(h + 6, gh);
}
