/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider's X-Wing (draft-connolly-cfrg-xwing-kem): the
 * hybrid of X25519 and ML-KEM-768 under a SHA3-256 combiner, as a
 * KeyFactory, KeyPairGenerator and KEM. The private key is a 32-byte seed,
 * expanded with SHAKE-256 into ML-KEM-768's d||z and X25519's scalar; the
 * public key is ML-KEM-768's ek (1184 bytes) || X25519's public key (32);
 * an encapsulation is ML-KEM's ciphertext (1088) || X25519's ephemeral
 * public key (32); the secret is SHA3-256(ssM || ssX || ctX || pkX ||
 * label).
 */
#include <string.h>

#include "builtin_kem.h"
#include "jca/names.h"
#include "jca/random.h"
#include "../algs/curve25519.h"
#include "../util/error.h"      /* jca__set_impl_reason */
#include "../util/ascii.h"
#include "../util/keyenc.h"
#include "../util/mem.h"

#define XW_SEED 32
#define XW_EKM 1184                /* ML-KEM-768 ek */
#define XW_DKM 2400                /* ML-KEM-768 dk */
#define XW_CTM 1088                /* ML-KEM-768 ciphertext */
#define XW_PK (XW_EKM + 32)
#define XW_CT (XW_CTM + 32)
#define XW_SS 32

/* The draft's XWingLabel: the ASCII art \./ over /^\ (0x5c2e2f2f5e5c). */
static const uint8_t label[6] = { 0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c };

typedef struct xwing_key {
	int has_priv;
	uint8_t seed[XW_SEED];
	uint8_t pk[XW_PK];                 /* pkM || pkX */
	uint8_t dkm[XW_DKM];
	uint8_t skx[32];
} xwing_key;

static void info_of(const xwing_key *k, jca_key_info *info)
{
	jca__builtin_key_info(k->has_priv, 768, info);
}

/* The draft's expandDecapsulationKey: SHAKE-256(seed, 96) = ML-KEM's
 * d||z (64) || X25519's scalar (32). */
static int expand(xwing_key *k, const uint8_t seed[XW_SEED])
{
	const jca__keccak_backend *kb = jca__builtin_keccak_best();
	jca__keccak_ctx c;
	uint8_t x[96];
	int rc;

	jca__shake256_init(&c, kb);
	jca__keccak_update(&c, seed, XW_SEED);
	jca__keccak_final(&c, x, sizeof x);
	rc = jca__mlkem_keygen(kb, 3, k->pk, k->dkm, x);
	memcpy(k->skx, x + 64, 32);
	jca__x25519_public(k->pk + XW_EKM, k->skx);
	memcpy(k->seed, seed, XW_SEED);
	k->has_priv = 1;
	jca__wipe(x, sizeof x);
	jca__wipe(&c, sizeof c);
	return rc ? -1 : 0;
}

static int from_pk(xwing_key *k, const uint8_t *pk)
{
	if (jca__mlkem_check_ek(3, pk) != 0)
		return jca__builtin_refuse("the ML-KEM-768 part of the X-Wing public key fails the modulus check (FIPS 203 7.2)");
	memcpy(k->pk, pk, XW_PK);
	k->has_priv = 0;
	return 0;
}

static int kf_decode(void *ctx, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	xwing_key *k = ctx;
	jca__key_parts p = { 0 };
	int rc;

	if (enc == JCA_ENC_RAW) {
		if (len != (kind == JCA_KEY_PUBLIC ? XW_PK : XW_SEED))
			return jca__builtin_refuse(kind == JCA_KEY_PUBLIC ? "a raw X-Wing public key is 1216 bytes"
			                                     : "a raw X-Wing private key is its 32-byte seed");
	} else {
		if ((enc == JCA_ENC_X509 ? jca__spki_parse(in, len, &p) : jca__pkcs8_parse(in, len, &p)) != 0)
			return jca__builtin_refuse(jca_last_error_message());
		if (p.alg != JCA__KEYALG_XWING || p.is_private != (kind == JCA_KEY_PRIVATE))
			return jca__builtin_refuse("not a key of this algorithm and kind");
		in = kind == JCA_KEY_PUBLIC ? p.pub : p.priv;
	}
	rc = kind == JCA_KEY_PUBLIC ? from_pk(k, in) : expand(k, in);
	if (rc == 0)
		info_of(k, info);
	return rc;
}

static int kf_encode(const void *ctx, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const xwing_key *k = ctx;
	jca__key_parts p = { 0 };

	if (enc == JCA_ENC_RAW) {
		*len = k->has_priv ? XW_SEED : XW_PK;
		if (out)
			memcpy(out, k->has_priv ? k->seed : k->pk, *len);
		return 0;
	}
	p.alg = JCA__KEYALG_XWING;
	if (k->has_priv) {
		p.priv = k->seed;
		p.priv_len = XW_SEED;
	}
	return jca__builtin_key_write(&p, k->has_priv, k->pk, XW_PK, enc, out, cap, len);
}

static int kf_public(void *pub, const void *priv, jca_key_info *info)
{
	xwing_key *q = pub;

	memcpy(q->pk, ((const xwing_key *)priv)->pk, XW_PK);
	q->has_priv = 0;
	info_of(q, info);
	return 0;
}

/* ---- KeyPairGenerator ---- */

static int kpg_init(void *ctx, const char *spec)
{
	(void)ctx;
	if (spec && !jca__name_eq(spec, JCA_NAME_XWING))
		return jca__builtin_refuse("takes no parameters");
	return 0;
}

static int kpg_generate(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	uint8_t seed[XW_SEED];
	int rc;

	(void)ctx;
	if (jca_random(seed, sizeof seed) != 0)
		return -1;
	rc = expand(priv, seed);
	jca__wipe(seed, sizeof seed);
	if (rc)
		return -1;
	info_of(priv, pi);
	return kf_public(pub, priv, qi);
}

/* ---- KEM ---- */

typedef struct kem_state {
	const jca__keccak_backend *kb;
	const xwing_key *key;
} kem_state;

static void combine(const jca__keccak_backend *kb, uint8_t ss[XW_SS], const uint8_t ssm[32], const uint8_t ssx[32],
                    const uint8_t ctx_[32], const uint8_t pkx[32])
{
	jca__keccak_ctx c;

	jca__sha3_256_init(&c, kb);
	jca__keccak_update(&c, ssm, 32);
	jca__keccak_update(&c, ssx, 32);
	jca__keccak_update(&c, ctx_, 32);
	jca__keccak_update(&c, pkx, 32);
	jca__keccak_update(&c, label, sizeof label);
	jca__keccak_final(&c, ss, XW_SS);
	jca__wipe(&c, sizeof c);
}

static int kem_init(void *ctx, unsigned purpose, const void *key, size_t *s, size_t *e)
{
	kem_state *st = ctx;
	const xwing_key *k = key;

	if (purpose == JCA_DECAPSULATE && !k->has_priv)
		return jca__builtin_refuse("decapsulation needs the private key");
	st->kb = jca__builtin_keccak_best();
	st->key = k;
	*s = XW_SS;
	*e = XW_CT;
	return 0;
}

static int kem_encaps(void *ctx, uint8_t *secret, uint8_t *enc)
{
	const kem_state *st = ctx;
	const uint8_t *pkx = st->key->pk + XW_EKM;
	uint8_t eseed[64], ssm[32], ssx[32];
	int rc;

	if (jca_random(eseed, sizeof eseed) != 0)
		return -1;
	/* X25519's ephemeral key and share; an all-zero ssX is not refused
	 * (the draft's Encapsulate has no such check: the combiner binds it) */
	jca__x25519_public(enc + XW_CTM, eseed + 32);
	(void)jca__x25519(ssx, eseed + 32, pkx);
	rc = jca__mlkem_encaps(st->kb, 3, ssm, enc, st->key->pk, eseed);
	if (rc == 0)
		combine(st->kb, secret, ssm, ssx, enc + XW_CTM, pkx);
	jca__wipe(eseed, sizeof eseed);
	jca__wipe(ssm, sizeof ssm);
	jca__wipe(ssx, sizeof ssx);
	return rc ? -1 : 0;
}

static int kem_decaps(void *ctx, const uint8_t *enc, uint8_t *secret)
{
	const kem_state *st = ctx;
	uint8_t ssm[32], ssx[32];
	int rc;

	rc = jca__mlkem_decaps(st->kb, 3, ssm, enc, st->key->dkm);
	(void)jca__x25519(ssx, st->key->skx, enc + XW_CTM);
	if (rc == 0)
		combine(st->kb, secret, ssm, ssx, enc + XW_CTM, st->key->pk + XW_EKM);
	jca__wipe(ssm, sizeof ssm);
	jca__wipe(ssx, sizeof ssx);
	return rc ? -1 : 0;
}

/* ---- the services ---- */

static const jca_keyfactory_impl kf = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "x-wing-key", JCA_PRIO_GENERIC, NULL, sizeof(xwing_key)),
	.decode = kf_decode, .encode = kf_encode, .public_key = kf_public,
};
static const jca_keypairgen_impl kpg = {
	.base = JCA_IMPL_BASE(jca_keypairgen_impl, "x-wing-generic", JCA_PRIO_GENERIC, NULL, 1),
	.key_algorithm = JCA_NAME_XWING, .init = kpg_init, .generate = kpg_generate,
};
static const jca_kem_impl kem = {
	.base = JCA_IMPL_BASE(jca_kem_impl, "x-wing-generic", JCA_PRIO_GENERIC, NULL, sizeof(kem_state)),
	.key_algorithm = JCA_NAME_XWING, .init = kem_init, .encapsulate = kem_encaps, .decapsulate = kem_decaps,
};

static const jca_impl *const kf_impls[] = { &kf.base, NULL };
static const jca_impl *const kpg_impls[] = { &kpg.base, NULL };
static const jca_impl *const kem_impls[] = { &kem.base, NULL };
static const char *const names[] = { JCA_NAMES_XWING, NULL };
static const jca_attr attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

const jca_service_desc jca__svc_kf_xwing = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEY_FACTORY,
	.algorithm = JCA_NAME_XWING, .aliases = names, .attributes = attrs, .impls = kf_impls };
const jca_service_desc jca__svc_kpg_xwing = { .struct_size = sizeof(jca_service_desc),
	.type = JCA_KEY_PAIR_GENERATOR, .algorithm = JCA_NAME_XWING, .aliases = names, .attributes = attrs,
	.impls = kpg_impls };
const jca_service_desc jca__svc_kem_xwing = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEM,
	.algorithm = JCA_NAME_XWING, .aliases = names, .attributes = attrs, .impls = kem_impls };
