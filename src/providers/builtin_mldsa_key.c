/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider's ML-DSA keys (FIPS 204): KeyFactory and
 * KeyPairGenerator services ML-DSA-44, ML-DSA-65, ML-DSA-87.
 *
 * Encodings: raw (public: pk; private: the 32-byte seed xi, or the
 * expanded sk), X.509 SubjectPublicKeyInfo and PKCS#8 with the three
 * private-key forms of RFC 9881 (util/keyenc_mldsa.h). Decoding checks
 * what the encoding lets it check: an expanded key against itself
 * (jca__mldsa_pk_from_sk), a seed and an expanded key given together
 * against each other, a public key given with a private one against it.
 * A key writes the PKCS#8 form it was read in; a generated key the one
 * keypairgen_init asked for ("seed", the default, as OpenSSL and python's
 * cryptography write; "expanded"; "both"); a raw private key is the seed,
 * unless the key's form is the expanded one.
 */
#include <string.h>

#include "builtin_mldsa.h"
#include "jca/names.h"
#include "jca/random.h"
#include "../util/error.h"      /* jca__set_impl_reason */
#include "../util/ascii.h"
#include "../util/keyenc.h"
#include "../util/keyenc_mldsa.h"
#include "../util/mem.h"

static void info_of(const jca__mldsa_key *k, jca_key_info *info)
{
	/* bits: as OpenSSL counts them */
	jca__builtin_key_info(k->has_priv, 8 * jca__mldsa_pk_len(k->level), info);
}

static void set_public(jca__mldsa_key *k, const jca__keccak_backend *kb, unsigned level, const uint8_t *pk)
{
	size_t n = jca__mldsa_pk_len(level);

	k->level = level;
	memcpy(k->pk, pk, n);
	jca__mldsa_tr(kb, k->tr, k->pk, n);
}

/* Fills k's private key from a seed, an expanded key or both (at least
 * one), and checks pk when given. */
static int set_private(jca__mldsa_key *k, const jca__keccak_backend *kb, unsigned level, const uint8_t *seed,
                       const uint8_t *sk, const uint8_t *pk)
{
	size_t pkn = jca__mldsa_pk_len(level), skn = jca__mldsa_sk_len(level);

	k->level = level;
	k->has_priv = 1;
	if (seed) {
		memcpy(k->seed, seed, JCA__MLDSA_SEED_LEN);
		k->has_seed = 1;
		if (jca__mldsa_keygen(kb, level, k->pk, k->sk, seed) != 0)
			return -1;
		if (sk && !jca_ct_equal(k->sk, sk, skn))
			return jca__builtin_refuse("the seed and the expanded key are not of the same key pair");
	} else {
		memcpy(k->sk, sk, skn);
		if (jca__mldsa_pk_from_sk(kb, level, k->pk, k->sk) != 0)
			return jca__builtin_refuse("the expanded private key is inconsistent (s1 or s2 out of range, "
			                         "or tr or t0 not those of its key)");
	}
	if (pk && !jca_ct_equal(k->pk, pk, pkn))
		return jca__builtin_refuse("the public key in the encoding is not the private key's");
	jca__mldsa_tr(kb, k->tr, k->pk, pkn);
	return 0;
}

static int decode(const jca__keccak_backend *kb, unsigned level, void *key, unsigned enc, unsigned kind,
                  const uint8_t *in, size_t len, jca_key_info *info)
{
	jca__mldsa_key *k = key;
	jca__key_parts p = { 0 };
	jca__mldsa_priv mp;
	jca__der d;
	int rc;

	if (enc == JCA_ENC_RAW) {
		if (kind == JCA_KEY_PUBLIC) {
			if (len != jca__mldsa_pk_len(level))
				return jca__builtin_refuse("a raw ML-DSA public key is pk, of its parameter set's size");
			set_public(k, kb, level, in);
		} else if (len == JCA__MLDSA_SEED_LEN) {
			if ((rc = set_private(k, kb, level, in, NULL, NULL)) != 0)
				return rc;
			k->form = JCA__MLDSA_FORM_SEED;
		} else if (len == jca__mldsa_sk_len(level)) {
			if ((rc = set_private(k, kb, level, NULL, in, NULL)) != 0)
				return rc;
			k->form = JCA__MLDSA_FORM_EXPANDED;
		} else {
			return jca__builtin_refuse("a raw ML-DSA private key is the 32-byte seed or the expanded key");
		}
		info_of(k, info);
		return 0;
	}
	if ((enc == JCA_ENC_X509 ? jca__spki_parse(in, len, &p) : jca__pkcs8_parse(in, len, &p)) != 0)
		return jca__builtin_refuse(jca_last_error_message());
	if (p.alg != jca__mldsa_enc_alg(level) || p.is_private != (kind == JCA_KEY_PRIVATE))
		return jca__builtin_refuse("not a key of this algorithm and kind");
	if (kind == JCA_KEY_PUBLIC) {
		set_public(k, kb, level, p.pub);
	} else {
		jca__der_init(&d, p.priv, p.priv_len);
		if (jca__mldsa_priv_read(&d, level, &mp) != 0)
			return jca__builtin_refuse(jca_last_error_message());
		if ((rc = set_private(k, kb, level, mp.seed, mp.expanded, p.pub)) != 0)
			return rc;
		k->form = mp.form;
	}
	info_of(k, info);
	return 0;
}

static int encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const jca__mldsa_key *k = key;
	uint8_t choice[JCA__MLDSA_SK_MAX + 64];
	jca__key_parts p = { 0 };
	jca__mldsa_priv mp = { 0 };
	int rc;

	p.alg = jca__mldsa_enc_alg(k->level);
	if (enc == JCA_ENC_RAW) {
		int seed = k->has_seed && k->form != JCA__MLDSA_FORM_EXPANDED;
		const uint8_t *src = !k->has_priv ? k->pk : seed ? k->seed : k->sk;

		*len = !k->has_priv ? jca__mldsa_pk_len(k->level) : seed ? JCA__MLDSA_SEED_LEN : jca__mldsa_sk_len(k->level);
		if (out)
			memcpy(out, src, *len);
		return 0;
	}
	if (enc == JCA_ENC_PKCS8 && k->has_priv) {
		mp.form = k->form;
		mp.seed = k->has_seed ? k->seed : NULL;
		mp.expanded = k->sk;
		if (jca__mldsa_priv_write(k->level, &mp, choice, sizeof choice, &p.priv_len) != 0)
			return -1;
		p.is_private = 1;
		p.priv = choice;
		rc = jca__pkcs8_write(&p, out, cap, len) == 0 ? 0 : -1;
		jca__wipe(choice, sizeof choice);
		return rc;
	}
	return jca__builtin_key_write(&p, k->has_priv, k->pk, jca__mldsa_pk_len(k->level), enc, out, cap, len);
}

static int public_key(void *pub, const void *priv, jca_key_info *info)
{
	const jca__mldsa_key *k = priv;
	jca__mldsa_key *q = pub;

	q->level = k->level;
	q->has_priv = 0;
	memcpy(q->pk, k->pk, jca__mldsa_pk_len(k->level));
	memcpy(q->tr, k->tr, sizeof q->tr);
	info_of(q, info);
	return 0;
}

/* ---- KeyPairGenerator ---- */

typedef struct kpg_ctx {
	const jca__keccak_backend *kb;
	unsigned level;
	int form;
} kpg_ctx;

/* spec: NULL or the algorithm's name (the seed form), or the PKCS#8 form
 * the private key is to write: "seed", "expanded" or "both". */
static int kpg_init(void *ctx, const char *spec, const jca__keccak_backend *kb, unsigned level, const char *alg)
{
	kpg_ctx *g = ctx;

	if (!spec || jca__name_eq(spec, alg) || jca__name_eq(spec, "seed"))
		g->form = JCA__MLDSA_FORM_SEED;
	else if (jca__name_eq(spec, "expanded"))
		g->form = JCA__MLDSA_FORM_EXPANDED;
	else if (jca__name_eq(spec, "both"))
		g->form = JCA__MLDSA_FORM_BOTH;
	else
		return jca__builtin_refuse("the private key's PKCS#8 form: seed (the default), expanded or both");
	g->kb = kb;
	g->level = level;
	return 0;
}

static int generate(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	const kpg_ctx *g = ctx;
	jca__mldsa_key *k = priv;
	uint8_t seed[JCA__MLDSA_SEED_LEN];
	int rc;

	if (jca_random(seed, sizeof seed) != 0)
		return -1;
	rc = set_private(k, g->kb, g->level, seed, NULL, NULL);
	jca__wipe(seed, sizeof seed);
	if (rc != 0)
		return rc;
	k->form = g->form;
	info_of(k, pi);
	return public_key(pub, priv, qi);
}

/* ---- KeyFactory: one implementation per level, on the best Keccak
 * backend the CPU has (a KeyFactory service has one implementation) ---- */

static int usable(int (*avail)(void))
{
	return !avail || avail();
}

#define BEST_KB(v, be, prio, avail, kbp) \
	if ((prio) > best_prio && usable(avail)) { \
		best = (kbp); \
		best_prio = (prio); \
	}
static const jca__keccak_backend *best_kb(void)
{
	const jca__keccak_backend *best = NULL;
	int best_prio = -1;

	JCA__BACKENDS_keccak(BEST_KB, _)
	return best;
}

#define KF_IMPL(lv, _) \
	static int kf_decode_##lv(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, \
	                          jca_key_info *info) \
	{ \
		return decode(best_kb(), lv, key, enc, kind, in, len, info); \
	} \
	static const jca_keyfactory_impl kf_##lv = { \
		.base = JCA_IMPL_BASE(jca_keyfactory_impl, "ml-dsa-" #lv "-key", JCA_PRIO_GENERIC, NULL, \
		                      sizeof(jca__mldsa_key)), \
		.decode = kf_decode_##lv, .encode = encode, .public_key = public_key, \
	};
JCA__MLDSA_LEVELS(KF_IMPL, _)

/* ---- KeyPairGenerator: one implementation per level and Keccak backend ---- */

#define KEY_IMPLS(lv, be, prio, avail, kbp) \
	static int kpg_init_##lv##_##be(void *ctx, const char *spec) \
	{ \
		return kpg_init(ctx, spec, kbp, lv, JCA_NAME_KEY_ML_DSA_##lv); \
	} \
	static const jca_keypairgen_impl kpg_##lv##_##be = { \
		.base = JCA_IMPL_BASE(jca_keypairgen_impl, "ml-dsa-" #lv "-" #be, prio, avail, sizeof(kpg_ctx)), \
		.key_algorithm = JCA_NAME_KEY_ML_DSA_##lv, .init = kpg_init_##lv##_##be, .generate = generate, \
	};
#define LEVEL_IMPLS(lv, _) JCA__BACKENDS_keccak(KEY_IMPLS, lv)
JCA__MLDSA_LEVELS(LEVEL_IMPLS, _)

/* ---- the services ---- */

#define REF_KPG(lv, be, ...) &kpg_##lv##_##be.base,
static const jca_attr attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

#define SERVICES(lv, _) \
	static const jca_impl *const kf_##lv##_impls[] = { &kf_##lv.base, NULL }; \
	static const jca_impl *const kpg_##lv##_impls[] = { JCA__BACKENDS_keccak(REF_KPG, lv) NULL }; \
	static const char *const names_##lv[] = { JCA_NAMES_KEY_ML_DSA_##lv, NULL }; \
	const jca_service_desc jca__svc_kf_ml_dsa_##lv = { \
		.struct_size = sizeof(jca_service_desc), .type = JCA_KEY_FACTORY, \
		.algorithm = JCA_NAME_KEY_ML_DSA_##lv, .aliases = names_##lv, .attributes = attrs, \
		.impls = kf_##lv##_impls, \
	}; \
	const jca_service_desc jca__svc_kpg_ml_dsa_##lv = { \
		.struct_size = sizeof(jca_service_desc), .type = JCA_KEY_PAIR_GENERATOR, \
		.algorithm = JCA_NAME_KEY_ML_DSA_##lv, .aliases = names_##lv, .attributes = attrs, \
		.impls = kpg_##lv##_impls, \
	};
JCA__MLDSA_LEVELS(SERVICES, _)
