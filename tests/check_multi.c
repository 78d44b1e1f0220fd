/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Many plugins in one process (plugins v2): every order through the
 * configuration file and through the API, first use raced by 12 threads,
 * remove and re-add, a plugin built against an older minor ABI header,
 * and every refusal (same file twice, two files with one provider name, a
 * name equal to a loaded provider's) with a message naming both sources.
 *
 * Every test runs in its own process (Check's fork mode).
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "outlen.h"

/* Entry calls of a fixture, through its exported counter (0 while it is
 * not loaded). */
static int entry_calls(const char *name)
{
	return tu_fixture_int(name, "jca_test_entry_calls", 0);
}

/* The plugins under test: provider name, path, and a digest only it has
 * with its known answer for "abc". */
struct plug {
	const char *provider, *path, *alg, *abc_hex;
};

static size_t plugins(struct plug *p)
{
	size_t n = 0;

	p[n++] = (struct plug){ "example", tu_shipped("example"), "BLAKE2b-512",
		"ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
		"7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923" };
	p[n++] = (struct plug){ "testsecond", tu_fixture("second"), "TEST-testsecond", "0000024d00000127" };
	p[n++] = (struct plug){ "testold", tu_fixture("oldminor"), "TEST-testold", "0000024d00000127" };
#ifdef JCA_TEST_OPENSSL_BRIDGE
	p[n++] = (struct plug){ "openssl", tu_shipped("openssl"), "SHA3-256",
		"3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" };
#endif
	return n;
}

/* The plugin's digest comes from it, with the right answer. */
static void check_plugin_serves(const struct plug *p)
{
	md_ctx *md = md_get_instance_from(p->alg, p->provider);
	uint8_t out[64];
	char hex[129];
	int n;

	ck_assert_msg(md != NULL, "%s from %s: %s", p->alg, p->provider, jca_last_error_message());
	ck_assert_str_eq(md_provider(md), p->provider);
	md_update(md, "abc", 3);
	n = tu_digest(md, out, sizeof out);
	ck_assert_int_gt(n, 0);
	tu_hex(hex, out, (size_t)n);
	ck_assert_str_eq(hex, p->abc_hex);
	md_free(md);
}

static void check_all_loaded(void)
{
	const jca_provider *pr;
	size_t i;

	for (i = 0; jca_provider_at(i, &pr) == 0; i++) {
		ck_assert_msg(jca_provider_ensure_loaded(pr) == 0, "%s: %s", jca_provider_source(pr),
		              jca_last_error_message());
		ck_assert_int_eq(jca_provider_state(pr), JCA_PROVIDER_LOADED);
	}
}

/* Next permutation of idx[0..n) in lexicographic order; 0 after the last. */
static int next_perm(size_t *idx, size_t n)
{
	size_t i, j, t;

	if (n < 2)
		return 0;
	for (i = n - 1; i > 0 && idx[i - 1] >= idx[i]; i--)
		;
	if (i == 0)
		return 0;
	for (j = n - 1; idx[j] <= idx[i - 1]; j--)
		;
	t = idx[i - 1], idx[i - 1] = idx[j], idx[j] = t;
	for (j = n - 1; i < j; i++, j--)
		t = idx[i], idx[i] = idx[j], idx[j] = t;
	return 1;
}

START_TEST(test_every_order_config)
{
	struct plug p[4];
	size_t n = plugins(p), idx[4] = { 0, 1, 2, 3 }, i, orders = 0;

	do {
		char text[16384];
		size_t len;

		/* builtin first in even orders, last in odd ones */
		len = (size_t)snprintf(text, sizeof text, "%s", orders % 2 ? "" : "security.provider.1 = builtin\n");
		for (i = 0; i < n; i++)
			len += (size_t)snprintf(text + len, sizeof text - len, "security.provider.%zu = %s\n", i + 2,
			                        p[idx[i]].path);
		if (orders % 2)
			snprintf(text + len, sizeof text - len, "security.provider.%zu = builtin\n", n + 2);
		tu_config(text);
		/* lookups in the order of the list, each loading its plugin */
		for (i = 0; i < n; i++) {
			/* the bridge's names are builtin's: ask it by name */
			int shared = strcmp(p[idx[i]].provider, "openssl") == 0;
			md_ctx *md;

			if (shared)   /* configured by path: known by name once loaded */
				ck_assert_int_eq(jca_provider_ensure_loaded(tu_provider_at(i + (orders % 2 ? 0 : 1))), 0);
			md = shared ? md_get_instance_from(p[idx[i]].alg, "openssl") : md_get_instance(p[idx[i]].alg);

			ck_assert_msg(md != NULL, "order %zu, %s: %s", orders, p[idx[i]].alg, jca_last_error_message());
			ck_assert_str_eq(md_provider(md), p[idx[i]].provider);
			md_free(md);
		}
		check_all_loaded();
		for (i = 0; i < n; i++)
			check_plugin_serves(&p[i]);
		for (i = 0; i < n; i++)
			ck_assert_str_eq(jca_provider_name(tu_provider_at(i + (orders % 2 ? 0 : 1))), p[idx[i]].provider);
		orders++;
	} while (next_perm(idx, n));
	ck_assert_int_ge(orders, 6);
}
END_TEST

START_TEST(test_every_order_api)
{
	struct plug p[4];
	size_t n = plugins(p), idx[4] = { 0, 1, 2, 3 }, i, orders = 0;

	do {
		tu_config("security.provider.1 = builtin\n");
		for (i = 0; i < n; i++)
			ck_assert_msg(jca_provider_load(p[idx[i]].path, -1) == 0, "order %zu, %s: %s", orders,
			              p[idx[i]].path, jca_last_error_message());
		for (i = 0; i < n; i++) {
			ck_assert_str_eq(jca_provider_name(tu_provider_at(i + 1)), p[idx[i]].provider);
			ck_assert_str_eq(jca_provider_source(tu_provider_at(i + 1)), p[idx[i]].path);
		}
		check_all_loaded();
		for (i = 0; i < n; i++)
			check_plugin_serves(&p[i]);
		orders++;
	} while (next_perm(idx, n));
	ck_assert_int_ge(orders, 6);
}
END_TEST

/* 12 threads race on first use of three fixtures and the example: every
 * lookup succeeds, and every fixture's entry runs exactly once. */
static const char *const race_algs[] = { "TEST-DIGEST", "TEST-testsecond", "TEST-testold", "BLAKE2b-512" };
static const char *const race_provs[] = { "testgood", "testsecond", "testold", "example" };
static atomic_int race_go;

static void *racer(void *arg)
{
	size_t k = (size_t)(uintptr_t)arg, i;

	while (!atomic_load(&race_go))
		;
	for (i = 0; i < 4; i++) {
		size_t a = (k + i) % 4;
		md_ctx *md = md_get_instance(race_algs[a]);

		if (!md || strcmp(md_provider(md), race_provs[a]) != 0)
			return (void *)1;
		md_free(md);
	}
	return NULL;
}

START_TEST(test_race_many)
{
	pthread_t th[12];
	char text[16384];
	size_t i;

	snprintf(text, sizeof text,
	         "security.provider.1 = builtin\nsecurity.provider.2 = %s\nsecurity.provider.3 = %s\n"
	         "security.provider.4 = %s\nsecurity.provider.5 = %s\n",
	         tu_fixture("good"), tu_fixture("second"), tu_fixture("oldminor"), tu_shipped("example"));
	tu_config(text);
	md_free(md_get_instance("SHA-256"));   /* registry up, no plugin loaded */
	ck_assert_int_eq(jca_provider_state(tu_provider_at(1)), JCA_PROVIDER_NOT_LOADED);
	for (i = 0; i < 12; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, racer, (void *)(uintptr_t)i), 0);
	atomic_store(&race_go, 1);
	for (i = 0; i < 12; i++) {
		void *rv;

		pthread_join(th[i], &rv);
		ck_assert_ptr_null(rv);
	}
	ck_assert_int_eq(entry_calls("good"), 1);
	ck_assert_int_eq(entry_calls("second"), 1);
	ck_assert_int_eq(entry_calls("oldminor"), 1);
	check_all_loaded();
}
END_TEST

/* Remove and re-add, through the API and after a configured load. */
START_TEST(test_remove_readd)
{
	struct plug p[4];
	size_t n = plugins(p), i, round;

	tu_config("security.provider.1 = builtin\n");
	for (round = 0; round < 3; round++) {
		for (i = 0; i < n; i++)
			ck_assert_msg(jca_provider_load(p[i].path, round == 1 ? 0 : -1) == 0, "%s: %s", p[i].path,
			              jca_last_error_message());
		for (i = 0; i < n; i++)
			check_plugin_serves(&p[i]);
		for (i = 0; i < n; i++) {
			ck_assert_int_eq(jca_provider_remove(p[i].provider), 0);
			ck_assert_ptr_null(md_get_instance_from(p[i].alg, p[i].provider));
			ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
			ck_assert_ptr_null(jca_provider_find(p[i].provider));
		}
		ck_assert_ptr_null(tu_provider_at(1));
		ck_assert_ptr_null(md_get_instance("BLAKE2b-512"));
	}
}
END_TEST

/* The ABI 2.0 fixture (built against tests/abi/2.0) loads and works; its
 * services are the same as a current plugin's. */
START_TEST(test_old_minor)
{
	const jca_provider *pr;
	const jca_service *s;
	mac_ctx *m;
	uint8_t out[8];

	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_load(tu_fixture("oldminor"), -1) == 0, "%s", jca_last_error_message());
	pr = jca_provider_find("testold");
	ck_assert_ptr_nonnull(pr);
	s = tu_service_at(pr, 0);
	ck_assert_str_eq(jca_service_algorithm(s), "TEST-testold");
	ck_assert_str_eq(jca_service_attribute(s, "Implementation"), "toy-testold");
	m = mac_get_instance("HmacTEST-testold");
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(mac_init(m, "k", 1), 0);
	ck_assert_int_eq(tu_mac_final(m, out, sizeof out), 8);
	mac_free(m);
}
END_TEST

/* Refusals, each naming both sources, registry unchanged. */
static void expect_refused(int rc, const char *a, const char *b)
{
	const char *msg = jca_last_error_message();

	ck_assert_msg(rc == JCA_EXISTS, "got %s: %s", jca_error_name(rc), msg);
	ck_assert_msg(strstr(msg, a) != NULL, "'%s' lacks '%s'", msg, a);
	ck_assert_msg(strstr(msg, b) != NULL, "'%s' lacks '%s'", msg, b);
}

TU_ZERO_PROVIDER(z_as_good, "testgood", "named like the fixture", "ZERO-MULTI");

START_TEST(test_refusals)
{
	char other[4096], link[300], text[16384];
	const jca_provider *pr;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_int_eq(jca_provider_load(tu_fixture("good"), -1), 0);
	/* the same file again, by the same path, another spelling, a link */
	expect_refused(jca_provider_load(tu_fixture("good"), -1), tu_fixture("good"), "testgood");
	snprintf(other, sizeof other, "%s/tests/plugins/./.libs/good.so", JCA_TOP_BUILDDIR);
	expect_refused(jca_provider_load(other, -1), other, tu_fixture("good"));
	snprintf(link, sizeof link, "%s/tests/plugins/.libs/good-link-%d.so", JCA_TOP_BUILDDIR, (int)getpid());
	ck_assert_int_eq(symlink(tu_fixture("good"), link), 0);
	expect_refused(jca_provider_load(link, -1), link, tu_fixture("good"));
	/* another file with the same provider name */
	expect_refused(jca_provider_load(tu_fixture("samename"), -1), tu_fixture("samename"), tu_fixture("good"));
	/* a provider added by the application with a loaded name */
	expect_refused(jca_provider_add(&z_as_good, NULL), "added by the application", tu_fixture("good"));
	ck_assert_ptr_null(tu_provider_at(2));
	ck_assert_ptr_null(md_get_instance("ZERO-MULTI"));
	/* and in the configuration: the second is marked failed, the first serves */
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	         "security.provider.3 = %s\nsecurity.provider.4 = %s\n", tu_fixture("good"), tu_fixture("samename"), link);
	tu_config(text);
	{
		md_ctx *md = md_get_instance("TEST-DIGEST");

		ck_assert_ptr_nonnull(md);
		md_free(md);
	}
	pr = tu_provider_at(2);
	ck_assert_int_eq(jca_provider_ensure_loaded(pr), JCA_EXISTS);
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(pr), tu_fixture("samename")));
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(pr), tu_fixture("good")));
	pr = tu_provider_at(3);
	ck_assert_int_eq(jca_provider_ensure_loaded(pr), JCA_EXISTS);
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(pr), link));
	unlink(link);
	ck_assert_str_eq(jca_provider_name(tu_provider_at(1)), "testgood");
}
END_TEST

/* Implementation functions that fail: the engines fail that call with
 * JCA_IMPL, wipe the output, and need a fresh init. */
static atomic_int fail_now;
static int f_init(void *c) { memset(c, 0, 8); return atomic_load(&fail_now) == 1 ? -1 : 0; }
static int f_update(void *c, const void *in, size_t n) { (void)c; (void)in; (void)n; return atomic_load(&fail_now) == 2 ? -1 : 0; }
static int f_final(void *c, void *out, size_t n) { (void)c; memset(out, 0x77, n); return atomic_load(&fail_now) == 3 ? -1 : 0; }
static int f_key(void *c, const uint8_t *k, size_t n) { (void)k; (void)n; memset(c, 0, 8); return 0; }
static int f_ecb(const void *c, uint8_t *out, const uint8_t *in, size_t nb)
{
	(void)c;
	memcpy(out, in, nb * 8);
	return atomic_load(&fail_now) == 4 ? -1 : 0;
}
static const jca_md_impl f_md = {
	.base = JCA_IMPL_BASE(jca_md_impl, "failing-md", 100, NULL, 8), .digest_size = 8, .block_size = 64,
	.init = f_init, .update = f_update, .final = f_final
};
static const size_t f_key_sizes[] = { 8, 0 };
static const jca_cipher_impl f_ciph = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "failing-cipher", 100, NULL, 8), .block_size = 8,
	.shape = JCA_CIPHER_BLOCK, .key_sizes = f_key_sizes, .set_key = f_key, .ecb_encrypt = f_ecb, .ecb_decrypt = f_ecb
};
static const jca_impl *const f_md_impls[] = { &f_md.base, NULL };
static const jca_impl *const f_ciph_impls[] = { &f_ciph.base, NULL };
static const jca_service_desc f_md_svc = {
	sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, "FAILING", NULL, NULL, f_md_impls, NULL, NULL
};
static const jca_service_desc f_ciph_svc = {
	sizeof(jca_service_desc), JCA_CIPHER, "FAILC", NULL, NULL, f_ciph_impls, NULL, NULL
};
static const jca_service_desc *const f_services[] = { &f_md_svc, &f_ciph_svc, NULL };
static const jca_provider_desc f_desc = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "failing", "0", "functions that fail", f_services, NULL
};

START_TEST(test_impl_failure)
{
	uint8_t out[32], key[8] = { 0 };
	md_ctx *md;
	mac_ctx *m;
	cipher_ctx *c;
	size_t n, i;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_int_eq(jca_provider_add(&f_desc, NULL), 0);
	atomic_store(&fail_now, 1);
	ck_assert_ptr_null(md_get_instance("FAILING"));
	ck_assert_int_eq(jca_last_error(), JCA_IMPL);
	atomic_store(&fail_now, 0);
	md = md_get_instance("FAILING");
	ck_assert_ptr_nonnull(md);
	atomic_store(&fail_now, 2);
	ck_assert_int_eq(md_update(md, "x", 1), JCA_IMPL);
	atomic_store(&fail_now, 0);
	ck_assert_int_eq(md_update(md, "x", 1), JCA_IMPL);     /* until reset */
	md_reset(md);
	ck_assert_int_eq(md_update(md, "x", 1), 0);
	atomic_store(&fail_now, 3);
	memset(out, 0, sizeof out);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), JCA_IMPL);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(out[i], 0);                      /* wiped */
	atomic_store(&fail_now, 0);
	md_free(md);
	m = mac_get_instance("HmacFAILING");
	ck_assert_ptr_nonnull(m);
	atomic_store(&fail_now, 2);
	ck_assert_int_eq(mac_init(m, "k", 1), JCA_IMPL);
	atomic_store(&fail_now, 0);
	ck_assert_int_eq(mac_update(m, "x", 1), JCA_NOTINIT);
	mac_free(m);
	c = cipher_get_instance("FAILC/ECB/NoPadding");
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 8, NULL, 0), 0);
	atomic_store(&fail_now, 4);
	memset(out, 0, sizeof out);
	ck_assert_int_eq(cipher_update(c, "abcdefgh01234567", 16, out, sizeof out, &n), JCA_IMPL);
	for (i = 0; i < 16; i++)
		ck_assert_int_eq(out[i], 0);
	atomic_store(&fail_now, 0);
	ck_assert_int_eq(cipher_update(c, "abcdefgh", 8, out, sizeof out, &n), JCA_NOTINIT);
	cipher_free(c);
}
END_TEST

/* The bridge preferred for SHA-256 beside the example plugin, in both
 * orders: the right digests from the right providers. */
#ifdef JCA_TEST_OPENSSL_BRIDGE
START_TEST(test_bridge_preferred)
{
	static const char sha256_abc[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
	int order;

	for (order = 0; order < 2; order++) {
		char text[16384], hex[129];
		uint8_t out[64];
		md_ctx *md;

		snprintf(text, sizeof text,
		         "security.provider.1 = builtin\nsecurity.provider.%d = example\nsecurity.provider.%d = openssl\n"
		         "jca.plugin.dir = %s/plugins/.libs\njca.provider.preferred = MessageDigest.SHA-256:openssl\n",
		         order ? 3 : 2, order ? 2 : 3, JCA_TOP_BUILDDIR);
		tu_config(text);
		md = md_get_instance("SHA-256");
		ck_assert_msg(md != NULL, "%s", jca_last_error_message());
		ck_assert_str_eq(md_provider(md), "openssl");
		md_update(md, "abc", 3);
		ck_assert_int_eq(tu_digest(md, out, sizeof out), 32);
		tu_hex(hex, out, 32);
		ck_assert_str_eq(hex, sha256_abc);
		md_free(md);
		md = md_get_instance("BLAKE2b-512");
		ck_assert_msg(md != NULL, "%s", jca_last_error_message());
		ck_assert_str_eq(md_provider(md), "example");
		md_free(md);
		check_all_loaded();
	}
}
END_TEST
#endif

int main(void)
{
	Suite *s = suite_create("Multi");
	TCase *tc = tcase_create("multi");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, NULL, tu_config_remove);
	tcase_add_test(tc, test_every_order_config);
	tcase_add_test(tc, test_every_order_api);
	tcase_add_test(tc, test_race_many);
	tcase_add_test(tc, test_remove_readd);
	tcase_add_test(tc, test_old_minor);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_impl_failure);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	tcase_add_test(tc, test_bridge_preferred);
#endif
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
