/* SPDX-License-Identifier: Apache-2.0 */
/* What check_kem.c and check_kem_keys.c share. */
#ifndef JCA_TESTS_CHECK_KEM_H
#define JCA_TESTS_CHECK_KEM_H

#include <stddef.h>
#include <stdint.h>

#include "jca.h"

/* The KEMs: name, alias, OID and the sizes of ek (X-Wing: its public
 * key), dk (X-Wing: its seed) and the encapsulation. */
struct kt_set {
	const char *name, *alias, *oid;
	size_t ek, dk, ct;
};
extern const struct kt_set kt_sets[4];
#define KT_NSETS 4
#define KT_IS_XWING(i) ((i) == 3)

/* Hex to a malloc'ed buffer (asserted). */
uint8_t *kt_unhex(const char *h, size_t *n);
/* A raw key of alg (asserted), or the status of its refusal. */
jca_key *kt_raw_key(const char *alg, unsigned kind, const uint8_t *b, size_t n);
int kt_raw_refused(const char *alg, unsigned kind, const uint8_t *b, size_t n);
/* The key's encoding in a malloc'ed buffer (asserted). */
uint8_t *kt_encode(const jca_key *k, jca_key_format f, size_t *n);
/* A new key pair of alg (asserted). */
void kt_gen(const char *alg, jca_key **priv, jca_key **pub);
/* Adds check_kem_keys.c's tests. */
#ifndef JCA_MINICHECK
#include <check.h>
#endif
void kt_key_tests(TCase *tc);

#endif
