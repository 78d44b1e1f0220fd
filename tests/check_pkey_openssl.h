/* SPDX-License-Identifier: Apache-2.0 */
/* What the two files of check_pkey_openssl share: the known answers of
 * tests/kat/pkey_openssl.txt (read by check_pkey_openssl.c) and the key
 * helpers (defined there); check_pkey_openssl_sig.c adds its tests. */
#ifndef JCA_CHECK_PKEY_OPENSSL_H
#define JCA_CHECK_PKEY_OPENSSL_H

#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stddef.h>
#include <stdint.h>

#include "jca.h"
#include "testutil.h"

#define P "openssl"

/* key <name> <algorithm> <PKCS#8> <SubjectPublicKeyInfo> */
struct kkey {
	char name[16], alg[16];
	uint8_t *priv, *pub;
	size_t priv_len, pub_len;
};
/* sig <Signature name> <key name> <message> <signature> <exact> [params] */
struct ksig {
	char alg[40], key[16], params[160];
	uint8_t *msg, *sig;
	size_t msg_len, sig_len;
	int exact;
};
extern struct kkey keys[32];
extern struct ksig sigs[128];
extern char ed_raw[8][4][300];          /* seed, public, message, signature (RFC 8032 7.1) */
extern size_t nkeys, nsigs, ned;

/* Hex ("-" for empty) into a new buffer (asserted). */
uint8_t *pko_unhex(const char *h, size_t *n);
/* The key line called name (asserted). */
const struct kkey *pko_kkey(const char *name);
/* Decodes DER (or PEM) with the bridge's KeyFactory of alg: the status. */
int pko_decode(const char *alg, const void *in, size_t len, jca_key **k);
/* The private (or public) key of a key line, as the bridge's (asserted). */
jca_key *pko_key_of(const char *name, int private);
/* A raw key through the bridge's KeyFactory (asserted). */
jca_key *pko_raw_key(const char *alg, unsigned kind, const char *hex);
/* The key's encoding in format f is want (asserted). */
void pko_assert_encodes(const jca_key *k, jca_key_format f, const uint8_t *want, size_t len, const char *what);
/* The secret of priv and peer through the bridge's KeyAgreement alg:
 * the status; *n its length (out holds at least 200 bytes). */
int pko_agree(const char *alg, jca_key *priv, jca_key *peer, uint8_t *out, size_t *n);

/* check_pkey_openssl_sig.c: the Signature, KeyPairGenerator and
 * cross-provider tests. */
void pko_add_signature_tests(TCase *tc);

#endif
