/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-224/SHA-256 block function using the Armv8 Cryptographic Extension
 * (SHA256H, SHA256H2, SHA256SU0, SHA256SU1).
 *
 * Build with: -march=armv8-a+crypto
 * Call only when jca__cpu_features() reports JCA__CPU_ARM_SHA2.
 */
#include <arm_neon.h>

#include "../algs.h"

#if defined(__ARM_BIG_ENDIAN)
#error "the Armv8 SHA-256 backend assumes a little-endian target"
#endif

/* Loads 16 bytes of message as four big-endian 32-bit words. */
static inline uint32x4_t load_be32x4(const uint8_t *p)
{
	return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

/* Next four schedule words W[t..t+3] from W[t-16..t-1] in w0..w3. */
static inline uint32x4_t sha256_sched(uint32x4_t w0, uint32x4_t w1, uint32x4_t w2, uint32x4_t w3)
{
	return vsha256su1q_u32(vsha256su0q_u32(w0, w1), w2, w3);
}

/*
 * Four rounds with message words w and constants k. SHA256H yields the new
 * a..d and SHA256H2 the new e..h; H2 needs a..d from *before* the rounds.
 */
static inline void sha256_quad(uint32x4_t *abcd, uint32x4_t *efgh, uint32x4_t w, const uint32_t *k)
{
	uint32x4_t wk = vaddq_u32(w, vld1q_u32(k));
	uint32x4_t abcd0 = *abcd;

	*abcd = vsha256hq_u32(*abcd, *efgh, wk);
	*efgh = vsha256h2q_u32(*efgh, abcd0, wk);
}

/*
 * One 64-byte block: sixteen groups of four rounds, four groups per loop
 * pass. w0..w3 form a ring: once a group has used w[i], w[i] is replaced by
 * the words sixteen positions later.
 */
static void sha256_block(uint32x4_t *abcd, uint32x4_t *efgh, const uint8_t *in)
{
	const uint32_t *k = jca__sha256_k;
	uint32x4_t w0 = load_be32x4(in);
	uint32x4_t w1 = load_be32x4(in + 16);
	uint32x4_t w2 = load_be32x4(in + 32);
	uint32x4_t w3 = load_be32x4(in + 48);

	/* rounds 0-47 also extend the schedule to W[63] */
	for (int i = 0; i < 3; i++, k += 16) {
		sha256_quad(abcd, efgh, w0, k);      w0 = sha256_sched(w0, w1, w2, w3);
		sha256_quad(abcd, efgh, w1, k + 4);  w1 = sha256_sched(w1, w2, w3, w0);
		sha256_quad(abcd, efgh, w2, k + 8);  w2 = sha256_sched(w2, w3, w0, w1);
		sha256_quad(abcd, efgh, w3, k + 12); w3 = sha256_sched(w3, w0, w1, w2);
	}
	sha256_quad(abcd, efgh, w0, k);
	sha256_quad(abcd, efgh, w1, k + 4);
	sha256_quad(abcd, efgh, w2, k + 8);
	sha256_quad(abcd, efgh, w3, k + 12);
}

void jca__sha256_blocks_armv8(uint32_t h[8], const uint8_t *in, size_t nblocks)
{
	uint32x4_t abcd = vld1q_u32(h);
	uint32x4_t efgh = vld1q_u32(h + 4);

	while (nblocks--) {
		uint32x4_t abcd0 = abcd, efgh0 = efgh;

		sha256_block(&abcd, &efgh, in);
		abcd = vaddq_u32(abcd, abcd0);
		efgh = vaddq_u32(efgh, efgh0);
		in += 64;
	}
	vst1q_u32(h, abcd);
	vst1q_u32(h + 4, efgh);
}
