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
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"

#define P "openssl"

struct kkey { char name[16], alg[16]; uint8_t *priv, *pub; size_t priv_len, pub_len; };
struct ksig { char alg[40], key[16], params[160]; uint8_t *msg, *sig; size_t msg_len, sig_len; int exact; };
static struct kkey keys[32];
static struct ksig sigs[128];
static char ed_raw[8][4][300], x_raw[8][3][80], ecdh[16][3][300];
static size_t nkeys, nsigs, ned, nx, necdh;

/* Hex ("-" for empty) into a new buffer, or NULL. */
static uint8_t *unhex_or_null(const char *h, size_t *n)
{
	if (!strcmp(h, "-")) {
		*n = 0;
		return calloc(1, 1);
	}
	return tu_unhex(h, n);
}

static uint8_t *unhex(const char *h, size_t *n)
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

static const struct kkey *kkey(const char *name)
{
	size_t i;

	for (i = 0; i < nkeys; i++)
		if (!strcmp(keys[i].name, name))
			return &keys[i];
	ck_abort_msg("no key %s", name);
	return NULL;
}

/* Decodes DER (or PEM) with the bridge's KeyFactory of alg: the status. */
static int decode(const char *alg, const void *in, size_t len, jca_key **k)
{
	keyfactory_ctx *kf = keyfactory_get_instance_from(alg, P);
	int rc;

	ck_assert_msg(kf != NULL, "%s: %s", alg, jca_last_error_message());
	*k = NULL;
	rc = keyfactory_decode(kf, in, len, k);
	keyfactory_free(kf);
	return rc;
}

static jca_key *key_of(const char *name, int private)
{
	const struct kkey *kk = kkey(name);
	jca_key *k;

	ck_assert_msg(decode(kk->alg, private ? kk->priv : kk->pub, private ? kk->priv_len : kk->pub_len, &k) == 0,
	              "%s: %s", name, jca_last_error_message());
	ck_assert_str_eq(jca_key_provider(k), P);
	return k;
}

static jca_key *raw_key(const char *alg, unsigned kind, const char *hex)
{
	keyfactory_ctx *kf = keyfactory_get_instance_from(alg, P);
	jca_key *k = NULL;
	size_t n;
	uint8_t *b = unhex(hex, &n);

	ck_assert_msg(keyfactory_decode_raw(kf, kind, b, n, &k) == 0, "%s: %s", alg, jca_last_error_message());
	keyfactory_free(kf);
	free(b);
	return k;
}

static void assert_encodes(const jca_key *k, jca_key_format f, const uint8_t *want, size_t len, const char *what)
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
		priv = key_of(kk->name, 1);
		pub = key_of(kk->name, 0);
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
		assert_encodes(priv, JCA_FORMAT_DER, kk->priv, kk->priv_len, kk->name);
		assert_encodes(pub, JCA_FORMAT_DER, kk->pub, kk->pub_len, kk->name);
		ck_assert_int_eq(jca_key_public(priv, &pub2), 0);
		ck_assert_str_eq(jca_key_provider(pub2), P);
		assert_encodes(pub2, JCA_FORMAT_DER, kk->pub, kk->pub_len, kk->name);
		/* through PEM and back */
		ck_assert_int_eq(jca_key_encode(priv, JCA_FORMAT_PEM, pem, sizeof pem, &n), 0);
		ck_assert_int_eq(jca_key_decode_from(pem, n, P, &again), 0);
		assert_encodes(again, JCA_FORMAT_DER, kk->priv, kk->priv_len, kk->name);
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
		jca_key *priv = raw_key("Ed25519", JCA_KEY_PRIVATE, ed_raw[i][0]);
		jca_key *pub = raw_key("Ed25519", JCA_KEY_PUBLIC, ed_raw[i][1]), *pub2;

		b = unhex(ed_raw[i][0], &n);
		assert_encodes(priv, JCA_FORMAT_RAW, b, n, "Ed25519 raw private");
		free(b);
		b = unhex(ed_raw[i][1], &n);
		assert_encodes(pub, JCA_FORMAT_RAW, b, n, "Ed25519 raw public");
		ck_assert_int_eq(jca_key_public(priv, &pub2), 0);
		assert_encodes(pub2, JCA_FORMAT_RAW, b, n, "Ed25519 public of raw private");
		free(b);
		jca_key_free(priv);
		jca_key_free(pub);
		jca_key_free(pub2);
	}
	for (i = 0; i < nx; i++) {
		jca_key *priv = raw_key("X25519", JCA_KEY_PRIVATE, x_raw[i][0]);

		b = unhex(x_raw[i][0], &n);
		assert_encodes(priv, JCA_FORMAT_RAW, b, n, "X25519 raw private");
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
		const struct kkey *kk = kkey(names[i]);
		uint8_t v2[83] = { 0x30, 0x51, 0x02, 0x01, 0x01 };
		jca_key *k;

		ck_assert_uint_eq(kk->priv_len, 48);
		ck_assert_uint_eq(kk->pub_len, 44);
		memcpy(v2 + 5, kk->priv + 5, 43);          /* the algorithm and the private key */
		memcpy(v2 + 48, "\x81\x21\x00", 3);
		memcpy(v2 + 51, kk->pub + 12, 32);
		ck_assert_msg(decode(kk->alg, v2, sizeof v2, &k) == 0, "%s: %s", kk->alg, jca_last_error_message());
		assert_encodes(k, JCA_FORMAT_DER, kk->priv, kk->priv_len, kk->name);
		jca_key_free(k);
		v2[82] ^= 1;
		ck_assert_int_eq(decode(kk->alg, v2, sizeof v2, &k), JCA_BADKEY);
	}
}
END_TEST

/* A copy of the key's DER with one byte (from the end) flipped. */
static int decode_flipped(const char *name, int private, size_t from_end)
{
	const struct kkey *kk = kkey(name);
	size_t len = private ? kk->priv_len : kk->pub_len;
	uint8_t *d = malloc(len);
	jca_key *k;
	int rc;

	memcpy(d, private ? kk->priv : kk->pub, len);
	d[len - 1 - from_end] ^= 0x01;
	rc = decode(kk->alg, d, len, &k);
	jca_key_free(k);
	free(d);
	return rc;
}

START_TEST(test_key_refusals)
{
	const struct kkey *r = kkey("rsa1024"), *e = kkey("ec256"), *rs = kkey("rsa2048");
	uint8_t pt[65];
	jca_key *k;
	int i;

	ck_assert_int_eq(decode("RSA", r->priv, r->priv_len, &k), JCA_BADKEY);
	ck_assert_msg(strstr(jca_last_error_message(), "2048"), "%s", jca_last_error_message());
	ck_assert_int_eq(decode("RSA", r->pub, r->pub_len, &k), JCA_BADKEY);
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
	ck_assert_int_eq(decode("EC", rs->pub, rs->pub_len, &k), JCA_BADKEY);
	ck_assert_int_eq(decode("RSA", kkey("rsapss")->pub, kkey("rsapss")->pub_len, &k), JCA_BADKEY);
	ck_assert_int_eq(decode("RSASSA-PSS", rs->priv, rs->priv_len, &k), JCA_BADKEY);
}
END_TEST

static const struct {
	const char *alg, *key;
} every[] = {
	{ "SHA224withECDSA", "ec256" }, { "SHA256withECDSA", "ec256" }, { "SHA384withECDSA", "ec384" },
	{ "SHA512withECDSA", "ec521" }, { "SHA3-256withECDSA", "ec256" }, { "SHA3-384withECDSA", "ec384" },
	{ "SHA3-512withECDSA", "ec521" }, { "SHA224withECDSAinP1363Format", "ec521" },
	{ "SHA256withECDSAinP1363Format", "ec256" }, { "SHA384withECDSAinP1363Format", "ec384" },
	{ "SHA512withECDSAinP1363Format", "ec521" }, { "SHA224withRSA", "rsa2048" }, { "SHA256withRSA", "rsa2048" },
	{ "SHA384withRSA", "rsa2048" }, { "SHA512withRSA", "rsa2048" }, { "SHA256withRSA/PSS", "rsa2048" },
	{ "SHA384withRSA/PSS", "rsa2048" }, { "SHA512withRSA/PSS", "rsa2048" }, { "RSASSA-PSS", "rsa2048" },
	{ "Ed25519", "ed25519" },
};

static const char msg[] = "The quick brown fox jumps over the lazy dog, twice over: the quick brown fox.";

static signature_ctx *sig_from(const char *alg)
{
	signature_ctx *s = signature_get_instance_from(alg, P);

	ck_assert_msg(s != NULL, "%s: %s", alg, jca_last_error_message());
	ck_assert_str_eq(signature_provider(s), P);
	return s;
}

/* Sets "name=value name=value" parameters. */
static void set_params(signature_ctx *s, const char *params)
{
	char buf[160], *tok, *save = NULL;

	snprintf(buf, sizeof buf, "%s", params);
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');

		ck_assert(eq != NULL);
		*eq = 0;
		ck_assert_msg(signature_set_parameter(s, tok, eq + 1) == 0, "%s: %s", tok, jca_last_error_message());
	}
}

static int verify(signature_ctx *s, const void *m, size_t len, const uint8_t *sig, size_t sig_len)
{
	ck_assert_int_eq(signature_update(s, m, len), 0);
	return signature_verify(s, sig, sig_len);
}

START_TEST(test_sign_verify_every_name)
{
	size_t i, len[2], m = strlen(msg);
	uint8_t sig[2][1024], bad[1024];

	ck_assert_uint_eq(sizeof every / sizeof every[0], 20);
	for (i = 0; i < sizeof every / sizeof every[0]; i++) {
		const char *alg = every[i].alg;
		jca_key *priv = key_of(every[i].key, 1), *pub = key_of(every[i].key, 0);
		signature_ctx *s = sig_from(alg);
		int r;

		ck_assert_msg(signature_init_sign(s, priv) == 0, "%s: %s", alg, jca_last_error_message());
		for (r = 0; r < 2; r++) {      /* the same object signs the next message */
			ck_assert_int_eq(signature_update(s, msg, 10), 0);
			ck_assert_int_eq(signature_update(s, NULL, 0), 0);
			ck_assert_int_eq(signature_update(s, msg + 10, m - 10), 0);
			ck_assert_msg(signature_sign(s, sig[r], sizeof sig[r], &len[r]) == 0, "%s: %s", alg,
			              jca_last_error_message());
			ck_assert_uint_le(len[r], signature_length(s));
		}
		if (strstr(alg, "P1363") || !strcmp(alg, "Ed25519"))
			ck_assert_uint_eq(len[0], signature_length(s));
		ck_assert_int_eq(signature_init_verify(s, pub), 0);
		ck_assert_msg(verify(s, msg, m, sig[0], len[0]) == 0, "%s: %s", alg, jca_last_error_message());
		ck_assert_int_eq(verify(s, msg, m, sig[1], len[1]), 0);
		memcpy(bad, sig[0], len[0]);
		bad[len[0] / 2] ^= 0x10;
		ck_assert_int_eq(verify(s, msg, m, bad, len[0]), JCA_BADSIG);
		ck_assert_int_eq(verify(s, msg, m - 1, sig[0], len[0]), JCA_BADSIG);
		ck_assert_int_eq(verify(s, msg, m, sig[0], len[0] - 1), JCA_BADSIG);
		ck_assert_int_eq(verify(s, msg, m, NULL, 0), JCA_BADSIG);
		memset(bad, 0x30, sizeof bad);
		ck_assert_int_eq(verify(s, msg, m, bad, len[0]), JCA_BADSIG);
		ck_assert_int_eq(verify(s, msg, m, bad, sizeof bad), JCA_BADSIG);
		ck_assert_int_eq(verify(s, msg, m, sig[0], len[0]), 0);   /* still usable */
		/* the private key verifies too (its public half) */
		ck_assert_int_eq(signature_init_verify(s, priv), 0);
		ck_assert_int_eq(verify(s, msg, m, sig[1], len[1]), 0);
		ck_assert_int_eq(signature_verify_oneshot(alg, pub, msg, m, sig[0], len[0]), 0);
		signature_free(s);
		jca_key_free(priv);
		jca_key_free(pub);
	}
}
END_TEST

START_TEST(test_signature_known_answers)
{
	size_t i, n;
	uint8_t out[1024], bad[1024];

	for (i = 0; i < nsigs; i++) {
		const struct ksig *k = &sigs[i];
		jca_key *pub = key_of(k->key, 0);
		signature_ctx *s = sig_from(k->alg);

		set_params(s, k->params);
		ck_assert_int_eq(signature_init_verify(s, pub), 0);
		ck_assert_msg(verify(s, k->msg, k->msg_len, k->sig, k->sig_len) == 0, "%s %s line %zu: %s", k->alg, k->key,
		              i, jca_last_error_message());
		memcpy(bad, k->sig, k->sig_len);
		bad[k->sig_len - 1] ^= 0x80;
		ck_assert_int_eq(verify(s, k->msg, k->msg_len, bad, k->sig_len), JCA_BADSIG);
		if (k->exact) {
			jca_key *priv = key_of(k->key, 1);

			ck_assert_int_eq(signature_init_sign(s, priv), 0);
			ck_assert_int_eq(signature_update(s, k->msg, k->msg_len), 0);
			ck_assert_int_eq(signature_sign(s, out, sizeof out, &n), 0);
			ck_assert_msg(n == k->sig_len && !memcmp(out, k->sig, n), "%s %s: not the known answer", k->alg,
			              k->key);
			jca_key_free(priv);
		}
		signature_free(s);
		jca_key_free(pub);
	}
}
END_TEST

/* ECDSA DER <-> r || s, here in the test (independent of the bridge's). */
static size_t der_int(const uint8_t *p, size_t fb, uint8_t *out)
{
	size_t len = p[1], skip = 0;

	ck_assert_int_eq(p[0], 0x02);
	while (len - skip > fb)
		ck_assert_int_eq(p[2 + skip++], 0);
	memset(out, 0, fb);
	memcpy(out + fb - (len - skip), p + 2 + skip, len - skip);
	return 2 + len;
}

static size_t to_p1363(const uint8_t *der, size_t fb, uint8_t *out)
{
	size_t off = der[1] == 0x81 ? 3 : 2;

	off += der_int(der + off, fb, out);
	der_int(der + off, fb, out + fb);
	return 2 * fb;
}

static size_t put_int(const uint8_t *v, size_t fb, uint8_t *out)
{
	size_t skip = 0, pad;

	while (skip < fb - 1 && !v[skip])
		skip++;
	pad = v[skip] & 0x80 ? 1 : 0;
	out[0] = 0x02;
	out[1] = (uint8_t)(fb - skip + pad);
	out[2] = 0;
	memcpy(out + 2 + pad, v + skip, fb - skip);
	return 2 + pad + fb - skip;
}

static size_t to_der(const uint8_t *rs, size_t fb, uint8_t *out)
{
	uint8_t body[160];
	size_t n = put_int(rs, fb, body), off;

	n += put_int(rs + fb, fb, body + n);
	out[0] = 0x30;
	off = n >= 128 ? 3 : 2;
	if (n >= 128)
		out[1] = 0x81;
	out[off - 1] = (uint8_t)n;
	memcpy(out + off, body, n);
	return off + n;
}

START_TEST(test_p1363_and_der)
{
	static const struct { const char *md, *key; size_t fb; } t[] = {
		{ "SHA256", "ec256", 32 }, { "SHA384", "ec384", 48 }, { "SHA512", "ec521", 66 }, { "SHA224", "ec384", 48 },
	};
	size_t i, r, n, m = strlen(msg);
	uint8_t sig[200], other[200];
	char der_name[64], p1363_name[64];

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		jca_key *priv = key_of(t[i].key, 1), *pub = key_of(t[i].key, 0);

		snprintf(der_name, sizeof der_name, "%swithECDSA", t[i].md);
		snprintf(p1363_name, sizeof p1363_name, "%swithECDSAinP1363Format", t[i].md);
		for (r = 0; r < 8; r++) {
			signature_ctx *d = sig_from(der_name), *p = sig_from(p1363_name);

			/* a DER signature, as r || s */
			ck_assert_int_eq(signature_init_sign(d, priv), 0);
			ck_assert_int_eq(signature_update(d, msg, m), 0);
			ck_assert_int_eq(signature_sign(d, sig, sizeof sig, &n), 0);
			ck_assert_uint_eq(to_p1363(sig, t[i].fb, other), 2 * t[i].fb);
			ck_assert_int_eq(signature_init_verify(p, pub), 0);
			ck_assert_msg(verify(p, msg, m, other, 2 * t[i].fb) == 0, "%s", jca_last_error_message());
			/* an r || s signature, as DER */
			ck_assert_int_eq(signature_init_sign(p, priv), 0);
			ck_assert_int_eq(signature_update(p, msg, m), 0);
			ck_assert_int_eq(signature_sign(p, sig, sizeof sig, &n), 0);
			ck_assert_uint_eq(n, 2 * t[i].fb);
			n = to_der(sig, t[i].fb, other);
			ck_assert_int_eq(signature_init_verify(d, pub), 0);
			ck_assert_msg(verify(d, msg, m, other, n) == 0, "%s", jca_last_error_message());
			/* r || s is exactly twice the field, no more, no less */
			ck_assert_int_eq(signature_init_verify(p, pub), 0);
			memmove(sig + 1, sig, 2 * t[i].fb);
			sig[0] = 0;
			ck_assert_int_eq(verify(p, msg, m, sig, 2 * t[i].fb + 1), JCA_BADSIG);
			ck_assert_int_eq(verify(p, msg, m, sig + 1, 2 * t[i].fb), 0);
			signature_free(d);
			signature_free(p);
		}
		jca_key_free(priv);
		jca_key_free(pub);
	}
}
END_TEST

START_TEST(test_ed25519_rfc8032)
{
	size_t i, n, ml, sl;
	uint8_t out[64];

	for (i = 0; i < ned; i++) {
		jca_key *priv = raw_key("Ed25519", JCA_KEY_PRIVATE, ed_raw[i][0]);
		jca_key *pub = raw_key("Ed25519", JCA_KEY_PUBLIC, ed_raw[i][1]);
		uint8_t *m = unhex(ed_raw[i][2], &ml), *want = unhex(ed_raw[i][3], &sl);
		signature_ctx *s = sig_from("Ed25519");

		ck_assert_int_eq(signature_init_sign(s, priv), 0);
		ck_assert_int_eq(signature_update(s, m, ml), 0);
		ck_assert_int_eq(signature_sign(s, out, sizeof out, &n), 0);
		ck_assert_msg(n == 64 && !memcmp(out, want, 64), "RFC 8032 TEST %zu", i + 1);
		ck_assert_int_eq(signature_init_verify(s, pub), 0);
		ck_assert_int_eq(verify(s, m, ml, want, 64), 0);
		want[63] ^= 0x40;                    /* S past L or another S */
		ck_assert_int_eq(verify(s, m, ml, want, 64), JCA_BADSIG);
		signature_free(s);
		jca_key_free(priv);
		jca_key_free(pub);
		free(m);
		free(want);
	}
}
END_TEST

static keyagreement_ctx *ka_from(const char *alg)
{
	keyagreement_ctx *ka = keyagreement_get_instance_from(alg, P);

	ck_assert_msg(ka != NULL, "%s: %s", alg, jca_last_error_message());
	return ka;
}

/* The secret of priv and peer through the bridge's alg: the status. */
static int agree(const char *alg, jca_key *priv, jca_key *peer, uint8_t *out, size_t *n)
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
		jca_key *priv = key_of(ecdh[i][0], 1), *peer = key_of(ecdh[i][1], 0);
		const char *alg = strncmp(ecdh[i][0], "ec", 2) ? "X25519" : "ECDH";
		uint8_t *z = unhex(ecdh[i][2], &zl);
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
		jca_key *k = raw_key("X25519", JCA_KEY_PRIVATE, x_raw[i][0]), *u = raw_key("X25519", JCA_KEY_PUBLIC, x_raw[i][1]);
		uint8_t *want = unhex(x_raw[i][2], &zl);

		ck_assert_int_eq(agree("X25519", k, u, out, &n), 0);
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
		ck_assert_int_eq(agree("X25519", a, b, out, &n), 0);
		memcpy(u, k, 32);
		memcpy(k, out, 32);
		jca_key_free(a);
		jca_key_free(b);
		if (i == 1 || i == 1000) {
			uint8_t *w = unhex(want[i == 1 ? 0 : 1], &wl);

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
	jca_key *x = key_of("x25519", 1), *e = key_of("ec256", 1), *e384 = key_of("ec384b", 0), *e521 = key_of("ec521b", 0);
	jca_key *xb = key_of("x25519b", 0), *eb = key_of("ec256b", 0);
	keyagreement_ctx *ka;
	uint8_t out[200];
	size_t i, n;

	for (i = 0; i < 2; i++) {
		jca_key *u = raw_key("X25519", JCA_KEY_PUBLIC, small[i]);

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

START_TEST(test_pss_parameters)
{
	jca_key *priv = key_of("rsa2048", 1), *pub = key_of("rsa2048", 0);
	signature_ctx *s = sig_from("RSASSA-PSS");
	uint8_t sig[512];
	size_t n, m = strlen(msg);

	ck_assert_int_eq(signature_set_parameter(s, "digest", "MD5"), JCA_EINVAL);
	ck_assert_int_eq(signature_set_parameter(s, "hash", "SHA-256"), JCA_EINVAL);
	ck_assert_int_eq(signature_set_parameter(s, "saltLength", "-1"), JCA_EINVAL);
	ck_assert_int_eq(signature_set_parameter(s, "saltLength", "20x"), JCA_EINVAL);
	ck_assert_int_eq(signature_set_parameter(s, "digest", "sha512"), 0);
	ck_assert_int_eq(signature_set_parameter(s, "mgf1", "SHA-384"), 0);
	ck_assert_int_eq(signature_init_sign(s, priv), 0);
	/* 2048 bits: 256 >= 64 + salt + 2 */
	ck_assert_int_eq(signature_set_parameter(s, "saltLength", "191"), JCA_EINVAL);
	ck_assert_int_eq(signature_set_parameter(s, "saltLength", "190"), 0);
	ck_assert_int_eq(signature_update(s, msg, m), 0);
	ck_assert_int_eq(signature_set_parameter(s, "saltLength", "10"), JCA_EINVAL);   /* mid-message */
	ck_assert_int_eq(signature_sign(s, sig, sizeof sig, &n), 0);
	ck_assert_int_eq(signature_init_verify(s, pub), 0);
	ck_assert_int_eq(verify(s, msg, m, sig, n), 0);
	ck_assert_int_eq(signature_set_parameter(s, "saltLength", "189"), 0);          /* the salt length is checked */
	ck_assert_int_eq(verify(s, msg, m, sig, n), JCA_BADSIG);
	signature_free(s);
	s = sig_from("SHA256withRSA/PSS");
	ck_assert_int_eq(signature_set_parameter(s, "saltLength", "20"), JCA_UNSUPPORTED);
	signature_free(s);
	jca_key_free(priv);
	jca_key_free(pub);
}
END_TEST

static void generate(const char *alg, const char *spec, jca_key **priv, jca_key **pub)
{
	keypairgen_ctx *g = keypairgen_get_instance_from(alg, P);

	ck_assert_msg(g != NULL, "%s: %s", alg, jca_last_error_message());
	if (spec)
		ck_assert_msg(keypairgen_init(g, spec) == 0, "%s %s: %s", alg, spec, jca_last_error_message());
	ck_assert_msg(keypairgen_generate(g, priv, pub) == 0, "%s: %s", alg, jca_last_error_message());
	keypairgen_free(g);
	ck_assert_str_eq(jca_key_provider(*priv), P);
	ck_assert_str_eq(jca_key_algorithm(*priv), alg);
}

/* A pair signs and verifies (or agrees with itself) and survives PKCS#8. */
static void use_pair(const char *alg, jca_key *priv, jca_key *pub)
{
	uint8_t sig[1024], der[4096], a[200], b[200];
	size_t n, m = strlen(msg), dl, an, bn;
	jca_key *again;

	if (!strcmp(alg, "X25519")) {
		ck_assert_int_eq(agree("X25519", priv, pub, a, &an), 0);
	} else {
		const char *sname = !strcmp(alg, "EC") ? "SHA256withECDSA" : !strcmp(alg, "RSA") ? "SHA256withRSA" : alg;

		if (!strcmp(alg, "RSASSA-PSS"))
			return;                      /* no Signature service takes RSASSA-PSS keys */
		ck_assert_int_eq(signature_sign_oneshot(sname, priv, msg, m, sig, sizeof sig, &n), 0);
		ck_assert_int_eq(signature_verify_oneshot(sname, pub, msg, m, sig, n), 0);
	}
	ck_assert_int_eq(jca_key_encode(priv, JCA_FORMAT_DER, der, sizeof der, &dl), 0);
	ck_assert_int_eq(decode(alg, der, dl, &again), 0);
	assert_encodes(again, JCA_FORMAT_DER, der, dl, alg);
	if (!strcmp(alg, "X25519")) {
		ck_assert_int_eq(agree("X25519", again, pub, b, &bn), 0);
		ck_assert(an == bn && !memcmp(a, b, an));
	}
	jca_key_free(again);
}

START_TEST(test_keypairgen)
{
	static const struct { const char *alg, *spec; size_t bits; const char *params; } t[] = {
		{ "EC", NULL, 256, "secp256r1" }, { "EC", "secp256r1", 256, "secp256r1" },
		{ "EC", "prime256v1", 256, "secp256r1" }, { "EC", "P-256", 256, "secp256r1" },
		{ "EC", "secp384r1", 384, "secp384r1" }, { "EC", "P-384", 384, "secp384r1" },
		{ "EC", "secp521r1", 521, "secp521r1" }, { "EC", "P-521", 521, "secp521r1" },
		{ "RSA", "2048", 2048, NULL }, { "RSASSA-PSS", "2048", 2048, NULL },
		{ "Ed25519", NULL, 255, NULL }, { "X25519", NULL, 255, NULL },
	};
	static const struct { const char *alg, *spec; } bad[] = {
		{ "EC", "secp256k1" }, { "EC", "P-192" }, { "EC", "" }, { "RSA", "1024" }, { "RSA", "2047" },
		{ "RSA", "3072x" }, { "RSASSA-PSS", "512" }, { "Ed25519", "x" }, { "X25519", "255" },
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		jca_key *priv, *pub;

		generate(t[i].alg, t[i].spec, &priv, &pub);
		ck_assert_uint_eq(jca_key_bits(priv), t[i].bits);
		ck_assert_uint_eq(jca_key_bits(pub), t[i].bits);
		ck_assert_uint_eq(jca_key_kind(pub), JCA_KEY_PUBLIC);
		if (t[i].params)
			ck_assert_str_eq(jca_key_params(pub), t[i].params);
		use_pair(t[i].alg, priv, pub);
		jca_key_free(priv);
		jca_key_free(pub);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		keypairgen_ctx *g = keypairgen_get_instance_from(bad[i].alg, P);

		ck_assert_msg(keypairgen_init(g, bad[i].spec) == JCA_EINVAL, "%s %s", bad[i].alg, bad[i].spec);
		keypairgen_free(g);
	}
}
END_TEST

/* RSA's default: 3072 bits (slow: a test of its own). */
START_TEST(test_keypairgen_rsa_default)
{
	jca_key *priv, *pub;

	generate("RSA", NULL, &priv, &pub);
	ck_assert_uint_eq(jca_key_bits(priv), 3072);
	use_pair("RSA", priv, pub);
	jca_key_free(priv);
	jca_key_free(pub);
}
END_TEST

static jca_key *builtin_pair(const char *alg, jca_key **pub)
{
	keypairgen_ctx *g = keypairgen_get_instance_from(alg, "builtin");
	jca_key *priv;

	ck_assert_msg(g != NULL, "%s: %s", alg, jca_last_error_message());
	ck_assert_int_eq(keypairgen_generate(g, &priv, pub), 0);
	keypairgen_free(g);
	ck_assert_str_eq(jca_key_provider(priv), "builtin");
	return priv;
}

static size_t sign_with(signature_ctx *s, jca_key *priv, uint8_t *sig)
{
	size_t n;

	ck_assert_msg(signature_init_sign(s, priv) == 0, "%s", jca_last_error_message());
	ck_assert_int_eq(signature_update(s, msg, strlen(msg)), 0);
	ck_assert_int_eq(signature_sign(s, sig, 64, &n), 0);
	return n;
}

START_TEST(test_cross_provider)
{
	jca_key *bpub, *bpriv = builtin_pair("Ed25519", &bpub), *opub, *opriv, *xbpub, *xbpriv, *xopub, *xopriv;
	signature_ctx *s;
	keyagreement_ctx *ka;
	uint8_t sig[64], z1[32], z2[32];
	size_t n, m = strlen(msg);

	generate("Ed25519", NULL, &opriv, &opub);
	/* a built-in key with the bridge's Signature (converted), verified by the built-in one */
	s = sig_from("Ed25519");
	n = sign_with(s, bpriv, sig);
	ck_assert_str_eq(signature_provider(s), P);
	signature_free(s);
	s = signature_get_instance_from("Ed25519", "builtin");
	ck_assert_int_eq(signature_init_verify(s, bpub), 0);
	ck_assert_int_eq(verify(s, msg, m, sig, n), 0);
	/* the reverse: a bridge key signed by the built-in Signature, verified by the bridge */
	n = sign_with(s, opriv, sig);
	ck_assert_str_eq(signature_provider(s), "builtin");
	signature_free(s);
	s = sig_from("Ed25519");
	ck_assert_int_eq(signature_init_verify(s, opub), 0);
	ck_assert_int_eq(verify(s, msg, m, sig, n), 0);
	signature_free(s);
	/* delayed selection: the key's provider runs */
	s = signature_get_instance("Ed25519");
	ck_assert_str_eq(signature_provider(s), "builtin");
	sign_with(s, opriv, sig);
	ck_assert_str_eq(signature_provider(s), P);
	sign_with(s, bpriv, sig);
	ck_assert_str_eq(signature_provider(s), "builtin");
	signature_free(s);
	s = signature_get_instance("SHA256withECDSA");     /* only the bridge offers it */
	ck_assert_str_eq(signature_provider(s), P);
	signature_free(s);
	/* X25519 both ways give one secret */
	xbpriv = builtin_pair("X25519", &xbpub);
	generate("X25519", NULL, &xopriv, &xopub);
	ck_assert_int_eq(agree("X25519", xbpriv, xopub, z1, &n), 0);
	ka = keyagreement_get_instance_from("X25519", "builtin");
	ck_assert_int_eq(keyagreement_init(ka, xopriv), 0);
	ck_assert_int_eq(keyagreement_do_phase(ka, xbpub), 0);
	ck_assert_int_eq(keyagreement_generate_secret(ka, z2, sizeof z2, &n), 0);
	ck_assert(!memcmp(z1, z2, 32));
	keyagreement_free(ka);
	ka = keyagreement_get_instance("X25519");
	ck_assert_int_eq(keyagreement_init(ka, xopriv), 0);
	ck_assert_str_eq(keyagreement_provider(ka), P);
	ck_assert_int_eq(keyagreement_init(ka, xbpriv), 0);
	ck_assert_str_eq(keyagreement_provider(ka), "builtin");
	keyagreement_free(ka);
	jca_key_free(bpriv);
	jca_key_free(bpub);
	jca_key_free(opriv);
	jca_key_free(opub);
	jca_key_free(xbpriv);
	jca_key_free(xbpub);
	jca_key_free(xopriv);
	jca_key_free(xopub);
}
END_TEST

START_TEST(test_clone_and_reset)
{
	static const char *const algs[] = { "SHA384withECDSA", "SHA256withRSA", "RSASSA-PSS", "Ed25519" };
	static const char *const key[] = { "ec384", "rsa2048", "rsa2048", "ed25519" };
	uint8_t sig[2][1024];
	size_t i, n[2], m = strlen(msg);

	for (i = 0; i < 4; i++) {
		jca_key *priv = key_of(key[i], 1), *pub = key_of(key[i], 0);
		signature_ctx *s = sig_from(algs[i]), *c;

		if (i == 2)
			set_params(s, "digest=SHA-384 saltLength=11");
		ck_assert_int_eq(signature_init_sign(s, priv), 0);
		ck_assert_int_eq(signature_update(s, "junk", 4), 0);
		ck_assert_int_eq(signature_reset(s), 0);         /* drops the junk */
		ck_assert_int_eq(signature_update(s, msg, 20), 0);
		c = signature_clone(s);
		ck_assert_msg(c != NULL, "%s: %s", algs[i], jca_last_error_message());
		ck_assert_int_eq(signature_update(s, msg + 20, m - 20), 0);
		ck_assert_int_eq(signature_update(c, msg + 20, m - 20), 0);
		ck_assert_int_eq(signature_sign(s, sig[0], sizeof sig[0], &n[0]), 0);
		ck_assert_int_eq(signature_sign(c, sig[1], sizeof sig[1], &n[1]), 0);
		signature_free(c);
		ck_assert_int_eq(signature_init_verify(s, pub), 0);
		ck_assert_msg(verify(s, msg, m, sig[0], n[0]) == 0, "%s: %s", algs[i], jca_last_error_message());
		ck_assert_msg(verify(s, msg, m, sig[1], n[1]) == 0, "%s clone: %s", algs[i], jca_last_error_message());
		signature_free(s);
		jca_key_free(priv);
		jca_key_free(pub);
	}
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
	tcase_add_test(tc, test_sign_verify_every_name);
	tcase_add_test(tc, test_signature_known_answers);
	tcase_add_test(tc, test_p1363_and_der);
	tcase_add_test(tc, test_ed25519_rfc8032);
	tcase_add_test(tc, test_agreement_known_answers);
	tcase_add_test(tc, test_x25519_iterations);
	tcase_add_test(tc, test_agreement_refusals);
	tcase_add_test(tc, test_pss_parameters);
	tcase_add_test(tc, test_keypairgen);
	tcase_add_test(tc, test_keypairgen_rsa_default);
	tcase_add_test(tc, test_cross_provider);
	tcase_add_test(tc, test_clone_and_reset);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
