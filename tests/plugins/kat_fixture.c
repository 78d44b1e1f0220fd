/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Test plugins whose answers are wrong, one source built in variants
 * (-DVARIANT_*): the host must refuse each at load with its own known
 * answers (src/api/md_kat.c and its siblings), naming the algorithm and the vector. None
 * ships a vector of its own.
 *   VARIANT_MD        MessageDigest "SHA-256" that computes something else
 *   VARIANT_SIG_ALL   Signature "Ed25519" whose verify accepts everything
 *   VARIANT_SIG_NONE  Signature "Ed25519" whose verify refuses everything
 *   VARIANT_DRBG      SecureRandom "DRBG" (deterministic) that writes zeros
 *   VARIANT_GOOD_DRBG SecureRandom "DRBG-ZERO" (no host table): loads
 * Tests only.
 */
#include <stdint.h>
#include <string.h>

#include "jca/plugin.h"

#define EXPORT __attribute__((visibility("default")))

#if defined(VARIANT_MD)
/* ---- a digest of 32 bytes of running sums ---- */
typedef struct {
	uint32_t a, b;
} sums_ctx;

static int sums_init(void *c)
{
	((sums_ctx *)c)->a = 1;
	((sums_ctx *)c)->b = 0;
	return 0;
}

static int sums_update(void *c, const void *in, size_t len)
{
	sums_ctx *t = c;
	const uint8_t *p = in;

	while (len--) {
		t->a = (t->a + *p++) % 65521;
		t->b = (t->b + t->a) % 65521;
	}
	return 0;
}

static int sums_final(void *c, void *out, size_t len)
{
	sums_ctx *t = c;

	memset(out, 0, len);
	memcpy(out, t, len < sizeof *t ? len : sizeof *t);
	return 0;
}

static const jca_md_impl sums_impl = {
	.base = JCA_IMPL_BASE(jca_md_impl, "sums-katfixture", JCA_PRIO_GENERIC, NULL, sizeof(sums_ctx)),
	.digest_size = 32, .block_size = 64, .init = sums_init, .update = sums_update, .final = sums_final
};
static const jca_impl *const md_impls[] = { &sums_impl.base, NULL };
static const jca_service_desc svc_md = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_MESSAGE_DIGEST, .algorithm = "SHA-256",
	.impls = md_impls
};

#endif

#if defined(VARIANT_SIG_ALL) || defined(VARIANT_SIG_NONE)
/* ---- Ed25519 keys kept as their DER, a verify that does not look ---- */
typedef struct {
	size_t len;
	uint8_t der[128];
} der_key;

static int key_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	der_key *k = key;

	(void)enc;
	if (len > sizeof k->der)
		return JCA_REFUSED;
	memcpy(k->der, in, len);
	k->len = len;
	info->kind = kind;
	info->extractable = 0;
	info->bits = 255;
	info->params = NULL;
	return 0;
}

static int key_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	(void)key, (void)enc, (void)out, (void)cap, (void)len;
	return JCA_REFUSED;
}

static int key_public(void *pub, const void *priv, jca_key_info *info)
{
	(void)pub, (void)priv, (void)info;
	return JCA_REFUSED;
}

static const jca_keyfactory_impl kf_impl = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "ed25519-katfixture", JCA_PRIO_GENERIC, NULL, sizeof(der_key)),
	.decode = key_decode, .encode = key_encode, .public_key = key_public
};
static const jca_impl *const kf_impls[] = { &kf_impl.base, NULL };
static const jca_service_desc svc_kf = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KEY_FACTORY, .algorithm = "Ed25519", .impls = kf_impls
};

typedef struct {
	int x;
} sig_ctx;

static int sig_init(void *ctx, unsigned purpose, const void *key, size_t *sig_max)
{
	(void)ctx, (void)purpose, (void)key;
	*sig_max = 64;
	return 0;
}

static int sig_sign(void *ctx, const uint8_t *msg, size_t msg_len, uint8_t *sig, size_t *sig_len)
{
	(void)ctx, (void)msg, (void)msg_len, (void)sig, (void)sig_len;
	return -1;
}

static int sig_verify(void *ctx, const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len)
{
	(void)ctx, (void)msg, (void)msg_len, (void)sig, (void)sig_len;
#ifdef VARIANT_SIG_NONE
	return JCA_REFUSED;
#else
	return 0;
#endif
}

static const jca_signature_impl sig_impl = {
	.base = JCA_IMPL_BASE(jca_signature_impl, "ed25519-katfixture", JCA_PRIO_GENERIC, NULL, sizeof(sig_ctx)),
	.key_algorithm = "Ed25519", .init = sig_init, .sign = sig_sign, .verify = sig_verify
};
static const jca_impl *const sig_impls[] = { &sig_impl.base, NULL };
static const jca_service_desc svc_sig = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_SIGNATURE, .algorithm = "Ed25519", .impls = sig_impls
};

#endif

#if defined(VARIANT_DRBG) || defined(VARIANT_GOOD_DRBG)
/* ---- a deterministic generator that writes zeros ---- */
typedef struct {
	int ready;
} zero_ctx;

static int zero_instantiate(void *ctx, const jca_random_args *a)
{
	(void)a;
	((zero_ctx *)ctx)->ready = 1;
	return 0;
}

static int zero_generate(void *ctx, void *out, size_t len, const void *addin, size_t addin_len)
{
	(void)ctx, (void)addin, (void)addin_len;
	memset(out, 0, len);
	return 0;
}

static int zero_reseed(void *ctx, const void *entropy, size_t entropy_len, const void *addin, size_t addin_len)
{
	(void)ctx, (void)entropy, (void)entropy_len, (void)addin, (void)addin_len;
	return 0;
}

static const jca_random_impl zero_impl = {
	.base = JCA_IMPL_BASE(jca_random_impl, "zero-katfixture", JCA_PRIO_GENERIC, NULL, sizeof(zero_ctx)),
	.flags = JCA_RANDOM_DETERMINISTIC, .instantiate = zero_instantiate, .generate = zero_generate,
	.reseed = zero_reseed
};
static const jca_impl *const zero_impls[] = { &zero_impl.base, NULL };
static const jca_service_desc svc_drbg = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM,
#ifdef VARIANT_GOOD_DRBG
	.algorithm = "DRBG-ZERO",
#else
	.algorithm = "DRBG",
#endif
	.impls = zero_impls
};

#endif

static const jca_service_desc *const services[] = {
#if defined(VARIANT_MD)
	&svc_md,
#elif defined(VARIANT_SIG_ALL) || defined(VARIANT_SIG_NONE)
	&svc_sig, &svc_kf,           /* the Signature first: its KeyFactory comes after */
#else
	&svc_drbg,
#endif
	NULL
};

static const jca_provider_desc desc = {
	.abi_version = JCA_ABI_VERSION, .struct_size = sizeof(jca_provider_desc), .name = "testkat",
	.version = "1.0", .description = "known answers that are wrong", .services = services
};

JCA_PLUGIN_ENTRY(host, out, provctx)
{
	(void)provctx;
	if (!jca_host_compatible(host))
		return 1;
	*out = &desc;
	return 0;
}
