/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keys (jca/key.h): the host's side of a provider's key. Reading an
 * encoding (PEM or DER, checked strictly here before any provider sees
 * it), writing one, the public half, counting holds, and moving a key to
 * another provider through its encoding.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "key_int.h"
#include "../util/error.h"
#include "../util/ascii.h"
#include "../util/der.h"
#include "../util/keyenc.h"
#include "../util/pem.h"

jca_key *jca__key_alloc(const jca__resolved *r)
{
	const jca_keyfactory_impl *m = jca__kf_impl(r);
	size_t size = sizeof(jca_key) + m->base.ctx_size;
	jca_key *k = jca__alloc(size);

	if (!k) {
		jca__error(JCA_ENOMEM, "out of memory creating a key of KeyFactory \"%s\"", r->svc->algorithm);
		return NULL;
	}
	memset(k, 0, size);
	atomic_init(&k->refs, 1);
	k->svc = r->svc;
	k->impl = m;
	if (jca__obj_open(r->svc, &m->base, k->data) != 0) {
		jca__free(k, size);
		jca__error(JCA_IMPL, "KeyFactory \"%s\": implementation %s failed to attach%s", r->svc->algorithm,
		           m->base.name, jca__impl_reason());
		return NULL;
	}
	return k;
}

int jca__key_fail(int rc, int refused, const char *what)
{
	if (rc == JCA_REFUSED)
		return jca__error(refused, "%s: refused%s", what, jca__impl_reason());
	return jca__error(JCA_IMPL, "%s: implementation failed%s", what, jca__impl_reason());
}

int jca__key_done(jca_key *k, const jca_key_info *info, unsigned want_kind, const char *what)
{
	if (info->kind != JCA_KEY_PUBLIC && info->kind != JCA_KEY_PRIVATE)
		return jca__error(JCA_IMPL, "%s: implementation %s made a key of kind %u", what, k->impl->base.name,
		                  info->kind);
	if (want_kind && info->kind != want_kind)
		return jca__error(JCA_IMPL, "%s: implementation %s made a %s key where a %s one was asked for", what,
		                  k->impl->base.name, info->kind == JCA_KEY_PUBLIC ? "public" : "private",
		                  want_kind == JCA_KEY_PUBLIC ? "public" : "private");
	k->kind = info->kind;
	k->extractable = info->kind == JCA_KEY_PUBLIC || info->extractable;
	k->bits = info->bits;
	k->params = info->params;
	return 0;
}

int jca__key_decode_with(const jca__resolved *r, unsigned enc, unsigned kind, const uint8_t *in, size_t len,
                         jca_key **out)
{
	jca_key_info info = { .struct_size = sizeof info };
	char what[200];
	jca_key *k;
	int rc;

	snprintf(what, sizeof what, "KeyFactory \"%s\" (%s)", r->svc->algorithm, r->svc->provider_name);
	if (!(k = jca__key_alloc(r)))
		return jca_last_error();
	rc = jca__kf_impl(r)->decode(k->data, enc, kind, in, len, &info);
	if (rc)
		rc = jca__key_fail(rc, JCA_BADKEY, what);
	else
		rc = jca__key_done(k, &info, kind, what);
	if (rc) {
		jca_key_free(k);
		return rc;
	}
	*out = k;
	return 0;
}

jca_key *jca_key_ref(jca_key *key)
{
	if (key)
		atomic_fetch_add_explicit(&key->refs, 1, memory_order_relaxed);
	return key;
}

void jca_key_free(jca_key *key)
{
	if (!key || atomic_fetch_sub_explicit(&key->refs, 1, memory_order_acq_rel) != 1)
		return;
	jca__obj_close(key->svc, &key->impl->base, key->data);
	jca__free(key, sizeof *key + key->impl->base.ctx_size);
}

unsigned jca_key_kind(const jca_key *key)
{
	return key ? key->kind : 0;
}

const char *jca_key_algorithm(const jca_key *key)
{
	return key ? key->svc->algorithm : NULL;
}

const char *jca_key_provider(const jca_key *key)
{
	return key ? key->svc->provider_name : NULL;
}

size_t jca_key_bits(const jca_key *key)
{
	return key ? key->bits : 0;
}

const char *jca_key_params(const jca_key *key)
{
	return key ? key->params : NULL;
}

int jca_key_is_extractable(const jca_key *key)
{
	return key ? (int)key->extractable : 0;
}

/* ---- reading ---- */

static const char *alg_name(int alg)
{
	switch (alg) {
	case JCA__KEYALG_ED25519: return "Ed25519";
	case JCA__KEYALG_X25519: return "X25519";
	case JCA__KEYALG_EC: return "EC";
	case JCA__KEYALG_RSA: return "RSA";
	case JCA__KEYALG_ML_KEM_512: return "ML-KEM-512";
	case JCA__KEYALG_ML_KEM_768: return "ML-KEM-768";
	case JCA__KEYALG_ML_KEM_1024: return "ML-KEM-1024";
	case JCA__KEYALG_XWING: return "X-Wing";
	case JCA__KEYALG_ML_DSA_44: return "ML-DSA-44";
	case JCA__KEYALG_ML_DSA_65: return "ML-DSA-65";
	case JCA__KEYALG_ML_DSA_87: return "ML-DSA-87";
	default: return "RSASSA-PSS";
	}
}

/* 1 when the DER's outer SEQUENCE starts with an INTEGER (PKCS#8's
 * version), 0 otherwise (SubjectPublicKeyInfo starts with a SEQUENCE). */
static int looks_private(const uint8_t *der, size_t len)
{
	jca__der d, body;

	jca__der_init(&d, der, len);
	if (jca__der_read(&d, JCA__DER_SEQUENCE, &body, "key") != 0)
		return 0;
	return jca__der_peek(&body, JCA__DER_INTEGER);
}

/* What a key's encoding says, with the DER a provider gets (in *der:
 * the input itself, or for a traditional PEM body the PKCS#8 made from
 * it, in *owned). */
typedef struct parsed {
	jca__key_parts parts;
	const uint8_t *der;
	size_t len;
	uint8_t *owned;                    /* wiped and freed by parsed_free */
	size_t owned_len;
	uint8_t *pem_der;                  /* the PEM's DER, wiped and freed */
	size_t pem_len;
} parsed;

static void parsed_free(parsed *p)
{
	jca__key_der_free(p->owned, p->owned_len);
	jca__key_der_free(p->pem_der, p->pem_len);
}

/* As the parsers fail with JCA_EINVAL and a message saying where: the
 * same message as JCA_BADKEY. */
static int bad(int rc)
{
	char msg[600];

	if (rc != JCA_EINVAL)
		return rc;
	snprintf(msg, sizeof msg, "%s", jca_last_error_message());   /* not the buffer jca__error writes */
	return jca__error(JCA_BADKEY, "%s", msg);
}

/* The parts of a traditional private key body, as PKCS#8 for the
 * provider (in p->owned). */
static int as_pkcs8(parsed *p)
{
	int rc;

	if ((rc = jca__pkcs8_write(&p->parts, NULL, 0, &p->owned_len)) != 0)
		return bad(rc);
	if (!(p->owned = malloc(p->owned_len)))
		return jca__error(JCA_ENOMEM, "out of memory reading a key");
	if ((rc = jca__pkcs8_write(&p->parts, p->owned, p->owned_len, &p->owned_len)) != 0)
		return bad(rc);
	p->der = p->owned;
	p->len = p->owned_len;
	return 0;
}

/* DER: SubjectPublicKeyInfo, PKCS#8, or (as `openssl pkey -outform DER`
 * writes EC and RSA private keys) a traditional ECPrivateKey or
 * RSAPrivateKey; a refusal keeps PKCS#8's message. */
static int parse_der(parsed *p, const uint8_t *der, size_t len)
{
	char msg[600];
	int rc;

	p->der = der;
	p->len = len;
	if (!looks_private(der, len))
		return bad(jca__spki_parse(der, len, &p->parts));
	if ((rc = jca__pkcs8_parse(der, len, &p->parts)) != JCA_EINVAL)
		return rc;
	snprintf(msg, sizeof msg, "%s", jca_last_error_message());
	memset(&p->parts, 0, sizeof p->parts);
	if (jca__ec_privkey_parse(der, len, &p->parts) == 0)
		return as_pkcs8(p);
	memset(&p->parts, 0, sizeof p->parts);
	if (jca__rsa_privkey_parse(der, len, &p->parts) == 0)
		return as_pkcs8(p);
	memset(&p->parts, 0, sizeof p->parts);
	return jca__error(JCA_BADKEY, "%s", msg);
}

static int is_pem(const uint8_t *in, size_t len)
{
	size_t i = 0;

	while (i < len && (in[i] == ' ' || in[i] == '\t' || in[i] == '\r' || in[i] == '\n'))
		i++;
	return len - i >= 10 && memcmp(in + i, "-----BEGIN", 10) == 0;
}

static int parse(parsed *p, const uint8_t *in, size_t len)
{
	const char *label;
	size_t label_len, n;
	int rc;

	memset(p, 0, sizeof *p);
	if (!is_pem(in, len))
		return parse_der(p, in, len);
	if ((rc = jca__pem_decode((const char *)in, len, &label, &label_len, NULL, 0, &n)) != 0)
		return bad(rc);
	if (!(p->pem_der = malloc(n ? n : 1)))
		return jca__error(JCA_ENOMEM, "out of memory reading a PEM key");
	p->pem_len = n;
	if ((rc = jca__pem_decode((const char *)in, len, &label, &label_len, p->pem_der, n, &n)) != 0)
		return bad(rc);
	if ((rc = bad(jca__key_parse_labelled(label, label_len, p->pem_der, n, &p->parts))) != 0)
		return rc;
	if (jca__pem_label_is(label, label_len, "PUBLIC KEY") || jca__pem_label_is(label, label_len, "PRIVATE KEY")) {
		p->der = p->pem_der;
		p->len = n;
		return 0;
	}
	/* "EC PRIVATE KEY", "RSA PRIVATE KEY": as PKCS#8 for the provider */
	return as_pkcs8(p);
}

/* Decodes with the KeyFactory r (NULL: the one the key's algorithm
 * names, from provider or the first in preference order). */
int jca__key_decode_any(const jca__resolved *r, const char *provider, const void *in, size_t len, jca_key **key)
{
	parsed p;
	const char *alg;
	int rc;

	if (key)
		*key = NULL;
	if (!key || (!in && len))
		return jca__error(JCA_EINVAL, "decoding a key: NULL %s", key ? "input" : "key pointer");
	if (len > JCA__PEM_MAX_TEXT)
		return jca__error(JCA_BADKEY, "decoding a key: %zu bytes is more than any key (at most %d)", len,
		                  JCA__PEM_MAX_TEXT);
	rc = parse(&p, in, len);
	if (!rc) {
		alg = alg_name(p.parts.alg);
		if (!r && !(r = provider ? jca__lookup_from(JCA_KEY_FACTORY, alg, provider)
		                         : jca__lookup(JCA_KEY_FACTORY, alg, NULL)))
			rc = jca_last_error();
		else if (!jca__name_eq(r->svc->algorithm, alg))
			rc = jca__error(JCA_BADKEY, "KeyFactory \"%s\" (%s): the key is an %s key", r->svc->algorithm,
			                r->svc->provider_name, alg);
		else
			rc = jca__key_decode_with(r, p.parts.is_private ? JCA_ENC_PKCS8 : JCA_ENC_X509,
			                          p.parts.is_private ? JCA_KEY_PRIVATE : JCA_KEY_PUBLIC, p.der, p.len, key);
	}
	parsed_free(&p);
	return rc;
}

int jca_key_decode(const void *in, size_t len, jca_key **key)
{
	return jca__key_decode_any(NULL, NULL, in, len, key);
}

int jca_key_decode_from(const void *in, size_t len, const char *provider, jca_key **key)
{
	if (!provider) {
		if (key)
			*key = NULL;
		return jca__error(JCA_EINVAL, "jca_key_decode_from: provider name is NULL");
	}
	return jca__key_decode_any(NULL, provider, in, len, key);
}

/* ---- writing ---- */

void jca__key_der_free(uint8_t *der, size_t len)
{
	if (der)
		jca__wipe(der, len);
	free(der);
}

static int encode(const jca_key *k, unsigned enc, uint8_t **out, size_t *len)
{
	char what[200];
	size_t n = 0, m;
	uint8_t *buf;
	int rc;

	snprintf(what, sizeof what, "encoding the %s key of %s", k->svc->algorithm, k->svc->provider_name);
	*out = NULL;
	if (k->kind == JCA_KEY_PRIVATE && enc != JCA_ENC_X509 && !k->extractable)
		return jca__error(JCA_UNSUPPORTED, "%s: the private key is not extractable", what);
	if ((rc = k->impl->encode(k->data, enc, NULL, 0, &n)) != 0)
		return rc == JCA_REFUSED ? jca__error(JCA_UNSUPPORTED, "%s: no such form%s", what, jca__impl_reason())
		                         : jca__key_fail(rc, JCA_UNSUPPORTED, what);
	if (!n || n > JCA__DER_MAX)
		return jca__error(JCA_IMPL, "%s: implementation %s says it needs %zu bytes", what, k->impl->base.name, n);
	if (!(buf = malloc(n)))
		return jca__error(JCA_ENOMEM, "%s: out of memory", what);
	m = n;
	if ((rc = k->impl->encode(k->data, enc, buf, n, &m)) != 0 || m > n) {
		jca__key_der_free(buf, n);
		return rc ? jca__key_fail(rc, JCA_UNSUPPORTED, what)
		          : jca__error(JCA_IMPL, "%s: implementation %s wrote past its size", what, k->impl->base.name);
	}
	*out = buf;
	*len = m;
	return 0;
}

int jca__key_der(const jca_key *k, uint8_t **der, size_t *len)
{
	return encode(k, k->kind == JCA_KEY_PUBLIC ? JCA_ENC_X509 : JCA_ENC_PKCS8, der, len);
}

int jca_key_encode(const jca_key *key, jca_key_format format, void *out, size_t out_size, size_t *out_len)
{
	uint8_t *der = NULL;
	size_t len = 0, n = 0;
	int rc;

	if (out_len)
		*out_len = 0;
	if (!key || !out_len || (!out && out_size))
		return jca__error(JCA_EINVAL, "jca_key_encode: NULL %s", !key ? "key" : !out_len ? "out_len" : "output");
	if (format != JCA_FORMAT_DER && format != JCA_FORMAT_PEM && format != JCA_FORMAT_RAW)
		return jca__error(JCA_EINVAL, "jca_key_encode: unknown format %d", (int)format);
	rc = format == JCA_FORMAT_RAW ? encode(key, JCA_ENC_RAW, &der, &len) : jca__key_der(key, &der, &len);
	if (rc)
		return rc;
	if (format == JCA_FORMAT_PEM) {
		const char *label = key->kind == JCA_KEY_PUBLIC ? "PUBLIC KEY" : "PRIVATE KEY";

		if (!(rc = jca__pem_encode(label, der, len, NULL, 0, &n)) && n > out_size)
			rc = jca__error(JCA_BUFSIZE, "jca_key_encode: the PEM needs %zu bytes, got %zu", n, out_size);
		else if (!rc)
			rc = jca__pem_encode(label, der, len, out, out_size, &n);
	} else if ((n = len) > out_size) {
		rc = jca__error(JCA_BUFSIZE, "jca_key_encode: the key needs %zu bytes, got %zu", n, out_size);
	} else if (len) {                  /* (len >= 1 here: encode refuses 0) */
		memcpy(out, der, len);
	}
	jca__key_der_free(der, len);
	*out_len = rc == 0 || rc == JCA_BUFSIZE ? n : 0;
	return rc;
}

int jca_key_public(jca_key *key, jca_key **pub)
{
	jca_key_info info = { .struct_size = sizeof info };
	jca__resolved r;
	char what[200];
	jca_key *k;
	int rc;

	if (pub)
		*pub = NULL;
	if (!key || !pub)
		return jca__error(JCA_EINVAL, "jca_key_public: NULL %s", key ? "output" : "key");
	if (key->kind == JCA_KEY_PUBLIC) {
		*pub = jca_key_ref(key);
		return 0;
	}
	if (key->kind != JCA_KEY_PRIVATE)
		return jca__error(JCA_EINVAL, "jca_key_public: a secret key has no public half");
	memset(&r, 0, sizeof r);
	r.svc = key->svc;
	r.impl = key->impl;
	snprintf(what, sizeof what, "the public key of a %s key of %s", key->svc->algorithm, key->svc->provider_name);
	if (!(k = jca__key_alloc(&r)))
		return jca_last_error();
	rc = key->impl->public_key(k->data, key->data, &info);
	rc = rc ? jca__key_fail(rc, JCA_BADKEY, what) : jca__key_done(k, &info, JCA_KEY_PUBLIC, what);
	if (rc) {
		jca_key_free(k);
		return rc;
	}
	*pub = k;
	return 0;
}

/* ---- between providers ---- */

int jca__key_for(const struct jca_service *s, const char *alg, jca_key *key, const char *who, jca_key **out)
{
	const jca__resolved *kf;
	uint8_t *der = NULL;
	size_t len = 0;
	int rc;

	*out = NULL;
	if (!jca__name_eq(key->svc->algorithm, alg))
		return jca__error(JCA_BADKEY, "%s (%s) takes %s keys, not %s keys", who, s->provider_name, alg,
		                  key->svc->algorithm);
	if (key->svc->provider == s->provider) {
		*out = jca_key_ref(key);
		return 0;
	}
	if (!key->extractable)
		return jca__error(JCA_BADKEY, "%s (%s): the %s private key belongs to provider %s and is not "
		                  "extractable, so %s cannot use it", who, s->provider_name, key->svc->algorithm,
		                  key->svc->provider_name, s->provider_name);
	if (!(kf = jca__lookup(JCA_KEY_FACTORY, alg, s->provider_name)))
		return jca__error(JCA_IMPL, "%s (%s): its provider offers no KeyFactory \"%s\" to take a key of %s",
		                  who, s->provider_name, alg, key->svc->provider_name);
	if ((rc = jca__key_der(key, &der, &len)) != 0)
		return rc;
	rc = jca__key_decode_with(kf, key->kind == JCA_KEY_PUBLIC ? JCA_ENC_X509 : JCA_ENC_PKCS8, key->kind, der,
	                          len, out);
	jca__key_der_free(der, len);
	return rc;
}
