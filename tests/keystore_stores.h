/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Two test stores for check_keystore ("alpha" and "beta"): providers whose
 * KeyStore "PKCS11" keeps non-extractable keys in memory, with a
 * KeyFactory, KeyPairGenerator and Signature "Ed25519" over them: the
 * "vault" keys of vault_keys.h.
 */
#ifndef JCA_TESTS_KEYSTORE_STORES_H
#define JCA_TESTS_KEYSTORE_STORES_H

#include <stdint.h>

#include "jca.h"
#include "vault_keys.h"

typedef struct sentry {
	unsigned kind;
	char alias[256];
	uint8_t id[4];
	vkey key;
} sentry;

typedef struct store {
	const char *token;
	sentry e[8];
	size_t n;
	int opens;
} store;

extern store st_alpha, st_beta;

/* Adds both providers (empty stores), and removes them. */
void ks_add_stores(void);
void ks_remove_stores(void);
/* Puts an entry into a store directly (k NULL: no key material). */
void ks_put(store *st, unsigned kind, const char *alias, const vkey *k, uint32_t id);

#endif
