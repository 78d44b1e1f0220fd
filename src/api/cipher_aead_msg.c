/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GCM over an AEAD table's message-level functions (jca_aead_impl: init,
 * update, final; provider.h), for the counter-mode engine (cipher_aead.c);
 * and the AEAD known-answer test, run through the engine for either
 * shape of implementation.
 *
 * The engine keeps the JCA contract here as with the building blocks: the
 * implementation gets the caller's IV, or one of 16 bytes with the same J0
 * (cipher_gcm_iv.c); the AAD is held until the first data (the implementation takes it whole, as
 * PKCS#11's CK_GCM_PARAMS does); encryption streams through update;
 * decryption holds the whole ciphertext, decrypts it in place in the
 * engine's own buffer, and copies the plaintext out only once final
 * has verified the tag. A failed tag leaves the output untouched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cipher_aead_int.h"
#include "cipher_mode.h"

int jca__msg_aad(cipher_ctx *c, struct jca__aead *st, const uint8_t *aad, size_t len)
{
	if (jca__aead_append(&st->abuf, &st->acap, (size_t)st->aad_len, aad, len) != 0)
		return jca__error(JCA_ENOMEM, "cipher_update_aad: %s: out of memory holding %zu bytes of AAD", c->name,
		                  (size_t)st->aad_len + len);
	st->aad_len += len;
	return 0;
}

void jca__msg_encrypt(cipher_ctx *c, struct jca__aead *st, uint8_t *out, const uint8_t *in, size_t len)
{
	/* the first data (or the tag of an empty message): the AAD is complete */
	if (st->state == ST_AAD) {
		CHK(c->aead->init(c->key, c->dir == JCA_ENCRYPT, st->piv, st->piv_len, st->abuf,
		                  (size_t)st->aad_len, st->tag_len));
		st->state = ST_DATA;
	}
	if (len && !c->failed)
		CHK(c->aead->update(c->key, out, in, len));
	st->data_len += len;
}

void jca__msg_tag(cipher_ctx *c, struct jca__aead *st, uint8_t *tag)
{
	CHK(c->aead->final(c->key, tag, st->tag_len));
}

/* A table with open (ABI 3.1): it checks the tag before it writes, so the
 * plaintext goes straight to the caller's buffer; a message given whole
 * to cipher_do_final is never copied. */
static int open_direct(cipher_ctx *c, struct jca__aead *st, const uint8_t *in, size_t in_len, size_t len,
                       uint8_t *out, size_t *out_len)
{
	const uint8_t *ct = in;
	int rc;

	if (st->blen) {                    /* earlier updates held part of it */
		if ((rc = jca__aead_hold(c, st, in, in_len)) != 0)
			return rc;
		ct = st->buf;
	}
	CHK(c->aead->init(c->key, 0, st->piv, st->piv_len, st->abuf, (size_t)st->aad_len, st->tag_len));
	rc = 0;
	if (!c->failed) {
		rc = c->aead->open(c->key, out, ct, len, ct + len, st->tag_len);
		if (rc != 0 && rc != JCA_BADTAG)
			c->failed = 1;
	}
	jca__aead_rewind(c, st);
	if (c->failed)
		return jca__aead_impl_failed(c, "cipher_do_final", out, len);
	if (rc == JCA_BADTAG)
		return jca__error(JCA_BADTAG, "%s: tag mismatch: wrong key, IV or AAD, or corrupted data", c->name);
	*out_len = len;
	return 0;
}

int jca__msg_open(cipher_ctx *c, struct jca__aead *st, const uint8_t *in, size_t in_len, uint8_t *out,
                  size_t out_size, size_t *out_len)
{
	size_t total = st->blen + in_len, len;
	uint8_t tag[16];
	int rc;

	if (total < st->tag_len) {
		jca__aead_rewind(c, st);
		return jca__aead_short_error(c, total, st->tag_len);
	}
	len = total - st->tag_len;
	if ((uint64_t)len > jca__aead_max_data(c))
		return jca__aead_limit_error(c);
	if (out_size < len)
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu", len, out_size);
	if (c->aead->open)
		return open_direct(c, st, in, in_len, len, out, out_len);
	/* the whole message in the engine's buffer, decrypted there in place */
	if ((rc = jca__aead_hold(c, st, in, in_len)) != 0)
		return rc;
	memcpy(tag, st->buf + len, st->tag_len);
	/* (updates have moved the state to ST_DATA without starting anything) */
	CHK(c->aead->init(c->key, 0, st->piv, st->piv_len, st->abuf, (size_t)st->aad_len,
	                       st->tag_len));
	if (!c->failed && (len || jca__aead_whole(c)))
		CHK(c->aead->update(c->key, st->buf, st->buf, len));
	rc = 0;
	if (!c->failed) {
		rc = c->aead->final(c->key, tag, st->tag_len);
		if (rc != 0 && rc != JCA_BADTAG)
			c->failed = 1;
	}
	jca__wipe(tag, sizeof tag);
	if (c->failed) {
		jca__aead_rewind(c, st);
		return jca__aead_impl_failed(c, "cipher_do_final", NULL, 0);
	}
	if (rc == JCA_BADTAG) {
		jca__aead_rewind(c, st);
		return jca__error(JCA_BADTAG, "%s: tag mismatch: wrong key, IV or AAD, or corrupted data", c->name);
	}
	if (len)
		memcpy(out, st->buf, len);
	jca__aead_rewind(c, st);           /* wipes the plaintext left in the buffer */
	*out_len = len;
	return 0;
}

int jca__msg_seal(cipher_ctx *c, struct jca__aead *st, const uint8_t *in, size_t in_len, uint8_t *out,
                  size_t out_size, size_t *out_len)
{
	size_t len = jca__sat_add(st->blen, in_len), need = jca__sat_add(len, st->tag_len);
	uint8_t tag[16];
	int rc;

	if ((uint64_t)len > jca__aead_max_data(c))
		return jca__aead_limit_error(c);
	if (out_size < need)
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu", need, out_size);
	if ((rc = jca__aead_hold(c, st, in, in_len)) != 0)
		return rc;
	jca__gcm_release(c, st);
	CHK(c->aead->init(c->key, 1, st->piv, st->piv_len, st->abuf, (size_t)st->aad_len, st->tag_len));
	if (!c->failed)
		CHK(c->aead->update(c->key, out, st->buf, len));
	if (!c->failed)
		CHK(c->aead->final(c->key, tag, st->tag_len));
	if (c->failed) {
		jca__wipe(tag, sizeof tag);
		jca__aead_rewind(c, st);
		return jca__aead_impl_failed(c, "cipher_do_final", out, len);
	}
	memcpy(out + len, tag, st->tag_len);
	jca__wipe(tag, sizeof tag);
	*out_len = len + st->tag_len;
	jca__aead_rewind(c, st);
	st->state = ST_DONE;
	return 0;
}

/* ---- the AEAD known-answer test (JCA_KAT_AEAD) -------------------------- */

static int kat_run(cipher_ctx *c, const jca_kat *k, uint8_t *buf, uint8_t *back)
{
	size_t n = 0, tl = k->tag_len, len = k->in_len;

	/* encryption gives out || tag */
	c->tag_req = (uint8_t)tl;
	if (c->mt->init(c, JCA_ENCRYPT, k->key, k->key_len, k->iv, k->iv_len) != 0 ||
	    (k->aad_len && cipher_update_aad(c, k->aad, k->aad_len) != 0) ||
	    c->mt->final(c, k->in, len, buf, len + tl, &n) != 0 || n != len + tl ||
	    (len && memcmp(buf, k->out, len) != 0) || (tl && memcmp(buf + len, k->tag, tl) != 0))
		return -1;
	/* decryption of out || tag gives in */
	if (c->mt->init(c, JCA_DECRYPT, k->key, k->key_len, k->iv, k->iv_len) != 0 ||
	    (k->aad_len && cipher_update_aad(c, k->aad, k->aad_len) != 0) ||
	    c->mt->final(c, buf, len + tl, back, len + 1, &n) != 0 || n != len ||
	    (len && memcmp(back, k->in, len) != 0))
		return -1;
	/* and a flipped tag bit is refused (a stream cipher has none) */
	if (!tl)
		return 0;
	buf[len + tl - 1] ^= 0x80;
	if (c->mt->init(c, JCA_DECRYPT, k->key, k->key_len, k->iv, k->iv_len) != 0 ||
	    (k->aad_len && cipher_update_aad(c, k->aad, k->aad_len) != 0) ||
	    c->mt->final(c, buf, len + tl, back, len + 1, &n) != JCA_BADTAG)
		return -1;
	return 0;
}

int jca__aead_self_test(const struct jca_service *s, const jca_impl *impl, const jca_kat *k)
{
	const jca_aead_impl *a = jca__as_aead(impl);
	uint8_t mode = (a && a->rules != JCA_AEAD_GCM) || jca__as_stream(impl) ? JCA__MODE_AEAD : JCA__MODE_GCM;
	size_t size = sizeof(cipher_ctx) + impl->ctx_size + jca__mode_extra(jca__mode_pick(mode, impl), impl);
	cipher_ctx *c = jca__alloc(size);
	uint8_t *buf = malloc(k->in_len + 16), *back = malloc(k->in_len + 1);
	int rc = -1, prev = jca_last_error();
	char prev_msg[256];

	/* the test's own refusals (the flipped tag) must not show: a
	 * successful call leaves the thread's last error alone */
	snprintf(prev_msg, sizeof prev_msg, "%s", jca_last_error_message());
	if (c)
		memset(c, 0, size);
	if (c && jca__ctx_open(s, impl, c->key) != 0) {
		jca__free(c, size);
		c = NULL;
	}
	if (c && buf && back) {
		jca__cipher_bind(c, impl);
		c->svc = s;
		c->name = s->algorithm;            /* (its messages are not shown) */
		jca__cipher_set_mode(c, mode);
		c->padding = JCA__PAD_NONE;
		rc = kat_run(c, k, buf, back);
		c->mt->cleanup(c);
	}
	if (c)
		jca__ctx_close(impl, c->key);
	if (c)
		jca__free(c, size);
	if (buf)
		jca__wipe(buf, k->in_len + 16);
	if (back)
		jca__wipe(back, k->in_len + 1);
	free(buf);
	free(back);
	jca__error(prev, "%s", prev ? prev_msg : "");
	return rc;
}

/* ---- the mode tables ---------------------------------------------------- */

static void aead_cleanup(cipher_ctx *c)
{
	jca__aead_cleanup(c);
}

/* An AEAD table's own algorithm: GCM, ChaCha20-Poly1305, ... */
const struct jca__mode jca__mode_aead = {
	.extra = jca__aead_extra, .init = jca__aead_init, .update_aad = jca__aead_update_aad,
	.update = jca__aead_update, .final = jca__aead_final, .output_size = jca__aead_output_size,
	.reset = jca__aead_reset, .iv = jca__aead_iv, .tag_length = jca__aead_tag_length, .cleanup = aead_cleanup,
};
