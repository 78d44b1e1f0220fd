/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The pkcs11 plugin's curve check (p11_point_ok, plugins/pkcs11/
 * p11_ec_check.c) with its DER reader (p11_der.c), compiled in directly:
 * neither needs a token. Known answers in tests/kat/p11_points.txt
 * (gen_p11_points_kat.py, python3-cryptography): 200 points per NIST
 * curve accepted, raw and through a SubjectPublicKeyInfo, and each one
 * changed (Y+1, X+1, X = p, Y = p, Y = 0) refused; coordinates >= p that
 * are curve points mod p refused; Ed25519: RFC 8032 7.1 and other public
 * keys accepted (either sign), y >= p, y with no x, and x = 0 with the
 * sign bit set refused.
 */
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../plugins/pkcs11/p11_der.h"

#ifndef JCA_TOP_SRCDIR
#define JCA_TOP_SRCDIR "."
#endif

#define MAXPT 133                  /* 04 || X || Y of P-521 */
#define MAXN 1200

typedef struct kat {
	char kind[8];
	const p11_curve *curve;
	uint8_t pt[MAXPT];
	size_t len;
} kat;

static kat kats[MAXN];
static size_t nkats;
static uint8_t primes[3][66];      /* "field" lines: p of each curve */

static size_t unhex(const char *s, uint8_t *out, size_t cap)
{
	size_t n = strlen(s) / 2, i;
	unsigned v;

	ck_assert_uint_le(n, cap);
	ck_assert_uint_eq(strlen(s) % 2, 0);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(sscanf(s + 2 * i, "%2x", &v), 1);
		out[i] = (uint8_t)v;
	}
	return n;
}

static int curve_index(const p11_curve *c)
{
	return c->field == 32 ? 0 : c->field == 48 ? 1 : 2;
}

static void load(void)
{
	FILE *f = fopen(JCA_TOP_SRCDIR "/tests/kat/p11_points.txt", "r");
	char line[512], kind[8], a[300], b[300];
	kat *k;

	ck_assert_msg(f != NULL, "tests/kat/p11_points.txt");
	nkats = 0;
	while (fgets(line, sizeof line, f)) {
		ck_assert_int_ge(sscanf(line, "%7s %299s %299s", kind, a, b), 2);
		if (!strcmp(kind, "field")) {
			const p11_curve *c = p11_curve_by_name(a);

			ck_assert_ptr_nonnull(c);
			ck_assert_uint_eq(unhex(b, primes[curve_index(c)], c->field), c->field);
			continue;
		}
		ck_assert_uint_le(nkats + 1, MAXN);
		k = &kats[nkats++];
		strcpy(k->kind, kind);
		k->curve = kind[0] == 'e' && kind[1] == 'c' ? p11_curve_by_name(a) : NULL;
		k->len = unhex(k->curve ? b : a, k->pt, sizeof k->pt);
		ck_assert(!strncmp(kind, "ed", 2) || k->curve);
	}
	fclose(f);
}

/* n big-endian bytes plus one (the caller keeps it below 2^(8n)). */
static void incr(uint8_t *v, size_t n)
{
	while (n-- && ++v[n] == 0)
		;
}

/* Accepted raw, and through a SubjectPublicKeyInfo written and read back. */
static int spki_ok(int type, const p11_curve *c, const uint8_t *pt, size_t len)
{
	uint8_t *der;
	size_t n, off;
	p11_spki k;
	const char *why;
	int ok;

	ck_assert_int_eq(p11_spki_write(type, c, pt, len, NULL, 0, &der, &n, &off), 0);
	ck_assert_int_eq(p11_spki_read(der, n, &k, &why), 0);
	ck_assert(k.type == type && k.curve == c && k.point_len == len);
	ok = p11_point_ok(k.type, k.curve, k.point, k.point_len);
	free(der);
	ck_assert_int_eq(ok, p11_point_ok(type, c, pt, len));
	return ok;
}

START_TEST(test_ec_points)
{
	size_t i, fl, n[3] = { 0 }, bad = 0;
	uint8_t m[MAXPT];
	const kat *k;

	load();
	for (i = 0; i < nkats; i++) {
		k = &kats[i];
		if (!strcmp(k->kind, "ecbad")) {
			ck_assert_msg(!spki_ok(P11K_EC, k->curve, k->pt, k->len), "ecbad line %zu", i);
			bad++;
			continue;
		}
		if (strcmp(k->kind, "ec"))
			continue;
		fl = k->curve->field;
		ck_assert_uint_eq(k->len, 2 * fl + 1);
		ck_assert_msg(spki_ok(P11K_EC, k->curve, k->pt, k->len), "%s point %zu refused", k->curve->name, i);
		n[curve_index(k->curve)]++;
		memcpy(m, k->pt, k->len);                   /* Y + 1 */
		incr(m + 1 + fl, fl);
		ck_assert_msg(!spki_ok(P11K_EC, k->curve, m, k->len), "%s point %zu, Y+1", k->curve->name, i);
		memcpy(m, k->pt, k->len);                   /* X + 1 */
		incr(m + 1, fl);
		ck_assert_msg(!spki_ok(P11K_EC, k->curve, m, k->len), "%s point %zu, X+1", k->curve->name, i);
		memcpy(m, k->pt, k->len);                   /* X = p */
		memcpy(m + 1, primes[curve_index(k->curve)], fl);
		ck_assert_msg(!spki_ok(P11K_EC, k->curve, m, k->len), "%s point %zu, X=p", k->curve->name, i);
		memcpy(m, k->pt, k->len);                   /* Y = p */
		memcpy(m + 1 + fl, primes[curve_index(k->curve)], fl);
		ck_assert_msg(!spki_ok(P11K_EC, k->curve, m, k->len), "%s point %zu, Y=p", k->curve->name, i);
		memcpy(m, k->pt, k->len);                   /* Y = 0 */
		memset(m + 1 + fl, 0, fl);
		ck_assert_msg(!spki_ok(P11K_EC, k->curve, m, k->len), "%s point %zu, Y=0", k->curve->name, i);
		/* the shape: a compressed prefix, another curve, a byte short */
		m[0] = 0x02;
		memcpy(m + 1, k->pt + 1, k->len - 1);
		ck_assert_int_eq(p11_point_ok(P11K_EC, k->curve, m, k->len), 0);
		ck_assert_int_eq(p11_point_ok(P11K_EC, p11_curve_by_name(fl == 32 ? "P-384" : "P-256"), k->pt, k->len),
		                 0);
		ck_assert_int_eq(p11_point_ok(P11K_EC, k->curve, k->pt, k->len - 1), 0);
		ck_assert_int_eq(p11_point_ok(P11K_EC, NULL, k->pt, k->len), 0);
	}
	ck_assert_uint_ge(n[0], 200);
	ck_assert_uint_ge(n[1], 200);
	ck_assert_uint_ge(n[2], 200);
	ck_assert_uint_ge(bad, 3);
}
END_TEST

START_TEST(test_ed25519_points)
{
	static const uint8_t x0[2][32] = {
		{ 0x01 },                                   /* y = 1 */
		{ 0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
	};
	uint8_t m[32];
	size_t i, good = 0, bad = 0, ge_p = 0, nosq = 0, sign = 0;
	const kat *k;

	load();
	for (i = 0; i < nkats; i++) {
		k = &kats[i];
		if (strncmp(k->kind, "ed", 2))
			continue;
		ck_assert_uint_eq(k->len, 32);
		if (!strcmp(k->kind, "ed")) {
			ck_assert_msg(spki_ok(P11K_ED25519, NULL, k->pt, 32), "Ed25519 key, line %zu, refused", i);
			good++;
			/* x != 0: the other sign is a point too */
			memcpy(m, k->pt, 32);
			m[31] ^= 0x80;
			if (memcmp(k->pt, x0[0], 32) && memcmp(k->pt, x0[1], 32))
				ck_assert_msg(spki_ok(P11K_ED25519, NULL, m, 32), "Ed25519 key, line %zu, other sign", i);
			ck_assert_int_eq(p11_point_ok(P11K_ED25519, NULL, k->pt, 31), 0);
			ck_assert_int_eq(p11_point_ok(P11K_EC, NULL, k->pt, 32), 0);
			ck_assert_int_eq(p11_point_ok(P11K_RSA, NULL, k->pt, 32), 0);
			continue;
		}
		ck_assert_msg(!spki_ok(P11K_ED25519, NULL, k->pt, 32), "edbad line %zu accepted", i);
		bad++;
		if (k->pt[0] >= 0xed && k->pt[1] == 0xff)
			ge_p++;
		else if (!memcmp(k->pt, x0[0], 31) || !memcmp(k->pt, x0[1], 31))
			sign++;
		else
			nosq++;
	}
	/* the five of RFC 8032 7.1 and 50 more; 19 y >= p, each sign */
	ck_assert_uint_ge(good, 55);
	ck_assert_uint_eq(ge_p, 38);
	ck_assert_uint_eq(sign, 2);
	ck_assert_uint_ge(nosq, 12);
	ck_assert_uint_eq(bad, ge_p + sign + nosq);
	ck_assert_int_eq(p11_point_ok(P11K_ED25519, NULL, NULL, 32), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("p11_points");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_ec_points);
	tcase_add_test(tc, test_ed25519_points);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
