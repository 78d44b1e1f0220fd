/* SPDX-License-Identifier: Apache-2.0 */
/* jca-bench: one AEAD message through OpenSSL 3 EVP (see aead.h). */
#ifdef HAVE_OPENSSL
#include <stdio.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "aead.h"
#include "bench.h"

static const char *const names[AEAD_NALGS] = {
	[AEAD_AES128_GCM] = "AES-128-GCM",
	[AEAD_AES256_GCM] = "AES-256-GCM",
	[AEAD_CHACHA20_POLY1305] = "ChaCha20-Poly1305",
};

static void *new_ctx(int alg, const uint8_t *key)
{
	EVP_CIPHER *cip = EVP_CIPHER_fetch(NULL, names[alg], NULL);
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

	/* the key now, the IV per message */
	if (!cip || !ctx || !EVP_CipherInit_ex(ctx, cip, NULL, key, NULL, 1))
		die_ossl(names[alg]);
	EVP_CIPHER_free(cip);          /* the ctx holds its own reference */
	return ctx;
}

static int seal(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in, size_t len,
                uint8_t *out)
{
	int a, b;

	if (!EVP_CipherInit_ex(ctx, NULL, NULL, NULL, iv, 1) || !EVP_CipherUpdate(ctx, NULL, &a, aad, AEAD_AAD) ||
	    !EVP_CipherUpdate(ctx, out, &a, in, (int)len) || !EVP_CipherFinal_ex(ctx, out + a, &b) ||
	    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, AEAD_TAG, out + len))
		return -1;
	return 0;
}

static int open_(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in, size_t len,
                 uint8_t *out)
{
	int a, b;

	if (!EVP_CipherInit_ex(ctx, NULL, NULL, NULL, iv, 0) || !EVP_CipherUpdate(ctx, NULL, &a, aad, AEAD_AAD) ||
	    !EVP_CipherUpdate(ctx, out, &a, in, (int)len) ||
	    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, AEAD_TAG, (void *)(in + len)) ||
	    !EVP_CipherFinal_ex(ctx, out + a, &b))
		return -1;
	return 0;
}

static void free_ctx(void *ctx)
{
	EVP_CIPHER_CTX_free(ctx);
}

static const char *version(void)
{
	return OpenSSL_version(OPENSSL_VERSION);
}

const aead_lib aead_ossl = { LIB_OSSL,
	"EVP_CipherInit_ex(iv only, encrypt) + EVP_CipherUpdate(16 B AAD) + EVP_CipherUpdate(len) + "
	"EVP_CipherFinal_ex + GET_TAG (16)",
	"EVP_CipherInit_ex(iv only, decrypt) + EVP_CipherUpdate(16 B AAD) + EVP_CipherUpdate(len) + SET_TAG + "
	"EVP_CipherFinal_ex (verifies)",
	new_ctx, seal, open_, free_ctx, version };
#endif
