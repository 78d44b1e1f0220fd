/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_keygen.c - the "openssl" bridge's KeyPairGenerator services (ABI
 * 3.2): new key pairs from OpenSSL 3's EVP_PKEY_generate (OpenSSL's own
 * random source), into the key contexts of openssl_pkey.c's KeyFactory
 * services (ossl__key).
 *
 *   EC          "secp256r1" ("prime256v1", "P-256"; the default),
 *               "secp384r1" ("P-384"), "secp521r1" ("P-521")
 *   RSA         "2048", "3072" (the default), "4096" bits, e = 65537
 *   RSASSA-PSS  the same sizes, keys under id-RSASSA-PSS without parameters
 *   Ed25519, X25519  no parameters
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/evp.h>
#include <openssl/rsa.h>

#include <jca/plugin.h>
#include <jca/names.h>

#include "openssl_bridge.h"

#define RSA_DEFAULT_BITS 3072

enum { G_EC, G_RSA, G_RSA_PSS, G_ED25519, G_X25519 };

/* OpenSSL's key types */
static const char *const ossl_type[] = {
	[G_EC] = "EC", [G_RSA] = "RSA", [G_RSA_PSS] = "RSA-PSS", [G_ED25519] = "ED25519", [G_X25519] = "X25519",
};

/* The parameters, as init chose them (zero until then: the defaults). */
typedef struct kpg_ctx {
	const char *group;         /* EC: OpenSSL's group name */
	unsigned bits;             /* RSA, RSASSA-PSS */
} kpg_ctx;

static int kpg_init(int alg, void *ctx, const char *spec)
{
	static const struct { const char *name, *group; } ec_names[] = {
		{ "secp256r1", "P-256" }, { "prime256v1", "P-256" }, { "P-256", "P-256" },
		{ "secp384r1", "P-384" }, { "P-384", "P-384" }, { "secp521r1", "P-521" }, { "P-521", "P-521" },
	};
	kpg_ctx *g = ctx;
	size_t i;

	if (alg == G_EC) {
		if (!spec) {
			g->group = "P-256";
			return 0;
		}
		for (i = 0; i < sizeof ec_names / sizeof ec_names[0]; i++)
			if (!strcasecmp(spec, ec_names[i].name)) {
				g->group = ec_names[i].group;
				return 0;
			}
		return ossl__refused("EC: the curves are secp256r1 (P-256, prime256v1), secp384r1 (P-384), "
		                     "secp521r1 (P-521)");
	}
	if (alg == G_RSA || alg == G_RSA_PSS) {
		if (!spec) {
			g->bits = RSA_DEFAULT_BITS;
			return 0;
		}
		if (!strcmp(spec, "2048") || !strcmp(spec, "3072") || !strcmp(spec, "4096")) {
			g->bits = (unsigned)atoi(spec);
			return 0;
		}
		return ossl__refused("RSA: the generator makes keys of 2048, 3072 or 4096 bits");
	}
	return spec ? ossl__refused("Ed25519 and X25519 take no parameters") : 0;
}

static int kpg_generate(int alg, void *ctx, void *priv, jca_key_info *priv_info, void *pub, jca_key_info *pub_info)
{
	kpg_ctx *g = ctx;
	ossl__key *kp = priv, *kq = pub;
	EVP_PKEY_CTX *c;
	EVP_PKEY *pkey = NULL;
	int ok;

	if (kp->pkey || (kq && kq->pkey))
		return ossl__failed_why("KeyPairGenerator: used key contexts");
	if (!(c = EVP_PKEY_CTX_new_from_name(NULL, ossl_type[alg], NULL)))
		return ossl__failed("EVP_PKEY_CTX_new_from_name");
	ok = EVP_PKEY_keygen_init(c) == 1;
	if (ok && alg == G_EC)
		ok = EVP_PKEY_CTX_set_group_name(c, g->group ? g->group : "P-256") == 1;
	if (ok && (alg == G_RSA || alg == G_RSA_PSS))
		ok = EVP_PKEY_CTX_set_rsa_keygen_bits(c, g->bits ? (int)g->bits : RSA_DEFAULT_BITS) == 1;
	ok = ok && EVP_PKEY_generate(c, &pkey) == 1;
	EVP_PKEY_CTX_free(c);
	if (!ok)
		return ossl__failed("EVP_PKEY_generate");
	if (kq && !(kq->pkey = ossl__public_copy(pkey))) {
		EVP_PKEY_free(pkey);
		return ossl__failed("the public half of the key");
	}
	kp->pkey = pkey;
	kp->kind = JCA_KEY_PRIVATE;
	ossl__key_info(pkey, JCA_KEY_PRIVATE, priv_info);
	if (kq) {
		kq->kind = JCA_KEY_PUBLIC;
		ossl__key_info(kq->pkey, JCA_KEY_PUBLIC, pub_info);
	}
	return 0;
}

#define KPG_SERVICE(id, low, jname, names_list)                                                                   \
	static int kpg_init_##low(void *ctx, const char *spec) { return kpg_init(id, ctx, spec); }                   \
	static int kpg_generate_##low(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)         \
	{                                                                                                           \
		return kpg_generate(id, ctx, priv, pi, pub, qi);                                                    \
	}                                                                                                           \
	static const jca_keypairgen_impl kpg_impl_##low = {                                                         \
		.base = JCA_IMPL_BASE(jca_keypairgen_impl, #low "-openssl", JCA_PRIO_GENERIC, NULL, sizeof(kpg_ctx)), \
		.key_algorithm = jname, .init = kpg_init_##low, .generate = kpg_generate_##low,                     \
	};                                                                                                          \
	static const jca_impl *const kpg_impls_##low[] = { &kpg_impl_##low.base, NULL };                            \
	static const char *const names_##low[] = { names_list, NULL };                                              \
	const jca_service_desc ossl__svc_kpg_##low = { .struct_size = sizeof(jca_service_desc),                     \
		.type = JCA_KEY_PAIR_GENERATOR, .algorithm = jname, .aliases = names_##low,                          \
		.attributes = kpg_attrs, .impls = kpg_impls_##low };

static const jca_attr kpg_attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

KPG_SERVICE(G_EC, ec, JCA_NAME_KEY_EC, JCA_NAMES_KEY_EC)
KPG_SERVICE(G_RSA, rsa, JCA_NAME_KEY_RSA, JCA_NAMES_KEY_RSA)
KPG_SERVICE(G_RSA_PSS, rsa_pss, JCA_NAME_KEY_RSA_PSS, JCA_NAMES_KEY_RSA_PSS)
KPG_SERVICE(G_ED25519, ed25519, JCA_NAME_KEY_ED25519, JCA_NAMES_KEY_ED25519)
KPG_SERVICE(G_X25519, x25519, JCA_NAME_KEY_X25519, JCA_NAMES_KEY_X25519)
