/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-1 block function for RV64 with Zbb: the rotations are single roriw
 * instructions and the big-endian loads use rev8.
 *
 * Build with -march=rv64gc_zbb (or rv64gc_zbkb); call only when
 * jca__cpu_features() reports that extension. The only non-base
 * instructions used are roriw and rev8, both in Zbb and in Zbkb, through
 * asm helpers (roriw below, rev8 in rv_load.h: GCC has no rotate builtin,
 * and the plain C idiom for a left rotation becomes li + rolw).
 */
#include <string.h>

#include "../algs.h"
#include "rv_load.h"

#if !defined(__riscv) || __riscv_xlen != 64
#error "sha1_zbb.c is for RV64 only"
#endif
#if !(defined(__riscv_zbb) || defined(__riscv_zbkb))
#error "compile sha1_zbb.c with -march=rv64gc_zbb (or rv64gc_zbkb)"
#endif

/* Left rotation of a 32-bit value by a constant n (1..31), as roriw by
 * 32 - n. roriw reads only the low 32 bits of its source. */
#define ROL32(x, n) roriw((x), 32 - (n))

/* always_inline keeps the helpers single instructions even at -O0, where
 * the "I" (immediate) constraint would otherwise not be satisfiable. */
static inline __attribute__((always_inline)) uint32_t roriw(uint32_t x, const int n)
{
	uint32_t r;
	__asm__("roriw %0, %1, %2" : "=r"(r) : "r"(x), "I"(n));
	return r;
}

/* The whole schedule up front: W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]).
 * 320 bytes of stack keep the round loops below simple. */
static inline void expand(uint32_t w[80])
{
	for (int t = 16; t < 80; t++)
		w[t] = ROL32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
}

/* The three round functions of FIPS 180-4, 4.1.1. */
#define F_CH(b, c, d)     ((d) ^ ((b) & ((c) ^ (d))))
#define F_PARITY(b, c, d) ((b) ^ (c) ^ (d))
#define F_MAJ(b, c, d)    (((b) & (c)) | ((d) & ((b) | (c))))

/*
 * One round with the working variables renamed instead of moved: the caller
 * rotates the argument list, so only b and e are written.
 */
#define ROUND(F, k, a, b, c, d, e, w) do {                              \
		(e) += ROL32(a, 5) + F(b, c, d) + (k) + (w);            \
		(b) = ROL32(b, 30);                                     \
	} while (0)

/* Five rounds bring the renaming back to where it started. */
#define ROUNDS5(F, k, t) do {                                           \
		ROUND(F, k, a, b, c, d, e, w[(t) + 0]);                 \
		ROUND(F, k, e, a, b, c, d, w[(t) + 1]);                 \
		ROUND(F, k, d, e, a, b, c, w[(t) + 2]);                 \
		ROUND(F, k, c, d, e, a, b, w[(t) + 3]);                 \
		ROUND(F, k, b, c, d, e, a, w[(t) + 4]);                 \
	} while (0)

static void compress(uint32_t s[5], const uint8_t *blk)
{
	uint32_t w[80];
	uint32_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4];
	int t;

	jca__rv_load_be32x16(w, blk);
	expand(w);
	for (t = 0; t < 20; t += 5)
		ROUNDS5(F_CH, 0x5a827999u, t);
	for (; t < 40; t += 5)
		ROUNDS5(F_PARITY, 0x6ed9eba1u, t);
	for (; t < 60; t += 5)
		ROUNDS5(F_MAJ, 0x8f1bbcdcu, t);
	for (; t < 80; t += 5)
		ROUNDS5(F_PARITY, 0xca62c1d6u, t);
	s[0] += a; s[1] += b; s[2] += c; s[3] += d; s[4] += e;
}

void jca__sha1_blocks_zbb(uint32_t h[5], const uint8_t *in, size_t nblocks)
{
	/* Misaligned ld may trap to a slow emulation on RISC-V, so a misaligned
	 * block is first copied to an aligned buffer. */
	uint64_t tmp[8];

	for (; nblocks > 0; nblocks--, in += 64) {
		if ((uintptr_t)in & 7) {
			memcpy(tmp, in, 64);
			compress(h, (const uint8_t *)tmp);
		} else {
			compress(h, in);
		}
	}
}
