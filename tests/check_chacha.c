/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 (RFC 8439), XChaCha20-Poly1305 (the XChaCha draft)
 * and ChaCha20 alone (the JDK's stream cipher) through the Cipher engine, on every backend of the built-in provider and
 * on the OpenSSL bridge when it is built:
 *  - known answers (tests/kat/chacha_aead.txt: RFC 8439 2.8.2 and A.5, the
 *    XChaCha draft's A.3.1, and 90 messages made by python3-cryptography
 *    and libsodium, tests/kat/gen_chacha_kat.py), one-shot and at every
 *    split of the AAD and of the data, in place, and decrypted back;
 *  - the AEAD contract: a flipped bit anywhere (nonce, AAD, data, tag)
 *    fails with JCA_BADTAG and writes nothing; AAD after data refused;
 *    nonce reuse refused (JCA_IVREUSE); nonce and tag lengths checked; the
 *    RFC's length limit (JCA_LIMIT, checked before any byte is touched);
 *  - the names: "ChaCha20-Poly1305", ".../None/NoPadding", the OID, the
 *    implementations' names; cipher_algorithm, cipher_iv_length,
 *    cipher_tag_length.
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

#include "jca.h"
#include "testutil.h"

#define MAX_IMPLS 16

struct kat {
	char alg[32];
	uint8_t *key, *nonce, *aad, *pt, *ct;
	size_t key_len, nonce_len, aad_len, pt_len, ct_len, tag_len;
};

static struct kat *kats;
static size_t nkats;

static uint8_t *unhex_field(const char *h, size_t *len)
{
	if (!strcmp(h, "-")) {
		*len = 0;
		return calloc(1, 1);
	}
	return tu_unhex(h, len);
}

static void load_kats(void)
{
	char *txt, *line, *save = NULL;

	if (kats)
		return;                        /* (each test loads them; forked tests share nothing) */
	txt = tu_read_file(tu_srcpath("tests/kat/chacha_aead.txt"), NULL);
	ck_assert_ptr_nonnull(txt);
	for (line = strtok_r(txt, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char alg[32], k[200], n[200], a[400], *p = malloc(strlen(line)), *c = malloc(strlen(line));
		struct kat *t;

		ck_assert(p && c);
		ck_assert_int_eq(sscanf(line, "%31s %199s %199s %399s %s %s", alg, k, n, a, p, c), 6);
		kats = realloc(kats, (nkats + 1) * sizeof *kats);
		ck_assert_ptr_nonnull(kats);
		t = &kats[nkats++];
		snprintf(t->alg, sizeof t->alg, "%s", alg);
		t->key = unhex_field(k, &t->key_len);
		t->nonce = unhex_field(n, &t->nonce_len);
		t->aad = unhex_field(a, &t->aad_len);
		t->pt = unhex_field(p, &t->pt_len);
		t->ct = unhex_field(c, &t->ct_len);
		t->tag_len = strcmp(alg, "ChaCha20") ? 16 : 0;
		ck_assert_uint_eq(t->ct_len, t->pt_len + t->tag_len);
		free(p);
		free(c);
	}
	free(txt);
	ck_assert_uint_ge(nkats, 103);
}

/* The implementations of alg to run: the built-in provider's that can run
 * here, and the bridge's ChaCha20-Poly1305. */
static size_t impls_of(const char *alg, const char **names)
{
	size_t k = tu_builtin_impls(JCA_CIPHER, alg, names, MAX_IMPLS - 1);

#ifdef JCA_TEST_OPENSSL_BRIDGE
	if (!strcmp(alg, "ChaCha20-Poly1305"))
		names[k++] = "chacha20-poly1305-openssl";
#endif
	return k;
}

/* Seals or opens in pieces: AAD split at as, data at ds (SIZE_MAX: one
 * do_final with everything). Returns the engine's status; *n the bytes. */
static int run(const char *impl, int enc, const struct kat *t, size_t as, size_t ds, const uint8_t *in,
               size_t in_len, uint8_t *out, size_t out_size, size_t *n)
{
	cipher_ctx *c = cipher_get_instance(impl);
	size_t m = 0, k = 0;
	int rc;

	ck_assert_msg(c != NULL, "%s: %s", impl, jca_last_error_message());
	rc = cipher_init(c, enc ? JCA_ENCRYPT : JCA_DECRYPT, t->key, t->key_len, t->nonce, t->nonce_len);
	ck_assert_msg(rc == 0, "%s: %s", impl, jca_last_error_message());
	if (as <= t->aad_len && t->aad_len) {
		ck_assert_int_eq(cipher_update_aad(c, t->aad, as), 0);
		ck_assert_int_eq(cipher_update_aad(c, t->aad + as, t->aad_len - as), 0);
	} else if (t->aad_len) {
		ck_assert_int_eq(cipher_update_aad(c, t->aad, t->aad_len), 0);
	}
	if (ds <= in_len) {
		rc = cipher_update(c, in, ds, out, out_size, &m);
		ck_assert_int_eq(rc, 0);
		k = m;
		rc = cipher_do_final(c, in + ds, in_len - ds, out + k, out_size - k, &m);
	} else {
		rc = cipher_do_final(c, in, in_len, out, out_size, &m);
	}
	*n = k + m;
	cipher_free(c);
	return rc;
}

static void check_one(const char *impl, const struct kat *t, size_t as, size_t ds)
{
	size_t cap = t->ct_len + 64, n = 0;
	uint8_t *buf = malloc(cap), *back = malloc(cap);

	ck_assert(buf && back);
	ck_assert_int_eq(run(impl, 1, t, as, ds, t->pt, t->pt_len, buf, cap, &n), 0);
	ck_assert_uint_eq(n, t->ct_len);
	ck_assert_msg(!memcmp(buf, t->ct, t->ct_len), "%s: %s, aad %zu data %zu, split %zu/%zu: wrong ciphertext",
	              impl, t->alg, t->aad_len, t->pt_len, as, ds);
	ck_assert_int_eq(run(impl, 0, t, as, ds, t->ct, t->ct_len, back, cap, &n), 0);
	ck_assert_uint_eq(n, t->pt_len);
	ck_assert(!t->pt_len || !memcmp(back, t->pt, t->pt_len));
	free(buf);
	free(back);
}

/* Every known answer on every implementation, one-shot. */
START_TEST(test_known_answers)
{
	const char *names[MAX_IMPLS];
	size_t i, j, k, ran = 0;
	load_kats();

	for (i = 0; i < nkats; i++) {
		k = impls_of(kats[i].alg, names);
		for (j = 0; j < k; j++, ran++)
			check_one(names[j], &kats[i], SIZE_MAX, SIZE_MAX);
	}
	ck_assert_uint_ge(ran, nkats);
}
END_TEST

/* Every split of the AAD and of the data (messages up to 257 bytes). */
START_TEST(test_splits)
{
	const char *names[MAX_IMPLS];
	size_t i, j, k, s;
	load_kats();

	for (i = 0; i < nkats; i++) {
		const struct kat *t = &kats[i];

		if (t->pt_len > 257)
			continue;
		k = impls_of(t->alg, names);
		for (j = 0; j < k; j++) {
			for (s = 0; s <= t->aad_len; s++)
				check_one(names[j], t, s, SIZE_MAX);
			for (s = 0; s <= t->pt_len; s++)
				check_one(names[j], t, SIZE_MAX, s);
		}
	}
}
END_TEST

/* In place, both ways, and a flipped bit anywhere refused with nothing
 * written. */
START_TEST(test_in_place_and_tampering)
{
	const char *names[MAX_IMPLS];
	size_t i, j, k, n, pos;
	load_kats();

	for (i = 0; i < nkats; i++) {
		struct kat t = kats[i];

		if (t.pt_len != 65 || t.aad_len != 17)
			continue;
		k = impls_of(t.alg, names);
		for (j = 0; j < k; j++) {
			uint8_t buf[200], out[200], nonce[32], aad[32];

			memcpy(buf, t.pt, t.pt_len);
			ck_assert_int_eq(run(names[j], 1, &t, SIZE_MAX, SIZE_MAX, buf, t.pt_len, buf, sizeof buf, &n), 0);
			ck_assert(n == t.ct_len && !memcmp(buf, t.ct, n));
			ck_assert_int_eq(run(names[j], 0, &t, SIZE_MAX, SIZE_MAX, buf, n, buf, sizeof buf, &n), 0);
			ck_assert(n == t.pt_len && !memcmp(buf, t.pt, n));
			/* every bit of the ciphertext and tag, the nonce, the AAD */
			for (pos = 0; pos < 8 * (t.ct_len + t.nonce_len + t.aad_len); pos += 7) {
				struct kat u = t;
				size_t byte = pos / 8;

				memcpy(buf, t.ct, t.ct_len);
				memcpy(nonce, t.nonce, t.nonce_len);
				memcpy(aad, t.aad, t.aad_len);
				u.nonce = nonce;
				u.aad = aad;
				if (byte < t.ct_len)
					buf[byte] ^= (uint8_t)(1u << (pos % 8));
				else if ((byte -= t.ct_len) < t.nonce_len)
					nonce[byte] ^= (uint8_t)(1u << (pos % 8));
				else
					aad[byte - t.nonce_len] ^= (uint8_t)(1u << (pos % 8));
				memset(out, 0xa5, sizeof out);
				n = 12345;
				ck_assert_int_eq(run(names[j], 0, &u, SIZE_MAX, 30, buf, t.ct_len, out, sizeof out, &n),
				                 JCA_BADTAG);
				for (size_t z = 0; z < sizeof out; z++)
					ck_assert_uint_eq(out[z], 0xa5);
			}
		}
	}
}
END_TEST

/* The rules of JCA_AEAD_NONCE: lengths, AAD order, nonce reuse, limits. */
START_TEST(test_rules)
{
	static const char *algs[] = { "ChaCha20-Poly1305", "XChaCha20-Poly1305" };
	const char *names[MAX_IMPLS];
	uint8_t key[32] = { 1 }, nonce[24] = { 2 }, buf[64];
	size_t a, j, k, n, nl;

	for (a = 0; a < 2; a++) {
		nl = a ? 24 : 12;
		k = impls_of(algs[a], names);
		for (j = 0; j < k; j++) {
			cipher_ctx *c = cipher_get_instance(names[j]);
			const uint8_t *iv;

			ck_assert_ptr_nonnull(c);
			ck_assert_uint_eq(cipher_iv_length(c), nl);
			ck_assert_uint_eq(cipher_tag_length(c), 16);
			ck_assert_str_eq(cipher_algorithm(c), algs[a]);
			/* nonce and tag lengths */
			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, nonce, nl - 1), JCA_IVLEN);
			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, nonce, nl + 1), JCA_IVLEN);
			ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 32, nonce, nl, 12), JCA_EINVAL);
			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, nonce, nl), JCA_KEYLEN);
			ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 32, NULL, 0), JCA_NOIV);
			/* a random nonce of the right length */
			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, NULL, 0), 0);
			iv = cipher_iv(c);
			ck_assert_ptr_nonnull(iv);
			ck_assert_uint_eq(cipher_iv_length(c), nl);
			/* AAD after data */
			ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 32, nonce, nl, 16), 0);
			ck_assert_int_eq(cipher_update(c, "abc", 3, buf, sizeof buf, &n), 0);
			ck_assert_int_eq(cipher_update_aad(c, "x", 1), JCA_EINVAL);
			ck_assert_int_eq(cipher_do_final(c, NULL, 0, buf + n, sizeof buf - n, &n), 0);
			/* the same key and nonce again: refused */
			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, nonce, nl), JCA_IVREUSE);
			nonce[0]++;
			ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, nonce, nl), 0);
			/* 2^38 - 64 bytes at most per nonce: refused before any byte
			 * is read or written (the buffers are small on purpose; in place,
			 * so that no overlap check sees the lengths) */
			ck_assert_int_eq(cipher_update(c, buf, (size_t)1 << 38, buf, (size_t)1 << 38, &n), JCA_LIMIT);
			ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 32, nonce, nl), 0);
			ck_assert_int_eq(cipher_update(c, buf, ((size_t)1 << 38) + 16, buf, sizeof buf, &n), JCA_LIMIT);
			cipher_free(c);
		}
	}
}
END_TEST

/* ChaCha20 alone: a stream cipher (no tag, no AAD, decryption streams),
 * the nonce-reuse guard and the counter's limit all the same. */
START_TEST(test_chacha20_stream)
{
	const char *names[MAX_IMPLS];
	uint8_t key[32] = { 3 }, nonce[12] = { 4 }, ct[100], pt[100], back[100];
	size_t j, k = impls_of("ChaCha20", names), n, m;

	for (j = 0; j < sizeof pt; j++)
		pt[j] = (uint8_t)j;
	for (j = 0; j < k; j++) {
		cipher_ctx *c = cipher_get_instance(names[j]);

		ck_assert_ptr_nonnull(c);
		ck_assert_str_eq(cipher_algorithm(c), "ChaCha20");
		ck_assert_uint_eq(cipher_tag_length(c), 0);
		ck_assert_uint_eq(cipher_iv_length(c), 12);
		ck_assert_int_eq(cipher_init_aead(c, JCA_ENCRYPT, key, 32, nonce, 12, 16), JCA_EINVAL);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, nonce, 12), 0);
		ck_assert_int_eq(cipher_update_aad(c, "x", 1), JCA_EINVAL);
		ck_assert_int_eq(cipher_update(c, pt, 30, ct, sizeof ct, &n), 0);
		ck_assert_uint_eq(n, 30);
		ck_assert_int_eq(cipher_do_final(c, pt + 30, 70, ct + 30, sizeof ct - 30, &n), 0);
		ck_assert_uint_eq(n, 70);
		ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 32, nonce, 12), JCA_IVREUSE);
		/* decryption releases its output at once */
		ck_assert_int_eq(cipher_init(c, JCA_DECRYPT, key, 32, nonce, 12), 0);
		ck_assert_int_eq(cipher_update(c, ct, 41, back, sizeof back, &n), 0);
		ck_assert_uint_eq(n, 41);
		ck_assert_int_eq(cipher_do_final(c, ct + 41, 59, back + 41, sizeof back - 41, &m), 0);
		ck_assert_uint_eq(m, 59);
		ck_assert(!memcmp(back, pt, sizeof pt));
		ck_assert_int_eq(cipher_update(c, ct, (size_t)1 << 38, ct, (size_t)1 << 38, &n), JCA_LIMIT);
		cipher_free(c);
	}
}
END_TEST

/* The names a ChaCha20-Poly1305 service answers to. */
START_TEST(test_names)
{
	static const char *ok[] = { "ChaCha20-Poly1305", "chacha20-poly1305", "ChaCha20-Poly1305/None/NoPadding",
		                    "1.2.840.113549.1.9.16.3.18", "OID.1.2.840.113549.1.9.16.3.18",
		                    "chacha20-poly1305-generic", "XChaCha20-Poly1305",
		                    "XChaCha20-Poly1305/None/NoPadding", "xchacha20-poly1305-generic" };
	static const char *bad[] = { "ChaCha20-Poly1305/GCM/NoPadding", "ChaCha20-Poly1305/None/PKCS5Padding",
		                     "ChaCha20-Poly1305_256", "ChaCha20-Poly1305/ECB/NoPadding" };
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		cipher_ctx *c = cipher_get_instance(ok[i]);

		ck_assert_msg(c != NULL, "%s: %s", ok[i], jca_last_error_message());
		ck_assert_str_eq(cipher_algorithm(c), strncmp(ok[i], "x", 1) && strncmp(ok[i], "X", 1)
		                                              ? "ChaCha20-Poly1305" : "XChaCha20-Poly1305");
		cipher_free(c);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(cipher_get_instance(bad[i]) == NULL, "%s resolved", bad[i]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ChaCha20-Poly1305");
	TCase *tc = tcase_create("chacha");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	if (jca_provider_load(JCA_TOP_BUILDDIR "/plugins/.libs/openssl.so", 0) != 0) {
		printf("FAIL: cannot load the OpenSSL bridge: %s\n", jca_last_error_message());
		return 1;
	}
#else
	printf("SKIP: the OpenSSL bridge is not built: its ChaCha20-Poly1305 is not tested\n");
#endif
	tcase_add_test(tc, test_known_answers);
	tcase_add_test(tc, test_splits);
	tcase_add_test(tc, test_in_place_and_tampering);
	tcase_add_test(tc, test_rules);
	tcase_add_test(tc, test_chacha20_stream);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
