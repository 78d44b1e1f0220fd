/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_mac.c - the OpenSSL bridge's Mac services (ABI 3, jca_mac_impl):
 *
 *   Mac  AESCMAC (alias AES-CMAC; Bouncy Castle's name: the JDK has no
 *        CMAC): CMAC over AES (RFC 4493, NIST SP 800-38B) through EVP_MAC
 *        "CMAC", the cipher chosen by the key length (16, 24 or 32 bytes:
 *        AES-128-CBC, AES-192-CBC, AES-256-CBC); a 16-byte tag.
 *
 * The context owns an EVP_MAC_CTX: copy duplicates it (EVP_MAC_CTX_dup),
 * cleanup frees it. After a tag the context is restarted under the same
 * key (EVP_MAC_init with no key), as jca_mac_impl.final requires.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <jca/plugin.h>

#include "openssl_bridge.h"

#define CMAC_TAG 16
#define AES_BLOCK 16

/* Fetched once at load (ossl__mac_load), shared by every context. */
static EVP_MAC *evp_cmac;

typedef struct omac_ctx {
	EVP_MAC_CTX *ctx;           /* NULL in a zeroed context */
} omac_ctx;

static int cmac_attach(void *provctx, void *ctx)
{
	omac_ctx *c = ctx;

	(void)provctx;              /* the bridge has no provider context */
	if (!(c->ctx = EVP_MAC_CTX_new(evp_cmac)))
		return ossl__failed("EVP_MAC_CTX_new");
	return 0;
}

static int cmac_init(void *ctx, const void *key, size_t key_len)
{
	omac_ctx *c = ctx;
	const char *cipher = key_len == 16 ? "AES-128-CBC" : key_len == 24 ? "AES-192-CBC" : "AES-256-CBC";
	OSSL_PARAM params[2];

	/* key_min 16, key_max 32: the engine has checked the range */
	if (key_len != 16 && key_len != 24 && key_len != 32) {
		ossl__failed_why("AESCMAC: the key is 16, 24 or 32 bytes (AES-128/192/256)");
		return JCA_KEYLEN;
	}
	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, (char *)cipher, 0);
	params[1] = OSSL_PARAM_construct_end();
	if (!EVP_MAC_init(c->ctx, key, key_len, params))
		return ossl__failed("EVP_MAC_init");
	return 0;
}

static int cmac_update(void *ctx, const void *in, size_t len)
{
	omac_ctx *c = ctx;

	if (len && !EVP_MAC_update(c->ctx, in, len))
		return ossl__failed("EVP_MAC_update");
	return 0;
}

/* Restarts the message under the key set last. */
static int cmac_reset(void *ctx)
{
	omac_ctx *c = ctx;

	if (!EVP_MAC_init(c->ctx, NULL, 0, NULL))
		return ossl__failed("EVP_MAC_init (restart)");
	return 0;
}

/* out_len is mac_size (16) always. */
static int cmac_final(void *ctx, void *out, size_t out_len)
{
	omac_ctx *c = ctx;
	size_t n = 0;

	if (!EVP_MAC_final(c->ctx, out, &n, out_len) || n != out_len)
		return ossl__failed("EVP_MAC_final");
	return cmac_reset(ctx);
}

/* dst is zeroed (a clone) or live: its EVP_MAC_CTX is replaced. */
static int cmac_copy(void *dst, const void *src)
{
	omac_ctx *d = dst;
	const omac_ctx *s = src;
	EVP_MAC_CTX *dup = EVP_MAC_CTX_dup(s->ctx);

	if (!dup)
		return ossl__failed("EVP_MAC_CTX_dup");
	EVP_MAC_CTX_free(d->ctx);
	d->ctx = dup;
	return 0;
}

static void cmac_cleanup(void *ctx)
{
	omac_ctx *c = ctx;

	EVP_MAC_CTX_free(c->ctx);   /* NULL is fine; wipes the key schedule */
	c->ctx = NULL;
}

static const jca_mac_impl cmac_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_mac_impl, "aescmac-openssl", JCA_PRIO_GENERIC, NULL, sizeof(omac_ctx),
	                                cmac_attach, cmac_copy, cmac_cleanup),
	.mac_size = CMAC_TAG,
	.block_size = AES_BLOCK,
	.key_min = 16,
	.key_max = 32,
	.init = cmac_init,
	.update = cmac_update,
	.final = cmac_final,
	.reset = cmac_reset,
};

static const jca_impl *const cmac_impls[] = { &cmac_impl.base, NULL };
static const char *const cmac_aliases[] = { "AES-CMAC", NULL };
static const jca_attr cmac_attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

/* Known answer: the host's (src/api/mac_kat.c, RFC 4493). */
const jca_service_desc ossl__svc_cmac = {
	.struct_size = sizeof(jca_service_desc),
	.type = JCA_MAC,
	.algorithm = "AESCMAC",
	.aliases = cmac_aliases,
	.attributes = cmac_attrs,
	.impls = cmac_impls,
};

int ossl__mac_load(void)
{
	if (!(evp_cmac = EVP_MAC_fetch(NULL, "CMAC", NULL))) {
		ossl__fetch_failed("MAC", "CMAC");
		return -1;
	}
	return 0;
}

void ossl__mac_free(void)
{
	EVP_MAC_free(evp_cmac);
	evp_cmac = NULL;
}
