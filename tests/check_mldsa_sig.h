/* SPDX-License-Identifier: Apache-2.0 */
/* What the two files of check_mldsa_sig share. */
#ifndef CHECK_MLDSA_SIG_H
#define CHECK_MLDSA_SIG_H

#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stddef.h>
#include <stdint.h>

#include "jca.h"

/* The three parameter sets by index 0, 1, 2: name and FIPS 204 sizes. */
typedef struct ms_set {
	const char *name;
	size_t pk, sk, sig;
	uint8_t oid_last;          /* 2.16.840.1.101.3.4.3.(17|18|19) */
} ms_set;
extern const ms_set ms_sets[3];

/* A new pair of set s; spec as keypairgen_init takes it (NULL: default). */
void ms_generate(const ms_set *s, const char *spec, jca_key **priv, jca_key **pub);
/* Decodes raw bytes with the KeyFactory of s: 0 or the status. */
int ms_raw(const ms_set *s, unsigned kind, const uint8_t *in, size_t n, jca_key **k);
/* The key's encoding (DER or RAW) in a malloc'd buffer. */
uint8_t *ms_encode(const jca_key *k, jca_key_format f, size_t *n);
/* A DER element: tag, length, contents into out; returns its size. */
size_t ms_der(uint8_t *out, unsigned tag, const uint8_t *body, size_t n);
/* A PKCS#8 v1 of set s around the private-key CHOICE choice. */
size_t ms_pkcs8(uint8_t *out, const ms_set *s, const uint8_t *choice, size_t n);

/* The key test cases (check_mldsa_sig_keys.c). */
void ms_add_key_tests(TCase *tc);

#endif
