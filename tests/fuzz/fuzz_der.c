/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: the DER, PEM and key-encoding parsers (src/util/der.c,
 * pem.c, keyenc*.c; internal, linked from the static libjca.a).
 *
 * The first input byte chooses the parser, the rest is its input, copied
 * into an exactly sized heap block (AddressSanitizer sees any read past
 * the end):
 *   0 SubjectPublicKeyInfo, 1 PKCS#8, 2 PEM, 3 ECDSA signature (DER, for
 *   the three field sizes), 4 traditional ECPrivateKey / RSAPrivateKey.
 * Checked properties:
 *  - a refusal is JCA_EINVAL and leaves the parts cleared;
 *  - what is accepted points inside the input and is written back by the
 *    writers to exactly the same bytes (SPKI, PKCS#8, ECDSA signatures);
 *    a traditional key written as PKCS#8 parses again to the same parts;
 *  - accepted PEM encodes again (64-character lines) to text that decodes
 *    to the same DER; a key label's DER goes through its parser too.
 * Seeds (tests/fuzz/corpus/fuzz_der/) are the tests/kat/keys fixtures with
 * their mode byte in front, and ML-KEM (the three private-key forms) and
 * X-Wing keys (*mlkem*, *xwing*: jca genpkey's, RFC 9935's example).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "../../src/util/der.h"
#include "../../src/util/keyenc.h"
#include "../../src/util/pem.h"

#define CHECK(c) do { if (!(c)) abort(); } while (0)

static int inside(const uint8_t *p, size_t n, const uint8_t *in, size_t len)
{
	return !p || (p >= in && n <= len && (size_t)(p - in) <= len - n);
}

static void parts_ok(int r, const jca__key_parts *k, const uint8_t *in, size_t len)
{
	if (r) {
		CHECK(r == JCA_EINVAL && jca_last_error() == JCA_EINVAL);
		CHECK(k->alg == 0 && !k->priv && !k->pub && !k->params);
		return;
	}
	CHECK(k->alg >= JCA__KEYALG_ED25519 && k->alg <= JCA__KEYALG_ML_DSA_87);
	CHECK(inside(k->priv, k->priv_len, in, len) && inside(k->pub, k->pub_len, in, len) &&
	      inside(k->params, k->params_len, in, len) && inside(k->expanded, k->expanded_len, in, len));
	CHECK(k->bits >= 255 && k->bits <= 20736);     /* ML-DSA-87: 8 times its 2592-byte pk */
}

/* Written back by fn: exactly the input, and the size query agrees. */
static void same_again(int (*fn)(const jca__key_parts *, uint8_t *, size_t, size_t *), const jca__key_parts *k,
		       const uint8_t *in, size_t len)
{
	uint8_t *out = malloc(len);
	size_t n = 0;

	CHECK(out);
	CHECK(fn(k, NULL, 0, &n) == 0 && n == len);
	CHECK(fn(k, out, len, &n) == 0 && n == len && memcmp(out, in, len) == 0);
	if (len > 0)
		CHECK(fn(k, out, len - 1, &n) == JCA_BUFSIZE && n == len);
	free(out);
}

static void spki(const uint8_t *in, size_t len)
{
	jca__key_parts k;
	int r = jca__spki_parse(in, len, &k);

	parts_ok(r, &k, in, len);
	if (!r)
		same_again(jca__spki_write, &k, in, len);
}

static void pkcs8(const uint8_t *in, size_t len)
{
	jca__key_parts k;
	int r = jca__pkcs8_parse(in, len, &k);

	parts_ok(r, &k, in, len);
	if (!r)
		same_again(jca__pkcs8_write, &k, in, len);
}

static void traditional(const uint8_t *in, size_t len)
{
	jca__key_parts k, again;
	uint8_t out[JCA__DER_MAX + 64];
	size_t n;
	int r, i;

	for (i = 0; i < 2; i++) {
		r = i ? jca__rsa_privkey_parse(in, len, &k) : jca__ec_privkey_parse(in, len, &k);
		parts_ok(r, &k, in, len);
		if (r)
			continue;
		CHECK(jca__pkcs8_write(&k, out, sizeof out, &n) == 0);
		CHECK(jca__pkcs8_parse(out, n, &again) == 0);
		CHECK(again.alg == k.alg && again.curve == k.curve && again.bits == k.bits &&
		      again.priv_len == k.priv_len && memcmp(again.priv, k.priv, k.priv_len) == 0 &&
		      again.pub_len == k.pub_len && (!k.pub || memcmp(again.pub, k.pub, k.pub_len) == 0) &&
		      again.ec_inner_curve == k.ec_inner_curve);
	}
}

static void pem(const uint8_t *in, size_t len)
{
	static uint8_t der[JCA__DER_MAX], der2[JCA__DER_MAX];
	static char text[JCA__PEM_MAX_TEXT];
	char label[JCA__PEM_MAX_LABEL + 1];
	const char *lab, *lab2;
	size_t ll, ll2, n, n2, tn;
	jca__key_parts k;
	int r;

	r = jca__pem_decode((const char *)in, len, &lab, &ll, NULL, 0, &n);
	if (r) {
		CHECK(r == JCA_EINVAL);
		return;
	}
	CHECK(jca__pem_decode((const char *)in, len, &lab, &ll, der, sizeof der, &n2) == 0 && n2 == n);
	CHECK(lab >= (const char *)in && ll <= JCA__PEM_MAX_LABEL && n > 0 && n <= JCA__DER_MAX);
	memcpy(label, lab, ll);
	label[ll] = 0;
	CHECK(jca__pem_encode(label, der, n, text, sizeof text, &tn) == 0);
	CHECK(jca__pem_decode(text, tn, &lab2, &ll2, der2, sizeof der2, &n2) == 0);
	CHECK(ll2 == ll && memcmp(lab2, label, ll) == 0 && n2 == n && memcmp(der2, der, n) == 0);
	r = jca__key_parse_labelled(lab, ll, der, n, &k);
	parts_ok(r, &k, der, n);
	if (!r && jca__pem_label_is(lab, ll, "PUBLIC KEY"))
		same_again(jca__spki_write, &k, der, n);
	if (!r && jca__pem_label_is(lab, ll, "PRIVATE KEY"))
		same_again(jca__pkcs8_write, &k, der, n);
}

static void ecdsa(const uint8_t *in, size_t len)
{
	static const size_t fields[] = { 32, 48, 66 };
	uint8_t rs[132], out[160];
	size_t i, n;
	int r;

	for (i = 0; i < 3; i++) {
		r = jca__ecdsa_sig_to_p1363(in, len, fields[i], rs);
		if (r) {
			CHECK(r == JCA_EINVAL);
			continue;
		}
		CHECK(jca__ecdsa_sig_from_p1363(rs, fields[i], out, sizeof out, &n) == 0);
		CHECK(n == len && memcmp(out, in, len) == 0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *in;
	size_t len;

	if (size == 0)
		return 0;
	len = size - 1;
	in = malloc(len ? len : 1);
	CHECK(in);
	memcpy(in, data + 1, len);
	switch (data[0] % 5) {
	case 0: spki(in, len); break;
	case 1: pkcs8(in, len); break;
	case 2: pem(in, len); break;
	case 3: ecdsa(in, len); break;
	default: traditional(in, len); break;
	}
	free(in);
	return 0;
}
