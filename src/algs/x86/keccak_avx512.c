/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keccak-f[1600] (FIPS 202) with AVX-512VL: the jca__keccak_avx512 backend.
 *
 * Build flags: -mavx512f -mavx512vl. Nothing here may run unless
 * jca__cpu_features() reports JCA__CPU_AVX512.
 *
 * Layout: one lane per vector register. Each of the 25 lanes lives in
 * element 0 of its own YMM register (elements 1-3 are don't-care: every
 * operation is element-wise, so they never leak into element 0).
 *
 * Why not five 5-lane rows in ZMM (or 4+1 lanes in YMM) registers? On Zen 4
 * those layouts were measured at 37-58 cycles per round, slower than a good
 * scalar round (about 39): rho/pi/chi then need 20-30 lane permutations per
 * round, which compete with the rotations for the same two vector pipes and
 * sit on the round's critical path. With a lane per register, pi is only a
 * renaming of variables (free once two rounds are unrolled into A -> E ->
 * A), and AVX-512VL still pays off over general-purpose registers:
 *  - vprolq rotates without a copy, and vpternlogq does chi's
 *    a ^ (~b & c) in one instruction, so a round is about 105 instructions
 *    instead of about 130 for the scalar round;
 *  - 32 vector registers hold the 25 lanes plus most temporaries, where 16
 *    general-purpose registers force a stream of spills.
 * Measured on Zen 4 (absorb, rate 136, TSC-calibrated): about 30.5
 * cycles per round with gcc 12 (theta below, gcc's post-allocation
 * scheduling off), 30 with clang 14; OpenSSL 3.0's x86-64 code about 35.
 *
 * Theta is written with XORs and an explicit D[x] (not one vpternlogq per
 * lane): a vpternlogq whose inputs were just computed issues slower than a
 * plain XOR, which runs on all four pipes. Only the column parity ends in
 * one vpternlogq, and chi keeps its single vpternlogq per lane.
 *
 * Tried and measured slower on Zen 4 (the numbers for issue 14): the same
 * lane-per-register round in hand-allocated assembly, in place in exactly
 * 32 registers (25 lanes, 5 parities, 2 temporaries), with pi as a renaming
 * over 24 unrolled rounds or as a chain of rotations into the next lane's
 * register, 90 vector instructions per round instead of about 105:
 * 20-25% slower than this code whichever way theta was written (ternary or
 * plain XORs). The instruction count is not what bounds a round here.
 * A later row-by-row version of that assembly (git f5e86d8) was 2-4% faster
 * at 16 KiB but made a fresh instance's first digest about 30% slower
 * (jca-bench getAndDigest SHA3-256 64 B: 232-242 ns with this code, 298-326
 * ns with it, same runs), so this code stays.
 *
 * YMM rather than XMM: the operations cost the same, but gcc parks spilled
 * XMM values in general-purpose registers (two cross-domain moves each),
 * while YMM values go to the stack.
 *
 * Since every lane is loaded on its own, absorb() needs no masked loads:
 * it adds exactly rate/8 lanes with 64-bit loads and reads nothing past the
 * block.
 */
#include <immintrin.h>

#include "../algs.h"

typedef __m256i lane;           /* element 0 is the Keccak lane */

#define XOR(a, b)       _mm256_xor_si256(a, b)
#define ROL(v, n)       _mm256_rol_epi64(v, n)
/* chi for one lane, a ^ (~b & c): truth table 0xD2 with a, b, c as the
 * first, second and third operand of vpternlogq */
#define CHI(a, b, c)    _mm256_ternarylogic_epi64(a, b, c, 0xD2)

/* ---- one round, as a macro over 25 named variables ---------------------
 * A##xy is the lane x + 5y, written as two decimal digits (A07 is x = 2,
 * y = 1). ROUND(A, B, k) reads state A and writes round k's output to B,
 * so two rounds A -> E -> A make pi a pure renaming. */

/* theta: column parities C[x], then D[x] = C[x-1] ^ rol(C[x+1], 1). The
 * parity is two XORs and one vpternlogq (three-way XOR, truth table 0x96):
 * 1.5% faster than four XORs on Zen 4, where two vpternlogq per column (or
 * one per lane for A ^ C[x-1] ^ rol(C[x+1], 1)) measured 7% and 20% slower
 * (see the note on vpternlogq above). */
#define XOR3(a, b, c)   _mm256_ternarylogic_epi64(a, b, c, 0x96)
#define THETA(A) \
	lane c0 = XOR3(XOR(A##00, A##05), XOR(A##10, A##15), A##20); \
	lane c1 = XOR3(XOR(A##01, A##06), XOR(A##11, A##16), A##21); \
	lane c2 = XOR3(XOR(A##02, A##07), XOR(A##12, A##17), A##22); \
	lane c3 = XOR3(XOR(A##03, A##08), XOR(A##13, A##18), A##23); \
	lane c4 = XOR3(XOR(A##04, A##09), XOR(A##14, A##19), A##24); \
	lane d0 = XOR(c4, ROL(c1, 1)); \
	lane d1 = XOR(c0, ROL(c2, 1)); \
	lane d2 = XOR(c1, ROL(c3, 1)); \
	lane d3 = XOR(c2, ROL(c4, 1)); \
	lane d4 = XOR(c3, ROL(c0, 1))

/*
 * Output row y of rho, pi and chi (indices mod 5): pi makes
 * B[x, y] = A[x + 3y, x], so the row's inputs are
 * b[x] = rol(A[x + 3y, x] ^ D[x + 3y], rho[x + 3y, x]) with FIPS 202's rho
 * offsets, and chi gives B[x, y] = b[x] ^ (~b[x+1] & b[x+2]). Iota adds the
 * round constant to lane (0, 0) after chi.
 */
#define ROUND(A, B, k) do { \
	THETA(A); \
	lane b0, b1, b2, b3, b4; \
	/* y = 0, from lanes (x, y) (0,0) (1,1) (2,2) (3,3) (4,4) */ \
	b0 = XOR(A##00, d0); \
	b1 = ROL(XOR(A##06, d1), 44); \
	b2 = ROL(XOR(A##12, d2), 43); \
	b3 = ROL(XOR(A##18, d3), 21); \
	b4 = ROL(XOR(A##24, d4), 14); \
	B##00 = XOR(CHI(b0, b1, b2), _mm256_set1_epi64x((long long)jca__keccak_rc[k])); \
	B##01 = CHI(b1, b2, b3); \
	B##02 = CHI(b2, b3, b4); \
	B##03 = CHI(b3, b4, b0); \
	B##04 = CHI(b4, b0, b1); \
	/* y = 1, from lanes (x, y) (3,0) (4,1) (0,2) (1,3) (2,4) */ \
	b0 = ROL(XOR(A##03, d3), 28); \
	b1 = ROL(XOR(A##09, d4), 20); \
	b2 = ROL(XOR(A##10, d0), 3); \
	b3 = ROL(XOR(A##16, d1), 45); \
	b4 = ROL(XOR(A##22, d2), 61); \
	B##05 = CHI(b0, b1, b2); \
	B##06 = CHI(b1, b2, b3); \
	B##07 = CHI(b2, b3, b4); \
	B##08 = CHI(b3, b4, b0); \
	B##09 = CHI(b4, b0, b1); \
	/* y = 2, from lanes (x, y) (1,0) (2,1) (3,2) (4,3) (0,4) */ \
	b0 = ROL(XOR(A##01, d1), 1); \
	b1 = ROL(XOR(A##07, d2), 6); \
	b2 = ROL(XOR(A##13, d3), 25); \
	b3 = ROL(XOR(A##19, d4), 8); \
	b4 = ROL(XOR(A##20, d0), 18); \
	B##10 = CHI(b0, b1, b2); \
	B##11 = CHI(b1, b2, b3); \
	B##12 = CHI(b2, b3, b4); \
	B##13 = CHI(b3, b4, b0); \
	B##14 = CHI(b4, b0, b1); \
	/* y = 3, from lanes (x, y) (4,0) (0,1) (1,2) (2,3) (3,4) */ \
	b0 = ROL(XOR(A##04, d4), 27); \
	b1 = ROL(XOR(A##05, d0), 36); \
	b2 = ROL(XOR(A##11, d1), 10); \
	b3 = ROL(XOR(A##17, d2), 15); \
	b4 = ROL(XOR(A##23, d3), 56); \
	B##15 = CHI(b0, b1, b2); \
	B##16 = CHI(b1, b2, b3); \
	B##17 = CHI(b2, b3, b4); \
	B##18 = CHI(b3, b4, b0); \
	B##19 = CHI(b4, b0, b1); \
	/* y = 4, from lanes (x, y) (2,0) (3,1) (4,2) (0,3) (1,4) */ \
	b0 = ROL(XOR(A##02, d2), 62); \
	b1 = ROL(XOR(A##08, d3), 55); \
	b2 = ROL(XOR(A##14, d4), 39); \
	b3 = ROL(XOR(A##15, d0), 41); \
	b4 = ROL(XOR(A##21, d1), 2); \
	B##20 = CHI(b0, b1, b2); \
	B##21 = CHI(b1, b2, b3); \
	B##22 = CHI(b2, b3, b4); \
	B##23 = CHI(b3, b4, b0); \
	B##24 = CHI(b4, b0, b1); \
} while (0)

/* 64-bit loads and stores of element 0 (the others are left undefined) */
static inline lane load_lane(const void *p)
{
	return _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)p));
}

static inline void store_lane(void *p, lane v)
{
	_mm_storel_epi64((__m128i *)p, _mm256_castsi256_si128(v));
}

/*
 * gcc's second scheduling pass (after register allocation) spreads the
 * round's 25 vpternlogq and 29 rotations so that more values are live at
 * once, and the spills this adds cost more than the schedule gains: on Zen 4
 * with gcc 12 the absorb loop runs 4-5% faster without it (18.6 instead of
 * 19.5 TSC ticks per round at rate 136). clang does not need this.
 */
#if defined(__GNUC__) && !defined(__clang__)
#define KECCAK_TUNE __attribute__((optimize("no-schedule-insns2")))
#else
#define KECCAK_TUNE
#endif

#define KECCAK_LANE             lane
#define LOAD_LANE(A, xy, i)     A##xy = load_lane(s + (i))
#define STORE_LANE(A, xy, i)    store_lane(s + (i), A##xy)
/* XOR input lane i (bytes 8i..8i+7 of the block, little-endian) */
#define XOR_IN(A, xy, i)        A##xy = XOR(A##xy, load_lane(in + 8 * (i)))

/* keccak_permute() and keccak_absorb() */
#include "keccak_lanes_impl.h"

const jca__keccak_backend jca__keccak_avx512 = {
	.permute = keccak_permute,
	.absorb = keccak_absorb,
	.permute_x4 = jca__keccak_x4_avx2,   /* AVX-512 CPUs have AVX2 */
};
