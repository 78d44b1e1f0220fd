/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: keys and signatures through the public engines (the
 * built-in Ed25519 and X25519).
 *
 * The first byte chooses:
 *   0 jca_key_decode of the rest (PEM or DER, any kind): a refusal is
 *     JCA_BADKEY (or JCA_NOALG for an algorithm no provider has); an
 *     accepted key is written back (PEM and DER) and read again to the
 *     same DER;
 *   1 Ed25519 verification: 32 bytes of public key, one byte n, n bytes of
 *     signature, the message: the key is refused (JCA_BADKEY) or the
 *     signature verifies (0) or not (JCA_BADSIG), nothing else; a
 *     signature that verifies still verifies when checked again in pieces;
 *   2 X25519 with a fixed private key and 32 bytes of peer key: 0 with a
 *     nonzero secret, or JCA_BADKEY.
 * Seeds: tests/fuzz/corpus/fuzz_verify/ (RFC 8032 TEST 1-3, keys).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

static void decode(const uint8_t *in, size_t len)
{
	jca_key *k = NULL, *k2 = NULL;
	uint8_t der[2048], der2[2048];
	char pem[4096];
	size_t n, n2, np;
	int rc = jca_key_decode(in, len, &k);

	if (rc) {
		CHECK(k == NULL && (rc == JCA_BADKEY || rc == JCA_NOALG));
		return;
	}
	CHECK(jca_key_kind(k) == JCA_KEY_PUBLIC || jca_key_kind(k) == JCA_KEY_PRIVATE);
	CHECK(jca_key_encode(k, JCA_FORMAT_DER, der, sizeof der, &n) == 0);
	CHECK(jca_key_encode(k, JCA_FORMAT_PEM, pem, sizeof pem, &np) == 0);
	CHECK(jca_key_decode(pem, np, &k2) == 0);
	CHECK(jca_key_encode(k2, JCA_FORMAT_DER, der2, sizeof der2, &n2) == 0);
	CHECK(n == n2 && memcmp(der, der2, n) == 0);
	jca_key_free(k);
	jca_key_free(k2);
}

static void verify(const uint8_t *in, size_t len)
{
	keyfactory_ctx *kf;
	signature_ctx *s;
	jca_key *pub = NULL;
	size_t n, half;
	int rc;

	if (len < 33)
		return;
	n = in[32];
	if (len - 33 < n)
		return;
	kf = keyfactory_get_instance("Ed25519");
	CHECK(kf != NULL);
	rc = keyfactory_decode_raw(kf, JCA_KEY_PUBLIC, in, 32, &pub);
	keyfactory_free(kf);
	if (rc) {
		CHECK(rc == JCA_BADKEY && pub == NULL);
		return;
	}
	rc = signature_verify_oneshot("Ed25519", pub, in + 33 + n, len - 33 - n, in + 33, n);
	CHECK(rc == 0 || rc == JCA_BADSIG);
	if (rc == 0) {
		CHECK(n == 64);
		s = signature_get_instance("Ed25519");
		CHECK(s && signature_init_verify(s, pub) == 0);
		half = (len - 33 - n) / 2;
		CHECK(signature_update(s, in + 33 + n, half) == 0);
		CHECK(signature_update(s, in + 33 + n + half, len - 33 - n - half) == 0);
		CHECK(signature_verify(s, in + 33, n) == 0);
		signature_free(s);
	}
	jca_key_free(pub);
}

static void agree(const uint8_t *in, size_t len)
{
	static const uint8_t mine[32] = { 0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1,
	                                  0x72, 0x51, 0xb2, 0x66, 0x45, 0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0,
	                                  0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a };
	keyfactory_ctx *kf = keyfactory_get_instance("X25519");
	keyagreement_ctx *ka = keyagreement_get_instance("X25519");
	jca_key *priv = NULL, *peer = NULL;
	uint8_t s[32], zero[32] = { 0 };
	size_t n;
	int rc;

	CHECK(kf && ka);
	CHECK(keyfactory_decode_raw(kf, JCA_KEY_PRIVATE, mine, 32, &priv) == 0);
	if (len == 32) {
		CHECK(keyfactory_decode_raw(kf, JCA_KEY_PUBLIC, in, 32, &peer) == 0);
		CHECK(keyagreement_init(ka, priv) == 0 && keyagreement_do_phase(ka, peer) == 0);
		rc = keyagreement_generate_secret(ka, s, sizeof s, &n);
		CHECK(rc == 0 || rc == JCA_BADKEY);
		CHECK(rc != 0 || (n == 32 && memcmp(s, zero, 32) != 0));
	}
	jca_key_free(priv);
	jca_key_free(peer);
	keyagreement_free(ka);
	keyfactory_free(kf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *in;

	if (size < 1 || size > 70000)
		return 0;
	/* an exactly sized copy: a read past the end is seen */
	in = malloc(size - 1 ? size - 1 : 1);
	if (!in)
		return 0;
	memcpy(in, data + 1, size - 1);
	switch (data[0] % 3) {
	case 0: decode(in, size - 1); break;
	case 1: verify(in, size - 1); break;
	default: agree(in, size - 1); break;
	}
	free(in);
	return 0;
}
