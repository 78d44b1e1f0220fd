/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ECB and CBC (SP 800-38A 6.1, 6.2) as mode tables over a block table's
 * ecb_* / cbc_* functions: how blocks chain, and the IV's length. Buffering and
 * padding are the engine's (cipher.c, jca__block_*).
 */
#include <string.h>

#include "cipher_mode.h"

size_t jca__mode_no_tag(const cipher_ctx *c)
{
	(void)c;
	return 0;
}

/* ---- ECB: no IV ---- */

static void ecb_blocks(cipher_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
	const jca_cipher_impl *impl = c->impl;
	int rc = c->dir == JCA_ENCRYPT ? impl->ecb_encrypt(c->key, out, in, n) : impl->ecb_decrypt(c->key, out, in, n);

	if (rc)
		c->failed = 1;
}

static int ecb_decrypt_last(const cipher_ctx *c, uint8_t *out, const uint8_t *last, const uint8_t *chain)
{
	(void)chain;
	return c->impl->ecb_decrypt(c->key, out, last, 1);
}

/* ---- CBC: an IV of one block, chained through c->iv ---- */

static void cbc_blocks(cipher_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
	const jca_cipher_impl *impl = c->impl;
	int rc = c->dir == JCA_ENCRYPT ? impl->cbc_encrypt(c->key, c->iv, out, in, n)
	                               : impl->cbc_decrypt(c->key, c->iv, out, in, n);

	if (rc)
		c->failed = 1;
}

static int cbc_decrypt_last(const cipher_ctx *c, uint8_t *out, const uint8_t *last, const uint8_t *chain)
{
	uint8_t iv[MAX_BLOCK];
	int rc;

	memcpy(iv, chain, c->bs);
	rc = c->impl->cbc_decrypt(c->key, iv, out, last, 1);
	jca__wipe(iv, sizeof iv);
	return rc;
}

#define BLOCK_MODE(blocks_fn, last_fn, nblocks) \
	{ .extra = NULL, .init = jca__block_init, .update_aad = NULL, \
	  .update = jca__block_update, .final = jca__block_final, .output_size = jca__block_output_size, \
	  .reset = jca__block_reset, .iv = jca__block_iv, .tag_length = jca__mode_no_tag, .cleanup = NULL, \
	  .blocks = blocks_fn, .decrypt_last = last_fn, .iv_blocks = nblocks }

const struct jca__mode jca__mode_ecb = BLOCK_MODE(ecb_blocks, ecb_decrypt_last, 0);
const struct jca__mode jca__mode_cbc = BLOCK_MODE(cbc_blocks, cbc_decrypt_last, 1);
