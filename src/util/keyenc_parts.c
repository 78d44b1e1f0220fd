/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Each key's own structure (see keyenc.h): curves and points, RSA keys,
 * RSASSA-PSS-params, ECPrivateKey. Sizes and shapes only, no arithmetic.
 */
#include <string.h>

#include "jca/common.h"
#include "error.h"
#include "der.h"
#include "keyenc.h"
#include "keyenc_int.h"
#include "keyenc_mldsa.h"

static const uint8_t OID_P256[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };  /* 1.2.840.10045.3.1.7 */
static const uint8_t OID_P384[] = { 0x2b, 0x81, 0x04, 0x00, 0x22 };                    /* 1.3.132.0.34 */
static const uint8_t OID_P521[] = { 0x2b, 0x81, 0x04, 0x00, 0x23 };                    /* 1.3.132.0.35 */
static const uint8_t OID_MGF1[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08 };

static const struct {
	int curve;
	const uint8_t *oid;
	size_t oid_len, bytes, bits;
	const char *name;
} curves[] = {
	{ JCA__CURVE_P256, OID_P256, sizeof OID_P256, 32, 256, "P-256" },
	{ JCA__CURVE_P384, OID_P384, sizeof OID_P384, 48, 384, "P-384" },
	{ JCA__CURVE_P521, OID_P521, sizeof OID_P521, 66, 521, "P-521" },
};
#define NCURVES (sizeof curves / sizeof curves[0])

#define RSA_MIN_BITS 512
#define RSA_MAX_BITS 16384

static int curve_index(int curve)
{
	size_t i;

	for (i = 0; i < NCURVES; i++)
		if (curves[i].curve == curve)
			return (int)i;
	return -1;
}

size_t jca__curve_bytes(int curve)
{
	int i = curve_index(curve);

	return i < 0 ? 0 : curves[i].bytes;
}

int jca__curve_by_oid(const uint8_t *oid, size_t n)
{
	size_t i;

	for (i = 0; i < NCURVES; i++)
		if (curves[i].oid_len == n && memcmp(curves[i].oid, oid, n) == 0)
			return curves[i].curve;
	return JCA__CURVE_NONE;
}

const uint8_t *jca__curve_oid(int curve, size_t *n)
{
	int i = curve_index(curve);

	*n = i < 0 ? 0 : curves[i].oid_len;
	return i < 0 ? NULL : curves[i].oid;
}

/* hashAlgorithm: AlgorithmIdentifier { OID, NULL or nothing } (RFC 4055
 * asks to accept both). */
static int hash_algid(jca__der *d, const char *what)
{
	jca__der a;
	const uint8_t *oid;
	size_t n;
	int r;

	if ((r = jca__der_read(d, JCA__DER_SEQUENCE, &a, what)) != 0 ||
	    (r = jca__der_read_oid(&a, &oid, &n, "hash algorithm")) != 0)
		return r;
	if (a.len && (r = jca__der_read_null(&a, "hash parameters")) != 0)
		return r;
	return jca__der_end(&a, what);
}

/* One optional explicit [n] of RSASSA-PSS-params, its body in *in. */
static int pss_field(jca__der *body, unsigned n, jca__der *in, int *present)
{
	*present = jca__der_peek(body, JCA__DER_CTX(n));
	return *present ? jca__der_read(body, JCA__DER_CTX(n), in, "RSASSA-PSS-params field") : 0;
}

int jca__pss_params(jca__der *body)
{
	jca__der in, mgf;
	const uint8_t *oid, *v;
	size_t n, off;
	int r, present;

	if ((r = pss_field(body, 0, &in, &present)) != 0 ||
	    (present && ((r = hash_algid(&in, "hashAlgorithm")) != 0 || (r = jca__der_end(&in, "hashAlgorithm")))))
		return r;
	if ((r = pss_field(body, 1, &in, &present)) != 0)
		return r;
	if (present) {
		if ((r = jca__der_read(&in, JCA__DER_SEQUENCE, &mgf, "maskGenAlgorithm")) != 0)
			return r;
		off = mgf.off;
		if ((r = jca__der_read_oid(&mgf, &oid, &n, "maskGenAlgorithm")) != 0)
			return r;
		if (n != sizeof OID_MGF1 || memcmp(oid, OID_MGF1, n) != 0)
			return jca__error(JCA_EINVAL, "DER: maskGenAlgorithm at offset %zu is not MGF1", off);
		if ((r = hash_algid(&mgf, "MGF1 hash")) != 0 || (r = jca__der_end(&mgf, "maskGenAlgorithm")) != 0 ||
		    (r = jca__der_end(&in, "maskGenAlgorithm")) != 0)
			return r;
	}
	if ((r = pss_field(body, 2, &in, &present)) != 0 ||
	    (present && ((r = jca__der_read_uint(&in, &v, &n, "saltLength")) != 0 ||
			 (r = jca__der_end(&in, "saltLength")) != 0)))
		return r;
	if ((r = pss_field(body, 3, &in, &present)) != 0 ||
	    (present && ((r = jca__der_read_version(&in, 1, "trailerField")) != 0 ||
			 (r = jca__der_end(&in, "trailerField")) != 0)))
		return r;
	return jca__der_end(body, "RSASSA-PSS-params");
}

/* RSA modulus (its size) and public exponent, as both keys hold them. */
static int rsa_n_e(jca__der *d, size_t *bits)
{
	const uint8_t *m;
	size_t n, off = d->off, nbits, ebits;
	int r;

	if ((r = jca__der_read_uint(d, &m, &n, "RSA modulus")) != 0)
		return r;
	nbits = jca__der_bits(m, n);
	if (nbits < RSA_MIN_BITS || nbits > RSA_MAX_BITS)
		return jca__error(JCA_EINVAL, "DER: RSA modulus at offset %zu has %zu bits, not %d to %d", off, nbits,
				  RSA_MIN_BITS, RSA_MAX_BITS);
	off = d->off;
	if ((r = jca__der_read_uint(d, &m, &n, "RSA public exponent")) != 0)
		return r;
	ebits = jca__der_bits(m, n);
	if (ebits < 2 || ebits > nbits || !(m[n - 1] & 1))
		return jca__error(JCA_EINVAL, "DER: RSA public exponent at offset %zu is not odd, at least 3 and "
				  "shorter than the modulus", off);
	*bits = nbits;
	return 0;
}

static int rsa_pub(const uint8_t *p, size_t len, size_t off, size_t *bits)
{
	jca__der d, b;
	size_t nbits;
	int r;

	jca__der_init(&d, p, len);
	d.off = off;
	if ((r = jca__der_read(&d, JCA__DER_SEQUENCE, &b, "RSAPublicKey")) != 0 || (r = rsa_n_e(&b, &nbits)) != 0 ||
	    (r = jca__der_end(&b, "RSAPublicKey")) != 0)
		return r;
	if (bits)
		*bits = nbits;
	return jca__der_end(&d, "RSAPublicKey");
}

int jca__rsa_privkey(jca__der *d, jca__key_parts *out)
{
	static const char *const names[] = { "RSA private exponent", "RSA prime p", "RSA prime q",
					     "RSA exponent dP", "RSA exponent dQ", "RSA coefficient qInv" };
	jca__der b, elem;
	const uint8_t *m;
	size_t n, i, off, bits;
	int r;

	if ((r = jca__der_read_elem(d, JCA__DER_SEQUENCE, &b, &elem, "RSAPrivateKey")) != 0)
		return r;
	off = b.off;
	if ((r = jca__der_read_uint(&b, &m, &n, "RSAPrivateKey version")) != 0)
		return r;
	if (n != 1 || m[0] != 0)
		return jca__error(JCA_EINVAL, "DER: RSAPrivateKey version at offset %zu is not 0 (multi-prime keys "
				  "are refused)", off);
	if ((r = rsa_n_e(&b, &bits)) != 0)
		return r;
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		off = b.off;
		if ((r = jca__der_read_uint(&b, &m, &n, names[i])) != 0)
			return r;
		if (n == 1 && m[0] == 0)
			return jca__error(JCA_EINVAL, "DER: %s at offset %zu is zero", names[i], off);
	}
	if ((r = jca__der_end(&b, "RSAPrivateKey")) != 0 || (r = jca__der_end(d, "RSAPrivateKey")) != 0)
		return r;
	out->priv = elem.p;
	out->priv_len = elem.len;
	out->bits = bits;
	return 0;
}

int jca__check_pub(const jca__key_parts *k, size_t off, size_t *bits)
{
	size_t b = 255, want;
	int c;

	switch (k->alg) {
	case JCA__KEYALG_ED25519:
	case JCA__KEYALG_X25519:
		if (k->pub_len != 32)
			return jca__error(JCA_EINVAL, "DER: %s public key at offset %zu has %zu bytes, not 32",
					  k->alg == JCA__KEYALG_ED25519 ? "Ed25519" : "X25519", off, k->pub_len);
		break;
	case JCA__KEYALG_EC:
		c = curve_index(k->curve);
		want = 1 + 2 * curves[c].bytes;
		if (k->pub_len != want || k->pub[0] != 0x04)
			return jca__error(JCA_EINVAL, "DER: %s public point at offset %zu is not 04||X||Y of %zu bytes "
					  "(compressed points are refused)", curves[c].name, off, want);
		b = curves[c].bits;
		break;
	case JCA__KEYALG_ML_KEM_512:
	case JCA__KEYALG_ML_KEM_768:
	case JCA__KEYALG_ML_KEM_1024:
	case JCA__KEYALG_XWING:
		return jca__kem_check_pub(k, off, bits);
	case JCA__KEYALG_ML_DSA_44:
	case JCA__KEYALG_ML_DSA_65:
	case JCA__KEYALG_ML_DSA_87:
		want = jca__mldsa_enc_pk_len(jca__mldsa_enc_level(k->alg));
		if (k->pub_len != want)
			return jca__error(JCA_EINVAL, "DER: ML-DSA-%u public key at offset %zu has %zu bytes, not %zu",
					  jca__mldsa_enc_level(k->alg), off, k->pub_len, want);
		b = 8 * want;
		break;
	default:
		return rsa_pub(k->pub, k->pub_len, off, bits);
	}
	if (bits)
		*bits = b;
	return 0;
}

int jca__check_priv(const jca__key_parts *k)
{
	jca__key_parts tmp;
	jca__der d;
	size_t want = 32;

	if (jca__is_kem_alg(k->alg) && k->is_private)
		return jca__kem_check_priv(k);
	if (!k->priv || !k->is_private)
		return jca__error(JCA_EINVAL, "key parts: no private key");
	if (k->alg == JCA__KEYALG_RSA || k->alg == JCA__KEYALG_RSA_PSS) {
		jca__der_init(&d, k->priv, k->priv_len);
		return jca__rsa_privkey(&d, &tmp);
	}
	if (jca__mldsa_enc_level(k->alg)) {
		jca__mldsa_priv mp;

		jca__der_init(&d, k->priv, k->priv_len);
		return jca__mldsa_priv_read(&d, jca__mldsa_enc_level(k->alg), &mp);
	}
	if (k->alg == JCA__KEYALG_EC)
		want = jca__curve_bytes(k->curve);
	if (k->priv_len != want)
		return jca__error(JCA_EINVAL, "key parts: private key of %zu bytes, not %zu", k->priv_len, want);
	return 0;
}

int jca__ec_privkey(jca__der *d, jca__key_parts *out)
{
	jca__der e, in;
	const uint8_t *oid;
	size_t n, off, key_off;
	int r, c;

	if ((r = jca__der_read(d, JCA__DER_SEQUENCE, &e, "ECPrivateKey")) != 0 ||
	    (r = jca__der_read_version(&e, 1, "ECPrivateKey version")) != 0)
		return r;
	key_off = e.off;
	if ((r = jca__der_read_octets(&e, &out->priv, &out->priv_len, "ECPrivateKey privateKey")) != 0)
		return r;
	if (jca__der_peek(&e, JCA__DER_CTX(0))) {
		if ((r = jca__der_read(&e, JCA__DER_CTX(0), &in, "ECPrivateKey parameters")) != 0)
			return r;
		off = in.off;
		if ((r = jca__der_read_oid(&in, &oid, &n, "ECPrivateKey namedCurve")) != 0 ||
		    (r = jca__der_end(&in, "ECPrivateKey parameters")) != 0)
			return r;
		c = jca__curve_by_oid(oid, n);
		if (c == JCA__CURVE_NONE)
			return jca__error(JCA_EINVAL, "DER: ECPrivateKey namedCurve at offset %zu is none of "
					  "prime256v1, secp384r1, secp521r1", off);
		if (out->curve != JCA__CURVE_NONE && out->curve != c)
			return jca__error(JCA_EINVAL, "DER: ECPrivateKey curve at offset %zu differs from the "
					  "AlgorithmIdentifier's", off);
		out->curve = c;
		out->ec_inner_curve = 1;
	}
	if (out->curve == JCA__CURVE_NONE)
		return jca__error(JCA_EINVAL, "DER: ECPrivateKey names no curve ([0] is needed outside PKCS#8)");
	c = curve_index(out->curve);
	out->bits = curves[c].bits;
	if (out->priv_len != curves[c].bytes)
		return jca__error(JCA_EINVAL, "DER: ECPrivateKey privateKey at offset %zu has %zu bytes, %s needs %zu",
				  key_off, out->priv_len, curves[c].name, curves[c].bytes);
	if (jca__der_peek(&e, JCA__DER_CTX(1))) {
		if ((r = jca__der_read(&e, JCA__DER_CTX(1), &in, "ECPrivateKey publicKey")) != 0)
			return r;
		off = in.off;
		if ((r = jca__der_read_bits(&in, JCA__DER_BIT_STRING, &out->pub, &out->pub_len,
					    "ECPrivateKey publicKey")) != 0 ||
		    (r = jca__der_end(&in, "ECPrivateKey publicKey")) != 0 || (r = jca__check_pub(out, off, NULL)) != 0)
			return r;
	}
	if ((r = jca__der_end(&e, "ECPrivateKey")) != 0)
		return r;
	return jca__der_end(d, "ECPrivateKey");
}
