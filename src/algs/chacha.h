/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 and Poly1305 (RFC 8439), HChaCha20 (the XChaCha20 draft,
 * draft-irtf-cfrg-xchacha), portable and constant time: no branch and no
 * table index depends on a key, a nonce or the data (only on lengths).
 * The algorithm layer: no names, no registry (see algs.h).
 */
#ifndef JCA_ALGS_CHACHA_H
#define JCA_ALGS_CHACHA_H

#include <stddef.h>
#include <stdint.h>

#include "algs.h"

/* ---- ChaCha20 ----------------------------------------------------------- */

/* The 16-word state: constants, key, 32-bit block counter, 96-bit nonce. */
typedef struct jca__chacha20 {
	uint32_t s[16];
} jca__chacha20;

/* key: 32 bytes, nonce: 12 bytes, counter: the first block's. */
JCA__HIDDEN void jca__chacha20_init(jca__chacha20 *c, const uint8_t key[32], const uint8_t nonce[12],
                                    uint32_t counter);
/* out = in XOR the key stream of nblocks whole 64-byte blocks from the
 * counter, which advances by nblocks (wrapping modulo 2^32: the caller
 * bounds the length). out == in allowed. */
JCA__HIDDEN void jca__chacha20_blocks(jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t nblocks);

/* A ChaCha20 backend: exactly jca__chacha20_blocks's contract (any
 * alignment, out == in allowed, the counter wraps modulo 2^32 and never
 * touches the nonce words). The generic one is jca__chacha20_blocks itself;
 * the others are compiled only for their ISA (each in its own convenience
 * library) and may run only when jca__cpu_features() has the bit named:
 *   avx2    JCA__CPU_AVX2    8 blocks per step in YMM, 4 in XMM for tails
 *   avx512  JCA__CPU_AVX512  16 blocks per step in ZMM (the rest: avx2)
 *   neon    JCA__CPU_ARM_ASIMD  4 blocks per step */
typedef void jca__chacha20_blocks_fn(jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t nblocks);
JCA__HIDDEN jca__chacha20_blocks_fn jca__chacha20_blocks_generic;
#if defined(__x86_64__)
JCA__HIDDEN jca__chacha20_blocks_fn jca__chacha20_blocks_avx2;
JCA__HIDDEN jca__chacha20_blocks_fn jca__chacha20_blocks_avx512;
#endif
#if defined(__aarch64__)
JCA__HIDDEN jca__chacha20_blocks_fn jca__chacha20_blocks_neon;
#endif
/* One 64-byte key-stream block at the counter, which advances. */
JCA__HIDDEN void jca__chacha20_block(jca__chacha20 *c, uint8_t out[64]);
/* HChaCha20: the 32-byte subkey of key and a 16-byte nonce. */
JCA__HIDDEN void jca__hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16]);

/* ---- Poly1305 ----------------------------------------------------------- */

/* The arithmetic is chosen at compile time: 64-bit words with 128-bit
 * products where the compiler has unsigned __int128 (64-bit hosts: h is
 * h[0] + h[1] 2^64 + h[2] 2^128, r is r[0] + r[1] 2^64, r[2] = 5 r[1] / 4),
 * else five 26-bit limbs with 64-bit products. JCA_POLY1305_32 forces the
 * latter (to test it on a 64-bit host). */
#if defined(__SIZEOF_INT128__) && !defined(JCA_POLY1305_32)
#define JCA__POLY1305_64 1
#define JCA__POLY1305_LIMBS "2x64-bit"
#else
#define JCA__POLY1305_64 0
#define JCA__POLY1305_LIMBS "5x26-bit"
#endif

struct jca__poly1305;
/* A Poly1305 backend: h = (h + m) * r mod 2^130 - 5 over nblocks whole
 * 16-byte blocks, each with 2^128 added when full is 1 (0 only for the
 * padded last block). Any alignment. The generic one is the limb code
 * above; avx2 (JCA__CPU_AVX2) and avx512 (JCA__CPU_AVX512) run four or
 * eight blocks at a time in 26-bit limbs from 8 or 16 blocks up, ifma
 * (JCA__CPU_AVX512IFMA) eight at a time in 44-bit limbs from 16 up; the
 * rest through generic (in 64-bit word builds; otherwise they are all
 * generic). */
typedef void jca__poly1305_blocks_fn(struct jca__poly1305 *p, const uint8_t *in, size_t nblocks, uint32_t full);

/* The accumulator h and r in limbs, s, a partial block, and the backend
 * (code pointer: the context stays memcpy-clonable). */
typedef struct jca__poly1305 {
	jca__poly1305_blocks_fn *blocks;
#if JCA__POLY1305_64
	uint64_t r[3], h[3];
#else
	uint32_t r[5], h[5];
#endif
	uint32_t pad[4];
	uint8_t buf[16];
	size_t n;                      /* bytes in buf */
} jca__poly1305;

JCA__HIDDEN jca__poly1305_blocks_fn jca__poly1305_blocks_generic;
#if defined(__x86_64__)
JCA__HIDDEN jca__poly1305_blocks_fn jca__poly1305_blocks_avx2;
JCA__HIDDEN jca__poly1305_blocks_fn jca__poly1305_blocks_avx512;
JCA__HIDDEN jca__poly1305_blocks_fn jca__poly1305_blocks_ifma;
#endif

/* key: 32 bytes, r || s (r is clamped here); the generic backend. */
JCA__HIDDEN void jca__poly1305_init(jca__poly1305 *p, const uint8_t key[32]);
/* The same with a chosen backend (the caller checked its CPU feature). */
JCA__HIDDEN void jca__poly1305_init_backend(jca__poly1305 *p, const uint8_t key[32], jca__poly1305_blocks_fn *fn);
JCA__HIDDEN void jca__poly1305_update(jca__poly1305 *p, const uint8_t *in, size_t len);
/* Zero bytes up to the next multiple of 16 of what was absorbed (the
 * AEAD's padding). */
JCA__HIDDEN void jca__poly1305_pad16(jca__poly1305 *p);
/* The 16-byte tag; the context is wiped. */
JCA__HIDDEN void jca__poly1305_final(jca__poly1305 *p, uint8_t tag[16]);

#endif
