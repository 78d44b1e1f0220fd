/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant-time check of the KEM engine with the built-in ML-KEM-768 and
 * X-Wing (linked into ct_check; ct_check.c says how secrets are marked):
 * a private key decoded from a secret seed (the provider's key generation:
 * ML-KEM's, and X-Wing's SHAKE-256 expansion and X25519 public key), then
 * decapsulation through kem_decapsulate of a valid encapsulation and of
 * encapsulations changed at several places (implicit rejection; X-Wing's
 * combiner). Secret: the seed, and with it everything the key holds but
 * what it publishes (ek's rho, declassified by the library when built
 * with JCA_CT_VALGRIND). Public afterwards: the shared secrets.
 * Encapsulation's secret (m from jca_random) is ct_mlkem.c's, on the
 * algorithm.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "jca.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

int ct_kem_failures;

#define KCHECK(cond, ...)                                                   \
	do {                                                                \
		if (!(cond)) {                                              \
			fprintf(stderr, "ct_check: FAILED %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                       \
			fprintf(stderr, "\n");                              \
			ct_kem_failures++;                                  \
		}                                                           \
	} while (0)

static void kem_with(const char *alg, size_t seed_len)
{
	uint8_t seed[64], enc[1120] = { 0 }, s1[32] = { 0 }, s2[32];
	size_t n, el = sizeof enc, sl;
	keyfactory_ctx *kf = keyfactory_get_instance(alg);
	jca_key *priv = NULL, *pub = NULL;
	kem_ctx *e = kem_get_instance(alg), *d = kem_get_instance(alg);
	static const size_t at[] = { 0, 1, 500, 1087, 1088, 1119 };

	for (n = 0; n < seed_len; n++)
		seed[n] = (uint8_t)(n * 29 + seed_len);
	SECRET(seed, seed_len);
	KCHECK(kf && e && d, "%s: instances", alg);
	KCHECK(keyfactory_decode_raw(kf, JCA_KEY_PRIVATE, seed, seed_len, &priv) == 0, "%s: decode", alg);
	/* the public key through its encoding, public */
	if (priv && jca_key_public(priv, &pub) == 0) {
		uint8_t raw[1216];
		jca_key *p2 = NULL;

		KCHECK(jca_key_encode(pub, JCA_FORMAT_RAW, raw, sizeof raw, &n) == 0, "%s: encode", alg);
		PUBLIC(raw, n);
		KCHECK(keyfactory_decode_raw(kf, JCA_KEY_PUBLIC, raw, n, &p2) == 0, "%s: public key", alg);
		KCHECK(kem_init_encapsulate(e, p2) == 0 && kem_encapsulate(e, s1, 32, &sl, enc, sizeof enc, &el) == 0,
		       "%s: encapsulate", alg);
		PUBLIC(enc, el);
		PUBLIC(s1, 32);
		jca_key_free(p2);
	}
	KCHECK(kem_init_decapsulate(d, priv) == 0, "%s: init", alg);
	KCHECK(kem_decapsulate(d, enc, el, s2, 32, &sl) == 0, "%s: decapsulate", alg);
	PUBLIC(s2, 32);
	KCHECK(memcmp(s1, s2, 32) == 0, "%s: the same secret", alg);
	for (n = 0; n < sizeof at / sizeof at[0]; n++) {
		if (at[n] >= el)
			continue;
		enc[at[n]] ^= 0x10;
		KCHECK(kem_decapsulate(d, enc, el, s2, 32, &sl) == 0, "%s: changed at %zu", alg, at[n]);
		PUBLIC(s2, 32);
		KCHECK(memcmp(s1, s2, 32) != 0, "%s: changed at %zu, another secret", alg, at[n]);
		enc[at[n]] ^= 0x10;
	}
	PUBLIC(seed, seed_len);
	kem_free(e);
	kem_free(d);
	jca_key_free(priv);
	jca_key_free(pub);
	keyfactory_free(kf);
}

void ct_kem(void)
{
	kem_with("ML-KEM-768", 64);
	kem_with("X-Wing", 32);
}
