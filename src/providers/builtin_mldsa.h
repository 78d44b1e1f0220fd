/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider's ML-DSA (FIPS 204): what its keys
 * (builtin_mldsa_key.c: KeyFactory, KeyPairGenerator) and its Signature
 * (builtin_mldsa_sig.c) share. One implementation per Keccak backend
 * (JCA__BACKENDS_keccak), as SHA-3's.
 */
#ifndef JCA_BUILTIN_MLDSA_H
#define JCA_BUILTIN_MLDSA_H

#include "builtin.h"
#include "../algs/mldsa.h"

/* One key of a parameter set. A private key always holds its expanded
 * form sk (from the seed when it was given as one), its public key pk and
 * tr = H(pk); the seed when it is known. */
typedef struct jca__mldsa_key {
	unsigned level;            /* 44, 65, 87 */
	int has_priv;
	int has_seed;
	int form;                  /* the PKCS#8 private-key form to write (enum jca__mldsa_form) */
	uint8_t seed[JCA__MLDSA_SEED_LEN];
	uint8_t tr[JCA__MLDSA_TR_LEN];
	uint8_t pk[JCA__MLDSA_PK_MAX];
	uint8_t sk[JCA__MLDSA_SK_MAX];
} jca__mldsa_key;

/* The three parameter sets: X(level, name macro suffix). */
#define JCA__MLDSA_LEVELS(X, ...) \
	X(44, __VA_ARGS__) \
	X(65, __VA_ARGS__) \
	X(87, __VA_ARGS__)

#endif
