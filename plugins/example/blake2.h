/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2.h - BLAKE2b and BLAKE2s (RFC 7693) in portable C, for the
 * example plugin's services: the digests (example.c) and keyed BLAKE2b as
 * a Mac (blake2b_mac.c). Nothing here knows about libjca.
 *
 * Contexts are plain data (no pointers), so a copy is a memcpy, as the
 * engine's clone of an implementation without copy/cleanup requires.
 */
#ifndef JCA_EXAMPLE_BLAKE2_H
#define JCA_EXAMPLE_BLAKE2_H

#include <stddef.h>
#include <stdint.h>

#define EX_BLAKE2B_BLOCK 128
#define EX_BLAKE2B_OUT 64        /* largest output and key, bytes */
#define EX_BLAKE2S_BLOCK 64
#define EX_BLAKE2S_OUT 32

typedef struct ex_blake2b {
	uint64_t h[8];              /* chained state */
	uint64_t t[2];              /* byte counter, 128 bits (t[0] low) */
	uint8_t buf[EX_BLAKE2B_BLOCK]; /* pending input */
	size_t buflen;              /* bytes in buf, 0..128 */
	size_t outlen;              /* digest length, 1..64 */
} ex_blake2b;

typedef struct ex_blake2s {
	uint32_t h[8];
	uint32_t t[2];              /* byte counter, 64 bits (t[0] low) */
	uint8_t buf[EX_BLAKE2S_BLOCK];
	size_t buflen;              /* 0..64 */
	size_t outlen;              /* 1..32 */
} ex_blake2s;

/* Starts a hash of outlen bytes (1..64), keyed when keylen > 0 (key of
 * 1..64 bytes, RFC 7693 section 3.3: the key, zero-padded to a block, is
 * the first block). The caller keeps to the bounds. */
void ex_blake2b_init(ex_blake2b *c, size_t outlen, const void *key, size_t keylen);
void ex_blake2b_update(ex_blake2b *c, const void *in, size_t len);
/* Writes outlen bytes; c is spent (init again to reuse it). */
void ex_blake2b_final(ex_blake2b *c, void *out);

/* BLAKE2s, unkeyed: outlen 1..32. */
void ex_blake2s_init(ex_blake2s *c, size_t outlen);
void ex_blake2s_update(ex_blake2s *c, const void *in, size_t len);
void ex_blake2s_final(ex_blake2s *c, void *out);

#endif
