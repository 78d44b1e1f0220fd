/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keccak-f[1600] (FIPS 202) with AVX-512VL: the jca__keccak_avx512 backend.
 *
 * Build flags: -mavx512f -mavx512vl. Nothing here may run unless
 * jca__cpu_features() reports JCA__CPU_AVX512.
 *
 * Layout: one lane per vector register. Each of the 25 lanes lives in
 * element 0 of its own YMM register (elements 1-3 are don't-care: every
 * operation is element-wise, so they never leak into element 0). Five
 * 5-lane rows in ZMM (or 4+1 lanes in YMM) registers were measured on Zen 4
 * at 37-58 cycles per round: rho, pi and chi then need 20-30 lane
 * permutations per round, on the round's critical path. With a lane per
 * register, vprolq rotates without a copy and vpternlogq does chi's
 * a ^ (~b & c) in one instruction.
 *
 * The permutation is assembly (GNU as macros in one asm statement, which
 * gcc and clang both assemble) because the register allocation decides the
 * speed: the 25 lanes, five column parities (then five D values) and two
 * temporaries fill exactly the 32 vector registers, with no spills. The
 * same round in C intrinsics (an A -> E -> A pair of rounds) needs about 50
 * live values; gcc 12 then adds some 90 moves and spills per round.
 *
 * One round, every lane kept in its register:
 *  - theta: column parity c[x] = (a0 ^ a1) ^ (a2 ^ a3) ^ a4, the last step
 *    one vpternlogq; D[x] = c[x-1] ^ rol(c[x+1], 1), written over the
 *    parities in an order that needs no extra register;
 *  - then, output row by output row: its five source lanes (x + 3y, x) get
 *    D and their rho rotation in place, and chi runs on them in place
 *    (truth table 0xD2, in the order x = 0..4, so only b0 and b1 need a
 *    copy: two register moves, eliminated at rename on Zen 4). Row order
 *    matters: the same instructions grouped phase by phase (theta on all
 *    lanes, then rho, then chi) measured 20-25% slower;
 *  - pi costs nothing: the lane pi sends to (y, 2x + 3y) stays in the
 *    register that held (x, y), and the next round is called with the
 *    register names permuted. pi has order 24 on the 24 moving lanes, so
 *    after the 24 unrolled rounds every lane is back in its first register;
 *  - iota: vpxorq with the round constant broadcast from memory.
 * About 100 vector instructions and 10 eliminated moves per round.
 *
 * Not used: vpternlogq wherever all three inputs were just computed (D
 * applied as a ^ c[x-1] ^ rol(c[x+1]), or both parity steps): it issues
 * slower than plain XORs, which run on all four pipes; each such variant
 * measured 7-20% slower on Zen 4.
 *
 * Measured on Zen 4 (absorb, rate 136, TSC ticks of 2.1 GHz per round,
 * alternating runs on a busy machine): 18.6-19.1, against 19.3-19.8 for
 * the C intrinsics version this replaced (gcc 12 without its post-
 * allocation scheduling, which it needed; clang 14 about the same) and
 * about 21.6 for OpenSSL 3.0's x86-64 code; gcc and clang build the same
 * code here. That is about 3.3 vector instructions per cycle on a 4-pipe
 * unit whose rotations go to two pipes: the round is bound by issue.
 *
 * absorb() adds input lanes with vpxorq from an 8-byte broadcast load, so
 * it reads exactly rate bytes of each block, nothing past it.
 */
#include "../algs.h"

/* AT&T operand order: vpternlogq $imm, C, B, A computes A = f(A, B, C). */
#define KECCAK_ASM_MACROS \
	/* column parity c = a0 ^ a1 ^ a2 ^ a3 ^ a4 (ymm31 scratch) */ \
	".macro KPAR c, a0, a1, a2, a3, a4\n\t" \
	"vpxorq \\a0, \\a1, \\c\n\t" \
	"vpxorq \\a2, \\a3, %%ymm31\n\t" \
	"vpternlogq $0x96, \\a4, %%ymm31, \\c\n\t" \
	".endm\n\t" \
	/* d = rol(c[x+1], 1) ^ c[x-1] */ \
	".macro KD d, cr, cp\n\t" \
	"vprolq $1, \\cr, \\d\n\t" \
	"vpxorq \\cp, \\d, \\d\n\t" \
	".endm\n\t" \
	/* theta's d and rho's rotation for one lane */ \
	".macro KL r, d, n\n\t" \
	"vpxorq \\d, \\r, \\r\n\t" \
	"vprolq $\\n, \\r, \\r\n\t" \
	".endm\n\t" \
	/* chi on one row, in place: b[x] ^= ~b[x+1] & b[x+2] */ \
	".macro KCHI b0, b1, b2, b3, b4\n\t" \
	"vmovdqa64 \\b0, %%ymm27\n\t" \
	"vmovdqa64 \\b1, %%ymm29\n\t" \
	"vpternlogq $0xD2, \\b2, \\b1, \\b0\n\t" \
	"vpternlogq $0xD2, \\b3, \\b2, \\b1\n\t" \
	"vpternlogq $0xD2, \\b4, \\b3, \\b2\n\t" \
	"vpternlogq $0xD2, %%ymm27, \\b4, \\b3\n\t" \
	"vpternlogq $0xD2, %%ymm29, %%ymm27, \\b4\n\t" \
	".endm\n\t" \
	/* round n; r<i> is the register holding lane i = x + 5y */ \
	".macro KROUND n, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, " \
	"r13, r14, r15, r16, r17, r18, r19, r20, r21, r22, r23, r24\n\t" \
	"KPAR %%ymm25, \\r0, \\r5, \\r10, \\r15, \\r20\n\t" \
	"KPAR %%ymm26, \\r1, \\r6, \\r11, \\r16, \\r21\n\t" \
	"KPAR %%ymm27, \\r2, \\r7, \\r12, \\r17, \\r22\n\t" \
	"KPAR %%ymm28, \\r3, \\r8, \\r13, \\r18, \\r23\n\t" \
	"KPAR %%ymm29, \\r4, \\r9, \\r14, \\r19, \\r24\n\t" \
	/* D[x] into ymm30 (x = 0), 28 (1), 31 (2), 25 (3), 26 (4), each \
	 * parity overwritten only once both its uses are done */ \
	"KD %%ymm30, %%ymm26, %%ymm29\n\t" \
	"KD %%ymm31, %%ymm28, %%ymm26\n\t" \
	"KD %%ymm26, %%ymm25, %%ymm28\n\t" \
	"KD %%ymm28, %%ymm27, %%ymm25\n\t" \
	"KD %%ymm25, %%ymm29, %%ymm27\n\t" \
	/* output row y from lanes (x + 3y, x): theta, rho, then chi */ \
	"vpxorq %%ymm30, \\r0, \\r0\n\t" \
	"KL \\r6, %%ymm28, 44\n\t" \
	"KL \\r12, %%ymm31, 43\n\t" \
	"KL \\r18, %%ymm25, 21\n\t" \
	"KL \\r24, %%ymm26, 14\n\t" \
	"KCHI \\r0, \\r6, \\r12, \\r18, \\r24\n\t" \
	"KL \\r3, %%ymm25, 28\n\t" \
	"KL \\r9, %%ymm26, 20\n\t" \
	"KL \\r10, %%ymm30, 3\n\t" \
	"KL \\r16, %%ymm28, 45\n\t" \
	"KL \\r22, %%ymm31, 61\n\t" \
	"KCHI \\r3, \\r9, \\r10, \\r16, \\r22\n\t" \
	"KL \\r1, %%ymm28, 1\n\t" \
	"KL \\r7, %%ymm31, 6\n\t" \
	"KL \\r13, %%ymm25, 25\n\t" \
	"KL \\r19, %%ymm26, 8\n\t" \
	"KL \\r20, %%ymm30, 18\n\t" \
	"KCHI \\r1, \\r7, \\r13, \\r19, \\r20\n\t" \
	"KL \\r4, %%ymm26, 27\n\t" \
	"KL \\r5, %%ymm30, 36\n\t" \
	"KL \\r11, %%ymm28, 10\n\t" \
	"KL \\r17, %%ymm31, 15\n\t" \
	"KL \\r23, %%ymm25, 56\n\t" \
	"KCHI \\r4, \\r5, \\r11, \\r17, \\r23\n\t" \
	"KL \\r2, %%ymm31, 62\n\t" \
	"KL \\r8, %%ymm25, 55\n\t" \
	"KL \\r14, %%ymm26, 39\n\t" \
	"KL \\r15, %%ymm30, 41\n\t" \
	"KL \\r21, %%ymm28, 2\n\t" \
	"KCHI \\r2, \\r8, \\r14, \\r15, \\r21\n\t" \
	/* iota */ \
	"vpxorq 8*\\n(%[rc])%{1to4%}, \\r0, \\r0\n\t" \
	".endm\n\t" \
	/* rounds n .. 23, two per level (the nesting stays under the 20 levels \
	 * clang's assembler allows); after a round, lane (y, 2x + 3y) is in the \
	 * register that held (x, y), so the next round is called with the \
	 * names permuted by pi, and the round after that by pi twice */ \
	".macro KPERM n, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, " \
	"r13, r14, r15, r16, r17, r18, r19, r20, r21, r22, r23, r24\n\t" \
	"KROUND \\n, \\r0, \\r1, \\r2, \\r3, \\r4, \\r5, \\r6, \\r7, \\r8, \\r9, " \
	"\\r10, \\r11, \\r12, \\r13, \\r14, \\r15, \\r16, \\r17, \\r18, \\r19, " \
	"\\r20, \\r21, \\r22, \\r23, \\r24\n\t" \
	"KROUND \"(\\n+1)\", \\r0, \\r6, \\r12, \\r18, \\r24, \\r3, \\r9, \\r10, " \
	"\\r16, \\r22, \\r1, \\r7, \\r13, \\r19, \\r20, \\r4, \\r5, \\r11, \\r17, " \
	"\\r23, \\r2, \\r8, \\r14, \\r15, \\r21\n\t" \
	".if \\n < 22\n\t" \
	"KPERM \"(\\n+2)\", \\r0, \\r9, \\r13, \\r17, \\r21, \\r18, \\r22, \\r1, " \
	"\\r5, \\r14, \\r6, \\r10, \\r19, \\r23, \\r2, \\r24, \\r3, \\r7, \\r11, " \
	"\\r15, \\r12, \\r16, \\r20, \\r4, \\r8\n\t" \
	".endif\n\t" \
	".endm\n\t"

#define KECCAK_ASM_PURGE \
	".purgem KPERM\n\t" ".purgem KROUND\n\t" ".purgem KCHI\n\t" \
	".purgem KL\n\t" ".purgem KD\n\t" ".purgem KPAR\n\t"

/* lane i of the state <-> element 0 of ymm<i> */
#define KECCAK_LANES(OP) \
	OP(0) OP(1) OP(2) OP(3) OP(4) OP(5) OP(6) OP(7) OP(8) OP(9) OP(10) \
	OP(11) OP(12) OP(13) OP(14) OP(15) OP(16) OP(17) OP(18) OP(19) OP(20) \
	OP(21) OP(22) OP(23) OP(24)
#define LOAD_LANE(i)    "vmovq 8*" #i "(%[s]), %%xmm" #i "\n\t"
#define STORE_LANE(i)   "vmovq %%xmm" #i ", 8*" #i "(%[s])\n\t"
#define XOR_LANE(i)     "vpxorq 8*" #i "(%[in])%{1to4%}, %%ymm" #i ", %%ymm" #i "\n\t"

/*
 * XOR nblocks blocks of rate bytes (72 to 168, a multiple of 8) into the
 * state, permuting after each; rate 0 permutes nblocks times with no input.
 * The rate branches depend only on rate and are predicted after one block.
 */
static __attribute__((noinline)) void keccak_run(uint64_t s[25], const uint8_t *in,
                                                 size_t nblocks, size_t rate)
{
	__asm__ volatile(
		KECCAK_ASM_MACROS
		KECCAK_LANES(LOAD_LANE)
		"1:\n\t"
		"test %[rate], %[rate]\n\t"
		"jz 2f\n\t"
		XOR_LANE(0) XOR_LANE(1) XOR_LANE(2) XOR_LANE(3) XOR_LANE(4)
		XOR_LANE(5) XOR_LANE(6) XOR_LANE(7) XOR_LANE(8)
		"cmp $104, %[rate]\n\t"
		"jb 2f\n\t"
		XOR_LANE(9) XOR_LANE(10) XOR_LANE(11) XOR_LANE(12)
		"cmp $136, %[rate]\n\t"
		"jb 2f\n\t"
		XOR_LANE(13) XOR_LANE(14) XOR_LANE(15) XOR_LANE(16)
		"cmp $144, %[rate]\n\t"
		"jb 2f\n\t"
		XOR_LANE(17)
		"cmp $168, %[rate]\n\t"
		"jb 2f\n\t"
		XOR_LANE(18) XOR_LANE(19) XOR_LANE(20)
		"2:\n\t"
		"KPERM 0, %%ymm0, %%ymm1, %%ymm2, %%ymm3, %%ymm4, %%ymm5, %%ymm6, "
		"%%ymm7, %%ymm8, %%ymm9, %%ymm10, %%ymm11, %%ymm12, %%ymm13, %%ymm14, "
		"%%ymm15, %%ymm16, %%ymm17, %%ymm18, %%ymm19, %%ymm20, %%ymm21, "
		"%%ymm22, %%ymm23, %%ymm24\n\t"
		"add %[rate], %[in]\n\t"
		"dec %[n]\n\t"
		"jnz 1b\n\t"
		KECCAK_LANES(STORE_LANE)
		"vzeroupper\n\t"
		KECCAK_ASM_PURGE
		: [in] "+r"(in), [n] "+r"(nblocks)
		: [s] "r"(s), [rate] "r"(rate), [rc] "r"(jca__keccak_rc)
		: "cc", "memory",
		  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
		  "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15",
		  "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23",
		  "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31");
}

static void keccak_permute(uint64_t s[25])
{
	keccak_run(s, NULL, 1, 0);
}

static void keccak_absorb(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate)
{
	if (nblocks)
		keccak_run(s, in, nblocks, rate);
}

const jca__keccak_backend jca__keccak_avx512 = {
	.permute = keccak_permute,
	.absorb = keccak_absorb,
};
