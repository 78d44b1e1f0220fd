/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keccak-f[1600] (FIPS 202) for x86-64 CPUs with AVX2: the jca__keccak_avx2
 * backend. Despite the name it is scalar code, tuned for BMI1 and BMI2.
 *
 * Build flags: -mavx2 -mbmi -mbmi2. Nothing here may run unless
 * jca__cpu_features() reports JCA__CPU_AVX2 and JCA__CPU_BMI2. The code
 * also uses ANDN from BMI1, which cpu.h has no bit for: every CPU we know
 * of with BMI2 has BMI1 too.
 *
 * Why scalar: for one Keccak state, AVX2 formulations lose to a scalar
 * round. AVX2 has no 64-bit rotate (3 instructions each), no three-input
 * logic op and no two-table permute, and a 5x5 state does not fit 4-lane
 * vectors. Measured on Zen 4: 54-57 cycles per round for a lane-per-register
 * AVX2 round, 38-39.5 for this one, 41 for OpenSSL 3.0's x86-64 code.
 * What BMI buys: RORX rotates into a new register (no copy before each of
 * the 29 rotations per round) and ANDN does chi's ~b & c in one instruction
 * (without ANDN the same code takes 45 cycles per round).
 *
 * The round is unrolled by two, A -> E -> A, so that pi is a renaming of
 * variables rather than data movement. The compiler keeps what it can of
 * the 50 lane variables in registers and spills the rest.
 */
#include <string.h>

#include "../algs.h"
#include "../../util/bytes.h"

/* n is always a constant in 1..63, so this compiles to one ROL/RORX */
static inline uint64_t rol(uint64_t v, unsigned n)
{
	return (v << n) | (v >> (64 - n));
}

/* A##xy is the lane x + 5y, written as two decimal digits (A07 is x = 2,
 * y = 1). ROUND(A, B, k) reads state A and writes round k's output to B. */

/* theta: column parities C[x], then D[x] = C[x-1] ^ rol(C[x+1], 1) */
#define THETA(A) \
	uint64_t c0 = A##00 ^ A##05 ^ A##10 ^ A##15 ^ A##20; \
	uint64_t c1 = A##01 ^ A##06 ^ A##11 ^ A##16 ^ A##21; \
	uint64_t c2 = A##02 ^ A##07 ^ A##12 ^ A##17 ^ A##22; \
	uint64_t c3 = A##03 ^ A##08 ^ A##13 ^ A##18 ^ A##23; \
	uint64_t c4 = A##04 ^ A##09 ^ A##14 ^ A##19 ^ A##24; \
	uint64_t d0 = c4 ^ rol(c1, 1); \
	uint64_t d1 = c0 ^ rol(c2, 1); \
	uint64_t d2 = c1 ^ rol(c3, 1); \
	uint64_t d3 = c2 ^ rol(c4, 1); \
	uint64_t d4 = c3 ^ rol(c0, 1)

/*
 * Output row y of rho, pi and chi (indices mod 5): pi makes
 * B[x, y] = A[x + 3y, x], so the row's inputs are
 * b[x] = rol(A[x + 3y, x] ^ D[x + 3y], rho[x + 3y, x]) with FIPS 202's rho
 * offsets, and chi gives B[x, y] = b[x] ^ (~b[x+1] & b[x+2]). Iota adds the
 * round constant to lane (0, 0) after chi.
 */
#define ROUND(A, B, k) do { \
	THETA(A); \
	uint64_t b0, b1, b2, b3, b4; \
	/* y = 0, from lanes (x, y) (0,0) (1,1) (2,2) (3,3) (4,4) */ \
	b0 = A##00 ^ d0; \
	b1 = rol(A##06 ^ d1, 44); \
	b2 = rol(A##12 ^ d2, 43); \
	b3 = rol(A##18 ^ d3, 21); \
	b4 = rol(A##24 ^ d4, 14); \
	B##00 = b0 ^ (~b1 & b2) ^ jca__keccak_rc[k]; \
	B##01 = b1 ^ (~b2 & b3); \
	B##02 = b2 ^ (~b3 & b4); \
	B##03 = b3 ^ (~b4 & b0); \
	B##04 = b4 ^ (~b0 & b1); \
	/* y = 1, from lanes (x, y) (3,0) (4,1) (0,2) (1,3) (2,4) */ \
	b0 = rol(A##03 ^ d3, 28); \
	b1 = rol(A##09 ^ d4, 20); \
	b2 = rol(A##10 ^ d0, 3); \
	b3 = rol(A##16 ^ d1, 45); \
	b4 = rol(A##22 ^ d2, 61); \
	B##05 = b0 ^ (~b1 & b2); \
	B##06 = b1 ^ (~b2 & b3); \
	B##07 = b2 ^ (~b3 & b4); \
	B##08 = b3 ^ (~b4 & b0); \
	B##09 = b4 ^ (~b0 & b1); \
	/* y = 2, from lanes (x, y) (1,0) (2,1) (3,2) (4,3) (0,4) */ \
	b0 = rol(A##01 ^ d1, 1); \
	b1 = rol(A##07 ^ d2, 6); \
	b2 = rol(A##13 ^ d3, 25); \
	b3 = rol(A##19 ^ d4, 8); \
	b4 = rol(A##20 ^ d0, 18); \
	B##10 = b0 ^ (~b1 & b2); \
	B##11 = b1 ^ (~b2 & b3); \
	B##12 = b2 ^ (~b3 & b4); \
	B##13 = b3 ^ (~b4 & b0); \
	B##14 = b4 ^ (~b0 & b1); \
	/* y = 3, from lanes (x, y) (4,0) (0,1) (1,2) (2,3) (3,4) */ \
	b0 = rol(A##04 ^ d4, 27); \
	b1 = rol(A##05 ^ d0, 36); \
	b2 = rol(A##11 ^ d1, 10); \
	b3 = rol(A##17 ^ d2, 15); \
	b4 = rol(A##23 ^ d3, 56); \
	B##15 = b0 ^ (~b1 & b2); \
	B##16 = b1 ^ (~b2 & b3); \
	B##17 = b2 ^ (~b3 & b4); \
	B##18 = b3 ^ (~b4 & b0); \
	B##19 = b4 ^ (~b0 & b1); \
	/* y = 4, from lanes (x, y) (2,0) (3,1) (4,2) (0,3) (1,4) */ \
	b0 = rol(A##02 ^ d2, 62); \
	b1 = rol(A##08 ^ d3, 55); \
	b2 = rol(A##14 ^ d4, 39); \
	b3 = rol(A##15 ^ d0, 41); \
	b4 = rol(A##21 ^ d1, 2); \
	B##20 = b0 ^ (~b1 & b2); \
	B##21 = b1 ^ (~b2 & b3); \
	B##22 = b2 ^ (~b3 & b4); \
	B##23 = b3 ^ (~b4 & b0); \
	B##24 = b4 ^ (~b0 & b1); \
} while (0)

#define KECCAK_LANE             uint64_t
#define LOAD_LANE(A, xy, i)     A##xy = s[i]
#define STORE_LANE(A, xy, i)    s[i] = A##xy
/* XOR input lane i (bytes 8i..8i+7 of the block) */
#define XOR_IN(A, xy, i)        A##xy ^= jca__load_le64(in + 8 * (i))
#define KECCAK_TUNE

/* keccak_permute() and keccak_absorb() */
#include "keccak_lanes_impl.h"

const jca__keccak_backend jca__keccak_avx2 = {
	.permute = keccak_permute,
	.absorb = keccak_absorb,
	.permute_x4 = jca__keccak_x4_avx2,
};
