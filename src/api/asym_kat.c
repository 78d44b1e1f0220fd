/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host's Signature and KeyAgreement known answers (kat.h), with what
 * needs no secret: a signature's verification (the vector's signature
 * accepted, the same with one bit flipped refused) and an agreement from
 * fixed keys. Keys are decoded by the KeyFactory the implementation names
 * (key_algorithm) in its own provider, as the engine would hand them
 * over. Values: asym_kat_vectors.h (tests/kat/gen_asym_kat.py) and
 * asym_kat_mldsa.h (tests/kat/gen_mldsa_host_kat.py).
 *
 * A KeyAgreement whose provider does not import private keys (a token
 * keeps only the keys it made) cannot be given the fixed key: its test is
 * skipped. Any other refusal of a vector's key fails the implementation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kat.h"
#include "key_int.h"
#include "asym_kat_vectors.h"
#include "asym_kat_mldsa.h"
#include "jca/names.h"

typedef struct sig_vec {
	const char *name, *label;
	const char *pub, *msg, *sig;
	size_t pub_len, msg_len, sig_len;
} sig_vec;

#define SIG(nm, lbl, P, M, S) { nm, lbl, P, M, S, sizeof(P) - 1, sizeof(M) - 1, sizeof(S) - 1 }

static const sig_vec sigs[] = {
	SIG(JCA_NAME_SIG_ED25519, "RFC 8032 7.1 TEST 2", ED25519_PUB, ED25519_MSG, ED25519_SIG),
	SIG(JCA_NAME_SHA256_ECDSA, "P-256 (tests/kat/gen_asym_kat.py)", P256_PUB, P256_MSG, P256_SIG_DER),
	SIG(JCA_NAME_SHA256_ECDSA_P1363, "P-256 (tests/kat/gen_asym_kat.py)", P256_PUB, P256_MSG, P256_SIG_P1363),
	SIG(JCA_NAME_SHA256_RSA, "RSA-2048 PKCS#1 v1.5 (tests/kat/gen_asym_kat.py)", RSA_PUB, RSA_MSG,
	    RSA_SIG_V15),
	SIG(JCA_NAME_SHA256_RSA_PSS, "RSA-2048 PSS (tests/kat/gen_asym_kat.py)", RSA_PUB, RSA_MSG, RSA_SIG_PSS),
	SIG(JCA_NAME_SIG_ML_DSA_44, "ML-DSA-44 (tests/kat/gen_mldsa_host_kat.py)", MLDSA44_PUB, MLDSA44_MSG, MLDSA44_SIG),
	SIG(JCA_NAME_SIG_ML_DSA_65, "ML-DSA-65 (tests/kat/gen_mldsa_host_kat.py)", MLDSA65_PUB, MLDSA65_MSG, MLDSA65_SIG),
	SIG(JCA_NAME_SIG_ML_DSA_87, "ML-DSA-87 (tests/kat/gen_mldsa_host_kat.py)", MLDSA87_PUB, MLDSA87_MSG, MLDSA87_SIG),
};

typedef struct ka_vec {
	const char *name, *label;
	const char *priv, *peer, *secret;
	size_t priv_len, peer_len, secret_len;
} ka_vec;

#define KA(nm, lbl, A, B, K) { nm, lbl, A, B, K, sizeof(A) - 1, sizeof(B) - 1, sizeof(K) - 1 }

static const ka_vec kas[] = {
	KA(JCA_NAME_KA_X25519, "RFC 7748 6.1", X25519_PRIV, X25519_PEER, X25519_K),
	KA(JCA_NAME_KA_ECDH, "P-256 (tests/kat/gen_asym_kat.py)", ECDH_PRIV, ECDH_PEER, ECDH_K),
};

/* One verification on a fresh context: 0 accepted, else refused. -2 when
 * init fails. */
static int verify_once(const struct jca_service *s, const jca_signature_impl *m, const jca_key *key,
                       const sig_vec *v, const uint8_t *sig)
{
	void *ctx = calloc(1, m->base.ctx_size);
	const uint8_t *msg = (const uint8_t *)v->msg;
	size_t sig_max = 0;
	int rc = -2;

	if (!ctx)
		return -2;
	if (jca__ctx_open(s, &m->base, ctx) != 0) {
		free(ctx);
		return -2;
	}
	if (m->init(ctx, JCA_VERIFY, key->data, &sig_max) == 0) {
		if (m->update)
			rc = m->update(ctx, msg, v->msg_len) != 0 ? -1 : m->verify(ctx, NULL, 0, sig, v->sig_len);
		else
			rc = m->verify(ctx, msg, v->msg_len, sig, v->sig_len);
		rc = rc == 0 ? 0 : -1;
	}
	jca__ctx_close(&m->base, ctx);
	free(ctx);
	return rc;
}

const char *jca__signature_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n)
{
	const jca_signature_impl *m = (const jca_signature_impl *)impl;
	const sig_vec *v = NULL;
	uint8_t flipped[8192];     /* ML-DSA-87's signature: 4627 bytes */
	jca_key *key = NULL;
	size_t i;
	int rc;

	for (i = 0; i < sizeof sigs / sizeof sigs[0] && !v; i++)
		if (jca__service_named(s, sigs[i].name))
			v = &sigs[i];
	if (!v)
		return NULL;
	why[0] = 0;
	if ((rc = jca__kat_key_decode(s, m->key_algorithm, JCA_KEY_PUBLIC, v->pub, v->pub_len, &key)) != 0) {
		snprintf(why, n, "the host's vector %s: its KeyFactory \"%s\" cannot take the public key (%s)", v->label,
		         m->key_algorithm, rc == JCA_NOALG ? "the provider has none" : jca_last_error_message());
		return why;
	}
	memcpy(flipped, v->sig, v->sig_len);
	flipped[v->sig_len / 2] ^= 0x01;
	if ((rc = verify_once(s, m, key, v, (const uint8_t *)v->sig)) != 0)
		snprintf(why, n, "the host's vector %s: %s", v->label,
		         rc == -2 ? "init for verification failed" : "a valid signature was refused");
	else if (verify_once(s, m, key, v, flipped) == 0)
		snprintf(why, n, "the host's vector %s: a signature with one bit flipped was accepted", v->label);
	jca_key_free(key);
	return rc != 0 || why[0] ? why : NULL;
}

const char *jca__keyagreement_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n)
{
	const jca_keyagreement_impl *m = (const jca_keyagreement_impl *)impl;
	const ka_vec *v = NULL;
	jca_key *priv = NULL, *peer = NULL;
	uint8_t out[1024];
	char saved[256];
	size_t i, len = 0;
	void *ctx = NULL;
	int rc, code, ok = 0;

	for (i = 0; i < sizeof kas / sizeof kas[0] && !v; i++)
		if (jca__service_named(s, kas[i].name))
			v = &kas[i];
	if (!v)
		return NULL;
	code = jca_last_error();
	snprintf(saved, sizeof saved, "%s", jca_last_error_message());
	rc = jca__kat_key_decode(s, m->key_algorithm, JCA_KEY_PRIVATE, v->priv, v->priv_len, &priv);
	if (rc == JCA_BADKEY) {
		jca__error(code, "%s", saved);  /* a load that succeeds leaves the last error alone */
		return NULL;              /* no private key import (a token): nothing to run */
	}
	if (rc == 0)
		rc = jca__kat_key_decode(s, m->key_algorithm, JCA_KEY_PUBLIC, v->peer, v->peer_len, &peer);
	if (rc != 0) {
		snprintf(why, n, "the host's vector %s: its KeyFactory \"%s\" cannot take the keys (%s)", v->label,
		         m->key_algorithm, rc == JCA_NOALG ? "the provider has none" : jca_last_error_message());
		jca_key_free(priv);
		return why;
	}
	ctx = calloc(1, m->base.ctx_size);
	if (ctx && jca__ctx_open(s, &m->base, ctx) != 0) {
		free(ctx);
		ctx = NULL;
	}
	if (ctx && m->init(ctx, priv->data, &len) == 0 && len == v->secret_len && m->phase(ctx, peer->data) == 0 &&
	    m->secret(ctx, out) == 0)
		ok = memcmp(out, v->secret, len) == 0;
	if (ctx)
		jca__ctx_close(&m->base, ctx);
	free(ctx);
	jca__wipe(out, sizeof out);
	jca_key_free(priv);
	jca_key_free(peer);
	if (ok)
		return NULL;
	snprintf(why, n, "wrong answer to the host's vector %s", v->label);
	return why;
}
