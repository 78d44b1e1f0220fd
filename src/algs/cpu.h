/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CPU feature detection: read once, in src/algs/cpu.c, then cached.
 *
 * x86-64: CPUID plus XGETBV (the OS must save the YMM/ZMM state before AVX,
 * AVX2 or AVX-512 counts as present). AArch64 and RISC-V: getauxval(AT_HWCAP)
 * and, on RISC-V, the riscv_hwprobe syscall when the kernel has it.
 *
 * The environment variable JCA_CPU overrides what was found, so tests and
 * benchmarks can run every tier on one machine:
 *   JCA_CPU=generic          no accelerated feature at all
 *   JCA_CPU=-shani,-vaes     drop these features (names as in jca__cpu_name)
 * Features can only be removed, never added.
 */
#ifndef JCA_CPU_H
#define JCA_CPU_H

#include <stdint.h>
#include "algs.h"

enum {
	/* x86-64 */
	JCA__CPU_SSSE3   = 1u << 0,
	JCA__CPU_SSE41   = 1u << 1,
	JCA__CPU_AVX     = 1u << 2,
	JCA__CPU_AVX2    = 1u << 3,
	JCA__CPU_BMI2    = 1u << 4,
	JCA__CPU_SHANI   = 1u << 5,
	JCA__CPU_AESNI   = 1u << 6,
	JCA__CPU_PCLMUL  = 1u << 7,
	JCA__CPU_VAES    = 1u << 8,   /* VAES on YMM (needs AVX2) */
	JCA__CPU_AVX512  = 1u << 9,   /* AVX-512 F+VL+BW+DQ with OS ZMM state */
	JCA__CPU_VAES512 = 1u << 10,  /* VAES on ZMM (needs AVX512) */
	JCA__CPU_VPCLMUL = 1u << 11,  /* VPCLMULQDQ on ZMM (needs AVX512 and PCLMUL) */
	JCA__CPU_AVX512IFMA = 1u << 12,  /* AVX-512 IFMA (52-bit multiply-add; needs AVX512) */
	JCA__CPU_ADX     = 1u << 13,  /* ADCX/ADOX (multi-precision arithmetic, with BMI2's MULX) */
	/* AArch64 */
	JCA__CPU_ARM_AES    = 1u << 16,
	JCA__CPU_ARM_SHA1   = 1u << 17,
	JCA__CPU_ARM_SHA2   = 1u << 18,
	JCA__CPU_ARM_SHA512 = 1u << 19,
	JCA__CPU_ARM_SHA3   = 1u << 20,
	JCA__CPU_ARM_PMULL  = 1u << 21,
	JCA__CPU_ARM_ASIMD  = 1u << 22,  /* Advanced SIMD (NEON) */
	/* RISC-V 64 */
	JCA__CPU_RV_ZKNH = 1u << 24,
	JCA__CPU_RV_ZBB  = 1u << 25,
	JCA__CPU_RV_ZBKB = 1u << 26
};

/* Features present and usable, after the JCA_CPU override. Thread-safe. */
JCA__HIDDEN uint32_t jca__cpu_features(void);
/* Features detected, before the override. */
JCA__HIDDEN uint32_t jca__cpu_detected(void);
/* Name of one feature bit ("shani", "avx2", ...), NULL if unknown. */
JCA__HIDDEN const char *jca__cpu_name(uint32_t bit);

#endif
