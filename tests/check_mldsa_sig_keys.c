/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA keys through the KeyFactory and KeyPairGenerator engines: every
 * encoding (raw seed, raw expanded, raw public, X.509, PKCS#8 in the three
 * forms of RFC 9881, PEM) read and written back byte for byte, and the bad
 * ones refused (sizes, tags, parameters, trailing bytes, a seed and an
 * expanded key of different pairs, a corrupted expanded key, a public key
 * that is not the private key's, another parameter set's key).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_mldsa_sig.h"

const ms_set ms_sets[3] = {
	{ "ML-DSA-44", 1312, 2560, 2420, 17 },
	{ "ML-DSA-65", 1952, 4032, 3309, 18 },
	{ "ML-DSA-87", 2592, 4896, 4627, 19 },
};

void ms_generate(const ms_set *s, const char *spec, jca_key **priv, jca_key **pub)
{
	keypairgen_ctx *g = keypairgen_get_instance(s->name);

	ck_assert_msg(g != NULL, "%s", jca_last_error_message());
	if (spec)
		ck_assert_msg(keypairgen_init(g, spec) == 0, "%s", jca_last_error_message());
	ck_assert_msg(keypairgen_generate(g, priv, pub) == 0, "%s", jca_last_error_message());
	keypairgen_free(g);
}

int ms_raw(const ms_set *s, unsigned kind, const uint8_t *in, size_t n, jca_key **k)
{
	keyfactory_ctx *kf = keyfactory_get_instance(s->name);
	int rc;

	ck_assert_msg(kf != NULL, "%s", jca_last_error_message());
	rc = keyfactory_decode_raw(kf, kind, in, n, k);
	keyfactory_free(kf);
	return rc;
}

uint8_t *ms_encode(const jca_key *k, jca_key_format f, size_t *n)
{
	uint8_t *p;

	ck_assert_msg(jca_key_encode(k, f, NULL, 0, n) == JCA_BUFSIZE, "%s", jca_last_error_message());
	p = malloc(*n);
	ck_assert_ptr_nonnull(p);
	ck_assert_msg(jca_key_encode(k, f, p, *n, n) == 0, "%s", jca_last_error_message());
	return p;
}

size_t ms_der(uint8_t *out, unsigned tag, const uint8_t *body, size_t n)
{
	size_t h = n < 128 ? 2 : n < 256 ? 3 : 4;

	memmove(out + h, body, n);     /* body may be out itself */
	out[0] = (uint8_t)tag;
	if (n < 128) {
		out[1] = (uint8_t)n;
	} else if (n < 256) {
		out[1] = 0x81;
		out[2] = (uint8_t)n;
	} else {
		out[1] = 0x82;
		out[2] = (uint8_t)(n >> 8);
		out[3] = (uint8_t)n;
	}
	return h + n;
}

static size_t algid(uint8_t *out, const ms_set *s)
{
	uint8_t oid[11] = { 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0 };

	oid[10] = s->oid_last;
	return ms_der(out, 0x30, oid, sizeof oid);
}

size_t ms_pkcs8(uint8_t *out, const ms_set *s, const uint8_t *choice, size_t n)
{
	uint8_t *body = malloc(n + 64);
	size_t m = 0;

	ck_assert_ptr_nonnull(body);
	body[m++] = 0x02, body[m++] = 0x01, body[m++] = 0x00;
	m += algid(body + m, s);
	m += ms_der(body + m, 0x04, choice, n);
	m = ms_der(out, 0x30, body, m);
	free(body);
	return m;
}

static int decode(const uint8_t *der, size_t n, jca_key **k)
{
	return jca_key_decode(der, n, k);
}

/* The seed and expanded key of a fresh pair (written in the both form). */
static void seed_and_sk(const ms_set *s, uint8_t seed[32], uint8_t *sk, jca_key **priv, jca_key **pub)
{
	size_t n;
	uint8_t *der;

	ms_generate(s, "both", priv, pub);
	der = ms_encode(*priv, JCA_FORMAT_DER, &n);
	/* 30 82 LL LL | 02 01 00 | 30 0b <oid> | 04 82 LL LL | 30 82 LL LL | 04 20 seed | 04 82 LL LL sk */
	ck_assert_uint_eq(n, 66 + s->sk);
	ck_assert_uint_eq(der[20], 0x04);
	ck_assert_uint_eq(der[24], 0x30);
	ck_assert_uint_eq(der[28], 0x04);
	ck_assert_uint_eq(der[29], 32);
	ck_assert_uint_eq(der[62], 0x04);
	memcpy(seed, der + 30, 32);
	memcpy(sk, der + 66, s->sk);
	free(der);
}

/* Round trips of every form, byte for byte. */
START_TEST(test_encodings)
{
	const ms_set *s = &ms_sets[_i];
	uint8_t seed[32], *sk = malloc(s->sk), *choice = malloc(s->sk + 64), *p8 = malloc(s->sk + 128);
	uint8_t *a, *b, *pk;
	size_t an, bn, pn, cn, n;
	jca_key *priv, *pub, *k, *k2;

	ck_assert(sk && choice && p8);
	seed_and_sk(s, seed, sk, &priv, &pub);
	ck_assert_str_eq(jca_key_algorithm(priv), s->name);
	ck_assert_uint_eq(jca_key_bits(pub), 8 * s->pk);
	pk = ms_encode(pub, JCA_FORMAT_RAW, &pn);
	ck_assert_uint_eq(pn, s->pk);

	/* raw seed: the same pair; writes the seed form */
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PRIVATE, seed, 32, &k), 0);
	a = ms_encode(k, JCA_FORMAT_DER, &an);
	cn = ms_der(choice, 0x80, seed, 32);
	n = ms_pkcs8(p8, s, choice, cn);
	ck_assert_uint_eq(an, n);
	ck_assert_mem_eq(a, p8, n);
	free(a);
	ck_assert_int_eq(jca_key_public(k, &k2), 0);
	a = ms_encode(k2, JCA_FORMAT_RAW, &an);
	ck_assert_mem_eq(a, pk, pn);
	free(a);
	jca_key_free(k2);
	a = ms_encode(k, JCA_FORMAT_RAW, &an);
	ck_assert_uint_eq(an, 32);
	ck_assert_mem_eq(a, seed, 32);
	free(a);
	jca_key_free(k);

	/* raw expanded key: the same public key; writes the expanded form */
	ck_assert_msg(ms_raw(s, JCA_KEY_PRIVATE, sk, s->sk, &k) == 0, "%s", jca_last_error_message());
	a = ms_encode(k, JCA_FORMAT_DER, &an);
	cn = ms_der(choice, 0x04, sk, s->sk);
	n = ms_pkcs8(p8, s, choice, cn);
	ck_assert_uint_eq(an, n);
	ck_assert_mem_eq(a, p8, n);
	ck_assert_int_eq(decode(a, an, &k2), 0);
	free(a);
	a = ms_encode(k2, JCA_FORMAT_RAW, &an);
	ck_assert_uint_eq(an, s->sk);
	ck_assert_mem_eq(a, sk, s->sk);
	free(a);
	jca_key_free(k2);
	ck_assert_int_eq(jca_key_public(k, &k2), 0);
	a = ms_encode(k2, JCA_FORMAT_RAW, &an);
	ck_assert_mem_eq(a, pk, pn);
	free(a);
	jca_key_free(k2);
	jca_key_free(k);

	/* both: read and written back */
	a = ms_encode(priv, JCA_FORMAT_DER, &an);
	ck_assert_int_eq(decode(a, an, &k), 0);
	b = ms_encode(k, JCA_FORMAT_DER, &bn);
	ck_assert_uint_eq(an, bn);
	ck_assert_mem_eq(a, b, an);
	free(a);
	free(b);
	jca_key_free(k);

	/* PEM, X.509, raw public */
	a = ms_encode(priv, JCA_FORMAT_PEM, &an);
	ck_assert_int_eq(jca_key_decode(a, an, &k), 0);
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PRIVATE);
	free(a);
	jca_key_free(k);
	a = ms_encode(pub, JCA_FORMAT_DER, &an);
	ck_assert_uint_eq(an, 22 + s->pk);
	ck_assert_mem_eq(a + 22, pk, pn);
	ck_assert_int_eq(decode(a, an, &k), 0);
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PUBLIC);
	b = ms_encode(k, JCA_FORMAT_DER, &bn);
	ck_assert_mem_eq(a, b, an);
	free(a);
	free(b);
	jca_key_free(k);
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PUBLIC, pk, pn, &k), 0);
	a = ms_encode(k, JCA_FORMAT_PEM, &an);
	/* PEM is not NUL-terminated: search within its an bytes */
	ck_assert_msg(an > 26 && memcmp(a, "-----BEGIN PUBLIC KEY-----", 26) == 0, "PEM public key header");
	free(a);
	jca_key_free(k);

	jca_key_free(priv);
	jca_key_free(pub);
	free(pk);
	free(sk);
	free(choice);
	free(p8);
}
END_TEST

static void refused(const uint8_t *der, size_t n, const char *why)
{
	jca_key *k = (jca_key *)1;

	ck_assert_msg(jca_key_decode(der, n, &k) == JCA_BADKEY, "%s: accepted (%s)", why, jca_last_error_message());
	ck_assert_ptr_null(k);
}

START_TEST(test_bad_keys)
{
	const ms_set *s = &ms_sets[_i], *o = &ms_sets[(_i + 1) % 3];
	uint8_t seed[32], seed2[32], *sk = malloc(s->sk), *sk2 = malloc(s->sk), *c = malloc(s->sk + 256);
	uint8_t *p8 = malloc(s->sk + 512), *both = malloc(s->sk + 64), *pk, *spki;
	size_t n, cn, pn, sn, m;
	jca_key *priv, *pub, *priv2, *pub2, *k = NULL;

	ck_assert(sk && sk2 && c && p8 && both);
	seed_and_sk(s, seed, sk, &priv, &pub);
	seed_and_sk(s, seed2, sk2, &priv2, &pub2);
	pk = ms_encode(pub, JCA_FORMAT_RAW, &pn);
	spki = ms_encode(pub, JCA_FORMAT_DER, &sn);

	/* raw lengths */
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PRIVATE, seed, 31, &k), JCA_BADKEY);
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PRIVATE, sk, s->sk - 1, &k), JCA_BADKEY);
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PUBLIC, pk, pn - 1, &k), JCA_BADKEY);
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PUBLIC, seed, 32, &k), JCA_BADKEY);
	ck_assert_int_eq(ms_raw(o, JCA_KEY_PRIVATE, sk, s->sk, &k), JCA_BADKEY);

	/* an expanded key made inconsistent: tr, then s1's first byte, then t0's last */
	memcpy(c, sk, s->sk);
	c[64] ^= 1;
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PRIVATE, c, s->sk, &k), JCA_BADKEY);
	memcpy(c, sk, s->sk);
	c[128] = 0xff;
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PRIVATE, c, s->sk, &k), JCA_BADKEY);
	memcpy(c, sk, s->sk);
	c[s->sk - 1] ^= 0x10;
	ck_assert_int_eq(ms_raw(s, JCA_KEY_PRIVATE, c, s->sk, &k), JCA_BADKEY);
	cn = ms_der(c, 0x04, c, s->sk);
	n = ms_pkcs8(p8, s, c, cn);
	refused(p8, n, "inconsistent expanded key");

	/* both: a seed and an expanded key of different pairs */
	m = ms_der(both, 0x04, seed2, 32);
	memcpy(both + m, sk, s->sk);
	m += ms_der(both + m, 0x04, both + m, s->sk);
	cn = ms_der(c, 0x30, both, m);
	n = ms_pkcs8(p8, s, c, cn);
	refused(p8, n, "both with another pair's seed");
	/* ... and of the same pair: accepted */
	memcpy(both + 2, seed, 32);
	cn = ms_der(c, 0x30, both, m);
	n = ms_pkcs8(p8, s, c, cn);
	ck_assert_msg(jca_key_decode(p8, n, &k) == 0, "%s", jca_last_error_message());
	jca_key_free(k);
	/* both in the wrong order */
	m = ms_der(both, 0x04, sk, s->sk);
	m += ms_der(both + m, 0x04, seed, 32);
	cn = ms_der(c, 0x30, both, m);
	n = ms_pkcs8(p8, s, c, cn);
	refused(p8, n, "both, expanded first");

	/* the seed form: 31 and 33 bytes, explicit tagging, a trailing byte */
	cn = ms_der(c, 0x80, seed, 31);
	refused(p8, ms_pkcs8(p8, s, c, cn), "31-byte seed");
	memcpy(c + 100, seed, 32);
	c[132] = 0;
	cn = ms_der(c, 0x80, c + 100, 33);
	refused(p8, ms_pkcs8(p8, s, c, cn), "33-byte seed");
	cn = ms_der(c + 50, 0x04, seed, 32);
	cn = ms_der(c, 0xa0, c + 50, cn);
	refused(p8, ms_pkcs8(p8, s, c, cn), "seed [0] EXPLICIT");
	cn = ms_der(c, 0x80, seed, 32);
	c[cn++] = 0x05, c[cn++] = 0x00;
	refused(p8, ms_pkcs8(p8, s, c, cn), "trailing NULL after the seed");
	/* another set's OID around this set's seed: a key of the other set, but an expanded key of the wrong size */
	cn = ms_der(c, 0x04, sk, s->sk);
	refused(p8, ms_pkcs8(p8, o, c, cn), "expanded key under another set's OID");

	/* X.509: parameters present, a short key, another set's KeyFactory */
	{
		uint8_t *body = malloc(sn + 16);
		size_t bn = 0, an;

		ck_assert_ptr_nonnull(body);
		an = algid(body, s);
		body[1] += 2;
		body[an++] = 0x05, body[an++] = 0x00;
		bn = an;
		body[bn++] = 0x03;
		memcpy(body + bn, spki + 18, sn - 18);    /* 82 LL LL 00 pk */
		bn += sn - 18;
		m = ms_der(p8, 0x30, body, bn);
		refused(p8, m, "SPKI with NULL parameters");
		free(body);
	}
	{
		keyfactory_ctx *kf = keyfactory_get_instance(o->name);

		ck_assert_int_eq(keyfactory_decode(kf, spki, sn, &k), JCA_BADKEY);
		keyfactory_free(kf);
	}
	/* a PKCS#8 v2 with the public key in [1]: the right one, then another */
	{
		uint8_t *body = malloc(s->sk + 64 + s->pk + 16);
		size_t bn = 0;

		ck_assert_ptr_nonnull(body);
		body[bn++] = 0x02, body[bn++] = 0x01, body[bn++] = 0x01;
		bn += algid(body + bn, s);
		cn = ms_der(c, 0x80, seed, 32);
		bn += ms_der(body + bn, 0x04, c, cn);
		c[0] = 0;
		memcpy(c + 1, pk, pn);
		bn += ms_der(body + bn, 0x81, c, pn + 1);
		m = ms_der(p8, 0x30, body, bn);
		ck_assert_msg(jca_key_decode(p8, m, &k) == 0, "%s", jca_last_error_message());
		jca_key_free(k);
		p8[m - 1] ^= 1;
		refused(p8, m, "v2 with another public key");
		free(body);
	}

	jca_key_free(priv);
	jca_key_free(pub);
	jca_key_free(priv2);
	jca_key_free(pub2);
	free(pk);
	free(spki);
	free(sk);
	free(sk2);
	free(c);
	free(p8);
	free(both);
}
END_TEST

START_TEST(test_generator_specs)
{
	const ms_set *s = &ms_sets[_i];
	keypairgen_ctx *g = keypairgen_get_instance(s->name);
	jca_key *a, *b;

	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(keypairgen_init(g, s->name), 0);
	ck_assert_int_eq(keypairgen_init(g, "EXPANDED"), 0);
	ck_assert_int_eq(keypairgen_init(g, "2048"), JCA_EINVAL);
	keypairgen_free(g);
	/* two pairs differ */
	ms_generate(s, NULL, &a, &b);
	{
		jca_key *c, *d;
		uint8_t *x, *y;
		size_t xn, yn;

		ms_generate(s, NULL, &c, &d);
		x = ms_encode(b, JCA_FORMAT_RAW, &xn);
		y = ms_encode(d, JCA_FORMAT_RAW, &yn);
		ck_assert(memcmp(x, y, xn) != 0);
		free(x);
		free(y);
		jca_key_free(c);
		jca_key_free(d);
	}
	jca_key_free(a);
	jca_key_free(b);
}
END_TEST

void ms_add_key_tests(TCase *tc)
{
	tcase_add_loop_test(tc, test_encodings, 0, 3);
	tcase_add_loop_test(tc, test_bad_keys, 0, 3);
	tcase_add_loop_test(tc, test_generator_specs, 0, 3);
}
