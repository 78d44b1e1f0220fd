/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Refusals of src/util/der.c, pem.c and keyenc*.c: each class of malformed
 * input, made by hand (hex), by patching the openssl fixtures, or composed
 * with the DER writer, and the message that names what is wrong.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "check_der.h"
#include "util/der.h"
#include "util/keyenc.h"
#include "util/pem.h"

/* "30 03 02 01 05" -> bytes (static buffer, one at a time) */
static size_t hex(const char *h, uint8_t *out)
{
	size_t n = 0;
	unsigned v;

	while (sscanf(h, " %2x", &v) == 1) {
		out[n++] = (uint8_t)v;
		while (*h == ' ')
			h++;
		h += 2;
	}
	return n;
}

#define REFUSED(call, needle) do { \
	int r_ = (call); \
	ck_assert_msg(r_ == JCA_EINVAL, "accepted (%d): %s", r_, #call); \
	ck_assert_msg(strstr(jca_last_error_message(), (needle)) != NULL, "message \"%s\" lacks \"%s\"", \
		      jca_last_error_message(), (needle)); \
} while (0)

/* Offset of the first occurrence of pat in b at or after from. */
static size_t find(const blob *b, const uint8_t *pat, size_t n, size_t from)
{
	size_t i;

	for (i = from; i + n <= b->n; i++)
		if (memcmp(b->p + i, pat, n) == 0)
			return i;
	ck_abort_msg("pattern not found");
	return 0;
}

static int read_one(const char *h, unsigned tag)
{
	uint8_t b[64];
	jca__der d, body;
	int r;

	jca__der_init(&d, b, hex(h, b));
	r = jca__der_read(&d, tag, &body, NULL);
	return r ? r : jca__der_end(&d, "element");
}

START_TEST(test_der_primitives)
{
	uint8_t b[64];
	jca__der d;
	const uint8_t *p;
	size_t n;
	int v;

	ck_assert_int_eq(read_one("30 03 02 01 05", JCA__DER_SEQUENCE), 0);
	REFUSED(read_one("30 81 03 02 01 05", JCA__DER_SEQUENCE), "not minimal");
	REFUSED(read_one("30 82 00 03 02 01 05", JCA__DER_SEQUENCE), "not minimal");
	REFUSED(read_one("30 80 02 01 05 00 00", JCA__DER_SEQUENCE), "indefinite");
	REFUSED(read_one("30 85 00 00 00 00 03 02 01 05", JCA__DER_SEQUENCE), "more than 4");
	REFUSED(read_one("1f 22 01 00", 0x1f), "high tag");
	REFUSED(read_one("31 03 02 01 05", JCA__DER_SEQUENCE), "found tag 0x31");
	REFUSED(read_one("30", JCA__DER_SEQUENCE), "truncated");
	REFUSED(read_one("30 81", JCA__DER_SEQUENCE), "truncated");
	REFUSED(read_one("30 04 02 01 05", JCA__DER_SEQUENCE), "runs past");
	REFUSED(read_one("30 03 02 01 05 00", JCA__DER_SEQUENCE), "trailing");
	REFUSED(read_one("", JCA__DER_SEQUENCE), "missing");

	/* INTEGER */
	jca__der_init(&d, b, hex("02 02 00 80", b));
	ck_assert_int_eq(jca__der_read_uint(&d, &p, &n, NULL), 0);
	ck_assert(n == 1 && p[0] == 0x80);
	jca__der_init(&d, b, hex("02 01 00", b));
	ck_assert_int_eq(jca__der_read_uint(&d, &p, &n, NULL), 0);
	ck_assert(n == 1 && p[0] == 0);
	jca__der_init(&d, b, hex("02 02 00 7f", b));
	REFUSED(jca__der_read_uint(&d, &p, &n, NULL), "INTEGER at offset 2 not minimal");
	jca__der_init(&d, b, hex("02 02 ff 80", b));
	REFUSED(jca__der_read_uint(&d, &p, &n, NULL), "not minimal");
	jca__der_init(&d, b, hex("02 01 80", b));
	REFUSED(jca__der_read_uint(&d, &p, &n, NULL), "negative");
	jca__der_init(&d, b, hex("02 00", b));
	REFUSED(jca__der_read_uint(&d, &p, &n, NULL), "empty");
	jca__der_init(&d, b, hex("02 01 02", b));
	REFUSED(jca__der_read_version(&d, 1, "version"), "is not 1");
	/* OBJECT IDENTIFIER */
	jca__der_init(&d, b, hex("06 03 2b 65 70", b));
	ck_assert_int_eq(jca__der_read_oid(&d, &p, &n, NULL), 0);
	ck_assert_uint_eq(n, 3);
	jca__der_init(&d, b, hex("06 00", b));
	REFUSED(jca__der_read_oid(&d, &p, &n, NULL), "empty");
	jca__der_init(&d, b, hex("06 03 2b 80 65", b));
	REFUSED(jca__der_read_oid(&d, &p, &n, NULL), "not minimal");
	jca__der_init(&d, b, hex("06 02 80 01", b));
	REFUSED(jca__der_read_oid(&d, &p, &n, NULL), "not minimal");
	jca__der_init(&d, b, hex("06 02 2b 85", b));
	REFUSED(jca__der_read_oid(&d, &p, &n, NULL), "ends inside");
	/* BIT STRING, BOOLEAN, NULL */
	jca__der_init(&d, b, hex("03 02 00 ff", b));
	ck_assert_int_eq(jca__der_read_bits(&d, JCA__DER_BIT_STRING, &p, &n, NULL), 0);
	ck_assert(n == 1 && p[0] == 0xff);
	jca__der_init(&d, b, hex("03 02 01 fe", b));
	REFUSED(jca__der_read_bits(&d, JCA__DER_BIT_STRING, &p, &n, NULL), "unused bits");
	jca__der_init(&d, b, hex("03 00", b));
	REFUSED(jca__der_read_bits(&d, JCA__DER_BIT_STRING, &p, &n, NULL), "unused-bits octet");
	jca__der_init(&d, b, hex("01 01 ff", b));
	ck_assert(jca__der_read_bool(&d, &v, NULL) == 0 && v == 1);
	jca__der_init(&d, b, hex("01 01 01", b));
	REFUSED(jca__der_read_bool(&d, &v, NULL), "0x00 or 0xff");
	jca__der_init(&d, b, hex("01 02 00 00", b));
	REFUSED(jca__der_read_bool(&d, &v, NULL), "0x00 or 0xff");
	jca__der_init(&d, b, hex("05 00", b));
	ck_assert_int_eq(jca__der_read_null(&d, NULL), 0);
	jca__der_init(&d, b, hex("05 01 00", b));
	REFUSED(jca__der_read_null(&d, NULL), "has contents");
	ck_assert_uint_eq(jca__der_bits((const uint8_t *)"\x00\x01\x00", 3), 9);
	ck_assert_uint_eq(jca__der_bits((const uint8_t *)"\x00", 1), 0);
}
END_TEST

/* Nested elements whose lengths need 1, 2 and 3 length bytes: the body is
 * moved on close; the counting pass agrees; the reader takes it back. */
START_TEST(test_der_writer)
{
	static const size_t sizes[] = { 0, 1, 125, 126, 127, 128, 253, 254, 255, 256, 65535, 65536, 70000 };
	uint8_t *buf = malloc(80000), *data = malloc(70000);
	size_t i, len, m1, m2, cnt;
	jca__derw w;
	jca__der d, s1, s2;
	const uint8_t *p;

	ck_assert(buf && data);
	for (i = 0; i < 70000; i++)
		data[i] = (uint8_t)(i * 7);
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		jca__derw_init(&w, NULL, 0);
		m1 = jca__derw_open(&w, JCA__DER_SEQUENCE);
		m2 = jca__derw_open(&w, JCA__DER_CTX(1));
		jca__derw_prim(&w, JCA__DER_OCTET_STRING, data, sizes[i]);
		jca__derw_close(&w, m2);
		jca__derw_close(&w, m1);
		ck_assert_int_eq(jca__derw_finish(&w, &cnt), 0);
		jca__derw_init(&w, buf, 80000);
		m1 = jca__derw_open(&w, JCA__DER_SEQUENCE);
		m2 = jca__derw_open(&w, JCA__DER_CTX(1));
		jca__derw_prim(&w, JCA__DER_OCTET_STRING, data, sizes[i]);
		jca__derw_close(&w, m2);
		jca__derw_close(&w, m1);
		ck_assert_int_eq(jca__derw_finish(&w, &len), 0);
		ck_assert_uint_eq(len, cnt);
		jca__der_init(&d, buf, len);
		ck_assert_int_eq(jca__der_read(&d, JCA__DER_SEQUENCE, &s1, NULL), 0);
		ck_assert_int_eq(jca__der_read(&s1, JCA__DER_CTX(1), &s2, NULL), 0);
		ck_assert_int_eq(jca__der_read_octets(&s2, &p, &len, NULL), 0);
		ck_assert(len == sizes[i] && (len == 0 || memcmp(p, data, len) == 0));
		ck_assert(d.len == 0 && s1.len == 0 && s2.len == 0);
		/* too small by one: refused, the size still known */
		jca__derw_init(&w, buf, cnt - 1);
		m1 = jca__derw_open(&w, JCA__DER_SEQUENCE);
		jca__derw_prim(&w, JCA__DER_CTX_PRIM(0), data, sizes[i]);
		jca__derw_uint(&w, data + 1, 3);
		jca__derw_close(&w, m1);
		ck_assert_int_eq(jca__derw_finish(&w, &len), len <= cnt - 1 ? 0 : JCA_BUFSIZE);
	}
	/* INTEGER: leading zeros dropped, a sign byte added */
	jca__derw_init(&w, buf, 16);
	jca__derw_uint(&w, (const uint8_t *)"\x00\x00\x80", 3);
	jca__derw_small(&w, 0);
	jca__derw_small(&w, 256);
	ck_assert_int_eq(jca__derw_finish(&w, &len), 0);
	ck_assert(len == 11 && memcmp(buf, "\x02\x02\x00\x80\x02\x01\x00\x02\x02\x01\x00", 11) == 0);
	free(buf);
	free(data);
}
END_TEST

/* A copy of a fixture with the byte at the nth occurrence of pat + k set to v. */
static blob patched(const char *name, const char *ext, const char *pat_hex, int nth, size_t k, uint8_t v)
{
	blob b = der_fixture(name, ext);
	uint8_t pat[32];
	size_t n = hex(pat_hex, pat), at = 0;

	for (at = find(&b, pat, n, 0); nth > 0; nth--)
		at = find(&b, pat, n, at + 1);
	b.p[at + k] = v;
	return b;
}

START_TEST(test_bad_keys)
{
	jca__key_parts k;
	blob b;
	uint8_t buf[600], key[32] = { 1 };
	const char *lab;
	size_t n, m, m2;
	jca__derw w;

	/* lengths and tags, on Ed25519's SubjectPublicKeyInfo */
	b = der_fixture("ed25519", "pub.der");
	memmove(b.p + 3, b.p + 2, b.n - 2);     /* (the loader left a spare byte) */
	b.p[1] = 0x81;
	b.p[2] = 0x2a;
	REFUSED(jca__spki_parse(b.p, b.n + 1, &k), "SubjectPublicKeyInfo SEQUENCE at offset 0 has a length not minimal");
	b.p[1] = 0x80;
	REFUSED(jca__spki_parse(b.p, b.n + 1, &k), "indefinite");
	free(b.p);
	b = patched("ed25519", "pub.der", "30 2a", 0, 0, 0x31);
	REFUSED(jca__spki_parse(b.p, b.n, &k), "expected SubjectPublicKeyInfo SEQUENCE at offset 0");
	free(b.p);
	b = patched("ed25519", "pub.der", "03 21 00", 0, 0, 0x04);
	REFUSED(jca__spki_parse(b.p, b.n, &k), "subjectPublicKey BIT STRING");
	free(b.p);
	b = patched("ed25519", "pub.der", "2b 65 70", 0, 2, 0x71);
	REFUSED(jca__spki_parse(b.p, b.n, &k), "algorithm OID at offset 4");
	free(b.p);
	/* Ed25519 with NULL parameters, with a short key */
	REFUSED(jca__spki_parse(buf, hex("30 0e 30 07 06 03 2b 65 70 05 00 03 03 00 01 02", buf), &k), "parameters");
	REFUSED(jca__spki_parse(buf, hex("30 0c 30 05 06 03 2b 65 70 03 03 00 01 02", buf), &k), "not 32");

	/* EC: an unknown curve (secp256k1's OID), another curve's point size,
	 * a compressed point */
	b = patched("ec384", "pub.der", "2b 81 04 00 22", 0, 4, 0x0a);
	REFUSED(jca__spki_parse(b.p, b.n, &k), "namedCurve");
	free(b.p);
	b = patched("ec384", "pub.der", "2b 81 04 00 22", 0, 4, 0x23);
	REFUSED(jca__spki_parse(b.p, b.n, &k), "P-521 public point");
	free(b.p);
	b = der_fixture("ec256", "pub.der");
	b.p[b.n - 65] = 0x02;
	REFUSED(jca__spki_parse(b.p, b.n, &k), "compressed");
	free(b.p);
	/* explicit parameters */
	REFUSED(jca__spki_parse(buf, hex("30 0e 30 0b 06 07 2a 86 48 ce 3d 02 01 30 00 03 00", buf), &k),
		"namedCurve OID");
	/* PKCS#8 EC whose ECPrivateKey names another curve */
	b = der_fixture("ec384", "trad.pem");
	ck_assert_int_eq(jca__pem_decode((const char *)b.p, b.n, &lab, &n, buf, sizeof buf, &n), 0);
	free(b.p);
	ck_assert_int_eq(jca__ec_privkey_parse(buf, n, &k), 0);
	b.p = malloc(600);
	ck_assert_int_eq(jca__pkcs8_write(&k, b.p, 600, &b.n), 0);
	b.p[find(&b, (const uint8_t *)"\x2b\x81\x04\x00\x22", 5, find(&b, (const uint8_t *)"\xa0\x07", 2, 0)) + 4] = 0x23;
	REFUSED(jca__pkcs8_parse(b.p, b.n, &k), "differs from the AlgorithmIdentifier");
	free(b.p);
	/* ECPrivateKey: scalar of the wrong size; no curve outside PKCS#8 */
	jca__derw_init(&w, buf, sizeof buf);
	m = jca__derw_open(&w, JCA__DER_SEQUENCE);
	jca__derw_small(&w, 1);
	jca__derw_prim(&w, JCA__DER_OCTET_STRING, key, 31);
	m2 = jca__derw_open(&w, JCA__DER_CTX(0));
	jca__derw_raw(&w, "\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07", 10);
	jca__derw_close(&w, m2);
	jca__derw_close(&w, m);
	ck_assert_int_eq(jca__derw_finish(&w, &n), 0);
	REFUSED(jca__ec_privkey_parse(buf, n, &k), "has 31 bytes, P-256 needs 32");
	REFUSED(jca__ec_privkey_parse(buf, hex("30 25 02 01 01 04 20 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10"
					       " 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f 20", buf), &k), "no curve");
	/* PKCS#8 attributes */
	jca__derw_init(&w, buf, sizeof buf);
	m = jca__derw_open(&w, JCA__DER_SEQUENCE);
	jca__derw_small(&w, 0);
	jca__derw_raw(&w, "\x30\x05\x06\x03\x2b\x65\x70", 7);
	m2 = jca__derw_open(&w, JCA__DER_OCTET_STRING);
	jca__derw_prim(&w, JCA__DER_OCTET_STRING, key, 32);
	jca__derw_close(&w, m2);
	jca__derw_raw(&w, "\xa0\x00", 2);
	jca__derw_close(&w, m);
	ck_assert_int_eq(jca__derw_finish(&w, &n), 0);
	REFUSED(jca__pkcs8_parse(buf, n, &k), "attributes");
	/* a label that is no key */
	REFUSED(jca__key_parse_labelled("CERTIFICATE", 11, buf, n, &k), "not a key");
}
END_TEST

/* An SPKI for rsaEncryption (with NULL parameters or none) over the given
 * modulus and exponent contents. */
static size_t rsa_spki(uint8_t *out, size_t cap, int with_null, const uint8_t *nn, size_t nlen, const uint8_t *e,
		       size_t elen)
{
	jca__derw w;
	size_t m, a, bs, rp, len;

	jca__derw_init(&w, out, cap);
	m = jca__derw_open(&w, JCA__DER_SEQUENCE);
	a = jca__derw_open(&w, JCA__DER_SEQUENCE);
	jca__derw_raw(&w, "\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01", 11);
	if (with_null)
		jca__derw_raw(&w, "\x05\x00", 2);
	jca__derw_close(&w, a);
	bs = jca__derw_open(&w, JCA__DER_BIT_STRING);
	jca__derw_raw(&w, "", 1);
	rp = jca__derw_open(&w, JCA__DER_SEQUENCE);
	jca__derw_prim(&w, JCA__DER_INTEGER, nn, nlen);
	jca__derw_prim(&w, JCA__DER_INTEGER, e, elen);
	jca__derw_close(&w, rp);
	jca__derw_close(&w, bs);
	jca__derw_close(&w, m);
	ck_assert_int_eq(jca__derw_finish(&w, &len), 0);
	return len;
}

START_TEST(test_bad_rsa)
{
	uint8_t buf[259], out[600], *nn = buf + 1;
	static const uint8_t e3[] = { 3 }, e4[] = { 4 }, e65537[] = { 1, 0, 1 };
	jca__key_parts k;
	blob b;

	/* buf: 00 00 c5 c5 ...; nn: a 2048-bit positive modulus 00 c5 ... */
	memset(buf, 0xc5, sizeof buf);
	buf[0] = buf[1] = 0;
	ck_assert_int_eq(jca__spki_parse(out, rsa_spki(out, sizeof out, 1, nn, 257, e65537, 3), &k), 0);
	ck_assert_uint_eq(k.bits, 2048);
	REFUSED(jca__spki_parse(out, rsa_spki(out, sizeof out, 0, nn, 257, e65537, 3), &k), "rsaEncryption parameters");
	REFUSED(jca__spki_parse(out, rsa_spki(out, sizeof out, 1, nn + 1, 256, e65537, 3), &k), "negative");
	REFUSED(jca__spki_parse(out, rsa_spki(out, sizeof out, 1, buf, 258, e65537, 3), &k), "not minimal");
	nn[1] = 0x45;     /* 511 bits */
	REFUSED(jca__spki_parse(out, rsa_spki(out, sizeof out, 1, nn + 1, 64, e65537, 3), &k), "511 bits");
	nn[1] = 0xc5;
	ck_assert_int_eq(jca__spki_parse(out, rsa_spki(out, sizeof out, 1, nn, 65, e3, 1), &k), 0);
	ck_assert_uint_eq(k.bits, 512);
	REFUSED(jca__spki_parse(out, rsa_spki(out, sizeof out, 1, nn, 65, e4, 1), &k), "public exponent");
	/* multi-prime RSAPrivateKey (version 1) */
	b = der_fixture("rsa2048", "priv.der");
	ck_assert(b.p[26 + 6] == 0);        /* PKCS#8 header (26 bytes), then 30 82 xx xx 02 01 00 */
	b.p[26 + 6] = 1;
	REFUSED(jca__pkcs8_parse(b.p, b.n, &k), "multi-prime");
	free(b.p);
	/* RSA-PSS parameters: a trailer field other than 1, fields out of order */
	b = patched("rsapss_params", "pub.der", "a2 03 02 01 20", 0, 4, 0x40);
	ck_assert_int_eq(jca__spki_parse(b.p, b.n, &k), 0);
	free(b.p);
	b = patched("rsapss_params", "pub.der", "a2 03 02 01 20", 0, 0, 0xa3);
	REFUSED(jca__spki_parse(b.p, b.n, &k), "trailerField");
	free(b.p);
	b = patched("rsapss_params", "pub.der", "a0 0f 30 0d", 0, 0, 0xa2);
	REFUSED(jca__spki_parse(b.p, b.n, &k), "saltLength");
	free(b.p);
}
END_TEST

START_TEST(test_pkcs8_versions)
{
	blob b = der_fixture("ed25519", "priv.der"), pub = der_fixture("ed25519", "pub.der");
	jca__key_parts k, kp;
	uint8_t out[200], again[200];
	size_t n, n2;

	/* v2 with the public key: read, written back as v2 */
	ck_assert_int_eq(jca__pkcs8_parse(b.p, b.n, &k), 0);
	ck_assert_int_eq(jca__spki_parse(pub.p, pub.n, &kp), 0);
	k.pub = kp.pub;
	k.pub_len = kp.pub_len;
	ck_assert_int_eq(jca__pkcs8_write(&k, out, sizeof out, &n), 0);
	ck_assert(out[4] == 1 && out[n - 35] == 0x81 && n == b.n + 35);
	ck_assert_int_eq(jca__pkcs8_parse(out, n, &k), 0);
	ck_assert(k.pub && memcmp(k.pub, kp.pub, 32) == 0);
	ck_assert_int_eq(jca__pkcs8_write(&k, again, sizeof again, &n2), 0);
	ck_assert(n2 == n && memcmp(again, out, n) == 0);
	/* v2 without it, v1 with it, v3 */
	b.p[4] = 1;
	REFUSED(jca__pkcs8_parse(b.p, b.n, &k), "OneAsymmetricKey publicKey");
	out[4] = 0;
	REFUSED(jca__pkcs8_parse(out, n, &k), "trailing");
	out[4] = 2;
	REFUSED(jca__pkcs8_parse(out, n, &k), "version");
	free(b.p);
	free(pub.p);
}
END_TEST

static int pem(const char *text)
{
	static uint8_t der[4096];
	const char *lab;
	size_t ll, n;

	return jca__pem_decode(text, strlen(text), &lab, &ll, der, sizeof der, &n);
}

/* ed25519.pub.pem's body is one line: MCowBQYDK2VwAyEA + 44 characters. */
START_TEST(test_bad_pem)
{
	blob b = der_fixture("ed25519", "pub.pem"), rsa = der_fixture("rsa2048", "pub.pem");
	char t[4096], body[600], *p;
	const char *lab;
	size_t n, i, j;
	int len;

	b.p[b.n] = 0;
	rsa.p[rsa.n] = 0;
	p = strchr((char *)b.p, '\n') + 1;
	n = (size_t)(strchr(p, '\n') - p);
	ck_assert(n < sizeof body && p[n - 1] == '=' && p[n - 2] != '=');
	memcpy(body, p, n);
	body[n] = 0;
#define WITH(fmt, ...) (snprintf(t, sizeof t, fmt, __VA_ARGS__), pem(t))
	ck_assert_int_eq(WITH("-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----\n", body), 0);
	/* lax: CRLF, trailing blanks, whitespace around, no final newline */
	ck_assert_int_eq(WITH("-----BEGIN PUBLIC KEY----- \r\n%s \t\r\n-----END PUBLIC KEY-----", body), 0);
	ck_assert_int_eq(WITH("\n\n  -----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----\n \n\t", body), 0);
	/* labels */
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s\n-----END PRIVATE KEY-----\n", body), "does not match");
	REFUSED(WITH("-----BEGIN PUBLIC  KEY-----\n%s\n-----END PUBLIC  KEY-----\n", body), "bad BEGIN label");
	REFUSED(WITH("-----BEGIN -----\n%s\n-----END -----\n", body), "bad BEGIN label");
	REFUSED(WITH("-----BEGIN %0100d-----\n%s\n-----END %0100d-----\n", 1, body, 1), "bad BEGIN label");
	REFUSED(WITH("-----BEGIN PUBLIC KEY----\n%s\n-----END PUBLIC KEY-----\n", body), "bad BEGIN label");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY----\n", body), "bad END label");
	/* text around or inside */
	REFUSED(WITH("key:\n-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----\n", body), "BEGIN");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----\nmore\n", body), "after the END");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n\n%s\n-----END PUBLIC KEY-----\n", body), "line 2");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\nProc-Type: 4,ENCRYPTED\n%s\n-----END PUBLIC KEY-----\n", body),
		"after base64");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s\n", body), "no \"-----END\"");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n%s", ""), "no data");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----%s\n-----END PUBLIC KEY-----\n", body), "after the BEGIN line");
	/* base64 characters and padding */
	for (i = 0; i < 4; i++) {
		static const char bad[] = "*-.!";

		body[5] = bad[i];
		REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----\n", body), "line 2");
	}
	memcpy(body, p, n);
	body[n - 1] = 0;                   /* padding missing */
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----\n", body), "multiple of 4");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s==\n-----END PUBLIC KEY-----\n", body), "after its padding");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s=\n=\n-----END PUBLIC KEY-----\n", body), "after the base64 padding");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n=%s\n-----END PUBLIC KEY-----\n", body), "misplaced");
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\nMC==%s=\n-----END PUBLIC KEY-----\n", body), "after its padding");
	body[n - 2] = (char)(body[n - 2] == 'A' ? 'B' : body[n - 2] + 1);   /* nonzero unused bits */
	REFUSED(WITH("-----BEGIN PUBLIC KEY-----\n%s=\n-----END PUBLIC KEY-----\n", body), "nonzero bits");
	/* line lengths: the RSA key's 392 characters in lines of 76 and 77 */
	p = strchr((char *)rsa.p, '\n') + 1;
	for (i = j = 0; p[i] != '-'; i++)
		if (p[i] != '\n')
			body[j++] = p[i];
	body[j] = 0;
	for (len = 76; len <= 77; len++) {
		int o = snprintf(t, sizeof t, "-----BEGIN PUBLIC KEY-----\n");

		for (i = 0; i < j; i += (size_t)len)
			o += snprintf(t + o, sizeof t - (size_t)o, "%.*s\n", len, body + i);
		snprintf(t + o, sizeof t - (size_t)o, "-----END PUBLIC KEY-----\n");
		if (len == 76)
			ck_assert_msg(pem(t) == 0, "%s", jca_last_error_message());
		else
			REFUSED(pem(t), "more than 76");
	}
	/* the buffer: NULL asks the size; too small is JCA_BUFSIZE */
	ck_assert_int_eq(jca__pem_decode((const char *)rsa.p, rsa.n, &lab, &n, NULL, 0, &n), 0);
	ck_assert_uint_eq(n, 294);
	/* writing: labels are checked */
	ck_assert_int_eq(jca__pem_encode("PUBLIC  KEY", rsa.p, 10, t, sizeof t, &n), JCA_EINVAL);
	ck_assert_int_eq(jca__pem_encode("PUBLIC-", rsa.p, 10, t, sizeof t, &n), JCA_EINVAL);
	ck_assert_int_eq(jca__pem_encode("X", rsa.p, 0, t, sizeof t, &n), JCA_EINVAL);
	ck_assert_int_eq(jca__pem_encode("X", rsa.p, 1, t, sizeof t, &n), 0);
	ck_assert(n == 39 && memcmp(t, "-----BEGIN X-----\nLQ==\n-----END X-----\n", n) == 0);
#undef WITH
	free(b.p);
	free(rsa.p);
}
END_TEST

void add_bad_tests(TCase *tc)
{
	tcase_add_test(tc, test_der_primitives);
	tcase_add_test(tc, test_der_writer);
	tcase_add_test(tc, test_bad_keys);
	tcase_add_test(tc, test_bad_rsa);
	tcase_add_test(tc, test_pkcs8_versions);
	tcase_add_test(tc, test_bad_pem);
}
