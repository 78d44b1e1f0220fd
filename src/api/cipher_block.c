/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ECB and CBC (SP 800-38A 6.1, 6.2) as mode tables over a block table's
 * ecb_* / cbc_* functions: the IV rule and how blocks chain. Buffering and
 * padding are the engine's (cipher.c, jca__block_*).
 */
#include <string.h>

#include "cipher_mode.h"

size_t jca__mode_no_extra(const jca_impl *impl)
{
	(void)impl;
	return 0;
}

size_t jca__mode_no_tag(const cipher_ctx *c)
{
	(void)c;
	return 0;
}

static void no_cleanup(cipher_ctx *c)
{
	(void)c;
}

/* ---- ECB: no IV ---- */

static int ecb_iv_rule(cipher_ctx *c, int opmode, const void **iv, size_t iv_len, uint8_t *fresh)
{
	(void)opmode;
	(void)fresh;
	if (*iv || iv_len)
		return jca__error(JCA_IVLEN, "%s: ECB mode takes no IV", c->name);
	return 0;
}

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

static const uint8_t *ecb_iv(const cipher_ctx *c, size_t *len)
{
	(void)c;
	*len = 0;
	return NULL;
}

/* ---- CBC: an IV of one block, chained through c->iv ---- */

static int cbc_iv_rule(cipher_ctx *c, int opmode, const void **iv, size_t iv_len, uint8_t *fresh)
{
	if (*iv) {
		if (iv_len != c->bs)
			return jca__error(JCA_IVLEN, "%s: IV must be %zu bytes, got %zu", c->name, c->bs, iv_len);
		return 0;
	}
	if (opmode == JCA_DECRYPT)
		return jca__error(JCA_NOIV, "%s: decryption needs an IV", c->name);
	if (iv_len && iv_len != c->bs)
		return jca__error(JCA_IVLEN, "%s: a random IV is %zu bytes (iv == NULL with iv_len 0 or %zu), not %zu",
		                  c->name, c->bs, c->bs, iv_len);
	if (jca__cipher_random_iv(fresh, c->bs) != 0)
		return jca__error(JCA_RANDOM, "%s: cannot draw a random IV", c->name);
	*iv = fresh;
	return 0;
}

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

static const uint8_t *cbc_iv(const cipher_ctx *c, size_t *len)
{
	*len = c->bs;
	return c->dir ? c->iv0 : NULL;
}

#define BLOCK_MODE(iv_rule, blocks_fn, last_fn, iv_fn) \
	{ .extra = jca__mode_no_extra, .init = jca__block_init, .update_aad = NULL, \
	  .update = jca__block_update, .final = jca__block_final, .output_size = jca__block_output_size, \
	  .reset = jca__block_reset, .iv = iv_fn, .tag_length = jca__mode_no_tag, .cleanup = no_cleanup, \
	  .block_iv = iv_rule, .blocks = blocks_fn, .decrypt_last = last_fn }

const struct jca__mode jca__mode_ecb = BLOCK_MODE(ecb_iv_rule, ecb_blocks, ecb_decrypt_last, ecb_iv);
const struct jca__mode jca__mode_cbc = BLOCK_MODE(cbc_iv_rule, cbc_blocks, cbc_decrypt_last, cbc_iv);
