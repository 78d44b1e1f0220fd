/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Providers as plugins: configuration, lazy double-checked loading,
 * preference, disabled algorithms, bad plugins refused, removal at run
 * time, instances outliving their provider. Provider order, providers
 * added through the API and the lookup cache are in check_registry.
 *
 * Every test runs in its own process (Check's fork mode) and writes its own
 * configuration, so the registry starts fresh each time.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "outlen.h"

/* Entry calls of the good fixture (0 while it is not loaded). */
static int entry_calls(void)
{
	return tu_fixture_int("good", "jca_test_entry_calls", 0);
}

static const jca_provider *prov(const char *name)
{
	const jca_provider *p = jca_provider_find(name);

	ck_assert_msg(p != NULL, "provider %s not found", name);
	return p;
}

START_TEST(test_lazy)
{
	tu_config_with_good("security.provider.1 = builtin\nsecurity.provider.2 = %s\n");
	/* builtin answers: the plugin stays unloaded */
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	ck_assert_str_eq(tu_served_by("MD5"), "builtin");
	ck_assert_int_eq(jca_provider_state(tu_provider_at(1)), JCA_PROVIDER_NOT_LOADED);
	ck_assert_int_eq(entry_calls(), 0);
	/* an algorithm only the plugin has loads it, once */
	ck_assert_str_eq(tu_served_by("TEST-DIGEST"), "testgood");
	ck_assert_int_eq(jca_provider_state(prov("testgood")), JCA_PROVIDER_LOADED);
	ck_assert_str_eq(jca_provider_source(prov("testgood")), tu_fixture("good"));
	ck_assert_str_eq(tu_served_by("toy"), "testgood");
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	ck_assert_int_eq(entry_calls(), 1);
	/* HMAC composes over the plugin's digest */
	{
		mac_ctx *m = mac_get_instance("HmacTEST-DIGEST");

		ck_assert_ptr_nonnull(m);
		ck_assert_str_eq(mac_provider(m), "testgood");
		mac_free(m);
	}
	/* unknown names after everything is loaded */
	ck_assert_ptr_null(md_get_instance("nothing"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
}
END_TEST

START_TEST(test_preferred)
{
	tu_config_with_good("security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	                    "jca.provider.preferred = MessageDigest.SHA-256:testgood\n");
	/* the preference names the provider by its configured name or path;
	 * here by its descriptor name, so configure by name too */
	ck_assert_str_eq(tu_served_by("SHA-512"), "builtin");
	jca_shutdown();
	{
		char text[8192];

		snprintf(text, sizeof text,
		         "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
		         "jca.provider.preferred = MessageDigest.SHA-256:%s\n", tu_fixture("good"), tu_fixture("good"));
		tu_config(text);
	}
	ck_assert_int_eq(jca_provider_state(tu_provider_at(1)), JCA_PROVIDER_NOT_LOADED);
	ck_assert_str_eq(tu_served_by("SHA-256"), "testgood");
	ck_assert_str_eq(tu_served_by("sha-256"), "testgood");
	ck_assert_str_eq(tu_served_by("SHA-1"), "builtin");
}
END_TEST

START_TEST(test_disabled)
{
	cipher_ctx *c;

	tu_config("security.provider.1 = builtin\n"
	       "jca.disabled.algorithms = MD5, \\\n   Cipher.AES/ECB/NoPadding\n");
	ck_assert_ptr_null(md_get_instance("MD5"));
	ck_assert_int_eq(jca_last_error(), JCA_DISABLED);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "disabled by policy"));
	ck_assert_ptr_null(md_get_instance("1.2.840.113549.2.5"));
	ck_assert_int_eq(jca_last_error(), JCA_DISABLED);
	ck_assert_ptr_null(md_get_instance_from("md5", "builtin"));
	ck_assert_int_eq(jca_last_error(), JCA_DISABLED);
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	ck_assert_ptr_null(cipher_get_instance("AES/ECB/NoPadding"));
	ck_assert_int_eq(jca_last_error(), JCA_DISABLED);
	c = cipher_get_instance("AES/ECB/PKCS5Padding");
	ck_assert_ptr_nonnull(c);
	cipher_free(c);
	c = cipher_get_instance("AES/CBC/NoPadding");
	ck_assert_ptr_nonnull(c);
	cipher_free(c);
}
END_TEST

START_TEST(test_bad_config)
{
	static const char *const bad[] = {
		"security.provider.1 = builtin\nthis is not a setting\n",
		"security.provider.1 = builtin\nsecurity.provider.x = foo\n",
		"security.provider.1 = builtin\nsecurity.provider.1 = other\n",
		"security.provider.1 = builtin\nno.such.key = 1\n",
		"security.provider.1 = builtin\njca.provider.preferred = SHA-256\n",
	};
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char where[300];

		tu_config(bad[i]);
		ck_assert_ptr_null(md_get_instance("SHA-256"));
		ck_assert_int_eq(jca_last_error(), JCA_CONFIG);
		snprintf(where, sizeof where, "%s:2:", tu_conf_path());
		ck_assert_msg(strstr(jca_last_error_message(), where) != NULL, "message '%s' lacks '%s'",
		              jca_last_error_message(), where);
		/* fails closed, and keeps failing */
		ck_assert_ptr_null(cipher_get_instance("AES"));
		ck_assert_int_eq(jca_last_error(), JCA_CONFIG);
		ck_assert_ptr_null(tu_provider_at(0));
	}
	setenv("JCA_CONF", "/nonexistent/jca.conf", 1);
	jca_shutdown();
	ck_assert_ptr_null(md_get_instance("SHA-256"));
	ck_assert_int_eq(jca_last_error(), JCA_CONFIG);
}
END_TEST

/* Every bad plugin is refused with its own error, registry unchanged. */
/* "2.<minor>" of this host, as the refusals print it. */
#define ABI_STR_(x) #x
#define ABI_STR(x) ABI_STR_(x)
#define HOST_ABI ABI_STR(JCA_ABI_MAJOR) "." ABI_STR(JCA_ABI_MINOR)

START_TEST(test_bad_plugins)
{
	static const struct {
		const char *file;
		int code;
		const char *words;
	} cases[] = {
		{ "bad_noentry", JCA_PLUGIN, "no entry symbol" },
		{ "bad_abi", JCA_ABI, "built for ABI 4.0, newer than this libjca's ABI " HOST_ABI },
		{ "bad_abi1", JCA_ABI, "built for ABI 1; this libjca has ABI " HOST_ABI ": rebuild the plugin" },
		{ "bad_abi2", JCA_ABI, "built for ABI 2 (it exports jca_plugin_entry); this libjca has ABI " HOST_ABI
		  ": rebuild the plugin" },
		{ "bad_size", JCA_ABI, "provider descriptor struct_size 8" },
		{ "bad_nullmethod", JCA_BADDESC, "update is NULL" },
		{ "bad_emptyname", JCA_BADDESC, "name is empty" },
		{ "bad_dupname", JCA_BADDESC, "duplicate service" },
		{ "bad_initfail", JCA_PLUGIN, "fixture refuses to initialise" },
		{ "bad_selftest", JCA_SELFTEST, "known-answer test" },
	};
	char notso[256];
	FILE *f;
	size_t i;

	tu_config("security.provider.1 = builtin\n");
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int rc = jca_provider_load(tu_fixture(cases[i].file), -1);

		ck_assert_msg(rc == cases[i].code, "%s: got %s (%s)", cases[i].file, jca_error_name(rc),
		              jca_last_error_message());
		ck_assert_msg(strstr(jca_last_error_message(), cases[i].words) != NULL, "%s: '%s'", cases[i].file,
		              jca_last_error_message());
		ck_assert_ptr_null(tu_provider_at(1));
		ck_assert_ptr_null(md_get_instance("TEST-DIGEST"));
		ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	}
	/* not a shared object */
	snprintf(notso, sizeof notso, "/tmp/jca-notso-%d.so", (int)getpid());
	f = fopen(notso, "w");
	fputs("this is text\n", f);
	fclose(f);
	ck_assert_int_eq(jca_provider_load(notso, -1), JCA_PLUGIN);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "cannot load"));
	/* writable by others: refused before it is opened */
	chmod(notso, 0666);
	ck_assert_int_eq(jca_provider_load(notso, -1), JCA_PLUGIN);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "writable by group or others"));
	unlink(notso);
	ck_assert_int_eq(jca_provider_load("/nonexistent.so", -1), JCA_PLUGIN);
	ck_assert_int_eq(jca_provider_load("/tmp", -1), JCA_PLUGIN);
	ck_assert_ptr_null(tu_provider_at(1));
	/* the good one loads, once; loading it again is refused */
	ck_assert_int_eq(jca_provider_load(tu_fixture("good"), 0), 0);
	ck_assert_str_eq(tu_served_by("SHA-256"), "testgood");
	ck_assert_int_eq(jca_provider_load(tu_fixture("good"), -1), JCA_EXISTS);
}
END_TEST

/* A configured bad plugin is marked failed with its reason and skipped. */
START_TEST(test_bad_plugin_configured)
{
	char text[8192];
	const jca_provider *p;

	snprintf(text, sizeof text, "security.provider.1 = %s\nsecurity.provider.2 = builtin\n", tu_fixture("bad_abi"));
	tu_config(text);
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	p = tu_provider_at(0);
	ck_assert_int_eq(jca_provider_state(p), JCA_PROVIDER_FAILED);
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(p), "ABI 4.0"));
	ck_assert_str_eq(tu_served_by("SHA-1"), "builtin");
	ck_assert_ptr_null(md_get_instance_from("SHA-256", jca_provider_name(p)));
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	/* a plugin by name in the plugin directory */
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = good\n"
	         "jca.plugin.dir = %s/tests/plugins/.libs\n", JCA_TOP_BUILDDIR);
	tu_config(text);
	ck_assert_str_eq(tu_served_by("TEST-DIGEST"), "testgood");
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = missing\n"
	         "jca.plugin.dir = /nonexistent\n");
	tu_config(text);
	ck_assert_ptr_null(md_get_instance("TEST-DIGEST"));
	ck_assert_int_eq(jca_provider_state(tu_provider_at(1)), JCA_PROVIDER_FAILED);
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(tu_provider_at(1)), "/nonexistent/missing.so"));
}
END_TEST

static void *racer(void *arg)
{
	md_ctx *md = md_get_instance("TEST-DIGEST");

	(void)arg;
	if (!md || strcmp(md_provider(md), "testgood"))
		return (void *)1;
	md_free(md);
	return NULL;
}

START_TEST(test_race_first_use)
{
	pthread_t th[12];
	size_t i;

	tu_config_with_good("security.provider.1 = builtin\nsecurity.provider.2 = %s\n");
	md_free(md_get_instance("SHA-256"));   /* registry up, plugin not loaded */
	for (i = 0; i < 12; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, racer, NULL), 0);
	for (i = 0; i < 12; i++) {
		void *rv;

		pthread_join(th[i], &rv);
		ck_assert_ptr_null(rv);
	}
	ck_assert_int_eq(entry_calls(), 1);
}
END_TEST

START_TEST(test_remove_live)
{
	md_ctx *md;
	mac_ctx *m;
	uint8_t out[32];

	tu_config_with_good("security.provider.1 = %s\nsecurity.provider.2 = builtin\n");
	md = md_get_instance("TEST-DIGEST");
	m = mac_get_instance("HmacSHA256");
	ck_assert_str_eq(mac_provider(m), "testgood");
	ck_assert_int_eq(mac_init(m, "k", 1), 0);
	ck_assert_int_eq(jca_provider_remove("testgood"), 0);
	ck_assert_int_eq(jca_provider_remove("testgood"), JCA_NOPROVIDER);
	ck_assert_ptr_null(md_get_instance("TEST-DIGEST"));
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	/* the live instances keep working */
	md_update(md, "abc", 3);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), 8);
	ck_assert(memcmp(out, "\x00\x00\x02\x4d\x00\x00\x01\x27", 8) == 0);
	ck_assert_str_eq(md_provider(md), "testgood");
	mac_update(m, "abc", 3);
	ck_assert_int_eq(tu_mac_final(m, out, sizeof out), 32);   /* HMAC over the fixture's SHA-256 */
	md_free(md);
	mac_free(m);
}
END_TEST

static void hexeq(const uint8_t *got, size_t n, const char *want)
{
	char hex[2 * 128 + 1];

	tu_hex(hex, got, n);
	ck_assert_str_eq(hex, want);
}

/* The example plugin through the configuration: BLAKE2 known answers
 * (RFC 7693; HMAC values from Python's hmac with hashlib.blake2b/2s). */
START_TEST(test_example_plugin)
{
	char text[8192];
	uint8_t out[64];
	md_ctx *md;
	mac_ctx *m;

	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = example\n"
	         "jca.plugin.dir = %s/plugins/.libs\n", JCA_TOP_BUILDDIR);
	tu_config(text);
	ck_assert_int_eq(jca_provider_state(tu_provider_at(1)), JCA_PROVIDER_NOT_LOADED);
	md = md_get_instance("BLAKE2b-512");
	ck_assert_msg(md != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(md_provider(md), "example");
	md_update(md, "abc", 3);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), 64);
	hexeq(out, 64, "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
	               "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");
	md_free(md);
	md = md_get_instance("blake2s-256");
	md_update(md, "abc", 3);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), 32);
	hexeq(out, 32, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982");
	md_free(md);
	m = mac_get_instance("HmacBLAKE2b-512");
	ck_assert_ptr_nonnull(m);
	mac_init(m, "key", 3);
	mac_update(m, "The quick brown fox", 19);
	ck_assert_int_eq(tu_mac_final(m, out, sizeof out), 64);
	hexeq(out, 64, "5c169e8a18362381efbc0f688fa1d48e99f2bd5885a19c29943e28b43d566f33"
	               "0555d6c37a277cd4cbb1deca561f377c02f0d5388c6e1efd6e97de2bd8b2d678");
	mac_free(m);
	m = mac_get_instance("HMAC(BLAKE2s-256)");
	ck_assert_ptr_nonnull(m);
	mac_init(m, "key", 3);
	mac_update(m, "The quick brown fox", 19);
	ck_assert_int_eq(tu_mac_final(m, out, sizeof out), 32);
	hexeq(out, 32, "8717096fc5e7ac53d11d990acd4380c9ddd7bd8da5d8b5bc29855e6c98a866a4");
	mac_free(m);
	ck_assert_str_eq(jca_provider_version(prov("example")), "1.0");
}
END_TEST

#ifdef JCA_TEST_OPENSSL_BRIDGE
/* The OpenSSL bridge agrees with the built-in provider. */
START_TEST(test_openssl_bridge)
{
	static const char *const algs[] = { "MD5", "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512",
		"SHA-512/224", "SHA-512/256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE128", "SHAKE256" };
	uint8_t msg[1000], a[64], b[64], ca[1040], cb[1040], key[32], iv[16];
	size_t i, n, la, lb;
	char text[8192];

	/* through the configuration, by name in the plugin directory, behind
	 * the built-in provider: loaded lazily on the first _from lookup */
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = openssl\n"
	         "jca.plugin.dir = %s/plugins/.libs\n", JCA_TOP_BUILDDIR);
	tu_config(text);
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
	ck_assert_int_eq(jca_provider_state(tu_provider_at(1)), JCA_PROVIDER_NOT_LOADED);
	for (i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 7 + 3);
	for (i = 0; i < sizeof algs / sizeof algs[0]; i++) {
		md_ctx *x = md_get_instance_from(algs[i], "builtin");
		md_ctx *y = md_get_instance_from(algs[i], "openssl");
		md_ctx *z;

		ck_assert_msg(y != NULL, "%s: %s", algs[i], jca_last_error_message());
		ck_assert_str_eq(md_provider(y), "openssl");
		md_update(x, msg, 333);
		md_update(y, msg, 333);
		z = md_clone(y);
		md_update(x, msg + 333, 667);
		md_update(y, msg + 333, 667);
		md_update(z, msg + 333, 667);
		n = md_length(x);
		ck_assert_int_eq(tu_digest(x, a, n), (int)n);
		ck_assert_int_eq(tu_digest(y, b, n), (int)n);
		ck_assert_msg(memcmp(a, b, n) == 0, "%s differs", algs[i]);
		tu_digest(z, b, n);
		ck_assert(memcmp(a, b, n) == 0);
		md_free(x);
		md_free(y);
		md_free(z);
	}
	{
		mac_ctx *x = mac_get_instance_from("HmacSHA256", "builtin");
		mac_ctx *y = mac_get_instance_from("HmacSHA256", "openssl");

		mac_init(x, "k", 1);
		mac_init(y, "k", 1);
		mac_update(x, msg, 500);
		mac_update(y, msg, 500);
		tu_mac_final(x, a, 32);
		tu_mac_final(y, b, 32);
		ck_assert(memcmp(a, b, 32) == 0);
		mac_free(x);
		mac_free(y);
	}
	for (i = 0; i < 32; i++)
		key[i] = (uint8_t)(i * 5 + 1);
	for (i = 0; i < 16; i++)
		iv[i] = (uint8_t)(i * 3 + 2);
	for (n = 0; n <= 1000; n += 77) {
		cipher_ctx *x = cipher_get_instance_from("AES/CBC/PKCS5Padding", "builtin");
		cipher_ctx *y = cipher_get_instance_from("AES/CBC/PKCS5Padding", "openssl");

		ck_assert_ptr_nonnull(y);
		cipher_init(x, JCA_ENCRYPT, key, 32, iv, 16);
		cipher_init(y, JCA_ENCRYPT, key, 32, iv, 16);
		ck_assert_int_eq(cipher_do_final(x, msg, n, ca, sizeof ca, &la), 0);
		ck_assert_int_eq(cipher_do_final(y, msg, n, cb, sizeof cb, &lb), 0);
		ck_assert(la == lb && memcmp(ca, cb, la) == 0);
		cipher_init(y, JCA_DECRYPT, key, 32, iv, 16);
		ck_assert_int_eq(cipher_do_final(y, ca, la, cb, sizeof cb, &lb), 0);
		ck_assert(lb == n && memcmp(cb, msg, n) == 0);
		cipher_free(x);
		cipher_free(y);
	}
	/* CTR through the bridge, across the 2^32 boundary of the low word */
	memset(iv + 12, 0xff, 4);
	iv[15] = 0xfd;
	for (n = 0; n <= 1000; n += 77) {
		cipher_ctx *x = cipher_get_instance_from("AES/CTR/NoPadding", "builtin");
		cipher_ctx *y = cipher_get_instance_from("AES/CTR/NoPadding", "openssl");

		ck_assert_ptr_nonnull(y);
		ck_assert_int_eq(cipher_init(x, JCA_ENCRYPT, key, 32, iv, 16), 0);
		ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 32, iv, 16), 0);
		ck_assert_int_eq(cipher_do_final(x, msg, n, ca, sizeof ca, &la), 0);
		ck_assert_int_eq(cipher_do_final(y, msg, n, cb, sizeof cb, &lb), 0);
		ck_assert(la == n && lb == n && memcmp(ca, cb, n) == 0);
		cipher_free(x);
		cipher_free(y);
	}
	/* GCM through the bridge (its AEAD table, openssl_gcm.c) agrees
	 * with the built-in provider, and a tampered tag is refused */
	for (n = 0; n <= 1000; n += 77) {
		cipher_ctx *x = cipher_get_instance_from("AES/GCM/NoPadding", "builtin");
		cipher_ctx *y = cipher_get_instance_from("AES/GCM/NoPadding", "openssl");

		ck_assert_ptr_nonnull(y);
		ck_assert_str_eq(cipher_implementation(y), "aes-gcm-openssl");
		ck_assert_int_eq(cipher_init(x, JCA_ENCRYPT, key, 32, iv, 12), 0);
		ck_assert_int_eq(cipher_init(y, JCA_ENCRYPT, key, 32, iv, 12), 0);
		ck_assert_int_eq(cipher_update_aad(x, msg, n % 50), 0);
		ck_assert_int_eq(cipher_update_aad(y, msg, n % 50), 0);
		ck_assert_int_eq(cipher_do_final(x, msg, n, ca, sizeof ca, &la), 0);
		ck_assert_int_eq(cipher_do_final(y, msg, n, cb, sizeof cb, &lb), 0);
		ck_assert(la == n + 16 && lb == la && memcmp(ca, cb, la) == 0);
		ck_assert_int_eq(cipher_init(y, JCA_DECRYPT, key, 32, iv, 12), 0);
		ck_assert_int_eq(cipher_update_aad(y, msg, n % 50), 0);
		ck_assert_int_eq(cipher_do_final(y, ca, la, cb, sizeof cb, &lb), 0);
		ck_assert(lb == n && memcmp(cb, msg, n) == 0);
		ca[la - 1] ^= 1;
		ck_assert_int_eq(cipher_update_aad(y, msg, n % 50), 0);
		ck_assert_int_eq(cipher_do_final(y, ca, la, cb, sizeof cb, &lb), JCA_BADTAG);
		cipher_free(x);
		cipher_free(y);
		iv[0]++;
	}
}
END_TEST
#endif

/* ---- ABI 3: provider context, attach and teardown ---- */

static int teardowns(void)
{
	return tu_fixture_int("good", "jca_test_teardowns", -1);
}

/* A plugin's context comes back to teardown once: not while an instance of
 * the removed provider lives, at once when none does, and at
 * jca_shutdown() for a provider still registered. */
START_TEST(test_teardown_plugin)
{
	uint8_t out[8];
	md_ctx *md;
	int t0;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_load(tu_fixture("good"), -1) == 0, "%s", jca_last_error_message());
	t0 = teardowns();
	ck_assert_int_ge(t0, 0);
	md = md_get_instance_from("TEST-DIGEST", "testgood");
	ck_assert_ptr_nonnull(md);
	ck_assert_int_eq(jca_provider_remove("testgood"), 0);
	ck_assert_int_eq(teardowns(), t0);          /* md is alive */
	ck_assert_int_eq(md_update(md, "abc", 3), 0);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), 8);
	md_free(md);
	ck_assert_int_eq(teardowns(), t0 + 1);
	/* no instance: at once */
	ck_assert_msg(jca_provider_load(tu_fixture("good"), -1) == 0, "%s", jca_last_error_message());
	ck_assert_int_eq(jca_provider_remove("testgood"), 0);
	ck_assert_int_eq(teardowns(), t0 + 2);
	/* registered at shutdown */
	ck_assert_msg(jca_provider_load(tu_fixture("good"), -1) == 0, "%s", jca_last_error_message());
	jca_shutdown();
	ck_assert_int_eq(teardowns(), t0 + 3);
}
END_TEST

/* An application's provider: its context reaches attach() of every
 * instance (and of the known-answer test's) and teardown, once. */
struct toy_prov {
	int attached, torn;
};
typedef struct {
	struct toy_prov *prov;
	uint8_t sum;
} toy_ctx;

static int toy_attach(void *provctx, void *ctx)
{
	struct toy_prov *p = provctx;

	if (!p)
		return -1;
	((toy_ctx *)ctx)->prov = p;
	p->attached++;
	return 0;
}
static int toy_init(void *ctx)
{
	((toy_ctx *)ctx)->sum = 0;
	return 0;
}
static int toy_update(void *ctx, const void *in, size_t len)
{
	toy_ctx *c = ctx;
	size_t i;

	for (i = 0; i < len; i++)
		c->sum = (uint8_t)(c->sum + ((const uint8_t *)in)[i]);
	return 0;
}
static int toy_final(void *ctx, void *out, size_t len)
{
	toy_ctx *c = ctx;

	((uint8_t *)out)[0] = c->sum;
	(void)len;
	return c->prov ? 0 : -1;       /* attached, or it fails */
}
static int null_teardowns;
static void toy_teardown(void *provctx)
{
	if (provctx)
		((struct toy_prov *)provctx)->torn++;
	else
		null_teardowns++;      /* teardown gets whatever context was handed over */
}
static const jca_md_impl toy_md = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_md_impl, "toysum-ctx", JCA_PRIO_GENERIC, NULL, sizeof(toy_ctx), toy_attach,
	                                NULL, NULL),
	.digest_size = 1, .block_size = 0, .init = toy_init, .update = toy_update, .final = toy_final
};
static const jca_impl *const toy_impls[] = { &toy_md.base, NULL };
static const jca_kat toy_kat = { .struct_size = sizeof(jca_kat), .in = "abc", .in_len = 3, .out = "\x26",
	                         .out_len = 1 };
static const jca_kat toy_bad_kat = { .struct_size = sizeof(jca_kat), .in = "abc", .in_len = 3, .out = "\x27",
	                             .out_len = 1 };
static jca_service_desc toy_svc = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_MESSAGE_DIGEST, .algorithm = "TOY-SUM",
	.impls = toy_impls, .kat = &toy_kat
};
static const jca_service_desc *const toy_services[] = { &toy_svc, NULL };
static const jca_provider_desc toy_desc = {
	.abi_version = JCA_ABI_VERSION, .struct_size = sizeof(jca_provider_desc), .name = "toyctx", .version = "1",
	.description = "a provider context", .services = toy_services, .teardown = toy_teardown
};

START_TEST(test_provider_context)
{
	struct toy_prov prov = { 0, 0 }, bad = { 0, 0 };
	uint8_t out[1];
	md_ctx *a, *b;

	tu_config("security.provider.1 = builtin\n");
	/* refused (a wrong known answer): torn down at once, nothing kept */
	toy_svc.kat = &toy_bad_kat;
	ck_assert_int_eq(jca_provider_add(&toy_desc, &bad), JCA_SELFTEST);
	ck_assert_int_eq(bad.attached, 1);
	ck_assert_int_eq(bad.torn, 1);
	toy_svc.kat = &toy_kat;
	/* no context: attach refuses, so the known answer fails */
	ck_assert_int_eq(jca_provider_add(&toy_desc, NULL), JCA_SELFTEST);
	ck_assert_int_eq(null_teardowns, 1);
	ck_assert_msg(jca_provider_add(&toy_desc, &prov) == 0, "%s", jca_last_error_message());
	ck_assert_int_eq(prov.attached, 1);         /* the known answer's context */
	a = md_get_instance("TOY-SUM");
	ck_assert_ptr_nonnull(a);
	b = md_clone(a);                            /* copied: not attached again */
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(prov.attached, 2);
	ck_assert_int_eq(md_update(b, "\x01\x02", 2), 0);
	ck_assert_int_eq(tu_digest(b, out, sizeof out), 1);
	ck_assert_int_eq(out[0], 3);
	ck_assert_int_eq(jca_provider_remove("toyctx"), 0);
	md_free(a);
	ck_assert_int_eq(prov.torn, 0);             /* b lives */
	md_free(b);
	ck_assert_int_eq(prov.torn, 1);
	jca_shutdown();
	ck_assert_int_eq(prov.torn, 1);             /* once */
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Plugins");
	TCase *tc = tcase_create("plugin");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, NULL, tu_config_remove);
	tcase_add_test(tc, test_lazy);
	tcase_add_test(tc, test_preferred);
	tcase_add_test(tc, test_disabled);
	tcase_add_test(tc, test_bad_config);
	tcase_add_test(tc, test_bad_plugins);
	tcase_add_test(tc, test_bad_plugin_configured);
	tcase_add_test(tc, test_race_first_use);
	tcase_add_test(tc, test_remove_live);
	tcase_add_test(tc, test_example_plugin);
	tcase_add_test(tc, test_teardown_plugin);
	tcase_add_test(tc, test_provider_context);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	tcase_add_test(tc, test_openssl_bridge);
#endif
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
