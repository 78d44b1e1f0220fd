/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What every x86 AES and GHASH backend (aesni.c, gcm_aesni.c, vaes256.c,
 * vaes512.c, gcm_vaes512.c) writes the same way: unaligned 128-bit loads
 * and stores, forced inlining and unrolling, and the call of a round-count
 * specialised function by the key size.
 */
#ifndef JCA_ALGS_X86_SIMD_H
#define JCA_ALGS_X86_SIMD_H

#include <immintrin.h>

/*
 * The short loops over blocks and rounds must unroll completely, so that
 * arrays of vectors become registers. GCC needs to be told at -O2. Clang
 * does it by itself once the constants are inlined, and must not be told:
 * it would apply the pragma to the not yet inlined function, unrolling by
 * a guessed factor instead.
 */
#if defined(__clang__)
#define UNROLL
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define LOAD128(p)     _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE128(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

/* Calls fn(sched, R, ...) with R the constant 10, 12 or 14 of the key's
 * rounds, so that each key size runs its own fully unrolled copy. */
#define JCA__AES_BY_ROUNDS(rounds, fn, sched, ...) \
	do { \
		switch (rounds) { \
		case 10: fn(sched, 10, __VA_ARGS__); break; \
		case 12: fn(sched, 12, __VA_ARGS__); break; \
		default: fn(sched, 14, __VA_ARGS__); break; \
		} \
	} while (0)

#endif
