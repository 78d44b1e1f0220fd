/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 (RFC 8439, 2.8) of the built-in provider as an AEAD
 * table (jca_aead_impl), over the portable ChaCha20 and Poly1305 of
 * src/algs/chacha.h. WIP for issue 26: the engine's AEAD rules for an
 * AEAD other than GCM (a 12-byte nonce used as is, a 16-byte tag, RFC
 * 8439's limits) are not there yet, so no service lists this table.
 *
 * One message: init derives the Poly1305 key from block 0, MACs the AAD
 * and its padding; update encrypts (or, decrypting, MACs the ciphertext
 * and then decrypts it, in place allowed); final MACs the padding and the
 * lengths and writes or checks the tag in constant time.
 */
#include <string.h>

#include "builtin.h"
#include "../algs/chacha.h"
#include "../util/bytes.h"
#include "../util/mem.h"

typedef struct cp_ctx {
	uint8_t key[32];
	jca__chacha20 stream;          /* block counter 1 onwards */
	jca__poly1305 mac;
	uint8_t ks[64];                /* key stream of the current partial block */
	size_t ks_used;                /* bytes of ks used (64: none left) */
	uint64_t aad_len, data_len;
	int encrypt;
} cp_ctx;

static int cp_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	cp_ctx *c = ctx;

	if (key_len != 32)
		return -1;
	memcpy(c->key, key, 32);
	return 0;
}

static int cp_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                   size_t tag_len)
{
	cp_ctx *c = ctx;
	uint8_t otk[64];

	if (iv_len != 12 || tag_len != 16)
		return -1;
	jca__chacha20_init(&c->stream, c->key, iv, 0);
	jca__chacha20_block(&c->stream, otk);          /* the one-time Poly1305 key; counter now 1 */
	jca__poly1305_init(&c->mac, otk);
	jca__wipe(otk, sizeof otk);
	jca__poly1305_update(&c->mac, aad, aad_len);
	jca__poly1305_pad16(&c->mac);
	c->aad_len = aad_len;
	c->data_len = 0;
	c->ks_used = 64;
	c->encrypt = encrypt;
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

		jca__chacha20_blocks(&c->stream, out, in, n);
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

static int cp_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	cp_ctx *c = ctx;
	uint8_t lens[16], t[16];
	unsigned diff = 0;
	size_t i;

	if (tag_len != 16)
		return -1;
	jca__poly1305_pad16(&c->mac);
	jca__store_le64(lens, c->aad_len);
	jca__store_le64(lens + 8, c->data_len);
	jca__poly1305_update(&c->mac, lens, 16);
	jca__poly1305_final(&c->mac, t);
	jca__wipe(c->ks, sizeof c->ks);
	if (c->encrypt) {
		memcpy(tag, t, 16);
		jca__wipe(t, sizeof t);
		return 0;
	}
	for (i = 0; i < 16; i++)
		diff |= (unsigned)(t[i] ^ tag[i]);
	jca__wipe(t, sizeof t);
	return diff ? JCA_BADTAG : 0;
}

static const size_t cp_key_sizes[] = { 32, 0 };

const jca_aead_impl jca__chacha20_poly1305_generic = {
	.base = JCA_IMPL_BASE(jca_aead_impl, "chacha20-poly1305-generic", JCA_PRIO_GENERIC, NULL, sizeof(cp_ctx)),
	.shape = JCA_CIPHER_AEAD,
	.key_sizes = cp_key_sizes,
	.set_key = cp_set_key,
	.init = cp_init,
	.update = cp_update,
	.final = cp_final,
};
