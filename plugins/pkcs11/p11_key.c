/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_key.c - the key context and the KeyFactory services EC, RSA and
 * Ed25519 of the pkcs11 plugin (see p11_asym.h): a key is a handle to a
 * token object plus its public half's SubjectPublicKeyInfo.
 *
 *   decode   a SubjectPublicKeyInfo (or a raw EC / Ed25519 point), its
 *            point checked on its curve first (p11_ec_check.c), becomes
 *            a session public-key object (C_CreateObject, CKA_TOKEN false),
 *            so that a software public key verifies on the token; PKCS#8
 *            is refused: keys are generated on the token, not imported;
 *   encode   X.509 (and RAW points) of public keys; a private key is
 *            refused: it is on the token and not extractable;
 *   public_key  a session public-key object from the cached SPKI.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jca/names.h>

#include "p11_internal.h"
#include "p11_provider.h"

#define ATTR_MAX 65536

const char *p11_key_algorithm(int type)
{
	return type == P11K_EC ? JCA_NAME_KEY_EC : type == P11K_RSA ? JCA_NAME_KEY_RSA : JCA_NAME_KEY_ED25519;
}

CK_KEY_TYPE p11_key_cktype(int type)
{
	return type == P11K_EC ? CKK_EC : type == P11K_RSA ? CKK_RSA : CKK_EC_EDWARDS;
}

unsigned long p11_token_gen(p11_token *t)
{
	return __atomic_load_n(&t->gen, __ATOMIC_ACQUIRE);
}

void p11_key_info(const p11_key *k, jca_key_info *info)
{
	if (!info || info->struct_size < offsetof(jca_key_info, params) + sizeof info->params)
		return;
	info->kind = k->kind;
	info->extractable = k->kind == JCA_KEY_PUBLIC;
	info->bits = k->bits;
	info->params = k->curve ? k->curve->name : NULL;
}

static int refused(const p11_key *k, const char *why)
{
	p11_say(k->in, why);
	return JCA_REFUSED;
}

int p11_attr(const p11_instance *in, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE h, CK_ATTRIBUTE_TYPE type, uint8_t **val,
             size_t *len)
{
	CK_ATTRIBUTE a = { type, NULL, 0 };
	CK_RV rv;

	*val = NULL;
	*len = 0;
	P11_CALL(in->tok->mod, rv, C_GetAttributeValue, s, h, &a, 1);
	if (rv == CKR_OK && (a.ulValueLen == CK_UNAVAILABLE_INFORMATION || a.ulValueLen > ATTR_MAX))
		rv = CKR_ATTRIBUTE_SENSITIVE;
	if (rv != CKR_OK)
		return p11__rv_fail(in->tok, "C_GetAttributeValue", rv);
	if (!(a.pValue = malloc(a.ulValueLen ? a.ulValueLen : 1)))
		return p11__fail(JCA_ENOMEM, "pkcs11: out of memory");
	P11_CALL(in->tok->mod, rv, C_GetAttributeValue, s, h, &a, 1);
	if (rv != CKR_OK) {
		free(a.pValue);
		return p11__rv_fail(in->tok, "C_GetAttributeValue", rv);
	}
	*val = a.pValue;
	*len = a.ulValueLen;
	return 0;
}

int p11_key_set_public(p11_key *k, const p11_curve *curve, const uint8_t *a, size_t a_len, const uint8_t *b,
                       size_t b_len)
{
	p11_spki pk;
	const char *why;

	free(k->spki);
	k->spki = NULL;
	if (p11_spki_write(k->type, curve, a, a_len, b, b_len, &k->spki, &k->spki_len, &k->pt_off) != 0)
		return p11__fail(JCA_IO, "pkcs11 provider \"%s\": the token's %s public key is malformed", k->in->name,
		                 p11_key_algorithm(k->type));
	if (p11_spki_read(k->spki, k->spki_len, &pk, &why) != 0)
		return p11__fail(JCA_IO, "pkcs11 provider \"%s\": the token's public key: %s", k->in->name, why);
	k->curve = pk.curve;
	k->bits = pk.bits;
	k->pt_len = pk.point_len;
	return 0;
}

/* CKA_EC_POINT as the standard has it: the point in a DER OCTET STRING. */
static size_t octets(const uint8_t *pt, size_t n, uint8_t *out)
{
	size_t h = 2;

	out[0] = 0x04;
	if (n < 0x80) {
		out[1] = (uint8_t)n;
	} else {
		out[1] = 0x81;
		out[2] = (uint8_t)n;
		h = 3;
	}
	memcpy(out + h, pt, n);
	return h + n;
}

int p11_key_public_object(p11_key *k)
{
	static CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
	static CK_OBJECT_CLASS cls = CKO_PUBLIC_KEY;
	CK_KEY_TYPE kt = p11_key_cktype(k->type);
	p11_token *t = k->in->tok;
	uint8_t ecpt[140];
	CK_ATTRIBUTE tmpl[8] = {
		{ CKA_CLASS, &cls, sizeof cls },
		{ CKA_KEY_TYPE, &kt, sizeof kt },
		{ CKA_TOKEN, &no, sizeof no },
		{ CKA_VERIFY, &yes, sizeof yes },
	};
	CK_ULONG n = 4;
	p11_spki pk;
	const char *why;
	CK_RV rv;
	int rc;

	if (p11_spki_read(k->spki, k->spki_len, &pk, &why) != 0)
		return p11__fail(JCA_INTERNAL, "pkcs11: %s", why);
	if (pk.type == P11K_RSA) {
		tmpl[n++] = (CK_ATTRIBUTE){ CKA_MODULUS, (void *)pk.n, pk.n_len };
		tmpl[n++] = (CK_ATTRIBUTE){ CKA_PUBLIC_EXPONENT, (void *)pk.e, pk.e_len };
	} else {
		tmpl[n++] = pk.type == P11K_EC ? (CK_ATTRIBUTE){ CKA_EC_PARAMS, (void *)pk.curve->oid, pk.curve->oid_len }
		                               : (CK_ATTRIBUTE){ CKA_EC_PARAMS, (void *)p11_oid_ed25519,
		                                                 sizeof p11_oid_ed25519 };
		tmpl[n++] = (CK_ATTRIBUTE){ CKA_EC_POINT, ecpt, octets(pk.point, pk.point_len, ecpt) };
	}
	if (k->id)
		tmpl[n++] = (CK_ATTRIBUTE){ CKA_ID, k->id, k->id_len };
	if (k->hold.session == CK_INVALID_HANDLE) {
		if ((rc = p11__session_get(t, &k->hold.session, &k->hold.gen)) != 0)
			return rc;
		k->hold.tok = t;
	}
	P11_CALL(t->mod, rv, C_CreateObject, k->hold.session, tmpl, n, &k->obj);
	if (rv != CKR_OK) {
		k->obj = CK_INVALID_HANDLE;
		return p11__rv_fail(t, "C_CreateObject (a public key)", rv);
	}
	k->cls = CKO_PUBLIC_KEY;
	k->kind = JCA_KEY_PUBLIC;
	k->on_token = 0;
	k->gen = k->hold.gen;
	return 0;
}

/* ---- a key from a token object ---- */

/* The first object of session s matching the template, or CK_INVALID_HANDLE. */
static CK_OBJECT_HANDLE find_one(p11_token *t, CK_SESSION_HANDLE s, CK_ATTRIBUTE *tmpl, CK_ULONG n)
{
	CK_OBJECT_HANDLE h = CK_INVALID_HANDLE;
	CK_ULONG got = 0;
	CK_RV rv, ignored;

	P11_CALL(t->mod, rv, C_FindObjectsInit, s, tmpl, n);
	if (rv != CKR_OK)
		return CK_INVALID_HANDLE;
	P11_CALL(t->mod, rv, C_FindObjects, s, &h, 1, &got);
	P11_CALL(t->mod, ignored, C_FindObjectsFinal, s);
	(void)ignored;
	return rv == CKR_OK && got == 1 ? h : CK_INVALID_HANDLE;
}

/* The public point of an EC or Ed25519 object (its CKA_EC_POINT, in an
 * OCTET STRING or, on some tokens, bare). */
static int ec_point(const p11_key *k, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE h, uint8_t **buf, const uint8_t **pt,
                    size_t *pt_len)
{
	size_t len;
	int rc;

	if ((rc = p11_attr(k->in, s, h, CKA_EC_POINT, buf, &len)) != 0)
		return rc;
	*pt = p11_der_octets(*buf, len, pt_len);
	if (!*pt || (k->type == P11K_ED25519 ? *pt_len != 32 : !p11_curve_by_point(*pt_len))) {
		*pt = *buf;
		*pt_len = len;
	}
	return 0;
}

/* The curve of CKA_EC_PARAMS: an OID (or Ed25519's printable name). */
static int ec_curve(const p11_key *k, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE h, const p11_curve **curve)
{
	static const uint8_t ed_name[] = { 0x13, 0x0c, 'e', 'd', 'w', 'a', 'r', 'd', 's', '2', '5', '5', '1', '9' };
	uint8_t *v;
	size_t len;
	int rc, ok;

	if ((rc = p11_attr(k->in, s, h, CKA_EC_PARAMS, &v, &len)) != 0)
		return rc;
	if (k->type == P11K_ED25519) {
		ok = (len == sizeof p11_oid_ed25519 && !memcmp(v, p11_oid_ed25519, len)) ||
		     (len == sizeof ed_name && !memcmp(v, ed_name, len));
		*curve = NULL;
	} else {
		ok = (*curve = p11_curve_by_oid(v, len)) != NULL;
	}
	free(v);
	return ok ? 0 : refused(k, k->type == P11K_ED25519 ? "the EC_EDWARDS key is not on edwards25519"
	                                                    : "the EC key is not on secp256r1, secp384r1 or secp521r1");
}

/* The public object that goes with private key h: the same CKA_ID and key
 * type, else the same label. */
static CK_OBJECT_HANDLE public_of(const p11_key *k, CK_SESSION_HANDLE s)
{
	CK_OBJECT_CLASS cls = CKO_PUBLIC_KEY;
	CK_KEY_TYPE kt = p11_key_cktype(k->type);
	CK_ATTRIBUTE tmpl[3] = { { CKA_CLASS, &cls, sizeof cls }, { CKA_KEY_TYPE, &kt, sizeof kt } };
	CK_OBJECT_HANDLE h = CK_INVALID_HANDLE;

	if (k->id) {
		tmpl[2] = (CK_ATTRIBUTE){ CKA_ID, k->id, k->id_len };
		h = find_one(k->in->tok, s, tmpl, 3);
	}
	if (h == CK_INVALID_HANDLE && k->label) {
		tmpl[2] = (CK_ATTRIBUTE){ CKA_LABEL, k->label, strlen(k->label) };
		h = find_one(k->in->tok, s, tmpl, 3);
	}
	return h;
}

static int public_half(p11_key *k, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE h)
{
	uint8_t *a = NULL, *b = NULL;
	const uint8_t *pt;
	size_t al, bl;
	const p11_curve *curve = NULL;
	CK_OBJECT_HANDLE pub = h;
	int rc;

	if (k->type == P11K_RSA) {
		if ((rc = p11_attr(k->in, s, h, CKA_MODULUS, &a, &al)) == 0 &&
		    (rc = p11_attr(k->in, s, h, CKA_PUBLIC_EXPONENT, &b, &bl)) == 0)
			rc = p11_key_set_public(k, NULL, a, al, b, bl);
		free(a);
		free(b);
		return rc;
	}
	if ((rc = ec_curve(k, s, h, &curve)) != 0)
		return rc;
	if (k->cls == CKO_PRIVATE_KEY && (pub = public_of(k, s)) == CK_INVALID_HANDLE)
		return p11__fail(JCA_NOTFOUND, "pkcs11 provider \"%s\": the private key \"%s\" has no public key object "
		                 "with its CKA_ID or label on the token", k->in->name, k->label ? k->label : "");
	if ((rc = ec_point(k, s, pub, &a, &pt, &bl)) == 0)
		rc = p11_key_set_public(k, curve, pt, bl, NULL, 0);
	free(a);
	return rc;
}

int p11_key_from_object(p11_key *k, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE h)
{
	CK_OBJECT_CLASS cls = 0;
	CK_KEY_TYPE kt = 0;
	CK_BBOOL tok = CK_FALSE;
	CK_ATTRIBUTE a[3] = { { CKA_CLASS, &cls, sizeof cls }, { CKA_KEY_TYPE, &kt, sizeof kt },
	                      { CKA_TOKEN, &tok, sizeof tok } };
	size_t len;
	uint8_t *label;
	CK_RV rv;

	P11_CALL(k->in->tok->mod, rv, C_GetAttributeValue, s, h, a, 3);
	if (rv != CKR_OK)
		return p11__rv_fail(k->in->tok, "C_GetAttributeValue (class, key type)", rv);
	if ((cls != CKO_PRIVATE_KEY && cls != CKO_PUBLIC_KEY) || kt != p11_key_cktype(k->type))
		return refused(k, "the object is not a public or private key of this algorithm");
	k->cls = cls;
	k->kind = cls == CKO_PRIVATE_KEY ? JCA_KEY_PRIVATE : JCA_KEY_PUBLIC;
	k->on_token = tok == CK_TRUE;
	k->obj = h;
	k->gen = p11_token_gen(k->in->tok);
	free(k->id);
	free(k->label);
	k->id = NULL;
	k->label = NULL;
	if (p11_attr(k->in, s, h, CKA_ID, &k->id, &k->id_len) == 0 && !k->id_len) {
		free(k->id);
		k->id = NULL;
	}
	if (p11_attr(k->in, s, h, CKA_LABEL, &label, &len) == 0) {
		if ((k->label = malloc(len + 1)) != NULL) {
			memcpy(k->label, label, len);
			k->label[len] = 0;
		}
		free(label);
	}
	return public_half(k, s, h);
}

int p11_key_handle(const p11_key *k, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE *h)
{
	p11_token *t = k->in->tok;
	CK_KEY_TYPE kt = p11_key_cktype(k->type);
	CK_OBJECT_CLASS cls = k->cls;
	CK_BBOOL yes = CK_TRUE;
	CK_ATTRIBUTE tmpl[5] = { { CKA_CLASS, &cls, sizeof cls }, { CKA_KEY_TYPE, &kt, sizeof kt },
	                         { CKA_TOKEN, &yes, sizeof yes } };
	CK_ULONG n = 3;

	if (k->obj == CK_INVALID_HANDLE)
		return p11__fail(JCA_NOTINIT, "pkcs11: the key is empty");
	if (k->gen == p11_token_gen(t)) {
		*h = k->obj;
		return 0;
	}
	if (!k->on_token)
		return p11__fail(JCA_IO, "pkcs11 provider \"%s\": the key is a session object of the parent process; "
		                 "PKCS#11 objects made by a session do not survive fork(): load or generate it again "
		                 "in the child", k->in->name);
	/* a token object: the child's module has its own handles */
	if (k->id)
		tmpl[n++] = (CK_ATTRIBUTE){ CKA_ID, k->id, k->id_len };
	if (k->label)
		tmpl[n++] = (CK_ATTRIBUTE){ CKA_LABEL, k->label, strlen(k->label) };
	if ((*h = find_one(t, s, tmpl, n)) == CK_INVALID_HANDLE)
		return p11__fail(JCA_NOTFOUND, "pkcs11 provider \"%s\": after fork, the key \"%s\" is no longer on the "
		                 "token", k->in->name, k->label ? k->label : "");
	return 0;
}

/* ---- KeyFactory ---- */

static int kf_attach(void *provctx, void *ctx, int type)
{
	p11_key *k = ctx;

	k->in = provctx;
	k->type = type;
	k->obj = CK_INVALID_HANDLE;
	k->hold.session = CK_INVALID_HANDLE;
	return 0;
}

static int attach_ec(void *p, void *c) { return kf_attach(p, c, P11K_EC); }
static int attach_rsa(void *p, void *c) { return kf_attach(p, c, P11K_RSA); }
static int attach_ed25519(void *p, void *c) { return kf_attach(p, c, P11K_ED25519); }

/* A public point from outside that is not on its curve (p11_point_ok): on
 * the token it would meet the token's private key, in CKM_ECDH1_DERIVE. */
static int off_curve(const p11_key *k, const p11_curve *curve)
{
	char why[64];

	if (k->type == P11K_ED25519)
		return refused(k, "the Ed25519 public key is not a point of edwards25519");
	snprintf(why, sizeof why, "the EC point is not on %s", curve->name);
	return refused(k, why);
}

static int kf_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	p11_key *k = key;
	p11_spki pk;
	const char *why;
	int rc;

	if (enc == JCA_ENC_PKCS8 || kind != JCA_KEY_PUBLIC)
		return refused(k, "private keys are generated on the token, not imported");
	if (enc == JCA_ENC_X509) {
		if (p11_spki_read(in, len, &pk, &why) != 0)
			return refused(k, why);
		if (pk.type != k->type)
			return refused(k, "the SubjectPublicKeyInfo is of another algorithm");
		if (pk.type != P11K_RSA && !p11_point_ok(pk.type, pk.curve, pk.point, pk.point_len))
			return off_curve(k, pk.curve);
		rc = pk.type == P11K_RSA ? p11_key_set_public(k, NULL, pk.n, pk.n_len, pk.e, pk.e_len)
		                         : p11_key_set_public(k, pk.curve, pk.point, pk.point_len, NULL, 0);
	} else if (enc == JCA_ENC_RAW && k->type == P11K_EC) {
		const p11_curve *c = p11_curve_by_point(len);

		if (!c || in[0] != 0x04)
			return refused(k, "EC: a raw public key is an uncompressed point (04 || X || Y) of P-256, P-384 "
			                  "or P-521");
		if (!p11_point_ok(P11K_EC, c, in, len))
			return off_curve(k, c);
		rc = p11_key_set_public(k, c, in, len, NULL, 0);
	} else if (enc == JCA_ENC_RAW && k->type == P11K_ED25519) {
		if (len != 32)
			return refused(k, "Ed25519: a raw public key is 32 bytes");
		if (!p11_point_ok(P11K_ED25519, NULL, in, len))
			return off_curve(k, NULL);
		rc = p11_key_set_public(k, NULL, in, len, NULL, 0);
	} else {
		return refused(k, "the KeyFactory takes SubjectPublicKeyInfo (and raw EC and Ed25519 points)");
	}
	if (rc == 0)
		rc = p11_key_public_object(k);
	if (rc)
		return p11_failed(k->in, rc);
	p11_key_info(k, info);
	return 0;
}

static int kf_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const p11_key *k = key;
	const uint8_t *src;
	size_t n;
	char why[320];

	if (k->kind == JCA_KEY_PRIVATE) {
		snprintf(why, sizeof why, "the private key is on %s and not extractable", p11_describe(k->in->tok));
		return refused(k, why);
	}
	if (!k->spki)
		return refused(k, "the key is empty");
	if (enc == JCA_ENC_X509) {
		src = k->spki;
		n = k->spki_len;
	} else if (enc == JCA_ENC_RAW && k->type != P11K_RSA) {
		src = k->spki + k->pt_off;
		n = k->pt_len;
	} else {
		return refused(k, "the key has no such encoding (public keys: X.509; EC and Ed25519: RAW too)");
	}
	*len = n;
	if (out) {
		if (cap < n)
			return refused(k, "output too small");
		memcpy(out, src, n);
	}
	return 0;
}

static int kf_public_key(void *pub, const void *priv, jca_key_info *info)
{
	p11_key *p = pub;
	const p11_key *k = priv;
	int rc;

	if (!k->spki)
		return refused(p, "the key is empty");
	if (!(p->spki = malloc(k->spki_len)) ||
	    (k->id && !(p->id = malloc(k->id_len))) ||
	    (k->label && !(p->label = strdup(k->label))))
		return p11_failed(p->in, p11__fail(JCA_ENOMEM, "pkcs11: out of memory"));
	memcpy(p->spki, k->spki, k->spki_len);
	p->spki_len = k->spki_len;
	p->pt_off = k->pt_off;
	p->pt_len = k->pt_len;
	p->curve = k->curve;
	p->bits = k->bits;
	if (k->id) {
		memcpy(p->id, k->id, k->id_len);
		p->id_len = k->id_len;
	}
	if ((rc = p11_key_public_object(p)) != 0)
		return p11_failed(p->in, rc);
	p11_key_info(p, info);
	return 0;
}

/* A session object goes with its key (and then its session, back to the
 * pool); a token object stays. In a child after fork, the parent's are
 * left alone. */
static void kf_cleanup(void *ctx)
{
	p11_key *k = ctx;
	p11_token *t = k->in ? k->in->tok : NULL;
	CK_RV rv;

	if (t && k->hold.session != CK_INVALID_HANDLE && p11__check_gen(t, k->hold.gen) == 0) {
		if (!k->on_token && k->obj != CK_INVALID_HANDLE) {
			P11_CALL(t->mod, rv, C_DestroyObject, k->hold.session, k->obj);
			(void)rv;
		}
		p11__session_put(t, k->hold.session, k->hold.gen, 1);
	}
	free(k->spki);
	free(k->id);
	free(k->label);
	k->spki = k->id = NULL;
	k->label = NULL;
	k->hold.session = CK_INVALID_HANDLE;
	k->obj = CK_INVALID_HANDLE;
}

int p11_kf_impl(jca_keyfactory_impl *impl, const p11_token *t, int type, const char *name)
{
	static int (*const attaches[])(void *, void *) = { NULL, attach_ec, attach_rsa, attach_ed25519 };

	if (type == P11K_EC && !p11_has(t, CKM_EC_KEY_PAIR_GEN, 0, NULL, NULL) && !p11_has(t, CKM_ECDSA, 0, NULL, NULL) &&
	    !p11_has(t, CKM_ECDH1_DERIVE, 0, NULL, NULL))
		return 0;
	if (type == P11K_RSA && !p11_has(t, CKM_RSA_PKCS_KEY_PAIR_GEN, 0, NULL, NULL) &&
	    !p11_has(t, CKM_RSA_PKCS, 0, NULL, NULL) && !p11_has(t, CKM_RSA_PKCS_PSS, 0, NULL, NULL))
		return 0;
	if (type == P11K_ED25519 && !p11_has(t, CKM_EDDSA, 0, NULL, NULL) &&
	    !p11_has(t, CKM_EC_EDWARDS_KEY_PAIR_GEN, 0, NULL, NULL))
		return 0;
	*impl = (jca_keyfactory_impl){
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_keyfactory_impl, name, JCA_PRIO_GENERIC, NULL, sizeof(p11_key),
		                                attaches[type], NULL, kf_cleanup),
		.decode = kf_decode, .encode = kf_encode, .public_key = kf_public_key,
	};
	return 1;
}
