/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Four Keccak-f[1600] states at once with AVX2 (FIPS 202): one YMM
 * register holds the same lane of the four states, so every step of a
 * round is one vector instruction for the four (rotations are two shifts
 * and an OR: AVX2 has no 64-bit rotate). This is what the single-state
 * backends cannot use (keccak_avx2.c explains why one state stays scalar),
 * and what ML-KEM's samplers want: the matrix and the noise polynomials
 * are independent SHAKE streams, four of them at a time.
 *
 * Layout: s[4 * i + j] is lane i of state j (jca__keccak_x4_fn, algs.h).
 * Build flags: -mavx2 (libjca_x86_avx2.la). Reached only through the
 * permute_x4 member of the AVX2 and AVX-512 Keccak backends, which the
 * provider picks when jca__cpu_features() reports AVX2.
 */
#include <immintrin.h>

#include "../algs.h"

typedef __m256i v4;

#define XOR(a, b) _mm256_xor_si256(a, b)
#define ANDN(a, b) _mm256_andnot_si256(a, b)   /* ~a & b */
#define ROL(v, n) _mm256_or_si256(_mm256_slli_epi64(v, n), _mm256_srli_epi64(v, 64 - (n)))

/*
 * One round from A into B: theta, then rho and pi together (lane (x, y)
 * rotated by its offset goes to (y, 2x + 3y)), then chi and iota. Each
 * output row y takes the five lanes (x + 3y' ...) that pi sends to it; the
 * rows are written out as the indices and offsets of FIPS 202 3.2.2/3.2.3.
 */
#define ROW(B, y, i0, r0, d0, i1, r1, d1, i2, r2, d2, i3, r3, d3, i4, r4, d4) do { \
	v4 b0 = ROL0(XOR(A[i0], d0), r0), b1 = ROL(XOR(A[i1], d1), r1); \
	v4 b2 = ROL(XOR(A[i2], d2), r2), b3 = ROL(XOR(A[i3], d3), r3); \
	v4 b4 = ROL(XOR(A[i4], d4), r4); \
	B[5 * (y) + 0] = XOR(b0, ANDN(b1, b2)); \
	B[5 * (y) + 1] = XOR(b1, ANDN(b2, b3)); \
	B[5 * (y) + 2] = XOR(b2, ANDN(b3, b4)); \
	B[5 * (y) + 3] = XOR(b3, ANDN(b4, b0)); \
	B[5 * (y) + 4] = XOR(b4, ANDN(b0, b1)); \
} while (0)

static inline __attribute__((always_inline)) void round4(v4 *restrict B, const v4 *restrict A, uint64_t rc)
{
	v4 c0 = XOR(XOR(XOR(A[0], A[5]), XOR(A[10], A[15])), A[20]);
	v4 c1 = XOR(XOR(XOR(A[1], A[6]), XOR(A[11], A[16])), A[21]);
	v4 c2 = XOR(XOR(XOR(A[2], A[7]), XOR(A[12], A[17])), A[22]);
	v4 c3 = XOR(XOR(XOR(A[3], A[8]), XOR(A[13], A[18])), A[23]);
	v4 c4 = XOR(XOR(XOR(A[4], A[9]), XOR(A[14], A[19])), A[24]);
	v4 d0 = XOR(c4, ROL(c1, 1)), d1 = XOR(c0, ROL(c2, 1)), d2 = XOR(c1, ROL(c3, 1));
	v4 d3 = XOR(c2, ROL(c4, 1)), d4 = XOR(c3, ROL(c0, 1));

#define ROL0(v, n) (v)
	ROW(B, 0, 0, 0, d0, 6, 44, d1, 12, 43, d2, 18, 21, d3, 24, 14, d4);
#undef ROL0
#define ROL0(v, n) ROL(v, n)
	ROW(B, 1, 3, 28, d3, 9, 20, d4, 10, 3, d0, 16, 45, d1, 22, 61, d2);
	ROW(B, 2, 1, 1, d1, 7, 6, d2, 13, 25, d3, 19, 8, d4, 20, 18, d0);
	ROW(B, 3, 4, 27, d4, 5, 36, d0, 11, 10, d1, 17, 15, d2, 23, 56, d3);
	ROW(B, 4, 2, 62, d2, 8, 55, d3, 14, 39, d4, 15, 41, d0, 21, 2, d1);
#undef ROL0
	B[0] = XOR(B[0], _mm256_set1_epi64x((long long)rc));
}

void jca__keccak_x4_avx2(uint64_t s[100])
{
	v4 a[25], e[25];

	for (int i = 0; i < 25; i++)
		a[i] = _mm256_loadu_si256((const __m256i *)(s + 4 * i));
	for (int k = 0; k < 24; k += 2) {
		round4(e, a, jca__keccak_rc[k]);
		round4(a, e, jca__keccak_rc[k + 1]);
	}
	for (int i = 0; i < 25; i++)
		_mm256_storeu_si256((__m256i *)(s + 4 * i), a[i]);
}
