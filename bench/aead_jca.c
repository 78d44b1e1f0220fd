/* SPDX-License-Identifier: Apache-2.0 */
/* jca-bench: one AEAD message through libjca's Cipher (see aead.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead.h"
#include "bench.h"

/* libjca's transformation for each alg; NULL: not in libjca (yet). The
 * ChaCha20-Poly1305 rows appear when its name is filled in here. */
static const char *const names[AEAD_NALGS] = {
	[AEAD_AES128_GCM] = "AES_128/GCM/NoPadding",
	[AEAD_AES256_GCM] = "AES_256/GCM/NoPadding",
	[AEAD_CHACHA20_POLY1305] = "ChaCha20-Poly1305",
};

const char *aead_jca_name(int alg)
{
	return names[alg];
}

struct jctx {
	cipher_ctx *c;
	uint8_t key[32];
	size_t klen;
};

static void *new_ctx(int alg, const uint8_t *key)
{
	struct jctx *j;

	if (!names[alg])
		return NULL;
	j = calloc(1, sizeof *j);
	if (!j || !(j->c = cipher_get_instance(names[alg])))
		die_jca("cipher_get_instance");
	j->klen = aead_key_len(alg);
	memcpy(j->key, key, j->klen);
	return j;
}

static int seal(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in, size_t len,
                uint8_t *out)
{
	struct jctx *j = ctx;
	size_t got;

	if (cipher_init_aead(j->c, JCA_ENCRYPT, j->key, j->klen, iv, AEAD_IV, AEAD_TAG) < 0 ||
	    cipher_update_aad(j->c, aad, AEAD_AAD) < 0 ||
	    cipher_do_final(j->c, in, len, out, len + AEAD_TAG, &got) < 0 || got != len + AEAD_TAG)
		return -1;
	return 0;
}

static int open_(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in, size_t len,
                 uint8_t *out)
{
	struct jctx *j = ctx;
	size_t got;

	if (cipher_init_aead(j->c, JCA_DECRYPT, j->key, j->klen, iv, AEAD_IV, AEAD_TAG) < 0 ||
	    cipher_update_aad(j->c, aad, AEAD_AAD) < 0 ||
	    cipher_do_final(j->c, in, len + AEAD_TAG, out, len, &got) < 0 || got != len)
		return -1;
	return 0;
}

static void free_ctx(void *ctx)
{
	struct jctx *j = ctx;

	cipher_free(j->c);
	free(j);
}

static const char *version(void)
{
	return JCA_VERSION_STRING;
}

const aead_lib aead_jca = { LIB_JCA,
	"cipher_init_aead(ENCRYPT, same key, next 12-byte IV, 16) + cipher_update_aad(16 B) + "
	"cipher_do_final(len bytes) writing ciphertext and tag",
	"cipher_init_aead(DECRYPT, same key, the message's IV, 16) + cipher_update_aad(16 B) + "
	"cipher_do_final(ciphertext || tag): tag checked, then the plaintext written",
	new_ctx, seal, open_, free_ctx, version };
