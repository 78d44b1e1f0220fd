/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider's keys and their operations: Ed25519 (RFC 8032)
 * and X25519 (RFC 7748) as KeyFactory, KeyPairGenerator, Signature and
 * KeyAgreement services over the curve code of src/algs (curve25519.h),
 * one implementation per field backend (portable, MULX/ADX).
 */
#include <string.h>

#include "builtin.h"
#include "jca/names.h"
#include "jca/random.h"
#include "../algs/curve25519.h"
#include "../util/error.h"      /* jca__set_impl_reason */
#include "../util/ascii.h"
#include "../util/keyenc.h"
#include "../util/mem.h"

/* One key of either algorithm: the private key (the seed of Ed25519, the
 * scalar of X25519) when it has one, and the public key always. */
typedef struct c25519_key {
	uint8_t priv[32];
	uint8_t pub[32];
	int has_priv;
} c25519_key;

static void info_of(const c25519_key *k, jca_key_info *info)
{
	jca__builtin_key_info(k->has_priv, 255, info);
}

/* Fills k from what the host read: the public key checked (Ed25519: a
 * canonical point on the curve), the private key's public half computed
 * and compared with the one the encoding carries, if any. */
static int fill(c25519_key *k, int ed, unsigned kind, const uint8_t *priv, const uint8_t *pub, jca_key_info *info)
{
	uint8_t calc[32];

	if (kind == JCA_KEY_PRIVATE) {
		memcpy(k->priv, priv, 32);
		k->has_priv = 1;
		if (ed)
			jca__ed25519_public(calc, priv);
		else
			jca__x25519_public(calc, priv);
		if (pub && !jca_ct_equal(calc, pub, 32))
			return jca__builtin_refuse("the public key in the encoding is not the private key's");
		memcpy(k->pub, calc, 32);
	} else {
		if (ed && jca__ed25519_check_public(pub) != 0)
			return jca__builtin_refuse("the Ed25519 public key is not a canonical encoding of a curve point");
		memcpy(k->pub, pub, 32);
	}
	info_of(k, info);
	return 0;
}

static int decode(void *key, int ed, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	jca__key_parts p = { 0 };
	int want = ed ? JCA__KEYALG_ED25519 : JCA__KEYALG_X25519;

	if (enc == JCA_ENC_RAW) {
		if (len != 32)
			return jca__builtin_refuse("a raw key is 32 bytes");
		return fill(key, ed, kind, in, kind == JCA_KEY_PRIVATE ? NULL : in, info);
	}
	if ((enc == JCA_ENC_X509 ? jca__spki_parse(in, len, &p) : jca__pkcs8_parse(in, len, &p)) != 0)
		return jca__builtin_refuse(jca_last_error_message());
	if (p.alg != want || p.is_private != (kind == JCA_KEY_PRIVATE))
		return jca__builtin_refuse("not a key of this algorithm and kind");
	return fill(key, ed, kind, p.priv, p.pub, info);
}

static int ed_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	return decode(key, 1, enc, kind, in, len, info);
}

static int x_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	return decode(key, 0, enc, kind, in, len, info);
}

static int encode(const void *key, int ed, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const c25519_key *k = key;
	jca__key_parts p = { 0 };

	if (enc == JCA_ENC_RAW) {
		*len = 32;
		if (out)
			memcpy(out, k->has_priv ? k->priv : k->pub, 32);
		return 0;
	}
	p.alg = ed ? JCA__KEYALG_ED25519 : JCA__KEYALG_X25519;
	p.bits = 255;
	if (k->has_priv) {
		p.priv = k->priv;
		p.priv_len = 32;
	}
	return jca__builtin_key_write(&p, k->has_priv, k->pub, 32, enc, out, cap, len);
}

static int ed_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	return encode(key, 1, enc, out, cap, len);
}

static int x_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	return encode(key, 0, enc, out, cap, len);
}

static int public_key(void *pub, const void *priv, jca_key_info *info)
{
	c25519_key *q = pub;

	memcpy(q->pub, ((const c25519_key *)priv)->pub, 32);
	q->has_priv = 0;
	info_of(q, info);
	return 0;
}

static const jca_keyfactory_impl kf_ed25519 = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "ed25519-key", JCA_PRIO_GENERIC, NULL, sizeof(c25519_key)),
	.decode = ed_decode, .encode = ed_encode, .public_key = public_key,
};
static const jca_keyfactory_impl kf_x25519 = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "x25519-key", JCA_PRIO_GENERIC, NULL, sizeof(c25519_key)),
	.decode = x_decode, .encode = x_encode, .public_key = public_key,
};

/* ---- the field backends ---- */

static const jca__c25519_impl *backend_generic(void)
{
	return &jca__c25519_generic;
}

#if defined(JCA_HAVE_X86_BACKENDS)
static const jca__c25519_impl *backend_mulx(void)
{
	return &jca__c25519_mulx;
}
#define MULX_ROW(X, kind) X(kind, mulx, JCA_PRIO_CRYPTO, jca__c25519_mulx_usable, backend_mulx)
#else
#define MULX_ROW(X, kind)
#endif
#define C25519_BACKENDS(X, kind) \
	X(kind, generic, JCA_PRIO_GENERIC, NULL, backend_generic) \
	MULX_ROW(X, kind)

/* ---- KeyPairGenerator ---- */

typedef struct kpg_ctx {
	const jca__c25519_impl *be;
} kpg_ctx;

static int kpg_init(void *ctx, const char *spec, const char *alg, const jca__c25519_impl *be)
{
	if (spec && !jca__name_eq(spec, alg))
		return jca__builtin_refuse("takes no parameters");
	((kpg_ctx *)ctx)->be = be;
	return 0;
}

static int generate(void *ctx, int ed, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	const jca__c25519_impl *be = ((kpg_ctx *)ctx)->be;
	c25519_key *k = priv;

	if (jca_random(k->priv, 32) != 0)
		return -1;
	k->has_priv = 1;
	if (ed)
		jca__ed25519_public_with(be, k->pub, k->priv);
	else
		jca__x25519_public_with(be, k->pub, k->priv);
	info_of(k, pi);
	return public_key(pub, priv, qi);
}

static int ed_generate(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	return generate(ctx, 1, priv, pi, pub, qi);
}

static int x_generate(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	return generate(ctx, 0, priv, pi, pub, qi);
}

#define KPG_IMPL(kind, be, prio, avail, get) \
	static int kpg_init_##kind##_##be(void *ctx, const char *spec) \
	{ \
		return kpg_init(ctx, spec, #kind, get()); \
	} \
	static const jca_keypairgen_impl kpg_##kind##_##be = { \
		.base = JCA_IMPL_BASE(jca_keypairgen_impl, #kind "-" #be, prio, avail, sizeof(kpg_ctx)), \
		.key_algorithm = kind##_ALG, .init = kpg_init_##kind##_##be, .generate = kind##_GENERATE, \
	};
#define ed25519_ALG JCA_NAME_KEY_ED25519
#define x25519_ALG JCA_NAME_KEY_X25519
#define ed25519_GENERATE ed_generate
#define x25519_GENERATE x_generate
C25519_BACKENDS(KPG_IMPL, ed25519)
C25519_BACKENDS(KPG_IMPL, x25519)

/* ---- Signature: Ed25519 (the engine keeps the whole message) ---- */

typedef struct sig_ctx {
	const jca__c25519_impl *be;
	const c25519_key *key;
} sig_ctx;

static int sig_init(void *ctx, const void *key, size_t *sig_max, const jca__c25519_impl *be)
{
	sig_ctx *s = ctx;

	s->be = be;
	s->key = key;
	*sig_max = 64;
	return 0;
}

static int sig_sign(void *ctx, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
	const sig_ctx *s = ctx;

	jca__ed25519_sign_with(s->be, sig, msg, len, s->key->priv, s->key->pub);
	*sig_len = 64;
	return 0;
}

static int sig_verify(void *ctx, const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len)
{
	const sig_ctx *s = ctx;

	if (sig_len != 64)
		return jca__builtin_refuse("an Ed25519 signature is 64 bytes");
	if (jca__ed25519_verify_with(s->be, sig, msg, len, s->key->pub) != 0)
		return jca__builtin_refuse("");
	return 0;
}

#define SIG_IMPL(kind, be, prio, avail, get) \
	static int sig_init_##be(void *ctx, unsigned purpose, const void *key, size_t *max) \
	{ \
		(void)purpose; \
		return sig_init(ctx, key, max, get()); \
	} \
	static const jca_signature_impl sig_##be = { \
		.base = JCA_IMPL_BASE(jca_signature_impl, "ed25519-" #be, prio, avail, sizeof(sig_ctx)), \
		.key_algorithm = JCA_NAME_KEY_ED25519, .init = sig_init_##be, .sign = sig_sign, \
		.verify = sig_verify, \
	};
C25519_BACKENDS(SIG_IMPL, ed25519)

/* ---- KeyAgreement: X25519 ---- */

typedef struct ka_ctx {
	const jca__c25519_impl *be;
	const c25519_key *priv, *peer;
} ka_ctx;

static int ka_phase(void *ctx, const void *peer)
{
	((ka_ctx *)ctx)->peer = peer;
	return 0;
}

static int ka_secret(void *ctx, uint8_t *out)
{
	const ka_ctx *k = ctx;

	if (jca__x25519_with(k->be, out, k->priv->priv, k->peer->pub) != 0)
		return jca__builtin_refuse("the shared secret is all zero (the peer's key is a small-order point)");
	return 0;
}

#define KA_IMPL(kind, b, prio, avail, get) \
	static int ka_init_##b(void *ctx, const void *priv, size_t *len) \
	{ \
		((ka_ctx *)ctx)->be = get(); \
		((ka_ctx *)ctx)->priv = priv; \
		*len = 32; \
		return 0; \
	} \
	static const jca_keyagreement_impl ka_##b = { \
		.base = JCA_IMPL_BASE(jca_keyagreement_impl, "x25519-" #b, prio, avail, sizeof(ka_ctx)), \
		.key_algorithm = JCA_NAME_KEY_X25519, .init = ka_init_##b, .phase = ka_phase, .secret = ka_secret, \
	};
C25519_BACKENDS(KA_IMPL, x25519)

/* ---- the services ---- */

#define REF(kind, be, ...) &kind##_##be.base,
#define REF_BE(prefix, be, ...) &prefix##_##be.base,
static const jca_impl *const kf_ed_impls[] = { &kf_ed25519.base, NULL };
static const jca_impl *const kf_x_impls[] = { &kf_x25519.base, NULL };
static const jca_impl *const kpg_ed_impls[] = { C25519_BACKENDS(REF, kpg_ed25519) NULL };
static const jca_impl *const kpg_x_impls[] = { C25519_BACKENDS(REF, kpg_x25519) NULL };
static const jca_impl *const sig_impls[] = { C25519_BACKENDS(REF_BE, sig) NULL };
static const jca_impl *const ka_impls[] = { C25519_BACKENDS(REF_BE, ka) NULL };

static const char *const ed_names[] = { JCA_NAMES_KEY_ED25519, NULL };
static const char *const x_names[] = { JCA_NAMES_KEY_X25519, NULL };
static const char *const sig_names[] = { JCA_NAMES_SIG_ED25519, NULL };
static const char *const ka_names[] = { JCA_NAMES_KA_X25519, NULL };
static const jca_attr attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

#define SERVICE(var, t, alg, names, list) \
	const jca_service_desc var = { .struct_size = sizeof(jca_service_desc), .type = t, .algorithm = alg, \
	                               .aliases = names, .attributes = attrs, .impls = list }
SERVICE(jca__svc_kf_ed25519, JCA_KEY_FACTORY, JCA_NAME_KEY_ED25519, ed_names, kf_ed_impls);
SERVICE(jca__svc_kf_x25519, JCA_KEY_FACTORY, JCA_NAME_KEY_X25519, x_names, kf_x_impls);
SERVICE(jca__svc_kpg_ed25519, JCA_KEY_PAIR_GENERATOR, JCA_NAME_KEY_ED25519, ed_names, kpg_ed_impls);
SERVICE(jca__svc_kpg_x25519, JCA_KEY_PAIR_GENERATOR, JCA_NAME_KEY_X25519, x_names, kpg_x_impls);
SERVICE(jca__svc_sig_ed25519, JCA_SIGNATURE, JCA_NAME_SIG_ED25519, sig_names, sig_impls);
SERVICE(jca__svc_ka_x25519, JCA_KEY_AGREEMENT, JCA_NAME_KA_X25519, ka_names, ka_impls);
