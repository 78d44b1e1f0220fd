/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 blocks for x86-64 CPUs with AVX2: jca__poly1305_blocks_avx2,
 * four blocks at a time in YMM (poly1305_lanes_impl.h), from 8 blocks up.
 *
 * Build flags: -mavx2. Runs only when jca__cpu_features() has
 * JCA__CPU_AVX2.
 */
#include <immintrin.h>

#define PV_FN jca__poly1305_blocks_avx2
#define PV_N 4
/* the unpacks pair blocks 0 and 2, 1 and 3 */
#define PV_ORDER { 0, 2, 1, 3 }
#define PV __m256i
#define PV_ADD _mm256_add_epi64
#define PV_MUL _mm256_mul_epu32
#define PV_AND _mm256_and_si256
#define PV_OR _mm256_or_si256
#define PV_SRL _mm256_srli_epi64
#define PV_SLL _mm256_slli_epi64
#define PV_SET1 _mm256_set1_epi64x
#define PV_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define PV_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define PV_UNPACKLO _mm256_unpacklo_epi64
#define PV_UNPACKHI _mm256_unpackhi_epi64
#define PV_CLEANUP _mm256_zeroupper
#include "../poly1305_lanes_impl.h"
