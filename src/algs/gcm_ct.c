/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable CTR (32-bit counter) and GCM key setup over the constant-time
 * AES of aes_ct.c. The counter blocks are written out a batch at a time
 * and encrypted through the four-lane bitsliced ECB code. See gcm.h.
 */
#include <string.h>

#include "gcm.h"

#define BATCH 16               /* blocks per ECB call (a multiple of 4) */

static uint32_t load32be(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void store32be(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

int jca__aes_ct_ctr32(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint8_t ks[16 * BATCH];
	uint32_t n = load32be(ctr + 12);

	while (nblocks > 0) {
		size_t b = nblocks < BATCH ? nblocks : BATCH;

		for (size_t i = 0; i < b; i++) {
			memcpy(ks + 16 * i, ctr, 12);
			store32be(ks + 16 * i + 12, n++);
		}
		jca__aes_ct_ecb_encrypt(ctx, ks, ks, b);
		for (size_t i = 0; i < 16 * b; i++)
			out[i] = in[i] ^ ks[i];
		in += 16 * b;
		out += 16 * b;
		nblocks -= b;
	}
	store32be(ctr + 12, n);
	{
		volatile uint8_t *v = ks;

		for (size_t i = 0; i < sizeof ks; i++)
			v[i] = 0;
	}
	return 0;
}

int jca__aes_ct_gcm_init(const void *ctx, void *gkey)
{
	uint8_t h[16] = { 0 };

	jca__aes_ct_ecb_encrypt(ctx, h, h, 1);
	jca__ghash_ct_set_h(gkey, h);
	{
		volatile uint8_t *v = h;

		for (size_t i = 0; i < sizeof h; i++)
			v[i] = 0;
	}
	return 0;
}
