/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_sig.c - the "openssl" bridge's Signature services (ABI 3.2,
 * jca_signature_impl) over OpenSSL 3's EVP_DigestSign / EVP_DigestVerify,
 * with the bridge's keys (openssl_pkey.c):
 *
 *   SHA224/256/384/512withECDSA, SHA3-256/384/512withECDSA   DER signatures
 *   SHA224/256/384/512withECDSAinP1363Format                  r || s, each the
 *                                         field size (converted here)
 *   SHA224/256/384/512withRSA             PKCS#1 v1.5
 *   SHA256/384/512withRSA/PSS             MGF1 over the same digest, a salt
 *                                         as long as the digest
 *   RSASSA-PSS                            RSA keys; parameters "digest",
 *                                         "mgf1", "saltLength" (defaults:
 *                                         SHA-256, MGF1 over the digest, a
 *                                         salt as long as the digest)
 *   Ed25519                               one-shot (update NULL: the engine
 *                                         keeps the message)
 *
 * The context owns an EVP_MD_CTX and a reference to the key's EVP_PKEY.
 * A signature or a verification consumes the EVP operation; the context
 * is marked spent and started again (EVP_Digest*Init_ex with the same
 * key and parameters) before the next message, so sign and verify leave
 * it as init did. verify answers 0 or JCA_REFUSED for every signature
 * (malformed ones included); -1 only when OpenSSL runs out of memory or
 * fails otherwise.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>

#include <jca/plugin.h>
#include <jca/names.h>

#include "openssl_bridge.h"

enum { S_ECDSA, S_ECDSA_P1363, S_RSA, S_RSA_PSS, S_RSASSA_PSS, S_ED25519 };

typedef struct sig_alg {
	int kind;                  /* S_* */
	const char *md;            /* OpenSSL's digest, NULL for Ed25519 and RSASSA-PSS */
	size_t md_len;
} sig_alg;

/* Digests RSASSA-PSS takes as "digest" and "mgf1", with their names. */
static const struct pss_md {
	const char *ossl;
	size_t len;
	const char *names[3];
} pss_mds[] = {
	{ "SHA2-256", 32, { JCA_NAME_SHA256, JCA_ALIASES_SHA256 } },   /* the default: first */
	{ "SHA2-224", 28, { JCA_NAME_SHA224, JCA_ALIASES_SHA224 } },
	{ "SHA2-384", 48, { JCA_NAME_SHA384, JCA_ALIASES_SHA384 } },
	{ "SHA2-512", 64, { JCA_NAME_SHA512, JCA_ALIASES_SHA512 } },
	{ "SHA3-256", 32, { JCA_NAME_SHA3_256, JCA_ALIASES_SHA3_256 } },
	{ "SHA3-384", 48, { JCA_NAME_SHA3_384, JCA_ALIASES_SHA3_384 } },
	{ "SHA3-512", 64, { JCA_NAME_SHA3_512, JCA_ALIASES_SHA3_512 } },
};
#define N_PSS_MDS (sizeof pss_mds / sizeof pss_mds[0])
#define PSS_MAX_SALT 4096

typedef struct osig_ctx {
	EVP_MD_CTX *md;            /* NULL in a zeroed context */
	EVP_PKEY *pkey;            /* held (EVP_PKEY_up_ref) from init to the next init or cleanup */
	const sig_alg *alg;        /* set by init */
	unsigned purpose;          /* JCA_SIGN, JCA_VERIFY; 0 before init */
	int spent;                 /* the EVP operation needs starting again before the next message */
	int fed;                   /* update gave data since the operation started */
	/* md was started on this key and purpose: starting again initialises
	 * it in place, which keeps OpenSSL's EVP_PKEY_CTX (a reset would
	 * build a new one for every message: 40 % more instructions per
	 * ECDSA P-256 signature) */
	int reuse;
	size_t field;              /* P1363: the curve's field size in bytes */
	/* RSASSA-PSS parameters: 1 + an index of pss_mds, 0 unset; salt_set
	 * says whether salt holds a length. */
	int pss_md, pss_mgf1, salt_set;
	size_t salt;
} osig_ctx;

static const struct pss_md *pss_digest(const osig_ctx *c)
{
	return &pss_mds[c->pss_md ? c->pss_md - 1 : 0];
}

/* The PSS parameters in force: digest, MGF1 digest, salt length. */
static void pss_params(const osig_ctx *c, const char **md, const char **mgf1, size_t *salt)
{
	const struct pss_md *d = pss_digest(c);

	if (c->alg->kind == S_RSA_PSS) {
		*md = *mgf1 = c->alg->md;
		*salt = c->alg->md_len;
		return;
	}
	*md = d->ossl;
	*mgf1 = c->pss_mgf1 ? pss_mds[c->pss_mgf1 - 1].ossl : d->ossl;
	*salt = c->salt_set ? c->salt : d->len;
}

/* RFC 8017 9.1.1: emLen >= hLen + sLen + 2, emLen = ceil((modBits - 1) / 8). */
static int pss_fits(const osig_ctx *c)
{
	size_t hlen = c->alg->kind == S_RSA_PSS ? c->alg->md_len : pss_digest(c)->len, salt, em;
	const char *md, *mgf1;
	int bits = EVP_PKEY_get_bits(c->pkey);

	pss_params(c, &md, &mgf1, &salt);
	em = bits > 1 ? ((size_t)bits - 1 + 7) / 8 : 0;
	if (em < hlen + salt + 2)
		return ossl__refused("RSASSA-PSS: the key is too short for this digest and salt length");
	return 0;
}

/* Starts the EVP operation for the next message. */
static int sig_start(osig_ctx *c)
{
	EVP_PKEY_CTX *pctx = NULL;
	const char *md = c->alg->md, *mgf1 = NULL;
	size_t salt = 0;
	int ok, pss = c->alg->kind == S_RSA_PSS || c->alg->kind == S_RSASSA_PSS;

	if (!c->md && !(c->md = EVP_MD_CTX_new()))
		return ossl__failed("EVP_MD_CTX_new");
	if (!c->reuse)
		EVP_MD_CTX_reset(c->md);
	c->reuse = 0;
	if (pss)
		pss_params(c, &md, &mgf1, &salt);
	if (c->purpose == JCA_SIGN)
		ok = EVP_DigestSignInit_ex(c->md, &pctx, md, NULL, NULL, c->pkey, NULL) == 1;
	else
		ok = EVP_DigestVerifyInit_ex(c->md, &pctx, md, NULL, NULL, c->pkey, NULL) == 1;
	if (ok && pss)
		ok = EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) == 1 &&
		     EVP_PKEY_CTX_set_rsa_mgf1_md_name(pctx, mgf1, NULL) == 1 &&
		     EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, (int)salt) == 1;
	if (!ok)
		return ossl__failed("EVP_DigestSignInit_ex / EVP_DigestVerifyInit_ex");
	/* final works on the context itself rather than on a copy: the
	 * operation is started again anyway */
	EVP_MD_CTX_set_flags(c->md, EVP_MD_CTX_FLAG_FINALISE);
	c->reuse = 1;
	c->spent = 0;
	c->fed = 0;
	return 0;
}

static int sig_init(void *ctx, const sig_alg *alg, unsigned purpose, const void *key, size_t *sig_max)
{
	osig_ctx *c = ctx;
	const ossl__key *k = key;
	EVP_PKEY *pkey = k->pkey;
	int rc, ok;

	if (!pkey || (purpose != JCA_SIGN && purpose != JCA_VERIFY))
		return ossl__failed_why("Signature init: no key or a bad purpose");
	if (purpose == JCA_SIGN && k->kind != JCA_KEY_PRIVATE)
		return ossl__refused("Signature: signing needs a private key");
	switch (alg->kind) {
	case S_ECDSA:
	case S_ECDSA_P1363:
		ok = EVP_PKEY_is_a(pkey, "EC") && ossl__ec_field_bytes(pkey) != 0;
		break;
	case S_ED25519:
		ok = EVP_PKEY_is_a(pkey, "ED25519");
		break;
	default:
		ok = EVP_PKEY_is_a(pkey, "RSA");
		break;
	}
	if (!ok)
		return ossl__refused("Signature: the key is not of this algorithm");
	if (!EVP_PKEY_up_ref(pkey))
		return ossl__failed("EVP_PKEY_up_ref");
	EVP_PKEY_free(c->pkey);
	c->pkey = pkey;
	c->alg = alg;
	c->purpose = purpose;
	c->reuse = 0;
	c->field = ossl__ec_field_bytes(pkey);
	if ((alg->kind == S_RSA_PSS || alg->kind == S_RSASSA_PSS) && (rc = pss_fits(c)) != 0)
		goto fail;
	if ((rc = sig_start(c)) != 0)
		goto fail;
	switch (alg->kind) {
	case S_ECDSA_P1363:
		*sig_max = 2 * c->field;
		break;
	case S_ED25519:
		*sig_max = 64;
		break;
	default:
		*sig_max = (size_t)EVP_PKEY_get_size(pkey);
		break;
	}
	return 0;
fail:
	c->purpose = 0;
	return rc;
}

/* RSASSA-PSS's parameters, before or after init (the next message uses
 * them; refused in the middle of one). */
static int sig_set_param(void *ctx, const char *name, const char *value)
{
	osig_ctx *c = ctx;
	size_t i, j;
	int pss_md = c->pss_md, pss_mgf1 = c->pss_mgf1, salt_set = c->salt_set, rc;
	size_t salt = c->salt;
	char *end;

	if (!name || !value)
		return ossl__refused("RSASSA-PSS: a parameter needs a name and a value");
	if (c->fed)
		return ossl__refused("RSASSA-PSS: parameters cannot change in the middle of a message");
	if (!strcmp(name, "digest") || !strcmp(name, "mgf1")) {
		for (i = 0; i < N_PSS_MDS; i++)
			for (j = 0; j < 3 && pss_mds[i].names[j]; j++)
				if (!strcasecmp(value, pss_mds[i].names[j]))
					goto found;
		return ossl__refused("RSASSA-PSS: the digests are SHA-224, SHA-256, SHA-384, SHA-512, SHA3-256, "
		                     "SHA3-384, SHA3-512");
found:
		if (!strcmp(name, "digest"))
			c->pss_md = (int)i + 1;
		else
			c->pss_mgf1 = (int)i + 1;
	} else if (!strcmp(name, "saltLength")) {
		unsigned long v;

		if (value[0] < '0' || value[0] > '9')
			return ossl__refused("RSASSA-PSS: saltLength is a decimal number of bytes");
		v = strtoul(value, &end, 10);
		if (*end || v > PSS_MAX_SALT)
			return ossl__refused("RSASSA-PSS: saltLength is a decimal number of bytes, at most 4096");
		c->salt = v;
		c->salt_set = 1;
	} else {
		return ossl__refused("RSASSA-PSS: the parameters are digest, mgf1 and saltLength");
	}
	if (c->purpose && (rc = pss_fits(c)) != 0) {
		c->pss_md = pss_md;
		c->pss_mgf1 = pss_mgf1;
		c->salt_set = salt_set;
		c->salt = salt;
		return rc;
	}
	c->spent = c->purpose != 0;  /* started again with them before the next message */
	return 0;
}

static int sig_update(void *ctx, const uint8_t *in, size_t len)
{
	osig_ctx *c = ctx;
	int rc;

	if (c->spent && (rc = sig_start(c)) != 0)
		return rc;
	if (!len)
		return 0;
	c->fed = 1;
	if ((c->purpose == JCA_SIGN ? EVP_DigestSignUpdate(c->md, in, len) : EVP_DigestVerifyUpdate(c->md, in, len)) != 1)
		return ossl__failed("EVP_DigestSignUpdate / EVP_DigestVerifyUpdate");
	return 0;
}

/* The verdict of EVP_DigestVerify*: 1 valid; anything else refused, or
 * a failure when OpenSSL ran out of memory. */
static int verdict(int r)
{
	char why[160];
	unsigned long e;

	if (r == 1) {
		ERR_clear_error();
		return 0;
	}
	/* OpenSSL's reason when it gave one (a malformed encoding, a wrong
	 * length), else a plain mismatch */
	e = ERR_peek_error();
	snprintf(why, sizeof why, "%s%s", e && ERR_reason_error_string(e) ? "OpenSSL: " : "no match",
	         e && ERR_reason_error_string(e) ? ERR_reason_error_string(e) : "");
	return ossl__out_of_memory() ? -1 : ossl__refused(why);
}

/* What sign and verify do first: the operation is the one init chose,
 * started again if the last message spent it, and spent by this one. */
static int sig_final_begin(osig_ctx *c, unsigned purpose)
{
	int rc;

	if (c->purpose != purpose)
		return ossl__failed_why(purpose == JCA_SIGN ? "Signature: not initialised for signing"
		                                            : "Signature: not initialised for verifying");
	if (c->spent && (rc = sig_start(c)) != 0)
		return rc;
	c->spent = 1;
	c->fed = 0;
	return 0;
}

static int sig_sign(void *ctx, const uint8_t *msg, size_t msg_len, uint8_t *sig, size_t *sig_len)
{
	osig_ctx *c = ctx;
	unsigned char der[160];            /* an ECDSA DER signature: at most 139 bytes (P-521) */
	const unsigned char *q = der;
	const BIGNUM *r, *s;
	ECDSA_SIG *es;
	size_t n = *sig_len;
	int rc;

	if ((rc = sig_final_begin(c, JCA_SIGN)) != 0)
		return rc;
	if (c->alg->kind == S_ED25519) {
		if (EVP_DigestSign(c->md, sig, &n, msg_len ? msg : (const uint8_t *)"", msg_len) != 1)
			return ossl__failed("EVP_DigestSign (Ed25519)");
		*sig_len = n;
		return 0;
	}
	if (c->alg->kind != S_ECDSA_P1363) {
		if (EVP_DigestSignFinal(c->md, sig, &n) != 1)
			return ossl__failed("EVP_DigestSignFinal");
		*sig_len = n;
		return 0;
	}
	/* r || s from the DER signature */
	n = sizeof der;
	if (*sig_len < 2 * c->field || EVP_DigestSignFinal(c->md, der, &n) != 1)
		return ossl__failed("EVP_DigestSignFinal (ECDSA)");
	if (!(es = d2i_ECDSA_SIG(NULL, &q, (long)n)))
		return ossl__failed("d2i_ECDSA_SIG");
	ECDSA_SIG_get0(es, &r, &s);
	rc = BN_bn2binpad(r, sig, (int)c->field) == (int)c->field &&
	     BN_bn2binpad(s, sig + c->field, (int)c->field) == (int)c->field ? 0 : ossl__failed("BN_bn2binpad");
	ECDSA_SIG_free(es);
	OPENSSL_cleanse(der, sizeof der);
	*sig_len = 2 * c->field;
	return rc;
}

/* An r || s signature as DER, into der (cap bytes): 0, JCA_REFUSED, -1. */
static int p1363_to_der(const osig_ctx *c, const uint8_t *sig, size_t sig_len, unsigned char *der, size_t cap,
                        size_t *der_len)
{
	ECDSA_SIG *es = ECDSA_SIG_new();
	BIGNUM *r = NULL, *s = NULL;
	unsigned char *p = der;
	int n, rc = -1;

	if (!es)
		return ossl__failed("ECDSA_SIG_new");
	if (sig_len != 2 * c->field) {
		ECDSA_SIG_free(es);
		return ossl__refused("an r || s signature of the wrong length");
	}
	r = BN_bin2bn(sig, (int)c->field, NULL);
	s = BN_bin2bn(sig + c->field, (int)c->field, NULL);
	if (r && s && ECDSA_SIG_set0(es, r, s)) {
		r = s = NULL;                  /* es owns them */
		n = i2d_ECDSA_SIG(es, NULL);
		if (n > 0 && (size_t)n <= cap && i2d_ECDSA_SIG(es, &p) == n) {
			*der_len = (size_t)n;
			rc = 0;
		}
	}
	BN_free(r);
	BN_free(s);
	ECDSA_SIG_free(es);
	return rc ? ossl__failed("ECDSA r || s to DER") : 0;
}

static int sig_verify(void *ctx, const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len)
{
	osig_ctx *c = ctx;
	unsigned char der[160];
	size_t der_len = 0;
	int rc;

	if ((rc = sig_final_begin(c, JCA_VERIFY)) != 0)
		return rc;
	if (!sig || !sig_len || sig_len > (size_t)INT_MAX)
		return ossl__refused("an empty signature");
	switch (c->alg->kind) {
	case S_ED25519:
		if (sig_len != 64)
			return ossl__refused("an Ed25519 signature is 64 bytes");
		return verdict(EVP_DigestVerify(c->md, sig, sig_len, msg_len ? msg : (const uint8_t *)"", msg_len));
	case S_ECDSA_P1363:
		if ((rc = p1363_to_der(c, sig, sig_len, der, sizeof der, &der_len)) != 0)
			return rc;
		return verdict(EVP_DigestVerifyFinal(c->md, der, der_len));
	default:
		return verdict(EVP_DigestVerifyFinal(c->md, sig, sig_len));
	}
}

/* A clone: the operation so far, when there is one (an operation not yet
 * fed is started afresh by the copy). */
static int sig_copy(void *dst, const void *src)
{
	osig_ctx *d = dst;
	const osig_ctx *s = src;
	EVP_MD_CTX *md = d->md;

	if (s->pkey && !EVP_PKEY_up_ref(s->pkey))
		return ossl__failed("EVP_PKEY_up_ref");
	EVP_PKEY_free(d->pkey);
	*d = *s;
	d->md = md;
	d->reuse = 0;
	if (!s->purpose)
		return 0;
	if (s->fed && !s->spent) {
		if (!d->md && !(d->md = EVP_MD_CTX_new()))
			return ossl__failed("EVP_MD_CTX_new");
		if (EVP_MD_CTX_copy_ex(d->md, s->md) != 1)
			return ossl__failed("EVP_MD_CTX_copy_ex");
		return 0;
	}
	d->spent = 1;
	return 0;
}

static void sig_cleanup(void *ctx)
{
	osig_ctx *c = ctx;

	EVP_MD_CTX_free(c->md);
	EVP_PKEY_free(c->pkey);
	c->md = NULL;
	c->pkey = NULL;
}

/* ---- the services ---- */

static const jca_attr sig_attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

#define SIG_SERVICE(low, impl_name, kind, mdname, mdlen, jname, names, keyalg, setp, upd)                         \
	static const sig_alg alg_##low = { kind, mdname, mdlen };                                                 \
	static int init_##low(void *ctx, unsigned purpose, const void *key, size_t *sig_max)                      \
	{                                                                                                         \
		return sig_init(ctx, &alg_##low, purpose, key, sig_max);                                          \
	}                                                                                                         \
	static const jca_signature_impl impl_##low = {                                                            \
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_signature_impl, impl_name, JCA_PRIO_GENERIC, NULL,             \
		                                sizeof(osig_ctx), NULL, sig_copy, sig_cleanup),                    \
		.key_algorithm = keyalg, .init = init_##low, .set_param = setp, .update = upd,                     \
		.sign = sig_sign, .verify = sig_verify,                                                            \
	};                                                                                                        \
	static const jca_impl *const impls_##low[] = { &impl_##low.base, NULL };                                  \
	const jca_service_desc ossl__svc_##low = { .struct_size = sizeof(jca_service_desc),                        \
		.type = JCA_SIGNATURE, .algorithm = jname, .aliases = names, .attributes = sig_attrs,              \
		.impls = impls_##low };

#define ECDSA(low, md, len, NAME)                                                                                 \
	static const char *const names_##low[] = { JCA_NAMES_##NAME, NULL };                                      \
	SIG_SERVICE(low, #low "-openssl", S_ECDSA, md, len, JCA_NAME_##NAME, names_##low, JCA_NAME_KEY_EC, NULL,  \
	            sig_update)
#define ECDSA_P1363(low, md, len, NAME)                                                                           \
	SIG_SERVICE(low, #low "-openssl", S_ECDSA_P1363, md, len, JCA_NAME_##NAME, NULL, JCA_NAME_KEY_EC, NULL,   \
	            sig_update)
#define RSA_PKCS1(low, md, len, NAME)                                                                             \
	static const char *const names_##low[] = { JCA_NAMES_##NAME, NULL };                                      \
	SIG_SERVICE(low, #low "-openssl", S_RSA, md, len, JCA_NAME_##NAME, names_##low, JCA_NAME_KEY_RSA, NULL,   \
	            sig_update)
#define RSA_PSS(low, md, len, NAME)                                                                               \
	SIG_SERVICE(low, #low "-openssl", S_RSA_PSS, md, len, JCA_NAME_##NAME, NULL, JCA_NAME_KEY_RSA, NULL,      \
	            sig_update)

ECDSA(sha224_ecdsa, "SHA2-224", 28, SHA224_ECDSA)
ECDSA(sha256_ecdsa, "SHA2-256", 32, SHA256_ECDSA)
ECDSA(sha384_ecdsa, "SHA2-384", 48, SHA384_ECDSA)
ECDSA(sha512_ecdsa, "SHA2-512", 64, SHA512_ECDSA)
ECDSA(sha3_256_ecdsa, "SHA3-256", 32, SHA3_256_ECDSA)
ECDSA(sha3_384_ecdsa, "SHA3-384", 48, SHA3_384_ECDSA)
ECDSA(sha3_512_ecdsa, "SHA3-512", 64, SHA3_512_ECDSA)
ECDSA_P1363(sha224_ecdsa_p1363, "SHA2-224", 28, SHA224_ECDSA_P1363)
ECDSA_P1363(sha256_ecdsa_p1363, "SHA2-256", 32, SHA256_ECDSA_P1363)
ECDSA_P1363(sha384_ecdsa_p1363, "SHA2-384", 48, SHA384_ECDSA_P1363)
ECDSA_P1363(sha512_ecdsa_p1363, "SHA2-512", 64, SHA512_ECDSA_P1363)
RSA_PKCS1(sha224_rsa, "SHA2-224", 28, SHA224_RSA)
RSA_PKCS1(sha256_rsa, "SHA2-256", 32, SHA256_RSA)
RSA_PKCS1(sha384_rsa, "SHA2-384", 48, SHA384_RSA)
RSA_PKCS1(sha512_rsa, "SHA2-512", 64, SHA512_RSA)
RSA_PSS(sha256_rsa_pss, "SHA2-256", 32, SHA256_RSA_PSS)
RSA_PSS(sha384_rsa_pss, "SHA2-384", 48, SHA384_RSA_PSS)
RSA_PSS(sha512_rsa_pss, "SHA2-512", 64, SHA512_RSA_PSS)

static const char *const names_rsassa_pss[] = { JCA_NAMES_RSASSA_PSS, NULL };
SIG_SERVICE(rsassa_pss, "rsassa_pss-openssl", S_RSASSA_PSS, NULL, 0, JCA_NAME_RSASSA_PSS, names_rsassa_pss,
            JCA_NAME_KEY_RSA, sig_set_param, sig_update)
static const char *const names_sig_ed25519[] = { JCA_NAMES_SIG_ED25519, NULL };
SIG_SERVICE(sig_ed25519, "ed25519-openssl", S_ED25519, NULL, 0, JCA_NAME_SIG_ED25519, names_sig_ed25519,
            JCA_NAME_KEY_ED25519, NULL, NULL)
