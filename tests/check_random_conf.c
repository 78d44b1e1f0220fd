/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SecureRandom configuration: the mechanism string (strict parsing, what
 * random_mechanism reports, NativePRNG's parameters).
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

/* ---- the mechanism string ---- */

static int init_with(random_ctx *r, const char *mech, int pr)
{
	random_params p;

	memset(&p, 0, sizeof p);
	p.mechanism = mech;
	p.prediction_resistance = pr;
	return random_init(r, &p);
}

START_TEST(test_mechanism_strings)
{
	static const struct { const char *mech; int pr; const char *want; } good[] = {
		{ "", 0, JCA_DRBG_DEFAULT_MECHANISM },
		{ "use_df,CTR_DRBG,use_df", 0, "CTR_DRBG,AES-256,256,reseed_only,use_df" },
		{ "none,reseed_only,Hash_DRBG", 0, "Hash_DRBG,SHA-256,256,reseed_only" },
		{ "sha-512,Hash_DRBG,SHA-512,256,256", 0, "Hash_DRBG,SHA-512,256,reseed_only" },
		{ "HMAC_DRBG,pr_and_reseed,PR_AND_RESEED", 0, "HMAC_DRBG,SHA-256,256,pr_and_reseed" },
		/* prediction resistance however asked for: the string says so */
		{ "Hash_DRBG,SHA-1", 1, "Hash_DRBG,SHA-1,128,pr_and_reseed" },
		{ NULL, 1, "CTR_DRBG,AES-256,256,pr_and_reseed,use_df" },
		{ "AES-128,no_df,pr_and_reseed", 1, "CTR_DRBG,AES-128,128,pr_and_reseed,no_df" },
		{ " Hash_DRBG , 112 ", 0, "Hash_DRBG,SHA-256,112,reseed_only" },
	};
	/* each refused with JCA_EINVAL, the message naming the item */
	static const struct { const char *mech; int pr; const char *names; } bad[] = {
		{ "Hash_DRBG,SHA-256,128x", 0, "\"128x\"" },
		{ "0128", 0, "\"0128\"" },
		{ "128 x", 0, "\"128 x\"" },
		{ "use_df,no_df", 0, "\"use_df\" and \"no_df\"" },
		{ "CTR_DRBG,no_df,USE_DF", 0, "\"no_df\" and \"USE_DF\"" },
		{ "Hash_DRBG,SHA-256,pr_and_reseed,none", 0, "\"pr_and_reseed\" and \"none\"" },
		{ "reseed_only,pr_and_reseed", 0, "\"reseed_only\" and \"pr_and_reseed\"" },
		{ "128,256", 0, "\"128\" and \"256\"" },
		{ "Hash_DRBG,SHA-256,SHA-512", 0, "\"SHA-256\" and \"SHA-512\"" },
		{ "Hash_DRBG,HMAC_DRBG,Hash_DRBG", 0, "\"Hash_DRBG\" and \"HMAC_DRBG\"" },
		{ "Hash_DRBG,", 0, "item 2 is empty" },
		{ ",Hash_DRBG", 0, "item 1 is empty" },
		{ "Hash_DRBG,,SHA-256", 0, "item 2 is empty" },
		{ " ", 0, "item 1 is empty" },
		{ "Hash_DRBG,reseed_only", 1, "reseed_only contradicts prediction_resistance" },
		{ "none", 1, "none contradicts prediction_resistance" },
		{ "Hash_DRBG,SHA-256\x01\x1b[2J", 0, "\"SHA-256\\x01\\x1b[2J\"" },
	};
	random_ctx *r = random_get_instance("DRBG"), *n;
	random_params p;
	const jca_service *svc;
	uint8_t buf[16], big[70000];
	char again[96];
	size_t i, k;

	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	ck_assert_int_eq(random_init(r, NULL), 0);
	ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	/* the builtin DRBG service says the same */
	svc = NULL;
	for (k = 0; (svc = jca_provider_service_at(jca_provider_find("builtin"), k)); k++)
		if (!strcmp(jca_service_algorithm(svc), "DRBG"))
			break;
	ck_assert_ptr_nonnull(svc);
	ck_assert_str_eq(jca_service_attribute(svc, "DefaultMechanism"), JCA_DRBG_DEFAULT_MECHANISM);
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		ck_assert_msg(init_with(r, good[i].mech, good[i].pr) == 0, "\"%s\": %s", good[i].mech,
		              jca_last_error_message());
		ck_assert_str_eq(random_mechanism(r), good[i].want);
		/* the reported string, fed back, gives the same generator */
		snprintf(again, sizeof again, "%s", random_mechanism(r));
		ck_assert_msg(init_with(r, again, 0) == 0, "\"%s\": %s", again, jca_last_error_message());
		ck_assert_str_eq(random_mechanism(r), again);
		ck_assert_int_eq(random_next_bytes(r, buf, sizeof buf), 0);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *msg;

		ck_assert_msg(init_with(r, bad[i].mech, bad[i].pr) == JCA_EINVAL, "\"%s\" accepted", bad[i].mech);
		msg = jca_last_error_message();
		printf("  random_init(\"%s\"%s): %s\n", i == sizeof bad / sizeof bad[0] - 1 ? "<control bytes>" :
		       bad[i].mech, bad[i].pr ? ", pr" : "", msg);
		ck_assert_msg(strstr(msg, bad[i].names) != NULL, "\"%s\" not in \"%s\"", bad[i].names, msg);
		for (k = 0; msg[k]; k++)
			ck_assert_msg((unsigned char)msg[k] >= 0x20 && (unsigned char)msg[k] < 0x7f, "byte %zu", k);
		/* left uninstantiated: the next use takes the defaults */
		ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	}
	/* a failure after the string was accepted reports the defaults too */
	memset(&p, 0, sizeof p);
	memset(big, 1, sizeof big);
	p.mechanism = "HMAC_DRBG,SHA-1";
	p.personalization = big;
	p.personalization_len = sizeof big;
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	ck_assert_int_eq(random_next_bytes(r, buf, sizeof buf), 0);
	ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	random_free(r);

	/* NativePRNG takes no parameters, prediction resistance included */
	n = random_get_instance("NativePRNG");
	ck_assert_ptr_nonnull(n);
	ck_assert_int_eq(init_with(n, NULL, 1), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "prediction resistance"));
	memset(&p, 0, sizeof p);
	p.personalization = "x";
	ck_assert_int_eq(random_init(n, &p), JCA_EINVAL);
	ck_assert_int_eq(random_init(n, NULL), 0);
	ck_assert_int_eq(random_generate(n, buf, sizeof buf, 1, NULL, 0), JCA_EINVAL);
	ck_assert_int_eq(random_generate(n, buf, sizeof buf, 0, "x", 1), JCA_EINVAL);
	ck_assert_int_eq(random_generate(n, buf, sizeof buf, 0, NULL, 0), 0);
	ck_assert_str_eq(random_mechanism(n), "getrandom");
	random_free(n);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("SecureRandom configuration");
	TCase *tc = tcase_create("random_conf");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, NULL, tu_config_remove);
	tcase_add_test(tc, test_mechanism_strings);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
