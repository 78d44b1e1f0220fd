/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-512 block function with an AVX-512VL message schedule: the code of
 * sha512_avx2.c, with the sigma functions built from vprorq and vpternlogq
 * (four instructions each instead of seven and nine) and 32 YMM registers
 * for the schedule window. Still 256-bit vectors: the scalar rounds bound
 * the speed, so scheduling four blocks at once would gain nothing.
 *
 * Build flags: -mavx2 -mbmi -mbmi2 -mavx512f -mavx512vl. Nothing here may
 * run unless jca__cpu_features() reports JCA__CPU_AVX512 and JCA__CPU_BMI2.
 */
#define JCA__SHA512_AVX512 1
#include "sha512_avx2.c"
