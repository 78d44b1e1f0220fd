/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GCM's counter, GHASH, J0 and tag over an implementation's building
 * blocks (ctr32, gcm_init, ghash, gcm_encrypt: provider.h, ABI 2.2), for
 * the AEAD engine (cipher_aead.c), and the GCM mode table. SP 800-38D 6-7.
 * (CTR is a module of its own: cipher_ctr.c.)
 */
#include <string.h>

#include "cipher_aead_int.h"
#include "cipher_mode.h"
#include "../util/bytes.h"

/* ---- counters -------------------------------------------------------- */

/* The keystream block at the counter, which then advances. */
static void next_keystream(cipher_ctx *c, struct jca__aead *st)
{
	memset(st->ks, 0, 16);
	CHK(c->impl->ctr32(c->key, st->ctr, st->ks, st->ks, 1));
}

/* Whole blocks go straight through the backend; a partial block is
 * continued from st->ks. */
void jca__aead_crypt(cipher_ctx *c, struct jca__aead *st, uint8_t *out, const uint8_t *in, size_t len, int hash)
{
	const jca_cipher_impl *impl = c->impl;
	size_t pos = (size_t)(st->data_len & 15), n;

	st->data_len += len;
	/* the rest of a partial block */
	if (pos) {
		size_t k = 16 - pos < len ? 16 - pos : len;

		for (size_t i = 0; i < k; i++) {
			out[i] = in[i] ^ st->ks[pos + i];
			if (hash)
				st->part[pos + i] = out[i];
		}
		in += k;
		out += k;
		len -= k;
		if (pos + k < 16)
			return;
		if (hash)
			CHK(impl->ghash(st->gkey, st->xi, st->part, 1));
	}
	n = len / 16;
	if (n) {
		if (!hash) {
			CHK(impl->ctr32(c->key, st->ctr, out, in, n));
		} else if (impl->gcm_encrypt) {
			CHK(impl->gcm_encrypt(c->key, st->gkey, st->ctr, st->xi, out, in, n));
		} else {
			CHK(impl->ctr32(c->key, st->ctr, out, in, n));
			CHK(impl->ghash(st->gkey, st->xi, out, n));
		}
		in += 16 * n;
		out += 16 * n;
		len -= 16 * n;
	}
	if (len) {
		next_keystream(c, st);
		for (size_t i = 0; i < len; i++) {
			out[i] = in[i] ^ st->ks[i];
			if (hash)
				st->part[i] = out[i];
		}
	}
}

/* ---- GHASH, J0, tag ---------------------------------------------------- */

void jca__gcm_ghash_padded(cipher_ctx *c, void *gkey, uint8_t xi[16], const uint8_t *p, size_t len)
{
	size_t n = len / 16;

	if (n)
		CHK(c->impl->ghash(gkey, xi, p, n));
	if (len % 16) {
		uint8_t last[16] = { 0 };

		memcpy(last, p + 16 * n, len % 16);
		CHK(c->impl->ghash(gkey, xi, last, 1));
	}
}

void jca__gcm_j0_hashed(cipher_ctx *c, void *gkey, const uint8_t *iv, size_t iv_len, uint8_t j0[16])
{
	uint8_t lens[16] = { 0 };

	memset(j0, 0, 16);
	jca__gcm_ghash_padded(c, gkey, j0, iv, iv_len);
	jca__store_be64(lens + 8, (uint64_t)iv_len * 8);
	CHK(c->impl->ghash(gkey, j0, lens, 1));
}

void jca__gcm_start_data(cipher_ctx *c, struct jca__aead *st)
{
	if (st->state == ST_AAD && (st->aad_len & 15) && !jca__aead_msg(c)) {
		size_t r = (size_t)(st->aad_len & 15);

		memset(st->part + r, 0, 16 - r);
		CHK(c->impl->ghash(st->gkey, st->xi, st->part, 1));
	}
	st->state = ST_DATA;
}

void jca__gcm_close_data(cipher_ctx *c, struct jca__aead *st)
{
	if (st->data_len & 15) {
		size_t r = (size_t)(st->data_len & 15);

		memset(st->part + r, 0, 16 - r);
		CHK(c->impl->ghash(st->gkey, st->xi, st->part, 1));
	}
}

void jca__gcm_tag(cipher_ctx *c, struct jca__aead *st, uint8_t tag[16])
{
	uint8_t lens[16], j0[16];

	/* E(J0) first: it does not wait for the GHASH chain, so it runs in
	 * its shadow; one block, by the single-block ECB path where there is
	 * one (cheaper to start than the wide counter code) */
	if (c->impl->ecb_encrypt) {
		CHK(c->impl->ecb_encrypt(c->key, tag, st->j0, 1));
	} else {
		memcpy(j0, st->j0, 16);
		memset(tag, 0, 16);
		CHK(c->impl->ctr32(c->key, j0, tag, tag, 1));
	}
	jca__put_be64x2(lens, st->aad_len * 8, st->data_len * 8);
	CHK(c->impl->ghash(st->gkey, st->xi, lens, 1));
	/* by 16 bytes: a byte loop (tag may alias nothing, but the compiler
	 * cannot tell) leaves byte stores that the tag's 16-byte copy waits for */
	{
		jca__u64x2 t, x;

		memcpy(&t, tag, 16);
		memcpy(&x, st->xi, 16);
		t ^= x;
		memcpy(tag, &t, 16);
	}
}

void jca__aead_rewind(cipher_ctx *c, struct jca__aead *st)
{
	/* GCM's data starts at inc32(J0); one store (jca__put_be64x2). (An
	 * AEAD table's own counter is its business: st->ctr goes unused.) */
	uint64_t hi = jca__load_be64(st->j0 + 8);

	(void)c;
	jca__put_be64x2(st->ctr, jca__load_be64(st->j0), (hi & ~(uint64_t)0xffffffff) | (uint32_t)(hi + 1));
	/* (the next use reads them: plain stores are not optimised away) */
	memset(st->xi, 0, sizeof st->xi);
	memset(st->ks, 0, sizeof st->ks);
	memset(st->part, 0, sizeof st->part);
	if (st->abuf)
		jca__wipe(st->abuf, (size_t)st->aad_len);
	st->aad_len = st->data_len = 0;
	st->state = ST_AAD;
	if (st->buf)
		jca__wipe(st->buf, st->blen);
	st->blen = 0;
}

/* ---- the mode tables ---------------------------------------------------- */

static size_t gcm_extra(const jca_impl *impl)
{
	const jca_cipher_impl *b = jca__as_aead(impl) ? NULL : (const jca_cipher_impl *)(const void *)impl;

	return jca__aead_extra(impl) + (b ? jca__align16(b->gcm_key_size) : 0);
}

static void gcm_cleanup(cipher_ctx *c)
{
	jca__aead_cleanup(c);
}

const struct jca__mode jca__mode_gcm = {
	.extra = gcm_extra, .init = jca__aead_init, .update_aad = jca__aead_update_aad,
	.update = jca__aead_update, .final = jca__aead_final, .output_size = jca__aead_output_size,
	.reset = jca__aead_reset, .iv = jca__aead_iv, .tag_length = jca__aead_tag_length, .cleanup = gcm_cleanup,
};
