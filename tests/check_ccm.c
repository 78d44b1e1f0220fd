/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AES-CCM (NIST SP 800-38C): the packet vectors of RFC 3610 section 8
 * (#1 to #4) and the examples of SP 800-38C Appendix C (C.1 to C.3), on
 * every AES backend of the built-in provider (the CCM mode module over the
 * block table) and on the OpenSSL bridge's EVP AES-CCM when it is built;
 * every split of the AAD and the data; tampering (JCA_BADTAG, as GCM,
 * nothing written); the rules (nonce 7 to 13 bytes, tags 4 to 16 even,
 * the whole message held until cipher_do_final, nonce reuse refused).
 */
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"

#define MAX_IMPLS 16

struct kat {
	const char *src, *key, *nonce, *aad, *pt, *ct; /* ct: ciphertext || tag */
	size_t tag_len;
};

/* Facts of the standards, written out from them. */
static const struct kat kats[] = {
	{ "RFC 3610 packet vector #1", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000003020100a0a1a2a3a4a5",
	  "0001020304050607", "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
	  "588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0", 8 },
	{ "RFC 3610 packet vector #2", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000004030201a0a1a2a3a4a5",
	  "0001020304050607", "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "72c91a36e135f8cf291ca894085c87e3cc15c439c9e43a3ba091d56e10400916", 8 },
	{ "RFC 3610 packet vector #3", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000005040302a0a1a2a3a4a5",
	  "0001020304050607", "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
	  "51b1e5f44a197d1da46b0f8e2d282ae871e838bb64da8596574adaa76fbd9fb0c5", 8 },
	{ "RFC 3610 packet vector #4", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", "00000006050403a0a1a2a3a4a5",
	  "000102030405060708090a0b", "0c0d0e0f101112131415161718191a1b1c1d1e",
	  "a28c6865939a9a79faaa5c4c2a9d4a91cdac8c96c861b9c9e61ef1", 8 },
	{ "SP 800-38C C.1", "404142434445464748494a4b4c4d4e4f", "10111213141516", "0001020304050607", "20212223",
	  "7162015b4dac255d", 4 },
	{ "SP 800-38C C.2", "404142434445464748494a4b4c4d4e4f", "1011121314151617",
	  "000102030405060708090a0b0c0d0e0f", "202122232425262728292a2b2c2d2e2f",
	  "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd", 6 },
	{ "SP 800-38C C.3", "404142434445464748494a4b4c4d4e4f", "101112131415161718191a1b",
	  "000102030405060708090a0b0c0d0e0f10111213", "202122232425262728292a2b2c2d2e2f3031323334353637",
	  "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951", 8 },
};

struct impl {
	char name[96];
	const char *provider;
};

/* The built-in provider's AES backends by driver name, and the bridge. */
static size_t impls(struct impl *out)
{
	const char *names[MAX_IMPLS];
	size_t k = tu_builtin_impls(JCA_CIPHER, "AES", names, MAX_IMPLS - 2), i;

	for (i = 0; i < k; i++) {
		snprintf(out[i].name, sizeof out[i].name, "%s/CCM/NoPadding", names[i]);
		out[i].provider = "builtin";
	}
#ifdef JCA_TEST_OPENSSL_BRIDGE
	snprintf(out[k].name, sizeof out[k].name, "AES/CCM/NoPadding");
	out[k++].provider = "openssl";
#endif
	return k;
}

struct bytes {
	uint8_t *key, *nonce, *aad, *pt, *ct;
	size_t key_len, nonce_len, aad_len, pt_len, ct_len;
};

static void load(const struct kat *t, struct bytes *b)
{
	b->key = tu_unhex(t->key, &b->key_len);
	b->nonce = tu_unhex(t->nonce, &b->nonce_len);
	b->aad = tu_unhex(t->aad, &b->aad_len);
	b->pt = tu_unhex(t->pt, &b->pt_len);
	b->ct = tu_unhex(t->ct, &b->ct_len);
	ck_assert_uint_eq(b->ct_len, b->pt_len + t->tag_len);
}

static void unload(struct bytes *b)
{
	free(b->key);
	free(b->nonce);
	free(b->aad);
	free(b->pt);
	free(b->ct);
}

/* One message through the engine, AAD split at as and the input at ds;
 * returns the status of cipher_do_final, the bytes in *n. */
static int run(const struct impl *im, int enc, const struct kat *t, const struct bytes *b, size_t as, size_t ds,
               uint8_t *out, size_t out_size, size_t *n)
{
	cipher_ctx *c = cipher_get_instance_from(im->name, im->provider);
	const uint8_t *in = enc ? b->pt : b->ct;
	size_t in_len = enc ? b->pt_len : b->ct_len, m = 0, k = 0;
	int rc;

	ck_assert_msg(c != NULL, "%s (%s): %s", im->name, im->provider, jca_last_error_message());
	rc = cipher_init_aead(c, enc ? JCA_ENCRYPT : JCA_DECRYPT, b->key, b->key_len, b->nonce, b->nonce_len,
	                      t->tag_len);
	ck_assert_msg(rc == 0, "%s: %s", im->name, jca_last_error_message());
	ck_assert_uint_eq(cipher_tag_length(c), t->tag_len);
	ck_assert_int_eq(cipher_update_aad(c, b->aad, as), 0);
	ck_assert_int_eq(cipher_update_aad(c, b->aad + as, b->aad_len - as), 0);
	ck_assert_int_eq(cipher_update(c, in, ds, out, out_size, &m), 0);
	ck_assert_uint_eq(m, 0);                 /* CCM holds everything until do_final */
	ck_assert_uint_eq(cipher_output_size(c, in_len - ds), enc ? b->ct_len : b->pt_len);
	rc = cipher_do_final(c, in + ds, in_len - ds, out, out_size, &k);
	*n = k;
	cipher_free(c);
	return rc;
}

START_TEST(test_known_answers)
{
	struct impl im[MAX_IMPLS];
	size_t ni = impls(im), i, j, n;
	uint8_t out[128];

	for (i = 0; i < sizeof kats / sizeof kats[0]; i++) {
		struct bytes b;

		load(&kats[i], &b);
		for (j = 0; j < ni; j++) {
			ck_assert_int_eq(run(&im[j], 1, &kats[i], &b, 0, 0, out, sizeof out, &n), 0);
			ck_assert_msg(n == b.ct_len && !memcmp(out, b.ct, n), "%s: %s encrypts wrong", im[j].name,
			              kats[i].src);
			ck_assert_int_eq(run(&im[j], 0, &kats[i], &b, b.aad_len, b.ct_len, out, sizeof out, &n), 0);
			ck_assert_msg(n == b.pt_len && !memcmp(out, b.pt, n), "%s: %s decrypts wrong", im[j].name,
			              kats[i].src);
		}
		unload(&b);
	}
}
END_TEST

/* Every split of the AAD and of the data: the same message. */
START_TEST(test_splits)
{
	struct impl im[MAX_IMPLS];
	size_t ni = impls(im), j, as, ds, n;
	const struct kat *t = &kats[5];
	uint8_t out[128];
	struct bytes b;

	load(t, &b);
	for (j = 0; j < ni; j++)
		for (as = 0; as <= b.aad_len; as++)
			for (ds = 0; ds <= b.ct_len; ds++) {
				if (ds <= b.pt_len) {
					ck_assert_int_eq(run(&im[j], 1, t, &b, as, ds, out, sizeof out, &n), 0);
					ck_assert(n == b.ct_len && !memcmp(out, b.ct, n));
				}
				ck_assert_int_eq(run(&im[j], 0, t, &b, as, ds, out, sizeof out, &n), 0);
				ck_assert(n == b.pt_len && !memcmp(out, b.pt, n));
			}
	unload(&b);
}
END_TEST

/* A flipped bit anywhere (ciphertext, tag, AAD, nonce): JCA_BADTAG, the
 * error GCM gives, and nothing written. */
START_TEST(test_tampering)
{
	struct impl im[MAX_IMPLS];
	size_t ni = impls(im), j, i, n;
	const struct kat *t = &kats[0];
	uint8_t out[128], junk[128];
	struct bytes b;

	load(t, &b);
	memset(junk, 0xa5, sizeof junk);
	for (j = 0; j < ni; j++) {
		for (i = 0; i < 8 * (b.ct_len + b.aad_len + b.nonce_len); i++) {
			uint8_t *p = i / 8 < b.ct_len ? b.ct + i / 8
			             : i / 8 < b.ct_len + b.aad_len ? b.aad + (i / 8 - b.ct_len)
			             : b.nonce + (i / 8 - b.ct_len - b.aad_len);

			*p ^= (uint8_t)(1u << (i % 8));
			memcpy(out, junk, sizeof out);
			n = 77;
			ck_assert_int_eq(run(&im[j], 0, t, &b, 0, 0, out, sizeof out, &n), JCA_BADTAG);
			ck_assert_msg(!memcmp(out, junk, sizeof out), "%s wrote plaintext of a bad message", im[j].name);
			ck_assert_uint_eq(n, 0);
			*p ^= (uint8_t)(1u << (i % 8));
		}
		/* shorter than the tag */
		ck_assert_int_eq(run(&im[j], 0, &(struct kat){ .tag_len = 8 }, &(struct bytes){
			.key = b.key, .key_len = 16, .nonce = b.nonce, .nonce_len = 13, .ct = b.ct, .ct_len = 5 },
			0, 0, out, sizeof out, &n), JCA_BADTAG);
	}
	unload(&b);
}
END_TEST

START_TEST(test_rules)
{
	struct impl im[MAX_IMPLS];
	size_t ni = impls(im), j, i, n, m;
	uint8_t key[16] = { 1 }, nonce[14] = { 2 }, out[64], ct[64], pt[20] = { 3 };

	for (j = 0; j < ni; j++) {
		cipher_ctx *c = cipher_get_instance_from(im[j].name, im[j].provider);

		ck_assert_ptr_nonnull(c);
		ck_assert_uint_eq(cipher_tag_length(c), 16);
		ck_assert_uint_eq(cipher_iv_length(c), 12);
		ck_assert_ptr_null(cipher_iv(c));
		/* nonces of 7 to 13 bytes */
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, nonce, 6), JCA_IVLEN);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, nonce, 14), JCA_IVLEN);
		ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, NULL, 0), JCA_NOIV);
		/* tags of 4 to 16 even bytes */
		for (i = 0; i <= 18; i++) {
			int ok = i >= 4 && i <= 16 && i % 2 == 0;

			nonce[0] = (uint8_t)i;
			ck_assert_msg((cipher_init_aead(c, JCA_ENCRYPT, key, 16, nonce, 13, i) == 0) == ok,
			              "%s: tag of %zu bytes", im[j].name, i);
		}
		/* a random 12-byte nonce, read back; the whole message at do_final */
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, NULL, 0), 0);
		ck_assert_uint_eq(cipher_iv_length(c), 12);
		ck_assert_ptr_nonnull(cipher_iv(c));
		memcpy(nonce, cipher_iv(c), 12);
		ck_assert_int_eq(cipher_update(c, pt, sizeof pt, ct, sizeof ct, &n), 0);
		ck_assert_uint_eq(n, 0);
		ck_assert_int_eq(cipher_do_final(c, NULL, 0, ct, sizeof ct, &n), 0);
		ck_assert_uint_eq(n, sizeof pt + 16);
		/* finished: no more data, and the same key and nonce refused */
		ck_assert_int_eq(cipher_do_final(c, NULL, 0, out, sizeof out, &m), JCA_NOTINIT);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, nonce, 12), JCA_IVREUSE);
		/* decryption back, twice (a decryption may repeat) */
		for (i = 0; i < 2; i++) {
			ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 16, nonce, 12), 0);
			ck_assert_int_eq(cipher_do_final(c, ct, n, out, sizeof out, &m), 0);
			ck_assert(m == sizeof pt && !memcmp(out, pt, m));
		}
		/* AAD after data refused */
		ck_assert_int_eq(cipher_update(c, ct, 3, out, sizeof out, &m), 0);
		ck_assert_int_eq(cipher_update_aad(c, pt, 1), JCA_EINVAL);
		ck_assert_int_eq(cipher_reset(c), 0);
		cipher_free(c);
	}
}
END_TEST

START_TEST(test_names)
{
	static const char *const ok[] = { "AES/CCM/NoPadding", "aes/ccm/nopadding", "AES_128/CCM/NoPadding",
	                                  "AES_256/CCM/NoPadding" };
	static const char *const bad[] = { "AES/CCM/PKCS5Padding", "AES_512/CCM/NoPadding" };
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		cipher_ctx *c = cipher_get_instance(ok[i]);

		ck_assert_msg(c != NULL, "%s: %s", ok[i], jca_last_error_message());
		ck_assert_uint_eq(cipher_tag_length(c), 16);
		cipher_free(c);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(cipher_get_instance(bad[i]) == NULL, "%s resolved", bad[i]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("AES-CCM");
	TCase *tc = tcase_create("ccm");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	if (jca_provider_load(JCA_TOP_BUILDDIR "/plugins/.libs/openssl.so", 0) != 0) {
		printf("FAIL: cannot load the OpenSSL bridge: %s\n", jca_last_error_message());
		return 1;
	}
#else
	printf("SKIP: the OpenSSL bridge is not built: its AES-CCM is not tested\n");
#endif
	tcase_add_test(tc, test_known_answers);
	tcase_add_test(tc, test_splits);
	tcase_add_test(tc, test_tampering);
	tcase_add_test(tc, test_rules);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
