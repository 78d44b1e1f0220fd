/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2.h - the example plugin's BLAKE2b and BLAKE2s (RFC 7693), unkeyed,
 * portable C (blake2.c): the digests of example.c and the hash under
 * Argon2 (argon2.c). Nothing here knows about libjca. Hidden: the plugin
 * is built with -fvisibility=hidden.
 */
#ifndef JCA_EXAMPLE_BLAKE2_H
#define JCA_EXAMPLE_BLAKE2_H

#include <stddef.h>
#include <stdint.h>

/* ---- BLAKE2b (RFC 7693 sections 2.1, 2.6, 3): 64-bit words ---- */

#define B2B_BLOCK 128
#define B2B_OUT 64

typedef struct b2b_ctx {
	uint64_t h[8];              /* chained state */
	uint64_t t[2];              /* byte counter, 128 bits (t[0] low) */
	uint8_t buf[B2B_BLOCK];     /* pending input */
	size_t buflen;              /* bytes in buf, 0..128 */
} b2b_ctx;

/* The jca_md_impl functions of BLAKE2b-512 (init: a 64-byte output). */
int b2b_init(void *ctx);
int b2b_update(void *ctx, const void *in, size_t len);
/* Writes min(out_len, 64) bytes of the digest; the context is spent. */
int b2b_final(void *ctx, void *out, size_t out_len);
/* Starts an unkeyed hash of out_len bytes (1 to 64). */
void b2b_init_len(b2b_ctx *c, size_t out_len);

/* ---- BLAKE2s (RFC 7693 sections 2.1, 2.6, 3): 32-bit words ---- */

#define B2S_BLOCK 64
#define B2S_OUT 32

typedef struct b2s_ctx {
	uint32_t h[8];
	uint32_t t[2];              /* byte counter, 64 bits (t[0] low) */
	uint8_t buf[B2S_BLOCK];
	size_t buflen;              /* 0..64 */
} b2s_ctx;

int b2s_init(void *ctx);
int b2s_update(void *ctx, const void *in, size_t len);
int b2s_final(void *ctx, void *out, size_t out_len);

#endif
