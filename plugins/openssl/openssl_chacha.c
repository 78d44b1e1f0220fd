/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_chacha.c - the "openssl" bridge's ChaCha20-Poly1305 (RFC 8439):
 * one more AEAD table (jca_aead_impl with JCA_AEAD_NONCE rules) over
 * OpenSSL 3's EVP_chacha20_poly1305. The engine keeps the contract (the
 * 12-byte nonce and 16-byte tag, the length limit, the AAD held until the
 * first data, nothing released before the tag verified, nonce reuse
 * refused); this file maps one message onto EVP as openssl_gcm.c does.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include <jca/plugin.h>
#include <jca/names.h>

#include "openssl_bridge.h"

typedef struct ocp_ctx {
	EVP_CIPHER_CTX *evp;
	unsigned char key[32];     /* wiped by cleanup (and the engine) */
} ocp_ctx;

static int cp_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	ocp_ctx *k = ctx;

	if (key_len != 32)
		return -1;
	/* On failure the engine calls cleanup, which frees what exists. */
	if (!k->evp && !(k->evp = EVP_CIPHER_CTX_new()))
		return -1;
	memcpy(k->key, key, 32);
	return 0;
}

/* n bytes (AAD when out is NULL) through EVP in pieces that fit an int. */
static int cp_run(EVP_CIPHER_CTX *c, uint8_t *out, const uint8_t *in, size_t n)
{
	while (n) {
		size_t chunk = n < (size_t)INT_MAX ? n : (size_t)INT_MAX;
		int outl = 0;

		if (!EVP_CipherUpdate(c, out, &outl, in, (int)chunk) || (size_t)outl != chunk)
			return ossl__failed("EVP_CipherUpdate (ChaCha20-Poly1305)");
		if (out)
			out += chunk;
		in += chunk;
		n -= chunk;
	}
	return 0;
}

static int cp_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                   size_t tag_len)
{
	ocp_ctx *k = ctx;

	if (iv_len != 12 || tag_len != 16)
		return ossl__failed_why("ChaCha20-Poly1305 takes a 12-byte nonce and a 16-byte tag");
	if (!EVP_CipherInit_ex2(k->evp, EVP_chacha20_poly1305(), k->key, iv, encrypt, NULL))
		return ossl__failed("EVP_CipherInit_ex2 (ChaCha20-Poly1305)");
	return aad_len ? cp_run(k->evp, NULL, aad, aad_len) : 0;
}

static int cp_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	return cp_run(((ocp_ctx *)ctx)->evp, out, in, len);
}

/* Encryption: the tag. Decryption: JCA_BADTAG unless the tag verifies. */
static int cp_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	ocp_ctx *k = ctx;
	unsigned char none[16];
	int outl = 0;

	if (EVP_CIPHER_CTX_is_encrypting(k->evp)) {
		if (!EVP_CipherFinal_ex(k->evp, none, &outl) ||
		    EVP_CIPHER_CTX_ctrl(k->evp, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, tag) <= 0)
			return ossl__failed("EVP_CipherFinal_ex (ChaCha20-Poly1305 tag)");
		return 0;
	}
	if (EVP_CIPHER_CTX_ctrl(k->evp, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, tag) <= 0)
		return ossl__failed("EVP_CTRL_AEAD_SET_TAG");
	if (!EVP_CipherFinal_ex(k->evp, none, &outl)) {
		ERR_clear_error();
		return JCA_BADTAG;
	}
	return 0;
}

static void cp_cleanup(void *ctx)
{
	ocp_ctx *k = ctx;

	EVP_CIPHER_CTX_free(k->evp);
	k->evp = NULL;
	OPENSSL_cleanse(k->key, sizeof k->key);
}

static const size_t cp_key_sizes[] = { 32, 0 };

static const jca_aead_impl cp_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_aead_impl, "chacha20-poly1305-openssl", JCA_PRIO_GENERIC, NULL,
	                                sizeof(ocp_ctx), NULL, NULL, cp_cleanup),
	.shape = JCA_CIPHER_AEAD,
	.key_sizes = cp_key_sizes,
	.set_key = cp_set_key,
	.init = cp_init,
	.update = cp_update,
	.final = cp_final,
	.rules = JCA_AEAD_NONCE,
	.nonce_len = 12,
	.tag_len = 16,
	.max_data = (UINT64_C(1) << 38) - 64,      /* RFC 8439 2.8 */
};
static const jca_impl *const cp_impls[] = { &cp_impl.base, NULL };

static const char *const cp_names[] = { JCA_NAMES_CHACHA20_POLY1305, NULL };
static const jca_attr cp_attrs[] = {
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
/* Known answers: the host's (src/api/cipher_kat.c: RFC 8439 2.8.2). */
const jca_service_desc ossl__svc_chacha20_poly1305 = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_CIPHER, .algorithm = JCA_NAME_CHACHA20_POLY1305,
	.aliases = cp_names, .attributes = cp_attrs, .impls = cp_impls
};
