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

/* A backend's block function (jca__chacha20_blocks below is the portable
 * one). */
typedef void jca__chacha20_blocks_fn(jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t nblocks);

/* key: 32 bytes, nonce: 12 bytes, counter: the first block's. */
JCA__HIDDEN void jca__chacha20_init(jca__chacha20 *c, const uint8_t key[32], const uint8_t nonce[12],
                                    uint32_t counter);
/* out = in XOR the key stream of nblocks whole 64-byte blocks from the
 * counter, which advances by nblocks (wrapping modulo 2^32: the caller
 * bounds the length). out == in allowed. */
JCA__HIDDEN void jca__chacha20_blocks(jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t nblocks);
/* One 64-byte key-stream block at the counter, which advances. */
JCA__HIDDEN void jca__chacha20_block(jca__chacha20 *c, uint8_t out[64]);
/* HChaCha20: the 32-byte subkey of key and a 16-byte nonce. */
JCA__HIDDEN void jca__hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16]);

/* ---- Poly1305 ----------------------------------------------------------- */

/* The accumulator and r in five 26-bit limbs, s, and a partial block. */
typedef struct jca__poly1305 {
	uint32_t r[5], h[5], pad[4];
	uint8_t buf[16];
	size_t n;                      /* bytes in buf */
} jca__poly1305;

/* key: 32 bytes, r || s (r is clamped here). */
JCA__HIDDEN void jca__poly1305_init(jca__poly1305 *p, const uint8_t key[32]);
JCA__HIDDEN void jca__poly1305_update(jca__poly1305 *p, const uint8_t *in, size_t len);
/* Zero bytes up to the next multiple of 16 of what was absorbed (the
 * AEAD's padding). */
JCA__HIDDEN void jca__poly1305_pad16(jca__poly1305 *p);
/* The 16-byte tag; the context is wiped. */
JCA__HIDDEN void jca__poly1305_final(jca__poly1305 *p, uint8_t tag[16]);

#endif
