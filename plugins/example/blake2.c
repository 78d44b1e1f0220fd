/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2.c - BLAKE2b and BLAKE2s (RFC 7693), unkeyed, portable C: the
 * example plugin's digests (example.c) and Argon2's hash (argon2.c). See
 * blake2.h.
 */
#include <string.h>

#include "blake2.h"

/* Little-endian loads and stores, byte by byte: portable to any host byte
 * order and to unaligned buffers. */
static uint64_t load64(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static uint32_t load32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rotr64(uint64_t x, unsigned n)
{
	return (x >> n) | (x << (64 - n));
}

static uint32_t rotr32(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

/* RFC 7693 section 2.7: the message word schedule. BLAKE2b's rounds 10 and
 * 11 reuse rows 0 and 1 (round i uses row i mod 10). */
static const uint8_t sigma[10][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
};

/* ---- BLAKE2b (RFC 7693 sections 2.1, 2.6, 3): 64-bit words ---- */


static const uint64_t b2b_iv[8] = {
	UINT64_C(0x6A09E667F3BCC908), UINT64_C(0xBB67AE8584CAA73B),
	UINT64_C(0x3C6EF372FE94F82B), UINT64_C(0xA54FF53A5F1D36F1),
	UINT64_C(0x510E527FADE682D1), UINT64_C(0x9B05688C2B3E6C1F),
	UINT64_C(0x1F83D9ABFB41BD6B), UINT64_C(0x5BE0CD19137E2179),
};

/* The mixing function G, rotations 32, 24, 16, 63. */
#define B2B_G(a, b, c, d, x, y) do { \
		v[a] = v[a] + v[b] + (x); v[d] = rotr64(v[d] ^ v[a], 32); \
		v[c] = v[c] + v[d];       v[b] = rotr64(v[b] ^ v[c], 24); \
		v[a] = v[a] + v[b] + (y); v[d] = rotr64(v[d] ^ v[a], 16); \
		v[c] = v[c] + v[d];       v[b] = rotr64(v[b] ^ v[c], 63); \
	} while (0)

/* Compression function F: 12 rounds; last != 0 for the final block. */
static void b2b_compress(b2b_ctx *c, const uint8_t *block, int last)
{
	uint64_t m[16], v[16];
	int i, r;

	for (i = 0; i < 16; i++)
		m[i] = load64(block + 8 * i);
	for (i = 0; i < 8; i++) {
		v[i] = c->h[i];
		v[i + 8] = b2b_iv[i];
	}
	v[12] ^= c->t[0];
	v[13] ^= c->t[1];
	if (last)
		v[14] = ~v[14];
	for (r = 0; r < 12; r++) {
		const uint8_t *s = sigma[r % 10];

		B2B_G(0, 4, 8, 12, m[s[0]], m[s[1]]);
		B2B_G(1, 5, 9, 13, m[s[2]], m[s[3]]);
		B2B_G(2, 6, 10, 14, m[s[4]], m[s[5]]);
		B2B_G(3, 7, 11, 15, m[s[6]], m[s[7]]);
		B2B_G(0, 5, 10, 15, m[s[8]], m[s[9]]);
		B2B_G(1, 6, 11, 12, m[s[10]], m[s[11]]);
		B2B_G(2, 7, 8, 13, m[s[12]], m[s[13]]);
		B2B_G(3, 4, 9, 14, m[s[14]], m[s[15]]);
	}
	for (i = 0; i < 8; i++)
		c->h[i] ^= v[i] ^ v[i + 8];
}

static void b2b_count(b2b_ctx *c, size_t n)
{
	c->t[0] += n;
	if (c->t[0] < n)
		c->t[1]++;
}

/* Starts an unkeyed hash of out_len bytes (1 to 64): the digest length
 * is part of the parameter block, so BLAKE2b-256 is not a prefix of
 * BLAKE2b-512 (Argon2's H^T relies on this). */
void b2b_init_len(b2b_ctx *c, size_t out_len)
{
	memcpy(c->h, b2b_iv, sizeof c->h);
	/* Parameter block word 0: digest length, key length 0, fanout 1, depth 1. */
	c->h[0] ^= 0x01010000u ^ (uint64_t)out_len;
	c->t[0] = c->t[1] = 0;
	c->buflen = 0;
}

/* jca_md_impl.init: (re)start an unkeyed hash with a 64-byte output. It is
 * called on a fresh context and again after final() to reuse the object. */
int b2b_init(void *ctx)
{
	b2b_init_len(ctx, B2B_OUT);
	return 0;
}

/* jca_md_impl.update: absorb len bytes (in may be NULL when len is 0). The
 * last block must be compressed with the final flag, so a full buffer is
 * only compressed once more input arrives. */
int b2b_update(void *ctx, const void *in, size_t len)
{
	b2b_ctx *c = ctx;
	const uint8_t *p = in;

	while (len) {
		size_t n;

		if (c->buflen == B2B_BLOCK) {
			b2b_count(c, B2B_BLOCK);
			b2b_compress(c, c->buf, 0);
			c->buflen = 0;
		}
		n = B2B_BLOCK - c->buflen;
		if (n > len)
			n = len;
		memcpy(c->buf + c->buflen, p, n);
		c->buflen += n;
		p += n;
		len -= n;
	}
	return 0;
}

/* jca_md_impl.final: write out_len bytes (for a fixed-size digest the
 * engine always asks for digest_size). The context is left spent; the
 * engine calls init() before using it again. */
int b2b_final(void *ctx, void *out, size_t out_len)
{
	b2b_ctx *c = ctx;
	uint8_t *o = out;
	size_t i;

	b2b_count(c, c->buflen);
	memset(c->buf + c->buflen, 0, B2B_BLOCK - c->buflen);
	b2b_compress(c, c->buf, 1);
	for (i = 0; i < out_len && i < B2B_OUT; i++)
		o[i] = (uint8_t)(c->h[i / 8] >> (8 * (i % 8)));
	return 0;
}

/* ---- BLAKE2s (RFC 7693 sections 2.1, 2.6, 3): 32-bit words ---- */


static const uint32_t b2s_iv[8] = {
	0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
	0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u,
};

/* The mixing function G, rotations 16, 12, 8, 7. */
#define B2S_G(a, b, c, d, x, y) do { \
		v[a] = v[a] + v[b] + (x); v[d] = rotr32(v[d] ^ v[a], 16); \
		v[c] = v[c] + v[d];       v[b] = rotr32(v[b] ^ v[c], 12); \
		v[a] = v[a] + v[b] + (y); v[d] = rotr32(v[d] ^ v[a], 8); \
		v[c] = v[c] + v[d];       v[b] = rotr32(v[b] ^ v[c], 7); \
	} while (0)

/* Compression function F: 10 rounds. */
static void b2s_compress(b2s_ctx *c, const uint8_t *block, int last)
{
	uint32_t m[16], v[16];
	int i, r;

	for (i = 0; i < 16; i++)
		m[i] = load32(block + 4 * i);
	for (i = 0; i < 8; i++) {
		v[i] = c->h[i];
		v[i + 8] = b2s_iv[i];
	}
	v[12] ^= c->t[0];
	v[13] ^= c->t[1];
	if (last)
		v[14] = ~v[14];
	for (r = 0; r < 10; r++) {
		const uint8_t *s = sigma[r];

		B2S_G(0, 4, 8, 12, m[s[0]], m[s[1]]);
		B2S_G(1, 5, 9, 13, m[s[2]], m[s[3]]);
		B2S_G(2, 6, 10, 14, m[s[4]], m[s[5]]);
		B2S_G(3, 7, 11, 15, m[s[6]], m[s[7]]);
		B2S_G(0, 5, 10, 15, m[s[8]], m[s[9]]);
		B2S_G(1, 6, 11, 12, m[s[10]], m[s[11]]);
		B2S_G(2, 7, 8, 13, m[s[12]], m[s[13]]);
		B2S_G(3, 4, 9, 14, m[s[14]], m[s[15]]);
	}
	for (i = 0; i < 8; i++)
		c->h[i] ^= v[i] ^ v[i + 8];
}

static void b2s_count(b2s_ctx *c, size_t n)
{
	/* n <= 64 here, so one carry at most. */
	c->t[0] += (uint32_t)n;
	if (c->t[0] < (uint32_t)n)
		c->t[1]++;
}

int b2s_init(void *ctx)
{
	b2s_ctx *c = ctx;

	memcpy(c->h, b2s_iv, sizeof c->h);
	c->h[0] ^= 0x01010000u ^ B2S_OUT;
	c->t[0] = c->t[1] = 0;
	c->buflen = 0;
	return 0;
}

int b2s_update(void *ctx, const void *in, size_t len)
{
	b2s_ctx *c = ctx;
	const uint8_t *p = in;

	while (len) {
		size_t n;

		if (c->buflen == B2S_BLOCK) {
			b2s_count(c, B2S_BLOCK);
			b2s_compress(c, c->buf, 0);
			c->buflen = 0;
		}
		n = B2S_BLOCK - c->buflen;
		if (n > len)
			n = len;
		memcpy(c->buf + c->buflen, p, n);
		c->buflen += n;
		p += n;
		len -= n;
	}
	return 0;
}

int b2s_final(void *ctx, void *out, size_t out_len)
{
	b2s_ctx *c = ctx;
	uint8_t *o = out;
	size_t i;

	b2s_count(c, c->buflen);
	memset(c->buf + c->buflen, 0, B2S_BLOCK - c->buflen);
	b2s_compress(c, c->buf, 1);
	for (i = 0; i < out_len && i < B2S_OUT; i++)
		o[i] = (uint8_t)(c->h[i / 4] >> (8 * (i % 4)));
	return 0;
}
