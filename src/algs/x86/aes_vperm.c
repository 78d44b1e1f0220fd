/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES by vector permutes on x86-64 with SSSE3 (pshufb), for CPUs without
 * AES-NI. The algorithm is in ../aes_vperm_impl.h; this file gives it its
 * vector primitives.
 *
 * Compile with: -mssse3. Call only when jca__cpu_features() has
 * JCA__CPU_SSSE3.
 */
#include <tmmintrin.h>
#include <stdint.h>

typedef __m128i vp_t;

#define VP_LOAD(p)     _mm_loadu_si128((const __m128i *)(const void *)(p))
#define VP_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define VP_LOADA(p)    _mm_load_si128((const __m128i *)(const void *)(p))
#define VP_XOR(a, b)   _mm_xor_si128((a), (b))
/* pshufb: an index with bit 7 set reads 0, otherwise its low nibble counts */
#define VP_TBL(t, i)   _mm_shuffle_epi8((t), (i))
#define VP_SET1(c)     _mm_set1_epi8((char)(c))
#define VP_LO(x)       _mm_and_si128((x), _mm_set1_epi8(0x0f))
/* no byte shift on x86: shift 16-bit lanes, then drop what crossed over */
#define VP_HI(x)       _mm_and_si128(_mm_srli_epi16((x), 4), _mm_set1_epi8(0x0f))
#define VP_FROM32(w)   _mm_cvtsi32_si128((int)(w))
#define VP_TO32(v)     ((uint32_t)_mm_cvtsi128_si32(v))

static inline vp_t VP_XTIME(vp_t v)
{
	vp_t carry = _mm_and_si128(_mm_cmplt_epi8(v, _mm_setzero_si128()), _mm_set1_epi8(0x1b));

	return _mm_xor_si128(_mm_add_epi8(v, v), carry);
}

static inline vp_t VP_COUNTER(vp_t v, uint32_t n)
{
	uint32_t be = (n >> 24) | ((n >> 8) & 0xff00u) | ((n << 8) & 0xff0000u) | (n << 24);

	return _mm_or_si128(_mm_and_si128(v, _mm_setr_epi32(-1, -1, -1, 0)),
	                    _mm_slli_si128(_mm_cvtsi32_si128((int)be), 12));
}

#include "../aes_vperm_impl.h"
