/* SPDX-License-Identifier: Apache-2.0 */
/*
 * KEM through the engine with the built-in ML-KEM-512/768/1024 and X-Wing:
 * the engine contract (names, sizes, NOTINIT, BUFSIZE, wrong lengths,
 * clone, reset), implicit rejection through the API, keys in every
 * encoding (raw seed / expanded / ek, X.509, the three PKCS#8 forms),
 * bad keys refused (the CCTV modulus-check keys when the vectors are
 * there, a dk whose hash does not match, a seed and expanded key that
 * disagree), the CCTV intermediate values (keygen from d||z, decaps), keys
 * and encapsulations of python3-cryptography (tests/kem_kat.py) and the
 * X-Wing draft's vectors.
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
#include "kem_kat.h"
#include "xwing_kat.h"
#include "mlkem_draft_kat.h"

static const struct {
	const char *name, *alias, *oid;
	size_t ek, dk, ct;
} sets[] = {
	{ "ML-KEM-512", "MLKEM512", "2.16.840.1.101.3.4.4.1", 800, 1632, 768 },
	{ "ML-KEM-768", "MLKEM768", "2.16.840.1.101.3.4.4.2", 1184, 2400, 1088 },
	{ "ML-KEM-1024", "MLKEM1024", "2.16.840.1.101.3.4.4.3", 1568, 3168, 1568 },
	{ "X-Wing", "XWing", "1.3.6.1.4.1.62253.25722", 1216, 32, 1120 },
};
#define NSETS (sizeof sets / sizeof sets[0])
#define IS_XWING(i) ((i) == 3)

static uint8_t *unhex(const char *h, size_t *n)
{
	uint8_t *p = tu_unhex(h, n);

	ck_assert(p != NULL);
	return p;
}

static jca_key *raw_key(const char *alg, unsigned kind, const uint8_t *b, size_t n)
{
	keyfactory_ctx *kf = keyfactory_get_instance(alg);
	jca_key *k = NULL;

	ck_assert_msg(kf != NULL, "%s", jca_last_error_message());
	ck_assert_msg(keyfactory_decode_raw(kf, kind, b, n, &k) == 0, "%s: %s", alg, jca_last_error_message());
	keyfactory_free(kf);
	return k;
}

static int raw_refused(const char *alg, unsigned kind, const uint8_t *b, size_t n)
{
	keyfactory_ctx *kf = keyfactory_get_instance(alg);
	jca_key *k = NULL;
	int rc;

	ck_assert(kf != NULL);
	rc = keyfactory_decode_raw(kf, kind, b, n, &k);
	keyfactory_free(kf);
	jca_key_free(k);
	return rc;
}

static uint8_t *encode(const jca_key *k, jca_key_format f, size_t *n)
{
	uint8_t *b;

	ck_assert_int_eq(jca_key_encode(k, f, NULL, 0, n), JCA_BUFSIZE);
	b = malloc(*n);
	ck_assert(b != NULL);
	ck_assert_msg(jca_key_encode(k, f, b, *n, n) == 0, "%s", jca_last_error_message());
	return b;
}

static void gen(const char *alg, jca_key **priv, jca_key **pub)
{
	keypairgen_ctx *g = keypairgen_get_instance(alg);

	ck_assert_msg(g != NULL, "%s", jca_last_error_message());
	ck_assert_msg(keypairgen_generate(g, priv, pub) == 0, "%s", jca_last_error_message());
	keypairgen_free(g);
}

START_TEST(test_names)
{
	size_t i = (size_t)_i;
	const char *names[] = { sets[i].name, sets[i].alias, sets[i].oid };
	kem_ctx *k;
	size_t j, n = 0;

	for (j = 0; j < 3; j++) {
		k = kem_get_instance(names[j]);
		ck_assert_msg(k != NULL, "%s: %s", names[j], jca_last_error_message());
		ck_assert_str_eq(kem_algorithm(k), sets[i].name);
		ck_assert_str_eq(kem_provider(k), "builtin");
		ck_assert(kem_implementation(k) != NULL);
		ck_assert_uint_eq(kem_secret_size(k), 0);
		ck_assert_uint_eq(kem_encapsulation_size(k), 0);
		ck_assert_int_eq(kem_encapsulate(k, NULL, 0, &n, NULL, 0, &n), JCA_NOTINIT);
		ck_assert_int_eq(kem_decapsulate(k, NULL, 0, NULL, 0, &n), JCA_NOTINIT);
		ck_assert_int_eq(kem_reset(k), JCA_NOTINIT);
		kem_free(k);
	}
	ck_assert(kem_lookup(sets[i].name) != NULL);
	ck_assert((k = kem_new(kem_lookup(sets[i].name))) != NULL);
	kem_free(k);
	ck_assert((k = kem_get_instance_from(sets[i].name, "builtin")) != NULL);
	kem_free(k);
	ck_assert(kem_get_instance("ML-KEM-666") == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* rule 1's errors, rules 6 and 7 for NULL */
	ck_assert(kem_get_instance(NULL) == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert(kem_get_instance_from(sets[i].name, NULL) == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert(kem_get_instance_from(sets[i].name, "no-such-provider") == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	ck_assert(kem_new(NULL) == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert(kem_lookup(NULL) == NULL);
	ck_assert_int_eq(kem_init_encapsulate(NULL, NULL), JCA_EINVAL);
	ck_assert_int_eq(kem_init_decapsulate(NULL, NULL), JCA_EINVAL);
	ck_assert_int_eq(kem_encapsulate(NULL, NULL, 0, &n, NULL, 0, &n), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(NULL, NULL, 0, NULL, 0, &n), JCA_EINVAL);
	ck_assert_int_eq(kem_reset(NULL), JCA_EINVAL);
	ck_assert(kem_clone(NULL) == NULL);
	ck_assert_uint_eq(kem_secret_size(NULL), 0);
	ck_assert_uint_eq(kem_encapsulation_size(NULL), 0);
	kem_free(NULL);
	ck_assert(kem_algorithm(NULL) == NULL);
	ck_assert(kem_provider(NULL) == NULL);
	ck_assert(kem_implementation(NULL) == NULL);
}
END_TEST

/* Encapsulate to pub, decapsulate with priv: the same secret; and the
 * engine's rules around it. */
START_TEST(test_roundtrip)
{
	size_t i = (size_t)_i;
	jca_key *priv, *pub, *ed, *edp;
	kem_ctx *e, *d, *c;
	uint8_t s1[64], s2[64], s3[64], enc[2000], enc2[2000];
	size_t sl, el, sl2, el2;

	gen(sets[i].name, &priv, &pub);
	ck_assert_str_eq(jca_key_algorithm(priv), sets[i].name);
	ck_assert_uint_eq(jca_key_kind(priv), JCA_KEY_PRIVATE);
	e = kem_get_instance(sets[i].name);
	d = kem_get_instance(sets[i].name);
	ck_assert(e && d);
	ck_assert_int_eq(kem_init_decapsulate(d, pub), JCA_BADKEY);
	ck_assert_int_eq(kem_init_encapsulate(e, pub), 0);
	ck_assert_int_eq(kem_init_decapsulate(d, priv), 0);
	ck_assert_uint_eq(kem_secret_size(e), 32);
	ck_assert_uint_eq(kem_encapsulation_size(e), sets[i].ct);
	ck_assert_uint_eq(kem_encapsulation_size(d), sets[i].ct);
	/* room too small for either output: nothing written */
	memset(s1, 0xaa, sizeof s1);
	ck_assert_int_eq(kem_encapsulate(e, s1, 31, &sl, enc, sizeof enc, &el), JCA_BUFSIZE);
	ck_assert_uint_eq(sl, 0);
	ck_assert_uint_eq(s1[0], 0xaa);
	ck_assert_int_eq(kem_encapsulate(e, s1, 32, &sl, enc, sets[i].ct - 1, &el), JCA_BUFSIZE);
	ck_assert_int_eq(kem_encapsulate(e, s1, 32, NULL, enc, sizeof enc, &el), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(e, enc, sets[i].ct, s2, sizeof s2, &sl2), JCA_NOTINIT);
	ck_assert_int_eq(kem_encapsulate(d, s1, 32, &sl, enc, sizeof enc, &el), JCA_NOTINIT);
	/* two encapsulations: different secrets, each decapsulates */
	ck_assert_int_eq(kem_encapsulate(e, s1, sizeof s1, &sl, enc, sizeof enc, &el), 0);
	ck_assert_uint_eq(sl, 32);
	ck_assert_uint_eq(el, sets[i].ct);
	ck_assert_int_eq(kem_encapsulate(e, s3, sizeof s3, &sl2, enc2, sizeof enc2, &el2), 0);
	ck_assert(memcmp(s1, s3, 32) != 0 && memcmp(enc, enc2, el) != 0);
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s2, sizeof s2, &sl2), 0);
	ck_assert_uint_eq(sl2, 32);
	ck_assert(memcmp(s1, s2, 32) == 0);
	ck_assert_int_eq(kem_decapsulate(d, enc2, el2, s2, sizeof s2, &sl2), 0);
	ck_assert(memcmp(s3, s2, 32) == 0);
	/* wrong lengths: EINVAL; short room: BUFSIZE */
	ck_assert_int_eq(kem_decapsulate(d, enc, el - 1, s2, sizeof s2, &sl2), JCA_EINVAL);
	ck_assert_uint_eq(sl2, 0);
	ck_assert_int_eq(kem_decapsulate(d, enc, el + 1, s2, sizeof s2, &sl2), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(d, enc, 0, s2, sizeof s2, &sl2), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(d, NULL, el, s2, sizeof s2, &sl2), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s2, 31, &sl2), JCA_BUFSIZE);
	/* implicit rejection: an altered encapsulation gives a secret, not an
	 * error; another one, the same each time */
	enc[5] ^= 1;
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s2, sizeof s2, &sl2), 0);
	ck_assert_uint_eq(sl2, 32);
	ck_assert(memcmp(s1, s2, 32) != 0);
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s3, sizeof s3, &sl2), 0);
	ck_assert(memcmp(s3, s2, 32) == 0);
	enc[5] ^= 1;
	/* clone and reset keep the key */
	ck_assert((c = kem_clone(d)) != NULL);
	ck_assert_int_eq(kem_reset(c), 0);
	ck_assert_int_eq(kem_decapsulate(c, enc, el, s2, sizeof s2, &sl2), 0);
	ck_assert(memcmp(s1, s2, 32) == 0);
	kem_free(c);
	/* a private key encapsulates through its public half */
	ck_assert_int_eq(kem_init_encapsulate(e, priv), 0);
	ck_assert_int_eq(kem_encapsulate(e, s1, sizeof s1, &sl, enc, sizeof enc, &el), 0);
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s2, sizeof s2, &sl2), 0);
	ck_assert(memcmp(s1, s2, 32) == 0);
	/* a key of another algorithm */
	gen("Ed25519", &ed, &edp);
	ck_assert_int_eq(kem_init_encapsulate(e, edp), JCA_BADKEY);
	ck_assert_int_eq(kem_init_decapsulate(d, ed), JCA_BADKEY);
	ck_assert_int_eq(kem_encapsulate(e, s1, sizeof s1, &sl, enc, sizeof enc, &el), JCA_NOTINIT);
	jca_key_free(ed);
	jca_key_free(edp);
	kem_free(e);
	kem_free(d);
	jca_key_free(priv);
	jca_key_free(pub);
}
END_TEST

/* The key written in each form and read back: the same bytes. */
static void same_back(const jca_key *k, jca_key_format f)
{
	uint8_t *b, *b2;
	size_t n, n2;
	jca_key *k2 = NULL;

	b = encode(k, f, &n);
	if (f == JCA_FORMAT_RAW) {
		k2 = raw_key(jca_key_algorithm(k), jca_key_kind(k), b, n);
	} else {
		ck_assert_msg(jca_key_decode(b, n, &k2) == 0, "%s", jca_last_error_message());
	}
	ck_assert_str_eq(jca_key_algorithm(k2), jca_key_algorithm(k));
	ck_assert_uint_eq(jca_key_kind(k2), jca_key_kind(k));
	b2 = encode(k2, f, &n2);
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

	gen(sets[i].name, &priv, &pub);
	for (j = 0; j < 3; j++) {
		same_back(priv, f[j]);
		same_back(pub, f[j]);
	}
	raw = encode(pub, JCA_FORMAT_RAW, &n);
	ck_assert_uint_eq(n, sets[i].ek);
	free(raw);
	raw = encode(priv, JCA_FORMAT_RAW, &n);
	ck_assert_uint_eq(n, IS_XWING(i) ? 32 : 64);
	free(raw);
	/* the public key's DER: SubjectPublicKeyInfo with the OID */
	der = encode(pub, JCA_FORMAT_DER, &m);
	ck_assert_uint_eq(der[0], 0x30);
	free(der);
	/* the public half of the private key */
	ck_assert_int_eq(jca_key_public(priv, &k2), 0);
	der = encode(k2, JCA_FORMAT_DER, &m);
	raw = encode(pub, JCA_FORMAT_DER, &n);
	ck_assert(n == m && memcmp(der, raw, n) == 0);
	free(der);
	free(raw);
	jca_key_free(k2);
	/* wrong raw sizes */
	raw = calloc(1, 4000);
	ck_assert_int_eq(raw_refused(sets[i].name, JCA_KEY_PUBLIC, raw, sets[i].ek - 1), JCA_BADKEY);
	ck_assert_int_eq(raw_refused(sets[i].name, JCA_KEY_PRIVATE, raw, 33), JCA_BADKEY);
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

	gen(sets[i].name, &priv, &pub);
	seed = encode(priv, JCA_FORMAT_RAW, &sn);
	ck_assert_uint_eq(sn, 64);
	/* the seed form [0] is what the library writes, and reads back */
	n = mlkem_pkcs8(der, i, 0, seed, NULL, 0);
	back = encode(priv, JCA_FORMAT_DER, &bn);
	ck_assert_uint_eq(bn, n);
	ck_assert(memcmp(back, der, n) == 0);
	free(back);
	ck_assert_msg(jca_key_decode(der, n, &k) == 0, "%s", jca_last_error_message());
	jca_key_free(k);
	/* a dk that is not the seed's, or whose H(ek) does not match */
	dk = calloc(1, sets[i].dk);
	n = mlkem_pkcs8(der, i, 2, seed, dk, sets[i].dk);
	ck_assert_int_eq(jca_key_decode(der, n, &k), JCA_BADKEY);
	n = mlkem_pkcs8(der, i, 1, NULL, dk, sets[i].dk);
	ck_assert_int_eq(jca_key_decode(der, n, &k), JCA_BADKEY);
	/* the wrong sizes of each member */
	n = mlkem_pkcs8(der, i, 1, NULL, dk, sets[i].dk - 1);
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
	b = unhex(h, n);
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
	ck_assert(dn == 32 && zn == 32 && ekn == sets[i].ek && dkn == sets[i].dk && cn == sets[i].ct && Kn == 32);
	memcpy(seed, d, 32);
	memcpy(seed + 32, z, 32);
	/* (the CCTV values predate FIPS 203's final KeyGen, which hashes k
	 * with d: ek and dk are not those of d||z any more; Decaps is
	 * unchanged) the expanded dk, raw and as PKCS#8's expandedKey:
	 * written back as read; its ek; the decapsulation of c */
	k = raw_key(sets[i].name, JCA_KEY_PRIVATE, dk, dkn);
	ck_assert_int_eq(jca_key_public(k, &p), 0);
	b = encode(p, JCA_FORMAT_RAW, &bn);
	ck_assert(bn == ekn && memcmp(b, ek, bn) == 0);
	free(b);
	jca_key_free(p);
	b = encode(k, JCA_FORMAT_RAW, &bn);
	ck_assert(bn == dkn && memcmp(b, dk, bn) == 0);
	free(b);
	n = mlkem_pkcs8(der, i, 1, NULL, dk, dkn);
	b = encode(k, JCA_FORMAT_DER, &bn);
	ck_assert(bn == n && memcmp(b, der, n) == 0);
	free(b);
	decaps_is(k, c, cn, K);
	jca_key_free(k);
	/* both, with a seed that is not the dk's: refused */
	n = mlkem_pkcs8(der, i, 2, seed, dk, dkn);
	ck_assert_int_eq(jca_key_decode(der, n, &k), JCA_BADKEY);
	/* dk with H(ek) changed: refused */
	dk[dkn - 33] ^= 1;
	ck_assert_int_eq(raw_refused(sets[i].name, JCA_KEY_PRIVATE, dk, dkn), JCA_BADKEY);
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
	a = encode(ks, JCA_FORMAT_PEM, &an);
	ck_assert(an == strlen(draft512_seed_pem) && memcmp(a, draft512_seed_pem, an) == 0);
	free(a);
	seed = encode(ks, JCA_FORMAT_RAW, &sn);
	ck_assert(sn == 64 && seed[0] == 0 && seed[63] == 63);
	dk = unhex(draft512_dk, &dkn);
	ck_assert_uint_eq(dkn, 1632);
	n = mlkem_pkcs8(der, 0, 1, NULL, dk, dkn);
	ck_assert_msg(jca_key_decode(der, n, &ke) == 0, "%s", jca_last_error_message());
	b = encode(ke, JCA_FORMAT_DER, &bn);
	ck_assert(bn == n && memcmp(b, der, n) == 0);
	free(b);
	n = mlkem_pkcs8(der, 0, 2, seed, dk, dkn);
	ck_assert_msg(jca_key_decode(der, n, &kb) == 0, "%s", jca_last_error_message());
	b = encode(kb, JCA_FORMAT_DER, &bn);
	ck_assert(bn == n && memcmp(b, der, n) == 0);
	free(b);
	/* the seed's keygen gives the example's dk: the same public key */
	ck_assert(jca_key_public(ks, &ps) == 0 && jca_key_public(ke, &pe) == 0 && jca_key_public(kb, &pb) == 0);
	a = encode(ps, JCA_FORMAT_RAW, &an);
	b = encode(pe, JCA_FORMAT_RAW, &bn);
	ck_assert(an == 800 && bn == 800 && memcmp(a, b, an) == 0);
	free(b);
	b = encode(pb, JCA_FORMAT_RAW, &bn);
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
		ek = unhex(line, &n);
		ck_assert_uint_eq(n, sets[i].ek);
		ck_assert_int_eq(raw_refused(sets[i].name, JCA_KEY_PUBLIC, ek, n), JCA_BADKEY);
		free(ek);
		count++;
	}
	free(line);
	if (pclose(f) != 0 && count == 0) {
		printf("SKIP test_modulus: gzip could not read %s\n", path);
		return;
	}
	ck_assert_uint_gt(count, 100);
	printf("test_modulus %s: %zu keys refused\n", sets[i].name, count);
}
END_TEST

/* Keys and encapsulations of python3-cryptography (tests/kem_kat.h). */
static void python_one(const char *alg, const char *pkcs8, const char *seedh, const char *spki, const char *ekh,
                       const char *cth, const char *ssh)
{
	uint8_t *p8, *seed, *sp, *ek, *ct, *ss, *b;
	size_t p8n, sn, spn, ekn, ctn, ssn, bn;
	jca_key *k, *pub;

	p8 = unhex(pkcs8, &p8n);
	seed = unhex(seedh, &sn);
	sp = unhex(spki, &spn);
	ek = unhex(ekh, &ekn);
	ct = unhex(cth, &ctn);
	ss = unhex(ssh, &ssn);
	ck_assert_msg(jca_key_decode(p8, p8n, &k) == 0, "%s", jca_last_error_message());
	ck_assert_str_eq(jca_key_algorithm(k), alg);
	b = encode(k, JCA_FORMAT_DER, &bn);
	ck_assert(bn == p8n && memcmp(b, p8, bn) == 0);
	free(b);
	b = encode(k, JCA_FORMAT_RAW, &bn);
	ck_assert(bn == sn && memcmp(b, seed, bn) == 0);
	free(b);
	decaps_is(k, ct, ctn, ss);
	ck_assert_int_eq(jca_key_public(k, &pub), 0);
	b = encode(pub, JCA_FORMAT_DER, &bn);
	ck_assert(bn == spn && memcmp(b, sp, bn) == 0);
	free(b);
	b = encode(pub, JCA_FORMAT_RAW, &bn);
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
		sk = unhex(xwing_kat[j].sk, &n);
		pk = unhex(xwing_kat[j].pk, &pn);
		ct = unhex(xwing_kat[j].ct, &n);
		ss = unhex(xwing_kat[j].ss, &bn);
		k = raw_key("X-Wing", JCA_KEY_PRIVATE, sk, 32);
		ck_assert_int_eq(jca_key_public(k, &pub), 0);
		b = encode(pub, JCA_FORMAT_RAW, &bn);
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
	b = encode(k, JCA_FORMAT_RAW, &bn);
	for (j = 0; j < 32; j++)
		ck_assert_uint_eq(b[j], j);
	free(b);
	b = encode(k, JCA_FORMAT_PEM, &bn);
	ck_assert(bn == strlen(xwing_priv_pem) && memcmp(b, xwing_priv_pem, bn) == 0);
	free(b);
	ck_assert_int_eq(jca_key_public(k, &pub), 0);
	b = encode(pub, JCA_FORMAT_PEM, &bn);
	ck_assert(bn == strlen(xwing_pub_pem) && memcmp(b, xwing_pub_pem, bn) == 0);
	free(b);
	ck_assert_int_eq(jca_key_decode(xwing_pub_pem, strlen(xwing_pub_pem), &k2), 0);
	jca_key_free(k2);
	jca_key_free(pub);
	jca_key_free(k);
}
END_TEST

/* ---- a KEM of another provider, added here (what a plugin declares):
 * "ToyKEM", keys of 16 bytes, the public key the private one XOR 0x5a, an
 * encapsulation the secret XOR the public key; and a KEM "ML-KEM-768"
 * that takes ML-KEM-768 keys but has no KeyFactory for them ---- */

typedef struct toy_key {
	uint8_t k[16];
	int priv;
} toy_key;

static int toy_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	toy_key *t = key;
	size_t i;

	if (enc != JCA_ENC_RAW || len != 16)
		return JCA_REFUSED;
	for (i = 0; i < 16; i++)
		t->k[i] = kind == JCA_KEY_PRIVATE ? in[i] : in[i] ^ 0x5a;   /* kept as the private half */
	t->priv = kind == JCA_KEY_PRIVATE;
	info->kind = kind;
	info->extractable = 1;
	info->bits = 128;
	return 0;
}

static int toy_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const toy_key *t = key;
	size_t i;

	(void)cap;
	if (enc != JCA_ENC_RAW)
		return JCA_REFUSED;
	*len = 16;
	for (i = 0; out && i < 16; i++)
		out[i] = t->priv ? t->k[i] : t->k[i] ^ 0x5a;
	return 0;
}

static int toy_public(void *pub, const void *priv, jca_key_info *info)
{
	toy_key *q = pub;

	memcpy(q->k, ((const toy_key *)priv)->k, 16);
	q->priv = 0;
	info->kind = JCA_KEY_PUBLIC;
	info->bits = 128;
	return 0;
}

typedef struct toy_state {
	const toy_key *key;
	int calls;
} toy_state;

static int toy_init(void *ctx, unsigned purpose, const void *key, size_t *s, size_t *e)
{
	toy_state *st = ctx;

	if (purpose == JCA_DECAPSULATE && !((const toy_key *)key)->priv)
		return JCA_REFUSED;
	st->key = key;
	*s = 16;
	*e = 16;
	return 0;
}

static int toy_encaps(void *ctx, uint8_t *secret, uint8_t *enc)
{
	toy_state *st = ctx;
	size_t i;

	if (jca_random(secret, 16) != 0)
		return -1;
	for (i = 0; i < 16; i++)
		enc[i] = secret[i] ^ st->key->k[i] ^ 0x5a;
	st->calls++;
	return 0;
}

static int toy_decaps(void *ctx, const uint8_t *enc, uint8_t *secret)
{
	toy_state *st = ctx;
	size_t i;

	for (i = 0; i < 16; i++)
		secret[i] = enc[i] ^ st->key->k[i] ^ 0x5a;
	st->calls++;
	return 0;
}

static int never(void *ctx, unsigned purpose, const void *key, size_t *s, size_t *e)
{
	(void)ctx;
	(void)purpose;
	(void)key;
	(void)s;
	(void)e;
	return -1;
}

static const jca_keyfactory_impl toy_kf = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "toy-key", JCA_PRIO_GENERIC, NULL, sizeof(toy_key)),
	.decode = toy_decode, .encode = toy_encode, .public_key = toy_public,
};
static const jca_kem_impl toy_kem = {
	.base = JCA_IMPL_BASE(jca_kem_impl, "toy-kem", JCA_PRIO_GENERIC, NULL, sizeof(toy_state)),
	.key_algorithm = "ToyKEM", .init = toy_init, .encapsulate = toy_encaps, .decapsulate = toy_decaps,
};
static const jca_kem_impl toy_mlkem = {
	.base = JCA_IMPL_BASE(jca_kem_impl, "toy-ml-kem", JCA_PRIO_GENERIC, NULL, sizeof(toy_state)),
	.key_algorithm = "ML-KEM-768", .init = never, .encapsulate = toy_encaps, .decapsulate = toy_decaps,
};
static const jca_kem_impl toy_bad = {   /* no decapsulate: refused when the provider is added */
	.base = JCA_IMPL_BASE(jca_kem_impl, "toy-bad", JCA_PRIO_GENERIC, NULL, sizeof(toy_state)),
	.key_algorithm = "ToyKEM", .init = toy_init, .encapsulate = toy_encaps,
};
static const jca_impl *const toy_kf_impls[] = { &toy_kf.base, NULL };
static const jca_impl *const toy_kem_impls[] = { &toy_kem.base, NULL };
static const jca_impl *const toy_mlkem_impls[] = { &toy_mlkem.base, NULL };
static const jca_impl *const toy_bad_impls[] = { &toy_bad.base, NULL };
static const jca_service_desc toy_svc_kf = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEY_FACTORY,
	.algorithm = "ToyKEM", .impls = toy_kf_impls };
static const jca_service_desc toy_svc_kem = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEM,
	.algorithm = "ToyKEM", .impls = toy_kem_impls };
static const jca_service_desc toy_svc_mlkem = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEM,
	.algorithm = "ML-KEM-768", .impls = toy_mlkem_impls };
static const jca_service_desc toy_svc_bad = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEM,
	.algorithm = "BadKEM", .impls = toy_bad_impls };
static const jca_service_desc *const toy_services[] = { &toy_svc_kf, &toy_svc_kem, NULL };
static const jca_service_desc *const bad_services[] = { &toy_svc_bad, NULL };
static const jca_service_desc *const wrong_services[] = { &toy_svc_kf, &toy_svc_mlkem, NULL };
static const jca_provider_desc toy = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "toy", "1", "a toy KEM",
	toy_services, NULL };
static const jca_provider_desc toy2 = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "toy2", "1",
	"the same toy KEM again", toy_services, NULL };
static const jca_provider_desc wrong = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "wrong", "1",
	"an ML-KEM-768 that cannot decapsulate", wrong_services, NULL };
static const jca_provider_desc toybad = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "toybad", "1",
	"a KEM without decapsulate", bad_services, NULL };

START_TEST(test_provider)
{
	uint8_t raw[16], s1[16], s2[16], enc[16];
	size_t sl, el, i;
	jca_key *priv, *pub;
	kem_ctx *k;

	/* a table without decapsulate; an ML-KEM-768 failing the host's
	 * known answer (a decapsulation) */
	ck_assert_int_ne(jca_provider_add(&toybad, NULL), 0);
	ck_assert_msg(strstr(jca_last_error_message(), "decapsulate") != NULL, "%s", jca_last_error_message());
	ck_assert_int_eq(jca_provider_add(&wrong, NULL), JCA_SELFTEST);
	ck_assert_msg(strstr(jca_last_error_message(), "ML-KEM-768") != NULL, "%s", jca_last_error_message());
	ck_assert_int_eq(jca_provider_add(&toy, NULL), 0);
	ck_assert_int_eq(jca_provider_insert(&toy2, NULL, 0), 0);
	/* the provider's own KEM and keys */
	for (i = 0; i < 16; i++)
		raw[i] = (uint8_t)(i * 7);
	{
		keyfactory_ctx *kf = keyfactory_get_instance_from("ToyKEM", "toy");
		ck_assert(kf != NULL);
		ck_assert_int_eq(keyfactory_decode_raw(kf, JCA_KEY_PRIVATE, raw, 16, &priv), 0);
		keyfactory_free(kf);
	}
	ck_assert_str_eq(jca_key_provider(priv), "toy");
	ck_assert_int_eq(jca_key_public(priv, &pub), 0);
	/* selection by key: "ToyKEM" resolves to toy2 (first), a key of toy
	 * moves the object to toy, the key's own provider */
	ck_assert((k = kem_get_instance("ToyKEM")) != NULL);
	ck_assert_str_eq(kem_provider(k), "toy2");
	ck_assert_int_eq(kem_init_encapsulate(k, pub), 0);
	ck_assert_str_eq(kem_provider(k), "toy");
	ck_assert_int_eq(kem_encapsulate(k, s1, sizeof s1, &sl, enc, sizeof enc, &el), 0);
	ck_assert(sl == 16 && el == 16);
	ck_assert_int_eq(kem_init_decapsulate(k, priv), 0);
	ck_assert_int_eq(kem_decapsulate(k, enc, el, s2, sizeof s2, &sl), 0);
	ck_assert(memcmp(s1, s2, 16) == 0);
	kem_free(k);
	/* pinned to toy2: the key would move through its X.509 encoding,
	 * which toy's keys do not have */
	ck_assert((k = kem_get_instance_from("ToyKEM", "toy2")) != NULL);
	ck_assert_int_ne(kem_init_encapsulate(k, pub), 0);
	ck_assert_str_eq(kem_provider(k), "toy2");
	kem_free(k);
	/* a ToyKEM key to ML-KEM: refused */
	ck_assert((k = kem_get_instance("ML-KEM-768")) != NULL);
	ck_assert_int_eq(kem_init_encapsulate(k, pub), JCA_BADKEY);
	kem_free(k);
	jca_key_free(priv);
	jca_key_free(pub);
	ck_assert_int_eq(jca_provider_remove("toy"), 0);
	ck_assert_int_eq(jca_provider_remove("toy2"), 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("kem");
	TCase *tc = tcase_create("kem");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_names, 0, NSETS);
	tcase_add_loop_test(tc, test_roundtrip, 0, NSETS);
	tcase_add_loop_test(tc, test_encodings, 0, NSETS);
	tcase_add_loop_test(tc, test_pkcs8_forms, 0, 3);
	tcase_add_loop_test(tc, test_intermediate, 0, 3);
	tcase_add_loop_test(tc, test_modulus, 0, 3);
	tcase_add_test(tc, test_draft_forms);
	tcase_add_test(tc, test_python);
	tcase_add_test(tc, test_xwing);
	tcase_add_test(tc, test_provider);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(suite());
	int failed;

	srunner_run_all(r, CK_NORMAL);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? 1 : 0;
}
