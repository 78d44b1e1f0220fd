/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_pkey_openssl, second half: the OpenSSL bridge's Signature services
 * (every name signs and verifies; tampering; the known answers of
 * tests/kat/pkey_openssl.txt; DER and P1363 forms of one signature;
 * RFC 8032 7.1; RSASSA-PSS parameters; clone and reset), its
 * KeyPairGenerator specs, and keys crossing between the built-in
 * provider and the bridge (delayed provider selection). The first half,
 * check_pkey_openssl.c, reads the known answers and runs the suite.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_pkey_openssl.h"

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
		jca_key *priv = pko_key_of(every[i].key, 1), *pub = pko_key_of(every[i].key, 0);
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
		jca_key *pub = pko_key_of(k->key, 0);
		signature_ctx *s = sig_from(k->alg);

		set_params(s, k->params);
		ck_assert_int_eq(signature_init_verify(s, pub), 0);
		ck_assert_msg(verify(s, k->msg, k->msg_len, k->sig, k->sig_len) == 0, "%s %s line %zu: %s", k->alg, k->key,
		              i, jca_last_error_message());
		memcpy(bad, k->sig, k->sig_len);
		bad[k->sig_len - 1] ^= 0x80;
		ck_assert_int_eq(verify(s, k->msg, k->msg_len, bad, k->sig_len), JCA_BADSIG);
		if (k->exact) {
			jca_key *priv = pko_key_of(k->key, 1);

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
		jca_key *priv = pko_key_of(t[i].key, 1), *pub = pko_key_of(t[i].key, 0);

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
		jca_key *priv = pko_raw_key("Ed25519", JCA_KEY_PRIVATE, ed_raw[i][0]);
		jca_key *pub = pko_raw_key("Ed25519", JCA_KEY_PUBLIC, ed_raw[i][1]);
		uint8_t *m = pko_unhex(ed_raw[i][2], &ml), *want = pko_unhex(ed_raw[i][3], &sl);
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

START_TEST(test_pss_parameters)
{
	jca_key *priv = pko_key_of("rsa2048", 1), *pub = pko_key_of("rsa2048", 0);
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
		ck_assert_int_eq(pko_agree("X25519", priv, pub, a, &an), 0);
	} else {
		const char *sname = !strcmp(alg, "EC") ? "SHA256withECDSA" : !strcmp(alg, "RSA") ? "SHA256withRSA" : alg;

		if (!strcmp(alg, "RSASSA-PSS"))
			return;                      /* no Signature service takes RSASSA-PSS keys */
		ck_assert_int_eq(signature_sign_oneshot(sname, priv, msg, m, sig, sizeof sig, &n), 0);
		ck_assert_int_eq(signature_verify_oneshot(sname, pub, msg, m, sig, n), 0);
	}
	ck_assert_int_eq(jca_key_encode(priv, JCA_FORMAT_DER, der, sizeof der, &dl), 0);
	ck_assert_int_eq(pko_decode(alg, der, dl, &again), 0);
	pko_assert_encodes(again, JCA_FORMAT_DER, der, dl, alg);
	if (!strcmp(alg, "X25519")) {
		ck_assert_int_eq(pko_agree("X25519", again, pub, b, &bn), 0);
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
	ck_assert_int_eq(pko_agree("X25519", xbpriv, xopub, z1, &n), 0);
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
		jca_key *priv = pko_key_of(key[i], 1), *pub = pko_key_of(key[i], 0);
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

void pko_add_signature_tests(TCase *tc)
{
	tcase_add_test(tc, test_sign_verify_every_name);
	tcase_add_test(tc, test_signature_known_answers);
	tcase_add_test(tc, test_p1363_and_der);
	tcase_add_test(tc, test_ed25519_rfc8032);
	tcase_add_test(tc, test_pss_parameters);
	tcase_add_test(tc, test_keypairgen);
	tcase_add_test(tc, test_keypairgen_rsa_default);
	tcase_add_test(tc, test_cross_provider);
	tcase_add_test(tc, test_clone_and_reset);
}
