/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 for AArch64 with Advanced SIMD: jca__chacha20_blocks_neon. Four
 * blocks per step, word-sliced in 128-bit vectors (chacha_lanes_impl.h);
 * the last one to three blocks through the four-block step on a copy.
 * Rotations: REV32 on halfwords for 16, TBL for 8, shift and shift-insert
 * for 12 and 7. Constant time.
 *
 * Baseline AArch64 flags. Runs only when jca__cpu_features() has
 * JCA__CPU_ARM_ASIMD.
 */
#include <arm_neon.h>
#include <string.h>

#include "../chacha.h"
#include "../../util/mem.h"

/* byte indices of a left rotation by 8 in each little-endian word (the
 * compiler keeps the loaded table in a register across the rounds) */
static const uint8_t rol8_idx[16] = { 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14 };

#define CHACHA_LANES_ROUNDS rounds4
#define CL_V uint32x4_t
#define CL_ADD vaddq_u32
#define CL_XOR veorq_u32
#define CL_ROL16(v) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(v)))
#define CL_ROL8(v) vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), vld1q_u8(rol8_idx)))
#define CL_ROL12(v) vsriq_n_u32(vshlq_n_u32(v, 12), v, 20)
#define CL_ROL7(v) vsriq_n_u32(vshlq_n_u32(v, 7), v, 25)
#include "../chacha_lanes_impl.h"

/* 4 blocks: out = in ^ key stream from counter s[12] (not advanced here) */
static void blocks4(const uint32_t s[16], uint8_t *out, const uint8_t *in)
{
	static const uint32_t lane[4] = { 0, 1, 2, 3 };
	uint32x4_t x[16], y[16];
	int i, g;

	for (i = 0; i < 16; i++)
		y[i] = vdupq_n_u32(s[i]);
	/* the counter wraps modulo 2^32 per lane, as in the portable code */
	y[12] = vaddq_u32(y[12], vld1q_u32(lane));
	for (i = 0; i < 16; i++)
		x[i] = y[i];
	rounds4(x);
	for (g = 0; g < 16; g += 4) {
		uint32x4_t a0 = vaddq_u32(x[g], y[g]), a1 = vaddq_u32(x[g + 1], y[g + 1]);
		uint32x4_t a2 = vaddq_u32(x[g + 2], y[g + 2]), a3 = vaddq_u32(x[g + 3], y[g + 3]);
		/* 4x4 transpose: k[j] = words g..g+3 of block j */
		uint32x4_t t0 = vtrn1q_u32(a0, a1), t1 = vtrn2q_u32(a0, a1);
		uint32x4_t t2 = vtrn1q_u32(a2, a3), t3 = vtrn2q_u32(a2, a3);
		uint32x4_t k[4];

		k[0] = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));
		k[1] = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));
		k[2] = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));
		k[3] = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));
		for (i = 0; i < 4; i++) {
			size_t off = (size_t)64 * i + 4 * g;

			vst1q_u8(out + off, veorq_u8(vreinterpretq_u8_u32(k[i]), vld1q_u8(in + off)));
		}
	}
}

void jca__chacha20_blocks_neon(jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	for (; nblocks >= 4; nblocks -= 4, in += 256, out += 256) {
		blocks4(c->s, out, in);
		c->s[12] += 4;
	}
	if (nblocks) {
		/* one to three blocks: four on a copy, keep what was asked */
		uint8_t buf[256];

		memcpy(buf, in, 64 * nblocks);
		memset(buf + 64 * nblocks, 0, sizeof buf - 64 * nblocks);
		blocks4(c->s, buf, buf);
		memcpy(out, buf, 64 * nblocks);
		c->s[12] += (uint32_t)nblocks;
		jca__wipe(buf, sizeof buf);
	}
}
