/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-1 block function using the Armv8 Cryptographic Extension
 * (SHA1C, SHA1P, SHA1M, SHA1H, SHA1SU0, SHA1SU1).
 *
 * Build with: -march=armv8-a+crypto
 * Call only when jca__cpu_features() reports JCA__CPU_ARM_SHA1.
 */
#include <arm_neon.h>

#include "../algs.h"

#if defined(__ARM_BIG_ENDIAN)
#error "the Armv8 SHA-1 backend assumes a little-endian target"
#endif

/* Round constants, one per group of twenty rounds. */
#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

/* Loads 16 bytes of message as four big-endian 32-bit words. */
static inline uint32x4_t load_be32x4(const uint8_t *p)
{
	return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

/*
 * Next four schedule words W[t..t+3] from W[t-16..t-1], held in w0..w3
 * (oldest first). SHA1SU0 gives W[t-16] ^ W[t-14] ^ W[t-8]; SHA1SU1 adds
 * W[t-3] and rotates, handling W[t+3]'s dependence on W[t] itself.
 */
static inline uint32x4_t sha1_sched(uint32x4_t w0, uint32x4_t w1, uint32x4_t w2, uint32x4_t w3)
{
	return vsha1su1q_u32(vsha1su0q_u32(w0, w1, w2), w3);
}

/*
 * Four rounds of each kind. After four rounds e is the old a rotated left
 * by 30, which SHA1H computes from lane 0 of the state before the rounds.
 */
static inline void sha1_quad_c(uint32x4_t *abcd, uint32_t *e, uint32x4_t w, uint32_t k)
{
	uint32_t e_next = vsha1h_u32(vgetq_lane_u32(*abcd, 0));

	*abcd = vsha1cq_u32(*abcd, *e, vaddq_u32(w, vdupq_n_u32(k)));
	*e = e_next;
}

static inline void sha1_quad_p(uint32x4_t *abcd, uint32_t *e, uint32x4_t w, uint32_t k)
{
	uint32_t e_next = vsha1h_u32(vgetq_lane_u32(*abcd, 0));

	*abcd = vsha1pq_u32(*abcd, *e, vaddq_u32(w, vdupq_n_u32(k)));
	*e = e_next;
}

static inline void sha1_quad_m(uint32x4_t *abcd, uint32_t *e, uint32x4_t w, uint32_t k)
{
	uint32_t e_next = vsha1h_u32(vgetq_lane_u32(*abcd, 0));

	*abcd = vsha1mq_u32(*abcd, *e, vaddq_u32(w, vdupq_n_u32(k)));
	*e = e_next;
}

/*
 * One 64-byte block. The schedule lives in four vectors used as a ring:
 * after a group of rounds consumes w[i], w[i] is overwritten with the words
 * sixteen positions later, so every slot always holds the next words due.
 */
static void sha1_block(uint32x4_t *abcd, uint32_t *e, const uint8_t *in)
{
	uint32x4_t w0 = load_be32x4(in);
	uint32x4_t w1 = load_be32x4(in + 16);
	uint32x4_t w2 = load_be32x4(in + 32);
	uint32x4_t w3 = load_be32x4(in + 48);

	/* rounds 0-19: Ch */
	sha1_quad_c(abcd, e, w0, K0); w0 = sha1_sched(w0, w1, w2, w3);
	sha1_quad_c(abcd, e, w1, K0); w1 = sha1_sched(w1, w2, w3, w0);
	sha1_quad_c(abcd, e, w2, K0); w2 = sha1_sched(w2, w3, w0, w1);
	sha1_quad_c(abcd, e, w3, K0); w3 = sha1_sched(w3, w0, w1, w2);
	sha1_quad_c(abcd, e, w0, K0); w0 = sha1_sched(w0, w1, w2, w3);
	/* rounds 20-39: Parity */
	sha1_quad_p(abcd, e, w1, K1); w1 = sha1_sched(w1, w2, w3, w0);
	sha1_quad_p(abcd, e, w2, K1); w2 = sha1_sched(w2, w3, w0, w1);
	sha1_quad_p(abcd, e, w3, K1); w3 = sha1_sched(w3, w0, w1, w2);
	sha1_quad_p(abcd, e, w0, K1); w0 = sha1_sched(w0, w1, w2, w3);
	sha1_quad_p(abcd, e, w1, K1); w1 = sha1_sched(w1, w2, w3, w0);
	/* rounds 40-59: Maj */
	sha1_quad_m(abcd, e, w2, K2); w2 = sha1_sched(w2, w3, w0, w1);
	sha1_quad_m(abcd, e, w3, K2); w3 = sha1_sched(w3, w0, w1, w2);
	sha1_quad_m(abcd, e, w0, K2); w0 = sha1_sched(w0, w1, w2, w3);
	sha1_quad_m(abcd, e, w1, K2); w1 = sha1_sched(w1, w2, w3, w0);
	sha1_quad_m(abcd, e, w2, K2); w2 = sha1_sched(w2, w3, w0, w1);
	/* rounds 60-79: Parity; W[64..79] are already scheduled */
	sha1_quad_p(abcd, e, w3, K3); w3 = sha1_sched(w3, w0, w1, w2);
	sha1_quad_p(abcd, e, w0, K3);
	sha1_quad_p(abcd, e, w1, K3);
	sha1_quad_p(abcd, e, w2, K3);
	sha1_quad_p(abcd, e, w3, K3);
}

void jca__sha1_blocks_armv8(uint32_t h[5], const uint8_t *in, size_t nblocks)
{
	uint32x4_t abcd = vld1q_u32(h);
	uint32_t e = h[4];

	while (nblocks--) {
		uint32x4_t abcd0 = abcd;
		uint32_t e0 = e;

		sha1_block(&abcd, &e, in);
		abcd = vaddq_u32(abcd, abcd0);
		e += e0;
		in += 64;
	}
	vst1q_u32(h, abcd);
	h[4] = e;
}
