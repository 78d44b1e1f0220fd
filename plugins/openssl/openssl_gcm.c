/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_gcm.c - the "openssl" bridge's AES/GCM: an AEAD table
 * (jca_aead_impl, provider.h) over OpenSSL 3's EVP AES-*-GCM. The engine
 * keeps the JCA contract (AAD held until the first data, decryption
 * released only after the tag verified, IV reuse refused); this file maps
 * one message onto EVP: init sets the IV and hashes the AAD, update runs
 * the data, final makes or checks the tag. block_encrypt (AES-*-ECB) lets
 * the engine work out J0 for IVs other than 12 bytes.
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

typedef struct ogcm_ctx {
	EVP_CIPHER_CTX *gcm;       /* keyed by the first init after set_key */
	EVP_CIPHER_CTX *ecb;       /* block_encrypt, keyed by set_key */
	size_t key_len;
	unsigned char key[32];     /* wiped by cleanup (and the engine) */
} ogcm_ctx;

static int gcm_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	ogcm_ctx *k = ctx;
	const EVP_CIPHER *ecb = ossl__aes_cipher(key_len, 0);

	if (!ecb || key_len > sizeof k->key)
		return -1;
	/* On failure the engine calls cleanup, which frees what exists. */
	if (!k->gcm && !(k->gcm = EVP_CIPHER_CTX_new()))
		return -1;
	if (!k->ecb && !(k->ecb = EVP_CIPHER_CTX_new()))
		return -1;
	/* no GCM key schedule until a message needs one */
	if (!EVP_CIPHER_CTX_reset(k->gcm))
		return ossl__failed("EVP_CIPHER_CTX_reset");
	if (!EVP_CipherInit_ex2(k->ecb, ecb, key, NULL, 1, NULL) || !EVP_CIPHER_CTX_set_padding(k->ecb, 0))
		return ossl__failed("EVP_CipherInit_ex2 (AES-ECB)");
	memcpy(k->key, key, key_len);
	k->key_len = key_len;
	return 0;
}

static int gcm_block_encrypt(void *ctx, uint8_t out[16], const uint8_t in[16])
{
	ogcm_ctx *k = ctx;
	int outl = 0;

	if (!EVP_CipherUpdate(k->ecb, out, &outl, in, 16) || outl != 16)
		return ossl__failed("EVP_CipherUpdate (AES-ECB)");
	return 0;
}

/* Feeds n bytes (AAD when out is NULL) through c in pieces that fit an int;
 * GCM in EVP writes exactly what it reads. */
static int gcm_run(EVP_CIPHER_CTX *c, uint8_t *out, const uint8_t *in, size_t n)
{
	while (n) {
		size_t chunk = n < (size_t)INT_MAX ? n : (size_t)INT_MAX;
		int outl = 0;

		if (!EVP_CipherUpdate(c, out, &outl, in, (int)chunk) || (size_t)outl != chunk)
			return ossl__failed("EVP_CipherUpdate (GCM)");
		if (out)
			out += chunk;
		in += chunk;
		n -= chunk;
	}
	return 0;
}

/* One message: keys the GCM context on its first use after set_key, then
 * sets the IV length, the IV and the direction (the key stays), and hashes
 * the AAD. */
static int gcm_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                    size_t tag_len)
{
	ogcm_ctx *k = ctx;

	(void)tag_len;     /* EVP takes it with the tag, in final */
	/* The engine hands over 12- or 16-byte IVs (a longer IV as the 16-byte
	 * one with the same J0, src/api/cipher_gcm_iv.c); the limit stays for
	 * any other caller. */
	if (iv_len > 128)
		return ossl__failed_why("OpenSSL's GCM takes IVs of at most 128 bytes");
	if (!EVP_CIPHER_CTX_get0_cipher(k->gcm) &&
	    !EVP_CipherInit_ex2(k->gcm, ossl__aes_cipher(k->key_len, 1), k->key, NULL, encrypt, NULL))
		return ossl__failed("EVP_CipherInit_ex2 (GCM key)");
	if (EVP_CIPHER_CTX_ctrl(k->gcm, EVP_CTRL_GCM_SET_IVLEN, (int)iv_len, NULL) <= 0 ||
	    !EVP_CipherInit_ex2(k->gcm, NULL, NULL, iv, encrypt, NULL))
		return ossl__failed("EVP_CipherInit_ex2 (GCM IV)");
	return aad_len ? gcm_run(k->gcm, NULL, aad, aad_len) : 0;
}

static int gcm_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	ogcm_ctx *k = ctx;

	return gcm_run(k->gcm, out, in, len);
}

/* Encryption: the tag. Decryption: JCA_BADTAG unless the tag verifies
 * (EVP_CipherFinal_ex fails exactly then, the context being sound). */
static int gcm_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	ogcm_ctx *k = ctx;
	unsigned char none[16];
	int outl = 0;

	if (EVP_CIPHER_CTX_is_encrypting(k->gcm)) {
		if (!EVP_CipherFinal_ex(k->gcm, none, &outl) ||
		    EVP_CIPHER_CTX_ctrl(k->gcm, EVP_CTRL_GCM_GET_TAG, (int)tag_len, tag) <= 0)
			return ossl__failed("EVP_CipherFinal_ex (GCM tag)");
		return 0;
	}
	if (EVP_CIPHER_CTX_ctrl(k->gcm, EVP_CTRL_GCM_SET_TAG, (int)tag_len, tag) <= 0)
		return ossl__failed("EVP_CTRL_GCM_SET_TAG");
	if (!EVP_CipherFinal_ex(k->gcm, none, &outl)) {
		ERR_clear_error();
		return JCA_BADTAG;
	}
	return 0;
}

static void gcm_cleanup(void *ctx)
{
	ogcm_ctx *k = ctx;

	EVP_CIPHER_CTX_free(k->gcm);   /* frees and wipes OpenSSL's key schedules */
	EVP_CIPHER_CTX_free(k->ecb);
	k->gcm = k->ecb = NULL;
	OPENSSL_cleanse(k->key, sizeof k->key);
	k->key_len = 0;
}

static const size_t gcm_key_sizes[] = { 16, 24, 32, 0 };

static const jca_aead_impl gcm_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_aead_impl, "aes-gcm-openssl", JCA_PRIO_GENERIC, NULL, sizeof(ogcm_ctx),
	                                NULL, NULL, gcm_cleanup),
	.shape = JCA_CIPHER_AEAD,
	.key_sizes = gcm_key_sizes,
	.set_key = gcm_set_key,
	.block_encrypt = gcm_block_encrypt,
	.init = gcm_init,
	.update = gcm_update,
	.final = gcm_final,
};
static const jca_impl *const gcm_impls[] = { &gcm_impl.base, NULL };

static const char *const gcm_names[] = { JCA_NAMES_AES_GCM, NULL };
static const jca_attr gcm_attrs[] = {
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
/* Known answers: the host's (src/api/cipher_kat.c: GCM test case 4). */
const jca_service_desc ossl__svc_aes_gcm = {
	sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES_GCM, gcm_names, gcm_attrs, gcm_impls, NULL, NULL
};
