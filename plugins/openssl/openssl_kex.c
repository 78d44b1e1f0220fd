/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_kex.c - the "openssl" bridge's KeyAgreement services (ABI 3.2,
 * jca_keyagreement_impl) over OpenSSL 3's EVP_PKEY_derive, with the
 * bridge's keys (openssl_pkey.c):
 *
 *   ECDH    EC keys on P-256, P-384, P-521: the shared point's
 *           x-coordinate, the field size long (SP 800-56A's Z, as the
 *           JDK's ECDH gives it)
 *   X25519  RFC 7748: 32 bytes; the all-zero secret of a small-order peer
 *           key is refused (OpenSSL refuses it too: JCA_REFUSED here)
 *
 * The context owns an EVP_PKEY_CTX set up for derivation with the
 * private key, and a reference to that key. phase checks that the peer's
 * key has the same parameters (the same curve) and that OpenSSL takes it
 * (EVP_PKEY_derive_set_peer_ex validates the peer's point); each phase
 * starts a fresh derivation context, so a secret never mixes two peers.
 */
#define _POSIX_C_SOURCE 200809L

#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include <jca/plugin.h>
#include <jca/names.h>

#include "openssl_bridge.h"

enum { KA_ECDH, KA_X25519 };

typedef struct oka_ctx {
	EVP_PKEY_CTX *derive;      /* NULL in a zeroed context */
	EVP_PKEY *priv;            /* held from init to the next init or cleanup */
	int alg;                   /* KA_* */
	int peered;                /* derive has a peer (set by phase) */
	size_t secret_len;
} oka_ctx;

/* A derivation context for the private key, not yet given a peer. */
static int ka_fresh(oka_ctx *c)
{
	EVP_PKEY_CTX_free(c->derive);
	c->peered = 0;
	if (!(c->derive = EVP_PKEY_CTX_new_from_pkey(NULL, c->priv, NULL)))
		return ossl__failed("EVP_PKEY_CTX_new_from_pkey");
	if (EVP_PKEY_derive_init(c->derive) != 1)
		return ossl__failed("EVP_PKEY_derive_init");
	return 0;
}

static int ka_init(oka_ctx *c, int alg, const void *priv, size_t *secret_len)
{
	const ossl__key *k = priv;
	EVP_PKEY *pkey = k->pkey;
	size_t field;

	if (!pkey)
		return ossl__failed_why("KeyAgreement init: no key");
	if (k->kind != JCA_KEY_PRIVATE)
		return ossl__refused("KeyAgreement: init needs a private key");
	if (alg == KA_ECDH) {
		if (!EVP_PKEY_is_a(pkey, "EC") || !(field = ossl__ec_field_bytes(pkey)))
			return ossl__refused("ECDH: the key is not an EC key on P-256, P-384 or P-521");
	} else {
		if (!EVP_PKEY_is_a(pkey, "X25519"))
			return ossl__refused("X25519: the key is not an X25519 key");
		field = 32;
	}
	if (!EVP_PKEY_up_ref(pkey))
		return ossl__failed("EVP_PKEY_up_ref");
	EVP_PKEY_free(c->priv);
	c->priv = pkey;
	c->alg = alg;
	c->secret_len = field;
	*secret_len = field;
	return ka_fresh(c);
}

static int ka_init_ecdh(void *ctx, const void *priv, size_t *secret_len)
{
	return ka_init(ctx, KA_ECDH, priv, secret_len);
}

static int ka_init_x25519(void *ctx, const void *priv, size_t *secret_len)
{
	return ka_init(ctx, KA_X25519, priv, secret_len);
}

static int ka_phase(void *ctx, const void *peer)
{
	oka_ctx *c = ctx;
	const ossl__key *k = peer;
	int rc;

	if (!c->priv || !k->pkey)
		return ossl__failed_why("KeyAgreement phase: not initialised, or no peer key");
	if (EVP_PKEY_parameters_eq(c->priv, k->pkey) != 1 ||
	    (c->alg == KA_ECDH && ossl__ec_field_bytes(k->pkey) != c->secret_len))
		return ossl__refused(c->alg == KA_ECDH ? "ECDH: the peer's key is on another curve"
		                                       : "X25519: the peer's key is not an X25519 key");
	if ((c->peered || !c->derive) && (rc = ka_fresh(c)) != 0)
		return rc;
	/* validate_peer 1: OpenSSL checks the peer's public key (the point on the curve) */
	if (EVP_PKEY_derive_set_peer_ex(c->derive, k->pkey, 1) != 1) {
		if (ossl__out_of_memory())
			return -1;
		/* the context may hold a half-set peer: a fresh one next time */
		c->peered = 1;
		return ossl__refused("KeyAgreement: OpenSSL refuses the peer's public key");
	}
	c->peered = 1;
	return 0;
}

static int ka_secret(void *ctx, uint8_t *out)
{
	oka_ctx *c = ctx;
	size_t n = c->secret_len;

	if (!c->derive || !c->peered)
		return ossl__failed_why("KeyAgreement: no phase before the secret");
	if (EVP_PKEY_derive(c->derive, out, &n) != 1) {
		OPENSSL_cleanse(out, c->secret_len);
		if (ossl__out_of_memory())
			return -1;
		/* X25519: OpenSSL's derive fails only on the all-zero secret
		 * (ossl_x25519 checks it) once the peer was taken */
		return c->alg == KA_X25519 ? ossl__refused("X25519: the shared secret is all zero (a small-order peer key)")
		                           : ossl__failed("EVP_PKEY_derive (ECDH)");
	}
	if (n != c->secret_len) {
		OPENSSL_cleanse(out, c->secret_len);
		return ossl__failed_why("KeyAgreement: OpenSSL's secret has an unexpected length");
	}
	return 0;
}

static void ka_cleanup(void *ctx)
{
	oka_ctx *c = ctx;

	EVP_PKEY_CTX_free(c->derive);
	EVP_PKEY_free(c->priv);
	c->derive = NULL;
	c->priv = NULL;
}

static const jca_attr ka_attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

static const jca_keyagreement_impl ka_impl_ecdh = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_keyagreement_impl, "ecdh-openssl", JCA_PRIO_GENERIC, NULL, sizeof(oka_ctx),
	                                NULL, NULL, ka_cleanup),
	.key_algorithm = JCA_NAME_KEY_EC, .init = ka_init_ecdh, .phase = ka_phase, .secret = ka_secret,
};
static const jca_keyagreement_impl ka_impl_x25519 = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_keyagreement_impl, "x25519-openssl", JCA_PRIO_GENERIC, NULL,
	                                sizeof(oka_ctx), NULL, NULL, ka_cleanup),
	.key_algorithm = JCA_NAME_KEY_X25519, .init = ka_init_x25519, .phase = ka_phase, .secret = ka_secret,
};
static const jca_impl *const ka_impls_ecdh[] = { &ka_impl_ecdh.base, NULL };
static const jca_impl *const ka_impls_x25519[] = { &ka_impl_x25519.base, NULL };
static const char *const ka_names_ecdh[] = { JCA_NAMES_KA_ECDH, NULL };
static const char *const ka_names_x25519[] = { JCA_NAMES_KA_X25519, NULL };

const jca_service_desc ossl__svc_ka_ecdh = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KEY_AGREEMENT, .algorithm = JCA_NAME_KA_ECDH,
	.aliases = ka_names_ecdh, .attributes = ka_attrs, .impls = ka_impls_ecdh
};
const jca_service_desc ossl__svc_ka_x25519 = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KEY_AGREEMENT, .algorithm = JCA_NAME_KA_X25519,
	.aliases = ka_names_x25519, .attributes = ka_attrs, .impls = ka_impls_x25519
};
