/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The pkcs11 plugin's provider context (ABI 3), against the SoftHSM2
 * tokens of tests/pkcs11.sh: six tokens configured at once (ABI 2 allowed
 * four), each serving its digests; and teardown: the module is
 * C_Finalize()d once the last provider using it is torn down (after
 * jca_provider_remove() and the last free, or at jca_shutdown()), not
 * before; a removed provider's live objects keep working until freed; a
 * refused provider leaves the module finalised.
 *
 * The observation: the test opens the module the plugin loaded (the same
 * object: the dynamic loader knows it by its file) and calls C_Initialize:
 * CKR_CRYPTOKI_ALREADY_INITIALIZED while the plugin holds it, CKR_OK (then
 * undone with C_Finalize) once the plugin has finalised it.
 *
 * Every test runs in its own process (Check's fork mode).
 */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "pkcs11_testutil.h"

#include <p11-kit/pkcs11.h>
#include "outlen.h"

/* Tokens tests/pkcs11.sh makes: label, PIN variable. */
static const char *const labels[][2] = {
	{ "jca-test", "JCA_TEST_PIN" }, { "jca-two", "JCA_TEST_PIN2" }, { "jca-t3", "JCA_TEST_PIN" },
	{ "jca-t4", "JCA_TEST_PIN" }, { "jca-t5", "JCA_TEST_PIN" }, { "jca-t6", "JCA_TEST_PIN" },
};
#define NTOKENS (sizeof labels / sizeof labels[0])

/* Is the module initialised in this process (by the plugin)? 0 when it is
 * not even loaded. */
static int module_initialised(void)
{
	CK_C_GetFunctionList get;
	CK_FUNCTION_LIST_PTR f;
	void *dl = dlopen(module, RTLD_NOW | RTLD_NOLOAD);
	CK_RV rv;

	if (!dl)
		return 0;
	*(void **)&get = dlsym(dl, "C_GetFunctionList");
	ck_assert_ptr_nonnull(get);
	ck_assert_int_eq(get(&f), CKR_OK);
	rv = f->C_Initialize(NULL);
	if (rv == CKR_OK)
		ck_assert_int_eq(f->C_Finalize(NULL), CKR_OK);
	dlclose(dl);
	ck_assert_msg(rv == CKR_OK || rv == CKR_CRYPTOKI_ALREADY_INITIALIZED, "C_Initialize: 0x%lx",
	              (unsigned long)rv);
	return rv == CKR_CRYPTOKI_ALREADY_INITIALIZED;
}

/* Configures the first n tokens as providers tok1..tokN, then builtin. */
static void config_tokens(size_t n)
{
	char more[16384], name[16];
	size_t i;

	more[0] = 0;
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof name, "tok%zu", i + 1);
		strcat(more, token(name, labels[i][0], labels[i][1]));
		snprintf(more + strlen(more), sizeof more - strlen(more), "security.provider.%zu = %s\n", i + 1, name);
	}
	snprintf(more + strlen(more), sizeof more - strlen(more), "security.provider.%zu = builtin\n", n + 1);
	config(more, NULL);
}

/* The digest of msg by an object, equal to the built-in provider's. */
static void check_md(md_ctx *md, const uint8_t *msg, size_t len)
{
	uint8_t a[32], b[32];

	ck_assert_int_eq(md_update(md, msg, len), 0);
	ck_assert_int_eq(tu_digest(md, a, sizeof a), 32);
	digest_of("SHA-256", "builtin", msg, len, b);
	ck_assert(memcmp(a, b, 32) == 0);
}

START_TEST(test_many_tokens)
{
	md_ctx *md[NTOKENS];
	uint8_t msg[300];
	char name[16];
	size_t i;

	config_tokens(NTOKENS);
	fill(msg, sizeof msg);
	for (i = 0; i < NTOKENS; i++) {
		const jca_provider *p;

		snprintf(name, sizeof name, "tok%zu", i + 1);
		md[i] = md_get_instance_from("SHA-256", name);
		ck_assert_msg(md[i] != NULL, "%s: %s", name, jca_last_error_message());
		ck_assert_str_eq(md_provider(md[i]), name);
		p = jca_provider_find(name);
		ck_assert_int_eq(jca_provider_state(p), JCA_PROVIDER_LOADED);
		ck_assert_msg(strstr(jca_provider_description(p), labels[i][0]) != NULL, "%s: %s", name,
		              jca_provider_description(p));
	}
	/* all alive at once, each on its own token */
	for (i = 0; i < NTOKENS; i++) {
		check_md(md[i], msg, sizeof msg);
		md_free(md[i]);
	}
	/* the first in preference order answers an unqualified name */
	md[0] = md_get_instance("SHA-512");
	ck_assert_str_eq(md_provider(md[0]), "tok1");
	md_free(md[0]);
	printf("%zu tokens configured at once, each serving SHA-256\n", NTOKENS);
}
END_TEST

/* Two tokens of one module: the module is finalised with the last of
 * them, each torn down only when its last object (digest or Mac) is
 * freed after its removal. */
START_TEST(test_teardown_finalises)
{
	uint8_t msg[100], key[20] = { 7 }, tag[32], want[32];
	md_ctx *m1, *m2;
	mac_ctx *mac, *ref;

	config_tokens(2);
	fill(msg, sizeof msg);
	ck_assert(!module_initialised());
	m1 = md_get_instance_from("SHA-256", "tok1");
	m2 = md_get_instance_from("SHA-256", "tok2");
	mac = mac_get_instance_from("HmacSHA256", "tok2");
	ck_assert_msg(m1 && m2 && mac, "%s", jca_last_error_message());
	ck_assert(module_initialised());

	/* tok1 removed: its object still works; tok2 keeps the module */
	ck_assert_int_eq(jca_provider_remove("tok1"), 0);
	ck_assert_ptr_null(jca_provider_find("tok1"));
	ck_assert_ptr_null(md_get_instance_from("SHA-256", "tok1"));
	check_md(m1, msg, sizeof msg);
	ck_assert(module_initialised());
	md_free(m1);                    /* tok1 torn down now */
	ck_assert(module_initialised());

	/* tok2 removed with a digest and a Mac alive: both keep working, the
	 * module stays until the last of them is freed */
	ck_assert_int_eq(jca_provider_remove("tok2"), 0);
	check_md(m2, msg, sizeof msg);
	md_free(m2);
	ck_assert(module_initialised());
	ref = mac_get_instance_from("HmacSHA256", "builtin");
	ck_assert_int_eq(mac_init(ref, key, sizeof key), 0);
	ck_assert_int_eq(mac_update(ref, msg, sizeof msg), 0);
	ck_assert_int_eq(tu_mac_final(ref, want, sizeof want), 32);
	mac_free(ref);
	ck_assert_int_eq(mac_init(mac, key, sizeof key), 0);
	ck_assert_int_eq(mac_update(mac, msg, sizeof msg), 0);
	ck_assert_int_eq(tu_mac_final(mac, tag, sizeof tag), 32);
	ck_assert(memcmp(tag, want, 32) == 0);
	ck_assert(module_initialised());
	mac_free(mac);                  /* tok2 torn down: the last token of the module */
	ck_assert(!module_initialised());

	/* configured again: a new entry initialises the module again;
	 * jca_shutdown() tears it down with a live object's provider */
	config_tokens(2);
	m1 = md_get_instance_from("SHA-256", "tok2");
	ck_assert_msg(m1 != NULL, "%s", jca_last_error_message());
	check_md(m1, msg, sizeof msg);
	md_free(m1);
	ck_assert(module_initialised());
	jca_shutdown();
	ck_assert(!module_initialised());
	printf("module finalised with the last token's teardown, not before\n");
}
END_TEST

/* A provider refused by its entry (bad PIN) leaves the module finalised;
 * one that loads is torn down at jca_shutdown(). */
START_TEST(test_refused_finalises)
{
	char more[4096];

	setenv("WRONG_PIN", "999999", 1);
	snprintf(more, sizeof more, "%.2047ssecurity.provider.1 = bad\nsecurity.provider.2 = builtin\n",
	         token("bad", "jca-test", "WRONG_PIN"));
	config(more, NULL);
	ck_assert_ptr_null(md_get_instance_from("SHA-256", "bad"));
	ck_assert_int_eq(jca_provider_state(jca_provider_find("bad")), JCA_PROVIDER_FAILED);
	ck_assert(!module_initialised());
	config_tokens(1);
	md_free(md_get_instance_from("SHA-256", "tok1"));
	ck_assert(module_initialised());
	jca_shutdown();
	ck_assert(!module_initialised());
}
END_TEST

int main(void)
{
	Suite *s = suite_create("PKCS#11 provider context and teardown");
	TCase *tc = tcase_create("softhsm2");
	SRunner *sr;
	int failed, rc = p11t_init();

	if (rc)
		return rc;
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_many_tokens);
	tcase_add_test(tc, test_teardown_finalises);
	tcase_add_test(tc, test_refused_finalises);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
