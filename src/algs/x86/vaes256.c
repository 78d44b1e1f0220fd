/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES-CBC decryption with VAES on 256-bit registers (two blocks per YMM).
 *
 * Compile with: -maes -mavx2 -mvaes (no AVX-512 flag: this file must run on
 * CPUs with VAES but without AVX-512, such as AMD Zen 3).
 * Call only when jca__cpu_features() has JCA__CPU_VAES (which implies AVX2
 * and AES-NI). The context and its schedule come from jca__aesni_set_key;
 * dk[r] is the key of decryption round r (see aesni.c).
 *
 * CBC decryption is parallel: every block is D(C[i]) ^ C[i-1]. The main loop
 * keeps 16 blocks (8 YMM) in flight, enough to cover the latency of vaesdec
 * on current cores that issue one or two of them per cycle.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../algs.h"

#include "simd.h"

#define LOAD256(p)      _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE256(p, v)  _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* YMM registers per group, and blocks per group. */
#define NY 8
#define GROUP (2 * NY)


/*
 * Blocks 2j and 2j+1 of a group of n blocks (1 <= n <= GROUP): both, only
 * the first (upper lane zero), or none. Never touches memory beyond block
 * n-1. With n a constant (the main loop) the tests fold away.
 */
static ALWAYS_INLINE __m256i load_pair(const uint8_t *in, size_t j, size_t n)
{
	if (2 * j + 1 < n)
		return LOAD256(in + 32 * j);
	if (2 * j < n)
		return _mm256_zextsi128_si256(LOAD128(in + 32 * j));
	return _mm256_setzero_si256();
}

static ALWAYS_INLINE void store_pair(uint8_t *out, __m256i v, size_t j, size_t n)
{
	if (2 * j + 1 < n)
		STORE256(out + 32 * j, v);
	else if (2 * j < n)
		STORE128(out + 32 * j, _mm256_castsi256_si128(v));
}

/*
 * Decrypts one group of n blocks (1 <= n <= GROUP); chain is the ciphertext
 * block before it, k[0..R] the round keys in both lanes. Returns the group's
 * last ciphertext block. All ciphertext (the chaining values included) is
 * read before any plaintext is written, so in == out is safe. R and, in the
 * main loop, n are constants after inlining.
 */
static ALWAYS_INLINE __m128i
cbc_decrypt_group(const __m256i k[15], unsigned R, __m128i chain,
                  uint8_t *out, const uint8_t *in, size_t n)
{
	__m256i b[NY];

	UNROLL
	for (size_t j = 0; j < NY; j++)
		b[j] = _mm256_xor_si256(load_pair(in, j, n), k[0]);
	UNROLL
	for (unsigned r = 1; r < R; r++) {
		UNROLL
		for (size_t j = 0; j < NY; j++)
			b[j] = _mm256_aesdec_epi128(b[j], k[r]);
	}
	/*
	 * Last round: aesdeclast ends by XORing its key, so the key
	 * k[R] ^ previous-ciphertext also does the CBC XOR. The blocks before
	 * pair j are blocks 2j-1 and 2j: one unaligned load, except for the
	 * first pair, which takes the chaining value. Pair j is in use only if
	 * 2j < n, and then blocks 2j-1 and 2j exist.
	 */
	UNROLL
	for (size_t j = 0; j < NY; j++) {
		__m256i prev = j == 0
			? _mm256_inserti128_si256(_mm256_castsi128_si256(chain), LOAD128(in), 1)
			: 2 * j < n ? LOAD256(in + 32 * j - 16) : _mm256_setzero_si256();
		b[j] = _mm256_aesdeclast_epi128(b[j], _mm256_xor_si256(k[R], prev));
	}
	chain = LOAD128(in + 16 * (n - 1));
	UNROLL
	for (size_t j = 0; j < NY; j++)
		store_pair(out, b[j], j, n);
	return chain;
}

static ALWAYS_INLINE void
cbc_decrypt_rounds(const uint8_t *dk, unsigned R, uint8_t *iv,
                   uint8_t *out, const uint8_t *in, size_t nblocks)
{
	__m256i k[15];
	__m128i chain = LOAD128(iv);

	/* Round keys in both lanes; the compiler keeps what fits in registers. */
	UNROLL
	for (unsigned r = 0; r <= R; r++)
		k[r] = _mm256_broadcastsi128_si256(LOAD128(dk + 16 * r));

	for (; nblocks >= GROUP; nblocks -= GROUP, in += 16 * GROUP, out += 16 * GROUP) {
		/*
		 * The hardware prefetchers stop at page boundaries; touching
		 * the input a page ahead starts the TLB walk and the L2 fill of
		 * the next page early. Worth 2-3% on buffers larger than L2,
		 * nothing on small ones. A prefetch cannot fault, so running
		 * past the end of the input is harmless (the address is
		 * computed as an integer: it may lie outside the buffer).
		 */
		_mm_prefetch((const char *)((uintptr_t)in + 4096), _MM_HINT_T1);
		chain = cbc_decrypt_group(k, R, chain, out, in, GROUP);
	}
	/* One partial group: its cost is about one group's latency. */
	if (nblocks > 0)
		chain = cbc_decrypt_group(k, R, chain, out, in, nblocks);
	STORE128(iv, chain);
}

int jca__vaes256_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out,
                              const uint8_t *in, size_t nblocks)
{
	const jca__aesni_ctx *c = ctx;

	if (nblocks == 0)
		return 0;
	JCA__AES_BY_ROUNDS(c->rounds, cbc_decrypt_rounds, c->dk, iv, out, in, nblocks);
	/* Leave the upper YMM halves clean for SSE code that runs next. */
	_mm256_zeroupper();
	return 0;
}
