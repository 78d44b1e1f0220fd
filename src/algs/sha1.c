/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-1 (FIPS 180-4): streaming layer shared by every backend, and the
 * portable compression function.
 */
#include <string.h>

#include "algs.h"
#include "md_base.h"
#include "../util/bytes.h"

/* Initial hash value (FIPS 180-4, 5.3.1). */
const uint32_t jca__sha1_iv[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
};

/* The streaming layer (md_base.h). */
JCA__MD_STREAM(sha1, 64, 8, 1, 20, jca__md_out_be32)

/* ---- portable compression function ----------------------------------- */

#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* Message words: rounds 0-15 read the block, later rounds extend the
 * schedule in place over a 16-word window (w[i-16] is the slot reused). */
#define WLOAD(i) (w[i] = jca__load_be32(in + 4 * (i)))
#define WSCHED(i) (w[(i) & 15] = ROTL(w[((i) - 3) & 15] ^ w[((i) - 8) & 15] ^ \
                                      w[((i) - 14) & 15] ^ w[(i) & 15], 1))

/*
 * Round functions of FIPS 180-4 4.1.1, arranged so the oldest inputs (c, d)
 * are combined first. In MAJ the two terms never share a set bit, so they can
 * be added to e one at a time instead of being ORed first.
 */
#define CH(b, c, d)  ((d) ^ ((b) & ((c) ^ (d))))
#define PAR(b, c, d) ((b) ^ (c) ^ (d))

/*
 * PIN(v) is an empty asm statement that makes the compiler treat v as a fresh
 * value it cannot see through; no instruction is emitted. A round adds its
 * inputs in the order they become ready: e + K + W[i] (known long before),
 * then F(b, c, d) (b was rotated a round earlier), and ROTL(a, 5) last, since
 * a is the value the previous round just produced. Left alone, both gcc and
 * clang reassociate the sum and put the constant or F after the rotate,
 * lengthening the loop-carried chain (1.5 to 3% slower on Zen 4 with gcc 12
 * and clang 14). Compilers without GNU C extensions get plain C.
 */
#if defined(__GNUC__)
#define PIN(v) __asm__("" : "+r"(v))
#else
#define PIN(v) ((void)0)
#endif

/* One round. The caller renames a..e instead of moving data, so only e (the
 * new a) and b (rotated in place) change. */
#define ROUND(a, b, c, d, e, i, F, K, W) do { \
	e += (K) + W(i); \
	PIN(e); \
	e += F(b, c, d); \
	PIN(e); \
	e += ROTL(a, 5); \
	b = ROTL(b, 30); \
} while (0)

#define ROUND_MAJ(a, b, c, d, e, i, K, W) do { \
	e += (K) + W(i); \
	PIN(e); \
	e += (b) & (c); \
	e += (d) & ((b) ^ (c)); \
	PIN(e); \
	e += ROTL(a, 5); \
	b = ROTL(b, 30); \
} while (0)

/* Five rounds bring the names back to where they started. */
#define ROUNDS5(i, F, K, W) do { \
	ROUND(a, b, c, d, e, (i) + 0, F, K, W); \
	ROUND(e, a, b, c, d, (i) + 1, F, K, W); \
	ROUND(d, e, a, b, c, (i) + 2, F, K, W); \
	ROUND(c, d, e, a, b, (i) + 3, F, K, W); \
	ROUND(b, c, d, e, a, (i) + 4, F, K, W); \
} while (0)

#define ROUNDS5_MAJ(i, K) do { \
	ROUND_MAJ(a, b, c, d, e, (i) + 0, K, WSCHED); \
	ROUND_MAJ(e, a, b, c, d, (i) + 1, K, WSCHED); \
	ROUND_MAJ(d, e, a, b, c, (i) + 2, K, WSCHED); \
	ROUND_MAJ(c, d, e, a, b, (i) + 3, K, WSCHED); \
	ROUND_MAJ(b, c, d, e, a, (i) + 4, K, WSCHED); \
} while (0)

/* Round constants (FIPS 180-4, 4.2.1). */
#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

void jca__sha1_blocks_generic(uint32_t st[5], const uint8_t *in, size_t nblocks)
{
	uint32_t w[16];

	for (; nblocks != 0; nblocks--, in += 64) {
		uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4];

		ROUNDS5(0, CH, K0, WLOAD);
		ROUNDS5(5, CH, K0, WLOAD);
		ROUNDS5(10, CH, K0, WLOAD);
		ROUND(a, b, c, d, e, 15, CH, K0, WLOAD);
		ROUND(e, a, b, c, d, 16, CH, K0, WSCHED);
		ROUND(d, e, a, b, c, 17, CH, K0, WSCHED);
		ROUND(c, d, e, a, b, 18, CH, K0, WSCHED);
		ROUND(b, c, d, e, a, 19, CH, K0, WSCHED);

		ROUNDS5(20, PAR, K1, WSCHED);
		ROUNDS5(25, PAR, K1, WSCHED);
		ROUNDS5(30, PAR, K1, WSCHED);
		ROUNDS5(35, PAR, K1, WSCHED);

		ROUNDS5_MAJ(40, K2);
		ROUNDS5_MAJ(45, K2);
		ROUNDS5_MAJ(50, K2);
		ROUNDS5_MAJ(55, K2);

		ROUNDS5(60, PAR, K3, WSCHED);
		ROUNDS5(65, PAR, K3, WSCHED);
		ROUNDS5(70, PAR, K3, WSCHED);
		ROUNDS5(75, PAR, K3, WSCHED);

		st[0] += a;
		st[1] += b;
		st[2] += c;
		st[3] += d;
		st[4] += e;
	}
}
