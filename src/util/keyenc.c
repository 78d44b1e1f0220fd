/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SubjectPublicKeyInfo and PKCS#8 (see keyenc.h): the algorithm table, the
 * parsers and the writers. The checks of each key's own structure (points,
 * RSA keys, RSA-PSS parameters, ECPrivateKey) are in keyenc_parts.c.
 */
#include <string.h>

#include "jca/common.h"
#include "error.h"
#include "der.h"
#include "keyenc.h"
#include "keyenc_int.h"
#include "keyenc_mldsa.h"

static const uint8_t OID_ED25519[] = { 0x2b, 0x65, 0x70 };                      /* 1.3.101.112 */
static const uint8_t OID_X25519[] = { 0x2b, 0x65, 0x6e };                       /* 1.3.101.110 */
static const uint8_t OID_EC[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };   /* 1.2.840.10045.2.1 */
static const uint8_t OID_RSA[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };
static const uint8_t OID_RSA_PSS[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a };
/* 2.16.840.1.101.3.4.4.1/2/3 */
static const uint8_t OID_ML_KEM_512[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x01 };
static const uint8_t OID_ML_KEM_768[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x02 };
static const uint8_t OID_ML_KEM_1024[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x03 };
/* 1.3.6.1.4.1.62253.25722 */
static const uint8_t OID_XWING[] = { 0x2b, 0x06, 0x01, 0x04, 0x01, 0x83, 0xe6, 0x2d, 0x81, 0xc8, 0x7a };
static const uint8_t OID_ML_DSA_44[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11 };
static const uint8_t OID_ML_DSA_65[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12 };
static const uint8_t OID_ML_DSA_87[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x13 };

static const struct {
	int alg;
	const uint8_t *oid;
	size_t oid_len;
} algs[] = {
	{ JCA__KEYALG_ED25519, OID_ED25519, sizeof OID_ED25519 },
	{ JCA__KEYALG_X25519, OID_X25519, sizeof OID_X25519 },
	{ JCA__KEYALG_EC, OID_EC, sizeof OID_EC },
	{ JCA__KEYALG_RSA, OID_RSA, sizeof OID_RSA },
	{ JCA__KEYALG_RSA_PSS, OID_RSA_PSS, sizeof OID_RSA_PSS },
	{ JCA__KEYALG_ML_KEM_512, OID_ML_KEM_512, sizeof OID_ML_KEM_512 },
	{ JCA__KEYALG_ML_KEM_768, OID_ML_KEM_768, sizeof OID_ML_KEM_768 },
	{ JCA__KEYALG_ML_KEM_1024, OID_ML_KEM_1024, sizeof OID_ML_KEM_1024 },
	{ JCA__KEYALG_XWING, OID_XWING, sizeof OID_XWING },
	{ JCA__KEYALG_ML_DSA_44, OID_ML_DSA_44, sizeof OID_ML_DSA_44 },
	{ JCA__KEYALG_ML_DSA_65, OID_ML_DSA_65, sizeof OID_ML_DSA_65 },
	{ JCA__KEYALG_ML_DSA_87, OID_ML_DSA_87, sizeof OID_ML_DSA_87 },
};
#define NALGS (sizeof algs / sizeof algs[0])

static int alg_index(int alg)
{
	size_t i;

	for (i = 0; i < NALGS; i++)
		if (algs[i].alg == alg)
			return (int)i;
	return -1;
}

static int is_x(int alg)
{
	return alg == JCA__KEYALG_ED25519 || alg == JCA__KEYALG_X25519;
}

/* A PKCS#8 v2 (OneAsymmetricKey) with the public key in [1] is taken. */
static int has_v2(int alg)
{
	return is_x(alg) || jca__mldsa_enc_level(alg) != 0;
}

/* AlgorithmIdentifier: the algorithm and its parameters into out. */
static int read_algid(jca__der *d, jca__key_parts *out)
{
	jca__der ai, body, elem;
	const uint8_t *oid;
	size_t n, i, off;
	int r;

	if ((r = jca__der_read(d, JCA__DER_SEQUENCE, &ai, "AlgorithmIdentifier")) != 0)
		return r;
	off = ai.off;
	if ((r = jca__der_read_oid(&ai, &oid, &n, "algorithm")) != 0)
		return r;
	for (i = 0; i < NALGS; i++)
		if (algs[i].oid_len == n && memcmp(algs[i].oid, oid, n) == 0)
			break;
	if (i == NALGS)
		return jca__error(JCA_EINVAL, "DER: algorithm OID at offset %zu is none of Ed25519, X25519, "
				  "id-ecPublicKey, rsaEncryption, id-RSASSA-PSS, id-ml-dsa-44/65/87, ML-KEM, X-Wing",
				  off);
	out->alg = algs[i].alg;
	switch (out->alg) {
	case JCA__KEYALG_EC:
		if (!jca__der_peek(&ai, JCA__DER_OID))
			return jca__error(JCA_EINVAL, "DER: EC parameters at offset %zu are not a namedCurve OID "
					  "(explicit and implicit parameters are refused)", ai.off);
		off = ai.off;
		if ((r = jca__der_read_oid(&ai, &oid, &n, "namedCurve")) != 0)
			return r;
		if ((out->curve = jca__curve_by_oid(oid, n)) == JCA__CURVE_NONE)
			return jca__error(JCA_EINVAL, "DER: namedCurve at offset %zu is none of prime256v1, "
					  "secp384r1, secp521r1", off);
		break;
	case JCA__KEYALG_RSA:
		if ((r = jca__der_read_null(&ai, "rsaEncryption parameters")) != 0)
			return r;
		break;
	case JCA__KEYALG_RSA_PSS:
		if (ai.len == 0)
			break;          /* RFC 4055: parameters may be absent */
		if ((r = jca__der_read_elem(&ai, JCA__DER_SEQUENCE, &body, &elem, "RSASSA-PSS-params")) != 0 ||
		    (r = jca__pss_params(&body)) != 0)
			return r;
		out->params = elem.p;
		out->params_len = elem.len;
		break;
	}
	return jca__der_end(&ai, "the AlgorithmIdentifier's parameters (none allowed here)");
}

/* The cursor over a part of the input at p, for messages with offsets. */
static jca__der sub(const uint8_t *base, const uint8_t *p, size_t n)
{
	jca__der d;

	jca__der_init(&d, p, n);
	d.off = (size_t)(p - base);
	return d;
}

/* The ML-DSA private-key CHOICE (all of in), kept whole in out->priv. */
static int mldsa_privkey(jca__der *in, jca__key_parts *out, size_t off)
{
	jca__mldsa_priv mp;
	const uint8_t *p = in->p;
	size_t n = in->len;
	int r;

	if ((r = jca__mldsa_priv_read(in, jca__mldsa_enc_level(out->alg), &mp)) != 0)
		return r;
	out->priv = p;
	out->priv_len = n;
	if (out->pub)
		return jca__check_pub(out, off, &out->bits);
	out->bits = 8 * jca__mldsa_enc_pk_len(jca__mldsa_enc_level(out->alg));
	return 0;
}

static int start(const uint8_t *der, size_t len, jca__key_parts *out, jca__der *d, const char *what)
{
	memset(out, 0, sizeof *out);
	if (!der || len > JCA__DER_MAX)
		return jca__error(JCA_EINVAL, "DER: %s %s", what, der ? "larger than 64 KiB" : "is NULL");
	jca__der_init(d, der, len);
	return 0;
}

static int fail(jca__key_parts *out, int r)
{
	memset(out, 0, sizeof *out);
	return r;
}

int jca__spki_parse(const uint8_t *der, size_t len, jca__key_parts *out)
{
	jca__der d, spki;
	const uint8_t *pub;
	size_t n, off;
	int r;

	if ((r = start(der, len, out, &d, "SubjectPublicKeyInfo")) != 0)
		return r;
	if ((r = jca__der_read(&d, JCA__DER_SEQUENCE, &spki, "SubjectPublicKeyInfo")) != 0 ||
	    (r = read_algid(&spki, out)) != 0)
		return fail(out, r);
	off = spki.off;
	if ((r = jca__der_read_bits(&spki, JCA__DER_BIT_STRING, &pub, &n, "subjectPublicKey")) != 0 ||
	    (r = jca__der_end(&spki, "subjectPublicKey")) != 0 ||
	    (r = jca__der_end(&d, "SubjectPublicKeyInfo")) != 0)
		return fail(out, r);
	out->pub = pub;
	out->pub_len = n;
	if ((r = jca__check_pub(out, off, &out->bits)) != 0)
		return fail(out, r);
	return 0;
}

int jca__pkcs8_parse(const uint8_t *der, size_t len, jca__key_parts *out)
{
	jca__der d, pk, in;
	const uint8_t *ver, *key;
	size_t vn, kn, off;
	int r;

	if ((r = start(der, len, out, &d, "PKCS#8 key")) != 0)
		return r;
	if ((r = jca__der_read(&d, JCA__DER_SEQUENCE, &pk, "PrivateKeyInfo")) != 0)
		return fail(out, r);
	off = pk.off;
	if ((r = jca__der_read_uint(&pk, &ver, &vn, "PrivateKeyInfo version")) != 0)
		return fail(out, r);
	if (vn != 1 || ver[0] > 1)
		return fail(out, jca__error(JCA_EINVAL, "DER: PrivateKeyInfo version at offset %zu is neither "
					    "0 (v1) nor 1 (v2)", off));
	if ((r = read_algid(&pk, out)) != 0)
		return fail(out, r);
	off = pk.off;
	if ((r = jca__der_read_octets(&pk, &key, &kn, "privateKey")) != 0)
		return fail(out, r);
	if (jca__der_peek(&pk, JCA__DER_CTX(0)))
		return fail(out, jca__error(JCA_EINVAL, "DER: PKCS#8 attributes at offset %zu are refused", pk.off));
	/* RFC 5958: the public key is there exactly when the version is v2 */
	if (ver[0] == 1) {
		if (!has_v2(out->alg))
			return fail(out, jca__error(JCA_EINVAL, "DER: a v2 PKCS#8 key is refused for RSA and EC "
						    "(the private key holds the public one)"));
		if ((r = jca__der_read_bits(&pk, JCA__DER_CTX_PRIM(1), &out->pub, &out->pub_len,
					    "OneAsymmetricKey publicKey")) != 0)
			return fail(out, r);
	}
	if ((r = jca__der_end(&pk, "the private key")) != 0 || (r = jca__der_end(&d, "PrivateKeyInfo")) != 0)
		return fail(out, r);
	out->is_private = 1;
	in = sub(der, key, kn);
	if (is_x(out->alg)) {
		r = jca__der_read_octets(&in, &out->priv, &out->priv_len, "CurvePrivateKey");
		if (!r)
			r = jca__der_end(&in, "CurvePrivateKey");
		if (!r && out->priv_len != 32)
			r = jca__error(JCA_EINVAL, "DER: CurvePrivateKey at offset %zu has %zu bytes, not 32", off,
				       out->priv_len);
		if (!r && out->pub)
			r = jca__check_pub(out, off, NULL);
		out->bits = 255;
	} else if (out->alg == JCA__KEYALG_EC) {
		r = jca__ec_privkey(&in, out);
	} else if (jca__is_kem_alg(out->alg)) {
		r = jca__kem_privkey(&in, out);
	} else if (jca__mldsa_enc_level(out->alg)) {
		r = mldsa_privkey(&in, out, off);
	} else {
		r = jca__rsa_privkey(&in, out);
	}
	return r ? fail(out, r) : 0;
}

/* A private key in its algorithm's own structure (what, for messages),
 * read by body as algorithm alg. */
static int bare_privkey_parse(const uint8_t *der, size_t len, jca__key_parts *out, const char *what, int alg,
                              int (*body)(jca__der *d, jca__key_parts *out))
{
	jca__der d;
	int r;

	if ((r = start(der, len, out, &d, what)) != 0)
		return r;
	out->alg = alg;
	out->is_private = 1;
	r = body(&d, out);
	return r ? fail(out, r) : 0;
}

int jca__ec_privkey_parse(const uint8_t *der, size_t len, jca__key_parts *out)
{
	return bare_privkey_parse(der, len, out, "EC PRIVATE KEY", JCA__KEYALG_EC, jca__ec_privkey);
}

int jca__rsa_privkey_parse(const uint8_t *der, size_t len, jca__key_parts *out)
{
	return bare_privkey_parse(der, len, out, "RSA PRIVATE KEY", JCA__KEYALG_RSA, jca__rsa_privkey);
}

int jca__key_parse_labelled(const char *label, size_t label_len, const uint8_t *der, size_t len,
			    jca__key_parts *out)
{
	static const struct {
		const char *label;
		int (*parse)(const uint8_t *, size_t, jca__key_parts *);
	} forms[] = {
		{ "PUBLIC KEY", jca__spki_parse },
		{ "PRIVATE KEY", jca__pkcs8_parse },
		{ "EC PRIVATE KEY", jca__ec_privkey_parse },
		{ "RSA PRIVATE KEY", jca__rsa_privkey_parse },
	};
	size_t i;

	for (i = 0; label && i < sizeof forms / sizeof forms[0]; i++)
		if (strlen(forms[i].label) == label_len && memcmp(forms[i].label, label, label_len) == 0)
			return forms[i].parse(der, len, out);
	memset(out, 0, sizeof *out);
	return jca__error(JCA_EINVAL, "PEM: label \"%.*s\" is not a key this library reads (PUBLIC KEY, "
			  "PRIVATE KEY, EC PRIVATE KEY, RSA PRIVATE KEY)", label ? (int)(label_len > 64 ? 64 : label_len) : 0,
			  label ? label : "");
}

/* ---- writers ---- */

static void write_algid(jca__derw *w, const jca__key_parts *k)
{
	int i = alg_index(k->alg);
	size_t m = jca__derw_open(w, JCA__DER_SEQUENCE), cn;
	const uint8_t *c;

	jca__derw_prim(w, JCA__DER_OID, algs[i].oid, algs[i].oid_len);
	if (k->alg == JCA__KEYALG_EC) {
		c = jca__curve_oid(k->curve, &cn);
		jca__derw_prim(w, JCA__DER_OID, c, cn);
	} else if (k->alg == JCA__KEYALG_RSA) {
		jca__derw_prim(w, JCA__DER_NULL, NULL, 0);
	} else if (k->alg == JCA__KEYALG_RSA_PSS && k->params) {
		jca__derw_raw(w, k->params, k->params_len);
	}
	jca__derw_close(w, m);
}

/* The algorithm, curve and parameters of parts to be written. */
static int check_alg(const jca__key_parts *k)
{
	jca__der d, body;
	int r;

	if (!k || alg_index(k->alg) < 0)
		return jca__error(JCA_EINVAL, "key parts: %s", k ? "unknown algorithm" : "NULL");
	if ((k->alg == JCA__KEYALG_EC) != (jca__curve_bytes(k->curve) != 0))
		return jca__error(JCA_EINVAL, "key parts: %s", k->alg == JCA__KEYALG_EC ? "unknown curve" :
				  "a curve for a key that has none");
	if (!k->params != !k->params_len || (k->params && k->alg != JCA__KEYALG_RSA_PSS))
		return jca__error(JCA_EINVAL, "key parts: parameters only for RSA-PSS, with their length");
	if (k->params) {
		jca__der_init(&d, k->params, k->params_len);
		if ((r = jca__der_read(&d, JCA__DER_SEQUENCE, &body, "RSASSA-PSS-params")) != 0 ||
		    (r = jca__pss_params(&body)) != 0 || (r = jca__der_end(&d, "RSASSA-PSS-params")) != 0)
			return r;
	}
	return 0;
}

int jca__spki_write(const jca__key_parts *k, uint8_t *out, size_t cap, size_t *len)
{
	jca__derw w;
	size_t m;
	int r;

	*len = 0;
	if ((r = check_alg(k)) != 0)
		return r;
	if (!k->pub)
		return jca__error(JCA_EINVAL, "key parts: no public key");
	if ((r = jca__check_pub(k, 0, NULL)) != 0)
		return r;
	jca__derw_init(&w, out, cap);
	m = jca__derw_open(&w, JCA__DER_SEQUENCE);
	write_algid(&w, k);
	jca__derw_bits(&w, JCA__DER_BIT_STRING, k->pub, k->pub_len);
	jca__derw_close(&w, m);
	return jca__derw_finish(&w, len);
}

int jca__pkcs8_write(const jca__key_parts *k, uint8_t *out, size_t cap, size_t *len)
{
	jca__derw w;
	size_t m, o, s, c, cn;
	const uint8_t *coid;
	int r;

	*len = 0;
	if ((r = check_alg(k)) != 0 || (r = jca__check_priv(k)) != 0)
		return r;
	if (k->pub && (r = jca__check_pub(k, 0, NULL)) != 0)
		return r;
	jca__derw_init(&w, out, cap);
	m = jca__derw_open(&w, JCA__DER_SEQUENCE);
	jca__derw_small(&w, has_v2(k->alg) && k->pub ? 1 : 0);
	write_algid(&w, k);
	o = jca__derw_open(&w, JCA__DER_OCTET_STRING);
	if (is_x(k->alg)) {
		jca__derw_prim(&w, JCA__DER_OCTET_STRING, k->priv, k->priv_len);
	} else if (k->alg == JCA__KEYALG_EC) {
		s = jca__derw_open(&w, JCA__DER_SEQUENCE);
		jca__derw_small(&w, 1);
		jca__derw_prim(&w, JCA__DER_OCTET_STRING, k->priv, k->priv_len);
		if (k->ec_inner_curve) {
			c = jca__derw_open(&w, JCA__DER_CTX(0));
			coid = jca__curve_oid(k->curve, &cn);
			jca__derw_prim(&w, JCA__DER_OID, coid, cn);
			jca__derw_close(&w, c);
		}
		if (k->pub) {
			c = jca__derw_open(&w, JCA__DER_CTX(1));
			jca__derw_bits(&w, JCA__DER_BIT_STRING, k->pub, k->pub_len);
			jca__derw_close(&w, c);
		}
		jca__derw_close(&w, s);
	} else if (jca__is_kem_alg(k->alg)) {
		jca__kem_privkey_write(&w, k);
	} else {
		jca__derw_raw(&w, k->priv, k->priv_len);
	}
	jca__derw_close(&w, o);
	if (has_v2(k->alg) && k->pub)
		jca__derw_bits(&w, JCA__DER_CTX_PRIM(1), k->pub, k->pub_len);
	jca__derw_close(&w, m);
	r = jca__derw_finish(&w, len);
	if (r && out)
		jca__wipe(out, cap);      /* a part of a private key */
	return r;
}
