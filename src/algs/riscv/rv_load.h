/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Big-endian message loads of the RV64 SHA backends (sha1_zbb.c,
 * sha256_zknh.c, sha512_zknh.c): one ld and one rev8 (Zbb or Zbkb) per
 * 64 bits. The block must be 8-byte aligned (a misaligned ld may trap to a
 * slow emulation on RISC-V): the blocks functions copy a misaligned block
 * to an aligned buffer first.
 */
#ifndef JCA_ALGS_RISCV_RV_LOAD_H
#define JCA_ALGS_RISCV_RV_LOAD_H

#include <stdint.h>
#include <string.h>

/* always_inline keeps it a single instruction even at -O0. */
static inline __attribute__((always_inline)) uint64_t jca__rv_rev8(uint64_t x)
{
	uint64_t r;
	__asm__("rev8 %0, %1" : "=r"(r) : "r"(x));
	return r;
}

/* The 16 big-endian 32-bit words of a 64-byte block. One 64-bit load plus
 * rev8 yields two: the first in the high half, the second in the low half. */
static inline void jca__rv_load_be32x16(uint32_t *w, const uint8_t *blk)
{
	blk = __builtin_assume_aligned(blk, 8);
	for (int i = 0; i < 8; i++) {
		uint64_t v;
		memcpy(&v, blk + 8 * i, 8);
		v = jca__rv_rev8(v);
		w[2 * i] = (uint32_t)(v >> 32);
		w[2 * i + 1] = (uint32_t)v;
	}
}

/* The 16 big-endian 64-bit words of a 128-byte block. */
static inline void jca__rv_load_be64x16(uint64_t *w, const uint8_t *blk)
{
	blk = __builtin_assume_aligned(blk, 8);
	for (int i = 0; i < 16; i++) {
		uint64_t v;
		memcpy(&v, blk + 8 * i, 8);
		w[i] = jca__rv_rev8(v);
	}
}

#endif
