/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CPU feature detection, once, in one place. See cpu.h.
 */
#define _GNU_SOURCE   /* secure_getenv: these variables are ignored in set-user-ID programs */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__) || defined(__riscv)
#include <sys/auxv.h>
#endif
#if defined(__riscv)
#include <unistd.h>
#include <sys/syscall.h>
#endif

static const struct {
	uint32_t bit;
	const char *name;
} names[] = {
	{ JCA__CPU_SSSE3, "ssse3" }, { JCA__CPU_SSE41, "sse4.1" }, { JCA__CPU_AVX, "avx" },
	{ JCA__CPU_AVX2, "avx2" }, { JCA__CPU_BMI2, "bmi2" }, { JCA__CPU_SHANI, "shani" },
	{ JCA__CPU_AESNI, "aesni" }, { JCA__CPU_PCLMUL, "pclmul" }, { JCA__CPU_VAES, "vaes" },
	{ JCA__CPU_AVX512, "avx512" }, { JCA__CPU_VAES512, "vaes512" }, { JCA__CPU_VPCLMUL, "vpclmul" },
	{ JCA__CPU_AVX512IFMA, "avx512ifma" },
	{ JCA__CPU_ADX, "adx" },
	{ JCA__CPU_ARM_AES, "aes" }, { JCA__CPU_ARM_SHA1, "sha1" }, { JCA__CPU_ARM_SHA2, "sha2" },
	{ JCA__CPU_ARM_SHA512, "sha512" }, { JCA__CPU_ARM_SHA3, "sha3" }, { JCA__CPU_ARM_PMULL, "pmull" },
	{ JCA__CPU_ARM_ASIMD, "asimd" },
	{ JCA__CPU_RV_ZKNH, "zknh" }, { JCA__CPU_RV_ZBB, "zbb" }, { JCA__CPU_RV_ZBKB, "zbkb" },
};

const char *jca__cpu_name(uint32_t bit)
{
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].bit == bit)
			return names[i].name;
	return NULL;
}

static uint32_t name_bit(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(names[i].name, name) == 0)
			return names[i].bit;
	return 0;
}

#if defined(__x86_64__)
static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((uint64_t)hi << 32) | lo;
}

static uint32_t detect(void)
{
	unsigned a, b, c, d, max;
	uint32_t f = 0;
	int ymm = 0, zmm = 0;

	max = __get_cpuid_max(0, NULL);
	if (max < 1)
		return 0;
	__cpuid(1, a, b, c, d);
	if (c & bit_SSSE3) f |= JCA__CPU_SSSE3;
	if (c & bit_SSE4_1) f |= JCA__CPU_SSE41;
	if (c & bit_AES) f |= JCA__CPU_AESNI;
	if (c & bit_PCLMUL) f |= JCA__CPU_PCLMUL;
	/* AVX state must be enabled by the OS (XCR0 bits 1 and 2), and
	 * AVX-512 state too (bits 5, 6, 7). */
	if ((c & bit_OSXSAVE) && (c & bit_AVX)) {
		uint64_t xcr0 = xgetbv0();

		ymm = (xcr0 & 0x6) == 0x6;
		zmm = ymm && (xcr0 & 0xe0) == 0xe0;
		if (ymm)
			f |= JCA__CPU_AVX;
	}
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		if (ymm && (b & bit_AVX2)) f |= JCA__CPU_AVX2;
		/* BMI2 here means BMI1 too (ANDN): every CPU with one has both. */
		if ((b & bit_BMI2) && (b & bit_BMI)) f |= JCA__CPU_BMI2;
		if (b & bit_SHA) f |= JCA__CPU_SHANI;
		if (b & bit_ADX) f |= JCA__CPU_ADX;     /* leaf 7, EBX bit 19 */
		if (ymm && (f & JCA__CPU_AVX2) && (c & bit_VAES) && (f & JCA__CPU_AESNI)) f |= JCA__CPU_VAES;
		if (zmm && (b & bit_AVX512F) && (b & bit_AVX512VL) && (b & bit_AVX512BW) && (b & bit_AVX512DQ)) {
			f |= JCA__CPU_AVX512;
			if (f & JCA__CPU_VAES)
				f |= JCA__CPU_VAES512;
			if ((c & bit_VPCLMULQDQ) && (f & JCA__CPU_PCLMUL))
				f |= JCA__CPU_VPCLMUL;
			if (b & bit_AVX512IFMA)
				f |= JCA__CPU_AVX512IFMA;
		}
	}
	return f;
}
#elif defined(__aarch64__)
/* HWCAP bits from the Linux arm64 uapi (asm/hwcap.h). */
#define JCA__HWCAP_ASIMD (1ul << 1)
#define JCA__HWCAP_AES (1ul << 3)
#define JCA__HWCAP_PMULL (1ul << 4)
#define JCA__HWCAP_SHA1 (1ul << 5)
#define JCA__HWCAP_SHA2 (1ul << 6)
#define JCA__HWCAP_SHA3 (1ul << 17)
#define JCA__HWCAP_SHA512 (1ul << 21)
static uint32_t detect(void)
{
	unsigned long h = getauxval(AT_HWCAP);
	uint32_t f = 0;

	if (h & JCA__HWCAP_ASIMD) f |= JCA__CPU_ARM_ASIMD;
	if (h & JCA__HWCAP_AES) f |= JCA__CPU_ARM_AES;
	if (h & JCA__HWCAP_PMULL) f |= JCA__CPU_ARM_PMULL;
	if (h & JCA__HWCAP_SHA1) f |= JCA__CPU_ARM_SHA1;
	if (h & JCA__HWCAP_SHA2) f |= JCA__CPU_ARM_SHA2;
	if (h & JCA__HWCAP_SHA512) f |= JCA__CPU_ARM_SHA512;
	if (h & JCA__HWCAP_SHA3) f |= JCA__CPU_ARM_SHA3;
	return f;
}
#elif defined(__riscv) && __riscv_xlen == 64
/* riscv_hwprobe (Linux 6.4+): key 4 = RISCV_HWPROBE_KEY_IMA_EXT_0, with
 * bit 4 = Zbb (Linux 6.5+), bit 8 = Zbkb, bit 13 = Zknh (6.8+, uapi asm/hwprobe.h). */
#ifndef __NR_riscv_hwprobe
#define __NR_riscv_hwprobe 258
#endif
struct jca__hwprobe { int64_t key; uint64_t value; };
static uint32_t detect(void)
{
	struct jca__hwprobe p = { 4, 0 };
	uint32_t f = 0;

	if (syscall(__NR_riscv_hwprobe, &p, 1, 0, NULL, 0) == 0 && p.key == 4) {
		if (p.value & (1ull << 4)) f |= JCA__CPU_RV_ZBB;
		if (p.value & (1ull << 8)) f |= JCA__CPU_RV_ZBKB;
		if (p.value & (1ull << 13)) f |= JCA__CPU_RV_ZKNH;
	}
	/* JCA_CPU_ASSUME lets emulators without hwprobe (qemu-user) say what
	 * the CPU model has; see cpu.h. */
	return f;
}
#else
static uint32_t detect(void)
{
	return 0;
}
#endif

static uint32_t parse_override(uint32_t f, const char *s)
{
	char word[32];

	while (s && *s) {
		size_t n = strcspn(s, ",");
		size_t i;

		if (n < sizeof word) {
			memcpy(word, s, n);
			word[n] = 0;
			if (strcmp(word, "generic") == 0 || strcmp(word, "none") == 0)
				f = 0;
			else if (word[0] == '-')
				for (i = 0; i < sizeof names / sizeof names[0]; i++)
					if (strcmp(word + 1, names[i].name) == 0)
						f &= ~names[i].bit;
		}
		/* a debugging knob: a word it does not know is said, not ignored */
		if (n && (n >= sizeof word || (strcmp(word, "generic") && strcmp(word, "none") &&
		                               (word[0] != '-' || !name_bit(word + 1))))) {
			fprintf(stderr, "libjca: JCA_CPU: '%.*s' ignored: expected generic or -FEATURE, FEATURE one of",
			        (int)n, s);
			for (i = 0; i < sizeof names / sizeof names[0]; i++)
				fprintf(stderr, " %s", names[i].name);
			fputc('\n', stderr);
		}
		s += n;
		if (*s == ',')
			s++;
	}
	return f;
}

/* 0 means "not yet read"; bit 31 marks a valid cached value. */
#define JCA__CPU_VALID (1u << 31)
static _Atomic uint32_t cached_detected, cached_features;

uint32_t jca__cpu_detected(void)
{
	uint32_t f = atomic_load_explicit(&cached_detected, memory_order_relaxed);

	if (!f) {
		f = detect();
#if defined(__riscv)
		/* qemu-user has no hwprobe; let tests declare the model's
		 * extensions (JCA_CPU_ASSUME=zknh,zbb,zbkb). Only for testing. */
		{
			const char *a = secure_getenv("JCA_CPU_ASSUME");
			size_t i;

			for (i = 0; a && i < sizeof names / sizeof names[0]; i++)
				if (strstr(a, names[i].name) && (names[i].bit & (JCA__CPU_RV_ZKNH | JCA__CPU_RV_ZBB | JCA__CPU_RV_ZBKB)))
					f |= names[i].bit;
		}
#endif
		f |= JCA__CPU_VALID;
		atomic_store_explicit(&cached_detected, f, memory_order_relaxed);
	}
	return f & ~JCA__CPU_VALID;
}

uint32_t jca__cpu_features(void)
{
	uint32_t f = atomic_load_explicit(&cached_features, memory_order_relaxed);

	if (!f) {
		f = parse_override(jca__cpu_detected(), secure_getenv("JCA_CPU")) | JCA__CPU_VALID;
		atomic_store_explicit(&cached_features, f, memory_order_relaxed);
	}
	return f & ~JCA__CPU_VALID;
}
