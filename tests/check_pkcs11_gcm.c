/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES/GCM/NoPadding on a SoftHSM2 token (CKM_AES_GCM through ABI 2.4's
 * message-level functions), run by tests/pkcs11.sh: the NIST CAVP GCM
 * files (encryption with external IV, decryption including the records
 * that must FAIL, nothing written on a bad tag), and random shapes with
 * split AAD and data, in place, tampering, against the built-in provider.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "pkcs11_testutil.h"

START_TEST(test_nist)
{
	static const char *const files[] = { "gcmEncryptExtIV128.rsp", "gcmEncryptExtIV256.rsp", "gcmDecrypt128.rsp",
		"gcmDecrypt256.rsp" };
	const char *vec = tu_vectors_dir();
	cipher_ctx *c;
	size_t f, total = 0, fails = 0;

	config_token();
	ck_assert(offered("Cipher", "AES"));
	c = cipher_get_instance_from("AES/GCM/NoPadding", "softhsm");
	ck_assert_msg(c != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(cipher_provider(c), "softhsm");
	if (!vec) {
		printf("SKIP: NIST GCM vectors through the token: no vector directory (set JCA_VECTORS)\n");
		cipher_free(c);
		return;
	}
	for (f = 0; f < sizeof files / sizeof files[0]; f++) {
		char path[4096];
		tu_rsp *r;
		tu_rec rec;
		int enc = f < 2;

		snprintf(path, sizeof path, "%s/gcm/%s", vec, files[f]);
		r = tu_rsp_open(path);
		ck_assert_msg(r != NULL, "cannot open %s", path);
		while (tu_rsp_next(r, &rec)) {
			size_t kl, il, pl = 0, al, cl, tl, n;
			uint8_t *k, *iv, *pt = NULL, *aad, *ct, *tag, *buf, *out;
			int rc;

			if (!tu_get(&rec, "Key"))
				continue;
			k = tu_unhex(tu_get(&rec, "Key"), &kl);
			iv = tu_unhex(tu_get(&rec, "IV"), &il);
			aad = tu_unhex(tu_get(&rec, "AAD"), &al);
			ct = tu_unhex(tu_get(&rec, "CT"), &cl);
			tag = tu_unhex(tu_get(&rec, "Tag"), &tl);
			if (tu_get(&rec, "PT"))
				pt = tu_unhex(tu_get(&rec, "PT"), &pl);
			buf = malloc(cl + tl + 1);
			out = malloc(cl + tl + 16);
			memcpy(buf, ct, cl);
			memcpy(buf + cl, tag, tl);
			ck_assert_int_eq(cipher_init_aead(c, enc ? JCA_ENCRYPT : JCA_DECRYPT, k, kl, iv, il, tl), 0);
			ck_assert_int_eq(cipher_update_aad(c, aad, al), 0);
			if (enc) {
				rc = cipher_do_final(c, pt, pl, out, cl + tl + 16, &n);
				ck_assert_msg(rc == 0 && n == cl + tl && memcmp(out, buf, n) == 0, "%s line %d: %s", files[f],
				              rec.line, jca_last_error_message());
			} else {
				memset(out, 0xa5, cl + 16);
				rc = cipher_do_final(c, buf, cl + tl, out, cl + 16, &n);
				if (tu_get(&rec, "FAIL")) {
					ck_assert_msg(rc == JCA_BADTAG, "%s line %d: FAIL record accepted (%d)", files[f], rec.line,
					              rc);
					for (size_t i = 0; i < cl + 16; i++)
						ck_assert_msg(out[i] == 0xa5, "%s line %d: output written", files[f], rec.line);
					fails++;
				} else {
					ck_assert_msg(rc == 0 && n == pl && (pl == 0 || memcmp(out, pt, pl) == 0), "%s line %d: %s",
					              files[f], rec.line, jca_last_error_message());
				}
			}
			free(k); free(iv); free(pt); free(aad); free(ct); free(tag); free(buf); free(out);
			total++;
		}
		tu_rsp_close(r);
	}
	printf("NIST GCM vectors through the token: %zu (%zu that must fail)\n", total, fails);
	ck_assert_uint_gt(fails, 0);
	cipher_free(c);
}
END_TEST

START_TEST(test_shapes)
{
	static uint8_t pt[5000], aad[100], want[5100], got[5100], back[5100];
	uint8_t key[32], iv[20];
	cipher_ctx *x, *y;
	size_t n, m, k;

	config_token();
	x = cipher_get_instance_from("AES/GCM/NoPadding", "builtin");
	y = cipher_get_instance_from("AES/GCM/NoPadding", "softhsm");
	ck_assert_ptr_nonnull(y);
	for (int round = 0; round < 60; round++) {
		size_t kl = 16 + 8 * (round % 3), len = (size_t)rand() % sizeof pt, al = (size_t)rand() % sizeof aad;
		size_t il = round % 3 ? 12 : 1 + (size_t)rand() % sizeof iv, tl = round % 4 ? 16 : 12;
		size_t cut = len ? (size_t)rand() % len : 0;

		fill(key, kl);
		key[0] = (uint8_t)round;
		for (k = 0; k < il; k++)
			iv[k] = (uint8_t)rand();
		for (k = 0; k < len; k++)
			pt[k] = (uint8_t)rand();
		for (k = 0; k < al; k++)
			aad[k] = (uint8_t)rand();
		ck_assert_int_eq(cipher_init_aead(x, JCA_ENCRYPT, key, kl, iv, il, tl), 0);
		ck_assert_int_eq(cipher_update_aad(x, aad, al), 0);
		ck_assert_int_eq(cipher_do_final(x, pt, len, want, sizeof want, &n), 0);
		/* the token: split AAD and data (encryption streams), in place */
		ck_assert_int_eq(cipher_init_aead(y, JCA_ENCRYPT, key, kl, iv, il, tl), 0);
		ck_assert_int_eq(cipher_update_aad(y, aad, al / 3), 0);
		ck_assert_int_eq(cipher_update_aad(y, aad + al / 3, al - al / 3), 0);
		memcpy(got, pt, len);
		ck_assert_int_eq(cipher_update(y, got, cut, got, sizeof got, &m), 0);
		ck_assert_uint_eq(m, cut);
		ck_assert_int_eq(cipher_do_final(y, got + cut, len - cut, got + cut, sizeof got - cut, &n), 0);
		ck_assert_msg(m + n == len + tl && memcmp(got, want, len + tl) == 0, "round %d: %s", round,
		              jca_last_error_message());
		ck_assert_int_eq(cipher_init_aead(y, JCA_DECRYPT, key, kl, iv, il, tl), 0);
		ck_assert_int_eq(cipher_update_aad(y, aad, al), 0);
		ck_assert_int_eq(cipher_update(y, want, cut, back, sizeof back, &m), 0);
		ck_assert_uint_eq(m, 0);
		ck_assert_int_eq(cipher_do_final(y, want + cut, len + tl - cut, back, sizeof back, &n), 0);
		ck_assert(n == len && (len == 0 || memcmp(back, pt, len) == 0));
		want[(size_t)rand() % (len + tl)] ^= 4;
		memset(back, 0x5a, sizeof back);
		ck_assert_int_eq(cipher_update_aad(y, aad, al), 0);
		ck_assert_int_eq(cipher_do_final(y, want, len + tl, back, sizeof back, &n), JCA_BADTAG);
		for (k = 0; k < sizeof back; k++)
			ck_assert(back[k] == 0x5a);
	}
	/* an encryption abandoned half way, then another one on the same object */
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, iv, 12), 0);
	ck_assert_int_eq(cipher_update(y, pt, 100, got, sizeof got, &m), 0);
	iv[0] ^= 1;
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, iv, 12), 0);
	ck_assert_int_eq(cipher_init(x, JCA_ENCRYPT, key, 16, iv, 12), 0);
	ck_assert_int_eq(cipher_do_final(y, pt, 300, got, sizeof got, &n), 0);
	ck_assert_int_eq(cipher_do_final(x, pt, 300, want, sizeof want, &m), 0);
	ck_assert(n == 316 && m == 316 && memcmp(got, want, n) == 0);
	cipher_free(x);
	cipher_free(y);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("PKCS#11 GCM");
	TCase *tc = tcase_create("softhsm2");
	SRunner *sr;
	int failed, rc = p11t_init();

	if (rc)
		return rc;
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_shapes);
	tcase_add_test(tc, test_nist);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
