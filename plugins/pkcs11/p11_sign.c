/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_sign.c - Signature on the token with its keys (p11_key.c), under the
 * OpenSSL bridge's names, aliases and OIDs:
 *
 *   SHA224/256/384/512withECDSA      DER; CKM_ECDSA_SHAxxx where the token
 *   ...withECDSAinP1363Format        has it, else CKM_ECDSA over a digest
 *                                    made on the token (C_Digest); r || s
 *                                    to DER and back here (strict DER: a
 *                                    malformed signature does not verify)
 *   SHA224/256/384/512withRSA        CKM_SHAxxx_RSA_PKCS
 *   SHA256/384/512withRSA/PSS        CKM_SHAxxx_RSA_PKCS_PSS, MGF1 of the
 *                                    same digest, salt as long as it
 *   RSASSA-PSS                       CKM_RSA_PKCS_PSS over a token digest;
 *                                    "digest", "mgf1", "saltLength" (SHA-2:
 *                                    default SHA-256, MGF1 of the digest,
 *                                    a salt as long as the digest)
 *   Ed25519                          CKM_EDDSA, one-shot (update NULL)
 *
 * A hashing mechanism streams (C_SignUpdate) from the first update; the
 * token's operation starts lazily, and an operation left unfinished (a new
 * init in the middle of a message) closes its session instead of going
 * back to the pool: PKCS#11 2.40 cannot cancel one. A signature that does
 * not verify (CKR_SIGNATURE_INVALID, CKR_SIGNATURE_LEN_RANGE, malformed) is
 * JCA_REFUSED.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jca/names.h>

#include "p11_internal.h"
#include "p11_provider.h"

enum { S_ECDSA, S_ECDSA_P1363, S_RSA, S_RSA_PSS, S_RSASSA_PSS, S_ED25519 };

/* The SHA-2 digests, with what PSS and ECDSA need of each. */
enum { D_SHA224, D_SHA256, D_SHA384, D_SHA512, D_NONE };
static const struct dig {
	CK_MECHANISM_TYPE md, mgf, ecdsa;
	size_t len;
	const char *names[3];
} digs[] = {
	[D_SHA224] = { CKM_SHA224, CKG_MGF1_SHA224, CKM_ECDSA_SHA224, 28, { JCA_NAME_SHA224, JCA_ALIASES_SHA224 } },
	[D_SHA256] = { CKM_SHA256, CKG_MGF1_SHA256, CKM_ECDSA_SHA256, 32, { JCA_NAME_SHA256, JCA_ALIASES_SHA256 } },
	[D_SHA384] = { CKM_SHA384, CKG_MGF1_SHA384, CKM_ECDSA_SHA384, 48, { JCA_NAME_SHA384, JCA_ALIASES_SHA384 } },
	[D_SHA512] = { CKM_SHA512, CKG_MGF1_SHA512, CKM_ECDSA_SHA512, 64, { JCA_NAME_SHA512, JCA_ALIASES_SHA512 } },
};

static const char *const n_ecdsa224[] = { JCA_NAMES_SHA224_ECDSA, NULL };
static const char *const n_ecdsa256[] = { JCA_NAMES_SHA256_ECDSA, NULL };
static const char *const n_ecdsa384[] = { JCA_NAMES_SHA384_ECDSA, NULL };
static const char *const n_ecdsa512[] = { JCA_NAMES_SHA512_ECDSA, NULL };
static const char *const n_rsa224[] = { JCA_NAMES_SHA224_RSA, NULL };
static const char *const n_rsa256[] = { JCA_NAMES_SHA256_RSA, NULL };
static const char *const n_rsa384[] = { JCA_NAMES_SHA384_RSA, NULL };
static const char *const n_rsa512[] = { JCA_NAMES_SHA512_RSA, NULL };
static const char *const n_rsassa_pss[] = { JCA_NAMES_RSASSA_PSS, NULL };
static const char *const n_ed25519[] = { JCA_NAMES_SIG_ED25519, NULL };

static const struct sig_alg {
	const char *name;
	const char *const *aliases;
	const char *driver;
	int kind, dig;             /* S_*, D_* */
	CK_MECHANISM_TYPE mech;    /* the hashing mechanism (RSA, RSA/PSS), or the bare one */
} algs[P11_SIG_COUNT] = {
	{ JCA_NAME_SHA224_ECDSA, n_ecdsa224, "sha224_ecdsa", S_ECDSA, D_SHA224, CKM_ECDSA },
	{ JCA_NAME_SHA256_ECDSA, n_ecdsa256, "sha256_ecdsa", S_ECDSA, D_SHA256, CKM_ECDSA },
	{ JCA_NAME_SHA384_ECDSA, n_ecdsa384, "sha384_ecdsa", S_ECDSA, D_SHA384, CKM_ECDSA },
	{ JCA_NAME_SHA512_ECDSA, n_ecdsa512, "sha512_ecdsa", S_ECDSA, D_SHA512, CKM_ECDSA },
	{ JCA_NAME_SHA224_ECDSA_P1363, NULL, "sha224_ecdsa_p1363", S_ECDSA_P1363, D_SHA224, CKM_ECDSA },
	{ JCA_NAME_SHA256_ECDSA_P1363, NULL, "sha256_ecdsa_p1363", S_ECDSA_P1363, D_SHA256, CKM_ECDSA },
	{ JCA_NAME_SHA384_ECDSA_P1363, NULL, "sha384_ecdsa_p1363", S_ECDSA_P1363, D_SHA384, CKM_ECDSA },
	{ JCA_NAME_SHA512_ECDSA_P1363, NULL, "sha512_ecdsa_p1363", S_ECDSA_P1363, D_SHA512, CKM_ECDSA },
	{ JCA_NAME_SHA224_RSA, n_rsa224, "sha224_rsa", S_RSA, D_SHA224, CKM_SHA224_RSA_PKCS },
	{ JCA_NAME_SHA256_RSA, n_rsa256, "sha256_rsa", S_RSA, D_SHA256, CKM_SHA256_RSA_PKCS },
	{ JCA_NAME_SHA384_RSA, n_rsa384, "sha384_rsa", S_RSA, D_SHA384, CKM_SHA384_RSA_PKCS },
	{ JCA_NAME_SHA512_RSA, n_rsa512, "sha512_rsa", S_RSA, D_SHA512, CKM_SHA512_RSA_PKCS },
	{ JCA_NAME_SHA256_RSA_PSS, NULL, "sha256_rsa_pss", S_RSA_PSS, D_SHA256, CKM_SHA256_RSA_PKCS_PSS },
	{ JCA_NAME_SHA384_RSA_PSS, NULL, "sha384_rsa_pss", S_RSA_PSS, D_SHA384, CKM_SHA384_RSA_PKCS_PSS },
	{ JCA_NAME_SHA512_RSA_PSS, NULL, "sha512_rsa_pss", S_RSA_PSS, D_SHA512, CKM_SHA512_RSA_PKCS_PSS },
	{ JCA_NAME_RSASSA_PSS, n_rsassa_pss, "rsassa_pss", S_RSASSA_PSS, D_NONE, CKM_RSA_PKCS_PSS },
	{ JCA_NAME_SIG_ED25519, n_ed25519, "ed25519", S_ED25519, D_NONE, CKM_EDDSA },
};

#define PSS_MAX_SALT 4096
#define SIG_MAX 2048               /* RSA-16384 */

typedef struct p11_sig {
	const p11_instance *in;
	int alg;                   /* index of algs (attach) */
	const p11_key *key;        /* held by the host from init to the next init or cleanup */
	CK_OBJECT_HANDLE h;        /* its object, valid in this process */
	p11_hold hold;
	p11_digest dg;             /* the token digest of bare mechanisms */
	CK_MECHANISM_TYPE mech;    /* chosen by init */
	int hashed;                /* mech hashes: streamed with C_*Update */
	unsigned purpose;          /* JCA_SIGN, JCA_VERIFY; 0 before init */
	int active;                /* C_SignInit / C_VerifyInit in progress on hold.session */
	int dg_on;                 /* dg started for this message */
	int fed;                   /* a message is under way */
	size_t field;              /* ECDSA: the field size in bytes */
	int pss_md, pss_mgf1, salt_set; /* RSASSA-PSS: 1 + D_*, 0 unset */
	size_t salt;
} p11_sig;

static const struct sig_alg *alg_of(const p11_sig *c)
{
	return &algs[c->alg];
}

static int sig_key_type(int kind)
{
	return kind == S_ECDSA || kind == S_ECDSA_P1363 ? P11K_EC : kind == S_ED25519 ? P11K_ED25519 : P11K_RSA;
}

static int refused(const p11_sig *c, const char *why)
{
	p11_say(c->in, why);
	return JCA_REFUSED;
}

/* The digest of the message: the algorithm's, or RSASSA-PSS's parameter. */
static int dig_of(const p11_sig *c)
{
	if (alg_of(c)->kind == S_RSASSA_PSS)
		return c->pss_md ? c->pss_md - 1 : D_SHA256;
	return alg_of(c)->dig;
}

/* The session, taken on first use; one of the parent's fails in a child. */
static int session(p11_sig *c)
{
	p11_token *t = c->in->tok;

	if (c->hold.session != CK_INVALID_HANDLE)
		return p11__check_gen(t, c->hold.gen);
	c->hold.tok = t;
	return p11__session_get(t, &c->hold.session, &c->hold.gen);
}

/* Ends the message under way: an operation on the token cannot be
 * cancelled, so its session is closed (a fresh one comes next time). */
static void abandon(p11_sig *c)
{
	if (c->active && c->hold.session != CK_INVALID_HANDLE) {
		p11__session_put(c->in->tok, c->hold.session, c->hold.gen, 0);
		c->hold.session = CK_INVALID_HANDLE;
	}
	c->active = 0;
	c->dg_on = 0;
	c->fed = 0;
}

/* RFC 8017 9.1.1: emLen >= hLen + sLen + 2, emLen = ceil((modBits - 1) / 8). */
static void pss_params(const p11_sig *c, CK_RSA_PKCS_PSS_PARAMS *p)
{
	int d = dig_of(c), m = alg_of(c)->kind == S_RSASSA_PSS && c->pss_mgf1 ? c->pss_mgf1 - 1 : d;

	p->hashAlg = digs[d].md;
	p->mgf = digs[m].mgf;
	p->sLen = alg_of(c)->kind == S_RSASSA_PSS && c->salt_set ? c->salt : digs[d].len;
}

static int pss_fits(const p11_sig *c)
{
	CK_RSA_PKCS_PSS_PARAMS p;
	size_t em = c->key->bits > 1 ? (c->key->bits - 1 + 7) / 8 : 0;

	pss_params(c, &p);
	if (em < digs[dig_of(c)].len + p.sLen + 2)
		return refused(c, "RSASSA-PSS: the key is too short for this digest and salt length");
	return 0;
}

/* Starts the token's operation for this message. */
static int start(p11_sig *c)
{
	CK_RSA_PKCS_PSS_PARAMS pss;
	CK_MECHANISM m = { c->mech, NULL, 0 };
	CK_RV rv;
	int rc;

	if (c->active)
		return 0;
	if ((rc = session(c)) != 0)
		return rc;
	if (alg_of(c)->kind == S_RSA_PSS || alg_of(c)->kind == S_RSASSA_PSS) {
		pss_params(c, &pss);
		m.pParameter = &pss;
		m.ulParameterLen = sizeof pss;
	}
	if (c->purpose == JCA_SIGN)
		P11_CALL(c->in->tok->mod, rv, C_SignInit, c->hold.session, &m, c->h);
	else
		P11_CALL(c->in->tok->mod, rv, C_VerifyInit, c->hold.session, &m, c->h);
	if (rv != CKR_OK)
		return p11__rv_fail(c->in->tok, c->purpose == JCA_SIGN ? "C_SignInit" : "C_VerifyInit", rv);
	c->active = 1;
	return 0;
}

static int sig_init(void *ctx, unsigned purpose, const void *key, size_t *sig_max)
{
	p11_sig *c = ctx;
	const p11_key *k = key;
	const struct sig_alg *a = alg_of(c);
	int rc;

	if (!k || k->type != sig_key_type(a->kind) || !k->kind)
		return refused(c, "Signature: the key is not of this algorithm");
	if ((purpose == JCA_SIGN) != (k->kind == JCA_KEY_PRIVATE))
		return refused(c, purpose == JCA_SIGN ? "Signature: signing needs a private key"
		                                      : "Signature: verifying needs a public key");
	abandon(c);
	c->purpose = 0;
	c->key = k;
	if ((rc = session(c)) != 0 || (rc = p11_key_handle(k, c->hold.session, &c->h)) != 0)
		return p11_failed(c->in, rc);
	c->mech = a->mech;
	c->hashed = a->kind == S_RSA || a->kind == S_RSA_PSS;
	if ((a->kind == S_ECDSA || a->kind == S_ECDSA_P1363) &&
	    p11_has(c->in->tok, digs[a->dig].ecdsa, purpose == JCA_SIGN ? CKF_SIGN : CKF_VERIFY, NULL, NULL)) {
		c->mech = digs[a->dig].ecdsa;
		c->hashed = 1;
	}
	if ((a->kind == S_RSA_PSS || a->kind == S_RSASSA_PSS) && (rc = pss_fits(c)) != 0)
		return rc;
	c->field = k->curve ? k->curve->field : 0;
	switch (a->kind) {
	case S_ECDSA:
		*sig_max = p11_ecdsa_der_max(c->field);
		break;
	case S_ECDSA_P1363:
		*sig_max = 2 * c->field;
		break;
	case S_ED25519:
		*sig_max = 64;
		break;
	default:
		*sig_max = (k->bits + 7) / 8;
		break;
	}
	if (*sig_max > SIG_MAX)
		return refused(c, "Signature: the key is too large");
	c->purpose = purpose;
	return 0;
}

static int sig_set_param(void *ctx, const char *name, const char *value)
{
	p11_sig *c = ctx;
	int old_md = c->pss_md, old_mgf1 = c->pss_mgf1, old_set = c->salt_set, rc;
	size_t old_salt = c->salt, i, j;
	char *end;

	if (!name || !value)
		return refused(c, "RSASSA-PSS: a parameter needs a name and a value");
	if (c->fed)
		return refused(c, "RSASSA-PSS: parameters cannot change in the middle of a message");
	if (!strcmp(name, "digest") || !strcmp(name, "mgf1")) {
		for (i = 0; i < D_NONE; i++)
			for (j = 0; j < 3 && digs[i].names[j]; j++)
				if (!strcasecmp(value, digs[i].names[j]))
					goto found;
		return refused(c, "RSASSA-PSS on the token: the digests are SHA-224, SHA-256, SHA-384, SHA-512");
found:
		if (!strcmp(name, "digest"))
			c->pss_md = (int)i + 1;
		else
			c->pss_mgf1 = (int)i + 1;
	} else if (!strcmp(name, "saltLength")) {
		unsigned long v;

		if (value[0] < '0' || value[0] > '9' || (v = strtoul(value, &end, 10), *end) || v > PSS_MAX_SALT)
			return refused(c, "RSASSA-PSS: saltLength is a decimal number of bytes, at most 4096");
		c->salt = v;
		c->salt_set = 1;
	} else {
		return refused(c, "RSASSA-PSS: the parameters are digest, mgf1 and saltLength");
	}
	if (c->purpose && (rc = pss_fits(c)) != 0) {
		c->pss_md = old_md;
		c->pss_mgf1 = old_mgf1;
		c->salt_set = old_set;
		c->salt = old_salt;
		return rc;
	}
	return 0;
}

static int sig_update(void *ctx, const uint8_t *in, size_t len)
{
	p11_sig *c = ctx;
	CK_RV rv;
	int rc;

	if (!c->purpose)
		return p11_failed(c->in, p11__fail(JCA_NOTINIT, "pkcs11: Signature not initialised"));
	c->fed = 1;
	if (!c->hashed) {
		if (!c->dg_on && (rc = p11_digest_init(&c->dg, c->in->tok, digs[dig_of(c)].md)) != 0)
			return p11_failed(c->in, rc);
		c->dg_on = 1;
		return p11_failed(c->in, p11_digest_update(&c->dg, in, len));
	}
	if ((rc = start(c)) != 0)
		return p11_failed(c->in, rc);
	if (!len)
		return 0;
	if (c->purpose == JCA_SIGN)
		P11_CALL(c->in->tok->mod, rv, C_SignUpdate, c->hold.session, (CK_BYTE_PTR)in, (CK_ULONG)len);
	else
		P11_CALL(c->in->tok->mod, rv, C_VerifyUpdate, c->hold.session, (CK_BYTE_PTR)in, (CK_ULONG)len);
	if (rv != CKR_OK) {
		c->active = 0;     /* a failed update ends the operation */
		return p11_failed(c->in, p11__rv_fail(c->in->tok, "C_SignUpdate / C_VerifyUpdate", rv));
	}
	return 0;
}

/* What the bare mechanisms sign: the token's digest of the message
 * (*data: out), or the message itself (Ed25519). */
static int bare_input(p11_sig *c, const uint8_t *msg, size_t msg_len, uint8_t *out, const uint8_t **data,
                      size_t *len)
{
	size_t n = digs[dig_of(c) == D_NONE ? D_SHA256 : dig_of(c)].len;
	int rc;

	if (alg_of(c)->kind == S_ED25519) {
		*data = msg_len ? msg : (const uint8_t *)"";
		*len = msg_len;
		return 0;
	}
	if (!c->dg_on && (rc = p11_digest_init(&c->dg, c->in->tok, digs[dig_of(c)].md)) != 0)
		return rc;
	c->dg_on = 0;
	if ((rc = p11_digest_final(&c->dg, out, n)) != 0)
		return rc;
	*data = out;
	*len = n;
	return 0;
}

/* The token's signature into out (*n: room in, length out). */
static int token_sign(p11_sig *c, const uint8_t *msg, size_t msg_len, uint8_t *out, CK_ULONG *n)
{
	uint8_t md[64];
	const uint8_t *data;
	size_t len;
	CK_RV rv;
	int rc, was_fed = c->active;

	if (c->hashed && was_fed) {
		P11_CALL(c->in->tok->mod, rv, C_SignFinal, c->hold.session, out, n);
	} else {
		if (c->hashed) {
			data = (const uint8_t *)"";
			len = 0;
		} else if ((rc = bare_input(c, msg, msg_len, md, &data, &len)) != 0) {
			return rc;
		}
		if ((rc = start(c)) != 0)
			return rc;
		P11_CALL(c->in->tok->mod, rv, C_Sign, c->hold.session, (CK_BYTE_PTR)data, (CK_ULONG)len, out, n);
	}
	if (rv == CKR_BUFFER_TOO_SMALL)
		abandon(c);
	c->active = 0;
	return rv == CKR_OK ? 0 : p11__rv_fail(c->in->tok, was_fed ? "C_SignFinal" : "C_Sign", rv);
}

static int sig_sign(void *ctx, const uint8_t *msg, size_t msg_len, uint8_t *sig, size_t *sig_len)
{
	p11_sig *c = ctx;
	uint8_t rs[2 * 66];
	CK_ULONG n;
	int rc, ecdsa = alg_of(c)->kind == S_ECDSA || alg_of(c)->kind == S_ECDSA_P1363;

	if (c->purpose != JCA_SIGN)
		return p11_failed(c->in, p11__fail(JCA_NOTINIT, "pkcs11: Signature not initialised for signing"));
	n = ecdsa ? sizeof rs : (CK_ULONG)*sig_len;
	rc = token_sign(c, msg, msg_len, ecdsa ? rs : sig, &n);
	c->fed = 0;
	if (rc)
		return p11_failed(c->in, rc);
	if (!ecdsa) {
		*sig_len = n;
		return 0;
	}
	if (n != 2 * c->field)
		return p11_failed(c->in, p11__fail(JCA_IO, "pkcs11 provider \"%s\": the token's ECDSA signature has %lu "
		                                   "bytes, not %zu", c->in->name, (unsigned long)n, 2 * c->field));
	if (alg_of(c)->kind == S_ECDSA_P1363) {
		memcpy(sig, rs, n);
		*sig_len = n;
	} else {
		*sig_len = p11_ecdsa_to_der(rs, c->field, sig);
	}
	return 0;
}

/* CKR_SIGNATURE_INVALID and _LEN_RANGE: no match; anything else fails. */
static int verdict(p11_sig *c, CK_RV rv, const char *call)
{
	if (rv == CKR_OK)
		return 0;
	if (rv == CKR_SIGNATURE_INVALID || rv == CKR_SIGNATURE_LEN_RANGE)
		return refused(c, rv == CKR_SIGNATURE_INVALID ? "the signature does not match (CKR_SIGNATURE_INVALID)"
		                                              : "a signature of the wrong length (CKR_SIGNATURE_LEN_RANGE)");
	return p11_failed(c->in, p11__rv_fail(c->in->tok, call, rv));
}

static int sig_verify(void *ctx, const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len)
{
	p11_sig *c = ctx;
	uint8_t rs[2 * 66], md[64];
	const uint8_t *data;
	size_t len;
	CK_RV rv;
	int rc, kind = alg_of(c)->kind;

	if (c->purpose != JCA_VERIFY)
		return p11_failed(c->in, p11__fail(JCA_NOTINIT, "pkcs11: Signature not initialised for verifying"));
	if (kind == S_ECDSA && (!sig || p11_ecdsa_from_der(sig, sig_len, c->field, rs) != 0)) {
		abandon(c);
		return refused(c, "ECDSA: the signature is not a DER SEQUENCE of two INTEGERs of the curve's size");
	}
	if ((kind == S_ECDSA_P1363 && sig_len != 2 * c->field) || (kind == S_ED25519 && sig_len != 64) || !sig ||
	    sig_len > SIG_MAX) {
		abandon(c);
		return refused(c, "a signature of the wrong length");
	}
	if (kind == S_ECDSA_P1363)
		memcpy(rs, sig, sig_len);
	if (kind == S_ECDSA || kind == S_ECDSA_P1363) {
		sig = rs;
		sig_len = 2 * c->field;
	}
	c->fed = 0;
	if (c->hashed && c->active) {
		c->active = 0;
		P11_CALL(c->in->tok->mod, rv, C_VerifyFinal, c->hold.session, (CK_BYTE_PTR)sig, (CK_ULONG)sig_len);
		return verdict(c, rv, "C_VerifyFinal");
	}
	if (c->hashed) {
		data = (const uint8_t *)"";
		len = 0;
	} else if ((rc = bare_input(c, msg, msg_len, md, &data, &len)) != 0) {
		return p11_failed(c->in, rc);
	}
	if ((rc = start(c)) != 0)
		return p11_failed(c->in, rc);
	c->active = 0;
	P11_CALL(c->in->tok->mod, rv, C_Verify, c->hold.session, (CK_BYTE_PTR)data, (CK_ULONG)len, (CK_BYTE_PTR)sig,
	         (CK_ULONG)sig_len);
	return verdict(c, rv, "C_Verify");
}

static void sig_cleanup(void *ctx)
{
	p11_sig *c = ctx;

	if (c->in && c->hold.session != CK_INVALID_HANDLE && p11__check_gen(c->in->tok, c->hold.gen) == 0)
		p11__session_put(c->in->tok, c->hold.session, c->hold.gen, !c->active);
	c->hold.session = CK_INVALID_HANDLE;
	p11_digest_cleanup(&c->dg);
}

static int sig_attach(void *provctx, void *ctx, int alg)
{
	p11_sig *c = ctx;

	c->in = provctx;
	c->alg = alg;
	c->hold.session = CK_INVALID_HANDLE;
	c->dg.hold.session = CK_INVALID_HANDLE;
	return 0;
}

/* attach learns the algorithm from which of these the table names */
#define ATTACH(i) static int attach_##i(void *p, void *c) { return sig_attach(p, c, i); }
ATTACH(0) ATTACH(1) ATTACH(2) ATTACH(3) ATTACH(4) ATTACH(5) ATTACH(6) ATTACH(7) ATTACH(8) ATTACH(9) ATTACH(10)
ATTACH(11) ATTACH(12) ATTACH(13) ATTACH(14) ATTACH(15) ATTACH(16)
#undef ATTACH
static int (*const attaches[P11_SIG_COUNT])(void *, void *) = {
	attach_0, attach_1, attach_2, attach_3, attach_4, attach_5, attach_6, attach_7, attach_8, attach_9, attach_10,
	attach_11, attach_12, attach_13, attach_14, attach_15, attach_16,
};

size_t p11_sig_count(void)
{
	return P11_SIG_COUNT;
}

const char *p11_sig_name(size_t i, const char *const **aliases, const char **driver)
{
	*aliases = algs[i].aliases;
	*driver = algs[i].driver;
	return algs[i].name;
}

int p11_sig_impl(jca_signature_impl *impl, const p11_token *t, size_t i, const char *name)
{
	const struct sig_alg *a = &algs[i];
	CK_FLAGS both = CKF_SIGN | CKF_VERIFY;
	int ok = p11_has(t, a->mech, both, NULL, NULL);

	if (a->kind == S_ECDSA || a->kind == S_ECDSA_P1363)
		ok = p11_has(t, digs[a->dig].ecdsa, both, NULL, NULL) ||
		     (ok && p11_has(t, digs[a->dig].md, CKF_DIGEST, NULL, NULL));
	if (a->kind == S_RSASSA_PSS)
		ok = ok && p11_has(t, CKM_SHA256, CKF_DIGEST, NULL, NULL);
	if (!ok)
		return 0;
	*impl = (jca_signature_impl){
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_signature_impl, name, JCA_PRIO_GENERIC, NULL, sizeof(p11_sig),
		                                attaches[i], NULL, sig_cleanup),
		.key_algorithm = p11_key_algorithm(sig_key_type(a->kind)),
		.init = sig_init, .set_param = a->kind == S_RSASSA_PSS ? sig_set_param : NULL,
		.update = a->kind == S_ED25519 ? NULL : sig_update, .sign = sig_sign, .verify = sig_verify,
	};
	return 1;
}
