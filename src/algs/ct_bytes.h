/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant-time byte helpers for algorithm code: a comparison that reads
 * every byte and returns a mask, and a conditional copy driven by that mask.
 * No branch and no index depends on the data. The optimisation barrier on
 * the mask keeps the compiler from turning the selection back into a branch.
 */
#ifndef JCA_ALGS_CT_BYTES_H
#define JCA_ALGS_CT_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* The value, hidden from the optimiser. */
static inline uint8_t jca__ct_barrier_u8(uint8_t x)
{
#if defined(__GNUC__)
	__asm__("" : "+r"(x));
#endif
	return x;
}

/* 0xff when the n bytes of a and b differ somewhere, 0x00 when equal. */
static inline uint8_t jca__ct_neq_mask(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint8_t d = 0;
	uint32_t w;

	for (size_t i = 0; i < n; i++)
		d |= (uint8_t)(a[i] ^ b[i]);
	w = (uint32_t)jca__ct_barrier_u8(d);
	/* w in 0..255: w - 1 borrows into bit 31 only when w == 0 */
	return (uint8_t)((((w - 1) >> 31) & 1) - 1);
}

/* dst = mask ? src : dst, byte by byte (mask 0xff or 0x00). */
static inline void jca__ct_cmov(uint8_t *dst, const uint8_t *src, size_t n, uint8_t mask)
{
	uint8_t m = jca__ct_barrier_u8(mask);

	for (size_t i = 0; i < n; i++)
		dst[i] ^= (uint8_t)(m & (dst[i] ^ src[i]));
}

#endif
