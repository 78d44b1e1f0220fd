/* SPDX-License-Identifier: Apache-2.0 */
/* Cipher engine: the contract (arguments, key lengths, the object's life)
 * over the mode table chosen when the object is made (cipher_mode.h), and
 * the buffering and padding of the block modes, whose tables (ECB, CBC:
 * cipher_block.c) say how blocks chain. See jca/cipher.h. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/osrandom.h"
#include "cipher_mode.h"

static cipher_ctx *cipher_create(const jca__resolved *r)
{
	const jca_impl *impl = r->impl;
	const struct jca__mode *mt = jca__mode_pick(jca__variant_mode(r->variant), impl);
	size_t extra = jca__mode_extra(mt, impl);
	cipher_ctx *c = jca__alloc(sizeof *c + impl->ctx_size + extra);

	if (!c) {
		jca__error(JCA_ENOMEM, "out of memory creating Cipher \"%s\"", r->canon);
		return NULL;
	}
	/* The header starts zeroed up to its buffers (iv, iv0: written by
	 * cipher_init before anything reads them, which needs c->dir), and
	 * buf zeroed (cipher_init wipes it only after an initialised object
	 * used it); the key schedule is started by the lifecycle (zeroed and
	 * attached when the implementation has one; other schedules are
	 * written in full by set_key); the mode state starts zeroed. */
	memset(c, 0, offsetof(cipher_ctx, iv));
	memset(c->buf, 0, sizeof c->buf);
	if (extra)
		memset(c->key + impl->ctx_size, 0, extra);
	jca__cipher_bind(c, impl);
	c->svc = r->svc;
	c->name = r->canon;
	c->mode = jca__mode_engine(jca__variant_mode(r->variant), impl);
	c->mt = mt;
	c->padding = jca__variant_padding(r->variant);
	c->pinned = jca__variant_keylen(r->variant);
	if (jca__obj_open(r->svc, impl, c->key) != 0) {
		jca__free(c, sizeof *c + impl->ctx_size + extra);
		jca__error(JCA_IMPL, "Cipher \"%s\": implementation %s failed to attach%s", r->canon, impl->name,
		           jca__impl_reason());
		return NULL;
	}
	return c;
}

cipher_ctx *cipher_get_instance(const char *transformation)
{
	const jca__resolved *r = jca__lookup(JCA_CIPHER, transformation, NULL);

	return r ? cipher_create(r) : NULL;
}

cipher_ctx *cipher_get_instance_from(const char *transformation, const char *provider)
{
	const jca__resolved *r = jca__lookup_from(JCA_CIPHER, transformation, provider);

	return r ? cipher_create(r) : NULL;
}

const cipher_handle *cipher_lookup(const char *transformation)
{
	return (const cipher_handle *)jca__lookup(JCA_CIPHER, transformation, NULL);
}

cipher_ctx *cipher_new(const cipher_handle *h)
{
	const jca__resolved *r = jca__from_handle(JCA_CIPHER, h);

	return r ? cipher_create(r) : NULL;
}

int jca__cipher_random_iv(uint8_t *iv, size_t len)
{
	int prev = jca_last_error();
	char msg[256];

	if (jca_random(iv, len) == 0)
		return 0;
	/* The default SecureRandom could not run (it needs an AES it can
	 * embed): the kernel, its own entropy source, directly. Its error
	 * does not stay behind when the IV is drawn after all. */
	snprintf(msg, sizeof msg, "%s", jca_last_error_message());
	if (jca__os_random(iv, len) == 0) {
		jca__error(prev, "%s", prev ? msg : "");
		return 0;
	}
	return -1;
}

/* The opmode, key and key length of cipher_init and cipher_init_aead are
 * sound (the reason otherwise: init_refused, off the hot path, so that
 * cipher_init is a jump to the mode's init). */
static inline int init_ok(const cipher_ctx *c, int opmode, const void *key, size_t key_len)
{
	return c && (opmode == JCA_ENCRYPT || opmode == JCA_DECRYPT) && (key || !key_len) &&
	       (c->pinned ? key_len == c->pinned : jca__cipher_key_size_ok(c->base, key_len));
}

__attribute__((noinline, cold)) static int init_refused(const cipher_ctx *c, const char *fn, int opmode,
                                                         const void *key, size_t key_len)
{
	if (!c)
		return jca__error(JCA_EINVAL, "%s: NULL object", fn);
	if (opmode != JCA_ENCRYPT && opmode != JCA_DECRYPT)
		return jca__error(JCA_EINVAL, "%s: opmode must be JCA_ENCRYPT or JCA_DECRYPT", fn);
	if (!key && key_len)
		return jca__error(JCA_EINVAL, "%s: key is NULL", fn);
	if (c->pinned ? key_len != c->pinned : !jca__cipher_key_size_ok(c->base, key_len))
		return jca__error(JCA_KEYLEN, "%s: invalid key length %zu bytes%s", c->name, key_len,
		                  c->pinned ? " (the transformation pins the key size)" : "");
	return 0;
}

int cipher_init(cipher_ctx *c, cipher_opmode opmode, const void *key, size_t key_len,
                const void *iv, size_t iv_len)
{
	if (!init_ok(c, (int)opmode, key, key_len))
		return init_refused(c, "cipher_init", (int)opmode, key, key_len);
	c->tag_req = 0;
	return c->mt->init(c, (int)opmode, key, key_len, iv, iv_len);
}

int cipher_init_aead(cipher_ctx *c, cipher_opmode opmode, const void *key, size_t key_len, const void *iv,
                     size_t iv_len, size_t tag_len)
{
	if (!c)
		return jca__error(JCA_EINVAL, "cipher_init_aead: NULL object");
	if (!c->mt->update_aad)
		return jca__error(JCA_EINVAL, "cipher_init_aead: %s is not an AEAD mode", c->name);
	if (tag_len - 1 > 254)                 /* 0, or too long for any mode (c->tag_req is a byte) */
		return jca__error(JCA_EINVAL, "%s: a tag of %zu bytes", c->name, tag_len);
	if (!init_ok(c, (int)opmode, key, key_len))
		return init_refused(c, "cipher_init_aead", (int)opmode, key, key_len);
	c->tag_req = (uint8_t)tag_len;
	return c->mt->init(c, (int)opmode, key, key_len, iv, iv_len);
}

int cipher_update_aad(cipher_ctx *c, const void *aad, size_t len)
{
	if (!c)
		return jca__error(JCA_EINVAL, "cipher_update_aad: NULL object");
	if (!aad && len)
		return jca__error(JCA_EINVAL, "cipher_update_aad: NULL buffer");
	if (!c->mt->update_aad)
		return jca__error(JCA_EINVAL, "cipher_update_aad: %s takes no additional authenticated data",
		                  c->name);
	if (!c->dir)
		return jca__error(JCA_NOTINIT, "cipher_update_aad: %s is not initialised (call cipher_init)", c->name);
	return c->mt->update_aad(c, aad, len);
}

/* The block modes (the ECB and CBC tables' init): an IV of the mode's
 * length (none for ECB; a random one when encrypting without one, drawn
 * into the object), then the key. No tag (cipher_init_aead refuses a mode
 * without AAD). */
int jca__block_init(cipher_ctx *c, int opmode, const void *key, size_t key_len, const void *iv, size_t iv_len)
{
	size_t n = c->mt->iv_blocks * c->bs;

	if (!n) {
		if (iv || iv_len)
			return jca__error(JCA_IVLEN, "%s takes no IV", c->name);
	} else if (iv) {
		if (iv_len != n)
			return jca__error(JCA_IVLEN, "%s: IV must be %zu bytes, got %zu", c->name, n, iv_len);
	} else if (opmode == JCA_DECRYPT) {
		return jca__error(JCA_NOIV, "%s: decryption needs an IV", c->name);
	} else if (iv_len && iv_len != n) {
		return jca__error(JCA_IVLEN, "%s: a random IV is %zu bytes (iv == NULL with iv_len 0 or %zu), not %zu",
		                  c->name, n, n, iv_len);
	} else {
		if (jca__cipher_random_iv(c->iv, n) != 0)
			return jca__error(JCA_RANDOM, "%s: cannot draw a random IV", c->name);
		iv = c->iv;
	}
	if (c->impl->set_key(c->key, key, key_len) != 0) {
		jca__cipher_drop_key(c);
		jca__wipe(c->buf, sizeof c->buf);
		c->dir = 0;
		return jca__error(JCA_KEYLEN, "%s: implementation %s refused the key%s", c->name, c->base->name,
		                  jca__impl_reason());
	}
	/* what an initialised object held back (an object not initialised
	 * holds nothing: new, or wiped when it failed) */
	if (c->dir)
		jca__wipe(c->buf, sizeof c->buf);
	c->dir = (uint8_t)opmode;
	c->buflen = 0;
	if (iv) {
		memcpy(c->iv0, iv, c->bs);
		if (iv != c->iv)               /* (a random IV is there already) */
			memcpy(c->iv, iv, c->bs);
	} else {
		memset(c->iv0, 0, sizeof c->iv0);
		memset(c->iv, 0, sizeof c->iv);
	}
	return 0;
}

/* Runs n whole blocks through the mode (a failure in c->failed). */
static void blocks(cipher_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
	if (n)
		c->mt->blocks(c, out, in, n);
}

/* A block function failed: wipe what was written, leave the object
 * uninitialised (cipher_init starts again) and report it. */
static int failed(cipher_ctx *c, const char *fn, void *out, size_t n)
{
	if (n)
		jca__wipe(out, n);
	jca__wipe(c->buf, sizeof c->buf);
	c->buflen = 0;
	c->failed = 0;
	c->dir = 0;
	return jca__error(JCA_IMPL, "%s: %s: implementation %s failed%s; call cipher_init", fn, c->name,
	                  c->base->name, jca__impl_reason());
}

/* Decrypting with padding holds back the last full block for do_final. */
static int holds_last(const cipher_ctx *c)
{
	return c->dir == JCA_DECRYPT && c->padding == JCA__PAD_PKCS5;
}

/* Blocks that an update of in_len bytes would process now: (buflen +
 * in_len) / bs, written so that no sum wraps. */
static size_t blocks_now(const cipher_ctx *c, size_t in_len)
{
	size_t r = c->buflen + in_len % c->bs, n = in_len / c->bs + r / c->bs;

	if (holds_last(c) && n && r % c->bs == 0)
		n--;
	return n;
}

/* n blocks in bytes, or SIZE_MAX if that does not fit */
static size_t blocks_bytes(const cipher_ctx *c, size_t n)
{
	return n > SIZE_MAX / c->bs ? SIZE_MAX : n * c->bs;
}

static int overlaps(const void *in, size_t in_len, const void *out, size_t out_len)
{
	const uint8_t *a = in, *b = out;

	if (a == b || !in_len || !out_len)
		return 0;
	return a < b + out_len && b < a + in_len;
}

/* The update step proper; the caller has checked everything. */
static size_t do_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out)
{
	size_t bs = c->bs, n = blocks_now(c, in_len);
	size_t total = c->buflen + in_len, keep = total - n * bs;
	uint8_t tail[2 * MAX_BLOCK];

	if (!n) {
		if (in_len)
			memcpy(c->buf + c->buflen, in, in_len);
		c->buflen += in_len;
		return 0;
	}
	/* The bytes that stay buffered: the last `keep` of buf || in. keep <=
	 * bs, and since n >= 1 consumes at least one block they all come from
	 * in unless buf held more than in gives (keep > in_len). */
	if (keep <= in_len) {
		memcpy(tail, in + in_len - keep, keep);
	} else {
		memcpy(tail, c->buf + c->buflen - (keep - in_len), keep - in_len);
		memcpy(tail + keep - in_len, in, in_len);
	}
	if (c->buflen == 0) {
		blocks(c, out, in, n);
	} else if (in == out) {
		/* In place: shift the input up behind the buffered bytes, then
		 * run every block in place. Fits: n * bs <= out_size. */
		memmove(out + c->buflen, in, n * bs - c->buflen);
		memcpy(out, c->buf, c->buflen);
		blocks(c, out, out, n);
	} else {
		uint8_t first[MAX_BLOCK];
		size_t from_in = bs - c->buflen;

		memcpy(first, c->buf, c->buflen);
		memcpy(first + c->buflen, in, from_in);
		blocks(c, out, first, 1);
		blocks(c, out + bs, in + from_in, n - 1);
		jca__wipe(first, sizeof first);
	}
	memcpy(c->buf, tail, keep);
	c->buflen = keep;
	jca__wipe(tail, sizeof tail);
	return n * bs;
}

/* The arguments of cipher_update and cipher_do_final are sound (the
 * reason otherwise: io_refused, off the hot path, so that both are a jump
 * to the mode's function). */
static inline int io_ok(const cipher_ctx *c, const void *in, size_t in_len, const void *out, size_t out_size,
                        const size_t *out_len)
{
	return c && out_len && (in || !in_len) && (out || !out_size) && c->dir && !overlaps(in, in_len, out, out_size);
}

__attribute__((noinline, cold)) static int io_refused(const cipher_ctx *c, const char *fn, const void *in,
                                                       size_t in_len, const void *out, size_t out_size,
                                                       const size_t *out_len)
{
	if (!c)
		return jca__error(JCA_EINVAL, "%s: NULL object", fn);
	if (!out_len || (!in && in_len) || (!out && out_size))
		return jca__error(JCA_EINVAL, "%s: NULL buffer or length pointer", fn);
	if (!c->dir)
		return jca__error(JCA_NOTINIT, "%s: %s is not initialised (call cipher_init)", fn, c->name);
	if (overlaps(in, in_len, out, out_size))
		return jca__error(JCA_OVERLAP, "%s: input and output overlap without being the same buffer", fn);
	return 0;
}

int cipher_update(cipher_ctx *c, const void *in, size_t in_len, void *out, size_t out_size, size_t *out_len)
{
	if (!io_ok(c, in, in_len, out, out_size, out_len))
		return io_refused(c, "cipher_update", in, in_len, out, out_size, out_len);
	return c->mt->update(c, in, in_len, out, out_size, out_len);
}

int jca__block_update(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                      size_t *out_len)
{
	size_t need;

	need = blocks_bytes(c, blocks_now(c, in_len));
	if (out_size < need)
		return jca__error(JCA_BUFSIZE, "cipher_update: output needs %zu bytes, got %zu", need, out_size);
	need = do_update(c, in, in_len, out);
	if (c->failed) {
		*out_len = 0;
		return failed(c, "cipher_update", out, need);
	}
	*out_len = need;
	return 0;
}

/* Back to the state right after cipher_init. */
static void rewind_ctx(cipher_ctx *c)
{
	memcpy(c->iv, c->iv0, sizeof c->iv);
	jca__wipe(c->buf, sizeof c->buf);
	c->buflen = 0;
}

const uint8_t *jca__block_iv(const cipher_ctx *c, size_t *len)
{
	*len = c->mt->iv_blocks * c->bs;
	return c->dir && *len ? c->iv0 : NULL;
}

int jca__block_reset(cipher_ctx *c)
{
	rewind_ctx(c);
	return 0;
}

int cipher_reset(cipher_ctx *c)
{
	if (!c)
		return jca__error(JCA_EINVAL, "cipher_reset: NULL object");
	if (!c->dir)
		return jca__error(JCA_NOTINIT, "cipher_reset: %s is not initialised (call cipher_init)", c->name);
	return c->mt->reset(c);
}

cipher_ctx *cipher_clone(const cipher_ctx *c)
{
	if (!c)
		jca__error(JCA_EINVAL, "cipher_clone: NULL object");
	else
		jca__error(JCA_UNSUPPORTED, "cipher_clone: %s cannot be cloned: two copies would use one key "
		           "stream (initialise a new instance instead)", c->name);
	return NULL;
}

size_t cipher_output_size(const cipher_ctx *c, size_t in_len)
{
	return c ? c->mt->output_size(c, in_len) : 0;
}

size_t jca__block_output_size(const cipher_ctx *c, size_t in_len)
{
	if (c->dir == JCA_ENCRYPT && c->padding == JCA__PAD_PKCS5)
		return blocks_bytes(c, in_len / c->bs + (c->buflen + in_len % c->bs) / c->bs + 1);
	return jca__sat_add(c->buflen, in_len);
}

/* Copies len bytes at offset off of the virtual stream buf || in. */
static void virtual_copy(const cipher_ctx *c, const uint8_t *in, size_t off, uint8_t *dst, size_t len)
{
	while (len) {
		if (off < c->buflen) {
			*dst++ = c->buf[off++];
		} else {
			memcpy(dst, in + (off - c->buflen), len);
			return;
		}
		len--;
	}
}

/* Constant-time PKCS#5/#7 check of the last block: returns the pad length
 * if valid, 0 if not. No branch or index depends on the block's bytes. */
static size_t unpad_len(const uint8_t *blk, size_t bs)
{
	uint32_t p = blk[bs - 1], bad = 0;
	size_t i;

	/* p == 0 or p > bs is bad */
	bad |= ((p - 1) >> 8) & 1;                    /* p == 0 -> underflow sets high bits */
	bad |= (((uint32_t)bs - p) >> 8) & 1;         /* p > bs */
	for (i = 0; i < bs; i++) {
		/* in_pad = 1 when i >= bs - p, computed without a branch */
		uint32_t in_pad = ((uint32_t)(i + p - bs) >> 31) ^ 1;
		uint32_t diff = blk[i] ^ p;

		bad |= in_pad & ((diff | (0u - diff)) >> 31);
	}
	/* mask is all ones if good */
	return (size_t)(p & ((bad & 1) - 1));
}

int cipher_do_final(cipher_ctx *c, const void *in, size_t in_len, void *out, size_t out_size, size_t *out_len)
{
	if (!io_ok(c, in, in_len, out, out_size, out_len))
		return io_refused(c, "cipher_do_final", in, in_len, out, out_size, out_len);
	return c->mt->final(c, in, in_len, out, out_size, out_len);
}

int jca__block_final(cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_size,
                     size_t *out_len)
{
	size_t total, n, bs;
	uint8_t last[MAX_BLOCK];
	uint8_t *o = out;
	int rc;

	bs = c->bs;
	total = c->buflen + in_len;
	if (out_size < cipher_output_size(c, in_len))
		return jca__error(JCA_BUFSIZE, "cipher_do_final: output needs %zu bytes, got %zu",
		                  cipher_output_size(c, in_len), out_size);
	if (c->dir == JCA_ENCRYPT) {
		if (c->padding == JCA__PAD_NONE && total % bs)
			return jca__error(JCA_NOTBLOCK, "%s: input of %zu bytes is not a whole number of %zu-byte blocks",
			                  c->name, total, bs);
		n = do_update(c, in, in_len, o);
		if (c->padding == JCA__PAD_PKCS5) {
			size_t pad = bs - c->buflen;

			memset(c->buf + c->buflen, (int)pad, pad);
			blocks(c, o + n, c->buf, 1);
			n += bs;
		}
		if (c->failed)
			return failed(c, "cipher_do_final", o, n);
		*out_len = n;
		rewind_ctx(c);
		return 0;
	}
	/* Decrypt. */
	if (total % bs)
		return jca__error(JCA_NOTBLOCK, "%s: ciphertext of %zu bytes is not a whole number of %zu-byte blocks",
		                  c->name, total, bs);
	if (c->padding == JCA__PAD_NONE) {
		n = do_update(c, in, in_len, o);
		if (c->failed)
			return failed(c, "cipher_do_final", o, n);
		*out_len = n;
		rewind_ctx(c);
		return 0;
	}
	if (total == 0)
		return jca__error(JCA_BADPAD, "%s: bad padding", c->name);
	/* Check the padding first, from the last block alone, so that a bad
	 * padding writes nothing and changes nothing. */
	{
		uint8_t clast[MAX_BLOCK], chain[MAX_BLOCK];
		size_t pad;

		virtual_copy(c, in, total - bs, clast, bs);
		if (total >= 2 * bs)
			virtual_copy(c, in, total - 2 * bs, chain, bs);
		else
			memcpy(chain, c->iv, bs);
		rc = c->mt->decrypt_last(c, last, clast, chain);
		if (rc) {
			jca__wipe(last, sizeof last);
			return failed(c, "cipher_do_final", NULL, 0);
		}
		pad = unpad_len(last, bs);
		if (!pad) {
			jca__wipe(last, sizeof last);
			return jca__error(JCA_BADPAD, "%s: bad padding", c->name);
		}
		/* All blocks but the last (update holds it back), then the
		 * last one without its padding. */
		n = do_update(c, in, in_len, o);
		memcpy(o + n, last, bs - pad);
		n += bs - pad;
	}
	if (c->failed) {
		jca__wipe(last, sizeof last);
		return failed(c, "cipher_do_final", o, n);
	}
	jca__wipe(last, sizeof last);
	*out_len = n;
	rewind_ctx(c);
	return 0;
}

size_t cipher_block_length(const cipher_ctx *c)
{
	return c ? c->bs : 0;
}

const void *cipher_iv(const cipher_ctx *c)
{
	size_t n;

	return c && c->dir ? c->mt->iv(c, &n) : NULL;
}

size_t cipher_iv_length(const cipher_ctx *c)
{
	size_t n = 0;

	if (c)
		c->mt->iv(c, &n);
	return n;
}

size_t cipher_tag_length(const cipher_ctx *c)
{
	return c ? c->mt->tag_length(c) : 0;
}

const char *cipher_algorithm(const cipher_ctx *c)
{
	return c ? c->name : NULL;
}

const char *cipher_provider(const cipher_ctx *c)
{
	return c ? jca_provider_name(c->svc->provider) : NULL;
}

const char *cipher_implementation(const cipher_ctx *c)
{
	return c ? c->base->name : NULL;
}

void cipher_free(cipher_ctx *c)
{
	size_t extra;

	if (!c)
		return;
	extra = jca__mode_extra(c->mt, c->base);
	if (extra)
		c->mt->cleanup(c);
	jca__obj_close(c->svc, c->base, c->key);
	jca__free(c, sizeof *c + c->base->ctx_size + extra);
}
