/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 (RFC 8439, 2.1-2.4) and HChaCha20, portable: 32-bit additions,
 * XORs and rotations only, so constant time by construction.
 */
#include <string.h>

#include "chacha.h"
#include "../util/bytes.h"
#include "../util/mem.h"

#define ROTL32(x, n) ((uint32_t)((x) << (n)) | ((x) >> (32 - (n))))
#define QR(a, b, c, d)                                      \
	do {                                                    \
		a += b; d ^= a; d = ROTL32(d, 16);              \
		c += d; b ^= c; b = ROTL32(b, 12);              \
		a += b; d ^= a; d = ROTL32(d, 8);               \
		c += d; b ^= c; b = ROTL32(b, 7);               \
	} while (0)

/* "expand 32-byte k" */
static const uint32_t sigma[4] = { 0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u };

/* The 20 rounds (ten column and diagonal double rounds) on x. */
static void rounds(uint32_t x[16])
{
	int i;

	for (i = 0; i < 10; i++) {
		QR(x[0], x[4], x[8], x[12]);
		QR(x[1], x[5], x[9], x[13]);
		QR(x[2], x[6], x[10], x[14]);
		QR(x[3], x[7], x[11], x[15]);
		QR(x[0], x[5], x[10], x[15]);
		QR(x[1], x[6], x[11], x[12]);
		QR(x[2], x[7], x[8], x[13]);
		QR(x[3], x[4], x[9], x[14]);
	}
}

void jca__chacha20_init(jca__chacha20 *c, const uint8_t key[32], const uint8_t nonce[12], uint32_t counter)
{
	int i;

	for (i = 0; i < 4; i++)
		c->s[i] = sigma[i];
	for (i = 0; i < 8; i++)
		c->s[4 + i] = jca__load_le32(key + 4 * i);
	c->s[12] = counter;
	for (i = 0; i < 3; i++)
		c->s[13 + i] = jca__load_le32(nonce + 4 * i);
}

void jca__chacha20_block(jca__chacha20 *c, uint8_t out[64])
{
	uint32_t x[16];
	int i;

	memcpy(x, c->s, sizeof x);
	rounds(x);
	for (i = 0; i < 16; i++)
		jca__store_le32(out + 4 * i, x[i] + c->s[i]);
	c->s[12]++;
	jca__wipe(x, sizeof x);
}

void jca__chacha20_blocks_generic(jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint32_t x[16];
	size_t b;
	int i;

	/* the key stream goes straight into the xor, a word at a time */
	for (b = 0; b < nblocks; b++, in += 64, out += 64) {
		memcpy(x, c->s, sizeof x);
		rounds(x);
		for (i = 0; i < 16; i++)
			jca__store_le32(out + 4 * i, jca__load_le32(in + 4 * i) ^ (x[i] + c->s[i]));
		c->s[12]++;
	}
	jca__wipe(x, sizeof x);
}

void jca__chacha20_blocks(jca__chacha20 *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	jca__chacha20_blocks_generic(c, out, in, nblocks);
}

void jca__hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16])
{
	uint32_t x[16];
	int i;

	for (i = 0; i < 4; i++)
		x[i] = sigma[i];
	for (i = 0; i < 8; i++)
		x[4 + i] = jca__load_le32(key + 4 * i);
	for (i = 0; i < 4; i++)
		x[12 + i] = jca__load_le32(nonce + 4 * i);
	rounds(x);
	/* the first and last rows, without the feed-forward */
	for (i = 0; i < 4; i++) {
		jca__store_le32(out + 4 * i, x[i]);
		jca__store_le32(out + 16 + 4 * i, x[12 + i]);
	}
	jca__wipe(x, sizeof x);
}
