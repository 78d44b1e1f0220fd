/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_bridge.c - libjca plugin provider "openssl": OpenSSL 3's libcrypto
 * digests, AES (openssl_aes.c) and CMAC (openssl_mac.c), under libjca's JCA
 * standard names.
 *
 *   MessageDigest  MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512,
 *                  SHA-512/224, SHA-512/256, SHA3-224, SHA3-256, SHA3-384,
 *                  SHA3-512 (with the built-in provider's aliases, OIDs and
 *                  HmacOID, so Hmac* names resolve the same way), SHAKE128
 *                  and SHAKE256 (extendable output, default 32 / 64 bytes)
 *   Cipher         AES (128/192/256) in ECB, CBC and CTR, NoPadding and
 *                  PKCS5Padding (libjca pads; OpenSSL runs whole blocks),
 *                  a block table; AES/GCM/NoPadding as an AEAD table
 *                  (openssl_gcm.c: EVP's AES-*-GCM; EVP has no raw GHASH
 *                  for the block table's building blocks); IVs of every
 *                  length (the engine hands over 12 or 16 bytes);
 *                  ChaCha20-Poly1305 as an AEAD table (openssl_chacha.c).
 *   SecureRandom   OpenSSL-CTR-DRBG: OpenSSL's CTR_DRBG (EVP_RAND), seeded
 *                  by libjca's engine (openssl_random.c says why).
 *   Mac            AESCMAC (alias AES-CMAC) through EVP_MAC (openssl_mac.c)
 *   KDF            SCRYPT (RFC 7914) through EVP_KDF (openssl_kdf.c)
 *   KeyFactory, KeyPairGenerator  EC (P-256, P-384, P-521), RSA, RSASSA-PSS,
 *                  Ed25519, X25519 over EVP_PKEY (openssl_pkey.c,
 *                  openssl_keygen.c)
 *   Signature      SHA*withECDSA (also SHA3-*, and ...inP1363Format),
 *                  SHA*withRSA, SHA*withRSA/PSS, RSASSA-PSS, Ed25519
 *                  (openssl_sig.c)
 *   KeyAgreement   ECDH, X25519 (openssl_kex.c)
 *
 * Build:
 *   cc -std=c11 -O2 -Wall -Wextra -fPIC -shared -fvisibility=hidden \
 *      $(pkg-config --cflags jca) openssl_bridge.c openssl_aes.c openssl_gcm.c openssl_chacha.c openssl_random.c openssl_mac.c openssl_kdf.c \
 *      openssl_pkey.c openssl_keygen.c openssl_sig.c openssl_kex.c -o openssl.so \
 *      $(pkg-config --cflags --libs libcrypto)
 *
 * Algorithms are fetched once, from OpenSSL's default library context with
 * no property query, when the host calls the entry function; so OpenSSL's
 * configuration (openssl.cnf, a FIPS default property) applies. If any
 * fetch fails, the plugin refuses to load and says which.
 *
 * Contexts here own OpenSSL objects (EVP_MD_CTX, EVP_CIPHER_CTX), so they
 * cannot be cloned with memcpy: the digest vtables set the copy and
 * cleanup hooks of jca_md_impl, the cipher tables set cleanup (see
 * include/jca/provider.h).
 *
 * Failures: every vtable function returns 0 or -1. The only ways they can
 * fail here are OpenSSL running out of memory or an internal error; they
 * then return -1 and the engine fails that call with JCA_IMPL (wiping any
 * output written), so no wrong digest and no plaintext is ever handed back
 * as a result, and nothing aborts the host process.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include <jca/plugin.h>
#include <jca/names.h>

#include "openssl_bridge.h"

#if OPENSSL_VERSION_MAJOR < 3
#error "the openssl bridge needs OpenSSL 3 (EVP_MD_fetch, EVP_DigestInit_ex2)"
#endif

/* ---- failing closed ----
 * An OpenSSL call that fails makes the vtable function return -1: the
 * engine then fails that call with JCA_IMPL and the object needs a fresh
 * init (provider.h). OpenSSL's error queue is cleared so that it does not
 * leak into an unrelated later OpenSSL call of the application. */
void (*ossl__set_error)(const char *message);   /* set once, by the entry */

int ossl__failed(const char *what)
{
	(void)what;
	ERR_clear_error();
	return -1;
}

int ossl__failed_why(const char *why)
{
	ERR_clear_error();
	if (ossl__set_error)
		ossl__set_error(why);
	return -1;
}

int ossl__refused(const char *why)
{
	ERR_clear_error();
	if (ossl__set_error)
		ossl__set_error(why);
	return JCA_REFUSED;
}

int ossl__out_of_memory(void)
{
	unsigned long e;
	int oom = 0;

	while ((e = ERR_get_error()) != 0)
		if (ERR_GET_REASON(e) == ERR_R_MALLOC_FAILURE)
			oom = 1;
	return oom;
}

/* ====================================================================== */
/* MessageDigest                                                           */
/* ====================================================================== */

/* The algorithms, indexed by enum, with OpenSSL's names. */
enum {
	D_MD5, D_SHA1, D_SHA224, D_SHA256, D_SHA384, D_SHA512, D_SHA512_224, D_SHA512_256,
	D_SHA3_224, D_SHA3_256, D_SHA3_384, D_SHA3_512, D_SHAKE128, D_SHAKE256, D_COUNT
};

static const char *const md_ossl[D_COUNT] = {
	[D_MD5] = "MD5", [D_SHA1] = "SHA1",
	[D_SHA224] = "SHA2-224", [D_SHA256] = "SHA2-256", [D_SHA384] = "SHA2-384",
	[D_SHA512] = "SHA2-512", [D_SHA512_224] = "SHA2-512/224", [D_SHA512_256] = "SHA2-512/256",
	[D_SHA3_224] = "SHA3-224", [D_SHA3_256] = "SHA3-256", [D_SHA3_384] = "SHA3-384",
	[D_SHA3_512] = "SHA3-512", [D_SHAKE128] = "SHAKE128", [D_SHAKE256] = "SHAKE256",
};

/* Written once, in the entry function (under pthread_once), before any
 * vtable can run; read-only afterwards. EVP_MD objects may be shared by
 * any number of threads. Never freed: plugin code stays loaded until the
 * process ends (provider.h). */
static EVP_MD *evp_md[D_COUNT];

/* The context: one pointer. The engine zeroes a new context (because
 * cleanup is set), so NULL means "not allocated yet". */
typedef struct omd_ctx {
	EVP_MD_CTX *ctx;
} omd_ctx;

static int omd_init(omd_ctx *c, const EVP_MD *md)
{
	if (!c->ctx && !(c->ctx = EVP_MD_CTX_new()))
		return ossl__failed("EVP_MD_CTX_new");
	if (!EVP_DigestInit_ex2(c->ctx, md, NULL))
		return ossl__failed("EVP_DigestInit_ex2");
	return 0;
}

static int omd_update(void *ctx, const void *in, size_t len)
{
	omd_ctx *c = ctx;

	if (len && !EVP_DigestUpdate(c->ctx, in, len))
		return ossl__failed("EVP_DigestUpdate");
	return 0;
}

/* Fixed-length digests: the engine asks for digest_size bytes. */
static int omd_final(void *ctx, void *out, size_t out_len)
{
	omd_ctx *c = ctx;
	unsigned char buf[EVP_MAX_MD_SIZE];
	unsigned int n = 0;

	if (!EVP_DigestFinal_ex(c->ctx, buf, &n))
		return ossl__failed("EVP_DigestFinal_ex");
	memcpy(out, buf, out_len < n ? out_len : n);
	OPENSSL_cleanse(buf, sizeof buf);
	return 0;
}

/* SHAKE: exactly out_len bytes, any length (the engine caps it at
 * INT32_MAX). Zero bytes needs no squeezing: the context is left spent
 * either way and the engine calls init() before reuse. */
static int omd_final_xof(void *ctx, void *out, size_t out_len)
{
	omd_ctx *c = ctx;

	if (out_len && !EVP_DigestFinalXOF(c->ctx, out, out_len))
		return ossl__failed("EVP_DigestFinalXOF");
	return 0;
}

/* copy(dst, src): dst is zeroed or a live context of the same
 * implementation; reuse its EVP_MD_CTX when there is one. 0 or -1; on
 * failure the engine calls cleanup(dst), so a half-made dst is fine. */
static int omd_copy(void *dst, const void *src)
{
	omd_ctx *d = dst;
	const omd_ctx *s = src;

	if (!s->ctx) {
		/* src never initialised (the states of a Mac not yet keyed):
		 * so is the copy. */
		if (d->ctx)
			EVP_MD_CTX_reset(d->ctx);
		return 0;
	}
	if (!d->ctx && !(d->ctx = EVP_MD_CTX_new()))
		return -1;
	return EVP_MD_CTX_copy_ex(d->ctx, s->ctx) ? 0 : -1;
}

static void omd_cleanup(void *ctx)
{
	omd_ctx *c = ctx;

	EVP_MD_CTX_free(c->ctx);    /* NULL is fine; frees and wipes the state */
	c->ctx = NULL;
}

/* One init function per algorithm (init gets no argument but the context)
 * and one vtable each. The sizes are checked against OpenSSL at load. */
#define OMD_IMPL(id, impl_name, dsize, bsize, final_fn, xof_flag) \
	static int init_##id(void *ctx) { return omd_init(ctx, evp_md[id]); } \
	static const jca_md_impl impl_##id = { \
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_md_impl, impl_name, JCA_PRIO_GENERIC, NULL, sizeof(omd_ctx), \
		                                NULL, omd_copy, omd_cleanup), \
		.digest_size = dsize, .block_size = bsize, \
		.flags = xof_flag, .init = init_##id, .update = omd_update, .final = final_fn, \
	}; \
	static const jca_impl *const impls_##id[] = { &impl_##id.base, NULL };

OMD_IMPL(D_MD5, "md5-openssl", 16, 64, omd_final, 0)
OMD_IMPL(D_SHA1, "sha1-openssl", 20, 64, omd_final, 0)
OMD_IMPL(D_SHA224, "sha224-openssl", 28, 64, omd_final, 0)
OMD_IMPL(D_SHA256, "sha256-openssl", 32, 64, omd_final, 0)
OMD_IMPL(D_SHA384, "sha384-openssl", 48, 128, omd_final, 0)
OMD_IMPL(D_SHA512, "sha512-openssl", 64, 128, omd_final, 0)
OMD_IMPL(D_SHA512_224, "sha512_224-openssl", 28, 128, omd_final, 0)
OMD_IMPL(D_SHA512_256, "sha512_256-openssl", 32, 128, omd_final, 0)
OMD_IMPL(D_SHA3_224, "sha3_224-openssl", 28, 144, omd_final, 0)
OMD_IMPL(D_SHA3_256, "sha3_256-openssl", 32, 136, omd_final, 0)
OMD_IMPL(D_SHA3_384, "sha3_384-openssl", 48, 104, omd_final, 0)
OMD_IMPL(D_SHA3_512, "sha3_512-openssl", 64, 72, omd_final, 0)
OMD_IMPL(D_SHAKE128, "shake128-openssl", 32, 168, omd_final_xof, JCA_MD_XOF)
OMD_IMPL(D_SHAKE256, "shake256-openssl", 64, 136, omd_final_xof, JCA_MD_XOF)

static const jca_md_impl *const md_vtable[D_COUNT] = {
	[D_MD5] = &impl_D_MD5, [D_SHA1] = &impl_D_SHA1,
	[D_SHA224] = &impl_D_SHA224, [D_SHA256] = &impl_D_SHA256, [D_SHA384] = &impl_D_SHA384,
	[D_SHA512] = &impl_D_SHA512, [D_SHA512_224] = &impl_D_SHA512_224,
	[D_SHA512_256] = &impl_D_SHA512_256, [D_SHA3_224] = &impl_D_SHA3_224,
	[D_SHA3_256] = &impl_D_SHA3_256, [D_SHA3_384] = &impl_D_SHA3_384,
	[D_SHA3_512] = &impl_D_SHA3_512, [D_SHAKE128] = &impl_D_SHAKE128,
	[D_SHAKE256] = &impl_D_SHAKE256,
};

/* Names, aliases, OIDs and HMAC OIDs: <jca/names.h>, the same as the
 * built-in provider's, so that an application can switch providers
 * without renaming anything. */
static const char *const md5_names[] = { JCA_NAMES_MD5, NULL };
static const char *const sha1_names[] = { JCA_NAMES_SHA1, NULL };
static const char *const sha224_names[] = { JCA_NAMES_SHA224, NULL };
static const char *const sha256_names[] = { JCA_NAMES_SHA256, NULL };
static const char *const sha384_names[] = { JCA_NAMES_SHA384, NULL };
static const char *const sha512_names[] = { JCA_NAMES_SHA512, NULL };
static const char *const sha512_224_names[] = { JCA_NAMES_SHA512_224, NULL };
static const char *const sha512_256_names[] = { JCA_NAMES_SHA512_256, NULL };
static const char *const sha3_224_names[] = { JCA_NAMES_SHA3_224, NULL };
static const char *const sha3_256_names[] = { JCA_NAMES_SHA3_256, NULL };
static const char *const sha3_384_names[] = { JCA_NAMES_SHA3_384, NULL };
static const char *const sha3_512_names[] = { JCA_NAMES_SHA3_512, NULL };
static const char *const shake128_names[] = { JCA_NAMES_SHAKE128, NULL };
static const char *const shake256_names[] = { JCA_NAMES_SHAKE256, NULL };

#define ATTRS(name, oid) \
	static const jca_attr name[] = { { "ImplementedIn", "Software" }, { JCA_ATTR_HMAC_OID, oid }, { NULL, NULL } }
ATTRS(md5_attrs, JCA_HMAC_OID_MD5);
ATTRS(sha1_attrs, JCA_HMAC_OID_SHA1);
ATTRS(sha224_attrs, JCA_HMAC_OID_SHA224);
ATTRS(sha256_attrs, JCA_HMAC_OID_SHA256);
ATTRS(sha384_attrs, JCA_HMAC_OID_SHA384);
ATTRS(sha512_attrs, JCA_HMAC_OID_SHA512);
ATTRS(sha512_224_attrs, JCA_HMAC_OID_SHA512_224);
ATTRS(sha512_256_attrs, JCA_HMAC_OID_SHA512_256);
ATTRS(sha3_224_attrs, JCA_HMAC_OID_SHA3_224);
ATTRS(sha3_256_attrs, JCA_HMAC_OID_SHA3_256);
ATTRS(sha3_384_attrs, JCA_HMAC_OID_SHA3_384);
ATTRS(sha3_512_attrs, JCA_HMAC_OID_SHA3_512);
static const jca_attr shake_attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

/* Known answers: the host's (src/api/md_kat.c), for every digest here. */

/* ====================================================================== */
/* Provider                                                                */
/* ====================================================================== */

#define MD(id, low, attrs) \
	static const jca_service_desc svc_##low = { sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, \
		JCA_NAME_##id, low##_names, attrs, impls_D_##id, NULL, NULL }

MD(MD5, md5, md5_attrs);
MD(SHA1, sha1, sha1_attrs);
MD(SHA224, sha224, sha224_attrs);
MD(SHA256, sha256, sha256_attrs);
MD(SHA384, sha384, sha384_attrs);
MD(SHA512, sha512, sha512_attrs);
MD(SHA512_224, sha512_224, sha512_224_attrs);
MD(SHA512_256, sha512_256, sha512_256_attrs);
MD(SHA3_224, sha3_224, sha3_224_attrs);
MD(SHA3_256, sha3_256, sha3_256_attrs);
MD(SHA3_384, sha3_384, sha3_384_attrs);
MD(SHA3_512, sha3_512, sha3_512_attrs);
MD(SHAKE128, shake128, shake_attrs);
MD(SHAKE256, shake256, shake_attrs);

static const jca_service_desc *const services[] = {
	&svc_md5, &svc_sha1, &svc_sha224, &svc_sha256, &svc_sha384, &svc_sha512, &svc_sha512_224,
	&svc_sha512_256, &svc_sha3_224, &svc_sha3_256, &svc_sha3_384, &svc_sha3_512, &svc_shake128,
	&svc_shake256, &ossl__svc_aes, &ossl__svc_aes_gcm, &ossl__svc_aes_ccm, &ossl__svc_chacha20_poly1305, &ossl__svc_cmac,
	&ossl__svc_drbg,
	&ossl__svc_scrypt,
	/* keys, Signature, KeyAgreement (openssl_pkey.c, openssl_sig.c, openssl_kex.c) */
	&ossl__svc_kf_ec, &ossl__svc_kf_rsa, &ossl__svc_kf_rsa_pss, &ossl__svc_kf_ed25519, &ossl__svc_kf_x25519,
	&ossl__svc_kpg_ec, &ossl__svc_kpg_rsa, &ossl__svc_kpg_rsa_pss, &ossl__svc_kpg_ed25519, &ossl__svc_kpg_x25519,
	&ossl__svc_sha224_ecdsa, &ossl__svc_sha256_ecdsa, &ossl__svc_sha384_ecdsa, &ossl__svc_sha512_ecdsa,
	&ossl__svc_sha3_256_ecdsa, &ossl__svc_sha3_384_ecdsa, &ossl__svc_sha3_512_ecdsa,
	&ossl__svc_sha224_ecdsa_p1363, &ossl__svc_sha256_ecdsa_p1363, &ossl__svc_sha384_ecdsa_p1363,
	&ossl__svc_sha512_ecdsa_p1363, &ossl__svc_sha224_rsa, &ossl__svc_sha256_rsa, &ossl__svc_sha384_rsa,
	&ossl__svc_sha512_rsa, &ossl__svc_sha256_rsa_pss, &ossl__svc_sha384_rsa_pss, &ossl__svc_sha512_rsa_pss,
	&ossl__svc_rsassa_pss, &ossl__svc_sig_ed25519,
	&ossl__svc_ka_ecdh, &ossl__svc_ka_x25519,
	NULL
};

/* Not const: the version is OpenSSL's, known only at run time. Filled once
 * (in load_once) before *desc is handed out, never changed afterwards. */
static jca_provider_desc provider = {
	.abi_version = JCA_ABI_VERSION,
	.struct_size = sizeof(jca_provider_desc),
	.name = "openssl",
	.version = NULL,
	.description = "Bridge to OpenSSL 3 libcrypto: MD5, SHA-1, SHA-2, SHA-3, SHAKE (HMAC over them) "
	               "AES in ECB/CBC/CTR, AES/GCM, ChaCha20-Poly1305, AES-CMAC and scrypt, under JCA standard names; OpenSSL's CTR_DRBG "
	               "as SecureRandom OpenSSL-CTR-DRBG; EC (P-256/384/521), RSA, RSASSA-PSS, Ed25519 and X25519 keys, "
	               "ECDSA, RSA (PKCS#1 v1.5, PSS) and Ed25519 signatures, ECDH and X25519",
	.services = services,
};

static pthread_once_t once = PTHREAD_ONCE_INIT;
char ossl__load_error[256];       /* empty when loading succeeded */

void ossl__fetch_failed(const char *kind, const char *name)
{
	unsigned long e = ERR_peek_last_error();
	char why[160] = "unknown reason";

	if (e)
		ERR_error_string_n(e, why, sizeof why);
	ERR_clear_error();
	snprintf(ossl__load_error, sizeof ossl__load_error, "OpenSSL %s: cannot fetch %s %s: %s",
	         OpenSSL_version(OPENSSL_VERSION_STRING), kind, name, why);
}

static void free_fetched(void)
{
	int i;

	for (i = 0; i < D_COUNT; i++) {
		EVP_MD_free(evp_md[i]);
		evp_md[i] = NULL;
	}
	ossl__aes_free();
	ossl__drbg_free();
	ossl__mac_free();
	ossl__kdf_free();
}

/* Fetches every algorithm and checks that OpenSSL agrees with the sizes
 * the vtables declare. Runs once per process, however often the entry is
 * called (a second jca_provider_load of this file, two threads at once). */
static void load_once(void)
{
	int i;

	for (i = 0; i < D_COUNT; i++) {
		const jca_md_impl *vt = md_vtable[i];
		int xof;

		if (!(evp_md[i] = EVP_MD_fetch(NULL, md_ossl[i], NULL))) {
			ossl__fetch_failed("digest", md_ossl[i]);
			goto fail;
		}
		xof = (EVP_MD_get_flags(evp_md[i]) & EVP_MD_FLAG_XOF) != 0;
		if (xof != ((vt->flags & JCA_MD_XOF) != 0) ||
		    (!xof && (size_t)EVP_MD_get_size(evp_md[i]) != vt->digest_size) ||
		    (size_t)EVP_MD_get_block_size(evp_md[i]) != vt->block_size) {
			snprintf(ossl__load_error, sizeof ossl__load_error,
			         "OpenSSL digest %s: sizes differ from the bridge's (%d/%d)",
			         md_ossl[i], EVP_MD_get_size(evp_md[i]), EVP_MD_get_block_size(evp_md[i]));
			goto fail;
		}
	}
	if (ossl__aes_load() != 0 || ossl__mac_load() != 0)
		goto fail;
	if (ossl__drbg_load() != 0)
		goto fail;
	if (ossl__kdf_load() != 0)
		goto fail;
	if (ossl__pkey_load() != 0)
		goto fail;
	provider.version = OpenSSL_version(OPENSSL_VERSION_STRING);
	return;
fail:
	free_fetched();
}

JCA_PLUGIN_ENTRY(host, desc, provctx)
{
	(void)provctx;
	if (!desc || !jca_host_compatible(host))
		return -1;
	/* the same host for every entry of this process (one libjca) */
	ossl__set_error = host->set_error;
	if (pthread_once(&once, load_once) != 0) {
		if (host->set_error)
			host->set_error("openssl provider: pthread_once failed");
		return -1;
	}
	if (ossl__load_error[0]) {
		if (host->set_error)
			host->set_error(ossl__load_error);
		return -1;
	}
	*desc = &provider;
	return 0;
}
