/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_kex.c - KeyAgreement "ECDH" on the token: CKM_ECDH1_DERIVE with
 * CKD_NULL and the peer's uncompressed point derives a CKK_GENERIC_SECRET
 * session object of the field size (extractable, not sensitive: the
 * secret is the caller's), whose CKA_VALUE is read and which is destroyed
 * at once. The secret is the shared point's x-coordinate (SP 800-56A's Z),
 * as the JDK's and the OpenSSL bridge's ECDH give it. A peer on another
 * curve is refused.
 */
#define _POSIX_C_SOURCE 200809L

#include <string.h>

#include <jca/names.h>

#include "p11_internal.h"
#include "p11_provider.h"

typedef struct p11_ka {
	const p11_instance *in;
	const p11_key *priv;       /* held by the host from init */
	CK_OBJECT_HANDLE h;
	p11_hold hold;
	size_t field;
	size_t peer_len;           /* 0: no peer yet */
	uint8_t peer[2 * 66 + 1];  /* 04 || X || Y */
} p11_ka;

static int refused(const p11_ka *c, const char *why)
{
	p11_say(c->in, why);
	return JCA_REFUSED;
}

static int ka_attach(void *provctx, void *ctx)
{
	p11_ka *c = ctx;

	c->in = provctx;
	c->hold.session = CK_INVALID_HANDLE;
	return 0;
}

static int ka_init(void *ctx, const void *priv, size_t *secret_len)
{
	p11_ka *c = ctx;
	const p11_key *k = priv;
	p11_token *t = c->in->tok;
	int rc;

	if (!k || k->type != P11K_EC || k->kind != JCA_KEY_PRIVATE || !k->curve)
		return refused(c, "ECDH: init needs an EC private key");
	if (c->hold.session == CK_INVALID_HANDLE) {
		c->hold.tok = t;
		rc = p11__session_get(t, &c->hold.session, &c->hold.gen);
	} else {
		rc = p11__check_gen(t, c->hold.gen);
	}
	if (rc == 0)
		rc = p11_key_handle(k, c->hold.session, &c->h);
	if (rc)
		return p11_failed(c->in, rc);
	c->priv = k;
	c->field = k->curve->field;
	c->peer_len = 0;
	*secret_len = c->field;
	return 0;
}

static int ka_phase(void *ctx, const void *peer)
{
	p11_ka *c = ctx;
	const p11_key *p = peer;

	if (!c->priv)
		return p11_failed(c->in, p11__fail(JCA_NOTINIT, "pkcs11: ECDH not initialised"));
	if (!p || p->type != P11K_EC || !p->spki || p->pt_len > sizeof c->peer)
		return refused(c, "ECDH: the peer's key is not an EC public key");
	if (p->curve != c->priv->curve)
		return refused(c, "ECDH: the peer's key is on another curve");
	memcpy(c->peer, p->spki + p->pt_off, p->pt_len);
	c->peer_len = p->pt_len;
	return 0;
}

static int ka_secret(void *ctx, uint8_t *out)
{
	static CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
	static CK_OBJECT_CLASS cls = CKO_SECRET_KEY;
	static CK_KEY_TYPE kt = CKK_GENERIC_SECRET;
	p11_ka *c = ctx;
	CK_ULONG vlen = c->field;
	CK_ECDH1_DERIVE_PARAMS params = { .kdf = CKD_NULL, .ulSharedDataLen = 0, .pSharedData = NULL,
	                                  .ulPublicDataLen = (CK_ULONG)c->peer_len, .pPublicData = c->peer };
	CK_MECHANISM m = { CKM_ECDH1_DERIVE, &params, sizeof params };
	CK_ATTRIBUTE tmpl[] = {
		{ CKA_CLASS, &cls, sizeof cls },
		{ CKA_KEY_TYPE, &kt, sizeof kt },
		{ CKA_TOKEN, &no, sizeof no },
		{ CKA_SENSITIVE, &no, sizeof no },
		{ CKA_EXTRACTABLE, &yes, sizeof yes },
		{ CKA_VALUE_LEN, &vlen, sizeof vlen },
	};
	uint8_t z[66];
	CK_ATTRIBUTE val = { CKA_VALUE, z, sizeof z };
	CK_OBJECT_HANDLE secret = CK_INVALID_HANDLE;
	p11_token *t = c->in->tok;
	CK_RV rv, ignored;
	int rc;

	if (!c->priv || !c->peer_len)
		return p11_failed(c->in, p11__fail(JCA_NOTINIT, "pkcs11: ECDH needs init and a peer's key"));
	if ((rc = p11__check_gen(t, c->hold.gen)) != 0)
		return p11_failed(c->in, rc);
	P11_CALL(t->mod, rv, C_DeriveKey, c->hold.session, &m, c->h, tmpl, sizeof tmpl / sizeof tmpl[0], &secret);
	if (rv != CKR_OK)
		return p11_failed(c->in, p11__rv_fail(t, "C_DeriveKey (CKM_ECDH1_DERIVE)", rv));
	P11_CALL(t->mod, rv, C_GetAttributeValue, c->hold.session, secret, &val, 1);
	P11_CALL(t->mod, ignored, C_DestroyObject, c->hold.session, secret);
	(void)ignored;
	if (rv == CKR_OK && val.ulValueLen != c->field)
		rv = CKR_GENERAL_ERROR;
	if (rv == CKR_OK)
		memcpy(out, z, c->field);
	p11__wipe(z, sizeof z);
	return rv == CKR_OK ? 0 : p11_failed(c->in, p11__rv_fail(t, "C_GetAttributeValue (the ECDH secret)", rv));
}

static void ka_cleanup(void *ctx)
{
	p11_ka *c = ctx;

	if (c->in && c->hold.session != CK_INVALID_HANDLE && p11__check_gen(c->in->tok, c->hold.gen) == 0)
		p11__session_put(c->in->tok, c->hold.session, c->hold.gen, 1);
	c->hold.session = CK_INVALID_HANDLE;
}

int p11_ka_impl(jca_keyagreement_impl *impl, const p11_token *t, const char *name)
{
	if (!p11_has(t, CKM_ECDH1_DERIVE, CKF_DERIVE, NULL, NULL))
		return 0;
	*impl = (jca_keyagreement_impl){
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_keyagreement_impl, name, JCA_PRIO_GENERIC, NULL, sizeof(p11_ka),
		                                ka_attach, NULL, ka_cleanup),
		.key_algorithm = JCA_NAME_KEY_EC, .init = ka_init, .phase = ka_phase, .secret = ka_secret,
	};
	return 1;
}
