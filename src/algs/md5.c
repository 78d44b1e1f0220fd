/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 (RFC 1321): streaming layer shared by every backend, and the portable
 * compression function. MD5 is little-endian throughout: message words,
 * length field and digest.
 */
#include <string.h>

#include "algs.h"
#include "md_base.h"
#include "../util/bytes.h"

/* Initial state (RFC 1321, 3.3). */
const uint32_t jca__md5_iv[4] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
};

/* T[i] = floor(2^32 * |sin(i + 1)|) (RFC 1321, 3.4). */
static const uint32_t md5_t[64] = {
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
	0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
	0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
	0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
	0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
	0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
	0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
	0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
	0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

/* The streaming layer (md_base.h). */
JCA__MD_STREAM(md5, 64, 8, 0, 16, jca__md_out_le32)

/* ---- portable compression function ----------------------------------- */

#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/*
 * The four auxiliary functions of RFC 1321 3.4, arranged so the part that
 * depends only on c and d (known a step earlier than b) comes first, keeping
 * the dependency chain through b short. In G the two terms never share a set
 * bit, so they are added to a one at a time instead of being ORed.
 */
#define F(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define H(b, c, d) ((b) ^ ((c) ^ (d)))
#define I(b, c, d) ((c) ^ ((b) | ~(d)))

/*
 * PIN(v) is an empty asm statement that makes the compiler treat v as a fresh
 * value it cannot see through; no instruction is emitted. It keeps the sum of
 * the inputs known early (a + X[k] + T[i]) as one value formed off the critical
 * path. Without it clang 14 reassociates the additions and adds the round
 * constant after the round function, one more instruction on the
 * loop-carried dependency chain (about 18% for MD5 on Zen 4; gcc 12 is
 * unaffected). Compilers without GNU C extensions get plain C.
 */
#if defined(__GNUC__)
#define PIN(v) __asm__("" : "+r"(v))
#else
#define PIN(v) ((void)0)
#endif

/* One step: a = b + ((a + fn(b,c,d) + X[k] + T[i]) <<< s). The caller renames
 * a..d instead of moving data, so only a changes. */
#define STEP(fn, a, b, c, d, k, s, i) do { \
	a += x[k] + md5_t[i]; \
	PIN(a); \
	a += fn(b, c, d); \
	a = ROTL(a, s) + (b); \
} while (0)

#define STEP_G(a, b, c, d, k, s, i) do { \
	a += x[k] + md5_t[i] + ((c) & ~(d)); \
	PIN(a); \
	a += (b) & (d); \
	a = ROTL(a, s) + (b); \
} while (0)

void jca__md5_blocks_generic(uint32_t st[4], const uint8_t *in, size_t nblocks)
{
	uint32_t x[16];

	for (; nblocks != 0; nblocks--, in += 64) {
		uint32_t a = st[0], b = st[1], c = st[2], d = st[3];

		for (int j = 0; j < 16; j++)
			x[j] = jca__load_le32(in + 4 * j);

		/* Round 1: X[k] in order, shifts 7 12 17 22. */
		STEP(F, a, b, c, d, 0, 7, 0);
		STEP(F, d, a, b, c, 1, 12, 1);
		STEP(F, c, d, a, b, 2, 17, 2);
		STEP(F, b, c, d, a, 3, 22, 3);
		STEP(F, a, b, c, d, 4, 7, 4);
		STEP(F, d, a, b, c, 5, 12, 5);
		STEP(F, c, d, a, b, 6, 17, 6);
		STEP(F, b, c, d, a, 7, 22, 7);
		STEP(F, a, b, c, d, 8, 7, 8);
		STEP(F, d, a, b, c, 9, 12, 9);
		STEP(F, c, d, a, b, 10, 17, 10);
		STEP(F, b, c, d, a, 11, 22, 11);
		STEP(F, a, b, c, d, 12, 7, 12);
		STEP(F, d, a, b, c, 13, 12, 13);
		STEP(F, c, d, a, b, 14, 17, 14);
		STEP(F, b, c, d, a, 15, 22, 15);

		/* Round 2: k = (1 + 5i) mod 16, shifts 5 9 14 20. */
		STEP_G(a, b, c, d, 1, 5, 16);
		STEP_G(d, a, b, c, 6, 9, 17);
		STEP_G(c, d, a, b, 11, 14, 18);
		STEP_G(b, c, d, a, 0, 20, 19);
		STEP_G(a, b, c, d, 5, 5, 20);
		STEP_G(d, a, b, c, 10, 9, 21);
		STEP_G(c, d, a, b, 15, 14, 22);
		STEP_G(b, c, d, a, 4, 20, 23);
		STEP_G(a, b, c, d, 9, 5, 24);
		STEP_G(d, a, b, c, 14, 9, 25);
		STEP_G(c, d, a, b, 3, 14, 26);
		STEP_G(b, c, d, a, 8, 20, 27);
		STEP_G(a, b, c, d, 13, 5, 28);
		STEP_G(d, a, b, c, 2, 9, 29);
		STEP_G(c, d, a, b, 7, 14, 30);
		STEP_G(b, c, d, a, 12, 20, 31);

		/* Round 3: k = (5 + 3i) mod 16, shifts 4 11 16 23. */
		STEP(H, a, b, c, d, 5, 4, 32);
		STEP(H, d, a, b, c, 8, 11, 33);
		STEP(H, c, d, a, b, 11, 16, 34);
		STEP(H, b, c, d, a, 14, 23, 35);
		STEP(H, a, b, c, d, 1, 4, 36);
		STEP(H, d, a, b, c, 4, 11, 37);
		STEP(H, c, d, a, b, 7, 16, 38);
		STEP(H, b, c, d, a, 10, 23, 39);
		STEP(H, a, b, c, d, 13, 4, 40);
		STEP(H, d, a, b, c, 0, 11, 41);
		STEP(H, c, d, a, b, 3, 16, 42);
		STEP(H, b, c, d, a, 6, 23, 43);
		STEP(H, a, b, c, d, 9, 4, 44);
		STEP(H, d, a, b, c, 12, 11, 45);
		STEP(H, c, d, a, b, 15, 16, 46);
		STEP(H, b, c, d, a, 2, 23, 47);

		/* Round 4: k = 7i mod 16, shifts 6 10 15 21. */
		STEP(I, a, b, c, d, 0, 6, 48);
		STEP(I, d, a, b, c, 7, 10, 49);
		STEP(I, c, d, a, b, 14, 15, 50);
		STEP(I, b, c, d, a, 5, 21, 51);
		STEP(I, a, b, c, d, 12, 6, 52);
		STEP(I, d, a, b, c, 3, 10, 53);
		STEP(I, c, d, a, b, 10, 15, 54);
		STEP(I, b, c, d, a, 1, 21, 55);
		STEP(I, a, b, c, d, 8, 6, 56);
		STEP(I, d, a, b, c, 15, 10, 57);
		STEP(I, c, d, a, b, 6, 15, 58);
		STEP(I, b, c, d, a, 13, 21, 59);
		STEP(I, a, b, c, d, 4, 6, 60);
		STEP(I, d, a, b, c, 11, 10, 61);
		STEP(I, c, d, a, b, 2, 15, 62);
		STEP(I, b, c, d, a, 9, 21, 63);

		st[0] += a;
		st[1] += b;
		st[2] += c;
		st[3] += d;
	}
}
