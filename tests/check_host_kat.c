/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host's own known answers (src/api/md_kat.c and its siblings, issue 34 item 1): test
 * plugins that ship no vector and answer wrongly (tests/plugins/
 * kat_fixture.c) are refused at load, the message naming the algorithm
 * and the vector, loaded by path or named in the configuration (the
 * reason `jca list --load` shows and a failed lookup names); a name the
 * host has no table for loads; the shipped OpenSSL bridge passes every
 * table it meets (its signatures, agreements, DRBG, CMAC and scrypt).
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"

static void expect_words(const char *msg, const char *const *words)
{
	size_t i;

	for (i = 0; words[i]; i++)
		ck_assert_msg(strstr(msg, words[i]) != NULL, "\"%s\" not in: %s", words[i], msg);
}

static const struct {
	const char *file;
	const char *words[4];
} cases[] = {
	{ "kat_md", { "known-answer test of SHA-256 (sums-katfixture)", "FIPS 180-4 SHA-256(\"abc\")", NULL } },
	{ "kat_sig_all", { "known-answer test of Ed25519 (ed25519-katfixture)", "RFC 8032 7.1 TEST 2",
	                   "one bit flipped was accepted", NULL } },
	{ "kat_sig_none", { "known-answer test of Ed25519 (ed25519-katfixture)", "RFC 8032 7.1 TEST 2",
	                    "a valid signature was refused", NULL } },
	{ "kat_drbg", { "known-answer test of DRBG (zero-katfixture)", "CAVP CTR_DRBG AES-256", NULL } },
};

START_TEST(test_refused_at_load)
{
	const char *f = cases[_i].file;
	int rc;

	tu_config("security.provider.1 = builtin\n");
	rc = jca_provider_load(tu_fixture(f), 0);
	ck_assert_msg(rc == JCA_SELFTEST, "%s: got %s (%s)", f, jca_error_name(rc), jca_last_error_message());
	expect_words(jca_last_error_message(), cases[_i].words);
	ck_assert_ptr_null(tu_provider_at(1));
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
}
END_TEST

/* Named in the configuration: the provider is failed with the reason,
 * the next provider serves, a lookup that finds nothing names it. */
START_TEST(test_refused_configured)
{
	static const char *const words[] = { "provider \"", "failed to load", "known-answer test of SHA-256",
	                                     "FIPS 180-4", NULL };
	const jca_provider *p;
	char text[4096];

	snprintf(text, sizeof text, "security.provider.1 = %s\nsecurity.provider.2 = builtin\n", tu_fixture("kat_md"));
	tu_config(text);
	p = tu_provider_at(0);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(jca_provider_ensure_loaded(p), JCA_SELFTEST);
	expect_words(jca_provider_state_reason(p), cases[0].words);
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	ck_assert_ptr_null(md_get_instance("NO-SUCH-DIGEST"));
	expect_words(jca_last_error_message(), words);
}
END_TEST

/* The same zero generator under a name the host has no table for loads:
 * the refusals above come from the host's tables, not from the shape. */
START_TEST(test_no_table_loads)
{
	random_ctx *r;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_load(tu_fixture("kat_good_drbg"), -1) == 0, "%s", jca_last_error_message());
	r = random_get_instance("DRBG-ZERO");
	ck_assert_ptr_nonnull(r);
	random_free(r);
}
END_TEST

#ifdef JCA_TEST_OPENSSL_BRIDGE
START_TEST(test_bridge_passes)
{
	static const char *const names[] = { "SHA256withECDSA", "SHA256withECDSAinP1363Format", "SHA256withRSA",
	                                     "SHA256withRSA/PSS", "Ed25519", NULL };
	signature_ctx *s;
	size_t i;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_load(tu_shipped("openssl"), 0) == 0, "%s", jca_last_error_message());
	for (i = 0; names[i]; i++) {
		s = signature_get_instance_from(names[i], "openssl");
		ck_assert_msg(s != NULL, "%s: %s", names[i], jca_last_error_message());
		signature_free(s);
	}
}
END_TEST
#endif

int main(void)
{
	Suite *s = suite_create("HostKat");
	TCase *tc = tcase_create("refusals");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, NULL, tu_config_remove);
	tcase_add_loop_test(tc, test_refused_at_load, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_refused_configured);
	tcase_add_test(tc, test_no_table_loads);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	tcase_add_test(tc, test_bridge_passes);
#else
	printf("UNAVAILABLE: the OpenSSL bridge's known answers (not built)\n");
#endif
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
