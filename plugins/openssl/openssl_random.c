/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_random.c - the OpenSSL bridge's SecureRandom "OpenSSL-CTR-DRBG":
 * OpenSSL 3's own SP 800-90A CTR_DRBG (EVP_RAND "CTR-DRBG" over AES-128,
 * AES-192 or AES-256 in CTR mode, with or without the derivation
 * function) behind libjca's jca_random_impl, as a deterministic DRBG
 * (JCA_RANDOM_DETERMINISTIC).
 *
 * Seeding: from the entropy the host passes, not from OpenSSL's SEED-SRC.
 * Why: libjca's engine then owns the entropy source (the kernel, or the
 * application's random_params.entropy), the reseed schedule, fork safety
 * and prediction resistance exactly as for the built-in DRBG, so the two
 * are interchangeable; and a deterministic instantiation lets the NIST
 * CAVP CTR_DRBG vectors check OpenSSL's DRBG through libjca
 * (tests/check_random.c). How: each instance's DRBG has a parent of its
 * own, an EVP_RAND "TEST-RAND" whose test entropy and nonce are set to
 * what instantiate receives just before the child instantiates (the child
 * draws its seed from its parent); reseeds go the same way (entropy
 * handed to EVP_RAND_reseed directly would be followed by a second reseed
 * from the parent). OpenSSL's own reseed triggers (request count,
 * time) are switched off: the engine schedules reseeds. The parent's copy
 * of the seed is replaced by zeros once the child has it.
 *
 * Only CTR_DRBG: Hash_DRBG and HMAC_DRBG (OpenSSL has them too) are the
 * built-in "DRBG"'s; asking this one for them gives JCA_UNSUPPORTED.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <jca/plugin.h>

#include "openssl_bridge.h"

static EVP_RAND *ctr_drbg, *test_rand;

int ossl__drbg_load(void)
{
	if (!(ctr_drbg = EVP_RAND_fetch(NULL, "CTR-DRBG", NULL))) {
		ossl__fetch_failed("random generator", "CTR-DRBG");
		return -1;
	}
	if (!(test_rand = EVP_RAND_fetch(NULL, "TEST-RAND", NULL))) {
		ossl__fetch_failed("random generator", "TEST-RAND");
		return -1;
	}
	return 0;
}

void ossl__drbg_free(void)
{
	EVP_RAND_free(ctr_drbg);
	EVP_RAND_free(test_rand);
	ctr_drbg = test_rand = NULL;
}

typedef struct drbg_ctx {
	EVP_RAND_CTX *parent;          /* TEST-RAND: hands the host's seed to drbg */
	EVP_RAND_CTX *drbg;            /* CTR-DRBG */
	unsigned strength;
} drbg_ctx;

/* The uninstantiate: EVP_RAND_CTX_free uninstantiates and zeroises. */
static void drbg_cleanup(void *ctx)
{
	drbg_ctx *c = ctx;

	EVP_RAND_CTX_free(c->drbg);
	EVP_RAND_CTX_free(c->parent);
	c->drbg = c->parent = NULL;
}

/* Sets the parent's test entropy and nonce (NULL: zeros of the same
 * lengths, to overwrite a seed once used). */
static int set_seed(EVP_RAND_CTX *parent, const uint8_t *ent, size_t ent_len, const uint8_t *nonce,
                    size_t nonce_len)
{
	static const uint8_t zeros[512];
	OSSL_PARAM p[3];
	size_t n = 0;

	if (ent_len > sizeof zeros || nonce_len > sizeof zeros)
		return 0;
	p[n++] = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_ENTROPY,
	                                           (void *)(ent ? ent : zeros), ent_len);
	if (nonce_len)
		p[n++] = OSSL_PARAM_construct_octet_string(OSSL_RAND_PARAM_TEST_NONCE,
		                                           (void *)(nonce ? nonce : zeros), nonce_len);
	p[n] = OSSL_PARAM_construct_end();
	return EVP_RAND_CTX_set_params(parent, p);
}

static int refuse(int code, const char *why)
{
	if (ossl__set_error)
		ossl__set_error(why);
	return code;
}

static int drbg_instantiate(void *ctx, const jca_random_args *a)
{
	static const unsigned char no_pers[1];
	drbg_ctx *c = ctx;
	unsigned parent_strength = 256, zero = 0;
	uint64_t zero_time = 0;
	int use_df;
	const char *cipher;
	OSSL_PARAM p[5];

	if (a->struct_size < offsetof(jca_random_args, personalization_len) + sizeof(size_t))
		return refuse(-1, "OpenSSL-CTR-DRBG: arguments from a host too old");
	if (a->mechanism != JCA_DRBG_CTR)
		return refuse(JCA_UNSUPPORTED, "OpenSSL-CTR-DRBG runs CTR_DRBG only (Hash_DRBG and HMAC_DRBG: "
		              "the built-in DRBG)");
	cipher = !strcmp(a->algorithm, "AES-128") ? "AES-128-CTR" : !strcmp(a->algorithm, "AES-192") ? "AES-192-CTR"
	         : !strcmp(a->algorithm, "AES-256") ? "AES-256-CTR" : NULL;
	if (!cipher)
		return refuse(JCA_UNSUPPORTED, "OpenSSL-CTR-DRBG runs on AES-128, AES-192 or AES-256");
	drbg_cleanup(c);
	if (!(c->parent = EVP_RAND_CTX_new(test_rand, NULL)))
		return ossl__failed("EVP_RAND_CTX_new(TEST-RAND)");
	p[0] = OSSL_PARAM_construct_uint(OSSL_RAND_PARAM_STRENGTH, &parent_strength);
	p[1] = OSSL_PARAM_construct_end();
	if (!EVP_RAND_CTX_set_params(c->parent, p) || !set_seed(c->parent, a->entropy, a->entropy_len, a->nonce,
	                                                        a->nonce_len) ||
	    !EVP_RAND_instantiate(c->parent, parent_strength, 0, NULL, 0, NULL))
		goto fail;
	if (!(c->drbg = EVP_RAND_CTX_new(ctr_drbg, c->parent)))
		goto fail;
	use_df = a->use_df != 0;
	p[0] = OSSL_PARAM_construct_utf8_string(OSSL_DRBG_PARAM_CIPHER, (char *)cipher, 0);
	p[1] = OSSL_PARAM_construct_int(OSSL_DRBG_PARAM_USE_DF, &use_df);
	p[2] = OSSL_PARAM_construct_uint(OSSL_DRBG_PARAM_RESEED_REQUESTS, &zero);
	p[3] = OSSL_PARAM_construct_uint64(OSSL_DRBG_PARAM_RESEED_TIME_INTERVAL, &zero_time);
	p[4] = OSSL_PARAM_construct_end();
	/* never NULL: OpenSSL puts its own personalization string in for NULL
	 * (the NIST vectors' empty ones would not match) */
	if (!EVP_RAND_CTX_set_params(c->drbg, p) ||
	    !EVP_RAND_instantiate(c->drbg, a->strength, 0, a->personalization_len ? a->personalization : no_pers,
	                          a->personalization_len, NULL))
		goto fail;
	if (!set_seed(c->parent, NULL, a->entropy_len, NULL, a->nonce_len))
		goto fail;
	c->strength = a->strength;
	return 0;
fail:
	drbg_cleanup(c);
	return ossl__failed("instantiating CTR-DRBG");
}

static int drbg_generate(void *ctx, void *out, size_t len, const void *add, size_t add_len)
{
	drbg_ctx *c = ctx;

	if (!c->drbg)
		return -1;
	if (!EVP_RAND_generate(c->drbg, out, len, c->strength, 0, add, add_len))
		return ossl__failed("EVP_RAND_generate(CTR-DRBG)");
	return 0;
}

static int drbg_reseed(void *ctx, const void *ent, size_t ent_len, const void *add, size_t add_len)
{
	drbg_ctx *c = ctx;

	if (!c->drbg)
		return -1;
	/* through the parent, as at instantiation: handed to EVP_RAND_reseed
	 * directly, OpenSSL would reseed a second time from the parent */
	if (!set_seed(c->parent, ent, ent_len, NULL, 0) || !EVP_RAND_reseed(c->drbg, 0, NULL, 0, add, add_len)) {
		set_seed(c->parent, NULL, ent_len, NULL, 0);
		return ossl__failed("EVP_RAND_reseed(CTR-DRBG)");
	}
	if (!set_seed(c->parent, NULL, ent_len, NULL, 0))
		return ossl__failed("clearing the seed");
	return 0;
}

static const jca_random_impl drbg_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_random_impl, "openssl-ctr-drbg", JCA_PRIO_GENERIC, NULL,
	                                sizeof(drbg_ctx), NULL, NULL, drbg_cleanup),
	.flags = JCA_RANDOM_DETERMINISTIC,
	.instantiate = drbg_instantiate,
	.generate = drbg_generate,
	.reseed = drbg_reseed,
};
static const jca_impl *const drbg_impls[] = { &drbg_impl.base, NULL };
static const jca_attr drbg_attrs[] = {
	{ "Mechanisms", "CTR_DRBG" },
	{ "DefaultMechanism", "CTR_DRBG,AES-256,256,reseed_only,use_df" },
	{ "ThreadSafe", "false" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
const jca_service_desc ossl__svc_drbg = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM, .algorithm = "OpenSSL-CTR-DRBG",
	.attributes = drbg_attrs, .impls = drbg_impls
};
