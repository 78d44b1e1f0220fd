/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The keystream shape (jca_stream_impl, ABI 3.4): a stream cipher such as
 * ChaCha20, as a mode table. No tag, no AAD; both directions stream. The
 * contract kept here: the nonce's length and a random nonce when encrypting
 * without one, the IV-reuse guard on (key, nonce) as for the AEADs, the
 * limit per key and nonce, the object back at its nonce after a
 * decryption's cipher_do_final (and after cipher_reset), finished after an
 * encryption's (jca/cipher.h).
 */
#include <string.h>

#include "cipher_aead_int.h"
#include "cipher_mode.h"

struct stream_state {
	uint8_t nonce[JCA__AEAD_ID];
	uint8_t state;                 /* ST_DATA, ST_DONE (cipher_aead_int.h) */
	uint8_t released;              /* this encryption gave out keystream */
	/* The IV-reuse guard: key and nonce of the last initialisation for
	 * encryption (init_*) and of the last encryption that gave out data
	 * (used_*). */
	uint8_t init_set, used_set, init_key_len, used_key_len;
	uint8_t init_key[JCA__AEAD_MAX_KEY], used_key[JCA__AEAD_MAX_KEY];
	uint8_t init_nonce[JCA__AEAD_ID], used_nonce[JCA__AEAD_ID];
	uint64_t data_len;             /* bytes under this nonce so far */
};

static const jca_stream_impl *stream_of(const cipher_ctx *c)
{
	return (const jca_stream_impl *)(const void *)c->base;
}

static struct stream_state *state_of(const cipher_ctx *c)
{
	return (struct stream_state *)(void *)((unsigned char *)c->key + jca__align16(c->base->ctx_size));
}

static size_t stream_extra(const jca_impl *impl)
{
	return jca__align16(impl->ctx_size) - impl->ctx_size + sizeof(struct stream_state);
}

static uint64_t max_data(const cipher_ctx *c)
{
	return stream_of(c)->max_data ? stream_of(c)->max_data : UINT64_MAX;
}

static int failed(cipher_ctx *c, const char *fn, void *out, size_t n)
{
	if (out && n)
		jca__wipe(out, n);
	c->dir = 0;
	return jca__error(JCA_IMPL, "%s: %s: implementation %s failed%s; call cipher_init", fn, c->name, c->base->name,
	                  jca__impl_reason());
}

static int recorded(uint8_t set, uint8_t rec_len, const uint8_t *rec_key, const uint8_t *rec_nonce,
                    const uint8_t *key, size_t key_len, const uint8_t *nonce)
{
	return set && rec_len == key_len && !memcmp(rec_nonce, nonce, JCA__AEAD_ID) &&
	       !jca__ct_diff(rec_key, key, key_len);
}

static int stream_init(cipher_ctx *c, int opmode, const void *key, size_t key_len, const void *iv, size_t iv_len)
{
	size_t tag_len = c->tag_req;

	struct stream_state *st = state_of(c);
	size_t nl = stream_of(c)->nonce_len;
	uint8_t nonce[JCA__AEAD_ID] = { 0 };

	if (tag_len)
		return jca__error(JCA_EINVAL, "%s: a stream cipher has no tag", c->name);
	if (key_len > JCA__AEAD_MAX_KEY)
		return jca__error(JCA_KEYLEN, "%s: key of %zu bytes", c->name, key_len);
	if (iv) {
		if (iv_len != nl)
			return jca__error(JCA_IVLEN, "%s: the nonce must be %zu bytes, got %zu", c->name, nl, iv_len);
		memcpy(nonce, iv, nl);
	} else if (opmode == JCA_DECRYPT) {
		return jca__error(JCA_NOIV, "%s: decryption needs the nonce", c->name);
	} else if (iv_len && iv_len != nl) {
		return jca__error(JCA_IVLEN, "%s: a random nonce is %zu bytes (iv == NULL with iv_len 0 or %zu), not %zu",
		                  c->name, nl, nl, iv_len);
	} else if (jca__cipher_random_iv(nonce, nl) != 0) {
		return jca__error(JCA_RANDOM, "%s: cannot draw a random nonce", c->name);
	}
	if (opmode == JCA_ENCRYPT &&
	    (recorded(st->init_set, st->init_key_len, st->init_key, st->init_nonce, key, key_len, nonce) ||
	     recorded(st->used_set, st->used_key_len, st->used_key, st->used_nonce, key, key_len, nonce)))
		return jca__error(JCA_IVREUSE, "%s: this key and nonce were already used for encryption; it needs a "
		                  "fresh nonce for every encryption", c->name);
	if (stream_of(c)->set_key(c->key, key, key_len) != 0) {
		jca__cipher_drop_key(c);
		c->dir = 0;
		st->init_set = 0;
		return jca__error(JCA_KEYLEN, "%s: implementation %s refused the key%s", c->name, c->base->name,
		                  jca__impl_reason());
	}
	if (stream_of(c)->start(c->key, nonce, nl) != 0)
		return failed(c, "cipher_init", NULL, 0);
	memcpy(st->nonce, nonce, sizeof nonce);
	if (opmode == JCA_ENCRYPT) {
		memset(st->init_key, 0, sizeof st->init_key);
		memcpy(st->init_key, key, key_len);
		st->init_key_len = (uint8_t)key_len;
		memcpy(st->init_nonce, nonce, sizeof nonce);
		st->init_set = 1;
	}
	c->dir = (uint8_t)opmode;
	st->state = ST_DATA;
	st->released = 0;
	st->data_len = 0;
	return 0;
}

/* Back to the start of the keystream under the same key and nonce. */
static int rewind_stream(cipher_ctx *c, struct stream_state *st)
{
	st->data_len = 0;
	return stream_of(c)->start(c->key, st->nonce, stream_of(c)->nonce_len);
}

static int crypt(cipher_ctx *c, const char *fn, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size)
{
	struct stream_state *st = state_of(c);

	if (st->state == ST_DONE)
		return jca__error(JCA_NOTINIT, "%s: %s encryption is finished; call cipher_init with a new nonce", fn,
		                  c->name);
	if (out_size < in_len)
		return jca__error(JCA_BUFSIZE, "%s: output needs %zu bytes, got %zu", fn, in_len, out_size);
	if (in_len > max_data(c) - st->data_len)
		return jca__error(JCA_LIMIT, "%s: more than %llu bytes of data for one key and nonce", c->name,
		                  (unsigned long long)max_data(c));
	if (in_len && c->dir == JCA_ENCRYPT && !st->released) {
		memcpy(st->used_key, st->init_key, sizeof st->used_key);
		memcpy(st->used_nonce, st->init_nonce, sizeof st->used_nonce);
		st->used_key_len = st->init_key_len;
		st->used_set = st->init_set;
		st->released = 1;
	}
	st->data_len += in_len;
	if (stream_of(c)->crypt(c->key, out, in, in_len) != 0)
		return failed(c, fn, out, in_len);
	return 0;
}

static int stream_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                         size_t *out_len)
{
	int rc = crypt(c, "cipher_update", in, in_len, out, out_size);

	if (rc)
		return rc;
	*out_len = in_len;
	return 0;
}

static int stream_final(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                        size_t *out_len)
{
	struct stream_state *st = state_of(c);
	int rc = crypt(c, "cipher_do_final", in, in_len, out, out_size);

	if (rc)
		return rc;
	if (c->dir == JCA_ENCRYPT) {
		/* (with released set, nothing else may run under this nonce) */
		st->state = ST_DONE;
		st->released = 1;
	} else if (rewind_stream(c, st) != 0) {
		return failed(c, "cipher_do_final", out, in_len);
	}
	*out_len = in_len;
	return 0;
}

static size_t stream_output_size(const cipher_ctx *c, size_t in_len)
{
	(void)c;
	return in_len;
}

static int stream_reset(cipher_ctx *c)
{
	struct stream_state *st = state_of(c);

	if (c->dir == JCA_ENCRYPT && st->released) {
		st->state = ST_DONE;
		return jca__error(JCA_IVREUSE, "cipher_reset: %s: this encryption has released output under its key and "
		                  "nonce, which must not encrypt again: call cipher_init with a new nonce", c->name);
	}
	if (rewind_stream(c, st) != 0)
		return failed(c, "cipher_reset", NULL, 0);
	st->state = ST_DATA;
	return 0;
}

static const uint8_t *stream_iv(const cipher_ctx *c, size_t *len)
{
	*len = stream_of(c)->nonce_len;
	return c->dir ? state_of(c)->nonce : NULL;
}

static void stream_cleanup(cipher_ctx *c)
{
	(void)c;
}

const struct jca__mode jca__mode_stream = {
	.extra = stream_extra, .init = stream_init, .update_aad = NULL, .update = stream_update,
	.final = stream_final, .output_size = stream_output_size, .reset = stream_reset, .iv = stream_iv,
	.tag_length = jca__mode_no_tag, .cleanup = stream_cleanup,
};
