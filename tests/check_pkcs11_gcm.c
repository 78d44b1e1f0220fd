/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES/GCM/NoPadding on a SoftHSM2 token (CKM_AES_GCM through the plugin's
 * AEAD table, p11_aead.c), run by tests/pkcs11.sh: the NIST CAVP GCM
 * files (encryption with external IV, decryption including the records
 * that must FAIL, nothing written on a bad tag), random shapes with
 * split AAD and data, in place, tampering, against the built-in provider,
 * and the object's state: cipher_reset, the IV-reuse guard on J0, long IVs,
 * output sizes.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "pkcs11_testutil.h"
#include "gf128.h"

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

/* ---- the Cipher object's state on the token (issue 22, items 4 to 7, 13) ---- */

typedef gf128_blk blk;

/* The 16-byte IV whose J0 is that of the 12-byte IV a under key:
 * J0 = ((X * H) ^ L) * H, so X = ((J0 * H^-1) ^ L) * H^-1. */
static void iv16_like(const uint8_t *key, const uint8_t a[12], uint8_t x16[16])
{
	cipher_ctx *e = cipher_get_instance_from("AES/ECB/NoPadding", "builtin");
	blk zero = { { 0 } }, h, hinv, x = { { 0 } }, y;
	size_t n;

	ck_assert_int_eq(cipher_init(e, JCA_ENCRYPT, key, 16, NULL, 0), 0);
	ck_assert_int_eq(cipher_do_final(e, zero.b, 16, h.b, 16, &n), 0);
	cipher_free(e);
	hinv = gf128_inv(h);
	memcpy(x.b, a, 12);
	x.b[15] = 1;
	x = gf128_mul(x, hinv);
	x.b[15] ^= 0x80;
	x = gf128_mul(x, hinv);
	memcpy(x16, x.b, 16);
	/* check: GHASH_H(X || L) is J0 */
	y = gf128_mul(x, h);
	y.b[15] ^= 0x80;
	y = gf128_mul(y, h);
	ck_assert(memcmp(y.b, a, 12) == 0 && y.b[12] == 0 && y.b[13] == 0 && y.b[14] == 0 && y.b[15] == 1);
}

static void seal(cipher_ctx *c, const uint8_t *key, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                 size_t aad_len, const uint8_t *pt, size_t len, uint8_t *out)
{
	size_t n;

	ck_assert_msg(cipher_init(c, JCA_ENCRYPT, key, 16, iv, iv_len) == 0, "%s", jca_last_error_message());
	ck_assert_int_eq(cipher_update_aad(c, aad, aad_len), 0);
	ck_assert_msg(cipher_do_final(c, pt, len, out, len + 16, &n) == 0 && n == len + 16, "%s: %s",
	              cipher_provider(c), jca_last_error_message());
}

START_TEST(test_state)
{
	static uint8_t iv_long[200];
	uint8_t key[16], a[12], b[12], x16[16], pt[40], want[56], got[56], back[56];
	cipher_ctx *x, *y;
	size_t n, m;

	config_token();
	x = cipher_get_instance_from("AES/GCM/NoPadding", "builtin");
	y = cipher_get_instance_from("AES/GCM/NoPadding", "softhsm");
	ck_assert_ptr_nonnull(x);
	ck_assert_ptr_nonnull(y);
	fill(key, 16);
	fill(pt, sizeof pt);
	for (size_t i = 0; i < 12; i++) {
		a[i] = (uint8_t)(0xa0 + i);
		b[i] = (uint8_t)(0xb0 + i);
	}

	/* item 4: a decryption retried after cipher_reset */
	seal(x, key, a, 12, (const uint8_t *)"aad", 3, pt, sizeof pt, want);
	ck_assert_int_eq(cipher_init(y, JCA_DECRYPT, key, 16, a, 12), 0);
	ck_assert_int_eq(cipher_update_aad(y, "junk", 4), 0);
	ck_assert_int_eq(cipher_update(y, want, 20, back, sizeof back, &n), 0);
	ck_assert_int_eq(cipher_reset(y), 0);
	ck_assert_int_eq(cipher_update_aad(y, "aad", 3), 0);
	ck_assert_msg(cipher_do_final(y, want, sizeof want, back, sizeof back, &n) == 0, "%s", jca_last_error_message());
	ck_assert(n == sizeof pt && memcmp(back, pt, n) == 0);
	/* an encryption reset before any output (the token's operation started
	 * by an empty update), then done properly */
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, a, 12), 0);
	ck_assert_int_eq(cipher_update_aad(y, "junk", 4), 0);
	ck_assert_int_eq(cipher_update(y, pt, 0, got, sizeof got, &n), 0);
	ck_assert_int_eq(cipher_reset(y), 0);
	ck_assert_int_eq(cipher_update_aad(y, "aad", 3), 0);
	ck_assert_int_eq(cipher_update(y, pt, 9, got, sizeof got, &n), 0);
	ck_assert_int_eq(cipher_do_final(y, pt + 9, sizeof pt - 9, got + 9, sizeof got - 9, &m), 0);
	ck_assert(n + m == sizeof want && memcmp(got, want, sizeof want) == 0);
	/* after output: finished, the key and IV refused */
	ck_assert_int_eq(cipher_reset(y), JCA_IVREUSE);
	ck_assert_int_eq(cipher_update(y, pt, 1, got, sizeof got, &n), JCA_NOTINIT);
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, b, 12), 0);
	ck_assert_int_eq(cipher_update(y, pt, 10, got, sizeof got, &n), 0);
	ck_assert_int_eq(cipher_reset(y), JCA_IVREUSE);
	ck_assert_int_eq(cipher_do_final(y, pt, 1, got, sizeof got, &n), JCA_NOTINIT);
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, b, 12), JCA_IVREUSE);

	/* item 5: (K, A) encrypted, (K, B) initialised, (K, A) refused */
	ck_assert_int_eq(cipher_init(y, JCA_DECRYPT, key, 16, b, 12), 0);
	seal(y, key, a, 12, NULL, 0, pt, sizeof pt, got);
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, b, 12), 0);
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, a, 12), JCA_IVREUSE);

	/* item 6: a 16-byte IV with the J0 of A is A */
	iv16_like(key, a, x16);
	ck_assert_msg(cipher_init(y, JCA_ENCRYPT, key, 16, x16, 16) == JCA_IVREUSE,
	              "a 16-byte IV with the J0 of the last 12-byte IV accepted");
	cipher_free(y);
	y = cipher_get_instance_from("AES/GCM/NoPadding", "softhsm");
	seal(y, key, x16, 16, (const uint8_t *)"aad", 3, pt, sizeof pt, got);
	ck_assert_msg(memcmp(got, want, sizeof want) == 0, "16-byte IV with A's J0: other output");
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, a, 12), JCA_IVREUSE);

	/* item 7: IVs longer than tokens take, as the built-in provider */
	for (size_t len = 13; len <= sizeof iv_long; len += 187) {
		for (size_t i = 0; i < len; i++)
			iv_long[i] = (uint8_t)(i * 7 + len);
		seal(x, key, iv_long, len, NULL, 0, pt, sizeof pt, want);
		seal(y, key, iv_long, len, NULL, 0, pt, sizeof pt, got);
		ck_assert_msg(memcmp(got, want, sizeof want) == 0, "IV of %zu bytes on the token", len);
		ck_assert_int_eq(cipher_init(y, JCA_DECRYPT, key, 16, iv_long, len), 0);
		ck_assert_int_eq(cipher_do_final(y, want, sizeof want, back, sizeof back, &n), 0);
		ck_assert(n == sizeof pt && memcmp(back, pt, n) == 0);
	}

	/* item 13: the output size saturates */
	ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 16, NULL, 0), 0);
	ck_assert_uint_eq(cipher_output_size(y, SIZE_MAX), SIZE_MAX);
	ck_assert_uint_eq(cipher_output_size(y, SIZE_MAX - 16), SIZE_MAX);
	ck_assert_uint_eq(cipher_output_size(y, SIZE_MAX - 17), SIZE_MAX - 1);
	ck_assert_int_eq(cipher_init(y, JCA_DECRYPT, key, 16, a, 12), 0);
	ck_assert_int_eq(cipher_update(y, want, 20, back, sizeof back, &n), 0);
	ck_assert_uint_eq(cipher_output_size(y, SIZE_MAX), SIZE_MAX);
	ck_assert_uint_eq(cipher_output_size(y, SIZE_MAX - 4), SIZE_MAX);
	ck_assert_uint_eq(cipher_output_size(y, SIZE_MAX - 5), SIZE_MAX - 1);
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
	tcase_add_test(tc, test_state);
	tcase_add_test(tc, test_nist);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
