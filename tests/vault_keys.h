/* SPDX-License-Identifier: Apache-2.0 */
/*
 * "vault" keys for the tests (check_pkey, check_keystore): a KeyFactory,
 * KeyPairGenerator and Signature "Ed25519" of a test provider whose
 * private keys never leave it. Its Ed25519 is the built-in provider's,
 * reached through the public API (the host tests every Ed25519 Signature
 * at load with its own vector): what is tested is which provider the
 * engines choose. The tests build their providers' service
 * descriptors over these tables.
 */
#ifndef JCA_TESTS_VAULT_KEYS_H
#define JCA_TESTS_VAULT_KEYS_H

#include <stdint.h>

#include "jca.h"

typedef struct vkey {
	uint8_t seed[32], pub[32];
	int priv;
} vkey;

typedef struct vsig {
	const vkey *key;
} vsig;

extern const jca_keyfactory_impl vault_kf;
extern const jca_keypairgen_impl vault_kpg;
extern const jca_signature_impl vault_sig;
/* The Signature's functions, for tables of other shapes (check_pkey's
 * "brittle" one). */
int vault_sig_init(void *ctx, unsigned purpose, const void *key, size_t *max);
int vault_sign(void *ctx, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len);
int vault_verify(void *ctx, const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len);

#endif
