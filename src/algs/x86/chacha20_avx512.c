/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 for x86-64 CPUs with AVX-512F/VL: jca__chacha20_blocks_avx512.
 * Sixteen blocks per step, word-sliced in ZMM (chacha_lanes_impl.h), every
 * rotation one VPROLD; fewer than sixteen blocks go to the AVX2 backend
 * (every CPU with AVX-512 has AVX2). Constant time.
 *
 * Build flags: -mavx512f -mavx512vl -mavx2. Runs only when
 * jca__cpu_features() has JCA__CPU_AVX512.
 */
#include <immintrin.h>

#include "../chacha.h"

#define CHACHA_LANES_ROUNDS rounds16
#define CL_V __m512i
#define CL_ADD _mm512_add_epi32
#define CL_XOR _mm512_xor_si512
#define CL_ROL16(v) _mm512_rol_epi32(v, 16)
#define CL_ROL12(v) _mm512_rol_epi32(v, 12)
#define CL_ROL8(v) _mm512_rol_epi32(v, 8)
#define CL_ROL7(v) _mm512_rol_epi32(v, 7)
#include "../chacha_lanes_impl.h"

/* 16 blocks: out = in ^ key stream from counter s[12] (not advanced here) */
static void blocks16(const uint32_t s[16], uint8_t *out, const uint8_t *in)
{
	__m512i x[16], y[16];
	int i, j;

	for (i = 0; i < 16; i++)
		y[i] = _mm512_set1_epi32((int)s[i]);
	/* the counter wraps modulo 2^32 per lane, as in the portable code */
	y[12] = _mm512_add_epi32(y[12], _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	for (i = 0; i < 16; i++)
		x[i] = y[i];
	rounds16(x);
	for (i = 0; i < 16; i++)
		x[i] = _mm512_add_epi32(x[i], y[i]);
	/* 4x4 transposes of words inside each 128-bit lane: x[g + j] then
	 * holds words g..g+3 of blocks j, j+4, j+8, j+12 (lane 0..3) */
	for (i = 0; i < 16; i += 4) {
		__m512i t0 = _mm512_unpacklo_epi32(x[i], x[i + 1]), t1 = _mm512_unpacklo_epi32(x[i + 2], x[i + 3]);
		__m512i t2 = _mm512_unpackhi_epi32(x[i], x[i + 1]), t3 = _mm512_unpackhi_epi32(x[i + 2], x[i + 3]);

		x[i] = _mm512_unpacklo_epi64(t0, t1);
		x[i + 1] = _mm512_unpackhi_epi64(t0, t1);
		x[i + 2] = _mm512_unpacklo_epi64(t2, t3);
		x[i + 3] = _mm512_unpackhi_epi64(t2, t3);
	}
	/* then a 4x4 transpose of 128-bit lanes gathers each block's four
	 * quarters (words 0-3, 4-7, 8-11, 12-15) into one ZMM */
	for (j = 0; j < 4; j++) {
		__m512i a = x[j], b = x[4 + j], c = x[8 + j], d = x[12 + j];
		__m512i ab0 = _mm512_shuffle_i32x4(a, b, 0x44), cd0 = _mm512_shuffle_i32x4(c, d, 0x44);
		__m512i ab1 = _mm512_shuffle_i32x4(a, b, 0xee), cd1 = _mm512_shuffle_i32x4(c, d, 0xee);
		__m512i k[4];
		int q;

		k[0] = _mm512_shuffle_i32x4(ab0, cd0, 0x88);   /* block j */
		k[1] = _mm512_shuffle_i32x4(ab0, cd0, 0xdd);   /* block j + 4 */
		k[2] = _mm512_shuffle_i32x4(ab1, cd1, 0x88);   /* block j + 8 */
		k[3] = _mm512_shuffle_i32x4(ab1, cd1, 0xdd);   /* block j + 12 */
		for (q = 0; q < 4; q++) {
			size_t off = (size_t)64 * (j + 4 * q);

			_mm512_storeu_si512(out + off, _mm512_xor_si512(k[q], _mm512_loadu_si512(in + off)));
		}
	}
}

void jca__chacha20_blocks_avx512(jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	for (; nblocks >= 16; nblocks -= 16, in += 1024, out += 1024) {
		blocks16(c->s, out, in);
		c->s[12] += 16;
	}
	if (nblocks)
		jca__chacha20_blocks_avx2(c, out, in, nblocks);
	else
		_mm256_zeroupper();
}
