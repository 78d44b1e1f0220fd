/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-384/SHA-512/SHA-512/t block function for RV64 with the scalar crypto
 * extension Zknh (the RV64 forms sha512sig0/sig1/sum0/sum1, which work on a
 * whole 64-bit register) and rev8 from Zbb or Zbkb.
 *
 * Build with -march=rv64gc_zbb_zknh (or rv64gc_zbkb_zknh); call only when
 * jca__cpu_features() reports Zknh together with that bit-manipulation
 * extension. The only non-base instructions used are the four sha512* ones
 * and rev8, all through asm helpers (below; rev8 in rv_load.h): GCC 12 has
 * no builtins for Zknh.
 */
#include <string.h>

#include "../algs.h"
#include "rv_load.h"

#if !defined(__riscv) || __riscv_xlen != 64
#error "sha512_zknh.c is for RV64 only"
#endif
#if !defined(__riscv_zknh) || !(defined(__riscv_zbb) || defined(__riscv_zbkb))
#error "compile sha512_zknh.c with -march=rv64gc_zbb_zknh (or rv64gc_zbkb_zknh)"
#endif

/* always_inline keeps the helpers single instructions even at -O0. */
#define ZKNH_OP(name, insn)                                             \
	static inline __attribute__((always_inline)) uint64_t name(uint64_t x) \
	{                                                               \
		uint64_t r;                                             \
		__asm__(insn " %0, %1" : "=r"(r) : "r"(x));             \
		return r;                                               \
	}
ZKNH_OP(sig0, "sha512sig0")    /* ror 1 ^ ror 8 ^ shr 7 */
ZKNH_OP(sig1, "sha512sig1")    /* ror 19 ^ ror 61 ^ shr 6 */
ZKNH_OP(sum0, "sha512sum0")    /* ror 28 ^ ror 34 ^ ror 39 */
ZKNH_OP(sum1, "sha512sum1")    /* ror 14 ^ ror 18 ^ ror 41 */
#undef ZKNH_OP

/* Message schedule for the next 16 rounds, in place: W[t] for t = 16..79
 * only needs W[t-2], W[t-7], W[t-15] and W[t-16], all in the window. */
static inline void expand(uint64_t w[16])
{
	for (int i = 0; i < 16; i++)
		w[i] += sig1(w[(i + 14) & 15]) + w[(i + 9) & 15] + sig0(w[(i + 1) & 15]);
}

/*
 * One round with the working variables renamed instead of moved: the caller
 * rotates the argument list, so only d and h are written.
 * Ch(e,f,g) = g ^ (e & (f ^ g)); Maj(a,b,c) = (a & b) | (c & (a | b)).
 */
#define ROUND(a, b, c, d, e, f, g, h, k, w) do {                        \
		uint64_t t1_ = (h) + sum1(e) + ((g) ^ ((e) & ((f) ^ (g)))) + (k) + (w); \
		uint64_t t2_ = sum0(a) + (((a) & (b)) | ((c) & ((a) | (b)))); \
		(d) += t1_;                                             \
		(h) = t1_ + t2_;                                        \
	} while (0)

static void compress(uint64_t s[8], const uint8_t *blk)
{
	const uint64_t *k = jca__sha512_k;
	uint64_t w[16];
	uint64_t a = s[0], b = s[1], c = s[2], d = s[3];
	uint64_t e = s[4], f = s[5], g = s[6], h = s[7];

	jca__rv_load_be64x16(w, blk);
	for (int t = 0; t < 80; t += 16, k += 16) {
		if (t > 0)
			expand(w);
		ROUND(a, b, c, d, e, f, g, h, k[0], w[0]);
		ROUND(h, a, b, c, d, e, f, g, k[1], w[1]);
		ROUND(g, h, a, b, c, d, e, f, k[2], w[2]);
		ROUND(f, g, h, a, b, c, d, e, k[3], w[3]);
		ROUND(e, f, g, h, a, b, c, d, k[4], w[4]);
		ROUND(d, e, f, g, h, a, b, c, k[5], w[5]);
		ROUND(c, d, e, f, g, h, a, b, k[6], w[6]);
		ROUND(b, c, d, e, f, g, h, a, k[7], w[7]);
		ROUND(a, b, c, d, e, f, g, h, k[8], w[8]);
		ROUND(h, a, b, c, d, e, f, g, k[9], w[9]);
		ROUND(g, h, a, b, c, d, e, f, k[10], w[10]);
		ROUND(f, g, h, a, b, c, d, e, k[11], w[11]);
		ROUND(e, f, g, h, a, b, c, d, k[12], w[12]);
		ROUND(d, e, f, g, h, a, b, c, k[13], w[13]);
		ROUND(c, d, e, f, g, h, a, b, k[14], w[14]);
		ROUND(b, c, d, e, f, g, h, a, k[15], w[15]);
	}
	s[0] += a; s[1] += b; s[2] += c; s[3] += d;
	s[4] += e; s[5] += f; s[6] += g; s[7] += h;
}

void jca__sha512_blocks_zknh(uint64_t h[8], const uint8_t *in, size_t nblocks)
{
	/* Misaligned ld may trap to a slow emulation on RISC-V, so a misaligned
	 * block is first copied to an aligned buffer (memcpy is cheap next to
	 * 80 rounds). */
	uint64_t tmp[16];

	for (; nblocks > 0; nblocks--, in += 128) {
		if ((uintptr_t)in & 7) {
			memcpy(tmp, in, 128);
			compress(h, (const uint8_t *)tmp);
		} else {
			compress(h, in);
		}
	}
}
