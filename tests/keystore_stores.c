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
	info->kind = x->kind;
	info->extractable = 0;
	info->bits = 255;
	return 0;
}

void ks_put(store *st, unsigned kind, const char *alias, const vkey *k, uint32_t id)
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

static const jca_keystore_impl s_ks = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_keystore_impl, "store-ks", JCA_PRIO_GENERIC, NULL, sizeof(sks),
	                                ks_attach, NULL, NULL),
	.open = ks_open, .count = ks_count, .entry = ks_entry, .load = ks_load, .store = ks_store,
	.remove = ks_remove,
};
static const jca_impl *const s_kf_impls[] = { &vault_kf.base, NULL };
static const jca_impl *const s_kpg_impls[] = { &vault_kpg.base, NULL };
static const jca_impl *const s_sig_impls[] = { &vault_sig.base, NULL };
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
