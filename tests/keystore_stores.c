/* SPDX-License-Identifier: Apache-2.0 */
/* The test stores of check_keystore: see keystore_stores.h. */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <string.h>

#include "keystore_stores.h"

store st_alpha = { .token = "alpha" }, st_beta = { .token = "beta" };

static void s_pub(skey *k)
{
	size_t n;

	ck_assert_int_eq(md_oneshot("SHA-256", k->seed, 32, k->pub, 32, &n), 0);
}

static void s_info(const skey *k, jca_key_info *info)
{
	info->kind = k->priv ? JCA_KEY_PRIVATE : JCA_KEY_PUBLIC;
	info->extractable = 0;
	info->bits = 255;
}

static int s_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	skey *k = key;

	(void)kind;
	if (enc != JCA_ENC_X509 || len != 44)
		return JCA_REFUSED;
	memcpy(k->pub, in + 12, 32);
	s_info(k, info);
	return 0;
}

static int s_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const skey *k = key;

	(void)cap;
	if (enc != JCA_ENC_X509 || k->priv)
		return JCA_REFUSED;
	*len = 44;
	if (out) {
		memcpy(out, "\x30\x2a\x30\x05\x06\x03\x2b\x65\x70\x03\x21\x00", 12);
		memcpy(out + 12, k->pub, 32);
	}
	return 0;
}

static int s_public(void *pub, const void *priv, jca_key_info *info)
{
	skey *q = pub;

	memcpy(q->pub, ((const skey *)priv)->pub, 32);
	s_info(q, info);
	return 0;
}

static int s_kpg_init(void *ctx, const char *spec)
{
	(void)ctx;
	return spec ? JCA_REFUSED : 0;
}

static int s_generate(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	skey *k = priv;

	(void)ctx;
	ck_assert_int_eq(jca_random(k->seed, 32), 0);
	k->priv = 1;
	s_pub(k);
	s_info(k, pi);
	return s_public(pub, priv, qi);
}

typedef struct ssig {
	const skey *key;
} ssig;

static int s_init(void *ctx, unsigned purpose, const void *key, size_t *max)
{
	(void)purpose;
	((ssig *)ctx)->key = key;
	*max = 32;
	return 0;
}

/* a keyed hash stands in for a signature: what is tested is where it runs */
static void s_mac(const ssig *s, const uint8_t *msg, size_t len, uint8_t out[32])
{
	md_ctx *md = md_get_instance("SHA-256");
	size_t n;

	ck_assert(md != NULL);
	md_update(md, s->key->pub, 32);
	md_update(md, msg, len);
	ck_assert_int_eq(md_digest(md, out, 32, &n), 0);
	md_free(md);
}

static int s_sign(void *ctx, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
	s_mac(ctx, msg, len, sig);
	*sig_len = 32;
	return 0;
}

static int s_verify(void *ctx, const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len)
{
	uint8_t want[32];

	s_mac(ctx, msg, len, want);
	return sig_len == 32 && memcmp(want, sig, 32) == 0 ? 0 : JCA_REFUSED;
}

/* The KeyStore: its context is the provider's store. */
typedef struct sks {
	store *st;
} sks;

static int ks_attach(void *provctx, void *ctx)
{
	((sks *)ctx)->st = provctx;
	return 0;
}

static int ks_open(void *ctx, const char *const *attrs)
{
	store *st = ((sks *)ctx)->st;

	st->opens++;
	for (; attrs && attrs[0]; attrs += 2) {
		ck_assert_ptr_nonnull(attrs[1]);
		if (strcmp(attrs[0], "token") != 0 || strcmp(attrs[1], st->token) != 0)
			return JCA_REFUSED;
	}
	return 0;
}

static int ks_count(void *ctx, size_t *n)
{
	*n = ((sks *)ctx)->st->n;
	return 0;
}

static int ks_entry(void *ctx, size_t i, jca_keystore_entry *e)
{
	const sentry *x = &((sks *)ctx)->st->e[i];

	ck_assert_uint_ge(e->struct_size, sizeof *e);
	e->kind = x->kind;
	e->alias = x->alias;
	e->id = x->id;
	e->id_len = sizeof x->id;
	e->key_algorithm = x->kind == JCA_KEY_SECRET ? NULL : "Ed25519";
	e->bits = 255;
	return 0;
}

static int ks_load(void *ctx, size_t i, void *key, jca_key_info *info)
{
	const sentry *x = &((sks *)ctx)->st->e[i];

	memcpy(key, &x->key, sizeof x->key);
	s_info(key, info);
	return 0;
}

void ks_put(store *st, unsigned kind, const char *alias, const skey *k, uint32_t id)
{
	sentry *x = &st->e[st->n++];

	ck_assert_uint_le(st->n, 8);
	memset(x, 0, sizeof *x);
	x->kind = kind;
	snprintf(x->alias, sizeof x->alias, "%s", alias);
	memcpy(x->id, &id, 4);
	if (k)
		x->key = *k;
}

static int ks_store(void *ctx, const char *alias, const char *alg, const void *priv, const void *pub)
{
	store *st = ((sks *)ctx)->st;

	ck_assert_str_eq(alg, "Ed25519");
	if (st->n + 2 > 8)
		return JCA_REFUSED;
	ks_put(st, JCA_KEY_PRIVATE, alias, priv, (uint32_t)st->n);
	ks_put(st, JCA_KEY_PUBLIC, alias, pub, (uint32_t)st->n - 1);
	return 0;
}

static int ks_remove(void *ctx, size_t i)
{
	store *st = ((sks *)ctx)->st;

	ck_assert_uint_lt(i, st->n);
	memmove(&st->e[i], &st->e[i + 1], (st->n - i - 1) * sizeof st->e[0]);
	st->n--;
	return 0;
}

static const jca_keyfactory_impl s_kf = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "store-key", JCA_PRIO_GENERIC, NULL, sizeof(skey)),
	.decode = s_decode, .encode = s_encode, .public_key = s_public,
};
static const jca_keypairgen_impl s_kpg = {
	.base = JCA_IMPL_BASE(jca_keypairgen_impl, "store-kpg", JCA_PRIO_GENERIC, NULL, 1),
	.key_algorithm = "Ed25519", .init = s_kpg_init, .generate = s_generate,
};
static const jca_signature_impl s_sig = {
	.base = JCA_IMPL_BASE(jca_signature_impl, "store-sig", JCA_PRIO_GENERIC, NULL, sizeof(ssig)),
	.key_algorithm = "Ed25519", .init = s_init, .sign = s_sign, .verify = s_verify,
};
static const jca_keystore_impl s_ks = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_keystore_impl, "store-ks", JCA_PRIO_GENERIC, NULL, sizeof(sks),
	                                ks_attach, NULL, NULL),
	.open = ks_open, .count = ks_count, .entry = ks_entry, .load = ks_load, .store = ks_store,
	.remove = ks_remove,
};
static const jca_impl *const s_kf_impls[] = { &s_kf.base, NULL };
static const jca_impl *const s_kpg_impls[] = { &s_kpg.base, NULL };
static const jca_impl *const s_sig_impls[] = { &s_sig.base, NULL };
static const jca_impl *const s_ks_impls[] = { &s_ks.base, NULL };
static const char *const ks_names[] = { "PKCS#11", NULL };
static const jca_service_desc s_svc_kf = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEY_FACTORY,
                                           .algorithm = "Ed25519", .impls = s_kf_impls };
static const jca_service_desc s_svc_kpg = { .struct_size = sizeof(jca_service_desc),
                                            .type = JCA_KEY_PAIR_GENERATOR, .algorithm = "Ed25519",
                                            .impls = s_kpg_impls };
static const jca_service_desc s_svc_sig = { .struct_size = sizeof(jca_service_desc), .type = JCA_SIGNATURE,
                                            .algorithm = "Ed25519", .impls = s_sig_impls };
static const jca_service_desc s_svc_ks = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEY_STORE,
                                           .algorithm = "PKCS11", .aliases = ks_names, .impls = s_ks_impls };
static const jca_service_desc *const s_services[] = { &s_svc_kf, &s_svc_kpg, &s_svc_sig, &s_svc_ks, NULL };
static const jca_provider_desc p_alpha = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "alpha", "1",
                                           "test store alpha", s_services, NULL };
static const jca_provider_desc p_beta = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "beta", "1",
                                          "test store beta", s_services, NULL };

void ks_add_stores(void)
{
	st_alpha.n = st_beta.n = 0;
	ck_assert_msg(jca_provider_add(&p_alpha, &st_alpha) == 0, "%s", jca_last_error_message());
	ck_assert_msg(jca_provider_add(&p_beta, &st_beta) == 0, "%s", jca_last_error_message());
}

void ks_remove_stores(void)
{
	ck_assert_int_eq(jca_provider_remove("alpha"), 0);
	ck_assert_int_eq(jca_provider_remove("beta"), 0);
}
