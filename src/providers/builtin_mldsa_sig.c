/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider's Signature ML-DSA-44, ML-DSA-65, ML-DSA-87: pure
 * ML-DSA (FIPS 204 Algorithms 2 and 3) over the keys of
 * builtin_mldsa_key.c.
 *
 * The message is never held: init starts mu = H(tr || 0 || |ctx| || ctx
 * || M, 64) and update feeds M to its SHAKE256 context; sign and verify
 * squeeze mu and start the next one. Parameters (jca/names.h):
 * "context", the context string in hex (at most 255 bytes; empty by
 * default), set before the message; "deterministic", "true" or "false":
 * rnd all zero, or (the default, hedged) 32 bytes from jca_random().
 */
#include <string.h>

#include "builtin_mldsa.h"
#include "jca/names.h"
#include "jca/random.h"
#include "../util/ascii.h"
#include "../util/mem.h"

#define CTX_MAX 255

typedef struct sig_ctx {
	const jca__keccak_backend *kb;
	unsigned level;
	const jca__mldsa_key *key;         /* NULL before init */
	int deterministic;
	int fed;                           /* update gave bytes since mu started */
	size_t ctx_len;
	uint8_t ctx[CTX_MAX];
	jca__keccak_ctx mu;
} sig_ctx;

static void mu_start(sig_ctx *s)
{
	s->fed = 0;
	if (s->key)
		(void)jca__mldsa_mu_start(s->kb, &s->mu, s->key->tr, s->ctx, s->ctx_len);
}

static int sig_init(void *ctx, const void *key, size_t *sig_max, const jca__keccak_backend *kb, unsigned level)
{
	sig_ctx *s = ctx;
	const jca__mldsa_key *k = key;

	if (k->level != level)
		return jca__builtin_refuse("the key is of another ML-DSA parameter set");
	s->kb = kb;
	s->level = level;
	s->key = k;
	*sig_max = jca__mldsa_sig_len(level);
	mu_start(s);
	return 0;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int set_context(sig_ctx *s, const char *hex)
{
	size_t n = strlen(hex), i;
	int hi, lo;

	if (n % 2)
		return jca__builtin_refuse("the context is hex, two digits a byte");
	if (n / 2 > CTX_MAX)
		return jca__builtin_refuse("the context is at most 255 bytes (FIPS 204)");
	for (i = 0; i < n / 2; i++) {
		if ((hi = hex_digit(hex[2 * i])) < 0 || (lo = hex_digit(hex[2 * i + 1])) < 0)
			return jca__builtin_refuse("the context is hex, two digits a byte");
		s->ctx[i] = (uint8_t)(hi << 4 | lo);
	}
	s->ctx_len = n / 2;
	return 0;
}

static int sig_set_param(void *ctx, const char *name, const char *value)
{
	sig_ctx *s = ctx;
	int rc;

	if (s->fed)
		return jca__builtin_refuse("parameters are set before the message");
	if (jca__name_eq(name, "context")) {
		if ((rc = set_context(s, value)) != 0)
			return rc;
	} else if (jca__name_eq(name, "deterministic")) {
		if (jca__name_eq(value, "true") || !strcmp(value, "1"))
			s->deterministic = 1;
		else if (jca__name_eq(value, "false") || !strcmp(value, "0"))
			s->deterministic = 0;
		else
			return jca__builtin_refuse("deterministic is \"true\" or \"false\"");
	} else {
		return jca__builtin_refuse("ML-DSA takes \"context\" and \"deterministic\"");
	}
	mu_start(s);
	return 0;
}

static int sig_update(void *ctx, const uint8_t *in, size_t len)
{
	sig_ctx *s = ctx;

	s->fed = 1;
	return jca__keccak_update(&s->mu, in, len) == 0 ? 0 : -1;
}

static int sig_sign(void *ctx, const uint8_t *msg, size_t msg_len, uint8_t *sig, size_t *sig_len)
{
	sig_ctx *s = ctx;
	uint8_t mu[JCA__MLDSA_MU_LEN], rnd[JCA__MLDSA_RND_LEN];
	int rc = -1;

	(void)msg;
	(void)msg_len;
	memset(rnd, 0, sizeof rnd);
	if (jca__keccak_final(&s->mu, mu, sizeof mu) == 0 && (s->deterministic || jca_random(rnd, sizeof rnd) == 0))
		rc = jca__mldsa_sign_mu(s->kb, s->level, sig, s->key->sk, mu, rnd);
	*sig_len = jca__mldsa_sig_len(s->level);
	jca__wipe(rnd, sizeof rnd);
	jca__wipe(mu, sizeof mu);
	mu_start(s);
	return rc == 0 ? 0 : -1;
}

static int sig_verify(void *ctx, const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len)
{
	sig_ctx *s = ctx;
	uint8_t mu[JCA__MLDSA_MU_LEN];
	int rc = -1;

	(void)msg;
	(void)msg_len;
	if (jca__keccak_final(&s->mu, mu, sizeof mu) != 0) {
		mu_start(s);
		return -1;
	}
	if (sig_len == jca__mldsa_sig_len(s->level))
		rc = jca__mldsa_verify_mu(s->kb, s->level, sig, sig_len, s->key->pk, mu);
	mu_start(s);
	if (rc != 0)
		return jca__builtin_refuse(sig_len == jca__mldsa_sig_len(s->level) ? ""
		                           : "not the length of this parameter set's signatures");
	return 0;
}

#define SIG_IMPL(lv, be, prio, avail, kbp) \
	static int sig_init_##lv##_##be(void *ctx, unsigned purpose, const void *key, size_t *max) \
	{ \
		(void)purpose; \
		return sig_init(ctx, key, max, kbp, lv); \
	} \
	static const jca_signature_impl sig_##lv##_##be = { \
		.base = JCA_IMPL_BASE(jca_signature_impl, "ml-dsa-" #lv "-" #be, prio, avail, sizeof(sig_ctx)), \
		.key_algorithm = JCA_NAME_KEY_ML_DSA_##lv, .init = sig_init_##lv##_##be, \
		.set_param = sig_set_param, .update = sig_update, .sign = sig_sign, .verify = sig_verify, \
	};
#define LEVEL_IMPLS(lv, _) JCA__BACKENDS_keccak(SIG_IMPL, lv)
JCA__MLDSA_LEVELS(LEVEL_IMPLS, _)

#define REF_SIG(lv, be, ...) &sig_##lv##_##be.base,
static const jca_attr attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

#define SERVICE(lv, _) \
	static const jca_impl *const sig_##lv##_impls[] = { JCA__BACKENDS_keccak(REF_SIG, lv) NULL }; \
	static const char *const names_##lv[] = { JCA_NAMES_SIG_ML_DSA_##lv, NULL }; \
	const jca_service_desc jca__svc_sig_ml_dsa_##lv = { \
		.struct_size = sizeof(jca_service_desc), .type = JCA_SIGNATURE, \
		.algorithm = JCA_NAME_SIG_ML_DSA_##lv, .aliases = names_##lv, .attributes = attrs, \
		.impls = sig_##lv##_impls, \
	};
JCA__MLDSA_LEVELS(SERVICE, _)
