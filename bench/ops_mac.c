/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench rows: Mac (HMAC). Keyed MACs of several lengths (MacBench) and
 * getting plus keying an instance (GetMac), through libjca and OpenSSL 3.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#endif

/* state slots of this family */
#define MAC(s) ((mac_ctx *)(s)->obj[0])
#define EMAC(s) ((EVP_MAC *)(s)->oobj[0])
#define MCTX(s) ((EVP_MAC_CTX *)(s)->oobj[1])

static const struct hmac {
	const char *jca, *digest_ossl;
} hmacs[] = {
	{ "HmacSHA256", "SHA256" },
	{ "HmacSHA3-256", "SHA3-256" },
};
#define NHMACS (sizeof hmacs / sizeof hmacs[0])

/* ---- libjca ---- */

static void setup_jca_mac(state *s)
{
	mac_ctx *m = mac_get_instance(s->p->alg);

	if (!m)
		die_jca("mac_get_instance");
	s->obj[0] = m;
	if (mac_init(m, s->key, s->p->keylen) < 0)
		die_jca("mac_init");
	s->outlen = mac_length(m);
}

static void teardown_jca_mac(state *s)
{
	mac_free(MAC(s));
}

static void run_mac(state *s, uint64_t n)
{
	mac_ctx *m = MAC(s);

	for (uint64_t i = 0; i < n; i++) {
		if (mac_update(m, s->in, s->p->len) < 0 || mac_do_final(m, s->res, sizeof s->res, &s->reslen) < 0)
			die_jca("mac_update/mac_do_final");
	}
}

static void run_mac_get_init_final(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		mac_ctx *m = mac_get_instance(s->p->alg);

		if (!m)
			die_jca("mac_get_instance");
		if (mac_init(m, s->key, s->p->keylen) < 0 || mac_update(m, s->in, s->p->len) < 0 ||
		    mac_do_final(m, s->res, sizeof s->res, &s->reslen) < 0)
			die_jca("mac_init/update/do_final");
		mac_free(m);
	}
}

static void run_mac_get_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		mac_ctx *m = mac_get_instance(s->p->alg);

		if (!m)
			die_jca("mac_get_instance");
		if (mac_init(m, s->key, s->p->keylen) < 0)
			die_jca("mac_init");
		mac_free(m);
	}
}

static void run_mac_clone(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		mac_ctx *m = mac_clone(MAC(s));

		if (!m)
			die_jca("mac_clone");
		mac_free(m);
	}
}

/* ---- OpenSSL 3 EVP ---- */

#ifdef HAVE_OPENSSL
/* HMAC prefetched; the digest name goes in with the key at EVP_MAC_init. */
static void setup_o_hmac_pre(state *s)
{
	s->oobj[0] = EVP_MAC_fetch(NULL, "HMAC", NULL);
	if (!s->oobj[0])
		die_ossl("EVP_MAC_fetch");
	s->prm[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)s->p->oalg, 0);
	s->prm[1] = OSSL_PARAM_construct_end();
}

static void setup_o_hmac(state *s)
{
	EVP_MAC_CTX *ctx;

	setup_o_hmac_pre(s);
	s->oobj[1] = ctx = EVP_MAC_CTX_new(EMAC(s));
	if (!ctx || !EVP_MAC_init(ctx, s->key, s->p->keylen, s->prm))
		die_ossl("EVP_MAC_CTX_new/EVP_MAC_init");
}

static void teardown_o_hmac(state *s)
{
	EVP_MAC_CTX_free(MCTX(s));
	EVP_MAC_free(EMAC(s));
}

/* Reused keyed context: EVP_MAC_init with no key restarts with the key
 * already set (OpenSSL's HMAC keeps it). */
static void run_o_hmac(state *s, uint64_t n)
{
	EVP_MAC_CTX *ctx = MCTX(s);
	size_t got;

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_MAC_init(ctx, NULL, 0, NULL) || !EVP_MAC_update(ctx, s->in, s->p->len) ||
		    !EVP_MAC_final(ctx, s->res, &got, sizeof s->res))
			die_ossl("EVP_MAC_init/update/final");
	}
}

static void run_o_hmac_dup(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MAC_CTX *ctx = EVP_MAC_CTX_dup(MCTX(s));

		if (!ctx)
			die_ossl("EVP_MAC_CTX_dup");
		EVP_MAC_CTX_free(ctx);
	}
}

static void o_hmac_once(state *s, EVP_MAC *mac, int finish)
{
	EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
	size_t got;

	if (!ctx || !EVP_MAC_init(ctx, s->key, s->p->keylen, s->prm))
		die_ossl("EVP_MAC_CTX_new/EVP_MAC_init");
	if (finish && (!EVP_MAC_update(ctx, s->in, s->p->len) ||
	               !EVP_MAC_final(ctx, s->res, &got, sizeof s->res)))
		die_ossl("EVP_MAC_update/final");
	EVP_MAC_CTX_free(ctx);
}

static void run_o_hmac_new_init_final(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		o_hmac_once(s, EMAC(s), 1);
}

static void run_o_hmac_fetch_init_final(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);

		if (!mac)
			die_ossl("EVP_MAC_fetch");
		o_hmac_once(s, mac, 1);
		EVP_MAC_free(mac);
	}
}

static void run_o_hmac_new_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		o_hmac_once(s, EMAC(s), 0);
}

static void run_o_hmac_fetch_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);

		if (!mac)
			die_ossl("EVP_MAC_fetch");
		o_hmac_once(s, mac, 0);
		EVP_MAC_free(mac);
	}
}
#endif /* HAVE_OPENSSL */

/* ---- the kinds of rows ---- */

static const kind K_mac = { "MacBench", "mac", LIB_JCA, 0, 1,
	"mac_update(len bytes) + mac_do_final on one keyed instance", setup_jca_mac, run_mac,
	teardown_jca_mac };
static const kind K_mac_gif = { "MacBench", "getInitFinal", LIB_JCA, 1, 0,
	"mac_get_instance + mac_init(32-byte key) + mac_update(len bytes) + mac_do_final + mac_free",
	NULL, run_mac_get_init_final, NULL };
static const kind K_mac_gi = { "GetMac", "getInstanceInit", LIB_JCA, 1, 0,
	"mac_get_instance(alg) + mac_init(32-byte key) + mac_free", NULL, run_mac_get_init, NULL };
static const kind K_mac_clone = { "GetMac", "clone", LIB_JCA, 1, 0,
	"mac_clone(keyed instance) + mac_free", setup_jca_mac, run_mac_clone, teardown_jca_mac };

#ifdef HAVE_OPENSSL
static const kind O_mac = { "MacBench", "mac", LIB_OSSL, 0, 1,
	"EVP_MAC_init(ctx, NULL, 0, NULL) (restart, key kept) + EVP_MAC_update(len bytes) + "
	"EVP_MAC_final on one keyed HMAC ctx", setup_o_hmac, run_o_hmac, teardown_o_hmac };
static const kind O_mac_nif = { "MacBench", "newInitFinal", LIB_OSSL, 1, 0,
	"EVP_MAC_CTX_new(prefetched HMAC) + EVP_MAC_init(key, digest param) + update(len bytes) + "
	"final + EVP_MAC_CTX_free", setup_o_hmac_pre, run_o_hmac_new_init_final, teardown_o_hmac };
static const kind O_mac_fif = { "MacBench", "fetchInitFinal", LIB_OSSL, 1, 0,
	"EVP_MAC_fetch(\"HMAC\") + the newInitFinal row + EVP_MAC_free (full)",
	setup_o_hmac_pre, run_o_hmac_fetch_init_final, teardown_o_hmac };
static const kind O_mac_fetch = { "GetMac", "fetchNewInit", LIB_OSSL, 1, 0,
	"EVP_MAC_fetch(\"HMAC\") + EVP_MAC_CTX_new + EVP_MAC_init(32-byte key, digest=SHA256) + "
	"EVP_MAC_CTX_free + EVP_MAC_free (full)", setup_o_hmac_pre, run_o_hmac_fetch_init,
	teardown_o_hmac };
static const kind O_mac_new = { "GetMac", "newInit", LIB_OSSL, 1, 0,
	"the same with a prefetched EVP_MAC", setup_o_hmac_pre, run_o_hmac_new_init, teardown_o_hmac };
static const kind O_mac_dup = { "GetMac", "dup", LIB_OSSL, 1, 0,
	"EVP_MAC_CTX_dup(keyed ctx) + EVP_MAC_CTX_free", setup_o_hmac, run_o_hmac_dup, teardown_o_hmac };
#endif

/* ---- the rows ---- */

static void rows_mac(void)
{
	static const size_t mac_lens[] = { 128, 1024, 16384 };
	param p;
	int j;

	for (size_t i = 0; i < NHMACS; i++) {
		for (size_t l = 0; l < sizeof mac_lens / sizeof mac_lens[0]; l++) {
			p = (param){ .alg = hmacs[i].jca, .oalg = hmacs[i].digest_ossl,
			             .len = mac_lens[l], .keylen = 32 };
			j = add_row(&K_mac, p, -1);
			ADD_OSSL(&O_mac, p, j);
		}
	}
	for (size_t i = 0; i < NHMACS; i++) {
		p = (param){ .alg = hmacs[i].jca, .oalg = hmacs[i].digest_ossl, .len = 128, .keylen = 32 };
		j = add_row(&K_mac_gif, p, -1);
		ADD_OSSL(&O_mac_nif, p, j);
		ADD_OSSL(&O_mac_fif, p, j);
	}
	p = (param){ .alg = "HmacSHA256", .oalg = "SHA256", .keylen = 32 };
	j = add_row(&K_mac_gi, p, -1);
	ADD_OSSL(&O_mac_fetch, p, j);
	ADD_OSSL(&O_mac_new, p, j);
	j = add_row(&K_mac_clone, p, -1);
	ADD_OSSL(&O_mac_dup, p, j);
}

static const char *mac_impl(const char *alg)
{
	const jca_provider *p;

	for (size_t i = 0; jca_provider_at(i, &p) == 0; i++) {
		const jca_service *s;

		for (size_t j = 0; jca_provider_service_at(p, j, &s) == 0; j++)
			if (jca_service_type_of(s) == JCA_MAC && !strcmp(jca_service_algorithm(s), alg))
				return jca_service_attribute(s, "Implementation");
	}
	return "?";
}

static void impls_mac(void (*item)(const char *name, const char *impl))
{
	for (size_t i = 0; i < NHMACS; i++)
		item(hmacs[i].jca, mac_impl(hmacs[i].jca));
}

static void cross_check_mac(int *ok, int *bad)
{
#ifdef HAVE_OPENSSL
	uint8_t in[1000], a[128], o[128], key[32];

	for (size_t i = 0; i < sizeof in; i++)
		in[i] = (uint8_t)(i * 7 + 3);
	for (size_t i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(i + 1);
	for (size_t i = 0; i < NHMACS; i++) {
		mac_ctx *m = mac_get_instance(hmacs[i].jca);
		size_t olen = 0, n;
		int alen = -1;

		if (m && mac_init(m, key, sizeof key) == 0 && mac_update(m, in, sizeof in) == 0 &&
		    mac_do_final(m, a, sizeof a, &n) == 0)
			alen = (int)n;
		if (!EVP_Q_mac(NULL, "HMAC", NULL, hmacs[i].digest_ossl, NULL, key, sizeof key, in, sizeof in,
		               o, sizeof o, &olen) ||
		    alen < 0 || (size_t)alen != olen || memcmp(a, o, olen)) {
			printf("# cross-check: %s DIFFERS or failed\n", hmacs[i].jca);
			(*bad)++;
		} else {
			(*ok)++;
		}
		mac_free(m);
	}
#else
	(void)ok;
	(void)bad;
#endif
}

const bench_family bench_family_mac = { "Mac", rows_mac, impls_mac, cross_check_mac, NULL };
