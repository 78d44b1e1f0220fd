/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Mac: NIST HMAC.rsp (truncated tags included), own known answers for
 * every HMAC (tests/kat/hmac.txt, Python hmac), key lengths around the
 * block size, streaming, clone, reset, names and errors.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "outlen.h"

static mac_ctx *get(const char *name)
{
	mac_ctx *m = mac_get_instance(name);

	ck_assert_msg(m != NULL, "mac_get_instance(%s): %s", name, jca_last_error_message());
	return m;
}

static void fill(uint8_t *p, size_t n, unsigned mul, unsigned add)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(i * mul + add);
}

START_TEST(test_nist)
{
	const char *dir = tu_vectors_dir();
	char path[4096];
	tu_rsp *r;
	tu_rec rec;
	int n = 0;

	if (!dir) {
		printf("SKIP: NIST HMAC vectors (folder absent)\n");
		return;
	}
	snprintf(path, sizeof path, "%s/hmac/HMAC.rsp", dir);
	r = tu_rsp_open(path);
	ck_assert_ptr_nonnull(r);
	while (tu_rsp_next(r, &rec)) {
		const char *L = tu_param(&rec, "L");
		const char *name = NULL;
		size_t kl, ml, tl, tlen = (size_t)atoi(tu_get(&rec, "Tlen"));
		uint8_t *key = tu_unhex(tu_get(&rec, "Key"), &kl);
		uint8_t *msg = tu_unhex(tu_get(&rec, "Msg"), &ml);
		uint8_t *tag = tu_unhex(tu_get(&rec, "Mac"), &tl);
		uint8_t out[64];
		mac_ctx *m;

		switch (atoi(L)) {
		case 20: name = "HmacSHA1"; break;
		case 28: name = "HmacSHA224"; break;
		case 32: name = "HmacSHA256"; break;
		case 48: name = "HmacSHA384"; break;
		case 64: name = "HmacSHA512"; break;
		}
		ck_assert_ptr_nonnull(name);
		m = get(name);
		ck_assert_uint_eq(kl, (size_t)atoi(tu_get(&rec, "Klen")));
		ck_assert_int_eq(mac_init(m, key, kl), 0);
		mac_update(m, msg, ml);
		ck_assert_int_eq(tu_mac_final(m, out, sizeof out), (int)mac_length(m));
		/* the tag is truncated to its leftmost Tlen bytes */
		ck_assert_msg(tl == tlen && memcmp(out, tag, tlen) == 0, "%s line %d", name, rec.line);
		mac_free(m);
		free(key), free(msg), free(tag);
		n++;
	}
	tu_rsp_close(r);
	ck_assert_int_eq(n, 1575);
}
END_TEST

START_TEST(test_own_kat)
{
	char *txt = tu_read_file(tu_srcpath("tests/kat/hmac.txt"), NULL);
	char *line, *save = NULL;
	uint8_t key[1000], msg[1000], out[64];
	char hex[129];
	int n = 0;

	ck_assert_ptr_nonnull(txt);
	fill(key, sizeof key, 11, 3);
	fill(msg, sizeof msg, 31, 7);
	for (line = strtok_r(txt, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[64], want[129];
		int kl, ml;
		mac_ctx *m, *c;
		size_t half;

		ck_assert_int_eq(sscanf(line, "%63s %d %d %128s", name, &kl, &ml, want), 4);
		m = get(name);
		ck_assert_int_eq(mac_init(m, key, (size_t)kl), 0);
		/* streaming in two parts with a clone taken in the middle */
		half = (size_t)ml / 3;
		mac_update(m, msg, half);
		c = mac_clone(m);
		ck_assert_ptr_nonnull(c);
		mac_update(m, msg + half, (size_t)ml - half);
		mac_update(c, msg + half, (size_t)ml - half);
		ck_assert_int_eq(tu_mac_final(m, out, sizeof out), (int)mac_length(m));
		tu_hex(hex, out, mac_length(m));
		ck_assert_msg(strcmp(hex, want) == 0, "%s key %d msg %d: %s", name, kl, ml, hex);
		tu_mac_final(c, out, sizeof out);
		tu_hex(hex, out, mac_length(c));
		ck_assert_str_eq(hex, want);
		/* back to the keyed state after final: same tag again */
		mac_update(m, msg, (size_t)ml);
		tu_mac_final(m, out, sizeof out);
		tu_hex(hex, out, mac_length(m));
		ck_assert_str_eq(hex, want);
		/* reset drops input, keeps the key */
		mac_update(m, "junk", 4);
		mac_reset(m);
		mac_update(m, msg, (size_t)ml);
		tu_mac_final(m, out, sizeof out);
		tu_hex(hex, out, mac_length(m));
		ck_assert_str_eq(hex, want);
		mac_free(m);
		mac_free(c);
		n++;
	}
	ck_assert_int_ge(n, 250);
	free(txt);
}
END_TEST

START_TEST(test_names_errors)
{
	static const char *const names[][6] = {
		{ "HmacSHA256", "hmacsha256", "HMAC-SHA256", "HMAC(SHA-256)", "HMAC-SHA-256", "1.2.840.113549.2.9" },
		{ "HmacSHA1", "HMAC-SHA1", "HMAC(SHA-1)", "1.2.840.113549.2.7", "OID.1.2.840.113549.2.7", NULL },
		{ "HmacSHA512/224", "HMAC-SHA512/224", "HMAC(SHA-512/224)", "1.2.840.113549.2.12", NULL },
		{ "HmacSHA3-256", "HMAC-SHA3-256", "HMAC(SHA3-256)", "2.16.840.1.101.3.4.2.14", NULL },
		{ "HmacMD5", "HMAC-MD5", "HMAC(MD5)", "1.3.6.1.5.5.8.1.1", NULL },
	};
	size_t i, j;
	uint8_t out[64];
	mac_ctx *m;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		for (j = 0; j < 6 && names[i][j]; j++) {
			m = get(names[i][j]);
			ck_assert_str_eq(mac_algorithm(m), names[i][0]);
			ck_assert_str_eq(mac_provider(m), "builtin");
			mac_free(m);
		}
	ck_assert_ptr_null(mac_get_instance("HmacSHAKE128"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(mac_get_instance("HmacSHA257"));
	ck_assert_str_eq(jca_last_error_message(), "no provider offers Mac \"HmacSHA257\"; did you mean \"HmacSHA256\"?");
	ck_assert_ptr_null(mac_get_instance(NULL));
	ck_assert_ptr_null(mac_get_instance_from("HmacSHA256", "nosuch"));
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	m = get("HmacSHA256");
	ck_assert_int_eq(mac_update(m, "x", 1), JCA_NOTINIT);
	ck_assert_int_eq(tu_mac_final(m, out, sizeof out), JCA_NOTINIT);
	ck_assert_int_eq(mac_init(m, NULL, 0), 0);
	ck_assert_int_eq(tu_mac_final(m, out, 31), JCA_BUFSIZE);
	ck_assert_int_eq(tu_mac_final(m, out, 32), 32);
	ck_assert_int_eq(mac_update(m, NULL, 1), JCA_EINVAL);
	ck_assert_uint_eq(mac_length(m), 32);
	ck_assert_uint_eq(mac_block_length(m), 64);
	ck_assert(strncmp(mac_implementation(m), "hmac(sha256", 11) == 0);
	mac_free(m);
	m = get("HmacSHA512");
	ck_assert_uint_eq(mac_length(m), 64);
	ck_assert_uint_eq(mac_block_length(m), 128);
	ck_assert_int_eq(mac_reset(m), JCA_NOTINIT);   /* before mac_init: nothing to return to */
	mac_free(m);
	ck_assert_int_eq(mac_reset(NULL), JCA_EINVAL);
	ck_assert_uint_eq(mac_block_length(NULL), 0);
	ck_assert_ptr_null(mac_implementation(NULL));
	mac_free(NULL);
}
END_TEST

/* Resolve once, create many: instances from a handle behave as
 * mac_get_instance's. */
START_TEST(test_handle)
{
	static const uint8_t key[20] = { 1, 2, 3 };
	const mac_handle *h = mac_lookup("HMAC-SHA256");
	uint8_t a[32], b[32];
	mac_ctx *m1, *m2;

	ck_assert_ptr_nonnull(h);
	ck_assert_ptr_eq(mac_lookup("HMAC-SHA256"), h);
	m1 = mac_new(h);
	m2 = get("HmacSHA256");
	ck_assert_ptr_nonnull(m1);
	ck_assert_str_eq(mac_algorithm(m1), "HmacSHA256");
	ck_assert_int_eq(mac_update(m1, "x", 1), JCA_NOTINIT);
	ck_assert_int_eq(mac_init(m1, key, sizeof key), 0);
	ck_assert_int_eq(mac_init(m2, key, sizeof key), 0);
	ck_assert_int_eq(mac_update(m1, "abc", 3), 0);
	ck_assert_int_eq(mac_update(m2, "abc", 3), 0);
	ck_assert_int_eq(tu_mac_final(m1, a, sizeof a), 32);
	ck_assert_int_eq(tu_mac_final(m2, b, sizeof b), 32);
	ck_assert_msg(memcmp(a, b, 32) == 0, "handle and get_instance results differ");
	mac_free(m1);
	mac_free(m2);
	ck_assert_ptr_null(mac_lookup("HmacSHA257"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(mac_lookup(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert_ptr_null(mac_new(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Mac");
	TCase *tc = tcase_create("mac");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tu_vectors_tcase(s), test_nist);
	tcase_add_test(tc, test_own_kat);
	tcase_add_test(tc, test_names_errors);
	tcase_add_test(tc, test_handle);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
