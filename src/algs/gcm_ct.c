/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable CTR (32-bit counter) and GCM key setup over the constant-time
 * AES of aes_ct.c. The counter blocks are written out a batch at a time
 * and encrypted through the four-lane bitsliced ECB code. See gcm.h.
 */
#include <string.h>

#include "gcm.h"
#include "../util/bytes.h"

#define BATCH 16               /* blocks per ECB call (a multiple of 4) */

int jca__aes_ct_ctr32(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	uint8_t ks[16 * BATCH];
	uint32_t n = jca__load_be32(ctr + 12);

	while (nblocks > 0) {
		size_t b = nblocks < BATCH ? nblocks : BATCH;

		for (size_t i = 0; i < b; i++) {
			memcpy(ks + 16 * i, ctr, 12);
			jca__store_be32(ks + 16 * i + 12, n++);
		}
		jca__aes_ct_ecb_encrypt(ctx, ks, ks, b);
		for (size_t i = 0; i < 16 * b; i++)
			out[i] = in[i] ^ ks[i];
		in += 16 * b;
		out += 16 * b;
		nblocks -= b;
	}
	jca__store_be32(ctr + 12, n);
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
