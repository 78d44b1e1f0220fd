/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES-CBC decryption with VAES on 512-bit registers (four blocks per ZMM).
 *
 * Compile with: -maes -mavx512f -mavx512vl -mvaes.
 * Call only when jca__cpu_features() has JCA__CPU_VAES512 (which implies
 * AVX-512 F/VL/BW/DQ with the OS saving ZMM state). The context and its
 * schedule come from jca__aesni_set_key; dk[r] is the key of decryption
 * round r (see aesni.c).
 *
 * CBC decryption is parallel: every block is D(C[i]) ^ C[i-1]. The main loop
 * keeps 32 blocks (8 ZMM) in flight: a core that starts one vaesdec on a ZMM
 * per cycle with a latency of 4 to 5 cycles needs at least 5 independent
 * registers. With 32 ZMM registers the 8 blocks and all 15 round keys fit,
 * so the code is specialised by key size and nothing is reloaded per round.
 *
 * Less than 32 blocks go through groups of 4 ZMM whose loads and stores are
 * masked: they neither read nor write outside the buffers (masked-off
 * elements cannot fault).
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../algs.h"

#include "simd.h"


/* From this many blocks on, plaintext is written with non-temporal stores
 * (see cbc_decrypt_rounds); override with -DJCA__STREAM_BLOCKS=N. */
#ifndef JCA__STREAM_BLOCKS
#define JCA__STREAM_BLOCKS (4u << 16)      /* 4 MiB */
#endif

/* Mask of the 64-bit elements of ZMM j that hold one of the n blocks. */
static ALWAYS_INLINE __mmask8 zmm_mask(size_t j, size_t n)
{
	size_t have = n > 4 * j ? n - 4 * j : 0;

	return have >= 4 ? 0xff : (__mmask8)((1u << (2 * have)) - 1);
}

/*
 * Address of the ZMM at byte offset off of p, for a load or store under mask
 * m. A fully masked ZMM touches no memory, but forming a pointer past the
 * buffer would still be undefined in C; any valid address will do for it.
 */
static ALWAYS_INLINE const uint8_t *at(const uint8_t *p, ptrdiff_t off, __mmask8 m)
{
	return m ? p + off : p;
}

/*
 * Decrypts n blocks (1 <= n <= 4 * NZ) held in NZ ZMM registers; chain is
 * the ciphertext block before them, k[0..R] the round keys in every lane.
 * Returns the last ciphertext block. All ciphertext is read before any
 * plaintext is written, so in == out is safe. NZ, R and, in the main loop, n
 * are constants after inlining: the loops unroll and full masks fold away.
 */
static ALWAYS_INLINE __m128i
cbc_decrypt_group(const __m512i k[15], unsigned R, __m128i chain,
                  uint8_t *out, const uint8_t *in, size_t n, size_t NZ, int stream)
{
	__m512i b[8], first = _mm512_setzero_si512();

	UNROLL
	for (size_t j = 0; j < NZ; j++) {
		__mmask8 m = zmm_mask(j, n);

		b[j] = _mm512_maskz_loadu_epi64(m, at(in, 64 * (ptrdiff_t)j, m));
		if (j == 0)
			first = b[0];
		b[j] = _mm512_xor_si512(b[j], k[0]);
	}
	UNROLL
	for (unsigned r = 1; r < R; r++) {
		UNROLL
		for (size_t j = 0; j < NZ; j++)
			b[j] = _mm512_aesdec_epi128(b[j], k[r]);
	}
	/*
	 * Last round: aesdeclast ends by XORing its key, so the key
	 * k[R] ^ previous-ciphertext also does the CBC XOR. The blocks before
	 * ZMM j are blocks 4j-1..4j+2: one unaligned load (with the same mask:
	 * every block it needs precedes block n), except for the first ZMM,
	 * which shifts the chaining value in below its own blocks.
	 */
	UNROLL
	for (size_t j = 0; j < NZ; j++) {
		__m512i prev = j == 0
			? _mm512_alignr_epi64(first, _mm512_broadcast_i32x4(chain), 6)
			: _mm512_maskz_loadu_epi64(zmm_mask(j, n),
			                           at(in, 64 * (ptrdiff_t)j - 16, zmm_mask(j, n)));
		b[j] = _mm512_aesdeclast_epi128(b[j], _mm512_xor_si512(k[R], prev));
	}
	chain = LOAD128(in + 16 * (n - 1));
	UNROLL
	for (size_t j = 0; j < NZ; j++) {
		__mmask8 m = zmm_mask(j, n);

		if (stream)
			_mm512_stream_si512((void *)(out + 64 * j), b[j]);
		else
			_mm512_mask_storeu_epi64((uint8_t *)at(out, 64 * (ptrdiff_t)j, m), m, b[j]);
	}
	return chain;
}

static ALWAYS_INLINE void
cbc_decrypt_rounds(const uint8_t *dk, unsigned R, uint8_t *iv,
                   uint8_t *out, const uint8_t *in, size_t nblocks)
{
	__m512i k[15];
	__m128i chain = LOAD128(iv);

	UNROLL
	for (unsigned r = 0; r <= R; r++)
		k[r] = _mm512_broadcast_i32x4(LOAD128(dk + 16 * r));

	/*
	 * A buffer far larger than the caches streams through memory: the
	 * plaintext then goes out with non-temporal stores, which write whole
	 * lines without first reading them in (a normal store costs a read of
	 * the line as well) and leave the caches to the input. As glibc's
	 * memcpy does above a similar size. In place, the line is in the cache
	 * already and a normal store costs no extra read: only out-of-place
	 * output streams. The stores need 64-byte aligned
	 * addresses: a few blocks first bring out to one.
	 */
	if (nblocks >= JCA__STREAM_BLOCKS && out != in && ((uintptr_t)out & 15) == 0) {
		size_t head = ((64 - ((uintptr_t)out & 63)) & 63) / 16;

		if (head) {
			chain = cbc_decrypt_group(k, R, chain, out, in, head, 1, 0);
			nblocks -= head, in += 16 * head, out += 16 * head;
		}
		for (; nblocks >= 32; nblocks -= 32, in += 16 * 32, out += 16 * 32) {
			_mm_prefetch((const char *)((uintptr_t)in + 4096), _MM_HINT_T1);
			chain = cbc_decrypt_group(k, R, chain, out, in, 32, 8, 1);
		}
		/* the streamed stores are weakly ordered: fence them before
		 * anything that could publish the buffer */
		_mm_sfence();
	}
	for (; nblocks >= 32; nblocks -= 32, in += 16 * 32, out += 16 * 32) {
		/*
		 * The hardware prefetchers stop at page boundaries; touching
		 * the input a page ahead starts the TLB walk and the L2 fill of
		 * the next page early. Worth 2-3% on buffers larger than L2,
		 * nothing on small ones. A prefetch cannot fault, so running
		 * past the end of the input is harmless (the address is
		 * computed as an integer: it may lie outside the buffer).
		 */
		_mm_prefetch((const char *)((uintptr_t)in + 4096), _MM_HINT_T1);
		chain = cbc_decrypt_group(k, R, chain, out, in, 32, 8, 0);
	}
	/* What is left, under 32 blocks: a full group of 16, then a masked one. */
	if (nblocks >= 16) {
		chain = cbc_decrypt_group(k, R, chain, out, in, 16, 4, 0);
		nblocks -= 16, in += 16 * 16, out += 16 * 16;
	}
	if (nblocks > 0)
		chain = cbc_decrypt_group(k, R, chain, out, in, nblocks, 4, 0);
	STORE128(iv, chain);
}

int jca__vaes512_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out,
                              const uint8_t *in, size_t nblocks)
{
	const jca__aesni_ctx *c = ctx;

	if (nblocks == 0)
		return 0;
	JCA__AES_BY_ROUNDS(c->rounds, cbc_decrypt_rounds, c->dk, iv, out, in, nblocks);
	/* Leave the upper register halves clean for SSE code that runs next. */
	_mm256_zeroupper();
	return 0;
}
