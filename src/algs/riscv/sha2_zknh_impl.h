/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The SHA-2 block function for RV64 with the scalar crypto extension Zknh
 * and rev8 from Zbb or Zbkb, written once for SHA-256 (sha256_zknh.c) and
 * SHA-512 (sha512_zknh.c). The round is the portable one (sha2_round.h)
 * with the four Sigma/sigma functions as single Zknh instructions. The
 * including file defines:
 *
 *   SHA2_WORD     uint32_t or uint64_t
 *   SHA2_K        the round constants
 *   ZKNH_W        the instruction prefix as a string, "sha256" or "sha512"
 *   ZKNH_ROUNDS   64 or 80
 *   ZKNH_LOAD16   jca__rv_load_be32x16 or jca__rv_load_be64x16
 *   ZKNH_BLOCKS   the name of the blocks function to define
 *
 * On RV64 the sha256* instructions read the low 32 bits of the source and
 * sign-extend the 32-bit result; the compiler only looks at the low half of
 * a uint32_t output, so the upper bits never matter. The sha512* ones work
 * on the whole register. GCC 12 has no builtins for Zknh: asm helpers,
 * always_inline so they stay single instructions even at -O0.
 */
#include <string.h>

#include "../algs.h"
#include "../sha2_round.h"
#include "rv_load.h"

#if !defined(__riscv) || __riscv_xlen != 64
#error "the Zknh SHA-2 backends are for RV64 only"
#endif
#if !defined(__riscv_zknh) || !(defined(__riscv_zbb) || defined(__riscv_zbkb))
#error "compile the Zknh SHA-2 backends with -march=rv64gc_zbb_zknh (or rv64gc_zbkb_zknh)"
#endif

#define ZKNH_OP(name, insn) \
	static inline __attribute__((always_inline)) SHA2_WORD name(SHA2_WORD x) \
	{ \
		SHA2_WORD r; \
		__asm__(ZKNH_W insn " %0, %1" : "=r"(r) : "r"(x)); \
		return r; \
	}
ZKNH_OP(zknh_sig0, "sig0")
ZKNH_OP(zknh_sig1, "sig1")
ZKNH_OP(zknh_sum0, "sum0")
ZKNH_OP(zknh_sum1, "sum1")
#undef ZKNH_OP

#define BSIG0(x) zknh_sum0(x)
#define BSIG1(x) zknh_sum1(x)
#define SSIG0(x) zknh_sig0(x)
#define SSIG1(x) zknh_sig1(x)
/* Words 0-15 are loaded before the rounds (rev8 from rv_load.h). */
#define WLOADED(i) (w[i])

static void compress(SHA2_WORD st[8], const uint8_t *blk)
{
	SHA2_WORD w[16];
	SHA2_WORD a = st[0], b = st[1], c = st[2], d = st[3];
	SHA2_WORD e = st[4], f = st[5], g = st[6], h = st[7];

	ZKNH_LOAD16(w, blk);
	SHA2_ROUNDS8(0, WLOADED);
	SHA2_ROUNDS8(8, WLOADED);
	for (int i = 16; i < ZKNH_ROUNDS; i += 16) {
		SHA2_ROUNDS8(i, SHA2_WSCHED);
		SHA2_ROUNDS8(i + 8, SHA2_WSCHED);
	}
	SHA2_ADD_STATE(st);
}

void ZKNH_BLOCKS(SHA2_WORD h[8], const uint8_t *in, size_t nblocks)
{
	/* Misaligned ld may trap to a slow emulation on RISC-V, so a misaligned
	 * block is first copied to an aligned buffer (memcpy is cheap next to
	 * the rounds). */
	uint64_t tmp[16];

	for (; nblocks > 0; nblocks--, in += 16 * sizeof(SHA2_WORD)) {
		if ((uintptr_t)in & 7) {
			memcpy(tmp, in, 16 * sizeof(SHA2_WORD));
			compress(h, (const uint8_t *)tmp);
		} else {
			compress(h, in);
		}
	}
}
