/*
 * SHA-512 block function with an AVX-512VL message schedule: the code of
 * sha512_avx2.c, with the sigma functions built from vprorq and vpternlogq
 * (four instructions each instead of seven and nine) and 32 YMM registers,
 * so the schedule window never spills. Still 256-bit vectors: the schedule
 * of two blocks is all the scalar rounds can absorb.
 *
 * Build flags: -mavx2 -mbmi2 -mavx512f -mavx512vl. Nothing here may run
 * unless jca__cpu_features() reports JCA__CPU_AVX512 and JCA__CPU_BMI2.
 */
#define JCA__SHA512_AVX512 1
#include "sha512_avx2.c"
