/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The OpenSSL bridge's keys, Signature and KeyAgreement services through
 * libjca's engines (plugins/openssl/openssl_pkey.c, openssl_sig.c,
 * openssl_kex.c), against tests/kat/pkey_openssl.txt
 * (tests/kat/gen_pkey_kat.py, python3-cryptography; keys from
 * tests/kat/keys, made by openssl genpkey):
 *  - every key read and written back byte for byte (PKCS#8, X.509, PEM,
 *    raw; Ed25519/X25519 OneAsymmetricKey v2 read), its algorithm, size
 *    and curve; refusals: RSA-1024, a raw EC point, an EC point off its
 *    curve, an inconsistent RSA private key, keys of another algorithm;
 *  - every Signature name signs and verifies, again with the same object,
 *    in pieces; a flipped bit in the signature or the message, a short or
 *    malformed signature: JCA_BADSIG; RSA PKCS#1 v1.5 and Ed25519 equal to
 *    the known answers, ECDSA (DER and P1363: both forms of one signature)
 *    and PSS signatures of python3-cryptography verify; RFC 8032 7.1;
 *    RSASSA-PSS parameters;
 *  - ECDH and X25519 secrets equal python3-cryptography's, RFC 7748 5.2
 *    and 6.1; a small-order X25519 peer, an EC peer on another curve:
 *    JCA_BADKEY;
 *  - KeyPairGenerator specs; the built-in provider's Ed25519/X25519 keys
 *    with the bridge's services and the reverse (keys converted), and
 *    delayed provider selection picking the key's provider.
 * Without the bridge (no OpenSSL 3 at configure time) it skips (77).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_pkey_openssl.h"

struct kkey keys[32];
struct ksig sigs[128];
char ed_raw[8][4][300];
size_t nkeys, nsigs, ned;
static char x_raw[8][3][80], ecdh[16][3][300];
static size_t nx, necdh;

/* Hex ("-" for empty) into a new buffer, or NULL (for load_kats: no
 * assertion outside a test). */
static uint8_t *unhex_or_null(const char *h, size_t *n)
{
	if (!strcmp(h, "-")) {
		*n = 0;
		return calloc(1, 1);
	}
	return tu_unhex(h, n);
}

/* see check_pkey_openssl.h */
uint8_t *pko_unhex(const char *h, size_t *n)
{
	uint8_t *p = unhex_or_null(h, n);

	ck_assert(p != NULL);
	return p;
}

/* Copies a field of the file: 0, or 1 if it does not fit. */
static int copy(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		return 1;
	memcpy(dst, src, n + 1);
	return 0;
}

static int load_kats(void)
{
	char *txt = tu_read_file(tu_srcpath("tests/kat/pkey_openssl.txt"), NULL), *line, *save = NULL;
	int bad = 0;

	if (!txt)
		return -1;
	for (line = strtok_r(txt, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char w[6][2700];
		int i, n = sscanf(line, "%2699s %2699s %2699s %2699s %2699s %2699s", w[0], w[1], w[2], w[3], w[4], w[5]);

		if (!strcmp(w[0], "key") && n == 5) {
			struct kkey *k = &keys[nkeys++];

			bad |= copy(k->name, sizeof k->name, w[1]);
			bad |= copy(k->alg, sizeof k->alg, w[2]);
			k->priv = tu_unhex(w[3], &k->priv_len);
			k->pub = tu_unhex(w[4], &k->pub_len);
			bad |= !k->priv || !k->pub;
		} else if (!strcmp(w[0], "sig") && n == 6) {
			struct ksig *s = &sigs[nsigs++];
			const char *p = line;

			for (i = 0; i < 6; i++)
				p = strchr(p, ' ') ? strchr(p, ' ') + 1 : p + strlen(p);
			bad |= copy(s->alg, sizeof s->alg, w[1]);
			bad |= copy(s->key, sizeof s->key, w[2]);
			bad |= copy(s->params, sizeof s->params, p);
			s->msg = unhex_or_null(w[3], &s->msg_len);
			s->sig = unhex_or_null(w[4], &s->sig_len);
			bad |= !s->msg || !s->sig;
			s->exact = atoi(w[5]);
		} else if (!strcmp(w[0], "ed25519raw") && n == 5) {
			for (i = 0; i < 4; i++)
				bad |= copy(ed_raw[ned][i], sizeof ed_raw[0][0], w[i + 1]);
			ned++;
		} else if (!strcmp(w[0], "x25519raw") && n == 4) {
			for (i = 0; i < 3; i++)
				bad |= copy(x_raw[nx][i], sizeof x_raw[0][0], w[i + 1]);
			nx++;
		} else if (!strcmp(w[0], "ecdh") && n == 4) {
			for (i = 0; i < 3; i++)
				bad |= copy(ecdh[necdh][i], sizeof ecdh[0][0], w[i + 1]);
			necdh++;
		}
	}
	free(txt);
	return !bad && nkeys >= 13 && nsigs >= 60 && ned == 3 && nx == 4 && necdh == 8 ? 0 : -1;
}

/* see check_pkey_openssl.h */
const struct kkey *pko_kkey(const char *name)
{
	size_t i;

	for (i = 0; i < nkeys; i++)
		if (!strcmp(keys[i].name, name))
			return &keys[i];
	ck_abort_msg("no key %s", name);
	return NULL;
}

/* see check_pkey_openssl.h */
int pko_decode(const char *alg, const void *in, size_t len, jca_key **k)
{
	keyfactory_ctx *kf = keyfactory_get_instance_from(alg, P);
	int rc;

	ck_assert_msg(kf != NULL, "%s: %s", alg, jca_last_error_message());
	*k = NULL;
	rc = keyfactory_decode(kf, in, len, k);
	keyfactory_free(kf);
	return rc;
}

/* see check_pkey_openssl.h */
jca_key *pko_key_of(const char *name, int private)
{
	const struct kkey *kk = pko_kkey(name);
	jca_key *k;

	ck_assert_msg(pko_decode(kk->alg, private ? kk->priv : kk->pub, private ? kk->priv_len : kk->pub_len, &k) == 0,
	              "%s: %s", name, jca_last_error_message());
	ck_assert_str_eq(jca_key_provider(k), P);
	return k;
}

/* see check_pkey_openssl.h */
jca_key *pko_raw_key(const char *alg, unsigned kind, const char *hex)
{
	keyfactory_ctx *kf = keyfactory_get_instance_from(alg, P);
	jca_key *k = NULL;
	size_t n;
	uint8_t *b = pko_unhex(hex, &n);

	ck_assert_msg(keyfactory_decode_raw(kf, kind, b, n, &k) == 0, "%s: %s", alg, jca_last_error_message());
	keyfactory_free(kf);
	free(b);
	return k;
}

/* see check_pkey_openssl.h */
void pko_assert_encodes(const jca_key *k, jca_key_format f, const uint8_t *want, size_t len, const char *what)
{
	uint8_t buf[4096];
	size_t n = 0;

	ck_assert_msg(jca_key_encode(k, f, buf, sizeof buf, &n) == 0, "%s: %s", what, jca_last_error_message());
	ck_assert_msg(n == len && !memcmp(buf, want, len), "%s: written back differently (%zu vs %zu bytes)", what, n,
	              len);
}

START_TEST(test_key_encodings)
{
	size_t i;

	for (i = 0; i < nkeys; i++) {
		const struct kkey *kk = &keys[i];
		jca_key *priv, *pub, *pub2, *again;
		char pem[8192];
		size_t n, bits = !strcmp(kk->alg, "EC") ? (size_t)atoi(kk->name + 2) : kk->alg[0] == 'R' ? 2048 : 255;

		if (!strcmp(kk->name, "rsa1024"))
			continue;
		priv = pko_key_of(kk->name, 1);
		pub = pko_key_of(kk->name, 0);
		ck_assert_str_eq(jca_key_algorithm(priv), kk->alg);
		ck_assert_uint_eq(jca_key_kind(priv), JCA_KEY_PRIVATE);
		ck_assert_uint_eq(jca_key_kind(pub), JCA_KEY_PUBLIC);
		ck_assert_uint_eq(jca_key_bits(priv), bits);
		ck_assert_uint_eq(jca_key_bits(pub), bits);
		ck_assert_int_eq(jca_key_is_extractable(priv), 1);
		if (!strcmp(kk->alg, "EC"))
			ck_assert_str_eq(jca_key_params(pub), bits == 256 ? "secp256r1" : bits == 384 ? "secp384r1" : "secp521r1");
		else
			ck_assert_ptr_null(jca_key_params(pub));
		pko_assert_encodes(priv, JCA_FORMAT_DER, kk->priv, kk->priv_len, kk->name);
		pko_assert_encodes(pub, JCA_FORMAT_DER, kk->pub, kk->pub_len, kk->name);
		ck_assert_int_eq(jca_key_public(priv, &pub2), 0);
		ck_assert_str_eq(jca_key_provider(pub2), P);
		pko_assert_encodes(pub2, JCA_FORMAT_DER, kk->pub, kk->pub_len, kk->name);
		/* through PEM and back */
		ck_assert_int_eq(jca_key_encode(priv, JCA_FORMAT_PEM, pem, sizeof pem, &n), 0);
		ck_assert_int_eq(jca_key_decode_from(pem, n, P, &again), 0);
		pko_assert_encodes(again, JCA_FORMAT_DER, kk->priv, kk->priv_len, kk->name);
		jca_key_free(again);
		/* a public key has no PKCS#8; RSA and EC private keys no raw form */
		if (kk->alg[0] == 'E' && kk->alg[1] == 'C') {
			uint8_t pt[200];

			ck_assert_int_eq(jca_key_encode(pub, JCA_FORMAT_RAW, pt, sizeof pt, &n), 0);
			ck_assert_uint_eq(n, 1 + 2 * ((bits + 7) / 8));
			ck_assert(pt[0] == 4 && !memcmp(pt, kk->pub + kk->pub_len - n, n));
			ck_assert_int_eq(jca_key_encode(priv, JCA_FORMAT_RAW, pt, sizeof pt, &n), JCA_UNSUPPORTED);
		}
		if (kk->alg[0] == 'R')
			ck_assert_int_eq(jca_key_encode(pub, JCA_FORMAT_RAW, pem, sizeof pem, &n), JCA_UNSUPPORTED);
		jca_key_free(priv);
		jca_key_free(pub);
		jca_key_free(pub2);
	}
}
END_TEST

START_TEST(test_raw_keys)
{
	size_t i, n;
	uint8_t *b;

	for (i = 0; i < ned; i++) {
		jca_key *priv = pko_raw_key("Ed25519", JCA_KEY_PRIVATE, ed_raw[i][0]);
		jca_key *pub = pko_raw_key("Ed25519", JCA_KEY_PUBLIC, ed_raw[i][1]), *pub2;

		b = pko_unhex(ed_raw[i][0], &n);
		pko_assert_encodes(priv, JCA_FORMAT_RAW, b, n, "Ed25519 raw private");
		free(b);
		b = pko_unhex(ed_raw[i][1], &n);
		pko_assert_encodes(pub, JCA_FORMAT_RAW, b, n, "Ed25519 raw public");
		ck_assert_int_eq(jca_key_public(priv, &pub2), 0);
		pko_assert_encodes(pub2, JCA_FORMAT_RAW, b, n, "Ed25519 public of raw private");
		free(b);
		jca_key_free(priv);
		jca_key_free(pub);
		jca_key_free(pub2);
	}
	for (i = 0; i < nx; i++) {
		jca_key *priv = pko_raw_key("X25519", JCA_KEY_PRIVATE, x_raw[i][0]);

		b = pko_unhex(x_raw[i][0], &n);
		pko_assert_encodes(priv, JCA_FORMAT_RAW, b, n, "X25519 raw private");
		free(b);
		jca_key_free(priv);
	}
}
END_TEST

/* Ed25519 and X25519 keys as OneAsymmetricKey v2 (RFC 8410 7: the public
 * key in [1]) are read (OpenSSL 3.0's own reader does not take them) and
 * written back as v1; a public key that is not the private key's is
 * refused. */
START_TEST(test_one_asymmetric_key_v2)
{
	static const char *const names[] = { "ed25519", "x25519" };
	size_t i;

	for (i = 0; i < 2; i++) {
		const struct kkey *kk = pko_kkey(names[i]);
		uint8_t v2[83] = { 0x30, 0x51, 0x02, 0x01, 0x01 };
		jca_key *k;

		ck_assert_uint_eq(kk->priv_len, 48);
		ck_assert_uint_eq(kk->pub_len, 44);
		memcpy(v2 + 5, kk->priv + 5, 43);          /* the algorithm and the private key */
		memcpy(v2 + 48, "\x81\x21\x00", 3);
		memcpy(v2 + 51, kk->pub + 12, 32);
		ck_assert_msg(pko_decode(kk->alg, v2, sizeof v2, &k) == 0, "%s: %s", kk->alg, jca_last_error_message());
		pko_assert_encodes(k, JCA_FORMAT_DER, kk->priv, kk->priv_len, kk->name);
		jca_key_free(k);
		v2[82] ^= 1;
		ck_assert_int_eq(pko_decode(kk->alg, v2, sizeof v2, &k), JCA_BADKEY);
	}
}
END_TEST

/* A copy of the key's DER with one byte (from the end) flipped. */
static int decode_flipped(const char *name, int private, size_t from_end)
{
	const struct kkey *kk = pko_kkey(name);
	size_t len = private ? kk->priv_len : kk->pub_len;
	uint8_t *d = malloc(len);
	jca_key *k;
	int rc;

	memcpy(d, private ? kk->priv : kk->pub, len);
	d[len - 1 - from_end] ^= 0x01;
	rc = pko_decode(kk->alg, d, len, &k);
	jca_key_free(k);
	free(d);
	return rc;
}

START_TEST(test_key_refusals)
{
	const struct kkey *r = pko_kkey("rsa1024"), *e = pko_kkey("ec256"), *rs = pko_kkey("rsa2048");
	uint8_t pt[65];
	jca_key *k;
	int i;

	ck_assert_int_eq(pko_decode("RSA", r->priv, r->priv_len, &k), JCA_BADKEY);
	ck_assert_msg(strstr(jca_last_error_message(), "2048"), "%s", jca_last_error_message());
	ck_assert_int_eq(pko_decode("RSA", r->pub, r->pub_len, &k), JCA_BADKEY);
	ck_assert_msg(strstr(jca_last_error_message(), "2048"), "%s", jca_last_error_message());
	/* a raw EC point: no curve goes with it */
	memcpy(pt, e->pub + e->pub_len - 65, 65);
	{
		keyfactory_ctx *kf = keyfactory_get_instance_from("EC", P);

		ck_assert_int_eq(keyfactory_decode_raw(kf, JCA_KEY_PUBLIC, pt, 65, &k), JCA_BADKEY);
		keyfactory_free(kf);
	}
	/* the point off its curve (the last byte of Y), in X.509 and in PKCS#8's [1] */
	for (i = 0; i < 3; i++) {
		static const char *const ec[] = { "ec256", "ec384", "ec521" };

		ck_assert_int_eq(decode_flipped(ec[i], 0, 0), JCA_BADKEY);
		ck_assert_int_eq(decode_flipped(ec[i], 1, 0), JCA_BADKEY);
	}
	/* RSA private parts that do not agree: the last byte of qInv */
	ck_assert_int_eq(decode_flipped("rsa2048", 1, 0), JCA_BADKEY);
	ck_assert_msg(strstr(jca_last_error_message(), "CRT"), "%s", jca_last_error_message());
	/* keys of another algorithm */
	ck_assert_int_eq(pko_decode("EC", rs->pub, rs->pub_len, &k), JCA_BADKEY);
	ck_assert_int_eq(pko_decode("RSA", pko_kkey("rsapss")->pub, pko_kkey("rsapss")->pub_len, &k), JCA_BADKEY);
	ck_assert_int_eq(pko_decode("RSASSA-PSS", rs->priv, rs->priv_len, &k), JCA_BADKEY);
}
END_TEST

static keyagreement_ctx *ka_from(const char *alg)
{
	keyagreement_ctx *ka = keyagreement_get_instance_from(alg, P);

	ck_assert_msg(ka != NULL, "%s: %s", alg, jca_last_error_message());
	return ka;
}

/* see check_pkey_openssl.h */
int pko_agree(const char *alg, jca_key *priv, jca_key *peer, uint8_t *out, size_t *n)
{
	keyagreement_ctx *ka = ka_from(alg);
	int rc = keyagreement_init(ka, priv);

	if (!rc)
		rc = keyagreement_do_phase(ka, peer);
	if (!rc)
		rc = keyagreement_generate_secret(ka, out, 200, n);
	keyagreement_free(ka);
	return rc;
}

START_TEST(test_agreement_known_answers)
{
	size_t i, n, zl, r;
	uint8_t out[200];

	for (i = 0; i < necdh; i++) {
		jca_key *priv = pko_key_of(ecdh[i][0], 1), *peer = pko_key_of(ecdh[i][1], 0);
		const char *alg = strncmp(ecdh[i][0], "ec", 2) ? "X25519" : "ECDH";
		uint8_t *z = pko_unhex(ecdh[i][2], &zl);
		keyagreement_ctx *ka = ka_from(alg);

		ck_assert_int_eq(keyagreement_init(ka, priv), 0);
		ck_assert_uint_eq(keyagreement_length(ka), zl);
		for (r = 0; r < 2; r++) {       /* a phase for each secret */
			ck_assert_int_eq(keyagreement_do_phase(ka, peer), 0);
			ck_assert_msg(keyagreement_generate_secret(ka, out, sizeof out, &n) == 0, "%s: %s", alg,
			              jca_last_error_message());
			ck_assert_msg(n == zl && !memcmp(out, z, zl), "%s %s %s", alg, ecdh[i][0], ecdh[i][1]);
			ck_assert_int_eq(keyagreement_generate_secret(ka, out, sizeof out, &n), JCA_NOTINIT);
		}
		keyagreement_free(ka);
		jca_key_free(priv);
		jca_key_free(peer);
		free(z);
	}
	/* RFC 7748 5.2 and 6.1 */
	for (i = 0; i < nx; i++) {
		jca_key *k = pko_raw_key("X25519", JCA_KEY_PRIVATE, x_raw[i][0]), *u = pko_raw_key("X25519", JCA_KEY_PUBLIC, x_raw[i][1]);
		uint8_t *want = pko_unhex(x_raw[i][2], &zl);

		ck_assert_int_eq(pko_agree("X25519", k, u, out, &n), 0);
		ck_assert_msg(n == 32 && !memcmp(out, want, 32), "RFC 7748 vector %zu", i);
		jca_key_free(k);
		jca_key_free(u);
		free(want);
	}
}
END_TEST

/* RFC 7748 5.2, iterated: k = u = 9; then k, u = X25519(k, u), k. */
START_TEST(test_x25519_iterations)
{
	static const char *const want[] = { "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
	                                    "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51" };
	uint8_t k[32] = { 9 }, u[32] = { 9 }, out[200];
	keyfactory_ctx *kf = keyfactory_get_instance_from("X25519", P);
	size_t i, n, wl;

	for (i = 1; i <= 1000; i++) {
		jca_key *a, *b;

		ck_assert_int_eq(keyfactory_decode_raw(kf, JCA_KEY_PRIVATE, k, 32, &a), 0);
		ck_assert_int_eq(keyfactory_decode_raw(kf, JCA_KEY_PUBLIC, u, 32, &b), 0);
		ck_assert_int_eq(pko_agree("X25519", a, b, out, &n), 0);
		memcpy(u, k, 32);
		memcpy(k, out, 32);
		jca_key_free(a);
		jca_key_free(b);
		if (i == 1 || i == 1000) {
			uint8_t *w = pko_unhex(want[i == 1 ? 0 : 1], &wl);

			ck_assert_msg(!memcmp(k, w, 32), "after %zu iterations", i);
			free(w);
		}
	}
	keyfactory_free(kf);
}
END_TEST

START_TEST(test_agreement_refusals)
{
	static const char *const small[] = {
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
	};
	jca_key *x = pko_key_of("x25519", 1), *e = pko_key_of("ec256", 1), *e384 = pko_key_of("ec384b", 0), *e521 = pko_key_of("ec521b", 0);
	jca_key *xb = pko_key_of("x25519b", 0), *eb = pko_key_of("ec256b", 0);
	keyagreement_ctx *ka;
	uint8_t out[200];
	size_t i, n;

	for (i = 0; i < 2; i++) {
		jca_key *u = pko_raw_key("X25519", JCA_KEY_PUBLIC, small[i]);

		ka = ka_from("X25519");
		ck_assert_int_eq(keyagreement_init(ka, x), 0);
		ck_assert_int_eq(keyagreement_do_phase(ka, u), 0);
		ck_assert_int_eq(keyagreement_generate_secret(ka, out, sizeof out, &n), JCA_BADKEY);
		ck_assert_msg(strstr(jca_last_error_message(), "all zero"), "%s", jca_last_error_message());
		ck_assert_uint_eq(n, 0);
		/* the object goes on: a good peer next */
		ck_assert_int_eq(keyagreement_do_phase(ka, xb), 0);
		ck_assert_int_eq(keyagreement_generate_secret(ka, out, sizeof out, &n), 0);
		keyagreement_free(ka);
		jca_key_free(u);
	}
	/* an EC peer on another curve */
	ka = ka_from("ECDH");
	ck_assert_int_eq(keyagreement_init(ka, e), 0);
	ck_assert_int_eq(keyagreement_do_phase(ka, e384), JCA_BADKEY);
	ck_assert_msg(strstr(jca_last_error_message(), "curve"), "%s", jca_last_error_message());
	ck_assert_int_eq(keyagreement_do_phase(ka, e521), JCA_BADKEY);
	ck_assert_int_eq(keyagreement_generate_secret(ka, out, sizeof out, &n), JCA_NOTINIT);
	ck_assert_int_eq(keyagreement_do_phase(ka, eb), 0);
	ck_assert_int_eq(keyagreement_generate_secret(ka, out, sizeof out, &n), 0);
	ck_assert_uint_eq(n, 32);
	/* keys of the other algorithm */
	ck_assert_int_ne(keyagreement_init(ka, x), 0);
	keyagreement_free(ka);
	jca_key_free(x);
	jca_key_free(e);
	jca_key_free(e384);
	jca_key_free(e521);
	jca_key_free(xb);
	jca_key_free(eb);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("OpenSSL bridge: keys, Signature, KeyAgreement");
	TCase *tc = tcase_create("pkey_openssl");
	SRunner *sr;
	int failed;

#ifndef JCA_TEST_OPENSSL_BRIDGE
	printf("SKIP: the OpenSSL bridge is not built (no OpenSSL 3 at configure time)\n");
	return 77;
#else
	if (jca_provider_load(JCA_TOP_BUILDDIR "/plugins/.libs/openssl.so", -1) != 0) {
		printf("FAIL: cannot load the OpenSSL bridge: %s\n", jca_last_error_message());
		return 1;
	}
#endif
	if (load_kats() != 0) {
		printf("FAIL: tests/kat/pkey_openssl.txt is missing or short\n");
		return 1;
	}
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_key_encodings);
	tcase_add_test(tc, test_raw_keys);
	tcase_add_test(tc, test_one_asymmetric_key_v2);
	tcase_add_test(tc, test_key_refusals);
	tcase_add_test(tc, test_agreement_known_answers);
	tcase_add_test(tc, test_x25519_iterations);
	tcase_add_test(tc, test_agreement_refusals);
	pko_add_signature_tests(tc);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
