/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES by vector permutes on AArch64 with Advanced SIMD (tbl), for CPUs
 * without the crypto extensions. The algorithm is in ../aes_vperm_impl.h;
 * this file gives it its vector primitives.
 *
 * Advanced SIMD is part of every AArch64 Linux system; the backend still
 * checks JCA__CPU_ARM_ASIMD so that JCA_CPU=generic turns it off.
 */
#include <arm_neon.h>
#include <stdint.h>

typedef uint8x16_t vp_t;

#define VP_LOAD(p)     vld1q_u8((const uint8_t *)(const void *)(p))
#define VP_STORE(p, v) vst1q_u8((uint8_t *)(void *)(p), (v))
#define VP_LOADA(p)    vld1q_u8((const uint8_t *)(const void *)(p))
#define VP_XOR(a, b)   veorq_u8((a), (b))
/* tbl: an index of 16 or more reads 0 (the 0x80 marker among them) */
#define VP_TBL(t, i)   vqtbl1q_u8((t), (i))
#define VP_SET1(c)     vdupq_n_u8((uint8_t)(c))
#define VP_LO(x)       vandq_u8((x), vdupq_n_u8(0x0f))
#define VP_HI(x)       vshrq_n_u8((x), 4)
#define VP_FROM32(w)   vreinterpretq_u8_u32(vsetq_lane_u32((uint32_t)(w), vdupq_n_u32(0), 0))
#define VP_TO32(v)     vgetq_lane_u32(vreinterpretq_u32_u8(v), 0)

static inline vp_t VP_XTIME(vp_t v)
{
	uint8x16_t carry = vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(v), 7));

	return veorq_u8(vshlq_n_u8(v, 1), vandq_u8(carry, vdupq_n_u8(0x1b)));
}

static inline vp_t VP_COUNTER(vp_t v, uint32_t n)
{
	uint32_t be = (n >> 24) | ((n >> 8) & 0xff00u) | ((n << 8) & 0xff0000u) | (n << 24);

	return vreinterpretq_u8_u32(vsetq_lane_u32(be, vreinterpretq_u32_u8(v), 3));
}

#include "../aes_vperm_impl.h"
