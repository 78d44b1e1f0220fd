/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 blocks for x86-64 CPUs with AVX-512F: jca__poly1305_blocks_avx512,
 * eight blocks at a time in ZMM (poly1305_lanes_impl.h), from 16 blocks up.
 *
 * Build flags: -mavx512f. Runs only when jca__cpu_features() has
 * JCA__CPU_AVX512.
 */
#include <immintrin.h>

#define PV_FN jca__poly1305_blocks_avx512
#define PV_N 8
/* the unpacks pair blocks k and k + 4 in each 128-bit quarter */
#define PV_ORDER { 0, 4, 1, 5, 2, 6, 3, 7 }
#define PV __m512i
#define PV_ADD _mm512_add_epi64
#define PV_MUL _mm512_mul_epu32
#define PV_AND _mm512_and_si512
#define PV_OR _mm512_or_si512
#define PV_SRL _mm512_srli_epi64
#define PV_SLL _mm512_slli_epi64
#define PV_SET1 _mm512_set1_epi64
#define PV_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define PV_STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define PV_UNPACKLO _mm512_unpacklo_epi64
#define PV_UNPACKHI _mm512_unpackhi_epi64
#define PV_CLEANUP _mm256_zeroupper
#include "../poly1305_lanes_impl.h"
