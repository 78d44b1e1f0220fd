/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_ccm.c - the "openssl" bridge's AES/CCM/NoPadding: an AEAD table
 * with range rules (jca_aead_impl, JCA_AEAD_RANGE and JCA_AEAD_WHOLE, ABI
 * 3.4) over OpenSSL 3's EVP AES-*-CCM: nonces of 7 to 13 bytes, tags of 4
 * to 16 even bytes. EVP's CCM takes the message length before the AAD and
 * the data in one call, which JCA_AEAD_WHOLE gives: the engine calls
 * update once with the whole message. EVP needs the tag before it
 * decrypts, so a decryption's update only notes where the data is and
 * final runs it with the tag (the engine keeps both buffers until then).
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

typedef struct occm_ctx {
	EVP_CIPHER_CTX *ccm;
	size_t key_len;
	unsigned char key[32];     /* wiped by cleanup (and the engine) */
	int enc;
	/* one message, as init and update gave it (valid until final) */
	const uint8_t *iv, *aad, *in;
	uint8_t *out;
	size_t iv_len, aad_len, tag_len, len;
} occm_ctx;

static int ccm_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	occm_ctx *k = ctx;

	if (!ossl__aes_ccm_cipher(key_len) || key_len > sizeof k->key)
		return -1;
	if (!k->ccm && !(k->ccm = EVP_CIPHER_CTX_new()))
		return -1;
	memcpy(k->key, key, key_len);
	k->key_len = key_len;
	return 0;
}

/* Keys the context for one message: the nonce length, the tag (its length
 * when encrypting, the tag itself when decrypting), key and nonce, the
 * message length, then the AAD. */
static int start(occm_ctx *k, const uint8_t *tag, size_t len)
{
	int outl = 0;

	if (len > INT_MAX || k->aad_len > INT_MAX)
		return ossl__failed_why("OpenSSL's CCM takes at most INT_MAX bytes of data or AAD");
	if (!EVP_CIPHER_CTX_reset(k->ccm) ||
	    !EVP_CipherInit_ex2(k->ccm, ossl__aes_ccm_cipher(k->key_len), NULL, NULL, k->enc, NULL))
		return ossl__failed("EVP_CipherInit_ex2 (CCM)");
	if (EVP_CIPHER_CTX_ctrl(k->ccm, EVP_CTRL_AEAD_SET_IVLEN, (int)k->iv_len, NULL) <= 0 ||
	    EVP_CIPHER_CTX_ctrl(k->ccm, EVP_CTRL_AEAD_SET_TAG, (int)k->tag_len, (void *)(uintptr_t)tag) <= 0)
		return ossl__failed("EVP_CTRL_AEAD_SET_IVLEN / SET_TAG (CCM)");
	if (!EVP_CipherInit_ex2(k->ccm, NULL, k->key, k->iv, k->enc, NULL))
		return ossl__failed("EVP_CipherInit_ex2 (CCM key and nonce)");
	if (!EVP_CipherUpdate(k->ccm, NULL, &outl, NULL, (int)len))
		return ossl__failed("EVP_CipherUpdate (CCM length)");
	if (k->aad_len && !EVP_CipherUpdate(k->ccm, NULL, &outl, k->aad, (int)k->aad_len))
		return ossl__failed("EVP_CipherUpdate (CCM AAD)");
	return 0;
}

static int ccm_init(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                    size_t tag_len)
{
	occm_ctx *k = ctx;

	k->enc = encrypt;
	k->iv = iv;
	k->iv_len = iv_len;
	k->aad = aad;
	k->aad_len = aad_len;
	k->tag_len = tag_len;
	k->in = NULL;
	k->out = NULL;
	k->len = 0;
	return 0;
}

/* The data of one message (JCA_AEAD_WHOLE: called once). Encryption runs
 * now (the tag is made with the data); decryption waits for the tag. */
static int ccm_update(void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	occm_ctx *k = ctx;
	uint8_t none[1] = { 0 };
	int outl = 0;

	if (!k->enc) {
		k->out = out;
		k->in = in;
		k->len = len;
		return 0;
	}
	if (start(k, NULL, len) != 0)
		return -1;
	/* (an empty message still runs: EVP makes the tag in this call) */
	if (!EVP_CipherUpdate(k->ccm, len ? out : none, &outl, len ? in : none, (int)len) || (size_t)outl != len)
		return ossl__failed("EVP_CipherUpdate (CCM)");
	return 0;
}

/* Encryption: the tag. Decryption: the data with the tag; JCA_BADTAG
 * unless it verifies (EVP's CCM fails the update exactly then, and wipes
 * what it wrote into the engine's buffer). */
static int ccm_final(void *ctx, uint8_t *tag, size_t tag_len)
{
	occm_ctx *k = ctx;
	uint8_t none[1] = { 0 };
	int outl = 0;

	if (k->enc) {
		if (EVP_CIPHER_CTX_ctrl(k->ccm, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, tag) <= 0)
			return ossl__failed("EVP_CTRL_AEAD_GET_TAG (CCM)");
		return 0;
	}
	if (start(k, tag, k->len) != 0)
		return -1;
	if (!EVP_CipherUpdate(k->ccm, k->len ? k->out : none, &outl, k->len ? k->in : none, (int)k->len)) {
		ERR_clear_error();
		return JCA_BADTAG;
	}
	return 0;
}

static void ccm_cleanup(void *ctx)
{
	occm_ctx *k = ctx;

	EVP_CIPHER_CTX_free(k->ccm);   /* frees and wipes OpenSSL's key schedule */
	k->ccm = NULL;
	OPENSSL_cleanse(k->key, sizeof k->key);
	k->key_len = 0;
}

static const size_t ccm_key_sizes[] = { 16, 24, 32, 0 };

static const jca_aead_impl ccm_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_aead_impl, "aes-ccm-openssl", JCA_PRIO_GENERIC, NULL, sizeof(occm_ctx),
	                                NULL, NULL, ccm_cleanup),
	.shape = JCA_CIPHER_AEAD,
	.key_sizes = ccm_key_sizes,
	.set_key = ccm_set_key,
	.init = ccm_init,
	.update = ccm_update,
	.final = ccm_final,
	.rules = JCA_AEAD_RANGE,
	.nonce_len = 12,               /* a random nonce */
	.tag_len = 16,                 /* cipher_init's tag */
	.max_data = INT_MAX,           /* EVP takes an int */
	.nonce_min = 7, .nonce_max = 13,
	.tag_min = 4, .tag_max = 16, .tag_step = 2,
	.flags = JCA_AEAD_WHOLE,
};
static const jca_impl *const ccm_impls[] = { &ccm_impl.base, NULL };

static const char *const ccm_names[] = { JCA_NAMES_AES_CCM, NULL };
static const jca_attr ccm_attrs[] = {
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
/* SP 800-38C Appendix C.2: 8-byte nonce, 16 bytes of AAD and of data,
 * 6-byte tag. The host seals, opens, and checks that a flipped tag bit is
 * refused. */
static const jca_kat kat_aes_ccm = {
	.struct_size = sizeof(jca_kat), .flags = JCA_KAT_AEAD,
	.key = "\x40\x41\x42\x43\x44\x45\x46\x47\x48\x49\x4a\x4b\x4c\x4d\x4e\x4f", .key_len = 16,
	.iv = "\x10\x11\x12\x13\x14\x15\x16\x17", .iv_len = 8,
	.aad = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", .aad_len = 16,
	.in = "\x20\x21\x22\x23\x24\x25\x26\x27\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f", .in_len = 16,
	.out = "\xd2\xa1\xf0\xe0\x51\xea\x5f\x62\x08\x1a\x77\x92\x07\x3d\x59\x3d", .out_len = 16,
	.tag = "\x1f\xc6\x4f\xbf\xac\xcd", .tag_len = 6
};

const jca_service_desc ossl__svc_aes_ccm = {
	sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES_CCM, ccm_names, ccm_attrs, ccm_impls, &kat_aes_ccm, NULL
};
