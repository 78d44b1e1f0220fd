/* SPDX-License-Identifier: Apache-2.0 */
/* jca-bench: one AEAD message through Nettle's gcm_aes128/gcm_aes256 and
 * chacha_poly1305 contexts (see aead.h). */
#ifdef HAVE_NETTLE
#include <stdio.h>
#include <stdlib.h>

#include <nettle/chacha-poly1305.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>
#include <nettle/version.h>

#include "aead.h"
#include "bench.h"

struct nctx {
	int alg;
	union {
		struct gcm_aes128_ctx g128;
		struct gcm_aes256_ctx g256;
		struct chacha_poly1305_ctx cp;
	} u;
};

static void *new_ctx(int alg, const uint8_t *key)
{
	struct nctx *n = calloc(1, sizeof *n);

	if (!n)
		exit(1);
	n->alg = alg;
	if (alg == AEAD_AES128_GCM)
		gcm_aes128_set_key(&n->u.g128, key);
	else if (alg == AEAD_AES256_GCM)
		gcm_aes256_set_key(&n->u.g256, key);
	else
		chacha_poly1305_set_key(&n->u.cp, key);
	return n;
}

/* IV and AAD, then the data in the given direction, then the tag */
static void run(struct nctx *n, int enc, const uint8_t *iv, const uint8_t *aad, const uint8_t *in, size_t len,
                uint8_t *out, uint8_t tag[AEAD_TAG])
{
	switch (n->alg) {
	case AEAD_AES128_GCM:
		gcm_aes128_set_iv(&n->u.g128, AEAD_IV, iv);
		gcm_aes128_update(&n->u.g128, AEAD_AAD, aad);
		(enc ? gcm_aes128_encrypt : gcm_aes128_decrypt)(&n->u.g128, len, out, in);
		gcm_aes128_digest(&n->u.g128, AEAD_TAG, tag);
		break;
	case AEAD_AES256_GCM:
		gcm_aes256_set_iv(&n->u.g256, AEAD_IV, iv);
		gcm_aes256_update(&n->u.g256, AEAD_AAD, aad);
		(enc ? gcm_aes256_encrypt : gcm_aes256_decrypt)(&n->u.g256, len, out, in);
		gcm_aes256_digest(&n->u.g256, AEAD_TAG, tag);
		break;
	default:
		chacha_poly1305_set_nonce(&n->u.cp, iv);
		chacha_poly1305_update(&n->u.cp, AEAD_AAD, aad);
		(enc ? chacha_poly1305_encrypt : chacha_poly1305_decrypt)(&n->u.cp, len, out, in);
		chacha_poly1305_digest(&n->u.cp, AEAD_TAG, tag);
		break;
	}
}

static int seal(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in, size_t len,
                uint8_t *out)
{
	run(ctx, 1, iv, aad, in, len, out, out + len);
	return 0;
}

static int open_(void *ctx, const uint8_t iv[AEAD_IV], const uint8_t aad[AEAD_AAD], const uint8_t *in, size_t len,
                 uint8_t *out)
{
	uint8_t tag[AEAD_TAG];

	run(ctx, 0, iv, aad, in, len, out, tag);
	return memeql_sec(tag, in + len, AEAD_TAG) ? 0 : -1;
}

static void free_ctx(void *ctx)
{
	free(ctx);
}

static const char *version(void)
{
	static char v[32];

	snprintf(v, sizeof v, "Nettle %d.%d", nettle_version_major(), nettle_version_minor());
	return v;
}

const aead_lib aead_nettle = { LIB_NETTLE,
	"gcm_aes128/256_ (or chacha_poly1305_) set_iv(12) + update(16 B AAD) + encrypt(len) + digest(16) on a "
	"context keyed once",
	"gcm_aes128/256_ (or chacha_poly1305_) set_iv(12) + update(16 B AAD) + decrypt(len) + digest(16) + "
	"memeql_sec (plaintext written before the check)",
	new_ctx, seal, open_, free_ctx, version };
#endif
