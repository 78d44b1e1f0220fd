/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The registry: lookup of MessageDigest services by name, alias, OID and
 * provider, its errors, introspection of providers and services (OIDs,
 * attributes, implementations, the iterators' ends and errors), the order
 * of the provider list, providers added through the API, the
 * per-thread lookup cache and the names a failed lookup suggests.
 *
 * The lookup tests run first, with the default configuration; the
 * provider-list tests each write their own configuration, which also
 * starts the registry over (and Check's fork mode gives each a process).
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
#include "plugins/mini_sha256.h"

/* ---- lookup by name, OID and provider (the default configuration) ---- */
START_TEST(test_lookup_names)
{
	static const char *const same[][7] = {
		{ "SHA-256", "sha256", "SHA2-256", "2.16.840.1.101.3.4.2.1", "OID.2.16.840.1.101.3.4.2.1", "sHa-256", "oid.2.16.840.1.101.3.4.2.1" },
		{ "SHA-1", "SHA", "sha1", "1.3.14.3.2.26", "OID.1.3.14.3.2.26", "Sha-1", NULL },
		{ "MD5", "md5", "1.2.840.113549.2.5", "OID.1.2.840.113549.2.5", NULL },
		{ "SHA-224", "sha224", "SHA2-224", "2.16.840.1.101.3.4.2.4", NULL },
		{ "SHA-384", "sha384", "SHA2-384", "2.16.840.1.101.3.4.2.2", NULL },
		{ "SHA-512", "sha512", "SHA2-512", "2.16.840.1.101.3.4.2.3", NULL },
		{ "SHA-512/224", "SHA512/224", "sha-512-224", "2.16.840.1.101.3.4.2.5", NULL },
		{ "SHA-512/256", "SHA512/256", "SHA2-512/256", "2.16.840.1.101.3.4.2.6", NULL },
		{ "SHA3-224", "sha3-224", "SHA3_224", "2.16.840.1.101.3.4.2.7", NULL },
		{ "SHA3-256", "sha3-256", "SHA3_256", "2.16.840.1.101.3.4.2.8", NULL },
		{ "SHA3-384", "sha3-384", "2.16.840.1.101.3.4.2.9", NULL },
		{ "SHA3-512", "sha3-512", "2.16.840.1.101.3.4.2.10", NULL },
		{ "SHAKE128", "shake128", "SHAKE-128", "2.16.840.1.101.3.4.2.11", NULL },
		{ "SHAKE256", "shake256", "SHAKE-256", "OID.2.16.840.1.101.3.4.2.12", NULL },
	};
	size_t i, j;

	for (i = 0; i < sizeof same / sizeof same[0]; i++) {
		for (j = 0; j < 7 && same[i][j]; j++) {
			md_ctx *md = tu_md_get(same[i][j]);

			ck_assert_str_eq(md_algorithm(md), same[i][0]);
			ck_assert_str_eq(md_provider(md), "builtin");
			md_free(md);
		}
	}
}
END_TEST

START_TEST(test_lookup_errors)
{
	char longname[300];

	ck_assert_ptr_null(md_get_instance("SHA-257"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_str_eq(jca_last_error_message(), "no provider offers MessageDigest \"SHA-257\"; did you mean \"SHA-256\"?");
	ck_assert_ptr_null(md_get_instance(""));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert_ptr_null(md_get_instance(NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	memset(longname, 'A', sizeof longname - 1);
	longname[sizeof longname - 1] = 0;
	ck_assert_ptr_null(md_get_instance(longname));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* a Cipher or Mac name is not a MessageDigest */
	ck_assert_ptr_null(md_get_instance("HmacSHA256"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* explicit provider */
	{
		md_ctx *md = md_get_instance_from("sha-256", "BUILTIN");

		ck_assert_ptr_nonnull(md);
		ck_assert_str_eq(md_provider(md), "builtin");
		md_free(md);
	}
	ck_assert_ptr_null(md_get_instance_from("SHA-256", "nosuch"));
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	ck_assert_str_eq(jca_last_error_message(), "no provider named \"nosuch\"");
	ck_assert_ptr_null(md_get_instance_from("SHA-256", NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert_ptr_null(md_get_instance_from("SHA-257", "builtin"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* output buffer too small: error, state unchanged */
	{
		md_ctx *md = tu_md_get("SHA-256");
		uint8_t out[32], ref[32];

		md_update(md, "abc", 3);
		ck_assert_int_eq(tu_digest(md, out, 31), JCA_BUFSIZE);
		ck_assert_int_eq(tu_digest(md, out, 32), 32);
		md_update(md, "abc", 3);
		tu_digest(md, ref, 32);
		ck_assert(memcmp(out, ref, 32) == 0);
		ck_assert_int_eq(md_update(md, NULL, 1), JCA_EINVAL);
		md_free(md);
	}
	ck_assert_str_eq(jca_error_name(JCA_BADPAD), "JCA_BADPAD");
	ck_assert_str_eq(jca_strerror(JCA_NOALG), "no such algorithm");
	ck_assert_str_eq(jca_strerror(12345), "unknown error");
	md_free(NULL);
}
END_TEST

START_TEST(test_introspection)
{
	const jca_provider *p = tu_provider_at(0);
	const jca_service *s;
	size_t i, digests = 0, macs = 0;

	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(jca_provider_name(p), "builtin");
	ck_assert_ptr_nonnull(jca_provider_version(p));
	ck_assert_ptr_nonnull(jca_provider_description(p));
	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++) {
		ck_assert_ptr_eq(jca_service_provider(s), p);
		ck_assert_ptr_nonnull(jca_service_attribute(s, "Implementation"));
		if (jca_service_type_of(s) == JCA_MESSAGE_DIGEST) {
			digests++;
			ck_assert_ptr_nonnull(tu_alias_at(s, 0));
		}
		if (jca_service_type_of(s) == JCA_MAC)
			macs++;
	}
	ck_assert_uint_eq(digests, TU_N_MD_ALGS);
	ck_assert_uint_eq(macs, TU_N_MD_ALGS - 2);   /* HMAC over all but the XOFs */
}
END_TEST

static const jca_service *builtin_service(jca_service_type type, const char *alg)
{
	const jca_provider *p = jca_provider_find("builtin");
	const jca_service *s;
	size_t i;

	for (i = 0; p && jca_provider_service_at(p, i, &s) == 0; i++)
		if (jca_service_type_of(s) == type && strcmp(jca_service_algorithm(s), alg) == 0)
			return s;
	ck_abort_msg("builtin offers no %s %s", jca_service_type_name(type), alg);
	return NULL;
}

/* Is `oid` among the OIDs of s, naming `name`? Aliases hold no OID. */
static int has_oid(const jca_service *s, const char *oid, const char *name)
{
	jca_oid_info oi;
	const char *a;
	size_t i;
	int found = 0;

	for (i = 0; jca_service_alias_at(s, i, &a) == 0; i++)
		ck_assert_msg(strcmp(a, oid) != 0 && !strchr(a, '='), "%s: alias %s", jca_service_algorithm(s), a);
	for (i = 0; jca_service_oid_at(s, i, &oi) == 0; i++)
		found |= strcmp(oi.oid, oid) == 0 && strcmp(oi.name, name) == 0;
	ck_assert_int_eq(jca_service_oid_at(s, i, &oi), JCA_END);
	return found;
}

/* OIDs come back structured; every iterator ends with JCA_END and leaves
 * the last error alone; NULL arguments are JCA_EINVAL. */
START_TEST(test_oids_iterators)
{
	const jca_service *d = builtin_service(JCA_MESSAGE_DIGEST, "SHA-256");
	const jca_service *c = builtin_service(JCA_CIPHER, "AES");
	const jca_service *m = builtin_service(JCA_MAC, "HmacSHA256");
	const char *k, *v;
	jca_impl_info info;
	jca_oid_info oi;
	cipher_ctx *cc;
	size_t i;

	ck_assert(has_oid(d, "2.16.840.1.101.3.4.2.1", "SHA-256"));
	ck_assert(has_oid(m, "1.2.840.113549.2.9", "HmacSHA256"));
	ck_assert(has_oid(c, "2.16.840.1.101.3.4.1.2", "AES_128/CBC/NoPadding"));
	ck_assert(has_oid(c, "2.16.840.1.101.3.4.1.41", "AES_256/ECB/NoPadding"));
	/* both the OID and the name it gives reach the same transformation */
	for (i = 0; jca_service_oid_at(c, i, &oi) == 0; i++) {
		cc = cipher_get_instance(oi.oid);
		ck_assert_msg(cc != NULL, "%s: %s", oi.oid, jca_last_error_message());
		ck_assert_str_eq(cipher_algorithm(cc), oi.name);
		cipher_free(cc);
	}
	ck_assert_uint_ge(i, 6);
	ck_assert_ptr_nonnull(tu_alias_at(d, 0));

	ck_assert_ptr_null(md_get_instance("SHA-257"));   /* sets the last error */
	for (i = 0; jca_service_attribute_at(d, i, &k, &v) == 0; i++)
		;
	ck_assert_int_eq(jca_service_attribute_at(d, i, &k, &v), JCA_END);
	for (i = 0; jca_service_impl_at(d, i, &info) == 0; i++)
		;
	ck_assert_uint_ge(i, 1);
	ck_assert_int_eq(jca_service_impl_at(d, i, &info), JCA_END);
	ck_assert_int_eq(jca_service_impl_at(m, 1, &info), JCA_END);
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_int_eq(jca_service_impl_at(NULL, 0, &info), JCA_EINVAL);
	ck_assert_int_eq(jca_service_impl_at(d, 0, NULL), JCA_EINVAL);
	ck_assert_int_eq(jca_service_attribute_at(NULL, 0, &k, &v), JCA_EINVAL);
	ck_assert_int_eq(jca_service_attribute_at(d, 0, NULL, &v), JCA_EINVAL);
	ck_assert_int_eq(jca_service_oid_at(NULL, 0, &oi), JCA_EINVAL);
	ck_assert_int_eq(jca_service_oid_at(d, 0, NULL), JCA_EINVAL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	{
		const char *a = "x";

		ck_assert_int_eq(jca_service_alias_at(NULL, 0, &a), JCA_EINVAL);
		ck_assert_int_eq(jca_service_alias_at(d, 0, NULL), JCA_EINVAL);
		ck_assert_int_eq(jca_service_alias_at(d, 1000, &a), JCA_END);
		ck_assert_ptr_null(a);
	}
}
END_TEST

/* ---- the provider list: configured order, providers added through the
 * API, the lookup cache (each test writes its own configuration) ---- */
#ifndef JCA_MINICHECK
/* The cross builds (minicheck) build no plugin fixtures. */
START_TEST(test_order)
{
	tu_config_with_good("security.provider.1 = %s\nsecurity.provider.2 = builtin\n");
	ck_assert_str_eq(tu_served_by("SHA-256"), "testgood");
	ck_assert_str_eq(tu_served_by("SHA-512"), "builtin");
	ck_assert_str_eq(jca_provider_name(tu_provider_at(0)), "testgood");
	{
		md_ctx *md = md_get_instance_from("SHA-256", "builtin");

		ck_assert_str_eq(md_provider(md), "builtin");
		md_free(md);
	}
}
END_TEST
#endif

/* A provider added through the API, at a position: a SHA-256 of its own
 * (the host refuses a wrong one at load: src/api/md_kat.c). */
static const jca_md_impl z_impl = {
	.base = JCA_IMPL_BASE(jca_md_impl, "sha256-zeros", JCA_PRIO_GENERIC, NULL, sizeof(mini_sha256)),
	.digest_size = 32, .block_size = 64,
	.init = mini_sha256_init, .update = mini_sha256_update, .final = mini_sha256_final
};
static const jca_impl *const z_impls[] = { &z_impl.base, NULL };
static const jca_service_desc z_service = {
	sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, "SHA-256", NULL, NULL, z_impls, NULL, NULL
};
static const jca_service_desc *const z_services[] = { &z_service, NULL };
static const jca_provider_desc z_desc = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "zeros", "0", "test", z_services, NULL
};

START_TEST(test_api_add)
{
	tu_config("security.provider.1 = builtin\n");
	ck_assert_int_eq(jca_provider_add(&z_desc, NULL), 0);
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	ck_assert_int_eq(jca_provider_add(&z_desc, NULL), JCA_EXISTS);
	ck_assert_int_eq(jca_provider_remove("zeros"), 0);
	ck_assert_int_eq(jca_provider_insert(&z_desc, NULL, 0), 0);
	ck_assert_str_eq(tu_served_by("SHA-256"), "zeros");
	ck_assert_str_eq(jca_provider_source(tu_provider_at(0)), "added by the application");
	ck_assert_int_eq(jca_provider_add(NULL, NULL), JCA_EINVAL);
}
END_TEST

/* The per-thread front cache never serves a stale answer: the same name
 * pointer with new contents, and every change of the provider list. */
START_TEST(test_front_cache)
{
	static const char *const lit = "SHA-256";
	char buf[32];
	md_ctx *md;
	int i;

	tu_config("security.provider.1 = builtin\n");
	strcpy(buf, "SHA-256");
	for (i = 0; i < 3; i++) {
		md = md_get_instance(buf);
		ck_assert_str_eq(md_algorithm(md), "SHA-256");
		md_free(md);
	}
	strcpy(buf, "SHA-512");
	md = md_get_instance(buf);
	ck_assert_str_eq(md_algorithm(md), "SHA-512");
	md_free(md);
	strcpy(buf, "nosuch");
	ck_assert_ptr_null(md_get_instance(buf));
	for (i = 0; i < 3; i++)
		ck_assert_str_eq(tu_served_by(lit), "builtin");
	ck_assert_int_eq(jca_provider_insert(&z_desc, NULL, 0), 0);          /* added ahead */
	ck_assert_str_eq(tu_served_by(lit), "zeros");
	ck_assert_int_eq(jca_provider_remove("zeros"), 0);             /* removed */
	ck_assert_str_eq(tu_served_by(lit), "builtin");
	ck_assert_int_eq(jca_provider_add(&z_desc, NULL), 0);                /* added behind */
	ck_assert_str_eq(tu_served_by(lit), "builtin");
	ck_assert_int_eq(jca_provider_remove("builtin"), 0);           /* reordered */
	ck_assert_str_eq(tu_served_by(lit), "zeros");
	jca_shutdown();                                                /* reinitialised */
	ck_assert_str_eq(tu_served_by(lit), "builtin");
}
END_TEST

/* A name that resolves to nothing suggests the nearest names of its type
 * (canonical names; case and separators cost nothing), only when they are
 * close; in a provider-qualified lookup, among that provider's names. */
static void expect_msg(const char *want)
{
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_str_eq(jca_last_error_message(), want);
}

START_TEST(test_suggestions)
{
	char huge[200];

	tu_config("security.provider.1 = builtin\n");
	ck_assert_ptr_null(md_get_instance("SHA-265"));
	expect_msg("no provider offers MessageDigest \"SHA-265\"; did you mean \"SHA-256\"?");
	ck_assert_ptr_null(md_get_instance("sha3256"));
	expect_msg("no provider offers MessageDigest \"sha3256\"; did you mean \"SHA3-256\"?");
	ck_assert_ptr_null(cipher_get_instance("AES/GCM/NoPading"));
	expect_msg("no provider offers Cipher \"AES/GCM/NoPading\"; did you mean \"AES/GCM/NoPadding\"?");
	ck_assert_ptr_null(cipher_get_instance("ChaCha20Poly1305"));
	expect_msg("no provider offers Cipher \"ChaCha20Poly1305\"; did you mean \"ChaCha20-Poly1305\"?");
	ck_assert_ptr_null(mac_get_instance("HmacSHA-265"));
	expect_msg("no provider offers Mac \"HmacSHA-265\"; did you mean \"HmacSHA256\"?");
	/* the KDF keeps the lookup's words and adds its own */
	ck_assert_ptr_null(kdf_get_instance("HKDFF"));
	expect_msg("no provider offers KDF \"HKDFF\"; did you mean \"HKDF\"? (expected a KDF's name, "
	           "PBKDF2With<Mac>, HKDF-<digest> or HKDFWith<Mac>)");
	ck_assert_ptr_null(md_get_instance_from("SHA-265", "builtin"));
	expect_msg("provider \"builtin\" does not offer MessageDigest \"SHA-265\"; did you mean \"SHA-256\"?");
	/* the closest ones only, at most three, in the provider's order */
	ck_assert_ptr_null(md_get_instance("SH3-256"));
	expect_msg("no provider offers MessageDigest \"SH3-256\"; did you mean \"SHA-256\" or \"SHA3-256\"?");
	ck_assert_ptr_null(md_get_instance("SHAE256"));
	expect_msg("no provider offers MessageDigest \"SHAE256\"; did you mean \"SHA-256\", \"SHA3-256\" or "
	           "\"SHAKE256\"?");
	/* a short name differs only in case and separators ("SHA3" is not SHA-1) */
	ck_assert_ptr_null(md_get_instance("m/D 5"));
	expect_msg("no provider offers MessageDigest \"m/D 5\"; did you mean \"MD5\"?");
	ck_assert_ptr_null(md_get_instance("MD5x"));
	expect_msg("no provider offers MessageDigest \"MD5x\"");
	ck_assert_ptr_null(md_get_instance("SHA3"));
	expect_msg("no provider offers MessageDigest \"SHA3\"");
	/* nothing close: no suggestion */
	ck_assert_ptr_null(md_get_instance("qwertyuiop"));
	expect_msg("no provider offers MessageDigest \"qwertyuiop\"");
	ck_assert_ptr_null(cipher_get_instance("Blowfish/CBC/PKCS5Padding"));
	expect_msg("no provider offers Cipher \"Blowfish/CBC/PKCS5Padding\"");
	/* a name of another type is not suggested */
	ck_assert_ptr_null(md_get_instance("HmacSHA256"));
	expect_msg("no provider offers MessageDigest \"HmacSHA256\"");
	/* a long name (120 bytes, the longest looked up) that starts with a
	 * misspelt one: nothing is near enough */
	memset(huge, 'x', sizeof huge - 1);
	memcpy(huge, "SHA-265", 7);
	huge[120] = 0;
	ck_assert_ptr_null(md_get_instance(huge));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(strstr(jca_last_error_message(), "did you mean"));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Registry");
	TCase *lookup = tcase_create("lookup");
	TCase *providers = tcase_create("providers");
	SRunner *sr;
	int failed;

	tcase_add_test(lookup, test_lookup_names);
	tcase_add_test(lookup, test_lookup_errors);
	tcase_add_test(lookup, test_introspection);
	tcase_add_test(lookup, test_oids_iterators);
	suite_add_tcase(s, lookup);
	tcase_set_timeout(providers, 120);
	tcase_add_checked_fixture(providers, NULL, tu_config_remove);
#ifndef JCA_MINICHECK
	tcase_add_test(providers, test_order);
#endif
	tcase_add_test(providers, test_api_add);
	tcase_add_test(providers, test_front_cache);
	tcase_add_test(providers, test_suggestions);
	suite_add_tcase(s, providers);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_ENV);   /* CK_VERBOSITY=verbose names every test */
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
