/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider's ML-KEM (FIPS 203): KeyFactory, KeyPairGenerator
 * and KEM services for ML-KEM-512, -768 and -1024 over src/algs/mlkem.h,
 * one KEM implementation per Keccak backend. Keys are decoded from the raw
 * forms (ek; the 64-byte seed d||z or the expanded dk), X.509 and PKCS#8
 * (the three private-key forms of draft-ietf-lamps-kyber-certificates),
 * with the modulus check of ek (FIPS 203 7.2) and the consistency of dk
 * (7.3; a seed and an expanded key given together must agree).
 */
#include <string.h>

#include "builtin.h"
#include "builtin_kem.h"
#include "jca/names.h"
#include "jca/random.h"
#include "../algs/mlkem.h"
#include "../util/error.h"      /* jca__set_impl_reason */
#include "../util/ascii.h"
#include "../util/keyenc.h"
#include "../util/mem.h"

/* The Keccak backend of the highest priority this CPU has. */
static int usable(int (*avail)(void))
{
	return !avail || avail();
}
#define KECCAK_PICK(V, be, prio, avail, ptr) \
	if (usable(avail) && (prio) > best_prio) { \
		best = (ptr); \
		best_prio = (prio); \
	}
const jca__keccak_backend *jca__builtin_keccak_best(void)
{
	const jca__keccak_backend *best = &jca__keccak_generic;
	int best_prio = 0;

	JCA__BACKENDS_keccak(KECCAK_PICK, _)
	return best;
}

static void info_of(const jca__mlkem_key *key, jca_key_info *info)
{
	jca__builtin_key_info(key->has_priv, 256 * (size_t)key->k, info);
}

int jca__mlkem_key_from_seed(jca__mlkem_key *key, unsigned k, const uint8_t seed[64])
{
	key->k = k;
	if (jca__mlkem_keygen(jca__builtin_keccak_best(), k, key->ek, key->dk, seed) != 0)
		return -1;
	memcpy(key->seed, seed, 64);
	key->has_priv = 1;
	key->form = JCA__MLKEM_FORM_SEED;
	return 0;
}

int jca__mlkem_key_from_ek(jca__mlkem_key *key, unsigned k, const uint8_t *ek)
{
	if (jca__mlkem_check_ek(k, ek) != 0)
		return jca__builtin_refuse("the ML-KEM encapsulation key fails the modulus check (FIPS 203 7.2)");
	key->k = k;
	memcpy(key->ek, ek, jca__mlkem_ek_len(k));
	key->has_priv = 0;
	return 0;
}

/* From an expanded dk: ek is inside it (dk = dk_pke || ek || H(ek) || z). */
static int from_dk(jca__mlkem_key *key, unsigned k, const uint8_t *dk)
{
	const uint8_t *ek = dk + 384 * (size_t)k;

	if (jca__mlkem_check_dk(jca__builtin_keccak_best(), k, dk) != 0)
		return jca__builtin_refuse("the ML-KEM decapsulation key fails its hash check (FIPS 203 7.3)");
	if (jca__mlkem_check_ek(k, ek) != 0)
		return jca__builtin_refuse("the encapsulation key inside the ML-KEM decapsulation key fails the modulus check");
	key->k = k;
	memcpy(key->ek, ek, jca__mlkem_ek_len(k));
	memcpy(key->dk, dk, jca__mlkem_dk_len(k));
	key->has_priv = 1;
	key->form = JCA__MLKEM_FORM_EXPANDED;
	return 0;
}

static int decode(void *ctx, unsigned k, int alg, unsigned enc, unsigned kind, const uint8_t *in, size_t len,
                  jca_key_info *info)
{
	jca__mlkem_key *key = ctx;
	jca__key_parts p = { 0 };
	int rc;

	if (enc == JCA_ENC_RAW) {
		if (kind == JCA_KEY_PUBLIC) {
			if (len != jca__mlkem_ek_len(k))
				return jca__builtin_refuse("a raw ML-KEM public key is the encapsulation key (384k+32 bytes)");
			rc = jca__mlkem_key_from_ek(key, k, in);
		} else if (len == JCA__MLKEM_SEED_LEN) {
			rc = jca__mlkem_key_from_seed(key, k, in);
		} else if (len == jca__mlkem_dk_len(k)) {
			rc = from_dk(key, k, in);
		} else {
			return jca__builtin_refuse("a raw ML-KEM private key is the 64-byte seed d||z or the decapsulation key");
		}
		if (rc == 0)
			info_of(key, info);
		return rc;
	}
	if ((enc == JCA_ENC_X509 ? jca__spki_parse(in, len, &p) : jca__pkcs8_parse(in, len, &p)) != 0)
		return jca__builtin_refuse(jca_last_error_message());
	if (p.alg != alg || p.is_private != (kind == JCA_KEY_PRIVATE))
		return jca__builtin_refuse("not a key of this algorithm and kind");
	if (kind == JCA_KEY_PUBLIC)
		rc = jca__mlkem_key_from_ek(key, k, p.pub);
	else if (!p.priv)
		rc = from_dk(key, k, p.expanded);
	else if ((rc = jca__mlkem_key_from_seed(key, k, p.priv)) == 0 && p.expanded) {
		if (!jca_ct_equal(key->dk, p.expanded, p.expanded_len))
			rc = jca__builtin_refuse("the ML-KEM expanded key is not the one the seed gives");
		key->form = JCA__MLKEM_FORM_BOTH;
	}
	if (rc == 0)
		info_of(key, info);
	return rc;
}

static int encode(const void *ctx, int alg, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const jca__mlkem_key *key = ctx;
	jca__key_parts p = { 0 };
	size_t ekn = jca__mlkem_ek_len(key->k), dkn = jca__mlkem_dk_len(key->k);

	if (enc == JCA_ENC_RAW) {
		int expanded = key->form == JCA__MLKEM_FORM_EXPANDED;
		const uint8_t *src = !key->has_priv ? key->ek : expanded ? key->dk : key->seed;

		*len = !key->has_priv ? ekn : expanded ? dkn : JCA__MLKEM_SEED_LEN;
		if (out)
			memcpy(out, src, *len);
		return 0;
	}
	p.alg = alg;
	if (key->has_priv && key->form != JCA__MLKEM_FORM_EXPANDED) {
		p.priv = key->seed;
		p.priv_len = JCA__MLKEM_SEED_LEN;
	}
	if (key->has_priv && key->form != JCA__MLKEM_FORM_SEED) {
		p.expanded = key->dk;
		p.expanded_len = dkn;
	}
	return jca__builtin_key_write(&p, key->has_priv, key->ek, ekn, enc, out, cap, len);
}

static int public_key(void *pub, const void *priv, jca_key_info *info)
{
	jca__mlkem_key *q = pub;
	const jca__mlkem_key *d = priv;

	q->k = d->k;
	memcpy(q->ek, d->ek, jca__mlkem_ek_len(d->k));
	q->has_priv = 0;
	info_of(q, info);
	return 0;
}

/* ---- KeyPairGenerator ---- */

static int kpg_init(const char *spec, const char *alg)
{
	if (spec && !jca__name_eq(spec, alg))
		return jca__builtin_refuse("takes no parameters (or its own name)");
	return 0;
}

static int generate(unsigned k, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	uint8_t seed[JCA__MLKEM_SEED_LEN];
	int rc;

	if (jca_random(seed, sizeof seed) != 0)
		return -1;
	rc = jca__mlkem_key_from_seed(priv, k, seed);
	jca__wipe(seed, sizeof seed);
	if (rc)
		return -1;
	info_of(priv, pi);
	return public_key(pub, priv, qi);
}

/* ---- KEM ---- */

typedef struct kem_state {
	const jca__keccak_backend *kb;
	const jca__mlkem_key *key;
} kem_state;

static int kem_init(void *ctx, const jca__keccak_backend *kb, unsigned purpose, const void *key, size_t *s,
                    size_t *e)
{
	kem_state *st = ctx;
	const jca__mlkem_key *k = key;

	if (purpose == JCA_DECAPSULATE && !k->has_priv)
		return jca__builtin_refuse("decapsulation needs the private key");
	st->kb = kb;
	st->key = k;
	*s = JCA__MLKEM_SS_LEN;
	*e = jca__mlkem_ct_len(k->k);
	return 0;
}

static int kem_encaps(void *ctx, uint8_t *secret, uint8_t *enc)
{
	const kem_state *st = ctx;
	uint8_t m[JCA__MLKEM_MSG_LEN];
	int rc;

	if (jca_random(m, sizeof m) != 0)
		return -1;
	rc = jca__mlkem_encaps(st->kb, st->key->k, secret, enc, st->key->ek, m);
	jca__wipe(m, sizeof m);
	return rc ? -1 : 0;
}

static int kem_decaps(void *ctx, const uint8_t *enc, uint8_t *secret)
{
	const kem_state *st = ctx;

	return jca__mlkem_decaps(st->kb, st->key->k, secret, enc, st->key->dk) ? -1 : 0;
}

/* ---- the tables: per parameter set ---- */

#define MLKEM_SETS(X) \
	X(512, 2, JCA__KEYALG_ML_KEM_512, JCA_NAME_ML_KEM_512) \
	X(768, 3, JCA__KEYALG_ML_KEM_768, JCA_NAME_ML_KEM_768) \
	X(1024, 4, JCA__KEYALG_ML_KEM_1024, JCA_NAME_ML_KEM_1024)

#define KEY_FNS(n, k, alg, name) \
	static int decode_##n(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, \
	                      jca_key_info *info) \
	{ \
		return decode(key, k, alg, enc, kind, in, len, info); \
	} \
	static int encode_##n(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len) \
	{ \
		return encode(key, alg, enc, out, cap, len); \
	} \
	static const jca_keyfactory_impl kf_##n = { \
		.base = JCA_IMPL_BASE(jca_keyfactory_impl, "ml-kem-" #n "-key", JCA_PRIO_GENERIC, NULL, \
		                      sizeof(jca__mlkem_key)), \
		.decode = decode_##n, .encode = encode_##n, .public_key = public_key, \
	}; \
	static int kpg_init_##n(void *ctx, const char *spec) \
	{ \
		(void)ctx; \
		return kpg_init(spec, name); \
	} \
	static int generate_##n(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi) \
	{ \
		(void)ctx; \
		return generate(k, priv, pi, pub, qi); \
	} \
	static const jca_keypairgen_impl kpg_##n = { \
		.base = JCA_IMPL_BASE(jca_keypairgen_impl, "ml-kem-" #n "-generic", JCA_PRIO_GENERIC, NULL, 1), \
		.key_algorithm = name, .init = kpg_init_##n, .generate = generate_##n, \
	};
MLKEM_SETS(KEY_FNS)

/* One KEM implementation per (parameter set, Keccak backend). */
#define KEM_IMPL(n, be, prio, avail, ptr) \
	static int kem_init_##n##_##be(void *ctx, unsigned purpose, const void *key, size_t *s, size_t *e) \
	{ \
		return kem_init(ctx, ptr, purpose, key, s, e); \
	} \
	static const jca_kem_impl kem_##n##_##be = { \
		.base = JCA_IMPL_BASE(jca_kem_impl, "ml-kem-" #n "-" #be, prio, avail, sizeof(kem_state)), \
		.key_algorithm = KEM_NAME_##n, .init = kem_init_##n##_##be, .encapsulate = kem_encaps, \
		.decapsulate = kem_decaps, \
	};
#define KEM_NAME_512 JCA_NAME_ML_KEM_512
#define KEM_NAME_768 JCA_NAME_ML_KEM_768
#define KEM_NAME_1024 JCA_NAME_ML_KEM_1024
JCA__BACKENDS_keccak(KEM_IMPL, 512)
JCA__BACKENDS_keccak(KEM_IMPL, 768)
JCA__BACKENDS_keccak(KEM_IMPL, 1024)

#define KEM_REF(n, be, ...) &kem_##n##_##be.base,
static const jca_attr attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

#define SERVICES(n, k, alg, name) \
	static const jca_impl *const kf_impls_##n[] = { &kf_##n.base, NULL }; \
	static const jca_impl *const kpg_impls_##n[] = { &kpg_##n.base, NULL }; \
	static const jca_impl *const kem_impls_##n[] = { JCA__BACKENDS_keccak(KEM_REF, n) NULL }; \
	static const char *const names_##n[] = { JCA_NAMES_ML_KEM_##n, NULL }; \
	const jca_service_desc jca__svc_kf_mlkem##n = { .struct_size = sizeof(jca_service_desc), \
		.type = JCA_KEY_FACTORY, .algorithm = name, .aliases = names_##n, .attributes = attrs, \
		.impls = kf_impls_##n }; \
	const jca_service_desc jca__svc_kpg_mlkem##n = { .struct_size = sizeof(jca_service_desc), \
		.type = JCA_KEY_PAIR_GENERATOR, .algorithm = name, .aliases = names_##n, .attributes = attrs, \
		.impls = kpg_impls_##n }; \
	const jca_service_desc jca__svc_kem_mlkem##n = { .struct_size = sizeof(jca_service_desc), \
		.type = JCA_KEM, .algorithm = name, .aliases = names_##n, .attributes = attrs, \
		.impls = kem_impls_##n };
MLKEM_SETS(SERVICES)
