/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_random.h - the PKCS#11 plugin's SecureRandom "PKCS11-RNG": the
 * token's random number generator (C_GenerateRandom) behind
 * jca_random_impl (p11_random.c). Not installed.
 */
#ifndef JCA_P11_RANDOM_H
#define JCA_P11_RANDOM_H

#include <jca/provider.h>

#include "p11.h"

/* The service of one token, built at load beside its other services and
 * never changed afterwards. */
typedef struct p11_rng_service {
	jca_random_impl impl;
	const jca_impl *list[2];
	jca_attr attrs[4];
	char impl_name[96];           /* "rng-<provider>" */
	char about[224];              /* "Token": what the token is */
	jca_service_desc svc;
} p11_rng_service;

/* Fills r if token t has a generator (CKF_RNG in its token flags): 1, or
 * 0 (the token offers none: no service). provider: the provider's name,
 * for the implementation's name; set_error: the host's, for the reason
 * of a failed request. */
int p11_rng_build(p11_rng_service *r, p11_token *t, const char *provider, void (*set_error)(const char *));

/* The token of a provider context (pkcs11.c: the per-token instance the
 * entry hands to the host as its provctx). */
p11_token *pkcs11_provctx_token(void *provctx);

#endif
