/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The engine contract of jca/common.h, rule by rule, for every engine
 * (MessageDigest, Mac, Cipher, SecureRandom, KDF): getting instances,
 * operations before init, reset, clone, free, names, output buffers, NULL
 * with length 0, lengths in bytes, iterators; and the exported helpers
 * jca_ct_equal and jca_wipe.
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

static const uint8_t key16[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const uint8_t iv16[16] = { 9, 9, 9 };

/* Rule 1: the four ways to get an instance, and their errors. */
#define RULE1(prefix, good)                                                                 \
	do {                                                                                \
		prefix##_ctx *x;                                                            \
		const prefix##_handle *h;                                                   \
		ck_assert_ptr_null(prefix##_get_instance(NULL));                            \
		ck_assert_int_eq(jca_last_error(), JCA_EINVAL);                             \
		ck_assert_ptr_null(prefix##_get_instance("No-Such-Algorithm"));             \
		ck_assert_int_eq(jca_last_error(), JCA_NOALG);                              \
		ck_assert_ptr_null(prefix##_get_instance_from(good, NULL));                 \
		ck_assert_int_eq(jca_last_error(), JCA_EINVAL);                             \
		ck_assert_ptr_null(prefix##_get_instance_from(good, "no-such-provider"));   \
		ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);                         \
		ck_assert_ptr_null(prefix##_new(NULL));                                     \
		ck_assert_int_eq(jca_last_error(), JCA_EINVAL);                             \
		h = prefix##_lookup(good);                                                  \
		ck_assert_ptr_nonnull(h);                                                   \
		ck_assert_ptr_eq(prefix##_lookup(good), h);                                 \
		x = prefix##_new(h);                                                        \
		ck_assert_ptr_nonnull(x);                                                   \
		prefix##_free(x);                                                           \
		x = prefix##_get_instance_from(good, "builtin");                            \
		ck_assert_ptr_nonnull(x);                                                   \
		ck_assert_str_eq(prefix##_provider(x), "builtin");                          \
		prefix##_free(x);                                                           \
	} while (0)

/* Rules 6 and 7: free ignores NULL; names are NULL for NULL, else set. */
#define RULE67(prefix, x)                                                                   \
	do {                                                                                \
		prefix##_free(NULL);                                                        \
		ck_assert_ptr_null(prefix##_algorithm(NULL));                               \
		ck_assert_ptr_null(prefix##_provider(NULL));                                \
		ck_assert_ptr_null(prefix##_implementation(NULL));                          \
		ck_assert_ptr_nonnull(prefix##_algorithm(x));                               \
		ck_assert_ptr_nonnull(prefix##_provider(x));                                \
		ck_assert_ptr_nonnull(prefix##_implementation(x));                          \
	} while (0)

START_TEST(test_get_instance)
{
	RULE1(md, "SHA-256");
	RULE1(mac, "HmacSHA256");
	RULE1(cipher, "AES/CBC/PKCS5Padding");
	RULE1(random, "DRBG");
	RULE1(kdf, "PBKDF2WithHmacSHA256");
	RULE1(kdf, "HKDF-SHA256");
}
END_TEST

START_TEST(test_md)
{
	md_ctx *md = md_get_instance("SHA-256"), *c;
	uint8_t a[32], b[32], big[64];
	size_t n = 99;

	ck_assert_ptr_nonnull(md);
	RULE67(md, md);
	/* rule 9: NULL with 0 is empty input; NULL with a length is EINVAL */
	ck_assert_int_eq(md_update(md, NULL, 0), 0);
	ck_assert_int_eq(md_update(md, NULL, 1), JCA_EINVAL);
	ck_assert_int_eq(md_update(NULL, "x", 1), JCA_EINVAL);
	/* rule 8: too little room is BUFSIZE, *out_len 0, nothing changed */
	ck_assert_int_eq(md_update(md, "abc", 3), 0);
	ck_assert_int_eq(md_digest(md, a, 31, &n), JCA_BUFSIZE);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(md_digest(md, NULL, 0, &n), JCA_BUFSIZE);
	ck_assert_int_eq(md_digest(md, a, 32, NULL), JCA_EINVAL);
	ck_assert_int_eq(md_digest(md, big, sizeof big, &n), 0);
	ck_assert_uint_eq(n, 32);
	ck_assert_int_eq(md_oneshot("SHA-256", "abc", 3, b, sizeof b, &n), 0);
	ck_assert_mem_eq(big, b, 32);
	/* rule 4: reset drops the input */
	ck_assert_int_eq(md_update(md, "junk", 4), 0);
	ck_assert_int_eq(md_reset(md), 0);
	ck_assert_int_eq(md_update(md, "abc", 3), 0);
	/* rule 5: a clone carries the state */
	c = md_clone(md);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(md_digest(c, a, sizeof a, &n), 0);
	ck_assert_mem_eq(a, b, 32);
	md_free(c);
	ck_assert_int_eq(md_digest(md, a, sizeof a, &n), 0);
	ck_assert_mem_eq(a, b, 32);
	ck_assert_int_eq(md_reset(NULL), JCA_EINVAL);
	ck_assert_ptr_null(md_clone(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	/* the caller picks an XOF's length: (out, len) */
	ck_assert_int_eq(md_digest_xof(md, a, 5), JCA_UNSUPPORTED);
	md_free(md);
	md = md_get_instance("SHAKE128");
	ck_assert_int_eq(md_digest_xof(md, NULL, 0), 0);
	ck_assert_int_eq(md_digest_xof(md, big, 40), 0);
	ck_assert_int_eq(md_digest(md, a, sizeof a, &n), 0);   /* the default length */
	ck_assert_uint_eq(n, md_length(md));
	ck_assert_mem_eq(a, big, 32);
	md_free(md);
}
END_TEST

START_TEST(test_mac)
{
	mac_ctx *m = mac_get_instance("HmacSHA256"), *c;
	uint8_t a[32], b[32], t[64];
	size_t n = 99;

	ck_assert_ptr_nonnull(m);
	RULE67(mac, m);
	/* rule 2: nothing before mac_init */
	ck_assert_int_eq(mac_update(m, "x", 1), JCA_NOTINIT);
	ck_assert_int_eq(mac_do_final(m, a, sizeof a, &n), JCA_NOTINIT);
	ck_assert_int_eq(mac_reset(m), JCA_NOTINIT);
	ck_assert_int_eq(mac_verify(m, a, sizeof a), JCA_NOTINIT);
	ck_assert_ptr_null(mac_clone(NULL));
	ck_assert_int_eq(mac_init(m, key16, sizeof key16), 0);
	/* rule 9 */
	ck_assert_int_eq(mac_update(m, NULL, 0), 0);
	ck_assert_int_eq(mac_update(m, NULL, 2), JCA_EINVAL);
	ck_assert_int_eq(mac_init(m, NULL, 3), JCA_EINVAL);
	ck_assert_int_eq(mac_init(m, key16, sizeof key16), 0);
	/* rule 8 */
	ck_assert_int_eq(mac_update(m, "abc", 3), 0);
	ck_assert_int_eq(mac_do_final(m, a, 31, &n), JCA_BUFSIZE);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(mac_do_final(m, NULL, 0, &n), JCA_BUFSIZE);
	ck_assert_int_eq(mac_do_final(m, t, sizeof t, &n), 0);
	ck_assert_uint_eq(n, 32);
	ck_assert_int_eq(mac_oneshot("HmacSHA256", key16, sizeof key16, "abc", 3, b, sizeof b, &n), 0);
	ck_assert_mem_eq(t, b, 32);
	/* rule 4 */
	ck_assert_int_eq(mac_update(m, "junk", 4), 0);
	ck_assert_int_eq(mac_reset(m), 0);
	ck_assert_int_eq(mac_update(m, "abc", 3), 0);
	/* rule 5 */
	c = mac_clone(m);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(mac_verify(c, b, 32), 0);
	mac_free(c);
	ck_assert_int_eq(mac_verify(m, b, 32), 0);     /* the original kept its own */
	/* a truncated tag, checked by mac_verify on its first bytes */
	ck_assert_int_eq(mac_do_final_truncated(m, a, 3), JCA_OUTLEN);
	ck_assert_int_eq(mac_do_final_truncated(m, a, 33), JCA_OUTLEN);
	ck_assert_int_eq(mac_update(m, "abc", 3), 0);
	ck_assert_int_eq(mac_do_final_truncated(m, a, 16), 0);
	ck_assert_mem_eq(a, b, 16);
	ck_assert_int_eq(mac_update(m, "abc", 3), 0);
	ck_assert_int_eq(mac_verify(m, b, 16), 0);
	b[15] ^= 1;
	ck_assert_int_eq(mac_update(m, "abc", 3), 0);
	ck_assert_int_eq(mac_verify(m, b, 16), JCA_BADTAG);
	ck_assert_int_eq(mac_verify(m, b, 2), JCA_OUTLEN);
	ck_assert_int_eq(mac_verify(m, NULL, 16), JCA_EINVAL);
	mac_free(m);
}
END_TEST

START_TEST(test_cipher)
{
	cipher_ctx *c = cipher_get_instance("AES/CBC/PKCS5Padding");
	uint8_t a[64], b[64];
	size_t n = 99, m;

	ck_assert_ptr_nonnull(c);
	RULE67(cipher, c);
	/* rule 2 */
	ck_assert_int_eq(cipher_update(c, "x", 1, a, sizeof a, &n), JCA_NOTINIT);
	ck_assert_int_eq(cipher_reset(c), JCA_NOTINIT);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key16, 16, iv16, 16), 0);
	/* rule 9 */
	ck_assert_int_eq(cipher_update(c, NULL, 0, a, sizeof a, &n), 0);
	ck_assert_int_eq(cipher_update(c, NULL, 5, a, sizeof a, &n), JCA_EINVAL);
	/* rule 8 */
	ck_assert_int_eq(cipher_do_final(c, "abc", 3, a, 15, &n), JCA_BUFSIZE);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(cipher_do_final(c, "abc", 3, a, sizeof a, &n), 0);
	ck_assert_uint_eq(n, 16);
	/* rule 4: reset returns to the state after init (same key and IV) */
	ck_assert_int_eq(cipher_update(c, "0123456789abcdefXYZ", 19, b, sizeof b, &m), 0);
	ck_assert_int_eq(cipher_reset(c), 0);
	ck_assert_int_eq(cipher_do_final(c, "abc", 3, b, sizeof b, &m), 0);
	ck_assert_uint_eq(m, 16);
	ck_assert_mem_eq(a, b, 16);
	/* rule 5: a cipher cannot be cloned */
	ck_assert_ptr_null(cipher_clone(c));
	ck_assert_int_eq(jca_last_error(), JCA_UNSUPPORTED);
	ck_assert_ptr_null(cipher_clone(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert_int_eq(cipher_reset(NULL), JCA_EINVAL);
	cipher_free(c);
	/* rule 10: the AEAD tag length is in bytes */
	c = cipher_get_instance("AES/GCM/NoPadding");
	ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key16, 16, iv16, 12, 128), JCA_EINVAL);
	ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key16, 16, iv16, 12, 12), 0);
	ck_assert_int_eq(cipher_do_final(c, "abc", 3, a, sizeof a, &n), 0);
	ck_assert_uint_eq(n, 3 + 12);
	cipher_free(c);
}
END_TEST

START_TEST(test_random)
{
	random_ctx *r = random_get_instance("DRBG"), *c;
	uint8_t a[32], b[32];

	ck_assert_ptr_nonnull(r);
	/* rule 2: instantiates itself with the defaults on first use */
	ck_assert_int_eq(random_next_bytes(r, a, sizeof a), 0);
	RULE67(random, r);
	/* rule 9 */
	ck_assert_int_eq(random_next_bytes(r, NULL, 0), 0);
	ck_assert_int_eq(random_next_bytes(r, NULL, 1), JCA_EINVAL);
	/* rule 4: a fresh instantiation, never a repeat */
	ck_assert_int_eq(random_reset(r), 0);
	ck_assert_int_eq(random_next_bytes(r, b, sizeof b), 0);
	ck_assert(memcmp(a, b, sizeof a) != 0);
	ck_assert_int_eq(random_reset(NULL), JCA_EINVAL);
	/* rule 5: a generator cannot be cloned */
	c = random_clone(r);
	ck_assert_ptr_null(c);
	ck_assert_int_eq(jca_last_error(), JCA_UNSUPPORTED);
	random_free(r);
}
END_TEST

START_TEST(test_kdf)
{
	static const char pw[] = "password";
	kdf_params p = { .secret = pw, .secret_len = 8, .salt = "salt", .salt_len = 4, .iterations = 2 };
	kdf_ctx *k = kdf_get_instance("PBKDF2WithHmacSHA1"), *c;
	/* RFC 6070, 2 iterations, 20 bytes */
	static const uint8_t want[20] = { 0xea, 0x6c, 0x01, 0x4d, 0xc7, 0x2d, 0x6f, 0x8c, 0xcd, 0x1e,
		                          0xd9, 0x2a, 0xce, 0x1d, 0x41, 0xf0, 0xd8, 0xde, 0x89, 0x57 };
	uint8_t a[20], b[20];

	ck_assert_ptr_nonnull(k);
	RULE67(kdf, k);
	/* rule 2 */
	ck_assert_int_eq(kdf_derive(k, a, sizeof a), JCA_NOTINIT);
	ck_assert_int_eq(kdf_reset(k), JCA_NOTINIT);
	ck_assert_int_eq(kdf_init(k, &p), 0);
	/* rule 8: the caller picks the length; rule 9 */
	ck_assert_int_eq(kdf_derive(k, NULL, 20), JCA_EINVAL);
	ck_assert_int_eq(kdf_derive(k, a, sizeof a), 0);
	ck_assert_mem_eq(a, want, 20);
	/* rule 4 and 5 */
	ck_assert_int_eq(kdf_reset(k), 0);
	c = kdf_clone(k);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(kdf_derive(c, b, sizeof b), 0);
	ck_assert_mem_eq(b, want, 20);
	ck_assert_str_eq(kdf_algorithm(c), kdf_algorithm(k));
	kdf_free(k);                          /* the clone owns its own copies */
	memset(b, 0, sizeof b);
	ck_assert_int_eq(kdf_derive(c, b, sizeof b), 0);
	ck_assert_mem_eq(b, want, 20);
	kdf_free(c);
	ck_assert_int_eq(kdf_reset(NULL), JCA_EINVAL);
	ck_assert_ptr_null(kdf_clone(NULL));
}
END_TEST

/* Rule 12: every iterator returns 0, then JCA_END, and JCA_EINVAL for a
 * NULL argument. */
START_TEST(test_iterators)
{
	const jca_provider *p = NULL;
	const jca_service *s = NULL;
	const char *a, *k, *v;
	jca_oid_info oi;
	jca_impl_info ii;
	size_t i;

	ck_assert_int_eq(jca_provider_at(0, &p), 0);
	ck_assert_ptr_nonnull(p);
	for (i = 0; jca_provider_at(i, &p) == 0; i++)
		;
	ck_assert_int_eq(jca_provider_at(i, &p), JCA_END);
	ck_assert_ptr_null(p);
	ck_assert_int_eq(jca_provider_at(0, NULL), JCA_EINVAL);
	p = jca_provider_find("builtin");
	ck_assert_ptr_nonnull(p);
	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++)
		;
	ck_assert_uint_gt(i, 10);
	ck_assert_int_eq(jca_provider_service_at(p, i, &s), JCA_END);
	ck_assert_int_eq(jca_provider_service_at(NULL, 0, &s), JCA_EINVAL);
	ck_assert_int_eq(jca_provider_service_at(p, 0, NULL), JCA_EINVAL);
	ck_assert_int_eq(jca_provider_service_at(p, 0, &s), 0);
	ck_assert_int_eq(jca_service_alias_at(s, 1000, &a), JCA_END);
	ck_assert_int_eq(jca_service_alias_at(NULL, 0, &a), JCA_EINVAL);
	ck_assert_int_eq(jca_service_oid_at(s, 1000, &oi), JCA_END);
	ck_assert_int_eq(jca_service_oid_at(NULL, 0, &oi), JCA_EINVAL);
	ck_assert_int_eq(jca_service_attribute_at(s, 1000, &k, &v), JCA_END);
	ck_assert_int_eq(jca_service_impl_at(s, 1000, &ii), JCA_END);
	ck_assert_int_eq(jca_service_impl_at(NULL, 0, &ii), JCA_EINVAL);
	/* JCA_END is in the one table of codes, and not an error */
	ck_assert_str_eq(jca_error_name(JCA_END), "JCA_END");
	ck_assert_int_gt(JCA_END, 0);
	ck_assert_str_eq(jca_error_name(JCA_UNSUPPORTED), "JCA_UNSUPPORTED");
}
END_TEST

START_TEST(test_ct_equal_wipe)
{
	uint8_t a[64], b[64];
	size_t i;

	for (i = 0; i < sizeof a; i++)
		a[i] = b[i] = (uint8_t)(i * 7);
	ck_assert_int_eq(jca_ct_equal(a, b, sizeof a), 1);
	ck_assert_int_eq(jca_ct_equal(NULL, NULL, 0), 1);
	for (i = 0; i < sizeof a; i++) {
		unsigned bit;

		for (bit = 0; bit < 8; bit++) {
			b[i] ^= (uint8_t)(1u << bit);
			ck_assert_int_eq(jca_ct_equal(a, b, sizeof a), 0);
			ck_assert_int_eq(jca_ct_equal(a, b, i), 1);   /* the bytes before still match */
			b[i] ^= (uint8_t)(1u << bit);
		}
	}
	jca_wipe(a, sizeof a);
	for (i = 0; i < sizeof a; i++)
		ck_assert_int_eq(a[i], 0);
	jca_wipe(NULL, 10);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Contract");
	TCase *tc = tcase_create("contract");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_get_instance);
	tcase_add_test(tc, test_md);
	tcase_add_test(tc, test_mac);
	tcase_add_test(tc, test_cipher);
	tcase_add_test(tc, test_random);
	tcase_add_test(tc, test_kdf);
	tcase_add_test(tc, test_iterators);
	tcase_add_test(tc, test_ct_equal_wipe);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
