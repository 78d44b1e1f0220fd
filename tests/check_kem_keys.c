/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_kem's key tests (check_kem.c has the engine's): ML-KEM and X-Wing
 * keys in every encoding, the three PKCS#8 forms of RFC 9935, bad keys
 * refused (the CCTV modulus-check keys, hash checks, disagreeing seed and
 * expanded key), the CCTV intermediate values, python cryptography's keys
 * and encapsulations, the X-Wing draft's vectors.
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
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "check_kem.h"
#include "kem_kat.h"
#include "xwing_kat.h"
#include "mlkem_draft_kat.h"

/* The key written in each form and read back: the same bytes. */
static void same_back(const jca_key *k, jca_key_format f)
{
	uint8_t *b, *b2;
	size_t n, n2;
	jca_key *k2 = NULL;

	b = kt_encode(k, f, &n);
	if (f == JCA_FORMAT_RAW) {
		k2 = kt_raw_key(jca_key_algorithm(k), jca_key_kind(k), b, n);
	} else {
		ck_assert_msg(jca_key_decode(b, n, &k2) == 0, "%s", jca_last_error_message());
	}
	ck_assert_str_eq(jca_key_algorithm(k2), jca_key_algorithm(k));
	ck_assert_uint_eq(jca_key_kind(k2), jca_key_kind(k));
	b2 = kt_encode(k2, f, &n2);
	ck_assert_uint_eq(n, n2);
	ck_assert(memcmp(b, b2, n) == 0);
	free(b);
	free(b2);
	jca_key_free(k2);
}

START_TEST(test_encodings)
{
	size_t i = (size_t)_i;
	jca_key *priv, *pub, *k2;
	uint8_t *raw, *der;
	size_t n, m;
	jca_key_format f[] = { JCA_FORMAT_DER, JCA_FORMAT_PEM, JCA_FORMAT_RAW };
	size_t j;

	kt_gen(kt_sets[i].name, &priv, &pub);
	for (j = 0; j < 3; j++) {
		same_back(priv, f[j]);
		same_back(pub, f[j]);
	}
	raw = kt_encode(pub, JCA_FORMAT_RAW, &n);
	ck_assert_uint_eq(n, kt_sets[i].ek);
	free(raw);
	raw = kt_encode(priv, JCA_FORMAT_RAW, &n);
	ck_assert_uint_eq(n, KT_IS_XWING(i) ? 32 : 64);
	free(raw);
	/* the public key's DER: SubjectPublicKeyInfo with the OID */
	der = kt_encode(pub, JCA_FORMAT_DER, &m);
	ck_assert_uint_eq(der[0], 0x30);
	free(der);
	/* the public half of the private key */
	ck_assert_int_eq(jca_key_public(priv, &k2), 0);
	der = kt_encode(k2, JCA_FORMAT_DER, &m);
	raw = kt_encode(pub, JCA_FORMAT_DER, &n);
	ck_assert(n == m && memcmp(der, raw, n) == 0);
	free(der);
	free(raw);
	jca_key_free(k2);
	/* wrong raw sizes */
	raw = calloc(1, 4000);
	ck_assert_int_eq(kt_raw_refused(kt_sets[i].name, JCA_KEY_PUBLIC, raw, kt_sets[i].ek - 1), JCA_BADKEY);
	ck_assert_int_eq(kt_raw_refused(kt_sets[i].name, JCA_KEY_PRIVATE, raw, 33), JCA_BADKEY);
	free(raw);
	jca_key_free(priv);
	jca_key_free(pub);
}
END_TEST

/* A PKCS#8 ML-KEM key of the given private-key form, built here. */
static size_t der_len(uint8_t *p, size_t n)
{
	if (n < 128) {
		p[0] = (uint8_t)n;
		return 1;
	}
	p[0] = 0x82;
	p[1] = (uint8_t)(n >> 8);
	p[2] = (uint8_t)n;
	return 3;
}

static size_t tlv(uint8_t *out, uint8_t tag, const uint8_t *body, size_t n)
{
	size_t h;

	out[0] = tag;
	h = 1 + der_len(out + 1, n);
	memmove(out + h, body, n);
	return h + n;
}

/* form 0: seed [0]; 1: expandedKey; 2: both */
static size_t mlkem_pkcs8(uint8_t *out, size_t set, int form, const uint8_t *seed, const uint8_t *dk, size_t dkn)
{
	static uint8_t a[8000], b[8000];
	static const uint8_t head[] = { 0x02, 0x01, 0x00, 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
		                        0x03, 0x04, 0x04, 0x00 };
	size_t n = 0, m;

	if (form == 0) {
		n = tlv(a, 0x80, seed, 64);
	} else if (form == 1) {
		n = tlv(a, 0x04, dk, dkn);
	} else {
		m = tlv(b, 0x04, seed, 64);
		m += tlv(b + m, 0x04, dk, dkn);
		n = tlv(a, 0x30, b, m);
	}
	n = tlv(b + sizeof head, 0x04, a, n);
	memcpy(b, head, sizeof head);
	b[sizeof head - 1] = (uint8_t)(set + 1);
	return tlv(out, 0x30, b, sizeof head + n);
}

START_TEST(test_pkcs8_forms)
{
	size_t i = (size_t)_i;
	jca_key *priv, *pub, *k;
	uint8_t *seed, *dk, der[8000], *back;
	size_t n, sn, bn;

	kt_gen(kt_sets[i].name, &priv, &pub);
	seed = kt_encode(priv, JCA_FORMAT_RAW, &sn);
	ck_assert_uint_eq(sn, 64);
	/* the seed form [0] is what the library writes, and reads back */
	n = mlkem_pkcs8(der, i, 0, seed, NULL, 0);
	back = kt_encode(priv, JCA_FORMAT_DER, &bn);
	ck_assert_uint_eq(bn, n);
	ck_assert(memcmp(back, der, n) == 0);
	free(back);
	ck_assert_msg(jca_key_decode(der, n, &k) == 0, "%s", jca_last_error_message());
	jca_key_free(k);
	/* a dk that is not the seed's, or whose H(ek) does not match */
	dk = calloc(1, kt_sets[i].dk);
	n = mlkem_pkcs8(der, i, 2, seed, dk, kt_sets[i].dk);
	ck_assert_int_eq(jca_key_decode(der, n, &k), JCA_BADKEY);
	n = mlkem_pkcs8(der, i, 1, NULL, dk, kt_sets[i].dk);
	ck_assert_int_eq(jca_key_decode(der, n, &k), JCA_BADKEY);
	/* the wrong sizes of each member */
	n = mlkem_pkcs8(der, i, 1, NULL, dk, kt_sets[i].dk - 1);
	ck_assert_int_eq(jca_key_decode(der, n, &k), JCA_BADKEY);
	free(dk);
	free(seed);
	jca_key_free(priv);
	jca_key_free(pub);
}
END_TEST

/* "name = hex" lines of a CCTV intermediate-values file: the first of
 * each name. */
static uint8_t *field(const char *text, const char *name, size_t *n)
{
	char pat[32];
	const char *p = text, *e;
	char *h;
	uint8_t *b;

	snprintf(pat, sizeof pat, "%s = ", name);
	while ((p = strstr(p, pat)) != NULL && p != text && p[-1] != '\n')
		p++;
	ck_assert_msg(p != NULL, "no %s", name);
	p += strlen(pat);
	e = strchr(p, '\n');
	h = strndup(p, e ? (size_t)(e - p) : strlen(p));
	b = kt_unhex(h, n);
	free(h);
	return b;
}

static void decaps_is(jca_key *priv, const uint8_t *c, size_t cn, const uint8_t *K)
{
	kem_ctx *d = kem_get_instance(jca_key_algorithm(priv));
	uint8_t s[32];
	size_t sl;

	ck_assert_int_eq(kem_init_decapsulate(d, priv), 0);
	ck_assert_msg(kem_decapsulate(d, c, cn, s, sizeof s, &sl) == 0, "%s", jca_last_error_message());
	ck_assert(sl == 32 && memcmp(s, K, 32) == 0);
	kem_free(d);
}

START_TEST(test_intermediate)
{
	static const char *files[] = { "ML-KEM-512.txt", "ML-KEM-768.txt", "ML-KEM-1024.txt" };
	size_t i = (size_t)_i;
	const char *dir = tu_vectors_dir();
	char path[1024];
	char *text;
	uint8_t *d, *z, *ek, *dk, *c, *K, seed[64], der[8000], *b;
	size_t n, dn, zn, ekn, dkn, cn, Kn, bn;
	jca_key *k, *p;

	if (!dir) {
		printf("SKIP test_intermediate %s: no vectors directory\n", files[i]);
		return;
	}
	snprintf(path, sizeof path, "%s/pqc/ML-KEM/intermediate/%s", dir, files[i]);
	if (!(text = tu_read_file(path, &n))) {
		printf("SKIP test_intermediate: %s absent\n", path);
		return;
	}
	d = field(text, "d", &dn);
	z = field(text, "z", &zn);
	ek = field(text, "ek", &ekn);
	dk = field(text, "dk", &dkn);
	c = field(text, "c", &cn);
	K = field(text, "K", &Kn);
	ck_assert(dn == 32 && zn == 32 && Kn == 32);
	ck_assert(ekn == kt_sets[i].ek && dkn == kt_sets[i].dk && cn == kt_sets[i].ct);
	memcpy(seed, d, 32);
	memcpy(seed + 32, z, 32);
	/* (the CCTV values predate FIPS 203's final KeyGen, which hashes k
	 * with d: ek and dk are not those of d||z any more; Decaps is
	 * unchanged) the expanded dk, raw and as PKCS#8's expandedKey:
	 * written back as read; its ek; the decapsulation of c */
	k = kt_raw_key(kt_sets[i].name, JCA_KEY_PRIVATE, dk, dkn);
	ck_assert_int_eq(jca_key_public(k, &p), 0);
	b = kt_encode(p, JCA_FORMAT_RAW, &bn);
	ck_assert(bn == ekn && memcmp(b, ek, bn) == 0);
	free(b);
	jca_key_free(p);
	b = kt_encode(k, JCA_FORMAT_RAW, &bn);
	ck_assert(bn == dkn && memcmp(b, dk, bn) == 0);
	free(b);
	n = mlkem_pkcs8(der, i, 1, NULL, dk, dkn);
	b = kt_encode(k, JCA_FORMAT_DER, &bn);
	ck_assert(bn == n && memcmp(b, der, n) == 0);
	free(b);
	decaps_is(k, c, cn, K);
	jca_key_free(k);
	/* both, with a seed that is not the dk's: refused */
	n = mlkem_pkcs8(der, i, 2, seed, dk, dkn);
	ck_assert_int_eq(jca_key_decode(der, n, &k), JCA_BADKEY);
	/* dk with H(ek) changed: refused */
	dk[dkn - 33] ^= 1;
	ck_assert_int_eq(kt_raw_refused(kt_sets[i].name, JCA_KEY_PRIVATE, dk, dkn), JCA_BADKEY);
	free(d);
	free(z);
	free(ek);
	free(dk);
	free(c);
	free(K);
	free(text);
}
END_TEST

/* The draft's example ML-KEM-512 key as seed and as expanded key, and
 * the "both" form made of the two: each read, written back as read, the
 * same public key; both with one byte of dk changed is refused. */
START_TEST(test_draft_forms)
{
	jca_key *ks, *ke, *kb, *ps, *pe, *pb;
	uint8_t *seed, *dk, *a, *b, der[8000];
	size_t sn, dkn, an, bn, n;

	ck_assert_msg(jca_key_decode(draft512_seed_pem, strlen(draft512_seed_pem), &ks) == 0, "%s",
	              jca_last_error_message());
	ck_assert_str_eq(jca_key_algorithm(ks), "ML-KEM-512");
	a = kt_encode(ks, JCA_FORMAT_PEM, &an);
	ck_assert(an == strlen(draft512_seed_pem) && memcmp(a, draft512_seed_pem, an) == 0);
	free(a);
	seed = kt_encode(ks, JCA_FORMAT_RAW, &sn);
	ck_assert(sn == 64 && seed[0] == 0 && seed[63] == 63);
	dk = kt_unhex(draft512_dk, &dkn);
	ck_assert_uint_eq(dkn, 1632);
	n = mlkem_pkcs8(der, 0, 1, NULL, dk, dkn);
	ck_assert_msg(jca_key_decode(der, n, &ke) == 0, "%s", jca_last_error_message());
	b = kt_encode(ke, JCA_FORMAT_DER, &bn);
	ck_assert(bn == n && memcmp(b, der, n) == 0);
	free(b);
	n = mlkem_pkcs8(der, 0, 2, seed, dk, dkn);
	ck_assert_msg(jca_key_decode(der, n, &kb) == 0, "%s", jca_last_error_message());
	b = kt_encode(kb, JCA_FORMAT_DER, &bn);
	ck_assert(bn == n && memcmp(b, der, n) == 0);
	free(b);
	/* the seed's keygen gives the example's dk: the same public key */
	ck_assert(jca_key_public(ks, &ps) == 0 && jca_key_public(ke, &pe) == 0 && jca_key_public(kb, &pb) == 0);
	a = kt_encode(ps, JCA_FORMAT_RAW, &an);
	b = kt_encode(pe, JCA_FORMAT_RAW, &bn);
	ck_assert(an == 800 && bn == 800 && memcmp(a, b, an) == 0);
	free(b);
	b = kt_encode(pb, JCA_FORMAT_RAW, &bn);
	ck_assert(bn == 800 && memcmp(a, b, an) == 0);
	free(a);
	free(b);
	/* both, with one byte of dk (in dk_pke: the hash check still holds) changed */
	jca_key_free(kb);
	dk[100] ^= 1;
	n = mlkem_pkcs8(der, 0, 2, seed, dk, dkn);
	ck_assert_int_eq(jca_key_decode(der, n, &kb), JCA_BADKEY);
	ck_assert(kb == NULL);
	jca_key_free(ps);
	jca_key_free(pe);
	jca_key_free(pb);
	jca_key_free(ks);
	jca_key_free(ke);
	free(seed);
	free(dk);
}
END_TEST

/* Every CCTV modulus-check key (a coefficient of t-hat >= q) is refused,
 * raw and as SubjectPublicKeyInfo. */
START_TEST(test_modulus)
{
	static const char *files[] = { "ML-KEM-512.txt.gz", "ML-KEM-768.txt.gz", "ML-KEM-1024.txt.gz" };
	size_t i = (size_t)_i;
	const char *dir = tu_vectors_dir();
	char path[1024], cmd[1200], *line = NULL;
	size_t cap = 0, n, count = 0;
	uint8_t *ek;
	FILE *f;

	if (!dir) {
		printf("SKIP test_modulus %s: no vectors directory\n", files[i]);
		return;
	}
	snprintf(path, sizeof path, "%s/pqc/ML-KEM/modulus/%s", dir, files[i]);
	if (access(path, R_OK) != 0) {
		printf("SKIP test_modulus: %s absent\n", path);
		return;
	}
	snprintf(cmd, sizeof cmd, "gzip -dc '%s'", path);
	ck_assert((f = popen(cmd, "r")) != NULL);
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\r\n")] = 0;
		if (!line[0])
			continue;
		ek = kt_unhex(line, &n);
		ck_assert_uint_eq(n, kt_sets[i].ek);
		ck_assert_int_eq(kt_raw_refused(kt_sets[i].name, JCA_KEY_PUBLIC, ek, n), JCA_BADKEY);
		free(ek);
		count++;
	}
	free(line);
	if (pclose(f) != 0 && count == 0) {
		printf("SKIP test_modulus: gzip could not read %s\n", path);
		return;
	}
	ck_assert_uint_gt(count, 100);
	printf("test_modulus %s: %zu keys refused\n", kt_sets[i].name, count);
}
END_TEST

/* Keys and encapsulations of python3-cryptography (tests/kem_kat.h). */
static void python_one(const char *alg, const char *pkcs8, const char *seedh, const char *spki, const char *ekh,
                       const char *cth, const char *ssh)
{
	uint8_t *p8, *seed, *sp, *ek, *ct, *ss, *b;
	size_t p8n, sn, spn, ekn, ctn, ssn, bn;
	jca_key *k, *pub;

	p8 = kt_unhex(pkcs8, &p8n);
	seed = kt_unhex(seedh, &sn);
	sp = kt_unhex(spki, &spn);
	ek = kt_unhex(ekh, &ekn);
	ct = kt_unhex(cth, &ctn);
	ss = kt_unhex(ssh, &ssn);
	ck_assert_msg(jca_key_decode(p8, p8n, &k) == 0, "%s", jca_last_error_message());
	ck_assert_str_eq(jca_key_algorithm(k), alg);
	b = kt_encode(k, JCA_FORMAT_DER, &bn);
	ck_assert(bn == p8n && memcmp(b, p8, bn) == 0);
	free(b);
	b = kt_encode(k, JCA_FORMAT_RAW, &bn);
	ck_assert(bn == sn && memcmp(b, seed, bn) == 0);
	free(b);
	decaps_is(k, ct, ctn, ss);
	ck_assert_int_eq(jca_key_public(k, &pub), 0);
	b = kt_encode(pub, JCA_FORMAT_DER, &bn);
	ck_assert(bn == spn && memcmp(b, sp, bn) == 0);
	free(b);
	b = kt_encode(pub, JCA_FORMAT_RAW, &bn);
	ck_assert(bn == ekn && memcmp(b, ek, bn) == 0);
	free(b);
	jca_key_free(pub);
	ck_assert_msg(jca_key_decode(sp, spn, &pub) == 0, "%s", jca_last_error_message());
	jca_key_free(pub);
	jca_key_free(k);
	free(p8);
	free(seed);
	free(sp);
	free(ek);
	free(ct);
	free(ss);
}

START_TEST(test_python)
{
	python_one("ML-KEM-768", py768_pkcs8, py768_seed, py768_spki, py768_ek, py768_ct, py768_ss);
	python_one("ML-KEM-1024", py1024_pkcs8, py1024_seed, py1024_spki, py1024_ek, py1024_ct, py1024_ss);
}
END_TEST

/* The X-Wing draft's vectors: the public key of the seed, the secret of
 * the encapsulation; its example PKCS#8 and SPKI. */
START_TEST(test_xwing)
{
	size_t j, n, bn, pn;
	uint8_t *sk, *pk, *ct, *ss, *b;
	jca_key *k, *pub, *k2;

	for (j = 0; j < sizeof xwing_kat / sizeof xwing_kat[0]; j++) {
		sk = kt_unhex(xwing_kat[j].sk, &n);
		pk = kt_unhex(xwing_kat[j].pk, &pn);
		ct = kt_unhex(xwing_kat[j].ct, &n);
		ss = kt_unhex(xwing_kat[j].ss, &bn);
		k = kt_raw_key("X-Wing", JCA_KEY_PRIVATE, sk, 32);
		ck_assert_int_eq(jca_key_public(k, &pub), 0);
		b = kt_encode(pub, JCA_FORMAT_RAW, &bn);
		ck_assert(bn == 1216 && pn == 1216 && memcmp(b, pk, bn) == 0);
		free(b);
		decaps_is(k, ct, n, ss);
		jca_key_free(pub);
		jca_key_free(k);
		free(sk);
		free(pk);
		free(ct);
		free(ss);
	}
	ck_assert_msg(jca_key_decode(xwing_priv_pem, strlen(xwing_priv_pem), &k) == 0, "%s", jca_last_error_message());
	ck_assert_str_eq(jca_key_algorithm(k), "X-Wing");
	b = kt_encode(k, JCA_FORMAT_RAW, &bn);
	for (j = 0; j < 32; j++)
		ck_assert_uint_eq(b[j], j);
	free(b);
	b = kt_encode(k, JCA_FORMAT_PEM, &bn);
	ck_assert(bn == strlen(xwing_priv_pem) && memcmp(b, xwing_priv_pem, bn) == 0);
	free(b);
	ck_assert_int_eq(jca_key_public(k, &pub), 0);
	b = kt_encode(pub, JCA_FORMAT_PEM, &bn);
	ck_assert(bn == strlen(xwing_pub_pem) && memcmp(b, xwing_pub_pem, bn) == 0);
	free(b);
	ck_assert_int_eq(jca_key_decode(xwing_pub_pem, strlen(xwing_pub_pem), &k2), 0);
	jca_key_free(k2);
	jca_key_free(pub);
	jca_key_free(k);
}
END_TEST

void kt_key_tests(TCase *tc)
{
	tcase_add_loop_test(tc, test_encodings, 0, KT_NSETS);
	tcase_add_loop_test(tc, test_pkcs8_forms, 0, 3);
	tcase_add_loop_test(tc, test_intermediate, 0, 3);
	tcase_add_loop_test(tc, test_modulus, 0, 3);
	tcase_add_test(tc, test_draft_forms);
	tcase_add_test(tc, test_python);
	tcase_add_test(tc, test_xwing);
}
