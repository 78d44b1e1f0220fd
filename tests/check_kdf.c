/* SPDX-License-Identifier: Apache-2.0 */
/*
 * KDF: RFC 5869 (HKDF), RFC 6070 and RFC 7914 (PBKDF2) from $JCA_VECTORS/kdf;
 * own known answers over every built-in HMAC (tests/kat/kdf.txt, Python
 * hashlib/hmac); every output length is a prefix of the longer ones;
 * names, handles, parameter limits and errors.
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

/* "SHA-256" -> "SHA256", "SHA3-256" stays */
static void mac_suffix(char *out, size_t n, const char *digest)
{
	if (!strncmp(digest, "SHA-", 4))
		snprintf(out, n, "SHA%s", digest + 4);
	else
		snprintf(out, n, "%s", digest);
}

static kdf_ctx *get(const char *name)
{
	kdf_ctx *k = kdf_get_instance(name);

	ck_assert_msg(k != NULL, "kdf_get_instance(%s): %s", name, jca_last_error_message());
	return k;
}

static void check_pbkdf2(const char *name, const uint8_t *pw, size_t pl, const uint8_t *salt, size_t sl,
                         uint64_t c, const uint8_t *want, size_t wl)
{
	kdf_ctx *k = get(name);
	kdf_params p;
	uint8_t *out = malloc(wl);

	memset(&p, 0, sizeof p);
	p.secret = pw;
	p.secret_len = pl;
	p.salt = salt;
	p.salt_len = sl;
	p.iterations = c;
	ck_assert_msg(kdf_init(k, &p) == 0, "%s: %s", name, jca_last_error_message());
	ck_assert_int_eq(kdf_derive(k, out, wl), 0);
	ck_assert_msg(memcmp(out, want, wl) == 0, "%s c=%llu dkLen=%zu: wrong key", name, (unsigned long long)c, wl);
	/* again: the instance is reusable */
	memset(out, 0, wl);
	ck_assert_int_eq(kdf_derive(k, out, wl), 0);
	ck_assert(memcmp(out, want, wl) == 0);
	kdf_free(k);
	free(out);
}

static void check_hkdf(const char *name, enum kdf_mode mode, const uint8_t *secret, size_t secl,
                       const uint8_t *salt, size_t sl, const uint8_t *info, size_t il,
                       const uint8_t *want, size_t wl)
{
	kdf_ctx *k = get(name);
	kdf_params p;
	uint8_t *out = malloc(wl);

	memset(&p, 0, sizeof p);
	p.mode = mode;
	p.secret = secret;
	p.secret_len = secl;
	p.salt = salt;
	p.salt_len = sl;
	p.info = info;
	p.info_len = il;
	ck_assert_msg(kdf_init(k, &p) == 0, "%s mode %d: %s", name, mode, jca_last_error_message());
	ck_assert_msg(kdf_derive(k, out, wl) == 0, "%s: %s", name, jca_last_error_message());
	ck_assert_msg(memcmp(out, want, wl) == 0, "%s mode %d L=%zu: wrong output", name, mode, wl);
	kdf_free(k);
	free(out);
}

/* Splits an Mbed TLS .data call line into arguments (quotes dropped). */
static int args(char *line, char **a, int max)
{
	int n = 0;
	char *p = strchr(line, ':');

	while (p && n < max) {
		*p++ = 0;
		if (*p == '"') {
			char *q = strchr(p + 1, '"');

			a[n++] = p + 1;
			if (!q)
				break;
			*q = 0;
			p = q + 1;
			p = *p == ':' ? p : NULL;
		} else {
			a[n++] = p;
			p = strchr(p, ':');
		}
	}
	return n;
}

static const char *md_of(const char *mbed)
{
	static char buf[32];

	/* MBEDTLS_MD_SHA256 -> SHA256 */
	snprintf(buf, sizeof buf, "%s", mbed + strlen("MBEDTLS_MD_"));
	return buf;
}

START_TEST(test_rfc)
{
	const char *dir = tu_vectors_dir();
	char path[4096], *line = NULL;
	size_t cap = 0;
	int hk = 0, pb = 0;
	FILE *f;

	if (!dir) {
		printf("SKIP: RFC 5869/6070/7914 vectors (folder absent)\n");
		return;
	}
	snprintf(path, sizeof path, "%s/kdf/test_suite_hkdf.data", dir);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	while (getline(&line, &cap, f) > 0) {
		char *a[8], name[64];
		size_t l[5];
		uint8_t *b[5];
		int n, i, mode;

		line[strcspn(line, "\r\n")] = 0;
		if (!strncmp(line, "test_hkdf:", 10))
			mode = KDF_HKDF_EXTRACT_EXPAND;
		else if (!strncmp(line, "test_hkdf_extract:", 18))
			mode = KDF_HKDF_EXTRACT;
		else if (!strncmp(line, "test_hkdf_expand:", 17))
			mode = KDF_HKDF_EXPAND;
		else
			continue;
		n = args(line, a, 8);
		snprintf(name, sizeof name, "HKDF-%s", md_of(a[0]));
		for (i = 1; i < n; i++)
			b[i] = tu_unhex(a[i], &l[i]);
		if (mode == KDF_HKDF_EXTRACT_EXPAND)      /* ikm salt info okm */
			check_hkdf(name, mode, b[1], l[1], b[2], l[2], b[3], l[3], b[4], l[4]);
		else if (mode == KDF_HKDF_EXTRACT)        /* ikm salt prk */
			check_hkdf(name, mode, b[1], l[1], b[2], l[2], NULL, 0, b[3], l[3]);
		else                                      /* info prk okm */
			check_hkdf(name, mode, b[2], l[2], NULL, 0, b[1], l[1], b[3], l[3]);
		for (i = 1; i < n; i++)
			free(b[i]);
		hk++;
	}
	fclose(f);
	snprintf(path, sizeof path, "%s/kdf/test_suite_pkcs5.data", dir);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	while (getline(&line, &cap, f) > 0) {
		char *a[8], name[64];
		size_t pl, sl, dl;
		uint8_t *pw, *salt, *dk;

		line[strcspn(line, "\r\n")] = 0;
		if (strncmp(line, "pbkdf2_hmac:", 12))
			continue;
		ck_assert_int_eq(args(line, a, 8), 6);   /* md pw salt c dkLen dk */
		snprintf(name, sizeof name, "PBKDF2WithHmac%s", md_of(a[0]));
		pw = tu_unhex(a[1], &pl);
		salt = tu_unhex(a[2], &sl);
		dk = tu_unhex(a[5], &dl);
		ck_assert_uint_eq(dl, (size_t)atoi(a[4]));
		check_pbkdf2(name, pw, pl, salt, sl, (uint64_t)atoll(a[3]), dk, dl);
		free(pw);
		free(salt);
		free(dk);
		pb++;
	}
	fclose(f);
	free(line);
	ck_assert_int_eq(hk, 21);
	ck_assert_int_eq(pb, 27);
	printf("RFC 5869 HKDF: %d records; RFC 6070 / RFC 7914 / hashlib PBKDF2: %d records\n", hk, pb);
}
END_TEST

START_TEST(test_own_kat)
{
	char *text = tu_read_file(tu_srcpath("tests/kat/kdf.txt"), NULL), *save = NULL, *line;
	int n = 0;

	ck_assert_ptr_nonnull(text);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char kind[8], digest[32], f[5][2200], name[64], sfx[32];
		size_t l[5];
		uint8_t *b[5];
		unsigned long long c;
		int i;

		if (!strncmp(line, "pbkdf2 ", 7)) {
			ck_assert_int_eq(sscanf(line, "%7s %31s %2199s %2199s %llu %2199s", kind, digest, f[0], f[1], &c, f[2]), 6);
			for (i = 0; i < 3; i++)
				b[i] = tu_unhex(strcmp(f[i], "-") ? f[i] : "", &l[i]);
			mac_suffix(sfx, sizeof sfx, digest);
			snprintf(name, sizeof name, "PBKDF2WithHmac%s", sfx);
			check_pbkdf2(name, b[0], l[0], b[1], l[1], c, b[2], l[2]);
			for (i = 0; i < 3; i++)
				free(b[i]);
		} else {
			ck_assert_int_eq(sscanf(line, "%7s %31s %2199s %2199s %2199s %2199s %2199s", kind, digest,
			                        f[0], f[1], f[2], f[3], f[4]), 7);
			for (i = 0; i < 5; i++)
				b[i] = tu_unhex(strcmp(f[i], "-") ? f[i] : "", &l[i]);
			mac_suffix(sfx, sizeof sfx, digest);
			snprintf(name, sizeof name, "HKDF-%s", sfx);
			check_hkdf(name, KDF_HKDF_EXTRACT_EXPAND, b[0], l[0], b[1], l[1], b[2], l[2], b[4], l[4]);
			check_hkdf(name, KDF_HKDF_EXTRACT, b[0], l[0], b[1], l[1], NULL, 0, b[3], l[3]);
			check_hkdf(name, KDF_HKDF_EXPAND, b[3], l[3], NULL, 0, b[2], l[2], b[4], l[4]);
			for (i = 0; i < 5; i++)
				free(b[i]);
		}
		n++;
	}
	free(text);
	ck_assert_int_eq(n, 120);
}
END_TEST

/* Every output length: derive(n) is the prefix of derive(n + 1). */
START_TEST(test_splits)
{
	static const char *names[] = { "PBKDF2WithHmacSHA256", "PBKDF2WithHmacSHA512", "HKDF-SHA256", "HKDF-SHA1" };
	uint8_t full[200], part[200];
	kdf_params p;
	size_t n;
	int i;

	memset(&p, 0, sizeof p);
	p.secret = "password";
	p.secret_len = 8;
	p.salt = "saltsaltsaltsalt";
	p.salt_len = 16;
	for (i = 0; i < 4; i++) {
		kdf_ctx *k = get(names[i]);

		p.iterations = i < 2 ? 3 : 0;
		p.info = i < 2 ? NULL : "info";
		p.info_len = i < 2 ? 0 : 4;
		ck_assert_int_eq(kdf_init(k, &p), 0);
		ck_assert_int_eq(kdf_derive(k, full, sizeof full), 0);
		for (n = 1; n < sizeof full; n++) {
			memset(part, 0xee, sizeof part);
			ck_assert_int_eq(kdf_derive(k, part, n), 0);
			ck_assert_msg(memcmp(part, full, n) == 0, "%s: %zu bytes are not a prefix", names[i], n);
			ck_assert_uint_eq(part[n], 0xee);   /* nothing written past out_len */
		}
		kdf_free(k);
	}
}
END_TEST

START_TEST(test_names_errors)
{
	kdf_ctx *k;
	const kdf_handle *h;
	kdf_params p;
	uint8_t out[8192];

	k = get("pbkdf2withhmacsha256");
	ck_assert_str_eq(kdf_algorithm(k), "PBKDF2WithHmacSHA256");
	ck_assert_uint_eq(kdf_prf_length(k), 32);
	memset(&p, 0, sizeof p);
	ck_assert_int_eq(kdf_derive(k, out, 32), JCA_NOTINIT);
	p.salt = "s";
	p.salt_len = 1;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);          /* 0 iterations */
	printf("  %s\n", jca_last_error_message());
	p.iterations = 1ull << 32;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);
	p.iterations = 1;
	p.salt_len = 0;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);          /* no salt */
	printf("  %s\n", jca_last_error_message());
	p.salt_len = 1;
	p.mode = KDF_HKDF_EXPAND;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);          /* HKDF mode on PBKDF2 */
	p.mode = KDF_PBKDF2;
	p.secret_len = 3;                                        /* NULL secret, nonzero length */
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);
	p.secret_len = 0;
	ck_assert_int_eq(kdf_init(k, &p), 0);                   /* empty password is allowed */
	ck_assert_int_eq(kdf_derive(k, out, 0), JCA_OUTLEN);
	ck_assert_int_eq(kdf_derive(k, NULL, 1), JCA_EINVAL);
	ck_assert_int_eq(kdf_derive(k, out, 1), 0);
	kdf_free(k);

	h = kdf_lookup("HKDF-SHA512");
	ck_assert_ptr_nonnull(h);
	k = kdf_new(h);
	ck_assert_ptr_nonnull(k);
	ck_assert_str_eq(kdf_algorithm(k), "HKDF-SHA512");
	memset(&p, 0, sizeof p);
	p.secret = out;
	p.secret_len = 63;
	p.mode = KDF_HKDF_EXPAND;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);          /* PRK shorter than HashLen */
	printf("  %s\n", jca_last_error_message());
	p.secret_len = 64;
	ck_assert_int_eq(kdf_init(k, &p), 0);
	ck_assert_int_eq(kdf_derive(k, out, 255 * 64 + 1 > sizeof out ? sizeof out : 1), 0);
	p.mode = KDF_HKDF_EXTRACT_EXPAND;
	ck_assert_int_eq(kdf_init(k, &p), 0);
	ck_assert_int_eq(kdf_derive(k, out, 0), JCA_OUTLEN);
	{
		uint8_t *big = malloc(255 * 64 + 1);

		ck_assert_int_eq(kdf_derive(k, big, 255 * 64), 0);
		ck_assert_int_eq(kdf_derive(k, big, 255 * 64 + 1), JCA_OUTLEN);
		printf("  %s\n", jca_last_error_message());
		free(big);
	}
	p.mode = KDF_HKDF_EXTRACT;
	ck_assert_int_eq(kdf_init(k, &p), 0);
	ck_assert_int_eq(kdf_derive(k, out, 32), JCA_OUTLEN);
	ck_assert_int_eq(kdf_derive(k, out, 64), 0);
	p.info = "x";
	p.info_len = 1;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);          /* extract takes no info */
	p.mode = KDF_PBKDF2;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);
	p.mode = KDF_HKDF_EXTRACT_EXPAND;
	p.iterations = 5;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);
	/* after a failed init the instance is uninitialised */
	ck_assert_int_eq(kdf_derive(k, out, 16), JCA_NOTINIT);
	ck_assert_int_eq(kdf_init(k, NULL), JCA_EINVAL);
	kdf_free(k);
	kdf_free(NULL);

	/* other spellings */
	k = get("HKDFWithHmacSHA3-256");
	ck_assert_str_eq(kdf_algorithm(k), "HKDF-SHA3-256");
	kdf_free(k);
	k = get("HKDF-SHA-384");
	ck_assert_str_eq(kdf_algorithm(k), "HKDF-SHA384");
	kdf_free(k);
	k = get("PBKDF2WithHMAC-SHA-512");
	ck_assert_str_eq(kdf_algorithm(k), "PBKDF2WithHmacSHA512");
	kdf_free(k);

	ck_assert_ptr_null(kdf_get_instance("PBKDF2WithHmacSHA257"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	printf("  %s\n", jca_last_error_message());
	ck_assert_ptr_null(kdf_get_instance("PBKDF2With"));
	ck_assert_ptr_null(kdf_get_instance("scrypt"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(kdf_get_instance(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert_ptr_null(kdf_get_instance_from("HKDF-SHA256", "nosuch"));
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	ck_assert_ptr_null(kdf_new(NULL));
}
END_TEST

/* A Mac whose implementation fails at any point of kdf_derive: JCA_IMPL,
 * the output untouched (nothing is written on error), the instance
 * uninitialised until kdf_init; a derivation that succeeds gives the same
 * bytes as before. */
static void fail_everywhere(const char *name, const kdf_params *p)
{
	uint8_t want[40], out[40];
	kdf_ctx *k = get(name);
	int ok, rc;
	size_t i;

	tu_flaky_finals_ok = -1;
	ck_assert_int_eq(kdf_init(k, p), 0);
	ck_assert_int_eq(kdf_derive(k, want, sizeof want), 0);
	for (ok = 0; ok < 200; ok++) {
		tu_flaky_finals_ok = ok;
		memset(out, 0xa5, sizeof out);
		rc = kdf_derive(k, out, sizeof out);
		tu_flaky_finals_ok = -1;
		if (rc == 0)
			break;
		ck_assert_msg(rc == JCA_IMPL, "%s, final %d fails: %d", name, ok, rc);
		for (i = 0; i < sizeof out; i++)
			ck_assert_msg(out[i] == 0xa5, "%s, final %d fails: output byte %zu written", name, ok, i);
		ck_assert_int_eq(kdf_derive(k, out, sizeof out), JCA_NOTINIT);
		ck_assert_uint_eq(out[0], 0xa5);
		ck_assert_int_eq(kdf_init(k, p), 0);
	}
	ck_assert_msg(ok > 2 && ok < 200, "%s: %d failing positions", name, ok);
	ck_assert(memcmp(out, want, sizeof out) == 0);
	printf("  %s: JCA_IMPL at each of %d Mac failures, output untouched\n", name, ok);
	kdf_free(k);
}

START_TEST(test_mac_failure)
{
	kdf_params p;

	ck_assert_int_eq(jca_provider_add(&tu_flaky_provider, NULL), 0);
	memset(&p, 0, sizeof p);
	p.secret = "password";
	p.secret_len = 8;
	p.salt = "salt";
	p.salt_len = 4;
	p.iterations = 3;
	fail_everywhere("PBKDF2WithHmacTU-FLAKY", &p);       /* 5 blocks of 8 bytes */
	p.iterations = 0;
	p.info = "info";
	p.info_len = 4;
	fail_everywhere("HKDF-TU-FLAKY", &p);                /* extract at init, 5 blocks */
	ck_assert_int_eq(jca_provider_remove("flaky"), 0);
}
END_TEST

int main(void)
{
	int failed;
	Suite *s = suite_create("KDF");
	TCase *tc = tcase_create("kdf");
	SRunner *sr;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_rfc);
	tcase_add_test(tc, test_own_kat);
	tcase_add_test(tc, test_splits);
	tcase_add_test(tc, test_names_errors);
	tcase_add_test(tc, test_mac_failure);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
