/* SPDX-License-Identifier: Apache-2.0 */
/*
 * DER, PEM and the key encodings (src/util/der.c, pem.c, keyenc*.c),
 * compiled in directly: they are internal. Known answers are the keys and
 * signatures made by openssl in tests/kat/keys/ (gen_keys.sh): each is
 * parsed, checked and written back byte for byte; then every class of
 * malformed input is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "check_der.h"
#include "util/der.h"
#include "util/keyenc.h"
#include "util/pem.h"

#ifndef JCA_TOP_SRCDIR
#define JCA_TOP_SRCDIR "."
#endif

static blob load(const char *name, const char *ext)
{
	char path[4096];
	blob b = { NULL, 0 };
	FILE *f;
	long sz;

	snprintf(path, sizeof path, "%s/tests/kat/keys/%s.%s", JCA_TOP_SRCDIR, name, ext);
	f = fopen(path, "rb");
	if (!f)
		return b;
	fseek(f, 0, SEEK_END);
	sz = ftell(f);
	fseek(f, 0, SEEK_SET);
	b.p = malloc((size_t)sz + 1);
	ck_assert(b.p != NULL);
	b.n = fread(b.p, 1, (size_t)sz, f);
	fclose(f);
	return b;
}

blob der_fixture(const char *name, const char *ext)
{
	blob b = load(name, ext);

	ck_assert_msg(b.p != NULL, "fixture %s.%s missing", name, ext);
	return b;
}

static const struct fixture {
	const char *name;
	int alg, curve;
	size_t bits;
	const char *trad;          /* traditional PEM label, or NULL */
} fx[] = {
	{ "ed25519", JCA__KEYALG_ED25519, JCA__CURVE_NONE, 255, NULL },
	{ "x25519", JCA__KEYALG_X25519, JCA__CURVE_NONE, 255, NULL },
	{ "ec256", JCA__KEYALG_EC, JCA__CURVE_P256, 256, "EC PRIVATE KEY" },
	{ "ec384", JCA__KEYALG_EC, JCA__CURVE_P384, 384, "EC PRIVATE KEY" },
	{ "ec521", JCA__KEYALG_EC, JCA__CURVE_P521, 521, "EC PRIVATE KEY" },
	{ "rsa2048", JCA__KEYALG_RSA, JCA__CURVE_NONE, 2048, "RSA PRIVATE KEY" },
	{ "rsapss", JCA__KEYALG_RSA_PSS, JCA__CURVE_NONE, 2048, NULL },
	{ "rsapss_params", JCA__KEYALG_RSA_PSS, JCA__CURVE_NONE, 2048, NULL },
};
#define NFX ((int)(sizeof fx / sizeof fx[0]))

typedef int (*parse_fn)(const uint8_t *, size_t, jca__key_parts *);
typedef int (*write_fn)(const jca__key_parts *, uint8_t *, size_t, size_t *);

/* Writes k with fn and compares with want; also the size query and every
 * buffer one byte too small. */
static void check_write(write_fn fn, const jca__key_parts *k, const blob *want, const char *what)
{
	uint8_t *out = malloc(want->n + 16);
	size_t len = 0, cap;

	ck_assert(out != NULL);
	ck_assert_msg(fn(k, NULL, 0, &len) == 0 && len == want->n, "%s: size %zu, want %zu: %s", what, len, want->n,
		      jca_last_error_message());
	ck_assert_msg(fn(k, out, want->n + 16, &len) == 0, "%s: %s", what, jca_last_error_message());
	ck_assert_msg(len == want->n && memcmp(out, want->p, len) == 0, "%s: written bytes differ", what);
	for (cap = 0; cap < want->n; cap += (cap < 200 ? 1 : 97)) {
		ck_assert_int_eq(fn(k, out, cap, &len), JCA_BUFSIZE);
		ck_assert_uint_eq(len, want->n);
	}
	free(out);
}

/* Every strict prefix of a DER input is refused, and so is one more byte. */
static void check_cuts(parse_fn fn, const blob *b, const char *what)
{
	jca__key_parts k;
	uint8_t *p = malloc(b->n + 1);
	size_t i;

	ck_assert(p != NULL);
	for (i = 0; i < b->n; i++) {
		memcpy(p, b->p, i);       /* exactly sized copies would be ASan's job (fuzz_der) */
		ck_assert_msg(fn(p, i, &k) == JCA_EINVAL, "%s: accepted cut at %zu", what, i);
		ck_assert_int_eq(k.alg, 0);
	}
	memcpy(p, b->p, b->n);
	p[b->n] = 0;
	ck_assert_msg(fn(p, b->n + 1, &k) == JCA_EINVAL, "%s: accepted a trailing byte", what);
	ck_assert_msg(strstr(jca_last_error_message(), "trailing") != NULL, "%s", jca_last_error_message());
	free(p);
}

static void check_pem(const blob *text, const char *label, const blob *der)
{
	const char *lab;
	size_t llen, n, i;
	uint8_t *out = malloc(der->n);
	char *pem;

	ck_assert(out != NULL);
	ck_assert_msg(jca__pem_decode((const char *)text->p, text->n, &lab, &llen, NULL, 0, &n) == 0 && n == der->n,
		      "%s", jca_last_error_message());
	ck_assert_int_eq(jca__pem_decode((const char *)text->p, text->n, &lab, &llen, out, der->n - 1, &n),
			 JCA_BUFSIZE);
	ck_assert_int_eq(jca__pem_decode((const char *)text->p, text->n, &lab, &llen, out, der->n, &n), 0);
	ck_assert(jca__pem_label_is(lab, llen, label));
	ck_assert(n == der->n && memcmp(out, der->p, n) == 0);
	/* openssl's text is the strict form: ours is the same */
	ck_assert_int_eq(jca__pem_encode(label, out, n, NULL, 0, &llen), 0);
	ck_assert_uint_eq(llen, text->n);
	pem = malloc(llen);
	ck_assert(pem != NULL);
	ck_assert_int_eq(jca__pem_encode(label, out, n, pem, llen - 1, &llen), JCA_BUFSIZE);
	ck_assert_int_eq(jca__pem_encode(label, out, n, pem, llen, &llen), 0);
	ck_assert(memcmp(pem, text->p, llen) == 0);
	/* cut anywhere but after the END line's dashes: refused */
	for (i = 0; i + 1 < text->n; i++)
		ck_assert_msg(jca__pem_decode((const char *)text->p, i, &lab, &llen, out, der->n, &n) == JCA_EINVAL,
			      "PEM cut at %zu accepted", i);
	ck_assert_int_eq(jca__pem_decode((const char *)text->p, text->n - 1, &lab, &llen, out, der->n, &n), 0);
	free(pem);
	free(out);
}

START_TEST(test_fixture)
{
	const struct fixture *f = &fx[_i];
	blob pub = der_fixture(f->name, "pub.der"), priv = der_fixture(f->name, "priv.der");
	blob pubpem = der_fixture(f->name, "pub.pem"), privpem = der_fixture(f->name, "priv.pem");
	jca__key_parts k, kp;
	uint8_t der[4096];
	const char *lab;
	size_t llen, n;

	ck_assert_msg(jca__spki_parse(pub.p, pub.n, &k) == 0, "%s: %s", f->name, jca_last_error_message());
	ck_assert_int_eq(k.alg, f->alg);
	ck_assert_int_eq(k.curve, f->curve);
	ck_assert_uint_eq(k.bits, f->bits);
	ck_assert(!k.is_private && !k.priv);
	ck_assert_uint_eq(k.pub_len, f->alg == JCA__KEYALG_EC ? 1 + 2 * jca__curve_bytes(f->curve) :
			  f->alg >= JCA__KEYALG_RSA ? k.pub_len : 32);
	ck_assert((k.params != NULL) == (strcmp(f->name, "rsapss_params") == 0));
	check_write(jca__spki_write, &k, &pub, f->name);
	check_cuts(jca__spki_parse, &pub, f->name);

	ck_assert_msg(jca__pkcs8_parse(priv.p, priv.n, &kp) == 0, "%s: %s", f->name, jca_last_error_message());
	ck_assert_int_eq(kp.alg, f->alg);
	ck_assert_int_eq(kp.curve, f->curve);
	ck_assert_uint_eq(kp.bits, f->bits);
	ck_assert(kp.is_private && kp.priv);
	if (f->alg == JCA__KEYALG_EC) {
		/* OpenSSL's PKCS#8 holds the point, not the curve again */
		ck_assert(kp.pub && kp.pub_len == k.pub_len && memcmp(kp.pub, k.pub, k.pub_len) == 0);
		ck_assert_uint_eq(kp.priv_len, jca__curve_bytes(f->curve));
		ck_assert(!kp.ec_inner_curve);
	} else if (f->alg <= JCA__KEYALG_X25519) {
		ck_assert(kp.pub == NULL && kp.priv_len == 32);
	} else {
		ck_assert(kp.pub == NULL && kp.priv[0] == 0x30);
		ck_assert((kp.params != NULL) == (k.params != NULL));
	}
	check_write(jca__pkcs8_write, &kp, &priv, f->name);
	check_cuts(jca__pkcs8_parse, &priv, f->name);
	/* the private key parts with the public key's: the same SPKI */
	kp.pub = k.pub;
	kp.pub_len = k.pub_len;
	if (f->alg >= JCA__KEYALG_EC)
		check_write(jca__spki_write, &kp, &pub, f->name);

	check_pem(&pubpem, "PUBLIC KEY", &pub);
	check_pem(&privpem, "PRIVATE KEY", &priv);
	ck_assert_int_eq(jca__pem_decode((const char *)privpem.p, privpem.n, &lab, &llen, der, sizeof der, &n), 0);
	ck_assert_int_eq(jca__key_parse_labelled(lab, llen, der, n, &kp), 0);
	ck_assert(kp.is_private && kp.alg == f->alg);
	if (f->trad) {
		blob t = der_fixture(f->name, "trad.pem");

		ck_assert_int_eq(jca__pem_decode((const char *)t.p, t.n, &lab, &llen, der, sizeof der, &n), 0);
		ck_assert(jca__pem_label_is(lab, llen, f->trad));
		ck_assert_msg(jca__key_parse_labelled(lab, llen, der, n, &kp) == 0, "%s", jca_last_error_message());
		ck_assert_int_eq(kp.alg, f->alg == JCA__KEYALG_EC ? JCA__KEYALG_EC : JCA__KEYALG_RSA);
		ck_assert_int_eq(kp.curve, f->curve);
		ck_assert_uint_eq(kp.bits, f->bits);
		/* written as PKCS#8 the way OpenSSL does: its own PKCS#8 file */
		if (f->alg == JCA__KEYALG_EC) {
			ck_assert(kp.ec_inner_curve && kp.pub);
			kp.ec_inner_curve = 0;
		}
		check_write(jca__pkcs8_write, &kp, &priv, f->name);
		free(t.p);
	}
	free(pub.p);
	free(priv.p);
	free(pubpem.p);
	free(privpem.p);
}
END_TEST

START_TEST(test_ecdsa_sig)
{
	static const char *const names[] = { "ec256", "ec384", "ec521" };
	static const size_t fb[] = { 32, 48, 66 };
	const char *name = names[_i / 3];
	char ext[16];
	blob sig;
	uint8_t rs[132], der[160];
	size_t n, i;

	snprintf(ext, sizeof ext, "sig%d.der", _i % 3 + 1);
	sig = der_fixture(name, ext);
	ck_assert_msg(jca__ecdsa_sig_to_p1363(sig.p, sig.n, fb[_i / 3], rs) == 0, "%s", jca_last_error_message());
	ck_assert_int_eq(jca__ecdsa_sig_from_p1363(rs, fb[_i / 3], NULL, 0, &n), 0);
	ck_assert_uint_eq(n, sig.n);
	ck_assert(n <= 2 * fb[_i / 3] + 9);
	ck_assert_int_eq(jca__ecdsa_sig_from_p1363(rs, fb[_i / 3], der, sizeof der, &n), 0);
	ck_assert(n == sig.n && memcmp(der, sig.p, n) == 0);
	ck_assert_int_eq(jca__ecdsa_sig_from_p1363(rs, fb[_i / 3], der, n - 1, &n), JCA_BUFSIZE);
	for (i = 0; i < sig.n; i++)
		ck_assert_int_eq(jca__ecdsa_sig_to_p1363(sig.p, i, fb[_i / 3], rs), JCA_EINVAL);
	/* a smaller field cannot hold it */
	ck_assert_int_eq(jca__ecdsa_sig_to_p1363(sig.p, sig.n, fb[_i / 3] - 8, rs), JCA_EINVAL);
	free(sig.p);
}
END_TEST

START_TEST(test_ecdsa_sig_edges)
{
	uint8_t rs[64], out[80];
	size_t n;
	/* r = 1, s = 0x80 (needs its 0x00) */
	static const uint8_t ok[] = { 0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x02, 0x00, 0x80 };
	static const uint8_t zero_r[] = { 0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01 };
	static const uint8_t neg_s[] = { 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x80 };
	static const uint8_t pad_r[] = { 0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01 };
	static const uint8_t extra[] = { 0x30, 0x09, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01 };

	ck_assert_int_eq(jca__ecdsa_sig_to_p1363(ok, sizeof ok, 32, rs), 0);
	ck_assert(rs[31] == 1 && rs[63] == 0x80 && rs[0] == 0 && rs[32] == 0);
	ck_assert_int_eq(jca__ecdsa_sig_from_p1363(rs, 32, out, sizeof out, &n), 0);
	ck_assert(n == sizeof ok && memcmp(out, ok, n) == 0);
	ck_assert_int_eq(jca__ecdsa_sig_to_p1363(zero_r, sizeof zero_r, 32, rs), JCA_EINVAL);
	ck_assert_int_eq(jca__ecdsa_sig_to_p1363(neg_s, sizeof neg_s, 32, rs), JCA_EINVAL);
	ck_assert_int_eq(jca__ecdsa_sig_to_p1363(pad_r, sizeof pad_r, 32, rs), JCA_EINVAL);
	ck_assert(strstr(jca_last_error_message(), "not minimal") != NULL);
	ck_assert_int_eq(jca__ecdsa_sig_to_p1363(extra, sizeof extra, 32, rs), JCA_EINVAL);
	memset(rs, 0, 32);
	ck_assert_int_eq(jca__ecdsa_sig_from_p1363(rs, 32, out, sizeof out, &n), JCA_EINVAL);
	ck_assert_int_eq(jca__ecdsa_sig_to_p1363(ok, sizeof ok, 0, rs), JCA_EINVAL);
	ck_assert_int_eq(jca__ecdsa_sig_to_p1363(ok, sizeof ok, 67, rs), JCA_EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("DER");
	TCase *tc = tcase_create("der");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_fixture, 0, NFX);
	tcase_add_loop_test(tc, test_ecdsa_sig, 0, 9);
	tcase_add_test(tc, test_ecdsa_sig_edges);
	add_bad_tests(tc);      /* check_der_bad.c */
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
