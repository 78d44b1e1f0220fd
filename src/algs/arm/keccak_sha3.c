/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keccak-f[1600] backend using the Armv8.2 SHA-3 instructions
 * (EOR3, RAX1, XAR, BCAX).
 *
 * Build with: -march=armv8.2-a+sha3
 * Call only when jca__cpu_features() reports JCA__CPU_ARM_SHA3.
 *
 * Each of the 25 lanes lives in lane 0 of its own 128-bit vector (lane 1 is
 * zero and stays zero: every operation is lane-wise). That spends half of
 * each register but maps every Keccak step onto one SHA-3 instruction:
 *   theta  C[x] = EOR3(EOR3(A[x,0], A[x,1], A[x,2]), A[x,3], A[x,4])
 *          D[x] = RAX1(C[x-1], C[x+1])         = C[x-1] ^ rotl(C[x+1], 1)
 *   rho+pi B[y,2x+3y] = XAR(A[x,y], D[x], 64-r) = rotl(A[x,y] ^ D[x], r)
 *   chi    A[x,y] = BCAX(B[x,y], B[x+2,y], B[x+1,y])
 * The state is an array of vectors indexed only by constants, so the
 * compiler keeps it in registers (with some spilling: 25 lanes plus
 * temporaries exceed the 32 vector registers).
 */
#include <arm_neon.h>
#include <string.h>

#include "../algs.h"

#if defined(__ARM_BIG_ENDIAN)
#error "the Armv8 Keccak backend assumes a little-endian target"
#endif

/*
 * Everything that touches the state array is force-inlined into the two
 * entry points: a call boundary would put the array in memory.
 */
#define KECCAK_INLINE static inline __attribute__((always_inline))

/* Loops over the 25 lanes must unroll for the same reason (GCC at -O2 would not). */
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 25")
#endif

/* rotl(a ^ d, r); XAR rotates right, and takes 0..63. */
#define XOR_ROTL(a, d, r) vxarq_u64((a), (d), (64 - (r)) % 64)

/* 8 input bytes as a little-endian lane, in lane 0 (any alignment). */
KECCAK_INLINE uint64x2_t load_lane(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return vcombine_u64(vcreate_u64(v), vcreate_u64(0));
}

/* chi on one row of B, written to five lanes of the new state. */
KECCAK_INLINE void chi_row(uint64x2_t *out, uint64x2_t b0, uint64x2_t b1, uint64x2_t b2,
                           uint64x2_t b3, uint64x2_t b4)
{
	out[0] = vbcaxq_u64(b0, b2, b1);
	out[1] = vbcaxq_u64(b1, b3, b2);
	out[2] = vbcaxq_u64(b2, b4, b3);
	out[3] = vbcaxq_u64(b3, b0, b4);
	out[4] = vbcaxq_u64(b4, b1, b0);
}

KECCAK_INLINE uint64x2_t theta_column(const uint64x2_t *a, int x)
{
	return veor3q_u64(veor3q_u64(a[x], a[x + 5], a[x + 10]), a[x + 15], a[x + 20]);
}

/*
 * One round on s[] (lane i = x + 5y). Row y of B collects the lanes on a
 * diagonal of A: B[y, 2x+3y] comes from A[x,y], lane index x + 5y, with
 * the rho offset r[x,y] of FIPS 202 table 2.
 */
KECCAK_INLINE void keccak_round(uint64x2_t s[25], uint64_t rc)
{
	uint64x2_t c0 = theta_column(s, 0), c1 = theta_column(s, 1), c2 = theta_column(s, 2);
	uint64x2_t c3 = theta_column(s, 3), c4 = theta_column(s, 4);
	uint64x2_t d0 = vrax1q_u64(c4, c1), d1 = vrax1q_u64(c0, c2), d2 = vrax1q_u64(c1, c3);
	uint64x2_t d3 = vrax1q_u64(c2, c4), d4 = vrax1q_u64(c3, c0);
	uint64x2_t n[25];

	chi_row(n + 0, XOR_ROTL(s[0], d0, 0), XOR_ROTL(s[6], d1, 44), XOR_ROTL(s[12], d2, 43),
	        XOR_ROTL(s[18], d3, 21), XOR_ROTL(s[24], d4, 14));
	chi_row(n + 5, XOR_ROTL(s[3], d3, 28), XOR_ROTL(s[9], d4, 20), XOR_ROTL(s[10], d0, 3),
	        XOR_ROTL(s[16], d1, 45), XOR_ROTL(s[22], d2, 61));
	chi_row(n + 10, XOR_ROTL(s[1], d1, 1), XOR_ROTL(s[7], d2, 6), XOR_ROTL(s[13], d3, 25),
	        XOR_ROTL(s[19], d4, 8), XOR_ROTL(s[20], d0, 18));
	chi_row(n + 15, XOR_ROTL(s[4], d4, 27), XOR_ROTL(s[5], d0, 36), XOR_ROTL(s[11], d1, 10),
	        XOR_ROTL(s[17], d2, 15), XOR_ROTL(s[23], d3, 56));
	chi_row(n + 20, XOR_ROTL(s[2], d2, 62), XOR_ROTL(s[8], d3, 55), XOR_ROTL(s[14], d4, 39),
	        XOR_ROTL(s[15], d0, 41), XOR_ROTL(s[21], d1, 2));

	/* iota */
	n[0] = veorq_u64(n[0], vcombine_u64(vcreate_u64(rc), vcreate_u64(0)));
	UNROLL
	for (int i = 0; i < 25; i++)
		s[i] = n[i];
}

KECCAK_INLINE void keccak_rounds(uint64x2_t s[25])
{
	for (int r = 0; r < 24; r++)
		keccak_round(s, jca__keccak_rc[r]);
}

KECCAK_INLINE void state_load(uint64x2_t s[25], const uint64_t a[25])
{
	UNROLL
	for (int i = 0; i < 25; i++)
		s[i] = vcombine_u64(vld1_u64(&a[i]), vcreate_u64(0));
}

KECCAK_INLINE void state_store(uint64_t a[25], const uint64x2_t s[25])
{
	UNROLL
	for (int i = 0; i < 25; i++)
		vst1_u64(&a[i], vget_low_u64(s[i]));
}

/*
 * XOR the first `lanes` lanes of a block into the state. Written as a test
 * per constant index (rather than a loop to `lanes`) so that s[] is never
 * indexed by a variable and can stay in registers.
 */
KECCAK_INLINE void xor_block(uint64x2_t s[25], const uint8_t *in, size_t lanes)
{
#define XOR_LANE(i) \
	if ((i) < lanes) \
		s[i] = veorq_u64(s[i], load_lane(in + 8 * (i)))
	XOR_LANE(0);  XOR_LANE(1);  XOR_LANE(2);  XOR_LANE(3);  XOR_LANE(4);
	XOR_LANE(5);  XOR_LANE(6);  XOR_LANE(7);  XOR_LANE(8);  XOR_LANE(9);
	XOR_LANE(10); XOR_LANE(11); XOR_LANE(12); XOR_LANE(13); XOR_LANE(14);
	XOR_LANE(15); XOR_LANE(16); XOR_LANE(17); XOR_LANE(18); XOR_LANE(19);
	XOR_LANE(20); XOR_LANE(21); XOR_LANE(22); XOR_LANE(23); XOR_LANE(24);
#undef XOR_LANE
}

static void keccak_permute_sha3(uint64_t a[25])
{
	uint64x2_t s[25];

	state_load(s, a);
	keccak_rounds(s);
	state_store(a, s);
}

/*
 * rate must be a multiple of 8 and at most 200 (all FIPS 202 rates are);
 * the state stays in registers across all nblocks blocks.
 */
static void keccak_absorb_sha3(uint64_t a[25], const uint8_t *in, size_t nblocks, size_t rate)
{
	size_t lanes = rate / 8;
	uint64x2_t s[25];

	if (nblocks == 0)
		return;
	state_load(s, a);
	while (nblocks--) {
		xor_block(s, in, lanes);
		keccak_rounds(s);
		in += rate;
	}
	state_store(a, s);
}

const jca__keccak_backend jca__keccak_armv8 = {
	.permute = keccak_permute_sha3,
	.absorb = keccak_absorb_sha3,
};
