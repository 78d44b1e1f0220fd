/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-224/SHA-256 block function for RV64 with the scalar crypto extension
 * Zknh (sha256sig0/sig1/sum0/sum1) and rev8 from Zbb or Zbkb.
 *
 * Build with -march=rv64gc_zbb_zknh (or rv64gc_zbkb_zknh); call only when
 * jca__cpu_features() reports Zknh together with that bit-manipulation
 * extension. The only non-base instructions used are the four sha256*
 * ones and rev8, all through asm helpers (below; rev8 in rv_load.h): GCC 12
 * has no builtins for Zknh.
 */
#include <string.h>

#include "../algs.h"
#include "rv_load.h"

#if !defined(__riscv) || __riscv_xlen != 64
#error "sha256_zknh.c is for RV64 only"
#endif
#if !defined(__riscv_zknh) || !(defined(__riscv_zbb) || defined(__riscv_zbkb))
#error "compile sha256_zknh.c with -march=rv64gc_zbb_zknh (or rv64gc_zbkb_zknh)"
#endif

/*
 * On RV64 the sha256* instructions read the low 32 bits of the source and
 * sign-extend the 32-bit result; the compiler only looks at the low half of
 * a uint32_t output, so the upper bits never matter.
 * always_inline keeps the helpers single instructions even at -O0.
 */
#define ZKNH_OP(name, insn)                                             \
	static inline __attribute__((always_inline)) uint32_t name(uint32_t x) \
	{                                                               \
		uint32_t r;                                             \
		__asm__(insn " %0, %1" : "=r"(r) : "r"(x));             \
		return r;                                               \
	}
ZKNH_OP(sig0, "sha256sig0")    /* ror 7 ^ ror 18 ^ shr 3 */
ZKNH_OP(sig1, "sha256sig1")    /* ror 17 ^ ror 19 ^ shr 10 */
ZKNH_OP(sum0, "sha256sum0")    /* ror 2 ^ ror 13 ^ ror 22 */
ZKNH_OP(sum1, "sha256sum1")    /* ror 6 ^ ror 11 ^ ror 25 */
#undef ZKNH_OP

/* Message schedule for the next 16 rounds, in place: W[t] for t = 16..63
 * only needs W[t-2], W[t-7], W[t-15] and W[t-16], all in the window. */
static inline void expand(uint32_t w[16])
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
		uint32_t t1_ = (h) + sum1(e) + ((g) ^ ((e) & ((f) ^ (g)))) + (k) + (w); \
		uint32_t t2_ = sum0(a) + (((a) & (b)) | ((c) & ((a) | (b)))); \
		(d) += t1_;                                             \
		(h) = t1_ + t2_;                                        \
	} while (0)

static void compress(uint32_t s[8], const uint8_t *blk)
{
	const uint32_t *k = jca__sha256_k;
	uint32_t w[16];
	uint32_t a = s[0], b = s[1], c = s[2], d = s[3];
	uint32_t e = s[4], f = s[5], g = s[6], h = s[7];

	jca__rv_load_be32x16(w, blk);
	for (int t = 0; t < 64; t += 16, k += 16) {
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

void jca__sha256_blocks_zknh(uint32_t h[8], const uint8_t *in, size_t nblocks)
{
	/* Misaligned ld may trap to a slow emulation on RISC-V, so a misaligned
	 * block is first copied to an aligned buffer (memcpy is cheap next to
	 * 64 rounds). */
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
