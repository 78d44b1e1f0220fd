/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_keygen.c - KeyPairGenerator EC, RSA and Ed25519 on the token
 * (C_GenerateKeyPair with CKM_EC_KEY_PAIR_GEN, CKM_RSA_PKCS_KEY_PAIR_GEN,
 * CKM_EC_EDWARDS_KEY_PAIR_GEN).
 *
 * The pair is made of session objects (CKA_TOKEN false): the private key
 * sensitive and not extractable, for signing (and deriving, EC); its
 * session is the private key context's. The public object is read (its
 * point or modulus become the cached SubjectPublicKeyInfo) and replaced
 * by one in the public key context's own session, so that either key may
 * be freed first. Both get the same CKA_ID: the SHA-1 (SHA-256 when the
 * token has no SHA-1) of the public point or modulus, as tools do, so
 * that the KeyStore can pair them again.
 *
 * Specs: EC "secp256r1" (default; "P-256", "prime256v1"), "secp384r1",
 * "secp521r1" and their aliases; RSA "2048", "3072" (default), "4096",
 * within the token's sizes; Ed25519 none.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "p11_internal.h"
#include "p11_provider.h"

typedef struct p11_kpg {
	const p11_instance *in;
	int type;                  /* P11K_* (attach) */
	const p11_curve *curve;    /* EC; NULL: not initialised */
	unsigned long bits;        /* RSA; 0: not initialised */
} p11_kpg;

static int kpg_attach(void *provctx, void *ctx, int type)
{
	p11_kpg *g = ctx;

	g->in = provctx;
	g->type = type;
	return 0;
}

static int attach_ec(void *p, void *c) { return kpg_attach(p, c, P11K_EC); }
static int attach_rsa(void *p, void *c) { return kpg_attach(p, c, P11K_RSA); }
static int attach_ed25519(void *p, void *c) { return kpg_attach(p, c, P11K_ED25519); }

static int kpg_init(void *ctx, const char *spec)
{
	p11_kpg *g = ctx;

	if (g->type == P11K_EC) {
		g->curve = p11_curve_by_name(spec ? spec : "secp256r1");
		if (!g->curve) {
			p11_say(g->in, "EC: the curves are secp256r1 (P-256, prime256v1), secp384r1 (P-384), "
			               "secp521r1 (P-521)");
			return JCA_REFUSED;
		}
	} else if (g->type == P11K_RSA) {
		unsigned long min = 0, max = 0;

		if (spec && strcmp(spec, "2048") && strcmp(spec, "3072") && strcmp(spec, "4096")) {
			p11_say(g->in, "RSA: the sizes are 2048, 3072 and 4096 bits");
			return JCA_REFUSED;
		}
		g->bits = spec ? strtoul(spec, NULL, 10) : 3072;
		p11_has(g->in->tok, CKM_RSA_PKCS_KEY_PAIR_GEN, 0, &min, &max);
		if ((min && g->bits < min) || (max && g->bits > max)) {
			g->bits = 0;
			p11_say(g->in, "RSA: the token does not make keys of that size");
			return JCA_REFUSED;
		}
	} else if (spec) {
		p11_say(g->in, "Ed25519 takes no parameters");
		return JCA_REFUSED;
	}
	return 0;
}

/* The pair's CKA_ID: a digest of the public point or modulus. */
static int pair_id(const p11_key *k, CK_SESSION_HANDLE s, uint8_t *id, CK_ULONG *id_len)
{
	CK_MECHANISM m = { p11_has(k->in->tok, CKM_SHA_1, CKF_DIGEST, NULL, NULL) ? CKM_SHA_1 : CKM_SHA256, NULL, 0 };
	const uint8_t *v = k->spki + k->pt_off;
	size_t n = k->pt_len;
	p11_spki pk;
	const char *why;
	CK_RV rv;

	if (k->type == P11K_RSA) {
		if (p11_spki_read(k->spki, k->spki_len, &pk, &why) != 0)
			return p11__fail(JCA_INTERNAL, "pkcs11: %s", why);
		v = pk.n;
		n = pk.n_len;
	}
	P11_CALL(k->in->tok->mod, rv, C_DigestInit, s, &m);
	if (rv == CKR_OK)
		P11_CALL(k->in->tok->mod, rv, C_Digest, s, (CK_BYTE_PTR)v, (CK_ULONG)n, id, id_len);
	return rv == CKR_OK ? 0 : p11__rv_fail(k->in->tok, "C_Digest (the key pair's CKA_ID)", rv);
}

/* Makes the pair in priv's session; pub_obj: the generated public object. */
static int make_pair(const p11_kpg *g, p11_key *priv, CK_OBJECT_HANDLE *pub_obj)
{
	static CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
	static CK_BYTE f4[] = { 0x01, 0x00, 0x01 };
	CK_ULONG bits = g->bits;
	CK_MECHANISM m = { g->type == P11K_EC ? CKM_EC_KEY_PAIR_GEN
	                   : g->type == P11K_RSA ? CKM_RSA_PKCS_KEY_PAIR_GEN : CKM_EC_EDWARDS_KEY_PAIR_GEN, NULL, 0 };
	CK_ATTRIBUTE pubt[5] = {
		{ CKA_TOKEN, &no, sizeof no },
		{ CKA_PRIVATE, &no, sizeof no },
		{ CKA_VERIFY, &yes, sizeof yes },
	};
	CK_ATTRIBUTE privt[6] = {
		{ CKA_TOKEN, &no, sizeof no },
		{ CKA_PRIVATE, &yes, sizeof yes },
		{ CKA_SENSITIVE, &yes, sizeof yes },
		{ CKA_EXTRACTABLE, &no, sizeof no },
		{ CKA_SIGN, &yes, sizeof yes },
		{ CKA_DERIVE, &yes, sizeof yes },
	};
	CK_ULONG npub = 3, npriv = g->type == P11K_EC ? 6 : 5;
	p11_token *t = g->in->tok;
	CK_RV rv;
	int rc;

	if (g->type == P11K_RSA) {
		pubt[npub++] = (CK_ATTRIBUTE){ CKA_MODULUS_BITS, &bits, sizeof bits };
		pubt[npub++] = (CK_ATTRIBUTE){ CKA_PUBLIC_EXPONENT, f4, sizeof f4 };
	} else if (g->type == P11K_EC) {
		pubt[npub++] = (CK_ATTRIBUTE){ CKA_EC_PARAMS, (void *)g->curve->oid, g->curve->oid_len };
	} else {
		pubt[npub++] = (CK_ATTRIBUTE){ CKA_EC_PARAMS, (void *)p11_oid_ed25519, sizeof p11_oid_ed25519 };
	}
	if ((rc = p11__session_get(t, &priv->hold.session, &priv->hold.gen)) != 0)
		return rc;
	priv->hold.tok = t;
	P11_CALL(t->mod, rv, C_GenerateKeyPair, priv->hold.session, &m, pubt, npub, privt, npriv, pub_obj, &priv->obj);
	if (rv != CKR_OK) {
		priv->obj = *pub_obj = CK_INVALID_HANDLE;
		return p11__rv_fail(t, "C_GenerateKeyPair", rv);
	}
	priv->cls = CKO_PRIVATE_KEY;
	priv->kind = JCA_KEY_PRIVATE;
	priv->on_token = 0;
	priv->gen = priv->hold.gen;
	return 0;
}

static int kpg_generate(void *ctx, void *priv, jca_key_info *priv_info, void *pub, jca_key_info *pub_info)
{
	p11_kpg *g = ctx;
	p11_key *k = priv, *p = pub;
	CK_OBJECT_HANDLE gen_pub = CK_INVALID_HANDLE;
	uint8_t id[64];
	CK_ULONG id_len = sizeof id;
	CK_ATTRIBUTE a = { CKA_ID, id, 0 };
	p11_token *t = g->in->tok;
	CK_RV rv;
	int rc;

	if ((g->type == P11K_EC && !g->curve) || (g->type == P11K_RSA && !g->bits)) {
		if ((rc = kpg_init(g, NULL)) != 0)
			return rc;
	}
	if ((rc = make_pair(g, k, &gen_pub)) != 0)
		return p11_failed(g->in, rc);
	/* the public half, read from the generated public object */
	p->hold = k->hold;              /* borrowed for the read only */
	rc = p11_key_from_object(p, k->hold.session, gen_pub);
	p->hold.session = CK_INVALID_HANDLE;
	p->hold.tok = NULL;
	if (rc == 0 && !(k->spki = malloc(p->spki_len)))
		rc = p11__fail(JCA_ENOMEM, "pkcs11: out of memory");
	if (rc == 0) {
		memcpy(k->spki, p->spki, p->spki_len);
		k->spki_len = p->spki_len;
		k->pt_off = p->pt_off;
		k->pt_len = p->pt_len;
		k->curve = p->curve;
		k->bits = p->bits;
		rc = pair_id(k, k->hold.session, id, &id_len);
	}
	if (rc == 0) {
		a.ulValueLen = id_len;
		P11_CALL(t->mod, rv, C_SetAttributeValue, k->hold.session, k->obj, &a, 1);
		if (rv != CKR_OK)
			rc = p11__rv_fail(t, "C_SetAttributeValue (CKA_ID)", rv);
	}
	if (rc == 0) {
		free(p->id);
		free(k->id);
		p->id = malloc(id_len);
		k->id = malloc(id_len);
		if (!p->id || !k->id)
			rc = p11__fail(JCA_ENOMEM, "pkcs11: out of memory");
	}
	P11_CALL(t->mod, rv, C_DestroyObject, k->hold.session, gen_pub);
	(void)rv;
	p->obj = CK_INVALID_HANDLE;
	if (rc == 0) {
		memcpy(p->id, id, id_len);
		memcpy(k->id, id, id_len);
		p->id_len = k->id_len = id_len;
		rc = p11_key_public_object(p);
	}
	if (rc)
		return p11_failed(g->in, rc);
	p11_key_info(k, priv_info);
	p11_key_info(p, pub_info);
	return 0;
}

int p11_kpg_impl(jca_keypairgen_impl *impl, const p11_token *t, int type, const char *name)
{
	static int (*const attaches[])(void *, void *) = { NULL, attach_ec, attach_rsa, attach_ed25519 };
	static const CK_MECHANISM_TYPE mechs[] = { 0, CKM_EC_KEY_PAIR_GEN, CKM_RSA_PKCS_KEY_PAIR_GEN,
	                                           CKM_EC_EDWARDS_KEY_PAIR_GEN };

	if (!p11_has(t, mechs[type], CKF_GENERATE_KEY_PAIR, NULL, NULL))
		return 0;
	*impl = (jca_keypairgen_impl){
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_keypairgen_impl, name, JCA_PRIO_GENERIC, NULL, sizeof(p11_kpg),
		                                attaches[type], NULL, NULL),
		.key_algorithm = p11_key_algorithm(type), .init = kpg_init, .generate = kpg_generate,
	};
	return 1;
}
