/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 (RFC 8439, 2.8), XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha: HChaCha20 subkey, 24-byte nonce) and ChaCha20
 * alone (the JDK's stream cipher) of the built-in provider: tables of the
 * AEAD shape (jca_aead_impl, rules JCA_AEAD_NONCE), and of the stream
 * shape for ChaCha20 (jca_stream_impl), one per ChaCha20 backend of builtin_families.h ("chacha20-poly1305-
 * <backend>", "xchacha20-poly1305-<backend>", "chacha20-<backend>"),
 * over src/algs/chacha.h.
 *
 * One message: init derives the Poly1305 key from block 0, MACs the AAD
 * and its padding; update encrypts (or, decrypting, MACs the ciphertext
 * and then decrypts it, in place allowed); final MACs the padding and the
 * lengths and writes or checks the tag in constant time. The engine
 * enforces the rules (nonce and tag length, RFC 8439's limit of
 * 2^38 - 64 bytes per nonce, the IV-reuse guard, nothing released before
 * the tag checks).
 */
#include <string.h>

#include "builtin.h"
#include "../algs/chacha.h"
#include "../util/bytes.h"
#include "../util/mem.h"

typedef struct cp_ctx {
	uint8_t key[32];
	jca__chacha20_blocks_fn *blocks; /* the backend, set with the key */
	jca__poly1305_blocks_fn *poly;
	jca__chacha20 stream;          /* block counter 1 onwards */
	jca__poly1305 mac;
	uint8_t ks[64];                /* key stream of the current partial block */
	size_t ks_used;                /* bytes of ks used (64: none left) */
	uint64_t aad_len, data_len;
	int encrypt;
} cp_ctx;

/* The one-time Poly1305 key (block 0), the AAD and its padding; the
 * stream is left at block 1. */
static void cp_start(cp_ctx *c, const uint8_t key[32], const uint8_t nonce[12], int encrypt, const uint8_t *aad,
                     size_t aad_len)
{
	uint8_t otk[64];

	jca__chacha20_init(&c->stream, key, nonce, 0);
	jca__chacha20_block(&c->stream, otk);
	jca__poly1305_init_backend(&c->mac, otk, c->poly);
	jca__wipe(otk, sizeof otk);
	jca__poly1305_update(&c->mac, aad, aad_len);
	jca__poly1305_pad16(&c->mac);
	c->aad_len = aad_len;
	c->data_len = 0;
	c->ks_used = 64;
	c->encrypt = encrypt;
}

static int cp_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                   size_t tag_len)
{
	cp_ctx *c = ctx;

	if (iv_len != 12 || tag_len != 16)
		return -1;
	cp_start(c, c->key, iv, encrypt, aad, aad_len);
	return 0;
}

/* XChaCha20: the subkey HChaCha20(key, nonce[0..16)) with the nonce
 * 0^32 || nonce[16..24). */
static int xcp_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                    size_t aad_len, size_t tag_len)
{
	cp_ctx *c = ctx;
	uint8_t sub[32], n[12] = { 0 };

	if (iv_len != 24 || tag_len != 16)
		return -1;
	jca__hchacha20(sub, c->key, iv);
	memcpy(n + 4, iv + 16, 8);
	cp_start(c, sub, n, encrypt, aad, aad_len);
	jca__wipe(sub, sizeof sub);
	return 0;
}

/* ChaCha20 alone (the JDK's "ChaCha20"): a stream cipher (jca_stream_impl)
 * with a 12-byte nonce and the block counter starting at 1 (the JDK's
 * default, and RFC 8439 2.4.2's); no tag, no AAD. */
static int c20_start(void *ctx, const uint8_t *nonce, size_t nonce_len)
{
	cp_ctx *c = ctx;

	if (nonce_len != 12)
		return -1;
	jca__chacha20_init(&c->stream, c->key, nonce, 1);
	jca__wipe(c->ks, sizeof c->ks);
	c->ks_used = 64;
	return 0;
}

/* out = in XOR the key stream, continuing where the last call stopped. */
static void cp_xor(cp_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
	while (len && c->ks_used < 64) {
		*out++ = (uint8_t)(*in++ ^ c->ks[c->ks_used++]);
		len--;
	}
	if (len >= 64) {
		size_t n = len / 64;

		c->blocks(&c->stream, out, in, n);
		out += 64 * n;
		in += 64 * n;
		len -= 64 * n;
	}
	if (len) {
		jca__chacha20_block(&c->stream, c->ks);
		for (c->ks_used = 0; c->ks_used < len; c->ks_used++)
			out[c->ks_used] = (uint8_t)(in[c->ks_used] ^ c->ks[c->ks_used]);
	}
}

static int c20_crypt(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	cp_xor(ctx, out, in, len);
	return 0;
}

static int cp_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	cp_ctx *c = ctx;

	if (!c->encrypt)
		jca__poly1305_update(&c->mac, in, len);   /* before in may be overwritten */
	cp_xor(c, out, in, len);
	if (c->encrypt)
		jca__poly1305_update(&c->mac, out, len);
	c->data_len += len;
	return 0;
}

/* The tag of the message MACed so far, data_len bytes of it data
 * (RFC 8439 2.8: its padding, then the two lengths). */
static void cp_tag(cp_ctx *c, uint64_t data_len, uint8_t t[16])
{
	uint8_t lens[16];

	jca__poly1305_pad16(&c->mac);
	jca__store_le64(lens, c->aad_len);
	jca__store_le64(lens + 8, data_len);
	jca__poly1305_update(&c->mac, lens, 16);
	jca__poly1305_final(&c->mac, t);
}

static int cp_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	cp_ctx *c = ctx;
	uint8_t t[16];
	int ok;

	if (tag_len != 16)
		return -1;
	cp_tag(c, c->data_len, t);
	jca__wipe(c->ks, sizeof c->ks);
	jca__wipe(&c->stream, sizeof c->stream);
	if (c->encrypt)
		memcpy(tag, t, 16);
	ok = c->encrypt || jca_ct_equal(t, tag, 16);
	jca__wipe(t, sizeof t);
	return ok ? 0 : JCA_BADTAG;
}


/* A whole message after init(decrypt): the tag over the ciphertext first,
 * compared in constant time; the plaintext is written only if it matches. */
static int cp_open(void *ctx, uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len)
{
	cp_ctx *c = ctx;
	uint8_t t[16];
	int ok;

	if (tag_len != 16)
		return -1;
	jca__poly1305_update(&c->mac, in, len);
	cp_tag(c, (uint64_t)len, t);
	ok = jca_ct_equal(t, tag, 16);
	jca__wipe(t, sizeof t);
	if (ok)
		cp_xor(c, out, in, len);
	jca__wipe(c->ks, sizeof c->ks);
	jca__wipe(&c->stream, sizeof c->stream);
	return ok ? 0 : JCA_BADTAG;
}

static const size_t cp_key_sizes[] = { 32, 0 };

/* RFC 8439 2.8: at most 2^32 - 1 blocks of key stream from counter 1
 * (ChaCha20 alone too: the 32-bit counter must not wrap). */
#define CP_MAX_DATA ((UINT64_C(1) << 38) - 64)

/* One set_key per backend: the key and the backend's block function. */
#define CP_IMPLS(be, prio, avail, blocks_fn, poly_fn) \
	static int cp_set_key_##be(void *ctx, const uint8_t *key, size_t key_len) \
	{ \
		cp_ctx *c = ctx; \
		if (key_len != 32) \
			return -1; \
		memcpy(c->key, key, 32); \
		c->blocks = blocks_fn; \
		c->poly = poly_fn; \
		return 0; \
	} \
	static const jca_aead_impl cp_##be = { \
		.base = JCA_IMPL_BASE(jca_aead_impl, "chacha20-poly1305-" #be, prio, avail, sizeof(cp_ctx)), \
		.shape = JCA_CIPHER_AEAD, .key_sizes = cp_key_sizes, .set_key = cp_set_key_##be, \
		.init = cp_init, .update = cp_update, .final = cp_final, .open = cp_open, \
		.rules = JCA_AEAD_NONCE, .nonce_len = 12, .tag_len = 16, .max_data = CP_MAX_DATA, \
	}; \
	static const jca_aead_impl xcp_##be = { \
		.base = JCA_IMPL_BASE(jca_aead_impl, "xchacha20-poly1305-" #be, prio, avail, sizeof(cp_ctx)), \
		.shape = JCA_CIPHER_AEAD, .key_sizes = cp_key_sizes, .set_key = cp_set_key_##be, \
		.init = xcp_init, .update = cp_update, .final = cp_final, .open = cp_open, \
		.rules = JCA_AEAD_NONCE, .nonce_len = 24, .tag_len = 16, .max_data = CP_MAX_DATA, \
	}; \
	static const jca_stream_impl c20_##be = { \
		.base = JCA_IMPL_BASE(jca_stream_impl, "chacha20-" #be, prio, avail, sizeof(cp_ctx)), \
		.shape = JCA_CIPHER_STREAM, .key_sizes = cp_key_sizes, .set_key = cp_set_key_##be, \
		.nonce_len = 12, .max_data = CP_MAX_DATA, .start = c20_start, .crypt = c20_crypt, \
	};
JCA__BACKENDS_chacha20(CP_IMPLS)

#define CP_REF(be, ...) &cp_##be.base,
#define XCP_REF(be, ...) &xcp_##be.base,
#define C20_REF(be, ...) &c20_##be.base,
const jca_impl *const jca__chacha20_poly1305_impls[] = { JCA__BACKENDS_chacha20(CP_REF) NULL };
const jca_impl *const jca__xchacha20_poly1305_impls[] = { JCA__BACKENDS_chacha20(XCP_REF) NULL };
const jca_impl *const jca__chacha20_impls[] = { JCA__BACKENDS_chacha20(C20_REF) NULL };
