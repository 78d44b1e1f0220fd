/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_pkey.c - the "openssl" bridge's keys (ABI 3.2): KeyFactory
 * services over OpenSSL 3's EVP_PKEY (the KeyPairGenerator services that
 * fill the same key contexts: openssl_keygen.c).
 *
 *   EC          P-256, P-384, P-521 (named curves; info->params
 *               "secp256r1", "secp384r1", "secp521r1")
 *   RSA         2048 to 16384 bits
 *   RSASSA-PSS  RSA keys under the id-RSASSA-PSS OID, with or without
 *               RSASSA-PSS-params (RFC 4055)
 *   Ed25519, X25519 (RFC 8410)
 *
 * A key context (ossl__key, openssl_bridge.h) holds one EVP_PKEY, which
 * the bridge's Signature and KeyAgreement services use as it is; cleanup
 * frees it. The host hands decode strict DER it has read itself; OpenSSL
 * parses it again and this file checks what OpenSSL does not insist on:
 * the algorithm is the service's, nothing follows the DER, a public key
 * re-encodes to the very bytes given (but RSASSA-PSS's, whose parameters
 * have more than one valid DER), the curve is one of the three, the
 * EC point is valid and matches the scalar, RSA's sizes and the
 * consistency of its private parts (without primality tests: those cost
 * seconds for large keys). Refusals are JCA_REFUSED with the reason.
 * encode writes what OpenSSL writes (i2d_PUBKEY, PKCS#8 through
 * EVP_PKEY2PKCS8): the input again, byte for byte, for keys OpenSSL made;
 * a PKCS#8 EC key without its public point gains one, an Ed25519/X25519
 * OneAsymmetricKey v2 (read here: OpenSSL 3.0 does not) comes back as v1.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <openssl/x509.h>

#include <jca/plugin.h>
#include <jca/names.h>

#include "openssl_bridge.h"

#define RSA_MIN_BITS 2048
#define RSA_MAX_BITS 16384

/* The curves the bridge takes: libjca's name, OpenSSL's NID, sizes. */
static const struct curve {
	const char *name;          /* info->params */
	int nid;
	size_t bits, bytes;
} curves[] = {
	{ "secp256r1", NID_X9_62_prime256v1, 256, 32 },
	{ "secp384r1", NID_secp384r1, 384, 48 },
	{ "secp521r1", NID_secp521r1, 521, 66 },
};
#define N_CURVES (sizeof curves / sizeof curves[0])

static const struct curve *curve_of(const EVP_PKEY *pkey)
{
	char group[64];
	size_t n = 0, i;
	int nid;

	if (!EVP_PKEY_get_utf8_string_param(pkey, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, &n))
		return NULL;
	nid = OBJ_txt2nid(group);
	if (nid == NID_undef)
		nid = EC_curve_nist2nid(group);
	for (i = 0; i < N_CURVES; i++)
		if (curves[i].nid == nid)
			return &curves[i];
	return NULL;
}

size_t ossl__ec_field_bytes(const EVP_PKEY *pkey)
{
	const struct curve *c = curve_of(pkey);

	return c ? c->bytes : 0;
}

/* ---- the algorithms ---- */

enum { K_EC, K_RSA, K_RSA_PSS, K_ED25519, K_X25519 };

static const struct kalg {
	const char *ossl;          /* OpenSSL's key type */
	int raw;                   /* the 32-byte RAW form exists */
} kalgs[] = {
	[K_EC] = { "EC", 0 },
	[K_RSA] = { "RSA", 0 },
	[K_RSA_PSS] = { "RSA-PSS", 0 },
	[K_ED25519] = { "ED25519", 1 },
	[K_X25519] = { "X25519", 1 },
};

/* see openssl_bridge.h */
void ossl__key_info(const EVP_PKEY *pkey, unsigned kind, jca_key_info *info)
{
	const struct curve *c;

	if (!info || info->struct_size < sizeof(jca_key_info))
		return;
	info->kind = kind;
	info->extractable = 1;
	info->params = NULL;
	if (EVP_PKEY_is_a(pkey, "EC")) {
		c = curve_of(pkey);
		info->bits = c ? c->bits : 0;
		info->params = c ? c->name : NULL;
	} else if (EVP_PKEY_is_a(pkey, "ED25519") || EVP_PKEY_is_a(pkey, "X25519")) {
		info->bits = 255;
	} else {
		info->bits = (size_t)EVP_PKEY_get_bits(pkey);
	}
}

/* The result of an EVP_PKEY_*_check: 1 passes; else a refusal, or -1
 * when OpenSSL ran out of memory. */
static int check_result(int ok, const char *why)
{
	if (ok == 1) {
		ERR_clear_error();
		return 0;
	}
	return ossl__out_of_memory() ? -1 : ossl__refused(why);
}

static int ec_check(EVP_PKEY *pkey, unsigned kind)
{
	EVP_PKEY_CTX *ctx;
	char form[32];
	size_t n = 0;
	int rc;

	if (!curve_of(pkey))
		return ossl__refused("EC key: the curve is not one the bridge takes (secp256r1, secp384r1, secp521r1)");
	if (EVP_PKEY_get_utf8_string_param(pkey, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, form, sizeof form, &n) &&
	    strcmp(form, "uncompressed") != 0)
		return ossl__refused("EC key: the point is not uncompressed (04||X||Y)");
	ERR_clear_error();
	if (!(ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL)))
		return ossl__failed("EVP_PKEY_CTX_new_from_pkey");
	rc = check_result(EVP_PKEY_public_check(ctx), "EC key: the public point is not a valid point of its curve");
	if (rc == 0 && kind == JCA_KEY_PRIVATE) {
		rc = check_result(EVP_PKEY_private_check(ctx), "EC key: the private scalar is out of range");
		if (rc == 0)
			rc = check_result(EVP_PKEY_pairwise_check(ctx),
			                  "EC key: the public point does not match the private scalar");
	}
	EVP_PKEY_CTX_free(ctx);
	return rc;
}

static int x_check(EVP_PKEY *pkey, unsigned kind)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
	int rc;

	if (!ctx)
		return ossl__failed("EVP_PKEY_CTX_new_from_pkey");
	if (kind == JCA_KEY_PRIVATE)
		rc = check_result(EVP_PKEY_pairwise_check(ctx), "the public key does not match the private key");
	else
		rc = check_result(EVP_PKEY_public_check(ctx), "the public key is refused by OpenSSL");
	EVP_PKEY_CTX_free(ctx);
	return rc;
}

/* RSA: n of 2048 to 16384 bits, odd; e odd, 3 <= e < n. A private key:
 * two primes (multi-prime refused), n = p q, and d, dP, dQ, qInv
 * consistent (e dP = 1 mod p-1, e dQ = 1 mod q-1, dP = d mod p-1,
 * dQ = d mod q-1, q qInv = 1 mod p). Not constant time: an import check,
 * as OpenSSL's own RSA_check_key. */
static int rsa_check(EVP_PKEY *pkey, unsigned kind)
{
	static const char *const names[] = { OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_D,
		OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_EXPONENT1,
		OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1 };
	enum { N, E, D, P, Q, DP, DQ, QINV, COUNT };
	BIGNUM *v[COUNT] = { NULL }, *t = NULL, *u = NULL, *x = NULL;
	BN_CTX *bn = NULL;
	int bits, rc = -1, i, parts = kind == JCA_KEY_PRIVATE ? COUNT : D;

	for (i = 0; i < parts; i++)
		if (!EVP_PKEY_get_bn_param(pkey, names[i], &v[i])) {
			rc = ossl__refused("RSA key: a part of the key is missing");
			goto done;
		}
	bits = BN_num_bits(v[N]);
	if (bits < RSA_MIN_BITS || bits > RSA_MAX_BITS) {
		rc = ossl__refused(bits < RSA_MIN_BITS ? "RSA key: the modulus is shorter than 2048 bits (refused as weak)"
		                                       : "RSA key: the modulus is longer than 16384 bits");
		goto done;
	}
	if (!BN_is_odd(v[N]) || !BN_is_odd(v[E]) || BN_cmp(v[E], BN_value_one()) <= 0 || BN_cmp(v[E], v[N]) >= 0) {
		rc = ossl__refused("RSA key: the modulus is even, or the public exponent is even, 1, or not below n");
		goto done;
	}
	if (kind != JCA_KEY_PRIVATE) {
		rc = 0;
		goto done;
	}
	if (EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR3, &t)) {
		rc = ossl__refused("RSA key: multi-prime keys are not taken");
		goto done;
	}
	ERR_clear_error();
	if (!(bn = BN_CTX_new()) || !(t = BN_new()) || !(u = BN_new()) || !(x = BN_new()))
		goto done;
	BN_set_flags(v[D], BN_FLG_CONSTTIME);
	/* n = p q */
	if (!BN_mul(t, v[P], v[Q], bn))
		goto done;
	if (BN_cmp(t, v[N]) != 0 || BN_cmp(v[D], v[N]) >= 0) {
		rc = ossl__refused("RSA key: n is not p q, or d is not below n");
		goto done;
	}
	for (i = 0; i < 2; i++) {
		const BIGNUM *prime = v[i ? Q : P], *dx = v[i ? DQ : DP];

		/* u = prime - 1; dx = d mod u; e dx = 1 mod u */
		if (!BN_sub(u, prime, BN_value_one()) || !BN_mod(t, v[D], u, bn) || !BN_mod_mul(x, v[E], dx, u, bn))
			goto done;
		if (BN_cmp(t, dx) != 0 || !BN_is_one(x)) {
			rc = ossl__refused("RSA key: the CRT exponents do not match d and e");
			goto done;
		}
	}
	if (!BN_mod_mul(x, v[Q], v[QINV], v[P], bn))
		goto done;
	rc = BN_is_one(x) ? 0 : ossl__refused("RSA key: the CRT coefficient is not q^-1 mod p");
done:
	if (rc < 0)
		rc = ossl__failed("RSA key check");
	for (i = 0; i < COUNT; i++)
		BN_clear_free(v[i]);
	BN_clear_free(t);
	BN_clear_free(u);
	BN_clear_free(x);
	BN_CTX_free(bn);
	return rc;
}

static int check_key(int alg, EVP_PKEY *pkey, unsigned kind)
{
	switch (alg) {
	case K_EC:
		return ec_check(pkey, kind);
	case K_RSA:
	case K_RSA_PSS:
		return rsa_check(pkey, kind);
	default:
		return x_check(pkey, kind);
	}
}

/* see openssl_bridge.h */
EVP_PKEY *ossl__public_copy(const EVP_PKEY *pkey)
{
	unsigned char *der = NULL;
	const unsigned char *q;
	OSSL_PARAM *params = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	EVP_PKEY *pub = NULL;
	int n;

	/* the parameters and the public key as OSSL_PARAMs, into a new key
	 * (an encoder and a decoder, below, cost ten times as much) */
	if (EVP_PKEY_todata(pkey, EVP_PKEY_PUBLIC_KEY, &params) == 1 &&
	    (ctx = EVP_PKEY_CTX_new_from_pkey(NULL, (EVP_PKEY *)pkey, NULL)) != NULL &&
	    EVP_PKEY_fromdata_init(ctx) == 1 && EVP_PKEY_fromdata(ctx, &pub, EVP_PKEY_PUBLIC_KEY, params) != 1)
		pub = NULL;
	OSSL_PARAM_free(params);
	EVP_PKEY_CTX_free(ctx);
	if (pub)
		return pub;
	if ((n = i2d_PUBKEY((EVP_PKEY *)pkey, &der)) > 0) {
		q = der;
		pub = d2i_PUBKEY(NULL, &q, n);
	}
	OPENSSL_free(der);
	return pub;
}

/* Parses in as the encoding asked for. NULL when OpenSSL refused it;
 * *end gets how far OpenSSL read. */
static EVP_PKEY *parse(int alg, unsigned enc, unsigned kind, const uint8_t *in, size_t len, const uint8_t **end)
{
	const unsigned char *q = in;
	PKCS8_PRIV_KEY_INFO *p8;
	EVP_PKEY *pkey = NULL;

	*end = in;
	if (enc == JCA_ENC_X509) {
		pkey = d2i_PUBKEY(NULL, &q, (long)len);
	} else if (enc == JCA_ENC_PKCS8) {
		if ((p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &q, (long)len)) != NULL) {
			pkey = EVP_PKCS82PKEY(p8);
			PKCS8_PRIV_KEY_INFO_free(p8);     /* clears the key octets */
		}
	} else {
		if (kind == JCA_KEY_PRIVATE)
			pkey = EVP_PKEY_new_raw_private_key_ex(NULL, kalgs[alg].ossl, NULL, in, len);
		else
			pkey = EVP_PKEY_new_raw_public_key_ex(NULL, kalgs[alg].ossl, NULL, in, len);
		q = in + len;
	}
	*end = q;
	return pkey;
}

/* An Ed25519 or X25519 OneAsymmetricKey v2 (RFC 8410 7, with the public
 * key in [1]), which OpenSSL 3.0's PKCS#8 reader does not take. The host
 * has read it strictly, so it has exactly this layout: 83 bytes. The key
 * (from the private half), or NULL: *why says why when it is refused. */
static EVP_PKEY *x_oak_v2(int alg, const uint8_t *in, size_t len, const char **why)
{
	static const uint8_t head[16] = { 0x30, 0x51, 0x02, 0x01, 0x01, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x00,
		0x04, 0x22, 0x04, 0x20 };
	static const uint8_t pub_tag[3] = { 0x81, 0x21, 0x00 };
	uint8_t pub[32];
	size_t n = sizeof pub;
	EVP_PKEY *pkey;

	*why = NULL;
	if (len != 83 || memcmp(in, head, 11) != 0 || in[11] != (alg == K_ED25519 ? 0x70 : 0x6e) ||
	    memcmp(in + 12, head + 12, 4) != 0 || memcmp(in + 48, pub_tag, 3) != 0)
		return NULL;
	if (!(pkey = EVP_PKEY_new_raw_private_key_ex(NULL, kalgs[alg].ossl, NULL, in + 16, 32)))
		return NULL;
	if (!EVP_PKEY_get_raw_public_key(pkey, pub, &n) || n != 32 || CRYPTO_memcmp(pub, in + 51, 32) != 0) {
		*why = "the public key in the encoding is not the private key's";
		EVP_PKEY_free(pkey);
		return NULL;
	}
	return pkey;
}

/* decode for the service alg (provider_asym.h). */
static int kf_decode(int alg, void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len,
                     jca_key_info *info)
{
	ossl__key *k = key;
	const struct kalg *a = &kalgs[alg];
	const uint8_t *end;
	unsigned char *der = NULL;
	EVP_PKEY *pkey;
	int rc, n;

	if (k->pkey || len > (size_t)LONG_MAX || (kind != JCA_KEY_PUBLIC && kind != JCA_KEY_PRIVATE))
		return ossl__failed_why("KeyFactory decode: a used context or a bad argument");
	if ((enc == JCA_ENC_X509 && kind != JCA_KEY_PUBLIC) || (enc == JCA_ENC_PKCS8 && kind != JCA_KEY_PRIVATE) ||
	    (enc != JCA_ENC_X509 && enc != JCA_ENC_PKCS8 && enc != JCA_ENC_RAW))
		return ossl__refused("KeyFactory decode: X.509 holds public keys, PKCS#8 private ones");
	if (enc == JCA_ENC_RAW && !a->raw)
		return ossl__refused(alg == K_EC ? "EC: a raw public point has no curve with it: use X.509"
		                                 : "this algorithm has no raw key encoding");
	if (enc == JCA_ENC_RAW && len != 32)
		return ossl__refused("a raw Ed25519 or X25519 key is 32 bytes");
	if (enc == JCA_ENC_PKCS8 && a->raw && len == 83) {
		const char *why;

		if (!(pkey = x_oak_v2(alg, in, len, &why)) && why)
			return ossl__refused(why);
		end = in + len;
	} else {
		pkey = NULL;
	}
	if (!pkey && !(pkey = parse(alg, enc, kind, in, len, &end)))
		return ossl__out_of_memory() ? -1 : ossl__refused("OpenSSL cannot read the key's encoding");
	if (end != in + len) {
		rc = ossl__refused("bytes follow the key's DER");
		goto fail;
	}
	if (!EVP_PKEY_is_a(pkey, a->ossl)) {
		rc = ossl__refused(alg == K_RSA_PSS ? "not an RSASSA-PSS key (id-RSASSA-PSS)"
		                   : alg == K_RSA ? "not an RSA key (rsaEncryption)" : "the key is of another algorithm");
		goto fail;
	}
	if ((rc = check_key(alg, pkey, kind)) != 0)
		goto fail;
	/* A SubjectPublicKeyInfo must be written back as it came (no point
	 * form or parameters OpenSSL would change). Not for RSASSA-PSS: its
	 * parameters have more than one valid DER (a hash's NULL parameters
	 * present or absent), and OpenSSL writes its own. */
	if (enc == JCA_ENC_X509 && alg != K_RSA_PSS) {
		n = i2d_PUBKEY(pkey, &der);
		if (n <= 0) {
			rc = ossl__failed("i2d_PUBKEY");
			goto fail;
		}
		rc = (size_t)n == len && memcmp(der, in, len) == 0 ? 0 :
		     ossl__refused("the public key's DER is not as OpenSSL writes it (not canonical)");
		OPENSSL_free(der);
		if (rc)
			goto fail;
	}
	k->pkey = pkey;
	k->kind = kind;
	ossl__key_info(pkey, kind, info);
	return 0;
fail:
	EVP_PKEY_free(pkey);
	return rc;
}

/* The size n of an encoding (an i2d_* result): into *len, and checked
 * against cap when there is an output. */
static int put(int n, uint8_t *out, size_t cap, size_t *len)
{
	if (n <= 0)
		return ossl__failed("encoding the key");
	*len = (size_t)n;
	if (out && cap < (size_t)n)
		return ossl__failed_why("KeyFactory encode: the buffer is too small");
	return 0;
}

static int kf_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const ossl__key *k = key;
	EVP_PKEY *pkey = k->pkey;
	PKCS8_PRIV_KEY_INFO *p8;
	unsigned char *p = out;
	size_t n = 0;
	int rc;

	if (!pkey)
		return ossl__failed_why("KeyFactory encode: no key");
	switch (enc) {
	case JCA_ENC_X509:
		if ((rc = put(i2d_PUBKEY(pkey, NULL), out, cap, len)) != 0 || !out)
			return rc;
		return i2d_PUBKEY(pkey, &p) == (int)*len ? 0 : ossl__failed("i2d_PUBKEY");
	case JCA_ENC_PKCS8:
		if (k->kind != JCA_KEY_PRIVATE)
			return ossl__refused("a public key has no PKCS#8 encoding");
		if (!(p8 = EVP_PKEY2PKCS8(pkey)))
			return ossl__failed("EVP_PKEY2PKCS8");
		rc = put(i2d_PKCS8_PRIV_KEY_INFO(p8, NULL), out, cap, len);
		if (rc == 0 && out && i2d_PKCS8_PRIV_KEY_INFO(p8, &p) != (int)*len)
			rc = ossl__failed("i2d_PKCS8_PRIV_KEY_INFO");
		PKCS8_PRIV_KEY_INFO_free(p8);
		return rc;
	case JCA_ENC_RAW:
		if (EVP_PKEY_is_a(pkey, "ED25519") || EVP_PKEY_is_a(pkey, "X25519")) {
			int priv = k->kind == JCA_KEY_PRIVATE;

			if (!(priv ? EVP_PKEY_get_raw_private_key(pkey, NULL, &n) : EVP_PKEY_get_raw_public_key(pkey, NULL, &n)))
				return ossl__failed("EVP_PKEY_get_raw_*_key");
			if ((rc = put((int)n, out, cap, len)) != 0 || !out)
				return rc;
			if (!(priv ? EVP_PKEY_get_raw_private_key(pkey, out, &n) : EVP_PKEY_get_raw_public_key(pkey, out, &n)))
				return ossl__failed("EVP_PKEY_get_raw_*_key");
			return 0;
		}
		if (EVP_PKEY_is_a(pkey, "EC") && k->kind == JCA_KEY_PUBLIC) {
			if (!EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0, &n))
				return ossl__failed("EVP_PKEY_get_octet_string_param");
			if ((rc = put((int)n, out, cap, len)) != 0 || !out)
				return rc;
			return EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, out, cap, &n) &&
			       n == *len ? 0 : ossl__failed("EVP_PKEY_get_octet_string_param");
		}
		return ossl__refused("the key has no raw encoding");
	default:
		return ossl__refused("unknown key encoding");
	}
}

static int kf_public_key(void *pub, const void *priv, jca_key_info *info)
{
	ossl__key *p = pub;
	const ossl__key *k = priv;

	if (!k->pkey || p->pkey)
		return ossl__failed_why("KeyFactory public_key: no key");
	if (!(p->pkey = ossl__public_copy(k->pkey)))
		return ossl__failed("the public half of the key");
	p->kind = JCA_KEY_PUBLIC;
	ossl__key_info(p->pkey, JCA_KEY_PUBLIC, info);
	return 0;
}

static void key_cleanup(void *ctx)
{
	ossl__key *k = ctx;

	EVP_PKEY_free(k->pkey);      /* the last holder's free wipes the material */
	k->pkey = NULL;
}

/* ---- the services ---- */

#define KEY_SERVICES(id, low, jname, names_list)                                                                  \
	static int kf_decode_##low(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len,           \
	                           jca_key_info *info)                                                              \
	{                                                                                                           \
		return kf_decode(id, key, enc, kind, in, len, info);                                                \
	}                                                                                                           \
	static const jca_keyfactory_impl kf_impl_##low = {                                                          \
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_keyfactory_impl, #low "-openssl", JCA_PRIO_GENERIC, NULL,        \
		                                sizeof(ossl__key), NULL, NULL, key_cleanup),                         \
		.decode = kf_decode_##low, .encode = kf_encode, .public_key = kf_public_key,                         \
	};                                                                                                          \
	static const jca_impl *const kf_impls_##low[] = { &kf_impl_##low.base, NULL };                              \
	static const char *const names_##low[] = { names_list, NULL };                                              \
	const jca_service_desc ossl__svc_kf_##low = { .struct_size = sizeof(jca_service_desc),                      \
		.type = JCA_KEY_FACTORY, .algorithm = jname, .aliases = names_##low, .attributes = key_attrs,        \
		.impls = kf_impls_##low };

static const jca_attr key_attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

KEY_SERVICES(K_EC, ec, JCA_NAME_KEY_EC, JCA_NAMES_KEY_EC)
KEY_SERVICES(K_RSA, rsa, JCA_NAME_KEY_RSA, JCA_NAMES_KEY_RSA)
KEY_SERVICES(K_RSA_PSS, rsa_pss, JCA_NAME_KEY_RSA_PSS, JCA_NAMES_KEY_RSA_PSS)
KEY_SERVICES(K_ED25519, ed25519, JCA_NAME_KEY_ED25519, JCA_NAMES_KEY_ED25519)
KEY_SERVICES(K_X25519, x25519, JCA_NAME_KEY_X25519, JCA_NAMES_KEY_X25519)

/* At load: the key managers, signatures and exchanges must be there
 * (a FIPS configuration may lack some); fetched to be sure, then freed
 * (the operations fetch them again, cached by OpenSSL). */
int ossl__pkey_load(void)
{
	static const char *const keymgmt[] = { "EC", "RSA", "RSA-PSS", "ED25519", "X25519" };
	static const char *const sig[] = { "ECDSA", "RSA", "ED25519" };
	static const char *const kex[] = { "ECDH", "X25519" };
	size_t i;

	for (i = 0; i < sizeof keymgmt / sizeof keymgmt[0]; i++) {
		EVP_KEYMGMT *m = EVP_KEYMGMT_fetch(NULL, keymgmt[i], NULL);

		if (!m) {
			ossl__fetch_failed("key manager", keymgmt[i]);
			return -1;
		}
		EVP_KEYMGMT_free(m);
	}
	for (i = 0; i < sizeof sig / sizeof sig[0]; i++) {
		EVP_SIGNATURE *s = EVP_SIGNATURE_fetch(NULL, sig[i], NULL);

		if (!s) {
			ossl__fetch_failed("signature", sig[i]);
			return -1;
		}
		EVP_SIGNATURE_free(s);
	}
	for (i = 0; i < sizeof kex / sizeof kex[0]; i++) {
		EVP_KEYEXCH *x = EVP_KEYEXCH_fetch(NULL, kex[i], NULL);

		if (!x) {
			ossl__fetch_failed("key exchange", kex[i]);
			return -1;
		}
		EVP_KEYEXCH_free(x);
	}
	return 0;
}
